"""The screens shown over the game: a text to read (help, a character sheet, a location card), a name to pick,
and the game's outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from pacg.render.decision import outcome_text

CLOSE = "Escape, Enter or q closes this."


class TextScreen(ModalScreen[None]):
    """A text to read, scrolled with the arrow keys; Escape, Enter or q closes it."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, title: str, content: RenderableType) -> None:
        super().__init__()
        self.title_text = title
        self.content = content

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            dialog.border_subtitle = CLOSE
            yield Static(self.content, id="text")

    def action_close(self) -> None:
        self.dismiss(None)


class PickScreen(ModalScreen[str | None]):
    """A name to pick from a list (arrows and Enter, or a click); Escape picks none."""

    BINDINGS = [Binding("escape,q", "close", "Close")]

    def __init__(self, title: str, names: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.names = list(names)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield OptionList(*self.names, id="names")

    @on(OptionList.OptionSelected, "#names")
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.names[event.option_index])

    def action_close(self) -> None:
        self.dismiss(None)


class OutcomeScreen(ModalScreen[None]):
    """How the game ended, until a key is pressed."""

    def __init__(self, outcome: Mapping[str, Any]) -> None:
        super().__init__()
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = "The game is over"
            dialog.border_subtitle = "Press any key"
            yield Static(outcome_text(self.outcome), id="outcome")
            yield Static(Text("Press any key to leave the screen.", style="dim"))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)
