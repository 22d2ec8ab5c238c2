"""`pacg cards lint`, and custom cards added to the box with `--cards` (rules.md SET-02).

Every card-file problem is printed as `file:line: field: message` and the command exits 1, never with a
traceback: `pacg cards lint`, `pacg cards list/show`, `pacg play` and `pacg replay` alike. A game played with
custom cards remembers their folder in its record, and `pacg replay` reads them from there again.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pacg.cards.lint import CHECKS, lint, text_problems
from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardProblem
from pacg.cards.reading import CardFiles
from pacg.cli import app
from pacg.record import RecordError, Setup, read_record, record_of, save_record
from table import STRONGER_BLESSING

PACG = [sys.executable, "-c", "from pacg.cli import app; app(prog_name='pacg')"]

BAD_SCENARIO = """\
    name: The Bad Ones
    type: scenario
    set: B
    provenance: standin
    villains: [Sophin]
    henchmen: [Longsword]
    locations:
      1: [Armory]
"""



def write(folder: Path, filename: str, text: str) -> Path:
    path = folder / filename
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def assert_no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


# --- pacg cards lint ---------------------------------------------------------------------------------------


def test_the_built_in_library_lints_clean() -> None:
    result = run("cards", "lint")
    assert_no_traceback(result)
    assert result.exit_code == 0, result.output
    count = len(list(DEFAULT_CARD_FOLDER.rglob("*.yaml")))
    assert result.stdout.splitlines() == [f"{count} cards under {DEFAULT_CARD_FOLDER}: no problems"]


def test_lint_prints_one_line_per_problem_file_by_file_and_a_summary(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    scenario = write(folder, "scenario.yaml", BAD_SCENARIO)
    sword = write(folder, "longsword.yaml", """\
        name: Longsword
        type: weapon
        set: B
        provenance: standin
        copies: 0
        check_to_acquire: Strength or or Melee 8
    """)
    result = run("cards", "lint", str(folder))
    assert_no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{sword}:5: copies: Input should be greater than or equal to 1",
        f"{sword}:6: check_to_acquire: no skill between 'or' and 'or' in check 'Strength or or Melee 8'",
        f"{scenario}:5: villains[0]: no card named 'Sophin'",
        f"{scenario}:8: locations[1][0]: no card named 'Armory'",
        f"1 card under {folder}: 4 problems",
    ]


def test_lint_with_custom_cards_checks_them_against_the_box_and_notes_what_they_replace(tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    scenario = write(custom, "scenario.yaml", BAD_SCENARIO)
    blessing = write(custom, "blessing.yaml", STRONGER_BLESSING)
    result = run("cards", "lint", "--cards", str(custom))
    assert_no_traceback(result)
    assert result.exit_code == 1
    shipped = DEFAULT_CARD_FOLDER / "blessings" / "blessing-of-ascension.yaml"
    lines = result.stdout.splitlines()
    assert f"{blessing}:1: note: name: replaces the card of {shipped}" in lines
    assert f"{scenario}:5: villains[0]: no card named 'Sophin' (did you mean 'Sophini'?)" in lines
    assert f"{scenario}:6: henchmen[0]: 'Longsword' is a weapon, not a henchman" in lines
    assert lines[-1].endswith(f"under {DEFAULT_CARD_FOLDER} and {custom}: 2 problems, 1 note")


RAT = "name: Rat\ntype: monster\nset: B\nprovenance: standin\ncheck_to_defeat: Combat 8\n"

# A rat file gone wrong in each way: its bytes, and the problem printed after its path.
BAD_RATS = {
    "not UTF-8": (RAT.replace("Rat", "R\xe4t").encode("latin-1"), ":1: not UTF-8 text: byte 0xe4 at offset 7; save "
                                                                  "the file as UTF-8"),
    "a key twice": ((RAT + "check_to_defeat: Combat 80\n").encode(), ":6: check_to_defeat: written twice in one "
                                                                     "mapping (first on line 5)"),
    "nested deep": ((RAT + "notes: " + "[" * 100_000 + "]" * 100_000 + "\n").encode(), ":6: nested more than 50 "
                                                                                       "levels deep"),
    "a trillion copies": ((RAT + "copies: 1000000000000\n").encode(), ":6: copies: Input should be less than or "
                                                                      "equal to 60"),
    "a d0 added": ((RAT + "powers: [{when: check, optional: false, effects: [{add_dice: 1d0}]}]\n").encode(),
                   ":6: powers[0].effects[0].add_dice: d0 is not a die of the game (d4, d6, d8, d10, d12, d20)"),
    "or or": (RAT.replace("Combat 8", "Combat or or Melee 8").encode(), ":5: check_to_defeat: no skill between 'or' "
                                                                       "and 'or' in check 'Combat or or Melee 8'"),
    "a summon of no card": ((RAT + "powers: [{when: defeat, optional: false, effects: [{summon: Rats}]}]\n"
                             ).encode(), ":6: powers[0].effects[0].summon: no card named 'Rats' (did you mean "
                                         "'Rat'?)"),
}


@pytest.mark.parametrize("case", list(BAD_RATS))
def test_each_kind_of_mistake_is_one_line_and_exit_1(tmp_path: Path, case: str) -> None:
    content, printed = BAD_RATS[case]
    path = tmp_path / "cards" / "rat.yml"
    path.parent.mkdir()
    path.write_bytes(content)
    for args in (["cards", "lint", str(path.parent)], ["cards", "list", "--folder", str(path.parent)]):
        result = run(*args)
        assert_no_traceback(result)
        assert result.exit_code == 1, result.output
        assert f"{path}{printed}" in result.output.splitlines()


@pytest.mark.parametrize("args", [["cards", "lint", "nowhere"], ["cards", "lint", "--cards", "nowhere"]])
def test_lint_of_a_missing_folder_exits_1(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 1
    assert "no card folder at nowhere" in result.stderr


def test_a_card_whose_text_cant_be_generated_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pacg.cards.lint

    def card_text(card: object) -> str:
        raise KeyError("the word for it")

    folder = tmp_path / "cards"
    sword = write(folder, "sword.yaml", "name: Sword\ntype: weapon\nset: B\nprovenance: standin\n")
    monkeypatch.setattr(pacg.cards.lint, "card_text", card_text)
    report = lint(folder)
    assert [str(problem) for problem in report.problems] == [
        f"{sword}:1: its text can't be generated (KeyError: 'the word for it')"]
    assert not report.clean


def test_a_check_is_a_function_of_the_cards_read() -> None:
    assert text_problems in CHECKS

    def no_stand_ins(found: CardFiles) -> list[CardProblem]:
        return [file.problem(("provenance",), "a stand-in") for file in found.files.values()
                if file.card.provenance == "standin"]

    report = lint(checks=[no_stand_ins])
    assert report.errors and all(problem.message == "a stand-in" for problem in report.errors)
    assert report.summary().endswith(f"{len(report.errors)} problems")


# --- --cards on list and show ------------------------------------------------------------------------------


def test_list_and_show_read_the_custom_cards_over_the_box(tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    write(custom, "blessing.yaml", STRONGER_BLESSING)
    shown = run("cards", "show", "Blessing of Ascension", "--cards", str(custom))
    assert shown.exit_code == 0, shown.output
    assert "add 2 dice of the type the check rolls" in shown.stdout
    listed = run("cards", "list", "--json", "--cards", str(custom))
    assert listed.exit_code == 0, listed.output
    names = [card["name"] for card in json.loads(listed.stdout)]
    assert names.count("Blessing of Ascension") == 1 and "Sophini" in names


def test_folder_still_replaces_the_library_and_cards_add_to_it(tmp_path: Path) -> None:
    folder, custom = tmp_path / "cards", tmp_path / "custom"
    write(folder, "rat.yaml", "name: Rat\ntype: monster\nset: B\nprovenance: standin\ncheck_to_defeat: Combat 5\n")
    write(custom, "bat.yaml", "name: Bat\ntype: monster\nset: B\nprovenance: standin\ncheck_to_defeat: Combat 6\n")
    result = run("cards", "list", "--json", "--folder", str(folder), "--cards", str(custom))
    assert result.exit_code == 0, result.output
    assert sorted(card["name"] for card in json.loads(result.stdout)) == ["Bat", "Rat"]


# --- pacg play and pacg replay ------------------------------------------------------------------------------


def test_play_with_bad_custom_cards_prints_the_problems_and_exits_1(tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    scenario = write(custom, "scenario.yaml", BAD_SCENARIO)
    result = run("play", "--agent", "random", "--seed", "1", "--cards", str(custom))
    assert_no_traceback(result)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{scenario}:5: villains[0]: no card named 'Sophin' (did you mean 'Sophini'?)",
        f"{scenario}:6: henchmen[0]: 'Longsword' is a weapon, not a henchman",
        f"2 problems in the card files under {DEFAULT_CARD_FOLDER} and {custom}",
    ]


@pytest.mark.plays_at_random  # a whole game answered at random
def test_a_game_with_custom_cards_remembers_their_folder_and_replays_with_them(tmp_path: Path) -> None:
    custom, log = tmp_path / "custom", tmp_path / "game.json"
    write(custom, "blessing.yaml", STRONGER_BLESSING)
    played = run("play", "--agent", "random", "--seed", "4", "--characters", "Kyra", "--json", "--log", str(log),
                 "--cards", str(custom))
    assert played.exit_code == 0, played.output
    assert read_record(log).setup.cards == str(custom.resolve())
    replayed = run("replay", str(log), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout == played.stdout

    moved = tmp_path / "moved"
    custom.rename(moved)
    missing = run("replay", str(log))
    assert_no_traceback(missing)
    assert missing.exit_code == 1
    assert missing.stderr == (f"Error: {log}: the game was played with the custom cards in {custom.resolve()}, "
                              "which is not a folder here; give their folder with --cards DIR\n")
    given = run("replay", str(log), "--json", "--cards", str(moved))
    assert given.exit_code == 0, given.output
    assert given.stdout == played.stdout


def test_replay_with_custom_cards_that_went_bad_prints_their_problems(tmp_path: Path) -> None:
    custom, log = tmp_path / "custom", tmp_path / "game.json"
    save_record(log, record_of(Setup("The Godless Ones", ("Kyra",), 4, str(custom)), ["stay"], [], None))
    scenario = write(custom, "scenario.yaml", BAD_SCENARIO)
    result = run("replay", str(log))
    assert_no_traceback(result)
    assert result.exit_code == 1
    assert f"{scenario}:5: villains[0]: no card named 'Sophin' (did you mean 'Sophini'?)" in result.stderr.splitlines()


def test_in_a_real_process_bad_cards_exit_1_without_a_traceback(tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    scenario = write(custom, "scenario.yaml", BAD_SCENARIO)
    play = ["play", "--agent", "random", "--seed", "1", "--cards", str(custom)]
    for args in (play, ["cards", "lint", "--cards", str(custom)]):
        done = subprocess.run([*PACG, *args], capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stdout + done.stderr
        assert f"{scenario}:6: henchmen[0]: 'Longsword' is a" in done.stdout + done.stderr


# --- records that can't be read ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "not a game record: nested too deeply"),
        ('{"format": "pacg game record", "version": 1, "seed": ' + "9" * 5000 + "}", "not a game record"),
        (json.dumps({"format": "pacg game record", "version": 3, "scenario": "The Godless Ones",
                     "characters": ["Kyra"], "seed": 1, "actions": [], "cards": 7}), "field 'cards'"),
    ],
)
def test_a_record_that_cant_be_read_is_a_record_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        read_record(path)
    result = run("replay", str(path))
    assert_no_traceback(result)
    assert result.exit_code == 2
    assert message in result.stderr


def test_a_record_without_custom_cards_is_written_as_before(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(path, record_of(Setup("The Godless Ones", ("Kyra",), 1), ["stay", "done"], [], None))
    assert "cards" not in json.loads(path.read_text(encoding="utf-8"))
