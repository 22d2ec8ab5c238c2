"""The terminal agent on a real game: what it prints for a Decision, and how it reads the answer."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction

import pytest
from rich.console import Console

from pacg.agents.terminal import (
    EncounterView,
    PartyError,
    TableView,
    TerminalAgent,
    choose_party,
    counted,
    odds_text,
    parse_party,
    render_table,
    view_of,
)
from pacg.cards.text import card_summary
from pacg.decisions import Decision, Process, run
from pacg.dice import DicePool
from pacg.engine.scenario import Outcome, play_scenario
from pacg.engine.setup import new_game
from pacg.engine.state import GameState
from pacg.engine.zones import BLESSINGS_DECK, ZoneKind
from table import kind_of, library

CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah"]


class Keys:
    """What the player types, line by line; the input ends (EOFError) after the last line."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines: Iterator[str] = iter(lines)

    def __call__(self) -> str:
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None


def screen() -> Console:
    """A console that writes plain text (no colours) to a string, 100 columns wide."""
    return Console(file=io.StringIO(), width=100, color_system=None, highlight=False)


def printed(console: Console) -> str:
    return console.file.getvalue()  # type: ignore[attr-defined]


def game() -> GameState:
    """The Godless Ones for Harsk and Kyra, seed 1, before setup."""
    return new_game(library(), "The Godless Ones", ["Harsk", "Kyra"], seed=1)


def explorer(decision: Decision) -> int:
    """A scripted player that explores and tries to acquire what it finds, and otherwise passes."""
    for index, option in enumerate(decision.options):
        if option.label.startswith(("Explore ", "Attempt to acquire")):
            return index
    return 0


def advance(process: Process[Outcome], until: Callable[[Decision], bool], answer: int | None = None) -> Decision:
    """Answer the process's decisions with `explorer` until one is wanted. `answer` answers the decision the
    process is waiting on; without it, the process starts."""
    decision = next(process) if answer is None else process.send(answer)
    for _ in range(2000):
        if until(decision):
            return decision
        decision = process.send(explorer(decision))
    raise AssertionError("the wanted decision never came")


def started(agent: TerminalAgent) -> tuple[GameState, Process[Outcome], Decision]:
    """A game the agent watches, at its first decision after the players decline to trade cards."""
    table = game()
    agent.watch(table)
    process = play_scenario(table)
    decision = next(process)
    while kind_of(decision) == "trade":
        decision = process.send(0)
    return table, process, decision


# --- what a decision shows ----------------------------------------------------------------------------------------


def test_the_options_are_numbered_from_1_and_a_number_picks_one() -> None:
    console = screen()
    agent = TerminalAgent(console, Keys(["2"]))
    _, _, decision = started(agent)
    assert kind_of(decision) == "start"
    assert agent(decision) == 1
    text = printed(console)
    assert "The Godless Ones · Harsk, Kyra" in text
    for number, option in enumerate(decision.options, start=1):
        assert f"{number:>2}. {option.label}\n" in text
    assert decision.prompt in text and decision.help in text
    assert "Harsk [1-4, ? help] > " in text


def test_the_table_shows_locations_characters_hands_and_blessings() -> None:
    console = screen()
    agent = TerminalAgent(console, Keys(["2", "1"]))
    table, process, decision = started(agent)
    decision = process.send(agent(decision))  # Harsk starts at the second location
    assert decision.player == "Kyra" and kind_of(decision) == "start"
    answer = agent(decision)
    text = printed(console)
    second = list(table.locations)[1]
    assert re.search(rf"{second} +10 +open +Harsk", text)
    assert f"Harsk at {second} · deck 15 · discard 0 · buried 0 · mythic charges 0" in text
    assert "Blessings deck: 30 left" in text
    decision = advance(process, lambda d: kind_of(d) == "move", answer=answer)
    agent.read = Keys(["1"])
    agent(decision)
    text = printed(console)
    assert "Set up The Godless Ones for Harsk, Kyra" in text  # what happened since the last decision
    assert re.search(r"^Turn 1: Harsk at ", text, re.MULTILINE)
    assert "Blessings deck: 29 left · last flipped: " in text
    harsk = table.character("Harsk")
    hand = counted([card.name for card in table.zones.cards(harsk.hand)])
    assert f"hand ({len(table.zones.cards(harsk.hand))}/{harsk.hand_size}): {hand}" in text


def test_the_table_is_shown_again_only_where_it_changed() -> None:
    console = screen()
    agent = TerminalAgent(console, Keys(["1", "1"]))
    table = game()
    agent.watch(table)
    decision = advance(play_scenario(table), lambda d: kind_of(d) == "move")
    agent(decision)
    before = printed(console)
    agent(decision)  # nothing happened in between
    again = printed(console)[len(before):]
    assert "Location" not in again and "Blessings deck" not in again
    assert decision.prompt in again


@pytest.mark.rule("CHK-14")
def test_a_check_shows_its_dice_and_exact_odds_before_the_player_commits() -> None:
    console = screen()
    agent = TerminalAgent(console, Keys(["1", "1"]))
    table = game()
    agent.watch(table)
    process = play_scenario(table)
    skill = advance(process, lambda d: kind_of(d) == "skill")
    index = agent(skill)
    text = printed(console)
    encounter = table.encounters[-1]
    assert f"Encounter: {encounter.character.name} encounters {encounter.card.name}" in text
    for option, chance in zip(skill.options, skill.context["odds"], strict=True):
        assert f"{option.label}  [{odds_text(chance)} to succeed]" in text
    play = advance(process, lambda d: kind_of(d) == "check", answer=index)
    before = printed(console)
    agent(play)
    text = printed(console)[len(before):]
    pool, difficulty = play.context["pool"], play.context["difficulty"]
    chance = DicePool.parse(pool).probability_at_least(difficulty)  # success when result >= difficulty
    assert chance == play.context["probability"]
    line = f"Check: {pool} against {difficulty} → {odds_text(chance)} to succeed"
    assert line in text
    assert text.index(line) < text.index(play.prompt) < text.index("> ")


def test_odds_read_as_an_exact_fraction_and_a_percentage() -> None:
    assert odds_text(Fraction(3, 32)) == "3/32 = 9.4%"
    assert odds_text(Fraction(1)) == "100.0%"
    assert odds_text(0.8125) == "81.2%"


# --- reading the answer ---------------------------------------------------------------------------------------------


def test_help_and_table_commands_show_them_and_ask_again() -> None:
    console = screen()
    agent = TerminalAgent(console, Keys(["?", "t", "3"]))
    _, _, decision = started(agent)
    assert agent(decision) == 2
    text = printed(console)
    assert text.count(decision.help) == 3  # with the options, on "?", with the options again after "t"
    assert "Type an option's number; ? help, t table, q quit." in text
    assert text.count(decision.prompt) == 2
    assert "Harsk's discard pile: -; buried: -" in text  # the whole table, face-up piles too
    assert text.count("Harsk [1-4, ? help] > ") == 3


def test_bad_input_asks_again_with_what_to_type() -> None:
    console = screen()
    agent = TerminalAgent(console, Keys(["", "0", "9", "abc", " 4 "]))
    _, _, decision = started(agent)
    assert agent(decision) == 3
    text = printed(console)
    assert "Type the number of an option, 1 to 4." in text
    assert "There is no option 0: choose 1 to 4." in text
    assert "There is no option 9: choose 1 to 4." in text
    assert "Didn't understand 'abc'." in text
    assert text.count("Harsk [1-4, ? help] > ") == 5


def test_the_end_of_input_or_q_stops_the_game() -> None:
    agent = TerminalAgent(screen(), Keys([]))
    _, _, decision = started(agent)
    with pytest.raises(EOFError):
        agent(decision)
    agent.read = Keys(["q"])
    with pytest.raises(EOFError):
        agent(decision)


@pytest.mark.plays_at_random
def test_a_whole_game_at_the_terminal() -> None:
    """A player typing a fixed pattern (some numbers too big, asked again) plays a game to its end."""
    console = screen()
    agent = TerminalAgent(console, Keys(itertools.cycle(["2", "1", "3", "5", "1"])))
    table = game()
    agent.watch(table)
    outcome = run(play_scenario(table), agent)
    assert outcome.result in ("won", "lost")
    text = printed(console)
    assert re.search(r"Turn 3: \w+ at ", text)
    assert "Encounter: " in text


# --- what the player may see ----------------------------------------------------------------------------------------


@pytest.mark.rule("PLAY-08")
def test_the_table_never_shows_a_face_down_deck_card_by_card() -> None:
    table = game()
    process = play_scenario(table)
    advance(process, lambda d: kind_of(d) == "skill")
    view = view_of(table)
    console = screen()
    console.print(render_table(view, detailed=True))
    text = printed(console)
    faceup = {card.name for character in table.characters
              for kind in (ZoneKind.HAND, ZoneKind.DISCARD, ZoneKind.BURIED, ZoneKind.DISPLAYED)
              for card in table.zones.cards(character.zone(kind))}
    faceup |= {encounter.card.name for encounter in table.encounters}
    facedown = {card.name for character in table.characters
                for card in table.zones.cards(character.deck)}
    facedown |= {card.name for location in table.locations.values() for card in table.zones.cards(location.deck)}
    facedown |= {card.name for card in table.zones.cards(BLESSINGS_DECK)}
    hidden = facedown - faceup - set(view.blessings_discard)
    assert hidden
    assert not [name for name in hidden if name in text]
    for character in table.characters:
        assert f"deck {len(table.zones.cards(character.deck))} · " in text


# --- choosing the party ---------------------------------------------------------------------------------------------


def test_choose_party_by_numbers_and_by_names_in_turn_order() -> None:
    console = screen()
    assert choose_party(CHARACTERS, 4, console=console, read=Keys(["4,6"])) == ["Harsk", "Kyra"]
    text = printed(console)
    assert "  1. Alain\n" in text and "  7. Seelah\n" in text
    assert "Who plays?" in text
    assert choose_party(CHARACTERS, 4, console=screen(), read=Keys(["kyra Harsk"])) == ["Kyra", "Harsk"]
    assert choose_party(CHARACTERS, 4, console=screen(), read=Keys(["See, 2"])) == ["Seelah", "Balazar"]


def test_choose_party_asks_again_on_bad_answers() -> None:
    console = screen()
    keys = Keys(["", "9", "Bob", "1,1", "1,2,3,4,5", "3"])
    assert choose_party(CHARACTERS, 4, console=console, read=keys) == ["Enora"]
    text = printed(console)
    assert "Type at least one character: numbers 1 to 7 or names." in text
    assert "There is no character number 9: choose 1 to 7." in text
    assert "There is no character 'Bob': type numbers 1 to 7 or names." in text
    assert "Alain is chosen twice: a character plays only once." in text
    assert "At most 4 characters can play; you chose 5." in text
    assert text.count("Who plays?") == 6


def test_choose_party_raises_eoferror_when_the_input_ends() -> None:
    with pytest.raises(EOFError):
        choose_party(CHARACTERS, 4, console=screen(), read=Keys(["9"]))


def test_a_name_beginning_must_be_unique() -> None:
    with pytest.raises(PartyError, match="could be Kyra, Kyrie"):
        parse_party("Ky", ["Kyra", "Kyrie"], 2)
    assert parse_party("Kyra", ["Kyra", "Kyrie"], 2) == ["Kyra"]


def test_an_encountered_bane_shows_its_powers_under_their_headings_indented_where_they_wrap() -> None:
    cultist = library().find("Cultist of Baphomet")
    assert cultist is not None
    summary = card_summary(cultist)
    encounter = EncounterView("Harsk", cultist.name, summary["type"], False, summary["check"],
                              tuple(summary["powers"]))
    view = TableView("The Godless Ones", None, (), (), 30, (), (encounter,))
    console = Console(file=io.StringIO(), width=60, color_system=None, highlight=False)
    console.print(render_table(view, sections=("encounters",)))
    lines = [line.rstrip() for line in printed(console).splitlines()]
    assert lines[:2] == ["Encounter: Harsk encounters Cultist of Baphomet (henchman)", "  Check: Combat 10"]
    assert "  Before you act: On the first exploration of your turn, you" in lines
    assert "  are dealt 1 Combat damage." in lines  # the wrapped part keeps the paragraph's indent
    assert "  If defeated: You may attempt to close your location." in lines
    assert all(line.startswith("  ") for line in lines[1:] if line)
