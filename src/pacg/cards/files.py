"""Where the card files are: the built-in library's folder, and the card files below a folder; and how big a file
of data may be before it is read. Light on purpose: `pacg.cards.cache` lists the card files to know whether its
library is still theirs before anything reads them."""

from __future__ import annotations

from pathlib import Path

DEFAULT_CARD_FOLDER = Path(__file__).resolve().parent.parent / "data"

CARD_FILE_SUFFIXES = (".yaml", ".yml")

MOST_CARD_BYTES = 2**20
"""The size of the biggest card file read: the biggest real one is 12 KB. A bigger file is refused before it is
read, as parsing a list of fifty megabytes took minutes and gigabytes before it reached its first error."""


def card_file_paths(folder: Path) -> list[Path]:
    """Every card file below a folder: the `*.yaml` and `*.yml` files, in name order."""
    return sorted(path for path in folder.rglob("*") if path.suffix in CARD_FILE_SUFFIXES and path.is_file())


def too_big(path: Path, most: int) -> str | None:
    """Why a file is too big to be read, if it holds more than `most` bytes, else None: the check made before a
    file of data (a card, a table, a game record) is read. OSError when the file can't be looked at."""
    size = path.stat().st_size
    return f"{size:,} bytes is far too big (at most {most:,})" if size > most else None
