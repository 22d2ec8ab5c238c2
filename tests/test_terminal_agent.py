"""The terminal agent on a real game: what it prints for a Decision, and how it reads the answer."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from pacg.agents.terminal import COMMANDS, PartyError, TerminalAgent, choose_party, parse_party
from pacg.cards.text import card_summary
from pacg.decisions import Decision
from pacg.dice import DicePool
from pacg.engine.zones import BLESSINGS_DECK, ZoneKind
from pacg.game import Game, new_game, play
from pacg.render.decision import odds_text
from pacg.render.table import EncounterView, TableView, counted, render_table, view_of
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


def game() -> Game:
    """The Godless Ones for Harsk and Kyra, seed 1, as `pacg play` deals it to a person: open hands."""
    return new_game("The Godless Ones", ["Harsk", "Kyra"], seed=1, library=library(), open_hands=True)


def describe(name: str) -> dict[str, object]:
    return card_summary(library().get(name))


def terminal(console: Console, keys: Keys) -> TerminalAgent:
    return TerminalAgent(console, keys, library())


def explorer(decision: Decision) -> str:
    """A scripted player that explores and tries to acquire what it finds, and otherwise passes."""
    for option in decision.options:
        if option.label.startswith(("Explore ", "Attempt to acquire")):
            return option.id
    return decision.options[0].id


def advance(table: Game, until: Callable[[Decision], bool]) -> Decision:
    """Answer the game's decisions with `explorer` until one is wanted."""
    for _ in range(2000):
        decision = table.decision
        assert decision is not None, "the game ended before the wanted decision"
        if until(decision):
            return decision
        table.apply(explorer(decision))
    raise AssertionError("the wanted decision never came")


def ask(agent: TerminalAgent, table: Game) -> int:
    """The number (from 0) of the option the agent picks for the game's decision, from its seat's view."""
    decision = table.decision
    assert decision is not None
    return decision.actions.index(agent.act(table.view(decision.player), decision))


def answer(agent: TerminalAgent, table: Game) -> None:
    decision = table.decision
    assert decision is not None
    table.apply(decision.options[ask(agent, table)].id)


def started(agent: TerminalAgent) -> tuple[Game, Decision]:
    """A game the agent plays, at its first decision after the players decline to trade cards."""
    table = game()
    agent.start("The Godless Ones", table.seats())
    decision = advance(table, lambda d: kind_of(d) != "trade")
    return table, decision


# --- what a decision shows ----------------------------------------------------------------------------------------


def test_the_options_are_numbered_from_1_and_a_number_picks_one() -> None:
    console = screen()
    agent = terminal(console, Keys(["2"]))
    table, decision = started(agent)
    assert kind_of(decision) == "start"
    assert ask(agent, table) == 1
    text = printed(console)
    assert "The Godless Ones · Harsk, Kyra" in text
    for number, option in enumerate(decision.options, start=1):
        assert f"{number:>2}. {option.label}\n" in text
    assert decision.prompt in text and decision.help in text
    assert "Harsk [1-4, ? help] > " in text


def test_the_table_shows_locations_characters_hands_and_blessings() -> None:
    console = screen()
    agent = terminal(console, Keys(["2", "1"]))
    table, decision = started(agent)
    answer(agent, table)  # Harsk starts at the second location
    decision = table.decision
    assert decision is not None and decision.player == "Kyra" and kind_of(decision) == "start"
    answer(agent, table)
    text = printed(console)
    second = table.view("Harsk")["locations"][1]["name"]
    assert re.search(rf"{second} +10 +open +Harsk", text)
    assert f"Harsk at {second} · deck 15 · discard 0 · buried 0 · mythic charges 0" in text
    assert "Blessings deck: 30 left" in text
    advance(table, lambda d: kind_of(d) == "turn")
    agent.read = Keys(["1"])
    ask(agent, table)
    text = printed(console)
    assert "Set up The Godless Ones for Harsk, Kyra" in text  # what happened since the last decision
    assert re.search(r"^Turn 1: Harsk at ", text, re.MULTILINE)
    assert "Blessings deck: 29 left · last flipped: " in text
    harsk = table.view("Kyra")["characters"][0]  # open hands: the one screen shows every hand
    assert f"hand ({len(harsk['hand'])}/{harsk['hand_size']}): {counted(harsk['hand'])}" in text


def test_the_table_is_shown_again_only_where_it_changed() -> None:
    console = screen()
    agent = terminal(console, Keys(["1", "1"]))
    table = game()
    agent.start("The Godless Ones", table.seats())
    decision = advance(table, lambda d: kind_of(d) == "turn")
    ask(agent, table)
    before = printed(console)
    ask(agent, table)  # nothing happened in between
    again = printed(console)[len(before):]
    assert "Location" not in again and "Blessings deck" not in again
    assert decision.prompt in again


@pytest.mark.rule("CHK-14")
def test_a_check_shows_its_dice_and_exact_odds_before_the_player_commits() -> None:
    console = screen()
    agent = terminal(console, Keys(["1", "1"]))
    table = game()
    agent.start("The Godless Ones", table.seats())
    skill = advance(table, lambda d: kind_of(d) == "skill")
    answer(agent, table)
    text = printed(console)
    encounter = table.view(skill.player)["encounters"][-1]
    assert f"Encounter: {encounter['character']} encounters {encounter['card']}" in text
    for option, chance in zip(skill.options, skill.context["odds"], strict=True):
        assert f"{option.label}  [{odds_text(chance)} to succeed]" in text
    play = advance(table, lambda d: kind_of(d) == "check")
    before = printed(console)
    ask(agent, table)
    text = printed(console)[len(before):]
    pool, difficulty = play.context["pool"], play.context["difficulty"]
    chance = DicePool.parse(pool).probability_at_least(difficulty)  # success when result >= difficulty
    assert chance == Fraction(play.context["probability"])
    line = f"Check: {pool} against {difficulty} → {odds_text(chance)} to succeed"
    assert line in text
    assert text.index(line) < text.index(play.prompt) < text.index("> ")


def test_odds_read_as_an_exact_fraction_and_a_percentage() -> None:
    assert odds_text(Fraction(3, 32)) == "3/32 = 9.4%"
    assert odds_text(Fraction(1)) == "100.0%"
    assert odds_text(0.8125) == "81.2%"


# --- reading the answer ---------------------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-09")
def test_help_and_table_commands_show_them_and_ask_again() -> None:
    """`?` explains the decision (its rule with the rule ID, its help line, the cards it names) instead of
    repeating the hint; `t` shows the whole table; then the options are asked for again."""
    console = screen()
    agent = terminal(console, Keys(["?", "t", "3"]))
    table, decision = started(agent)
    assert ask(agent, table) == 2
    text = printed(console)
    assert text.count(decision.help) == 3  # with the options, on "?", with the options again after "t"
    assert "SETUP-09 Each character starts at a chosen location; several may share one." in text
    assert "Forsaken Cloister (location)" in text and "When you move to this location: bury a card." in text
    assert COMMANDS in text
    assert text.count(decision.prompt) == 3  # with the options, at the head of the help, after "t"
    assert "Harsk's discard pile: -; buried: -" in text  # the whole table, face-up piles too
    assert text.count("Harsk [1-4, ? help] > ") == 3


def test_c_and_l_show_a_character_sheet_and_a_location_card_by_any_case_or_beginning() -> None:
    console = screen()
    agent = terminal(console, Keys(["c kyra", "l forsaken", "c", "l", "C HARSK", "1"]))
    table, _ = started(agent)
    assert ask(agent, table) == 0
    text = printed(console)
    kyra = table.view("Harsk")["characters"][1]
    assert "Kyra (Female, Human, Cleric) · alive" in text  # no location yet: the game is being set up
    assert "Skills: Strength d6, Dexterity d4, " in text
    assert f"Hand ({kyra['hand_count']}/5): " in text and f"Deck: {kyra['deck']} cards face down" in text
    assert "Forsaken Cloister (location) · open" in text
    assert "Cards left: 10 · here: no one" in text and "When you move to this location: bury a card." in text
    assert "Characters: Harsk, Kyra (type c NAME)" in text
    assert "Locations: Forsaken Cloister, Manor House, Marketplace, Armory (type l NAME)" in text
    assert "Harsk (Male, Dwarf, Ranger) · alive" in text
    assert text.count("Harsk [1-4, ? help] > ") == 6


def test_a_name_that_names_no_one_gets_did_you_mean() -> None:
    console = screen()
    agent = terminal(console, Keys(["c kira", "l m", "l nowhere", "1"]))
    table, _ = started(agent)
    ask(agent, table)
    text = printed(console)
    assert "There is no character 'kira'. Did you mean Kyra?" in text
    assert "'m' could be Manor House, Marketplace: type more of the name." in text
    assert "There is no location 'nowhere'." in text


def test_bad_input_asks_again_with_what_to_type() -> None:
    console = screen()
    agent = terminal(console, Keys(["", "0", "9", "abc", " 4 "]))
    table, decision = started(agent)
    assert ask(agent, table) == 3
    text = printed(console)
    assert "Type the number of one option, 1 to 4." in text
    assert "There is no option 0: choose 1 to 4." in text
    assert "There is no option 9: choose 1 to 4." in text
    assert "Didn't understand 'abc'." in text
    assert text.count("Harsk [1-4, ? help] > ") == 5


def test_the_end_of_input_or_q_stops_the_game() -> None:
    agent = terminal(screen(), Keys([]))
    table, _ = started(agent)
    with pytest.raises(EOFError):
        ask(agent, table)
    agent.read = Keys(["q"])
    with pytest.raises(EOFError):
        ask(agent, table)


@pytest.mark.plays_at_random
def test_a_whole_game_at_the_terminal() -> None:
    """A player typing a fixed pattern (some numbers too big, asked again) plays a game to its end."""
    console = screen()
    agent = terminal(console, Keys(itertools.cycle(["2", "1", "3", "5", "1"])))
    table = game()
    agent.start("The Godless Ones", table.seats())
    play(table, agent)
    assert table.outcome is not None and table.outcome["result"] in ("won", "lost")
    text = printed(console)
    assert re.search(r"Turn 3: \w+ at ", text)
    assert "Encounter: " in text


# --- what the player may see ----------------------------------------------------------------------------------------


@pytest.mark.rule("PLAY-08")
def test_the_table_never_shows_a_face_down_deck_card_by_card() -> None:
    played = game()
    skill = advance(played, lambda d: kind_of(d) == "skill")
    view = view_of(played.view(skill.player), describe)
    table = played._state  # the true table, to know which cards are face down
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


def test_a_misspelt_character_gets_did_you_mean() -> None:
    with pytest.raises(PartyError, match=r"There is no character 'Harks' \(did you mean: Harsk\?\)"):
        parse_party("Harks, Kyra", CHARACTERS, 4)


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


def test_u_takes_back_the_last_answer_and_says_why_when_it_cant() -> None:
    """`u` goes back to the decision before (nothing hidden came out since): Harsk chooses his start again; once
    the hands are drawn, `u` is refused with the reason and the same decision is asked again."""
    console = screen()
    agent = terminal(console, Keys(["1", "u", "2", "1", "u"]))
    table, decision = started(agent)
    assert kind_of(decision) == "start" and decision.player == "Harsk"
    with pytest.raises(EOFError):
        play(table, agent)
    view = table.view("Harsk")
    assert view["characters"][0]["location"] == view["locations"][1]["name"], "the first answer was taken back"
    text = printed(console)
    assert text.count("Harsk: where do you start?") == 2
    assert "Can't undo: the last answer was given in an earlier turn." in text  # the first turn has begun


def test_several_cards_are_chosen_with_their_numbers_in_one_answer() -> None:
    """The cards to discard before a reset: numbers separated by spaces or commas, Enter alone or `none` for none;
    a count the decision doesn't allow is asked again."""
    table = new_game(table=Path(__file__).parent / "tables" / "screen.yaml", library=library())
    table.apply("end-exploring")
    decision = table.decision
    assert decision is not None and decision.choose == (0, 4)
    console = screen()
    agent = terminal(console, Keys(["9", "4, 1"]))
    chosen = agent.act(table.view("Harsk"), decision)
    assert chosen == "discard:longsword,discard:shortbow"
    text = printed(console)
    assert "Type the numbers of those you choose, separated by spaces; Enter alone, or none, for none." in text
    assert "There is no option 9: choose 1 to 4." in text
    assert terminal(screen(), Keys([""])).act(table.view("Harsk"), decision) == "none"
    assert terminal(screen(), Keys(["none"])).act(table.view("Harsk"), decision) == "none"
