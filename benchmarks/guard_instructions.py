"""Guard: instructions per decision must not rise more than 10% over the figure recorded (issue 29, target 7).

    python3 benchmarks/guard_instructions.py            # options: --games 8 --most 1.10

It counts, under valgrind's callgrind (an instruction count: the same on a busy machine as on a quiet one), the
work of `count_instructions.py` with none and with N random four-character games of The Godless Ones played
through the public API, and divides the difference by the decisions the N games took. It prints that figure beside
the one recorded in `instructions.json` (beside this script: the figure, the commit and the day it was counted,
the same figure benchmarks/README.md's latest table gives) and their ratio, and exits 1 when the ratio is over
`--most`, so that a change that costs what the week before issue 29 cost can't land unnoticed. After a change that
touches the engine, count again and write the new figure there and in the README (`--record COMMIT`).

It needs valgrind (Debian's `valgrind`) and takes about eight minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORDED = HERE / "instructions.json"
COUNTER = HERE / "count_instructions.py"


def counted(games: int) -> tuple[int, int]:
    """The instructions of a run of `count_instructions.py` with that many games, and the decisions they took."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(COUNTER), str(games)],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    collected = re.search(r"Collected : (\d+)", done.stderr)
    decisions = re.search(r"(\d+) decisions", done.stdout)
    if collected is None or decisions is None:
        raise SystemExit(f"valgrind's count not found in its output:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(decisions.group(1))


def per_decision(games: int) -> tuple[float, int]:
    """Instructions per decision of `games` games (the count with them less the count with none), and decisions."""
    subprocess.run([sys.executable, str(COUNTER), "0"], capture_output=True, check=True)  # the card cache, warm
    none, _ = counted(0)
    some, decisions = counted(games)
    return (some - none) / decisions, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--most", type=float, default=1.10, help="the highest ratio to the recorded figure")
    parser.add_argument("--record", metavar="COMMIT", help="write the figure counted as the new recorded one")
    options = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    figure, decisions = per_decision(options.games)
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    ratio = figure / recorded["per_decision"]
    print(f"{figure / 1000:.1f} thousand instructions a decision ({options.games} games, {decisions} decisions); "
          f"recorded {recorded['per_decision'] / 1000:.1f} thousand at {recorded['commit']} ({recorded['day']}): "
          f"ratio {ratio:.3f}, at most {options.most:.2f}")
    if options.record:
        RECORDED.write_text(json.dumps({"per_decision": round(figure), "commit": options.record,
                                        "day": f"{datetime.now(UTC):%Y-%m-%d}", "games": options.games}, indent=2)
                            + "\n", encoding="utf-8")
    elif ratio > options.most:
        print("FAIL: instructions per decision rose more than the guard allows", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
