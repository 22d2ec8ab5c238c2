"""Snapshots: a game's whole state between two turns, kept as data, and a game made again from one (DESIGN.md 4).

Between two turns nothing of the rules is under way: no encounter, no check, no step. All that makes the game
is then in the game state, so a snapshot taken there, with the generator's state, lets a game be taken up
again from that turn by `play_turns`: the Game object keeps one at each turn start, and copies, undoes and
saves by replaying at most the current turn from it. A snapshot holds copies of everything that changes and
shares only what never does in a game (card definitions, physical cards, a character's feats).
"""

from __future__ import annotations

import copy
import dataclasses
import zlib
from array import array
from typing import NamedTuple

from pacg.cards.loader import CardLibrary
from pacg.cards.model import Character, MythicPath, Scenario
from pacg.engine.state import CharacterState, Feats, GameState, LastingPower, LocationState
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, REMOVED, Zone, ZoneKind, ZonesState


class CharacterSnapshot(NamedTuple):
    card: Character
    feats: Feats
    location: str
    alive: bool
    mythic_charges: int
    mythic_path: MythicPath | None
    chosen_trait: str | None
    derived: dict[str, object]  # what was worked out from the character's powers (`CharacterState.derived`)


class LocationSnapshot(NamedTuple):
    template: LocationState  # its card and its powers as read once; copied for each game made again
    closed: bool
    face_up: tuple[int, ...]


class Snapshot(NamedTuple):
    """A game between two turns."""

    seed: int | None
    adventure_deck_number: int
    scenario: Scenario | None
    chance: tuple[object, int, int, tuple[int, ...]]
    zones: ZonesState
    characters: tuple[CharacterSnapshot, ...]
    locations: tuple[LocationSnapshot, ...]
    log: tuple[str, ...]
    turns: int
    next_turn: int
    result: str | None
    next_to: tuple[tuple[int, str], ...]  # a displayed card shown next to another character: its uid, their name
    lasting: tuple[tuple[LastingPower, str], ...]  # each with its character's name
    closed_with_powers: tuple[str, ...]
    ignored_traits: tuple[tuple[int | str, frozenset[str]], ...]
    redeemed: frozenset[str]
    shown: int
    examined: int
    known: tuple[tuple[Zone, tuple[int, frozenset[int]]], ...]

    def digest(self) -> str:
        """A short fingerprint of the game at this point: the same in every process and on every machine, so a
        record can carry it and a replay can tell where it drifts (another seed, other cards, edited answers).
        It covers the cards of every character's and location's piles and of the blessings deck, in order (the
        box's order follows from the generator's state, which it covers too), the characters' places and lives,
        and the closed locations."""
        generator = self.chance[0]
        words = generator[1] if isinstance(generator, tuple) else ()
        numbers = [self.turns, self.next_turn, *words[:4], *words[-1:]]
        piles = self.zones.piles
        for character in self.characters:
            numbers += (character.alive, character.mythic_charges, -1)
            name = character.card.name
            for kind in _CHARACTER_PILES:
                numbers += [card.uid for card in piles.get(Zone(kind, name), ())]
                numbers.append(-1)
        for location in self.locations:
            numbers += (location.closed, -1)
            for kind in _LOCATION_PILES:
                numbers += [card.uid for card in piles.get(Zone(kind, location.template.name), ())]
                numbers.append(-1)
        for zone in _TABLE_PILES:
            numbers += [card.uid for card in piles.get(zone, ())]
            numbers.append(-1)
        places = "|".join(character.location for character in self.characters)
        return f"{zlib.crc32(places.encode(), zlib.crc32(array('q', numbers).tobytes())):08x}"


_CHARACTER_PILES = (ZoneKind.DECK, ZoneKind.HAND, ZoneKind.DISCARD, ZoneKind.BURIED, ZoneKind.DISPLAYED)
_LOCATION_PILES = (ZoneKind.LOCATION_DECK, ZoneKind.BY_LOCATION)
_TABLE_PILES = (BLESSINGS_DECK, BLESSINGS_DISCARD, REMOVED)


def take(game: GameState) -> Snapshot:
    """The game's state now, between two turns."""
    if game.encounters or game.turn is not None:
        raise ValueError("a snapshot is taken between two turns")
    return Snapshot(
        seed=game.seed,
        adventure_deck_number=game.adventure_deck_number,
        scenario=game.scenario,
        chance=game.rng.state(),
        zones=game.zones.state(),
        characters=tuple(CharacterSnapshot(c.card, c.feats, c.location, c.alive, c.mythic_charges, c.mythic_path,
                                           c.chosen_trait, c.derived()) for c in game.characters),
        locations=tuple(LocationSnapshot(location, location.closed, tuple(location.face_up))
                        for location in game.locations.values()),
        log=tuple(game.log),
        turns=game.turns,
        next_turn=game.next_turn,
        result=game.result,
        next_to=tuple((uid, character.name) for uid, character in game.next_to.items()),
        lasting=tuple((entry, entry.character.name) for entry in game.lasting),
        closed_with_powers=tuple(location.name for location in game.closed_with_powers),
        ignored_traits=tuple(game.ignored_traits.items()),
        redeemed=frozenset(game.redeemed),
        shown=game.held.shown,
        examined=game.examined,
        known=tuple(game.known.items()),
    )


def restore(snapshot: Snapshot, library: CardLibrary) -> GameState:
    """A new game state made from a snapshot, on a card library."""
    game = GameState(library, snapshot.seed, snapshot.adventure_deck_number)
    game.scenario = snapshot.scenario
    game.rng.restore(snapshot.chance)
    game.zones.restore(snapshot.zones)
    game.characters = [_character(kept) for kept in snapshot.characters]
    by_name = {character.name: character for character in game.characters}
    for kept in snapshot.locations:
        location = copy.copy(kept.template)
        location.closed, location.face_up = kept.closed, list(kept.face_up)
        game.add_location(location)
    game.log = list(snapshot.log)
    game.turns, game.next_turn, game.result = snapshot.turns, snapshot.next_turn, snapshot.result
    game.next_to = {uid: by_name[name] for uid, name in snapshot.next_to}
    game.lasting = [dataclasses.replace(entry, character=by_name[name]) for entry, name in snapshot.lasting]
    game.closed_with_powers = [game.locations[name] for name in snapshot.closed_with_powers]
    game.ignored_traits = dict(snapshot.ignored_traits)
    game.redeemed = set(snapshot.redeemed)
    game.examined = snapshot.examined
    game.known = dict(snapshot.known)
    game.held.recount(game.zones, game.characters, list(game.locations), snapshot.shown)
    return game


def _character(kept: CharacterSnapshot) -> CharacterState:
    character = CharacterState(kept.card, kept.feats, kept.location)
    character.alive, character.mythic_charges = kept.alive, kept.mythic_charges
    if kept.mythic_path is not None:
        character.choose_mythic_path(kept.mythic_path)
    character.chosen_trait = kept.chosen_trait
    character.take_derived(kept.derived)
    return character
