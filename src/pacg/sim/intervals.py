"""Confidence intervals for win rates: Wilson's score interval for one rate, Newcombe's for the difference of two
rates measured on the same games (paired)."""

from __future__ import annotations

from math import sqrt

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (Wilson 1927; Newcombe 1998, method 3): (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    low = (centre - spread) / scale if successes else 0.0  # exactly 0 and 1 at the ends, not rounded near them
    high = (centre + spread) / scale if successes < trials else 1.0
    return low, high


def paired_difference(both: int, first_only: int, second_only: int, neither: int,
                      z: float = Z95) -> tuple[float, float, float]:
    """The difference of two win rates measured on the same games, first minus second, with its interval by
    Newcombe's method 10 for paired proportions (Newcombe 1998, "Improved confidence intervals for the
    difference between binomial proportions based on paired data"): each rate's Wilson interval, combined with
    the correlation phi of the two results over the games (0 when a margin of the 2x2 table is empty). The
    arguments are the games both configurations won, only the first, only the second, and neither."""
    games = both + first_only + second_only + neither
    if games == 0:
        return 0.0, -1.0, 1.0
    first, second = (both + first_only) / games, (both + second_only) / games
    low1, high1 = wilson(both + first_only, games, z)
    low2, high2 = wilson(both + second_only, games, z)
    margins = (both + first_only) * (second_only + neither) * (both + second_only) * (first_only + neither)
    phi = (both * neither - first_only * second_only) / sqrt(margins) if margins else 0.0
    below = sqrt(max(0.0, (first - low1) ** 2 - 2 * phi * (first - low1) * (high2 - second) + (high2 - second) ** 2))
    above = sqrt(max(0.0, (high1 - first) ** 2 - 2 * phi * (high1 - first) * (second - low2) + (second - low2) ** 2))
    difference = first - second
    return difference, max(-1.0, difference - below), min(1.0, difference + above)
