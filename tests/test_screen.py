"""The full-screen game (`pacg.screen`), driven with Textual's pilot through whole turns of a real game.

From tests/tables/screen.yaml: Harsk explores the Abattoir and meets the Dire Rat; the skill options show their
odds; he reveals his Shortbow, and the check pane's pool and odds change as he recharges Cecilla; an undo puts
the screen back; the check fails by 1, he takes the damage and discards a card; the turn ends, Seelah's begins,
`q` stops the game with the save in place, and a new screen from the save shows the same decision. Other seats
can be played by agents; the end of the game stays on screen until a key is pressed; at 80x24 everything fits.
`pacg play` at a terminal is this screen: SIGTERM and Ctrl-C stop it with the save in place and the terminal put
back as it was.
"""

from __future__ import annotations

import asyncio
import io
import re
import signal
import sys
import termios
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.decisions import Decision, DecisionKind, Option
from pacg.game import Game
from pacg.render.decision import option_prompts, prompt_text
from pacg.screen import GameApp
from pacg.screen.modals import OutcomeScreen, PickScreen, TextScreen
from pacg.screen.panes import LogPane, Pane
from pacg.session import Saver
from pseudo_terminal import Terminal
from table import library

TABLE = Path(__file__).parent / "tables" / "screen.yaml"


def new_game() -> Game:
    return pacg.new_game(table=TABLE, library=library(), open_hands=True)


def shown(content: object) -> str:
    """What a widget's content reads on the screen, as one line of words."""
    console = Console(width=300, file=io.StringIO(), record=True, color_system=None)
    console.print(content)
    return " ".join(console.export_text().split())


def pane(app: GameApp, name: str) -> str:
    return shown(app.board.query_one(f"#{name}", Pane).body.content)


def static(app: GameApp, name: str) -> str:
    return shown(app.board.query_one(f"#{name}", Static).content)


def prompt(app: GameApp) -> str:
    return static(app, "prompt")


def options(app: GameApp) -> list[str]:
    return [shown(option.prompt) for option in app.board.query_one("#options", OptionList).options]


def log_lines(app: GameApp) -> str:
    return " ".join(" ".join(strip.text.split()) for strip in app.board.query_one("#log", LogPane).lines)


async def choose(pilot: Pilot[None], app: GameApp, label: str) -> None:
    """Type the number of the option that begins with `label` (answering a question with one answer first)."""
    listed = options(app)
    while len(listed) == 1 and not listed[0].startswith(f"1. {label}"):
        await pilot.press("1")
        listed = options(app)
    number = next(n for n, option in enumerate(listed, start=1) if option.split(". ", 1)[1].startswith(label))
    await pilot.press(str(number % 10))


def test_the_screen_plays_whole_turns_with_a_check_damage_undo_quit_and_resume(tmp_path: Path) -> None:
    asyncio.run(whole_turns(tmp_path))


async def whole_turns(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    saver = Saver(record, None)
    app = GameApp(new_game(), library(), saver)
    async with app.run_test(size=(120, 40)) as pilot:
        assert prompt(app) == "Harsk: give a card, move or explore?"
        assert options(app)[:2] == ["1. End exploring", "2. Explore Abattoir"]
        assert "4. Give Shortbow to Seelah" in options(app) and options(app)[-1] == "8. Move to Armory"
        assert app.board.query_one("#decision").border_title == "Harsk decides"
        assert "The Traitor's Lodge · Turn 1: Harsk · Blessings deck: 2" in static(app, "title")
        assert "Abattoir · 2 cards · open · Harsk, Seelah At This Location: On checks to defeat" in pane(app,
                                                                                                      "locations")
        assert "Harsk at Abattoir · deck 5" in pane(app, "party")
        assert "hand 4/5: Shortbow, Cecilla the Uprooter, Blessing of Iomedae, Longsword" in pane(app, "party")
        assert pane(app, "check") == "No encounter under way."

        explore = options(app).index("2. Explore Abattoir")
        await pilot.click("#options", offset=(4, explore))  # a click answers too

        assert "Harsk encounters Dire Rat (monster) Check: Combat 8 or Dexterity or Stealth 6" in pane(app, "check")
        assert "Abattoir · 1 card" in pane(app, "locations")
        assert "Harsk encounters Dire Rat" in log_lines(app)
        await choose(pilot, app, "Done")  # no evasion
        assert "[odds] = the chance to succeed this way, before any other card is played" in prompt(app)
        assert "4. Reveal Shortbow: Ranged 1d8+1d6+1d4+3 against Combat 10 [43/48 = 89.6%]" in options(app)
        await pilot.press("down", "down", "down", "enter")  # the arrows and Enter answer: the fourth option

        assert "Check: 1d8+1d6+1d4+3 against 10 → 43/48 = 89.6% to succeed" in pane(app, "check")
        await choose(pilot, app, "Recharge Cecilla the Uprooter")
        assert "Check: 1d8+1d6+2d4+3 against 10 → 251/256 = 98.0% to succeed" in pane(app, "check")
        assert "Harsk recharges Cecilla the Uprooter" in log_lines(app)
        assert "hand 3/5: Shortbow, Blessing of Iomedae, Longsword" in pane(app, "party")
        answered = len(pacg.load_game(record).actions)

        await pilot.press("u")  # the screen goes back to before Cecilla was played
        assert "Check: 1d8+1d6+1d4+3 against 10 → 43/48 = 89.6% to succeed" in pane(app, "check")
        assert "Harsk recharges Cecilla the Uprooter" not in log_lines(app)
        assert "hand 4/5: Shortbow, Cecilla the Uprooter, Blessing of Iomedae, Longsword" in pane(app, "party")
        assert len(pacg.load_game(record).actions) == answered - 1, "saved after the undo"

        await choose(pilot, app, "Recharge Cecilla the Uprooter")
        await choose(pilot, app, "Done")
        assert app.board.query_one("#decision").border_title == "Seelah decides"
        await choose(pilot, app, "Done")
        assert "Harsk failed at Ranged 1d8+1d6+2d4+3 against 10: rolled 9 Harsk is dealt 1 Combat damage" in \
            log_lines(app)
        assert prompt(app).startswith("Harsk: discard a card for Combat damage")
        await pilot.press("u")
        assert "Can't undo: hidden information has come out since" in static(app, "status")
        await choose(pilot, app, "Discard Longsword")
        assert "discard: Longsword · buried: -" in pane(app, "party")

        await choose(pilot, app, "End exploring")
        assert prompt(app).startswith("Harsk: discard any cards before resetting?")  # one choice of several cards
        await choose(pilot, app, "[ ] Discard Blessing of Iomedae")  # marks it
        assert "[x] Discard Blessing of Iomedae" in " ".join(options(app)) and options(app)[-1].endswith(
            "Done: 1 marked")
        await choose(pilot, app, "Done: 1 marked")
        assert "Turn 2: Seelah" in static(app, "title")
        assert "discard: Blessing of Iomedae, Longsword" in pane(app, "party")
        stopped_at = prompt(app), options(app)
        answered = len(app.game.actions)
        await pilot.press("q")
    assert isinstance(app.stopped, EOFError)
    saved = pacg.load_game(record, library=library())
    assert len(saved.actions) == answered

    again = GameApp(saved, library(), saver)
    async with again.run_test(size=(120, 40)) as pilot:
        assert (prompt(again), options(again)) == stopped_at
        assert "Harsk is dealt 1 Combat damage" in log_lines(again)
        await pilot.press("ctrl+c")
    assert isinstance(again.stopped, EOFError)
    saver.close()


def test_each_option_shows_its_odds_where_the_decision_gives_them_and_the_prompt_says_what_they_count() -> None:
    decision = Decision("Harsk", DecisionKind.PLAY, "Harsk: play a card?",
                        (Option("Done", id="done"), Option("Recharge Cecilla the Uprooter: add 1d4", id="recharge")),
                        context={"odds": [None, "251/256"], "odds_of": "to defeat the Dire Rat"})
    assert [prompt.plain for prompt in option_prompts(decision)] == [
        " 1. Done", " 2. Recharge Cecilla the Uprooter: add 1d4  [251/256 = 98.0%]"]
    assert prompt_text(decision).plain == "Harsk: play a card?\n[odds] = the chance to defeat the Dire Rat"
    assert prompt_text(decision._replace(context={})).plain == "Harsk: play a card?"


def test_help_a_character_sheet_and_a_location_card_open_over_the_game_and_close() -> None:
    async def run() -> None:
        app = GameApp(new_game(), library())
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, TextScreen)
            assert "Harsk: give a card, move or explore?" in shown(app.screen.content)
            await pilot.press("1")  # no answer from under the help
            assert isinstance(app.screen, TextScreen) and not app.game.actions
            await pilot.press("escape", "c")
            assert isinstance(app.screen, PickScreen) and app.screen.names == ["Harsk", "Seelah"]
            await pilot.press("down", "enter")
            assert isinstance(app.screen, TextScreen) and app.screen.title_text == "Seelah"
            assert "Seelah" in shown(app.screen.content)
            await pilot.press("escape", "l", "enter")
            assert isinstance(app.screen, TextScreen) and app.screen.title_text == "Abattoir"
            assert "At This Location" in shown(app.screen.content)
            await pilot.press("escape")
            assert app.screen is app.board
            await pilot.press("9")
            assert "There is no option 9: choose 1 to 8." in static(app, "status")

    asyncio.run(run())


def test_seats_with_agents_answer_between_the_persons_decisions_and_the_end_stays_until_a_key() -> None:
    async def run() -> None:
        app = GameApp(new_game(), library(), agents={"Seelah": RandomAgent(1)})
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(1000):
                decision = app.game.decision
                if decision is None:
                    break
                assert app.board.query_one("#decision").border_title == "Harsk decides"
                several = decision.choose is not None  # the entry after the options answers: none marked
                await pilot.press(str((len(decision.options) + 1) % 10) if several else "1")
            assert isinstance(app.screen, OutcomeScreen)
            assert "The Traitor's Lodge: lost after" in prompt(app)
            assert "The scenario is lost" in log_lines(app)
            await pilot.press("space")
        assert app.stopped is None and app.return_code == 0

    asyncio.run(run())


def test_at_80_by_24_the_decision_the_check_and_the_keys_fit_and_a_wider_screen_wraps_the_log_again() -> None:
    async def run() -> None:
        app = GameApp(new_game(), library())
        async with app.run_test(size=(80, 24)) as pilot:
            for label in ("Explore Abattoir", "Done", "Reveal Shortbow: Ranged"):
                await choose(pilot, app, label)
            board = app.board
            for name in ("check", "locations", "party", "log", "decision", "options"):
                region = board.query_one(f"#{name}").region
                assert region.height >= 2 and region.right <= 80 and region.bottom <= 23, (name, region)
            assert len(options(app)) == 3 and board.query_one("#options").region.height >= 3
            narrow = len(board.query_one("#log", LogPane).lines)
            await pilot.resize_terminal(160, 40)
            await pilot.pause()
            assert len(board.query_one("#log", LogPane).lines) < narrow

    asyncio.run(run())


def typing_mode(terminal: Terminal) -> tuple[bool, bool]:
    """Whether the terminal echoes what is typed and reads it in lines, as a shell needs it."""
    modes = termios.tcgetattr(terminal.slave)[3]
    return bool(modes & termios.ECHO), bool(modes & termios.ICANON)


@pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a POSIX pty")
def test_pacg_play_at_a_terminal_is_the_full_screen_and_sigterm_or_ctrl_c_stop_it_saved(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    screen = Terminal([sys.executable, "-m", "pacg", "play", "--table", str(TABLE), "--log", str(record)], tmp_path)
    try:
        screen.expect(re.compile(r"Harsk decides"))
        assert typing_mode(screen) == (False, False), "the screen reads every key"
        screen.type("4")  # give the Shortbow to Seelah
        screen.expect(re.compile(r"Harsk: move or explore\?"))
        screen.process.send_signal(signal.SIGTERM)
        assert screen.finish() == 1
        assert typing_mode(screen) == (True, True), "the terminal is put back as it was"
    finally:
        screen.close()
    flat = " ".join(screen.screen.split())
    assert "Game stopped (SIGTERM) after 1 answers; saved as" in flat and "Traceback" not in flat
    assert "resume with `pacg play --resume screen-5`" in flat
    assert len(pacg.load_game(record, library=library()).actions) == 1

    again = Terminal([sys.executable, "-m", "pacg", "play", "--resume", str(record)], tmp_path)
    try:
        again.expect(re.compile(r"Harsk: move or explore\?"))
        again.type("\x03")  # Ctrl-C
        assert again.finish() == 1
    finally:
        again.close()
    flat = " ".join(again.screen.split())
    assert "Game stopped after 1 answers" in flat and str(record) in flat and "Traceback" not in flat
    assert "resume with `pacg play --resume" in flat


def test_a_person_who_plays_every_seat_passes_for_the_other_players_in_one_answer() -> None:
    """Other players' plays are one question (issue 12, item 3): "Done, and no one else plays now" answers Done for
    every other player the window would still ask, and the screen goes on to what comes after the window."""
    from pacg.passing import NO_ONE_ELSE

    async def run() -> None:
        game = pacg.new_game("The Godless Ones", ["Kyra", "Harsk", "Seelah", "Enora"], 8, library=library())
        app = GameApp(game, library())
        passed_for_others = False
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(400):
                decision = app._decision()
                if decision is None or passed_for_others:
                    break
                labels = [option.label for option in decision.options]
                if NO_ONE_ELSE.label in labels:
                    before = len(game.actions)
                    await pilot.press(str(labels.index(NO_ONE_ELSE.label) + 1))
                    new = list(zip(game.answered_by[before:], game.actions[before:], strict=True))
                    passed_for_others = len(new) > 1
                    assert all(action == "done" for _, action in new) and len({seat for seat, _ in new}) == len(new)
                    continue
                several = decision.choose is not None
                exploring = [n for n, label in enumerate(labels, start=1) if label.startswith("Explore")]
                await pilot.press(str((len(labels) + 1) % 10) if several else str(exploring[0] if exploring else 1))
            assert passed_for_others, "one answer passed for more than one player"

    asyncio.run(run())
