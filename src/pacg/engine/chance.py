"""Chance: the game's one random generator, whose every draw is a chance event (DESIGN.md 4).

All randomness of a game (shuffling a deck, rolling a die, drawing a random card or choosing a random place)
comes from one `Chance`, held in the game state. Each draw is an event of a kind, as OpenSpiel's chance nodes
are: the generator counts the events that reveal something (a die's face, a random card drawn), so that undo
knows when hidden information has come out, and folds every outcome into a digest, so that a replay that
drifts from the record (another seed, edited answers, changed cards) is noticed at once. A search deals the
cards its player can't see anew and reseeds the generator (`Game.determinized`).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from enum import IntEnum
from typing import TypeVar

T = TypeVar("T")


class ChanceKind(IntEnum):
    """The kinds of chance event."""

    ROLL = 1  # a die rolled (DICE-01)
    SHUFFLE = 2  # a deck or pile shuffled
    DRAW = 3  # a random card, location or character drawn or chosen
    PLACE = 4  # a random place in a deck for a card shuffled in (SUM-05)


class ScriptedDieError(ValueError):
    """A scripted die result (a table file's "dice") that is not on the die rolled."""


class Chance(random.Random):
    """The game's one random generator. `reveals` counts the events whose outcome players see (rolls and
    random draws; a shuffle shows nothing), `digest` folds every event's kind and outcome (a deterministic hash
    of integers, the same in every process), and `faces` holds die results scripted for the next rolls (a table
    file's "next dice results")."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.reveals = 0
        self.digest = 0
        self.faces: list[int] = []

    def _event(self, kind: ChanceKind, outcome: int | tuple[int, ...], reveals: bool = True) -> None:
        self.digest = hash((self.digest, kind, outcome))
        self.reveals += reveals

    def randint(self, a: int, b: int) -> int:
        """A die's face, or a number in a range (ROLL); a scripted face first, if any."""
        face = self.faces.pop(0) if self.faces else self._below(b - a + 1) + a
        if not a <= face <= b:
            raise ScriptedDieError(f"the scripted die result {face} is not on a d{b}")
        self._event(ChanceKind.ROLL, face)
        return face

    def _below(self, n: int) -> int:
        """A number from 0 to n - 1, drawn as `random.Random` draws every range and choice."""
        return random.Random.randrange(self, n)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """A random place in a deck (PLACE): the one range the engine asks for."""
        if stop is None:
            start, stop = 0, start
        place = start + self._below(stop - start)
        self._event(ChanceKind.PLACE, place, reveals=False)
        return place

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        """One random item (DRAW)."""
        if not seq:
            raise IndexError("a random choice among nothing")
        index = self._below(len(seq))
        self._event(ChanceKind.DRAW, index)
        return seq[index]

    def sample(self, population: Sequence[T], k: int, *, counts: object = None) -> list[T]:
        """`k` random items, in the order drawn (DRAW)."""
        if counts is not None:
            raise ValueError("the game draws samples without counts")
        chosen = super().sample(population, k)
        self._event(ChanceKind.DRAW, len(chosen))
        return chosen

    def shuffle(self, x: MutableSequence[T]) -> None:
        """Shuffle a deck or pile in place (SHUFFLE): nothing is revealed."""
        super().shuffle(x)
        self._event(ChanceKind.SHUFFLE, len(x), reveals=False)

    def state(self) -> tuple[object, int, int, tuple[int, ...]]:
        """Everything needed to continue exactly as this generator would: for snapshots and clones."""
        return self.getstate(), self.reveals, self.digest, tuple(self.faces)

    def restore(self, state: tuple[object, int, int, tuple[int, ...]]) -> None:
        generator, self.reveals, self.digest, faces = state
        self.setstate(generator)  # type: ignore[arg-type]
        self.faces = list(faces)


class NoChanceError(RuntimeError):
    """Something random was drawn where nothing may be (`NO_CHANCE`)."""


class _NoChance(Chance):
    """A generator that draws nothing: put in the game's place while the engine works out what a play would do
    without playing it (`check.after_play`), so that a die a power would roll is noticed, not rolled."""

    def random(self) -> float:
        raise NoChanceError("a die would be rolled")

    def getrandbits(self, k: int) -> int:
        raise NoChanceError("a die would be rolled")


NO_CHANCE = _NoChance(0)
