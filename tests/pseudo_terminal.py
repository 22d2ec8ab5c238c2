"""A program run in a pseudo-terminal, as a person at a terminal runs it: what it prints, colours stripped, and
what is typed (tests/test_play_pty.py, tests/test_screen.py). Every read has a timeout, so a test can't hang."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
ROWS, COLUMNS = 40, 100


class Terminal:
    """A program running in a pseudo-terminal: what it has printed (colours stripped) and what is typed."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
        self.process = subprocess.Popen(
            args, stdin=self.slave, stdout=self.slave, stderr=self.slave, cwd=cwd, env=env, start_new_session=True
        )
        self.screen = ""  # everything printed so far
        self.unread = ""  # printed since the last match

    def _read(self, timeout: float) -> bool:
        """Read what is there within `timeout` seconds; False when nothing came."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the other end is closed
            return False
        text = ANSI.sub("", data.decode("utf-8", errors="replace")).replace("\r\n", "\n")
        self.screen += text
        self.unread += text
        return bool(data)

    def expect(self, pattern: re.Pattern[str], timeout: float = 30) -> re.Match[str]:
        """Wait until what was printed since the last match matches `pattern`; return the match."""
        deadline = time.monotonic() + timeout
        while True:
            match = pattern.search(self.unread)
            if match:
                self.unread = self.unread[match.end():]
                return match
            remaining = deadline - time.monotonic()
            if remaining <= 0 or (not self._read(min(remaining, 0.5)) and self.process.poll() is not None):
                raise AssertionError(f"no {pattern.pattern!r} on the screen; it ends with:\n{self.screen[-3000:]}")

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def finish(self, timeout: float = 30) -> int:
        """Wait for the program to exit, reading all it prints; returns its exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.2)
        while self._read(0.2):
            pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"the program did not exit; the screen ends with:\n{self.screen[-3000:]}")
        return self.process.returncode

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)
