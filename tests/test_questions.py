"""Only real questions (engine.questions, issue 12): a question with one answer is not asked, a play that can't
change anything is not offered unless the table asks always, and giving, moving and exploring are one question."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pacg
from pacg.cards.powers import Timing
from pacg.cli import app
from pacg.decisions import DecisionKind
from pacg.engine.window import play_window
from pacg.engine.zones import ZoneKind
from table import Table, kind_of, library


def _offers(game: pacg.Game, words: str, turns: int = 3) -> bool:
    """Whether any option in the first turns of the game, answered with its first option, has these words."""
    while (decision := game.decision) is not None and game.turn <= turns:
        if any(words in option.label for option in decision.options):
            return True
        game.apply(decision.options[0].id)
    return False


@pytest.mark.rule("MYTH-01")
def test_a_mythic_charge_is_offered_only_to_a_character_with_a_mythic_path_unless_asked_always() -> None:
    """Seelah and Kyra hold Blessings of Ascension, whose "any time" power gains a mythic charge: with no mythic path
    no power could expend it, so the window isn't opened; a table that asks always offers it every turn."""
    assert not _offers(pacg.new_game("The Godless Ones", ["Seelah", "Kyra"], seed=3, library=library()),
                       "gain a mythic charge")
    assert _offers(pacg.new_game("The Godless Ones", ["Seelah", "Kyra"], seed=3, library=library(),
                                 ask_always=True), "gain a mythic charge")


def test_a_mythic_path_makes_the_charge_worth_a_question() -> None:
    table = Table(ask_always=False)
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"], mythic_path="Mythic Hierophant")
    table.run(play_window(table.window(kyra, Timing.ANY_TIME)), "Discard Blessing of Ascension: gain")
    assert kyra.mythic_charges == 1


def test_a_charge_with_something_following_it_is_worth_a_question() -> None:
    """In The Wardstone Legacy a blessing without the Corrupted trait, once played, is exchanged for a Corrupted
    one from the box: discarding a Blessing of Ascension for a charge Seelah can't use still does that, so she is
    asked (and with no such scenario she isn't)."""
    for scenario, asked in (("The Wardstone Legacy", True), (None, False)):
        table = Table(ask_always=False, adventure_deck_number=1)
        if scenario is not None:
            table.scenario(scenario)
        seelah = table.character("Seelah", at="Armory", hand=["Blessing of Ascension"])
        table.pick("Blessing of Shax")
        if asked:
            table.run(play_window(table.window(seelah, Timing.ANY_TIME)), "Discard Blessing of Ascension: gain")
            assert table.cards(seelah, ZoneKind.DISCARD) == ["Blessing of Shax"]
        else:
            table.run(play_window(table.window(seelah, Timing.ANY_TIME)))
            assert table.cards(seelah, ZoneKind.HAND) == ["Blessing of Ascension"]
        assert table.offered("Discard Blessing of Ascension: gain") == asked


@pytest.mark.rule("CHK-14")
@pytest.mark.parametrize(("ask_always", "asked"), [(False, False), (True, True)])
def test_a_bonus_to_a_check_that_cant_fail_is_not_offered(ask_always: bool, asked: bool) -> None:
    """Strength 1 can't fail: the blessing that would add a die changes nothing, so Kyra isn't asked; on a
    Strength 12 check she is."""
    table = Table(ask_always=ask_always)
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"])
    table.dice(1)
    assert table.attempt(kyra, "Strength 1").success
    assert any(kind_of(decision) == "check" for decision in table.decisions) == asked
    table.dice(1, 1)
    table.attempt(kyra, "Strength 12", "Discard Blessing of Ascension")
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Blessing of Ascension"]


def test_a_question_with_one_answer_is_not_asked() -> None:
    """Alone, Seelah has no one to trade with: the game begins with where she starts, not "trade a card?" with "No
    more trades" its only answer."""
    game = pacg.new_game("The Godless Ones", ["Seelah"], seed=1, library=library())
    assert game.decision is not None and game.decision.kind is DecisionKind.START
    two = pacg.new_game("The Godless Ones", ["Seelah", "Kyra"], seed=1, library=library())
    assert two.decision is not None and two.decision.kind is DecisionKind.TRADE


@pytest.mark.rule("TURN-02")
@pytest.mark.rule("TURN-03")
@pytest.mark.rule("TURN-04")
def test_giving_moving_and_exploring_are_one_question_that_keeps_their_order() -> None:
    """Harsk may give Seelah a card, move or explore, in one question; once he has given, he may still move or
    explore; once he has moved, only explore."""
    game = pacg.new_game(table=Path(__file__).parent / "tables" / "screen.yaml", library=library())
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.TURN
    assert decision.prompt == "Harsk: give a card, move or explore?"
    labels = [option.label for option in decision.options]
    assert labels[:2] == ["End exploring", "Explore Abattoir"] and "Give Shortbow to Seelah" in labels
    assert labels[-1] == "Move to Armory"
    game.apply(decision.options[labels.index("Give Shortbow to Seelah")].id)
    assert game.decision is not None and game.decision.prompt == "Harsk: move or explore?"
    game.apply(game.decision.options[-1].id)  # move to the Armory
    after = game.decision
    assert after is not None and after.kind is DecisionKind.EXPLORE
    assert [option.label for option in after.options][:2] == ["End exploring", "Explore Armory"]
    assert "Harsk gives Shortbow to Seelah" in game.log and "Harsk moves from Abattoir to Armory" in game.log


def test_ask_always_is_kept_in_the_record_and_a_resumed_game_goes_on_as_it_began(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    played = CliRunner().invoke(app, ["play", "--agent", "random", "--characters", "Seelah", "--seed", "4",
                                      "--ask-always", "--log", str(log), "--json"])
    assert played.exit_code == 0, played.output
    assert json.loads(log.read_text())["ask_always"] is True
    quiet = tmp_path / "quiet.json"
    assert CliRunner().invoke(app, ["play", "--agent", "random", "--characters", "Seelah", "--seed", "4",
                                    "--log", str(quiet)]).exit_code == 0
    assert "ask_always" not in json.loads(quiet.read_text())
    again = CliRunner().invoke(app, ["play", "--agent", "random", "--resume", str(quiet), "--ask-always"])
    assert again.exit_code == 2
    assert "--ask-always: the game in" in again.stderr and "Traceback" not in again.output


@pytest.mark.rule("RESET-01")
def test_discarding_before_a_reset_is_one_choice_of_several_cards() -> None:
    """Harsk ends his turn holding five cards: one question takes any number of them, as the ids of the options
    joined by commas ("none" for none); a set the decision doesn't allow is refused and changes nothing."""
    game = pacg.new_game(table=Path(__file__).parent / "tables" / "screen.yaml", library=library())
    game.apply("end-exploring")
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.RESET_DISCARD and decision.choose == (0, 4)
    assert decision.prompt == "Harsk: discard any cards before resetting?"
    legal = game.legal_actions()
    assert len(legal) == 2 ** 4 and legal[0] == "none" and "discard:longsword,discard:shortbow" in legal
    assert pacg.Decision.from_json(decision.to_json()) == decision
    for wrong in ("discard:longsword,discard:longsword", "discard:nothing", ""):
        with pytest.raises(pacg.IllegalAction):
            game.apply(wrong)
    assert game.decision == decision
    game.apply("discard:shortbow,discard:longsword")  # in any order
    harsk = game.view("Harsk")["characters"][0]
    assert sorted(harsk["discard"]) == ["Longsword", "Shortbow"] and harsk["hand_count"] == 5
    assert pacg.load_game(game.to_record(), library=library()).view("Harsk") == game.view("Harsk")
