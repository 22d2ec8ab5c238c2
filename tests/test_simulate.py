"""`pacg simulate`: games in bulk give the same summary however they are spread over workers and backends, the
statistics fold and merge in any order, the intervals are the published ones, a comparison plays the same seeds,
the report's page shows real PNG files, and bad input is one line (exit 2)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pacg.cli import app
from pacg.engine.encounter import encounter
from pacg.engine.zones import ZoneKind
from pacg.game import new_game
from pacg.sim.config import Config, game_seed
from pacg.sim.games import CardNames, CardUse, GameResult, Watcher
from pacg.sim.intervals import paired_difference, wilson
from pacg.sim.report import write_report
from pacg.sim.runner import Plan, play_chunk, simulate
from pacg.sim.stats import RunStats, Stats
from pacg.sim.summary import to_json, to_text
from table import STRONGER_BLESSING, Table

SCENARIO = "The Godless Ones"
PAIR = Config(SCENARIO, ("Harsk", "Kyra"), "random")
ALONE = Config(SCENARIO, ("Seelah",), "random")
GAMES = 8


@pytest.fixture(scope="module")
def pair_run() -> RunStats:
    """The pair's games, and Seelah alone on the same seeds, in this process."""
    return simulate(Plan((PAIR, ALONE), GAMES, 5, workers=1))


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(app, ["simulate", *args])


# --- the engine's tally, the watcher -----------------------------------------------------------------------


@pytest.mark.rule("ENC-07")
def test_the_engine_counts_each_card_acquired_and_each_card_banished() -> None:
    table = Table(strict=True)
    table.location("Armory", ["Mace", "Javelin"])
    kyra = table.character("Kyra", at="Armory")
    table.dice(6)
    table.run(encounter(table.game, kyra, table.top("Armory")), "Attempt to acquire", "Strength")
    table.run(encounter(table.game, kyra, table.top("Armory")), "Let Javelin go")
    assert "Mace" in table.cards(kyra, ZoneKind.HAND)
    assert table.game.card_tally == Counter({("acquired", "Mace"): 1, ("banished", "Javelin"): 1})


def test_a_play_counts_for_the_card_its_option_names_first() -> None:
    names = CardNames(frozenset({"Blessing of Ascension", "Forsaken Cloister", "Potion of Beast Skin", "Harsk",
                                 "Sage's Journal"}))
    assert names.named("Discard Blessing of Ascension: add 1 die of the type the check rolls") == (
        "Blessing of Ascension")
    assert names.named("Use Forsaken Cloister, discard Potion of Beast Skin: evade the card") == "Forsaken Cloister"
    assert names.named("Use Harsk's power: add 1d6") == "Harsk"
    assert names.named("Reveal Sage's Journal: examine the top card") == "Sage's Journal"
    assert names.named("Done") is None


class _Recorder:
    def __init__(self) -> None:
        self.views: list[object] = []
        self.marker = "inner"

    def act(self, view: Any, decision: Any) -> str:
        self.views.append(view)
        return str(decision.options[-1].id)


def test_the_watcher_passes_the_view_through_and_notes_the_odds_a_play_brings() -> None:
    game = new_game(SCENARIO, ["Kyra"], 3)
    inner = _Recorder()
    watcher = Watcher(inner, CardNames(frozenset({"Blessing of Ascension"})))
    view = game.agent_view("Kyra")
    decision = game.decision
    assert decision is not None
    watcher.act(view, decision)
    assert inner.views == [view] and inner.views[0] is view
    assert watcher.marker == "inner", "anything else is the inner agent's"
    from pacg.decisions import Decision, DecisionKind, Option

    published = Decision("Kyra", DecisionKind.PLAY, "play?", (
        Option("Discard Blessing of Ascension: add 1 die", id="discard-blessing-of-ascension"),
        Option("Done", id="done")), context={"probability": "1/6", "odds": ["13/18", "1/6"]})
    watcher.act(view, published)
    assert watcher.cards == {}, "Done plays nothing"
    inner.act = lambda view, decision: "discard-blessing-of-ascension"  # type: ignore[method-assign]
    watcher.act(view, published)
    watcher.act(view, published)
    assert watcher.cards["Blessing of Ascension"] == CardUse(played=2, odds_plays=2, odds_change=Fraction(10, 9))


# --- statistics and intervals ------------------------------------------------------------------------------


def _result(won: bool, turns: int, card: str) -> GameResult:
    return GameResult(won, "" if won else "every character is dead", turns, 30 - turns, () if won else ("Kyra",),
                      {card: CardUse(played=1, odds_plays=1, odds_change=Fraction(1, turns))})


def test_statistics_folded_one_game_at_a_time_equal_those_merged_in_any_order() -> None:
    results = [_result(index % 3 == 0, 5 + index % 4, ("Cure", "Mace")[index % 2]) for index in range(40)]
    folded = Stats()
    for result in results:
        folded.add(result)
    halves = [Stats(), Stats()]
    for index, result in enumerate(results):
        halves[index % 2].add(result)
    for first, second in (halves, halves[::-1]):
        merged = Stats()
        merged.merge(first)
        merged.merge(second)
        assert merged == folded
    assert (folded.games, folded.won, folded.losses) == (40, 14, Counter({"every character is dead": 26}))
    assert folded.cards["Cure"].played == 20 and folded.turns_mean == 6.5
    assert len(folded.turns) == 4, "a count per value, not per game: the memory stays flat"


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_the_wilson_interval_is_newcombes_table(successes: int, trials: int, low: float, high: float) -> None:
    """Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3."""
    assert wilson(successes, trials) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_the_paired_difference_is_zero_for_the_same_results_and_turns_round_with_the_order() -> None:
    difference, low, high = paired_difference(12, 0, 0, 28)
    assert difference == 0 and low < 0 < high
    difference, low, high = paired_difference(10, 9, 2, 19)
    assert difference == pytest.approx(7 / 40) and low < difference < high
    assert paired_difference(10, 2, 9, 19) == pytest.approx((-difference, -high, -low))
    unpaired_width = high - low
    correlated = paired_difference(20, 5, 0, 15)
    assert correlated[2] - correlated[1] < unpaired_width, "fewer discordant games: a narrower interval"


# --- workers, backends, comparisons ------------------------------------------------------------------------


@pytest.mark.plays_at_random
def test_one_and_two_worker_processes_give_the_same_summary(pair_run: RunStats) -> None:
    two = simulate(Plan((PAIR, ALONE), GAMES, 5, workers=2))
    assert two == pair_run
    configs = (PAIR, ALONE)
    assert to_text(configs, two) == to_text(configs, pair_run)
    assert to_json(configs, two, 5) == to_json(configs, pair_run, 5)


@pytest.mark.plays_at_random
def test_the_ray_backend_on_a_local_ray_of_two_workers_gives_the_same_summary(pair_run: RunStats) -> None:
    pytest.importorskip("ray", reason="ray is not installed (pip install 'pacg[ray]')")
    from pacg.sim.runner import SimulationError

    try:
        on_ray = simulate(Plan((PAIR, ALONE), GAMES, 5, workers=2, backend="ray"))
    except SimulationError as error:  # pragma: no cover - a machine where Ray can't start
        pytest.skip(str(error))
    assert on_ray == pair_run


@pytest.mark.plays_at_random
def test_each_game_is_played_on_its_own_seed_in_every_configuration(pair_run: RunStats) -> None:
    alone = play_chunk((PAIR,), 5, 0, GAMES)
    assert alone.configs[0] == pair_run.configs[0], "adding a configuration changes none of the first's games"
    assert [game_seed(5, index) for index in range(3)] == [game_seed(5, index) for index in range(3)]
    assert len({game_seed(5, index) for index in range(1000)}) == 1000
    assert sum(pair_run.joint.values()) == GAMES


@pytest.mark.plays_at_random
def test_a_configuration_compared_with_itself_differs_by_nothing() -> None:
    done = _invoke("--characters", "harsk,kyra", "--compare-characters", "Harsk,Kyra", "--games", "4",
                   "--workers", "1", "--json")
    assert done.exit_code == 0, done.output
    summary = json.loads(done.output)
    [other] = summary["compare"]
    assert other["difference"]["win_rate"] == 0
    low, high = other["difference"]["ci95"]
    assert low <= 0 <= high and "Newcombe" in other["difference"]["method"]
    assert {key: value for key, value in other.items() if key != "difference"} == {
        key: value for key, value in summary.items() if key != "compare"}


@pytest.mark.plays_at_random
def test_the_json_summary_has_every_field(pair_run: RunStats) -> None:
    summary = to_json((PAIR, ALONE), pair_run, 5)
    first = pair_run.configs[0]
    assert summary["games"] == GAMES and summary["won"] == first.won
    assert summary["win_rate"] == first.won / GAMES and summary["ci95"] == list(wilson(first.won, GAMES))
    assert summary["turns_mean"] == sum(value * count for value, count in first.turns.items()) / GAMES
    assert set(summary["deaths"]) == {"Harsk", "Kyra"}
    assert sum(summary["losses_by_reason"].values()) == GAMES - first.won
    assert sum(summary["turns"].values()) == sum(summary["blessings_left"].values()) == GAMES
    assert all(set(use) == {"played", "acquired", "banished", "odds_plays", "odds_change_mean"}
               for use in summary["cards"].values())
    assert sum(use["played"] for use in summary["cards"].values()) > 0
    [alone] = summary["compare"]
    assert alone["characters"] == ["Seelah"] and set(alone["difference"]) == {"win_rate", "ci95", "method"}


# --- the report ----------------------------------------------------------------------------------------------


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.sources.append(dict(attrs)["src"] or "")


@pytest.mark.plays_at_random
def test_the_report_page_shows_every_plot_as_a_png_file(pair_run: RunStats, tmp_path: Path) -> None:
    from matplotlib.image import imread

    written = write_report(tmp_path / "report", (PAIR, ALONE), pair_run)
    page = tmp_path / "report" / "index.html"
    assert written[-1] == page
    parser = _Images()
    parser.feed(page.read_text(encoding="utf-8"))
    assert len(parser.sources) == 4
    for source in parser.sources:
        image = tmp_path / "report" / source
        assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        height, width, _ = imread(image).shape  # decodes the whole image
        assert height > 100 and width > 100
    assert f"Won {pair_run.configs[0].won} of {GAMES}" in page.read_text(encoding="utf-8")


# --- the command line --------------------------------------------------------------------------------------


@pytest.mark.plays_at_random
def test_the_command_prints_the_summary_and_writes_the_report(tmp_path: Path) -> None:
    done = _invoke("--characters", "Kyra", "--games", "3", "--workers", "1", "--seed", "2", "--report",
                   str(tmp_path / "out"))
    assert done.exit_code == 0, done.output
    assert "The Godless Ones, Kyra (heuristic): 3 games" in done.output
    assert "95% Wilson interval" in done.output and "Deaths: Kyra" in done.output
    assert (tmp_path / "out" / "index.html").is_file()


@pytest.mark.parametrize(("args", "message"), [
    (["--characters", "Kyra", "--scenario", "No Such Scenario"], "No Such Scenario"),
    (["--characters", "Kyrra"], "Kyra"),
    (["--characters", "Kyra", "--agent", "clever"], "no agent 'clever' (agents: random"),
    (["--characters", "Kyra", "--agent", "search:depth=2"], "agent 'search' has no setting 'depth'"),
    (["--characters", "Kyra", "--games", "0"], "--games must be at least 1"),
    (["--characters", "Kyra", "--workers", "0"], "--workers must be at least 1"),
    (["--games", "3"], "--characters: give the party"),
    (["--characters", "Kyra", "--ray-address", "auto"], "--ray-address: give --backend ray too"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = _invoke(*args)
    assert done.exit_code == 2, done.output
    assert message in done.output and len(done.output.strip().splitlines()) == 1, done.output
    assert "Traceback" not in done.output


def test_an_unwritable_report_folder_is_one_line_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    done = _invoke("--characters", "Kyra", "--games", "100000", "--report", str(blocker / "report"))
    assert done.exit_code == 2 and done.output.startswith("Error: --report: can't write into"), done.output
    assert len(done.output.strip().splitlines()) == 1


def test_the_ray_backend_without_ray_installed_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    done = _invoke("--characters", "Kyra", "--games", "2", "--backend", "ray")
    assert done.exit_code == 1 and done.output == "Error: the Ray backend needs ray: pip install 'pacg[ray]'\n"


def test_the_progress_bar_shows_the_games_done_and_the_win_rate_so_far_with_its_interval() -> None:
    from io import StringIO

    from rich.console import Console

    from pacg.sim.progress import RunProgress

    screen = StringIO()
    run = RunStats.empty(1)
    for index in range(10):
        run.add([_result(index < 3, 6, "Cure")])
    with RunProgress(40, Console(file=screen, force_terminal=True, width=160)) as progress:
        progress(run)
        progress(run)
    low, high = wilson(3, 10)
    shown = screen.getvalue()
    assert "10/40" in shown and f"won 30.0% [{low:.1%}, {high:.1%}]" in shown, shown



@pytest.mark.plays_at_random
def test_comparing_card_files_plays_the_changed_cards_on_the_same_seeds(tmp_path: Path) -> None:
    custom = tmp_path / "stronger"
    custom.mkdir()
    (custom / "blessing.yaml").write_text(STRONGER_BLESSING, encoding="utf-8")
    compared = _invoke("--characters", "Kyra", "--compare-cards", str(custom), "--games", "6", "--workers", "1",
                       "--json")
    alone = _invoke("--characters", "Kyra", "--games", "6", "--workers", "1", "--json")
    assert compared.exit_code == alone.exit_code == 0, compared.output + alone.output
    summary = json.loads(compared.output)
    [stronger] = summary.pop("compare")
    assert summary == json.loads(alone.output), "the first configuration's games are the same"
    assert summary["cards_folder"] is None and stronger["cards_folder"] == str(custom.resolve())
    usual, changed = (run["cards"]["Blessing of Ascension"] for run in (summary, stronger))
    assert usual["odds_plays"] > 0 and changed != usual, "the games with the stronger blessing went otherwise"
