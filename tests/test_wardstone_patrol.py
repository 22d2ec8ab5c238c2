"""The Wardstone Patrol (adventure B, scenario 3): the scenario card and its Sir Ilivan rule, its villain Savash,
its fill henchman Brimorak, and its locations Befouled Altar and Family Tomb.

Seelah: Strength 1d8, Melee +3. Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.cards.model import Bane, Cohort, Location, Scenario
from pacg.cards.powers import CardFilter, Purpose
from pacg.cards.vocabulary import CardType
from pacg.decisions import run
from pacg.engine.check import attempt_checks
from pacg.engine.encounter import encounter
from pacg.engine.filters import matches
from pacg.engine.setup import new_game, set_up
from pacg.engine.state import ScenarioOver
from pacg.engine.zones import REMOVED, ZoneKind
from table import Table, library

SCENARIO = "The Wardstone Patrol"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of
DONE = "Done"
HERE = "Watchtower"  # a location with no powers for these encounters


# --- the scenario card ------------------------------------------------------------------------------------------


def test_the_scenario_names_its_villain_fill_henchman_locations_and_cohort() -> None:
    scenario = library().typed(SCENARIO, Scenario)
    assert library().typed("Savash", Bane).type is CardType.VILLAIN
    assert library().typed("Brimorak", Bane).type is CardType.HENCHMAN
    assert scenario.henchmen == ("Brimorak",)
    assert scenario.locations_for(2) == ["Befouled Altar", "Family Tomb", "Guardpost", "Wounded Lands"]
    assert all(isinstance(library().get(name), Location) for name in scenario.locations_for(6))
    assert scenario.cohorts == ("Sir Ilivan",) and isinstance(library().get("Sir Ilivan"), Cohort)


@pytest.mark.rule("SETUP-05")
@pytest.mark.rule("SETUP-07")
@pytest.mark.parametrize("players", [1, 2, 3])
def test_savash_and_brimoraks_go_one_into_each_location_deck(players: int) -> None:
    """3 locations for 1 player and one more for each other player: Savash is in one, a Brimorak in each other."""
    party = ["Seelah", "Kyra", "Harsk"][:players]
    game = new_game(library(), SCENARIO, party, seed=players)
    run(set_up(game), RandomAgent(players))
    banes = [card.name for location in game.locations.values()
             for card in game.zones.cards(location.deck) if card.type in (CardType.VILLAIN, CardType.HENCHMAN)]
    assert len(game.locations) == players + 2
    assert sorted(banes) == ["Brimorak"] * (players + 1) + ["Savash"]


def test_a_card_filter_with_names_admits_only_cards_of_those_names() -> None:
    named = CardFilter(names=["Sir Ilivan"])
    assert matches(library().get("Sir Ilivan"), named)
    assert not matches(library().get("Vinst"), named)
    assert not matches(library().get("Sir Ilivan"), CardFilter(names=["Sir Ilivan"], types=[CardType.ALLY]))


# --- Sir Ilivan, played against a monster, is banished for a Corrupted Soldier -----------------------------------


@pytest.mark.rule("COH-01")
@pytest.mark.rule("SUM-01")
@pytest.mark.parametrize("ilivan_played", [True, False])
def test_sir_ilivan_played_to_defeat_a_monster_is_banished_and_a_corrupted_soldier_is_summoned(
        ilivan_played: bool) -> None:
    """Seelah defeats a Dire Rat (Combat 8) with her Longsword, revealing Sir Ilivan too (1d6): after the
    encounter (the FAQ's errata: not inside it, once the Dire Rat is defeated and gone) he is removed from the
    game and she encounters a Corrupted Soldier (Combat 10), which she defeats with her Longsword again. Without
    Sir Ilivan on the check, he stays in her hand and nothing is summoned."""
    table = Table(strict=True)
    table.scenario(SCENARIO)
    table.location(HERE, ["Dire Rat", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", "Sir Ilivan"], deck=FILLER * 4)
    rat = ["Reveal Longsword: Melee", *(["Reveal Sir Ilivan"] if ilivan_played else []), DONE]
    soldier = ["Reveal Longsword: Melee", DONE] if ilivan_played else []
    table.dice(*([8, 5, 1] if ilivan_played else [8, 5]), *([8, 5] if ilivan_played else []))
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), *rat, *soldier)
    assert outcome == "defeated"
    log = table.game.log
    assert ("Seelah encounters Corrupted Soldier (summoned)" in log) == ilivan_played
    if ilivan_played:
        assert log.index("Dire Rat is defeated") < log.index("Seelah encounters Corrupted Soldier (summoned)")
    assert ("Sir Ilivan" in [card.name for card in table.game.zones.cards(REMOVED)]) == ilivan_played
    assert table.cards(seelah, ZoneKind.HAND) == (["Longsword"] if ilivan_played else ["Longsword", "Sir Ilivan"])


# --- Brimorak ----------------------------------------------------------------------------------------------------


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("weapon", "burned"), [("Longsword", True), ("Mace", False)])
def test_brimorak_is_harder_by_twice_the_adventure_deck_and_burns_a_slashing_check(weapon: str, burned: bool) -> None:
    """In adventure 1 the Brimorak is Combat 14. Seelah beats it (8 + 8 + 3 = 19); with the Slashing Longsword she
    is then dealt 2 Fire damage, with the Bludgeoning Mace none."""
    table = Table(adventure_deck_number=1, strict=True)
    table.location(HERE, ["Brimorak"])
    seelah = table.character("Seelah", at=HERE, hand=[weapon, *FILLER * 3], deck=FILLER * 4)
    table.dice(8, 8)
    answers = ["Discard Blessing of Ascension"] * 2 if burned else []
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), f"Reveal {weapon}: Melee", DONE, *answers,
                        "Don't try")
    log = table.game.log
    assert outcome == "defeated" and "Seelah succeeded at Melee 2d8+3 against 14: rolled 19" in log
    assert ("Seelah is dealt 2 Fire damage" in log) == burned
    assert len(table.cards(seelah, ZoneKind.DISCARD)) == (2 if burned else 0)


# --- Savash ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHK-02")
def test_savash_burns_each_local_character_before_seelah_acts_then_takes_two_combat_checks() -> None:
    """Before Seelah acts, she and Kyra beside her are each dealt 1d4 Fire damage (1 each). Then Seelah beats
    Combat 12 (8 + 5 + 3 = 16) and Combat 14 (8 + 5 + 3 = 16): with nowhere to escape, Savash is defeated."""
    table = Table(strict=True)
    table.location(HERE, ["Savash"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 3], deck=FILLER * 4)
    kyra = table.character("Kyra", at=HERE, hand=FILLER * 2, deck=FILLER * 2)
    table.dice(1, 1, 8, 5, 8, 5)
    with pytest.raises(ScenarioOver, match="Savash is defeated"):
        table.run(encounter(table.game, seelah, table.top(HERE)), "Discard Blessing of Ascension",
                  "Discard Blessing of Ascension", "Seelah", "Reveal Longsword: Melee", DONE, DONE,  # Kyra plays none
                  "Seelah", "Reveal Longsword: Melee", DONE, DONE)
    log = table.game.log
    assert "Seelah is dealt 1 Fire damage" in log and "Kyra is dealt 1 Fire damage" in log
    assert "Seelah succeeded at Melee 2d8+3 against 14: rolled 16" in log
    assert len(table.cards(kyra, ZoneKind.DISCARD)) == 1


# --- the Befouled Altar and the Family Tomb ----------------------------------------------------------------------


@pytest.mark.parametrize(("blessing", "buried"), [("Blessing of Iomedae", True), ("Blessing of Baphomet", False)])
def test_a_blessing_without_the_corrupted_trait_played_at_the_befouled_altar_is_buried(
        blessing: str, buried: bool) -> None:
    table = Table(strict=True)
    seelah = table.character("Seelah", at="Befouled Altar", hand=[blessing], deck=FILLER)
    table.dice(4, 4)
    table.run(attempt_checks(table.game, seelah, "Strength 6", Purpose.OTHER), "Strength", f"Discard {blessing}",
              DONE)
    assert table.cards(seelah, ZoneKind.BURIED) == ([blessing] if buried else [])
    assert table.cards(seelah, ZoneKind.DISCARD) == ([] if buried else [blessing])


def test_acquiring_a_boon_at_the_family_tomb_lets_you_examine_the_top_card_of_its_deck() -> None:
    """Seelah acquires a Mace (Strength or Melee 4: her d8 rolls 8) and looks at the Zombie below it."""
    table = Table(strict=True)
    table.location("Family Tomb", ["Mace", "Zombie"])
    seelah = table.character("Seelah", at="Family Tomb", deck=FILLER * 2)
    table.dice(8)
    outcome = table.run(encounter(table.game, seelah, table.top("Family Tomb")), "Attempt", "Strength", DONE,
                        "Use Family Tomb")
    assert outcome == "acquired" and table.cards(seelah, ZoneKind.HAND) == ["Mace"]
    assert "Zombie" in " ".join(table.game.log)
