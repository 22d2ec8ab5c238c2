"""Loading refuses any power the engine would not run (DESIGN.md 2: valid data that silently does nothing is
the worst bug a card game can have), naming the file, the line and the field; and every effect and condition
of the power language is registered with the engine in one place.
"""

from __future__ import annotations

import textwrap
from inspect import isgeneratorfunction
from pathlib import Path

import pytest

from pacg.cards.loader import CardFileError
from pacg.cards.model import Boon
from pacg.cards.powers import EFFECT_MODELS, Conditions, Power, Timing
from pacg.cards.reading import load_card_file
from pacg.engine.effects import SPECS
from pacg.engine.playing import CONDITION_TESTS
from pacg.engine.support import RUNS, Holder, Kind, kind_of, refusals
from table import library

BLESSING = """\
    name: Test Blessing
    type: blessing
    set: B
    traits: [Divine]
    provenance: standin
    check_to_acquire: Divine 5
    powers:
"""

# (what the file's powers say, the line of the problem, its field, words of its message)
REFUSED = {
    "a boon's power with no action is never offered": (
        BLESSING + "      - when: check\n        effects: [{add_dice: 1d8}]\n",
        8, "powers[0]", "played from the hand by an action"),
    "a paragraph for when the card is played at a moment none of its powers is played": (
        BLESSING + "      - when: check\n        action: discard\n        effects: [{add_dice: 1d8}]\n"
                   "      - when: turn end\n        optional: false\n        effects: [{draw: 1}]\n",
        11, "powers[1]", "none of its powers is played then"),
    "an effect on a check outside any check": (
        BLESSING + "      - when: turn start\n        action: discard\n        effects: [{add_dice: 1d8}]\n",
        10, "powers[0].effects[0]", "add_dice has nothing to act on at 'turn start'"),
    "evading outside the evasion step": (
        BLESSING + "      - when: check\n        action: discard\n        effects: [{evade: true}]\n",
        10, "powers[0].effects[0]", "evade has nothing to act on at 'check'"),
    "an effect after the check that would change the check": (
        BLESSING + "      - when: check\n        action: discard\n        effects:\n"
                   "          - after_check: [{add_dice: 1d4}]\n",
        11, "powers[0].effects[0].after_check[0]", "can't change a check once the check is done"),
    "a cost paid with this card outside a lasting paragraph": (
        BLESSING + "      - when: check\n        action: reveal\n        cost: {action: bury, this_card: true}\n"
                   "        effects: [{add_dice: 1d4}]\n",
        8, "powers[0]", "a cost paid with this card is for a lasting paragraph"),
    "a count of summoned cards outside an encounter": (
        BLESSING + "      - when: turn start\n        action: discard\n        effects:\n"
                   "          - roll_die: 20\n            at_most: undefeated summons\n            then: [{draw: 1}]\n",
        11, "powers[0].effects[0]", "'undefeated summons' is not known at 'turn start'"),
    "a chosen trait no paragraph chooses": (
        BLESSING + "      - when: check\n        action: discard\n        effects: [{add_traits: [chosen]}]\n",
        8, "powers[0]", "no paragraph of this card or role chooses one"),
    "a displayed card revealed for a power": (
        BLESSING + "      - when: check\n        while: displayed\n        action: reveal\n"
                   "        effects: [{add_dice: 1d4}]\n",
        8, "powers[0]", "can't be revealed for a power"),
}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "card.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_power_the_engine_would_not_run_is_refused_with_its_file_line_and_field(tmp_path: Path, case: str) -> None:
    text, line, field, words = REFUSED[case]
    path = _write(tmp_path, text)
    with pytest.raises(CardFileError) as error:
        load_card_file(path)
    (problem,) = error.value.problems
    assert (problem.path, problem.line, problem.field) == (path, line, field), str(problem)
    assert words in problem.message


CHARACTER_WITH_AN_ACTION = """\
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
    powers:
      - when: check
        action: discard
        effects: [{add_dice: 1d6}]
"""

def monster_on_checks(effects: str) -> str:
    """A test monster's card file whose paragraph applies by itself on checks with these effects."""
    return f"""\
    name: Test Monster
    type: monster
    set: B
    provenance: standin
    check_to_defeat: Combat 8
    powers:
      - when: check
        optional: false
        effects: {effects}
"""


MONSTER_THAT_DRAWS_ON_CHECKS = monster_on_checks("[{draw: 1}]")
MONSTER_THAT_SWAPS_A_TRAIT_BY_ITSELF = monster_on_checks("[{swap_trait: [Cold, Fire]}]")

LOCATION_POWER_WHEN_CLOSED = """\
    name: Test Place
    type: location
    set: B
    provenance: standin
    deck: {monster: 1}
    when_closing: [{automatic: true}]
    at_this_location:
      - when: closing
        optional: false
        effects: [{draw: 1}]
"""

ADVENTURE_POWER = """\
    name: Test Adventure
    type: adventure
    set: B
    provenance: standin
    scenarios: [The Godless Ones]
    powers:
      - when: turn start
        optional: false
        effects: [{draw: 1}]
"""


@pytest.mark.parametrize(("text", "field", "words"), [
    (CHARACTER_WITH_AN_ACTION, "powers[0]", "a character's power has no 'action'"),
    (MONSTER_THAT_DRAWS_ON_CHECKS, "powers[0].effects[0]", "can't apply by itself on a check"),
    (MONSTER_THAT_SWAPS_A_TRAIT_BY_ITSELF, "powers[0].effects[0]", "asks the player, so it can't apply by itself"),
    (LOCATION_POWER_WHEN_CLOSED, "at_this_location[0]", "never run at 'closing'"),
    (ADVENTURE_POWER, "powers[0]", "not run yet"),
])
def test_every_kind_of_card_is_held_to_what_the_engine_runs(tmp_path: Path, text: str, field: str, words: str) -> None:
    with pytest.raises(CardFileError) as error:
        load_card_file(_write(tmp_path, text))
    assert [(problem.field, words in problem.message) for problem in error.value.problems] == [(field, True)]


def test_every_card_of_the_library_is_one_the_engine_runs() -> None:
    """The built-in cards load; a loaded card has no paragraph the engine would not run."""
    assert all(not refusals(card) for card in library())


def test_a_paragraphs_kind_is_read_from_its_data() -> None:
    cure, = [card for card in library() if card.name == "Agility"]
    assert isinstance(cure, Boon)
    kinds = [kind_of(power, Holder.BOON) for power in cure.powers]
    assert kinds == [Kind.PLAYED, Kind.WHILE_DISPLAYED, Kind.WHILE_DISPLAYED]


def test_every_effect_is_declared_once_and_every_condition_has_a_test() -> None:
    """One declaration per effect (`effects.SPECS`, `declared.EffectSpec`) and one test per condition: a new effect
    or condition without one fails when the engine is imported, and this test says so too."""
    assert set(SPECS) == set(EFFECT_MODELS.values())
    assert all(spec.model is model for model, spec in SPECS.items())
    assert all(spec.asks == isgeneratorfunction(spec.run) for spec in SPECS.values())
    assert set(Conditions.model_fields) == set(CONDITION_TESTS)


def test_what_the_engine_runs_names_only_real_moments_and_kinds() -> None:
    for (holder, kind), moments in RUNS.items():
        assert isinstance(holder, Holder) and isinstance(kind, Kind)
        assert moments <= set(Timing), (holder, kind)
    power = Power(when=Timing.CHECK, action="reveal", effects=[{"add_dice": "1d4"}])  # type: ignore[arg-type]
    assert kind_of(power, Holder.BOON) is Kind.PLAYED
