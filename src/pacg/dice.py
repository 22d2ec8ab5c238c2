"""Dice pools, rolling and exact distributions.

A check's dice pool is data: the dice (by number of sides), a summed modifier and the number of
rerolls the player may use. Its exact result distribution is computed by integer convolution, never
by sampling (DESIGN.md section 6). Rolling takes the game's one seeded ``random.Random``; this module
never touches the ``random`` module's global state (DESIGN.md section 4).

Rules implemented here (see rules.md):

- DICE-01 ``Xd#+N`` notation; a result is never below 0 whatever the penalties.
- CHK-11  Die replacement swaps one die for another.
- CHK-13  Each reroll power rerolls the whole roll once.
- CHK-14  A check succeeds when the result is at least the difficulty.
- CHK-15  Failing a check deals damage equal to difficulty minus result.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, groupby
from operator import sub
from typing import Literal, get_args

__all__ = [
    "CARD_DICE",
    "CardDie",
    "DiceError",
    "DicePool",
    "DieResult",
    "Distribution",
    "MAX_CARD_DICE",
    "Roll",
    "check_card_dice",
    "clear_caches",
]

MIN_SIDES = 2
MAX_PARSED_DICE = 100  # far more than any check rolls; keeps a typo like "1000000d6" from hanging
MAX_PARSED_SIDES = 100  # a d100 at most in dice text: a "1d1000000000" would fill the memory
MAX_PARSED_MODIFIER = 1000

CardDie = Literal[4, 6, 8, 10, 12, 20]
"""The sides of a die of the game (DICE-01): the only dice a card file may name."""
CARD_DICE: tuple[int, ...] = get_args(CardDie)
MAX_CARD_DICE = 20  # the most dice of one kind a card may add at once; real cards add 1 or 2


class DiceError(ValueError):
    """Dice text that can't be parsed, or a pool change that can't be made."""


def check_card_dice(count: int, sides: int) -> None:
    """Refuse dice a card can't name: a die that is not one of the game's (CARD_DICE), or from 1 to
    MAX_CARD_DICE of them."""
    if sides not in CARD_DICE:
        known = ", ".join(f"d{die}" for die in CARD_DICE)
        raise DiceError(f"d{sides} is not a die of the game ({known})")
    if not 1 <= count <= MAX_CARD_DICE:
        raise DiceError(f"{count}d{sides}: a card adds 1 to {MAX_CARD_DICE} dice of a kind")


# --------------------------------------------------------------------------------------------
# Exact sums of dice
# --------------------------------------------------------------------------------------------


def _add_die(counts: tuple[int, ...], sides: int) -> tuple[int, ...]:
    """Convolve a count vector with one fair die of ``sides`` faces.

    Adding a die spreads each count over ``sides`` consecutive results, so each new count is the sum
    of a window of ``sides`` old counts: the difference of two prefix sums. That keeps the work
    linear in the vector length instead of proportional to length times sides.
    """
    prefix = [0, *accumulate(counts)]
    upper = prefix[1:] + [prefix[-1]] * (sides - 1)
    lower = [0] * (sides - 1) + prefix[:-1]
    return tuple(map(sub, upper, lower))


@lru_cache(maxsize=4096)
def _dice_sum_counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    """Outcome counts of the plain sum of ``dice`` (sorted descending), from ``len(dice)`` upward.

    Cached per multiset of dice; a pool reuses the cached counts of its prefix, so pools that share
    their largest dice share the work.
    """
    if not dice:
        return (1,)
    if len(dice) == 1:
        return (1,) * dice[0]
    return _add_die(_dice_sum_counts(dice[:-1]), dice[-1])


_DEEPEST_CACHED = 256
"""Pools of up to this many dice are summed by `_dice_sum_counts`, one recursion per die; a longer pool (no
check rolls one) adds its other dice in a loop, which keeps the recursion off Python's limit."""


def _long_sum_counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    """Outcome counts of the sum of a pool longer than _DEEPEST_CACHED dice."""
    counts = _dice_sum_counts(dice[:_DEEPEST_CACHED])
    for sides in dice[_DEEPEST_CACHED:]:
        counts = _add_die(counts, sides)
    return counts


def clear_caches() -> None:
    """Forget every cached dice-sum distribution (used by benchmarks to time cold runs)."""
    _dice_sum_counts.cache_clear()


# --------------------------------------------------------------------------------------------
# Distribution
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Distribution:
    """The exact distribution of one roll of a dice pool, plus the pool's rerolls.

    ``counts[i]`` is the number of equally likely outcomes whose result is ``low + i``; ``total`` is
    the number of all outcomes (the product of the dice's sides). Results are already floored at 0
    (DICE-01). ``rerolls`` is how many times a failed roll may be rolled again (CHK-13).
    """

    low: int
    counts: tuple[int, ...]
    rerolls: int = 0
    total: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(self.counts))

    @property
    def min(self) -> int:
        """The smallest possible result."""
        return self.low

    @property
    def max(self) -> int:
        """The largest possible result."""
        return self.low + len(self.counts) - 1

    @property
    def mean(self) -> Fraction:
        """The exact mean result of a single roll (rerolls ignored)."""
        weighted = sum((self.low + i) * count for i, count in enumerate(self.counts))
        return Fraction(weighted, self.total)

    def outcome_counts(self) -> dict[int, int]:
        """Each possible result mapped to its number of outcomes."""
        return {self.low + i: count for i, count in enumerate(self.counts) if count}

    def count_at_least(self, difficulty: int) -> int:
        """Number of outcomes of a single roll whose result is >= ``difficulty`` (CHK-14)."""
        start = min(max(difficulty - self.low, 0), len(self.counts))
        return sum(self.counts[start:])

    def _single_failure(self, difficulty: int) -> Fraction:
        """Probability that one roll fails, i.e. result < difficulty (CHK-14)."""
        return Fraction(self.total - self.count_at_least(difficulty), self.total)

    def probability_at_least(self, difficulty: int) -> Fraction:
        """Probability that the check succeeds against ``difficulty``.

        CHK-14: a roll succeeds when its result is >= the difficulty. CHK-13: each reroll rolls the
        whole pool again after a failure, so the check fails only if every roll fails:
        ``1 - P(fail) ** (rerolls + 1)``, worked out in integers and reduced once.
        """
        rolls = self.rerolls + 1
        failures = self.total - self.count_at_least(difficulty)
        all_outcomes = self.total**rolls
        return Fraction(all_outcomes - failures**rolls, all_outcomes)

    def damage_distribution(self, difficulty: int) -> dict[int, Fraction]:
        """Probability of each amount of damage dealt by the check, 0 meaning success.

        CHK-15: a failed roll deals ``difficulty - result`` damage. With rerolls (CHK-13) only the
        final roll counts: damage ``k > 0`` needs every earlier roll to fail and the last one to
        come up ``difficulty - k``.
        """
        earlier_failures = self._single_failure(difficulty) ** self.rerolls
        damage = {0: self.probability_at_least(difficulty)}
        for result, count in self.outcome_counts().items():
            if result < difficulty:
                damage[difficulty - result] = earlier_failures * Fraction(count, self.total)
        return dict(sorted(damage.items()))


def _floored_counts(low: int, counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Fold every result below 0 onto 0 (DICE-01); return the new ``(low, counts)``."""
    if low >= 0:
        return low, counts
    below = -low
    if below >= len(counts):
        return 0, (sum(counts),)
    return 0, (sum(counts[: below + 1]), *counts[below + 1 :])


# --------------------------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DieResult:
    """One die of a roll: how many sides it has and the face it shows."""

    sides: int
    face: int


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of rolling a dice pool once.

    ``total`` is the sum of the faces plus the modifier, floored at 0 (DICE-01).
    """

    dice: tuple[DieResult, ...]
    modifier: int

    @property
    def total(self) -> int:
        """The roll's result, never below 0 (DICE-01)."""
        return max(0, sum(die.face for die in self.dice) + self.modifier)

    def succeeds(self, difficulty: int) -> bool:
        """CHK-14: the roll succeeds when its result is >= the difficulty."""
        return self.total >= difficulty

    def damage(self, difficulty: int) -> int:
        """CHK-15: damage dealt by this roll against ``difficulty`` (0 on success)."""
        return max(0, difficulty - self.total)


# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------

_TERM = re.compile(r"\s*([+-]?)\s*([^+-]*)")
_DICE_TERM = re.compile(r"(\d*)[dD](\d+)")
_NUMBER_TERM = re.compile(r"\d+")


def _split_terms(text: str) -> list[tuple[int, str]]:
    """Split dice text into signed terms: ``"1d8 - 2"`` gives ``[(1, "1d8"), (-1, "2")]``."""
    if not text.strip():
        raise DiceError(f'"{text.strip()}": empty dice text, expected something like 1d8+2')
    terms: list[tuple[int, str]] = []
    position = 0
    while position < len(text):
        match = _TERM.match(text, position)
        assert match is not None  # the pattern matches at any position
        sign, body = match.group(1), match.group(2).strip()
        if not body:
            raise DiceError(f'"{text[position:].strip()}": expected a term like 2d6 or +3')
        terms.append((-1 if sign == "-" else 1, body))
        position = match.end()
    return terms


def _number(digits: str, cap: int) -> int:
    """The number the digits write, or `cap` if it is bigger: a thousand-digit number is never converted (Python
    refuses to convert more than 4300 digits)."""
    digits = digits.lstrip("0") or "0"
    return cap if len(digits) > len(str(cap)) else min(int(digits), cap)


def _parse_dice_term(sign: int, body: str) -> tuple[int, ...]:
    """Parse ``"2d6"`` into ``(6, 6)``; dice can only be added, never subtracted."""
    match = _DICE_TERM.fullmatch(body)
    assert match is not None
    count = _number(match.group(1), MAX_PARSED_DICE + 1) if match.group(1) else 1
    sides = _number(match.group(2), MAX_PARSED_SIDES + 1)
    if sign < 0:
        raise DiceError(f'"-{body}": dice can only be added, not subtracted')
    if sides < MIN_SIDES:
        raise DiceError(f'"{body}": a die needs at least {MIN_SIDES} sides')
    if sides > MAX_PARSED_SIDES:
        raise DiceError(f'"{body}": a die has at most {MAX_PARSED_SIDES} sides')
    if count < 1:
        raise DiceError(f'"{body}": the number of dice must be at least 1')
    if count > MAX_PARSED_DICE:
        raise DiceError(f'"{body}": more than {MAX_PARSED_DICE} dice')
    return (sides,) * count


def _parse(text: str) -> tuple[tuple[int, ...], int]:
    """Parse dice text into ``(dice, modifier)``; see ``DicePool.parse``."""
    dice: list[int] = []
    modifier = 0
    for sign, body in _split_terms(text):
        if _DICE_TERM.fullmatch(body):
            dice.extend(_parse_dice_term(sign, body))
        elif _NUMBER_TERM.fullmatch(body):
            if _number(body, MAX_PARSED_MODIFIER + 1) > MAX_PARSED_MODIFIER:
                raise DiceError(f'"{body}": a modifier is at most {MAX_PARSED_MODIFIER}')
            modifier += sign * int(body)
        else:
            raise DiceError(f'"{body}": expected a term like 2d6 or +3')
    if not dice:
        raise DiceError(f'"{text.strip()}": a dice pool needs at least one die')
    if len(dice) > MAX_PARSED_DICE:
        raise DiceError(f'"{text.strip()}": more than {MAX_PARSED_DICE} dice')
    return tuple(dice), modifier


# --------------------------------------------------------------------------------------------
# Dice pool
# --------------------------------------------------------------------------------------------


def _check_sides(sides: int) -> None:
    """Refuse a die with fewer than two sides."""
    if sides < MIN_SIDES:
        raise DiceError(f'"d{sides}": a die needs at least {MIN_SIDES} sides')


@dataclass(frozen=True, slots=True)
class DicePool:
    """The dice of a check: sides of each die (sorted descending), a modifier and rerolls.

    DICE-01: written ``Xd#+N``; its result is ``max(0, sum of dice + modifier)``.
    CHK-13: ``rerolls`` is how many times the whole roll may be rolled again after a failure.
    """

    dice: tuple[int, ...]
    modifier: int = 0
    rerolls: int = 0

    def __post_init__(self) -> None:
        if not self.dice:
            raise DiceError("a dice pool needs at least one die")
        for sides in self.dice:
            _check_sides(sides)
        if self.rerolls < 0:
            raise DiceError(f"rerolls {self.rerolls}: can't be negative")
        object.__setattr__(self, "dice", tuple(sorted(self.dice, reverse=True)))

    # ---- text -------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> DicePool:
        """Parse DICE-01 notation such as ``"1d8+1d6+2d4+3"``, ``"d8"`` or ``"2d6 - 1"``."""
        dice, modifier = _parse(text)
        return cls(dice=dice, modifier=modifier)

    def __str__(self) -> str:
        """Canonical DICE-01 text: dice grouped by sides, largest first, then the modifier."""
        text = "+".join(f"{len(list(same))}d{sides}" for sides, same in groupby(self.dice))  # sorted, largest first
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text

    # ---- builders ---------------------------------------------------------------------------

    def add_dice(self, sides: int, count: int = 1) -> DicePool:
        """A new pool with ``count`` more dice of ``sides`` sides (e.g. a blessing, CHK-12)."""
        if count < 0:
            raise DiceError(f"count {count}: can't add a negative number of dice")
        return DicePool(self.dice + (sides,) * count, self.modifier, self.rerolls)

    def add_modifier(self, n: int) -> DicePool:
        """A new pool with ``n`` added to the modifier (negative for a penalty)."""
        return DicePool(self.dice, self.modifier + n, self.rerolls)

    def replace_die(self, old_sides: int, new_sides: int) -> DicePool:
        """CHK-11: a new pool with one d``old_sides`` swapped for a d``new_sides``."""
        if old_sides not in self.dice:
            raise DiceError(f'"d{old_sides}": the pool {self} has no such die to replace')
        dice = list(self.dice)
        dice.remove(old_sides)
        return DicePool((*dice, new_sides), self.modifier, self.rerolls)

    def with_rerolls(self, n: int) -> DicePool:
        """CHK-13: a new pool that may be rerolled ``n`` times after a failed roll."""
        return DicePool(self.dice, self.modifier, n)

    # ---- odds and rolling -------------------------------------------------------------------

    def distribution(self) -> Distribution:
        """The exact distribution of the pool's result, floored at 0 (DICE-01)."""
        dice = self.dice
        counts = _dice_sum_counts(dice) if len(dice) <= _DEEPEST_CACHED else _long_sum_counts(dice)
        low, counts = _floored_counts(len(self.dice) + self.modifier, counts)
        return Distribution(low, counts, self.rerolls)

    def probability_at_least(self, difficulty: int) -> Fraction:
        """Shortcut for ``self.distribution().probability_at_least(difficulty)`` (CHK-13/14)."""
        return self.distribution().probability_at_least(difficulty)

    def roll(self, rng: random.Random) -> Roll:
        """Roll every die once with the game's generator ``rng`` (DICE-01).

        Rerolling (CHK-13) is a player's decision, so it is left to the caller: roll again.
        """
        faces = tuple(DieResult(sides, rng.randint(1, sides)) for sides in self.dice)
        return Roll(dice=faces, modifier=self.modifier)
