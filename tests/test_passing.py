"""Other players' plays as one question for a person who plays several seats (issue 12, item 3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from pacg.decisions import Decision, DecisionKind
from pacg.game import Game, new_game, play
from pacg.passing import NO_ONE_ELSE, OthersPass, PassingPerson

PARTY = ["Kyra", "Harsk", "Seelah", "Enora"]


class FirstOption:
    """Explores whenever it may; else answers with the first option (a play window's "Done"), or "no one else plays
    now" when it is offered and `pass_all`; keeps every decision it was asked."""

    def __init__(self, pass_all: bool) -> None:
        self.pass_all = pass_all
        self.asked: list[Decision] = []

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        self.asked.append(decision)
        ids = [option.id for option in decision.options]
        if self.pass_all and NO_ONE_ELSE.id in ids:
            return NO_ONE_ELSE.id
        exploring = [action for action in ids if action.startswith("explore")]
        if exploring:
            return exploring[0]
        return decision.choice_id(()) if decision.choose is not None and decision.choose[0] == 0 else ids[0]


def _played(seed: int, pass_all: bool, seats: list[str] = PARTY) -> tuple[Game, FirstOption]:
    game = new_game("The Godless Ones", PARTY, seed)
    person = FirstOption(pass_all)
    play(game, PassingPerson(person, seats))
    return game, person


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_passing_for_the_others_asks_one_question_and_plays_the_same_game(seed: int) -> None:
    """The same answers given, in fewer questions: each "no one else plays now" answers "Done" for every other
    player still to be asked in that window, and they are not asked."""
    grouped, person = _played(seed, pass_all=True)
    each, one_by_one = _played(seed, pass_all=False)
    assert grouped.actions == each.actions and grouped.log == each.log, "passing for all is Done for each"
    assert len(person.asked) < len(one_by_one.asked), "the others' questions in a passed window are not asked"
    offered = [d for d in person.asked if NO_ONE_ELSE in d.options]
    assert offered and all(d.kind is DecisionKind.PLAY and d.context["character"] != d.player for d in offered)
    assert not any(NO_ONE_ELSE in d.options for d in one_by_one.asked if d.context.get("character") == d.player)


def test_no_one_else_is_offered_to_a_person_who_plays_no_other_seat() -> None:
    """With AI teammates at the other seats (here: a person playing Kyra and Harsk only, and so nobody else who
    could be asked in Harsk's step but Kyra), the answer is offered only where another of the person's seats is
    left to ask."""
    passing = OthersPass(["Kyra", "Harsk"])
    decision = Decision("Kyra", DecisionKind.PLAY, "Kyra: play a card on Harsk's check?", (),
                        context={"character": "Harsk", "timing": "check"})
    assert NO_ONE_ELSE not in passing.offered(decision).options
    everyone = OthersPass(PARTY)
    assert NO_ONE_ELSE in everyone.offered(decision).options
    own = decision._replace(player="Harsk")
    assert NO_ONE_ELSE not in everyone.offered(own).options, "not in the player's own step"


def test_passing_ends_once_anything_happens() -> None:
    """A passed window is passed only while nothing happens: a new line in the log (an AI teammate played a card)
    and the person is asked again."""
    passing = OthersPass(PARTY)
    decision = Decision("Kyra", DecisionKind.PLAY, "Kyra: play a card on Harsk's check?", (),
                        context={"character": "Harsk", "timing": "check", "against": "Dire Rat"})
    later = decision._replace(player="Seelah")
    assert passing.chosen({"log": ["a"]}, decision, NO_ONE_ELSE.id) == "done"
    assert passing.given({"log": ["a"]}, later) == "done", "the same window, nothing happened: Seelah passes too"
    assert passing.given({"log": ["a", "Enora plays Blessing of Iomedae"]}, later) is None
    assert passing.given({"log": ["a"]}, later) is None, "and the passing is over"
