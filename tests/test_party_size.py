"""Parties of 1 to 6 (REB-03: the base set builds at most 4 character decks at once, the Character Add-On Deck, which
this box holds, 6). A party of 5 or 6 sets out the scenario's locations listed up to its size (SETUP-05), one villain
or henchman in each location deck, the last henchman filling the stack (SETUP-07), and plays to the end; a party of
7 is refused."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.cards.model import Scenario
from pacg.cards.vocabulary import MAX_PARTY, CardType
from pacg.decisions import run
from pacg.engine.setup import SetupError, new_game, set_up
from pacg.game import new_game as new_game_object
from pacg.tables import TableError, parse_table
from table import library

CHARACTERS = sorted(card.name for card in library().of_type(CardType.CHARACTER))
SCENARIOS = sorted(card.name for card in library().of_type(CardType.SCENARIO))


def _party(scenario: str, size: int) -> list[str]:
    return random.Random(f"{scenario} {size}").sample(CHARACTERS, size)


@pytest.mark.rule("REB-03")
@pytest.mark.rule("SETUP-05")
@pytest.mark.rule("SETUP-07")
@pytest.mark.parametrize("size", [5, 6])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_party_of_5_or_6_sets_out_the_locations_for_its_size(scenario: str, size: int) -> None:
    card = library().typed(scenario, Scenario)
    game = new_game(library(), scenario, _party(scenario, size), seed=size)
    run(set_up(game), lambda decision: 0)
    game.zones.check_conservation()
    assert list(game.locations) == card.locations_for(size)
    assert len(game.locations) == len(card.locations_for(1)) + size - 1, "one location more for each player"
    stack = [found.name for location in game.locations.values() for found in game.zones.cards(location.deck)
             if found.type in (CardType.VILLAIN, CardType.HENCHMAN)]
    wanted = [*card.villains, *card.henchmen][:len(game.locations)]
    wanted += [card.henchmen[-1]] * (len(game.locations) - len(wanted))
    assert Counter(stack) == Counter(wanted)
    for character in game.characters:  # (a setup power may bury some: Under the Broken City's)
        held = [game.zones.cards(pile) for pile in (character.deck, character.hand, character.buried)]
        assert sum(map(len, held)) >= sum(entry.start for entry in character.card.cards_list.values())


@pytest.mark.rule("REB-03")
@pytest.mark.plays_at_random
@pytest.mark.parametrize("size", [5, 6])
def test_a_party_of_5_or_6_plays_every_scenario_to_its_end(size: int) -> None:
    for number, scenario in enumerate(SCENARIOS):
        party = _party(scenario, size)
        game = new_game_object(scenario, party, seed=number, library=library())
        agent = RandomAgent(number)
        while (decision := game.decision) is not None:
            game.apply(agent.act(game.agent_view(decision.player), decision))
        assert game.outcome is not None and game.outcome["result"] in ("won", "lost"), scenario
        assert game.outcome["characters"] == party


@pytest.mark.rule("REB-03")
def test_a_party_of_7_is_refused() -> None:
    assert MAX_PARTY == 6
    with pytest.raises(SetupError, match=r"^a party has 1 to 6 characters, not 7$"):
        new_game_object("The Godless Ones", CHARACTERS[:7], seed=1, library=library())


@pytest.mark.rule("REB-03")
def test_a_table_file_seats_6_characters_and_no_more() -> None:
    seats = [{"name": name, "location": "Armory"} for name in CHARACTERS]
    table = {"scenario": "The Godless Ones", "locations": [{"name": "Armory"}]}
    assert len(parse_table({**table, "characters": seats[:6]}, library()).characters) == 6
    with pytest.raises(TableError, match="characters: List should have at most 6 items"):
        parse_table({**table, "characters": seats[:7]}, library())
