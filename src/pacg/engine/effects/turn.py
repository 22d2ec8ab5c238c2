"""Effects on the turn (rulebook pages 6-7): exploring again, moving, giving a card, ending the turn, ignoring.

A power gives another exploration (TURN-05), only in your own explore step (TURN-04); moves a character to another
location, which triggers what happens when a character leaves a location and enters another (TURN-03, `move_to`),
others coming along; gives a card from the hand; ends the turn (ENC-09); or has the location's powers or a card's
traits ignored until the end of the turn (GOLD-03). "Cannot" beats "can" (GOLD-03).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pacg.cards.powers import (
    CannotMove,
    EndTurn,
    Explore,
    GiveCard,
    IgnoreLocationPowers,
    IgnoreTraits,
    Move,
    MoveAlong,
    Timing,
)
from pacg.decisions import DecisionKind, Process
from pacg.engine.choosing import characters, choose
from pacg.engine.declared import declaration, marker
from pacg.engine.filters import matches
from pacg.engine.playing import Play, Step, table_order
from pacg.engine.state import CharacterState, GameState, TurnEnded
from pacg.engine.window import apply_mandatory, resolve
from pacg.engine.zones import BLESSINGS_DISCARD

# Enumeration members read on hot paths, read once (see `playing`: an enumeration's member is slow to read).
_LEAVE, _ENTER = Timing.LEAVE, Timing.ENTER


def _explore(step: Step, effect: Explore, player: CharacterState, play: Play | None) -> None:
    """However many effects grant it, an exploration grants one extra exploration (TURN-05)."""
    if step.game.turn is not None:
        step.game.turn.extra_exploration = True


def _move(step: Step, effect: Move, player: CharacterState, play: Play | None) -> Process[None]:
    """Move to another location (TURN-03): the one chosen, one at random, or the one named, if it is in play and
    not the mover's own; local characters come along if the power allows."""
    game = step.game
    movers = yield from characters(step, player, effect.move, "who moves?")
    if not movers:
        return
    mover = movers[0]
    where = effect.where
    places = [place for place in game.destinations(mover) if (where is None or matches(place.card, where))
              and effect.to in ("chosen", "random", place.name)]
    if not places:
        return
    companions = [c for c in game.local_characters(mover.location) if c is not mover][: effect.with_local]
    if effect.to == "chosen":
        destination = yield from choose(player, DecisionKind.LOCATION, f"{mover.name}: move where?", places)
    else:  # at random, or the one location named
        destination = places[0] if effect.to != "random" else game.rng.choice(places)
    coming = []
    for companion in companions:
        along = yield from choose(companion, DecisionKind.MOVE_ALONG,
                                  f"{companion.name}: move along to {destination.name}?",
                                  [False, True])
        if along:
            coming.append(companion)
    for character in [mover, *coming]:
        yield from move_to(game, character, destination.name)


def move_to(game: GameState, character: CharacterState, location: str) -> Process[None]:
    """Move a character's token; moving triggers what happens when a character leaves a location and enters
    another (TURN-03): the location's paragraphs, then the scenario's. A move to the same location is neither;
    a move into or out of a sealed location is ignored ("cannot" beats "can", GOLD-03)."""
    if location == character.location or game.sealed(location) or game.sealed(character.location):
        return
    for timing, place in ((_LEAVE, character.location), (_ENTER, location)):
        if timing is _ENTER:
            game.move(character, location)
        powers = [power for _, power in game.locations[place].powers_by_timing.get(timing, ())]
        powers += [power for _, power in game.scenario_powers.get(timing, ())]
        if powers:
            step = Step(game=game, checker=character, timing=timing, destination=location)
            yield from apply_mandatory(step, [(power, character, None) for power in powers])


def _move_along(step: Step, effect: MoveAlong, player: CharacterState, play: Play | None) -> Process[None]:
    """Up to this many other characters at the location being left may move with the character leaving it:
    each is asked in turn order (TURN-03)."""
    game, destination = step.game, step.destination
    if destination is None:
        return
    came = 0
    for companion in table_order(game, player):
        if came >= effect.move_along or companion is player or companion.location != player.location:
            continue
        along = yield from choose(companion, DecisionKind.MOVE_ALONG, f"{companion.name}: move along to {destination}?",
                                  [False, True])
        if along:
            came += 1
            yield from move_to(game, companion, destination)
    if came:
        yield from resolve(step, list(effect.if_any), player, play)


def _give_card(step: Step, effect: GiveCard, player: CharacterState, play: Play | None) -> Process[None]:
    """Give a card from your hand to a character, wherever they are."""
    game = step.game
    hand = game.zones.cards(player.hand)
    targets = yield from characters(step, player, effect.give_card, "give a card to whom?")
    if not hand or not targets:
        return
    card = yield from choose(player, DecisionKind.GIVE, f"{player.name}: give which card to {targets[0].name}?",
                             list(hand))
    game.zones.move(card, targets[0].hand)
    game.note(f"{player.name} gives {card.name} to {targets[0].name}")


def _end_turn(step: Step, effect: EndTurn, player: CharacterState, play: Play | None) -> None:
    """A forced end of turn (ENC-09); only the current turn's character's turn can end."""
    if step.game.turn is not None and step.game.turn.character is player:
        raise TurnEnded(f"{step.against.name if step.against else 'a power'} ends the turn")


def _ignore_location(
    step: Step, effect: IgnoreLocationPowers, player: CharacterState, play: Play | None
) -> None:
    if step.game.turn is not None:
        step.game.turn.ignore_location_powers = True


def _ignore_traits(step: Step, effect: IgnoreTraits, player: CharacterState, play: Play | None) -> Process[None]:
    """Ignore one of the traits of a card until the end of the turn: a card being encountered, your location,
    one of your cards in hand or displayed, or the top card of the blessings discard pile (GOLD-03)."""
    game = step.game
    zones = game.zones
    cards: list[Any] = [encounter.card for encounter in game.encounters]
    cards += [game.locations[player.location]] if player.location in game.locations else []
    cards += [*zones.cards(player.hand), *zones.cards(player.displayed), *zones.cards(BLESSINGS_DISCARD)[:1]]
    having = [card for card in cards if _unignored(game, card, effect.ignore_traits)]
    if not having:
        return
    card = yield from choose(player, DecisionKind.CARD, f"{player.name}: ignore a trait of which card?", having)
    trait = yield from choose(player, DecisionKind.TRAIT, f"{player.name}: ignore which trait of {card.name}?",
                              _unignored(game, card, effect.ignore_traits))
    game.ignore_trait(card, trait)
    game.note(f"{player.name} ignores the {trait} trait of {card.name} until the end of the turn")


def _unignored(game: GameState, card: Any, traits: Sequence[str]) -> list[str]:
    """Which of these traits a card (or location) has and that aren't ignored yet."""
    printed = card.card.traits
    return [trait for trait in traits if trait in printed and trait not in game.ignored(card)]


# --- when they can be offered: no exploring outside your explore step (PLAY-07, TURN-04) ---


def _may_explore(_: Explore, step: Step, player: CharacterState) -> bool:
    """Only in your own explore step (TURN-04)."""
    turn = step.game.turn
    return turn is not None and turn.exploring and turn.character is player


DECLARED = (
    declaration(Explore, _explore, offered_if=_may_explore),
    declaration(Move, _move),
    declaration(MoveAlong, _move_along),
    declaration(GiveCard, _give_card),
    declaration(EndTurn, _end_turn),
    declaration(CannotMove, marker),  # read as a character would move (`GameState.sealed`)
    declaration(IgnoreLocationPowers, _ignore_location),
    declaration(IgnoreTraits, _ignore_traits),
)
