"""The `pacg` command: the terminal entry point to cards, odds and games."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pacg",
    help="The Pathfinder Adventure Card Game: Wrath of the Righteous.",
    no_args_is_help=True,
    add_completion=False,
)


# --- pacg odds ---------------------------------------------------------------------------------------


if app.registered_callback is None:

    @app.callback()
    def _main() -> None:
        # Without a callback, Typer runs an app with a single command as that command itself
        # (`pacg DICE` instead of `pacg odds DICE`); a callback keeps `pacg` a group of commands.
        pass


def _odds_fail(message: str) -> typer.Exit:
    """Print a one-line usage error and return the exit (status 2) for the caller to raise."""
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code=2)


@app.command("odds")
def odds(
    dice: str = typer.Argument(..., help='The dice pool, e.g. "1d8+1d6+2d4+3" (DICE-01).'),
    difficulty: int = typer.Option(..., "--difficulty", "-d", help="The check's difficulty."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of text."),
) -> None:
    """Exact odds that DICE reach DIFFICULTY (CHK-14), and the damage on failure (CHK-15)."""
    import json
    from fractions import Fraction

    from rich.console import Console
    from rich.table import Table

    from pacg.dice import DiceError, DicePool

    try:
        pool = DicePool.parse(dice)
    except DiceError as error:
        raise _odds_fail(f"bad dice {error}") from None
    if difficulty < 0:
        raise _odds_fail(f"the difficulty can't be negative (got {difficulty})")

    distribution = pool.distribution()
    chance: Fraction = distribution.probability_at_least(difficulty)
    fraction = f"{chance.numerator}/{chance.denominator}"
    if as_json:
        record = {"dice": str(pool), "difficulty": difficulty, "fraction": fraction,
                  "probability": float(chance)}
        typer.echo(json.dumps(record))
        return

    console = Console()
    console.print(f"Dice: [bold]{pool}[/bold]   Difficulty: [bold]{difficulty}[/bold]")
    console.print(f"P(result >= {difficulty}) = {fraction} = {float(chance):.2%}")
    damage = {amount: p for amount, p in distribution.damage_distribution(difficulty).items() if amount}
    if not damage:
        console.print("Damage on failure: none, the check can't fail.")
        return
    table = Table(title="Damage on failure", show_edge=False, pad_edge=False)
    table.add_column("Damage", justify="right")
    table.add_column("Probability", justify="right")
    for amount, p in damage.items():
        table.add_row(str(amount), f"{float(p):.2%}")
    console.print(table)
