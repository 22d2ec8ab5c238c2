"""Game records: a game is its setup, its seed and its answers (DESIGN.md 4).

`pacg play --log FILE` writes one; `pacg replay FILE` plays it again to the same end. The file is JSON:

    {"format": "pacg game record", "version": 1, "scenario": "The Godless Ones",
     "characters": ["Harsk", "Kyra"], "seed": 7, "answers": [0, 2, 1, ...]}

A game played with custom cards added to the box (`pacg play --cards DIR`) also names their folder, as an
absolute path: `"cards": "/home/me/cards"`, which `pacg replay` reads them from again. A game set up without
cards removed from the game in earlier scenarios (`pacg play --removed "Sir Ilivan"`, COH-01) names them:
`"removed": ["Sir Ilivan"]`; so does one set up with boons redeemed earlier in the Adventure Path (`pacg play
--redeemed "Corroded Helm"`, RED-01): `"redeemed": ["Corroded Helm"]`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pacg.cards.loader import CardLibrary
from pacg.decisions import Decision, InvalidAnswer, validated
from pacg.engine.scenario import Outcome, play_scenario
from pacg.engine.setup import new_game
from pacg.engine.state import Game

FORMAT = "pacg game record"
VERSION = 1


class RecordError(ValueError):
    """A game record that can't be read or replayed, with what is wrong and where."""


@dataclass
class GameRecord:
    scenario: str
    characters: list[str]
    seed: int
    answers: list[int] = field(default_factory=list)
    cards: str | None = None  # the folder of the custom cards added to the box, if any
    removed: list[str] = field(default_factory=list)  # cards removed from the game earlier (COH-01)
    redeemed: list[str] = field(default_factory=list)  # boons redeemed earlier in the Adventure Path (RED-01)

    def save(self, path: Path) -> None:
        """Write the record, replacing the file only once the new one is complete; the optional fields only
        when they are given."""
        optional: dict[str, object] = {"cards": None, "removed": [], "redeemed": []}
        fields = {name: value for name, value in asdict(self).items()
                  if name not in optional or value != optional[name]}
        data = {"format": FORMAT, "version": VERSION, **fields}
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps(data) + "\n", encoding="utf-8")
        partial.replace(path)

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise RecordError(f"{path}: can't read the game record ({error.strerror})") from None
        except ValueError as error:  # not JSON, not UTF-8, or a number of more digits than Python converts
            raise RecordError(f"{path}: not a game record: {error}") from None
        except RecursionError:
            raise RecordError(f"{path}: not a game record: nested too deeply") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{path}: not a game record (no \"format\": \"{FORMAT}\")")
        if data.get("version") != VERSION:
            version = data.get("version")
            raise RecordError(f"{path}: version {version!r} of the record format; this pacg reads {VERSION}")
        checks = {"scenario": str, "characters": list, "seed": int, "answers": list}
        for name, kind in checks.items():
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise RecordError(f"{path}: field {name!r} is missing or not a {kind.__name__}")
        for index, answer in enumerate(data["answers"]):
            if not isinstance(answer, int) or isinstance(answer, bool):
                raise RecordError(f"{path}: answers[{index}] is {answer!r}, not an option number")
        if not all(isinstance(name, str) for name in data["characters"]):
            raise RecordError(f"{path}: field 'characters' must list character names")
        if not isinstance(data.get("cards"), str | None):
            raise RecordError(f"{path}: field 'cards' must be the folder of the custom cards")
        removed = _names(data, "removed", "cards removed from the game", path)
        redeemed = _names(data, "redeemed", "boons redeemed", path)
        return cls(data["scenario"], data["characters"], data["seed"], data["answers"], data.get("cards"), removed,
                   redeemed)


def _names(data: dict[str, object], name: str, what: str, path: Path) -> list[str]:
    """An optional field of a record that lists card names."""
    names = data.get(name, [])
    if not isinstance(names, list) or not all(isinstance(one, str) for one in names):
        raise RecordError(f"{path}: field {name!r} must list the names of {what}")
    return names


def play(
    library: CardLibrary,
    record: GameRecord,
    answer: Callable[[Decision], int],
    on_start: Callable[[Game], None] | None = None,
) -> tuple[Game, Outcome]:
    """Play the recorded game's setup with `answer` answering every Decision; each answer is appended to
    the record as it is given."""
    game = new_game(library, record.scenario, record.characters, record.seed, redeemed=record.redeemed,
                    removed=record.removed)
    if on_start is not None:
        on_start(game)
    process = play_scenario(game)
    try:
        decision = next(process)
        while True:
            choice = validated(decision, answer(decision))
            record.answers.append(choice)
            decision = process.send(choice)
    except StopIteration as stop:
        return game, stop.value


def replay(library: CardLibrary, record: GameRecord, path: Path | str = "the record") -> tuple[Game, Outcome]:
    """Play a record's answers again; the same setup, seed and answers give the same game."""
    answers = list(record.answers)
    given = GameRecord(record.scenario, record.characters, record.seed, cards=record.cards, removed=record.removed,
                       redeemed=record.redeemed)

    def recorded(decision: Decision) -> int:
        number = len(given.answers)
        if number >= len(answers):
            raise RecordError(f"{path}: the record ends after {number} answers, before the game does "
                              f"(next: {decision.kind} for {decision.player})")
        try:
            return validated(decision, answers[number])
        except InvalidAnswer as error:
            raise RecordError(f"{path}: answers[{number}]: {error}") from None

    game, outcome = play(library, given, recorded)
    if len(given.answers) != len(answers):
        raise RecordError(f"{path}: the game ended after {len(given.answers)} of {len(answers)} answers")
    return game, outcome
