"""A game played from the command line: saved after every answer, stopped cleanly by a signal, taken up again.

`pacg play` saves the game after every answer (and every undo): to its `--log` file, written atomically
(`record.save_record`), and to the saved games' database under the game's save name (`saves.SaveStore`).
SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) stop the game between two saves: one that comes while
a save is being written waits until the save is whole (`whole_save`), so the save holds every answer the stop
message counts and leaves no half-written file. SIGKILL can stop it anywhere, losing at most the answer being
written; the half-written file it may leave is removed when the game is saved there again. `pacg play --resume
FILE|NAME` takes the game up again.
"""

from __future__ import annotations

import shlex
import signal
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from pacg.record import remove_stale_partial, save_record
from pacg.saves import SaveStore
from pacg.seats import record_with_ai

STOP_SIGNALS = (signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []))  # SIGINT is Ctrl-C
if TYPE_CHECKING:
    from pacg.game import Game


class Stopped(Exception):
    """A signal asked the game to stop (SIGTERM, SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Saver:
    """Saves a game after every answer: to a record file and to a save of the database, as given; with the seats
    AI teammates play, if any ({character: agent}, `pacg.seats`). A record file's half-written save, left by a
    process killed as it saved, is removed as the game starts to be saved there."""

    def __init__(self, log: Path | None, name: str | None, ai_seats: Mapping[str, str] | None = None) -> None:
        self.log = log
        self.name = name
        self.ai_seats = dict(ai_seats or {})
        self._store: SaveStore | None = SaveStore() if name is not None else None
        self._answers_saved = 0
        if log is not None:
            remove_stale_partial(log)

    def __call__(self, game: Game) -> None:
        record = record_with_ai(game, self.ai_seats)
        with whole_save():
            if self.log is not None:
                save_record(self.log, record)
            if self._store is not None and self.name is not None:
                self._store.put(self.name, record)
            self._answers_saved = len(record["actions"])

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def answers_kept(self, game: Game) -> int:
        """How many of the game's answers a stop keeps: those of its last whole save (0 before the first), or,
        for a game not saved, all of them."""
        return self._answers_saved if self.log is not None or self.name is not None else len(game.actions)

    def where(self) -> str:
        """Where the game is saved, in words, with the command that takes it up again."""
        if self.name is not None:
            also = f" (its record also in {self.log})" if self.log is not None else ""
            return f"saved as {self.name}{also}: resume with `pacg play --resume {shlex.quote(self.name)}`"
        if self.log is not None:
            return f"saved in {self.log}: resume with `pacg play --resume {shlex.quote(str(self.log))}`"
        return "not saved (--save NAME or --log FILE saves a game as it goes)"


@dataclass
class _Stops:
    """The stop signals' state while a game is played: whether a save is being written, and the signal that came
    meanwhile, if one did."""

    saving: bool = False
    waiting: int | None = None

    def stop(self, signum: int) -> None:
        """Stop the game now (SIGINT raises KeyboardInterrupt, as Python's own handler does), or once the save
        being written is whole."""
        if self.saving:
            self.waiting = signum
        elif signum == signal.SIGINT:
            raise KeyboardInterrupt
        else:
            raise Stopped(signum)


_stops = _Stops()


@contextmanager
def whole_save() -> Iterator[None]:
    """While a save is written: a stop signal waits until it is whole (or has failed), then stops the game."""
    _stops.saving = True
    try:
        yield
    finally:
        _stops.saving = False
        waiting, _stops.waiting = _stops.waiting, None
    if waiting is not None:
        _stops.stop(waiting)


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """While a game is played, SIGTERM and SIGHUP raise `Stopped` and Ctrl-C raises KeyboardInterrupt, as always,
    but never in the middle of a save (`whole_save`), so the game ends with its last save whole and a message,
    never a traceback."""

    def stop(signum: int, frame: FrameType | None) -> None:
        _stops.stop(signum)

    _stops.waiting = None
    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, *STOP_SIGNALS)}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            with suppress(ValueError, OSError):
                signal.signal(signum, handler)
