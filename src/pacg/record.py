"""Game records: a game is its setup, its seed and its answers (DESIGN.md 4).

`Game.to_record()` gives one, `pacg play` saves one after every answer (`save_record`: written whole, flushed
to the disk and renamed over the old one, so a stop at any moment leaves the last complete save), and
`pacg.load_game` and `pacg replay` play one again. The file is JSON:

    {"format": "pacg game record", "version": 4, "scenario": "The Godless Ones",
     "characters": ["Harsk", "Kyra"], "seed": 7, "actions": ["offer:kyra", "leather-armor", "accept", ...],
     "digests": ["5f0c2e11", ...], "outcome": {...}}

The actions are the answers' action ids; `digests` holds a fingerprint of the game state at each turn start,
so a replay that goes another way (an edited seed or answer, changed cards) stops with a message saying
where; `outcome` is there once the game is over, and a replay that ends otherwise (an edited outcome) stops with
a message naming what differs. Optional fields: `"cards"`, the folder of custom cards added to the box (`pacg
play --cards DIR`), as an absolute path; `"removed"`, cards removed from the game in earlier scenarios (COH-01);
`"redeemed"`, boons redeemed earlier in the Adventure Path (RED-01); `"mythic_paths"`, {character: path};
`"open_hands"`; `"ask_always"` (every play window opened); `"decks"`, {character: [card names]} for decks built
before (SETUP-01, REB-01); `"feats"`, {character: feats} in a table file's format (`pacg.tables.TableFeats`,
FEAT-01); `"box": "version 3"` for a game played with the box of version 3 (one begun from a version 3 record:
`record_v3.box_of_version_3`); `"table"`, the table file a game started from (`pacg.tables`), as its data;
`"ai_seats"`, {character: agent} for the seats AI teammates play (`pacg.seats`: `pacg play` adds it, the Game
knows nothing of it).

Version 3 came with fewer questions (no question with one answer, no play that can't matter: `engine.questions`):
the answers of a version 1 or 2 record were given to other questions, so such a record is refused with a message
saying so rather than replayed into another game. Version 4 made the action ids of what the options do, no longer
of their labels' words (`decisions.action_ids`): a version 3 record is read with its own ids (`record_v3`) and
replayed into a game of today, whose record is of version 4; a record of any other version is refused with a
message naming its version and the one this pacg reads.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pacg.cards.files import too_big
from pacg.record_v3 import VERSION_3_BOX

FORMAT = "pacg game record"
VERSION = 4
OLDER = {1: "the answers were option numbers", 2: "every play window opened"}  # versions no longer read
CONVERTED = {3: "its action ids were the options' labels"}  # versions read and replayed as a game of this version
MOST_BYTES = 64 * 2**20  # no game's record comes near: a bigger file is not one


class RecordError(ValueError):
    """A game record that can't be read or replayed, with what is wrong and where."""


@dataclass(frozen=True)
class Setup:
    """What a game is set up from, besides its answers: the scenario, the party in turn order and the seed; the
    folder of custom cards added to the box; cards removed from the game and boons redeemed in earlier scenarios
    (COH-01, RED-01); the mythic paths held (MYTH-01); whether the players show each other their hands; whether
    every play window opens, even for plays that can't matter (`engine.questions`); for a game played from a
    table file (`pacg.tables`), the table as canonical JSON: the game starts from its position, with no setup; and
    by character, the card names of decks built before (instead of the suggested ones, SETUP-01, REB-01) and the
    feats checked, each as canonical JSON in a table file's format (`pacg.tables.TableFeats`, FEAT-01); and `box`,
    the box the game is played with when it is not today's: "version 3", the box of the last pacg of record
    version 3, for a game begun there (`record_v3.VERSION_3_BOX`)."""

    scenario: str
    characters: tuple[str, ...]
    seed: int
    cards: str | None = None
    removed: tuple[str, ...] = ()
    redeemed: tuple[str, ...] = ()
    mythic_paths: tuple[tuple[str, str], ...] = ()
    open_hands: bool = False
    table: str | None = None
    ask_always: bool = False
    decks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    feats: tuple[tuple[str, str], ...] = ()
    box: str | None = None


@dataclass(frozen=True)
class RecordData:
    """A record read and checked: the setup, the answers (action ids), the turn digests, where it came from (for
    messages), the seats AI teammates play ({character: agent}, `pacg.seats`), and the version of the record
    format its answers are written in (`CONVERTED`: a version 3 record's ids are its labels')."""

    setup: Setup
    actions: list[str]
    digests: list[str]
    source: str
    ai_seats: dict[str, str] = field(default_factory=dict)
    outcome: dict[str, object] | None = None  # how the record says the game ended, if it did
    version: int = VERSION


def record_of(setup: Setup, actions: list[str], digests: list[str], outcome: Mapping[str, object] | None
              ) -> dict[str, Any]:
    """A game's record as JSON-serializable data; the optional fields only when they are given."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "scenario": setup.scenario,
                            "characters": list(setup.characters), "seed": setup.seed}
    optional: dict[str, Any] = {"cards": setup.cards, "removed": list(setup.removed),
                                "redeemed": list(setup.redeemed), "mythic_paths": dict(setup.mythic_paths),
                                "open_hands": setup.open_hands, "ask_always": setup.ask_always}
    data.update({name: value for name, value in optional.items() if value})
    if setup.decks:
        data["decks"] = {name: list(cards) for name, cards in setup.decks}
    if setup.feats:
        data["feats"] = {name: json.loads(text) for name, text in setup.feats}
    if setup.table is not None:
        data["table"] = json.loads(setup.table)
    if setup.box is not None:
        data["box"] = setup.box
    data.update(actions=list(actions), digests=list(digests))
    if outcome is not None:
        data["outcome"] = outcome
    return data


def partial_path(path: Path) -> Path:
    """The file a save of a record is written to before it is renamed to the record's own: FILE.partial."""
    return path.with_name(path.name + ".partial")


def save_record(path: Path, record: Mapping[str, Any]) -> None:
    """Write a record atomically: to a new file, flushed and synced to the disk, then renamed over the old one
    (and the folder synced), so that the file is always a whole save, the last one or the one before. A save
    that fails takes its new file away; one cut short by SIGKILL leaves it, for `remove_stale_partial`."""
    partial = partial_path(path)
    try:
        with open(partial, "w", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def remove_stale_partial(path: Path) -> None:
    """Remove the new file of a save of this record that was cut short (by SIGKILL, or the power going off), as
    a game saved there starts or is taken up again: the record itself is the last whole save."""
    with suppress(OSError):  # one that can't be removed can't be written either: the first save says so
        partial_path(path).unlink(missing_ok=True)


def check_writable(path: Path) -> None:
    """Refuse, before the game starts, a record path that can't be written (RecordError)."""
    if path.is_dir():
        raise RecordError(f"{path}: is a folder, not a file for the game record")
    if not path.parent.is_dir():
        raise RecordError(f"{path}: no folder {path.parent} to write the game record in")
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RecordError(f"{path}: can't write the game record there (permission denied)")


def read_record(record: Mapping[str, Any] | str | Path, source: str = "the record") -> RecordData:
    """A record (data, or a file's path) checked field by field: RecordError with the first problem. The
    messages name the file, or the record's data as `source` says (a saved game's name)."""
    if isinstance(record, Mapping):
        return _checked(record, source)
    path = Path(record)
    try:
        problem = too_big(path, MOST_BYTES)
        if problem is not None:
            raise RecordError(f"{path}: not a game record: {problem}")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise RecordError(f"{path}: can't read the game record ({error.strerror})") from None
    except ValueError as error:  # not JSON, not UTF-8, or a number of more digits than Python converts
        raise RecordError(f"{path}: not a game record: {error}") from None
    except RecursionError:
        raise RecordError(f"{path}: not a game record: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: not a game record (no \"format\": \"{FORMAT}\")")
    return _checked(data, str(path))


def _checked(data: Mapping[str, Any], where: str) -> RecordData:
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a game record (no \"format\": \"{FORMAT}\")")
    version = _version(data, where)
    _field(data, "scenario", str, where)
    _field(data, "seed", int, where)
    characters = _names(data, "characters", where, required=True)
    moves = _field(data, "actions", list, where)
    for index, answer in enumerate(moves):
        if not isinstance(answer, str):
            raise RecordError(f"{where}: actions[{index}] is {_short(answer)}, not an action id")
    digests = data.get("digests", [])
    if not isinstance(digests, list) or not all(isinstance(one, str) for one in digests):
        raise RecordError(f"{where}: field 'digests' must list the turns' fingerprints")
    cards = data.get("cards")
    if not isinstance(cards, str | None):
        raise RecordError(f"{where}: field 'cards' must be the folder of the custom cards")
    paths = data.get("mythic_paths", {})
    if not isinstance(paths, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in paths.items()):
        raise RecordError(f"{where}: field 'mythic_paths' must map characters to mythic paths")
    open_hands, ask_always = _flag(data, "open_hands", where), _flag(data, "ask_always", where)
    outcome = data.get("outcome")
    if not isinstance(outcome, dict | None):
        raise RecordError(f"{where}: field 'outcome' must be how the game ended (an object)")
    setup = Setup(data["scenario"], tuple(characters), data["seed"], cards, tuple(_names(data, "removed", where)),
                  tuple(_names(data, "redeemed", where)), tuple(sorted(paths.items())), open_hands,
                  _table(data, where), ask_always, _decks(data, characters, where), _feats(data, characters, where),
                  _box(data, version, where))
    return RecordData(setup, list(moves), digests, where, _ai_seats(data, characters, where), outcome, version)


def _box(data: Mapping[str, Any], version: int, where: str) -> str | None:
    """The box a record's game is played with, when not today's: a version 3 record's is the box of version 3
    (its copies numbered as they were then, which its fingerprints and ids hold), and so is a record's that goes
    on from one (`"box": "version 3"`)."""
    box: object = data.get("box", VERSION_3_BOX if version == 3 else None)
    if box is not None and box != VERSION_3_BOX:
        raise RecordError(f"{where}: field 'box' must be {VERSION_3_BOX!r} (the box of version 3), or left out")
    return VERSION_3_BOX if box is not None else None


def _version(data: Mapping[str, Any], where: str) -> int:
    """The record's format version, if this pacg reads it (its own, or one it converts: `CONVERTED`); else a
    RecordError naming it and the version this pacg reads, and why an older one can't be read."""
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and (version == VERSION or version in CONVERTED):
        return version
    hint = ""
    if isinstance(version, int) and not isinstance(version, bool):
        if version > VERSION:
            hint = "; it was written by a newer pacg"
        elif version in OLDER:
            hint = (f", from a pacg that asked other questions ({OLDER[version]}): its answers can't be replayed "
                    "as this pacg asks")
    converts = ", ".join(map(str, sorted(CONVERTED)))
    raise RecordError(f"{where}: version {_short(version)} of the record format{hint}; this pacg reads {VERSION} "
                      f"(and converts {converts})")


def _ai_seats(data: Mapping[str, Any], characters: list[str], where: str) -> dict[str, str]:
    """The seats AI teammates play: {character of the party: agent name}."""
    seats = data.get("ai_seats", {})
    if not isinstance(seats, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
        raise RecordError(f"{where}: field 'ai_seats' must map characters to the agents that play them")
    strangers = [seat for seat in seats if seat not in characters]
    if strangers:
        raise RecordError(f"{where}: field 'ai_seats' names {', '.join(strangers)}, not of the party")
    return dict(seats)


def _decks(data: Mapping[str, Any], characters: list[str], where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The decks built before, by character of the party: {character: [card names]} (their names are checked
    once the cards are known)."""
    decks = data.get("decks", {})
    if not isinstance(decks, dict) or not all(
            isinstance(name, str) and isinstance(cards, list) and all(isinstance(card, str) for card in cards)
            for name, cards in decks.items()):
        raise RecordError(f"{where}: field 'decks' must map characters to the card names of their decks")
    _of_the_party(decks, "decks", characters, where)
    return tuple(sorted((name, tuple(cards)) for name, cards in decks.items()))


def _feats(data: Mapping[str, Any], characters: list[str], where: str) -> tuple[tuple[str, str], ...]:
    """The feats checked, by character of the party, each in a table file's format (`pacg.tables.TableFeats`), its
    fields checked (what they check on the character's cards is, once the cards are known), as canonical JSON."""
    from pacg.tables import TableError, read_feats

    feats = data.get("feats", {})
    if not isinstance(feats, dict) or not all(isinstance(name, str) for name in feats):
        raise RecordError(f"{where}: field 'feats' must map characters to their feats")
    _of_the_party(feats, "feats", characters, where)
    checked = []
    for name, given in feats.items():
        try:
            read = read_feats(given, f"{where}: field 'feats': {name}")
        except TableError as error:
            raise RecordError(str(error)) from None
        checked.append((name, read.canonical()))
    return tuple(sorted(checked))


def _of_the_party(given: Mapping[str, Any], field: str, characters: list[str], where: str) -> None:
    strangers = [name for name in given if name not in characters]
    if strangers:
        raise RecordError(f"{where}: field {field!r} names {', '.join(strangers)}, not of the party")


def _table(data: Mapping[str, Any], where: str) -> str | None:
    """The table a game started from, its fields checked (its names are, once the cards are known), as canonical
    JSON; it names the record's scenario and characters."""
    from pacg.tables import TableError, parse_table

    if "table" not in data:
        return None
    try:
        table = parse_table(data["table"], None, f"{where}: field 'table'")
    except TableError as error:
        raise RecordError(str(error)) from None
    if (table.scenario, [c.name for c in table.characters]) != (data["scenario"], data["characters"]):
        raise RecordError(f"{where}: fields 'scenario' and 'characters' are not the table's")
    return table.canonical()


def _field(data: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError(f"{where}: field {name!r} is missing or not a {kind.__name__}")
    return value


def _flag(data: Mapping[str, Any], name: str, where: str) -> bool:
    """An optional field that is true or false (false when left out)."""
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise RecordError(f"{where}: field {name!r} must be true or false")
    return value


def _names(data: Mapping[str, Any], name: str, where: str, required: bool = False) -> list[str]:
    """A field of a record that lists names."""
    names = data.get(name) if required else data.get(name, [])
    if not isinstance(names, list) or not all(isinstance(one, str) for one in names):
        raise RecordError(f"{where}: field {name!r} must list names")
    return names


def _short(value: object, most: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= most else text[:most - 3] + "..."


def check_outcome(data: RecordData, replayed: Mapping[str, object] | None) -> None:
    """Refuse a record whose outcome is not the one its answers come to (an edited outcome), naming what differs
    in each; a record without an outcome says nothing of the end, and is taken as it is."""
    if data.outcome is None:
        return
    recorded, ended = _as_json(data.outcome), _as_json(replayed)
    if recorded != ended:
        differences = _differences(recorded, ended)
        raise RecordError(f"{data.source}: the recorded outcome differs from the replayed one: {differences}")


def _differences(recorded: dict[str, Any], replayed: dict[str, Any] | None) -> str:
    """What differs between a recorded outcome and the replayed one (None: the game is not over), in words."""
    if replayed is None:
        return f"result {_short(recorded.get('result'), 80)} recorded, but replayed the game is not over"
    keys = [key for key in sorted(set(recorded) | set(replayed)) if recorded.get(key) != replayed.get(key)]
    return "; ".join(f"{key} {_short(recorded.get(key), 80)} recorded, {_short(replayed.get(key), 80)} replayed"
                     for key in keys)


def _as_json(value: Mapping[str, object] | None) -> Any:
    """A value as it reads back from JSON (tuples as lists), to compare with a record's."""
    return json.loads(json.dumps(value))
