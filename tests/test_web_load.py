"""The web server's load test (benchmarks/web_load.py) run with tiny bounds, on SQLite and PostgreSQL, so that it
keeps working: every answer's view came, nothing was lost or mixed between games; and its checks do catch a view
of another game, of another seat or of an older version."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "web_load.py"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # for its dataclasses
    spec.loader.exec_module(module)
    return module


web_load = _load_script()


@pytest.mark.plays_at_random
def test_three_games_played_over_websocket_lose_and_mix_nothing(store_url: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    settings = web_load.Settings(games=3, actions=15, seconds=60, think=0, db=store_url, seed=5)
    report = web_load.run(settings)
    assert report.problems == []
    assert len(report.tables) == 3 and len({table.id for table in report.tables}) == 3
    for table in report.tables:
        assert len(table.accepted) == 15 or table.over
        assert sorted(table.accepted) == list(range(1, len(table.accepted) + 1))
        assert {seat for seat, _ in table.accepted.values()} <= set(table.characters)
    assert len(report.latencies) == len(report.reference) == report.answers >= 15
    web_load.print_report(report)
    out = capsys.readouterr().out
    assert f"{report.answers} answers in " in out and "answer to next view, ms:             count " in out
    assert "in-process Game.apply + view, ms:    count " in out and "lost or mixed: none" in out


def _client() -> tuple[object, object]:
    table = web_load.Table("game-a", 1, ["Harsk", "Kyra"], {"Harsk": "t1", "Kyra": "t2"})
    report = web_load.Report(web_load.Settings(), "a test", [table])
    return web_load.Client(table, "Harsk", report.settings, report, stop_at=0.0), report


def _view(version: int, game: str = "game-a", seat: str = "Harsk", decision_for: str | None = "Harsk"
          ) -> dict[str, object]:
    """A view as the server sends it, with a decision for `decision_for` (None: the other seat's turn)."""
    decision = {"player": decision_for, "options": [{"id": "a", "label": "A"}]} if decision_for else None
    return {"type": "view", "game": game, "seat": seat, "version": version,
            "view": {"seat": seat, "decision": decision, "waiting_for": decision_for or "Kyra"}}


def test_the_load_tests_client_reports_every_message_not_of_its_game_and_seat_or_not_newer() -> None:
    client, report = _client()
    client.take(_view(2))
    client.take(_view(3, game="game-b"))
    client.take(_view(3, seat="Kyra", decision_for=None))
    client.take(_view(3, decision_for="Kyra"))
    client.take(_view(2))
    client.take({"type": "error", "status": 409, "detail": "another answer to this decision came first"})
    assert report.problems == ["game game-a, Harsk: a view of another game, 'game-b'",
                               "game game-a, Harsk: a view for another seat, 'Kyra'",
                               "game game-a, Harsk: another seat's decision",
                               "game game-a, Harsk: version 2 after version 2",
                               "game game-a, Harsk: an error message: 409 another answer to this decision came first"]
    assert client.seen == 2


def test_the_load_tests_client_times_an_answer_at_its_next_view() -> None:
    client, report = _client()
    client.take(_view(1))
    client.pending = (1, 0.0, "a")
    client.take(_view(2, decision_for=None))
    assert client.pending is None and client.table.accepted == {1: ("Harsk", "a")}
    assert len(report.latencies) == 1 and report.problems == []
