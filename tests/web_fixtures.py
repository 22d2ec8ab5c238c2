"""Fixtures of the web server's tests (registered in conftest.py): the database a test's games are kept in, a game
service over it, and a test client of the server's application.

`store_url` is each database the web store supports: an SQLite file of the test's own, and PostgreSQL (added by
the PostgreSQL fixture below, when a server can be started).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pacg.web.app import create_app
from pacg.web.service import GameService
from pacg.web.store import GameStore, open_store
from table import library


@pytest.fixture(params=["sqlite"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database for the test's games."""
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


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
