"""`pacg play --plain` as a person plays it: through a pseudo-terminal, reading each screen and typing answers.

The test starts the real command in the line mode (at a terminal, `pacg play` is otherwise the full screen:
tests/test_screen.py), types a party at the prompt, answers option numbers for a few turns of a
real game, then ends the input (Ctrl-D) and checks the game stops cleanly, the record was written, and
`pacg replay` reports where the record ends. Every read has a timeout, so the test can't hang.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pseudo_terminal import Terminal

pytestmark = pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a POSIX pty")

PARTY_PROMPT = re.compile(r"Who plays\?.*> $")
AI_PROMPT = re.compile(r"Which of them do AI teammates play\? \(names, or Enter for none\) > $")
OPTION_PROMPT = re.compile(r"(\w+) \[(?:numbers )?1-(\d+), \? help\] > $")  # "numbers": choose several
TURN = re.compile(r"^Turn (\d+): ", re.MULTILINE)
PATTERN = (2, 1, 1, 3)  # the option numbers typed in turn, capped at the number of options


def test_a_person_plays_three_turns_then_ends_the_input(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    terminal = Terminal([sys.executable, "-m", "pacg", "play", "--plain", "--seed", "5", "--log", str(log)],
                        tmp_path)
    try:
        terminal.expect(PARTY_PROMPT)
        numbers = {name: re.search(rf"(\d+)\. {name}\n", terminal.screen) for name in ("Harsk", "Kyra")}
        assert all(numbers.values()), terminal.screen
        terminal.type(",".join(match.group(1) for match in numbers.values() if match) + "\n")  # e.g. "4,6"
        terminal.expect(AI_PROMPT)
        terminal.type("\n")  # no AI teammates: the person plays both
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
