"""Other players' plays as one question, for a person who plays several seats (issue 12, item 3).

In someone's step, each other player who holds a play that could matter is asked in turn whether they play it
(ENC-02): at a table where one person plays three of those players, three questions in a row. Each of those
questions offers one more answer, "Done, and no one else plays now", which passes for every other seat the
person plays until the window closes: the others' plays are then one question. The window closes, and the
passing with it, as soon as the person is asked anything else or anything happens (a new line in the log: an AI
teammate played a card, a check was rolled), so no play is taken from anyone once the position has changed.

The rules still give each seat its own decision, as web seats and AI players need; this is how a person's prompt
(`pacg play --plain` and the full screen) groups them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from pacg.decisions import Decision, DecisionKind, Option

if TYPE_CHECKING:
    from pacg.game import Agent

DONE = "done"  # the action id of a play window's "Done" (`window.decide_order`)
NO_ONE_ELSE = Option("Done, and no one else plays now", None, "done-no-one-else")

Window = tuple[object, ...]


def _whose_step(decision: Decision) -> str | None:
    """The character whose step or check a decision asks another player to play in, if it does."""
    whose = decision.context.get("character") if decision.kind is DecisionKind.PLAY else None
    return whose if whose != decision.player else None


def _window(view: Mapping[str, Any], decision: Decision) -> Window | None:
    """The play window a decision asks in, if it asks a player whether they play in another character's step or
    check: the step (its timing, whose it is, the card faced) and how far the log had come."""
    whose = _whose_step(decision)
    if whose is None:
        return None
    return decision.context.get("timing"), whose, decision.context.get("against"), len(view["log"])


class OthersPass:
    """What the person playing `seats` is asked in other players' play windows (see the module's docstring)."""

    def __init__(self, seats: Collection[str]) -> None:
        self.seats = frozenset(seats)
        self._passed: Window | None = None  # the window the person passed for every other player in

    def given(self, view: Mapping[str, Any], decision: Decision) -> str | None:
        """The answer already given to this decision ("Done") when the person passed for everyone in its window;
        else None, and the passing is over."""
        window = _window(view, decision)
        if window is not None and window == self._passed:
            return DONE
        self._passed = None
        return None

    def offered(self, decision: Decision) -> Decision:
        """The decision as the person is asked it: in another character's step, with "no one else plays now" when
        the person plays some other seat that could still be asked in it."""
        whose = _whose_step(decision)
        if whose is None or not self.seats - {decision.player, whose}:
            return decision
        return decision._replace(options=(*decision.options, NO_ONE_ELSE))

    def chosen(self, view: Mapping[str, Any], decision: Decision, action: str) -> str:
        """The action for the rules: "no one else plays now" is this player's "Done", and passes for the others
        until the window closes."""
        if action != NO_ONE_ELSE.id:
            return action
        self._passed = _window(view, decision)
        return DONE


class PassingPerson:
    """A person's agent (`TerminalAgent`) asked the others' plays as one question (`OthersPass`)."""

    def __init__(self, person: Agent, seats: Collection[str]) -> None:
        self.person = person
        self.passing = OthersPass(seats)

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        given = self.passing.given(view, decision)
        if given is not None:
            return given
        asked = self.passing.offered(decision)
        return self.passing.chosen(view, decision, self.person.act(view, asked))
