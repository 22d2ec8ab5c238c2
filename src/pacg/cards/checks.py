"""Checks to acquire, defeat, close or recharge, written as on the cards (CHK-02, ENC-06).

A check is written the way the cards print it:

    "Strength or Melee 9 or Acrobatics 6"
    "Combat 8 or Dexterity or Stealth 6"
    "Wisdom 10 or Combat 13 then Combat 15"
    "Intelligence or Knowledge 5 + 2*encountered AD"
    "Combat random monster"
    "None" / "See Below"

Skills share the difficulty that follows them; "or" separates both skills and alternatives; "then" joins
checks that must all be attempted in order. "Or" binds tighter than "then" (CHK-02), so the last example is
(Wisdom 10 or Combat 13) then (Combat 15). A difficulty may vary: after its number, an amount of the game's
values (amounts.py), worked out when the check is attempted ("5 + 2*encountered AD"), or the values alone, with
no number ("Combat random monster": the highest difficulty to defeat of a random monster from the box).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from pacg.cards.amounts import Amount, AmountError
from pacg.cards.vocabulary import COMBAT, Skill


class CheckSyntaxError(ValueError):
    """A check written in a way the grammar does not allow."""


class NoCheck(StrEnum):
    """The two ways a card says it has no ordinary check (ENC-06)."""

    NONE = "None"
    SEE_BELOW = "See Below"


@dataclass(frozen=True)
class CheckOption:
    """One way to attempt a check: any of these skills against this difficulty.

    A skill of "Combat" means a combat check (CHK-07). `plus` is the part of the difficulty that varies ("+ AD"),
    none for most checks; a difficulty written as values alone ("random monster") has the number 0.
    """

    skills: tuple[str, ...]
    difficulty: int
    plus: Amount = Amount()

    @property
    def is_combat(self) -> bool:
        return COMBAT in self.skills

    @property
    def whole_difficulty(self) -> Amount:
        """The difficulty with the part that varies: "5 + 2*encountered AD"."""
        return Amount(self.difficulty, self.plus.terms)

    def __str__(self) -> str:
        return f"{' or '.join(self.skills)} {self.whole_difficulty}"

    def text(self) -> str:
        """In words: "Intelligence or Knowledge 5 plus twice the adventure deck number of the card encountered"."""
        return f"{' or '.join(self.skills)} {self.whole_difficulty.text()}"


@dataclass(frozen=True)
class CheckStep:
    """One check of a sequence: choose one of its options (CHK-02 "or")."""

    options: tuple[CheckOption, ...]

    def __str__(self) -> str:
        return " or ".join(str(option) for option in self.options)


@dataclass(frozen=True)
class Check:
    """A whole check: its steps are attempted in order, each even if an earlier one failed (CHK-02 "then").

    A check with no steps is "None" or "See Below" (`no_check` says which).
    """

    steps: tuple[CheckStep, ...]
    no_check: NoCheck | None = None

    @property
    def is_sequential(self) -> bool:
        return len(self.steps) > 1

    @property
    def varies(self) -> bool:
        """Whether a difficulty of the check is worked out when it is attempted ("5 + AD")."""
        return any(option.plus.terms for step in self.steps for option in step.options)

    def text(self) -> str:
        """The check in words, as a card's text says it."""
        if not self.varies:
            return str(self)
        return " then ".join(" or ".join(option.text() for option in step.options) for step in self.steps)

    def a_check(self) -> str:
        """The check as something to attempt: "a Knowledge 8 check", "an Intelligence or Knowledge check with a
        difficulty of 5 plus twice the adventure deck number of the card encountered"."""
        if not self.varies:
            return f"{'an' if str(self)[:1] in 'AEIOU' else 'a'} {self} check"
        if len(self.steps) == 1 and len(self.steps[0].options) == 1:
            option = self.steps[0].options[0]
            skills = " or ".join(option.skills)
            difficulty = option.whole_difficulty.text()
            return f"{'an' if skills[:1] in 'AEIOU' else 'a'} {skills} check with a difficulty of {difficulty}"
        return f"a check of {self.text()}"

    def __str__(self) -> str:
        if self.no_check is not None:
            return str(self.no_check)
        return " then ".join(str(step) for step in self.steps)


_SKILL_NAMES = {str(skill).lower(): str(skill) for skill in Skill} | {COMBAT.lower(): COMBAT}
_TOKEN = re.compile(r"\s*(\d*d\d+|\d+|[A-Za-z]+|,|/|\+|-|\*)\s*")  # dice only to refuse them in a difficulty


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise CheckSyntaxError(f"unexpected {text[position:]!r} in check {text!r}")
        tokens.append(match.group(1))
        position = match.end()
    return tokens


_SEPARATORS = ("or", ",", "/")
MAX_DIFFICULTY = 99  # far above any card's; a bigger number is a typo


def _difficulty(token: str, whole: str) -> int:
    difficulty = int(token)
    if not 1 <= difficulty <= MAX_DIFFICULTY:
        raise CheckSyntaxError(f"difficulty {token} is not between 1 and {MAX_DIFFICULTY} in check {whole!r}")
    return difficulty


def _varying(tokens: list[str], whole: str) -> Amount:
    """The part of a difficulty that varies, as the tokens after its number write it ("+ 2 * encountered AD"):
    the game's values, known before the check is rolled (no dice, no margin)."""
    try:
        amount = Amount.parse(" ".join(tokens))
    except AmountError as error:
        raise CheckSyntaxError(f"{error} in check {whole!r}") from None
    if amount.dice or "margin" in amount.names:
        raise CheckSyntaxError(f"a difficulty is known before the check is rolled: no dice or margin in {whole!r}")
    if amount.constant:
        raise CheckSyntaxError(f"{' '.join(tokens)!r} adds a number to the difficulty: write the difficulty as one "
                               f"number, then the values it adds (5 + 2*AD) in check {whole!r}")
    return amount


def _difficulty_ends(tokens: list[str], start: int) -> int:
    """Where a difficulty's varying part, which begins with + or - after its number, ends: at "or" or the end."""
    if start >= len(tokens) or tokens[start] not in ("+", "-"):
        return start
    return _separator_after(tokens, start)


def _separator_after(tokens: list[str], start: int) -> int:
    """The place of the first "or" (or the end) from `start` on."""
    end = start
    while end < len(tokens) and tokens[end].lower() not in _SEPARATORS:
        end += 1
    return end


def _value_difficulty(tokens: list[str], whole: str) -> Amount | None:
    """A difficulty written as the game's values alone, without a number ("Combat random monster": the difficulty
    is a random monster's), or None if the words are no such values."""
    try:
        amount = _varying(tokens, whole)
    except CheckSyntaxError:
        return None
    return amount if amount.terms and not amount.is_negative() else None


def _parse_step(text: str, whole: str) -> CheckStep:
    """One step: options separated by "or", each one or more skills separated by "or" and a difficulty."""
    options: list[CheckOption] = []
    skills: list[str] = []
    previous = ""  # the token before, "" at the start
    tokens = _tokens(text)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        lowered = token.lower()
        if lowered in _SEPARATORS:
            if not previous:
                raise CheckSyntaxError(f"{token!r} has no skill before it in check {whole!r}")
            if previous.lower() in _SEPARATORS:
                raise CheckSyntaxError(f"no skill between {previous!r} and {token!r} in check {whole!r}")
        elif token.isdigit():
            if not skills:
                raise CheckSyntaxError(f"difficulty {token} has no skill before it in check {whole!r}")
            if previous.lower() in _SEPARATORS:
                raise CheckSyntaxError(f"{previous!r} has no skill after it in check {whole!r}")
            end = _difficulty_ends(tokens, index)
            plus = _varying(tokens[index:end], whole) if end > index else Amount()
            index = end
            options.append(CheckOption(tuple(skills), _difficulty(token, whole), plus))
            skills = []
        elif lowered in _SKILL_NAMES:
            if previous and previous.lower() not in _SEPARATORS:
                raise CheckSyntaxError(f"write 'or' between {previous!r} and {token!r} in check {whole!r}")
            skills.append(_SKILL_NAMES[lowered])
        else:
            end = _separator_after(tokens, index)
            after_a_skill = skills and previous.lower() in _SKILL_NAMES
            values = _value_difficulty(tokens[index - 1:end], whole) if after_a_skill else None
            if values is None:
                raise CheckSyntaxError(f"unknown skill {token!r} in check {whole!r}")
            options.append(CheckOption(tuple(skills), 0, values))
            skills = []
            index = end
            token = tokens[end - 1]
        previous = token
    if previous.lower() in _SEPARATORS:
        raise CheckSyntaxError(f"{previous!r} has no skill after it in check {whole!r}")
    if skills:
        raise CheckSyntaxError(f"{' or '.join(skills)} has no difficulty in check {whole!r}")
    if not options:
        raise CheckSyntaxError(f"empty check in {whole!r}")
    return CheckStep(tuple(options))


@lru_cache(maxsize=1024)
def parse_check(text: str) -> Check:
    """Parse a check as printed on a card (CHK-02). Raises CheckSyntaxError naming the bad part. A check
    doesn't change, so each text is parsed once."""
    stripped = " ".join(text.split())
    for no_check in NoCheck:
        if stripped.lower() == no_check.lower():
            return Check((), no_check)
    parts = re.split(r"\bthen\b", stripped, flags=re.IGNORECASE)
    return Check(tuple(_parse_step(part, stripped) for part in parts))
