"""No option's label names a card the deciding player can't see (issue 12): a card face down in a deck that no
one has seen since it was last shuffled. The acceptance run is 1,000 random games (PACG_LONG=1); the default run
plays 150.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.cards.powers import Purpose
from pacg.decisions import DecisionKind
from pacg.engine.check import attempt_checks
from pacg.engine.state import FACE_DOWN, GameState
from pacg.engine.zones import PhysicalCard, ZoneKind
from pacg.game import Game, new_game
from table import Table, library

GAMES = 1000 if os.environ.get("PACG_LONG") == "1" else 150
SCENARIOS = ["The Godless Ones", "The Traitor's Lodge", "Under the Broken City", "The Fall of Kenabres",
             "The Wardstone Legacy", "The Wardstone Patrol", "Vengeance at Sundered Crag"]
CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah", "Adowyn", "Crowe", "Seoni", "Shardra"]


def random_game(seed: int) -> tuple[Game, RandomAgent]:
    rng = random.Random(f"shown text {seed}")
    party = rng.sample(CHARACTERS, rng.randint(1, 4))
    game = new_game(rng.choice(SCENARIOS), party, seed, library=library(), open_hands=rng.random() < 0.5)
    return game, RandomAgent(seed)


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
