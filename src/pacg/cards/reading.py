"""Reading card files: each card is one YAML file, whose `type` picks the model that validates it
(`MODEL_BY_TYPE`). YAML is read as a node tree first, so that every validation error can be traced back to the line
it came from; a paragraph the engine would never run is refused (`pacg.engine.support`). Every problem is a
`problems.CardProblem` naming the file, the line and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from pacg.cards.files import MOST_CARD_BYTES, card_file_paths, too_big
from pacg.cards.model import MODEL_BY_TYPE, AnyCard
from pacg.cards.powers import complete_models
from pacg.cards.problems import CardFileError, CardProblem, field_name

_YamlLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _child(node: yaml.Node, step: int | str) -> yaml.Node | None:
    """The node a step of a location leads to from this one: a mapping's value by key, a list's item by index."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == str(step):
                return value  # type: ignore[no-any-return]
    elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
        return node.value[step]  # type: ignore[no-any-return]
    return None


def node_at(node: yaml.Node, location: tuple[int | str, ...]) -> yaml.Node:
    """The deepest YAML node on the path of a validation error's location."""
    for step in location:
        child = _child(node, step)
        if child is None:
            return node
        node = child
    return node


def file_location(root: yaml.Node, location: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """A validation error's location as steps through the file: without the key an effect's model is told by
    (`("effects", 0, "roll_die", "then", 0)`: the roll's `then` is beside its `roll_die`, not in it)."""
    node = root
    steps: list[int | str] = []
    for index, step in enumerate(location):
        child = _child(node, step)
        following = location[index + 1:]
        if (isinstance(child, yaml.ScalarNode) and following and following[0] != step
                and _child(node, following[0]) is not None):
            continue  # the effect's key: the next step is a field beside it
        steps.append(step)
        if child is not None:
            node = child
    return tuple(steps)


_UNKNOWN_FIELD = ("extra_forbidden", "unexpected_keyword_argument")


def _problems(path: Path, root: yaml.Node, error: ValidationError) -> list[CardProblem]:
    problems = []
    details = error.errors()
    inner = [tuple(detail["loc"]) for detail in details]
    for detail in details:
        location = tuple(detail["loc"])
        if detail["type"] == "too_short" and any(len(other) > len(location) and other[:len(location)] == location
                                                 for other in inner):
            continue  # a list too short only for want of its items reported wrong: each mistake is reported once
        location = file_location(root, location)
        message = detail["msg"].removeprefix("Value error, ")
        if detail["type"] in _UNKNOWN_FIELD:
            message = "unknown field"
        elif detail["type"].endswith("_type") and isinstance(detail.get("input"), bool):  # `copies: yes`
            message += f", not {str(detail['input']).lower()}"
        line = node_at(root, location).start_mark.line + 1
        problems.append(CardProblem(path, line, field_name(location), message))
    return problems


MAX_NESTING = 50
"""How deep a card file's mappings and lists may nest: real cards nest 6 deep; a deeper file is a mistake (and
YAML's C parser would overflow the stack on a file nested a hundred thousand deep)."""

_COLLECTION_START = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_COLLECTION_END = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _unreadable(path: Path, error: OSError) -> CardFileError:
    return CardFileError([CardProblem(path, 1, "", f"can't read the file ({error.strerror})")])


def _read_text(path: Path) -> str:
    """The file's text, which must be UTF-8; a byte that isn't is reported with its line and offset."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise _unreadable(path, error) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        message = f"not UTF-8 text: byte 0x{raw[error.start]:02x} at offset {error.start}; save the file as UTF-8"
        raise CardFileError([CardProblem(path, line, "", message)]) from None


def _check_events(path: Path, text: str) -> None:
    """Refuse, before the file's node tree is built, nesting deeper than MAX_NESTING and aliases (`*name`):
    a card says everything where it stands, so that the line of an error is the line to fix, and a file
    can't expand into a huge card ("billion laughs")."""
    loader = _YamlLoader(text)
    get_event: Callable[[], yaml.Event] = loader.get_event  # typed here: the PyYAML stubs leave it untyped
    try:
        depth = 0
        while loader.check_event():
            event = get_event()
            assert event.start_mark is not None  # the parser marks every event it makes
            line = event.start_mark.line + 1
            if isinstance(event, _COLLECTION_START):
                depth += 1
                if depth > MAX_NESTING:
                    message = f"nested more than {MAX_NESTING} levels deep"
                    raise CardFileError([CardProblem(path, line, "", message)])
            elif isinstance(event, _COLLECTION_END):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                message = f"an alias (*{event.anchor}): card files don't use anchors and aliases; write the value out"
                raise CardFileError([CardProblem(path, line, "", message)])
    except yaml.MarkedYAMLError as error:  # newer PyYAML has a nesting limit of its own, met while reading ahead
        if "nesting" not in str(error.problem) or error.problem_mark is None:
            raise
        message = f"nested more than {MAX_NESTING} levels deep"
        raise CardFileError([CardProblem(path, error.problem_mark.line + 1, "", message)]) from None
    finally:
        loader.dispose()


def _check_keys(path: Path, root: yaml.Node) -> None:
    """Refuse a key written twice in one mapping: YAML would silently keep the last value."""
    problems = []
    stack: list[tuple[yaml.Node, tuple[int | str, ...]]] = [(root, ())]
    while stack:
        node, location = stack.pop()
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, (*location, index)) for index, child in enumerate(node.value))
        elif isinstance(node, yaml.MappingNode):
            first_lines: dict[str, int] = {}
            for key, value in node.value:
                name = str(key.value)
                line = key.start_mark.line + 1
                if name in first_lines:
                    message = f"written twice in one mapping (first on line {first_lines[name]})"
                    problems.append(CardProblem(path, line, field_name((*location, name)), message))
                first_lines.setdefault(name, line)
                stack.append((value, (*location, name)))
    if problems:
        raise CardFileError(sorted(problems, key=lambda problem: problem.line))


def read_yaml(path: Path, holds: str = "a card file holds one card: a mapping of fields"
              ) -> tuple[yaml.MappingNode, dict[str, Any]]:
    """A YAML file's node tree (for line numbers) and its data, which must be a mapping (`holds` says what of):
    refused, as a CardFileError naming the line, when it is not UTF-8, not YAML, nested too deeply, uses aliases
    or writes a key twice (card files and table files)."""
    text = _read_text(path)
    try:
        _check_events(path, text)
        loader = _YamlLoader(text)
        try:
            root = loader.get_single_node()
            if not isinstance(root, yaml.MappingNode):
                raise CardFileError([CardProblem(path, 1, "", holds)])
            _check_keys(path, root)
            return root, loader.construct_document(root)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark is not None else 1
        raise CardFileError([CardProblem(path, line, "", f"not valid YAML: {error.problem}")]) from None
    except yaml.reader.ReaderError as error:  # a character YAML doesn't allow, such as a control character
        raise CardFileError([_bad_character(path, text, error)]) from None


def _bad_character(path: Path, text: str, error: yaml.reader.ReaderError) -> CardProblem:
    """The problem of a character YAML refuses. The reader stops at its first occurrence; its position is
    counted in bytes by YAML's C reader, in characters by the Python one, so the line is found by the
    character itself."""
    character = error.character if isinstance(error.character, str) else chr(error.character)
    line = text.count("\n", 0, max(text.find(character), 0)) + 1
    return CardProblem(path, line, "", f"not valid YAML: character U+{ord(character):04X} is not allowed here")


@dataclass(frozen=True)
class CardFile:
    """A card as read from its file, with the file's node tree to trace any of its fields to a line."""

    card: AnyCard
    path: Path
    root: yaml.MappingNode

    def problem(self, location: tuple[int | str, ...], message: str, note: bool = False) -> CardProblem:
        """A problem of the field at this location (`("villains", 0)`), on that field's line."""
        line = node_at(self.root, location).start_mark.line + 1
        return CardProblem(self.path, line, field_name(location), message, note)


_MODEL_BY_NAME = {str(card_type): model for card_type, model in MODEL_BY_TYPE.items()}


def _model(path: Path, root: yaml.MappingNode, data: dict[str, Any]) -> type[AnyCard]:
    """The model that validates a card of the file's `type`."""
    card_type = data.get("type")
    model = _MODEL_BY_NAME.get(card_type) if isinstance(card_type, str) else None
    if model is None:
        known = ", ".join(sorted(MODEL_BY_TYPE))
        message = f"unknown card type {card_type!r} (card files exist for: {known})"
        line = node_at(root, ("type",)).start_mark.line + 1
        raise CardFileError([CardProblem(path, line, "type", message)], _name_in(data))
    return model


def _name_in(data: dict[str, Any]) -> str | None:
    name = data.get("name")
    return name if isinstance(name, str) else None


def _check_size(path: Path) -> None:
    """Refuse, before it is read, a card file bigger than MOST_CARD_BYTES."""
    try:
        problem = too_big(path, MOST_CARD_BYTES)
    except OSError as error:
        raise _unreadable(path, error) from None
    if problem is not None:
        raise CardFileError([CardProblem(path, 1, "", f"not a card file: {problem}")])


def read_card_file(path: Path) -> CardFile:
    """Read and validate one card file, keeping its node tree. Raises CardFileError naming the file, line and
    field."""
    _check_size(path)
    root, data = read_yaml(path)
    model = _model(path, root, data)
    complete_models()
    try:
        card: AnyCard = model.model_validate(data)
    except ValidationError as error:
        raise CardFileError(_problems(path, root, error), _name_in(data)) from None
    unrun = _unrun_powers(path, root, card)
    if unrun:
        raise CardFileError(unrun, card.name)
    return CardFile(card, path, root)


def _unrun_powers(path: Path, root: yaml.Node, card: AnyCard) -> list[CardProblem]:
    """The card's paragraphs that the engine would never run, each with its line and field: valid data that
    silently does nothing is refused (DESIGN.md 2). The engine says what it runs (`pacg.engine.support`)."""
    from pacg.engine.support import refusals  # the engine knows what it runs; it reads only card models

    return [CardProblem(path, node_at(root, field).start_mark.line + 1, field_name(field), message)
            for field, message in refusals(card)]


def load_card_file(path: Path) -> AnyCard:
    """Read and validate one card file. Raises CardFileError naming the file, line and field."""
    return read_card_file(path).card


@dataclass
class CardFiles:
    """What a reading of card folders found: the cards by name with their files, and every problem."""

    files: dict[str, CardFile]
    problems: list[CardProblem]
    broken_names: set[str]  # the names of cards whose files could not be read: no reference to them is wrong

    @property
    def errors(self) -> list[CardProblem]:
        return [problem for problem in self.problems if not problem.note]


def read_card_folders(folders: Sequence[Path]) -> CardFiles:
    """Read every card file below each folder in turn. A name used by two files of one folder is a problem;
    a card of a later folder replaces the card of the same name of an earlier one (custom cards added to the
    box replace the shipped ones), which is noted."""
    found = CardFiles({}, [], set())
    for folder in folders:
        earlier = dict(found.files)
        in_folder: dict[str, Path] = {}
        for path in card_file_paths(folder):
            try:
                file = read_card_file(path)
            except CardFileError as error:
                found.problems.extend(error.problems)
                if error.name is not None:
                    found.broken_names.add(error.name)
                continue
            name = file.card.name
            if name in in_folder:
                found.problems.append(file.problem(("name",), f"{name!r} is also defined in {in_folder[name]}"))
                continue
            in_folder[name] = path
            if name in earlier:
                found.problems.append(file.problem(("name",), f"replaces the card of {earlier[name].path}", True))
            found.files[name] = file
    return found
