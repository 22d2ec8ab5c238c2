"""Summoning and adding cards (rulebook page 15).

Summoned cards come from the box; a card already in play is copied for the encounter and the copy vanishes
after it (SUM-01). Summoning and encountering starts a nested encounter, finished before the original one
continues; afterwards the card goes back to the box, and a summoned villain or henchman neither wins nor
closes (SUM-02). "This adventure's servitor demon" is the henchman of the Servitor Demon Table (SUM-07); a
summoned location is built and stays (SUM-04).
"""

from __future__ import annotations

from pacg.cards.model import Location
from pacg.cards.powers import SERVITOR_DEMON, CardFilter
from pacg.decisions import Process
from pacg.engine import seams
from pacg.engine.box import build_location, first_in_box, random_from_box
from pacg.engine.playing import banish
from pacg.engine.state import CharacterState, GameState
from pacg.engine.zones import PhysicalCard, Zone, ZoneKind

# The henchman each adventure summons as its servitor demon, by adventure deck number (SUM-07).
SERVITOR_DEMONS = {
    0: "Demonling",
    1: "Sloth Demon",
    2: "Blood Demon",
    3: "Shadow Demon",
    4: "Vulture Demon",
    5: "Treachery Demon",
    6: "Ophidian Demon",
}


def summon(game: GameState, character: CharacterState, what: str | CardFilter | PhysicalCard) -> PhysicalCard | None:
    """Take the card from the box (or imagine a copy of one in play, SUM-01) for this character's encounter: a
    named card, a random card of a kind, or a copy of a card in play."""
    zone = Zone(ZoneKind.SUMMONED, character.name)
    if isinstance(what, PhysicalCard):
        return game.zones.summon_copy(what.card, zone)
    if isinstance(what, CardFilter):
        card = random_from_box(game, what)
        if card is not None:
            game.zones.move(card, zone)
        return card
    if what == SERVITOR_DEMON:
        what = SERVITOR_DEMONS[game.adventure_deck_number]
    definition = game.library.get(what)
    in_box = first_in_box(game, what)
    if in_box is not None:
        game.zones.move(in_box, zone)
        return in_box
    return game.zones.summon_copy(definition, zone)


def dismiss(game: GameState, card: PhysicalCard) -> None:
    """After the encounter a summoned card goes back to the box; an imagined copy vanishes (SUM-01, SUM-02)."""
    if game.zones.where(card).kind is not ZoneKind.SUMMONED:
        return
    if game.zones.is_copy(card):
        game.zones.vanish(card)
    else:
        banish(game, card)


def summon_and_build(game: GameState, character: CharacterState, name: str) -> None:
    """Summon and build a location, "if it's not already built": it stays for the rest of the scenario and is no
    longer a summoned card (SUM-04)."""
    if name not in game.locations:
        build_location(game, game.library.typed(name, Location))
        game.note(f"{character.name} summons and builds {name}")


def summon_and_encounter(
    game: GameState, character: CharacterState, what: str | CardFilter | PhysicalCard
) -> Process[str]:
    """Summon a card and encounter it at once (SUM-02); the result of that encounter."""
    card = summon(game, character, what)
    if card is None:
        game.note(f"There is no {what} in the box to summon")
        return "none"
    game.note(f"{character.name} summons {card.name}")
    outcome = yield from seams.encounter(game, character, card)
    return outcome
