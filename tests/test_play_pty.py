"""`pacg play` as a person plays it: through a pseudo-terminal, reading each screen and typing answers.

The test starts the real command, types a party at the prompt, answers option numbers for a few turns of a
real game, then ends the input (Ctrl-D) and checks the game stops cleanly, the record was written, and
`pacg replay` reports where the record ends. Every read has a timeout, so the test can't hang.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a POSIX pty")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
PARTY_PROMPT = re.compile(r"Who plays\?.*> $")
OPTION_PROMPT = re.compile(r"(\w+) \[1-(\d+), \? help\] > $")
TURN = re.compile(r"^Turn (\d+): ", re.MULTILINE)
PATTERN = (2, 1, 1, 3)  # the option numbers typed in turn, capped at the number of options
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


def test_a_person_plays_three_turns_then_ends_the_input(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    terminal = Terminal([sys.executable, "-m", "pacg", "play", "--seed", "5", "--log", str(log)], tmp_path)
    try:
        terminal.expect(PARTY_PROMPT)
        numbers = {name: re.search(rf"(\d+)\. {name}\n", terminal.screen) for name in ("Harsk", "Kyra")}
        assert all(numbers.values()), terminal.screen
        terminal.type(",".join(match.group(1) for match in numbers.values() if match) + "\n")  # e.g. "4,6"
        answers = 0
        while len(TURN.findall(terminal.screen)) < 3:
            assert answers < 500, "three turns should take far fewer answers"
            prompt = terminal.expect(OPTION_PROMPT)
            count = int(prompt.group(2))
            trading = "trade a card before the scenario?" in terminal.screen[-2000:].rsplit("\n\n", 1)[-1]
            terminal.type("1\n" if trading else f"{min(PATTERN[answers % len(PATTERN)], count)}\n")
            answers += 1
        terminal.expect(OPTION_PROMPT)  # the game waits for the next answer
        terminal.type("\x04")  # Ctrl-D: the input ends
        status = terminal.finish()
    finally:
        terminal.close()
    screen = terminal.screen
    assert "Party: Harsk, Kyra" in screen
    assert "Set up The Godless Ones for Harsk, Kyra" in screen
    assert "Harsk: where do you start?" in screen and "   1. " in screen
    assert "Traceback" not in screen
    assert status == 1
    flat = " ".join(screen.split())  # the message may wrap at the terminal's width
    assert f"Game stopped after {answers} answers; saved as godless-ones-5 " in flat
    assert "resume with `pacg play --resume godless-ones-5`" in flat
    assert f"its record also in {log}" in flat and "Error" not in flat
    record = json.loads(log.read_text(encoding="utf-8"))
    assert record["characters"] == ["Harsk", "Kyra"] and record["seed"] == 5
    assert len(record["actions"]) == answers

    replay = subprocess.run([sys.executable, "-m", "pacg", "replay", str(log)], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    output = replay.stdout + replay.stderr
    assert "Traceback" not in output
    assert replay.returncode == 0, output
    assert f"the game stopped after {answers} answers" in output
