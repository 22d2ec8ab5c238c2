"""The card library: every card definition by name, loaded from the card files (or from the cache of a library
loaded before), and the problems a card file can have, each naming the file, the line and the field.

Reading and checking the files themselves is `pacg.cards.reading`'s, imported only when the files are read: a
library that comes from the cache (`pacg.cards.cache`) needs no YAML.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pacg.cards.files import DEFAULT_CARD_FOLDER as DEFAULT_CARD_FOLDER
from pacg.cards.model import AnyCard, Card
from pacg.cards.names import UnknownName, unknown_name
from pacg.cards.vocabulary import CardType


@dataclass(frozen=True)
class CardProblem:
    """One thing wrong with a card file, or (`note`) one thing worth knowing that is not wrong."""

    path: Path
    line: int
    field: str
    message: str
    note: bool = False

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}: note" if self.note else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class CardFileError(ValueError):
    """Card files that could not be read; `problems` lists each with its file, line and field. `name` is the
    name of the card of a single file that could not be read, when the file says it."""

    def __init__(self, problems: list[CardProblem], name: str | None = None) -> None:
        self.problems = problems
        self.name = name
        super().__init__("\n".join(str(problem) for problem in problems))


def field_name(location: tuple[int | str, ...]) -> str:
    """A field of a card file as its errors name it: ("powers", 0, "effects", 1) is `powers[0].effects[1]`."""
    name = ""
    previous: int | str | None = None
    for step in location:
        if isinstance(step, int):
            name += f"[{step}]"
        elif step.startswith(("function-", "tagged-union")) or "[" in step or step == previous:
            pass  # pydantic's own steps through validators and unions; a tagged union repeats its tag
        else:
            name += f".{step}" if name else step
        previous = step
    return name


# How pydantic reports a field a card file's model doesn't have: a model's, and a dataclass's (a power).
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


def load_library(folder: Path = DEFAULT_CARD_FOLDER, custom: Path | None = None) -> CardLibrary:
    """Read every card file below a folder, and then those below `custom` (custom cards added to the box,
    which replace the cards of the same name). All problems of all files are reported together: a name used
    by two files of one folder, and every name of another card that names no card of the right type
    (`pacg.cards.references`; what it only notes doesn't stop the loading). A library read before from the
    same files by the same pacg comes from the cache instead (`pacg.cards.cache`), without reading them again.

    The cards then live as long as the process, so they are frozen out of the garbage collector's sight
    (`gc.freeze`): otherwise every full collection during play would walk all of them again."""
    from pacg.cards import cache

    folders = [folder] if custom is None else [folder, custom]
    key = cache.Key(tuple(folders))
    library = cache.cached(key)
    if library is None:
        library = _read_library(folders)
        cache.store(key, library)
        gc.collect()  # the files' node trees are garbage now, and must not be frozen with the cards
    gc.freeze()
    return library


def _read_library(folders: list[Path]) -> CardLibrary:
    from pacg.cards.reading import read_card_folders
    from pacg.cards.references import reference_problems

    found = read_card_folders(folders)
    errors = found.errors + [problem for problem in reference_problems(found) if not problem.note]
    if errors:
        raise CardFileError(errors)
    return CardLibrary(file.card for file in found.files.values())
