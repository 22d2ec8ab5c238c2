"""Reading card files into a card library, with errors that name the file, the line and the field.

Each card is one YAML file. Its `type` picks the model that validates it (`MODEL_BY_TYPE`). YAML is read
as a node tree first, so that every validation error can be traced back to the line it came from.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from pacg.cards.model import MODEL_BY_TYPE, AnyCard, Card
from pacg.cards.vocabulary import CardType

_YamlLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

DEFAULT_CARD_FOLDER = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class CardProblem:
    """One thing wrong with a card file."""

    path: Path
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class CardFileError(ValueError):
    """Card files that could not be read; `problems` lists each with its file, line and field."""

    def __init__(self, problems: list[CardProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(problem) for problem in problems))


def _node_at(node: yaml.Node, location: tuple[int | str, ...]) -> yaml.Node:
    """The deepest YAML node on the path of a validation error's location."""
    for step in location:
        child: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == str(step):
                    child = value
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            child = node.value[step]
        if child is None:
            return node
        node = child
    return node


def _field_name(location: tuple[int | str, ...]) -> str:
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
_UNKNOWN_FIELD = ("extra_forbidden", "unexpected_keyword_argument")


def _problems(path: Path, root: yaml.Node, error: ValidationError) -> list[CardProblem]:
    problems = []
    for detail in error.errors():
        location = tuple(detail["loc"])
        message = detail["msg"].removeprefix("Value error, ")
        if detail["type"] in _UNKNOWN_FIELD:
            message = "unknown field"
        line = _node_at(root, location).start_mark.line + 1
        problems.append(CardProblem(path, line, _field_name(location), message))
    return problems


def _read_yaml(path: Path) -> tuple[yaml.MappingNode, dict[str, Any]]:
    """The file's node tree (for line numbers) and its data, read once."""
    loader = _YamlLoader(path.read_text(encoding="utf-8"))
    try:
        root = loader.get_single_node()
        if not isinstance(root, yaml.MappingNode):
            raise CardFileError([CardProblem(path, 1, "", "a card file holds one card: a mapping of fields")])
        return root, loader.construct_document(root)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark is not None else 1
        raise CardFileError([CardProblem(path, line, "", f"not valid YAML: {error.problem}")]) from None
    finally:
        loader.dispose()


def load_card_file(path: Path) -> AnyCard:
    """Read and validate one card file. Raises CardFileError naming the file, line and field."""
    root, data = _read_yaml(path)
    type_node = _node_at(root, ("type",))
    model = MODEL_BY_TYPE.get(data.get("type"))  # type: ignore[arg-type]
    if model is None:
        known = ", ".join(sorted(MODEL_BY_TYPE))
        message = f"unknown card type {data.get('type')!r} (card files exist for: {known})"
        raise CardFileError([CardProblem(path, type_node.start_mark.line + 1, "type", message)])
    try:
        card: AnyCard = model.model_validate(data)  # type: ignore[assignment]
    except ValidationError as error:
        raise CardFileError(_problems(path, root, error)) from None
    unrun = _unrun_powers(path, root, card)
    if unrun:
        raise CardFileError(unrun)
    return card


def _unrun_powers(path: Path, root: yaml.Node, card: AnyCard) -> list[CardProblem]:
    """The card's paragraphs that the engine would never run, each with its line and field: valid data that
    silently does nothing is refused (DESIGN.md 2). The engine says what it runs (`pacg.engine.support`)."""
    from pacg.engine.support import refusals  # the engine knows what it runs; it reads only card models

    return [CardProblem(path, _node_at(root, field).start_mark.line + 1, _field_name(field), message)
            for field, message in refusals(card)]


class CardLibrary:
    """Every card definition by name, read from a folder of card files."""

    def __init__(self, cards: Iterable[AnyCard]) -> None:
        self._cards: dict[str, AnyCard] = {}
        for card in cards:
            self._cards[card.name] = card
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
        return self._cards.get(name) or next(
            (card for card in self._cards.values() if card.name.lower() == name.lower()), None
        )

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


def load_library(folder: Path = DEFAULT_CARD_FOLDER) -> CardLibrary:
    """Read every `*.yaml` card file below a folder. All problems of all files are reported together,
    and so is a name used by two files.

    The cards then live as long as the process, so they are frozen out of the garbage collector's sight
    (`gc.freeze`): otherwise every full collection during play would walk all of them again."""
    cards: list[AnyCard] = []
    problems: list[CardProblem] = []
    seen: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.yaml")):
        try:
            card = load_card_file(path)
        except CardFileError as error:
            problems.extend(error.problems)
            continue
        if card.name in seen:
            problems.append(CardProblem(path, 1, "name", f"{card.name!r} is also defined in {seen[card.name]}"))
            continue
        seen[card.name] = path
        cards.append(card)
    if problems:
        raise CardFileError(problems)
    library = CardLibrary(cards)
    gc.collect()  # what is garbage now must not be frozen with the cards
    gc.freeze()
    return library
