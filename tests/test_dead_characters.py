"""A dead character does nothing more (DEATH-01): "You cannot take turns, play cards, move, or do anything else for
the rest of this scenario." No power names them, no question is asked of them, and what they were doing stops.

The sweep at the end plays random and heuristic games of every scenario, for parties of 1 to 4, through the Game
object, and fails on any decision that goes to a dead character; `PACG_LONG=1` plays 20,000 of them
(`test_twenty_thousand_games_ask_nothing_of_the_dead`).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from pacg.agents import make_agent
from pacg.decisions import Decision
from pacg.engine.damage import die
from pacg.engine.effects.turn import move_to
from pacg.engine.state import TurnState
from pacg.engine.summon import summon_and_encounter
from pacg.engine.zones import ZoneKind, box
from pacg.game import Agent, Game, new_game, play
from table import Table, library
from test_random_games import CHARACTERS, SCENARIOS

pytestmark = pytest.mark.rule("DEATH-01")


@pytest.mark.parametrize("dead", [True, False])
def test_a_dead_character_is_not_asked_to_move_along(dead: bool) -> None:
    """Under the Broken City: when you move on your turn, another character at your location may come along (and
    then a random monster joins the location left). Balazar, dead at the Cavern, is not asked when Imrijka leaves
    it; alive, he is, and coming along adds the monster."""
    table = Table()
    table.scenario("Under the Broken City")
    table.location("Cavern", ["Cure"])
    table.location("Canyon")
    imrijka = table.character("Imrijka", at="Cavern")
    balazar = table.character("Balazar", at="Cavern")
    if dead:
        die(table.game, balazar, "a test")
    table.game.turn = TurnState(imrijka)
    table.run(move_to(table.game, imrijka, "Canyon"), *([] if dead else ["Yes"]))
    assert [decision.player for decision in table.decisions] == ([] if dead else ["Balazar"])
    assert balazar.location == ("Cavern" if dead else "Canyon")
    assert len(table.deck("Cavern")) == (1 if dead else 2)


def test_a_character_who_dies_before_acting_against_a_summoned_card_attempts_no_check() -> None:
    """On Harsk's turn Seelah, her deck empty, summons and encounters a Carrion Golem: before she acts it makes her
    discard the top card of her deck, which she can't, so she dies. The encounter ends there: no check, no skill
    to choose, nothing of the Golem's for when it is undefeated; the summoned Golem goes back to the box."""
    table = Table(strict=True)
    table.location("Armory")
    harsk = table.character("Harsk", at="Armory", hand=["Shortbow"], deck=["Cure"])
    seelah = table.character("Seelah", at="Armory", hand=["Longsword"])
    table.game.turn = TurnState(harsk)
    golems = len([card for card in table.game.zones.cards(box("monster")) if card.name == "Carrion Golem"])
    outcome = table.run(summon_and_encounter(table.game, seelah, "Carrion Golem"))
    assert outcome == "ended" and not seelah.alive and not table.decisions
    assert table.logged("The encounter with Carrion Golem ends: Seelah is dead")
    assert table.cards(seelah, ZoneKind.BURIED) == ["Longsword"]
    assert len([card for card in table.game.zones.cards(box("monster")) if card.name == "Carrion Golem"]) == golems
    assert table.cards(harsk, ZoneKind.DECK) == ["Cure"] and harsk.alive


# --- the sweep: no decision goes to the dead ---------------------------------------------------------------------


class AskingTheLiving:
    """An agent that answers as another does, and fails the test when the decision it is handed is for a dead
    character (its seat's own view says whether it lives)."""

    def __init__(self, agent: Agent, where: str) -> None:
        self.agent = agent
        self.where = where

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        assert view["you"]["alive"], f"{self.where}: {decision.kind} decision for dead {decision.player}: " \
                                     f"{decision.prompt!r}"
        return self.agent.act(view, decision)


def sweep_game(number: int, rng: random.Random, agent_kind: str) -> Game:
    """One game of a random scenario and party of 1 to 4, every seat answered by an agent of this kind that
    checks it is never asked anything once dead."""
    scenario = SCENARIOS[number % len(SCENARIOS)]
    party = rng.sample(CHARACTERS, rng.randint(1, 4))
    seed = rng.randrange(2**32)
    where = f"{scenario}, {party}, seed {seed}, {agent_kind}"
    game = new_game(scenario, party, seed, library=library())
    play(game, AskingTheLiving(make_agent(agent_kind, seed), where))
    return game


@pytest.mark.plays_at_random
@pytest.mark.parametrize("agent_kind", ["random", "heuristic"])
def test_random_and_heuristic_games_of_every_scenario_ask_nothing_of_the_dead(agent_kind: str) -> None:
    """Games of every scenario, parties of 1 to 4; with deaths among them, so the check can fail."""
    rng = random.Random(f"the dead, {agent_kind}")
    games = [sweep_game(number, rng, agent_kind) for number in range(28 if agent_kind == "random" else 14)]
    assert {game.setup.scenario for game in games} == set(SCENARIOS)
    assert {len(game.setup.characters) for game in games} == {1, 2, 3, 4}
    assert any(game.outcome and game.outcome["dead"] for game in games), "no one died: the check shows nothing"


@pytest.mark.slow
@pytest.mark.plays_at_random
@pytest.mark.skipif(os.environ.get("PACG_LONG") != "1", reason="20,000 games: set PACG_LONG=1 to run")
def test_twenty_thousand_games_ask_nothing_of_the_dead() -> None:
    """20,000 games, half random and half heuristic, over every scenario and parties of 1 to 4:

        PACG_LONG=1 python3 -m pytest -q -s tests/test_dead_characters.py -k twenty_thousand

    prints, for each agent, the games, the decisions and the games in which someone died.
    """
    rng = random.Random("twenty thousand games and the dead")
    games: Counter[str] = Counter()
    with_deaths: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for number in range(20_000):
        kind = "random" if number % 2 else "heuristic"
        game = sweep_game(number, rng, kind)
        games[kind] += 1
        with_deaths[kind] += bool(game.outcome and game.outcome["dead"])
        decisions[kind] += len(game.actions)
    for kind in games:
        print(f"{kind}: {games[kind]} games, {decisions[kind]} decisions, {with_deaths[kind]} games with a death; "
              "no decision for a dead character")
    assert all(with_deaths.values())
