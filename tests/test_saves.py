"""Saved games in SQLite (src/pacg/saves.py) and `pacg saves`, on real database files under tmp_path:

    put, get, list and delete round trip, a put replaces, bad names and missing saves are refused by name;
    four processes writing at once lose nothing that was put; a writer killed mid-write (SIGKILL, 20 times)
        leaves a database that opens, with every save whose put returned intact;
    a file that isn't a saves database (not SQLite, corrupt, another program's, a newer format) is a SaveError;
    `pacg saves list/show/delete` print what the store holds, and one-line errors with exit 1 or 2.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacg.cli import app
from pacg.saves import FILE_NAME, SaveError, SaveStore
from save_writer import save_record

WRITER = Path(__file__).with_name("save_writer.py")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's default database is in its own tmp folder, never the user's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("PACG_DATA_DIR", str(folder))
    return folder


def game(scenario: str = "The Godless Ones", characters: tuple[str, ...] = ("Harsk", "Kyra"), answers: int = 3,
         result: str | None = None) -> dict[str, object]:
    record: dict[str, object] = {"scenario": scenario, "characters": list(characters), "seed": 7,
                                 "actions": [f"action {n}" for n in range(answers)]}
    if result is not None:
        record["outcome"] = {"result": result, "turns": 12}
    return record


# --- the store ---------------------------------------------------------------------------------------------


def test_put_get_list_delete_round_trip(data_dir: Path) -> None:
    record = game(answers=5) | {"nested": {"text": "Séoni's “staff”", "numbers": [1, 2.5, None, True]}}
    with SaveStore() as store:
        store.put("first game", record)
        store.put("won-game_2.b", game("The Wardstone Patrol", ("Ekkie",), answers=40, result="won"))
        assert store.get("first game") == record
        listed = store.list()
        assert [info.name for info in listed] == ["won-game_2.b", "first game"]  # the newest first
        won, first = listed
        assert (won.scenario, won.characters, won.answers, won.result) == ("The Wardstone Patrol", ["Ekkie"], 40, "won")
        assert (first.scenario, first.characters, first.answers, first.result) == (
            "The Godless Ones", ["Harsk", "Kyra"], 5, None)
        assert first.updated.tzinfo is not None and datetime.now(UTC) - first.updated < timedelta(minutes=1)
        assert store.info("first game") == first
        store.delete("first game")
        assert [info.name for info in store.list()] == ["won-game_2.b"]
    assert (data_dir / FILE_NAME).is_file()
    with SaveStore(data_dir / FILE_NAME) as reopened:  # what was put is in the file, not in the store object
        assert reopened.get("won-game_2.b")["outcome"] == {"result": "won", "turns": 12}


def test_a_put_replaces_the_save_of_that_name_and_makes_it_the_newest() -> None:
    with SaveStore() as store:
        store.put("a", game(answers=1))
        store.put("b", game(answers=1))
        store.put("a", game(answers=9, result="lost"))
        assert store.get("a") == game(answers=9, result="lost")
        assert [(info.name, info.answers, info.result) for info in store.list()] == [("a", 9, "lost"),
                                                                                    ("b", 1, None)]


def test_an_explicit_path_wins_over_the_data_folder(tmp_path: Path, data_dir: Path) -> None:
    path = tmp_path / "elsewhere" / "deeper" / "my saves.db"
    with SaveStore(path) as store:
        store.put("x", game())
    assert path.is_file() and not data_dir.exists()


@pytest.mark.parametrize("name", ["", " ", " lead", "trail ", "a/b", "semi;colon", "quote'", "new\nline", "x" * 65,
                                  "tab\there", "percent%"])
def test_bad_names_are_refused_naming_them(name: str) -> None:
    with SaveStore() as store:
        for use in (lambda: store.put(name, game()), lambda: store.get(name), lambda: store.delete(name)):
            with pytest.raises(SaveError, match="bad save name") as refused:
                use()
            assert repr(name) in str(refused.value)
        assert store.list() == []


@pytest.mark.parametrize("name", ["a", "x" * 64, "Game 1", "v1.2-final_b", "Séoni und Ekkie"])
def test_good_names_are_kept(name: str) -> None:
    with SaveStore() as store:
        store.put(name, game())
        assert [info.name for info in store.list()] == [name]
        assert store.get(name) == game()


def test_a_missing_save_is_named_with_the_saves_there_are() -> None:
    with SaveStore() as store:
        with pytest.raises(SaveError, match=r"^no saved game 'x' \(there are no saved games\)$"):
            store.get("x")
        store.put("b", game())
        store.put("a", game())
        with pytest.raises(SaveError, match=r"^no saved game 'x' \(saved: a, b\)$"):
            store.get("x")
        with pytest.raises(SaveError, match=r"^no saved game 'x' \(saved: a, b\)$"):
            store.delete("x")
        with pytest.raises(SaveError, match=r"^no saved game 'x' \(saved: a, b\)$"):
            store.info("x")
        for number in range(12):
            store.put(f"game {number:02}", game())
        with pytest.raises(SaveError, match=r"\(saved: a, b, game 00, .*, game 07 and 4 more\)$"):
            store.get("x")


@pytest.mark.parametrize(("record", "says"), [
    ({"characters": ["Harsk"], "actions": []}, '"scenario"'),
    ({"scenario": 3, "characters": ["Harsk"], "actions": []}, '"scenario"'),
    ({"scenario": "S", "characters": "Harsk", "actions": []}, '"characters"'),
    ({"scenario": "S", "characters": [1], "actions": []}, '"characters"'),
    ({"scenario": "S", "characters": [], "actions": 3}, '"actions"'),
    ({"scenario": "S", "characters": [], "actions": [], "outcome": {"turns": 3}}, '"outcome"'),
    ({"scenario": "S", "characters": [], "actions": [], "seed": float("nan")}, "not JSON data"),
    ({"scenario": "S", "characters": [], "actions": [], "seed": object()}, "not JSON data"),
])
def test_a_record_the_listing_cant_read_is_refused_and_nothing_is_written(record: dict[str, object], says: str
                                                                          ) -> None:
    with SaveStore() as store:
        store.put("g", game())
        with pytest.raises(SaveError, match="can't save 'g'") as refused:
            store.put("g", record)
        assert says in str(refused.value)
        assert store.get("g") == game()


# --- writers at once, and writers killed -----------------------------------------------------------------------


def start_writer(path: Path, writer: int, rounds: int, size: int, names: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(WRITER), str(path), str(writer), str(rounds), str(size), *names],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def check_intact(store: SaveStore, name: str, size: int, plans: Mapping[int, list[str]]) -> tuple[int, int]:
    """The save `name` is one writer's record, whole, that the writer put under that name (`plans`: each
    writer's names in turn); its (writer, index)."""
    record = store.get(name)
    writer, index = record["writer"], record["index"]
    assert isinstance(writer, int) and isinstance(index, int)
    assert record == save_record(writer, index, size), f"{name}: a torn or mixed record"
    names = plans[writer]
    assert names[index % len(names)] == name, f"{name}: holds the record put under {names[index % len(names)]}"
    return writer, index


def sql(path: Path, statement: str) -> list[tuple[object, ...]]:
    """One statement on the database file, with a connection of its own (not the store's), closed after."""
    with closing(sqlite3.connect(path)) as db, db:
        return db.execute(statement).fetchall()


def test_four_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    """Four writers start together on a new database (so the schema is made under contention too) and put 50
    saves each, 25 under names of their own and 25 under five names shared by all (each put five times by each
    writer): every put returned (exit 0), and every save holds, whole, the last record some writer put under
    its name."""
    path = tmp_path / "concurrent" / FILE_NAME
    size = 2000
    plans = {writer: [f"shared {n % 10}" if n % 2 else f"writer {writer} save {n}" for n in range(50)]
             for writer in range(4)}
    writers = {writer: start_writer(path, writer, 1, size, names) for writer, names in plans.items()}
    for process in writers.values():
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    for writer, process in writers.items():
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, f"writer {writer}: {err}"
        assert len(out.splitlines()) == 50
    with SaveStore(path) as store:
        everyone = {name for names in plans.values() for name in names}
        assert sorted(info.name for info in store.list()) == sorted(everyone)
        for name in everyone:
            writer, index = check_intact(store, name, size, plans)
            assert index == max(n for n, planned in enumerate(plans[writer]) if planned == name)


def test_many_opening_a_new_database_at_once_all_open_it(tmp_path: Path) -> None:
    """Six connections making the same new database at once, 40 times over: each opens it (putting a new file in
    WAL mode doesn't wait for the others by itself: `saves.use_wal` tries again)."""
    failed: list[str] = []
    for trial in range(40):
        path = tmp_path / str(trial) / FILE_NAME
        start = threading.Barrier(6)

        def open_it(where: Path = path, at_once: threading.Barrier = start) -> None:
            at_once.wait()
            try:
                SaveStore(where).close()
            except SaveError as error:
                failed.append(str(error))

        threads = [threading.Thread(target=open_it) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failed == []


def test_a_writer_killed_mid_write_loses_no_save_whose_put_returned(tmp_path: Path) -> None:
    """A writer putting big records in a loop under five names is SIGKILLed at a random moment, 20 times
    over: each time the database opens and passes SQLite's integrity check, and every name holds an intact
    record at least as new as the last one whose put returned."""
    path = tmp_path / "killed" / FILE_NAME
    size, names = 100_000, [f"save {n}" for n in range(5)]
    plans = dict.fromkeys(range(20), names)
    chance = random.Random(11)
    returned: dict[str, tuple[int, int]] = {}  # name -> (run, index) of the last put that returned
    for run in range(20):
        writer = start_writer(path, run, 1000, size, names)
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
        time.sleep(chance.uniform(0.05, 0.5))
        writer.send_signal(signal.SIGKILL)
        out, _ = writer.communicate(timeout=60)
        assert writer.returncode == -signal.SIGKILL, "the writer ended before it was killed: wait less"
        for line in out.split("\n")[:-1]:  # whole lines only: the kill may cut the last one short
            index, name = line.split(" ", 1)
            returned[name] = (run, int(index))
        assert sql(path, "PRAGMA integrity_check") == [("ok",)]
        with SaveStore(path) as store:
            assert {info.name for info in store.list()} >= set(returned)
            for name, last in returned.items():
                assert check_intact(store, name, size, plans) >= last, f"{name}: older than a put that returned"
    assert len(returned) == len(names), "no kill came late enough for a put of every name: wait longer"


# --- files that aren't saves databases -------------------------------------------------------------------------


def test_a_file_that_isnt_sqlite_is_a_save_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "saves.sqlite3"
    path.write_bytes(b"these are not the saves you are looking for\n" * 100)
    with pytest.raises(SaveError, match=f"^{path}: file is not a database$"):
        SaveStore(path)


def test_a_corrupt_database_is_a_save_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "saves.sqlite3"
    with SaveStore(path) as store:
        for number in range(30):
            store.put(f"game {number}", game(answers=200))
    [(page_size,)] = sql(path, "PRAGMA page_size")
    assert isinstance(page_size, int)
    with path.open("r+b") as file:  # the pages after the first (the schema) are garbage now
        file.seek(page_size)
        file.write(random.Random(3).randbytes(path.stat().st_size - page_size))
    with pytest.raises(SaveError, match=f"^{path}: database disk image is malformed$"):
        with SaveStore(path) as store:
            store.list()


def test_another_programs_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    sql(path, "CREATE TABLE scores (player TEXT)")
    with pytest.raises(SaveError, match="not one of saved games .its tables: scores."):
        SaveStore(path)
    assert sql(path, "SELECT name FROM sqlite_master") == [("scores",)]


def test_a_newer_format_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    with SaveStore(path) as store:
        store.put("g", game())
    sql(path, "PRAGMA user_version = 3")
    with pytest.raises(SaveError, match=r"format version 3, newer than this pacg reads \(2\)"):
        SaveStore(path)


def test_a_version_1_database_gains_the_campaigns_and_keeps_its_games(tmp_path: Path) -> None:
    """A saves database of before the campaigns (version 1: the saves' table alone) opens with its games whole and
    a table for campaigns."""
    path = tmp_path / FILE_NAME
    with SaveStore(path) as store:
        store.put("g", game())
    sql(path, "DROP TABLE campaigns")
    sql(path, "PRAGMA user_version = 1")
    with SaveStore(path) as store:
        assert store.get("g") == game()
        store.put_campaign("c", {"party": [{"name": "Kyra"}], "story": "Into the Worldwound", "completed": []})
        assert [info.name for info in store.campaigns()] == ["c"]
    assert sql(path, "PRAGMA user_version") == [(2,)]


def test_a_folder_that_cant_be_made_is_a_save_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(SaveError, match="can't make the folder for saved games"):
        SaveStore(tmp_path / "file" / FILE_NAME)


# --- pacg saves ----------------------------------------------------------------------------------------------


def pacg(*args: str) -> tuple[int, str, str]:
    """`pacg ARGS` in this process: the exit status, stdout and stderr; a traceback fails the test."""
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"pacg {' '.join(args)}: {result.exception!r}") from result.exception
    return result.exit_code, result.stdout, result.stderr


def test_saves_list_shows_every_save_newest_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one line a save
    assert pacg("saves", "list") == (0, "no saved games\n", "")
    assert pacg("saves", "list", "--json") == (0, "[]\n", "")
    with SaveStore() as store:
        store.put("won game", game("The Wardstone Patrol", ("Ekkie", "Harsk"), answers=40, result="won"))
        store.put("half way", game(answers=17))
    status, out, err = pacg("saves", "list")
    assert (status, err) == (0, "")
    rows = [line for line in out.splitlines() if "│" in line]
    assert "half way" in rows[0] and "17" in rows[0] and "under way" in rows[0]
    assert "won game" in rows[1] and "Ekkie, Harsk" in rows[1] and "40" in rows[1] and "won" in rows[1]
    assert f"{datetime.now(UTC):%Y-%m-%d}" in rows[0]
    status, out, _ = pacg("saves", "list", "--json")
    listed = json.loads(out)
    assert [(save["name"], save["answers"], save["result"]) for save in listed] == [("half way", 17, None),
                                                                                   ("won game", 40, "won")]
    assert listed[1]["characters"] == ["Ekkie", "Harsk"] and listed[1]["scenario"] == "The Wardstone Patrol"
    assert datetime.fromisoformat(listed[0]["updated"]) >= datetime.fromisoformat(listed[1]["updated"])


def test_saves_show_prints_the_summary_or_the_whole_record() -> None:
    record = game(answers=4, result="lost")
    with SaveStore() as store:
        store.put("g", record)
    status, out, _ = pacg("saves", "show", "g")
    assert status == 0
    assert out.splitlines()[:5] == ["Name:     g", "Scenario: The Godless Ones", "Party:    Harsk, Kyra",
                                    "Answers:  4", "Result:   lost"]
    assert out.splitlines()[5].startswith("Updated:  ")
    status, out, _ = pacg("saves", "show", "g", "--json")
    assert (status, json.loads(out)) == (0, record)


def test_saves_delete_deletes_one_save() -> None:
    with SaveStore() as store:
        store.put("a", game())
        store.put("b", game())
    assert pacg("saves", "delete", "a") == (0, "Deleted the saved game 'a'\n", "")
    with SaveStore() as store:
        assert [info.name for info in store.list()] == ["b"]


@pytest.mark.parametrize(("args", "status", "says"), [
    (["saves", "show", "nope"], 1, "Error: no saved game 'nope' (saved: a)\n"),
    (["saves", "show", "nope", "--json"], 1, "Error: no saved game 'nope' (saved: a)\n"),
    (["saves", "delete", "nope"], 1, "Error: no saved game 'nope' (saved: a)\n"),
    (["saves", "show", "a/b"], 2, "Error: bad save name 'a/b': "),
    (["saves", "delete", ""], 2, "Error: bad save name '': "),
])
def test_saves_errors_are_one_line(args: list[str], status: int, says: str) -> None:
    with SaveStore() as store:
        store.put("a", game())
    done, out, err = pacg(*args)
    assert (done, out) == (status, "")
    assert err.startswith(says) and err.count("\n") == 1


@pytest.mark.parametrize("command", [["list"], ["show", "a"], ["delete", "a"]])
def test_saves_commands_on_a_database_that_isnt_one_fail_in_one_line(data_dir: Path, command: list[str]) -> None:
    data_dir.mkdir()
    (data_dir / FILE_NAME).write_text("not a database")
    assert pacg("saves", *command) == (1, "", f"Error: {data_dir / FILE_NAME}: file is not a database\n")


def test_saves_in_a_real_process_use_pacg_data_dir(data_dir: Path) -> None:
    """As a person runs it: the database is the one in PACG_DATA_DIR, a missing save exits 1 without a
    traceback."""
    with SaveStore() as store:
        store.put("real", game(answers=2))
    command = [sys.executable, "-c", "from pacg.cli import app; app(prog_name='pacg')", "saves"]
    env = os.environ | {"PACG_DATA_DIR": str(data_dir)}
    shown = subprocess.run([*command, "show", "real", "--json"], capture_output=True, text=True, env=env,
                           timeout=60, check=False)
    assert (shown.returncode, json.loads(shown.stdout)) == (0, game(answers=2))
    missing = subprocess.run([*command, "delete", "gone"], capture_output=True, text=True, env=env, timeout=60,
                             check=False)
    assert (missing.returncode, missing.stdout, missing.stderr) == (1, "", "Error: no saved game 'gone' "
                                                                           "(saved: real)\n")
