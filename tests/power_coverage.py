"""Power coverage: which paragraphs of the built-in cards the tests run, against the list of those known not to.

Every paragraph of every card (a character's roles' and the powers its feat boxes give included) is named as its
card file's errors name it, "Card Name: powers[2]" (`support.paragraphs`, `loader.field_name`). The engine records
each paragraph it runs (`pacg.engine.trace`); what no test ran must be listed in `tests/untested_powers.txt`, and
what is listed there must not have run, so the list only shrinks as tests are written.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pacg.cards.loader import CardLibrary, field_name
from pacg.cards.model import Card
from pacg.cards.powers import Power
from pacg.engine.support import paragraphs

UNTESTED_LIST = Path(__file__).with_name("untested_powers.txt")

HEADER = """\
# The power paragraphs of the built-in cards that no test runs yet, one "Card Name: field" a line, sorted.
# With PACG_POWER_COVERAGE=1 (.ci/run sets it) the whole test suite fails when a paragraph no test runs is not
# listed here, and when a listed one does run (tests/conftest.py, tests/power_coverage.py). This list must only
# shrink: write a test that shows the power at work on a real game, then remove its line.
"""


def power_names(library: Iterable[Card]) -> dict[int, tuple[str, Power]]:
    """Every paragraph of every card, by id: its name ("Card Name: field") and the paragraph itself."""
    return {id(power): (f"{card.name}: {field_name(field)}", power)
            for card in library for _, field, power in paragraphs(card)}


def read_list(path: Path = UNTESTED_LIST) -> set[str]:
    """The names the list holds (comment lines and blank lines aside)."""
    if not path.exists():
        return set()
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line and not line.startswith("#")}


def list_text(names: Iterable[str]) -> str:
    """The list file's text for these names."""
    return HEADER + "".join(f"{name}\n" for name in sorted(names))


@dataclass(frozen=True)
class Coverage:
    """How the paragraphs run compare with the list of those no test runs."""

    total: int
    ran: int
    unlisted: list[str]  # never ran, and not listed
    stale: list[str]  # listed, but ran (or no such paragraph any more)

    @property
    def holds(self) -> bool:
        return not self.unlisted and not self.stale

    def summary(self) -> str:
        return f"power coverage: {self.ran} of {self.total} power paragraphs of the built-in cards run by the tests"

    def problems(self) -> list[str]:
        lines = []
        if self.unlisted:
            lines.append(f"{len(self.unlisted)} never ran and are not listed in {UNTESTED_LIST.name} (test them):")
            lines += [f"  {name}" for name in self.unlisted]
        if self.stale:
            lines.append(f"{len(self.stale)} are listed in {UNTESTED_LIST.name} but ran or are no power (remove them):")
            lines += [f"  {name}" for name in self.stale]
        return lines


def coverage(library: CardLibrary, executed: dict[int, Power], listed: set[str]) -> Coverage:
    """Compare the paragraphs that ran (`trace.executed`) with the listed ones."""
    names = power_names(library)
    ran = {name for key, (name, power) in names.items() if executed.get(key) is power}
    never = {name for name, _ in names.values()} - ran
    stale = (listed & ran) | (listed - never - ran)
    return Coverage(len(names), len(ran), sorted(never - listed), sorted(stale))
