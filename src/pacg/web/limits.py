"""What one server lets its clients use, as the host sets it on `pacg serve` (which has the defaults to run with):
games made by one client in a minute, games with AI seats live at once, AI answers a second in one game, and how
long a game no one uses stays in memory. A limit of None bounds nothing (a service in a test, or in a program of
one's own). A request past a limit gets HTTP 429 with a Retry-After header (`service.TooMany`).

    limits = Limits(games_per_minute=10, ai_games=20, ai_answers_per_second=10, idle_seconds=1800)
    window = Window(limits.games_per_minute)
    wait = window.admit("203.0.113.7")     # 0.0: admitted and counted; else the seconds until the client may
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

MINUTE = 60.0


@dataclass(frozen=True)
class Limits:
    """The host's limits (None: no limit): games one client (an address) may make in a minute; games with AI seats
    a server process holds live at once, not over (past it, making another is refused until one is forgotten);
    AI answers a second in one game (so the AI work a server takes on is at most `ai_games` times this); seconds a
    game no one uses or watches stays in memory (it stays in the store, and is loaded again when next used)."""

    games_per_minute: int | None = None
    ai_games: int | None = None
    ai_answers_per_second: float | None = None
    idle_seconds: float | None = None

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value is not None and not (value >= 0 if name == "ai_games" else value > 0):
                least = "0 or more" if name == "ai_games" else "above 0"
                raise ValueError(f"the limit {name} is a number {least} (or None, no limit), not {value!r}")

class Window:
    """At most `most` uses by each client in any `seconds` (a sliding window of the times of each client's uses).
    A client whose uses are all older than the window is forgotten, so the window holds only the clients of the
    last `seconds`."""

    def __init__(self, most: int, seconds: float = MINUTE, clock: Callable[[], float] = time.monotonic) -> None:
        self.most, self.seconds = most, seconds
        self._clock = clock
        self._uses: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def admit(self, client: str) -> float:
        """0.0 when the client may use it once more, counting that use; else the seconds until it may."""
        now = self._clock()
        with self._lock:
            self._forget_before(now - self.seconds)
            uses = self._uses.setdefault(client, deque())
            if len(uses) >= self.most:
                return uses[0] + self.seconds - now
            uses.append(now)
            return 0.0

    def give_back(self, client: str) -> None:
        """Uncount the client's last use (admitted, then not made)."""
        with self._lock:
            uses = self._uses.get(client)
            if uses:
                uses.pop()
                if not uses:
                    del self._uses[client]

    def _forget_before(self, start: float) -> None:
        for client in list(self._uses):
            uses = self._uses[client]
            while uses and uses[0] <= start:
                uses.popleft()
            if not uses:
                del self._uses[client]
