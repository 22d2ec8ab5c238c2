"""One simulated game: played with `pacg.game.play`, one agent for every seat, watched through that agent.

`Watcher` wraps the agent: it passes the seat's view and the decision through unchanged and takes the inner
agent's action, noting on the way which card each play names and what the play does to its check's odds
(`Decision.odds_of`). What was acquired and banished the engine counts (`GameState.card_tally`). A game leaves a
`GameResult`: small, plain and picklable, for a worker to send back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from pacg.decisions import Decision, DecisionKind
from pacg.sim.config import Config

if TYPE_CHECKING:
    from pacg.game import Agent, Game


@dataclass
class CardUse:
    """What was done with one card (by name): plays of it, times acquired and banished, and the change in the
    chance of success its plays on checks brought (`odds_change`, summed exactly over `odds_plays` plays: those
    whose odds the decision gave)."""

    played: int = 0
    acquired: int = 0
    banished: int = 0
    odds_plays: int = 0
    odds_change: Fraction = field(default_factory=Fraction)

    def add(self, other: CardUse) -> None:
        self.played += other.played
        self.acquired += other.acquired
        self.banished += other.banished
        self.odds_plays += other.odds_plays
        self.odds_change += other.odds_change

    @property
    def mean_odds_change(self) -> float | None:
        """The mean change in a check's chance of success per play with known odds; None without any."""
        return float(self.odds_change / self.odds_plays) if self.odds_plays else None


@dataclass(frozen=True)
class GameResult:
    """How one game went: won or not and why, the turns used, the blessings left, the characters dead, and what
    was done with each card."""

    won: bool
    reason: str
    turns: int
    blessings_left: int
    dead: tuple[str, ...]
    cards: dict[str, CardUse]


class CardNames:
    """The card a play's option names: an option reads "Discard Blessing of Ascension: add 1 die ...", "Use
    Forsaken Cloister, discard Potion of Beast Skin: ..." or "Use Harsk's power: ...", so the card is the
    longest card name in the words before the first comma or colon (the card the power is printed on). Worked out
    once per distinct option text."""

    def __init__(self, names: frozenset[str]) -> None:
        self._names = names
        self._found: dict[str, str | None] = {}

    def named(self, label: str) -> str | None:
        head = label.split(":", 1)[0].split(", ", 1)[0]
        if head not in self._found:
            self._found[head] = self._find(head.split())
        return self._found[head]

    def _find(self, words: list[str]) -> str | None:
        for start in range(len(words)):
            for stop in range(len(words), start, -1):
                name = " ".join(words[start:stop])
                for candidate in (name, name.removesuffix("'s")):
                    if candidate in self._names:
                        return candidate
        return None


class Watcher:
    """An agent that plays as the agent it wraps, noting each card played and what it did to a check's odds.
    Anything else asked of it is the inner agent's (`__getattr__`), so play() treats it as that agent."""

    def __init__(self, agent: Agent, names: CardNames) -> None:
        self.agent = agent
        self.names = names
        self.cards: dict[str, CardUse] = {}

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        action = self.agent.act(view, decision)
        if decision.kind is DecisionKind.PLAY:
            self._played(decision, action)
        return action

    def __getattr__(self, name: str) -> Any:
        if name == "agent":  # not set yet (a copy being made): no inner agent to ask
            raise AttributeError(name)
        return getattr(self.agent, name)

    def _played(self, decision: Decision, action: str) -> None:
        label = next((option.label for option in decision.options if option.id == action), None)
        name = self.names.named(label) if label is not None else None
        if name is None:  # "Done", or a power that names no card
            return
        use = self.use(name)
        use.played += 1
        odds = decision.odds_of(action)
        if odds is not None:
            use.odds_plays += 1
            use.odds_change += odds[1] - odds[0]

    def use(self, name: str) -> CardUse:
        if name not in self.cards:
            self.cards[name] = CardUse()
        return self.cards[name]


@cache
def card_names(cards: str | None) -> CardNames:
    """The names of every card of the box (with the custom cards of `cards`), read once per process."""
    from pacg.game import library_for

    return CardNames(frozenset(card.name for card in library_for(cards)))


def new_game(config: Config, seed: int) -> Game:
    """The game of a configuration with a seed (an unknown name or a party that can't be set up is a
    `SetupError`)."""
    from pacg.game import new_game as make

    return make(config.scenario, list(config.characters), seed, cards=config.cards)


def play_game(config: Config, seed: int) -> GameResult:
    """Play one game to its end with the configuration's agent, seeded from the game's seed, at every seat."""
    from pacg.agents import make_agent
    from pacg.game import play

    game = new_game(config, seed)
    watcher = Watcher(make_agent(config.agent, seed), card_names(config.cards))
    play(game, watcher)
    outcome = game.outcome
    assert outcome is not None
    for (event, name), count in game.card_tally.items():  # the engine's count of cards acquired and banished
        use = watcher.use(name)
        if event == "acquired":
            use.acquired += count
        else:
            use.banished += count
    return GameResult(won=outcome["result"] == "won", reason=str(outcome["reason"]), turns=_count(outcome["turns"]),
                      blessings_left=_count(outcome["blessings_left"]),
                      dead=tuple(outcome["dead"]), cards=watcher.cards)


def _count(value: object) -> int:
    assert isinstance(value, int)
    return value
