"""`pacg play` and `pacg replay` as a person runs them: the exit status and the output.

    the same seed prints the same one-line JSON outcome, and a logged game replays to it;
    bad input (names, party, agent, seed, game records) exits non-zero with a one-line message naming the
        problem, never a traceback;
    a game that stops part way keeps its record (saved after every answer): the answers given so far, which
        replay reports and `pacg play --resume` takes up again.

Every bad-input case runs in this process (typer's CliRunner, fast); a sample of them, and the games, run in
real processes (`python -c "from pacg.cli import app; app()"`: src/pacg/cli/ has no `__main__` module, so
`python -m pacg.cli` would do nothing).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacg.agents.random_agent import RandomAgent
from pacg.cli import app
from pacg.decisions import Decision
from pacg.game import Game, load_game, new_game, play
from pacg.record import read_record, save_record
from pacg.saves import SaveStore
from table import kind_of, library

# Whole games answered at random (in this process too): the powers they happen to use count as tested by no one.
pytestmark = pytest.mark.plays_at_random

SCENARIO = "The Godless Ones"
SUMMARY_KEYS = {"scenario", "characters", "seed", "result", "reason", "turns", "blessings_left", "dead", "reward",
                "redeemed"}
PACG = [sys.executable, "-c", "from pacg.cli import app; app(prog_name='pacg')"]


def pacg_all(*commands: Sequence[str], stdin: str = "", hash_seeds: Sequence[str] = ()
             ) -> list[subprocess.CompletedProcess[str]]:
    """Run several `pacg ARGS...` commands side by side; each in its own process (optionally with its own
    PYTHONHASHSEED), stdin closed after `stdin`."""

    def one(index: int) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ)
        if hash_seeds:
            env["PYTHONHASHSEED"] = hash_seeds[index]
        return subprocess.run([*PACG, *commands[index]], input=stdin, capture_output=True, text=True, env=env,
                              timeout=120, check=False)

    with ThreadPoolExecutor(max_workers=len(commands)) as pool:
        return list(pool.map(one, range(len(commands))))


def pacg(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return pacg_all(args, stdin=stdin)[0]


def random_game(party: list[str], seed: int, **options: object) -> Game:
    """A game of The Godless Ones played to its end by random players."""
    game = new_game(SCENARIO, party, seed, library=library(), **options)  # type: ignore[arg-type]
    play(game, RandomAgent(seed))
    return game


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout + done.stderr, done.stderr


# --- the same seed, the same game -------------------------------------------------------------------------------


def test_play_with_a_seed_prints_the_same_json_line_every_time_and_its_log_replays_to_it(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    play_args = ["play", "--agent", "random", "--seed", "7", "--json"]
    first, second = pacg_all(play_args, [*play_args, "--log", str(log)], hash_seeds=["1", "2"])
    for done in (first, second):
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        no_traceback(done)
    assert second.stdout == first.stdout  # another process, another string hash seed, and writing the log
    lines = first.stdout.splitlines()
    assert len(lines) == 1
    summary = json.loads(lines[0])
    assert set(summary) == SUMMARY_KEYS
    assert summary["scenario"] == SCENARIO and summary["seed"] == 7
    assert 1 <= len(summary["characters"]) <= 4
    assert summary["result"] in ("won", "lost")

    record = read_record(log)
    assert (record.setup.scenario, list(record.setup.characters), record.setup.seed) == (
        SCENARIO, summary["characters"], 7)
    assert record.actions and len(record.digests) == summary["turns"]

    as_json, as_text = pacg_all(["replay", str(log), "--json"], ["replay", str(log)])
    assert as_json.returncode == 0, as_json.stderr
    assert as_json.stdout == first.stdout
    assert as_text.returncode == 0, as_text.stderr
    no_traceback(as_text)
    text = as_text.stdout.splitlines()
    assert len(text) == 1
    line = text[0]
    assert line.startswith(f"{SCENARIO}: {summary['result']} after {summary['turns']} turns")
    assert f"{summary['blessings_left']} blessings left" in line
    assert "{" not in line
    for name in summary["dead"]:
        assert name in line


@pytest.mark.rule("MYTH-01")
def test_mythic_paths_given_in_any_case_are_held_and_recorded(tmp_path: Path) -> None:
    """`--mythic-paths "kyra=mythic archmage,Harsk=Mythic Guardian"`: each character holds their path from the
    start, and the record names them by the cards' own names."""
    log = tmp_path / "game.json"
    done = CliRunner().invoke(app, [*RANDOM, "--characters", "Harsk,Kyra", "--json", "--log", str(log),
                                    "--mythic-paths", "kyra=mythic archmage, Harsk = Mythic Guardian"])
    assert done.exit_code == 0, done.output
    record = read_record(log)
    assert dict(record.setup.mythic_paths) == {"Harsk": "Mythic Guardian", "Kyra": "Mythic Archmage"}
    seen = load_game(record).view("Kyra")["characters"]
    assert {character["name"]: character["mythic_path"] for character in seen} == {
        "Harsk": "Mythic Guardian", "Kyra": "Mythic Archmage"}


@pytest.mark.rule("COH-01")
def test_a_game_set_up_without_cards_removed_earlier_records_them_and_replays_to_the_same_end(tmp_path: Path) -> None:
    """`--removed "Sir Ilivan"`: the cohort banished in an earlier scenario is not in the box (a random Balazar
    is offered only Cecilla the Uprooter and Vinst), the record names it, and the replay gives the same game."""
    log = tmp_path / "game.json"
    args = ["play", "--scenario", "Vengeance at Sundered Crag", "--characters", "Balazar", "--agent", "random",
            "--seed", "4", "--json", "--removed", "Sir Ilivan", "--log", str(log)]
    played = CliRunner().invoke(app, args)
    assert played.exit_code == 0, played.output
    record = read_record(log)
    assert record.setup.removed == ("Sir Ilivan",)
    assert json.loads(log.read_text(encoding="utf-8"))["removed"] == ["Sir Ilivan"]
    replayed = CliRunner().invoke(app, ["replay", str(log), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout == played.stdout
    seen: list[Decision] = []
    agent = RandomAgent(4)

    class Watching:
        def act(self, view: object, decision: Decision) -> str:
            seen.append(decision)
            return agent.act({}, decision)

    game = new_game(record.setup.scenario, list(record.setup.characters), record.setup.seed, library=library(),
                         removed=list(record.setup.removed))
    play(game, Watching())
    [cohorts] = [decision for decision in seen if kind_of(decision) == "cohort"]
    assert [option.label for option in cohorts.options] == ["No cohort", "Take Cecilla the Uprooter", "Take Vinst"]


@pytest.mark.rule("RED-01")
def test_a_game_set_up_with_boons_redeemed_earlier_records_them_and_replays_to_the_same_end(tmp_path: Path) -> None:
    """`--redeemed "Corroded Helm"`: the record names it, the summary lists it, and the replay is the same game."""
    log = tmp_path / "game.json"
    args = [*RANDOM, "--characters", "Seelah", "--json", "--redeemed", "Corroded Helm", "--log", str(log)]
    played = CliRunner().invoke(app, args)
    assert played.exit_code == 0, played.output
    assert read_record(log).setup.redeemed == ("Corroded Helm",)
    assert json.loads(played.stdout)["redeemed"] == ["Corroded Helm"]
    replayed = CliRunner().invoke(app, ["replay", str(log), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout == played.stdout


def test_a_record_without_removed_or_redeemed_cards_leaves_the_fields_out(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(path, new_game(SCENARIO, ["Harsk"], 1, library=library()).to_record())
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert "removed" not in saved and "redeemed" not in saved and saved["version"] == 4


# --- bad input: a clear message, a non-zero status, no traceback ---------------------------------------------------


def broken_records(folder: Path) -> dict[str, str]:
    """Records broken in each way a file can be, from a good record of a short random game: the path of each
    by name, and the numbers the messages name ("middle", "count", "count+1")."""
    game = random_game(["Harsk", "Kyra"], 5)
    actions = game.actions
    assert len(actions) > 10
    good = {key: value for key, value in game.to_record().items() if key != "outcome"}
    middle = len(actions) // 2
    outcome = game.outcome
    assert outcome is not None
    other = "won" if outcome["result"] == "lost" else "lost"
    edited = {**outcome, "result": other, "turns": outcome["turns"] + 1}  # type: ignore[operator]
    texts = {
        "not-json": "this is not JSON {",
        "empty": "",
        "json-not-a-record": json.dumps({"hello": "world"}),
        "json-list": json.dumps([1, 2, 3]),
        "other-version": json.dumps({**good, "version": 99}),
        "seed-missing": json.dumps({key: value for key, value in good.items() if key != "seed"}),
        "answer-not-an-id": json.dumps({**good, "actions": ["stay", 1, "two"]}),
        "wrong-answer": json.dumps({**good, "actions": [*actions[:middle], "fly-away", *actions[middle + 1:]]}),
        "truncated-answers": json.dumps({**good, "actions": actions[:middle]}),
        "extra-answers": json.dumps({**good, "actions": [*actions, "done"]}),
        "another-seed": json.dumps({**good, "seed": 6}),
        "nested": "[" * 100_000 + "]" * 100_000,
        "binary": "\x00\x01\x02 pacg game record",
        "newer-version": json.dumps({**good, "version": 5}),
        "version-1-answers": json.dumps({**good, "version": 1, "answers": list(range(len(actions)))}),
        "truncated-file": json.dumps(good)[:60],
        "unknown-character": json.dumps({**good, "characters": ["Harsk", "Ezren"]}),
        "removed-not-a-list": json.dumps({**good, "removed": "Sir Ilivan"}),
        "redeemed-not-a-list": json.dumps({**good, "redeemed": [1]}),
        "edited-outcome": json.dumps({**good, "outcome": edited}),
        "outcome-before-the-end": json.dumps({**good, "actions": actions[:middle], "outcome": outcome}),
        "outcome-not-an-object": json.dumps({**good, "outcome": "won"}),
    }
    values = {"missing": str(folder / "no such game.json"), "folder": str(folder), "middle": str(middle),
              "count": str(len(actions)), "count+1": str(len(actions) + 1), "result": str(outcome["result"]),
              "other-result": other, "turns": str(outcome["turns"]), "turns+1": str(edited["turns"])}
    for name, text in texts.items():
        (folder / f"{name}.json").write_text(text, encoding="utf-8")
        values[name] = str(folder / f"{name}.json")
    with open(folder / "huge.json", "wb") as huge:  # 65 MiB, sparse: no game's record comes near
        huge.truncate(65 * 2**20)
    values["huge"] = str(folder / "huge.json")
    return values


RANDOM = ["play", "--agent", "random", "--seed", "1"]

# case: (the arguments, {name} standing for a broken record's path; what the message must say)
BAD_INPUT: dict[str, tuple[list[str], list[str]]] = {
    "unknown scenario": ([*RANDOM, "--scenario", "The Lost Ones"], ["unknown scenario 'The Lost Ones'"]),
    "unknown character": ([*RANDOM, "--characters", "Harsk,Ezren"], ["unknown character 'Ezren'", "Harsk"]),
    "a misspelt character": ([*RANDOM, "--characters", "hursk"], ["unknown character 'hursk' (did you mean: Harsk?)"]),
    "a misspelt scenario": ([*RANDOM, "--scenario", "the godless one"],
                            ["unknown scenario 'the godless one' (did you mean: The Godless Ones?)"]),
    "a misspelt boon to redeem": ([*RANDOM, "--redeemed", "corroded helmet"],
                                  ["unknown card 'corroded helmet' (did you mean: Corroded Helm"]),
    "party of 7": ([*RANDOM, "--characters", "Alain,Balazar,Enora,Harsk,Kyra,Seelah,Crowe"],
                   ["1 to 6 characters", "not 7"]),
    "a character twice": ([*RANDOM, "--characters", "Harsk,Kyra,Harsk"], ["only once"]),
    "empty party": ([*RANDOM, "--characters", ","], ["not 0"]),
    "bad agent": (["play", "--agent", "robot", "--seed", "1", "--characters", "Harsk"], ["--agent", "robot"]),
    "bad seed": (["play", "--agent", "random", "--seed", "seven"], ["--seed"]),
    "log not JSON": (["replay", "{not-json}"], ["not a game record"]),
    "empty log": (["replay", "{empty}"], ["not a game record"]),
    "JSON but not a record": (["replay", "{json-not-a-record}"], ["not a game record", '"format"']),
    "JSON list": (["replay", "{json-list}"], ["not a game record"]),
    "other format version": (["replay", "{other-version}"], ["version 99"]),
    "a newer format version": (["replay", "{newer-version}"], ["version 5", "newer pacg", "reads 4"]),
    "a field missing": (["replay", "{seed-missing}"], ["'seed'", "missing"]),
    "an answer not an action id": (["replay", "{answer-not-an-id}"], ["actions[1]", "not an action id"]),
    "a wrong answer": (["replay", "{wrong-answer}"], ["actions[{middle}]", "'fly-away' is not an action"]),
    "another seed": (["replay", "{another-seed}"], ["drifts from the record", "turn 1"]),
    "nested too deeply": (["replay", "{nested}"], ["not a game record"]),
    "binary": (["replay", "{binary}"], ["not a game record"]),
    "huge": (["replay", "{huge}"], ["not a game record", "far too big"]),
    "resume a huge file": (["play", "--agent", "random", "--resume", "{huge}"], ["far too big"]),
    "an older version": (["replay", "{version-1-answers}"], ["version 1", "asked other questions", "reads 4"]),
    "resume a file that is no record": (["play", "--agent", "random", "--resume", "{not-json}"],
                                        ["not a game record"]),
    "resume no such save": (["play", "--agent", "random", "--resume", "no such game"],
                            ["no saved game 'no such game'"]),
    "an unwritable log": ([*RANDOM, "--log", "{folder}/no/such/folder/game.json"], ["no folder"]),
    "a log that is a folder": ([*RANDOM, "--log", "{folder}"], ["is a folder"]),
    "extra answers": (["replay", "{extra-answers}"], ["ended after {count} of {count+1} answers"]),
    "truncated file": (["replay", "{truncated-file}"], ["not a game record"]),
    "record with an unknown character": (["replay", "{unknown-character}"], ["unknown character 'Ezren'"]),
    "removed cards not a list": (["replay", "{removed-not-a-list}"], ["field 'removed'"]),
    "an unknown card removed": ([*RANDOM, "--removed", "Sir Ilivian"],
                                ["unknown card 'Sir Ilivian' (did you mean: Sir Ilivan?)"]),
    "redeemed boons not a list": (["replay", "{redeemed-not-a-list}"], ["field 'redeemed'"]),
    "a boon that can't be redeemed": ([*RANDOM, "--redeemed", "Longsword"], ["'Longsword' can't be redeemed"]),
    "missing file": (["replay", "{missing}"], ["no such game.json", "can't read"]),
    "a mythic path without its character": ([*RANDOM, "--characters", "Kyra", "--mythic-paths", "Mythic Archmage"],
                                            ["--mythic-paths: give CHARACTER=PATH pairs", "'Mythic Archmage'"]),
    "a misspelt mythic path": ([*RANDOM, "--characters", "Kyra", "--mythic-paths", "Kyra=Mythic Archmag"],
                               ["--mythic-paths: unknown mythic path 'Mythic Archmag' (did you mean: Mythic Archmage"]),
    "a mythic path of a character not in the party": (
        [*RANDOM, "--characters", "Kyra", "--mythic-paths", "Seelah=Mythic Archmage"],
        ["--mythic-paths: Seelah is not in the party"]),
    "a mythic path not a mythic path": ([*RANDOM, "--characters", "Kyra", "--mythic-paths", "Kyra=Longsword"],
                                        ["--mythic-paths: unknown mythic path 'Longsword'"]),
    "mythic paths with a table": ([*RANDOM, "--table", "{missing}", "--mythic-paths", "Kyra=Mythic Archmage"],
                                  ["leave out --mythic-paths"]),
    "mythic paths with --resume": (["play", "--agent", "random", "--resume", "{missing}", "--mythic-paths",
                                    "Kyra=Mythic Archmage"], ["--resume: the game in", "leave out --mythic-paths"]),
    "a scenario and a seed with --resume": (
        ["play", "--agent", "random", "--resume", "{missing}", "--scenario", "The Godless Ones", "--seed", "3"],
        ["--resume: the game in", "goes on as it was set up", "leave out --scenario, --seed"]),
    "removed cards with --resume": (["play", "--agent", "random", "--resume", "{missing}", "--removed", "Sir Ilivan"],
                                    ["leave out --removed"]),
    "an edited outcome": (["replay", "{edited-outcome}"], [
        "{edited-outcome}: the recorded outcome differs from the replayed one: result '{other-result}' recorded, "
        "'{result}' replayed; turns {turns+1} recorded, {turns} replayed"]),
    "an outcome before the end": (["replay", "{outcome-before-the-end}"], [
        "the recorded outcome differs from the replayed one: result '{result}' recorded, but replayed the game is "
        "not over"]),
    "an outcome that is not one": (["replay", "{outcome-not-an-object}"], ["field 'outcome' must be"]),
    "resume an edited outcome": (["play", "--agent", "random", "--resume", "{edited-outcome}"],
                                 ["the recorded outcome differs from the replayed one"]),
    "a folder": (["replay", "{folder}"], ["can't read"]),
}


def _fill(text: str, values: dict[str, str]) -> str:
    return re.sub(r"\{([a-z0-9+-]+)\}", lambda match: values[match.group(1)], text)


@pytest.fixture(scope="module")
def record_values(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return broken_records(tmp_path_factory.mktemp("records"))


def bad_input(case: str, values: dict[str, str]) -> tuple[list[str], list[str]]:
    args, says = BAD_INPUT[case]
    return [_fill(arg, values) for arg in args], [_fill(text, values) for text in says]


def check_rejected(case: str, status: int, stdout: str, stderr: str, says: list[str]) -> None:
    """A non-zero status, nothing on stdout, no traceback, and a message naming the problem."""
    assert "Traceback" not in stdout + stderr, f"{case}: {stderr}"
    assert status != 0, f"{case}: exit status 0"
    assert stdout == "", f"{case}: nothing on stdout (no outcome, no half game) when the input is bad"
    message = " ".join(stderr.replace("│", " ").split())  # typer boxes usage errors; join its lines
    for words in says:
        assert words in message, f"{case}: {words!r} not in {stderr}"


@pytest.mark.parametrize("case", list(BAD_INPUT))
def test_bad_input_exits_with_a_clear_message_and_no_traceback(case: str, record_values: dict[str, str]) -> None:
    args, says = bad_input(case, record_values)
    result = CliRunner().invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{case}: {result.exception!r}") from result.exception  # would be a traceback
    check_rejected(case, result.exit_code, result.stdout, result.stderr, says)


IN_A_REAL_PROCESS = ["unknown character", "a misspelt character", "party of 7", "bad agent", "log not JSON",
                     "a wrong answer", "missing file", "nested too deeply", "an unwritable log", "an edited outcome"]


def test_bad_input_in_a_real_process_exits_non_zero_without_a_traceback(record_values: dict[str, str]) -> None:
    """A sample of the cases above as a person meets them: the exit status and stderr of a real process."""
    cases = {case: bad_input(case, record_values) for case in IN_A_REAL_PROCESS}
    runs = pacg_all(*(args for args, _ in cases.values()))
    for (case, (_, says)), done in zip(cases.items(), runs, strict=True):
        check_rejected(case, done.returncode, done.stdout, done.stderr, says)
        assert len(done.stderr.splitlines()) == 1 or "Usage" in done.stderr, f"{case}: one line: {done.stderr}"


@pytest.mark.parametrize("edit", ["answer", "outcome"])
def test_an_edited_saved_game_is_refused_by_its_name(edit: str) -> None:
    """`pacg play --resume NAME` of a saved game whose answers or outcome were edited: the message names the save
    (the database holds no file to name)."""
    game = random_game(["Harsk", "Kyra"], 5)
    record = game.to_record()
    if edit == "answer":
        record["actions"][3] = "fly-away"
    else:
        record["outcome"] = {**record["outcome"], "blessings_left": 99}
    with SaveStore() as store:
        store.put("edited game", record)
    done = CliRunner().invoke(app, ["play", "--agent", "random", "--resume", "edited game"])
    says = "actions[3]: 'fly-away' is not an action" if edit == "answer" else "blessings_left 99 recorded"
    check_rejected(f"an edited {edit}", done.exit_code, done.stdout, done.stderr, [says])
    assert done.stderr.startswith("Error: the saved game 'edited game': "), done.stderr


def test_names_in_any_case_play_the_game_of_the_cards_own_names(tmp_path: Path) -> None:
    """--scenario, --characters, --removed and --redeemed in any case: the same game as the cards' own names,
    and the record names the cards as they are named."""
    given = ["--scenario", "the GODLESS ones", "--characters", "harsk, KYRA", "--removed", "sir ilivan",
             "--redeemed", "corroded HELM"]
    own = ["--scenario", SCENARIO, "--characters", "Harsk,Kyra", "--removed", "Sir Ilivan",
           "--redeemed", "Corroded Helm"]
    log = tmp_path / "game.json"
    lower, proper = (CliRunner().invoke(app, [*RANDOM, "--json", *names, *extra])
                     for names, extra in ((given, ["--log", str(log)]), (own, [])))
    assert lower.exit_code == 0 and proper.exit_code == 0, lower.output + proper.output
    assert json.loads(lower.stdout) == json.loads(proper.stdout)
    setup = read_record(log).setup
    assert (setup.scenario, setup.characters, setup.removed, setup.redeemed) == (
        SCENARIO, ("Harsk", "Kyra"), ("Sir Ilivan",), ("Corroded Helm",))


# --- a game that stops keeps its record -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 17])
def test_a_stopped_game_is_saved_to_its_last_answer_and_resumes_to_the_same_end(tmp_path: Path, n: int) -> None:
    """A game whose record stops after n answers replays to where it stopped (and says so), and `pacg play
    --resume` finishes it exactly as the game played through would have ended."""
    party, seed = ["Kyra", "Seelah"], 23
    full = random_game(party, seed)
    assert len(full.actions) > n
    stopped = new_game(SCENARIO, party, seed, library=library())
    for action in full.actions[:n]:
        stopped.apply(action)
    path = tmp_path / "stopped.json"
    save_record(path, stopped.to_record())
    assert not path.with_name(path.name + ".partial").exists()
    assert load_game(path, library=library()).actions == full.actions[:n]

    replayed = CliRunner().invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert f"stopped after {n} answers" in replayed.stdout and "--resume" in replayed.stdout
    resumed = CliRunner().invoke(app, ["play", "--agent", "random", "--resume", str(path), "--json"])
    assert resumed.exit_code == 0, resumed.output
    outcome = full.outcome
    assert outcome is not None
    assert json.loads(resumed.stdout) == outcome
    assert read_record(path).actions == full.actions  # saved as it went on


def test_a_person_who_stops_part_way_keeps_the_game_so_far_and_takes_it_up_again(tmp_path: Path) -> None:
    """`pacg play` with the input ending after a few answers: the record holds what was answered, the saved game
    too, and the message says how to take it up again; resuming it by name asks the next question."""
    log = tmp_path / "game.json"
    done = pacg("play", "--agent", "human", "--characters", "harsk,Kyra", "--seed", "3", "--log", str(log),
                stdin="1\n1\n1\n")
    no_traceback(done)
    assert done.returncode != 0 and "Error" not in done.stderr
    stopped = re.search(r"Game stopped after (\d+) answers", done.stderr)
    assert stopped, done.stderr
    n = int(stopped.group(1))
    assert n >= 1
    assert done.stderr == (f"Game stopped after {n} answers; saved as godless-ones-3 (its record also in {log}): "
                           "resume with `pacg play --resume godless-ones-3`\n")
    record = read_record(log)
    assert len(record.actions) == n
    assert (record.setup.scenario, record.setup.characters, record.setup.seed) == (SCENARIO, ("Harsk", "Kyra"), 3)
    listed = pacg("saves", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert [(save["name"], save["answers"]) for save in json.loads(listed.stdout)] == [("godless-ones-3", n)]
    again = pacg("play", "--resume", "godless-ones-3", stdin="1\n")
    no_traceback(again)
    assert re.search(rf"Game stopped after {n + 1} answers", again.stderr), again.stderr


def test_q_at_the_party_prompt_starts_no_game_and_says_so() -> None:
    done = pacg("play", "--seed", "3", stdin="q\n")
    no_traceback(done)
    assert (done.returncode, done.stderr) == (1, "No game started.\n")
    assert "Who plays?" in done.stdout and "q quits" in done.stdout


def test_q_at_a_decision_says_where_the_game_is_saved_and_how_to_resume_it() -> None:
    resume = "resume with `pacg play --resume godless-ones-8`"
    done = pacg("play", "--characters", "Harsk", "--seed", "8", stdin="1\nq\n")
    no_traceback(done)
    assert (done.returncode, done.stderr) == (1, f"Game stopped after 1 answers; saved as godless-ones-8: {resume}\n")
    again = pacg("play", "--resume", "godless-ones-8", stdin="q\n")
    assert (again.returncode, again.stderr) == (1, f"Game stopped after 1 answers; saved as godless-ones-8: {resume}\n")


def test_a_game_saved_only_to_its_record_file_says_to_resume_from_the_file(tmp_path: Path) -> None:
    """Random players' games are saved only when told; in a file whose path has a space, the command quotes it."""
    from pacg.session import Saver

    log = tmp_path / "my games" / "game.json"
    assert Saver(log, None).where() == f"saved in {log}: resume with `pacg play --resume '{log}'`"
    assert Saver(None, None).where() == "not saved (--save NAME or --log FILE saves a game as it goes)"


def test_a_new_game_never_replaces_a_saved_one() -> None:
    """Two people's games of the same seed get two saves; --save with a name already saved is refused."""
    args = ["play", "--characters", "Harsk", "--seed", "9"]
    for _ in range(2):
        stopped = CliRunner().invoke(app, args, input="1\n")
        assert stopped.exit_code == 1 and "Game stopped after 1 answers" in stopped.stderr, stopped.output
    listed = CliRunner().invoke(app, ["saves", "list", "--json"])
    assert sorted(save["name"] for save in json.loads(listed.stdout)) == ["godless-ones-9", "godless-ones-9-2"]
    refused = CliRunner().invoke(app, [*args, "--save", "godless-ones-9"], input="1\n")
    check_rejected("--save with a saved name", refused.exit_code, refused.stdout, refused.stderr,
                   ["a game is saved as 'godless-ones-9' already", "--resume"])


def test_a_new_game_never_writes_over_a_record_file(tmp_path: Path) -> None:
    """--log names a file a game was recorded in: a new game is refused, the record left as it was, and the
    message says how to take that game up; --resume of that file goes on with it."""
    log = tmp_path / "game.json"
    first = CliRunner().invoke(app, [*RANDOM, "--characters", "Harsk", "--log", str(log)])
    assert first.exit_code == 0, first.output
    recorded = log.read_bytes()
    again = CliRunner().invoke(app, [*RANDOM, "--characters", "Kyra", "--log", str(log)])
    check_rejected("--log of a record", again.exit_code, again.stdout, again.stderr,
                   [f"--log: {log} is there already", f"--resume {log}"])
    assert log.read_bytes() == recorded
    resumed = CliRunner().invoke(app, ["play", "--agent", "random", "--resume", str(log), "--log", str(log)])
    assert resumed.exit_code == 0, resumed.output
