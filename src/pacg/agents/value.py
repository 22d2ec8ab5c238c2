"""How well a scenario is going, read from a seat's view: the chance the party wins it (DESIGN.md 5).

A search agent that stops looking ahead before the end of the game needs to say how good the table it stopped at
is. This is a logistic model of what decides a scenario: the blessings left against the cards left to explore
(the clock, TURN-04, END-01), the locations still open (CLOSE-01), the cards the living characters have left
(their health, DEATH-01) and how many are alive. Its weights were fitted to the turn starts of games played by
heuristic players (`python -m pacg.agents.value GAMES`, which plays them and prints the weights; the figures and
the command are in benchmarks/README.md).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any

FEATURES = ("blessings left", "cards left", "open locations", "health", "alive", "pressure", "party size")

# Fitted by `python -m pacg.agents.value 150` (heuristic players, The Godless Ones, the parties of `PARTIES`; 14,436
# turn starts): the intercept, then each feature's weight
WEIGHTS = (-1.4864, 3.7791, -3.1685, -4.0697, 3.0180, 1.8000, -1.7060, -1.0712)


def features(view: Mapping[str, Any]) -> list[float]:
    """The table's state as the model reads it, each scaled to about 0 to 1."""
    blessings = int(view["blessings"]["deck"])
    places = view["locations"]
    left = sum(int(place["deck"]) for place in places if not place["closed"])
    characters = view["characters"]
    living = [character for character in characters if character["alive"]]
    health = sum(int(c["deck"]) + int(c["hand_count"]) for c in living) / (15 * len(living)) if living else 0.0
    return [blessings / 30, left / 60, sum(not place["closed"] for place in places) / max(1, len(places)), health,
            len(living) / max(1, len(characters)), left / (blessings + 1) / 5, len(characters) / 4]


def win_chance(view: Mapping[str, Any], weights: Sequence[float] = WEIGHTS) -> float:
    """The model's chance that the party wins from this table."""
    return logistic(weights, [1.0, *features(view)])


def logistic(weights: Sequence[float], point: Sequence[float]) -> float:
    """The logistic function of the weighted sum (the point's first value is 1, for the intercept)."""
    score = sum(w * x for w, x in zip(weights, point, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, score))))


def fit(rows: Sequence[tuple[Sequence[float], bool]], rounds: int = 25, ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (iteratively reweighted least squares): the weights, the
    intercept first, that make the outcomes seen most likely."""
    size = len(FEATURES) + 1
    weights = [0.0] * size
    for _ in range(rounds):
        gradient = [0.0] * size
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for x, won in rows:
            point = [1.0, *x]
            chance = logistic(weights, point)
            for i in range(size):
                gradient[i] += (float(won) - chance) * point[i]
                for j in range(size):
                    hessian[i][j] += chance * (1 - chance) * point[i] * point[j]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(map(abs, step)) < 1e-6:
            break
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector, by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(column + 1, size):
            factor = rows[row][column] / rows[column][column]
            rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    solution = [0.0] * size
    for row in reversed(range(size)):
        solution[row] = (rows[row][size] - sum(rows[row][k] * solution[k] for k in range(row + 1, size))) / rows[
            row][row]
    return solution


def turn_starts(characters: list[str], seed: int) -> list[tuple[list[float], bool]]:
    """The features at each turn start of one game of heuristic players, each with whether the party won."""
    from pacg.agents.heuristic import HeuristicAgent
    from pacg.game import new_game

    game = new_game("The Godless Ones", characters, seed)
    agent = HeuristicAgent(seed)
    seen: list[list[float]] = []
    turn = 0
    while (decision := game.decision) is not None:
        if game.turn != turn:
            turn = game.turn
            seen.append(features(game.agent_view(decision.player)))
        game.apply(agent.act(game.agent_view(decision.player), decision))
    won = game.outcome is not None and game.outcome["result"] == "won"
    return [(x, won) for x in seen]


PARTIES = (["Seelah"], ["Seelah", "Kyra"], ["Harsk", "Seoni"], ["Seelah", "Kyra", "Harsk", "Seoni"])


def main(arguments: list[str]) -> None:
    """Play GAMES games of heuristic players for each party of `PARTIES` and print the fitted weights."""
    games = int(arguments[0]) if arguments else 200
    rows = [row for party in PARTIES for seed in range(10_000, 10_000 + games) for row in turn_starts(party, seed)]
    weights = fit(rows)
    print(f"WEIGHTS = ({', '.join(f'{w:.4f}' for w in weights)})  # {len(rows)} turn starts")


if __name__ == "__main__":
    main(sys.argv[1:])
