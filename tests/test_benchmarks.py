"""The benchmark scripts run and print their figures (their speed targets are checked by running them, not
here: see benchmarks/README.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def _run(script: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / script), *options], capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_games_benchmark_plays_every_game_of_every_run_and_gives_its_verdict() -> None:
    result = _run("bench_games.py", "--games", "4", "--batch", "3", "--repeat", "2")
    assert result.returncode in (0, 1), result.stderr  # 1: the target was missed, which a test can't rule out
    out = result.stdout
    assert "4 games of The Godless Ones, 4 random players each, 2 runs in batches of 3:" in out
    assert "games/s on one core (each batch's fastest run)" in out
    assert "games/s in the median run" in out
    assert "peak memory of one game" in out
    verdict = "PASS" if result.returncode == 0 else "FAIL"
    assert f"target 100 games/s per core: {verdict}" in out


def test_the_dice_benchmark_checks_every_answer_against_icepool() -> None:
    result = _run("bench_dice.py", "--pools", "12", "--repeat", "1")
    assert result.returncode in (0, 1), result.stderr
    assert "all 12 answers agree exactly: yes" in result.stdout, result.stdout
    assert "mismatches: 0" in result.stdout


def test_the_questions_benchmark_counts_the_questions_of_the_issues_script_and_gives_its_verdict() -> None:
    result = _run("bench_questions.py", "--games", "2")
    assert result.returncode == 0, result.stdout + result.stderr  # the count is the same on every machine
    out = result.stdout
    assert "only real questions                    79 questions in   31 turns:  2.55 a turn" in out
    assert "every play window (--ask-always)" in out
    assert "target at most 3.45 questions a turn on the issue's script: PASS" in out


def test_the_startup_benchmark_times_every_command_beside_the_reference_and_gives_its_verdict() -> None:
    result = _run("bench_startup.py", "--repeat", "1")
    assert result.returncode in (0, 1), result.stderr
    out = result.stdout
    assert "1 rounds; median seconds and its ratio to the reference's (the verdict)" in out
    for label in ('python -c "import typer"', "pacg --help", "pacg play --help", 'python -c "import typer, pydantic"',
                  "pacg play: the party prompt",
                  "pacg play --characters: the first decision", "pacg play: the party prompt, cache emptied"):
        assert f"  {label} " in out, out
    assert out.count("target 1.5x") == 2 and out.count("target 4.0x") == 2
    assert f"all targets: {'PASS' if result.returncode == 0 else 'FAIL'}" in out


def test_the_simulation_benchmark_reports_each_agents_speed_the_speed_up_and_the_memory() -> None:
    result = _run("bench_simulate.py", "--games", "2", "--seconds", "5", "--speedup-games", "3", "--repeat", "1",
                  "--memory-games", "1", "--agents", "random")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "random:" in out and "games/s per core (2 games, at most 5 s)" in out
    assert "speed-up, 3 random games, fastest of 1: 1 worker" in out
    assert "peak memory, one worker: 1 games" in out and "10 games" in out


def test_the_instruction_counts_games_are_the_benchmarks_own() -> None:
    result = _run("count_instructions.py", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("played 2 games after the warm-up: ") and " decisions, " in result.stdout
