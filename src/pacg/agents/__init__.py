"""Answerers of Decisions: people at a terminal, random players, AI players (DESIGN.md 3, 5).

`AGENTS` names every kind of AI player by the name the command line takes (`--agent`, `--ai`); `make_agent`
makes one, seeded, for one game. Each is an `pacg.game.Agent`: given its seat's view and its decision, never the
live game, it gives an action id.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacg.game import Agent

# name: (module, class): imported only when asked for, so the command line starts fast
AGENTS: dict[str, tuple[str, str]] = {
    "random": ("pacg.agents.random_agent", "RandomAgent"),
    "heuristic": ("pacg.agents.heuristic", "HeuristicAgent"),
    "search": ("pacg.agents.search", "SearchAgent"),
}


def make_agent(name: str, seed: int | None = None) -> Agent:
    """An AI player of the kind named, with its own seeded generator (`AGENTS`)."""
    try:
        module, attribute = AGENTS[name]
    except KeyError:
        raise ValueError(f"no agent {name!r} (agents: {', '.join(AGENTS)})") from None
    maker: Callable[[int | None], Agent] = getattr(import_module(module), attribute)
    return maker(seed)
