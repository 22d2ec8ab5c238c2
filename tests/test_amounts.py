"""Values that vary (DESIGN.md section 2): amounts that name the game's values or roll dice, as written, as a
card says them, as refused when wrong, and as the engine works them out on real game states."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from pacg.cards.amounts import Amount, AmountError
from pacg.cards.checks import CheckSyntaxError, parse_check
from pacg.cards.model import AnyCard
from pacg.cards.powers import Power, Purpose, Timing
from pacg.cards.text import card_text
from pacg.engine.check import attempt_checks
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.window import resolve
from pacg.engine.zones import ZoneKind
from table import Table, card, kind_of
from test_card_errors import HERO, problems_of, write

# --- written and said ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("AD + location deck", "the adventure deck number plus the number of cards in your location deck"),
        ("5 + 2*encountered AD", "5 plus twice the adventure deck number of the card encountered"),
        ("charges", "the number of your mythic charges"),
        ("margin", "the amount by which the check succeeded or failed"),
        ("hand - 1", "the number of cards in your hand minus 1"),
        ("deck + discard pile + buried", "the number of cards in your deck plus the number of cards in your "
                                         "discard pile plus the number of your buried cards"),
        ("1d4+1", "1d4+1"),
        ("1d4 + encountered AD", "1d4 plus the adventure deck number of the card encountered"),
        ("-AD", "minus the adventure deck number"),
    ],
)
def test_an_amount_says_each_value_in_words(written: str, words: str) -> None:
    amount = Amount.parse(written)
    assert amount.text() == words
    assert Amount.parse(str(amount)) == amount, "written back as a card file writes it"


@pytest.mark.parametrize(
    ("written", "count"),
    [(1, "a card"), (3, "3 cards"), ("1d4+1", "a number of cards equal to 1d4+1"),
     ("AD", "a number of cards equal to the adventure deck number")],
)
def test_a_count_says_how_many(written: int | str, count: str) -> None:
    assert Amount.parse(written).count_text("card", "cards") == count


def test_the_same_value_or_die_twice_is_added_up() -> None:
    assert Amount.parse("AD + 1d4 + AD + 1d4") == Amount(0, ((2, "AD"),), ((2, 4),))


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("AD + decks", "unknown value 'decks' in 'AD + decks'; did you mean 'deck'?"),
        ("1 +", "has a '+' with nothing after it"),
        ("AD*2", "is not a number, dice (1d4) or NUMBER*VALUE (2*AD)"),
        ("-1d4", "dice can't be subtracted"),
        ("1d4 + 200*hand", "the numbers of an amount are at most 100"),
        ("", "an empty amount"),
    ],
)
def test_an_amount_written_wrong_says_what_is_wrong(written: str, message: str) -> None:
    with pytest.raises(AmountError, match=re.escape(message)):
        Amount.parse(written)


# --- refused when loading, on the field's line --------------------------------------------------------------


@pytest.mark.parametrize(
    ("effect", "printed"),
    [
        ("draw: AD + decks",
         ":15: powers[0].effects[0].draw: unknown value 'decks' in 'AD + decks'; did you mean 'deck'?"),
        ("add_modifier: 1d4 + 1",
         ":15: powers[0].effects[0].add_modifier: '1d4 + 1': no dice here (a check's dice are added with add_dice"),
        ("draw: margin", ":15: powers[0].effects[0]: draw: 'margin' is not known at 'check' (only at: after acting, "
                         "defeat, undefeated or in after_check)"),
    ],
)
def test_a_card_file_with_a_wrong_amount_is_refused_on_its_line(tmp_path: Path, effect: str, printed: str) -> None:
    path = write(tmp_path, "hero.yaml", HERO.replace("add_dice: 1d6", effect))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}{printed}"), problem


def test_the_margin_is_known_after_the_check(tmp_path: Path) -> None:
    from pacg.cards.reading import load_card_file

    after = "after_check: [{draw: margin}]\n            only_if: success"
    load_card_file(write(tmp_path, "hero.yaml", HERO.replace("add_dice: 1d6", after)))


# --- in a check's difficulty ---------------------------------------------------------------------------------


@pytest.mark.rule("CHK-02")
@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("Intelligence or Knowledge 5 + 2*encountered AD",
         "Intelligence or Knowledge 5 plus twice the adventure deck number of the card encountered"),
        ("Combat 10 + AD or Dexterity 8", "Combat 10 plus the adventure deck number or Dexterity 8"),
        ("Wisdom 10 then Combat 15 - local", "Wisdom 10 then Combat 15 minus the number of characters at your "
                                             "location"),
        ("Combat random monster or Dexterity 6",
         "Combat the highest difficulty to defeat a random monster from the box or Dexterity 6"),
    ],
)
def test_a_difficulty_may_vary(written: str, words: str) -> None:
    check = parse_check(written)
    assert check.text() == words and check.varies
    assert parse_check(str(check)) == check


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("Combat 8 + 1d4", "a difficulty is known before the check is rolled"),
        ("Combat 8 + margin", "a difficulty is known before the check is rolled"),
        ("Combat 8 + ADD", "unknown value 'ADD' in '+ ADD'; did you mean 'AD'?"),
        ("Strength 8 + 2", "'+ 2' adds a number to the difficulty"),
        ("Strength random monsters", "unknown skill 'random'"),  # a difficulty of values alone, misspelt
        ("Strength Wizardry 6", "unknown skill 'Wizardry'"),
    ],
)
def test_a_difficulty_that_cant_vary_so_is_refused(written: str, message: str) -> None:
    with pytest.raises(CheckSyntaxError, match=re.escape(message)):
        parse_check(written)


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("adventure", "success"), [(0, True), (2, False)])
def test_a_varying_difficulty_is_worked_out_when_the_check_is_attempted(adventure: int, success: bool) -> None:
    table = Table(adventure_deck_number=adventure)
    kyra = table.character("Kyra", at="Armory")
    table.dice(6)
    [result] = table.run(attempt_checks(table.game, kyra, "Wisdom 5 + AD", Purpose.OTHER))
    assert (result.difficulty, result.success) == (5 + adventure, success)


# --- worked out on the table --------------------------------------------------------------------------------

FOCUS = card("""
name: Mythic Focus
type: item
set: B
provenance: standin
notes: A test card that adds your mythic charges to your check.
check_to_acquire: Wisdom 4
powers:
  - when: check
    action: reveal
    whose: local
    effects: [{add_modifier: charges}]
""")

NOTES = card("""
name: Battle Notes
type: item
set: B
provenance: standin
notes: A test card that adds the number of cards in your hand to a local character's check.
check_to_acquire: Wisdom 4
powers:
  - when: check
    action: reveal
    whose: local
    effects: [{add_modifier: hand}]
""")

CHEERING_RAT = card("""
name: Cheering Rat
type: monster
set: B
provenance: standin
notes: A test card that rewards a wide margin.
check_to_defeat: Wisdom 5
powers:
  - {when: defeat, optional: false, effects: [{draw: margin}]}
""")


@pytest.mark.rule("MYTH-01")
@pytest.mark.parametrize(("charges", "success"), [(2, True), (1, False)])
def test_mythic_charges_add_to_the_check_she_has_two_so_she_adds_two(charges: int, success: bool) -> None:
    table = Table(extra_cards=[FOCUS])
    kyra = table.character("Kyra", at="Armory", hand=["Mythic Focus"])
    kyra.mythic_charges = charges
    table.dice(6)
    [result] = table.run(attempt_checks(table.game, kyra, "Strength 8", Purpose.OTHER), "Reveal Mythic Focus")
    assert result.total == 6 + charges and result.success is success


def test_your_hand_is_the_hand_of_the_character_who_plays_the_card() -> None:
    table = Table(extra_cards=[NOTES])
    harsk = table.character("Harsk", at="Armory", hand=["Longsword"])
    table.character("Kyra", at="Armory", hand=["Battle Notes", "Cure", "Codex", "Frog"])
    table.dice(1)
    [result] = table.run(attempt_checks(table.game, harsk, "Wisdom 20", Purpose.OTHER), "Wisdom",
                         "Reveal Battle Notes")
    assert result.total == 1 + 4, "Kyra's four cards, not Harsk's one"


@pytest.mark.rule("DICE-02")
def test_dice_for_a_count_are_rolled_for_each_character() -> None:
    """Under the Broken City's setup: each character rolls 1d4+1 and buries that many cards from the top of
    their deck."""
    table = Table()
    deck = ["Cure", "Codex", "Frog", "Recruit", "Helm", "Longsword", "Mace"]
    kyra = table.character("Kyra", at="Armory", deck=deck)
    harsk = table.character("Harsk", at="Armory", deck=deck)
    bury = TypeAdapter(Power).validate_python({"when": "setup", "optional": False, "effects": [
        {"for_each": "each character", "do": [{"move_cards": "bury", "source": "top of deck", "count": "1d4+1"}]}]})
    assert "a number of cards equal to 1d4+1 from the top of your deck" in bury.effects_text
    table.dice(2, 4)
    table.run(resolve(Step(game=table.game, checker=kyra, timing=Timing.SETUP), list(bury.effects), kyra))
    assert len(table.cards(kyra, ZoneKind.BURIED)) == 3 and len(table.cards(harsk, ZoneKind.BURIED)) == 5
    assert sorted(table.cards(kyra, ZoneKind.BURIED)) == sorted(deck[:3]), "from the top"
    assert "Harsk rolls 1d4 + 1: 5" in table.game.log


@pytest.mark.rule("CHK-14")
@pytest.mark.parametrize(("roll", "drawn"), [(6, 1), (12, 7)])
def test_the_margin_of_the_check_counts_after_it(roll: int, drawn: int) -> None:
    table = Table(extra_cards=[CHEERING_RAT])
    table.location("Armory", ["Cheering Rat"])
    kyra = table.character("Kyra", at="Armory", deck=["Cure", "Codex", "Frog", "Recruit", "Helm", "Longsword",
                                                      "Mace"])
    rat = table.game.zones.cards(table.game.locations["Armory"].deck)[0]
    table.dice(roll)
    assert table.run(encounter(table.game, kyra, rat), "Wisdom") == "defeated"
    assert len(table.cards(kyra, ZoneKind.HAND)) == drawn, f"defeated by {roll} - 5"


def test_the_format_doc_names_every_value() -> None:
    from pacg.cards.amounts import VALUES

    doc = (Path(__file__).resolve().parent.parent / "docs" / "card-format.md").read_text(encoding="utf-8")
    assert not [name for name in VALUES if f"`{name}`" not in doc]


# --- the cards that use them --------------------------------------------------------------------------------

HAND = ["Codex", "Frog", "Recruit", "Longsword", "Mace", "Javelin"]  # nothing to play on damage


@pytest.mark.rule("DMG-02")
@pytest.mark.parametrize(("left", "damage"), [(1, 2), (3, 4)])
def test_ulkreths_damage_grows_with_the_cards_left_in_the_location_deck(left: int, damage: int) -> None:
    """If you fail, every local character is dealt Combat damage equal to the adventure deck number plus the
    number of cards left in the location deck, Kyra too, instead of the failed check's damage."""
    table = Table(adventure_deck_number=1)
    table.location("Armory", ["Ulkreth", *["Cure", "Helm", "Dire Rat"][:left]])
    kyra = table.character("Kyra", at="Armory", hand=["Cure"])
    harsk = table.character("Harsk", at="Armory", hand=HAND)
    ulkreth = table.game.zones.cards(table.game.locations["Armory"].deck)[0]
    table.dice(1)
    discards = [f"Discard {name}" for name in HAND[:damage]]
    outcome = table.run(encounter(table.game, kyra, ulkreth), "Strength", *discards)
    assert outcome == "undefeated"
    assert len(table.cards(harsk, ZoneKind.DISCARD)) == damage, f"1 + {left} cards left"
    assert f"Harsk is dealt {damage} Combat damage" in table.game.log
    assert [line for line in table.game.log if line.startswith("Kyra is dealt")] == [
        f"Kyra is dealt {damage} Combat damage"]


def demonic_ward(set_indicator: str) -> AnyCard:
    """A test barrier with the Demon trait, of a set whose adventure deck number the Handbook reads."""
    return card(f"""
name: Demonic Ward {set_indicator}
type: barrier
set: "{set_indicator}"
traits: [Demon]
provenance: standin
notes: A test barrier of set {set_indicator}.
check_to_defeat: Wisdom 9
""")


@pytest.mark.rule("KEEP-04")
@pytest.mark.rule("SET-01")
@pytest.mark.parametrize(("set_indicator", "number", "defeated", "revealed"),
                         [("B", 0, False, True), ("3", 3, True, False)])
def test_the_demon_hunters_handbook_adds_the_banes_number_and_its_reveal_check_grows_with_it(
    set_indicator: str, number: int, defeated: bool, revealed: bool
) -> None:
    """+1d4 plus the bane's adventure deck number (0 for a letter set); then Intelligence or Knowledge 5 plus
    twice that number to reveal the Handbook instead of recharging it."""
    ward = demonic_ward(set_indicator)
    table = Table(adventure_deck_number=3, extra_cards=[ward])
    table.location("Armory", [ward.name])
    kyra = table.character("Kyra", at="Armory", hand=["Demon Hunter's Handbook"], deck=["Cure"])
    table.dice(4, 2, 3)  # Wisdom 1d12 and the Handbook's d4; then Knowledge 1d8 (+2) to reveal it
    bane = table.game.zones.cards(table.game.locations["Armory"].deck)[0]
    outcome = table.run(encounter(table.game, kyra, bane), "Wisdom", "Recharge Demon Hunter's Handbook", "Knowledge")
    assert outcome == ("defeated" if defeated else "undefeated"), f"4 + 2 + {number} against 9"
    [reveal] = [line for line in table.game.log if "Knowledge" in line]
    assert reveal.endswith(f"against {5 + 2 * number}: rolled 5")
    assert ("Demon Hunter's Handbook" in table.cards(kyra, ZoneKind.HAND)) is revealed
    assert ("Demon Hunter's Handbook" in table.cards(kyra, ZoneKind.DECK)) is not revealed, "else it stays recharged"



def test_a_check_to_reveal_instead_of_recharging_needs_a_card_played_by_recharging_it(tmp_path: Path) -> None:
    path = write(tmp_path, "book.yaml", """\
        name: Test Book
        type: item
        set: B
        provenance: standin
        powers:
          - when: check
            action: discard
            effects: [{add_dice: 1d4}]
            recharge_check: {check: Knowledge 5, to: reveal}
    """)
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:6: powers[0]: a check to reveal a card instead of recharging it "
                              "needs 'action: recharge'"), problem


SWARM = card("""
name: Test Swarm
type: henchman
set: B
traits: [Vermin, Swarm]
provenance: standin
notes: A test henchman that, as the Vescavor Swarm, may close its location only if defeated by at least 4 + AD.
check_to_defeat: Wisdom 5
powers:
  - {when: defeat, optional: false, if: {margin: 4 + AD}, effects: [{close_location: true}]}
""")


@pytest.mark.rule("CLOSE-01")
@pytest.mark.parametrize(("roll", "may_close"), [(9, False), (10, True)])
def test_a_henchman_may_close_only_if_defeated_by_at_least_4_plus_the_adventure_deck_number(
    roll: int, may_close: bool
) -> None:
    table = Table(adventure_deck_number=1, extra_cards=[SWARM])
    table.location("Armory", ["Test Swarm"])
    kyra = table.character("Kyra", at="Armory")
    swarm = table.game.zones.cards(table.game.locations["Armory"].deck)[0]
    table.dice(roll)
    answers = ["Wisdom", "Don't try"] if may_close else ["Wisdom"]
    assert table.run(encounter(table.game, kyra, swarm), *answers) == "defeated"
    assert bool([d for d in table.decisions if kind_of(d) == "close"]) is may_close, f"defeated by {roll - 5}"
    assert "If the check succeeded or failed by at least 4 plus the adventure deck number, you may attempt to close" \
        in card_text(SWARM)


def test_a_margin_condition_before_the_check_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "hero.yaml", HERO.replace("        effects:", "        if: {margin: 2}\n        effects:"))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:14: powers[0].if: margin: 'margin' is not known at 'check'"), problem


@pytest.mark.parametrize("targets", [{}, {"at_least": 2, "at_most": "undefeated summons"},
                                     {"beats": "location deck", "at_most": 3}])
def test_a_roll_has_exactly_one_target(targets: dict[str, object]) -> None:
    from pydantic import ValidationError

    from pacg.cards.powers import RollDie

    with pytest.raises(ValidationError, match="a roll needs one of"):
        RollDie.model_validate({"roll_die": 20, **targets, "then": [{"draw": 1}]})
