"""Fixtures of the web server's tests (registered in conftest.py): the database a test's games are kept in, a game
service over it, and a test client of the server's application.

`store_url` is each database the web store supports: an SQLite file of the test's own, and a database of its own on
the session's private PostgreSQL server (tests/postgres_server.py). Without PostgreSQL installed the postgresql
runs are skipped, saying so, except under CI (PACG_CI=1), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

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
