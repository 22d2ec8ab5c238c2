"""What a player reads never shows Python data, and never names a card the player can't see (issue 12).

    no Python data: the generated text of every card in the library, and in random games every Decision's
        prompt, labels, help line, the check and odds the terminal shows from its context, its help
        (`explain.decision_help`), the character sheets and location cards, and every log line;
    nothing hidden: no option's label names a card that is face down and that the deciding seat hasn't seen.

The acceptance run is 1,000 random games (PACG_LONG=1); the default run plays 150.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from pacg.agents.random_agent import RandomAgent
from pacg.cards.powers import Purpose
from pacg.cards.text import card_summary, card_text
from pacg.decisions import Decision, DecisionKind
from pacg.engine.check import attempt_checks
from pacg.engine.state import FACE_DOWN, GameState
from pacg.engine.zones import PhysicalCard, ZoneKind
from pacg.game import Game, new_game
from pacg.render.decision import check_line, option_odds
from pacg.render.explain import character_names, character_sheet, decision_help, location_card, location_names
from table import Table, library

GAMES = 1000 if os.environ.get("PACG_LONG") == "1" else 150
SCENARIOS = ["The Godless Ones", "The Traitor's Lodge", "Under the Broken City", "The Fall of Kenabres",
             "The Wardstone Legacy", "The Wardstone Patrol", "Vengeance at Sundered Crag",
             "The Elven Entanglement", "Lair of the Vile and Vicious", "Tracking Down Templars"]
CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah", "Adowyn", "Crowe", "Seoni", "Shardra"]

# What Python data looks like in text: None, True or False as words; an object's or an enum's repr
# ("<DecisionKind.PLAY: 'play'>", "<... object at 0x...>", "Timing.CHECK"); a named tuple's or a dataclass's
# repr ("PhysicalCard(", "Zone(kind="); a list, a tuple, a dict or a set as Python prints it; a Fraction.
PYTHON_DATA = re.compile(
    r"\b(?:None|True|False)\b|<|object at|\b[A-Z][A-Za-z]+(?:\.[A-Z][A-Z_]+\b|\(\w+=)|"
    r"(?:Fraction|mappingproxy|set)\(|[\[({][\])}']")


def python_data(text: str) -> str | None:
    """The first piece of Python data in a text, or None."""
    found = PYTHON_DATA.search(text)
    return found.group() if found else None


def words(renderable: RenderableType) -> Iterator[str]:
    """The text of a renderable made of Text, Padding and Group, as the console prints it (unwrapped)."""
    if isinstance(renderable, Text):
        yield renderable.plain
    elif isinstance(renderable, Padding):
        yield from words(renderable.renderable)
    elif isinstance(renderable, Group):
        for part in renderable.renderables:
            yield from words(part)
    else:
        raise AssertionError(f"a renderable of an unexpected kind: {type(renderable).__name__}")


def test_the_pattern_finds_python_data_and_passes_english() -> None:
    for data in ("None", "[]", "['Longsword']", "{'a': 1}", "<DecisionKind.PLAY: 'play'>", "Timing.CHECK",
                 "Fraction(7, 10)", "PhysicalCard(uid=3)", "Zone(kind=<ZoneKind.DECK: 'deck'>)",
                 "<pacg.engine.state.CharacterState object at 0x7f>", "()", "set()"):
        assert python_data(f"Discard {data} now"), data
    for english in ("Use Seelah's power, discard the top card of your deck: add 1d6",
                    "Seelah dies: having to draw 2 cards from a deck of 1 (DEATH-01)",
                    "Check: 1d10+2 against 8 → 7/10 = 70.0% to succeed", "Weapon 4 [□ 5 6]",
                    "Attempt to acquire Longsword (Strength or Melee 6)", "Known on top: Codex"):
        assert python_data(english) is None, english


def test_no_card_text_shows_python_data() -> None:
    cards = list(library())
    assert len(cards) > 150
    for card in cards:
        summary = card_summary(card)
        for line in [*card_text(card).splitlines(), *summary.get("powers", ()), str(summary.get("check") or "")]:
            assert python_data(line) is None, f"{card.name}: {line!r}"


def shown_for(game: Game, decision: Decision, view: dict[str, Any], sheets: bool) -> Iterator[str]:
    """Everything the terminal shows a player for a decision: the check and odds, the prompt, the options and
    the help line, the help the player can ask for; with `sheets`, every character sheet and location card."""
    check = check_line(decision.context)
    if check is not None:
        yield check.plain
    yield decision.prompt
    yield decision.help
    yield from (option.label for option in decision.options)
    yield from (odds for odds in option_odds(decision) or () if odds is not None)  # None: no odds shown
    yield from words(decision_help(decision, view, library()))
    if sheets:
        for name in character_names(view):
            yield from words(character_sheet(name, view, library()))
        for name in location_names(view):
            yield from words(location_card(name, view, library()))


def random_game(seed: int) -> tuple[Game, RandomAgent]:
    rng = random.Random(f"shown text {seed}")
    party = rng.sample(CHARACTERS, rng.randint(1, 4))
    game = new_game(rng.choice(SCENARIOS), party, seed, library=library(), open_hands=rng.random() < 0.5)
    return game, RandomAgent(seed)


@pytest.mark.plays_at_random  # random games show the text, not that a power works
@pytest.mark.parametrize("block", range(GAMES // 50))
def test_no_label_help_sheet_or_log_line_of_random_games_shows_python_data(block: int) -> None:
    """Fifty random games a block: everything shown at every decision (the sheets and cards at every 20th), and
    the whole log at the end."""
    for seed in range(block * 50, (block + 1) * 50):
        game, agent = random_game(seed)
        asked = 0
        while (decision := game.decision) is not None:
            view = game.view(decision.player)
            for text in shown_for(game, decision, view, sheets=asked % 20 == 0):
                assert python_data(text) is None, f"game {seed}, {decision.kind} for {decision.player}: {text!r}"
            game.apply(agent.act(view, decision))
            asked += 1
        for line in game.log:
            assert python_data(line) is None, f"game {seed}: log line {line!r}"


# --- nothing hidden in a label --------------------------------------------------------------------------------------


def cards_in(value: object) -> Iterator[PhysicalCard]:
    """The physical cards an option's value holds (a card, a play with its card and the card paying for it ...)."""
    if isinstance(value, PhysicalCard):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)


def hidden_from(state: GameState, card: PhysicalCard) -> bool:
    """Whether no player has seen a card where it lies: face down in a deck (not in the box, whose cards are
    named by the rules that draw them), not examined since the deck was last shuffled, not face up on a location
    deck, not being encountered."""
    zone = state.zones.where(card)
    if zone.kind not in FACE_DOWN or zone.kind is ZoneKind.BOX or card.uid in state.known_cards(zone):
        return False
    if any(encounter.card is card for encounter in state.encounters):
        return False
    return not any(card.uid in location.face_up for location in state.locations.values())


@pytest.mark.rule("PLAY-08")
@pytest.mark.plays_at_random
@pytest.mark.parametrize("block", range(GAMES // 50))
def test_no_option_names_a_face_down_card_the_deciding_player_has_not_seen(block: int) -> None:
    """Before the scenario, the decks are the card lists the players trade between (SETUP-03): a trade names the
    cards of both decks. After that, no option's label names a card of a face-down deck that no one has seen."""
    for seed in range(block * 50, (block + 1) * 50):
        game, agent = random_game(seed)
        while (decision := game.decision) is not None:
            live = game._decision  # the decision with the engine's objects in its options' values
            assert live is not None
            if live.kind is not DecisionKind.TRADE_CARD:
                for option in live.options:
                    named = [card.name for card in cards_in(option.value)
                             if card.name in option.label and hidden_from(game._state, card)]
                    assert not named, f"game {seed}: {decision.player}'s option {option.label!r} names {named}"
            game.apply(agent.act({}, decision))


@pytest.mark.rule("PLAY-08")
def test_seelahs_power_says_it_discards_the_top_card_of_her_deck_without_naming_it() -> None:
    """Seelah's power pays with the top card of her deck, face down: the option says what the power does
    without naming the card."""
    table = Table()
    seelah = table.character("Seelah", at="Armory", deck=["Codex", "Frog"])
    table.dice(1, 1)
    table.run(attempt_checks(table.game, seelah, "Wisdom 20", Purpose.OTHER), "Wisdom", "Use Seelah's power")
    labels = [option.label for decision in table.decisions for option in decision.options]
    assert "Use Seelah's power, discard the top card of your deck: add 1d6" in labels
    assert not [label for label in labels if "Codex" in label]
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Codex"], "the power still discards it"
