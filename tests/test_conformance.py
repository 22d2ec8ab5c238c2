"""`pacg.check_game` (issue 27): the Game object's promises, checked on a game of every scenario, and a game that
breaks one failing the check that names it, at the position where it breaks.

Random positions of random games are checked too, in tests/test_game_object.py.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Callable

import pytest

import pacg
from pacg import game as game_module
from pacg.conformance import Check, ConformanceError, check_game
from pacg.game import Game, new_game
from table import library
from test_random_games import CHARACTERS, SCENARIOS

pytestmark = pytest.mark.plays_at_random  # whole games answered at random: no test of a power


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_check_game_passes_on_every_scenario_from_its_setup_to_its_end(scenario: str) -> None:
    number = SCENARIOS.index(scenario)
    party = [CHARACTERS[(3 * number + place) % len(CHARACTERS)] for place in range(1 + number % 4)]
    game = new_game(scenario, party, number, library=library())
    check_game(game, steps=10_000, seed=number)


def test_check_game_changes_nothing_of_the_game_it_is_given() -> None:
    game = new_game("The Godless Ones", ["Harsk", "Kyra"], 7, library=library())
    rng = random.Random(7)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    before = (game.actions, game.log, game.legal_actions(), [game.view(seat) for seat in game.seats()])
    check_game(game, steps=30)
    assert (game.actions, game.log, game.legal_actions(), [game.view(seat) for seat in game.seats()]) == before


def test_check_game_is_exported_lazily_and_refuses_a_negative_number_of_steps() -> None:
    loaded = subprocess.run([sys.executable, "-c", "import pacg, sys; print('pacg.conformance' in sys.modules)"],
                            capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "False"
    assert pacg.check_game is check_game and pacg.ConformanceError is ConformanceError
    assert issubclass(ConformanceError, AssertionError)
    with pytest.raises(ValueError, match="from 0 up"):
        check_game(new_game("The Godless Ones", ["Kyra"], 1, library=library()), steps=-1)


# --- games that break a promise ---------------------------------------------------------------------------------

def _clones_share_the_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone that draws from its original's random generator: its future is not the original's."""
    real = Game.clone

    def clone(game: Game) -> Game:
        copy = real(game)
        copy._state.rng = game._state.rng
        return copy

    monkeypatch.setattr(Game, "clone", clone)


def _views_hold_a_tuple(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view with a tuple in it: JSON reads it back as a list."""
    real = Game.view

    def view(game: Game, seat: str) -> dict[str, object]:
        seen = real(game, seat)
        return {**seen, "removed": tuple(seen["removed"])}

    monkeypatch.setattr(Game, "view", view)


def _unknown_actions_are_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Game.apply
    monkeypatch.setattr(Game, "apply", lambda game, action: real(game, action) if action in game.legal_actions()
                        else None)


def _undo_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """An undo that takes nothing back (and refuses where it should)."""
    real = Game.undo
    monkeypatch.setattr(Game, "undo", lambda game: None if game.can_undo() else real(game))


def _records_lose_their_last_action(monkeypatch: pytest.MonkeyPatch) -> None:
    real = game_module.record_of  # the name the Game writes its record with
    monkeypatch.setattr(game_module, "record_of", lambda setup, actions, digests, outcome: real(
        setup, actions[:-1], digests, None))


def _look_ahead_copies_play_an_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """A look-ahead's copy a step ahead of the game: it shows the seat what it can't know yet."""
    real = Game.determinized

    def determinized(game: Game, seat: str, seed: int) -> Game:
        copy = real(game, seat, seed)
        copy.apply(copy.legal_actions()[0])
        return copy

    monkeypatch.setattr(Game, "determinized", determinized)


BROKEN: list[tuple[Callable[[pytest.MonkeyPatch], None], Check, str]] = [
    (_clones_share_the_generator, Check.CLONE, r"a clone given the same action '[^']+' plays otherwise: "
                                               r"(views\['\w+'\]|log|legal_actions|decision)"),
    (_views_hold_a_tuple, Check.JSON, r"Harsk's view read back from JSON: view\['removed'\] is \[\], not \(\)"),
    (_unknown_actions_are_ignored, Check.ILLEGAL_ACTION, "an action that isn't legal was accepted"),
    (_undo_does_nothing, Check.UNDO, r"undoing '[^']+' doesn't give back the game as it was before it: actions has "
                                     r"\d+ items?, not \d+"),
    (_records_lose_their_last_action, Check.RECORD, "the record loaded plays another game: actions has"),
    (_look_ahead_copies_play_an_action, Check.DETERMINIZED, r"determinized\('Harsk', \d+\) shows Harsk another view"),
]


@pytest.mark.parametrize(("breaking", "check", "message"), BROKEN, ids=[broken[1].name for broken in BROKEN])
def test_a_game_that_breaks_a_promise_fails_the_check_that_names_it_where_it_breaks(
        breaking: Callable[[pytest.MonkeyPatch], None], check: Check, message: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("The Godless Ones", ["Harsk", "Kyra"], 7, library=library())
    breaking(monkeypatch)
    with pytest.raises(ConformanceError) as failed:
        check_game(game, seed=3)
    error = failed.value
    assert error.check is check and error.seed == 3, error
    assert str(error).startswith(f"the {check} check failed at check_game(seed=3)'s action {error.step}, "
                                 f"{error.answers} answers into the game: ")
    assert error.answers == error.step  # the game had no answers before the check's
    assert re.search(message, str(error)), str(error)
    with pytest.raises(ConformanceError) as again:
        check_game(game, seed=3)
    assert str(again.value) == str(error), "the same check fails at the same place"
