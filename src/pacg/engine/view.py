"""What one player may know: a seat's view of the table as plain data (DESIGN.md 5).

As boardgame.io's `playerView` strips secret state, a view shows the seat its own hand, every face-up card
(discard piles, buried and displayed cards, the blessings discard pile, cards left face up on a location deck,
the cards being encountered), the check under way with its dice and exact odds, the cards the rules have
revealed (examined cards still on top of their deck), each character's skills, role and powers as the checked
feats make them, and only counts of face-down decks; another player's hand only when the table plays with open
hands. A spectator's view shows no hand. The seat's own character is a part of its own too (`you`: an AI player
reads it at every decision, and needn't have every character worked out for that). Every value is a string, a
number, a boolean, a list or a dict, so a view survives a JSON round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from pacg.cards.powers import Power
from pacg.cards.text import power_text
from pacg.engine.check import CheckState, odds
from pacg.engine.state import PATH_KEY, CharacterState, GameState, LocationState
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, REMOVED, PhysicalCard, Zone, ZoneKind


class BlessingsView(TypedDict):
    """The blessings deck, face down (its count), and the blessings discard pile, face up (its cards' names)."""

    deck: int
    discard: list[str]


class LocationView(TypedDict):
    """A location as the table sees it: its deck's count and the cards of it anyone may know, the cards displayed
    by it, and who is there."""

    name: str
    closed: bool
    temporarily_closed: bool  # VIL-01
    deck: int
    face_up: list[str]
    known_top: list[str]  # examined cards still on top of the deck, top first
    displayed: list[str]
    characters: list[str]


class CharacterView(TypedDict):
    """A character as one seat sees it: its hand only when the seat may see it (None otherwise), its deck's count,
    its face-up piles, and its skills, role and powers as its checked feats make them."""

    name: str
    location: str
    alive: bool
    hand: list[str] | None
    hand_count: int
    hand_size: int
    deck: int
    known_top: list[str]
    discard: list[str]
    buried: list[str]
    displayed: list[str]
    mythic_charges: int
    mythic_path: str | None
    role: str | None
    skills: dict[str, str]  # {"Melee": "d8+3"}
    powers: list[str]


class EncounterView(TypedDict):
    """A card being encountered, by whom and where."""

    card: str
    type: str
    character: str
    location: str
    summoned: bool


class CheckView(TypedDict):
    """The check under way: who attempts it with which skill, against what and what for, its dice pool, its
    difficulty and its exact chance as a fraction ("7/12")."""

    character: str
    skill: str | None
    against: str | None
    purpose: str | None
    pool: str
    difficulty: int
    probability: str


class TableParts(TypedDict):
    """The parts of a view the table makes (`view_parts`), each worked out when called; the Game object adds the
    decision, whose turn it is to answer, the outcome and undo (`pacg.views.ViewParts`)."""

    seat: Callable[[], str | None]
    scenario: Callable[[], str | None]
    turn: Callable[[], int]
    turn_of: Callable[[], str | None]
    blessings: Callable[[], BlessingsView]
    locations: Callable[[], list[LocationView]]
    you: Callable[[], CharacterView | None]
    characters: Callable[[], list[CharacterView]]
    encounters: Callable[[], list[EncounterView]]
    check: Callable[[], CheckView | None]
    removed: Callable[[], list[str]]
    log: Callable[[], list[str]]


def view_parts(game: GameState, seat: str | None, open_hands: bool = False) -> TableParts:
    """The view's parts, each to be worked out when it is read (a player who reads only the locations and the
    characters, as an AI player does at every decision, doesn't pay for the log); a spectator's (`seat` None)
    shows no hand, even at a table with open hands."""
    return {
        "seat": lambda: seat,
        "scenario": lambda: game.scenario.name if game.scenario is not None else None,
        "turn": lambda: game.turns,
        "turn_of": lambda: game.turn.character.name if game.turn is not None else None,
        "blessings": lambda: {"deck": len(game.zones.cards(BLESSINGS_DECK)),
                              "discard": _names(game.zones.cards(BLESSINGS_DISCARD))},
        "locations": lambda: [_location(game, location) for location in game.locations.values()],
        "you": lambda: next((_character(game, character, True) for character in game.characters
                             if character.name == seat), None),
        "characters": lambda: [_character(game, character, seat is not None and (open_hands or character.name == seat))
                               for character in game.characters],
        "encounters": lambda: [{"card": encounter.card.name, "type": str(encounter.card.type),
                                "character": encounter.character.name, "location": encounter.location,
                                "summoned": encounter.summoned} for encounter in game.encounters],
        "check": lambda: _check(game.checks[-1]) if game.checks else None,
        "removed": lambda: _names(game.zones.cards(REMOVED)),
        "log": lambda: list(game.log),
    }


def _check(check: CheckState) -> CheckView:
    """The check under way, as the whole table sees it being built: who attempts it with which skill, against
    what and what for, its dice pool, its difficulty and its exact chance as it stands ("7/12", DESIGN.md 6)."""
    return {"character": check.checker.name, "skill": str(check.skill) if check.skill is not None else None,
            "against": check.against.name if check.against is not None else None,
            "purpose": str(check.purpose) if check.purpose is not None else None,
            "pool": str(check.pool()), "difficulty": check.difficulty, "probability": str(odds(check))}


def _names(cards: list[PhysicalCard]) -> list[str]:
    return [card.name for card in cards]


def _location(game: GameState, location: LocationState) -> LocationView:
    deck = game.cards_left(location.deck)
    face_up = [card.name for card in deck if card.uid in location.face_up]
    return {
        "name": location.name,
        "closed": location.closed,
        "temporarily_closed": location.name in game.temporarily_closed,  # VIL-01
        "deck": len(deck),
        "face_up": face_up,
        "known_top": _names(game.known_top(location.deck)),
        "displayed": _names(game.zones.cards(Zone(ZoneKind.BY_LOCATION, location.name))),
        "characters": [c.name for c in game.characters if c.location == location.name],
    }


def _character(game: GameState, character: CharacterState, sees_hand: bool) -> CharacterView:
    zones = game.zones
    hand = zones.cards(character.hand)
    return {
        "name": character.name,
        "location": character.location,
        "alive": character.alive,
        "hand": _names(hand) if sees_hand else None,
        "hand_count": len(hand),
        "hand_size": character.hand_size,
        "deck": len(zones.cards(character.deck)),
        "known_top": _names(game.known_top(character.deck)),
        "discard": _names(zones.cards(character.discard_pile)),
        "buried": _names(zones.cards(character.buried)),
        "displayed": _names(zones.cards(character.displayed)),
        "mythic_charges": character.mythic_charges,
        "mythic_path": character.mythic_path.name if character.mythic_path is not None else None,
        "role": character.role.name if character.role is not None else None,
        "skills": _skills(character),
        "powers": [_text(power) for key, power in character.powers() if not key.startswith(PATH_KEY)],
    }


# Each character power's words, by the power's identity. This saves hashing the power (a frozen pydantic model
# hashes every field, deeply) for every power of every character at every view: half of what a view cost. The
# power is kept beside its words so its id can't be another power's while it is here; the powers are the card
# library's, so this holds as many as the libraries loaded have.
_POWER_TEXTS: dict[int, tuple[Power, str]] = {}


def _text(power: Power) -> str:
    kept = _POWER_TEXTS.get(id(power))
    if kept is None:
        kept = _POWER_TEXTS[id(power)] = (power, power_text(power, boxes=False))
    return kept[1]


def _skills(character: CharacterState) -> dict[str, str]:
    """Each skill the character has, with its die and modifier as the checked feats make it: {"Melee": "d8+3"}
    (DICE-03); the character card's skills and those its powers give."""
    return {str(skill): f"d{die.die}{die.modifier:+d}" if die.modifier else f"d{die.die}"
            for skill, die in character.skill_dice.items()}
