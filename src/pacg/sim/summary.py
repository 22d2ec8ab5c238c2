"""What a run found, as text for people and as one JSON object for programs."""

from __future__ import annotations

from typing import Any

from pacg.sim.config import Config
from pacg.sim.games import CardUse
from pacg.sim.stats import RunStats, Stats

DIFFERENCE_METHOD = "paired, Newcombe (1998) method 10: Wilson intervals of each rate and the correlation of wins"


def to_json(configs: tuple[Config, ...], run: RunStats, seed: int) -> dict[str, Any]:
    """The first configuration's summary; with others (`--compare`, several parties), each of theirs under
    "compare", with its difference in win rate from the first on the same games."""
    summary = _stats_json(configs[0], run.configs[0], seed)
    if len(configs) > 1:
        summary["compare"] = [_stats_json(config, stats, seed) | {"difference": _difference_json(run, index)}
                              for index, (config, stats) in enumerate(zip(configs, run.configs, strict=True))
                              if index]
    return summary


def _stats_json(config: Config, stats: Stats, seed: int) -> dict[str, Any]:
    low, high = stats.ci95
    return {
        "scenario": config.scenario, "characters": list(config.characters), "agent": config.agent,
        "cards_folder": config.cards, "seed": seed,
        "games": stats.games, "won": stats.won, "win_rate": stats.win_rate, "ci95": [low, high],
        "turns_mean": stats.turns_mean, "turns": _keyed(stats.turns),
        "blessings_left_mean": stats.blessings_left_mean, "blessings_left": _keyed(stats.blessings_left),
        "deaths": {name: stats.deaths[name] for name in config.characters},
        "losses_by_reason": dict(sorted(stats.losses.items())),
        "cards": {name: _card_json(use) for name, use in sorted(stats.cards.items())},
    }


def _keyed(counts: dict[int, int]) -> dict[str, int]:
    return {str(value): counts[value] for value in sorted(counts)}


def _card_json(use: CardUse) -> dict[str, Any]:
    return {"played": use.played, "acquired": use.acquired, "banished": use.banished,
            "odds_plays": use.odds_plays, "odds_change_mean": use.mean_odds_change}


def _difference_json(run: RunStats, index: int) -> dict[str, Any]:
    difference, low, high = run.difference(index, 0)
    return {"win_rate": difference, "ci95": [low, high], "method": DIFFERENCE_METHOD}


def to_text(configs: tuple[Config, ...], run: RunStats) -> str:
    """The summary of each configuration, and each one's difference from the first."""
    parts = [_stats_text(config, stats) for config, stats in zip(configs, run.configs, strict=True)]
    for index, config in enumerate(configs[1:], start=1):
        difference, low, high = run.difference(index, 0)
        parts.append(f"Difference in win rate, {config.title} minus {configs[0].title}: {_points(difference)} "
                     f"(95% interval {_points(low)} to {_points(high)}; {DIFFERENCE_METHOD})")
    return "\n\n".join(parts)


def _stats_text(config: Config, stats: Stats) -> str:
    low, high = stats.ci95
    lines = [
        f"{config.scenario}, {config.title}: {stats.games} games",
        f"Won {stats.won} of {stats.games}: {stats.win_rate:.1%} (95% Wilson interval {low:.1%} to {high:.1%})",
        f"Turns used: mean {stats.turns_mean:.1f}; {_distribution(stats.turns)}",
        f"Blessings left: mean {stats.blessings_left_mean:.1f}; {_distribution(stats.blessings_left)}",
        "Deaths: " + ", ".join(f"{name} {stats.deaths[name]} ({_share(stats.deaths[name], stats.games)})"
                               for name in config.characters),
        "Losses: " + ("; ".join(f"{reason} {count}" for reason, count in sorted(stats.losses.items(),
                                                                            key=lambda item: (-item[1], item[0])))
                      or "none"),
    ]
    if stats.cards:
        lines += ["", *_card_table(stats.cards)]
    return "\n".join(lines)


def _distribution(counts: dict[int, int]) -> str:
    """The lowest, the quartiles and the highest: "lowest 3, quartiles 6 / 8 / 10, highest 20"."""
    if not counts:
        return "no games"
    values = sorted(counts)
    games = sum(counts.values())
    quartiles = [_quantile(counts, values, games * share) for share in (0.25, 0.5, 0.75)]
    return f"lowest {values[0]}, quartiles {' / '.join(map(str, quartiles))}, highest {values[-1]}"


def _quantile(counts: dict[int, int], values: list[int], rank: float) -> int:
    """The value at `rank` games from the lowest."""
    seen = 0
    for value in values:
        seen += counts[value]
        if seen >= rank:
            return value
    return values[-1]


def _share(count: int, games: int) -> str:
    return f"{count / games:.0%}" if games else "-"


def _card_table(cards: dict[str, CardUse]) -> list[str]:
    """One line per card, the most played first: plays, acquisitions, banishments and the mean change in a
    check's chance of success per play with known odds, in percentage points."""
    width = max(len("Card"), *(len(name) for name in cards))
    rows = [f"{'Card':<{width}}  {'played':>7}  {'acquired':>8}  {'banished':>8}  {'odds change':>11}"]
    for name, use in sorted(cards.items(), key=lambda item: (-item[1].played, -item[1].acquired, item[0])):
        change = use.mean_odds_change
        shown = _points(change) if change is not None else "-"
        rows.append(f"{name:<{width}}  {use.played:>7}  {use.acquired:>8}  {use.banished:>8}  {shown:>11}")
    return rows


def _points(value: float) -> str:
    """A difference of chances in percentage points: "+12.3 pts"."""
    return f"{value * 100:+.1f} pts"
