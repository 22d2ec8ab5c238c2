"""Where the card files are: the built-in library's folder, and the card files below a folder. Light on purpose:
`pacg.cards.cache` lists them to know whether its library is still theirs before anything reads them."""

from __future__ import annotations

from pathlib import Path

DEFAULT_CARD_FOLDER = Path(__file__).resolve().parent.parent / "data"

CARD_FILE_SUFFIXES = (".yaml", ".yml")


def card_file_paths(folder: Path) -> list[Path]:
    """Every card file below a folder: the `*.yaml` and `*.yml` files, in name order."""
    return sorted(path for path in folder.rglob("*") if path.suffix in CARD_FILE_SUFFIXES and path.is_file())
