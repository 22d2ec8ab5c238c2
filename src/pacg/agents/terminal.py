"""A person at a terminal answers the Decisions (DESIGN.md 3), seeing only what the player may see (DESIGN.md 5).

For every Decision the agent prints, in this order:

    what happened since the last decision (the new lines of the game's log);
    the table, when it changed (or when asked with "t"): locations, characters, hands and piles, the
        blessings deck, the encounter under way;
    for a check, the dice pool and its exact odds, before the player commits a card (DESIGN.md 6);
    the prompt, the options numbered from 1, and the decision's help line.

The player types an option's number; "?" (or "h") explains the decision: the rule behind it with its rule ID
and the text of each card involved (`render.explain.decision_help`); "c NAME" shows a character's sheet, "l NAME" a
location's card ("c" or "l" alone lists the names; a name in any case, or a beginning only it has); "t" the
whole table with the face-up piles (PLAY-08); "u" takes back the last answer (while no hidden information has
come out since); "q" stops the game. A face-down deck is shown as a count, never in order.

`choose_party` asks which characters play, for `pacg play` without `--characters`, and `choose_ai_seats` which
of them AI teammates play (`pacg.seats`). `play_in_lines` plays a game so, through `seats.Seats` as the full screen
does; an AI player's answers are printed as they come, each in one line (`TerminalAgent.narrate`). What is shown
is drawn by `pacg.render`; this module asks and reads.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from pacg.cards.names import closest
from pacg.decisions import Decision
from pacg.render.decision import check_line, option_odds
from pacg.render.table import SECTIONS, TableView, changed_sections, render_table, view_of

if TYPE_CHECKING:  # not on import: the party is asked before the cards and the engine load
    from pacg.cards.loader import CardLibrary
    from pacg.game import Game

Reader = Callable[[], str]

HELP_KEYS = ("?", "h", "help")
CHARACTER_KEYS = ("c", "character")
LOCATION_KEYS = ("l", "location")
TABLE_KEYS = ("t", "table")
QUIT_KEYS = ("q", "quit")
UNDO_KEYS = ("u", "undo")
COMMANDS = ("Type an option's number; ? help, c NAME a character, l NAME a location, t table, u undo, "
            "q quit.")


def read_line() -> str:
    """One line typed at standard input (a terminal or a pseudo-terminal), without its newline.

    Raises EOFError when the input has ended (Ctrl-D at the terminal)."""
    line = sys.stdin.readline()
    if not line:
        raise EOFError("the input has ended")
    return line.rstrip("\r\n")


def _ask(console: Console, prompt: str, read: Reader) -> str:
    """Print a prompt without a newline and read the answer."""
    console.print(prompt, end="", markup=False, highlight=False)
    console.file.flush()
    return read().strip()


def _problem(console: Console, message: str) -> None:
    """Tell the player what was wrong with the answer and what to type instead."""
    console.print(Text(message, style="bold red"))


# --- choosing the party ----------------------------------------------------------------------------------------


class PartyError(ValueError):
    """A party answer that can't be used, with what to type instead."""


def parse_party(text: str, names: Sequence[str], most: int) -> list[str]:
    """The characters named by `text`: option numbers or names (any case, or a unique beginning), separated
    by commas or spaces, in turn order. Raises PartyError with a message for the player."""
    tokens = [token for part in text.replace(",", " ").split() if (token := part.strip())]
    if not tokens:
        raise PartyError(f"Type at least one character: numbers 1 to {len(names)} or names.")
    party: list[str] = []
    for token in tokens:
        name = _party_member(token, names)
        if name in party:
            raise PartyError(f"{name} is chosen twice: a character plays only once.")
        party.append(name)
    if len(party) > most:
        raise PartyError(f"At most {most} characters can play; you chose {len(party)}.")
    return party


def _party_member(token: str, names: Sequence[str]) -> str:
    """The character a number or a name stands for (`render.explain.resolve_name`: any case, or a beginning)."""
    if token.isdigit():
        number = int(token)
        if not 1 <= number <= len(names):
            raise PartyError(f"There is no character number {number}: choose 1 to {len(names)}.")
        return names[number - 1]
    wanted = token.lower()
    exact = [name for name in names if name.lower() == wanted]
    if exact:
        return exact[0]
    starting = [name for name in names if name.lower().startswith(wanted)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise PartyError(f"{token!r} could be {', '.join(starting)}: type more of the name.")
    close = closest(token, names)
    hint = f" (did you mean: {', '.join(close)}?)" if close else ""
    raise PartyError(f"There is no character {token!r}{hint}: type numbers 1 to {len(names)} or names.")


def line_console() -> Console:
    """The console of the line mode: no highlighting (a number in a line is no colour of rich's guessing) and no
    emoji codes (text is shown as written, and rich's table of emoji is never loaded: 2 ms of a start)."""
    return Console(highlight=False, emoji=False)


def choose_party(
    names: list[str], most: int, *, console: Console | None = None, read: Reader | None = None
) -> list[str]:
    """Ask at the prompt which characters play, in turn order; re-ask until the answer is usable.

    Raises EOFError if the input ends first, or the player quits (q)."""
    console = console or line_console()
    read = read or read_line
    console.rule(Text("Choose your party", style="bold"))
    for number, name in enumerate(names, start=1):
        console.print(f"  [bold cyan]{number}[/]. {escape(name)}")
    console.print(Text(f"Up to {most} characters, in turn order. `pacg cards show NAME` shows a character.",
                       style="dim"))
    while True:
        answer = _ask(console, f"Who plays? (numbers or names, e.g. 1,{min(len(names), 4)}; q quits) > ", read)
        if answer.lower() in QUIT_KEYS:
            raise EOFError("the player stopped before the game began")
        try:
            party = parse_party(answer, names, most)
        except PartyError as error:
            _problem(console, str(error))
            continue
        console.print(f"Party: [bold]{escape(', '.join(party))}[/]")
        return party


def choose_ai_seats(party: list[str], *, console: Console | None = None, read: Reader | None = None) -> list[str]:
    """Ask at the prompt which characters of the party AI teammates play (names or numbers, any case; Enter for
    none); re-ask until the answer is usable.

    Raises EOFError if the input ends first, or the player quits (q)."""
    console = console or line_console()
    read = read or read_line
    while True:
        answer = _ask(console, "Which of them do AI teammates play? (names, or Enter for none) > ", read)
        if answer.lower() in QUIT_KEYS:
            raise EOFError("the player stopped before the game began")
        if not answer:
            return []
        try:
            seats = parse_party(answer, party, len(party))
        except PartyError as error:
            _problem(console, str(error))
            continue
        console.print(f"AI teammates play: [bold]{escape(', '.join(seats))}[/]")
        return seats


# --- the agent ---------------------------------------------------------------------------------------------------


class TerminalAgent:
    """Answers every Decision by asking the person at the terminal (all the party's players, in turn), from the
    deciding seat's view (`Game.view`): what that player may see, and the decision."""

    def __init__(self, console: Console | None = None, read: Reader | None = None,
                 library: CardLibrary | None = None) -> None:
        self.console = console or line_console()
        self.read = read or read_line
        self.library = library if library is not None else _built_in_library()
        self.view: Mapping[str, Any] | None = None
        self._log_seen = 0
        self._shown: TableView | None = None

    def start(self, scenario: str, party: Sequence[str]) -> None:
        """A game begins (or is taken up again): its title, and what the player may type."""
        self._log_seen = 0
        self._shown = None
        self.console.rule(Text(f"{scenario} · {', '.join(party)}", style="bold"))
        self.console.print(Text(COMMANDS, style="dim"))

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        """Show what happened, the table and the decision; the action id of the option the player picks."""
        self.view = view
        self.show_news()
        self.show_table()
        self.show_decision(decision)
        chosen = self.ask(decision)
        return decision.choice_id(chosen) if decision.choose is not None else decision.options[chosen[0]].id

    def narrate(self, view: Mapping[str, Any], line: str) -> None:
        """An AI teammate answered: what happened before it (from its seat's view), then the line saying what it
        did."""
        self.view = view
        self.show_news()
        self.console.print(Text(f"  ▸ {line}", style="bold magenta"))

    def refuse(self, message: str) -> None:
        """Tell the player what can't be done."""
        _problem(self.console, message)

    def seen_undo(self, view: Mapping[str, Any]) -> None:
        """After an undo: the log is shown again from where the game now is."""
        self._log_seen = min(self._log_seen, len(view["log"]))
        self._shown = None

    # What is shown, in order.

    def show_news(self) -> None:
        """The game's log lines since the last decision: what happened."""
        if self.view is None:
            return
        log = self.view["log"]
        self._log_seen = min(self._log_seen, len(log))
        for line in log[self._log_seen:]:
            if line.startswith("Turn "):
                self.console.rule(Text(line, style="bold yellow"), align="left")
            elif line.startswith("The scenario is"):
                self.console.print(Text(line, style="bold"))
            else:
                self.console.print(Text(f"  · {line}"))
        self._log_seen = len(log)

    def show_table(self, force: bool = False, detailed: bool = False) -> None:
        """The sections of the table that changed since they were last shown (all of it at a new turn, or
        when asked)."""
        if self.view is None:
            if force:
                self.console.print(Text("No table to show.", style="dim"))
            return
        view = view_of(self.view, self.describe)
        sections = changed_sections(self._shown, view) if not force else SECTIONS
        if sections:
            self.console.print()
            self.console.print(render_table(view, detailed, sections))
        self._shown = view

    def show_decision(self, decision: Decision) -> None:
        """The check under way with its odds, then the prompt, the numbered options and the help line."""
        self.console.print()
        check = check_line(decision.context)
        if check is not None:
            self.console.print(check)
        self.console.print(Text(decision.prompt, style="bold green"))
        odds = option_odds(decision)
        if odds is not None and "odds_of" in decision.context:
            self.console.print(Text(f"[odds] = the chance {decision.context['odds_of']}", style="dim cyan"))
        for number, option in enumerate(decision.options, start=1):
            line = Text(f"  {number:>2}. {option.label}")
            chance = odds[number - 1] if odds is not None else None
            if chance is not None:
                line.append(f"  [{chance} to succeed]", style="cyan")
            self.console.print(line)
        self.show_help(decision)
        if decision.choose is not None:
            self.console.print(Text(_typing_several(decision.choose), style="dim"))

    def show_help(self, decision: Decision) -> None:
        """The decision's help line."""
        if decision.help:
            self.console.print(Text(decision.help, style="dim"))

    def explain(self, decision: Decision) -> None:
        """What the decision is about: the rule behind it, its help line, the cards involved; then what the
        player may type."""
        if self.view is not None:
            from pacg.render.explain import decision_help

            self.console.print(decision_help(decision, self.view, self.library))
        else:
            self.show_help(decision)
        self.console.print(Text(COMMANDS, style="dim"))

    def show_named(self, what: str, typed: str) -> None:
        """A character's sheet or a location's card, by a name in any case or a beginning only it has; without a
        name, the names there are."""
        from pacg.cards.text import plural_of
        from pacg.render.explain import (
            UnknownName,
            character_names,
            character_sheet,
            location_card,
            location_names,
            resolve_name,
        )

        if self.view is None:
            _problem(self.console, "No table to show.")
            return
        names = character_names(self.view) if what == "character" else location_names(self.view)
        if not typed:
            key = CHARACTER_KEYS[0] if what == "character" else LOCATION_KEYS[0]
            self.console.print(Text(f"{plural_of(what).capitalize()}: {', '.join(names)} (type {key} NAME)"))
            return
        try:
            name = resolve_name(typed, names, what)
        except UnknownName as error:
            _problem(self.console, str(error))
            return
        show = character_sheet if what == "character" else location_card
        self.console.print(show(name, self.view, self.library))

    def describe(self, name: str) -> Mapping[str, Any]:
        """A card's summary by name (`cards.text.card_summary`): what the table shows of an encounter."""
        from pacg.cards.text import card_summary

        return card_summary(self.library.get(name))

    # Reading the answer.

    def ask(self, decision: Decision) -> list[int]:
        """Read until the player answers: the option picked, or for a decision of several options the options
        typed (`Decision.choose`), as indexes from 0."""
        count = len(decision.options)
        several = decision.choose is not None
        prompt = f"{decision.player} [{'numbers ' if several else ''}1-{count}, ? help] > "
        while True:
            typed = _ask(self.console, prompt, self.read)
            answer = typed.lower()
            command, _, name = typed.partition(" ")
            if answer in HELP_KEYS:
                self.explain(decision)
            elif command.lower() in CHARACTER_KEYS:
                self.show_named("character", name.strip())
            elif command.lower() in LOCATION_KEYS:
                self.show_named("location", name.strip())
            elif answer in TABLE_KEYS:
                self.show_table(force=True, detailed=True)
                self.show_decision(decision)
            elif answer in QUIT_KEYS:
                raise EOFError("the player stopped the game")
            elif answer in UNDO_KEYS:
                undo = self.view["undo"] if self.view is not None else {"possible": False, "why_not": "no game"}
                if undo["possible"]:
                    from pacg.game import UndoRequested  # not on import: the party is asked before the engine loads

                    raise UndoRequested()
                _problem(self.console, f"Can't undo: {undo['why_not']}.")
            elif (chosen := self._chosen(decision, answer)) is not None:
                return chosen

    def _chosen(self, decision: Decision, answer: str) -> list[int] | None:
        """The options an answer picks, or None, having told the player what was wrong with it."""
        count = len(decision.options)
        numbers = [] if answer == "none" and decision.choose is not None else answer.replace(",", " ").split()
        if not all(number.isdigit() for number in numbers):
            _problem(self.console, f"Didn't understand {answer!r}. {COMMANDS}")
            return None
        wrong = [number for number in numbers if not 1 <= int(number) <= count]
        if wrong:
            _problem(self.console, f"There is no option {wrong[0]}: choose 1 to {count}.")
            return None
        chosen = sorted({int(number) - 1 for number in numbers})
        if decision.choose is None:
            if len(chosen) == 1:
                return chosen
            _problem(self.console, f"Type the number of one option, 1 to {count}.")
            return None
        fewest, most = decision.choose
        if not fewest <= len(chosen) <= most:
            wanted = f"exactly {fewest}" if fewest == most else f"{fewest} to {most}"
            _problem(self.console, f"Choose {wanted} of the options: their numbers separated by spaces.")
            return None
        return chosen


def _typing_several(choose: tuple[int, int]) -> str:
    """How to answer a decision of several options."""
    fewest, most = choose
    if fewest == most:
        return f"Type the numbers of {fewest}, separated by spaces."
    return "Type the numbers of those you choose, separated by spaces" + (
        "; Enter alone, or none, for none." if not fewest else ".")


def _built_in_library() -> CardLibrary:
    from pacg.game import library_for

    return library_for(None)


def play_in_lines(game: Game, library: CardLibrary, on_answer: Callable[[Game], None] | None = None,
                  seats: Mapping[str, str] | None = None, pause: float = 0.0) -> None:
    """Play the game to its end in the line mode: a person at the terminal plays every seat but those AI players
    play (`seats`: {seat: agent kind}), whose answers are printed as they come, each followed by `pause` seconds to
    read it; the other players' plays are asked as one question (`passing.PassingPerson`); then what happened at
    the end. After every answer and every undo the game is given to `on_answer`."""
    import time

    from pacg.passing import PassingPerson
    from pacg.seats import Seats, ai_players, seats_text

    seats = seats or {}
    terminal = TerminalAgent(library=library)

    def tell(view: Mapping[str, Any], line: str) -> None:
        terminal.narrate(view, line)
        if pause > 0:
            time.sleep(pause)

    terminal.start(game.setup.scenario, game.seats())
    if seats:
        terminal.console.print(f"{seats_text(seats)}.", markup=False, highlight=False)
    table = Seats(game, ai_players(game, seats), on_answer, tell)
    table.play(PassingPerson(terminal, table.people), terminal.refuse)
    terminal.view = game.view(game.seats()[0])
    terminal.show_news()  # what happened after the last decision: the end of the game
