"""Mythic paths (MYTH-01): a character holds the path chosen after The Worldwound Incursion, its powers are the
character's, mythic charges pay for some of them and add to some checks, and "the mighty d20" replaces a die.

The rulebook's example (page 22): Kyra, a Mythic Hierophant with 2 mythic charges, adds 2 to her Divine check
against a Ghost and discards 1 charge to replace her highest die, a d12, with a d20.
"""

from __future__ import annotations

import pytest

from pacg.cards.model import MythicPath
from pacg.cards.powers import Purpose
from pacg.cards.vocabulary import Skill
from pacg.engine.check import attempt_checks
from pacg.engine.setup import SetupError, new_game
from pacg.engine.zones import ZoneKind
from table import Table, kind_of, library

HIEROPHANT = "Use Mythic Hierophant, expend 1 mythic charge"


def kyra_hierophant(charges: int, hand: list[str] | None = None) -> Table:
    """Kyra, a Mythic Hierophant, in the second adventure (Adventure Deck 2 in the box), with her charges."""
    table = Table(adventure_deck_number=2, strict=True)
    table.character("Kyra", at="Cavern", hand=hand or [], mythic_path="Mythic Hierophant", charges=charges)
    return table


@pytest.mark.rule("MYTH-01")
def test_kyra_adds_her_charges_to_her_divine_check_and_expends_one_for_a_d20() -> None:
    """The rulebook's example, step by step: the Divine check against the Ghost is d12+2 for Kyra's skill, +2
    for her two charges; she expends 1 charge and her d12 becomes a d20. (The stand-in Ghost needs the Magic
    trait, so the Divine check fails; the rulebook says only that she attempts it.)"""
    table = kyra_hierophant(charges=2)
    kyra = table.game.characters[0]
    table.dice(17)
    result = table.check(kyra, "Ghost", "Divine 1d12+4 against 8", HIEROPHANT)
    (play,) = (decision for decision in table.decisions if kind_of(decision) == "check")
    assert "1d12+4 against 8" in play.prompt
    assert result.pool.dice == (20,) and result.pool.modifier == 4 and result.total == 21
    assert kyra.mythic_charges == 1
    assert "Kyra uses Mythic Hierophant: expend 1 mythic charge" in table.game.log


@pytest.mark.rule("MYTH-01")
def test_without_a_charge_the_d20_is_not_offered_and_the_bonus_is_zero() -> None:
    table = kyra_hierophant(charges=0)
    kyra = table.game.characters[0]
    table.dice(12)
    result = table.check(kyra, "Ghost", "Divine 1d12+2 against 8")
    assert not [decision for decision in table.decisions if kind_of(decision) == "check"]  # nothing to play
    assert result.pool.dice == (12,) and result.pool.modifier == 2 and kyra.mythic_charges == 0


@pytest.mark.rule("MYTH-01")
def test_the_path_works_only_on_its_checks() -> None:
    """The Hierophant's powers are for Divine checks: a Wisdom check (the skill Divine refers to, but not a
    Divine check) gets neither the charges nor the d20."""
    table = kyra_hierophant(charges=2)
    kyra = table.game.characters[0]
    table.dice(12)
    result = table.check(kyra, "Ghost", "Wisdom 1d12 against 8")
    assert not [decision for decision in table.decisions if kind_of(decision) == "check"]  # nothing to play
    assert result.pool.dice == (12,) and result.pool.modifier == 0 and kyra.mythic_charges == 2


@pytest.mark.rule("MYTH-01")
@pytest.mark.rule("CHK-12")
def test_the_d20_replaces_the_highest_die_and_blessings_still_add_the_skills_die() -> None:
    """After the d20, a blessing played on the check adds Kyra's Divine die, a d12, not a d20: the d20 takes
    the place of the highest die of the pool, not of the check's die."""
    table = kyra_hierophant(charges=1, hand=["Blessing of Ascension"])
    kyra = table.game.characters[0]
    table.dice(20, 12)
    result = table.check(kyra, "Ghost", "Divine 1d12+3 against 8", HIEROPHANT, "Discard Blessing of Ascension")
    assert result.pool.dice == (20, 12) and result.pool.modifier == 3
    assert result.total == 35 and kyra.mythic_charges == 0


@pytest.mark.rule("MYTH-01")
@pytest.mark.parametrize(("path", "skill"), [
    ("Mythic Archmage", Skill.ARCANE), ("Mythic Champion", Skill.MELEE), ("Mythic Guardian", Skill.CONSTITUTION),
    ("Mythic Hierophant", Skill.DIVINE), ("Mythic Marshal", Skill.STRENGTH), ("Mythic Trickster", Skill.DEXTERITY),
])
def test_each_path_adds_the_charges_and_the_d20_to_its_skills_checks(path: str, skill: Skill) -> None:
    """Every path of the library, held by Harsk with 3 charges, on a check of its skill."""
    table = Table(adventure_deck_number=1, strict=True)
    harsk = table.character("Harsk", at="Cavern", mythic_path=path, charges=3)
    known = harsk.skill(skill)
    die, modifier = (known.die, known.modifier) if known else (4, 0)
    table.dice(20)
    [result] = table.run(attempt_checks(table.game, harsk, f"{skill} 30", Purpose.OTHER), str(skill), f"Use {path}")
    assert result.pool.dice == (20,) and result.pool.modifier == modifier + 3
    assert die != 20 and harsk.mythic_charges == 2


@pytest.mark.rule("MYTH-01")
@pytest.mark.rule("SETUP-12")
def test_a_party_member_is_set_up_with_a_mythic_path_chosen_once() -> None:
    game = new_game(library(), "The Godless Ones", ["Harsk", "Kyra"], mythic_paths={"Kyra": "Mythic Hierophant"})
    harsk, kyra = game.characters
    hierophant = library().typed("Mythic Hierophant", MythicPath)
    assert kyra.mythic_path is hierophant and harsk.mythic_path is None
    assert [source for key, _ in kyra.powers() if (source := kyra.power_source(key)) != "Kyra's power"] == [
        "Mythic Hierophant", "Mythic Hierophant"]
    with pytest.raises(ValueError, match="can't be changed"):
        kyra.choose_mythic_path(library().typed("Mythic Marshal", MythicPath))
    with pytest.raises(SetupError, match="unknown mythic path 'Kyra'"):
        new_game(library(), "The Godless Ones", ["Kyra"], mythic_paths={"Kyra": "Kyra"})
    with pytest.raises(SetupError, match="not in the party: Seelah"):
        new_game(library(), "The Godless Ones", ["Kyra"], mythic_paths={"Seelah": "Mythic Marshal"})


@pytest.mark.rule("MYTH-01")
def test_a_path_is_chosen_before_the_characters_powers_are_read() -> None:
    table = Table()
    kyra = table.character("Kyra", at="Cavern", hand=["Cure"])
    assert kyra.choices_by_moment is not None  # the powers are read, as in a scenario under way
    with pytest.raises(ValueError, match="between scenarios"):
        kyra.choose_mythic_path(library().typed("Mythic Hierophant", MythicPath))
    assert table.cards(kyra, ZoneKind.HAND) == ["Cure"]
