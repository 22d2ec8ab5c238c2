"""Playing a scenario from setup to its end (rulebook pages 7-9, 17).

The characters take turns in order until the villain is cornered and defeated (VIL-05), the blessings deck
can't advance (END-01) or every character is dead (DEATH-02); a won scenario gives its reward (END-03).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from pacg.decisions import DecisionKind, Process
from pacg.engine.box import first_in_box, random_from_box
from pacg.engine.choosing import choose
from pacg.engine.setup import set_up
from pacg.engine.state import GameState, ScenarioOver
from pacg.engine.turn import take_turn
from pacg.engine.zones import BLESSINGS_DECK


class OutcomeView(TypedDict):
    """An outcome as JSON (`Outcome.summary`): what `pacg play --json` prints, and a view's `outcome`."""

    scenario: str
    characters: list[str]
    seed: int | None
    result: str  # "won" or "lost"
    reason: str
    turns: int
    blessings_left: int
    dead: list[str]
    reward: list[str]
    redeemed: list[str]


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
    reward: list[str]  # what the scenario's reward gave, once won (END-03)
    redeemed: list[str]  # the boons checked off on the redemption card by the end (RED-01)

    def summary(self) -> OutcomeView:
        return {
            "scenario": self.scenario,
            "characters": self.characters,
            "seed": self.seed,
            "result": self.result,
            "reason": self.reason,
            "turns": self.turns,
            "blessings_left": self.blessings_left,
            "dead": self.dead,
            "reward": self.reward,
            "redeemed": self.redeemed,
        }


def play_scenario(game: GameState) -> Process[Outcome]:
    """Set up and play the game's scenario to its end."""
    yield from set_up(game)
    return (yield from play_turns(game))


def play_turns(game: GameState) -> Process[Outcome]:
    """The characters take turns in the party's order, the dead skipped (SETUP-13, DEATH-02), from the character
    whose turn is next, to the end of the scenario: a game set up, or one taken up again at the start of a turn.
    Just before each turn, `turn_starts` is told (the Game object takes its snapshot there)."""
    try:
        while True:
            character = game.characters[game.next_turn]
            if character.alive and game.turn_starts is not None:
                game.turn_starts()
            game.next_turn = (game.next_turn + 1) % len(game.characters)
            if character.alive:
                yield from take_turn(game, character)
    except ScenarioOver as over:
        game.result = over.result
        reason = over.reason
        game.note(f"The scenario is {over.result}: {reason}")
    assert game.scenario is not None
    reward = (yield from give_reward(game)) if game.result == "won" else []
    return Outcome(
        scenario=game.scenario.name,
        characters=[c.name for c in game.characters],
        seed=game.seed,
        result=game.result,
        turns=game.turns,
        blessings_left=len(game.zones.cards(BLESSINGS_DECK)),
        dead=[c.name for c in game.characters if not c.alive],
        reason=reason,
        reward=reward,
        redeemed=sorted(game.redeemed),
    )


def give_reward(game: GameState) -> Process[list[str]]:
    """A won scenario's reward (END-03): each living character draws a random card of the kind it names from the
    box (none if the box has none left), each loot card goes to a living character the players choose, and a feat
    is noted for the characters to check. What was given, in words."""
    reward = game.scenario.reward if game.scenario is not None else None
    if reward is None:
        return []
    given = []
    living = game.living()  # the dead take no reward (DEATH-01)
    if reward.draw_random is not None:
        for character in living:
            card = random_from_box(game, reward.draw_random)
            if card is not None:
                game.zones.move(card, character.hand)
                given.append(f"{character.name} draws {card.name}")
    for name in reward.loot:
        card = first_in_box(game, name)
        if card is not None:
            who = yield from choose(living[0], DecisionKind.LOOT, f"Who takes the loot {name}?", living)
            game.zones.move(card, who.hand)
            given.append(f"{who.name} takes {name}")
    if reward.feat is not None:
        given.append(f"each character gains {'a feat' if reward.feat == 'any' else f'a {reward.feat} feat'}")
    for line in given:
        game.note(f"Reward: {line}")
    return given
