"""Running statistics of a run, folded game by game as results arrive and merged chunk by chunk.

Every figure is a count or an exact sum (integers, fractions), so adding the same games in any order, in one
process or over many, gives the same statistics: the summary is the same whatever the worker count and the
backend. They hold one count per card, per turn count and per reason, never a list of games, so a million-game
run takes no more memory than a thousand-game one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pacg.sim.games import CardUse, GameResult
from pacg.sim.intervals import paired_difference, wilson


@dataclass
class Stats:
    """The running statistics of one configuration's games."""

    games: int = 0
    won: int = 0
    turns: Counter[int] = field(default_factory=Counter)  # games by the turns they used
    blessings_left: Counter[int] = field(default_factory=Counter)  # games by the blessings left at the end
    deaths: Counter[str] = field(default_factory=Counter)  # games in which each character died
    losses: Counter[str] = field(default_factory=Counter)  # games lost, by the reason
    cards: dict[str, CardUse] = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        """Fold one game in."""
        self.games += 1
        self.won += result.won
        self.turns[result.turns] += 1
        self.blessings_left[result.blessings_left] += 1
        self.deaths.update(result.dead)
        if not result.won:
            self.losses[result.reason] += 1
        self._add_cards(result.cards)

    def merge(self, other: Stats) -> None:
        """Fold in another set of games' statistics."""
        self.games += other.games
        self.won += other.won
        self.turns.update(other.turns)
        self.blessings_left.update(other.blessings_left)
        self.deaths.update(other.deaths)
        self.losses.update(other.losses)
        self._add_cards(other.cards)

    def _add_cards(self, cards: dict[str, CardUse]) -> None:
        for name, use in cards.items():
            self.cards.setdefault(name, CardUse()).add(use)

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The win rate's 95% Wilson interval."""
        return wilson(self.won, self.games)

    @property
    def turns_mean(self) -> float:
        return _mean(self.turns, self.games)

    @property
    def blessings_left_mean(self) -> float:
        return _mean(self.blessings_left, self.games)


def _mean(counts: Counter[int], games: int) -> float:
    return sum(value * count for value, count in counts.items()) / games if games else 0.0


@dataclass
class RunStats:
    """The statistics of a run: one `Stats` per configuration, each played on the same seeds, and how many games
    came out with each combination of wins across the configurations (for paired comparisons)."""

    configs: list[Stats]
    joint: Counter[tuple[bool, ...]] = field(default_factory=Counter)

    @classmethod
    def empty(cls, configurations: int) -> RunStats:
        return cls([Stats() for _ in range(configurations)])

    @property
    def games(self) -> int:
        """The games played so far, each in every configuration."""
        return self.configs[0].games

    def add(self, results: Sequence[GameResult]) -> None:
        """Fold in one game, as each configuration played it."""
        for stats, result in zip(self.configs, results, strict=True):
            stats.add(result)
        self.joint[tuple(result.won for result in results)] += 1

    def merge(self, other: RunStats) -> None:
        for stats, more in zip(self.configs, other.configs, strict=True):
            stats.merge(more)
        self.joint.update(other.joint)

    def difference(self, first: int, second: int) -> tuple[float, float, float]:
        """Configuration `first`'s win rate minus `second`'s on the same games, with its 95% interval (Newcombe's
        paired method: `intervals.paired_difference`)."""
        table: Counter[tuple[bool, bool]] = Counter()
        for wins, count in self.joint.items():
            table[wins[first], wins[second]] += count
        return paired_difference(table[True, True], table[True, False], table[False, True], table[False, False])
