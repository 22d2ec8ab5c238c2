"""Benchmark: what the Game object's copies, undo and loads cost in the middle of a 4-character game.

Run with ``python3 benchmarks/bench_game_object.py [--games N] [--repeat R]``.

For N games of The Godless Ones (4 of the seven base-set characters each, random players), it stops each game
in its middle (half way through its middle turn, the game played through once to know where that is), and
there times, side by side:

    clone():             a copy, made again from the current turn's snapshot (`engine.snapshot`) and that turn's
                         answers replayed (a game keeps snapshots from its first copy on: one copy is made
                         before the timing, as a search makes many);
    load_game(record):   the same game made again from its record, every answer from the setup on (the reference);
    undo():              one answer taken back (on a copy, where undo is allowed), and the same answer applied again.

Each figure is the median over the games of each game's fastest of R repeats (`timeit`'s reading on a noisy
machine). The targets: clone at least 10 times faster than loading the same game, undo of one step under 2 ms.
The exit status is 0 when both are met.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from statistics import median

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.cards.loader import CardLibrary, load_library
from pacg.game import Game

CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah"]
SCENARIO = "The Godless Ones"


def fastest(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def half_way(library: CardLibrary, seed: int) -> Game:
    """The seed's game, stopped half way through its middle turn."""
    party = random.Random(f"party {seed}").sample(CHARACTERS, 4)
    whole = pacg.new_game(SCENARIO, party, seed, library=library)
    pacg.play(whole, RandomAgent(seed))
    starts = whole.turn_starts + [len(whole.actions)]
    middle = len(starts) // 2 - 1
    game = pacg.new_game(SCENARIO, party, seed, library=library)
    for action in whole.actions[:(starts[middle] + starts[middle + 1]) // 2]:
        game.apply(action)
    return game


def undo_and_redo(game: Game) -> Callable[[], object]:
    """Undo the last answer of a copy and give it again; the copy is made outside the timing."""
    def step() -> None:
        copy.undo()
        copy.apply(last)

    copy, last = game.clone(), game.actions[-1]
    return step


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args()
    library = load_library()
    clones, loads, undos, turns = [], [], [], []
    for seed in range(options.seed, options.seed + options.games):
        game = half_way(library, seed)
        record = game.to_record()  # from here on the game keeps its snapshots (the first copy would replay it all)
        clones.append(fastest(game.clone, options.repeat))
        loads.append(fastest(lambda record=record: pacg.load_game(record, library=library),  # type: ignore[misc]
                             options.repeat))
        turns.append(game.turn)
        if game.can_undo():
            undos.append(fastest(undo_and_redo(game), options.repeat))
    clone, load = median(clones), median(loads)
    undo = median(undos) if undos else float("nan")
    print(f"{options.games} games of {SCENARIO}, 4 random players, each stopped in its middle (turn "
          f"{median(turns):.0f} of the median game); each figure the median of the games' fastest of "
          f"{options.repeat}:")
    print(f"  load_game(record): {load * 1e3:7.3f} ms   (the reference: every answer replayed)")
    print(f"  clone():           {clone * 1e3:7.3f} ms   {load / clone:5.1f} times faster than loading")
    print(f"  undo() + apply():  {undo * 1e3:7.3f} ms   ({len(undos)} of the games could undo their last answer)")
    met = load / clone >= 10 and undo < 2e-3
    print(f"targets: clone at least 10 times faster than load, undo under 2 ms: {'PASS' if met else 'FAIL'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
