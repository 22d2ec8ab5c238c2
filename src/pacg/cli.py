"""The `pacg` command: the terminal entry point to cards, odds and games.

Only typer and rich are imported here: each command imports what it needs (the engine, the card models and
pydantic, the card library) when it runs, so that `pacg --help` and the start of every command stay quick
(a test checks that `pacg --help` imports none of them; benchmarks/bench_startup.py times it). Help is plain
text (`rich_markup_mode=None`): typer's rich help takes as long again to import as typer itself.
"""

from __future__ import annotations

import gc
import json
import random
import shlex
import signal
import sys
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:
    from collections.abc import Iterator

    from typer._click import Context
    from typer.core import TyperOption

    from pacg.cards.loader import CardLibrary
    from pacg.engine.scenario import OutcomeView
    from pacg.game import Game
    from pacg.record import RecordData
    from pacg.sim.config import Config
    from pacg.sim.runner import Plan
    from pacg.sim.stats import RunStats


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


if app.registered_callback is None:

    @app.callback()
    def _main(ctx: typer.Context) -> None:
        # Without a callback, Typer runs an app with a single command as that command itself
        # (`pacg DICE` instead of `pacg odds DICE`); a callback keeps `pacg` a group of commands.
        if ctx.invoked_subcommand != "play":
            started()


# --- pacg odds ---------------------------------------------------------------------------------------


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


# --- pacg cards ----------------------------------------------------------------------------------------

cards_app = typer.Typer(
    help="Browse the card library: list cards, show a card's text, check card files, export the card file schema.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(cards_app, name="cards")

_FOLDER_HELP = "The folder of card files to read instead of the built-in card library."
_CARDS_HELP = "A folder of custom card files added to the box; a card named like a shipped card replaces it."

from typing import TYPE_CHECKING  # noqa: E402  (this block keeps its imports to itself)

if TYPE_CHECKING:
    from pacg.cards.loader import CardProblem


def _card_folders(folder: str | Path | None, custom: str | Path | None) -> tuple[Path, Path | None]:
    """The folder of the box (default: the built-in library) and the folder of custom cards, which must exist;
    a missing one is an error, exit 1."""
    from pacg.cards.files import DEFAULT_CARD_FOLDER

    base = Path(folder) if folder else DEFAULT_CARD_FOLDER
    extra = Path(custom) if custom else None
    for path in (base, extra):
        if path is not None and not path.is_dir():
            typer.echo(f"Error: no card folder at {path}", err=True)
            raise typer.Exit(code=1)
    return base, extra


def _print_problems(problems: list[CardProblem], folders: tuple[Path, Path | None]) -> None:
    """Card file problems as file:line: field: message lines, and how many there are, on stderr."""
    for problem in problems:
        typer.echo(str(problem), err=True)
    count = len(problems)
    under = " and ".join(str(folder) for folder in folders if folder is not None)
    typer.echo(f"{count} problem{'s' if count != 1 else ''} in the card files under {under}", err=True)


@contextmanager
def _interrupts_kept() -> Iterator[None]:
    """A Ctrl-C while the card models and the cards load waits until they have loaded: raised inside a library's
    compiled code, the interrupt could not stop it cleanly (Python prints "Exception ignored" with a traceback);
    raised after, it stops the command as any Ctrl-C does."""
    interrupted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: interrupted.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt


def _cards_library(folder: str | Path | None = None, custom: str | Path | None = None) -> CardLibrary:
    """Load the card library (and the custom cards added to it); card file problems are printed as
    file:line: field: message, exit 1 (never a traceback)."""
    with _interrupts_kept():
        from pacg.cards.loader import CardFileError, load_library

        base, extra = _card_folders(folder, custom)
    try:
        with _interrupts_kept():
            return load_library(base, extra)
    except CardFileError as error:
        _print_problems(error.problems, (base, extra))
        raise typer.Exit(code=1) from None


@cards_app.command("list")
def cards_list(
    card_type: str | None = typer.Option(None, "--type", "-t", help="Only cards of this type (e.g. weapon)."),
    set_indicator: str | None = typer.Option(None, "--set", "-s", help="Only cards of this set (B, C, P, 1-6)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON list instead of a table."),
    folder: str | None = typer.Option(None, "--folder", help=_FOLDER_HELP),
    cards: str | None = typer.Option(None, "--cards", help=_CARDS_HELP),
) -> None:
    """List the cards: name, type, set, traits, copies and provenance."""
    import json

    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from pacg.cards.text import card_summary, plural_of
    from pacg.cards.vocabulary import SET_INDICATORS, CardType

    known_types = [str(kind) for kind in CardType]
    type_names = {name: name for name in known_types} | {plural_of(name): name for name in known_types}
    wanted_type = None
    if card_type is not None:
        wanted_type = type_names.get(" ".join(card_type.lower().replace("_", " ").replace("-", " ").split()))
        if wanted_type is None:
            typer.echo(f"Error: unknown card type {card_type!r}; known types: {', '.join(known_types)}", err=True)
            raise typer.Exit(code=2)
    if set_indicator is not None:
        set_indicator = set_indicator.strip().upper()
        if set_indicator not in SET_INDICATORS:
            typer.echo(f"Error: unknown set {set_indicator!r}; known sets: {', '.join(SET_INDICATORS)}", err=True)
            raise typer.Exit(code=2)

    library = _cards_library(folder, cards)
    listed = [
        card
        for card in library
        if (wanted_type is None or str(card.type) == wanted_type)
        and (set_indicator is None or card.set == set_indicator)
    ]
    listed.sort(key=lambda card: (known_types.index(str(card.type)), card.name.lower()))
    summaries = [card_summary(card) for card in listed]
    if as_json:
        typer.echo(json.dumps(summaries, ensure_ascii=False))
        return

    table = Table(title=f"{len(listed)} card{'s' if len(listed) != 1 else ''}", show_edge=False, pad_edge=False)
    for column in ("Name", "Type", "Set", "Traits", "Copies", "Provenance"):
        table.add_column(column, justify="right" if column == "Copies" else "left", overflow="fold")
    for summary in summaries:
        provenance = "[yellow]stand-in[/yellow]" if summary["provenance"] == "standin" else "published"
        table.add_row(
            escape(summary["name"]),
            summary["type"],
            summary["set"],
            escape(", ".join(summary["traits"])),
            str(summary["copies"]),
            provenance,
        )
    Console().print(table)


@cards_app.command("show")
def cards_show(
    name: str = typer.Argument(..., help="The card's name (any case)."),
    as_json: bool = typer.Option(False, "--json", help="Print the card's data and text as one JSON object."),
    folder: str | None = typer.Option(None, "--folder", help=_FOLDER_HELP),
    cards: str | None = typer.Option(None, "--cards", help=_CARDS_HELP),
) -> None:
    """Show a card's text, generated from its card file."""
    import json

    from pacg.cards.names import UnknownName
    from pacg.cards.text import card_summary, card_text

    library = _cards_library(folder, cards)
    try:
        card = library.get(library.named(name))
    except UnknownName as error:
        raise _fail(str(error), 1) from None
    if as_json:
        record = {
            **card_summary(card),
            "data": card.model_dump(mode="json", by_alias=True, exclude_defaults=True),
            "text": card_text(card),
        }
        typer.echo(json.dumps(record, ensure_ascii=False))
        return
    typer.echo(card_text(card))


@cards_app.command("lint")
def cards_lint(
    path: str | None = typer.Argument(None, help="The folder of card files to check (default: the built-in library)."),
    cards: str | None = typer.Option(None, "--cards", help=_CARDS_HELP),
) -> None:
    """Check card files: the format, the names of other cards, the generated text. One line per problem (notes
    too) and a summary; exit status 1 when there are problems."""
    from pacg.cards.lint import lint

    base, extra = _card_folders(path, cards)
    report = lint(base, extra)
    for problem in report.problems:
        typer.echo(str(problem))
    typer.echo(report.summary())
    if not report.clean:
        raise typer.Exit(code=1)


@cards_app.command("schema")
def cards_schema(
    output: str | None = typer.Option(None, "--output", "-o", help="Write the schema to this file."),
) -> None:
    """Print (or write) the JSON Schema of a card file, for editors."""
    from pathlib import Path

    from pacg.cards.schema import card_schema_json

    text = card_schema_json()
    if output is None:
        typer.echo(text, nl=False)
        return
    Path(output).write_text(text, encoding="utf-8")
    typer.echo(f"Wrote the card file schema to {output}")


# --- pacg play / pacg replay ------------------------------------------------------------------------------


class AgentKind(StrEnum):
    HUMAN = "human"
    RANDOM = "random"


def _fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error and return the exit for the caller to raise: never a traceback."""
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code=code)


def _print_outcome(outcome: OutcomeView, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(outcome))
        return
    dead = outcome["dead"]
    dead_text = f" Dead: {', '.join(dead)}." if isinstance(dead, list) and dead else ""
    typer.echo(f"{outcome['scenario']}: {outcome['result']} after {outcome['turns']} turns ({outcome['reason']}); "
               f"{outcome['blessings_left']} blessings left.{dead_text}")


def _names_list(names: str | None) -> list[str]:
    """Card names separated by commas."""
    return [name.strip() for name in (names or "").split(",") if name.strip()]


def _party(characters: str | None, ai: str | None, agent: AgentKind, seed: int, library: CardLibrary
           ) -> tuple[list[str], str | None]:
    """The party from --characters (names in any case: `pacg.new_game` reads them), or asked at the prompt, or
    (random agents) drawn with the seed; and the AI seats, from --ai or asked at the prompt with the party."""
    from pacg.cards.vocabulary import MAX_PARTY, CardType

    if characters is not None:
        return _names_list(characters), ai
    names = sorted(card.name for card in library.of_type(CardType.CHARACTER))
    if agent is AgentKind.RANDOM:
        rng = random.Random(f"party {seed}")
        return rng.sample(names, rng.randint(1, MAX_PARTY)), ai
    return _ask_party(names, ai)


def _ask_party(names: list[str], ai: str | None) -> tuple[list[str], str | None]:
    """The party asked at the prompt, then (unless --ai said) which of them AI teammates play."""
    from pacg.agents.terminal import choose_ai_seats, choose_party
    from pacg.cards.vocabulary import MAX_PARTY

    party = choose_party(names, MAX_PARTY)
    return party, ai if ai is not None else ",".join(choose_ai_seats(party))


def _party_at_once(characters: str | None, ai: str | None, agent: AgentKind, cards: Path | None
                   ) -> tuple[str | None, str | None]:
    """For a person's new game without --characters, the party (and the AI seats) asked at once, before the
    engine and the cards are loaded, when the card cache names the characters (`pacg.cards.cache`): the first
    screen comes sooner. Else (another game, or no cache of these cards yet) `characters` and `ai` as they are."""
    from pacg.cards.cache import Key, cached_names
    from pacg.cards.vocabulary import CardType

    if characters is not None or agent is not AgentKind.HUMAN:
        return characters, ai
    base, extra = _card_folders(None, cards)
    names = cached_names(Key((base,) if extra is None else (base, extra)), str(CardType.CHARACTER))
    if not names:
        return None, ai
    party, ai = _ask_party(names, ai)
    return ",".join(party), ai


def _new_save_name(save: str | None, agent: AgentKind, title: str, seed: int) -> str | None:
    """The name a new game is saved under: --save's, which no saved game may have yet (a new game never
    replaces one); else, for a person's game, the title's words and the seed, with a count if that is taken."""
    from pacg.saves import SaveError, SaveStore

    if save is None and agent is not AgentKind.HUMAN:
        return None
    with SaveStore() as store:
        if save is not None:
            if store.has(save):
                raise SaveError(f"a game is saved as {save!r} already: take it up with pacg play --resume "
                                f"{save!r}, delete it with pacg saves delete {save!r}, or choose another --save")
            return save
        words = "-".join(word for word in "".join(c if c.isalnum() else " " for c in title.lower()).split()
                         if word != "the")
        return store.free_name(f"{words}-{seed}"[:64])


@app.command("play")
def play_command(
    scenario: str | None = typer.Option(None, "--scenario", help="The scenario to play [default: The Godless Ones]."),
    characters: str | None = typer.Option(
        None, "--characters", help="The party in turn order, e.g. Harsk,Kyra (asked at the prompt if left out)."),
    seed: int | None = typer.Option(None, "--seed", help="The random seed (chosen for you if left out)."),
    agent: AgentKind = typer.Option(AgentKind.HUMAN, "--agent", help="Who answers: a person, or random players."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object with the outcome at the end."),
    log: Path | None = typer.Option(None, "--log", help="Save the game's record to FILE after every answer."),
    save: str | None = typer.Option(
        None, "--save", help="Save the game under NAME in the saved games after every answer (a person's game is "
                             "saved under the scenario and seed unless named; random players' only when named)."),
    resume: str | None = typer.Option(
        None, "--resume", help="Take up a stopped game again: a record FILE (from --log) or a saved game's NAME."),
    table: Path | None = typer.Option(
        None, "--table", help="Start from the position a table file describes (YAML or JSON: the scenario, the "
                              "characters and their cards, the location decks, the blessings deck, the next dice)."),
    cards: Path | None = typer.Option(None, "--cards", help=_CARDS_HELP + " The record remembers the folder."),
    removed: str | None = typer.Option(
        None, "--removed", help="Cards removed from the game in earlier scenarios, left out of the box, e.g. "
                                "\"Sir Ilivan\" (a banished cohort); several separated by commas."),
    redeemed: str | None = typer.Option(
        None, "--redeemed", help="Boons redeemed earlier in the Adventure Path, which have no Corrupted trait, e.g. "
                                 "\"Corroded Helm\"; several separated by commas."),
    plain: bool = typer.Option(
        False, "--plain", help="Play in lines of text, option numbers typed at the prompt, even at a terminal (for "
                               "pipes and screen readers); a person at a terminal gets the full screen otherwise."),
    ask_always: bool = typer.Option(
        False, "--ask-always", help="Open every play window, even for plays that can't change anything (a bonus to "
                                    "a check that can't fail, a mythic charge with no mythic path)."),
    ai: str | None = typer.Option(
        None, "--ai", help="The characters AI teammates play, e.g. Kyra,Harsk (the person plays the others; asked "
                           "at the party prompt if left out); each AI answer is shown in a line."),
    ai_agent: str | None = typer.Option(
        None, "--ai-agent", help="Which AI plays the --ai seats (pacg.agents: random, ...) [default: heuristic once "
                                 "there is one, else random]."),
    ai_pause: float | None = typer.Option(
        None, "--ai-pause", min=0, help="Seconds to wait after each AI answer, to follow it [default: 0 in lines, "
                                        "0.5 on the full screen]."),
) -> None:
    """Play a scenario, by default The Godless Ones with the party chosen at the prompt. The game is saved after
    every answer; a stopped game is taken up again with --resume."""
    from pacg.record import check_writable
    from pacg.saves import check_name
    from pacg.session import stopped_by_signals

    with stopped_by_signals():
        with _starting():
            if log is not None:
                check_writable(log)
                if resume is None and log.exists():  # a new game never replaces a saved one
                    raise _fail(f"--log: {log} is there already: a new game doesn't write over it (take a game "
                                f"there up again with --resume {shlex.quote(str(log))}, or give another file)")
            if save is not None:
                check_name(save)
            kind = _ai_kind(ai_agent, ai, agent)
            if table is not None:
                _table_alone(scenario=scenario, characters=characters, removed=removed, redeemed=redeemed,
                             resume=resume)
                cards = cards if cards is not None else _table_cards(table)
                library = _cards_library(None, cards)
                game, save = _table_game(table, seed, agent, library, cards, save, ask_always)
            elif resume is not None:
                game, library, log, save, recorded = _resumed(resume, log, save, cards)
                if ask_always and not game.setup.ask_always:
                    raise _fail(f"--ask-always: the game in {resume} asks only real questions, as it was set up; a "
                                "game taken up again goes on as it began")
            else:
                characters, ai = _party_at_once(characters, ai, agent, cards)
                library = _cards_library(None, cards)
                game, save, ai = _new_game(scenario or "The Godless Ones", characters, ai, seed, agent, library,
                                           cards, removed, redeemed, save, ask_always)
            seats = recorded if resume is not None else _ai_seats(ai, game.seats(), kind)
            if resume is not None and ai is not None and _ai_seats(ai, game.seats(), kind) != recorded:
                raise _fail(f"--ai: the game in {resume} was set up with "
                            f"{_seats_text(recorded)}; a game taken up again goes on as it began")
        started()  # the game is set up
        person = agent is AgentKind.HUMAN and set(seats) != set(game.seats())
        full_screen = person and not plain and sys.stdin.isatty() and sys.stdout.isatty()
        pause = ai_pause if ai_pause is not None else (SCREEN_PAUSE if full_screen else 0.0)
        _play_to_the_end(game, library, agent, log, save, full_screen, seats, pause)
        outcome = game.outcome
        assert outcome is not None
        _print_outcome(outcome, as_json)


SCREEN_PAUSE = 0.5  # seconds the full screen waits after each AI answer, unless --ai-pause says


def _ai_kind(name: str | None, ai: str | None, agent: AgentKind) -> str:
    """The agent AI teammates are (--ai-agent, any case; else `seats.default_ai`); --ai and --ai-agent with
    random players at every seat are an error."""
    from pacg.cards.names import UnknownName
    from pacg.seats import agent_named

    if agent is AgentKind.RANDOM and (ai is not None or name is not None):
        raise _fail(f"{'--ai' if ai is not None else '--ai-agent'}: with --agent random, random players play every "
                    "seat; leave out --agent to play with AI teammates")
    try:
        return agent_named(name)
    except UnknownName as error:
        raise _fail(f"--ai-agent: {error}") from None


def _ai_seats(ai: str | None, party: list[str], kind: str) -> dict[str, str]:
    """The seats AI teammates play: {character: agent}, from names in any case that must be of the party."""
    from pacg.cards.names import UnknownName
    from pacg.seats import ai_seats

    try:
        return ai_seats(_names_list(ai), party, kind)
    except UnknownName as error:
        raise _fail(f"--ai: {error}") from None


def _seats_text(seats: dict[str, str]) -> str:
    """The AI seats in words: "AI teammates for Kyra (random)", or "no AI teammates"."""
    if not seats:
        return "no AI teammates"
    return "AI teammates for " + ", ".join(f"{seat} ({kind})" for seat, kind in seats.items())


@contextmanager
def _starting() -> Iterator[None]:
    """While a game is being started: a bad record, setup or save is one line (exit 2); a stop (q, Ctrl-D,
    Ctrl-C, a signal) is "No game started." (exit 1)."""
    from pacg.record import RecordError
    from pacg.saves import SaveError
    from pacg.session import Stopped

    try:
        yield
    except (EOFError, KeyboardInterrupt, Stopped):
        raise _stop("No game started.", 1) from None
    except ValueError as error:
        from pacg.engine.setup import SetupError  # loaded by now if a setup went wrong: not imported before

        if not isinstance(error, (RecordError, SaveError, SetupError)):
            raise
        raise _fail(str(error)) from None


def _new_game(scenario: str, characters: str | None, ai: str | None, seed: int | None, agent: AgentKind,
              library: CardLibrary, cards: Path | None, removed: str | None, redeemed: str | None, save: str | None,
              ask_always: bool) -> tuple[Game, str | None, str | None]:
    """A new game, its save name, and the AI seats (--ai's, or asked with the party)."""
    from pacg.game import new_game

    if seed is None:
        import secrets  # only here: it loads OpenSSL's hashes, 3 ms of `pacg --help`

        seed = secrets.randbelow(2**31)
    party, ai = _party(characters, ai, agent, seed, library)
    game = new_game(scenario, party, seed, library=library, cards=cards, removed=_names_list(removed),
                    redeemed=_names_list(redeemed), open_hands=agent is AgentKind.HUMAN, ask_always=ask_always)
    return game, _new_save_name(save, agent, game.setup.scenario, seed), ai


def _table_alone(**given: str | None) -> None:
    """A table file names the scenario and the characters of a new game: refuse the options that would too."""
    clashing = [f"--{name}" for name, value in given.items() if value is not None]
    if clashing:
        raise _fail("--table starts a new game of the table's scenario and characters: leave out "
                    + ", ".join(clashing))


def _table_cards(table: Path) -> Path | None:
    """The folder of custom cards a table file names (its `cards`), if any."""
    from pacg.tables import TableError, custom_cards

    try:
        folder = custom_cards(table)
    except TableError as error:
        raise _fail(str(error)) from None
    return Path(folder) if folder is not None else None


def _table_game(table: Path, seed: int | None, agent: AgentKind, library: CardLibrary, cards: Path | None,
                save: str | None, ask_always: bool) -> tuple[Game, str | None]:
    """A new game from a table file's position; a person's game saved under the table's name and the seed."""
    from pacg.game import new_game
    from pacg.tables import TableError

    try:
        game = new_game(table=table, seed=seed, library=library, cards=cards, open_hands=agent is AgentKind.HUMAN,
                        ask_always=ask_always)
    except TableError as error:
        raise _fail(str(error)) from None
    return game, _new_save_name(save, agent, table.stem, game.setup.seed)


def _resumed(resume: str, log: Path | None, save: str | None, cards: Path | None
             ) -> tuple[Game, CardLibrary, Path | None, str | None, dict[str, str]]:
    """The stopped game a record file or a saved game's name holds, played again to where it stopped, its card
    library, where it goes on being saved (the file, or the save), and its AI seats."""
    from pacg.game import load_game
    from pacg.record import read_record
    from pacg.saves import SaveStore

    path = Path(resume)
    if path.is_file():
        data = read_record(path)
        log = log or path
    else:
        with SaveStore() as store:
            data = read_record(store.get(resume), f"the saved game {resume!r}")
        save = save or resume
    library = _record_library(data, resume, cards)
    return load_game(data, library=library), library, log, save, data.ai_seats


def _record_library(data: RecordData, where: str, cards: Path | None) -> CardLibrary:
    """The card library of the game of a record read from `where`: with the custom cards it was played with
    (from --cards, or the folder the record names, which must still be there)."""
    folder = cards or (Path(data.setup.cards) if data.setup.cards else None)
    if cards is None and folder is not None and not folder.is_dir():
        raise _fail(f"{where}: the game was played with the custom cards in {folder}, which is not a folder "
                    "here; give their folder with --cards DIR", 1)
    return _cards_library(None, folder)


def _play_to_the_end(game: Game, library: CardLibrary, agent: AgentKind, log: Path | None, save: str | None,
                     full_screen: bool = False, seats: dict[str, str] | None = None, pause: float = 0.0) -> None:
    """Play with the chosen agents (a person on the full screen, or at the prompt, with AI teammates at `seats`),
    saving after every answer; a stop (q, Ctrl-D, Ctrl-C, SIGTERM, SIGHUP: `session.stopped_by_signals`) keeps
    the last save and says where it is."""
    from pacg.engine.chance import ScriptedDieError
    from pacg.saves import SaveError
    from pacg.session import Saver, Stopped

    saver = Saver(log, save, seats)
    terminal = None
    try:
        saver(game)  # saved from its start (a game stopped before its first answer resumes too), or where it goes on
        terminal = _play_seats(game, library, agent, saver, full_screen, seats or {}, pause)
        if terminal is not None:
            terminal.view = game.view(game.seats()[0])
            terminal.show_news()  # what happened after the last decision: the end of the game
    except (EOFError, KeyboardInterrupt, Stopped) as stop:
        why = f" ({stop})" if isinstance(stop, Stopped) else ""
        raise _stop(f"Game stopped{why} after {saver.answers_kept(game)} answers; {saver.where()}", 1) from None
    except (OSError, SaveError) as error:
        raise _fail(f"can't save the game: {error}", 1) from None
    except ScriptedDieError as error:
        raise _fail(f"the table's next dice: {error}; the game so far is saved", 2) from None
    finally:
        saver.close()


if TYPE_CHECKING:
    from pacg.agents.terminal import TerminalAgent
    from pacg.session import Saver


def _play_seats(game: Game, library: CardLibrary, agent: AgentKind, saver: Saver, full_screen: bool,
                seats: dict[str, str], pause: float) -> TerminalAgent | None:
    """Play the game to its end: random players at every seat; or AI players at every seat; or a person (on the
    full screen or at the prompt, whose TerminalAgent is returned) with AI teammates at `seats`, their answers
    told as they come."""
    from pacg.game import play
    from pacg.seats import ai_players, play_with_ai

    if agent is AgentKind.RANDOM:
        from pacg.agents.random_agent import RandomAgent

        random_agent = RandomAgent(game.setup.seed)
        random_agent.skip(len(game.actions))
        play(game, random_agent, saver)
        return None
    if set(seats) == set(game.seats()):
        play(game, ai_players(game, seats), saver)
        return None
    if full_screen:
        from pacg.screen import play_on_screen

        play_on_screen(game, library, saver, ai_players(game, seats), pause)
        return None
    from pacg.agents.terminal import TerminalAgent
    from pacg.passing import PassingPerson

    terminal = TerminalAgent(library=library)
    terminal.start(game.setup.scenario, game.seats())
    if seats:
        terminal.console.print(f"{_seats_text(seats)}.", markup=False, highlight=False)
    person = PassingPerson(terminal, [seat for seat in game.seats() if seat not in seats])
    play_with_ai(game, person, ai_players(game, seats, terminal.narrate, pause), saver, terminal.refuse)
    return terminal


def _stop(message: str, code: int) -> typer.Exit:
    """A game stopped by the player or a signal: a line saying so (not an error), and the exit."""
    typer.echo(message, err=True)
    return typer.Exit(code=code)


@app.command("replay")
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
        game = load_game(data, library=_record_library(data, str(file), cards))
    except (RecordError, SetupError) as error:
        raise _fail(str(error)) from None
    outcome = game.outcome
    if outcome is None:
        decision = game.decision
        assert decision is not None
        typer.echo(f"{file}: the game stopped after {len(game.actions)} answers, in turn {game.turn}, waiting for "
                   f"{decision.player} ({decision.kind}); take it up again with pacg play --resume {file}")
        return
    _print_outcome(outcome, as_json)


# --- pacg serve -----------------------------------------------------------------------------------------


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="The port to listen on."),
    db: str | None = typer.Option(
        None, "--db", help="Where the games are kept: postgresql://USER@HOST/NAME, sqlite:///PATH or a file's path "
                           "[default: the saved games' database]."),
    ai_pause: float = typer.Option(0.5, "--ai-pause", min=0, help="Seconds between two AI answers, for the table "
                                                                   "to follow them."),
    games_per_minute: int = typer.Option(
        10, "--games-per-minute", min=1, help="Games one client (an address) may make in a minute; past it, 429."),
    ai_games: int = typer.Option(
        20, "--ai-games", min=0, help="Games with AI seats, not over, the server plays at once; past it, making "
                                      "another is 429 until one is left unused for --idle-seconds."),
    ai_answers_per_second: float = typer.Option(
        10.0, "--ai-answers-per-second", min=0.01, help="AI answers a second in one game, at most (whatever "
                                                        "--ai-pause is)."),
    idle_seconds: float = typer.Option(
        1800.0, "--idle-seconds", min=0.1, help="Seconds a game no one uses or watches stays in memory (it stays in "
                                                "the database, and is loaded again when next used); a game over "
                                                "goes as soon as no one watches it."),
) -> None:
    """Serve games in the browser: open http://HOST:PORT/, make a game and share each seat's link. Games are kept
    in the database, so a restarted server carries on every one."""
    import uvicorn

    from pacg.web.app import MOST_FRAME_BYTES, create_app
    from pacg.web.limits import Limits
    from pacg.web.service import GameService
    from pacg.web.store import StoreError, open_store

    try:
        store = open_store(db)
        kept = len(store.games())
    except StoreError as error:
        raise _fail(f"--db: {error}") from None
    limits = Limits(games_per_minute, ai_games, ai_answers_per_second, idle_seconds)
    service = GameService(store, _cards_library(), ai_pause, limits)
    typer.echo(f"pacg: serving games at http://{host}:{port}/ ({kept} game{'s' if kept != 1 else ''} kept in "
               f"{store.where}; Ctrl-C stops)")
    uvicorn.run(create_app(service), host=host, port=port, log_level="warning", ws_max_size=MOST_FRAME_BYTES,
                timeout_graceful_shutdown=5)


# --- pacg simulate --------------------------------------------------------------------------------------


class Backend(StrEnum):
    PROCESS = "process"
    RAY = "ray"


@app.command("simulate")
def simulate_command(
    characters: list[str] | None = typer.Option(
        None, "--characters", help="The party in turn order, e.g. Harsk,Kyra; give it again for another party "
                                   "played on the same seeds (win rates against party size)."),
    scenario: str = typer.Option("The Godless Ones", "--scenario", help="The scenario to play."),
    agent: str = typer.Option(
        "heuristic", "--agent", help="The AI player at every seat, by its name (pacg.agents.AGENTS): random, "
                                     "heuristic or search."),
    games: int = typer.Option(1000, "--games", help="How many games to play."),
    seed: int = typer.Option(1, "--seed", help="The run's seed: each game's seed comes from it and the game's number."),
    workers: int | None = typer.Option(None, "--workers", help="Worker processes [default: the machine's cores]."),
    cards: Path | None = typer.Option(None, "--cards", help=_CARDS_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
    report: Path | None = typer.Option(None, "--report", help="Write an HTML page with plots into this folder."),
    compare_cards: Path | None = typer.Option(
        None, "--compare-cards", help="Compare: play the same games again with this folder of custom cards instead."),
    compare_characters: str | None = typer.Option(
        None, "--compare-characters", help="Compare: play the same games again with this party instead."),
    backend: Backend = typer.Option(Backend.PROCESS, "--backend", help="Where the workers run: processes, or Ray."),
    ray_address: str | None = typer.Option(
        None, "--ray-address", help="The Ray cluster to run on (with --backend ray) [default: a local Ray]."),
) -> None:
    """Play many games with AI players and sum them up: the win rate with its 95% interval, turns, blessings
    left, deaths, losses and each card's use; --compare plays a second configuration on the same seeds."""
    import os

    from pacg.sim.runner import Plan, SimulationError

    if games < 1:
        raise _fail(f"--games must be at least 1 (got {games})")
    workers = workers if workers is not None else os.cpu_count() or 1
    if workers < 1:
        raise _fail(f"--workers must be at least 1 (got {workers})")
    if ray_address is not None and backend is not Backend.RAY:
        raise _fail("--ray-address: give --backend ray too")
    if report is not None:
        _check_report(report)
    configs = _sim_configs(scenario, characters or [], agent, cards, compare_cards, compare_characters)
    plan = Plan(configs, games, seed, workers, str(backend), ray_address)
    try:
        run = _run_with_progress(plan, show=not as_json and sys.stderr.isatty())
    except SimulationError as error:
        raise _fail(str(error), 1) from None
    except KeyboardInterrupt:
        raise _stop("Simulation stopped.", 1) from None
    _print_simulation(plan, run, as_json, report)


def _check_report(report: Path) -> None:
    from pacg.sim.report import check_writable

    try:
        check_writable(report)
    except OSError as error:
        raise _fail(f"--report: can't write into {report}: {error.strerror or error}") from None


def _sim_configs(scenario: str, parties: list[str], agent: str, cards: Path | None, compare_cards: Path | None,
                 compare_characters: str | None) -> tuple[Config, ...]:
    """The configurations to play, each checked (exit 2 with one line for an unknown name): one per --characters,
    and the one compared with the first (its cards or its party changed)."""
    from pacg.sim.config import checked

    if not parties:
        raise _fail("--characters: give the party, e.g. --characters Harsk,Kyra")
    wanted = [(_names_list(party), _card_folder(cards)) for party in parties]
    if compare_cards is not None or compare_characters is not None:
        first_party, first_cards = wanted[0]
        wanted.append((_names_list(compare_characters) if compare_characters else first_party,
                       _card_folder(compare_cards) if compare_cards is not None else first_cards))
    with _interrupts_kept():
        from pacg.cards.loader import CardFileError
        from pacg.engine.setup import SetupError
    configs = []
    for party, folder in wanted:
        try:
            configs.append(checked(scenario, party, agent, folder))
        except CardFileError as error:
            _print_problems(error.problems, _card_folders(None, folder))
            raise typer.Exit(code=1) from None
        except (SetupError, ValueError) as error:
            raise _fail(str(error)) from None
    return tuple(configs)


def _card_folder(folder: Path | None) -> str | None:
    """A --cards folder as the games take it (an absolute path), which must be a folder (else exit 1)."""
    if folder is None:
        return None
    _card_folders(None, folder)
    return str(folder.resolve())


def _run_with_progress(plan: Plan, show: bool) -> RunStats:
    from pacg.sim.runner import simulate

    if not show:
        return simulate(plan)
    from pacg.sim.progress import RunProgress

    with RunProgress(plan.games) as progress:
        return simulate(plan, progress)


def _print_simulation(plan: Plan, run: RunStats, as_json: bool, report: Path | None) -> None:
    from pacg.sim.summary import to_json, to_text

    if as_json:
        typer.echo(json.dumps(to_json(plan.configs, run, plan.seed)))
    else:
        typer.echo(to_text(plan.configs, run))
    if report is not None:
        from pacg.sim.report import write_report

        try:
            page = write_report(report, plan.configs, run)[-1]
        except OSError as error:
            raise _fail(f"--report: can't write into {report}: {error.strerror or error}") from None
        typer.echo(f"Report: {page}", err=as_json)


saves_app = typer.Typer(
    help="The saved games, kept in saves.sqlite3 in the user's data folder (or the folder PACG_DATA_DIR names).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(saves_app, name="saves")

if TYPE_CHECKING:
    from pacg.saves import SaveInfo, SaveStore


@contextmanager
def _saved_games() -> Iterator[SaveStore]:
    """The saved games' database, closed afterwards; its errors (it can't be opened or read, there is no such
    save) are one line, exit 1."""
    from pacg.saves import SaveError, SaveStore

    try:
        with SaveStore() as store:
            yield store
    except SaveError as error:
        raise _fail(str(error), 1) from None


def _save_name(name: str) -> str:
    """The name, if it can name a save; a bad one is a usage error, exit 2."""
    from pacg.saves import SaveError, check_name

    try:
        return check_name(name)
    except SaveError as error:
        raise _fail(str(error)) from None


def _save_result(info: SaveInfo) -> str:
    return info.result or "under way"


def _save_updated(info: SaveInfo) -> str:
    return f"{info.updated:%Y-%m-%d %H:%M} UTC"


@saves_app.command("list")
def saves_list(
    as_json: bool = typer.Option(False, "--json", help="Print one JSON list instead of a table."),
) -> None:
    """List the saved games, the newest first."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    with _saved_games() as store:
        saves = store.list()
    if as_json:
        typer.echo(json.dumps([info.summary() for info in saves], ensure_ascii=False))
        return
    if not saves:
        typer.echo("no saved games")
        return
    table = Table(title=f"{len(saves)} saved game{'s' if len(saves) != 1 else ''}", show_edge=False, pad_edge=False)
    for column in ("Name", "Scenario", "Party", "Answers", "Result", "Updated"):
        table.add_column(column, justify="right" if column == "Answers" else "left", overflow="fold",
                         no_wrap=column == "Updated")
    for info in saves:
        table.add_row(escape(info.name), escape(info.scenario), escape(", ".join(info.characters)),
                      str(info.answers), _save_result(info), _save_updated(info))
    Console().print(table)


@saves_app.command("show")
def saves_show(
    name: str = typer.Argument(..., help="The save's name."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole saved record as JSON."),
) -> None:
    """Show a saved game: its scenario, party, answers, result and when it was saved."""
    name = _save_name(name)
    with _saved_games() as store:
        if as_json:
            typer.echo(json.dumps(store.get(name), ensure_ascii=False))
            return
        info = store.info(name)
    for label, value in (("Name", info.name), ("Scenario", info.scenario), ("Party", ", ".join(info.characters)),
                         ("Answers", str(info.answers)), ("Result", _save_result(info)),
                         ("Updated", _save_updated(info))):
        typer.echo(f"{label + ':':<10}{value}")


@saves_app.command("delete")
def saves_delete(name: str = typer.Argument(..., help="The save's name.")) -> None:
    """Delete a saved game."""
    name = _save_name(name)
    with _saved_games() as store:
        store.delete(name)
    typer.echo(f"Deleted the saved game {name!r}")
