"""The web server's store of games (`pacg.web.store`) on SQLite and on a real PostgreSQL (the `store_url` fixture):
versions that only a compare-and-set moves on, seats found by their token's hash, two stores on one database as two
server processes, the saved games' file shared with `pacg.saves`, and one-line errors for a database that can't be
used."""

from __future__ import annotations

import socket
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from typer.testing import CliRunner

from pacg.cli import app
from pacg.saves import SaveStore, default_path
from pacg.web import store as store_module
from pacg.web.service import GameService, NewGame
from pacg.web.store import GameStore, StoreError, open_store, token_hash
from postgres_server import PostgresServer

RECORD = {"scenario": "The Godless Ones", "characters": ["Harsk", "Kyra"], "actions": []}


def _moved(record: dict[str, Any], action: str) -> dict[str, Any]:
    return {**record, "actions": [*record["actions"], action]}


def _rows(url: str, sql: str) -> list[tuple[Any, ...]]:
    """Rows read straight from the database, past the store."""
    if url.startswith("sqlite:///"):
        with sqlite3.connect(url[len("sqlite:///"):]) as db:
            return db.execute(sql).fetchall()
    with psycopg.connect(url) as db:
        return db.execute(sql.encode()).fetchall()


@pytest.fixture
def other_store(store_url: str) -> Iterator[GameStore]:
    """A second store on the test's database, as a second server process has."""
    opened = open_store(store_url)
    yield opened
    opened.close()


# --- versions and the compare-and-set ---------------------------------------------------------------------


def test_a_new_game_is_stored_at_version_1_with_its_record(store: GameStore) -> None:
    store.create("g1", RECORD, {"Harsk": token_hash("harsk's token")})
    stored = store.get("g1")
    assert stored is not None and (stored.version, stored.record) == (1, RECORD)
    assert store.version("g1") == 1
    assert store.get("nothing") is None and store.version("nothing") is None


def test_a_replace_from_the_current_version_stores_the_next_one(store: GameStore) -> None:
    store.create("g1", RECORD, {})
    assert store.replace("g1", 1, _moved(RECORD, "a"))
    assert store.replace("g1", 2, _moved(_moved(RECORD, "a"), "b"))
    stored = store.get("g1")
    assert stored is not None and stored.version == 3 and stored.record["actions"] == ["a", "b"]


def test_a_replace_from_a_stale_version_is_refused_and_changes_nothing(store: GameStore, store_url: str) -> None:
    store.create("g1", RECORD, {})
    assert store.replace("g1", 1, _moved(RECORD, "first"))
    row = _rows(store_url, "SELECT version, record, updated FROM web_games")
    assert not store.replace("g1", 1, _moved(RECORD, "second, from the stale version"))
    assert _rows(store_url, "SELECT version, record, updated FROM web_games") == row
    assert not store.replace("nothing", 1, RECORD)


def test_of_many_replaces_from_one_version_at_once_exactly_one_lands(store: GameStore) -> None:
    store.create("g1", RECORD, {})
    start = threading.Barrier(6)
    landed: list[str] = []

    def answer(action: str) -> None:
        start.wait()
        if store.replace("g1", 1, _moved(RECORD, action)):
            landed.append(action)

    _all_at_once(answer, [f"answer {number}" for number in range(6)])
    stored = store.get("g1")
    assert len(landed) == 1
    assert stored is not None and stored.version == 2 and stored.record["actions"] == landed


def test_the_threads_of_one_sqlite_store_write_in_turn_without_waiting_on_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no busy timeout, a write finding another thread's under way would fail at once ("database is locked"):
    none does, as the store's connections take turns; SQLite's wait, which sleeps and polls, is left for other
    processes."""
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_SECONDS", 0.0)
    opened = open_store(str(tmp_path / "games.sqlite3"))
    start = threading.Barrier(6)
    failed: list[str] = []

    def play(game_id: str) -> None:
        start.wait()
        try:
            opened.create(game_id, RECORD, {"Harsk": token_hash(game_id)})
            for version in range(1, 41):
                assert opened.replace(game_id, version, _moved(RECORD, str(version)))
        except StoreError as error:
            failed.append(str(error))

    try:
        _all_at_once(play, [f"game {number}" for number in range(6)])
        assert failed == []
        assert sorted(opened.games()) == [f"game {number}" for number in range(6)]
        assert {opened.version(f"game {number}") for number in range(6)} == {41}
    finally:
        opened.close()


def _all_at_once(work: Callable[[str], None], arguments: list[str]) -> None:
    threads = [threading.Thread(target=work, args=(argument,)) for argument in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)


# --- seats, and the list of games -------------------------------------------------------------------------


def test_a_seat_is_found_by_its_tokens_hash_in_its_own_game_only(store: GameStore) -> None:
    store.create("g1", RECORD, {"Harsk": token_hash("h1"), "Kyra": token_hash("k1")})
    store.create("g2", RECORD, {"Harsk": token_hash("h2")})
    assert store.seat_of("g1", token_hash("h1")) == "Harsk"
    assert store.seat_of("g1", token_hash("k1")) == "Kyra"
    assert store.seat_of("g2", token_hash("h2")) == "Harsk"
    assert store.seat_of("g2", token_hash("h1")) is None  # another game's token
    assert store.seat_of("g1", "h1") is None  # the token itself is not what is kept
    assert store.seat_of("nothing", token_hash("h1")) is None


def test_the_database_holds_no_seats_token_only_its_hash(service: GameService, store_url: str) -> None:
    _, tokens = service.create(NewGame("The Godless Ones", ["Harsk", "Kyra"], seed=1))
    everything = repr(_rows(store_url, "SELECT * FROM web_games") + _rows(store_url, "SELECT * FROM web_seats"))
    assert sorted(tokens) == ["Harsk", "Kyra"]
    for token in tokens.values():
        assert token not in everything
        assert token_hash(token) in everything


def test_the_games_are_listed_the_most_recently_changed_first(store: GameStore) -> None:
    for game_id in ("first", "second", "third"):
        store.create(game_id, RECORD, {})
    assert store.games() == ["third", "second", "first"]
    assert store.replace("first", 1, _moved(RECORD, "a"))
    assert store.games() == ["first", "third", "second"]


# --- two stores on one database, as two server processes ---------------------------------------------------


def test_two_stores_on_one_database_see_each_others_changes(store: GameStore, other_store: GameStore) -> None:
    store.create("g1", RECORD, {"Harsk": token_hash("h1")})
    assert other_store.version("g1") == 1 and other_store.seat_of("g1", token_hash("h1")) == "Harsk"
    assert other_store.replace("g1", 1, _moved(RECORD, "from the other"))
    stored = store.get("g1")
    assert stored is not None and stored.version == 2 and stored.record["actions"] == ["from the other"]
    assert not store.replace("g1", 1, _moved(RECORD, "from a stale view"))
    other_store.create("g2", RECORD, {})
    assert store.games() == ["g2", "g1"]


def test_stores_opened_on_a_new_database_at_once_all_open(store_url: str) -> None:
    start = threading.Barrier(6)
    failed: list[str] = []

    def open_one(_: str) -> None:
        start.wait()
        try:
            open_store(store_url).close()
        except StoreError as error:
            failed.append(str(error))

    _all_at_once(open_one, [str(number) for number in range(6)])
    assert failed == []


def test_a_postgresql_connection_the_server_dropped_is_made_again(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    opened = open_store(url)
    try:
        opened.create("g1", RECORD, {})
        _rows(postgres_server.url(), "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                                     f"'{url.split('/')[3].split('?')[0]}'")
        with pytest.raises(StoreError, match="terminating connection"):
            opened.version("g1")
        assert opened.version("g1") == 1
    finally:
        opened.close()
        postgres_server.drop_database(url)


# --- the saved games' file --------------------------------------------------------------------------------


def test_the_sqlite_store_shares_the_saved_games_file_opened_after_the_saves(tmp_path: Path) -> None:
    path = tmp_path / "saves.sqlite3"
    with SaveStore(path) as saves:
        saves.put("my game", RECORD)
        games = open_store(str(path))
        try:
            games.create("g1", RECORD, {})
            saves.put("another", RECORD)
            assert games.games() == ["g1"] and games.version("g1") == 1
        finally:
            games.close()
        assert [save.name for save in saves.list()] == ["another", "my game"]


def test_the_sqlite_store_shares_the_saved_games_file_opened_before_the_saves() -> None:
    games = open_store(None)  # the saved games' database
    try:
        assert games.where == str(default_path())
        games.create("g1", RECORD, {})
        with SaveStore() as saves:
            saves.put("my game", RECORD)
            assert games.replace("g1", 1, _moved(RECORD, "a"))
            assert [save.name for save in saves.list()] == ["my game"] and saves.get("my game") == RECORD
        assert games.games() == ["g1"] and games.version("g1") == 2
    finally:
        games.close()


# --- databases that can't be used -------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _one_line_error(url: str) -> str:
    with pytest.raises(StoreError) as raised:
        open_store(url)
    message = str(raised.value)
    assert "\n" not in message and message.strip() == message
    return message


def test_an_unreachable_postgresql_is_one_line_naming_it_without_its_password() -> None:
    port = _free_port()
    message = _one_line_error(f"postgresql://pacg:s3cret@127.0.0.1:{port}/games")
    assert message.startswith(f"postgresql://pacg:***@127.0.0.1:{port}/games: connection failed: ")
    assert "Connection refused" in message and "s3cret" not in message


def test_a_password_given_as_a_parameter_is_not_shown_either(tmp_path: Path) -> None:
    message = _one_line_error(f"postgresql://pacg@/games?host={tmp_path}&password=s3cret")
    assert message.startswith(f"postgresql://pacg@/games?host={tmp_path}&password=***: ")
    assert "s3cret" not in message


def test_a_postgresql_that_never_answers_is_given_up_in_the_connect_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "CONNECT_TIMEOUT_SECONDS", 1)
    with socket.socket() as silent:  # takes the connection (the kernel does) but never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        message = _one_line_error(f"postgresql://pacg@127.0.0.1:{silent.getsockname()[1]}/games")
    assert "timeout expired" in message


def test_a_file_that_is_not_sqlite_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, but notes kept for a long time " * 100)
    assert _one_line_error(str(path)) == f"{path}: file is not a database"


def test_an_sqlite_database_of_something_else_is_one_line_naming_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE invoices (number INTEGER)")
    message = _one_line_error(f"sqlite:///{path}")
    assert message == f"{path}: an SQLite database but not one of saved games (its tables: invoices)"


def test_a_url_of_another_kind_of_database_is_one_line_without_its_password() -> None:
    message = _one_line_error("mysql://pacg:s3cret@localhost/games")
    assert message == ("mysql://pacg:***@localhost/games: not a database's URL: a database is "
                       "postgresql://USER@HOST/NAME, sqlite:///PATH or the path of an SQLite file")


@pytest.mark.parametrize("bad", ["postgresql://pacg:s3cret@127.0.0.1:{port}/games", "{folder}/notes.txt",
                                 "mysql://pacg:s3cret@localhost/games"])
def test_serving_on_a_database_that_cant_be_used_is_a_one_line_error(bad: str, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    url = bad.format(port=_free_port(), folder=tmp_path)
    result = CliRunner().invoke(app, ["serve", "--db", url, "--port", str(_free_port())])
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --db: "), result.output
    assert "s3cret" not in result.output and "Traceback" not in result.output
