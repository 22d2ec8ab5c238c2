"""A player that picks uniformly at random among the legal options of every Decision."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pacg.decisions import Decision


class RandomAgent:
    """Uniform over the legal options; it never looks at its view. Its own random generator keeps the game's
    dice untouched, and it draws exactly one number a decision, so `skip` puts it where it was in a game taken
    up again."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(f"random agent {seed}")

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        return decision.options[self(decision)].id

    def __call__(self, decision: Decision) -> int:
        """The number of the option it picks: `act` names it by its action id; the rules' own processes, driven
        directly (`decisions.run`, as the tests of the rules do), take the number."""
        return int(self.rng.random() * len(decision.options))  # uniform, and cheaper than randrange

    def skip(self, decisions: int) -> None:
        """Go on as if it had answered that many decisions already."""
        for _ in range(decisions):
            self.rng.random()
