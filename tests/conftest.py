"""The whole test session's guard that every power of every card is run by some test (tests/power_coverage.py).

The engine's tracing (`pacg.engine.trace`) is on for the session, but not while a test leaves its course to chance:
a hypothesis test, or one marked `plays_at_random` (whole games answered by random agents). What those happen to
play shows no power at work, and would change from run to run. At the end a summary line says how many of the
built-in cards' power paragraphs ran. With PACG_POWER_COVERAGE=1, once the whole suite ran and passed, the
session fails if a paragraph never ran that tests/untested_powers.txt doesn't list, or if a listed one ran.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pacg.engine import trace
from power_coverage import Coverage, coverage, read_list
from table import library

pytest_plugins = ["web_fixtures"]  # the web server's tests' fixtures

ENFORCED = os.environ.get("PACG_POWER_COVERAGE") == "1"
TESTS = Path(__file__).parent

_deselected: list[pytest.Item] = []


def pytest_configure(config: pytest.Config) -> None:
    trace.start()
    _absolute_python_path()


def _absolute_python_path() -> None:
    """The folders of PYTHONPATH (`PYTHONPATH=src`) made absolute, so a program a test starts in another folder
    runs the same pacg as the tests."""
    folders = [str(Path(folder).resolve()) for folder in os.environ.get("PYTHONPATH", "").split(os.pathsep) if folder]
    if folders:
        os.environ["PYTHONPATH"] = os.pathsep.join(folders)


@pytest.fixture(autouse=True)
def _own_saved_games(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its saved games in a folder of its own, never the user's (`pacg.saves`); the processes
    it starts inherit the setting."""
    monkeypatch.setenv("PACG_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _own_card_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests keep the card library's cache (`pacg.cards.cache`) in a folder of the test session's, never the
    user's; the processes they start inherit the setting, and share it, as a user's runs of pacg do."""
    monkeypatch.setenv("PACG_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "card-cache"))


def pytest_deselected(items: list[pytest.Item]) -> None:
    _deselected.extend(items)


def _by_chance(item: pytest.Item) -> bool:
    test = getattr(item, "obj", None)
    return item.get_closest_marker("plays_at_random") is not None or getattr(test, "is_hypothesis_test", False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """No tracing while a test's play is left to chance, its fixtures' included."""
    return (yield from _untraced_by_chance(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """No tracing while a test's play is left to chance."""
    return (yield from _untraced_by_chance(item))


def _untraced_by_chance(item: pytest.Item) -> Iterator[None]:
    if not _by_chance(item):
        return (yield)
    executed, trace.executed = trace.executed, None
    try:
        return (yield)
    finally:
        trace.executed = executed


def _whole_suite(session: pytest.Session) -> bool:
    """Whether every test module was collected, none deselected, and every test ran and passed."""
    config = session.config
    if config.option.collectonly or _deselected or session.shouldstop or session.shouldfail or session.testsfailed:
        return False
    collected = {Path(str(item.path)).name for item in session.items}
    return {path.name for path in TESTS.glob("test_*.py")} <= collected


_judged: list[tuple[Coverage, bool]] = []  # the session's coverage, and whether the guard judged it


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if trace.executed is None or not session.items:
        return
    result = coverage(library(), trace.executed, read_list())
    judged = ENFORCED and _whole_suite(session)
    _judged.append((result, judged))
    if judged and not result.holds:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for result, judged in _judged:
        terminalreporter.write_line(result.summary() + ("" if judged else " (not judged)"))
        for line in result.problems() if judged else ():
            terminalreporter.write_line(line)
