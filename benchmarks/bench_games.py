"""Benchmark: whole games of The Godless Ones with four random players.

Run with ``python3 benchmarks/bench_games.py [--games N] [--seed S] [--repeat R]``.

It plays N games (default 300), each with 4 of the seven base-set characters drawn with the seed, random
agents answering every Decision, from setup to the end. It prints games per second on one core, decisions
per second, the average number of turns and decisions per game, and the peak memory one game needs
(tracemalloc). In the same run it times a reference: the same number of setups alone (building the box,
the decks, the locations and the blessings deck), so the figure for play can be told apart from the
figure for setting up, and a pure-Python loop, timed just before and just after each run, that calibrates
the machine: on a shared machine whose speed varies, the games per second scaled to the reference machine's
speed compare one run with another. The
target is 100 games per second per core, measured (not scaled); the exit status is 0 when it is met and 1
when it is not.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

from pacg.agents.random_agent import RandomAgent
from pacg.cards.loader import CardLibrary, load_library
from pacg.decisions import Decision, run
from pacg.engine.scenario import play_scenario
from pacg.engine.setup import new_game, set_up
from pacg.engine.state import Game

CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah"]
SCENARIO = "The Godless Ones"
TARGET_GAMES_PER_SECOND = 100.0
REFERENCE_CALIBRATION = 0.093  # seconds for `calibration()` on the machine of the recorded results


def party(seed: int) -> list[str]:
    return random.Random(f"party {seed}").sample(CHARACTERS, 4)


def counting(agent: Callable[[Decision], int], counter: list[int]) -> Callable[[Decision], int]:
    def answer(decision: Decision) -> int:
        counter[0] += 1
        return agent(decision)

    return answer


def play_games(library: CardLibrary, seeds: range) -> tuple[float, int, int]:
    """Play a game for each seed; the seconds it took, the decisions and the turns."""
    decisions, turns = [0], 0
    start = time.perf_counter()
    for seed in seeds:
        game = new_game(library, SCENARIO, party(seed), seed)
        run(play_scenario(game), counting(RandomAgent(seed), decisions))
        turns += game.turns
    return time.perf_counter() - start, decisions[0], turns


def calibrated_run(library: CardLibrary, seeds: range) -> tuple[float, float, int, int]:
    """One run of the games between two calibrations: its seconds, the machine's calibration at the time
    (the faster of the two), its decisions and turns."""
    before = calibration()
    seconds, decisions, turns = play_games(library, seeds)
    return seconds, min(before, calibration()), decisions, turns


def set_up_games(library: CardLibrary, seeds: range) -> float:
    """Only the setups of the same games: the reference for what playing adds."""
    start = time.perf_counter()
    for seed in seeds:
        game: Game = new_game(library, SCENARIO, party(seed), seed)
        run(set_up(game), RandomAgent(seed))
    return time.perf_counter() - start


def calibration() -> float:
    """Seconds for a fixed pure-Python loop: how fast this machine runs Python, to compare runs."""
    start = time.perf_counter()
    total = 0
    for i in range(2_000_000):
        total += i % 7
    return time.perf_counter() - start


def peak_memory(library: CardLibrary, seed: int) -> int:
    """Bytes allocated at the peak of one game (tracemalloc), the library already loaded."""
    tracemalloc.start()
    game = new_game(library, SCENARIO, party(seed), seed)
    run(play_scenario(game), RandomAgent(seed))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="the best of this many runs is reported")
    options = parser.parse_args()
    library = load_library()
    seeds = range(options.seed, options.seed + options.games)
    runs = [calibrated_run(library, seeds) for _ in range(options.repeat)]
    seconds, calibrated, decisions, turns = min(runs, key=lambda run_: run_[0])
    normalized = max(options.games / run_[0] * run_[1] / REFERENCE_CALIBRATION for run_ in runs)
    setup_seconds = min(set_up_games(library, seeds) for _ in range(options.repeat))
    peak = max(peak_memory(library, seed) for seed in list(seeds)[:10])
    games_per_second = options.games / seconds

    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    speed = REFERENCE_CALIBRATION / calibrated
    print(f"calibration loop around the best run: {calibrated * 1000:.0f} ms; the reference machine's is "
          f"{REFERENCE_CALIBRATION * 1000:.0f} ms, so that run went at {speed:.0%} of its speed")
    print(f"{options.games} games of {SCENARIO}, 4 random players each, best of {options.repeat} runs:")
    print(f"  games:      {seconds:.2f} s   {games_per_second:.1f} games/s on one core "
          f"(best at the reference machine's speed: {normalized:.1f})")
    print(f"  setups:     {setup_seconds:.2f} s   {options.games / setup_seconds:.1f} setups/s (the reference)")
    print(f"  play alone: {seconds - setup_seconds:.2f} s   "
          f"{options.games / max(seconds - setup_seconds, 1e-9):.1f} games/s without setting up")
    print(f"  decisions:  {decisions / options.games:.0f} per game, {decisions / seconds:,.0f} per second")
    print(f"  turns:      {turns / options.games:.1f} per game")
    print(f"  peak memory of one game: {peak / 1024:.0f} KiB (tracemalloc, library loaded)")
    met = games_per_second >= TARGET_GAMES_PER_SECOND
    print(f"target {TARGET_GAMES_PER_SECOND:.0f} games/s per core: {'PASS' if met else 'FAIL'} "
          f"({games_per_second / TARGET_GAMES_PER_SECOND:.0%} of it)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
