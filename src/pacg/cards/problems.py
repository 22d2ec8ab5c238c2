"""The problems a card file can have, each naming the file, the line and the field; and how a field is named."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CardProblem:
    """One thing wrong with a card file, or (`note`) one thing worth knowing that is not wrong."""

    path: Path
    line: int
    field: str
    message: str
    note: bool = False

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}: note" if self.note else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class CardFileError(ValueError):
    """Card files that could not be read; `problems` lists each with its file, line and field. `name` is the
    name of the card of a single file that could not be read, when the file says it."""

    def __init__(self, problems: list[CardProblem], name: str | None = None) -> None:
        self.problems = problems
        self.name = name
        super().__init__("\n".join(str(problem) for problem in problems))


def field_name(location: tuple[int | str, ...]) -> str:
    """A field of a card file as its errors name it: ("powers", 0, "effects", 1) is `powers[0].effects[1]`."""
    name = ""
    previous: int | str | None = None
    for step in location:
        if isinstance(step, int):
            name += f"[{step}]"
        elif step.startswith(("function-", "tagged-union")) or "[" in step or step == previous:
            pass  # pydantic's own steps through validators and unions; a tagged union repeats its tag
        else:
            name += f".{step}" if name else step
        previous = step
    return name
