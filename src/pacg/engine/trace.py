"""Which power paragraphs the engine has run: how a test suite shows that every card's every power is played.

The engine calls `ran(power)` at each place where a paragraph takes effect: a play made (`window.apply_play`),
what a boon does whenever it is played (`window._when_played`), a mandatory paragraph applied
(`window.apply_mandatory`), a standing check paragraph applied (`window.apply_standing_powers`), a replacement
chosen (`window.place`), an after-playing power (`window._after_playing`), a closing power
(`closing._when_permanently_closed`), a skill a power gives (`state.CharacterState.skill`), a displayed card
that keeps anyone from moving (`state.GameState.sealed`) and a lasting paragraph that keeps a card from being played
(`playing._barred`).

Tracing is off unless `start()` is called (the tests' conftest does it); off, `ran` is one global read. The
paragraphs run are kept, not just their ids, so an id can't be reused by another paragraph while traced.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pacg.cards.powers import Power

executed: dict[int, Power] | None = None
"""The paragraphs run since `start()`, by id; None while tracing is off."""


def start() -> None:
    """Trace from now on, forgetting what was traced before."""
    global executed
    executed = {}
    aliases.clear()


def stop() -> None:
    global executed
    executed = None
    aliases.clear()


aliases: dict[int, tuple[Power, Power]] = {}
"""While tracing: paragraphs read anew from a card's (a character's, once it has chosen a trait), by id, each with
the card's paragraph it stands for (kept, so an id can't be reused while traced)."""


def alias(copy: Power, original: Power) -> None:
    """A paragraph stands for a card's own paragraph: running it runs that one."""
    if executed is not None:
        aliases[id(copy)] = (copy, original)


@contextmanager
def paused() -> Iterator[None]:
    """Trace nothing meanwhile: working out what a play would do, without playing it, runs no paragraph."""
    global executed
    kept, executed = executed, None
    try:
        yield
    finally:
        executed = kept


def ran(power: Power) -> None:
    """A power paragraph took effect."""
    if executed is not None:
        if id(power) in aliases:
            power = aliases[id(power)][1]
        executed[id(power)] = power
