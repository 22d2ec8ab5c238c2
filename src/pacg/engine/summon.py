"""Summoning and adding cards (rulebook page 15).

Summoned cards come from the box; a card already in play is copied for the encounter and the copy vanishes
after it (SUM-01). Summoning and encountering starts a nested encounter, finished before the original one
continues; afterwards the card goes back to the box, and a summoned villain or henchman neither wins nor
closes (SUM-02). A random card of a type with a requirement is drawn from the box until one fits (SUM-06).
"""

from __future__ import annotations

from pacg.cards.powers import CardFilter
from pacg.decisions import Process
from pacg.engine.playing import banish, matches
from pacg.engine.state import CharacterState, Game
from pacg.engine.zones import PhysicalCard, Zone, ZoneKind, box


def random_from_box(game: Game, wanted: CardFilter) -> PhysicalCard | None:
    """A random card of a type from the box that fits the requirement (SUM-06), or None if none does."""
    types = wanted.types or []
    cards = [card for kind in types for card in game.zones.cards(box(kind)) if matches(card, wanted)]
    return game.rng.choice(cards) if cards else None


def summon(game: Game, character: CharacterState, what: str | CardFilter) -> PhysicalCard | None:
    """Take the card from the box (or imagine a copy of one in play, SUM-01) for this character's encounter."""
    zone = Zone(ZoneKind.SUMMONED, character.name)
    if isinstance(what, CardFilter):
        card = random_from_box(game, what)
        if card is not None:
            game.zones.move(card, zone)
        return card
    definition = game.library.get(what)
    in_box = [card for card in game.zones.cards(box(definition.type)) if card.card is definition]
    if in_box:
        game.zones.move(in_box[0], zone)
        return in_box[0]
    return game.zones.summon_copy(definition, zone)


def dismiss(game: Game, card: PhysicalCard) -> None:
    """After the encounter a summoned card goes back to the box; an imagined copy vanishes (SUM-01, SUM-02)."""
    if game.zones.where(card).kind is not ZoneKind.SUMMONED:
        return
    if game.zones.is_copy(card):
        game.zones.vanish(card)
    else:
        banish(game, card)


def summon_and_encounter(game: Game, character: CharacterState, what: str | CardFilter) -> Process[str]:
    """Summon a card and encounter it at once (SUM-02); the result of that encounter."""
    from pacg.engine.encounter import encounter  # a summoned encounter is nested in another

    card = summon(game, character, what)
    if card is None:
        game.note(f"There is no {what} in the box to summon")
        return "none"
    game.note(f"{character.name} summons {card.name}")
    outcome = yield from encounter(game, character, card)
    return outcome
