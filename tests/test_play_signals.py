"""`pacg play` stopped by a signal at a random moment keeps a save that loads and resumes to the game's end.

The game is saved after every answer, atomically, so SIGKILL loses at most the answer being written, and
SIGTERM and SIGHUP stop it cleanly, with a message and no traceback: one that comes during a save waits until the
save is whole, so the message counts the answers the save holds and no half-written file is left. Each run plays a
random game with a record file, is stopped after a random delay, and is then taken up again with `pacg play
--resume`: it must end as the same game played without a stop ends (the random players go on where they were).
The acceptance run is 200 stops of each kind (PACG_LONG=1); the default run makes a few. A stop that comes in the
middle of a save is made certain in this process, by sending the signal from inside the save.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pacg import record
from pacg.agents.random_agent import RandomAgent
from pacg.cli import app
from pacg.game import load_game, new_game
from pacg.record import partial_path, read_record
from pacg.session import Saver, Stopped, stopped_by_signals
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
        stopped = re.search(rf"Game stopped \({signal.Signals(signum).name}\) after (\d+) answers", stderr)
        assert stopped and "--resume" in stderr, stderr
        assert int(stopped.group(1)) == answers_saved(log), "the message counts the answers saved"
        assert not partial_path(log).exists(), "a stop leaves no half-written save"
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
    assert not list(tmp_path.glob("*.partial")), "a half-written save left by SIGKILL is gone once resumed"


# --- a stop in the middle of a save, for certain ---------------------------------------------------------------


def signal_from(function: Callable[..., Any], signum: int, when: Callable[..., bool]) -> Callable[..., Any]:
    """`function`, which first sends this process the signal when its arguments are `when`'s, once."""
    sent: list[int] = []

    def sending(*args: Any) -> Any:
        if not sent and when(*args):
            sent.append(signum)
            os.kill(os.getpid(), signum)
        return function(*args)

    return sending


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT],
                         ids=lambda signum: signal.Signals(signum).name)
def test_a_stop_signal_during_a_save_waits_until_the_save_is_whole(
        signum: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The signal comes after the save is written, before it is renamed into place: the save is finished first,
    then the game stops, its record holding every answer and no `.partial` file left behind."""
    log = tmp_path / "game.json"
    game = new_game("The Godless Ones", ["Harsk"], 3, library=library())
    game.apply(RandomAgent(3).act({}, game.decision))  # type: ignore[arg-type]
    monkeypatch.setattr(record.os, "replace", signal_from(os.replace, signum, lambda source, target: True))
    saver = Saver(log, None)
    with stopped_by_signals(), pytest.raises(KeyboardInterrupt if signum == signal.SIGINT else Stopped):
        saver(game)
    assert read_record(log).actions == game.actions
    assert not partial_path(log).exists()
    assert saver.answers_kept(game) == 1


def test_pacg_play_stopped_during_a_save_counts_the_answers_saved(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM while the fifth answer is being saved (the sixth save: the game is saved as it starts): the save
    holds five answers, the message says five."""
    log = tmp_path / "game.json"
    saves = iter(range(100))
    fifth = signal_from(os.replace, signal.SIGTERM, lambda source, target: target == log and next(saves) == 5)
    monkeypatch.setattr(record.os, "replace", fifth)
    done = CliRunner().invoke(app, ["play", "--agent", "random", "--characters", PARTY, "--seed", "2", "--log",
                                    str(log)])
    assert isinstance(done.exception, SystemExit) and done.exit_code == 1, done.output
    assert done.stderr.startswith("Game stopped (SIGTERM) after 5 answers; saved in"), done.stderr
    assert len(read_record(log).actions) == 5
    assert not partial_path(log).exists()


def test_a_half_written_save_left_by_sigkill_is_removed_when_the_game_starts(tmp_path: Path) -> None:
    """A game killed as it saved leaves FILE.partial; a game saved to FILE removes it as it starts, before any
    answer (here none is given: q at the first question)."""
    log = tmp_path / "game.json"
    partial_path(log).write_text('{"format": "pacg game rec', encoding="utf-8")
    done = CliRunner().invoke(app, ["play", "--characters", "Harsk", "--seed", "8", "--plain", "--log", str(log)],
                              input="q\n")
    assert done.exit_code == 1 and "Game stopped after 0 answers" in done.stderr, done.output
    assert not partial_path(log).exists()


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
    resumed = subprocess.run([*PACG, "play", "--resume", "godless-ones-6", "--agent", "random"], capture_output=True,
                             text=True, timeout=120, check=False)
    assert resumed.returncode == 0, resumed.stderr  # the save it names is there, and plays on from the start
