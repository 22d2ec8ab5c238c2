"""The box (rulebook pages 3, 9, 15): where every card not in play waits, by type (SET-03).

A random card of a type is drawn from the box (DRAW-01); with a requirement, cards are drawn until one fits
and the rest go back (SUM-06). A location summoned and built stays for the scenario (SUM-04).
"""

from __future__ import annotations

from collections.abc import Callable

from pacg.cards.model import Location
from pacg.cards.powers import CardFilter
from pacg.engine.filters import fits
from pacg.engine.state import GameState, LocationState
from pacg.engine.zones import PhysicalCard, box


def random_from_box(
    game: GameState, wanted: CardFilter, also: Callable[[PhysicalCard], bool] | None = None
) -> PhysicalCard | None:
    """A random card of a type from the box that fits the requirement (SUM-06), and `also` if given, or None if
    none does."""
    cards = [card for card in _fitting(game, wanted) if also is None or also(card)]
    return game.rng.choice(cards) if cards else None


def random_cards_from_box(game: GameState, wanted: CardFilter, count: int) -> list[PhysicalCard]:
    """Up to `count` random cards of a type from the box that fit the requirement, left in the box (SUM-06:
    drawn to look at; those not taken go back)."""
    cards = _fitting(game, wanted)
    return game.rng.sample(cards, min(count, len(cards)))


def _fitting(game: GameState, wanted: CardFilter) -> list[PhysicalCard]:
    """The cards of the box of the filter's types that fit it."""
    return [card for kind in wanted.types or [] for card in game.zones.cards(box(kind)) if fits(game, card, wanted)]


def named_in_box(game: GameState, name: str) -> list[PhysicalCard]:
    """Every copy of a named card that is in the box, from the top."""
    definition = game.library.get(name)
    return [card for card in game.zones.cards(box(definition.type)) if card.card is definition]


def first_in_box(game: GameState, name: str) -> PhysicalCard | None:
    """The top copy of a named card in the box, or None."""
    definition = game.library.get(name)
    for card in game.zones.cards(box(definition.type)):
        if card.card is definition:
            return card
    return None


def build_location(game: GameState, card: Location) -> LocationState:
    """Deal the location deck at random from each card type of its list, face down (SETUP-06, SUM-04); a
    type the box has too few of gives as many as there are (END-02)."""
    location = LocationState(card)
    game.add_location(location)
    for card_type, count in card.deck.items():
        cards = game.zones.cards(box(card_type))
        for dealt in game.rng.sample(cards, min(count, len(cards))):
            game.zones.move(dealt, location.deck)
    game.zones.shuffle(location.deck, game.rng)
    return location
