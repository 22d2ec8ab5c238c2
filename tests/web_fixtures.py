"""Fixtures of the web server's tests (registered in conftest.py): the database a test's games are kept in, a game
service over it, a test client of the server's application, and real `pacg serve` processes (`pacg_serve`, or
`Served.start` for a server that a module's tests share).

`store_url` is each database the web store supports: an SQLite file of the test's own, and a database of its own on
the session's private PostgreSQL server (tests/postgres_server.py). Without PostgreSQL installed the postgresql
runs are skipped, saying so, except under CI (PACG_CI=1), where they fail.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import httpx2
import pytest
from fastapi.testclient import TestClient

from pacg.web.app import create_app
from pacg.web.service import GameService
from pacg.web.store import GameStore, open_store
from postgres_server import PostgresServer, binaries
from table import library


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The test session's own PostgreSQL server, started when a test first needs it and stopped at the end."""
    found = binaries()
    if found is None:
        _cannot_have("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _cannot_have("the psycopg package is not installed: pip install 'psycopg[binary]'")
    server = PostgresServer.start(found)
    yield server
    server.stop()


def _cannot_have(why: str) -> NoReturn:
    """Skip the tests that need PostgreSQL, saying why; under CI (PACG_CI=1) fail them instead."""
    if os.environ.get("PACG_CI") == "1":
        pytest.fail(f"PostgreSQL is needed under CI: {why}")
    pytest.skip(why)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database for the test's games: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite3'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.new_database()
    yield url
    server.drop_database(url)


@pytest.fixture
def store(store_url: str) -> Iterator[GameStore]:
    opened = open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def service(store: GameStore) -> Iterator[GameService]:
    made = GameService(store, library())
    yield made
    made.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service)) as made:
        yield made


# --- real servers -------------------------------------------------------------------------------------------

START_SECONDS = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    """A `python -m pacg serve` process over an SQLite file, with no pause between AI answers, its output (the
    server's log) in a file."""

    process: subprocess.Popen[bytes]
    url: str
    log_path: Path
    _read: int = 0  # how much of the log `new_log` has given

    @classmethod
    def start(cls, folder: Path, card_cache: Path, *options: str, database: Path | None = None,
              port: int | None = None) -> Served:
        """The server, once it answers, with these options (after --ai-pause 0) over `database` (a new file in
        `folder` by default) on `port` (a free one by default). Its data folder is in `folder` and its card cache
        is `card_cache`, given: a server a module's tests share starts before a test's own settings are made."""
        port = port or free_port()
        log_path = folder / f"server-{port}-{time.monotonic_ns()}.log"
        environment = {**os.environ, "PACG_CACHE_DIR": str(card_cache), "PACG_DATA_DIR": str(folder / "data"),
                       "PYTHONUNBUFFERED": "1"}  # the log as it is written
        command = [sys.executable, "-m", "pacg", "serve", "--port", str(port),
                   "--db", str(database or folder / "served.sqlite3"), "--ai-pause", "0", *options]
        with log_path.open("wb") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
        served = cls(process, f"http://127.0.0.1:{port}", log_path)
        served._wait_until_it_answers()
        return served

    def _wait_until_it_answers(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                httpx2.get(f"{self.url}/api/setup", timeout=1)
                return
            except httpx2.TransportError:
                assert self.process.poll() is None, f"pacg serve stopped:\n{self.log()}"
                assert time.monotonic() < deadline, f"pacg serve didn't answer:\n{self.log()}"
                time.sleep(0.1)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def new_log(self) -> str:
        """What the server logged since this was last asked (by a test before, of a server they share)."""
        with self.log_path.open("rb") as log:
            log.seek(self._read)
            new = log.read()
        self._read += len(new)
        return new.decode(errors="replace")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture
def pacg_serve(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Served]]:
    """Start `pacg serve` processes with the options given, over one database file of the test's (each on a port
    of its own, unless `port=` says), all killed at the end."""
    started: list[Served] = []

    def start(*options: str, port: int | None = None) -> Served:
        started.append(Served.start(tmp_path, tmp_path_factory.getbasetemp() / "card-cache", *options, port=port))
        return started[-1]

    yield start
    for served in started:
        served.kill()
