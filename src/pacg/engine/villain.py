"""Encountering a villain (rulebook pages 16-17).

    Attempt to temporarily close open locations.        VIL-01
    Encounter the villain.                              VIL-02
    If you defeat the villain, close its location.      VIL-03
    Check to see whether the villain escapes.           VIL-04
    If the villain has nowhere to escape to, you win.   VIL-05
"""

from __future__ import annotations

from pacg.cards.vocabulary import CardType
from pacg.decisions import DecisionKind, Process
from pacg.engine.choosing import choose
from pacg.engine.closing import attempt_to_close, close_permanently
from pacg.engine.playing import banish
from pacg.engine.state import CharacterState, GameState, LocationState, ScenarioOver
from pacg.engine.zones import BLESSINGS_DECK, PhysicalCard, box


def temporary_closings(game: GameState, encounterer: CharacterState) -> Process[None]:
    """Each character at another open location may try its When Closing requirement; one success closes it
    for this encounter only, with no other effect (VIL-01). "Characters may attempt to close locations in any
    order they wish": the encountering character picks who tries next."""
    waiting = [character for location in game.open_locations() if location.name != encounterer.location
               for character in game.local_characters(location.name)]
    while waiting := [c for c in waiting if c.alive and c.location not in game.temporarily_closed]:
        character = yield from choose(encounterer, DecisionKind.ORDER,
                                      f"{encounterer.name}: who tries to temporarily close "
                                      "a location next?", waiting)
        waiting.remove(character)
        location = game.locations[character.location]
        if (yield from attempt_to_close(game, character, location, temporarily=True)):
            game.temporarily_closed.add(location.name)
            game.note(f"{location.name} is temporarily closed")


def villain_defeated(
    game: GameState, character: CharacterState, villain: PhysicalCard, location: LocationState
) -> Process[None]:
    """Close the villain's location without its requirement, then see whether the villain escapes (VIL-03,
    VIL-04). "If any villains remain in the deck, banish everything except the remaining villains and shuffle
    the deck; the location is not permanently closed, but if there are no other open locations for the
    villain to escape to, banish the villain" (VIL-03)."""
    deck = game.zones.cards(location.deck)
    besides = None
    if any(card.type is CardType.VILLAIN and card is not villain for card in deck):
        for card in [card for card in deck if card.type is not CardType.VILLAIN]:
            banish(game, card)
        game.zones.shuffle(location.deck, game.rng)
        game.note(f"Another villain is in {location.name}: the rest of its deck is banished and it stays open")
        besides = location
    else:
        yield from close_permanently(game, character, location, keep=villain)
    villain_escapes(game, villain, True, besides)


def villain_escapes(
    game: GameState, villain: PhysicalCard, defeated: bool, besides: LocationState | None = None
) -> None:
    """If locations are open, the villain escapes: shuffle it with (open - 1) blessings, from the box if it
    was defeated, else from the blessings deck (END-01 if it runs short), and deal one card to each open
    location, shuffling those decks (VIL-04). Defeated with nowhere to go: the scenario is won (VIL-05). A
    defeated villain can't escape into its own location (`besides`) that another villain keeps open; with
    nowhere else to go it is banished, and the scenario goes on (VIL-03)."""
    open_locations = [other for other in game.open_locations() if other is not besides]
    if not open_locations:
        banish(game, villain)
        if besides is not None:
            game.note(f"{villain.name} has nowhere else to escape and is banished")
            return
        raise ScenarioOver("won", f"{villain.name} is defeated and has nowhere to escape")
    count = len(open_locations) - 1
    if defeated:
        blessings = game.zones.cards(box(CardType.BLESSING))
        escorts = game.rng.sample(blessings, min(count, len(blessings)))  # END-02: as many as there are
    else:
        escorts = game.zones.cards(BLESSINGS_DECK)[:count]
        if len(escorts) < count:
            raise ScenarioOver("lost", "the blessings deck ran out as the villain escaped")
    cards = [villain, *escorts]
    game.rng.shuffle(cards)
    for location, card in zip(open_locations, cards, strict=False):
        game.zones.move(card, location.deck)
        game.zones.shuffle(location.deck, game.rng)
    game.note(f"{villain.name} escapes into {', '.join(location.name for location in open_locations)}")
