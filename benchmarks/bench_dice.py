"""Benchmark: exact check odds with pacg.dice against icepool.

Run with ``python3 benchmarks/bench_dice.py [--pools N] [--seed S] [--repeat R]``.

It draws a fixed-seed set of random pools (1 to 8 dice from d4..d20, modifier -10..+10) with a
difficulty each, computes P(result >= difficulty) with pacg.dice and with icepool in the same run,
checks every answer agrees exactly, and prints pools per second and the speed-up.

Honesty about caching: pacg.dice caches dice-sum distributions. The headline "cold" figure clears
that cache before *every* pool, so no pool reuses another pool's work. "cold batch" clears it once
before the whole set (pools that share dice share work, as in a game), "warm" runs with the cache
already full. Icepool is timed two ways: doing the same work as pacg (sum the dice, add the
modifier, floor at 0, ask P(>= difficulty)), and a shortcut that skips the floor and groups equal
dice, which is the fastest icepool formulation we found. The 20x target is checked against the
faster of the two icepool figures, using the cold pacg figure over the whole set; the cold speed-up
for each number of dice is printed too. Each figure is the best of R runs (default 5), each run
lasting at least 50 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import icepool

from pacg.dice import DicePool, clear_caches

SIDES = (4, 6, 8, 10, 12, 20)
TARGET = 20.0
MIN_RUN_SECONDS = 0.05


@dataclass(frozen=True)
class Case:
    pool: DicePool
    difficulty: int


def make_cases(count: int, seed: int) -> list[Case]:
    """Random pools of 1 to 8 dice, each with a difficulty near its range of results."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        dice = tuple(rng.choice(SIDES) for _ in range(rng.randint(1, 8)))
        modifier = rng.randint(-10, 10)
        low, high = len(dice) + modifier, sum(dice) + modifier
        difficulty = rng.randint(max(0, low - 2), max(1, high + 2))
        cases.append(Case(DicePool(dice, modifier), difficulty))
    return cases


# --- the ways of computing P(result >= difficulty) -------------------------------------------


def pacg_cold(cases: list[Case]) -> list[Fraction]:
    answers = []
    for case in cases:
        clear_caches()
        answers.append(case.pool.distribution().probability_at_least(case.difficulty))
    return answers


def pacg_cached(cases: list[Case]) -> list[Fraction]:
    return [case.pool.distribution().probability_at_least(case.difficulty) for case in cases]


def pacg_cold_batch(cases: list[Case]) -> list[Fraction]:
    clear_caches()
    return pacg_cached(cases)


def icepool_same_work(cases: list[Case]) -> list[Fraction]:
    answers = []
    for case in cases:
        total = icepool.d(case.pool.dice[0])
        for sides in case.pool.dice[1:]:
            total = total + icepool.d(sides)
        floored = (total + case.pool.modifier).map(lambda result: max(0, result))
        answers.append(floored.probability(">=", case.difficulty))
    return answers


def icepool_shortcut(cases: list[Case]) -> list[Fraction]:
    answers = []
    for case in cases:
        if case.difficulty <= 0:  # a floored result is always >= 0
            answers.append(Fraction(1))
            continue
        parts = [count @ icepool.d(sides) for sides, count in Counter(case.pool.dice).items()]
        total = parts[0]
        for part in parts[1:]:
            total = total + part
        answers.append(Fraction(total.probability(">=", case.difficulty - case.pool.modifier)))
    return answers


def best_time(
    method: Callable[[list[Case]], list[Fraction]], cases: list[Case], repeat: int
) -> tuple[float, list[Fraction]]:
    """Best wall time of one call over ``repeat`` runs, and the answers of the last call.

    Each run calls ``method`` as many times as it takes to last at least ``MIN_RUN_SECONDS`` and
    reports the time per call, so that fast methods aren't measured at the timer's resolution.
    """
    best = float("inf")
    answers: list[Fraction] = []
    for _ in range(repeat):
        calls = 0
        start = time.perf_counter()
        while True:
            answers = method(cases)
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= MIN_RUN_SECONDS:
                break
        best = min(best, elapsed / calls)
    return best, answers


def speedups_by_size(cases: list[Case], repeat: int) -> dict[int, float]:
    """Cold pacg speed-up over the faster icepool method, for the pools of each number of dice."""
    ratios = {}
    for size in sorted({len(case.pool.dice) for case in cases}):
        group = [case for case in cases if len(case.pool.dice) == size]
        pacg_time, _ = best_time(pacg_cold, group, repeat)
        icepool_time = min(best_time(icepool_same_work, group, repeat)[0],
                           best_time(icepool_shortcut, group, repeat)[0])
        ratios[size] = icepool_time / pacg_time
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    cases = make_cases(args.pools, args.seed)
    dice_counts = Counter(len(case.pool.dice) for case in cases)
    print(f"Dice odds benchmark: {len(cases)} pools (seed {args.seed}), best of {args.repeat} runs")
    print(f"  dice per pool: {dict(sorted(dice_counts.items()))}")
    print(f"  Python {platform.python_version()}, icepool {icepool.__version__}, "
          f"{platform.machine()}, {os.cpu_count()} cores")

    methods: dict[str, Callable[[list[Case]], list[Fraction]]] = {
        "pacg cold (cache cleared per pool)": pacg_cold,
        "pacg cold batch (cleared once)": pacg_cold_batch,
        "pacg warm (cache full)": pacg_cached,
        "icepool, same work": icepool_same_work,
        "icepool, shortcut": icepool_shortcut,
    }
    times: dict[str, float] = {}
    results: dict[str, list[Fraction]] = {}
    for name, method in methods.items():
        times[name], results[name] = best_time(method, cases, args.repeat)

    reference = results["icepool, same work"]
    mismatches = {
        name: sum(a != b for a, b in zip(answers, reference, strict=True)) for name, answers in results.items()
    }
    print()
    for name, seconds in times.items():
        print(f"  {name:<36} {seconds * 1000:9.1f} ms  {len(cases) / seconds:12,.0f} pools/s"
              f"  mismatches: {mismatches[name]}")

    icepool_best = min(times["icepool, same work"], times["icepool, shortcut"])
    cold = icepool_best / times["pacg cold (cache cleared per pool)"]
    batch = icepool_best / times["pacg cold batch (cleared once)"]
    warm = icepool_best / times["pacg warm (cache full)"]
    agree = not any(mismatches.values())
    print()
    print(f"  speed-up vs faster icepool: cold {cold:.1f}x, cold batch {batch:.1f}x, warm {warm:.1f}x")
    print(f"  all {len(cases)} answers agree exactly: {'yes' if agree else 'NO'}")
    by_size = speedups_by_size(cases, args.repeat)
    print("  cold speed-up by dice per pool: "
          + ", ".join(f"{size}: {ratio:.0f}x" for size, ratio in by_size.items()))
    below = [size for size, ratio in by_size.items() if ratio < TARGET]
    if below:
        print(f"  note: pools of {below} dice measured below {TARGET:.0f}x on their own")
    passed = agree and cold >= TARGET
    print(f"  {'PASS' if passed else 'FAIL'}: cold speed-up {cold:.1f}x, target >= {TARGET:.0f}x, "
          f"answers {'agree' if agree else 'DISAGREE'}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
