"""Running the games of a plan: in this process, on a pool of processes, or on Ray.

The games are cut into chunks of consecutive game numbers; each chunk is played where the backend sends it and
comes back as the `RunStats` of its games, folded into the run's as it arrives (`stats`: the order does not
matter). A few chunks per worker are in flight at a time, so the memory used does not grow with the games.
Every game's seed comes from the plan's seed and the game's number alone (`config.game_seed`), and each game
is played in every configuration of the plan on that seed.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, TypeVar

from pacg.sim.config import Config, game_seed
from pacg.sim.games import play_game
from pacg.sim.stats import RunStats

CHUNK_MOST = 50  # games in a chunk at most: a second or so of play, so the progress bar moves often
IN_FLIGHT = 3  # chunks sent ahead per worker, so no worker waits for the next


class SimulationError(Exception):
    """A run that can't start (a backend that is not there, a Ray cluster that can't be reached)."""


@dataclass(frozen=True)
class Plan:
    """What a run plays: each configuration (the first is the one compared against), `games` games from `seed`,
    on `workers` processes of a backend ("process" or "ray", at `ray_address` or a local Ray started for it)."""

    configs: tuple[Config, ...]
    games: int
    seed: int
    workers: int = os.cpu_count() or 1
    backend: str = "process"
    ray_address: str | None = None


def play_chunk(configs: tuple[Config, ...], seed: int, first: int, stop: int) -> RunStats:
    """Play games `first` to `stop` (not included) in every configuration: their statistics."""
    stats = RunStats.empty(len(configs))
    for index in range(first, stop):
        number = game_seed(seed, index)
        stats.add([play_game(config, number) for config in configs])
    return stats


def chunks(plan: Plan) -> Iterator[tuple[int, int]]:
    """The chunks of game numbers, each a (first, stop) pair: about a dozen per worker, at most CHUNK_MOST."""
    size = max(1, min(CHUNK_MOST, plan.games // (plan.workers * 12)))
    for first in range(0, plan.games, size):
        yield first, min(first + size, plan.games)


Progress = Callable[[RunStats], None]


def simulate(plan: Plan, progress: Progress | None = None) -> RunStats:
    """Play the plan's games; `progress` is told the statistics so far after each chunk."""
    total = RunStats.empty(len(plan.configs))
    for stats in _backend(plan)(plan):
        total.merge(stats)
        if progress is not None:
            progress(total)
    return total


def _backend(plan: Plan) -> Callable[[Plan], Iterator[RunStats]]:
    if plan.backend == "ray":
        return _on_ray
    return _here if plan.workers == 1 else _on_processes


def _here(plan: Plan) -> Iterator[RunStats]:
    """One worker: the games are played in this process."""
    for first, stop in chunks(plan):
        yield play_chunk(plan.configs, plan.seed, first, stop)


def _on_processes(plan: Plan) -> Iterator[RunStats]:
    """A pool of worker processes, started fresh (spawn: safe on every platform, and with no copy of this
    process's state); each reads the card library once. A stop (Ctrl-C) is this process's to handle: it cancels
    the chunks not yet begun."""
    pool = ProcessPoolExecutor(plan.workers, mp_context=get_context("spawn"), initializer=_interrupts_ignored)

    def first_done(pending: list[Future[RunStats]]) -> tuple[list[RunStats], list[Future[RunStats]]]:
        done, rest = wait(pending, return_when=FIRST_COMPLETED)
        return [future.result() for future in done], list(rest)

    try:
        yield from _windowed(plan, lambda first, stop: pool.submit(play_chunk, plan.configs, plan.seed, first, stop),
                             first_done)
    finally:
        pool.shutdown(cancel_futures=True)


def _interrupts_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_ray(plan: Plan) -> Iterator[RunStats]:
    """Ray: the cluster at `ray_address`, or a local Ray of `workers` CPUs started for the run (and stopped after
    it). Each chunk is a task of one CPU."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        _start_ray(ray, plan)

    def first_done(pending: list[Any]) -> tuple[list[RunStats], list[Any]]:
        done, rest = ray.wait(pending, num_returns=1)
        return ray.get(done), rest

    try:
        task = ray.remote(num_cpus=1)(play_chunk)
        yield from _windowed(plan, lambda first, stop: task.remote(plan.configs, plan.seed, first, stop), first_done)
    finally:
        if started:
            ray.shutdown()


Pending = TypeVar("Pending")


def _windowed(plan: Plan, send: Callable[[int, int], Pending],
              first_done: Callable[[list[Pending]], tuple[list[RunStats], list[Pending]]]) -> Iterator[RunStats]:
    """Send the plan's chunks to the workers, a few per worker ahead at most (IN_FLIGHT), and give each chunk's
    statistics as it comes back (`first_done`: those of the chunks done so far, and the chunks still pending)."""
    pending: list[Pending] = []
    for first, stop in chunks(plan):
        if len(pending) >= plan.workers * IN_FLIGHT:
            done, pending = first_done(pending)
            yield from done
        pending.append(send(first, stop))
    while pending:
        done, pending = first_done(pending)
        yield from done


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SimulationError("the Ray backend needs ray: pip install 'pacg[ray]'") from None
    return ray


def _start_ray(ray: Any, plan: Plan) -> None:
    """Connect to the cluster (whose machines have pacg installed), or start a local Ray whose workers import
    this pacg (the folder the driver imports it from)."""
    try:
        if plan.ray_address is not None:
            ray.init(address=plan.ray_address, log_to_driver=False)
        else:
            ray.init(num_cpus=plan.workers, include_dashboard=False, log_to_driver=False,
                     runtime_env={"env_vars": {"PYTHONPATH": _import_folder()}})
    except Exception as error:  # whatever Ray raises (no cluster there, no room for workers): one line
        raise SimulationError(f"can't start Ray: {error}") from None


def _import_folder() -> str:
    """The folder this pacg is imported from."""
    import pacg

    return os.path.dirname(os.path.dirname(os.path.abspath(pacg.__file__)))
