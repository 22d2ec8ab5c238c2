"""A player that looks ahead: determinized Monte Carlo search over imagined copies of the game (DESIGN.md 5).

At a decision worth thinking about, it imagines the game several times (`SeatView.imagine`: every card its
seat hasn't seen dealt anew, the dice to come unknown), and in each imagined game it tries each of its best few
actions, then lets heuristic players play every seat to the end. The action whose games went best, summed over
the same imagined games for every action (so luck counts alike for each), is taken; the heuristic's own choice
wins ties. It never reads the true game: only its seat's view, its decision and the imagined copies.

Its budget is the number of imagined games per decision (`worlds`) and the number of actions tried in each
(`candidates`): `worlds` × `candidates` games played out per decision searched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pacg.agents.heuristic import HeuristicAgent
from pacg.cards.loader import CardLibrary
from pacg.decisions import Decision, DecisionKind
from pacg.game import Game, play

# The decisions it searches: where it goes, how far it explores, and what it spends on checks and damage. The
# heuristic answers the rest, where its answer is rarely in doubt (the skill with the best odds, trying to close
# or to acquire).
SEARCHED = frozenset({DecisionKind.TURN, DecisionKind.EXPLORE, DecisionKind.EXPLORE_AGAIN, DecisionKind.PLAY})
WORLDS = 8
CANDIDATES = 3


class SearchAgent:
    """Determinized search with heuristic play-outs (see the module's docstring); `seed` sets which games it
    imagines, so the same seed, view and decision give the same answer."""

    def __init__(self, seed: int | None = None, worlds: int = WORLDS, candidates: int = CANDIDATES,
                 library: CardLibrary | None = None) -> None:
        self.seed = seed or 0
        self.worlds = worlds
        self.candidates = candidates
        self.heuristic = HeuristicAgent(seed, library)
        self.searched = 0  # decisions searched, for the benchmarks

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        ranked = self.heuristic.ranked(view, decision)
        imagine = getattr(view, "imagine", None)
        if decision.kind not in SEARCHED or len(ranked) < 2 or imagine is None:
            return ranked[0]
        candidates = ranked[:self.candidates]
        self.searched += 1
        totals = dict.fromkeys(candidates, 0.0)
        for world in range(self.worlds):
            seed = hash((self.seed, self.searched, world)) & 0xFFFFFFFF
            for action in candidates:
                totals[action] += self._played_out(imagine(seed), action, decision.player)
        return max(candidates, key=lambda action: (totals[action], action == ranked[0]))

    def _played_out(self, game: Game, action: str, seat: str) -> float:
        """How well an imagined game goes once `action` is taken: 1 for a win, and a little for each location
        closed on the way (so that among lost games, those that came closer count for more)."""
        game.apply(action)
        play(game, self.heuristic)
        outcome = game.outcome
        assert outcome is not None
        closed = sum(1 for place in game.view_parts(seat)["locations"]() if place["closed"])
        return (1.0 if outcome["result"] == "won" else 0.0) + 0.01 * closed
