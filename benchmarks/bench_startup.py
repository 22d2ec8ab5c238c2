"""Benchmark: how soon `pacg` answers, against `python -c "import typer"` timed in the same run.

Run with ``python3 benchmarks/bench_startup.py [--repeat R]``.

Each round runs, one after another, every command below as a new process, and times it from its start: the
reference (`python -c "import typer"`, to its end), `pacg --help` and `pacg play --help` (to their end), and the
first screen of `pacg play` driven through a pipe (to the moment its first prompt is on the pipe: the party
prompt, and with --characters the first decision). Every round runs the commands in a new order, so that
the machine's swings reach every command alike; each figure is the median of R rounds (default 21), and each
verdict the ratio of medians (the ratio of the fastest runs is printed beside it). The targets (issue 12):
`pacg --help` and `pacg play --help` within 1.5 times the reference, the first screen within 4 times.

The commands run as an installed pacg runs: this checkout's source first on the path, its bytecode compiled
(PYTHONDONTWRITEBYTECODE is dropped, and a warm-up round runs first), and the card library cache filled by the
warm-up (in a temporary folder, as are the saved games). Two more are timed for the record, without a target:
the first screen with the cache emptied before every run (a user's first run, or one after a card file
changed), and `python -c "import typer, pydantic"`: typer reads a command's options with pydantic, which it
imports, so every command with options (`pacg play` too) imports that much before any of pacg runs. The exit
status is 0 when every target is met and 1 when one is not.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from statistics import median

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACG = [sys.executable, "-m", "pacg"]
PARTY_PROMPT = b"Who plays?"
DECISION_PROMPT = b"? help] > "
WAIT = 60.0  # seconds before a command that never shows its prompt is given up on


def environment(folder: Path) -> dict[str, str]:
    """The commands' environment: this source first, bytecode written, the cache and the saves in `folder`."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE), *filter(None, [os.environ.get("PYTHONPATH")])])
    env["PACG_CACHE_DIR"] = str(folder / "cache")
    env["PACG_DATA_DIR"] = str(folder / "data")
    env.pop("COLUMNS", None)
    return env


def run_to_end(args: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from the start of a process to its end."""
    start = time.perf_counter()
    subprocess.run(args, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def run_to_prompt(args: Sequence[str], env: dict[str, str], prompt: bytes) -> float:
    """Seconds from the start of a process to the moment `prompt` is on its standard output (a pipe); then its
    input is closed, which stops it."""
    start = time.perf_counter()
    process = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    try:
        while prompt not in seen:
            ready, _, _ = select.select([process.stdout], [], [], WAIT)
            chunk = os.read(process.stdout.fileno(), 65536) if ready else b""
            if not chunk:
                raise RuntimeError(f"{' '.join(args[2:])}: no {prompt!r} on its output; it shows:\n"
                                   f"{seen.decode(errors='replace')[-2000:]}")
            seen += chunk
        return time.perf_counter() - start
    finally:
        process.stdin.close()
        process.stdout.close()
        process.wait(timeout=WAIT)


def plain_flag(env: dict[str, str]) -> list[str]:
    """`--plain` where `pacg play` has it (the line mode, when the full-screen game is the default)."""
    shown = subprocess.run([*PACG, "play", "--help"], env=env, capture_output=True, text=True, check=True).stdout
    return ["--plain"] if "--plain" in shown else []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="rounds of every command")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="pacg-startup-") as name:
        folder = Path(name)
        env = environment(folder)
        play = [*PACG, "play", *plain_flag(env), "--seed", "3"]

        def cold_first_screen() -> float:
            shutil.rmtree(folder / "cache", ignore_errors=True)
            return run_to_prompt(play, env, PARTY_PROMPT)

        commands: dict[str, tuple[Callable[[], float], float | None]] = {
            'python -c "import typer"': (lambda: run_to_end([sys.executable, "-c", "import typer"], env), None),
            "pacg --help": (lambda: run_to_end([*PACG, "--help"], env), 1.5),
            "pacg play --help": (lambda: run_to_end([*PACG, "play", "--help"], env), 1.5),
            'python -c "import typer, pydantic"': (
                lambda: run_to_end([sys.executable, "-c", "import typer, pydantic"], env), None),
            "pacg play: the party prompt": (lambda: run_to_prompt(play, env, PARTY_PROMPT), 4.0),
            "pacg play --characters: the first decision": (
                lambda: run_to_prompt([*play, "--characters", "Harsk,Kyra"], env, DECISION_PROMPT), 4.0),
            "pacg play: the party prompt, cache emptied": (cold_first_screen, None),
        }
        for measure, _ in commands.values():  # warm-up: bytecode compiled, the card library cached
            measure()
        times: dict[str, list[float]] = {label: [] for label in commands}
        order = random.Random(2026)
        for _ in range(options.repeat):
            for label in order.sample(list(commands), len(commands)):  # no command always after the same one
                times[label].append(commands[label][0]())

    reference = times['python -c "import typer"']
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print(f"{options.repeat} rounds; median seconds and its ratio to the reference's (the verdict), and the same "
          "for the fastest run:")
    met = True
    for label, (_, target) in commands.items():
        typical, ratio = median(times[label]), median(times[label]) / median(reference)
        verdict = ""
        if target is not None:
            met = met and ratio <= target
            verdict = f"  target {target:.1f}x: {'PASS' if ratio <= target else 'FAIL'}"
        fastest = min(times[label])
        print(f"  {label:<46} {typical:6.3f} s {ratio:5.2f}x   fastest {fastest:6.3f} s "
              f"{fastest / min(reference):5.2f}x{verdict}")
    print(f"all targets: {'PASS' if met else 'FAIL'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
