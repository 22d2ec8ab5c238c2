"""Table files: a position of a game described as data, to start a game from (DESIGN.md 8).

A table file (YAML, or JSON) says what is where between two turns: the scenario, the characters with their
locations, hands, decks (top first), discard piles, buried and displayed cards, feats and mythic paths; the
locations with their decks (top first); the blessings deck (top first) and its discard pile; optionally the
next die results and the character whose turn is next. For bug reports, tutorials, puzzles and tests:

    scenario: The Godless Ones
    characters:
    - name: Harsk
      location: Abattoir
      hand: [Shortbow, Cecilla the Uprooter]
      deck: [Longsword, Helm]
    locations:
    - name: Abattoir
      deck: [Dire Rat, Mace]
    blessings: [Blessing of Ascension, Blessing of Ascension]
    dice: [5, 3, 1, 1]

`read_table` reads and checks one (every field, every name, and that the box holds every card named: each comes
out of the box, so the game's cards are conserved); `build_state` lays the table out as a game state ready for
`play_turns`; `pacg.new_game(table=...)` and `pacg play --table FILE` play from it. Nothing of setup is done
again: no setup power applies, no card is drawn (the position is the one after setup, or any later turn's).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, get_args

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from pacg.cards.files import too_big
from pacg.cards.loader import CardFileError, CardLibrary, field_name, load_library
from pacg.cards.model import AnyCard, Character, Location, MythicPath, Scenario
from pacg.cards.names import UnknownName
from pacg.cards.reading import node_at, read_yaml
from pacg.cards.vocabulary import MAX_PARTY, CardType, Proficiency, Skill, adventure_deck_number
from pacg.engine.box import first_in_box
from pacg.engine.state import CharacterState, Feats, GameState, LocationState
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, PhysicalCard, Zone, ZoneKind

MOST_BYTES = 4 * 2**20  # a table of every card of the box is a few kilobytes: a bigger file is not a table
HOLDS = "a table file holds a mapping of fields: scenario, characters, locations, blessings ..."


class TableError(ValueError):
    """A table file that can't be read or laid out: the file (and line), the field, and what is wrong."""


# --- names, checked against the card library the table is read with ----------------------------------------


def _named(kind: CardType | None) -> AfterValidator:
    """A name of a card of the library: of this type, or (none given) a card the box holds (a bane, a boon or a
    cohort). Written in any case, it reads as the card's own name (`CardLibrary.named`). Checked only when the
    table is read with a library (`parse_table`)."""

    def check(name: str, info: ValidationInfo) -> str:
        library: CardLibrary | None = (info.context or {}).get("library")
        if library is None:
            return name
        try:
            card = library.get(library.named(name, kind))
        except UnknownName as error:
            raise PydanticCustomError("unknown_name", "{message}", {"message": str(error)}) from None
        if kind is None and not _in_box(card):
            raise PydanticCustomError("unknown_name", "{message}", {
                "message": f"{card.name} is a {card.type}, not a card of the box (a bane, a boon or a cohort)"})
        return card.name

    return AfterValidator(check)


def _in_box(card: AnyCard) -> bool:
    return card.is_boon or card.is_bane or card.type is CardType.COHORT


CardName = Annotated[str, _named(None)]
CharacterName = Annotated[str, _named(CardType.CHARACTER)]
LocationName = Annotated[str, _named(CardType.LOCATION)]
ScenarioName = Annotated[str, _named(CardType.SCENARIO)]
MythicPathName = Annotated[str, _named(CardType.MYTHIC_PATH)]
Count = Annotated[int, Field(strict=True, ge=0, le=20)]


@dataclass(frozen=True)
class _Origin:
    """Where a table came from, for its errors: the file (or "the table"), and its YAML nodes for line numbers."""

    source: str
    root: yaml.Node | None = None

    def error(self, location: tuple[int | str, ...], message: str) -> TableError:
        where = self.source
        if self.root is not None:
            where += f":{node_at(self.root, location).start_mark.line + 1}"
        return TableError(f"{where}: {field_name(location)}: {message}" if location else f"{where}: {message}")


# --- the table file's model -------------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TableFeats(_Strict):
    """The feat boxes checked (FEAT-01, FEAT-02, ROLE-01), as `engine.state.Feats` holds them: skill feats by
    skill, hand size and card feats as counts, proficiencies, power feats as [paragraph number, box label] (the
    paragraphs of the role card once a role is chosen, numbered from 0), and the role."""

    skills: dict[Skill, Count] = {}
    hand_size: Count = 0
    cards: dict[CardType, Count] = {}
    proficiencies: list[Proficiency] = []
    powers: list[tuple[Annotated[int, Field(strict=True, ge=0)], str]] = []
    role: str | None = None

    @field_validator("skills", "cards")
    @classmethod
    def _in_order(cls, counts: dict[Any, int]) -> dict[Any, int]:
        """Feats by skill or card type in one order, however written: the same table reads the same."""
        return dict(sorted(counts.items()))

    def feats(self) -> Feats:
        return Feats(dict(self.skills), self.hand_size, dict(self.cards), set(self.proficiencies),
                     set(self.powers), self.role)


class TableCharacter(_Strict):
    """A character at a location, with their cards: each pile top first."""

    name: CharacterName
    location: LocationName
    hand: list[CardName] = []
    deck: list[CardName] = []
    discard: list[CardName] = []
    buried: list[CardName] = []
    displayed: list[CardName] = []
    feats: TableFeats | None = None
    mythic_path: MythicPathName | None = None
    mythic_charges: Count = 0
    chosen_trait: str | None = None  # the trait chosen as the scenario was set up (a power's "choose a trait")

    def piles(self) -> Iterator[tuple[str, list[str], ZoneKind]]:
        """Each of the character's piles: its field, its cards, its zone."""
        yield from (("hand", self.hand, ZoneKind.HAND), ("deck", self.deck, ZoneKind.DECK),
                    ("discard", self.discard, ZoneKind.DISCARD), ("buried", self.buried, ZoneKind.BURIED),
                    ("displayed", self.displayed, ZoneKind.DISPLAYED))


class TableLocation(_Strict):
    """A location and its deck, top first; a permanently closed one holds no cards (CLOSE-04)."""

    name: LocationName
    deck: list[CardName] = []
    closed: Annotated[bool, Field(strict=True)] = False


class TableFile(_Strict):
    """A position between two turns: see the module's docstring. `turn` names the character whose turn is next
    (the first listed if left out); `dice`, the next die results, in the order the dice are rolled (a pool's
    largest dice first); `seed`, the seed of the game's random generator (shuffles and the dice not scripted)."""

    scenario: ScenarioName
    characters: list[TableCharacter] = Field(min_length=1, max_length=MAX_PARTY)
    locations: list[TableLocation] = Field(min_length=1)
    blessings: list[CardName] = []
    blessings_discard: list[CardName] = []
    dice: list[Annotated[int, Field(strict=True, ge=1, le=20)]] = []
    turn: CharacterName | None = None
    seed: Annotated[int, Field(strict=True)] | None = None
    _origin: _Origin = PrivateAttr()

    def canonical(self) -> str:
        """The table as one canonical JSON string: the same for the same table, however it was written (what
        `Setup.table` and records keep)."""
        return json.dumps(self.data(), separators=(",", ":"), ensure_ascii=False)

    def data(self) -> dict[str, Any]:
        """The table as JSON-serializable data, without the fields left at their defaults."""
        return self.model_dump(mode="json", exclude_defaults=True)

    def named(self) -> Iterator[tuple[tuple[int | str, ...], str]]:
        """Every card the table names, with its field, in the order they are laid out."""
        for number, character in enumerate(self.characters):
            for pile, names, _ in character.piles():
                yield from ((("characters", number, pile, index), name) for index, name in enumerate(names))
        for number, location in enumerate(self.locations):
            yield from ((("locations", number, "deck", index), name) for index, name in enumerate(location.deck))
        for pile in ("blessings", "blessings_discard"):
            yield from (((pile, index), name) for index, name in enumerate(getattr(self, pile)))


# --- reading and checking ---------------------------------------------------------------------------------


def read_table(source: Mapping[str, Any] | str | Path, library: CardLibrary | None = None) -> TableFile:
    """A table file (.yaml, .yml or .json) or its data, checked field by field against a card library (the
    built-in one if none is given): TableError, one line, with the first problem."""
    chosen = library if library is not None else load_library()
    if isinstance(source, Mapping):
        return parse_table(source, chosen)
    path = Path(source)
    data, root = _read_file(path)
    return parse_table(data, chosen, _Origin(str(path), root))


def _read_file(path: Path) -> tuple[Any, yaml.Node | None]:
    if path.suffix.lower() not in (".yaml", ".yml", ".json"):
        raise TableError(f"{path}: a table file is YAML (.yaml, .yml) or JSON (.json), not {path.suffix or 'this'}")
    try:
        problem = too_big(path, MOST_BYTES)
        if problem is not None:
            raise TableError(f"{path}: not a table file: {problem}")
        if path.suffix.lower() != ".json":
            root, data = read_yaml(path, HOLDS)
            return data, root
        return json.loads(path.read_text(encoding="utf-8")), None
    except CardFileError as error:
        raise TableError(str(error.problems[0])) from None
    except OSError as error:
        raise TableError(f"{path}: can't read the table file ({error.strerror})") from None
    except ValueError as error:  # not JSON, not UTF-8
        raise TableError(f"{path}: not JSON: {error}") from None
    except RecursionError:
        raise TableError(f"{path}: not a table file: nested too deeply") from None


def parse_table(data: Mapping[str, Any] | Any, library: CardLibrary | None, origin: _Origin | str = "the table"
                ) -> TableFile:
    """A table's data checked: its fields and, given a card library, its names, the characters' feats and
    locations, and that the box holds every card named. Without a library only the fields are checked (a record
    read before its cards are known)."""
    where = origin if isinstance(origin, _Origin) else _Origin(origin)
    if not isinstance(data, Mapping):
        raise TableError(f"{where.source}: {HOLDS}")
    try:
        table = TableFile.model_validate(data, context={"library": library})
    except ValidationError as error:
        raise _first_problem(error, where) from None
    except RecursionError:
        raise TableError(f"{where.source}: not a table: nested too deeply") from None
    table._origin = where
    problem = next(_problems(table, library), None) if library is not None else None
    if problem is not None:
        raise where.error(*problem)
    return table


def _first_problem(error: ValidationError, origin: _Origin) -> TableError:
    detail = error.errors()[0]
    location = tuple(detail["loc"])
    message = detail["msg"]
    if detail["type"] == "extra_forbidden":
        message = f"unknown field (the fields here: {', '.join(_fields_at(location[:-1]))})"
    elif detail["type"] == "missing":
        message = "missing: this field is required"
    elif detail["type"].endswith(("_type", "_parsing")) or detail["type"] == "enum":  # what was written instead
        message += f", not {_short(detail['input'])}"
    return origin.error(location, message)


def _fields_at(location: tuple[int | str, ...]) -> list[str]:
    """The fields of the part of a table file at a location (the fields of a character, of a location ...)."""
    model: type[BaseModel] = TableFile
    for step in location:
        if isinstance(step, int):
            continue
        annotation = model.model_fields[step].annotation
        while not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            annotation = next(arg for arg in get_args(annotation) if arg is not type(None))
        model = annotation
    return list(model.model_fields)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _problems(table: TableFile, library: CardLibrary) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """What is wrong with a table whose every field and name is right: each with its field."""
    yield from _repeated(("characters",), [character.name for character in table.characters], "character")
    yield from _repeated(("locations",), [location.name for location in table.locations], "location")
    laid_out = {location.name for location in table.locations}
    for number, character in enumerate(table.characters):
        if character.location not in laid_out:
            yield ("characters", number, "location"), (f"{character.location} is not one of the table's "
                                                       f"locations ({', '.join(sorted(laid_out))})")
        if character.feats is not None:
            card = library.typed(character.name, Character)
            yield from (((("characters", number, "feats", *where), message)
                         for where, message in _feat_problems(card, character.feats)))
    for number, location in enumerate(table.locations):
        if location.closed and location.deck:
            yield ("locations", number, "deck"), "a permanently closed location holds no cards (CLOSE-04)"
    if table.turn is not None and table.turn not in {character.name for character in table.characters}:
        yield ("turn",), f"{table.turn} is not at the table"
    yield from _missing_from_box(table, library)


def _repeated(field: tuple[str], names: list[str], kind: str) -> Iterator[tuple[tuple[int | str, ...], str]]:
    for index, name in enumerate(names):
        if name in names[:index]:
            yield (*field, index, "name"), f"the {kind} {name} is at the table once only"


def _feat_problems(card: Character, feats: TableFeats) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Feats the character's cards have no box for: a role they don't have, a power box not on the paragraph,
    a skill they don't have (FEAT-01, FEAT-02, ROLE-01)."""
    roles = {role.name: role for role in card.roles}
    if feats.role is not None and feats.role not in roles:
        yield ("role",), f"{card.name} has no role {feats.role!r} (roles: {', '.join(roles) or 'none'})"
        return
    powers = roles[feats.role].powers if feats.role is not None else card.powers
    for index, (paragraph, box) in enumerate(feats.powers):
        if paragraph >= len(powers):
            yield ("powers", index), f"{feats.role or card.name} has {len(powers)} power paragraphs (0 to " \
                                     f"{len(powers) - 1}), not {paragraph}"
            continue
        boxes = [label for label in (powers[paragraph].box, *(feat.box for feat in powers[paragraph].feats))
                 if label is not None]
        if box not in boxes:
            yield ("powers", index), f"paragraph {paragraph} has no box {box!r} (boxes: {', '.join(boxes) or 'none'})"
    for skill in feats.skills:
        if skill not in card.skills:
            yield ("skills", str(skill)), f"{card.name} has no skill feat boxes for {skill}"


def _missing_from_box(table: TableFile, library: CardLibrary) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """A card named more times than the box holds copies (SET-03): every card comes out of the box."""
    number = adventure_deck_number(library.typed(table.scenario, Scenario).set)
    left = Counter(card.name for card in library.box_contents(number))
    named: dict[str, tuple[int | str, ...]] = {}
    for location, name in table.named():
        if left[name] == 0:
            card = library.get(name)
            if card.adventure_deck_number > number:
                yield location, (f"{name} comes with Adventure Deck {card.adventure_deck_number}: the box of "
                                 f"{table.scenario} holds the cards up to Adventure Deck {number}")
            else:
                yield location, (f"no {name} left in the box: it holds {card.copies}, all on the table already "
                                 f"(the first at {field_name(named[name])})")
            return
        left[name] -= 1
        named.setdefault(name, location)


# --- laying the table out ---------------------------------------------------------------------------------


def from_box(game: GameState, name: str) -> PhysicalCard:
    """The top copy of a named card in the box (LookupError when none is left)."""
    card = first_in_box(game, name)
    if card is None:
        raise LookupError(f"no {name} left in the box")
    return card


def deal(game: GameState, names: Iterable[str], zone: Zone) -> None:
    """Named cards out of the box onto the bottom of a zone, in order: a pile is dealt top first."""
    for name in names:
        game.zones.move(from_box(game, name), zone, bottom=True)


def lay_out_location(game: GameState, card: Location, deck: Iterable[str] = ()) -> LocationState:
    """A location on the table, with its deck (top first)."""
    location = LocationState(card)
    game.add_location(location)
    deal(game, deck, location.deck)
    return location


def seat_character(game: GameState, card: Character, at: str, feats: Feats | None = None,
                   mythic_path: MythicPath | None = None, charges: int = 0) -> CharacterState:
    """A character at the table (last in the turn order), at a location, with checked feats and holding a
    mythic path card with some mythic charges (MYTH-01); their piles empty."""
    character = CharacterState(card, feats, at)
    if mythic_path is not None:
        character.choose_mythic_path(mythic_path)
    character.mythic_charges = charges
    game.characters.append(character)
    return character


def build_state(library: CardLibrary, table: TableFile, seed: int | None = None) -> GameState:
    """The game state a table describes, between two turns, ready for `play_turns` (the seed given, else the
    table's): the box of the scenario's adventure deck (SETUP-04), the named cards taken out of it."""
    scenario = library.typed(table.scenario, Scenario)
    game = GameState(library, seed=seed if seed is not None else table.seed,
                     adventure_deck_number=adventure_deck_number(scenario.set))
    game.scenario = scenario
    game.fill_box()
    for entry in table.locations:
        location = lay_out_location(game, library.typed(entry.name, Location), entry.deck)
        if entry.closed:
            location.closed = True
            if location.closed_powers.get(None):  # its When Permanently Closed powers last (CLOSE-04)
                game.closed_with_powers.append(location)
    for seated in table.characters:
        path = library.typed(seated.mythic_path, MythicPath) if seated.mythic_path else None
        character = seat_character(game, library.typed(seated.name, Character), seated.location,
                                   seated.feats.feats() if seated.feats else None, path, seated.mythic_charges)
        if seated.chosen_trait is not None:
            character.choose_trait(seated.chosen_trait)
        for _, names, kind in seated.piles():
            deal(game, names, character.zone(kind))
    deal(game, table.blessings, BLESSINGS_DECK)
    deal(game, table.blessings_discard, BLESSINGS_DISCARD)
    names = [character.name for character in game.characters]
    game.next_turn = names.index(table.turn) if table.turn is not None else 0
    game.rng.faces = list(table.dice)
    game.note(f"The table is laid out for {scenario.name}: {', '.join(names)}")
    return game
