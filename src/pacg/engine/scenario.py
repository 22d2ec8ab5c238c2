"""Playing a scenario from setup to its end (rulebook pages 7-9, 17).

The characters take turns in order until the villain is cornered and defeated (VIL-05), the blessings deck
can't advance (END-01) or every character is dead (DEATH-02).
"""

from __future__ import annotations

from dataclasses import dataclass

from pacg.decisions import Process
from pacg.engine.setup import set_up
from pacg.engine.state import Game, ScenarioOver
from pacg.engine.turn import take_turn
from pacg.engine.zones import BLESSINGS_DECK


@dataclass(frozen=True)
class Outcome:
    """How a scenario ended: the summary `pacg play --json` prints."""

    scenario: str
    characters: list[str]
    seed: int | None
    result: str
    turns: int
    blessings_left: int
    dead: list[str]
    reason: str

    def summary(self) -> dict[str, object]:
        return {
            "scenario": self.scenario,
            "characters": self.characters,
            "seed": self.seed,
            "result": self.result,
            "turns": self.turns,
            "blessings_left": self.blessings_left,
            "dead": self.dead,
        }


def play_scenario(game: Game) -> Process[Outcome]:
    """Set up and play the game's scenario to its end."""
    yield from set_up(game)
    try:
        while True:
            for character in list(game.characters):
                if character.alive:
                    yield from take_turn(game, character)
    except ScenarioOver as over:
        game.result = over.result
        reason = over.reason
        game.note(f"The scenario is {over.result}: {reason}")
    assert game.scenario is not None
    return Outcome(
        scenario=game.scenario.name,
        characters=[c.name for c in game.characters],
        seed=game.seed,
        result=game.result,
        turns=game.turns,
        blessings_left=len(game.zones.cards(BLESSINGS_DECK)),
        dead=[c.name for c in game.characters if not c.alive],
        reason=reason,
    )
