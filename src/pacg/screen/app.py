"""The full-screen game: a Textual app that plays a `pacg.Game` (DESIGN.md 3, 5).

The person at the screen plays every seat but those given an agent (`agents`: the other seats' players, which
answer between the person's decisions, each answer told in a line of the log, `pacg.render.narrate`, with `pause`
seconds after it for the person to follow). The game is played through `seats.Seats`, as in the line mode, a step
at each event: the agents' answers, the person's, an undo; after every answer and every undo the game is given to
`on_answer` (`pacg.session.Saver`, to save it). Whatever is shown comes from the deciding seat's view
(`Game.view`) and its published decision, never from the live game; what draws it is `pacg.render`.

Keys: an option's number (1-9, 0 for the tenth), or the arrows and Enter, or a click, answers; `?` explains
the decision, `c` shows a character sheet, `l` a location card, `u` takes back the last answer (while the view
says it can; back to the person's own last decision, with the agents' answers after it: `seats.undo_to_person`),
`q` or Ctrl-C stops the game. SIGTERM and SIGHUP stop it too, with the screen put back as it was
(`pacg.session.stopped_by_signals`' handlers are set again afterwards). A game stopped any way, or an error
while answering or saving, is raised by `play_on_screen` once the screen is closed, for the command to report
as it does in the line mode.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from functools import partial
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

from pacg.cards.loader import CardLibrary
from pacg.cards.text import card_summary
from pacg.decisions import Decision
from pacg.game import Agent, Game
from pacg.passing import OthersPass
from pacg.render.decision import check_renderable
from pacg.render.explain import character_sheet, decision_help, location_card
from pacg.render.table import locations_text, party_text, title_text, view_of
from pacg.screen.modals import OutcomeScreen, PickScreen, TextScreen
from pacg.screen.panes import DecisionPane, LogPane, Pane
from pacg.seats import Seats, ai_players
from pacg.session import STOP_SIGNALS, Stopped

OnAnswer = Callable[[Game], None]


class Board(Screen[None]):
    """The table, the log and the decision, laid out to fit the terminal (game.tcss)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(number % 10), f"app.choose({number - 1})", show=False) for number in range(1, 11)),
        Binding("question_mark", "app.explain", "Help"),
        Binding("c", "app.sheet", "Character"),
        Binding("l", "app.location", "Location"),
        Binding("u", "app.undo", "Undo"),
        Binding("q", "app.stop", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield Pane("Encounter", id="check")
                yield Pane("Locations", id="locations")
            with Vertical(id="right"):
                yield Pane("Party", id="party")
                yield LogPane(id="log")
        yield DecisionPane(id="decision")
        yield Footer()

    def show(self, view: Mapping[str, Any], decision: Decision | None, describe: Callable[[str], Any],
             notes: Sequence[tuple[int, str]] = ()) -> None:
        """Draw the seat's view and its decision (none once the game is over), with the agents' answers told in the
        log (`notes`: where in the log each comes, and its line)."""
        table = view_of(view, describe)
        self.query_one("#title", Static).update(title_text(view))
        self.query_one("#locations", Pane).show(locations_text(table, describe))
        self.query_one("#party", Pane).show(party_text(table, view["seat"]))
        self.query_one("#check", Pane).show(check_renderable(table, decision))
        self.query_one("#log", LogPane).show(view["log"], notes)
        pane = self.query_one("#decision", DecisionPane)
        if decision is not None:
            pane.show(decision)
        else:
            pane.show_outcome(view["outcome"])

    def tell(self, message: str) -> None:
        self.query_one("#decision", DecisionPane).tell(message)


class GameApp(App[None]):
    """Plays a game on the full screen; `stopped` is why it stopped before the end (None once it ended)."""

    CSS_PATH = "game.tcss"
    TITLE = "pacg"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "stop", "Quit", show=False, priority=True)]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # game.tcss: a short terminal's panes lose borders

    def __init__(self, game: Game, library: CardLibrary, on_answer: OnAnswer | None = None,
                 agents: Mapping[str, Agent] | None = None, pause: float = 0.0) -> None:
        super().__init__()
        self.game = game
        self.library = library
        self.seats = Seats(game, agents or {}, on_answer, self._note)
        self.pause = pause
        self.notes: list[tuple[int, int, str]] = []  # each agent's answer: answers before it, log length, line
        self._busy = False  # an agent is answering (between the pauses): the person's keys wait
        self.stopped: BaseException | None = None
        self.board = Board()
        self.view: Mapping[str, Any] = {}
        self._summaries: dict[str, Mapping[str, Any]] = {}
        self._marked: set[int] = set()  # a decision of several options: those marked so far
        self._handlers: dict[int, Any] = {}
        self.passing = OthersPass(self.seats.people)  # (issue 12, item 3)

    # --- starting and stopping --------------------------------------------------------------------------------

    async def on_mount(self) -> None:
        self._catch_signals()
        await self.push_screen(self.board)
        self._agents_answer()

    def on_unmount(self) -> None:
        """Give the stop signals back to the handlers they had before the screen."""
        loop = asyncio.get_running_loop()
        for signum, handler in self._handlers.items():
            loop.remove_signal_handler(signum)
            signal.signal(signum, handler)

    def _catch_signals(self) -> None:
        """SIGTERM and SIGHUP stop the game from the event loop, so the screen is put back as it was."""
        loop = asyncio.get_running_loop()
        for signum in STOP_SIGNALS:
            with suppress(NotImplementedError, RuntimeError, ValueError):  # no signals here (not the main thread)
                handler = signal.getsignal(signum)
                loop.add_signal_handler(signum, self._stop, Stopped(signum))
                self._handlers[signum] = handler

    def _stop(self, why: BaseException) -> None:
        self.stopped = why
        self.exit()

    def action_stop(self) -> None:
        """q or Ctrl-C: the game stops, saved after its last answer (once it is over, the screen just closes)."""
        if self.game.over:
            self.exit()
        else:
            self._stop(EOFError("the player stopped the game"))

    # --- answering ---------------------------------------------------------------------------------------------

    def _go_on(self, change: Callable[[], object]) -> None:
        """Make a change to the game (an answer, an undo: saved by `seats`), then let the agents answer."""
        try:
            change()
        except Exception as error:  # raised again once the screen is closed (play_on_screen)
            self._stop(error)
            return
        self._agents_answer()

    def _agents_answer(self) -> None:
        """Let the seats that have agents answer, each answer told in the log, `pause` seconds after each; then
        show the decision the person has to make, or the end."""
        try:
            while (decision := self.seats.ai_decision()) is not None:
                self.seats.answer_for_ai(decision)
                if self.pause > 0 and self.game.decision is not None:
                    self._busy = True
                    self.board.query_one("#log", LogPane).show(self.game.log, self._notes())
                    self.board.tell(f"{self.game.decision.player} decides...")
                    self.set_timer(self.pause, self._agents_answer)
                    return
        except Exception as error:  # raised again once the screen is closed (play_on_screen)
            self._stop(error)
            return
        self._busy = False
        self._show()

    def _note(self, view: Mapping[str, Any], line: str) -> None:
        """An agent is answering: its line, told in the log where the log is now."""
        self.notes.append((len(self.game.actions), len(self.game.log), line))

    def _notes(self) -> list[tuple[int, str]]:
        """The agents' answers still in the game (an undo takes some back): where in the log each comes, its
        line."""
        answers = len(self.game.actions)
        self.notes = [note for note in self.notes if note[0] < answers]
        return [(at, line) for _, at, line in self.notes]

    def _show(self) -> None:
        game = self.game
        decision = game.decision
        self.view = game.view(decision.player if decision is not None else game.seats()[0])
        shown = self._decision()
        if shown is not None and (given := self.passing.given(self.view, shown)) is not None:
            self._go_on(partial(self.seats.answer, given))  # the person passed for every other player here
            return
        self._marked = set()
        self.board.show(self.view, shown, self._describe, self._notes())
        if shown is None:
            outcome = self.view["outcome"]
            assert outcome is not None  # the view is the seat's whose decision it is: none is shown only at the end
            self.push_screen(OutcomeScreen(outcome), lambda _: self.exit())

    def _describe(self, name: str) -> Mapping[str, Any]:
        if name not in self._summaries:
            self._summaries[name] = card_summary(self.library.get(name))
        return self._summaries[name]

    def _decision(self) -> Decision | None:
        shown = self.view.get("decision")
        return self.passing.offered(Decision.from_json(shown)) if shown is not None else None

    def action_choose(self, index: int) -> None:
        """Answer with the option at `index` (from 0); for a decision of several options, mark or unmark it, or
        with the entry after the options, answer with those marked."""
        decision = self._decision()
        if decision is None or self._busy:
            return
        count = len(decision.options) + (decision.choose is not None)
        if not 0 <= index < count:
            self.board.tell(f"There is no option {index + 1}: choose 1 to {count}.")
        elif decision.choose is None:
            action = self.passing.chosen(self.view, decision, decision.options[index].id)
            self._go_on(partial(self.seats.answer, action))
        elif index < len(decision.options):
            self._marked ^= {index}
            self.board.query_one("#decision", DecisionPane).show(decision, self._marked)
        elif decision.choose[0] <= len(self._marked) <= decision.choose[1]:
            self._go_on(partial(self.seats.answer, decision.choice_id(self._marked)))
        else:
            fewest, most = decision.choose
            self.board.tell(f"Mark {fewest if fewest == most else f'{fewest} to {most}'} of the options first.")

    @on(OptionList.OptionSelected, "#options")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option_index)

    def action_undo(self) -> None:
        """Take back the person's last answer, and the agents' answers after it, when the game allows."""
        if self._busy:
            return
        undo = self.view.get("undo", {"possible": False, "why_not": "the game is over"})
        why = undo["why_not"] if not undo["possible"] else self.seats.why_not_undo()
        if why:
            self.board.tell(f"Can't undo: {why}.")
            return
        self._go_on(self.seats.undo)

    # --- help, character sheets, location cards --------------------------------------------------------------

    def action_explain(self) -> None:
        decision = self._decision()
        if decision is not None:
            self.push_screen(TextScreen("Help", decision_help(decision, self.view, self.library)))

    def action_sheet(self) -> None:
        self._pick("Whose character sheet?", [c["name"] for c in self.view["characters"]], character_sheet)

    def action_location(self) -> None:
        self._pick("Which location?", [place["name"] for place in self.view["locations"]], location_card)

    def _pick(self, title: str, names: list[str],
              explain: Callable[[str, Mapping[str, Any], CardLibrary], Any]) -> None:
        """Ask which card, then show what `explain` makes of it."""

        def picked(name: str | None) -> None:
            if name is not None:
                self.push_screen(TextScreen(name, explain(name, self.view, self.library)))

        self.push_screen(PickScreen(title, names), picked)


def play_on_screen(game: Game, library: CardLibrary, on_answer: OnAnswer | None = None,
                   seats: Mapping[str, str] | None = None, pause: float = 0.0) -> None:
    """Play the game on the full screen until it ends, AI players at `seats` ({seat: agent kind}). Raises EOFError
    when the player stops it (q, Ctrl-C), `session.Stopped` on SIGTERM or SIGHUP, or the error that answering or
    saving raised: after the screen is closed, so the command reports it as in the line mode."""
    app = GameApp(game, library, on_answer, ai_players(game, seats or {}), pause)
    app.run()
    if app.stopped is not None:
        raise app.stopped
