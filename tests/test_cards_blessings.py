"""The blessings of the box (src/pacg/data/blessings), card by card, each power at work on a real table.

A blessing adds dice of the type the check rolls (CHK-12). Harsk's dice: Strength 1d6, Dexterity 1d8,
Constitution 1d10, Wisdom 1d8, Charisma 1d4; Kyra's Divine is Wisdom 1d12+2. The table is at the Watchtower (no
powers of its own). The deity blessings care about the top card of the blessings discard pile.
"""

from __future__ import annotations

import pytest

from pacg.engine.encounter import encounter
from pacg.engine.state import TurnState
from pacg.engine.turn import explore_step
from pacg.engine.zones import BLESSINGS_DISCARD, ZoneKind
from table import Table, kind_of

HERE = "Watchtower"
FILLER = ["Blessing of Ascension"]
ONE_DIE = "add 1 die of the type the check rolls"
TWO_DICE = "add 2 dice of the type the check rolls"
DEITIES = ["Iomedae", "Pulura", "Sarenrae", "Shelyn", "Torag"]




def on_top_of_the_blessings_discard(table: Table, name: str) -> None:
    table.game.zones.move(table.card(name), BLESSINGS_DISCARD)


# --- discard it to add a die of the check's type ------------------------------------------------------------------


@pytest.mark.rule("CHK-12")
@pytest.mark.parametrize("blessing", [f"Blessing of {deity}" for deity in [*DEITIES, "Abraxas", "Baphomet"]])
def test_a_blessing_is_discarded_on_any_check_to_add_a_die_of_the_type_it_rolls(blessing: str) -> None:
    """Kyra discards it on Harsk's Wisdom check, elsewhere."""
    table = Table()
    table.location("Armory")
    harsk = table.character("Harsk", at=HERE)
    kyra = table.character("Kyra", at="Armory", hand=[blessing])
    table.dice(5, 4)
    result = table.attempt(harsk, "Wisdom 9", "Wisdom", f"Discard {blessing}: {ONE_DIE}")
    assert (str(result.pool), result.total, result.success) == ("2d8", 9, True)
    assert table.cards(kyra, ZoneKind.DISCARD) == [blessing]


# blessing, the skill of the check, its difficulty, the pool with the blessing's 2 dice
TWO_DICE_CHECKS = [
    ("Blessing of Iomedae", "Charisma", "Charisma 4", "3d4"),
    ("Blessing of Sarenrae", "Constitution", "Constitution 4", "3d10"),
    ("Blessing of Shelyn", "Wisdom", "Wisdom 4", "3d8"),
    ("Blessing of Torag", "Strength", "Strength 4", "3d6"),
]


@pytest.mark.rule("CHK-12")
@pytest.mark.parametrize(("blessing", "skill", "text", "pool"), TWO_DICE_CHECKS)
def test_a_deity_blessing_adds_2_dice_to_a_noncombat_check_with_its_skill(blessing: str, skill: str, text: str,
                                                                         pool: str) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=[blessing])
    table.dice(1, 1, 2)
    result = table.attempt(harsk, text, skill, f"Discard {blessing}: {TWO_DICE}")
    assert (str(result.pool), result.total, result.success) == (pool, 4, True)
    assert table.cards(harsk, ZoneKind.DISCARD) == [blessing]


@pytest.mark.parametrize("blessing", [blessing for blessing, _, _, _ in TWO_DICE_CHECKS])
def test_a_deity_blessing_adds_only_1_die_to_a_check_with_another_skill(blessing: str) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=[blessing])
    table.dice(1, 1)
    table.attempt(harsk, "Dexterity 4", "Dexterity")
    assert table.offered(f"Discard {blessing}: {ONE_DIE}") and not table.offered(f"Discard {blessing}: {TWO_DICE}")


@pytest.mark.parametrize("blessing", ["Blessing of Torag", "Blessing of Shax"])
def test_torag_adds_2_dice_to_a_noncombat_strength_check_and_shax_to_a_combat_one(blessing: str) -> None:
    """Harsk's Strength check against the Mercenary (Combat 10) is a combat check: Shax's 2 dice, not Torag's."""
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=[blessing])
    table.dice(4, 3, 3)
    combat = blessing == "Blessing of Shax"
    result = table.check(harsk, "Mercenary", "Strength", f"Discard {blessing}: {TWO_DICE if combat else ONE_DIE}")
    assert str(result.pool) == ("3d6" if combat else "2d6")
    assert table.offered(f"Discard {blessing}: {TWO_DICE}") == combat


def test_shax_adds_2_dice_to_a_combat_check_with_dexterity() -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Shortbow", "Blessing of Shax"])
    table.dice(4, 3, 3, 1)
    result = table.check(harsk, "Mercenary", "Reveal Shortbow: Dexterity", f"Discard Blessing of Shax: {TWO_DICE}")
    assert (str(result.pool), result.total, result.success) == ("3d8+1d6", 11, True)


@pytest.mark.parametrize(("skill", "pool"), [("Divine", "3d12+2"), ("Wisdom", None)])
def test_abraxas_adds_2_dice_to_an_arcane_or_divine_check(skill: str, pool: str | None) -> None:
    table = Table()
    kyra = table.character("Kyra", at=HERE, hand=["Blessing of Abraxas"])
    table.dice(1, 1, 1)
    answers = [f"Discard Blessing of Abraxas: {TWO_DICE}"] if pool else []
    result = table.attempt(kyra, f"{skill} 20", skill, *answers)
    assert table.offered(f"Discard Blessing of Abraxas: {TWO_DICE}") == bool(pool)
    if pool:
        assert (str(result.pool), result.total) == (pool, 5)


@pytest.mark.parametrize(("explorations", "two"), [(1, True), (2, False)])
def test_baphomet_adds_2_dice_during_the_first_exploration_of_your_turn(explorations: int, two: bool) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Blessing of Baphomet"])
    table.game.turn = TurnState(harsk, explorations=explorations)
    table.dice(1, 1, 1)
    table.attempt(harsk, "Strength 20", "Strength", *([f"Discard Blessing of Baphomet: {TWO_DICE}"] if two else []))
    assert table.offered(f"Discard Blessing of Baphomet: {TWO_DICE}") == two
    if two:
        assert "Harsk failed at Strength 3d6 against 20: rolled 3" in table.game.log


@pytest.mark.parametrize(("bane", "skill", "two"), [("Spiked Pit Trap", "Dexterity", True),
                                                    ("Mercenary", "Strength", False)])
def test_abadar_adds_2_dice_to_a_check_against_a_barrier(bane: str, skill: str, two: bool) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Blessing of Abadar"])
    table.dice(4, 3, 2)
    answer = f"Discard Blessing of Abadar: {TWO_DICE if two else ONE_DIE}"
    result = table.check(harsk, bane, skill, answer)
    assert table.offered(f"Discard Blessing of Abadar: {TWO_DICE}") == two
    assert str(result.pool) == ("3d8" if two else "2d6")


# --- discard it to explore ----------------------------------------------------------------------------------------


@pytest.mark.rule("TURN-04")
@pytest.mark.parametrize("blessing", [f"Blessing of {deity}" for deity in [*DEITIES, "Abadar", "Abraxas", "Shax"]])
def test_a_blessing_is_discarded_to_explore(blessing: str) -> None:
    table = Table()
    table.location(HERE, ["Mace"])
    kyra = table.character("Kyra", at=HERE, hand=[blessing])
    table.game.turn = TurnState(kyra, explorations=1)
    table.run(explore_step(table.game, kyra), f"Discard {blessing}: explore", "Let Mace go")
    assert "Kyra encounters Mace" in table.game.log
    assert table.cards(kyra, ZoneKind.DISCARD) == [blessing]


# --- the top card of the blessings discard pile -------------------------------------------------------------------


@pytest.mark.parametrize("deity", DEITIES)
@pytest.mark.parametrize("same", [True, False])
def test_a_deity_blessing_is_recharged_instead_of_discarded_when_its_deity_tops_the_blessings_discard(
    deity: str, same: bool
) -> None:
    blessing = f"Blessing of {deity}"
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=[blessing], deck=["Cure"])
    on_top_of_the_blessings_discard(table, blessing if same else "Blessing of Abadar")
    table.dice(1, 1)
    table.attempt(harsk, "Dexterity 30", "Dexterity", f"Discard {blessing}: {ONE_DIE}",
          *([f"Recharge {blessing} instead"] if same else []))
    if same:
        assert table.cards(harsk, ZoneKind.DECK) == ["Cure", blessing] and not table.cards(harsk, ZoneKind.DISCARD)
    else:
        assert table.cards(harsk, ZoneKind.DISCARD) == [blessing]
        assert not [d for d in table.decisions if kind_of(d) == "instead"], "another deity: no choice"


@pytest.mark.parametrize(("top", "costs"), [("Blessing of Shax", True), ("Blessing of Torag", False)])
def test_abraxas_costs_a_card_from_your_hand_when_a_corrupted_blessing_tops_the_blessings_discard(
    top: str, costs: bool
) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Blessing of Abraxas", "Mace", "Helm"])
    on_top_of_the_blessings_discard(table, top)
    table.dice(1, 1)
    table.attempt(harsk, "Dexterity 30", "Dexterity", f"Discard Blessing of Abraxas: {ONE_DIE}",
          *(["Helm"] if costs else []))
    assert sorted(table.cards(harsk, ZoneKind.DISCARD)) == (["Blessing of Abraxas", "Helm"] if costs else
                                                            ["Blessing of Abraxas"])
    assert table.cards(harsk, ZoneKind.HAND) == (["Mace"] if costs else ["Mace", "Helm"])


@pytest.mark.rule("GOLD-03")
@pytest.mark.parametrize("pulura", [True, False])
def test_pulura_is_recharged_on_encountering_a_card_to_ignore_a_corrupted_trait_for_the_turn(pulura: bool) -> None:
    """Encountering a Mercenary, with a Blessing of Abraxas (Corrupted) on top of the blessings discard pile, Harsk
    recharges Pulura to ignore its Corrupted trait: the Blessing of Shax she then plays on her combat check
    costs her no card."""
    table = Table()
    table.location(HERE, ["Mercenary"])
    hand = ["Blessing of Shax", "Cure", "Frog"] + (["Blessing of Pulura"] if pulura else [])
    harsk = table.character("Harsk", at=HERE, hand=hand, deck=FILLER * 3)
    on_top_of_the_blessings_discard(table, "Blessing of Abraxas")
    table.game.turn = TurnState(harsk)
    table.dice(6, 6, 6)
    mercenary = table.game.zones.cards(table.game.locations[HERE].deck)[0]
    answers = ["Recharge Blessing of Pulura", "Blessing of Abraxas"] if pulura else []
    outcome = table.run(encounter(table.game, harsk, mercenary), *answers, "Strength",
                        f"Discard Blessing of Shax: {TWO_DICE}", *([] if pulura else ["Frog"]))
    assert outcome == "defeated"
    assert table.cards(harsk, ZoneKind.HAND) == (["Cure", "Frog"] if pulura else ["Cure"])
    if pulura:
        assert table.cards(harsk, ZoneKind.DECK)[-1] == "Blessing of Pulura"
