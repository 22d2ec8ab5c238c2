"""What one player can't see, dealt anew: the table as it could be, for all that player knows (DESIGN.md 5).

A look-ahead (a search agent's) must not play on the true order of the face-down decks, nor on what the other
players hold. `deal_anew` puts every card the seat has not seen where it could be, keeping what the seat does
know:

- where every face-up card is, and every card examined on top of its deck (EXAM-01), left face up on a location
  deck (ENC-10) or being encountered;
- the size of every deck and hand, and each location deck's count of each card type, as its location card lists
  them (SETUP-06): which cards of the type they are, and in what order, is dealt anew from every unseen card of
  that type in the location decks, the blessings deck and the box;
- the villain and henchmen, one shuffled into each location deck (SETUP-07): dealt anew among the decks that
  hold one, so the seat doesn't learn which holds the villain;
- the seat's own cards: its deck in a new order; another character's hand and deck dealt anew from that
  character's cards, unless the table plays with open hands (then its deck alone is put in a new order).

The new places depend only on what the seat knows and on the generator given: two tables that differ only in
what the seat can't see are dealt alike.
"""

from __future__ import annotations

import random
from collections import defaultdict

from pacg.cards.vocabulary import CardType
from pacg.engine.state import GameState
from pacg.engine.zones import BLESSINGS_DECK, PhysicalCard, Zone, ZoneKind

_SCENARIO_BANES = frozenset({CardType.VILLAIN, CardType.HENCHMAN})

Slot = tuple[Zone, int]  # a place in a zone: the zone and the index in it, top first


def deal_anew(game: GameState, seat: str, open_hands: bool, rng: random.Random) -> None:
    """Deal every card the player of `seat` has not seen to a place it could be (see the module's docstring)."""
    placed: dict[Slot, PhysicalCard] = {}
    _deal_by_type(game, rng, placed)
    for character in game.characters:
        zones = [character.deck] if character.name == seat or open_hands else [character.hand, character.deck]
        slots = [slot for zone in zones for slot in _unseen_slots(game, zone)]
        _deal(game, slots, slots, rng, placed)
    _put(game, placed)


def _deal_by_type(game: GameState, rng: random.Random, placed: dict[Slot, PhysicalCard]) -> None:
    """The location decks, the blessings deck and the box: each deck's unseen places are given a type in a new
    order (from the deck's count of each), then the unseen cards of each type are dealt to the places of that
    type; the box takes the rest."""
    wanted: dict[str, list[Slot]] = defaultdict(list)  # the places dealt a card of a type
    pool: dict[str, list[Slot]] = defaultdict(list)  # the places of the unseen cards of a type now
    for deck in [*(location.deck for location in game.locations.values()), BLESSINGS_DECK]:
        cards = game.zones.cards(deck)
        slots = _unseen_slots(game, deck)
        kinds = [_kind(cards[index]) for _, index in slots]
        for slot, kind in zip(slots, kinds, strict=True):
            pool[kind].append(slot)
        kinds.sort()
        rng.shuffle(kinds)
        for slot, kind in zip(slots, kinds, strict=True):
            wanted[kind].append(slot)
    for zone in game.zones.occupied():
        if zone.kind is ZoneKind.BOX:
            for index, card in enumerate(game.zones.cards(zone)):
                if card.type not in _SCENARIO_BANES:  # the other villains and henchmen were never dealt
                    pool[_kind(card)].append((zone, index))
                    wanted[_kind(card)].append((zone, index))
    for kind in sorted(pool):
        _deal(game, pool[kind], wanted[kind], rng, placed)


def _kind(card: PhysicalCard) -> str:
    """The class of card whose count a deck keeps: its type, or one class for the villain and the henchmen."""
    return "scenario bane" if card.type in _SCENARIO_BANES else str(card.type)


def _unseen_slots(game: GameState, zone: Zone) -> list[Slot]:
    """The places in a zone whose cards the seat hasn't seen: not examined (EXAM-01), not left face up (ENC-10),
    not being encountered."""
    seen = set(game.known_cards(zone)) | {encounter.card.uid for encounter in game.encounters}
    if zone.kind is ZoneKind.LOCATION_DECK:
        seen.update(game.locations[zone.owner].face_up)
    return [(zone, index) for index, card in enumerate(game.zones.cards(zone)) if card.uid not in seen]


def _deal(game: GameState, sources: list[Slot], targets: list[Slot], rng: random.Random,
          placed: dict[Slot, PhysicalCard]) -> None:
    """The cards now in `sources`, in an order that depends on which cards they are (never on where they are),
    shuffled and dealt to `targets`."""
    cards = sorted((game.zones.cards(zone)[index] for zone, index in sources), key=lambda card: card.uid)
    rng.shuffle(cards)
    placed.update(zip(targets, cards, strict=True))


def _put(game: GameState, placed: dict[Slot, PhysicalCard]) -> None:
    """Put each card in the place dealt to it, one exchange at a time (`Zones.swap`, which keeps the counts of
    what each hand holds)."""
    zones = game.zones
    for (zone, index), card in placed.items():
        there = zones.cards(zone)[index]
        if there is not card:
            zones.swap(there, card)
