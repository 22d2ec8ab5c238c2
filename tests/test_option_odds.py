"""Odds that are true (DESIGN.md 6, issue 12): the probability shown on an option is the exact probability of the
check that choosing it produces, before any further plays.

Over random games, at every decision whose options carry odds (the skill for a check, the plays on a check), each
option is chosen on a copy of the game (`Game.clone`), which then goes on with no further play until the check
shows itself: the next play window on it (its context's "probability") or its result in the log (its dice pool
and difficulty, whose exact odds are worked out anew here). The games open every play window (`ask_always`), so
that a check with plays left always shows its odds before it is rolled.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction

import pytest

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.dice import DicePool
from pacg.game import Game
from table import library

GAMES = 1000 if os.environ.get("PACG_LONG") == "1" else 40
PARTIES = (["Harsk", "Kyra"], ["Seelah"], ["Balazar", "Crowe", "Seoni"], ["Alain", "Enora", "Imrijka", "Shardra"],
           ["Adowyn"])
RESULT = re.compile(r"(?:succeeded|failed) at \w+ (?P<pool>\S+) against (?P<difficulty>-?\d+)(?P<rolled>: rolled)?")


def _check_it_leads_to(game: Game, action: str) -> Fraction:
    """The odds of the check the action leads to, read where the game next shows them: on a copy, the action
    taken, then the first option (no play, keep, stay) until the check's next play window or its result."""
    copy = game.clone()
    logged = len(copy.log)
    copy.apply(action)
    for _ in range(200):
        for line in copy.log[logged:]:
            if (found := RESULT.search(line)) is not None:
                if not found["rolled"]:
                    return Fraction(1)  # an automatic success is not rolled
                pool = DicePool.parse(found["pool"])
                return pool.probability_at_least(int(found["difficulty"]))
        decision = copy.decision
        assert decision is not None, "the game ended before the check"
        if "probability" in decision.context:
            return Fraction(decision.context["probability"])
        logged = len(copy.log)
        copy.apply(decision.options[0].id)
    raise AssertionError("no check came of the option")


@pytest.mark.plays_at_random
@pytest.mark.parametrize("number", range(GAMES))
def test_every_option_shows_the_odds_of_the_check_it_leads_to(number: int) -> None:
    party = PARTIES[number % len(PARTIES)]
    game = pacg.new_game("The Godless Ones", party, seed=number, library=library(), ask_always=True)
    agent = RandomAgent(number)
    shown = 0
    while (decision := game.decision) is not None:
        odds = decision.context.get("odds")
        if isinstance(odds, list):
            for option, chance in zip(decision.options, odds, strict=True):
                if chance is None:
                    continue
                shown += 1
                real = _check_it_leads_to(game, option.id)
                if Fraction(chance) == 0 and real > 0:
                    continue  # a check that can't succeed: its result line shows the dice, not the "can't"
                assert Fraction(chance) == real, (decision.prompt, option.label, chance, real)
        game.apply(agent.act({}, decision))


@pytest.mark.plays_at_random
def test_nearly_every_option_on_a_check_shows_its_odds() -> None:
    """Odds are left out only where the option's outcome isn't known before it is chosen (a "choose one"): in
    random games, more than nine options in ten that lead to a check show the odds of the check."""
    shown = unknown = 0
    for number in range(12):
        game = pacg.new_game("The Godless Ones", PARTIES[number % len(PARTIES)], seed=number, library=library())
        agent = RandomAgent(number)
        while (decision := game.decision) is not None:
            odds = decision.context.get("odds")
            if isinstance(odds, list):
                shown += sum(chance is not None for chance in odds)
                unknown += sum(chance is None for chance in odds)
            game.apply(agent.act({}, decision))
    assert shown > 9 * unknown and shown > 50
