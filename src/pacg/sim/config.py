"""What a simulated game is played with, and the seed of each game of a run."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    """One configuration of a run: the scenario, the party in turn order, the agent that plays every seat (a name
    of `pacg.agents.AGENTS`) and the folder of custom cards added to the box (an absolute path), if any. Names
    are the cards' own (`pacg.engine.setup.setup_names`)."""

    scenario: str
    characters: tuple[str, ...]
    agent: str
    cards: str | None = None

    @property
    def title(self) -> str:
        """The configuration in a few words: "Harsk, Kyra (random)", and the custom cards' folder."""
        extra = f", cards from {self.cards}" if self.cards else ""
        return f"{', '.join(self.characters)} ({self.agent}{extra})"


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: from the two alone, so a game is the same whichever
    worker plays it, on whichever backend; a hash, so runs of nearby seeds share no games."""
    digest = hashlib.blake2b(f"pacg simulate {seed} {index}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") >> 1  # 31 bits, as `pacg play` seeds are


def checked(scenario: str, characters: list[str], agent: str, cards: str | None) -> Config:
    """The configuration of a scenario, a party, an agent and custom cards as given on the command line (names in
    any case), checked by setting its game up once: an unknown name, or a party the scenario can't be set up for,
    is a ValueError (`SetupError`) saying what is wrong; an unknown agent names the agents there are."""
    from pacg.agents import check_agent
    from pacg.engine.setup import setup_names
    from pacg.game import library_for, new_game

    check_agent(agent)
    library = library_for(cards)
    names = setup_names(library, scenario, characters)
    new_game(names.scenario, names.characters, 0, library=library, cards=cards)
    return Config(names.scenario, tuple(names.characters), agent, cards)
