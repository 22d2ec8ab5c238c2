"""The card library a command plays or shows: the built-in cards, or another folder of them, and the custom cards
added to the box (`--folder`, `--cards`). A card file's problem is printed as file:line: field: message, exit 1,
never a traceback.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from collections.abc import Iterator

    from pacg.cards.loader import CardLibrary, CardProblem


FOLDER_HELP = "The folder of card files to read instead of the built-in card library."
CARDS_HELP = "A folder of custom card files added to the box; a card named like a shipped card replaces it."


def card_folders(folder: str | Path | None, custom: str | Path | None) -> tuple[Path, Path | None]:
    """The folder of the box (default: the built-in library) and the folder of custom cards, which must exist;
    a missing one is an error, exit 1."""
    from pacg.cards.files import DEFAULT_CARD_FOLDER

    base = Path(folder) if folder else DEFAULT_CARD_FOLDER
    extra = Path(custom) if custom else None
    for path in (base, extra):
        if path is not None and not path.is_dir():
            typer.echo(f"Error: no card folder at {path}", err=True)
            raise typer.Exit(code=1)
    return base, extra


def print_problems(problems: list[CardProblem], folders: tuple[Path, Path | None]) -> None:
    """Card file problems as file:line: field: message lines, and how many there are, on stderr."""
    for problem in problems:
        typer.echo(str(problem), err=True)
    count = len(problems)
    under = " and ".join(str(folder) for folder in folders if folder is not None)
    typer.echo(f"{count} problem{'s' if count != 1 else ''} in the card files under {under}", err=True)


@contextmanager
def interrupts_kept() -> Iterator[None]:
    """A Ctrl-C while the card models and the cards load waits until they have loaded: raised inside a library's
    compiled code, the interrupt could not stop it cleanly (Python prints "Exception ignored" with a traceback);
    raised after, it stops the command as any Ctrl-C does."""
    interrupted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: interrupted.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt


def cards_library(folder: str | Path | None = None, custom: str | Path | None = None) -> CardLibrary:
    """Load the card library (and the custom cards added to it); card file problems are printed as
    file:line: field: message, exit 1 (never a traceback)."""
    with interrupts_kept():
        from pacg.cards.loader import CardFileError, load_library

        base, extra = card_folders(folder, custom)
    try:
        with interrupts_kept():
            return load_library(base, extra)
    except CardFileError as error:
        print_problems(error.problems, (base, extra))
        raise typer.Exit(code=1) from None

