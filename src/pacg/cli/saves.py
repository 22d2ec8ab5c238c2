"""`pacg saves`: the saved games (`pacg.saves`), kept in saves.sqlite3 in the user's data folder: list them, show
one, delete one."""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from pacg.cli.command import fail

if TYPE_CHECKING:
    from collections.abc import Iterator

    from pacg.saves import SaveInfo, SaveStore

app = typer.Typer(
    help="The saved games, kept in saves.sqlite3 in the user's data folder (or the folder PACG_DATA_DIR names).",
    no_args_is_help=True,
    rich_markup_mode=None,
)



@contextmanager
def _saved_games() -> Iterator[SaveStore]:
    """The saved games' database, closed afterwards; its errors (it can't be opened or read, there is no such
    save) are one line, exit 1."""
    from pacg.saves import SaveError, SaveStore

    try:
        with SaveStore() as store:
            yield store
    except SaveError as error:
        raise fail(str(error), 1) from None


def _save_name(name: str) -> str:
    """The name, if it can name a save; a bad one is a usage error, exit 2."""
    from pacg.saves import SaveError, check_name

    try:
        return check_name(name)
    except SaveError as error:
        raise fail(str(error)) from None


def _save_result(info: SaveInfo) -> str:
    return info.result or "under way"


def _save_updated(info: SaveInfo) -> str:
    return f"{info.updated:%Y-%m-%d %H:%M} UTC"


@app.command("list")
def saves_list(
    as_json: bool = typer.Option(False, "--json", help="Print one JSON list instead of a table."),
) -> None:
    """List the saved games, the newest first."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    with _saved_games() as store:
        saves = store.list()
    if as_json:
        typer.echo(json.dumps([info.summary() for info in saves], ensure_ascii=False))
        return
    if not saves:
        typer.echo("no saved games")
        return
    table = Table(title=f"{len(saves)} saved game{'s' if len(saves) != 1 else ''}", show_edge=False, pad_edge=False)
    for column in ("Name", "Scenario", "Party", "Answers", "Result", "Updated"):
        table.add_column(column, justify="right" if column == "Answers" else "left", overflow="fold",
                         no_wrap=column == "Updated")
    for info in saves:
        table.add_row(escape(info.name), escape(info.scenario), escape(", ".join(info.characters)),
                      str(info.answers), _save_result(info), _save_updated(info))
    Console().print(table)


@app.command("show")
def saves_show(
    name: str = typer.Argument(..., help="The save's name."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole saved record as JSON."),
) -> None:
    """Show a saved game: its scenario, party, answers, result and when it was saved."""
    name = _save_name(name)
    with _saved_games() as store:
        if as_json:
            typer.echo(json.dumps(store.get(name), ensure_ascii=False))
            return
        info = store.info(name)
    for label, value in (("Name", info.name), ("Scenario", info.scenario), ("Party", ", ".join(info.characters)),
                         ("Answers", str(info.answers)), ("Result", _save_result(info)),
                         ("Updated", _save_updated(info))):
        typer.echo(f"{label + ':':<10}{value}")


@app.command("delete")
def saves_delete(name: str = typer.Argument(..., help="The save's name.")) -> None:
    """Delete a saved game."""
    name = _save_name(name)
    with _saved_games() as store:
        store.delete(name)
    typer.echo(f"Deleted the saved game {name!r}")

