"""The progress bar of a run: games done, games per second, the win rate so far with its 95% Wilson interval,
and the time left (rich)."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

from pacg.sim.stats import RunStats


class RunProgress:
    """A progress bar on stderr, told the run's statistics after each chunk (`runner.simulate`)."""

    def __init__(self, games: int, console: Console | None = None) -> None:
        self._bar = Progress(TextColumn("Simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                             TextColumn("{task.fields[speed]}"), TextColumn("{task.fields[wins]}"),
                             TimeRemainingColumn(), console=console or Console(stderr=True), transient=True)
        self._task: TaskID = self._bar.add_task("games", total=games, speed="", wins="")

    def __enter__(self) -> RunProgress:
        self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._bar.stop()

    def __call__(self, run: RunStats) -> None:
        first = run.configs[0]
        low, high = first.ci95
        self._bar.update(self._task, completed=run.games, wins=f"won {first.win_rate:.1%} [{low:.1%}, {high:.1%}]")
        speed = self._bar.tasks[0].speed
        if speed:
            self._bar.update(self._task, speed=f"{speed:.1f} games/s")
