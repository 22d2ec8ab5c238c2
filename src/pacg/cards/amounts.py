"""Numbers on cards that vary (DESIGN.md section 2: "values that vary").

Wherever a card file may write a number of cards, damage, a bonus or a difficulty, it may write an amount:
a sum of whole numbers, multiples of the game's values and, where a count is rolled, dice:

    2                     a number
    1 + AD                1 plus the scenario's adventure deck number
    AD + location deck    the adventure deck number plus the number of cards in your location deck
    2*encountered AD + 5  twice the adventure deck number of the card encountered, plus 5
    charges               your mythic charges (MYTH-01)
    random monster        the highest difficulty to defeat a random monster drawn from the box (it goes back)
    1d4+1                 a roll of 1d4, plus 1 (DICE-01)

`VALUES` names every value an amount may use and says what it is. The engine reads each one from the step
being resolved (`pacg.engine.values`); a card says each in words (`Amount.text`). Dice are rolled once each
time the amount is used, and for each character separately when each character is affected (DICE-02).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from difflib import get_close_matches

from pacg.dice import DicePool, check_card_dice

# Every value an amount may name, with the words a card says it in.
VALUES: dict[str, str] = {
    "AD": "the adventure deck number",
    "characters": "the number of characters in the game",
    "local": "the number of characters at your location",
    "location deck": "the number of cards in your location deck",
    "encountered AD": "the adventure deck number of the card encountered",
    "charges": "the number of your mythic charges",
    "margin": "the amount by which the check succeeded or failed",
    "hand": "the number of cards in your hand",
    "deck": "the number of cards in your deck",
    "discard pile": "the number of cards in your discard pile",
    "buried": "the number of your buried cards",
    "random monster": "the highest difficulty to defeat a random monster from the box",
    "undefeated summons": "the number of cards summoned in this encounter that are undefeated",
}

MAX_AMOUNT = 100  # far above any card's number: a bigger one is a typo, which the engine might loop over

_DICE = re.compile(r"(\d*)d(\d+)")
_VALUE = re.compile(r"(?:(\d+)\s*\*\s*)?([A-Za-z]+(?: [A-Za-z]+)*)")


class AmountError(ValueError):
    """An amount written in a way a card file can't say."""


@dataclass(frozen=True)
class Amount:
    """A number on a card: a constant, plus multiples of the game's values (`terms`: (factor, value name)),
    plus dice rolled when it is used (`dice`: (count, sides)). "1 + AD" is Amount(1, ((1, "AD"),))."""

    constant: int = 0
    terms: tuple[tuple[int, str], ...] = ()
    dice: tuple[tuple[int, int], ...] = ()

    # --- reading -----------------------------------------------------------------------------------------

    @classmethod
    def parse(cls, written: int | str) -> Amount:
        """An amount as a card file writes it (see the module's docstring); raises AmountError naming the
        part that is wrong."""
        if isinstance(written, int):
            return cls(written)._bounded(written)
        text = " ".join(written.split())
        if not text:
            raise AmountError("an empty amount: write a number, such as 1, or a sum such as '1 + AD'")
        constant = 0
        factors: dict[str, int] = {}
        dice: dict[int, int] = {}  # sides: count
        for sign, term in _terms(text):
            if term.isdigit():
                constant += sign * int(term)
            elif (die := _DICE.fullmatch(term)) is not None:
                if sign < 0:
                    raise AmountError(f"dice can't be subtracted in {written!r}")
                sides = int(die.group(2))
                dice[sides] = dice.get(sides, 0) + int(die.group(1) or 1)
            else:
                factor, name = _value(term, written)
                factors[name] = factors.get(name, 0) + sign * factor
        terms = tuple((factor, name) for name, factor in factors.items() if factor)
        rolled_dice = tuple((count, sides) for sides, count in sorted(dice.items(), reverse=True))  # largest first
        amount = cls(constant, terms, rolled_dice)
        return amount._bounded(written)

    def _bounded(self, written: int | str) -> Amount:
        """Refuse numbers no card prints (a typo the engine might loop over) and dice the game hasn't."""
        if any(abs(number) > MAX_AMOUNT for number in (self.constant, *(factor for factor, _ in self.terms))):
            raise AmountError(f"{written!r}: the numbers of an amount are at most {MAX_AMOUNT}")
        for count, sides in self.dice:
            check_card_dice(count, sides)
        return self

    # --- what it is --------------------------------------------------------------------------------------

    @property
    def number(self) -> int | None:
        """The amount when it is a plain number, else None."""
        return None if self.terms or self.dice else self.constant

    @property
    def bonus(self) -> Amount:
        """The amount without its dice: what a power adds besides the dice it adds (KEEP-05)."""
        return Amount(self.constant, self.terms)

    @property
    def names(self) -> frozenset[str]:
        """The values it names ("AD", "margin" ...)."""
        return frozenset(name for _, name in self.terms)

    def is_negative(self) -> bool:
        """True when every part of the amount is zero or below, and some part is below (a reduction)."""
        parts = [self.constant, *(factor for factor, _ in self.terms)]
        return not self.dice and all(part <= 0 for part in parts) and any(part < 0 for part in parts)

    def negated(self) -> Amount:
        if self.dice:
            raise AmountError(f"dice can't be subtracted: {self}")
        return Amount(-self.constant, tuple((-factor, name) for factor, name in self.terms))

    def evaluate(self, values: Mapping[str, int] | Callable[[str], int], rng: random.Random | None = None) -> int:
        """The number it comes to, given each value it names (by name); its dice are rolled with `rng` (DICE-01)."""
        value_of = values.__getitem__ if isinstance(values, Mapping) else values
        total = self.constant + sum(factor * value_of(name) for factor, name in self.terms)
        if self.dice:
            if rng is None:
                raise AmountError(f"{self} needs a random generator to roll its dice")
            total += DicePool(tuple(sides for count, sides in self.dice for _ in range(count))).roll(rng).total
        return total

    # --- writing -----------------------------------------------------------------------------------------

    def __str__(self) -> str:
        """As a card file writes it: "1 + AD", "1d4 + 1", "5 + 2*encountered AD"."""
        parts = [f"{count}d{sides}" for count, sides in self.dice]
        if self.constant > 0 or not (self.dice or self.terms):
            parts.append(str(self.constant))
        for factor, name in self.terms:
            sign = "-" if factor < 0 else ""
            parts.append(f"{sign}{name}" if abs(factor) == 1 else f"{sign}{abs(factor)}*{name}")
        if self.constant < 0 and (self.dice or self.terms):
            parts.append(str(self.constant))
        return " + ".join(parts).replace("+ -", "- ")

    def text(self) -> str:
        """The amount in words, as a card says it: "1 plus the adventure deck number", "1d4+1", "the adventure
        deck number plus the number of cards in your location deck"."""
        pieces: list[tuple[bool, str]] = []  # (subtracted, words)
        if self.dice:
            dice = "+".join(f"{count}d{sides}" for count, sides in self.dice)
            pieces.append((False, dice + (f"{self.constant:+d}" if self.constant else "")))  # "1d4+1"
        elif self.constant > 0 or not self.terms:
            pieces.append((self.constant < 0, str(abs(self.constant))))
        pieces += [(factor < 0, _times(abs(factor), VALUES[name])) for factor, name in self.terms]
        if self.constant < 0 and self.terms and not self.dice:
            pieces.append((True, str(-self.constant)))  # "the adventure deck number minus 1"
        first_subtracted, text = pieces[0]
        text = f"minus {text}" if first_subtracted else text
        for subtracted, words in pieces[1:]:
            text += f" {'minus' if subtracted else 'plus'} {words}"
        return text

    def count_text(self, singular: str, plural: str) -> str:
        """A count of things in words: "a card", "2 cards", "a number of cards equal to 1d4+1"."""
        if self.number is None:
            return f"a number of {plural} equal to {self.text()}"
        if self.number == 1:
            return f"{'an' if singular[:1] in 'aeiou' else 'a'} {singular}"
        return f"{self.number} {plural}"


def _terms(text: str) -> list[tuple[int, str]]:
    """The terms of a sum with their signs: "1 + AD - 2" → [(1, "1"), (1, "AD"), (-1, "2")]."""
    pieces = re.split(r"\s*([+-])\s*", text)
    if pieces[0] == "":  # a leading sign: "-2", "-AD"
        pieces = pieces[1:]
    else:
        pieces = ["+", *pieces]
    terms = []
    for sign, term in zip(pieces[::2], pieces[1::2], strict=True):
        if not term:
            raise AmountError(f"{text!r} has a {sign!r} with nothing after it")
        terms.append((-1 if sign == "-" else 1, term))
    return terms


def _value(term: str, written: int | str) -> tuple[int, str]:
    """A multiple of a value: "AD" → (1, "AD"), "2*encountered AD" → (2, "encountered AD")."""
    match = _VALUE.fullmatch(term)
    if match is None:
        raise AmountError(f"{term!r} in {written!r} is not a number, dice (1d4) or NUMBER*VALUE (2*AD)")
    name = match.group(2)
    if name not in VALUES:
        close = get_close_matches(name, VALUES, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise AmountError(f"unknown value {name!r} in {written!r}{hint} (known: {', '.join(VALUES)})")
    return int(match.group(1) or 1), name


def _times(factor: int, words: str) -> str:
    """ "the adventure deck number", "twice the adventure deck number", "3 times ..."."""
    if factor == 1:
        return words
    return f"twice {words}" if factor == 2 else f"{factor} times {words}"
