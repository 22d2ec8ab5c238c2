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
        if decision.choose is not None:
            return decision.choice_id(self._some(decision))
        return decision.options[self(decision)].id

    def __call__(self, decision: Decision) -> int:
        """The number of the option it picks: `act` names it by its action id; the rules' own processes, driven
        directly (`decisions.run`, as the tests of the rules do), take the number (for a decision of several
        options, the number whose bits are the options picked)."""
        if decision.choose is not None:
            return sum(1 << index for index in self._some(decision))
        return int(self.rng.random() * len(decision.options))  # uniform, and cheaper than randrange

    def _some(self, decision: Decision) -> tuple[int, ...]:
        """A set of options, uniform over every set the decision allows."""
        sets = decision.option_sets()
        return sets[int(self.rng.random() * len(sets))]

    def skip(self, decisions: int) -> None:
        """Go on as if it had answered that many decisions already."""
        for _ in range(decisions):
            self.rng.random()
