"""`pacg play`: set up a game from the options (a new game, a table file's position, or a stopped game taken up
again), then play it with the players they ask for: a person on the full screen (`pacg.screen`) or in lines
(`agents.terminal.play_in_lines`), AI teammates at some seats, or random or AI players at every seat, all through
`seats.Seats`; saved after every answer (`session.Saver`), stopped cleanly by a signal (`session`).
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

import pacg.cli.command as command  # `command.started` is looked up when called: a test wraps it
from pacg.cli.command import fail, names_list, stop
from pacg.cli.library import CARDS_HELP, card_folders, cards_library

if TYPE_CHECKING:
    from collections.abc import Iterator

    from pacg.cards.loader import CardLibrary
    from pacg.engine.scenario import OutcomeView
    from pacg.game import Game
    from pacg.record import RecordData
    from pacg.session import Saver


class AgentKind(StrEnum):
    """Who answers (--agent): a person (with AI teammates at the --ai seats), or random players at every seat."""

    HUMAN = "human"
    RANDOM = "random"


def print_outcome(outcome: OutcomeView, as_json: bool) -> None:
    """How the game ended, in a line or as one JSON object (`pacg play`, `pacg replay`)."""
    if as_json:
        typer.echo(json.dumps(outcome))
        return
    dead = outcome["dead"]
    dead_text = f" Dead: {', '.join(dead)}." if isinstance(dead, list) and dead else ""
    typer.echo(f"{outcome['scenario']}: {outcome['result']} after {outcome['turns']} turns ({outcome['reason']}); "
               f"{outcome['blessings_left']} blessings left.{dead_text}")


def _party(characters: str | None, ai: str | None, agent: AgentKind, seed: int, library: CardLibrary
           ) -> tuple[list[str], str | None]:
    """The party from --characters (names in any case: `pacg.new_game` reads them), or asked at the prompt, or
    (random agents) drawn with the seed; and the AI seats, from --ai or asked at the prompt with the party."""
    from pacg.cards.vocabulary import MAX_PARTY, CardType

    if characters is not None:
        return names_list(characters), ai
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
    base, extra = card_folders(None, cards)
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
    cards: Path | None = typer.Option(None, "--cards", help=CARDS_HELP + " The record remembers the folder."),
    removed: str | None = typer.Option(
        None, "--removed", help="Cards removed from the game in earlier scenarios, left out of the box, e.g. "
                                "\"Sir Ilivan\" (a banished cohort); several separated by commas."),
    redeemed: str | None = typer.Option(
        None, "--redeemed", help="Boons redeemed earlier in the Adventure Path, which have no Corrupted trait, e.g. "
                                 "\"Corroded Helm\"; several separated by commas."),
    mythic_paths: str | None = typer.Option(
        None, "--mythic-paths", help="The mythic path each character holds, taken in an earlier scenario of the "
                                     "Adventure Path, e.g. \"Kyra=Mythic Archmage,Harsk=Mythic Guardian\"."),
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
    from pacg.seats import seats_text
    from pacg.session import stopped_by_signals

    with stopped_by_signals():
        with _starting():
            if log is not None:
                check_writable(log)
                if resume is None and log.exists():  # a new game never replaces a saved one
                    raise fail(f"--log: {log} is there already: a new game doesn't write over it (take a game "
                               f"there up again with --resume {shlex.quote(str(log))}, or give another file)")
            if save is not None:
                check_name(save)
            kind = _ai_kind(ai_agent, ai, agent)
            paths = _mythic_paths(mythic_paths)
            if table is not None:
                _table_alone(scenario=scenario, characters=characters, removed=removed, redeemed=redeemed,
                             resume=resume, **{"mythic-paths": mythic_paths})
                cards = cards if cards is not None else _table_cards(table)
                library = cards_library(None, cards)
                game, save = _table_game(table, seed, agent, library, cards, save, ask_always)
            elif resume is not None:
                _resumed_alone(resume, scenario=scenario, characters=characters, seed=seed, removed=removed,
                               redeemed=redeemed, **{"mythic-paths": mythic_paths})
                game, library, log, save, recorded = _resumed(resume, log, save, cards)
                if ask_always and not game.setup.ask_always:
                    raise fail(f"--ask-always: the game in {resume} asks only real questions, as it was set up; a "
                               "game taken up again goes on as it began")
            else:
                characters, ai = _party_at_once(characters, ai, agent, cards)
                library = cards_library(None, cards)
                game, save, ai = _new_game(scenario or "The Godless Ones", characters, ai, seed, agent, library,
                                           cards, removed, redeemed, save, ask_always, paths)
            seats = recorded if resume is not None else _ai_seats(ai, game.seats(), kind)
            if resume is not None and ai is not None and _ai_seats(ai, game.seats(), kind) != recorded:
                raise fail(f"--ai: the game in {resume} was set up with "
                           f"{seats_text(recorded)}; a game taken up again goes on as it began")
        command.started()  # the game is set up
        person = agent is AgentKind.HUMAN and set(seats) != set(game.seats())
        full_screen = person and not plain and sys.stdin.isatty() and sys.stdout.isatty()
        pause = ai_pause if ai_pause is not None else (SCREEN_PAUSE if full_screen else 0.0)
        _play_to_the_end(game, library, agent, log, save, full_screen, seats, pause)
        outcome = game.outcome
        assert outcome is not None
        print_outcome(outcome, as_json)


SCREEN_PAUSE = 0.5  # seconds the full screen waits after each AI answer, unless --ai-pause says


def _ai_kind(name: str | None, ai: str | None, agent: AgentKind) -> str:
    """The agent AI teammates are (--ai-agent, any case; else `seats.default_ai`); --ai and --ai-agent with
    random players at every seat are an error."""
    from pacg.cards.names import UnknownName
    from pacg.seats import agent_named

    if agent is AgentKind.RANDOM and (ai is not None or name is not None):
        raise fail(f"{'--ai' if ai is not None else '--ai-agent'}: with --agent random, random players play every "
                   "seat; leave out --agent to play with AI teammates")
    try:
        return agent_named(name)
    except UnknownName as error:
        raise fail(f"--ai-agent: {error}") from None


def _ai_seats(ai: str | None, party: list[str], kind: str) -> dict[str, str]:
    """The seats AI teammates play: {character: agent}, from names in any case that must be of the party."""
    from pacg.cards.names import UnknownName
    from pacg.seats import ai_seats

    try:
        return ai_seats(names_list(ai), party, kind)
    except UnknownName as error:
        raise fail(f"--ai: {error}") from None


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
        raise stop("No game started.", 1) from None
    except ValueError as error:
        from pacg.engine.setup import SetupError  # loaded by now if a setup went wrong: not imported before

        if not isinstance(error, (RecordError, SaveError, SetupError)):
            raise
        raise fail(str(error)) from None


def _mythic_paths(given: str | None) -> dict[str, str]:
    """--mythic-paths read: {character: mythic path}, names as given (checked with the party)."""
    paths: dict[str, str] = {}
    for pair in names_list(given):
        character, equals, path = (part.strip() for part in pair.partition("="))
        if not equals or not character or not path:
            raise fail(f"--mythic-paths: give CHARACTER=PATH pairs separated by commas (\"Kyra=Mythic Archmage\"), "
                       f"not {pair!r}")
        paths[character] = path
    return paths


def _new_game(scenario: str, characters: str | None, ai: str | None, seed: int | None, agent: AgentKind,
              library: CardLibrary, cards: Path | None, removed: str | None, redeemed: str | None, save: str | None,
              ask_always: bool, mythic_paths: dict[str, str]) -> tuple[Game, str | None, str | None]:
    """A new game, its save name, and the AI seats (--ai's, or asked with the party)."""
    from pacg.engine.setup import SetupError, mythic_paths_named
    from pacg.game import new_game

    if seed is None:
        import secrets  # only here: it loads OpenSSL's hashes, 3 ms of `pacg --help`

        seed = secrets.randbelow(2**31)
    party, ai = _party(characters, ai, agent, seed, library)
    try:
        paths = mythic_paths_named(library, party, mythic_paths)
    except SetupError as error:
        raise fail(f"--mythic-paths: {error}") from None
    game = new_game(scenario, party, seed, library=library, cards=cards, removed=names_list(removed),
                    redeemed=names_list(redeemed), open_hands=agent is AgentKind.HUMAN, ask_always=ask_always,
                    mythic_paths=paths)
    return game, _new_save_name(save, agent, game.setup.scenario, seed), ai


def _table_alone(**given: str | None) -> None:
    """A table file names the scenario and the characters of a new game: refuse the options that would too."""
    clashing = [f"--{name}" for name, value in given.items() if value is not None]
    if clashing:
        raise fail("--table starts a new game of the table's scenario and characters: leave out "
                    + ", ".join(clashing))


def _resumed_alone(resume: str, **given: object) -> None:
    """A game taken up again goes on as it was set up: refuse the options that would set up another."""
    clashing = [f"--{name}" for name, value in given.items() if value is not None]
    if clashing:
        raise fail(f"--resume: the game in {resume} goes on as it was set up (its scenario, party, seed and what "
                   f"the Adventure Path brought): leave out {', '.join(clashing)}")


def _table_cards(table: Path) -> Path | None:
    """The folder of custom cards a table file names (its `cards`), if any."""
    from pacg.tables import TableError, custom_cards

    try:
        folder = custom_cards(table)
    except TableError as error:
        raise fail(str(error)) from None
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
        raise fail(str(error)) from None
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
    library = record_library(data, resume, cards)
    return load_game(data, library=library), library, log, save, data.ai_seats


def record_library(data: RecordData, where: str, cards: Path | None) -> CardLibrary:
    """The card library of the game of a record read from `where`: with the custom cards it was played with
    (from --cards, or the folder the record names, which must still be there)."""
    folder = cards or (Path(data.setup.cards) if data.setup.cards else None)
    if cards is None and folder is not None and not folder.is_dir():
        raise fail(f"{where}: the game was played with the custom cards in {folder}, which is not a folder "
                   "here; give their folder with --cards DIR", 1)
    return cards_library(None, folder)


def _play_to_the_end(game: Game, library: CardLibrary, agent: AgentKind, log: Path | None, save: str | None,
                     full_screen: bool = False, seats: dict[str, str] | None = None, pause: float = 0.0) -> None:
    """Play with the chosen agents (a person on the full screen, or at the prompt, with AI teammates at `seats`),
    saving after every answer; a stop (q, Ctrl-D, Ctrl-C, SIGTERM, SIGHUP: `session.stopped_by_signals`) keeps
    the last save and says where it is."""
    from pacg.engine.chance import ScriptedDieError
    from pacg.saves import SaveError
    from pacg.session import Saver, Stopped

    saver = Saver(log, save, seats)
    try:
        saver(game)  # saved from its start (a game stopped before its first answer resumes too), or where it goes on
        _play_seats(game, library, agent, saver, full_screen, seats or {}, pause)
    except (EOFError, KeyboardInterrupt, Stopped) as stopped:
        why = f" ({stopped})" if isinstance(stopped, Stopped) else ""
        raise stop(f"Game stopped{why} after {saver.answers_kept(game)} answers; {saver.where()}", 1) from None
    except (OSError, SaveError) as error:
        raise fail(f"can't save the game: {error}", 1) from None
    except ScriptedDieError as error:
        raise fail(f"the table's next dice: {error}; the game so far is saved", 2) from None
    finally:
        saver.close()


def _play_seats(game: Game, library: CardLibrary, agent: AgentKind, saver: Saver, full_screen: bool,
                seats: dict[str, str], pause: float) -> None:
    """Play the game to its end (`seats.Seats`): random players at every seat; or AI players at every seat; or a
    person, on the full screen or in lines, with AI teammates at `seats`, their answers told as they come."""
    from pacg.seats import Seats, ai_players

    if agent is AgentKind.RANDOM:
        from pacg.agents.random_agent import RandomAgent

        random_agent = RandomAgent(game.setup.seed)
        random_agent.skip(len(game.actions))
        Seats(game, {}, saver).play(random_agent)
    elif set(seats) == set(game.seats()):
        Seats(game, ai_players(game, seats), saver).play()
    elif full_screen:
        from pacg.screen import play_on_screen

        play_on_screen(game, library, saver, seats, pause)
    else:
        from pacg.agents.terminal import play_in_lines

        play_in_lines(game, library, saver, seats, pause)
