"""Effects on an encounter (rulebook pages 8-9): evading the card, deciding how it goes, taking it over.

A power decides the encounter with the card: evaded, defeated, kept, put elsewhere or banished (ENC-04..ENC-09);
it takes the encounter over, gives the boon acquired to another character (ENC-07), puts another card from the box
in the encountered one's place (SET-03), or has the location closed once the card is gone (CLOSE-01).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pacg.cards.powers import (
    Banish,
    CannotEvade,
    CardFilter,
    CloseAfterEncounter,
    CloseLocation,
    Defeat,
    Evade,
    GiveAcquired,
    KeepEncountered,
    PlaceEncountered,
    SwapFromBox,
    TakeEncounter,
    Timing,
)
from pacg.cards.vocabulary import CardAction
from pacg.decisions import DecisionKind, Process
from pacg.engine.box import random_from_box
from pacg.engine.choosing import characters, choose
from pacg.engine.declared import declaration, marker
from pacg.engine.playing import Play, Step, perform
from pacg.engine.state import CharacterState

_EVASION = Timing.EVASION  # (read once: an enumeration's member is slow to read, see `playing`)


def _take_over(step: Step, effect: TakeEncounter, player: CharacterState, play: Play | None) -> None:
    """Encounter the card in the encountering character's place: from now on the steps are the player's (a
    card's exception to KEEP-02)."""
    encounter = step.encounter
    if encounter is not None:
        step.game.note(f"{player.name} takes over {encounter.character.name}'s encounter with {encounter.card.name}")
        encounter.character = player


def _on_encounter(attribute: str, value: Callable[[Any], object]) -> Callable[[Step, Any, CharacterState, Play | None],
                                                                           None]:
    """A handler that records what a power decided for the encounter with the card (evaded, defeated ...)."""
    def handler(step: Step, effect: Any, player: CharacterState, play: Play | None) -> None:
        encounter = step.encounter
        if encounter is not None:
            setattr(encounter, attribute, value(effect))
    return handler


def _close_location(step: Step, effect: CloseLocation, player: CharacterState, play: Play | None) -> None:
    """The chance to close the encounter's location once the card is gone (CLOSE-01), or closing it
    automatically: a chance given as well doesn't take that back."""
    encounter = step.encounter
    if encounter is not None and encounter.close != "automatic":
        encounter.close = "automatic" if effect.close_location == "automatic" else "attempt"


def _banish(step: Step, effect: Banish, player: CharacterState, play: Play | None) -> None:
    """Banish the card encountered (the encounter ends there) or the card whose power this is."""
    if effect.banish == "encountered":
        if (encounter := step.encounter) is not None:
            encounter.banished = True
    elif play is not None and play.card is not None:
        perform(step.game, player, play.card, CardAction.BANISH)


def _give_acquired(step: Step, effect: GiveAcquired, player: CharacterState, play: Play | None) -> Process[None]:
    """The boon being acquired will go into another character's hand (ENC-07)."""
    encounter = step.encounter
    if encounter is None:
        return
    targets = yield from characters(step, player, effect.give_acquired, f"give {encounter.card.name} to whom?")
    for target in targets[:1]:
        encounter.given_to = target
        step.game.note(f"{player.name} gives {encounter.card.name} to {target.name}")


def _swap_from_box(step: Step, effect: SwapFromBox, player: CharacterState, play: Play | None) -> Process[None]:
    """Draw a random card of the encountered card's type from the box; the player encounters one of the two
    and the other is banished. The card drawn takes the encountered card's place (SET-03: a banished card goes
    back into the box, shuffled in)."""
    game, encounter = step.game, step.encounter
    if encounter is None or encounter.summoned:
        return
    current = encounter.card
    other = random_from_box(game, CardFilter(types=[current.type]))
    if other is None:
        return
    game.note(f"{player.name} draws {other.name} from the box")
    chosen = yield from choose(player, DecisionKind.ENCOUNTER,
                               f"{player.name}: encounter which card? (the other is banished)",
                               [current, other])
    if chosen is current:
        game.note(f"{other.name} is banished")  # it never left the box
        return
    game.zones.move(other, game.zones.where(current))
    perform(game, player, current, CardAction.BANISH)
    encounter.card = step.against = other


# --- when they can be offered: no evading without an encounter (PLAY-07) ---


def _may_evade(_: Evade, step: Step, player: CharacterState) -> bool:
    """Evading needs a card to evade, in the evasion step, and "cannot" beats "can" (GOLD-03)."""
    return step.timing is _EVASION and step.against is not None and not any(
        CannotEvade in power.effect_kinds for power in step.against.card.paragraphs)


def _may_take_over(_: TakeEncounter, step: Step, player: CharacterState) -> bool:
    """An encounter not taken over yet."""
    encounter = step.encounter
    return encounter is not None and encounter.character is step.checker


DECLARED = (
    declaration(Evade, _on_encounter("evaded", lambda effect: True), offered_if=_may_evade),
    declaration(CannotEvade, marker),  # read as evasion is offered (`_may_evade`)
    declaration(Defeat, _on_encounter("defeated", lambda effect: effect.defeat)),
    declaration(Banish, _banish),
    declaration(PlaceEncountered, _on_encounter("place", lambda effect: effect.place_encountered)),
    declaration(KeepEncountered, _on_encounter("keep", lambda effect: effect.keep_encountered)),
    declaration(TakeEncounter, _take_over, offered_if=_may_take_over),
    declaration(CloseLocation, _close_location),
    declaration(CloseAfterEncounter, _on_encounter("closes", lambda effect: True)),
    declaration(GiveAcquired, _give_acquired),
    declaration(SwapFromBox, _swap_from_box),
)
