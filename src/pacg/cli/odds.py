"""`pacg odds`: the exact odds of a dice pool against a difficulty, and the damage on failure."""

from __future__ import annotations

import typer

from pacg.cli.command import fail


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
        raise fail(f"bad dice {error}") from None
    if difficulty < 0:
        raise fail(f"the difficulty can't be negative (got {difficulty})")

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

