"""Answerers of Decisions: people at a terminal, random players, AI players (DESIGN.md 3, 5).

`AGENTS` names every kind of AI player by the name the command line takes (`--agent`, `--ai-agent`);
`make_agent` makes one, seeded, for one game. A name may carry settings of the agent after a colon,
"search:worlds=12,horizon=none" (numbers, or none). Each is a `pacg.game.Agent`: given its seat's view and its
decision, never the live game, it gives an action id.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacg.game import Agent

# name: (module, class): imported only when asked for, so the command line starts fast
AGENTS: dict[str, tuple[str, str]] = {
    "random": ("pacg.agents.random_agent", "RandomAgent"),
    "heuristic": ("pacg.agents.heuristic", "HeuristicAgent"),
    "search": ("pacg.agents.search", "SearchAgent"),
}

Setting = int | float | None


def make_agent(name: str, seed: int | None = None) -> Agent:
    """An AI player of the kind named, with its own seeded generator and the settings the name gives (`AGENTS`;
    an unknown kind or setting is a ValueError saying which there are)."""
    maker, settings = _maker(name)
    return maker(seed, **settings)  # type: ignore[no-any-return]


def check_agent(name: str) -> None:
    """Refuse (ValueError) a name that `make_agent` would: an unknown kind, an unknown or ill-written setting."""
    _maker(name)


def _maker(name: str) -> tuple[Callable[..., Any], dict[str, Setting]]:
    kind, _, written = name.partition(":")
    if kind not in AGENTS:
        raise ValueError(f"no agent {kind!r} (agents: {', '.join(AGENTS)})")
    module, attribute = AGENTS[kind]
    maker: Callable[..., Any] = getattr(import_module(module), attribute)
    known = [parameter for parameter in inspect.signature(maker).parameters if parameter not in ("seed", "library")]
    settings: dict[str, Setting] = {}
    for part in filter(None, (part.strip() for part in written.split(","))):
        key, equals, value = (word.strip() for word in part.partition("="))
        if key not in known:
            raise ValueError(f"agent {kind!r} has no setting {key!r} (settings: {', '.join(known) or 'none'})")
        if not equals:
            raise ValueError(f"agent setting {part!r}: write it as {key}=VALUE")
        settings[key] = _setting(key, value)
    return maker, settings


def _setting(key: str, value: str) -> Setting:
    if value.lower() == "none":
        return None
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            raise ValueError(f"agent setting {key}={value!r}: a number, or none") from None
