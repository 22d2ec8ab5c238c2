"""The panes of the game's screen (Textual widgets), each showing what `pacg.render` draws from the deciding seat's
view (`Game.view`) and its decision.

    the title line: the scenario, whose turn it is, the blessings deck's count and the blessing flipped last;
    the locations: each deck's count, open or closed, who is there, the location's powers;
    the party: each character's hand (when the view shows it), deck count, discard pile, buried and displayed
        cards, mythic charges, where they are, and whether they are dead;
    the encounter and the check under way: the card encountered with its check and powers, the dice pool and
        its exact odds (DESIGN.md 6);
    the log: what happened, new lines added at the end, the agents' answers told among them;
    the decision: its player, prompt, numbered options (with the odds of each when the decision gives them)
        and help line, and a line for what the screen has to say (why an undo can't be done).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import OptionList, RichLog, Static

from pacg.decisions import Decision
from pacg.render.decision import option_prompts, outcome_text, prompt_text


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
