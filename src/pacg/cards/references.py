"""References between cards, checked when the library loads: every name of another card must be a card of the
library, of a type that fits where it is named (a scenario's villain must be a villain).

`REFERENCES` lists every field that names other cards. A field anywhere in a card counts, however deep in
its powers (a `summon` effect inside a `then`), because the cards are walked through all their parts.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from pacg.cards.model import (
    Adventure,
    AdventurePath,
    AnyCard,
    Boon,
    Character,
    ClosingOption,
    Redemption,
    Reward,
    Scenario,
)
from pacg.cards.powers import (
    ENCOUNTERED,
    SERVITOR_DEMON,
    THIS_CARD,
    TOP_OF_BLESSINGS_DISCARD,
    BuildLocation,
    Move,
    ShuffleIntoBlessingsDeck,
    Summon,
)
from pacg.cards.vocabulary import BANE_TYPES, BASE_SET_PARTY, BOON_TYPES, CardType

if TYPE_CHECKING:
    from pacg.cards.problems import CardProblem
    from pacg.cards.reading import CardFile, CardFiles

Location = tuple[int | str, ...]
"""Where a value is in a card: the steps from the card down to it, `("powers", 0, "effects", 1, "summon")`."""


@dataclass(frozen=True)
class Reference:
    """A field of a part of a card that names other cards: a name, a list of names, or lists of names by a key.

    The named card must have one of `types` (`wanted` says which in words), or, for a deck by card type
    (`by_deck_type`), count as its key's type (a suggested deck's loot counts as its loot type, LOOT-01).
    `special` names are not cards but words the engine knows (`summon: servitor demon`, SUM-07)."""

    owner: type
    field: str
    types: frozenset[CardType] = frozenset()
    wanted: str = ""
    by_deck_type: bool = False
    special: frozenset[str] = frozenset()


def _one(card_type: CardType, wanted: str) -> tuple[frozenset[CardType], str]:
    return frozenset({card_type}), wanted


REDEEMABLE_TYPES = frozenset({CardType.WEAPON, CardType.ITEM, CardType.ARMOR})  # what can be redeemed (RED-01)
SUMMONABLE = BANE_TYPES | BOON_TYPES  # a location is summoned and built with `build_location` (SUM-04)

REFERENCES = (
    Reference(Boon, "owner", *_one(CardType.CHARACTER, "a character")),
    Reference(Character, "cohort", *_one(CardType.COHORT, "a cohort")),
    Reference(Character, "suggested_deck", by_deck_type=True),
    Reference(Scenario, "villains", *_one(CardType.VILLAIN, "a villain")),
    Reference(Scenario, "henchmen", *_one(CardType.HENCHMAN, "a henchman")),
    Reference(Scenario, "locations", *_one(CardType.LOCATION, "a location")),
    Reference(Scenario, "cohorts", *_one(CardType.COHORT, "a cohort")),
    Reference(Adventure, "scenarios", *_one(CardType.SCENARIO, "a scenario")),
    Reference(AdventurePath, "adventures", *_one(CardType.ADVENTURE, "an adventure")),
    Reference(Reward, "loot", *_one(CardType.LOOT, "a loot card")),
    Reference(Redemption, "redeemable", REDEEMABLE_TYPES, "a weapon, an item or an armor"),
    Reference(Summon, "summon", SUMMONABLE, "a bane or a boon", special=frozenset({SERVITOR_DEMON, ENCOUNTERED})),
    Reference(ClosingOption, "summon", SUMMONABLE, "a bane or a boon"),
    Reference(BuildLocation, "build_location", *_one(CardType.LOCATION, "a location")),
    Reference(Move, "to", *_one(CardType.LOCATION, "a location"), special=frozenset({"chosen", "random"})),
    Reference(ShuffleIntoBlessingsDeck, "shuffle_into_blessings_deck", BANE_TYPES | BOON_TYPES, "a bane or a boon",
              special=frozenset({THIS_CARD, TOP_OF_BLESSINGS_DISCARD})),
)


def card_parts(card: AnyCard) -> Iterator[tuple[Location, Any]]:
    """Every part of a card that is a model (the card, a power, an effect, a closing option, ...), with its
    location; the steps are the names the card file uses (a power's `if`, not its `conditions`)."""
    stack: list[tuple[Location, Any]] = [((), card)]
    while stack:
        location, value = stack.pop()
        fields = getattr(type(value), "__pydantic_fields__", None)  # a model, or a pydantic dataclass (a power)
        if fields is not None:
            yield location, value
            children = [((*location, info.alias or name), getattr(value, name)) for name, info in fields.items()]
        elif isinstance(value, tuple):
            children = [((*location, index), item) for index, item in enumerate(value)]
        elif isinstance(value, Mapping):
            children = [((*location, key if isinstance(key, int) else str(key)), item) for key, item in value.items()]
        else:
            continue
        stack.extend(reversed(children))


def _named(value: Any, location: Location) -> Iterator[tuple[Location, str]]:
    """The names in a referencing field's value, each with its location: a name, a list, a dict of lists."""
    if isinstance(value, str):
        yield location, value
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _named(item, (*location, index))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _named(item, (*location, key if isinstance(key, int) else str(key)))


def _close_name(name: str, names: list[str]) -> str:
    """ " (did you mean 'X'?)" for the known name closest to a misspelt one, or nothing."""
    close = [known for known in names if known.lower() == name.lower()]
    close = close or difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _for_more_players_than_a_party(reference: Reference, location: Location) -> bool:
    """Whether the name is a scenario's location for more players than the base set's party may have, which only a
    party of 5 or 6 uses (the Character Add-On Deck's, REB-03): such a location may have no card file yet, as the
    scenario can still be played by fewer (setup refuses a party that needs it, saying so)."""
    if reference.owner is not Scenario or reference.field != "locations":
        return False
    players = location[-2]
    return isinstance(players, int) and players > BASE_SET_PARTY


@cache  # asked for every part of every card file read: this saves going through REFERENCES again for each
def _references_of(part_type: type) -> tuple[Reference, ...]:
    """The referencing fields of a part of this type."""
    return tuple(reference for reference in REFERENCES if issubclass(part_type, reference.owner))


class _Checker:
    """Checks the references of a reading's cards against the cards it found."""

    def __init__(self, found: CardFiles) -> None:
        self.found = found

    def problems(self, file: CardFile) -> Iterator[CardProblem]:
        for location, part in card_parts(file.card):
            part_type: type = type(part)
            for reference in _references_of(part_type):
                field_location = (*location, reference.field)
                for name_location, name in _named(getattr(part, reference.field), field_location):
                    yield from self._check(file, reference, name_location, name)

    def _check(self, file: CardFile, reference: Reference, location: Location, name: str) -> Iterator[CardProblem]:
        if name in reference.special or name in self.found.broken_names:
            return
        if name not in self.found.files:
            message = f"no card named {name!r}{_close_name(name, self._fitting(reference, location))}"
            if _for_more_players_than_a_party(reference, location):
                players = location[-2]
                message += f"; until there is one, {players} characters can't play the scenario"
                yield file.problem(location, message, True)
            else:
                yield file.problem(location, message)
            return
        wrong = self._wrong_type(reference, location, name)
        if wrong is not None:
            yield file.problem(location, wrong)

    def _fitting(self, reference: Reference, location: Location) -> list[str]:
        """The names of the cards that could be named here."""
        if reference.by_deck_type:
            return [name for name, file in self.found.files.items() if file.card.counts_as == location[-2]]
        return [name for name, file in self.found.files.items() if file.card.type in reference.types]

    def _wrong_type(self, reference: Reference, location: Location, name: str) -> str | None:
        """What is wrong with the type of the named card where it is named, or None."""
        card = self.found.files[name].card
        if reference.by_deck_type:
            deck_type = location[-2]
            if card.counts_as == deck_type:
                return None
            what = _a(card.type)
            if card.counts_as != card.type:  # loot counts as its listed type (LOOT-01)
                what = f"{what} card that counts as {_a(card.counts_as)}"
            return f"{name!r} is {what}, not {_a(str(deck_type))}"
        return None if card.type in reference.types else f"{name!r} is {_a(card.type)}, not {reference.wanted}"


def _a(word: str) -> str:
    """A card type with its article: "a weapon", "an item"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def reference_problems(found: CardFiles) -> list[CardProblem]:
    """Every name of another card, in every card found, that is no card of the right type. A scenario's
    location for a party of 5 or 6 is only noted when it has no card yet."""
    checker = _Checker(found)
    problems = [problem for file in found.files.values() for problem in checker.problems(file)]
    return problems + list(_redemption_problems(found))


def _redemption_problems(found: CardFiles) -> Iterator[CardProblem]:
    """The redemption card lists the weapons, items and armors that have the Corrupted trait (RED-01): a card
    it lists without that trait is an error; one it leaves out is noted."""
    redemptions = [(file, file.card) for file in found.files.values() if isinstance(file.card, Redemption)]
    listed = {name for _, card in redemptions for name in card.redeemable}
    for file, card in redemptions:
        for index, name in enumerate(card.redeemable):
            named = found.files.get(name)
            if named is not None and named.card.type in REDEEMABLE_TYPES and "Corrupted" not in named.card.traits:
                yield file.problem(("redeemable", index), f"{name!r} has no Corrupted trait to redeem")
        for name, named in found.files.items():
            if named.card.type in REDEEMABLE_TYPES and "Corrupted" in named.card.traits and name not in listed:
                yield file.problem(("redeemable",), f"{name!r} is a Corrupted {named.card.type} it doesn't list", True)
