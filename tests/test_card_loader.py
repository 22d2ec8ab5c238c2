"""Card files: what loads, and how a bad file is reported (rules.md SET-02 card types, CHK-02 check grammar).

Every rejected file must be reported with its path, the line of the offending field and the field's name,
so a designer can go straight to the mistake. The files are written here, into tmp_path, so these tests
don't depend on the card library other people are writing.
"""

from __future__ import annotations

import functools
import json
import re
import textwrap
from pathlib import Path

import pytest
import yaml

from pacg.cards.checks import CheckSyntaxError, parse_check
from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardFileError, CardProblem, load_library
from pacg.cards.model import Bane, Boon, Character, Location, Scenario
from pacg.cards.reading import load_card_file
from pacg.cards.schema import card_schema
from pacg.cards.vocabulary import CardType, Skill

DOCS = Path(__file__).resolve().parent.parent / "docs"

SHORTBOW = """\
    name: Shortbow
    type: weapon
    set: B
    traits: [Basic, Bow, Dexterity, Ranged]
    copies: 2
    provenance: standin
    check_to_acquire: Dexterity or Ranged 6
    powers:
      - when: check
        action: reveal
        if:
          check: combat
        effects:
          - use_skill: [Dexterity, Ranged]
          - add_dice: 1d6
"""

DIRE_RAT = """\
    name: Dire Rat
    type: monster
    set: B
    traits: [Basic, Animal]
    provenance: standin
    check_to_defeat: Combat 8 or Dexterity or Stealth 6
"""

HERO = """\
    name: Test Hero
    type: character
    set: B
    traits: [Female, Human]
    provenance: standin
    skills:
      Strength: {die: d8, feats: 4, derived: {Melee: 3}}
      Dexterity: {die: d6}
      Constitution: {die: d6}
      Intelligence: {die: d6}
      Wisdom: {die: d8}
      Charisma: {die: d4}
    hand_size: {start: 5, feats: 2}
    favored: [weapon]
    cards_list:
      weapon: {start: 4}
      blessing: {start: 4}
"""

CHAPEL = """\
    name: Test Chapel
    type: location
    set: B
    provenance: standin
    deck: {monster: 2, blessing: 3}
    when_closing:
      - check: Divine 7
      - cost: {action: discard, card: {traits: [Divine]}}
"""

VILLAIN = """\
    name: Test Villain
    type: villain
    set: "1"
    provenance: standin
    check_to_defeat: Combat 12
"""

HENCHMAN = """\
    name: Test Henchman
    type: henchman
    set: "1"
    provenance: standin
    check_to_defeat: Combat 9
"""

OUTING = """\
    name: Test Outing
    type: scenario
    set: "1"
    provenance: standin
    villains: [Test Villain]
    henchmen: [Test Henchman]
    locations:
      1: [Test Chapel]
"""


def write(folder: Path, filename: str, text: str) -> Path:
    path = folder / filename
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def only_problem(path: Path) -> CardProblem:
    """Load one file that must be rejected with exactly one problem, and return that problem."""
    with pytest.raises(CardFileError) as caught:
        load_card_file(path)
    problems = caught.value.problems
    assert len(problems) == 1, caught.value
    return problems[0]


def assert_reported(problem: CardProblem, path: Path, line: int, field: str, *words: str) -> None:
    assert problem.path == path
    assert (problem.line, problem.field) == (line, field), str(problem)
    for word in words:
        assert word in problem.message, str(problem)
    # The printed form a designer sees: path:line: field: message
    assert str(problem).startswith(f"{path}:{line}: {field}: ")


# --- rejected files ----------------------------------------------------------------------------------------


def test_unknown_field_names_file_line_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, "longbow.yaml", """\
        name: Longbow
        type: weapon
        set: B
        provenance: standin
        colour: red
        check_to_acquire: Dexterity 6
    """)
    assert_reported(only_problem(path), path, 5, "colour", "unknown field")


def test_unknown_field_inside_a_power_is_traced_to_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "charm.yaml", """\
        name: Charm
        type: item
        set: B
        provenance: standin
        check_to_acquire: Charisma 5
        powers:
          - when: check
            action: discard
            effects:
              - add_dice: 1d4
            whenever: true
    """)
    assert_reported(only_problem(path), path, 11, "powers[0].whenever", "unknown field")


@pytest.mark.rule("CHK-02")
def test_unknown_skill_in_a_check(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", """\
        name: Sneaky Rat
        type: monster
        set: B
        provenance: standin
        traits: [Animal]
        check_to_defeat: Combat 8 or Dexterity or Sneaking 6
    """)
    assert_reported(only_problem(path), path, 6, "check_to_defeat", "unknown skill 'Sneaking'")


@pytest.mark.rule("CHK-02")
def test_unknown_skill_in_a_recharge_check_names_the_nested_field(tmp_path: Path) -> None:
    path = write(tmp_path, "spark.yaml", """\
        name: Spark
        type: spell
        set: B
        provenance: standin
        check_to_acquire: Arcane 6
        powers:
          - when: check
            action: discard
            effects:
              - add_dice: 2d4
            recharge_check:
              check: Arcane or Wizardry 6
    """)
    assert_reported(only_problem(path), path, 12, "powers[0].recharge_check.check", "unknown skill 'Wizardry'")


def test_unknown_skill_in_a_characters_skills(tmp_path: Path) -> None:
    text = HERO.replace("      Charisma: {die: d4}\n", "      Charisma: {die: d4}\n      Sneaking: {die: d8}\n")
    path = write(tmp_path, "hero.yaml", text)
    assert_reported(only_problem(path), path, 13, "skills.Sneaking", "'Strength'")


def test_a_derived_skill_listed_as_an_ability_is_rejected(tmp_path: Path) -> None:
    text = HERO.replace("      Charisma: {die: d4}\n", "      Charisma: {die: d4}\n      Melee: {die: d8}\n")
    path = write(tmp_path, "hero.yaml", text)
    assert_reported(only_problem(path), path, 7, "skills", "Melee is not an ability")


def test_unknown_trait(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", """\
        name: Odd Rat
        type: monster
        set: B
        provenance: standin
        check_to_defeat: Combat 8
        traits: [Animal, Rodent]
    """)
    assert_reported(only_problem(path), path, 6, "traits[1]", "unknown trait 'Rodent'")


def test_unknown_trait_in_a_power_filter(tmp_path: Path) -> None:
    path = write(tmp_path, "net.yaml", """\
        name: Net
        type: item
        set: B
        provenance: standin
        check_to_acquire: Dexterity 5
        powers:
          - when: check
            action: recharge
            if:
              against: {traits: [Critter]}
            effects:
              - add_dice: 1d6
    """)
    assert_reported(only_problem(path), path, 10, "powers[0].if.against.traits[0]", "unknown trait 'Critter'")


def test_unknown_trait_in_a_block_list_names_the_items_line(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", """\
        name: Odd Rat
        type: monster
        set: B
        provenance: standin
        check_to_defeat: Combat 8
        traits:
          - Animal
          - Rodent
    """)
    assert_reported(only_problem(path), path, 8, "traits[1]", "unknown trait 'Rodent'")


@pytest.mark.rule("SET-02")
def test_unknown_card_type_lists_the_known_types(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", """\
        name: Critter
        type: critter
        set: B
        provenance: standin
    """)
    problem = only_problem(path)
    assert_reported(problem, path, 2, "type", "unknown card type 'critter'")
    for card_type in ("weapon", "monster", "character", "location", "scenario", "adventure path"):
        assert card_type in problem.message


@pytest.mark.rule("SET-02")
def test_a_card_type_needs_its_own_fields(tmp_path: Path) -> None:
    # A monster written with a boon's check: the bane model has no check_to_acquire, and needs check_to_defeat.
    path = write(tmp_path, "rat.yaml", """\
        name: Confused Rat
        type: monster
        set: B
        provenance: standin
        check_to_acquire: Combat 8
    """)
    with pytest.raises(CardFileError) as caught:
        load_card_file(path)
    found = {(problem.line, problem.field, problem.message) for problem in caught.value.problems}
    assert (5, "check_to_acquire", "unknown field") in found
    assert any(field == "check_to_defeat" for _, field, _ in found)


@pytest.mark.rule("SET-02")
def test_a_card_type_without_a_card_file_model_is_reported_not_raised(tmp_path: Path) -> None:
    path = write(tmp_path, "role.yaml", """\
        name: Some Role
        type: role
        set: B
        provenance: standin
    """)
    problem = only_problem(path)
    assert (problem.line, problem.field) == (2, "type"), str(problem)


@pytest.mark.rule("CHK-02")
@pytest.mark.parametrize(
    ("check", "words"),
    [
        ("Combat", "Combat has no difficulty"),
        ("9 Strength", "difficulty 9 has no skill before it"),
        ("Wisdom 10 then", "empty check"),
        ("Strength 8 + 2", "'+ 2' adds a number to the difficulty"),
    ],
)
def test_malformed_check(tmp_path: Path, check: str, words: str) -> None:
    path = write(tmp_path, "wall.yaml", f"""\
        name: Wall
        type: barrier
        set: B
        provenance: standin
        check_to_defeat: {check}
    """)
    assert_reported(only_problem(path), path, 5, "check_to_defeat", words)


def test_a_closing_check_is_checked_too(tmp_path: Path) -> None:
    path = write(tmp_path, "chapel.yaml", CHAPEL.replace("check: Divine 7", "check: Divine"))
    assert_reported(only_problem(path), path, 7, "when_closing[0].check", "Divine has no difficulty")


def test_broken_yaml_reports_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "rat.yaml", """\
        name: Rat
        type: monster
        set: B
        traits: [Animal
        provenance: standin
        check_to_defeat: Combat 8
    """)
    problem = only_problem(path)
    assert problem.path == path
    assert problem.line == 5
    assert "not valid YAML" in problem.message
    assert str(problem).startswith(f"{path}:5: ")


def test_a_file_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "list.yaml", "- name: Rat\n- name: Bat\n")
    problem = only_problem(path)
    assert (problem.path, problem.line) == (path, 1)


def test_unknown_effect_names_the_effect(tmp_path: Path) -> None:
    path = write(tmp_path, "charm.yaml", """\
        name: Charm
        type: item
        set: B
        provenance: standin
        check_to_acquire: Charisma 5
        powers:
          - when: check
            action: discard
            effects:
              - add_dies: 1d4
    """)
    assert_reported(only_problem(path), path, 10, "powers[0].effects[0]", "exactly one of", "add_dice")


# --- folders ---------------------------------------------------------------------------------------------


def test_duplicate_name_across_two_files_is_reported(tmp_path: Path) -> None:
    first = write(tmp_path, "monster/dire_rat.yaml", DIRE_RAT)
    second = write(tmp_path, "monster/dire_rat_again.yaml", DIRE_RAT)
    with pytest.raises(CardFileError) as caught:
        load_library(tmp_path)
    [problem] = caught.value.problems
    assert problem.path == second
    assert problem.field == "name"
    assert "'Dire Rat'" in problem.message
    assert str(first) in problem.message


@pytest.mark.rule("SET-04")
def test_same_named_characters_of_two_sets_are_two_cards_only_under_two_names(tmp_path: Path) -> None:
    """The same character in two sets is two cards: the library knows a card by its name, so two files both named
    Kyra (one with Knowledge, one with Melee) are refused, naming both files, rather than one silently standing
    for the other; named apart by their Adventure Path ("Rise of the Runelords Kyra"), both load, each with her
    own skills."""
    kyra = HERO.replace("Test Hero", "Kyra")
    wrath = write(tmp_path, "characters/kyra.yaml", kyra.replace(", derived: {Melee: 3}", "").replace(
        "Intelligence: {die: d6}", "Intelligence: {die: d6, derived: {Knowledge: 2}}"))
    runelords = write(tmp_path, "characters/runelords-kyra.yaml", kyra)
    with pytest.raises(CardFileError) as caught:
        load_library(tmp_path)
    assert [str(problem) for problem in caught.value.problems] == [
        f"{runelords}:1: name: 'Kyra' is also defined in {wrath}"]
    write(tmp_path, "characters/runelords-kyra.yaml", kyra.replace("name: Kyra", "name: Rise of the Runelords Kyra"))
    library = load_library(tmp_path)
    derived = {card.name: [skill for entry in card.skills.values() for skill in entry.derived]
               for card in library if isinstance(card, Character)}
    assert derived == {"Kyra": [Skill.KNOWLEDGE], "Rise of the Runelords Kyra": [Skill.MELEE]}


def test_every_problem_of_every_file_is_reported_together(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", DIRE_RAT)
    bad_field = write(tmp_path, "a.yaml", SHORTBOW.replace("copies: 2", "copies: 2\n    colour: red"))
    bad_check = write(tmp_path, "b.yaml", DIRE_RAT.replace("Dire Rat", "Rat King").replace("Stealth 6", "Stealth"))
    with pytest.raises(CardFileError) as caught:
        load_library(tmp_path)
    assert [problem.path for problem in caught.value.problems] == [bad_field, bad_check]
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{bad_field}:6: colour: unknown field"
    assert lines[1].startswith(f"{bad_check}:6: check_to_defeat: ")


@pytest.mark.rule("SET-02")
def test_a_good_folder_loads_each_card_as_its_types_model(tmp_path: Path) -> None:
    write(tmp_path, "weapon/shortbow.yaml", SHORTBOW)
    write(tmp_path, "monster/dire_rat.yaml", DIRE_RAT)
    write(tmp_path, "character/hero.yaml", HERO)
    write(tmp_path, "location/chapel.yaml", CHAPEL)
    write(tmp_path, "scenario/outing.yaml", OUTING)
    write(tmp_path, "villain/villain.yaml", VILLAIN)
    write(tmp_path, "henchman/henchman.yaml", HENCHMAN)
    library = load_library(tmp_path)

    assert len(library) == 7
    assert isinstance(library.get("Shortbow"), Boon)
    assert isinstance(library.get("Dire Rat"), Bane)
    assert isinstance(library.get("Test Hero"), Character)
    assert isinstance(library.get("Test Chapel"), Location)
    assert isinstance(library.get("Test Outing"), Scenario)
    assert library.find("dire RAT") is library.get("Dire Rat")
    assert [card.name for card in library.of_type(CardType.WEAPON)] == ["Shortbow"]

    bow = library.typed("Shortbow", Boon)
    assert bow.copies == 2 and bow.is_basic and bow.provenance == "standin"
    assert str(bow.check_to_acquire) == "Dexterity or Ranged 6"
    rat = library.typed("Dire Rat", Bane)
    assert rat.is_monster
    assert [str(step) for step in rat.check_to_defeat.steps] == ["Combat 8 or Dexterity or Stealth 6"]
    outing = library.typed("Test Outing", Scenario)
    assert outing.adventure_deck_number == 1
    assert outing.locations_for(4) == ["Test Chapel"]


@pytest.mark.rule("CHK-02")
def test_the_check_grammar_or_binds_tighter_than_then() -> None:
    check = parse_check("Wisdom 10 or Combat 13 then Combat 15")
    assert [str(step) for step in check.steps] == ["Wisdom 10 or Combat 13", "Combat 15"]
    assert check.is_sequential
    assert str(parse_check("combat 8 or dexterity / stealth 6")) == "Combat 8 or Dexterity or Stealth 6"
    assert str(parse_check("see below")) == "See Below"
    with pytest.raises(CheckSyntaxError):
        parse_check("Combat then")


# --- the documentation's example files -----------------------------------------------------------------


def _doc_examples() -> list[str]:
    doc = (DOCS / "card-format.md").read_text(encoding="utf-8")
    return re.findall(r"```yaml\n(.*?)```", doc, flags=re.DOTALL)


def test_the_example_files_in_the_format_doc_load(tmp_path: Path) -> None:
    examples = _doc_examples()
    assert len(examples) >= 5
    for number, text in enumerate(examples):
        write(tmp_path, f"example_{number}.yaml", text)
    library = load_library(custom=tmp_path)  # added to the built-in box, where the cards they name are
    kinds = {type(card) for card in library}
    assert {Boon, Bane, Character, Location, Scenario} <= kinds


def test_the_format_doc_names_every_effect_condition_and_timing() -> None:
    from pacg.cards.powers import EFFECT_MODELS, Conditions, Power, Timing

    doc = (DOCS / "card-format.md").read_text(encoding="utf-8")
    missing = [key for key in EFFECT_MODELS if f"`{key}`" not in doc]
    conditions = [field.alias or name for name, field in Conditions.model_fields.items()]
    missing += [name for name in conditions if f"`{name}`" not in doc]
    fields = [field.alias or name for name, field in Power.__pydantic_fields__.items()]
    missing += [name for name in fields if f"`{name}`" not in doc]
    missing += [str(timing) for timing in Timing if f"`{timing}`" not in doc]
    assert not missing, f"docs/card-format.md does not describe: {', '.join(missing)}"


def test_the_effect_union_has_every_effect_model_with_its_key() -> None:
    """`Effect`, the union the loader validates an effect with, is made of every model of `EFFECT_MODELS` (each
    effect model registers itself under its key: `pacg.cards.powers.effects.declaration._Effect`), in their order,
    each tagged with its key."""
    from typing import get_args

    from pacg.cards.powers import EFFECT_MODELS, Effect

    union, _discriminator = get_args(Effect)
    members = [get_args(member) for member in get_args(union)]
    assert [(tag.tag, model) for model, tag in members] == list(EFFECT_MODELS.items())


# --- the JSON Schema -------------------------------------------------------------------------------------


def _as_json(path: Path) -> dict:
    """A card file's data as an editor sees it: JSON types (mapping keys are strings)."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))


@functools.cache
def _validator():  # one validator for the whole module: building it takes a while
    jsonschema = pytest.importorskip("jsonschema")
    return jsonschema.Draft202012Validator(card_schema())


def _schema_errors(data: dict) -> list[str]:
    return [error.message for error in _validator().iter_errors(data)]


def test_schema_is_a_oneof_over_the_card_models_selected_by_type() -> None:
    schema = card_schema()
    assert schema["$schema"].startswith("https://json-schema.org/")
    branches = [branch["$ref"].rsplit("/", 1)[1] for branch in schema["oneOf"]]
    assert set(branches) >= {"Boon", "Bane", "Character", "Location", "Scenario", "Adventure", "Cohort"}
    seen: set[str] = set()
    for name in branches:
        model = schema["$defs"][name]
        types = set(model["properties"]["type"]["enum"])
        assert not types & seen, f"{name} shares a type with another model"
        seen |= types
        assert "type" in model["required"]
        assert model["additionalProperties"] is False
    assert {"weapon", "monster", "character", "location", "scenario"} <= seen


def test_good_card_files_validate_against_the_schema(tmp_path: Path) -> None:
    for filename, text in [("a.yaml", SHORTBOW), ("b.yaml", DIRE_RAT), ("c.yaml", HERO), ("d.yaml", CHAPEL),
                           ("e.yaml", OUTING)]:
        path = write(tmp_path, filename, text)
        assert _schema_errors(_as_json(path)) == [], filename


def test_the_built_in_card_files_validate_against_the_schema() -> None:
    paths = sorted(DEFAULT_CARD_FOLDER.rglob("*.yaml"))[:200]
    if not paths:
        pytest.skip("no card files in the built-in library yet")
    failures = {}
    for path in paths:
        try:
            load_card_file(path)
        except CardFileError:
            continue  # a file the loader rejects is reported by the loader's own tests
        errors = _schema_errors(_as_json(path))
        if errors:
            failures[str(path)] = errors[:3]
    assert not failures


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (("copies: 2", "copies: 2\n    colour: red"), "unknown field"),
        (("traits: [Basic, Bow, Dexterity, Ranged]", "traits: [Basic, Bowstring]"), "unknown trait"),
        (("type: weapon", "type: monster"), "a weapon's fields on a monster"),
        (("type: weapon", "type: critter"), "unknown type"),
        (("- add_dice: 1d6", "- add_dies: 1d6"), "unknown effect"),
        (("set: B", "set: Q"), "unknown set"),
    ],
)
def test_bad_card_files_fail_the_schema(tmp_path: Path, change: tuple[str, str], why: str) -> None:
    old, new = change
    assert old in SHORTBOW
    path = write(tmp_path, "bow.yaml", SHORTBOW.replace(old, new))
    assert _schema_errors(_as_json(path)), why
