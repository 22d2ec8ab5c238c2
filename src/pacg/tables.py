"""Table files: a position of a game described as data, to start a game from (DESIGN.md 8).

A table file (YAML, or JSON) says what is where between two turns: the scenario, the characters with their
locations, hands, decks (top first), discard piles, buried and displayed cards, feats, roles and mythic paths; the
locations with their decks (top first), the cards left face up on them and displayed by them; the blessings deck
(top first) and its discard pile; what an Adventure Path's earlier scenarios brought (the cards removed from the
game, the boons redeemed); optionally the next die results, the character whose turn is next and the turns taken
so far. For bug reports, tutorials, puzzles and tests:

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
`table_of` writes a game state between two turns as a table (what `Game.table()` gives).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, get_args
from weakref import WeakKeyDictionary

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
from pacg.engine.feats import feat_problems as feat_problems  # checked here, and for pacg.campaign from here
from pacg.engine.redemption import redeemable
from pacg.engine.state import CharacterState, Feats, GameState, LocationState
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, REMOVED, PhysicalCard, Zone, ZoneKind, box

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
Place = Annotated[int, Field(strict=True, ge=0)]  # a card's place in a pile, 0 the top
Flag = Annotated[bool, Field(strict=True)]


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

    def canonical(self) -> str:
        """The feats as one canonical JSON string, without the fields left at their defaults (what a game's setup
        and its record keep: `record.Setup`)."""
        return json.dumps(self.model_dump(mode="json", exclude_defaults=True), separators=(",", ":"),
                          ensure_ascii=False)

    def feats(self) -> Feats:
        return Feats(dict(self.skills), self.hand_size, dict(self.cards), set(self.proficiencies),
                     set(self.powers), self.role)


class TableCharacter(_Strict):
    """A character at a location, with their cards: each pile top first. `examined` gives the places in the deck
    of the cards examined since it was last shuffled, which every player knows (EXAM-01); `next_to`, the displayed
    cards shown next to another character, as [place in `displayed`, character] (PLAY-04); `dead`, a character
    who died (DEATH-01: their cards are buried, they take no turns)."""

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
    examined: list[Place] = []
    next_to: list[tuple[Place, CharacterName]] = []
    dead: Flag = False

    def piles(self) -> Iterator[tuple[str, list[str], ZoneKind]]:
        """Each of the character's piles: its field, its cards, its zone."""
        yield from ((field, getattr(self, field), kind) for field, kind in CHARACTER_PILES)


# A character's piles in a table, each with its zone.
CHARACTER_PILES = (("hand", ZoneKind.HAND), ("deck", ZoneKind.DECK), ("discard", ZoneKind.DISCARD),
                   ("buried", ZoneKind.BURIED), ("displayed", ZoneKind.DISPLAYED))


class TableLocation(_Strict):
    """A location and its deck, top first; a permanently closed one holds no cards (CLOSE-04). `face_up` and
    `examined` give places in the deck: the cards left face up on it (ENC-10) and those examined since it was last
    shuffled (EXAM-01); `displayed`, the banes displayed by the location."""

    name: LocationName
    deck: list[CardName] = []
    closed: Flag = False
    face_up: list[Place] = []
    examined: list[Place] = []
    displayed: list[CardName] = []


class TableFile(_Strict):
    """A position between two turns: see the module's docstring. `turn` names the character whose turn is next
    (the first listed if left out) and `turns` counts the turns taken so far; `dice`, the next die results, in the
    order the dice are rolled (a pool's largest dice first); `seed`, the seed of the game's random generator
    (shuffles and the dice not scripted). What a campaign brings to the scenario: `removed`, the cards removed
    from the game (COH-01), and `redeemed`, the boons checked off on the redemption card (RED-01); the characters'
    feats, roles and mythic paths are theirs. `copies` says which physical copy of a card each place holds, by
    the numbers the game gives the copies (its place in the box as the game fills it: the "#86" of an action id
    that tells two copies apart), for each of the card's places in the table's order (`places`); a number
    past the box's last is a stand-in (`stand_ins`). A card it leaves out takes the first copies left in the box.
    How the game is played: `open_hands`, `ask_always` (every play window opens, `engine.questions`) and `cards`,
    a folder of custom cards added to the box (`custom_cards`)."""

    scenario: ScenarioName
    characters: list[TableCharacter] = Field(min_length=1, max_length=MAX_PARTY)
    locations: list[TableLocation] = Field(min_length=1)
    blessings: list[CardName] = []
    blessings_discard: list[CardName] = []
    blessings_examined: list[Place] = []
    removed: list[CardName] = []
    redeemed: list[CardName] = []
    copies: dict[CardName, list[Place]] = {}
    dice: list[Annotated[int, Field(strict=True, ge=1, le=20)]] = []
    turn: CharacterName | None = None
    turns: Annotated[int, Field(strict=True, ge=0)] = 0
    seed: Annotated[int, Field(strict=True)] | None = None
    open_hands: Flag = False
    ask_always: Flag = False
    cards: str | None = None
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
        return ((field, name) for field, name, _ in self.places())

    def places(self) -> Iterator[tuple[tuple[int | str, ...], str, Zone]]:
        """Every card the table names, with its field and the zone it is laid out in, in the order they are laid
        out (the order of `copies`)."""
        for number, character in enumerate(self.characters):
            for pile, names, kind in character.piles():
                zone = Zone(kind, character.name)
                yield from ((("characters", number, pile, index), name, zone) for index, name in enumerate(names))
        for number, location in enumerate(self.locations):
            for pile, kind in (("deck", ZoneKind.LOCATION_DECK), ("displayed", ZoneKind.BY_LOCATION)):
                zone = Zone(kind, location.name)
                yield from ((("locations", number, pile, index), name, zone)
                            for index, name in enumerate(getattr(location, pile)))
        for pile, zone in (("blessings", BLESSINGS_DECK), ("blessings_discard", BLESSINGS_DISCARD),
                           ("removed", REMOVED)):
            yield from (((pile, index), name, zone) for index, name in enumerate(getattr(self, pile)))


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


def read_feats(data: Mapping[str, Any] | TableFeats, where: str) -> TableFeats:
    """A character's feats in a table file's format (`TableFeats`), given as data, its fields checked: a
    TableError, "WHERE: FIELD: what is wrong", for the first problem. What is checked against the character's
    cards is `engine.feats.feat_problems`'s."""
    if isinstance(data, TableFeats):
        return data
    origin = _Origin(where)
    if not isinstance(data, Mapping):
        raise origin.error((), f"feats are a mapping of fields: {', '.join(TableFeats.model_fields)}")
    try:
        return TableFeats.model_validate(data)
    except ValidationError as error:
        raise _first_problem(error, origin, TableFeats) from None


def _first_problem(error: ValidationError, origin: _Origin, model: type[BaseModel] | None = None) -> TableError:
    detail = error.errors()[0]
    location = tuple(detail["loc"])
    message = detail["msg"]
    if detail["type"] == "extra_forbidden":
        message = f"unknown field (the fields here: {', '.join(_fields_at(location[:-1], model or TableFile))})"
    elif detail["type"] == "missing":
        message = "missing: this field is required"
    elif detail["type"].endswith(("_type", "_parsing")) or detail["type"] == "enum":  # what was written instead
        message += f", not {_short(detail['input'])}"
    return origin.error(location, message)


def _fields_at(location: tuple[int | str, ...], model: type[BaseModel]) -> list[str]:
    """The fields of the part of a table file (or of a part of one, `model`) at a location (the fields of a
    character, of a location ...)."""
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
                         for where, message in feat_problems(card, character.feats)))
        yield from _character_problems(table, number)
    if all(character.dead for character in table.characters):
        yield ("characters",), "every character is dead: the scenario is lost already (DEATH-02)"
    for number, location in enumerate(table.locations):
        if location.closed and location.deck:
            yield ("locations", number, "deck"), "a permanently closed location holds no cards (CLOSE-04)"
        for pile in ("face_up", "examined"):
            yield from _misplaced(("locations", number, pile), getattr(location, pile), len(location.deck), "deck")
    yield from _misplaced(("blessings_examined",), table.blessings_examined, len(table.blessings), "blessings deck")
    if table.turn is not None and table.turn not in {character.name for character in table.characters}:
        yield ("turn",), f"{table.turn} is not at the table"
    yield from _redeemed_problems(table.redeemed, redeemable(library))
    yield from _copies_problems(table, library)
    yield from _missing_from_box(table, library)


def _character_problems(table: TableFile, number: int) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """A character's examined cards not in their deck, a card shown next to someone not at the table, and the cards
    of a dead character that aren't buried (DEATH-01)."""
    character = table.characters[number]
    field: tuple[int | str, ...] = ("characters", number)
    yield from _misplaced((*field, "examined"), character.examined, len(character.deck), "deck")
    yield from _misplaced((*field, "next_to"), [place for place, _ in character.next_to], len(character.displayed),
                          "displayed cards")
    seated = [seated.name for seated in table.characters if seated.name != character.name]
    for index, (_, other) in enumerate(character.next_to):
        if other not in seated:
            yield (*field, "next_to", index, 1), (f"a card is shown next to another character at the table "
                                                   f"({', '.join(seated) or 'none'}), not {other}")
    if character.dead:
        for pile in ("hand", "deck", "discard", "displayed"):
            if getattr(character, pile):
                yield (*field, pile), "a dead character's cards are buried (DEATH-01): this pile is empty"


def _misplaced(field: tuple[int | str, ...], places: list[int], size: int, pile: str
               ) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Places in a pile (0 the top, in order) that it doesn't have, or that are given twice."""
    for index, place in enumerate(places):
        if place >= size:
            held = f"places 0 to {size - 1}" if size else "no places: it is empty"
            yield (*field, index), f"the {pile} holds {size} cards ({held}), not a card at place {place}"
        elif place in places[:index]:
            yield (*field, index), f"place {place} is given twice"


def _redeemed_problems(redeemed: list[str], listed: frozenset[str]) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Boons redeemed that the redemption card doesn't list, or listed twice (RED-01)."""
    for index, name in enumerate(redeemed):
        if name not in listed:
            yield ("redeemed", index), (f"{name} can't be redeemed: the redemption card lists "
                                        f"{', '.join(sorted(listed))} (RED-01)")
        elif name in redeemed[:index]:
            yield ("redeemed", index), f"{name} is checked off on the redemption card once only"


def _repeated(field: tuple[str], names: list[str], kind: str) -> Iterator[tuple[tuple[int | str, ...], str]]:
    for index, name in enumerate(names):
        if name in names[:index]:
            yield (*field, index, "name"), f"the {kind} {name} is at the table once only"


def _copies_problems(table: TableFile, library: CardLibrary) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Copies' numbers that aren't those of the card's copies, given twice, or not one for each place the table
    names the card."""
    if not table.copies:
        return
    numbers, size = box_numbers(library, table.scenario)
    places = Counter(name for _, name in table.named())
    copied = stand_ins(library, table.scenario)
    given: set[int] = set()
    for name, uids in table.copies.items():
        if len(uids) != places[name]:
            yield ("copies", name), (f"the table names {name} at {places[name]} places: give the number of the copy "
                                     f"at each, not {len(uids)} numbers")
            continue
        own = numbers.get(name, [])
        for index, uid in enumerate(uids):
            if uid in given:
                yield ("copies", name, index), f"copy {uid} is at one place only"
            elif uid not in own and not (name in copied and uid >= size):
                stand_in = f", or from {size} on for a stand-in (SETUP-07)" if name in copied else ""
                yield ("copies", name, index), (f"{uid} is not a copy of {name}: its copies are numbered "
                                                f"{', '.join(map(str, own)) or 'none'}{stand_in}")
            given.add(uid)


def box_numbers(library: CardLibrary, scenario: str) -> tuple[dict[str, list[int]], int]:
    """The numbers of each card's copies in the box of a game of the scenario, as the game fills it (each copy's
    uid: its place in the box's contents, `zones.full_box`), and how many cards the box holds; worked out once for
    each library and adventure deck number."""
    number = adventure_deck_number(library.typed(scenario, Scenario).set)
    made = _BOX_NUMBERS.setdefault(library, {})
    if number not in made:
        contents = library.box_contents(number)
        numbers: dict[str, list[int]] = defaultdict(list)
        for uid, card in enumerate(contents):
            numbers[card.name].append(uid)
        made[number] = (dict(numbers), len(contents))
    return made[number]


_BOX_NUMBERS: WeakKeyDictionary[CardLibrary, dict[int, tuple[dict[str, list[int]], int]]] = WeakKeyDictionary()


def _missing_from_box(table: TableFile, library: CardLibrary) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """A card named more times than the box holds copies (SET-03): every card comes out of the box, but for the
    scenario's villains and henchmen (`stand_ins`)."""
    number = adventure_deck_number(library.typed(table.scenario, Scenario).set)
    boxed, _ = box_numbers(library, table.scenario)
    taken: Counter[str] = Counter()
    named: dict[str, tuple[int | str, ...]] = {}
    copied = stand_ins(library, table.scenario)
    for location, name in table.named():
        if taken[name] == len(boxed.get(name, ())) and name not in copied:
            card = library.get(name)
            if card.adventure_deck_number > number:
                yield location, (f"{name} comes with Adventure Deck {card.adventure_deck_number}: the box of "
                                 f"{table.scenario} holds the cards up to Adventure Deck {number}")
            else:
                yield location, (f"no {name} left in the box: it holds {card.copies}, all on the table already "
                                 f"(the first at {field_name(named[name])})")
            return
        taken[name] += 1
        named.setdefault(name, location)


# --- laying the table out ---------------------------------------------------------------------------------


def stand_ins(library: CardLibrary, scenario: str) -> frozenset[str]:
    """The villains and henchmen a scenario lists: setup makes a stand-in copy of one the box has run out of (the
    last henchman fills the stack to the number of locations, SETUP-07), so a table may name more of them than the
    box holds."""
    card = library.typed(scenario, Scenario)
    return frozenset((*card.villains, *card.henchmen))


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
    table's): the box of the scenario's adventure deck (SETUP-04), the named cards taken out of it, the boons
    redeemed checked off (RED-01)."""
    scenario = library.typed(table.scenario, Scenario)
    game = GameState(library, seed=seed if seed is not None else table.seed,
                     adventure_deck_number=adventure_deck_number(scenario.set))
    game.scenario = scenario
    game.fill_box()
    for entry in table.locations:
        lay_out_location(game, library.typed(entry.name, Location))
    for seated in table.characters:
        _seat(game, seated)
    _deal_table(game, table)
    for entry in table.locations:
        _mark_location(game, entry)
    for seated, character in zip(table.characters, game.characters, strict=True):
        _examined(game, character.deck, seated.examined)
        displayed = game.zones.cards(character.displayed)
        game.next_to.update((displayed[place].uid, game.character(other)) for place, other in seated.next_to)
    _examined(game, BLESSINGS_DECK, table.blessings_examined)
    game.redeemed = set(table.redeemed)
    names = [character.name for character in game.characters]
    game.next_turn = names.index(table.turn) if table.turn is not None else 0
    game.turns = table.turns
    game.rng.faces = list(table.dice)
    game.note(f"The table is laid out for {scenario.name}: {', '.join(names)}")
    return game


def _seat(game: GameState, seated: TableCharacter) -> None:
    """A character of the table at their location, with their feats, mythic path and chosen trait; dead or alive."""
    library = game.library
    path = library.typed(seated.mythic_path, MythicPath) if seated.mythic_path else None
    character = seat_character(game, library.typed(seated.name, Character), seated.location,
                               seated.feats.feats() if seated.feats else None, path, seated.mythic_charges)
    if seated.chosen_trait is not None:
        character.choose_trait(seated.chosen_trait)
    character.alive = not seated.dead


def _deal_table(game: GameState, table: TableFile) -> None:
    """Every card the table names out of the box to its place, in the table's order (`TableFile.places`): the copy
    `copies` numbers, else the first copy left in the box, or a stand-in for a villain or henchman of the scenario
    the box has run out of (`stand_ins`)."""
    placed = list(table.places())
    boxed: dict[str, deque[PhysicalCard]] = {name: deque() for _, name, _ in placed}  # their copies, top first
    for zone in game.zones.occupied():
        if zone.kind is ZoneKind.BOX:
            for card in game.zones.cards(zone):
                if card.name in boxed:
                    boxed[card.name].append(card)
    if table.copies:  # the stand-ins numbered first, so that no other stand-in takes a number given
        by_uid = {card.uid: card for name in table.copies for card in boxed.get(name, ())}
        for name, uids in table.copies.items():
            boxed[name] = deque(by_uid.get(uid) or _stand_in(game, name, uid) for uid in uids)
    for _, name, zone in placed:
        copies = boxed[name]
        game.zones.move(copies.popleft() if copies else _stand_in(game, name), zone, bottom=True)


def _stand_in(game: GameState, name: str, uid: int | None = None) -> PhysicalCard:
    """A stand-in copy of a villain or henchman in the box (SETUP-07), with the number a table gives it, if any."""
    definition = game.library.get(name)
    return game.zones.summon_copy(definition, box(definition.type), uid)


def _mark_location(game: GameState, entry: TableLocation) -> None:
    """A location's face-up and examined cards; closed, its When Permanently Closed powers last (CLOSE-04)."""
    location = game.locations[entry.name]
    deck = game.zones.cards(location.deck)
    location.face_up = [deck[place].uid for place in entry.face_up]
    _examined(game, location.deck, entry.examined)
    if entry.closed:
        location.closed = True
        if location.closed_powers.get(None):
            game.closed_with_powers.append(location)


def _examined(game: GameState, deck: Zone, places: list[int]) -> None:
    """The cards at these places of a face-down deck were examined: every player knows them (EXAM-01)."""
    if places:
        cards = game.zones.cards(deck)
        game.saw(deck, [cards[place] for place in places])


# --- writing a table ----------------------------------------------------------------------------------------


def table_of(game: GameState, *, seed: int | None = None, open_hands: bool = False, ask_always: bool = False,
             cards: str | None = None) -> TableFile:
    """The table of a game state between two turns, which `build_state` lays out again: every pile in its order,
    the cards examined (EXAM-01) and left face up (ENC-10), the banes displayed by locations, the dead, the feats,
    roles, mythic paths, charges and chosen traits, the cards removed from the game and the boons redeemed, the
    next dice scripted, whose turn is next and the turns taken; with the seed and the options given. It leaves out
    what no player sees and no rule reads but through chance: the order of the box (which holds every card not on
    the table) and the generator's state (a game from the table draws anew from its seed). ValueError for a state
    in the middle of a turn, or once the scenario is over."""
    problem = _unwritable(game)
    if problem:
        raise ValueError(f"the game can't be written as a table: {problem}")
    assert game.scenario is not None
    table = TableFile.model_validate({
        "scenario": game.scenario.name,
        "characters": [_character_data(game, character) for character in game.characters],
        "locations": [_location_data(game, location) for location in game.locations.values()],
        "blessings": _names(game, BLESSINGS_DECK),
        "blessings_discard": _names(game, BLESSINGS_DISCARD),
        "blessings_examined": _examined_places(game, BLESSINGS_DECK),
        "removed": _names(game, REMOVED),
        "redeemed": sorted(game.redeemed),
        "dice": list(game.rng.faces),
        "turn": game.characters[game.next_turn].name,
        "turns": game.turns,
        "seed": seed,
        "open_hands": open_hands,
        "ask_always": ask_always,
        "cards": cards,
    })
    return table.model_copy(update={"copies": _copies_data(game, table)})


def _copies_data(game: GameState, table: TableFile) -> dict[str, list[int]]:
    """The number of the copy at each of a card's places on the table (`TableFile.copies`), for the cards whose
    copies are not the first ones of the box, which a table that leaves them out takes."""
    numbers, _ = box_numbers(game.library, table.scenario)
    uids: dict[str, list[int]] = defaultdict(list)
    for field, name, zone in table.places():
        uids[name].append(game.zones.cards(zone)[int(field[-1])].uid)
    return {name: placed for name, placed in uids.items() if placed != numbers.get(name, [])[:len(placed)]}


def _unwritable(game: GameState) -> str:
    """Why a game state is not a position between two turns, "" when it is."""
    if game.turn is not None or game.encounters or game.checks:
        return "a turn is under way (a table holds a position between two turns)"
    if game.result is not None:
        return f"the scenario is {game.result}"
    if game.lasting or game.ignored_traits or game.temporarily_closed:
        return "what a power did lasts for the turn (a table holds a position between two turns)"
    return ""


def _names(game: GameState, zone: Zone) -> list[str]:
    return [card.name for card in game.zones.cards(zone)]


def _examined_places(game: GameState, deck: Zone) -> list[int]:
    """The places in a face-down deck of its cards examined since it was last shuffled (EXAM-01)."""
    known = game.known_cards(deck)
    return [place for place, card in enumerate(game.zones.cards(deck)) if card.uid in known] if known else []


def _character_data(game: GameState, character: CharacterState) -> dict[str, Any]:
    """A character's entry of a table (`TableCharacter`)."""
    displayed = game.zones.cards(character.displayed)
    shown_to = [(place, game.next_to[card.uid].name) for place, card in enumerate(displayed)
                if game.next_to.get(card.uid, character) is not character]
    path = character.mythic_path
    return {"name": character.name, "location": character.location,
            **{field: _names(game, character.zone(kind)) for field, kind in CHARACTER_PILES},
            "feats": feats_data(character.feats), "mythic_path": path.name if path is not None else None,
            "mythic_charges": character.mythic_charges, "chosen_trait": character.chosen_trait,
            "examined": _examined_places(game, character.deck), "next_to": shown_to, "dead": not character.alive}


def feats_data(feats: Feats) -> dict[str, Any] | None:
    """A character's feats as a table writes them (`TableFeats`), None for none."""
    if feats == Feats():
        return None
    return {"skills": dict(feats.skills), "hand_size": feats.hand_size, "cards": dict(feats.cards),
            "proficiencies": sorted(feats.proficiencies), "powers": sorted(feats.powers), "role": feats.role}


def _location_data(game: GameState, location: LocationState) -> dict[str, Any]:
    """A location's entry of a table (`TableLocation`)."""
    deck = game.zones.cards(location.deck)
    return {"name": location.name, "deck": [card.name for card in deck], "closed": location.closed,
            "face_up": [place for place, card in enumerate(deck) if card.uid in location.face_up],
            "examined": _examined_places(game, location.deck),
            "displayed": _names(game, Zone(ZoneKind.BY_LOCATION, location.name))}


def custom_cards(source: Mapping[str, Any] | str | Path) -> str | None:
    """The folder of custom cards a table names (its `cards`), read before its cards are known (to read them
    with it): found from the table file's folder, or from the current folder for a table given as data; None
    when it names none. TableError when that is not a folder."""
    if isinstance(source, Mapping):
        data, base, where = source, Path.cwd(), "the table"
    else:
        data, _ = _read_file(Path(source))
        base, where = Path(source).parent, str(source)
    folder = data.get("cards") if isinstance(data, Mapping) else None
    if not isinstance(folder, str):
        return None  # none, or not a folder's name: `parse_table` says so
    found = (base / folder).resolve()
    if not found.is_dir():
        raise TableError(f"{where}: cards: {found} is not a folder of custom cards")
    return str(found)
