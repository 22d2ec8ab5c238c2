"""The work of N random four-character games, to count in instructions under valgrind (noise-free, unlike time).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benchmarks/count_instructions.py 0
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benchmarks/count_instructions.py 8

Each run loads the card library and plays one warm-up game (so every module is imported), then N games of the
benchmark's (`bench_games.play_games`, seeds 2026 on); the difference of the two counts ("Collected"), divided by N,
is the instructions per game. Use the interpreter itself, not a shim script (`python3 -c "import sys;
print(sys.executable)"`), so valgrind counts Python.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_games import play_games  # noqa: E402  (beside this script)

from pacg.cards.loader import load_library  # noqa: E402

FIRST_SEED = 2026


def main(games: int) -> None:
    library = load_library()
    play_games(library, range(0, 1))
    _, decisions, turns = play_games(library, range(FIRST_SEED, FIRST_SEED + games))
    print(f"played {games} games after the warm-up: {decisions} decisions, {turns} turns")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
