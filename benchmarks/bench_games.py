"""Benchmark: whole games of The Godless Ones with four random players.

Run with ``python3 benchmarks/bench_games.py [--games N] [--batch B] [--seed S] [--repeat R]``.

It plays N games (default 300) on the Game object (`pacg.new_game`, `pacg.play`), each with 4 of the seven
base-set characters drawn with the seed, random agents answering every Decision, from setup to the end, R
times over, timing each batch of B games. It prints games per second on one core, decisions per second, the
average number of turns and decisions per game, and the peak memory one game needs (tracemalloc). In the same
run it times a reference: the same number of setups alone (building the box, the decks, the locations and the
blessings deck), so the figure for play can be told apart from the figure for setting up.

On a shared machine, other work slows a run down by as much as 40%, from one second to the next, so the speed
of the code is read the way `timeit` reads it: each batch's fastest time over the R runs, added up over the
batches (the same games every run, so the fastest time of a batch is the time of its games with the least
interference). The median run is printed beside it. The target is 100 games per second per core by the fastest
times; the exit status is 0 when it is met and 1 when it is not.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import tracemalloc
from statistics import median

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.cards.loader import CardLibrary, load_library
from pacg.decisions import run
from pacg.engine.setup import new_game, set_up
from pacg.engine.state import GameState

CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah"]
SCENARIO = "The Godless Ones"
TARGET_GAMES_PER_SECOND = 100.0


def party(seed: int) -> list[str]:
    return random.Random(f"party {seed}").sample(CHARACTERS, 4)


def play_games(library: CardLibrary, seeds: range) -> tuple[float, int, int]:
    """Play a game for each seed; the seconds it took, the decisions and the turns."""
    decisions, turns = 0, 0
    start = time.perf_counter()
    for seed in seeds:
        game = pacg.new_game(SCENARIO, party(seed), seed, library=library)
        pacg.play(game, RandomAgent(seed))
        decisions += len(game.actions)
        turns += game.turn
    return time.perf_counter() - start, decisions, turns


def timed_batches(library: CardLibrary, seeds: range, size: int) -> list[tuple[float, int, int]]:
    """One run of the games, in batches: each batch's seconds, decisions and turns."""
    return [play_games(library, range(first, min(first + size, seeds.stop)))
            for first in range(seeds.start, seeds.stop, size)]


def set_up_games(library: CardLibrary, seeds: range) -> float:
    """Only the setups of the same games: the reference for what playing adds."""
    start = time.perf_counter()
    for seed in seeds:
        game: GameState = new_game(library, SCENARIO, party(seed), seed)
        run(set_up(game), RandomAgent(seed))
    return time.perf_counter() - start


def peak_memory(library: CardLibrary, seed: int) -> int:
    """Bytes allocated at the peak of one game (tracemalloc), the library already loaded."""
    tracemalloc.start()
    game = pacg.new_game(SCENARIO, party(seed), seed, library=library)
    pacg.play(game, RandomAgent(seed))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--batch", type=int, default=25, help="games timed together")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5, help="runs of all the games")
    options = parser.parse_args()
    library = load_library()
    seeds = range(options.seed, options.seed + options.games)
    runs = [timed_batches(library, seeds, options.batch) for _ in range(options.repeat)]
    fastest = sum(min(run[index][0] for run in runs) for index in range(len(runs[0])))
    typical = median(sum(seconds for seconds, _, _ in run) for run in runs)
    decisions, turns = sum(batch[1] for batch in runs[0]), sum(batch[2] for batch in runs[0])
    setup_seconds = min(set_up_games(library, seeds) for _ in range(options.repeat))
    peak = max(peak_memory(library, seed) for seed in list(seeds)[:10])
    games_per_second = options.games / fastest

    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print(f"{options.games} games of {SCENARIO}, 4 random players each, {options.repeat} runs in batches of "
          f"{options.batch}:")
    print(f"  games:      {fastest:.2f} s   {games_per_second:.1f} games/s on one core (each batch's fastest run)")
    print(f"              {typical:.2f} s   {options.games / typical:.1f} games/s in the median run")
    print(f"  setups:     {setup_seconds:.2f} s   {options.games / setup_seconds:.1f} setups/s (the reference)")
    print(f"  play alone: {fastest - setup_seconds:.2f} s   "
          f"{options.games / max(fastest - setup_seconds, 1e-9):.1f} games/s without setting up")
    print(f"  decisions:  {decisions / options.games:.0f} per game, {decisions / fastest:,.0f} per second")
    print(f"  turns:      {turns / options.games:.1f} per game")
    print(f"  peak memory of one game: {peak / 1024:.0f} KiB (tracemalloc, library loaded)")
    met = games_per_second >= TARGET_GAMES_PER_SECOND
    print(f"target {TARGET_GAMES_PER_SECOND:.0f} games/s per core: {'PASS' if met else 'FAIL'} "
          f"({games_per_second / TARGET_GAMES_PER_SECOND:.0%} of it)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
