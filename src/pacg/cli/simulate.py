"""`pacg simulate`: many games played by AI players (`pacg.sim`), in worker processes or on Ray, summed up; a second
configuration compared on the same seeds."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pacg.cli.command import fail, names_list, stop
from pacg.cli.library import CARDS_HELP, card_folders, interrupts_kept, print_problems

if TYPE_CHECKING:
    from pacg.sim.config import Config
    from pacg.sim.runner import Plan
    from pacg.sim.stats import RunStats


class Backend(StrEnum):
    PROCESS = "process"
    RAY = "ray"


def simulate_command(
    characters: list[str] | None = typer.Option(
        None, "--characters", help="The party in turn order, e.g. Harsk,Kyra; give it again for another party "
                                   "played on the same seeds (win rates against party size)."),
    scenario: str = typer.Option("The Godless Ones", "--scenario", help="The scenario to play."),
    agent: str = typer.Option(
        "heuristic", "--agent", help="The AI player at every seat, by its name (pacg.agents.AGENTS): random, "
                                     "heuristic or search."),
    games: int = typer.Option(1000, "--games", help="How many games to play."),
    seed: int = typer.Option(1, "--seed", help="The run's seed: each game's seed comes from it and the game's number."),
    workers: int | None = typer.Option(None, "--workers", help="Worker processes [default: the machine's cores]."),
    cards: Path | None = typer.Option(None, "--cards", help=CARDS_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
    report: Path | None = typer.Option(None, "--report", help="Write an HTML page with plots into this folder."),
    compare_cards: Path | None = typer.Option(
        None, "--compare-cards", help="Compare: play the same games again with this folder of custom cards instead."),
    compare_characters: str | None = typer.Option(
        None, "--compare-characters", help="Compare: play the same games again with this party instead."),
    backend: Backend = typer.Option(Backend.PROCESS, "--backend", help="Where the workers run: processes, or Ray."),
    ray_address: str | None = typer.Option(
        None, "--ray-address", help="The Ray cluster to run on (with --backend ray) [default: a local Ray]."),
) -> None:
    """Play many games with AI players and sum them up: the win rate with its 95% interval, turns, blessings
    left, deaths, losses and each card's use; --compare plays a second configuration on the same seeds."""
    import os

    from pacg.sim.runner import Plan, SimulationError

    if games < 1:
        raise fail(f"--games must be at least 1 (got {games})")
    workers = workers if workers is not None else os.cpu_count() or 1
    if workers < 1:
        raise fail(f"--workers must be at least 1 (got {workers})")
    if ray_address is not None and backend is not Backend.RAY:
        raise fail("--ray-address: give --backend ray too")
    if report is not None:
        _check_report(report)
    configs = _sim_configs(scenario, characters or [], agent, cards, compare_cards, compare_characters)
    plan = Plan(configs, games, seed, workers, str(backend), ray_address)
    try:
        run = _run_with_progress(plan, show=not as_json and sys.stderr.isatty())
    except SimulationError as error:
        raise fail(str(error), 1) from None
    except KeyboardInterrupt:
        raise stop("Simulation stopped.", 1) from None
    _print_simulation(plan, run, as_json, report)


def _check_report(report: Path) -> None:
    from pacg.sim.report import check_writable

    try:
        check_writable(report)
    except OSError as error:
        raise fail(f"--report: can't write into {report}: {error.strerror or error}") from None


def _sim_configs(scenario: str, parties: list[str], agent: str, cards: Path | None, compare_cards: Path | None,
                 compare_characters: str | None) -> tuple[Config, ...]:
    """The configurations to play, each checked (exit 2 with one line for an unknown name): one per --characters,
    and the one compared with the first (its cards or its party changed)."""
    from pacg.sim.config import checked

    if not parties:
        raise fail("--characters: give the party, e.g. --characters Harsk,Kyra")
    wanted = [(names_list(party), _card_folder(cards)) for party in parties]
    if compare_cards is not None or compare_characters is not None:
        first_party, first_cards = wanted[0]
        wanted.append((names_list(compare_characters) if compare_characters else first_party,
                       _card_folder(compare_cards) if compare_cards is not None else first_cards))
    with interrupts_kept():
        from pacg.cards.loader import CardFileError
        from pacg.engine.setup import SetupError
    configs = []
    for party, folder in wanted:
        try:
            configs.append(checked(scenario, party, agent, folder))
        except CardFileError as error:
            print_problems(error.problems, card_folders(None, folder))
            raise typer.Exit(code=1) from None
        except (SetupError, ValueError) as error:
            raise fail(str(error)) from None
    return tuple(configs)


def _card_folder(folder: Path | None) -> str | None:
    """A --cards folder as the games take it (an absolute path), which must be a folder (else exit 1)."""
    if folder is None:
        return None
    card_folders(None, folder)
    return str(folder.resolve())


def _run_with_progress(plan: Plan, show: bool) -> RunStats:
    from pacg.sim.runner import simulate

    if not show:
        return simulate(plan)
    from pacg.sim.progress import RunProgress

    with RunProgress(plan.games) as progress:
        return simulate(plan, progress)


def _print_simulation(plan: Plan, run: RunStats, as_json: bool, report: Path | None) -> None:
    from pacg.sim.summary import to_json, to_text

    if as_json:
        typer.echo(json.dumps(to_json(plan.configs, run, plan.seed)))
    else:
        typer.echo(to_text(plan.configs, run))
    if report is not None:
        from pacg.sim.report import write_report

        try:
            page = write_report(report, plan.configs, run)[-1]
        except OSError as error:
            raise fail(f"--report: can't write into {report}: {error.strerror or error}") from None
        typer.echo(f"Report: {page}", err=as_json)

