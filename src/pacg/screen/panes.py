"""The panes of the game's screen, each drawn from the deciding seat's view (`Game.view`) and its decision.

    the title line: the scenario, whose turn it is, the blessings deck's count and the blessing flipped last;
    the locations: each deck's count, open or closed, who is there, the location's powers;
    the party: each character's hand (when the view shows it), deck count, discard pile, buried and displayed
        cards, mythic charges, where they are, and whether they are dead;
    the encounter and the check under way: the card encountered with its check and powers, the dice pool and
        its exact odds (DESIGN.md 6);
    the log: what happened, new lines added at the end;
    the decision: its player, prompt, numbered options (with the odds of each when the decision gives them)
        and help line, and a line for what the screen has to say (why an undo can't be done).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import OptionList, RichLog, Static

from pacg.agents.terminal import TableView, check_line, counted, option_odds, render_table
from pacg.decisions import Decision

Describe = Callable[[str], Mapping[str, Any]]  # a card's summary by name (`cards.text.card_summary`)


def title_text(view: Mapping[str, Any]) -> Text:
    """The scenario, the turn, and the blessings deck: its count (the scenario's clock) and the last blessing
    flipped."""
    blessings = view["blessings"]
    line = Text.assemble((view["scenario"] or "", "bold"))
    if view["turn_of"] is not None:
        line.append(f" · Turn {view['turn']}: {view['turn_of']}")
    line.append(" · Blessings deck: ")
    line.append(str(blessings["deck"]), style="bold")
    if blessings["discard"]:
        line.append(f" · last flipped: {blessings['discard'][0]}")
    return line


def locations_text(table: TableView, describe: Describe) -> Text:
    """Each location: its deck's count, open or closed, who is there, and its powers as the card reads them."""
    text = Text()
    for location in table.locations:
        style = "dim" if location.status == "closed" else ""
        text.append(location.name, style=f"bold {style}")
        text.append(f" · {location.cards_left} card{'s' if location.cards_left != 1 else ''} · {location.status}",
                    style=style)
        if location.characters:
            text.append(f" · {', '.join(location.characters)}", style=f"cyan {style}")
        for power in describe(location.name).get("powers", ()):
            text.append(f"\n  {power}", style=f"dim {style}" if style else "")
        text.append("\n")
    text.rstrip()
    return text


def party_text(table: TableView, seat: str) -> Text:
    """Each character: where, deck count, mythic charges, hand, discard pile, buried and displayed cards; the
    deciding seat's name stands out, a dead character is dimmed."""
    text = Text()
    for c in table.characters:
        style = "" if c.alive else "dim"
        text.append(c.name, style="bold reverse" if c.name == seat else f"bold {style}")
        text.append(" (dead)" if not c.alive else f" at {c.location}" if c.location else "", style=style)
        text.append(f" · deck {c.deck}", style=style if c.deck or not c.alive else "bold red")
        text.append(f" · mythic charges {c.mythic_charges}\n", style=style)
        hand = counted(c.hand) if c.hand is not None else "(not shown)"
        text.append(f"  hand {c.hand_count}/{c.hand_size}: {hand}\n", style=style)
        piles = [f"discard: {counted(c.discard)}", f"buried: {counted(c.buried)}"]
        if c.displayed:
            piles.append(f"displayed: {counted(c.displayed)}")
        text.append(f"  {' · '.join(piles)}\n", style=f"dim {style}")
    text.rstrip()
    return text


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


class Pane(VerticalScroll):
    """A titled pane of text that scrolls when it is longer than its room."""

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id)
        self.border_title = title
        self.body = Static()

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, content: RenderableType) -> None:
        self.body.update(content)


class LogPane(RichLog):
    """The game's log, with the agents' answers told among its lines ("▸ Kyra explores Armory"): lines that are
    new since the last view are added; after an undo took some back, the log is written again from the start."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, min_width=1)
        self.border_title = "Log"
        self.shown: list[str] = []

    def on_resize(self, event: Resize) -> None:
        """Wrap the lines again to the new width."""
        super().on_resize(event)
        lines, self.shown = self.shown, []
        self.clear()
        self._write(lines)

    def show(self, log: Sequence[str], notes: Sequence[tuple[int, str]] = ()) -> None:
        """The log's lines, each note (where in the log it comes, its line) before the log line at its place."""
        self._write(told(log, notes))

    def _write(self, lines: list[str]) -> None:
        if lines[:len(self.shown)] != self.shown:
            self.clear()
            self.shown = []
        for line in lines[len(self.shown):]:
            style = "bold yellow" if line.startswith("Turn ") else "magenta" if line.startswith(NOTE) else ""
            self.write(Text(line, style=style))
        self.shown = list(lines)


NOTE = "▸ "  # the mark of an agent's answer in the log


def told(log: Sequence[str], notes: Sequence[tuple[int, str]]) -> list[str]:
    """The log's lines with the notes among them: a note at place n comes after the first n lines."""
    lines: list[str] = []
    waiting = sorted(notes, key=lambda note: note[0])
    for number, line in enumerate([*log, None]):
        while waiting and waiting[0][0] <= number:
            lines.append(NOTE + waiting.pop(0)[1])
        if line is not None:
            lines.append(line)
    return lines


class DecisionPane(Vertical):
    """The decision: its prompt, the options to pick (keys 1-9 and 0, arrows and Enter, a click), its help
    line and a line for the screen's messages."""

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield OptionList(id="options")
        yield Static(id="help")
        yield Static(id="status")

    def show(self, decision: Decision, marked: Collection[int] = ()) -> None:
        """The decision, and for one of several options those marked so far."""
        self.border_title = f"{decision.player} decides"
        self.query_one("#prompt", Static).update(prompt_text(decision))
        options = self.query_one("#options", OptionList)
        highlighted = options.highlighted if marked else 0
        options.set_options(option_prompts(decision, marked))
        options.highlighted = highlighted
        options.display = True
        options.focus()
        self.query_one("#help", Static).update(Text(decision.help, style="dim"))
        self.tell("")

    def show_outcome(self, outcome: Mapping[str, Any]) -> None:
        self.border_title = "The game is over"
        self.query_one("#prompt", Static).update(outcome_text(outcome))
        self.query_one("#options", OptionList).display = False
        self.query_one("#help", Static).update("")
        self.tell("")

    def tell(self, message: str) -> None:
        """A message for the person at the screen, until the next decision."""
        status = self.query_one("#status", Static)
        status.update(Text(message, style="bold red"))
        status.display = bool(message)
