"""A writer of saved games for tests/test_saves.py, run in its own process:

    python tests/save_writer.py DATABASE WRITER ROUNDS SIZE NAME...

It waits for a line on stdin (so that several writers start at once), opens the store, then, ROUNDS times
over, puts one save under each NAME in turn: save number `index` (counting from 0 over all rounds) is
`save_record(WRITER, index, SIZE)` under `NAMES[index % len(NAMES)]`. Once a put returned it prints
"index name" and flushes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pacg.saves import SaveStore


def save_record(writer: int, index: int, size: int) -> dict[str, object]:
    """A record of about `size` characters whose every part follows from the writer and the index, so a
    reader can tell an intact record from a torn or mixed one."""
    payload = random.Random(f"{writer} {index}").randbytes(size // 2).hex()
    return {"scenario": "The Godless Ones", "characters": [f"Writer {writer}"], "actions": list(range(index % 7)),
            "writer": writer, "index": index, "payload": payload}


def main(database: str, writer: str, rounds: str, size: str, *names: str) -> None:
    sys.stdin.readline()
    with SaveStore(Path(database)) as store:
        for index in range(int(rounds) * len(names)):
            name = names[index % len(names)]
            store.put(name, save_record(int(writer), index, int(size)))
            print(index, name, flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
