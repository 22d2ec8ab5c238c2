"""`pacg play` stopped by a signal at a random moment keeps a save that loads and resumes to the game's end.

The game is saved after every answer, atomically, so SIGKILL loses at most the answer being written, and
SIGTERM and SIGHUP stop it cleanly, with a message and no traceback. Each run plays a random game with a record
file, is stopped after a random delay, and is then taken up again with `pacg play --resume`: it must end as
the same game played without a stop ends (the random players go on where they were). The acceptance run is 200
stops of each kind (PACG_LONG=1); the default run makes a few.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pacg.game import load_game
from table import library

pytestmark = pytest.mark.plays_at_random
LONG = os.environ.get("PACG_LONG") == "1"
RUNS = {signal.SIGKILL: 200 if LONG else 8, signal.SIGTERM: 200 if LONG else 4, signal.SIGHUP: 200 if LONG else 4}
PACG = [sys.executable, "-m", "pacg"]
PARTY = "Harsk,Kyra,Seelah"


def pacg(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PACG, *args], capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def outcomes() -> dict[int, dict[str, object]]:
    """The outcome of each seed's game played without a stop."""
    return {}


def uninterrupted(seed: int, outcomes: dict[int, dict[str, object]]) -> dict[str, object]:
    if seed not in outcomes:
        done = pacg("play", "--agent", "random", "--characters", PARTY, "--seed", str(seed), "--json")
        assert done.returncode == 0, done.stderr
        outcomes[seed] = json.loads(done.stdout)
    return outcomes[seed]


def answers_saved(log: Path) -> int:
    """How many answers the save holds (a save is replaced whole, so it reads whole or not at all)."""
    try:
        return len(json.loads(log.read_text(encoding="utf-8"))["actions"])
    except (OSError, ValueError):
        return 0


def stop_and_resume(signum: int, run: int, folder: Path, outcomes: dict[int, dict[str, object]]) -> str:
    """One run: play, stop with the signal after a random delay, check the save, resume; what happened."""
    rng = random.Random(f"{signum} {run}")
    seed = rng.randrange(40)
    log = folder / f"{signum}-{run}.json"
    game = subprocess.Popen([*PACG, "play", "--agent", "random", "--characters", PARTY, "--seed", str(seed),
                             "--log", str(log), "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    target, started = rng.randint(1, 100), time.monotonic()
    while game.poll() is None and answers_saved(log) < target and time.monotonic() - started < 60:
        pass  # stop it once the save holds a random number of answers (it can't be waited for: it is quick)
    game.send_signal(signum)
    stdout, stderr = game.communicate(timeout=120)
    assert "Traceback" not in stdout + stderr, stderr
    if game.returncode == 0:  # it ended before the signal came
        assert json.loads(stdout) == uninterrupted(seed, outcomes)
        return "ended first"
    if game.returncode == -signum and signum != signal.SIGKILL:  # it came as the process was exiting
        assert "outcome" in json.loads(log.read_text(encoding="utf-8"))
        return "ended first"
    if signum != signal.SIGKILL:
        assert game.returncode == 1, stderr
        assert f"Game stopped ({signal.Signals(signum).name}) after" in stderr and "--resume" in stderr, stderr
    assert load_game(log, library=library()).actions  # the save left behind loads
    resumed = pacg("play", "--agent", "random", "--resume", str(log), "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout) == uninterrupted(seed, outcomes), "resumed, it ends as the game played through"
    return "resumed"


@pytest.mark.parametrize("signum", list(RUNS), ids=lambda signum: signal.Signals(signum).name)
def test_a_stopped_game_leaves_a_save_that_loads_and_resumes_to_the_same_end(
        signum: int, tmp_path: Path, outcomes: dict[int, dict[str, object]]) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        happened = list(pool.map(lambda run: stop_and_resume(signum, run, tmp_path, outcomes), range(RUNS[signum])))
    assert "resumed" in happened, happened
    assert not list(tmp_path.glob("*.partial")) or signum == signal.SIGKILL


@pytest.mark.parametrize("delay", [0.3, 0.5, 0.8, 1.2])
def test_ctrl_c_while_pacg_play_starts_up_stops_it_without_a_traceback(delay: float) -> None:
    """Ctrl-C (SIGINT) while the command is still importing or reading the cards: a line, no traceback. (Sooner
    than that, while the interpreter itself starts, before any of pacg runs, Python reports it as it does.)"""
    game = subprocess.Popen([*PACG, "play", "--agent", "random", "--characters", PARTY, "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    game.send_signal(signal.SIGINT)
    stdout, stderr = game.communicate(timeout=120)
    if "Fatal Python error: init_import_site" in stderr:
        return  # the interpreter was still starting: nothing of pacg had run yet
    assert "Traceback" not in stdout + stderr, stderr
    assert game.returncode != 0 or "blessings left" in stdout  # stopped, or it had already played to its end


def test_ctrl_c_at_a_prompt_stops_the_game_saying_how_to_resume_it() -> None:
    """SIGINT while the game waits for an answer: the save's name and the command to take it up again, exit 1."""
    game = subprocess.Popen([*PACG, "play", "--characters", "Harsk", "--seed", "6"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert game.stdout is not None
    shown = b""
    while b"? help] > " not in shown:
        chunk = os.read(game.stdout.fileno(), 65536)
        assert chunk, shown.decode()
        shown += chunk
    game.send_signal(signal.SIGINT)
    _, stderr = game.communicate(timeout=60)
    assert game.returncode == 1
    assert stderr.decode() == ("Game stopped after 0 answers; saved as godless-ones-6: resume with `pacg play "
                               "--resume godless-ones-6`\n")
