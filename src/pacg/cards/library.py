"""The card library: every card definition by name (`CardLibrary`), and the cards of a game's box."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pacg.cards.model import AnyCard, Card
from pacg.cards.names import UnknownName, unknown_name
from pacg.cards.vocabulary import CardType


class CardLibrary:
    """Every card definition by name, read from a folder of card files."""

    def __init__(self, cards: Iterable[AnyCard]) -> None:
        self._cards: dict[str, AnyCard] = {}
        for card in cards:
            self._cards[card.name] = card
        self._by_lowercase = {name.lower(): card for name, card in self._cards.items()}  # for `find`
        self._boxes: dict[int, list[AnyCard]] = {}

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[AnyCard]:
        return iter(self._cards.values())

    def __contains__(self, name: object) -> bool:
        return name in self._cards

    def get(self, name: str) -> AnyCard:
        try:
            return self._cards[name]
        except KeyError:
            raise KeyError(f"no card named {name!r}") from None

    def find(self, name: str) -> AnyCard | None:
        """The card with this name, ignoring case, or None."""
        return self._cards.get(name) or self._by_lowercase.get(name.lower())

    def named(self, name: str, kind: CardType | None = None) -> str:
        """The card's own name for a name written in any case ("harsk" is "Harsk"), of a card of this type if one
        is given. Any other name raises `UnknownName`, whose message gives the closest names of that type
        ("did you mean ...")."""
        card = self.find(name.strip())
        word = str(kind) if kind is not None else "card"
        if card is not None and kind is not None and card.type != kind:
            raise UnknownName(f"unknown {word} {name!r} ({card.name} is a {card.type})")
        if card is None:
            known = [one.name for one in self._cards.values() if kind is None or one.type == kind]
            listing = f"pacg cards list --type {word.replace(' ', '-')}" if kind is not None else "pacg cards list"
            raise unknown_name(word, name, known, f"`{listing}` lists them")
        return card.name

    def box_contents(self, adventure_deck_number: int, names: list[str] | None = None) -> list[AnyCard]:
        """Every copy of every bane, boon and cohort (or of the named cards) that goes into the box of a game at
        that adventure deck number (SET-01, SET-03, SETUP-04), once for each copy."""
        if names:
            return _boxed([self.get(name) for name in names], adventure_deck_number)
        contents = self._boxes.get(adventure_deck_number)
        if contents is None:
            contents = self._boxes[adventure_deck_number] = _boxed(self._cards.values(), adventure_deck_number)
        return contents

    def of_type(self, *types: CardType) -> list[AnyCard]:
        return [card for card in self._cards.values() if card.type in types]

    def typed(self, name: str, model: type[Card]) -> Any:
        """The card with this name, which must be of this model (a Character, a Location, ...)."""
        card = self.get(name)
        if not isinstance(card, model):
            raise TypeError(f"{name!r} is a {card.type}, not a {model.__name__}")
        return card


def _boxed(cards: Iterable[AnyCard], adventure_deck_number: int) -> list[AnyCard]:
    return [card for card in cards
            if card.adventure_deck_number <= adventure_deck_number
            and (card.is_boon or card.is_bane or card.type == CardType.COHORT)
            for _ in range(card.copies)]
