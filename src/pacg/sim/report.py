"""`--report DIR`: an HTML page of a run, index.html, with its plots as PNG files drawn by matplotlib (Agg: no
display needed)."""

from __future__ import annotations

import html
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from pacg.sim.config import Config
from pacg.sim.stats import RunStats
from pacg.sim.summary import to_text

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

TOP_CARDS = 25  # the cards shown in the per-card plot: the most used


def check_writable(folder: Path) -> None:
    """Make the report's folder, and see that a file can be written in it, before any game is played (an
    OSError says why not)."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / ".pacg-report-probe"
    probe.write_text("")
    probe.unlink()


def write_report(folder: Path, configs: tuple[Config, ...], run: RunStats) -> list[Path]:
    """Write the plots and index.html into `folder`: the files written, the page last."""
    import matplotlib

    matplotlib.use("Agg")
    folder.mkdir(parents=True, exist_ok=True)
    titles = [config.title for config in configs]
    plots = {
        "win-rate-by-party-size.png": ("Win rate against party size", _party_sizes(configs, run)),
        "turns.png": ("Turns used", _distributions([stats.turns for stats in run.configs], titles, "turns used")),
        "blessings-left.png": ("Blessings left", _distributions([stats.blessings_left for stats in run.configs],
                                                                titles, "blessings left at the end")),
        "cards.png": (f"Card use ({titles[0]})", _card_use(run)),
    }
    written = []
    for name, (_, figure) in plots.items():
        figure.savefig(folder / name, dpi=100)
        written.append(folder / name)
    page = folder / "index.html"
    page.write_text(_page(configs, run, {name: title for name, (title, _) in plots.items()}), encoding="utf-8")
    return [*written, page]


def _figure() -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 4.5), layout="constrained")
    return figure, figure.add_subplot()


def _party_sizes(configs: tuple[Config, ...], run: RunStats) -> Figure:
    """Each configuration's win rate at its party size, with its 95% Wilson interval."""
    figure, axes = _figure()
    for config, stats in zip(configs, run.configs, strict=True):
        low, high = stats.ci95
        size = len(config.characters)
        below, above = max(0.0, stats.win_rate - low), max(0.0, high - stats.win_rate)  # never less than 0 by rounding
        axes.errorbar([size], [stats.win_rate], yerr=[[below], [above]], fmt="o",
                      capsize=4, label=config.title)
    axes.set_xlabel("characters in the party")
    axes.set_ylabel("win rate (95% Wilson interval)")
    axes.set_xticks(range(1, 7))
    axes.set_xlim(0.5, 6.5)
    axes.set_ylim(0, 1)
    axes.legend(fontsize="small")
    return figure


def _distributions(counts: list[Counter[int]], titles: list[str], label: str) -> Figure:
    """The share of games at each value, one group of bars per value, a bar per configuration."""
    figure, axes = _figure()
    width = 0.8 / len(counts)
    for number, (counted, title) in enumerate(zip(counts, titles, strict=True)):
        games = sum(counted.values()) or 1
        values = sorted(counted)
        axes.bar([value - 0.4 + width * (number + 0.5) for value in values],
                 [counted[value] / games for value in values], width=width, label=title)
    axes.set_xlabel(label)
    axes.set_ylabel("share of games")
    axes.legend(fontsize="small")
    return figure


def _card_use(run: RunStats) -> Figure:
    """The most used cards of the first configuration: plays, acquisitions and banishments per game."""
    stats = run.configs[0]
    games = stats.games or 1
    ranked = sorted(stats.cards.items(),
                    key=lambda item: (-(item[1].played + item[1].acquired + item[1].banished), item[0]))[:TOP_CARDS]
    figure, axes = _figure()
    figure.set_size_inches(8, 1.5 + 0.3 * max(1, len(ranked)))
    names = [name for name, _ in reversed(ranked)]
    uses = [use for _, use in reversed(ranked)]
    for offset, (what, counts) in enumerate([("played", [use.played for use in uses]),
                                             ("acquired", [use.acquired for use in uses]),
                                             ("banished", [use.banished for use in uses])]):
        axes.barh([place + (offset - 1) * 0.27 for place in range(len(names))], [count / games for count in counts],
                  height=0.27, label=what)
    axes.set_yticks(range(len(names)), names, fontsize="small")
    axes.set_xlabel("times per game")
    axes.legend(fontsize="small")
    return figure


def _page(configs: tuple[Config, ...], run: RunStats, plots: dict[str, str]) -> str:
    """The HTML page: the summary as text, then each plot."""
    escape = html.escape
    first = configs[0]
    images = "\n".join(f'<h2>{escape(title)}</h2>\n<img src="{escape(name)}" alt="{escape(title)}">'
                       for name, title in plots.items())
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(first.scenario)}: {run.games} simulated games</title>
<style>body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; }} img {{ max-width: 100%; }}</style>
</head>
<body>
<h1>{escape(first.scenario)}: {run.games} simulated games</h1>
<pre>{escape(to_text(configs, run))}</pre>
{images}
</body>
</html>
"""
