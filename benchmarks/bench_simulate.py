"""Benchmark: `pacg simulate`'s games per second per core for each agent, its speed-up from 1 to 2 worker
processes, and its memory at N and 10N games (issue 13, item 5).

Run with ``python3 benchmarks/bench_simulate.py [--games N] [--seconds S] [--speedup-games M] [--repeat R]
[--memory-games K] [--agents a,b]`` (or the environment variables PACG_BENCH_GAMES, PACG_BENCH_SECONDS,
PACG_BENCH_SPEEDUP_GAMES, PACG_BENCH_REPEAT, PACG_BENCH_MEMORY_GAMES).

- Games per second per core: for each agent of `pacg.agents.AGENTS` (or those named), games of The Godless Ones
  with four base-set characters, played one at a time in this process as a simulation plays them (watched for
  the per-card table, folded into the statistics), up to N games or S seconds, whichever comes first.
- Speed-up: the same M random games with 1 worker (in this process) and with 2 worker processes (started for
  the run: their start is counted), R times each, alternately, and the ratio of the fastest times (other work
  on a shared machine slows some runs down: the fastest is the one it slowed least).
- Memory: the peak resident memory of a whole run of K games and of 10K games, each in a fresh process with one
  worker (the games and the statistics in the same process), and their ratio: flat means close to 1.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from pacg.agents import AGENTS
from pacg.sim.config import Config, game_seed
from pacg.sim.runner import Plan, simulate
from pacg.sim.stats import RunStats

SCENARIO = "The Godless Ones"
PARTY = ("Alain", "Harsk", "Kyra", "Seelah")

_MEMORY_RUN = """
import resource, sys
from pacg.sim.config import Config
from pacg.sim.runner import Plan, simulate
simulate(Plan((Config({scenario!r}, {party!r}, "random"),), int(sys.argv[1]), 1, workers=1))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def games_per_second(agent: str, games: int, seconds: float) -> tuple[int, float]:
    """Games played and games per second of one agent on one core, in this process."""
    from pacg.sim.games import play_game

    config = Config(SCENARIO, PARTY, agent)
    stats = RunStats.empty(1)
    play_game(config, game_seed(0, -1))  # the card library read, once, before the clock starts
    start = time.perf_counter()
    played = 0
    while played < games and time.perf_counter() - start < seconds:
        stats.add([play_game(config, game_seed(0, played))])
        played += 1
    return played, played / (time.perf_counter() - start)


def run_seconds(games: int, workers: int) -> float:
    start = time.perf_counter()
    simulate(Plan((Config(SCENARIO, PARTY, "random"),), games, 0, workers=workers))
    return time.perf_counter() - start


def peak_memory_kib(games: int) -> int:
    """The peak resident memory of a fresh process that simulates that many random games with one worker."""
    script = _MEMORY_RUN.format(scenario=SCENARIO, party=PARTY)
    done = subprocess.run([sys.executable, "-c", script, str(games)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


def _number(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=int(_number("PACG_BENCH_GAMES", 200)))
    parser.add_argument("--seconds", type=float, default=_number("PACG_BENCH_SECONDS", 20))
    parser.add_argument("--speedup-games", type=int, default=int(_number("PACG_BENCH_SPEEDUP_GAMES", 200)))
    parser.add_argument("--repeat", type=int, default=int(_number("PACG_BENCH_REPEAT", 3)))
    parser.add_argument("--memory-games", type=int, default=int(_number("PACG_BENCH_MEMORY_GAMES", 100)))
    parser.add_argument("--agents", default=",".join(AGENTS), help="agents, separated by commas (default: all)")
    options = parser.parse_args()

    print(f"{SCENARIO}, party {', '.join(PARTY)}; {os.cpu_count()} cores")
    for agent in options.agents.split(","):
        played, rate = games_per_second(agent, options.games, options.seconds)
        print(f"{agent:>10}: {rate:8.3g} games/s per core ({played} games, at most {options.seconds:g} s)")

    times: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(options.repeat):
        for workers, taken in times.items():
            taken.append(run_seconds(options.speedup_games, workers))
    one, two = min(times[1]), min(times[2])
    print(f"speed-up, {options.speedup_games} random games, fastest of {options.repeat}: 1 worker {one:.1f} s, "
          f"2 workers {two:.1f} s: {one / two:.2f}x")

    small, large = options.memory_games, options.memory_games * 10
    low, high = peak_memory_kib(small), peak_memory_kib(large)
    print(f"peak memory, one worker: {small} games {low / 1024:.1f} MiB, {large} games {high / 1024:.1f} MiB: "
          f"{high / low:.2f}x")


if __name__ == "__main__":
    main()
