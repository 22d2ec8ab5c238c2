"""pacg: the Pathfinder Adventure Card Game, Wrath of the Righteous, as a rules engine, card library and game.

    import pacg
    game = pacg.new_game("The Godless Ones", ["Harsk", "Kyra"], seed=7)
    game.decision, game.legal_actions(), game.apply(action), game.clone(), game.undo(), game.view("Kyra")
    pacg.check_game(game)   # the Game object's promises, held to over random actions (`pacg.conformance`)
    campaign = pacg.new_campaign("crusade", ["Harsk", "Kyra"])   # scenario after scenario (`pacg.campaign`)

The Game object is the one way in (`pacg.game`); everything else is importable on its own, and only what is
used is loaded: `import pacg` reads no cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from pacg.campaign.campaign import Campaign, CampaignError, load_campaign, new_campaign
    from pacg.conformance import ConformanceError, check_game
    from pacg.decisions import Decision, DecisionKind, Option
    from pacg.game import Agent, Game, IllegalAction, load_game, new_game, play
    from pacg.record import RecordError

_EXPORTS = {
    "Agent": "pacg.game", "Game": "pacg.game", "IllegalAction": "pacg.game", "load_game": "pacg.game",
    "new_game": "pacg.game", "play": "pacg.game", "Decision": "pacg.decisions", "DecisionKind": "pacg.decisions",
    "Option": "pacg.decisions", "RecordError": "pacg.record", "check_game": "pacg.conformance",
    "ConformanceError": "pacg.conformance", "Campaign": "pacg.campaign.campaign",
    "CampaignError": "pacg.campaign.campaign", "new_campaign": "pacg.campaign.campaign",
    "load_campaign": "pacg.campaign.campaign",
}
__all__ = ["Agent", "Campaign", "CampaignError", "ConformanceError", "Decision", "DecisionKind", "Game",
           "IllegalAction", "Option", "RecordError", "check_game", "load_campaign", "load_game", "new_campaign",
           "new_game", "play"]


def __getattr__(name: str) -> Any:
    """The public names, imported as first used (so `pacg --help` and `import pacg` stay quick)."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'pacg' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_EXPORTS[name]), name)
