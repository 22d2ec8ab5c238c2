"""The `pacg` command: the terminal entry point to cards, odds and games."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pacg",
    help="The Pathfinder Adventure Card Game: Wrath of the Righteous.",
    no_args_is_help=True,
    add_completion=False,
)
