"""A player that looks ahead: determinized Monte Carlo search over imagined copies of the game (DESIGN.md 5).

At a decision worth thinking about, it imagines the game several times (`SeatView.imagine`: every card its
seat hasn't seen dealt anew, the dice to come unknown), and in each imagined game it tries each of its best few
actions, then lets heuristic players play every seat for a few turns (`horizon`), or to the end. A game that ended
counts 1 if won and 0 if lost; one still going counts the chance the party wins from there (`value.win_chance`).
Every action meets the same imagined games, so luck counts alike for each; an action is taken instead of the
heuristic's own choice only when it did clearly better in them (`_gain`). It never reads the true game: only its
seat's view, its decision and the imagined copies.

Its budget is the number of imagined games per decision (`worlds`), the number of actions tried in each
(`candidates`; `turn_candidates` at the turn's question, where exploring, moving and resting all have their
moments) and how many turns each is played on (`horizon`); or a time per decision (`seconds`: it
imagines no more games once that is spent, at least 2; then its answers depend on the machine's speed).
On the command line: `--agent search:worlds=12,candidates=3,horizon=none`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from pacg.agents.heuristic import HeuristicAgent
from pacg.agents.value import win_chance
from pacg.cards.loader import CardLibrary
from pacg.decisions import Decision, DecisionKind
from pacg.game import Game

# The decisions it searches: where it goes, how far it explores, and what it spends on checks and damage. The
# heuristic answers the rest, where its answer is rarely in doubt (the skill with the best odds, trying to close
# or to acquire).
SEARCHED = frozenset({DecisionKind.TURN, DecisionKind.EXPLORE, DecisionKind.EXPLORE_AGAIN, DecisionKind.PLAY})
WORLDS = 6
CANDIDATES = 2
TURN_CANDIDATES = 3  # at the turn's question: the heuristic's answer and the likeliest two others
HORIZON = 4  # turns played on past the decision before the table is judged (None: to the end of the game)
CONFIDENCE = 1.0  # standard errors by which an action must beat the heuristic's choice to be taken instead
LEAST_GAIN = 0.02  # and the least it must gain (in chance of winning)


class SearchAgent:
    """Determinized search with heuristic play-outs (see the module's docstring); `seed` sets which games it
    imagines, so the same seed, view and decision give the same answer."""

    def __init__(self, seed: int | None = None, worlds: int = WORLDS, candidates: int = CANDIDATES,
                 turn_candidates: int = TURN_CANDIDATES, horizon: int | None = HORIZON, seconds: float | None = None,
                 library: CardLibrary | None = None) -> None:
        self.seed = seed or 0
        self.seconds = seconds  # a time budget per decision: no more imagined games once it is spent
        self.worlds = worlds
        self.candidates = candidates
        self.turn_candidates = turn_candidates
        self.horizon = horizon
        self.heuristic = HeuristicAgent(seed, library)
        self.searched = 0  # decisions searched so far: each one's imagined games are seeded by its number

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        imagine = getattr(view, "imagine", None)
        if decision.kind not in SEARCHED or imagine is None:
            return self.heuristic.act(view, decision)
        ranked = self.heuristic.ranked(view, decision)
        if len(ranked) < 2:
            return ranked[0]
        candidates = ranked[:self.turn_candidates if decision.kind is DecisionKind.TURN else self.candidates]
        self.searched += 1
        results: dict[str, list[float]] = {action: [] for action in candidates}
        start = time.perf_counter()
        for world in range(self.worlds):
            if world >= 2 and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            seed = hash((self.seed, self.searched, world)) & 0xFFFFFFFF
            for action in candidates:
                results[action].append(self._played_out(imagine(seed), action, decision.player))
        return max(candidates, key=lambda action: _gain(results[action], results[ranked[0]]))

    def _played_out(self, game: Game, action: str, seat: str) -> float:
        """How well an imagined game goes once `action` is taken and heuristic players play on for `horizon`
        turns: 1 for a win, 0 for a loss, the chance of winning from there for a game still going."""
        stop = game.turn + self.horizon + 1 if self.horizon is not None else None
        game.apply(action)
        while (decision := game.decision) is not None and (stop is None or game.turn < stop):
            game.apply(self.heuristic.act(game.agent_view(decision.player), decision))
        outcome = game.outcome
        if outcome is not None:
            return 1.0 if outcome["result"] == "won" else 0.0
        return win_chance(game.agent_view(seat))


def _gain(tried: list[float], chosen: list[float]) -> float:
    """What an action gains over the heuristic's choice in the same imagined games: the mean of the differences,
    counted only when it stands out from their spread (at least `CONFIDENCE` standard errors, and `LEAST_GAIN`),
    so that the luck of a few games never overturns the heuristic's judgement; 0 for the choice itself."""
    differences = [a - b for a, b in zip(tried, chosen, strict=True)]
    mean = sum(differences) / len(differences)
    spread = (sum((d - mean) ** 2 for d in differences) / max(1, len(differences) - 1)) ** 0.5
    return mean if mean >= max(LEAST_GAIN, CONFIDENCE * spread / len(differences) ** 0.5) else 0.0
