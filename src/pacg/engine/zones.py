"""Where every physical card is: the box, decks, hands, piles, locations and the rest (DESIGN.md 7).

Every physical card is in exactly one zone at a time, and `Zones.move` is the one way to move it. A deck or
pile is a list whose first card is the top. The box holds cards by type (SET-03).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import FrozenInstanceError
from enum import StrEnum
from typing import NamedTuple

from pacg.cards.model import AnyCard, Bane
from pacg.cards.powers import ChoicesByMoment, PowersByTiming, Timing
from pacg.cards.vocabulary import CardType


class ZoneKind(StrEnum):
    BOX = "box"  # owner: the card type
    DECK = "deck"  # owner: the character
    HAND = "hand"
    DISCARD = "discard pile"
    BURIED = "buried"
    DISPLAYED = "displayed"
    LOCATION_DECK = "location deck"  # owner: the location
    BY_LOCATION = "displayed by the location"  # a bane left displayed by its location; owner: the location
    BLESSINGS_DECK = "blessings deck"
    BLESSINGS_DISCARD = "blessings discard pile"
    REMOVED = "removed from the game"
    SUMMONED = "summoned"  # a card summoned for an encounter (SUM-01); owner: the character


class Zone(NamedTuple):
    """A place for cards: its kind and whose it is (a character, a location, a card type for the box)."""

    kind: ZoneKind
    owner: str = ""

    def __str__(self) -> str:
        if self.kind is ZoneKind.BOX:
            return f"the box ({self.owner})"
        return f"{self.owner}'s {self.kind}" if self.owner else str(self.kind)


# Each part of the box's zone, by card type: `box` is asked whenever a card goes to the box or comes from it, and
# this saves making the type's name and a new Zone each time. It holds one Zone for each card type.
_BOXES: dict[CardType | str, Zone] = {}


def box(card_type: CardType | str) -> Zone:
    """The part of the box that holds one type of card (SET-03)."""
    zone = _BOXES.get(card_type)
    if zone is None:
        zone = _BOXES[card_type] = Zone(ZoneKind.BOX, str(card_type))
    return zone


BLESSINGS_DECK = Zone(ZoneKind.BLESSINGS_DECK)
BLESSINGS_DISCARD = Zone(ZoneKind.BLESSINGS_DISCARD)
REMOVED = Zone(ZoneKind.REMOVED)


class PhysicalCard:
    """One physical copy of a card; `uid` tells copies apart. Its name, type, the type it counts as (LOOT-01,
    BANE-01), traits, immunities (ENC-03), paragraphs by timing and the powers a player may choose to use are
    its card's, copied here to be read quickly. It never changes (one full box serves many games): what a game
    changes about a card, such as a trait it ignores, the game keeps."""

    __slots__ = ("uid", "card", "name", "type", "counts_as", "traits", "immunities", "powers_by_timing",
                 "choices_by_moment", "displayed_standing")

    uid: int
    card: AnyCard
    name: str
    type: CardType
    counts_as: CardType
    traits: tuple[str, ...]
    immunities: frozenset[str]
    powers_by_timing: PowersByTiming
    choices_by_moment: ChoicesByMoment
    displayed_standing: Mapping[Timing, int]

    def __init__(self, uid: int, card: AnyCard) -> None:
        set_once = object.__setattr__  # its only writes: any other raises (__setattr__)
        set_once(self, "uid", uid)
        set_once(self, "card", card)
        set_once(self, "name", card.name)
        set_once(self, "type", card.type)
        set_once(self, "counts_as", card.counts_as)
        set_once(self, "traits", card.traits)
        set_once(self, "immunities", frozenset(card.immunities) if isinstance(card, Bane) else frozenset())
        set_once(self, "powers_by_timing", card.powers_by_timing)
        set_once(self, "choices_by_moment", card.choices_by_moment)
        set_once(self, "displayed_standing", card.displayed_standing)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"{self!r} doesn't change: can't set its {name}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"{self!r} doesn't change: can't delete its {name}")

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.uid}>"


class ConservationError(AssertionError):
    """A card found in no zone, in two zones, or a card count that changed (DESIGN.md 7)."""


class FullBox(NamedTuple):
    """The physical cards of a full box, by type (SET-03), numbered from 0. Physical cards never change, only
    where they are, so one full box serves every game that fills its box with the same cards."""

    piles: dict[Zone, list[PhysicalCard]]
    where: dict[int, Zone]


def full_box(cards: list[AnyCard]) -> FullBox:
    """One physical card for each card in the list, in the box of its type."""
    piles: dict[Zone, list[PhysicalCard]] = {}
    where: dict[int, Zone] = {}
    for uid, card in enumerate(cards):
        zone = box(card.type)
        piles.setdefault(zone, []).append(PhysicalCard(uid, card))
        where[uid] = zone
    return FullBox(piles, where)


class ZonesState(NamedTuple):
    """Where every card of a game is, kept for a snapshot: each zone's cards top first, and the rest of `Zones`
    (which zone each card is in is worked out again from the piles: that keeps a snapshot small)."""

    piles: dict[Zone, tuple[PhysicalCard, ...]]
    next_uid: int
    copies: frozenset[int]
    shuffles: dict[Zone, int]


class Zones:
    """All zones of one game and the cards in them."""

    def __init__(self) -> None:
        self._piles: defaultdict[Zone, list[PhysicalCard]] = defaultdict(list)
        self._where: dict[int, Zone] = {}
        self._next_uid = 0
        self._copies: set[int] = set()
        self.shuffles: dict[Zone, int] = {}  # times each zone was shuffled: what was known of its order is lost
        self.watcher: Callable[[PhysicalCard, Zone | None, Zone | None], None] | None = None  # told of every move

    def fill_box(self, contents: FullBox) -> None:
        """Put a full box's cards into the game before any other card (the box is never held: no watcher is
        told)."""
        if self._where:
            raise ValueError("the box is filled before any other card comes into the game")
        self._piles.update((zone, list(pile)) for zone, pile in contents.piles.items())
        self._where.update(contents.where)
        self._next_uid = len(contents.where)

    def occupied(self) -> list[Zone]:
        """The zones that hold a card."""
        return [zone for zone, pile in self._piles.items() if pile]

    def state(self) -> ZonesState:
        """Where every card is, as plain data to keep (copies: the lists stay the game's own)."""
        piles = {zone: tuple(self._piles[zone]) for zone in self.occupied()}
        return ZonesState(piles, self._next_uid, frozenset(self._copies), dict(self.shuffles))

    def restore(self, state: ZonesState) -> None:
        """Put every card where a kept state says (the watcher is not told: the caller counts again)."""
        self._piles.clear()
        self._piles.update((zone, list(pile)) for zone, pile in state.piles.items())
        self._where = {card.uid: zone for zone, pile in state.piles.items() for card in pile}
        self._next_uid = state.next_uid
        self._copies = set(state.copies)
        self.shuffles = dict(state.shuffles)

    def summon_copy(self, card: AnyCard, zone: Zone, uid: int | None = None) -> PhysicalCard:
        """A copy of a card already in play, imagined for one encounter (SUM-01); `vanish` ends it. Given a `uid`
        no card has, the copy has it (a table file's stand-in keeps its number, `pacg.tables`)."""
        if uid is not None and uid in self._where:
            raise ValueError(f"a copy can't be numbered {uid}: the card in {self._where[uid]} is")
        copy = PhysicalCard(self._next_uid if uid is None else uid, card)
        self._next_uid = max(self._next_uid, copy.uid + 1)
        self._where[copy.uid] = zone
        self._piles[zone].append(copy)
        self._copies.add(copy.uid)
        if self.watcher is not None:
            self.watcher(copy, None, zone)
        return copy

    def is_copy(self, card: PhysicalCard) -> bool:
        return card.uid in self._copies

    def vanish(self, copy: PhysicalCard) -> None:
        """The imagined copy of a summoned card ceases to exist at the end of the encounter (SUM-01)."""
        source = self._where.pop(copy.uid)
        self._piles[source].remove(copy)
        if self.watcher is not None:
            self.watcher(copy, source, None)
        self._copies.discard(copy.uid)

    def cards(self, zone: Zone) -> list[PhysicalCard]:
        """The cards in a zone, top first. The list is the zone's own: change it only through `move`."""
        return self._piles[zone]

    def where(self, card: PhysicalCard) -> Zone:
        return self._where[card.uid]

    def move(self, card: PhysicalCard, to: Zone, bottom: bool = False) -> None:
        """Move a card from wherever it is to the top (or the bottom) of another zone."""
        piles, where = self._piles, self._where
        source = where[card.uid]
        piles[source].remove(card)
        where[card.uid] = to
        if bottom:
            piles[to].append(card)
        else:
            piles[to].insert(0, card)
        if self.watcher is not None:
            self.watcher(card, source, to)

    def swap(self, card: PhysicalCard, other: PhysicalCard) -> None:
        """Put each of two cards exactly where the other one is (a card exchanged for one from the box: the box's
        card takes its place, in its pile and at its position)."""
        piles, where = self._piles, self._where
        here, there = where[card.uid], where[other.uid]
        mine, theirs = piles[here].index(card), piles[there].index(other)
        piles[here][mine], piles[there][theirs] = other, card
        where[card.uid], where[other.uid] = there, here
        if self.watcher is not None:
            self.watcher(card, here, there)
            self.watcher(other, there, here)

    def shuffle_into(self, card: PhysicalCard, to: Zone, rng: random.Random) -> None:
        """Move a card into a zone at a random place (SUM-05: added cards are shuffled in)."""
        self.move(card, to, bottom=True)
        target = self._piles[to]
        target.insert(rng.randrange(len(target)), target.pop())

    def shuffle(self, zone: Zone, rng: random.Random) -> None:
        rng.shuffle(self._piles[zone])
        self.shuffles[zone] = self.shuffles.get(zone, 0) + 1

    @property
    def total(self) -> int:
        return len(self._where)

    def check_conservation(self) -> None:
        """Every card is in exactly one zone, the one it is recorded in, and none is lost or added."""
        seen: set[int] = set()
        for zone, pile in self._piles.items():
            for card in pile:
                if card.uid in seen:
                    raise ConservationError(f"{card!r} is in two places")
                if self._where[card.uid] != zone:
                    raise ConservationError(f"{card!r} is in {zone} but recorded in {self._where[card.uid]}")
                seen.add(card.uid)
        if len(seen) != self.total:
            raise ConservationError(f"{self.total - len(seen)} cards are in no place")
