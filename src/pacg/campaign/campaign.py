"""A campaign: a party that plays a story's scenarios one after another, and what comes between them (DESIGN.md 3;
"Ending a Scenario, Adventure, or Adventure Path", "Between Games", "Dying").

    campaign = pacg.new_campaign("crusade", ["Harsk", "Kyra"], seed=7)   # Into the Worldwound, unless told
    game = campaign.game                  # the next scenario, with the party's decks, feats and mythic paths
    ... play it (game.apply) ...
    campaign.end_game()                   # once game.over: the steps between scenarios begin
    campaign.decision                     # a question between scenarios: a feat, a card of a deck, a new character
    campaign.apply(campaign.legal_actions()[0])
    campaign.data()                       # JSON: pacg.load_campaign(data) makes it again

A campaign is what it has come to (`Progress`: the party, the scenarios completed, the rewards given, what is
removed and redeemed), the games played with their records, and where it stands now: a game under way (its
record), the steps between scenarios under way (the answers given, made again from the progress before them and
how the scenario ended), or over. Every step is decided by the campaign's seed and its answers, so the data, written
after every answer, always makes the same campaign again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacg.campaign.between import Ending, Progress, basic_deck, between_scenarios, box_of
from pacg.campaign.party import Member, feat_labels
from pacg.campaign.story import INTO_THE_WORLDWOUND, Story
from pacg.cards.library import CardLibrary
from pacg.cards.model import Character
from pacg.cards.vocabulary import MAX_PARTY, CardType
from pacg.decisions import Decision, Process, answered, only_answer
from pacg.engine.feats import feat_problems
from pacg.game import Game, IllegalAction, library_for, load_game, new_game
from pacg.tables import TableFeats

FORMAT = "pacg campaign"
VERSION = 1


class CampaignError(ValueError):
    """A campaign's data that can't be read or played again, with what is wrong and where."""


class Campaign:
    """One campaign. Make one with `new_campaign` or `load_campaign`."""

    def __init__(self, library: CardLibrary, name: str, story: Story, seed: int, progress: Progress,
                 games: list[dict[str, Any]] | None = None, ai: Sequence[str | None] = ()) -> None:
        self._library = library
        self.name = name
        self.story = story
        self.seed = seed
        self.progress = progress
        self.games = games if games is not None else []  # each game played: its scenario, result, seed, record
        self.ai = list(ai) or [None] * len(progress.party)  # the agent playing each seat, None for a person
        self._game: Game | None = None
        self._between: Process[None] | None = None
        self._before: dict[str, Any] | None = None  # the progress as the steps between scenarios began
        self._ending: Ending | None = None
        self._answers: list[str] = []
        self._decision: Decision | None = None
        self._published: Decision | None = None

    # --- where it stands --------------------------------------------------------------------------------------

    @property
    def next_scenario(self) -> str | None:
        """The scenario to play next: the first not completed, a lost one again (END-04); None once all are."""
        return self.story.next_scenario(self.progress.completed)

    @property
    def over(self) -> bool:
        """Whether every scenario of the story is completed and nothing is left to do between scenarios."""
        return self.next_scenario is None and self._between is None and self._game is None

    @property
    def between_scenarios(self) -> bool:
        """Whether the steps between two scenarios are under way (their questions are `decision`)."""
        return self._between is not None

    @property
    def game(self) -> Game:
        """The game of the scenario under way, or a new game of the next one: the party with their decks, feats and
        mythic paths; the cards removed and the boons redeemed earlier."""
        if self._game is None:
            if self._between is not None:
                raise IllegalAction("the steps between scenarios are under way: answer `decision` first")
            scenario = self.next_scenario
            if scenario is None:
                raise IllegalAction(f"the campaign {self.name!r} is over: every scenario of {self.story.name} is "
                                    "completed")
            self._game = self._new_game(scenario)
        return self._game

    def _new_game(self, scenario: str) -> Game:
        party = self.progress.party
        seed = random.Random(f"{self.seed} {len(self.games)}").randrange(2**31)
        return new_game(scenario, [member.name for member in party], seed, library=self._library,
                        decks={member.name: member.deck for member in party},
                        feats={member.name: member.feats.model_dump(mode="json", exclude_defaults=True)
                               for member in party},
                        mythic_paths={member.name: member.mythic_path for member in party if member.mythic_path},
                        removed=self.progress.removed, redeemed=self.progress.redeemed)

    # --- from a game to the next ------------------------------------------------------------------------------

    def end_game(self) -> None:
        """The game under way is over: keep it, and begin the steps between scenarios (rewards, rebuilding, the
        dead replaced)."""
        game = self._game
        if game is None or game.outcome is None:
            raise IllegalAction("no game of this campaign has ended: play its game to the end first")
        outcome = game.outcome
        self.games.append({"scenario": outcome["scenario"], "result": outcome["result"], "seed": game.setup.seed,
                           "record": game.to_record()})
        held = game.cards_held()
        ending = Ending(outcome["scenario"], outcome["result"] == "won",
                        [held[member.name] for member in self.progress.party],
                        [member.name in outcome["dead"] for member in self.progress.party])
        self.progress.redeemed = sorted(set(self.progress.redeemed) | set(outcome["redeemed"]))
        self.progress.removed = game.removed_from_game()
        self._game = None
        self._begin_between(ending)

    def _begin_between(self, ending: Ending) -> None:
        self._before = progress_data(self.progress)
        self._ending = ending
        self._answers = []
        rng = random.Random(f"{self.seed} between {len(self.games)}")
        self._between = between_scenarios(self._library, self.story, self.progress, ending, rng)
        self._step(None)

    # --- the questions between scenarios ----------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The question to answer between scenarios, as its player sees it; None when none is asked."""
        if self._published is None and self._decision is not None:
            self._published = self._decision.published()
        return self._published

    def legal_actions(self) -> list[str]:
        decision = self.decision
        return decision.choices() if decision is not None else []

    def apply(self, action: str) -> None:
        """Answer the question between scenarios with one of its action ids; any other raises IllegalAction."""
        decision = self.decision
        if decision is None or self._decision is None:
            raise IllegalAction(f"no question of the campaign {self.name!r} is waiting: {action!r} answers nothing")
        index = decision.chosen(action)
        if index is None:
            raise IllegalAction(f"{action!r} is not an action of {decision.player}'s {decision.kind} decision "
                                f"(legal: {', '.join(decision.choices())})")
        self._answers.append(action)
        self._step(index)

    def _step(self, index: int | None) -> None:
        """Give the process an answer and go on to its next question; a question with one answer is not asked."""
        assert self._between is not None
        self._published = None
        try:
            decision = next(self._between) if index is None else self._between.send(index)
            while (forced := only_answer(decision)) is not None:
                answered(decision)
                decision = self._between.send(forced)
            self._decision = decision
        except StopIteration:
            self._between = self._decision = self._before = self._ending = None
            self._answers = []

    def view(self, seat: str) -> dict[str, Any]:
        """What the player of a seat sees between scenarios, as plain data: the party (each character alive or dead,
        their deck, feats and mythic path), the scenarios completed and the next, and their question if any (every
        card of the party is known to all: the decks are rebuilt in the open)."""
        decision = self.decision
        return {"seat": seat, "campaign": self.name, "story": self.story.name,
                "completed": list(self.progress.completed), "next": self.next_scenario,
                "party": [member.data() for member in self.progress.party],
                "decision": decision.to_json() if decision is not None and decision.player == seat else None,
                "waiting_for": decision.player if decision is not None else None}

    def summary(self) -> dict[str, Any]:
        """The campaign as `pacg campaign show --json` prints it: its name and story, the scenarios completed and
        the next (None once over), each character (alive or dead, deck, feats, mythic path) and the games played
        (scenario, result, seed)."""
        return {"name": self.name, "story": self.story.name, "completed": list(self.progress.completed),
                "next": self.next_scenario, "over": self.over,
                "between_scenarios": self.between_scenarios,
                "characters": [{"name": member.name, "alive": member.alive, "deck": list(member.deck),
                                "feats": feat_labels(member.feats), "mythic_path": member.mythic_path}
                               for member in self.progress.party],
                "games": [{key: game[key] for key in ("scenario", "result", "seed")} for game in self.games]}

    # --- as data ----------------------------------------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        """The campaign as JSON-serializable data; `load_campaign` makes the same campaign again from it. Between
        scenarios it holds the progress as they began, how the scenario ended and the answers given since."""
        now: dict[str, Any] | None = None
        progress = progress_data(self.progress)
        if self._game is not None:
            now = {"game": self._game.to_record()}
        elif self._between is not None:
            assert self._before is not None and self._ending is not None
            progress = self._before
            now = {"between": {"ending": vars(self._ending), "answers": list(self._answers)}}
        return {"format": FORMAT, "version": VERSION, "name": self.name, "story": self.story.name,
                "seed": self.seed, "ai": list(self.ai), **progress, "games": list(self.games), "now": now}


def progress_data(progress: Progress) -> dict[str, Any]:
    """What a campaign has come to, as its data holds it."""
    return {"party": [member.data() for member in progress.party], "completed": list(progress.completed),
            "rewarded": list(progress.rewarded), "removed": list(progress.removed),
            "redeemed": list(progress.redeemed)}


def new_campaign(name: str, characters: list[str], story: str | None = None, seed: int | None = None, *,
                 library: CardLibrary | None = None, ai: Mapping[str, str] | None = None) -> Campaign:
    """A new campaign of a story (an adventure or the Adventure Path; Into the Worldwound unless one is named) for a
    party in turn order, with the agents that play some of its seats (`ai`: {character: agent})."""
    chosen = library if library is not None else library_for(None)
    told = Story.named(chosen, story or INTO_THE_WORLDWOUND)
    names = [chosen.named(character, CardType.CHARACTER) for character in characters]
    agents = {chosen.named(character, CardType.CHARACTER): agent for character, agent in (ai or {}).items()}
    seed = seed if seed is not None else random.randrange(2**31)
    box = box_of(chosen, chosen.get(told.scenarios[0]).adventure_deck_number, Counter(), [])
    rng = random.Random(f"{seed} decks")
    party = [Member(character, basic_deck(chosen, chosen.typed(character, Character), box, rng))
             for character in names]
    campaign = Campaign(chosen, name, told, seed, Progress(party), ai=[agents.get(character) for character in names])
    campaign.game.to_record()  # the first game is set up now: a party its scenario can't take is refused here
    return campaign


def load_campaign(data: Mapping[str, Any], *, library: CardLibrary | None = None, source: str = "the campaign"
                  ) -> Campaign:
    """The campaign its data describes (`Campaign.data`), where it stood; CampaignError naming the field where the
    data is not a campaign's, or where its games or answers no longer play (`source` names it in messages)."""
    try:
        read = CampaignFile.model_validate(data)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"]) or "its top"
        raise CampaignError(f"{source}: {where}: {problem['msg']}") from None
    chosen = library if library is not None else library_for(None)
    for place, member in enumerate(read.party):
        _check_member(chosen, member, f"{source}: party.{place}")
    progress = Progress([Member(one.name, list(one.deck), one.feats, one.mythic_path, one.alive)
                         for one in read.party], list(read.completed), list(read.rewarded), list(read.removed),
                        list(read.redeemed))
    try:
        campaign = Campaign(chosen, read.name, Story.named(chosen, read.story), read.seed, progress,
                            [dict(game) for game in read.games], read.ai)
        if read.now is not None and read.now.game is not None:
            campaign._game = load_game(read.now.game, library=chosen)
        elif read.now is not None and read.now.between is not None:
            campaign._begin_between(Ending(**read.now.between.ending.model_dump()))
            for action in read.now.between.answers:
                campaign.apply(action)
    except (ValueError, KeyError) as error:  # a story, game or answer of the data that no longer plays
        raise CampaignError(f"{source}: {error}") from None
    return campaign


def _check_member(library: CardLibrary, member: _MemberData, where: str) -> None:
    """A member of a campaign's data: a character of the box, with feats their cards have boxes for, checked in
    order (FEAT-01), and cards of the box in their deck; CampaignError naming the field otherwise."""
    card = library.find(member.name)
    if not isinstance(card, Character) or card.name != member.name:
        raise CampaignError(f"{where}.name: {member.name!r} is not a character of the box")
    for place, message in feat_problems(card, member.feats):
        raise CampaignError(f"{where}.feats.{'.'.join(map(str, place))}: {message}")
    unknown = [name for name in member.deck if name not in library]
    if unknown:
        raise CampaignError(f"{where}.deck: no card named {unknown[0]!r} in the box")


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _MemberData(_Data):
    name: str
    alive: bool = True
    deck: list[str] = []
    feats: TableFeats = TableFeats()
    mythic_path: str | None = None


class _EndingData(_Data):
    scenario: str
    won: bool
    held: list[list[str]]
    dead: list[bool]


class _BetweenData(_Data):
    ending: _EndingData
    answers: list[str]


class _NowData(_Data):
    game: dict[str, Any] | None = None
    between: _BetweenData | None = None


class CampaignFile(_Data):
    """A campaign's data as `Campaign.data` writes it, checked as it is read."""

    format: Literal["pacg campaign"]
    version: Literal[1]
    name: str
    story: str
    seed: int
    ai: list[str | None]
    party: list[_MemberData] = Field(min_length=1, max_length=MAX_PARTY)
    completed: list[str]
    rewarded: list[str]
    removed: list[str]
    redeemed: list[str]
    games: list[dict[str, Any]]
    now: _NowData | None
