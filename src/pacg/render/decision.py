"""A decision as a person reads it: the check under way with its dice pool and exact odds (DESIGN.md 6), the odds of
each option, the options as the full screen lists them, and how the game ended.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from pacg.decisions import Decision
from pacg.render.table import TableView, render_table


def odds_text(probability: float | Fraction | str) -> str:
    """A success probability as a person reads it: the exact fraction when known (a published decision gives
    it as a string, "7/10"), and a percentage."""
    if isinstance(probability, str):
        probability = Fraction(probability)
    percent = f"{float(probability):.1%}"
    if isinstance(probability, Fraction) and probability.denominator != 1:
        return f"{probability.numerator}/{probability.denominator} = {percent}"
    return percent


def check_line(context: Mapping[str, Any]) -> Text | None:
    """The check under way from a decision's context: its dice pool, difficulty and exact odds."""
    if "pool" not in context or "difficulty" not in context:
        return None
    line = Text.assemble(("Check: ", "bold"), (str(context["pool"]), "bold cyan"),
                         f" against {context['difficulty']}")
    if "probability" in context:
        line.append(" → ")
        line.append(f"{odds_text(context['probability'])} to succeed", style="bold")
    return line


def option_odds(decision: Decision) -> list[str | None] | None:
    """The success odds of each option, when the decision's context gives them (a skill choice, the plays on a
    check): None for an option whose odds can't be known before it is chosen."""
    odds = decision.context.get("odds")
    if not isinstance(odds, Sequence) or len(odds) != len(decision.options):
        return None
    return [odds_text(chance) if chance is not None else None for chance in odds]


def check_renderable(table: TableView, decision: Decision | None) -> RenderableType:
    """The check under way with its dice pool and exact odds, then the cards being encountered with their checks
    and powers."""
    parts: list[RenderableType] = []
    check = check_line(decision.context) if decision is not None else None
    if check is not None:
        parts.append(check)
    if table.encounters:
        parts.append(render_table(table, sections=("encounters",)))
    return Group(*parts) if parts else Text("No encounter under way.", style="dim")


def option_prompts(decision: Decision, marked: Collection[int] = ()) -> list[Text]:
    """The options as the list shows them: numbered from 1, each with its odds when there are any; for a decision
    of several options, each marked or not, and a last entry that answers with those marked."""
    odds = option_odds(decision) or [None] * len(decision.options)
    several = decision.choose is not None
    prompts = []
    for number, (option, chance) in enumerate(zip(decision.options, odds, strict=True), start=1):
        mark = ("[x] " if number - 1 in marked else "[ ] ") if several else ""
        prompt = Text.assemble((f"{number:>2}. ", "bold"), mark, option.label)
        if chance is not None:
            prompt.append(f"  [{chance}]", style="cyan")
        prompts.append(prompt)
    if several:
        prompts.append(Text.assemble((f"{len(prompts) + 1:>2}. ", "bold"),
                                     (f"Done: {len(marked)} marked" if marked else "Done: none", "bold green")))
    return prompts


def prompt_text(decision: Decision) -> Text:
    """The decision's prompt, and what the odds beside its options count."""
    text = Text(decision.prompt, style="bold green")
    if any(odds is not None for odds in option_odds(decision) or ()):
        text.append(f"\n[odds] = the chance {decision.context.get('odds_of', 'to succeed at the check')}",
                    style="cyan")
    return text


def outcome_text(outcome: Mapping[str, Any]) -> Text:
    """How the game ended: won or lost, why, and who died."""
    text = Text(f"{outcome['scenario']}: {outcome['result']} after {outcome['turns']} turns", style="bold")
    text.append(f"\n{outcome['reason']}.")
    if outcome["dead"]:
        text.append(f"\nDead: {', '.join(outcome['dead'])}.")
    return text
