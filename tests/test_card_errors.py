"""Card files that fail clearly: each mistake is one `file:line: field: message` line, never a traceback, a hang
or a game that fails later (rules.md SET-02; DESIGN.md section 2: loading refuses what the engine would not run).

Bad bytes, duplicate keys, deep nesting and aliases are refused as the file is read; names of other cards that
no card has, or a card of the wrong type, when the library is loaded. The files are written into tmp_path.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacg.cards import reading
from pacg.cards.files import MOST_CARD_BYTES, card_file_paths
from pacg.cards.loader import CardFileError, CardProblem, load_library
from pacg.cards.model import MAX_NAME_LENGTH
from pacg.cards.reading import MAX_NESTING, load_card_file, read_card_folders
from pacg.cards.references import REFERENCES, reference_problems
from pacg.cli import app

RAT = """\
    name: Test Rat
    type: monster
    set: B
    traits: [Animal]
    provenance: standin
    check_to_defeat: Combat 8
"""


def write(folder: Path, filename: str, text: str) -> Path:
    path = folder / filename
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    """The printed problems of one file that must be rejected."""
    with pytest.raises(CardFileError) as caught:
        load_card_file(path)
    return [str(problem) for problem in caught.value.problems]


def library_problems(folder: Path, custom: Path | None = None) -> list[str]:
    with pytest.raises(CardFileError) as caught:
        load_library(folder, custom)
    return [str(problem) for problem in caught.value.problems]


# --- reading a file -------------------------------------------------------------------------------------------


def test_a_file_that_is_not_utf8_names_the_line_and_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "rat.yaml"
    text = textwrap.dedent(RAT).replace("Animal", "Anim\xe4l")
    path.write_bytes(text.encode("latin-1"))
    offset = text.encode("latin-1").index(b"\xe4")
    assert problems_of(path) == [f"{path}:4: not UTF-8 text: byte 0xe4 at offset {offset}; save the file as UTF-8"]


def test_a_control_character_is_reported_on_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", RAT.replace("Combat 8", "Combat\x07 8"))
    assert problems_of(path) == [f"{path}:6: not valid YAML: character U+0007 is not allowed here"]


def test_a_key_written_twice_is_refused_at_the_second(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", RAT + "    check_to_defeat: Combat 80\n")
    assert problems_of(path) == [f"{path}:7: check_to_defeat: written twice in one mapping (first on line 6)"]


def test_a_key_written_twice_inside_a_power_names_the_field(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", RAT + """\
    powers:
      - when: check
        optional: false
        effects:
          - add_dice: 1d4
        when: damage
    """)
    assert problems_of(path) == [f"{path}:12: powers[0].when: written twice in one mapping (first on line 8)"]


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 100_000])
def test_deep_nesting_is_refused_without_a_crash(tmp_path: Path, depth: int) -> None:
    # A hundred thousand brackets crash YAML's C parser (a segmentation fault) if it builds the tree.
    path = write(tmp_path, "rat.yaml", RAT + "    notes: " + "[" * depth + "]" * depth + "\n")
    assert problems_of(path) == [f"{path}:7: nested more than {MAX_NESTING} levels deep"]


def test_nesting_up_to_the_limit_reads(tmp_path: Path) -> None:
    depth = MAX_NESTING - 1  # the card's own mapping is the first level
    path = write(tmp_path, "rat.yaml", RAT + "    notes: " + "[" * depth + "]" * depth + "\n")
    assert problems_of(path) == [f"{path}:7: notes: Input should be a valid string"]


def test_aliases_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", RAT.replace("traits: [Animal]", "traits: &t [Animal]") + "    immunities: *t\n")
    assert problems_of(path) == [
        f"{path}:7: an alias (*t): card files don't use anchors and aliases; write the value out"]


@pytest.mark.parametrize("card_type", ["[monster]", "{a: 1}"])
def test_a_type_that_is_not_a_word_is_an_unknown_type(tmp_path: Path, card_type: str) -> None:
    path = write(tmp_path, "rat.yaml", RAT.replace("type: monster", f"type: {card_type}"))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:2: type: unknown card type ")


def test_a_folder_named_like_a_card_file_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "odd.yaml").mkdir()
    write(tmp_path, "rat.yaml", RAT)
    assert card_file_paths(tmp_path) == [tmp_path / "rat.yaml"]
    assert [card.name for card in load_library(tmp_path)] == ["Test Rat"]


def test_yml_files_are_card_files_too(tmp_path: Path) -> None:
    write(tmp_path, "monsters/rat.yml", RAT)
    write(tmp_path, "monsters/bat.yaml", RAT.replace("Test Rat", "Test Bat"))
    write(tmp_path, "monsters/notes.txt", "not a card")
    assert sorted(card.name for card in load_library(tmp_path)) == ["Test Bat", "Test Rat"]
    again = write(tmp_path, "monsters/rat.yaml", RAT)
    assert library_problems(tmp_path) == [f"{tmp_path / 'monsters/rat.yml'}:1: name: 'Test Rat' is also defined in "
                                          f"{again}"]


# --- references between cards -----------------------------------------------------------------------------

BOX = {
    "villain.yaml": """\
        name: Test Villain
        type: villain
        set: B
        provenance: standin
        check_to_defeat: Combat 12
        powers:
          - when: on encounter
            optional: false
            effects:
              - summon: servitor demon
    """,
    "henchman.yaml": """\
        name: Test Henchman
        type: henchman
        set: B
        provenance: standin
        check_to_defeat: Combat 9
        powers:
          - when: defeat
            optional: false
            effects:
              - roll_die: 6
                at_least: 4
                then:
                  - summon: Test Rat
          - when: undefeated
            optional: false
            effects:
              - build_location: Test Chapel
              - move: you
                to: Test Chapel
    """,
    "rat.yaml": RAT,
    "sword.yaml": """\
        name: Test Sword
        type: weapon
        set: B
        provenance: standin
        check_to_acquire: Strength 6
        traits: [Corrupted]
    """,
    "charm.yaml": """\
        name: Test Charm
        type: item
        set: B
        traits: [Owner, Magic]
        owner: Test Hero
        provenance: standin
        check_to_acquire: Wisdom 6
    """,
    "coin.yaml": """\
        name: Test Coin
        type: loot
        loot_type: item
        set: B
        provenance: standin
    """,
    "chapel.yaml": """\
        name: Test Chapel
        type: location
        set: B
        provenance: standin
        deck: {monster: 1}
        when_closing:
          - summon: Test Henchman
    """,
    "pony.yaml": """\
        name: Test Pony
        type: cohort
        set: B
        provenance: standin
    """,
    "hero.yaml": """\
        name: Test Hero
        type: character
        set: B
        provenance: standin
        skills:
          Strength: {die: d8}
        hand_size: {start: 5}
        favored: [weapon]
        cards_list:
          weapon: {start: 1}
          item: {start: 1}
        cohort: Test Pony
        suggested_deck:
          weapon: [Test Sword]
          item: [Test Coin]
    """,
    "outing.yaml": """\
        name: Test Outing
        type: scenario
        set: B
        provenance: standin
        villains: [Test Villain]
        henchmen: [Test Henchman]
        locations:
          1: [Test Chapel]
        cohorts: [Test Pony]
        reward:
          text: A coin.
          loot: [Test Coin]
    """,
    "trip.yaml": """\
        name: Test Trip
        type: adventure
        set: B
        provenance: standin
        scenarios: [Test Outing]
    """,
    "path.yaml": """\
        name: Test Path
        type: adventure path
        set: B
        provenance: standin
        adventures: [Test Trip]
    """,
    "redemption.yaml": """\
        name: Test Redemption
        type: redemption
        set: B
        provenance: standin
        redeemable: [Test Sword]
    """,
}


@pytest.fixture
def box(tmp_path: Path) -> Path:
    folder = tmp_path / "box"
    for filename, text in BOX.items():
        write(folder, filename, text)
    return folder


def test_a_box_whose_names_all_fit_loads(box: Path) -> None:
    assert len(load_library(box)) == len(BOX)


# (file, the text replaced, its replacement, the printed problem after the file's path)
BAD_NAMES = {
    "a misspelt villain": ("outing.yaml", "villains: [Test Villain]", "villains: [Test Vilain]",
                           ":5: villains[0]: no card named 'Test Vilain' (did you mean 'Test Villain'?)"),
    "a weapon as a villain": ("outing.yaml", "villains: [Test Villain]", "villains: [Test Sword]",
                              ":5: villains[0]: 'Test Sword' is a weapon, not a villain"),
    "a monster as a henchman": ("outing.yaml", "henchmen: [Test Henchman]", "henchmen: [Test Rat]",
                                ":6: henchmen[0]: 'Test Rat' is a monster, not a henchman"),
    "a missing location": ("outing.yaml", "1: [Test Chapel]", "1: [Test Chapel, Test Crypt]",
                           ":8: locations[1][1]: no card named 'Test Crypt' (did you mean 'Test Chapel'?)"),
    "a cohort that is an ally": ("outing.yaml", "cohorts: [Test Pony]", "cohorts: [Test Sword]",
                                 ":9: cohorts[0]: 'Test Sword' is a weapon, not a cohort"),
    "missing loot": ("outing.yaml", "loot: [Test Coin]", "loot: [Test Coins]",
                     ":12: reward.loot[0]: no card named 'Test Coins' (did you mean 'Test Coin'?)"),
    "loot that is not loot": ("outing.yaml", "loot: [Test Coin]", "loot: [Test Sword]",
                              ":12: reward.loot[0]: 'Test Sword' is a weapon, not a loot card"),
    "an owner who is no character": ("charm.yaml", "owner: Test Hero", "owner: Test Pony",
                                     ":5: owner: 'Test Pony' is a cohort, not a character"),
    "a character's cohort": ("hero.yaml", "cohort: Test Pony", "cohort: Test Rat",
                             ":12: cohort: 'Test Rat' is a monster, not a cohort"),
    "a suggested card of another type": ("hero.yaml", "weapon: [Test Sword]", "weapon: [Test Sword, Test Rat]",
                                         ":14: suggested_deck.weapon[1]: 'Test Rat' is a monster, not a weapon"),
    "a suggested card missing": ("hero.yaml", "weapon: [Test Sword]", "weapon: [Test Swords]",
                                 ":14: suggested_deck.weapon[0]: no card named 'Test Swords' (did you mean "
                                 "'Test Sword'?)"),
    "an adventure's scenario": ("trip.yaml", "[Test Outing]", "[Test Outings]",
                                ":5: scenarios[0]: no card named 'Test Outings' (did you mean 'Test Outing'?)"),
    "a path's adventure": ("path.yaml", "[Test Trip]", "[Test Outing]",
                           ":5: adventures[0]: 'Test Outing' is a scenario, not an adventure"),
    "a redeemable bane": ("redemption.yaml", "[Test Sword]", "[Test Rat]",
                          ":5: redeemable[0]: 'Test Rat' is a monster, not a weapon, an item or an armor"),
    "a summon deep in a power": ("henchman.yaml", "summon: Test Rat", "summon: Test Ratt",
                                 ":13: powers[0].effects[0].then[0].summon: no card named 'Test Ratt' (did you mean "
                                 "'Test Rat'?)"),
    "a character summoned": ("henchman.yaml", "summon: Test Rat", "summon: Test Hero",
                             ":13: powers[0].effects[0].then[0].summon: 'Test Hero' is a character, not a bane or "
                             "a boon"),
    "a location built": ("henchman.yaml", "build_location: Test Chapel", "build_location: Test Rat",
                         ":17: powers[1].effects[0].build_location: 'Test Rat' is a monster, not a location"),
    "a move to a missing location": ("henchman.yaml", "to: Test Chapel", "to: Test Chapels",
                                     ":19: powers[1].effects[1].to: no card named 'Test Chapels' (did you mean "
                                     "'Test Chapel'?)"),
    "a closing summon": ("chapel.yaml", "summon: Test Henchman", "summon: Test Henchmen",
                         ":7: when_closing[0].summon: no card named 'Test Henchmen' (did you mean 'Test Henchman'?)"),
    "a card shuffled into the blessings deck": (
        "outing.yaml", "cohorts: [Test Pony]", "cohorts: [Test Pony]\npowers:\n- when: setup\n  optional: false\n"
        "  effects:\n  - shuffle_into_blessings_deck: Test Vilain",
        ":14: powers[0].effects[0].shuffle_into_blessings_deck: no card named 'Test Vilain' (did you mean 'Test "
        "Villain'?)"),
    "another case": ("outing.yaml", "villains: [Test Villain]", "villains: [test villain]",
                     ":5: villains[0]: no card named 'test villain' (did you mean 'Test Villain'?)"),
}


@pytest.mark.parametrize("case", list(BAD_NAMES))
def test_a_name_of_no_card_of_the_right_type_is_reported_where_it_is_written(box: Path, case: str) -> None:
    filename, old, new, printed = BAD_NAMES[case]
    path = box / filename
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    assert library_problems(box) == [f"{path}{printed}"]


def test_every_referencing_field_is_tested() -> None:
    tested = {printed.split(": ")[1] for _, _, _, printed in BAD_NAMES.values()}
    fields = {reference.field for reference in REFERENCES}
    assert all(any(field in name for name in tested) for field in fields), fields


def test_a_name_of_a_card_whose_file_is_broken_is_not_reported_again(box: Path) -> None:
    broken = write(box, "sword.yaml", BOX["sword.yaml"].replace("Strength 6", "Strength 6\n        colour: red"))
    assert library_problems(box) == [f"{broken}:6: colour: unknown field"]


def test_a_scenarios_location_for_more_players_than_a_party_is_only_noted(box: Path) -> None:
    outing = box / "outing.yaml"
    outing.write_text(outing.read_text(encoding="utf-8").replace(
        "  1: [Test Chapel]\n", "  1: [Test Chapel]\n  5: [Test Citadel]\n"), encoding="utf-8")
    assert len(load_library(box)) == len(BOX)
    [note] = reference_problems(read_card_folders([box]))
    assert note == CardProblem(outing, 9, "locations[5][0]", "no card named 'Test Citadel' (did you mean 'Test "
                               "Chapel'?); until there is one, 5 characters can't play the scenario", note=True)
    assert str(note).startswith(f"{outing}:9: note: locations[5][0]: no card named 'Test Citadel'")


# --- loot (LOOT-01) -----------------------------------------------------------------------------------------

COIN = """\
    name: Test Coin
    type: loot
    loot_type: item
    set: B
    provenance: standin
"""

_ACTS_AS = "weapon, spell, armor, item, ally, blessing"

# (the text replaced, its replacement, the printed problem after the file's path)
BAD_LOOT = {
    "loot that lists no type": ("    loot_type: item\n", "",
                                f":1: loot_type: a loot card lists the type of boon it acts as (LOOT-01): {_ACTS_AS}"),
    "loot that acts as loot": ("loot_type: item", "loot_type: loot",
                               f":3: loot_type: a loot card acts as a boon of another type ({_ACTS_AS}), "
                               "not as 'loot'"),
    "loot that acts as a monster": ("loot_type: item", "loot_type: monster",
                                    f":3: loot_type: a loot card acts as a boon of another type ({_ACTS_AS}), "
                                    "not as 'monster'"),
    "loot with a check to acquire": ("provenance: standin", "provenance: standin\ncheck_to_acquire: Wisdom 6",
                                     ":6: check_to_acquire: loot is acquired automatically, with no check to acquire "
                                     "nor a cost (LOOT-01)"),
    "loot with a cost to acquire": ("provenance: standin",
                                    "provenance: standin\nacquire_costs: [{action: bury, card: {types: [armor]}}]",
                                    ":6: acquire_costs: loot is acquired automatically, with no check to acquire nor "
                                    "a cost (LOOT-01)"),
    "a weapon that lists a loot type": ("type: loot", "type: weapon\ncheck_to_acquire: Strength 6",
                                        ":4: loot_type: only a loot card lists the type it acts as, not a weapon"),
}


@pytest.mark.rule("LOOT-01")
@pytest.mark.parametrize("case", list(BAD_LOOT))
def test_loot_lists_the_type_it_acts_as_and_no_way_to_acquire_it(tmp_path: Path, case: str) -> None:
    """A loot card acts as the boon type it lists and is acquired automatically: a loot card without a type (it
    would be played as no boon type), or with a check to acquire it (one would be asked for), is refused, as is a
    listed type on another card (it would count as that type)."""
    old, new, printed = BAD_LOOT[case]
    assert old in COIN
    path = write(tmp_path, "coin.yaml", COIN.replace(old, new.replace("\n", "\n    ")))
    assert problems_of(path) == [f"{path}{printed}"]


@pytest.mark.rule("LOOT-01")
def test_loot_counts_as_the_type_it_lists_in_a_cards_list(box: Path) -> None:
    """A suggested deck's loot is one of the cards of its listed type: the loot item Test Coin stands among the
    Test Hero's items (the box loads, `test_a_box_whose_names_all_fit_loads`), not among his weapons."""
    hero = box / "hero.yaml"
    text = hero.read_text(encoding="utf-8")
    hero.write_text(text.replace("weapon: [Test Sword]", "weapon: [Test Sword, Test Coin]"), encoding="utf-8")
    assert library_problems(box) == [f"{hero}:14: suggested_deck.weapon[1]: 'Test Coin' is a loot card that counts "
                                     "as an item, not a weapon"]


# --- the Owner trait (OWN-01) -------------------------------------------------------------------------------

# (the text replaced, its replacement, the printed problem after the file's path)
BAD_OWNERS = {
    "the Owner trait without an owner": ("        owner: Test Hero\n", "",
                                         ":1: owner: a card with the Owner trait names its owner, the character who "
                                         "treats it as Basic (OWN-01)"),
    "an owner without the Owner trait": ("traits: [Owner, Magic]", "traits: [Magic]",
                                         ":5: owner: only a card with the Owner trait has an owner: add the trait "
                                         "(OWN-01)"),
}


@pytest.mark.rule("OWN-01")
@pytest.mark.parametrize("case", list(BAD_OWNERS))
def test_the_owner_trait_comes_with_the_name_of_its_owner(tmp_path: Path, case: str) -> None:
    """The Owner trait is followed by a character's name: a card with the trait and no owner (nobody would treat
    it as Basic), or an owner without the trait, is refused."""
    old, new, printed = BAD_OWNERS[case]
    assert old in BOX["charm.yaml"]
    path = write(tmp_path, "charm.yaml", BOX["charm.yaml"].replace(old, new))
    assert problems_of(path) == [f"{path}{printed}"]


# --- support cards (SUP-01) ---------------------------------------------------------------------------------

# (the file, the text replaced, its replacement, the printed problem after the file's path)
SUPPORT_ENCOUNTERED = {
    "a cohort summoned by name": ("henchman.yaml", "summon: Test Rat", "summon: Test Pony",
                                  ":13: powers[0].effects[0].then[0].summon: 'Test Pony' is a cohort, not a bane or "
                                  "a boon"),
    "a random cohort summoned": ("henchman.yaml", "summon: Test Rat", "summon: {types: [monster, cohort]}",
                                 ":13: powers[0].effects[0].then[0].summon: only a bane or a boon is encountered, and "
                                 "a cohort is neither (SUP-01)"),
    "a random mythic path shuffled into a location deck": (
        "henchman.yaml", "summon: Test Rat", "add_to_location: {types: [mythic path]}",
        ":13: powers[0].effects[0].then[0].add_to_location: only a bane or a boon is encountered, and a mythic path "
        "is neither (SUP-01)"),
    "a random redemption card summoned to close": (
        "chapel.yaml", "summon: Test Henchman", "summon: {types: [redemption]}",
        ":7: when_closing[0].summon: only a bane or a boon is encountered, and a redemption is neither (SUP-01)"),
}


@pytest.mark.rule("SUP-01")
@pytest.mark.parametrize("case", list(SUPPORT_ENCOUNTERED))
def test_no_power_summons_a_support_card_or_shuffles_one_into_a_location_deck(box: Path, case: str) -> None:
    """Support cards are neither banes nor boons, so none is ever encountered: a power that would summon one, or
    shuffle one into a location deck (where it would be encountered as a bane, undefeated), is refused where it
    is written."""
    filename, old, new, printed = SUPPORT_ENCOUNTERED[case]
    path = box / filename
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    assert library_problems(box) == [f"{path}{printed}"]


@pytest.mark.rule("SET-03")
def test_a_random_card_to_encounter_names_its_types(box: Path) -> None:
    """The box holds cards by type: a summon of a random card of no type would find none, and is refused."""
    path = box / "henchman.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("summon: Test Rat", "summon: {traits: [Animal]}"),
                    encoding="utf-8")
    assert library_problems(box) == [f"{path}:13: powers[0].effects[0].then[0].summon: name the types of the card "
                                     "from the box to encounter (the box holds cards by type, SET-03)"]


@pytest.mark.rule("SET-03")
@pytest.mark.parametrize("effect", ["draw_random", "choose_from_box", "acquire_from_box", "exchange_from_box"])
def test_a_card_taken_from_the_box_names_its_types(box: Path, effect: str) -> None:
    """The box holds cards by type: a power that draws, chooses, acquires or exchanges for a card from the box of
    no type would find none, and is refused where it is written (not left to do nothing in play)."""
    path = box / "henchman.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("summon: Test Rat", f"{effect}: {{traits: [Animal]}}"),
                    encoding="utf-8")
    assert library_problems(box) == [f"{path}:13: powers[0].effects[0].then[0].{effect}: name the types of the card "
                                     "from the box (the box holds cards by type, SET-03)"]


# --- custom cards added to the box ---------------------------------------------------------------------------


def test_custom_cards_are_added_and_replace_the_cards_of_the_same_name(box: Path, tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    stronger = write(custom, "rat.yaml", RAT.replace("Combat 8", "Combat 10"))
    write(custom, "bat.yaml", RAT.replace("Test Rat", "Test Bat"))
    library = load_library(box, custom)
    assert len(library) == len(BOX) + 1
    assert str(library.get("Test Rat").check_to_defeat) == "Combat 10"  # type: ignore[union-attr]
    found = read_card_folders([box, custom])
    assert found.errors == []
    assert [str(problem) for problem in found.problems] == [
        f"{stronger}:1: note: name: replaces the card of {box / 'rat.yaml'}"]


def test_custom_cards_may_name_the_boxs_cards_and_be_named(box: Path, tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    write(custom, "outing.yaml", BOX["outing.yaml"].replace("villains: [Test Villain]", "villains: [Big Bad]"))
    write(custom, "big-bad.yaml", BOX["villain.yaml"].replace("Test Villain", "Big Bad"))
    assert load_library(box, custom).get("Test Outing").villains == ("Big Bad",)  # type: ignore[union-attr]


def test_custom_cards_with_problems_are_reported(box: Path, tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    bad = write(custom, "outing.yaml", BOX["outing.yaml"].replace("villains: [Test Villain]", "villains: [Big Bad]"))
    assert library_problems(box, custom) == [f"{bad}:5: villains[0]: no card named 'Big Bad'"]


# --- the check grammar (CHK-02) -----------------------------------------------------------------------------


@pytest.mark.rule("CHK-02")
@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("Dexterity or or Ranged 5", "no skill between 'or' and 'or' in check 'Dexterity or or Ranged 5'"),
        ("or Dexterity 5", "'or' has no skill before it in check 'or Dexterity 5'"),
        ("Dexterity 5 or", "'or' has no skill after it in check 'Dexterity 5 or'"),
        ("Dexterity or 5", "'or' has no skill after it in check 'Dexterity or 5'"),
        ("Combat 8 or then Combat 9", "'or' has no skill after it in check 'Combat 8 or then Combat 9'"),
        ("Strength Melee 9", "write 'or' between 'Strength' and 'Melee' in check 'Strength Melee 9'"),
        ("Combat 8 Dexterity 6", "write 'or' between '8' and 'Dexterity' in check 'Combat 8 Dexterity 6'"),
        ("Combat 0", "difficulty 0 is not between 1 and 99 in check 'Combat 0'"),
        ("Combat 1000000000000", "difficulty 1000000000000 is not between 1 and 99"),
    ],
)
def test_a_check_off_the_grammar_is_refused_on_its_line(tmp_path: Path, check: str, message: str) -> None:
    path = write(tmp_path, "rat.yaml", RAT.replace("Combat 8", check))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:6: check_to_defeat: {message}")


@pytest.mark.rule("CHK-02")
def test_the_grammar_still_reads_every_way_of_writing_or() -> None:
    from pacg.cards.checks import parse_check

    assert str(parse_check("combat 8, dexterity / stealth or perception 6")) == (
        "Combat 8 or Dexterity or Stealth or Perception 6")


def test_a_cost_paid_with_the_face_down_top_card_asks_for_no_kind_of_card(tmp_path: Path) -> None:
    """Such a power would be offered only when the top card fits, telling the player what it is (DESIGN.md 5)."""
    path = write(tmp_path, "hero.yaml", HERO.replace(
        "cost: {action: discard}", "cost: {action: discard, source: top of deck, card: {types: [weapon]}}"))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:13: powers[0].cost: ") and "face down" in problem


# --- numbers within bounds ----------------------------------------------------------------------------------

HERO = """\
    name: Test Hero
    type: character
    set: B
    provenance: standin
    skills:
      Strength: {die: d8, derived: {Melee: 3}}
    hand_size: {start: 5}
    favored: [weapon]
    cards_list:
      weapon: {start: 1}
    powers:
      - when: check
        cost: {action: discard}
        effects:
          - add_dice: 1d6
"""

CHAPEL = """\
    name: Test Chapel
    type: location
    set: B
    provenance: standin
    deck: {monster: 1}
    when_closing:
      - automatic: true
"""

OUTING = """\
    name: Test Outing
    type: scenario
    set: B
    provenance: standin
    henchmen: [Test Rat]
    locations:
      1: [Test Chapel]
"""

# (the card, the text replaced, its replacement, the printed problem after the file's path)
BAD_NUMBERS = {
    "a trillion copies": (RAT, "provenance: standin", "provenance: standin\ncopies: 1000000000000",
                          ":6: copies: Input should be less than or equal to 60"),
    "a hand of 0": (HERO, "hand_size: {start: 5}", "hand_size: {start: 0}",
                    ":7: hand_size.start: Input should be greater than or equal to 1"),
    "a hand of 100": (HERO, "hand_size: {start: 5}", "hand_size: {start: 100}",
                      ":7: hand_size.start: Input should be less than or equal to 15"),
    "a hundred feats": (HERO, "{die: d8, ", "{die: d8, feats: 100, ",
                        ":6: skills.Strength.feats: Input should be less than or equal to 10"),
    "a d7": (HERO, "{die: d8, ", "{die: d7, ", ":6: skills.Strength.die: d7 is not a die of the game (d4, d6, "
                                                "d8, d10, d12, d20)"),
    "a d0": (HERO, "{die: d8, ", "{die: d0, ", ":6: skills.Strength.die: d0 is not a die of the game"),
    "a huge die": (HERO, "{die: d8, ", "{die: d100000000, ", ":6: skills.Strength.die: a die is written like d8"),
    "a huge skill modifier": (HERO, "Melee: 3", "Melee: 300",
                              ":6: skills.Strength.derived.Melee: Input should be less than or equal to 10"),
    "a deck list of a million": (CHAPEL, "monster: 1", "monster: 1000000",
                                 ":5: deck.monster: Input should be less than or equal to 20"),
    "a Cards List of a million": (HERO, "weapon: {start: 1}", "weapon: {start: 1000000}",
                                  ":10: cards_list.weapon.start: Input should be less than or equal to 20"),
    "locations for 7 players": (OUTING, "1: [Test Chapel]", "7: [Test Chapel]",
                                ":7: locations[7]: Input should be less than or equal to 6"),
    "a thousand dice": (HERO, "add_dice: 1d6", "add_dice: 1000d6",
                        ":15: powers[0].effects[0].add_dice: 1000d6: a card adds 1 to 20 dice of a kind"),
    "no dice": (HERO, "add_dice: 1d6", "add_dice: 0d6",
                ":15: powers[0].effects[0].add_dice: 0d6: a card adds 1 to 20 dice of a kind"),
    "a d3 added": (HERO, "add_dice: 1d6", "add_dice: 1d4 + 1d3",
                   ":15: powers[0].effects[0].add_dice: d3 is not a die of the game"),
    "a thousand dice after a roll": (HERO, "add_dice: 1d6",
                                     "roll_die: 6\n        at_least: 4\n        then:\n        - add_dice: 1000d6",
                                     ":18: powers[0].effects[0].then[0].add_dice: 1000d6: a card adds 1 to 20 dice of "
                                     "a kind"),
    "a huge bonus": (HERO, "add_dice: 1d6", "add_dice: 1d6 + 1000",
                     ":15: powers[0].effects[0].add_dice: '1d6 + 1000': the numbers of an amount are at most 100"),
    "a huge amount": (HERO, "add_dice: 1d6", "adjust_difficulty: 1000000",
                      ":15: powers[0].effects[0].adjust_difficulty: 1000000: the numbers of an amount are at most "
                      "100"),
    "a huge factor": (HERO, "add_dice: 1d6", "draw: 1000*AD",
                      ":15: powers[0].effects[0].draw: '1000*AD': the numbers of an amount are at most 100"),
    "a die of 7 rolled": (HERO, "add_dice: 1d6", "roll_die: 7\n        at_least: 4\n        then: [{draw: 1}]",
                          ":15: powers[0].effects[0].roll_die: Input should be 4, 6, 8, 10, 12 or 20"),
    "a blessing die of 2": (HERO, "add_dice: 1d6", "blessing_die: 2",
                            ":15: powers[0].effects[0].blessing_die: Input should be 4, 6, 8, 10, 12 or 20"),
}


@pytest.mark.parametrize("case", list(BAD_NUMBERS))
def test_a_number_out_of_bounds_is_refused_on_its_line(tmp_path: Path, case: str) -> None:
    card, old, new, printed = BAD_NUMBERS[case]
    assert old in card
    path = write(tmp_path, "card.yaml", card.replace(old, new.replace("\n", "\n    ")))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}{printed}"), problem


@pytest.mark.parametrize("card", [HERO, CHAPEL, RAT])
def test_the_cards_the_bounds_are_tested_on_load(tmp_path: Path, card: str) -> None:
    load_card_file(write(tmp_path, "card.yaml", card))


# (the card, the text replaced, its replacement, the start of the printed problem after the file's path)
NUMBERS_AS_FLAGS = {
    "copies": (RAT, "provenance: standin", "provenance: standin\ncopies: true",
               ":6: copies: Input should be a valid integer, not true"),
    "copies: yes": (RAT, "provenance: standin", "provenance: standin\ncopies: yes",
                    ":6: copies: Input should be a valid integer, not true"),
    "hand size": (HERO, "hand_size: {start: 5}", "hand_size: {start: true}",
                  ":7: hand_size.start: Input should be a valid integer"),
    "skill feats": (HERO, "{die: d8, ", "{die: d8, feats: true, ", ":6: skills.Strength.feats: Input should be a "
                                                                   "valid integer"),
    "skill modifier": (HERO, "Melee: 3", "Melee: true", ":6: skills.Strength.derived.Melee: Input should be a valid "
                                                        "integer"),
    "Cards List": (HERO, "weapon: {start: 1}", "weapon: {start: true}",
                   ":10: cards_list.weapon.start: Input should be a valid integer"),
    "Cards List feats": (HERO, "weapon: {start: 1}", "weapon: {start: 1, feats: false}",
                         ":10: cards_list.weapon.feats: Input should be a valid integer, not false"),
    "deck list": (CHAPEL, "monster: 1", "monster: true", ":5: deck.monster: Input should be a valid integer"),
    "closing damage": (CHAPEL, "automatic: true", "damage: true",
                       ":7: when_closing[0].damage: Input should be a valid integer"),
    "players": (OUTING, "1: [Test Chapel]", "true: [Test Chapel]", ":7: locations"),
    "a power's dice": (HERO, "add_dice: 1d6", "add_skill_dice: true",
                       ":15: powers[0].effects[0].add_skill_dice: Input should be a valid integer, not true"),
    "a die's face": (HERO, "add_dice: 1d6", "roll_die: 6\n        at_least: yes\n        then: [{draw: 1}]",
                     ":16: powers[0].effects[0].at_least: Input should be a valid integer, not true"),
}


@pytest.mark.parametrize("case", list(NUMBERS_AS_FLAGS))
def test_a_number_written_as_true_or_false_is_refused_not_read_as_1_or_0(tmp_path: Path, case: str) -> None:
    """Every number of a card file (`powers.Number`) is strict: YAML's true, false, yes and no are no numbers."""
    card, old, new, printed = NUMBERS_AS_FLAGS[case]
    assert old in card
    path = write(tmp_path, "card.yaml", card.replace(old, new.replace("\n", "\n    ")))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}{printed}"), problem
    assert "Input should be a valid integer" in problem


# --- the size of a file, and names ---------------------------------------------------------------------------


def test_an_oversized_card_file_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A list of a million items took minutes and gigabytes to reach its one error: a file bigger than any card
    is refused at once, by its size, naming the file and the limit."""
    path = write(tmp_path, "rat.yaml", RAT + "    immunities:\n" + "    - Fire\n" * (MOST_CARD_BYTES // 7))
    size = path.stat().st_size
    assert size > MOST_CARD_BYTES

    def never(path: Path) -> str:
        raise AssertionError("an oversized file is read")

    monkeypatch.setattr(reading, "_read_text", never)
    assert problems_of(path) == [
        f"{path}:1: not a card file: {size:,} bytes is far too big (at most {MOST_CARD_BYTES:,})"]


def test_the_card_cache_reads_no_oversized_card_file_to_know_whether_it_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache's key holds each card file's contents, but of a file too big to be one only its size and time:
    `pacg play --cards DIR` with a file of gigabytes there reads none of it before refusing it."""
    from pacg.cards import cache

    big = tmp_path / "huge.yaml"
    with open(big, "wb") as file:
        file.truncate(4 * MOST_CARD_BYTES)  # a sparse file: no bytes written, none to read but zeros
    small = write(tmp_path, "rat.yaml", RAT)
    opened: list[str] = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda path, *args, **kwargs: (opened.append(str(path)),
                                                                         real_open(path, *args, **kwargs))[1])
    assert cache.Key((tmp_path,)).digest
    assert str(small) in opened and str(big) not in opened
    monkeypatch.undo()
    assert [problem.split(": ", 1)[1] for problem in problems_of(big)] == [
        f"not a card file: {4 * MOST_CARD_BYTES:,} bytes is far too big (at most {MOST_CARD_BYTES:,})"]


def test_a_card_file_up_to_the_size_limit_reads(tmp_path: Path) -> None:
    notes = "x" * (MOST_CARD_BYTES - len(textwrap.dedent(RAT)) - len("notes: \n"))
    path = write(tmp_path, "rat.yaml", RAT + f"    notes: {notes}\n")
    assert path.stat().st_size == MOST_CARD_BYTES
    assert load_card_file(path).notes == notes


UNPLAIN_NAMES = {
    "a newline": ('"Test\\nRat"', "a name is one line of text, without line breaks or control characters: not U+000A"),
    "a block of lines": ("|\n      Test Rat", "a name is one line of text, without line breaks or control characters: "
                                               "not U+000A"),
    "a line separator": ('"Test\\u2028Rat"', "a name is one line of text, without line breaks or control characters: "
                                             "not U+2028"),
    "a control character": ('"Test\\x07Rat"', "a name is one line of text, without line breaks or control "
                                              "characters: not U+0007"),
    "a zero-width space": ('"Test\\u200bRat"', "a name is one line of text, without line breaks or control "
                                               "characters: not U+200B"),
    "terminal markup": ('"[bold]Test Rat[/bold]"', "a name is plain text, without markup such as [bold] or <b>: not "
                                                   "'['"),
    "web markup": ("<b>Test Rat</b>", "a name is plain text, without markup such as [bold] or <b>: not '<'"),
    "a million characters": ("R" * 1_000_000, f"a name has 1 to {MAX_NAME_LENGTH} characters, not 1,000,000"),
    "one character too many": ("R" * (MAX_NAME_LENGTH + 1), f"a name has 1 to {MAX_NAME_LENGTH} characters, not "
                                                            f"{MAX_NAME_LENGTH + 1}"),
    "a space at the end": ("'Test Rat '", "a name doesn't start or end with a space"),
}


@pytest.mark.parametrize("case", list(UNPLAIN_NAMES))
def test_a_name_that_is_not_one_line_of_plain_text_is_refused_on_its_line(tmp_path: Path, case: str) -> None:
    written, message = UNPLAIN_NAMES[case]
    path = write(tmp_path, "rat.yaml", RAT.replace("name: Test Rat", f"name: {written}"))
    assert problems_of(path) == [f"{path}:1: name: {message}"]


def test_a_name_of_the_longest_length_reads(tmp_path: Path) -> None:
    name = "Rat " * (MAX_NAME_LENGTH // 4 - 1) + "Rat!"
    assert len(name) == MAX_NAME_LENGTH
    assert load_card_file(write(tmp_path, "rat.yaml", RAT.replace("Test Rat", name))).name == name


@pytest.mark.parametrize(("card", "old", "new", "printed"), [
    (HERO, "favored: [weapon]", 'favored: [weapon]\nroles:\n- name: "Test\\nRole"\n  hand_size: {start: 5}',
     ":10: roles[0].name: a name is one line of text"),
    (OUTING, "henchmen: [Test Rat]", 'henchmen: ["Test [bold]Rat"]', ":5: henchmen[0]: a name is plain text"),
    (OUTING, "1: [Test Chapel]", f"1: [{'C' * 100_000}]", f":7: locations[1][0]: a name has 1 to {MAX_NAME_LENGTH} "
                                                          "characters, not 100,000"),
], ids=["a role", "a card named", "a card named at length"])
def test_the_names_a_card_gives_other_cards_and_its_roles_are_plain_names_too(tmp_path: Path, card: str, old: str,
                                                                               new: str, printed: str) -> None:
    path = write(tmp_path, "card.yaml", card.replace(old, new.replace("\n", "\n    ")))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}{printed}"), problem


def test_custom_cards_are_held_to_the_same_size_and_names(box: Path, tmp_path: Path) -> None:
    """`--cards DIR`: an oversized custom card and a bad name are reported as the box's would be, one line each,
    by `pacg play` and `pacg cards list`, exit 1, never a traceback."""
    custom = tmp_path / "custom"
    big = write(custom, "big.yaml", RAT.replace("Test Rat", "Big Rat") + "    notes: " + "x" * MOST_CARD_BYTES + "\n")
    marked = write(custom, "marked.yaml", RAT.replace("Test Rat", "<i>Rat</i>"))
    expected = [f"{big}:1: not a card file: {big.stat().st_size:,} bytes is far too big (at most {MOST_CARD_BYTES:,})",
                f"{marked}:1: name: a name is plain text, without markup such as [bold] or <b>: not '<'"]
    assert library_problems(box, custom) == expected
    for command in (["play", "--agent", "random", "--seed", "1"], ["cards", "list"]):
        done = CliRunner().invoke(app, [*command, "--cards", str(custom)])
        assert isinstance(done.exception, SystemExit), done.exception  # not a traceback
        assert done.exit_code == 1
        assert done.stderr.splitlines()[:2] == expected, done.stderr
