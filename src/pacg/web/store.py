"""Where the web server keeps its games: an SQLite file (by default the saved games' database) or PostgreSQL.

A game is its record (`Game.to_record`, with the seats AI players play) and a version, the number of changes
made to it: every change is one compare-and-set (`GameStore.replace`), which succeeds only if the version is
still the one the change was worked out from. So two answers to the same decision, in one server process or in
two on the same database, can't both land: one wins and the other is told the game moved on. Each human seat
has a token; the store keeps only its SHA-256, so the database alone can't be used to act for a seat. A campaign
(`pacg.campaign`) is kept the same way: its data, the web game of its scenario under way, a version changed by
compare-and-set, and the token hash of each human seat by its place in the party, which its games' seats share.

    store = open_store("postgresql://pacg@localhost/pacg")   # or a path, or sqlite:///path, or None
    store.create(game_id, record, {"Harsk": token_hash})
    stored = store.get(game_id)                              # StoredGame(version, record)
    store.replace(game_id, stored.version, new_record)       # False: someone else changed it first

A store is used from many threads: each thread gets its own connection, made when it first needs one, and made
again after the database dropped it (a PostgreSQL server restarted): the use that finds it dropped fails with a
StoreError, the next one connects afresh.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from pacg.saves import SaveError, SaveStore, default_path, use_wal

BUSY_TIMEOUT_SECONDS = 30.0
CONNECT_TIMEOUT_SECONDS = 10  # PostgreSQL's, unless the URL says connect_timeout=
SCHEMA_LOCK = 14_0001  # the PostgreSQL advisory lock that servers making the tables at once take in turn
_TABLES = (
    """CREATE TABLE IF NOT EXISTS web_games (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,  -- the number of changes made: each change is a compare-and-set on it
        record TEXT NOT NULL,      -- Game.to_record() with "ai_seats", as JSON text
        created TEXT NOT NULL,     -- UTC, ISO 8601
        updated TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS web_seats (
        game TEXT NOT NULL REFERENCES web_games (id) ON DELETE CASCADE,
        seat TEXT NOT NULL,
        token_hash TEXT NOT NULL,  -- SHA-256 of the seat's token, in hex
        PRIMARY KEY (game, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS web_campaigns (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,  -- the number of changes made: each change is a compare-and-set on it
        data TEXT NOT NULL,        -- Campaign.data(), as JSON text
        game TEXT REFERENCES web_games (id),  -- the web game of the scenario under way, or NULL
        created TEXT NOT NULL,     -- UTC, ISO 8601
        updated TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS web_campaign_seats (
        campaign TEXT NOT NULL REFERENCES web_campaigns (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,     -- the seat's place in the party, from 0: its character may change (DEATH-03)
        token_hash TEXT NOT NULL,  -- SHA-256 of the seat's token, in hex; its games' seats have the same
        PRIMARY KEY (campaign, seat)
    )""",
)


class StoreError(RuntimeError):
    """The database can't be opened or used; the message names it."""


@dataclass(frozen=True)
class StoredGame:
    version: int
    record: dict[str, Any]


@dataclass(frozen=True)
class StoredCampaign:
    version: int
    data: dict[str, Any]  # Campaign.data()
    game: str | None  # the web game of the scenario under way


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


class _Database(Protocol):
    """One connection's worth of SQL, with "?" placeholders; each statement its own transaction."""

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]: ...

    def changed(self, sql: str, parameters: Sequence[object] = ()) -> int: ...

    @contextmanager
    def transaction(self) -> Iterator[None]: ...

    def lock_tables(self) -> None:
        """In a transaction: wait until no other connection is making the tables."""

    def usable(self) -> bool:
        """False once the database has dropped the connection."""

    def close(self) -> None: ...


class _Sqlite:
    """One thread's connection to the SQLite file. The connections of one store write one at a time, under the
    store's lock (`writing`): a thread waiting for another's write is woken as soon as it ends, where SQLite's own
    wait (the busy timeout, still there for other processes) sleeps and looks again, up to 100 ms at a time."""

    def __init__(self, path: Path, writing: threading.RLock) -> None:
        self._writing = writing
        self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                                   check_same_thread=False)
        use_wal(self._db)
        self._db.execute("PRAGMA synchronous = FULL")  # a change that returned survives a power cut
        self._db.execute("PRAGMA foreign_keys = ON")

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, parameters).fetchall()

    def changed(self, sql: str, parameters: Sequence[object] = ()) -> int:
        with self._writing:
            return self._db.execute(sql, parameters).rowcount

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._writing:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def lock_tables(self) -> None:
        pass  # BEGIN IMMEDIATE holds the database's one write lock already

    def usable(self) -> bool:
        return True

    def close(self) -> None:
        self._db.close()


class _Postgres:
    def __init__(self, url: str) -> None:
        import psycopg
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        if "connect_timeout" not in conninfo_to_dict(url):
            url = make_conninfo(url, connect_timeout=CONNECT_TIMEOUT_SECONDS)
        self._db = psycopg.connect(url, autocommit=True)

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._db.cursor() as cursor:
            cursor.execute(sql.replace("?", "%s"), parameters)  # the SQL is this module's constants
            return cursor.fetchall() if cursor.description is not None else []

    def changed(self, sql: str, parameters: Sequence[object] = ()) -> int:
        with self._db.cursor() as cursor:
            cursor.execute(sql.replace("?", "%s"), parameters)  # the SQL is this module's constants
            return cursor.rowcount

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._db.transaction():
            yield

    def lock_tables(self) -> None:
        # CREATE TABLE IF NOT EXISTS in two transactions at once can fail on PostgreSQL's catalog: one at a time
        self.rows("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def usable(self) -> bool:
        return not self._db.closed

    def close(self) -> None:
        self._db.close()


class GameStore:
    """The web server's games in one database; `open_store` makes one from a URL."""

    def __init__(self, connect: Callable[[], _Database], where: str, errors: tuple[type[Exception], ...]) -> None:
        self.where = where  # the database, as messages name it (a PostgreSQL URL without its password)
        self._connect = connect
        self._errors = errors
        self._local = threading.local()
        self._all: list[_Database] = []
        self._lock = threading.Lock()
        with self._database() as db, db.transaction():
            db.lock_tables()
            for table in _TABLES:
                db.changed(table)

    def close(self) -> None:
        """Close every thread's connection."""
        with self._lock:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()

    def create(self, game_id: str, record: dict[str, Any], token_hashes: dict[str, str]) -> None:
        """Put a new game, at version 1, with the token hash of each human seat."""
        now = _now()
        with self._database() as db, db.transaction():
            db.changed("INSERT INTO web_games (id, version, record, created, updated) VALUES (?, 1, ?, ?, ?)",
                       (game_id, _text(record), now, now))
            for seat, hashed in token_hashes.items():
                db.changed("INSERT INTO web_seats (game, seat, token_hash) VALUES (?, ?, ?)", (game_id, seat, hashed))

    def get(self, game_id: str) -> StoredGame | None:
        """The game as stored, or None when there is no such game."""
        with self._database() as db:
            rows = db.rows("SELECT version, record FROM web_games WHERE id = ?", (game_id,))
        if not rows:
            return None
        version, text = rows[0]
        return StoredGame(int(version), json.loads(text))

    def version(self, game_id: str) -> int | None:
        """The game's version (cheap: what a server checks to see whether another one changed the game)."""
        with self._database() as db:
            rows = db.rows("SELECT version FROM web_games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    def replace(self, game_id: str, version: int, record: dict[str, Any]) -> bool:
        """Store the game's new record as version + 1, if it is still at `version`; False if it isn't (another
        change landed first, here or in another server process)."""
        with self._database() as db:
            return db.changed("UPDATE web_games SET version = version + 1, record = ?, updated = ? "
                              "WHERE id = ? AND version = ?", (_text(record), _now(), game_id, version)) == 1

    def seat_of(self, game_id: str, hashed: str) -> str | None:
        """The seat whose token has this hash in the game, if any."""
        with self._database() as db:
            rows = db.rows("SELECT seat FROM web_seats WHERE game = ? AND token_hash = ?", (game_id, hashed))
        return str(rows[0][0]) if rows else None

    def games(self) -> list[str]:
        """Every game's id, the most recently changed first."""
        with self._database() as db:
            return [str(row[0]) for row in db.rows("SELECT id FROM web_games ORDER BY updated DESC, id")]

    # --- campaigns: each its data (`Campaign.data`), its game under way and its seats' token hashes -----------

    def create_campaign(self, campaign_id: str, data: dict[str, Any], token_hashes: dict[int, str]) -> None:
        """Put a new campaign, at version 1, with the token hash of each human seat by its place in the party."""
        now = _now()
        with self._database() as db, db.transaction():
            db.changed("INSERT INTO web_campaigns (id, version, data, game, created, updated) "
                       "VALUES (?, 1, ?, NULL, ?, ?)", (campaign_id, _text(data), now, now))
            for seat, hashed in token_hashes.items():
                db.changed("INSERT INTO web_campaign_seats (campaign, seat, token_hash) VALUES (?, ?, ?)",
                           (campaign_id, seat, hashed))

    def get_campaign(self, campaign_id: str) -> StoredCampaign | None:
        """The campaign as stored, or None when there is no such campaign."""
        with self._database() as db:
            rows = db.rows("SELECT version, data, game FROM web_campaigns WHERE id = ?", (campaign_id,))
        if not rows:
            return None
        version, text, game = rows[0]
        return StoredCampaign(int(version), json.loads(text), str(game) if game is not None else None)

    def replace_campaign(self, campaign_id: str, version: int, data: dict[str, Any], game: str | None) -> bool:
        """Store the campaign's new data and game under way as version + 1, if it is still at `version`; False if
        it isn't (another change landed first)."""
        with self._database() as db:
            return db.changed("UPDATE web_campaigns SET version = version + 1, data = ?, game = ?, updated = ? "
                              "WHERE id = ? AND version = ?",
                              (_text(data), game, _now(), campaign_id, version)) == 1

    def start_campaign_game(self, campaign_id: str, version: int, data: dict[str, Any], game_id: str,
                            record: dict[str, Any], token_hashes: dict[str, str]) -> bool:
        """In one transaction: the campaign's next game put (as `create`), and the campaign changed to hold it as
        version + 1, if it is still at `version`; False, and nothing stored, if it isn't."""
        now = _now()
        with self._database() as db, db.transaction():
            if db.changed("UPDATE web_campaigns SET version = version + 1, data = ?, game = NULL, updated = ? "
                          "WHERE id = ? AND version = ?", (_text(data), now, campaign_id, version)) != 1:
                return False
            db.changed("INSERT INTO web_games (id, version, record, created, updated) VALUES (?, 1, ?, ?, ?)",
                       (game_id, _text(record), now, now))
            for seat, hashed in token_hashes.items():
                db.changed("INSERT INTO web_seats (game, seat, token_hash) VALUES (?, ?, ?)", (game_id, seat, hashed))
            db.changed("UPDATE web_campaigns SET game = ? WHERE id = ?", (game_id, campaign_id))
        return True

    def campaign_seat_of(self, campaign_id: str, hashed: str) -> int | None:
        """The place in the party of the seat whose token has this hash in the campaign, if any."""
        with self._database() as db:
            rows = db.rows("SELECT seat FROM web_campaign_seats WHERE campaign = ? AND token_hash = ?",
                           (campaign_id, hashed))
        return int(rows[0][0]) if rows else None

    def campaign_token_hashes(self, campaign_id: str) -> dict[int, str]:
        """Each human seat's token hash, by its place in the party."""
        with self._database() as db:
            rows = db.rows("SELECT seat, token_hash FROM web_campaign_seats WHERE campaign = ?", (campaign_id,))
        return {int(seat): str(hashed) for seat, hashed in rows}

    @contextmanager
    def _database(self) -> Iterator[_Database]:
        """This thread's connection, with the database's errors as one-line StoreErrors naming it; a connection
        the database dropped is forgotten, for the thread's next use to connect again."""
        db: _Database | None = None
        try:
            db = self._local.db if hasattr(self._local, "db") else self._connection()
            yield db
        except self._errors as error:
            if db is not None and not db.usable():
                self._forget(db)
            raise StoreError(f"{self.where}: {_one_line(str(error))}") from None

    def _connection(self) -> _Database:
        db = self._connect()
        self._local.db = db
        with self._lock:
            self._all.append(db)
        return db

    def _forget(self, db: _Database) -> None:
        if getattr(self._local, "db", None) is db:
            del self._local.db
        with self._lock:
            if db in self._all:
                self._all.remove(db)
        db.close()


def open_store(url: str | None = None) -> GameStore:
    """The store a URL names: "postgresql://..." (or "postgres://..."), "sqlite:///PATH", or a path of an SQLite
    file; None is the saved games' database (`saves.default_path`)."""
    if url is not None and url.startswith(("postgresql://", "postgres://")):
        return _postgres_store(url)
    path = default_path() if url is None else _sqlite_path(url)
    try:
        SaveStore(path).close()  # the saves' schema first: the web's tables live beside the saves
    except SaveError as error:
        raise StoreError(str(error)) from None
    writing = threading.RLock()
    return GameStore(lambda: _Sqlite(path, writing), str(path), (sqlite3.Error,))


def _sqlite_path(url: str) -> Path:
    """The file of "sqlite:///relative/or/absolute" (as SQLAlchemy reads it: three slashes then the path), or of
    a plain path."""
    if url.startswith("sqlite:///"):
        return Path(url[len("sqlite:///"):])
    if "://" in url:
        raise StoreError(f"{_without_password(url)}: not a database's URL: a database is postgresql://USER@HOST/NAME, "
                         "sqlite:///PATH or the path of an SQLite file")
    return Path(url)


def _postgres_store(url: str) -> GameStore:
    try:
        import psycopg
    except ImportError:
        raise StoreError("PostgreSQL needs the psycopg package: pip install 'pacg[postgres]'") from None
    return GameStore(lambda: _Postgres(url), _without_password(url), (psycopg.Error,))


def _without_password(url: str) -> str:
    """The URL with "***" for its password, whether in its user part or a password= parameter."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    user, at, host = parts.netloc.rpartition("@")
    if ":" in user:
        parts = parts._replace(netloc=f"{user.partition(':')[0]}:***{at}{host}")
    query = "&".join("password=***" if item.partition("=")[0] == "password" else item
                     for item in parts.query.split("&"))
    return urlunsplit(parts._replace(query=query))


def _one_line(message: str) -> str:
    """A database's message, often of several lines (a detail, a hint), as one."""
    return " ".join(line.strip() for line in message.splitlines() if line.strip())


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
