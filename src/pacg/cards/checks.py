"""Checks to acquire, defeat, close or recharge, written as on the cards (CHK-02, ENC-06).

A check is written the way the cards print it:

    "Strength or Melee 9 or Acrobatics 6"
    "Combat 8 or Dexterity or Stealth 6"
    "Wisdom 10 or Combat 13 then Combat 15"
    "None" / "See Below"

Skills share the difficulty that follows them; "or" separates both skills and alternatives; "then" joins
checks that must all be attempted in order. "Or" binds tighter than "then" (CHK-02), so the last example is
(Wisdom 10 or Combat 13) then (Combat 15).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

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

    A skill of "Combat" means a combat check (CHK-07).
    """

    skills: tuple[str, ...]
    difficulty: int

    @property
    def is_combat(self) -> bool:
        return COMBAT in self.skills

    def __str__(self) -> str:
        return f"{' or '.join(self.skills)} {self.difficulty}"


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

    def __str__(self) -> str:
        if self.no_check is not None:
            return str(self.no_check)
        return " then ".join(str(step) for step in self.steps)


_SKILL_NAMES = {str(skill).lower(): str(skill) for skill in Skill} | {COMBAT.lower(): COMBAT}
_TOKEN = re.compile(r"\s*(\d+|[A-Za-z]+|,|/)\s*")


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


def _parse_step(text: str, whole: str) -> CheckStep:
    """One step: options separated by "or", each one or more skills separated by "or" and a difficulty."""
    options: list[CheckOption] = []
    skills: list[str] = []
    previous = ""  # the token before, "" at the start
    for token in _tokens(text):
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
            options.append(CheckOption(tuple(skills), _difficulty(token, whole)))
            skills = []
        elif lowered in _SKILL_NAMES:
            if previous and previous.lower() not in _SEPARATORS:
                raise CheckSyntaxError(f"write 'or' between {previous!r} and {token!r} in check {whole!r}")
            skills.append(_SKILL_NAMES[lowered])
        else:
            raise CheckSyntaxError(f"unknown skill {token!r} in check {whole!r}")
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
