"""`pacg replay`: play a game record (`pacg play --log`) again to the same end, or to where a stopped game stopped."""

from __future__ import annotations

from pathlib import Path

import typer

from pacg.cli.command import fail
from pacg.cli.play import print_outcome, record_library


def replay_command(
    file: Path = typer.Argument(..., help="A game record written by pacg play --log."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object with the outcome at the end."),
    cards: Path | None = typer.Option(
        None, "--cards", help="The folder of the custom cards the game was played with (default: the record's)."),
) -> None:
    """Replay a game record to the same end (or to where a stopped game stopped)."""
    from pacg.engine.setup import SetupError
    from pacg.game import load_game
    from pacg.record import RecordError, read_record

    try:
        data = read_record(file)
        game = load_game(data, library=record_library(data, str(file), cards))
    except (RecordError, SetupError) as error:
        raise fail(str(error)) from None
    outcome = game.outcome
    if outcome is None:
        decision = game.decision
        assert decision is not None
        typer.echo(f"{file}: the game stopped after {len(game.actions)} answers, in turn {game.turn}, waiting for "
                   f"{decision.player} ({decision.kind}); take it up again with pacg play --resume {file}")
        return
    print_outcome(outcome, as_json)

