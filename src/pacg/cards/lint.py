"""`pacg cards lint`: every check of a folder of card files, one `file:line: field: message` line per problem.

Reading the files checks each one against the card file format: YAML that reads, the fields of its type, the
check grammar, the power language, the bounds of its numbers, and no name used twice in a folder. Then each
function of `CHECKS` looks at all the cards read together: that every name of another card is a card of the
right type (`reference_problems`, which loading a library runs too), and that every card's text can be generated
(`text_problems`). A new check is one more function from the cards read to their problems, added to `CHECKS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardProblem
from pacg.cards.reading import CardFiles, read_card_folders
from pacg.cards.references import reference_problems
from pacg.cards.text import card_text

LintCheck = Callable[[CardFiles], Iterable[CardProblem]]
"""A check of the cards read: their problems (notes too, `CardProblem.note`)."""


def text_problems(found: CardFiles) -> Iterator[CardProblem]:
    """Every card whose text can't be generated (`pacg cards show` would fail on it)."""
    for file in found.files.values():
        try:
            card_text(file.card)
        except Exception as error:  # noqa: BLE001 (whatever goes wrong is the card's problem, to be reported)
            yield file.problem((), f"its text can't be generated ({type(error).__name__}: {error})")


CHECKS: tuple[LintCheck, ...] = (reference_problems, text_problems)


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


@dataclass(frozen=True)
class LintReport:
    """What linting found: the folders read, how many cards they hold, and every problem and note."""

    folders: tuple[Path, ...]
    cards: int
    problems: tuple[CardProblem, ...]

    @property
    def errors(self) -> list[CardProblem]:
        return [problem for problem in self.problems if not problem.note]

    @property
    def clean(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        """One line: "139 cards under DIR: no problems", or how many problems (and notes) there are."""
        notes = len(self.problems) - len(self.errors)
        found = _count(len(self.errors), "problem") if self.errors else "no problems"
        if notes:
            found += f", {_count(notes, 'note')}"
        return f"{_count(self.cards, 'card')} under {' and '.join(map(str, self.folders))}: {found}"


def lint(folder: Path = DEFAULT_CARD_FOLDER, custom: Path | None = None, checks: Iterable[LintCheck] = CHECKS
         ) -> LintReport:
    """Read the card files below a folder (and a folder of custom cards added to it) and run every check."""
    folders = (folder,) if custom is None else (folder, custom)
    found = read_card_folders(folders)
    problems = list(found.problems)
    for check in checks:
        problems.extend(check(found))
    problems.sort(key=lambda problem: (str(problem.path), problem.line))  # file by file, line by line
    return LintReport(folders, len(found.files), tuple(problems))
