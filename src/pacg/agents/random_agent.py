"""A player that picks uniformly at random among the legal options of every Decision."""

from __future__ import annotations

import random

from pacg.decisions import Decision


class RandomAgent:
    """Uniform over the legal options. Its own random generator keeps the game's dice untouched."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(f"random agent {seed}")

    def __call__(self, decision: Decision) -> int:
        return int(self.rng.random() * len(decision.options))  # uniform, and cheaper than randrange
