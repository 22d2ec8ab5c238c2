"""AI teammates at a person's table: `pacg play --ai NAMES` (issue 13 item 3, `pacg.seats`).

    a person plays one seat by script at the prompt, an AI player the other, to the end of the game; each AI
        answer is a line of the transcript, and the person is asked only their own seat's decisions;
    the record keeps the AI seats, and a game stopped part way and taken up again ends as the game played through;
    the person's undo goes back to their own last decision, with the AI answers after it;
    a party of AI players alone plays like random players, with the agent chosen;
    the full screen's log tells the AI answers;
    a name not of the party, an unknown agent, --ai with random players: one line, exit 2.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pacg.cli import app
from pacg.game import Game, load_game, new_game, play
from pacg.record import RecordError, read_record, record_of
from pacg.screen import GameApp
from pacg.screen.panes import LogPane
from pacg.seats import DEFAULT_AI, ai_players, default_ai, undo_to_person
from table import library

pytestmark = pytest.mark.plays_at_random

SCENARIO = "The Godless Ones"
PARTY = ["Seelah", "Kyra"]
ARGS = ["play", "--characters", "Seelah,Kyra", "--ai", "kyra", "--ai-agent", "random", "--seed", "3"]
PROMPT = re.compile(r"^(\w+) \[(?:numbers )?1-\d+, \? help\] > ", re.MULTILINE)


def scripted(*args: str, answers: int = 3000, first: str = "") -> Result:
    """`pacg play` in the line mode (the input is not a terminal), the person answering 1 to every question."""
    return CliRunner().invoke(app, list(args), input=first + "1\n" * answers)


def played_through(tmp_path: Path) -> tuple[Result, Path]:
    log = tmp_path / "whole.json"
    return scripted(*ARGS, "--log", str(log), "--json"), log


def test_a_person_plays_one_seat_by_script_and_an_ai_player_the_other_to_the_end(tmp_path: Path) -> None:
    done, log = played_through(tmp_path)
    assert done.exit_code == 0, done.output
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert outcome["characters"] == PARTY and outcome["result"] in ("won", "lost")
    assert "AI teammates for Kyra (random)." in done.stdout
    assert set(PROMPT.findall(done.stdout)) == {"Seelah"}, "the person is asked only Seelah's decisions"
    told = re.findall(r"▸ (.+)", done.stdout)
    assert told and all(line.startswith(("Kyra", "After playing")) or "(Kyra's choice)" in line for line in told)
    assert "▸ Kyra starts at " in done.stdout and "▸ Kyra offers no more trades" in done.stdout
    record = read_record(log)
    assert record.ai_seats == {"Kyra": "random"}
    assert load_game(record, library=library()).outcome == outcome  # the record replays to the same end


def test_a_game_with_ai_seats_stopped_part_way_and_taken_up_again_ends_as_the_game_played_through(
        tmp_path: Path) -> None:
    whole, whole_log = played_through(tmp_path)
    log = tmp_path / "part.json"
    stopped = scripted(*ARGS, "--log", str(log), answers=25)
    assert stopped.exit_code == 1 and "Game stopped after" in stopped.stderr, stopped.output
    answers = len(read_record(log).actions)
    assert 25 < answers < len(read_record(whole_log).actions)
    resumed = CliRunner().invoke(app, ["play", "--resume", str(log), "--json"], input="1\n" * 3000)
    assert resumed.exit_code == 0, resumed.output
    assert "AI teammates for Kyra (random)." in resumed.stdout
    assert read_record(log).actions == read_record(whole_log).actions
    assert resumed.stdout.strip().splitlines()[-1] == whole.stdout.strip().splitlines()[-1]


def test_the_persons_undo_takes_back_the_ai_answers_after_their_own_last_decision(tmp_path: Path) -> None:
    """In Kyra's turn Seelah passes between the steps, Kyra's AI player answers; at Seelah's next question `u` goes
    back to Seelah's question, not to Kyra's; the game then goes on as it would have."""
    whole, whole_log = played_through(tmp_path)
    log = tmp_path / "undone.json"
    done = scripted(*ARGS, "--log", str(log), "--json", first="1\n" * 6 + "u\n")
    assert done.exit_code == 0, done.output
    transcript = done.stdout
    assert "Can't undo" not in transcript
    asked = "Seelah: play a card or power between the steps of Kyra's turn?"
    again = transcript.split(asked)
    assert len(again) > 2 and PROMPT.findall(again[1]) == ["Seelah", "Seelah"], "asked again after the undo"
    assert read_record(log).actions == read_record(whole_log).actions


def test_an_undo_the_game_does_not_allow_says_why_and_the_game_goes_on(tmp_path: Path) -> None:
    """Seelah offers no trade and Kyra's AI player none; the hands are drawn (hidden information comes out): `u`
    at Seelah's next question can't go back to her trade question, and says why."""
    whole, whole_log = played_through(tmp_path)
    log = tmp_path / "refused.json"
    done = scripted(*ARGS, "--log", str(log), "--json", first="1\nu\n")
    assert done.exit_code == 0, done.output
    assert " ".join(done.stdout.split()).count("Can't undo: hidden information has come out since") == 1
    assert read_record(log).actions == read_record(whole_log).actions


def test_undo_to_the_person_goes_back_past_the_ai_answers_or_says_why_not_and_changes_nothing() -> None:
    game = new_game(SCENARIO, PARTY, 3, library=library())
    agents = ai_players(game, {"Seelah": "random", "Kyra": "random"})
    undone = refused = 0
    while (decision := game.decision) is not None and not (undone and refused):
        before = game.actions
        why = undo_to_person(game, {"Kyra"})
        if why:
            refused += 1
            assert game.actions == before
        elif decision.player == "Seelah" and before and game.turn > 0:
            undone += 1
            assert game.decision is not None and game.decision.player == "Seelah"
            assert len(game.actions) < len(before)
            for action in before[len(game.actions):]:
                game.apply(action)
        else:
            for action in before[len(game.actions):]:
                game.apply(action)
        assert game.actions == before
        game.apply(agents[decision.player].act({}, decision))
    assert undone and refused


def test_a_party_of_ai_players_alone_plays_like_random_players_with_the_agent_chosen() -> None:
    done = CliRunner().invoke(app, ["play", "--characters", "Seelah,Kyra", "--ai", "Seelah,KYRA", "--ai-agent",
                                    "Random", "--seed", "5", "--json"])
    assert done.exit_code == 0, done.output
    game = new_game(SCENARIO, PARTY, 5, library=library(), open_hands=True)
    play(game, ai_players(game, {"Seelah": "random", "Kyra": "random"}))
    assert json.loads(done.stdout) == game.outcome


def test_the_default_ai_is_the_heuristic_agent_once_there_is_one() -> None:
    from pacg.agents import AGENTS

    assert DEFAULT_AI == "heuristic"
    assert default_ai() == ("heuristic" if "heuristic" in AGENTS else "random")


def test_the_records_ai_seats_are_checked_as_it_is_read() -> None:
    game = new_game(SCENARIO, PARTY, 3, library=library())
    record = record_of(game.setup, [], [], None)
    assert read_record(record).ai_seats == {}
    assert read_record({**record, "ai_seats": {"Kyra": "random"}}).ai_seats == {"Kyra": "random"}
    with pytest.raises(RecordError, match="'ai_seats' names Harsk, not of the party"):
        read_record({**record, "ai_seats": {"Harsk": "random"}})
    with pytest.raises(RecordError, match="'ai_seats' must map characters"):
        read_record({**record, "ai_seats": ["Kyra"]})


@pytest.mark.parametrize(("args", "message"), [
    (["--ai", "Kyro"], "Error: --ai: unknown character in the party 'Kyro' (did you mean: Kyra?)\n"),
    (["--ai", "Harsk"], "Error: --ai: unknown character in the party 'Harsk' (known: Kyra, Seelah)\n"),
    (["--ai", "Kyra", "--ai-agent", "randm"], "Error: --ai-agent: unknown AI agent 'randm' (did you mean: random?)\n"),
    (["--ai", "Kyra", "--agent", "random"], "Error: --ai: with --agent random, random players play every seat; leave "
                                            "out --agent to play with AI teammates\n"),
])
def test_a_bad_ai_option_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = CliRunner().invoke(app, ["play", "--characters", "Seelah,Kyra", "--seed", "3", *args], input="1\n")
    assert (done.exit_code, done.stderr) == (2, message)


def test_a_game_taken_up_again_keeps_its_ai_seats(tmp_path: Path) -> None:
    log = tmp_path / "part.json"
    scripted(*ARGS, "--log", str(log), answers=5)
    done = CliRunner().invoke(app, ["play", "--resume", str(log), "--ai", "Seelah"], input="1\n")
    assert done.exit_code == 2
    assert done.stderr == (f"Error: --ai: the game in {log} was set up with AI teammates for Kyra (random); a game "
                           "taken up again goes on as it began\n")


def test_the_party_prompt_asks_which_characters_ai_teammates_play() -> None:
    done = CliRunner().invoke(app, ["play", "--seed", "3", "--ai-agent", "random", "--json"],
                              input="Seelah,Kyra\nkyra\n" + "1\n" * 3000)
    assert done.exit_code == 0, done.output
    assert "Which of them do AI teammates play? (names, or Enter for none) > " in done.stdout
    assert "AI teammates play: Kyra" in done.stdout and "▸ Kyra starts at" in done.stdout
    assert set(PROMPT.findall(done.stdout)) == {"Seelah"}


def test_the_full_screen_tells_the_ai_answers_in_its_log_and_undoes_back_to_the_person() -> None:
    """Seelah answers the first option of each question (as the scripted line-mode games do), Kyra's AI player
    the others: its answers are lines of the log; `u` at Seelah's seventh question takes back Kyra's answer after
    her sixth, and its lines; the game goes on to the end."""

    async def run() -> None:
        game = new_game(SCENARIO, PARTY, 3, library=library(), open_hands=True)
        screen = GameApp(game, library(), agents=ai_players(game, {"Kyra": "random"}))
        async with screen.run_test(size=(120, 40)) as pilot:
            log = screen.board.query_one("#log", LogPane)
            for answered in range(3000):
                decision = screen.game.decision
                if decision is None:
                    break
                assert decision.player == "Seelah"
                if answered == 6:
                    assert decision.prompt == "Seelah: play a card or power between the steps of Kyra's turn?"
                    answers, told = len(screen.game.actions), list(log.shown)
                    await pilot.press("u")
                    assert len(screen.game.actions) == answers - 2
                    taken_back = told[len(log.shown):]  # Kyra's answer told, and what it did
                    assert log.shown == told[:len(log.shown)] and taken_back[0].startswith("▸ Kyra"), taken_back
                    continue
                await pilot.press("1")
                if decision.choose is not None:
                    await pilot.press(str((len(decision.options) + 1) % 10))  # answer with the first marked
            assert screen.game.over
            assert "▸ Kyra offers no more trades" in log.shown
            assert sum(line.startswith("▸ Kyra") for line in log.shown) > 10
            await pilot.press("space")

    asyncio.run(run())


def test_ai_seats_answer_the_same_whatever_came_before_in_the_process() -> None:
    """Each AI answer is seeded from the game's seed, its seat and the answers before it: two games of the same
    seed played by AI players made at different times are the same game."""
    games: list[Game] = []
    for _ in range(2):
        game = new_game(SCENARIO, PARTY, 11, library=library())
        play(game, ai_players(game, {"Seelah": "random", "Kyra": "random"}))
        games.append(game)
    assert games[0].actions == games[1].actions
