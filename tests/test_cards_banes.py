"""The banes of the box (src/pacg/data/monsters, barriers, henchmen, villains), card by card, each power at work
on a real table.

Seelah (Strength d8, Melee +3; Wisdom d8, Divine +1) is proficient with weapons; Balazar is a Summoner; Kyra
(Wisdom d12, Divine +2; Intelligence d8, Knowledge +2). The encounters are at the Manor House, which has no powers.
Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.engine.encounter import encounter
from pacg.engine.state import TurnEnded, TurnState
from pacg.engine.zones import ZoneKind, box
from table import Table

HERE = "Manor House"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of


def top(table: Table, location: str = HERE):  # type: ignore[no-untyped-def]
    return table.game.zones.cards(table.game.locations[location].deck)[0]


def offered(table: Table, label: str) -> bool:
    return any(option.label.startswith(label) for decision in table.decisions for option in decision.options)


def dealt(table: Table, character: str, amount: int, kind: str = "Combat") -> bool:
    return f"{character} is dealt {amount} {kind} damage" in table.game.log


# --- checks against the bane: harder or easier by its traits' rules ------------------------------------------------


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("hand", "answer", "difficulty"), [
    ([], "Divine", 8 + 50),  # Seelah's Divine check has no Magic trait
    (["Glaive +1"], "Reveal Glaive +1: Melee", 12),  # the Glaive +1 is Magic
])
def test_the_ghost_can_only_be_defeated_by_a_check_with_the_magic_trait(
    hand: list[str], answer: str, difficulty: int
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=hand)
    table.dice(*[8] * 3)
    result = table.check(seelah, "Ghost", answer)
    assert result.difficulty == difficulty
    assert result.success == (difficulty == 12)


@pytest.mark.parametrize(("weapon", "pool"), [("Mace", "2d8+1d4+3"), ("Longsword", "2d8+3")])
def test_a_bludgeoning_check_against_the_giant_cockroach_adds_1d4(weapon: str, pool: str) -> None:
    """Giant Cockroach: a check with the Bludgeoning trait (the Mace's, not the Longsword's) adds 1d4."""
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[weapon])
    table.dice(5, 3, 2)
    result = table.check(seelah, "Giant Cockroach", f"Reveal {weapon}: Melee")
    assert str(result.pool) == pool
    assert result.total == (5 + 3 + 2 + 3 if weapon == "Mace" else 5 + 3 + 3)


# bane, the card Seelah plays and how, the difficulty then, the faces for a success, the weapon that leaves it alone
HARDER_BY_TRAIT = [
    ("Pitborn Scoundrel", "Discard Fireblade", 12 + 3, (8, 4, 4, 8), "Mace"),  # Fire (the 8 recharges it)
    ("Skeleton", "Reveal Longsword: Melee", 8 + 3, (8, 8), "Mace"),  # Slashing
    ("Skeleton", "Reveal Flaming Heavy Pick +1: Melee", 8 + 3, (8, 6), "Mace"),  # Piercing
]


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("bane", "play", "difficulty", "faces", "other"), HARDER_BY_TRAIT)
def test_a_banes_difficulty_rises_against_checks_with_the_traits_it_names(
    bane: str, play: str, difficulty: int, faces: tuple[int, ...], other: str
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[play.split(" ", 1)[1].split(":")[0], other])
    table.dice(*faces)  # a success: no damage discards the other weapon
    assert table.check(seelah, bane, play).difficulty == difficulty
    table.dice(8, 8)
    assert table.check(seelah, bane, f"Reveal {other}: Melee").difficulty == difficulty - 3


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("adventure", "difficulty"), [(0, 13), (2, 13 + 4)])
def test_the_fiendish_tree_is_harder_by_twice_the_adventure_deck_number(adventure: int, difficulty: int) -> None:
    table = Table(adventure_deck_number=adventure)
    seelah = table.character("Seelah", at=HERE)
    table.dice(8)
    assert table.check(seelah, "Fiendish Tree", "Melee").difficulty == difficulty


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("bane", "adventure", "difficulty"), [
    ("Ghalcor", 0, 12), ("Ghalcor", 3, 12 + 3),
])
def test_ghalcor_is_harder_by_the_adventure_deck_number(bane: str, adventure: int, difficulty: int) -> None:
    table = Table(adventure_deck_number=adventure)
    seelah = table.character("Seelah", at=HERE)
    table.dice(8)
    assert table.check(seelah, bane, "Melee").difficulty == difficulty


# bane, the dice its power adds to Seelah's Fireblade check (Divine d8+1 and 2d4), the bonus it adds
FIRE_HELPS = [
    ("Fiendish Tree", "2d8+2d4+1", 1),  # 1d8 more with the Fire trait
    ("Ulkreth", "1d8+2d4+6", 6),  # 5 more with the Acid, Cold or Fire trait
]


@pytest.mark.parametrize(("bane", "pool", "bonus"), FIRE_HELPS)
def test_a_fire_check_is_helped_against_the_banes_that_fear_it(bane: str, pool: str, bonus: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Fireblade"])
    faces = (5, 4, 2, 2) if bane == "Fiendish Tree" else (5, 2, 2)
    table.dice(*faces, 8)  # the 8: Fireblade's check to recharge
    result = table.check(seelah, bane, "Discard Fireblade")
    assert (str(result.pool), result.total) == (pool, sum(faces) + bonus)


@pytest.mark.parametrize(("name", "pool"), [("Balazar", "1d8+1d6"), ("Seelah", "1d8+3")])
def test_a_summoner_adds_1d8_against_the_unfettered_eidolon(name: str, pool: str) -> None:
    table = Table()
    character = table.character(name, at=HERE)
    table.dice(8, 6) if name == "Balazar" else table.dice(8)
    result = table.check(character, "Unfettered Eidolon", "Strength" if name == "Balazar" else "Melee")
    assert str(result.pool) == pool


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("blessing", "difficulty"), [("Blessing of Ascension", 13 + 2), ("Blessing of Baphomet", 13)])
def test_a_blessing_without_the_corrupted_trait_makes_sophini_harder(blessing: str, difficulty: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[blessing])
    table.dice(8, 8)
    result = table.check(seelah, "Sophini", "Melee", f"Discard {blessing}")
    assert result.difficulty == difficulty and table.cards(seelah, ZoneKind.DISCARD) == [blessing]


# --- damage before and after you act ----------------------------------------------------------------------------


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("bane", "faces", "damage"), [
    ("Mongrel Ranger", (4, 8), [(3, "Combat")]),  # 1d4-1 before you act
    ("Mongrel Wizard", (8,), [(1, "Acid"), (1, "Poison")]),  # 1 Acid before, 1 Poison after
    ("Fiendish Tree", (8, 8), [(1, "Combat"), (1, "Combat")]),  # 1 before, 1 after
])
def test_banes_that_deal_damage_before_and_after_you_act(
    bane: str, faces: tuple[int, ...], damage: list[tuple[int, str]]
) -> None:
    """Seelah defeats each (Melee d8+3 against Combat 11; the Longsword's 2d8+3 against the tree's 13), and is
    dealt the bane's damage all the same: a card of her hand discarded for each point."""
    table = Table()
    table.location(HERE, [bane])
    hand = ["Longsword", *FILLER * 4]
    seelah = table.character("Seelah", at=HERE, hand=hand, deck=FILLER * 4)
    table.dice(*faces)
    skill = "Reveal Longsword: Melee" if bane == "Fiendish Tree" else "Melee"
    points = sum(amount for amount, _ in damage)
    before, after = ["Discard Blessing"] * damage[0][0], ["Discard Blessing"] * (points - damage[0][0])
    answers = [*before, skill, "Done", *after]  # Done: no blessing played on the check
    if bane == "Fiendish Tree":
        answers.append("Don't try to close")  # a henchman: the chance to close comes after
    outcome = table.run(encounter(table.game, seelah, top(table)), *answers)
    assert outcome == "defeated"
    assert all(dealt(table, "Seelah", amount, kind) for amount, kind in damage)
    assert table.cards(seelah, ZoneKind.DISCARD) == FILLER * points
