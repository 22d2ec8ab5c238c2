"""`check_game`: a conformance check anyone can run on a game, as PettingZoo's API test is for an environment.

    import pacg
    pacg.check_game(pacg.new_game("The Godless Ones", ["Harsk", "Kyra"], seed=7), steps=100, seed=0)

From the game as it stands, a clone of it is played on with random legal actions (the same `seed`, the same
actions) for up to `steps` answers, and at every position the Game object is held to its word (DESIGN.md 3-5):

    clone: a clone given the same answers plays the same: the same decision, legal actions, answers, log, outcome
        and view for every seat; so does a clone of a clone that has played; and making a clone changes nothing;
    undo: `can_undo()` agrees with `why_not_undo()`; where undo is possible it gives back every seat's view as it
        was before the last answer, and the same answer again gives the same game; where it isn't, `undo()` raises
        IllegalAction and changes nothing;
    json: every seat's view and the decision survive `json.dumps` and `json.loads`, the decision `Decision.from_json`;
    illegal action: an action that isn't legal (any, once the game is over) raises IllegalAction, changing nothing;
    legal action: each legal action taken is accepted;
    determinized: `determinized(seat, seed)` shows each seat the view it has (every tenth position, and the last);
    record: at the end, `to_record()` goes through JSON, loads with `load_game` and replays to the same game:
        the same views, log and outcome.

The game given is never changed (the check plays on clones of it). The first failure raises `ConformanceError`,
naming the check and the position: the check's seed and how many of its actions it had taken, and the game's
answers then; `check_game(game, steps, seed)` again with the same game fails at the same place.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, TypedDict, TypeVar

from pacg.decisions import Decision, DecisionView
from pacg.game import Game, IllegalAction, load_game

if TYPE_CHECKING:
    from pacg.engine.scenario import OutcomeView
    from pacg.views import SeatViewDict

T = TypeVar("T")

DETERMINIZED_EVERY = 10  # a look-ahead's copy deals the whole table anew for each seat: tried at every tenth position
CLONE_AGAIN_EVERY = 5  # the clone given the same answers is cloned again every so many answers: a clone of a clone
SHOWN_LENGTH = 160  # how much of a value a failure shows


class Check(StrEnum):
    """What `check_game` holds a game to, as a `ConformanceError` names it."""

    CLONE = "clone"
    UNDO = "undo"
    JSON = "json"
    ILLEGAL_ACTION = "illegal action"
    LEGAL_ACTION = "legal action"
    DETERMINIZED = "determinized"
    RECORD = "record"


class ConformanceError(AssertionError):
    """A game that breaks a promise of the Game object: which one (`check`), and where: the seed of `check_game`'s
    actions, how many of them it had taken (`step`) and how many answers the game had then (`answers`)."""

    def __init__(self, check: Check, seed: int, step: int, answers: int, detail: str) -> None:
        super().__init__(f"the {check} check failed at check_game(seed={seed})'s action {step}, {answers} answers "
                         f"into the game: {detail}")
        self.check, self.seed, self.step, self.answers = check, seed, step, answers


def check_game(game: Game, steps: int = 100, seed: int = 0) -> None:
    """Hold the game to the Game object's promises over up to `steps` random legal actions from where it stands,
    chosen with `seed` (see the module's docstring); `ConformanceError` at the first broken one. The game is not
    changed."""
    if steps < 0:
        raise ValueError(f"check_game takes a number of steps from 0 up, not {steps}")
    checker = _Checker(game, seed)
    while checker.step < steps and not checker.game.over:
        checker.answer()
    checker.finish()


class _Seen(TypedDict):
    """All of a game the checks compare (a failure names the first that differs: the answers first)."""

    actions: list[str]
    decision: DecisionView | None
    legal_actions: list[str]
    log: list[str]
    outcome: OutcomeView | None
    views: dict[str, SeatViewDict]


def _seen_of(game: Game) -> _Seen:
    decision = game.decision
    return {"actions": game.actions, "decision": decision.to_json() if decision is not None else None,
            "legal_actions": game.legal_actions(), "log": game.log, "outcome": game.outcome,
            "views": {seat: game.view(seat) for seat in game.seats()}}


class _Checker:
    """A check under way: the clone played on (`game`), the clone given the same answers (`twin`), and what the
    game shows at the position reached (`seen`)."""

    def __init__(self, game: Game, seed: int) -> None:
        self.seed, self.step = seed, 0
        self.rng = random.Random(seed)
        self.library = game.library
        self.game = game  # until the clones are made (a failure counts the answers of the game played on)
        original = _seen_of(game)
        self.game, self.twin = game.clone(), game.clone()
        self.expect(Check.CLONE, original, _seen_of(game), "making a clone changed the game")
        self.seen = _seen_of(self.game)
        self.expect(Check.CLONE, original, self.seen, "a clone is not the game it was made from")
        self.look()
        self.check_undo(None)

    # --- the checks of a position --------------------------------------------------------------------------

    def answer(self) -> None:
        """Take a random legal action in the game and its twin, and check the position it leads to."""
        before, action = self.seen, self.rng.choice(self.seen["legal_actions"])
        self.step += 1
        self.attempt(Check.LEGAL_ACTION, lambda: self.game.apply(action), f"the legal action {action!r}")
        self.seen = _seen_of(self.game)
        self.attempt(Check.CLONE, lambda: self.twin.apply(action), f"a clone given the same action {action!r}")
        self.expect(Check.CLONE, self.seen, _seen_of(self.twin), f"a clone given the same action {action!r} plays "
                    "otherwise")
        if self.step % CLONE_AGAIN_EVERY == 0:
            self.twin = self.twin.clone()
            self.expect(Check.CLONE, self.seen, _seen_of(self.twin), "a clone of a clone is not the game")
        self.look()
        self.check_undo(before)
        if self.step % DETERMINIZED_EVERY == 0:
            self.check_determinized()

    def finish(self) -> None:
        """The checks at the last position: a look-ahead's copy, and the record."""
        self.check_determinized()
        self.check_record()

    def look(self) -> None:
        """The checks that leave the game where it is: JSON, an illegal action, and undo where it is refused."""
        for seat, view in self.seen["views"].items():
            self.expect(Check.JSON, view, self.through_json(view), f"{seat}'s view read back from JSON", "view")
        self.check_decision_json()
        self.refused(Check.ILLEGAL_ACTION, lambda: self.game.apply(_illegal(self.seen["legal_actions"])),
                     "an action that isn't legal")
        why_not, can_undo = self.game.why_not_undo(), self.game.can_undo()
        if can_undo != (why_not == ""):
            raise self.failure(Check.UNDO, f"can_undo() is {can_undo}, but why_not_undo() says {why_not!r}")
        if why_not:
            self.refused(Check.UNDO, self.game.undo, f"undo() where why_not_undo() says {why_not!r}")

    def check_decision_json(self) -> None:
        data, decision = self.seen["decision"], self.game.decision
        if data is None or decision is None:
            return
        again = self.through_json(data)
        self.expect(Check.JSON, data, again, "the decision read back from JSON", "decision")
        if Decision.from_json(again) != decision:
            raise self.failure(Check.JSON, "Decision.from_json of the decision's JSON is another decision")

    def check_undo(self, before: _Seen | None) -> None:
        """Where undo is possible: it gives back the position `before` the last answer (when the check saw it),
        and the same answer again gives this position."""
        if not self.game.can_undo():
            return
        action = self.game.actions[-1]
        undone = self.game.clone()
        self.attempt(Check.UNDO, undone.undo, "undo() where can_undo()")
        if before is not None:
            self.expect(Check.UNDO, before, _seen_of(undone), f"undoing {action!r} doesn't give back the game as it "
                        "was before it")
        self.attempt(Check.UNDO, lambda: undone.apply(action), f"{action!r} again after undoing it")
        self.expect(Check.UNDO, self.seen, _seen_of(undone), f"{action!r} again after undoing it plays otherwise")

    def check_determinized(self) -> None:
        for seat in self.game.seats():
            copy = self.game.determinized(seat, self.seed + self.step)
            self.expect(Check.DETERMINIZED, _known(self.seen["views"][seat]), _known(copy.view(seat)),
                        f"determinized({seat!r}, {self.seed + self.step}) shows {seat} another view", "view")

    def check_record(self) -> None:
        record = self.through_json(self.game.to_record())
        try:
            loaded = load_game(record, library=self.library)
        except Exception as error:
            raise self.failure(Check.RECORD, f"the record doesn't load: {error}") from error
        self.expect(Check.RECORD, self.seen, _seen_of(loaded), "the record loaded plays another game")

    # --- how a check is made -------------------------------------------------------------------------------

    def failure(self, check: Check, detail: str) -> ConformanceError:
        return ConformanceError(check, self.seed, self.step, len(self.game.actions), detail)

    def expect(self, check: Check, want: object, have: object, what: str, root: str = "") -> None:
        """`have` must be `want`; else the check fails, saying `what` differs and where first."""
        if want != have:
            raise self.failure(check, f"{what}: {_difference(want, have, root)}")

    def attempt(self, check: Check, action: Callable[[], None], what: str) -> None:
        """The action must be accepted."""
        try:
            action()
        except Exception as error:
            raise self.failure(check, f"{what} raised {error!r}") from error

    def refused(self, check: Check, action: Callable[[], None], what: str) -> None:
        """The action must raise IllegalAction and leave the game as it was."""
        try:
            action()
        except IllegalAction:
            self.expect(check, self.seen, _seen_of(self.game), f"{what} raised IllegalAction, but changed the game")
            return
        except Exception as error:
            raise self.failure(check, f"{what} raised {error!r}, not IllegalAction") from error
        raise self.failure(check, f"{what} was accepted")

    def through_json(self, value: T) -> T:
        """The value read back from its JSON; the JSON check fails when it has none."""
        try:
            again: T = json.loads(json.dumps(value))
        except (TypeError, ValueError) as error:
            raise self.failure(Check.JSON, f"no JSON for {_shown(value)}: {error}") from error
        return again


def _illegal(legal: list[str]) -> str:
    """An action id that is none of the legal ones."""
    action = "not-an-action"
    while action in legal:
        action += "-really"
    return action


def _known(view: SeatViewDict) -> dict[str, object]:
    """A view but for its undo: a look-ahead's copy has no answers to take back."""
    return {key: value for key, value in view.items() if key != "undo"}


def _difference(want: object, have: object, path: str) -> str:
    """Where two different plain values first differ, and how: "views['Kyra']['log'][12] is '...', not '...'"."""
    if isinstance(want, Mapping) and isinstance(have, Mapping):
        if want.keys() != have.keys():
            missing, extra = [key for key in want if key not in have], [key for key in have if key not in want]
            return f"{path or 'it'} lacks {missing} and has {extra} more"
        key = next(key for key in want if want[key] != have[key])
        return _difference(want[key], have[key], f"{path}[{key!r}]" if path else str(key))
    if isinstance(want, list) and isinstance(have, list):
        common = min(len(want), len(have))
        index = next((index for index in range(common) if want[index] != have[index]), None)
        if index is None:
            agreeing = f" (the first {common} agree)" if common else ""
            return f"{path or 'it'} has {len(have)} item{'' if len(have) == 1 else 's'}, not {len(want)}{agreeing}"
        return _difference(want[index], have[index], f"{path}[{index}]")
    return f"{path or 'it'} is {_shown(have)}, not {_shown(want)}"


def _shown(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= SHOWN_LENGTH else shown[:SHOWN_LENGTH - 3] + "..."


__all__ = ["Check", "ConformanceError", "check_game"]
