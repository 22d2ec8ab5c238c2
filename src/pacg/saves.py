"""Saved games and campaigns in an SQLite database: put, get, list and delete a game's record, or a campaign's
data (`pacg.campaign`), by name.

The database lives in the user's data directory (`platformdirs.user_data_dir`), or in the folder named by
the environment variable PACG_DATA_DIR, as `saves.sqlite3`, unless a path is given. Every put is one small
transaction in WAL mode with synchronous=FULL: once `put` returns, the save survives a kill of the process or a
power cut, and a put cut short leaves the previous save of that name whole. Concurrent writers wait for each
other (a busy timeout) rather than fail.

A record is a JSON object; the store keeps its JSON text, and, for listing, what these keys say: "scenario"
(str), "characters" (list of str), "actions" (a list: its length is the number of answers) and "outcome"
(a dict with "result", present only once the game is over). A campaign is kept the same way, its data written
whole after every answer (`put_campaign`), so a campaign cut short by a kill is the last one written; its listing
says its story, its party and how many scenarios it has completed.

Version 2 of the database added the campaigns: a version 1 database gains their table as it is opened.
"""

from __future__ import annotations

import builtins
import json
import os
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

DATA_DIR_VARIABLE = "PACG_DATA_DIR"
FILE_NAME = "saves.sqlite3"
SCHEMA_VERSION = 2
BUSY_TIMEOUT_SECONDS = 30.0
NAMES_IN_MESSAGES = 10

_NAME = re.compile(r"[\w .-]{1,64}")  # \w: letters, digits and "_" (Unicode letters and digits too)
_SCHEMA = """
CREATE TABLE saves (
    name TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    characters TEXT NOT NULL,  -- a JSON list of names
    answers INTEGER NOT NULL,
    result TEXT,               -- NULL while the game is under way
    updated TEXT NOT NULL,     -- UTC, ISO 8601 with microseconds: sorts as text
    record TEXT NOT NULL       -- the record's JSON text
)
"""
_CAMPAIGNS = """
CREATE TABLE campaigns (
    name TEXT PRIMARY KEY,
    story TEXT NOT NULL,       -- the adventure or the Adventure Path
    characters TEXT NOT NULL,  -- a JSON list of the party's names
    completed INTEGER NOT NULL,
    updated TEXT NOT NULL,
    data TEXT NOT NULL         -- the campaign's JSON text
)
"""
_COLUMNS = "name, scenario, characters, answers, result, updated"


class SaveError(ValueError):
    """A save that can't be put, found or read, or a database that isn't a saves database; the message is one
    line that names the save or the database file."""


@dataclass(frozen=True)
class SaveInfo:
    """What the list of saves shows of one save."""

    name: str
    scenario: str
    characters: list[str]
    answers: int
    result: str | None  # None while the game is under way
    updated: datetime  # UTC

    def summary(self) -> dict[str, object]:
        """The save's listing as JSON-serializable data (`updated` as ISO 8601)."""
        return {"name": self.name, "scenario": self.scenario, "characters": list(self.characters),
                "answers": self.answers, "result": self.result, "updated": self.updated.isoformat()}


@dataclass(frozen=True)
class CampaignInfo:
    """What the list of campaigns shows of one."""

    name: str
    story: str
    characters: list[str]
    completed: int  # scenarios completed
    updated: datetime  # UTC

    def summary(self) -> dict[str, object]:
        return {"name": self.name, "story": self.story, "characters": list(self.characters),
                "completed": self.completed, "updated": self.updated.isoformat()}


def default_path() -> Path:
    """The database file: in PACG_DATA_DIR when it is set, else in the user's data directory."""
    folder = os.environ.get(DATA_DIR_VARIABLE) or platformdirs.user_data_dir("pacg", appauthor=False)
    return Path(folder) / FILE_NAME


def check_name(name: str) -> str:
    """The name, if it can name a save: 1-64 letters, digits, spaces, "-", "_" or ".", not starting or ending
    with a space; otherwise a SaveError naming it."""
    if not _NAME.fullmatch(name) or name.strip() != name:
        raise SaveError(f"bad save name {name!r}: a name is 1-64 letters, digits, spaces, '-', '_' or '.', "
                        "and doesn't start or end with a space")
    return name


class SaveStore:
    """The saved games in one SQLite database file; the folder and the schema are made when it opens. One store
    holds one connection: use it in the process (and thread) that made it, and `close` it, or use it in a
    `with` block."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self._db = self._open()

    def __enter__(self) -> SaveStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def put(self, name: str, record: dict[str, object]) -> None:
        """Save `record` as `name`, replacing any save of that name, in one transaction."""
        check_name(name)
        scenario, characters, answers, result = _listing(name, record)
        text = _json_text(name, record)
        updated = datetime.now(UTC).isoformat(timespec="microseconds")
        with self._sqlite_errors():
            self._db.execute(
                "INSERT INTO saves (name, scenario, characters, answers, result, updated, record) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET scenario = excluded.scenario, "
                "characters = excluded.characters, answers = excluded.answers, result = excluded.result, "
                "updated = excluded.updated, record = excluded.record",
                (name, scenario, json.dumps(characters), answers, result, updated, text))

    def get(self, name: str) -> dict[str, object]:
        """The record saved as `name`."""
        check_name(name)
        with self._sqlite_errors():
            row = self._db.execute("SELECT record FROM saves WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise self._missing(name)
        try:
            record = json.loads(row[0])
        except (ValueError, RecursionError) as error:
            raise SaveError(f"{self.path}: the saved game {name!r} is not readable JSON ({error})") from None
        if not isinstance(record, dict):
            raise SaveError(f"{self.path}: the saved game {name!r} is not a JSON object")
        return record

    def has(self, name: str) -> bool:
        """Whether a game is saved as `name`."""
        check_name(name)
        with self._sqlite_errors():
            return self._db.execute("SELECT 1 FROM saves WHERE name = ?", (name,)).fetchone() is not None

    def free_name(self, wanted: str) -> str:
        """`wanted`, or the first of wanted-2, wanted-3 ... that no save has: a new game's name that replaces no
        saved game."""
        name, number = wanted, 1
        while self.has(name):
            number += 1
            suffix = f"-{number}"
            name = wanted[:64 - len(suffix)] + suffix
        return name

    def info(self, name: str) -> SaveInfo:
        """The listing of the save `name`."""
        check_name(name)
        with self._sqlite_errors():
            row = self._db.execute(f"SELECT {_COLUMNS} FROM saves WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise self._missing(name)
        return _info(row)

    def list(self) -> list[SaveInfo]:
        """Every save, the newest first."""
        with self._sqlite_errors():
            rows = self._db.execute(f"SELECT {_COLUMNS} FROM saves ORDER BY updated DESC, name").fetchall()
        return [_info(row) for row in rows]

    def delete(self, name: str) -> None:
        """Delete the save `name`."""
        check_name(name)
        with self._sqlite_errors():
            deleted = self._db.execute("DELETE FROM saves WHERE name = ?", (name,)).rowcount
        if not deleted:
            raise self._missing(name)

    # --- campaigns ------------------------------------------------------------------------------------------

    def put_campaign(self, name: str, data: dict[str, Any]) -> None:
        """Keep a campaign's data as `name`, replacing any campaign of that name, in one transaction."""
        check_name(name)
        party = data.get("party")
        if not isinstance(party, list) or not all(isinstance(one, dict) and isinstance(one.get("name"), str)
                                                  for one in party):
            raise SaveError(f"can't keep the campaign {name!r}: its data has no party")
        text = _json_text(name, data)
        updated = datetime.now(UTC).isoformat(timespec="microseconds")
        with self._sqlite_errors():
            self._db.execute(
                "INSERT INTO campaigns (name, story, characters, completed, updated, data) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET story = excluded.story, characters = excluded.characters, "
                "completed = excluded.completed, updated = excluded.updated, data = excluded.data",
                (name, str(data.get("story")), json.dumps([one["name"] for one in party]),
                 len(data.get("completed") or []), updated, text))

    def get_campaign(self, name: str) -> dict[str, Any]:
        """The data of the campaign kept as `name`."""
        check_name(name)
        with self._sqlite_errors():
            row = self._db.execute("SELECT data FROM campaigns WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise self._missing(name, "campaigns", "campaign")
        try:
            data = json.loads(row[0])
        except (ValueError, RecursionError) as error:
            raise SaveError(f"{self.path}: the campaign {name!r} is not readable JSON ({error})") from None
        if not isinstance(data, dict):
            raise SaveError(f"{self.path}: the campaign {name!r} is not a JSON object")
        return data

    def has_campaign(self, name: str) -> bool:
        check_name(name)
        with self._sqlite_errors():
            return self._db.execute("SELECT 1 FROM campaigns WHERE name = ?", (name,)).fetchone() is not None

    def campaigns(self) -> builtins.list[CampaignInfo]:
        """Every campaign kept, the latest played first."""
        with self._sqlite_errors():
            rows = self._db.execute("SELECT name, story, characters, completed, updated FROM campaigns "
                                    "ORDER BY updated DESC, name").fetchall()
        return [CampaignInfo(name, story, json.loads(characters), completed, datetime.fromisoformat(updated))
                for name, story, characters, completed, updated in rows]

    def delete_campaign(self, name: str) -> None:
        check_name(name)
        with self._sqlite_errors():
            deleted = self._db.execute("DELETE FROM campaigns WHERE name = ?", (name,)).rowcount
        if not deleted:
            raise self._missing(name, "campaigns", "campaign")

    def _missing(self, name: str, table: str = "saves", what: str = "saved game") -> SaveError:
        """The error for a name of no save (or no campaign), naming those there are."""
        with self._sqlite_errors():
            names = [row[0] for row in self._db.execute(f"SELECT name FROM {table} ORDER BY name")]
        if not names:
            return SaveError(f"no {what} {name!r} (there are no {what}s)")
        more = len(names) - NAMES_IN_MESSAGES
        listed = ", ".join(names[:NAMES_IN_MESSAGES]) + (f" and {more} more" if more > 0 else "")
        return SaveError(f"no {what} {name!r} ({'saved' if table == 'saves' else 'kept'}: {listed})")

    def _open(self) -> sqlite3.Connection:
        """Connect, in autocommit mode (each statement its own transaction), and make the schema if the
        database is new."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveError(f"{self.path}: can't make the folder for saved games ({error.strerror})") from None
        with self._sqlite_errors():
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
            try:
                use_wal(db)
                db.execute("PRAGMA synchronous = FULL")
                self._make_schema(db)
            except BaseException:
                db.close()
                raise
        return db

    def _make_schema(self, db: sqlite3.Connection) -> None:
        """Check the schema version; make the schema in a new database, and the campaigns' table in a database of
        version 1 (one transaction, so that two processes opening a new database at once make it once)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise SaveError(f"{self.path}: the saves database has format version {version}, newer than this "
                                f"pacg reads ({SCHEMA_VERSION}); use a newer pacg")
            if version == 0:
                tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
                if tables:
                    raise SaveError(f"{self.path}: an SQLite database but not one of saved games "
                                    f"(its tables: {', '.join(tables)})")
                db.execute(_SCHEMA)
            if version < 2:
                db.execute(_CAMPAIGNS)
            if version < SCHEMA_VERSION:
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        """SQLite's errors (not a database, corrupt, locked too long, unwritable) as one-line SaveErrors."""
        try:
            yield
        except sqlite3.Error as error:
            raise SaveError(f"{self.path}: {error}") from None


def use_wal(db: sqlite3.Connection) -> None:
    """Put the database in WAL mode (kept in the file once set). Changing the journal mode needs the file to itself,
    and SQLite doesn't wait for that as it waits for a lock (the busy timeout): connections opening a new database at
    once try again, for as long as the busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _listing(name: str, record: dict[str, object]) -> tuple[str, list[str], int, str | None]:
    """The scenario, the characters, the number of answers and the result (None while under way) that the
    record says, or a SaveError naming the key that is missing or not of its kind."""
    if not isinstance(record, dict):
        raise SaveError(f"can't save {name!r}: a record is a JSON object, not {type(record).__name__}")
    scenario, characters, actions = record.get("scenario"), record.get("characters"), record.get("actions")
    outcome = record.get("outcome")
    result = outcome.get("result") if isinstance(outcome, dict) else None
    problems = [
        (not isinstance(scenario, str), '"scenario" (a string)'),
        (not isinstance(characters, list) or not all(isinstance(each, str) for each in characters),
         '"characters" (a list of names)'),
        (not isinstance(actions, list), '"actions" (a list)'),
        (outcome is not None and not isinstance(result, str), '"outcome" (an object with a "result" string)'),
    ]
    wrong = [key for bad, key in problems if bad]
    if wrong:
        raise SaveError(f"can't save {name!r}: the record needs {', '.join(wrong)}")
    assert isinstance(scenario, str) and isinstance(characters, list) and isinstance(actions, list)
    return scenario, characters, len(actions), result


def _json_text(name: str, record: dict[str, object]) -> str:
    try:
        return json.dumps(record, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as error:
        raise SaveError(f"can't save {name!r}: the record is not JSON data ({error})") from None


def _info(row: tuple[str, str, str, int, str | None, str]) -> SaveInfo:
    name, scenario, characters, answers, result, updated = row
    return SaveInfo(name, scenario, json.loads(characters), answers, result, datetime.fromisoformat(updated))
