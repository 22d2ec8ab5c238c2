"""What a campaign plays: an adventure's scenarios in order, or the Adventure Path's adventures in order, and the
rewards their story cards give ("Ending a Scenario, Adventure, or Adventure Path"; SETUP-04, END-03, END-06,
END-07).

A scenario is completed once it is won; a lost one is played again before the next (END-04). An adventure is
completed with its last scenario, the Adventure Path with its last adventure; each story card's reward is given once
(END-03).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from pacg.cards.library import CardLibrary
from pacg.cards.model import Adventure, AdventurePath, Reward, Scenario
from pacg.cards.names import unknown_name
from pacg.cards.vocabulary import CardType

Story_T = TypeVar("Story_T", Adventure, AdventurePath, Scenario)

INTO_THE_WORLDWOUND = "Into the Worldwound"  # the base set's adventure, the story a campaign plays by default
WRATH_OF_THE_RIGHTEOUS = "Wrath of the Righteous"  # the Adventure Path


class StoryError(ValueError):
    """A story that can't be played: not an adventure or an Adventure Path, or one whose cards aren't in the box."""


@dataclass(frozen=True)
class Story:
    """An adventure, or the Adventure Path with its adventures, and the scenarios they play in order."""

    name: str
    adventures: tuple[Adventure, ...]
    path: AdventurePath | None = None

    @classmethod
    def named(cls, library: CardLibrary, name: str) -> Story:
        """The story of an adventure or the Adventure Path card, by its name in any case."""
        found = library.find(name.strip())
        if found is None:
            known = [card.name for card in library.of_type(CardType.ADVENTURE, CardType.ADVENTURE_PATH)]
            raise StoryError(str(unknown_name("adventure or Adventure Path", name, known,
                                              "`pacg campaign new --help` lists them")))
        card = found
        if isinstance(card, AdventurePath):
            adventures = tuple(_card(library, adventure, Adventure) for adventure in card.adventures)
            return cls(card.name, adventures, card)
        if isinstance(card, Adventure):
            return cls(card.name, (card,))
        raise StoryError(f"{card.name} is a {card.type}, not an adventure or an Adventure Path")

    @property
    def scenarios(self) -> list[str]:
        """Every scenario to play, in order: each adventure's, one adventure after the other."""
        return [scenario for adventure in self.adventures for scenario in adventure.scenarios]

    def next_scenario(self, completed: list[str]) -> str | None:
        """The first scenario not yet completed (END-04, END-06), None once all are."""
        return next((scenario for scenario in self.scenarios if scenario not in completed), None)

    def adventure_of(self, scenario: str) -> Adventure:
        return next(adventure for adventure in self.adventures if scenario in adventure.scenarios)

    def rewards_earned(self, library: CardLibrary, completed: list[str], won: str) -> list[tuple[str, Reward]]:
        """The rewards a scenario just won earns, as (story card, reward): the scenario's (END-03); its adventure's
        once every scenario of it is completed (END-06); the Adventure Path's once every adventure is (END-07)."""
        earned: list[tuple[str, Reward | None]] = [(won, _card(library, won, Scenario).reward)]
        adventure = self.adventure_of(won)
        if all(scenario in completed for scenario in adventure.scenarios):
            earned.append((adventure.name, adventure.reward))
            if self.path is not None and self.next_scenario(completed) is None:
                earned.append((self.path.name, self.path.reward))
        return [(card, reward) for card, reward in earned if reward is not None]


def _card(library: CardLibrary, name: str, model: type[Story_T]) -> Story_T:
    card = library.get(name)
    if not isinstance(card, model):
        raise StoryError(f"{name} is a {card.type}, not a {model.__name__.lower()}")
    return card


def stories(library: CardLibrary) -> list[str]:
    """The adventures and Adventure Paths of the box, by name."""
    return sorted(card.name for card in library.of_type(CardType.ADVENTURE, CardType.ADVENTURE_PATH))
