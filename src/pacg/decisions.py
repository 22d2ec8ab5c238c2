"""Decisions: every choice the rules give a player, with the complete list of legal options (DESIGN.md 3).

The engine's rules are generators: whenever a player must choose, they `yield` a Decision and receive the
index of the chosen option. Humans at a terminal, scripted tests and AI agents are all answerers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, TypeVar, cast

T = TypeVar("T")


class Option(NamedTuple):
    """One legal answer: what a person reads, and what the engine acts on."""

    label: str
    value: Any = None


class Decision(NamedTuple):
    """A choice for one player: who decides, what about, and every legal option."""

    player: str
    kind: str
    prompt: str
    options: tuple[Option, ...]
    help: str = ""
    context: Mapping[str, Any] = MappingProxyType({})

    def index_of(self, label: str) -> int:
        """The index of the option with this label (for scripts and tests)."""
        for index, option in enumerate(self.options):
            if option.label == label:
                return index
        labels = "; ".join(option.label for option in self.options)
        raise ValueError(f"no option {label!r} in {self.kind} decision (options: {labels})")


class InvalidAnswer(ValueError):
    """An answer that is not one of the Decision's options."""


# A rules process: yields Decisions, receives option indexes, returns its result.
Process = Generator[Decision, int, T]


class Answerer(Protocol):
    def __call__(self, decision: Decision) -> int: ...


def validated(decision: Decision, answer: int) -> int:
    if not isinstance(answer, int) or not 0 <= answer < len(decision.options):
        raise InvalidAnswer(f"{answer!r} is not an option of {decision.kind} (0..{len(decision.options) - 1})")
    return answer


def run(process: Process[T], answer: Answerer | Callable[[Decision], int]) -> T:
    """Drive a rules process to its end, asking `answer` for every Decision."""
    try:
        decision = next(process)
        while True:
            decision = process.send(validated(decision, answer(decision)))
    except StopIteration as stop:
        return cast(T, stop.value)  # the value the process returned (StopIteration types it Any)
