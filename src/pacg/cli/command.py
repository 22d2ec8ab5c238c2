"""The `pacg` command itself: its group of commands (`app`, which `pacg.cli` gives its commands), when a command
has started, and how a command fails or stops: one line, never a traceback.

Only typer is imported here, as in every module of `pacg.cli`: each command imports what it needs when it runs.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:
    from typer._click import Context
    from typer.core import TyperOption


class _Commands(TyperGroup):
    """`pacg`'s group of commands, whose --help is False when not given rather than None: typer reads a None
    flag with pydantic, imported for it, which doubled the time of `pacg play --help`."""

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.default = False
        return option


app = typer.Typer(
    name="pacg",
    cls=_Commands,
    help="The Pathfinder Adventure Card Game: Wrath of the Righteous.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def started() -> None:
    """The command has started: the garbage collector, off while it starts (`pacg.__main__`), is on again, and
    what starting made is out of its sight (`gc.freeze`, as the card library is): it lasts as long as the process,
    and a first collection would only look through it all (1 to 3 ms). Every command but `play` starts once its
    group's options are read; `play` once its game is set up."""
    gc.freeze()
    gc.enable()


@app.callback()
def _main(ctx: typer.Context) -> None:
    # Without a callback, Typer runs an app with a single command as that command itself
    # (`pacg DICE` instead of `pacg odds DICE`); a callback keeps `pacg` a group of commands.
    if ctx.invoked_subcommand != "play":
        started()


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error and return the exit for the caller to raise: never a traceback."""
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code=code)


def stop(message: str, code: int) -> typer.Exit:
    """A game stopped by the player or a signal: a line saying so (not an error), and the exit."""
    typer.echo(message, err=True)
    return typer.Exit(code=code)


def names_list(names: str | None) -> list[str]:
    """Card names separated by commas."""
    return [name.strip() for name in (names or "").split(",") if name.strip()]

