"""The story cards (issue 28, "Story cards"): the two adventures of the box and the Wrath of the Righteous Adventure
Path, in order; every scenario's reward (END-03); the three scenarios The Elven Entanglement, Lair of the Vile and
Vicious and Tracking Down Templars, set up and played; The Elven Entanglement's Animal rule on a real game; and the
powers of the banes those scenarios brought.

Seelah: Strength 1d8, Melee +3, Wisdom 1d8, Divine +1; Kyra: Wisdom 1d12, Divine +2. Dice faces are scripted
largest die first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.cards.model import Adventure, AdventurePath, Location, Scenario
from pacg.cards.vocabulary import CardType
from pacg.decisions import run
from pacg.engine.encounter import encounter
from pacg.engine.scenario import give_reward
from pacg.engine.setup import new_game, set_up
from pacg.engine.state import CharacterState
from pacg.engine.zones import ZoneKind
from table import Table, answer, library
from test_random_games import CHARACTERS, check_outcome, watched_game

TABLES = Path(__file__).with_name("tables")
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of
DONE = "Done"
HERE = "Watchtower"  # its powers are for boons and closing: none acts in these encounters
ELSEWHERE = "Wounded Lands"
NEW_SCENARIOS = ["The Elven Entanglement", "Lair of the Vile and Vicious", "Tracking Down Templars"]


# --- the adventures and the Adventure Path ------------------------------------------------------------------------


@pytest.mark.rule("SETUP-04")
def test_the_adventures_list_their_scenarios_in_order_and_each_is_in_the_library() -> None:
    into = library().typed("Into the Worldwound", Adventure)
    incursion = library().typed("The Worldwound Incursion", Adventure)
    assert into.scenarios == ("The Godless Ones", "The Elven Entanglement", "The Wardstone Patrol",
                              "The Traitor's Lodge", "Vengeance at Sundered Crag")
    assert incursion.scenarios == ("The Fall of Kenabres", "Under the Broken City", "Lair of the Vile and Vicious",
                                   "Tracking Down Templars", "The Wardstone Legacy")
    assert (into.set, incursion.set) == ("B", "1")
    for adventure in (into, incursion):
        for name in adventure.scenarios:
            assert isinstance(library().get(name), Scenario)
            assert library().get(name).set == adventure.set  # a scenario comes with its adventure's deck


@pytest.mark.rule("SETUP-04")
def test_the_adventure_path_begins_with_the_worldwound_incursion() -> None:
    """The rulebook: the Adventure Path card lists its adventures "starting with The Worldwound Incursion"; Into the
    Worldwound is played before it. The later adventures' decks are not in the box."""
    path = library().typed("Wrath of the Righteous", AdventurePath)
    assert path.adventures == ("The Worldwound Incursion",)
    assert all(isinstance(library().get(name), Adventure) for name in path.adventures)
    assert sorted(card.name for card in library().of_type(CardType.ADVENTURE)) == [
        "Into the Worldwound", "The Worldwound Incursion"]


@pytest.mark.rule("END-06")
@pytest.mark.rule("END-07")
def test_the_adventures_and_the_path_reward() -> None:
    into = library().typed("Into the Worldwound", Adventure)
    incursion = library().typed("The Worldwound Incursion", Adventure)
    path = library().typed("Wrath of the Righteous", AdventurePath)
    assert into.reward is not None and into.reward.feat == "skill"
    assert incursion.reward is not None and incursion.reward.mythic_path and incursion.reward.feat is None
    assert path.reward is not None and path.reward.feat == "any"


@pytest.mark.rule("END-03")
def test_every_scenario_has_a_reward_whose_cards_the_box_can_give() -> None:
    for scenario in library().of_type(CardType.SCENARIO):
        assert isinstance(scenario, Scenario)
        reward = scenario.reward
        assert reward is not None, scenario.name
        assert reward.feat is not None or reward.loot or reward.draw_random is not None, scenario.name


@pytest.mark.rule("END-03")
def test_a_won_elven_entanglement_gives_each_character_a_random_ranged_weapon() -> None:
    table = Table()
    table.scenario("The Elven Entanglement")
    seelah = table.character("Seelah", at=HERE)
    kyra = table.character("Kyra", at=HERE)
    given = table.run(give_reward(table.game))
    for character in (seelah, kyra):
        (weapon,) = table.game.zones.cards(character.hand)
        assert weapon.type is CardType.WEAPON and "Ranged" in weapon.traits
    assert given == [f"Seelah draws {table.cards(seelah, ZoneKind.HAND)[0]}",
                     f"Kyra draws {table.cards(kyra, ZoneKind.HAND)[0]}"]


@pytest.mark.rule("END-03")
def test_a_won_tracking_down_templars_gives_a_card_feat() -> None:
    table = Table(adventure_deck_number=1)
    table.scenario("Tracking Down Templars")
    table.character("Seelah", at=HERE)
    assert table.run(give_reward(table.game)) == ["each character gains a card feat"]


# --- the three scenarios: setup and whole games ---------------------------------------------------------------


SETUPS = {
    "The Elven Entanglement": ("Fihralaz", ["Vescavor Swarm"], "Tangle Trap",
                               ["Dark Forest", "Watchtower", "Wounded Lands", "Cemetery", "Abyssal River",
                                "Guardpost"]),
    "Lair of the Vile and Vicious": ("Hosilla", ["Wenduag", "Uziel"], "Mongrel Traitor",
                                     ["Armory", "Sacristy", "Mongrel Village", "Cavern", "Abattoir", "Cell"]),
    "Tracking Down Templars": ("Faxon", ["Vagorg"], "Cultist of Baphomet",
                               ["Defender's Heart", "Laboratory", "Tower of Estrod", "Occult Library", "Cemetery",
                                "Manor House"]),
}


@pytest.mark.rule("SETUP-05")
@pytest.mark.rule("SETUP-07")
@pytest.mark.parametrize("scenario", NEW_SCENARIOS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_scenario_sets_up_its_villain_henchmen_and_locations(scenario: str, players: int) -> None:
    """players + 2 locations; the villain in one deck, the named henchmen next, the fill henchman in the rest."""
    villain, named, fill, locations = SETUPS[scenario]
    card = library().typed(scenario, Scenario)
    assert card.villains == (villain,) and card.henchmen == (*named, fill)
    assert all(isinstance(library().get(name), Location) for name in card.locations_for(6))
    party = ["Seelah", "Kyra", "Harsk", "Enora"][:players]
    game = new_game(library(), scenario, party, seed=players)
    run(set_up(game), RandomAgent(players))
    assert list(game.locations) == locations[:players + 2]
    banes = sorted(card.name for location in game.locations.values() for card in game.zones.cards(location.deck)
                   if card.type in (CardType.VILLAIN, CardType.HENCHMAN))
    stack = [villain, *named, *[fill] * (players + 2 - 1 - len(named))]
    assert banes == sorted(stack)


@pytest.mark.plays_at_random
@pytest.mark.parametrize("scenario", NEW_SCENARIOS)
def test_the_scenario_plays_to_its_end_with_random_parties_of_1_to_4(scenario: str) -> None:
    for size in range(1, 5):
        party = [CHARACTERS[(5 * size + number) % len(CHARACTERS)] for number in range(size)]
        _, outcome, _ = watched_game(party, 700 + size, size, scenario=scenario)
        check_outcome(outcome, party, 700 + size, scenario)


# --- The Elven Entanglement: an Animal becomes a Carnivorous Stump -----------------------------------------------


def _box(game: pacg.Game) -> dict[str, int]:
    table = game.table()
    named = [name for character in table["characters"] for pile in ("hand", "deck", "discard", "buried")
             for name in character.get(pile, [])]
    named += [name for location in table["locations"] for name in location.get("deck", [])]
    return {name: named.count(name) for name in ("Dire Rat", "Carnivorous Stump", "Mace")}


@pytest.mark.rule("SUM-01")
@pytest.mark.rule("SUM-02")
def test_an_animal_encountered_in_the_elven_entanglement_is_banished_for_a_carnivorous_stump() -> None:
    """Seelah explores the Dark Forest: its top card, the Dire Rat, has the Animal trait. It is banished, and she
    summons and encounters a Carnivorous Stump (Combat 10), which she defeats with her Longsword (8 + 5 = 13); the
    Stump goes back to the box, the Dire Rat is gone from the forest, and the Mace below it is the next card."""
    game = pacg.new_game(table=TABLES / "elven-entanglement.yaml")
    answer(game, "Explore Dark Forest", "Reveal Longsword: Strength", DONE, "End exploring", "Done discarding")
    log = game.log
    assert "Seelah encounters Dire Rat" in log
    assert log.index("Seelah encounters Carnivorous Stump (summoned)") < log.index("Dire Rat is banished")
    assert "Seelah succeeded at Strength 2d8 against 10: rolled 13" in log and "Carnivorous Stump is defeated" in log
    assert "Dire Rat is defeated" not in log and "Dire Rat is undefeated" not in log
    assert game.table()["locations"][0]["deck"] == ["Mace"]
    assert _box(game) == {"Dire Rat": 0, "Carnivorous Stump": 0, "Mace": 2}  # Seelah's deck holds the other Mace


def test_a_card_without_the_animal_trait_is_encountered_as_usual() -> None:
    """The same table with the Mace on top: Seelah encounters it, and nothing is summoned."""
    position = yaml.safe_load((TABLES / "elven-entanglement.yaml").read_text(encoding="utf-8"))
    position["locations"][0]["deck"] = ["Mace", "Dire Rat"]
    position["dice"] = [6]
    game = pacg.new_game(table=position)
    answer(game, "Explore Dark Forest", "Attempt to acquire Mace", "Melee")
    assert "Seelah acquires Mace" in game.log
    assert not any("Carnivorous Stump" in line for line in game.log)


def test_without_the_scenario_the_dire_rat_is_fought() -> None:
    """The power is the scenario's: the same table in The Godless Ones, and Seelah fights the Dire Rat itself."""
    position = yaml.safe_load((TABLES / "elven-entanglement.yaml").read_text(encoding="utf-8"))
    position["scenario"] = "The Godless Ones"
    game = pacg.new_game(table=position)
    answer(game, "Explore Dark Forest", "Reveal Longsword: Strength", DONE)
    assert "Seelah succeeded at Strength 2d8 against 8: rolled 13" in game.log and "Dire Rat is defeated" in game.log
    assert not any("Carnivorous Stump" in line for line in game.log)


# --- the banes --------------------------------------------------------------------------------------------------


def _table(bane: str, character: str, hand: list[str], adventure_deck_number: int = 0) -> tuple[Table, CharacterState]:
    table = Table(adventure_deck_number=adventure_deck_number, strict=True)
    table.location(HERE, [bane])
    table.location(ELSEWHERE, ["Mace"])
    table.blessings(*FILLER * 3)
    return table, table.character(character, at=HERE, hand=hand, deck=FILLER * 4)


@pytest.mark.rule("CHK-14")
@pytest.mark.parametrize(("faces", "close_offered"), [((8, 8), True), ((4, 4), False)])
def test_a_vescavor_swarm_banishes_the_revealed_weapon_and_closes_only_on_a_wide_margin(
        faces: tuple[int, int], close_offered: bool) -> None:
    """Seelah reveals her Longsword (Melee 2d8+3) against Combat 11: after the check she banishes it. Beaten by 8
    (at least 4 plus the adventure deck number 0) it gives her the chance to close the Watchtower; beaten by 0, not."""
    table, seelah = _table("Vescavor Swarm", "Seelah", ["Longsword", *FILLER * 3])
    table.dice(*faces)
    closing = ["Don't try"] if close_offered else []
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", DONE, *closing)
    assert outcome == "defeated" and "Seelah banishes Longsword" in table.game.log
    assert table.cards(seelah, ZoneKind.HAND) == FILLER * 3
    assert table.offered("Don't try to close") == close_offered


def test_a_weapon_discarded_against_a_vescavor_swarm_is_banished_instead() -> None:
    table, seelah = _table("Vescavor Swarm", "Seelah", ["Longsword", *FILLER * 3])
    table.dice(4, 4, 6)
    table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", "Discard Longsword", DONE,
              "Don't try")
    assert "Seelah succeeded at Melee 2d8+1d6+3 against 11: rolled 17" in table.game.log
    assert table.cards(seelah, ZoneKind.DISCARD) == []
    assert "Seelah banishes Longsword" in table.game.log and "Seelah discards Longsword" not in table.game.log


@pytest.mark.parametrize(("bane", "difficulty"), [("Vescavor Swarm", 11), ("Carnivorous Stump", 10)])
def test_an_attack_or_fire_spell_adds_1d8_against_the_swarm_and_the_stump(bane: str, difficulty: int) -> None:
    """Kyra's Fireblade (Divine + 2d4, Attack and Fire) adds the bane's 1d8: the Swarm's for Attack, the Stump's
    for Fire. Defeated from a location deck, the Stump gives the chance to close it."""
    table, kyra = _table(bane, "Kyra", ["Fireblade", *FILLER * 3])
    table.dice(12, 8, 4, 4, 7)
    outcome = table.run(encounter(table.game, kyra, table.top(HERE)), "Discard Fireblade", DONE, "Divine", DONE,
                        "Don't try")
    assert outcome == "defeated"
    assert f"Kyra succeeded at Divine 1d12+1d8+2d4+2 against {difficulty}: rolled 30" in table.game.log


def test_fihralaz_deals_1_combat_damage_before_you_act() -> None:
    table, seelah = _table("Fihralaz", "Seelah", ["Longsword", *FILLER * 3])
    table.dice(8, 8)
    table.run(encounter(table.game, seelah, table.top(HERE)), "Discard Blessing", "Reveal Longsword: Melee", DONE)
    log = table.game.log
    assert log.index("Seelah is dealt 1 Combat damage") < log.index("Seelah reveals Longsword")
    assert "Seelah succeeded at Melee 2d8+3 against 14: rolled 19" in log and "Fihralaz is defeated" in log


def test_hosilla_is_3_harder_after_a_failed_wisdom_check() -> None:
    table, seelah = _table("Hosilla", "Seelah", ["Longsword", *FILLER * 3], adventure_deck_number=1)
    table.dice(2, 8, 8)
    table.run(encounter(table.game, seelah, table.top(HERE)), "Wisdom", DONE, "Reveal Longsword: Melee", DONE)
    log = table.game.log
    assert "Seelah failed at Wisdom 1d8 against 9: rolled 2" in log
    assert "Seelah succeeded at Melee 2d8+3 against 19: rolled 19" in log


def test_an_undefeated_faxon_shuffles_the_top_blessing_into_the_location() -> None:
    table, seelah = _table("Faxon", "Seelah", ["Longsword", *FILLER * 3], adventure_deck_number=1)
    table.dice(1)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Divine", DONE)
    assert outcome == "undefeated"
    assert "The top card of the blessings deck is shuffled into Watchtower" in table.game.log
    assert "Blessing of Ascension" in table.deck(HERE)


def test_a_mongrel_traitor_discards_a_random_ally_before_you_act() -> None:
    table, seelah = _table("Mongrel Traitor", "Seelah", ["Longsword", "Recruit", *FILLER * 2],
                           adventure_deck_number=1)
    table.dice(8, 8)
    table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", DONE, "Don't try")
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Recruit"]
    assert "Seelah succeeded at Melee 2d8+3 against 12: rolled 19" in table.game.log


@pytest.mark.parametrize(("bane", "before", "dice", "difficulty", "damage"), [
    ("Wenduag", [], (8, 8), 13, "Seelah is dealt 1 Combat damage"),
    ("Uziel", ["Divine", DONE], (1, 8, 8), 13, "Seelah is dealt 2 Mental damage"),
    ("Vagorg", [], (2, 8, 8), 14, "Seelah is dealt 2 Combat damage"),
])
def test_the_named_henchmen_of_adventure_1_hurt_before_you_act_and_let_you_close(
        bane: str, before: list[str], dice: tuple[int, ...], difficulty: int, damage: str) -> None:
    """In adventure 1: Wenduag (Combat 12 + AD) deals 1 Combat damage; Uziel (Combat 12 + AD) 2 Mental after a
    failed Wisdom or Divine 8 check; Vagorg (Combat 13 + AD) 1d4 Combat damage (a 2). Each defeated gives the chance
    to close the location."""
    table, seelah = _table(bane, "Seelah", ["Longsword", *FILLER * 3], adventure_deck_number=1)
    table.dice(*dice)
    discards = ["Discard Blessing"] * (1 if bane == "Wenduag" else 2)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), *before, *discards,
                        "Reveal Longsword: Melee", DONE, "Don't try")
    assert outcome == "defeated" and damage in table.game.log
    assert f"Seelah succeeded at Melee 2d8+3 against {difficulty}: rolled 19" in table.game.log
    assert table.offered("Don't try to close Watchtower")
