"""Vengeance at Sundered Crag (adventure B, scenario 5): the scenario card, its villain Thurl and Inhaz, the cohort
Vinst, and the rulebook's example of the scenario's cohorts (Support Cards, page 23), step by step.

Seelah: Strength 1d8, Melee +3; Dexterity 1d4. Harsk: Dexterity 1d8. Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.cards.model import Bane, Cohort, Location, Scenario
from pacg.cards.powers import Timing
from pacg.cards.vocabulary import CardType
from pacg.decisions import run
from pacg.engine.box import first_in_box
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.setup import SetupError, add_cohorts, new_game, set_up
from pacg.engine.state import TurnState
from pacg.engine.window import play_window
from pacg.engine.zones import REMOVED, ZoneKind
from table import Table, card, kind_of, library

SCENARIO = "Vengeance at Sundered Crag"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of
DONE = "Done"
HERE = "Watchtower"  # a location with no powers for these encounters


# --- the scenario card ------------------------------------------------------------------------------------------


def test_the_scenario_names_its_villain_fill_henchman_locations_and_cohorts() -> None:
    scenario = library().typed(SCENARIO, Scenario)
    assert library().typed("Thurl and Inhaz", Bane).type is CardType.VILLAIN
    assert scenario.henchmen == ("Unfettered Eidolon",)
    assert scenario.locations_for(4) == ["Abattoir", "Sanctum", "Abyssal Rift", "Torture Chamber", "Abyssal River"]
    assert all(isinstance(library().get(name), Location) for name in scenario.locations_for(6))
    assert all(isinstance(library().get(name), Cohort) for name in scenario.cohorts)


@pytest.mark.rule("SETUP-05")
@pytest.mark.rule("SETUP-07")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_villain_and_unfettered_eidolons_go_one_into_each_location_deck(players: int) -> None:
    """The card lists 2 locations for 1 player and one more for each other player (inventory.json): Thurl and
    Inhaz is in one of them, an Unfettered Eidolon in each of the others."""
    party = ["Seelah", "Kyra", "Harsk", "Enora"][:players]
    game = new_game(library(), SCENARIO, party, seed=players)
    run(set_up(game), RandomAgent(players))
    banes = [card.name for location in game.locations.values()
             for card in game.zones.cards(location.deck) if card.type in (CardType.VILLAIN, CardType.HENCHMAN)]
    assert len(game.locations) == players + 1
    assert sorted(banes) == ["Thurl and Inhaz"] + ["Unfettered Eidolon"] * players


# --- the rulebook's example of cohorts ---------------------------------------------------------------------------


@pytest.mark.rule("SETUP-11")
@pytest.mark.rule("COH-01")
def test_the_rulebooks_cohorts_example_for_vengeance_at_sundered_crag() -> None:
    """Balazar, Alain, Kyra and Seelah play Vengeance at Sundered Crag. Sir Ilivan was banished in the previous
    scenario, so he was removed from the game. All draw their starting hands; Balazar puts his cohort Padrig in his
    hand, Alain his Donahan. Of the scenario's cohorts only Cecilla the Uprooter and Vinst are in the box: Balazar
    adds Cecilla to his hand and Kyra adds Vinst to hers; Seelah is left none to take."""
    party = ["Balazar", "Alain", "Kyra", "Seelah"]
    table = Table.for_scenario(SCENARIO, party, seed=5, strict=True, removed=["Sir Ilivan"])
    game = table.game
    assert first_in_box(game, "Sir Ilivan") is None
    assert [card.name for card in game.zones.cards(REMOVED)] == ["Sir Ilivan"]

    table.run(set_up(game), *["No more trades"] * 4, "Sanctum", "Sanctum", "Abattoir", "Abyssal Rift",
              "Take Cecilla the Uprooter",  # Balazar
              "No cohort",  # Alain
              "Take Vinst")  # Kyra; Seelah is not asked: the box holds none of the scenario's cohorts any more
    cohorts = [decision for decision in table.decisions if kind_of(decision) == "cohort"]
    assert [(decision.player, [option.label for option in decision.options]) for decision in cohorts] == [
        ("Balazar", ["No cohort", "Take Cecilla the Uprooter", "Take Vinst"]),
        ("Alain", ["No cohort", "Take Vinst"]),
        ("Kyra", ["No cohort", "Take Vinst"]),
    ]
    balazar, alain, kyra, seelah = game.characters
    hands = {character.name: table.cards(character, ZoneKind.HAND) for character in game.characters}
    cohorts_in_hand = {name: sorted(card for card in hand if game.library.get(card).type is CardType.COHORT)
                       for name, hand in hands.items()}
    assert cohorts_in_hand == {"Balazar": ["Cecilla the Uprooter", "Padrig"], "Alain": ["Donahan"],
                               "Kyra": ["Vinst"], "Seelah": []}
    for character in game.characters:  # the cohorts come on top of the starting hands (SETUP-10)
        assert len(hands[character.name]) == character.hand_size + len(cohorts_in_hand[character.name])
    assert [c.location for c in (balazar, alain, kyra, seelah)] == ["Sanctum", "Sanctum", "Abattoir", "Abyssal Rift"]


@pytest.mark.rule("SETUP-11")
@pytest.mark.rule("COH-01")
def test_a_cohort_removed_from_the_game_is_not_used_again_even_if_the_character_card_lists_it() -> None:
    """Padrig was banished in an earlier scenario: Balazar starts without him, and takes Vinst instead."""
    table = Table.for_scenario(SCENARIO, ["Balazar"], strict=True, removed=["Padrig"])
    [balazar] = table.game.characters
    table.run(add_cohorts(table.game, table.scenario(SCENARIO)), "Take Vinst")
    assert table.cards(balazar, ZoneKind.HAND) == ["Vinst"]


@pytest.mark.rule("COH-01")
def test_a_banished_cohort_is_removed_from_the_game_and_a_later_scenario_can_leave_it_out_of_the_box() -> None:
    """A test cohort banished to draw a card is removed from the game, not returned to the box; the next
    scenario is set up without it, as the rulebook's example sets up Sundered Crag without Sir Ilivan."""
    squire = card("""
name: Test Squire
type: cohort
set: B
provenance: standin
notes: A test cohort that is banished for its power.
powers:
- when: any time
  action: banish
  effects: [draw: 1]
""")
    table = Table(extra_cards=[squire], strict=True)
    seelah = table.character("Seelah", at="Sanctum", hand=["Test Squire"], deck=["Mace"])
    table.game.turn = TurnState(seelah)
    table.run(play_window(Step(game=table.game, checker=seelah, timing=Timing.ANY_TIME), [seelah]),
              "Banish Test Squire")
    assert table.cards(seelah, ZoneKind.HAND) == ["Mace"]
    removed = [card.name for card in table.game.zones.cards(REMOVED)]
    assert removed == ["Test Squire"] and first_in_box(table.game, "Test Squire") is None
    cards = table.game.library
    assert first_in_box(new_game(cards, SCENARIO, ["Seelah"]), "Test Squire") is not None
    next_game = new_game(cards, SCENARIO, ["Seelah"], removed=removed)
    assert first_in_box(next_game, "Test Squire") is None
    assert [card.name for card in next_game.zones.cards(REMOVED)] == ["Test Squire"]
    with pytest.raises(SetupError, match="the box holds no Sir Ilivan"):
        new_game(library(), SCENARIO, ["Seelah"], removed=["Sir Ilivan", "Sir Ilivan"])
    with pytest.raises(SetupError, match=r"unknown card 'Sir Ilivian' \(did you mean: Sir Ilivan\?\)"):
        new_game(library(), SCENARIO, ["Seelah"], removed=["Sir Ilivian"])


# --- Thurl and Inhaz --------------------------------------------------------------------------------------------


@pytest.mark.rule("CHK-02")
@pytest.mark.rule("DMG-01")
def test_thurl_and_inhaz_burn_who_fails_dexterity_8_then_take_a_combat_check_for_each_of_the_pair() -> None:
    """Before Seelah acts, she and Harsk beside her attempt Dexterity or Acrobatics 8: Seelah (d4) rolls 3 and is
    dealt 1d4 Fire damage (a 2); Harsk (d8) rolls 8. Then Seelah beats Thurl's Combat 12 with her Longsword (8 +
    5 + 3 = 16) but not Inhaz's Combat 15 (8 + 3 = 11): she is dealt 4 damage and the pair is undefeated."""
    table = Table(strict=True)
    table.location(HERE, ["Thurl and Inhaz", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 6], deck=FILLER * 4)
    table.character("Harsk", at=HERE, hand=["Shortbow"], deck=FILLER * 3)
    table.dice(3, 2, 8, 8, 5, 8)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)),
                        "Dexterity", DONE, "Discard Blessing", "Discard Blessing",  # Seelah's check and the fire
                        "Dexterity", DONE,  # Harsk's check, on which Seelah plays nothing
                        "Seelah", "Reveal Longsword: Melee", DONE,  # Thurl's Combat 12
                        "Seelah", "Melee", DONE,  # Inhaz's Combat 15
                        "Discard Longsword", *["Discard Blessing"] * 3)
    log = table.game.log
    assert "Seelah is dealt 2 Fire damage" in log and "Harsk succeeded at Dexterity 1d8 against 8: rolled 8" in log
    assert "Seelah succeeded at Melee 2d8+3 against 12: rolled 16" in log
    assert "Seelah failed at Melee 1d8+3 against 15: rolled 11" in log and "Seelah is dealt 4 Combat damage" in log
    assert outcome == "undefeated" and sorted(table.deck(HERE)) == ["Mace", "Thurl and Inhaz"]


# --- Vinst ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CLOSE-01")
@pytest.mark.parametrize(("bane", "offered"), [("Unfettered Eidolon", True), ("Dire Rat", False)])
def test_vinst_returns_to_the_box_to_close_the_location_of_a_henchman_any_character_defeats(
        bane: str, offered: bool) -> None:
    """Seelah defeats the card with her Longsword (8 + 5 + 3 = 16); Kyra, at another location, returns Vinst to the
    box: Seelah closes the Watchtower at once, without its When Closing check, and Vinst stays in the game. A
    monster gives no such chance."""
    table = Table(strict=True)
    watchtower = table.location(HERE, [bane, "Mace", "Zombie"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword"], deck=FILLER * 4)
    kyra = table.character("Kyra", at="Abyssal Rift", hand=["Vinst"])
    table.dice(8, 5)
    answers = ["Return Vinst to the box"] if offered else []
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", DONE, *answers)
    assert outcome == "defeated"
    assert table.offered("Return Vinst") == offered
    assert not table.offered("Close Watchtower"), "no When Closing requirement is attempted"
    assert watchtower.closed == offered and (table.deck(HERE) == []) == offered
    assert table.cards(kyra, ZoneKind.HAND) == ([] if offered else ["Vinst"])
    assert (first_in_box(table.game, "Vinst") is not None) == offered, "returned to the box, not removed"
    assert ("Kyra returns Vinst to the box" in table.game.log) == offered


@pytest.mark.rule("CLOSE-03")
def test_a_location_vinst_closes_with_the_villain_in_its_deck_stays_open_and_keeps_only_the_villain() -> None:
    table = Table()
    watchtower = table.location(HERE, ["Unfettered Eidolon", "Thurl and Inhaz", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword"], deck=FILLER * 4)
    table.character("Kyra", at=HERE, hand=["Vinst"])
    table.dice(8, 5)
    table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", DONE,
              "Return Vinst to the box")
    assert not watchtower.closed and table.deck(HERE) == ["Thurl and Inhaz"]
