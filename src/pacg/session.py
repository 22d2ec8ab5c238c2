"""A game played from the command line: saved after every answer, stopped cleanly by a signal, taken up again.

`pacg play` saves the game after every answer (and every undo): to its `--log` file, written atomically
(`record.save_record`), and to the saved games' database under the game's save name (`saves.SaveStore`).
SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) stop the game between two saves; SIGKILL can stop it
anywhere, losing at most the answer being written. `pacg play --resume FILE|NAME` takes the game up again.
"""

from __future__ import annotations

import shlex
import signal
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from pacg.record import save_record
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
    AI teammates play, if any ({character: agent}, `pacg.seats`)."""

    def __init__(self, log: Path | None, name: str | None, ai_seats: Mapping[str, str] | None = None) -> None:
        self.log = log
        self.name = name
        self.ai_seats = dict(ai_seats or {})
        self._store: SaveStore | None = SaveStore() if name is not None else None

    def __call__(self, game: Game) -> None:
        record = record_with_ai(game, self.ai_seats)
        if self.log is not None:
            save_record(self.log, record)
        if self._store is not None and self.name is not None:
            self._store.put(self.name, record)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def where(self) -> str:
        """Where the game is saved, in words, with the command that takes it up again."""
        if self.name is not None:
            also = f" (its record also in {self.log})" if self.log is not None else ""
            return f"saved as {self.name}{also}: resume with `pacg play --resume {shlex.quote(self.name)}`"
        if self.log is not None:
            return f"saved in {self.log}: resume with `pacg play --resume {shlex.quote(str(self.log))}`"
        return "not saved (--save NAME or --log FILE saves a game as it goes)"


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """While a game is played, SIGTERM and SIGHUP raise `Stopped` (Ctrl-C raises KeyboardInterrupt, as always),
    so the game ends with its last save in place and a message, never a traceback."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    previous = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            with suppress(ValueError, OSError):
                signal.signal(signum, handler)
