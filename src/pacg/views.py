"""The shape of a seat's view (`Game.view`) as types: what each of its parts holds (DESIGN.md 5).

    view: SeatViewDict = game.view("Kyra")
    view["you"]             # CharacterView | None: the seat's own character, its hand shown
    view["locations"][0]    # LocationView: a location's deck count, the cards of it anyone may know, who is there
    view["decision"]        # DecisionView | None: the decision to answer, when it is the seat's

The engine makes the table's parts (`engine.view`), `decisions` the decision's and `engine.scenario` the
outcome's; this module adds the parts the Game object gives and gathers them all, so a program reading a view
finds its types in one place. They are the JSON's shape exactly: a view read back with `json.loads` has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypedDict, cast

from pacg.decisions import DecisionView, OptionView
from pacg.engine.scenario import OutcomeView
from pacg.engine.view import BlessingsView, CharacterView, CheckView, EncounterView, LocationView, TableParts


class UndoView(TypedDict):
    """Whether the last answer can be taken back now, and if not, why (`Game.why_not_undo`)."""

    possible: bool
    why_not: str


class SeatViewDict(TypedDict):
    """A seat's view (`Game.view`): the table's parts (`TableParts`, worked out), then the Game object's own."""

    seat: str | None
    scenario: str | None
    turn: int
    turn_of: str | None
    blessings: BlessingsView
    locations: list[LocationView]
    you: CharacterView | None
    characters: list[CharacterView]
    encounters: list[EncounterView]
    check: CheckView | None
    removed: list[str]
    log: list[str]
    decision: DecisionView | None  # only when the decision is the seat's
    waiting_for: str | None  # the seat whose decision it is
    outcome: OutcomeView | None
    undo: UndoView


class ViewParts(TableParts):
    """The parts of a seat's view, each worked out when called (`Game.view_parts`): the table's and the Game
    object's own, as `SeatViewDict` has them."""

    decision: Callable[[], DecisionView | None]
    waiting_for: Callable[[], str | None]
    outcome: Callable[[], OutcomeView | None]
    undo: Callable[[], UndoView]


def worked_out(parts: ViewParts) -> SeatViewDict:
    """The view the parts make, every part worked out."""
    return cast(SeatViewDict, {key: make() for key, make in part_makers(parts).items()})


def part_makers(parts: ViewParts) -> Mapping[str, Callable[[], object]]:
    """The parts by their keys, to work out one at a time: to a type checker a TypedDict's values are mere
    objects."""
    return cast(Mapping[str, Callable[[], object]], parts)


__all__ = ["BlessingsView", "CharacterView", "CheckView", "DecisionView", "EncounterView", "LocationView",
           "OptionView", "OutcomeView", "SeatViewDict", "TableParts", "UndoView", "ViewParts", "part_makers",
           "worked_out"]
