"""The campaigns a web server runs (issue 28): a party playing a story's scenarios one after another (`pacg.campaign`),
each scenario a web game of `GameService`, the questions between scenarios answered by each seat for itself.

A campaign is kept in the store beside the games (`GameStore.create_campaign`): its data (`Campaign.data`), the web
game of the scenario under way, a version changed by compare-and-set as a game's is, and a token for each human
seat, by its place in the party (a dead character's player plays on with a new one, DEATH-03). The seats of the
campaign's games have the same tokens: the party plays each game with the links it was given for the campaign.

    campaign_id, tokens = campaigns.create(NewCampaign("crusade", ["Harsk", "Kyra"], ai=["Kyra"]))
    campaigns.start_next(campaign_id, 0, version)     # the next scenario's web game, its id in the view
    campaigns.view(campaign_id, 0)                    # once that game is over, the campaign takes it up here
    campaigns.act(campaign_id, 0, "take:longsword", version)   # a question between scenarios

Nothing is held in memory: every request loads the campaign from its data (quick: a game under way is stored by
its web game, a record without answers in the data). When a request finds the campaign's game over, it takes the
game up (`Campaign.end_game`) and stores that as the campaign's next version; the AI seats' questions between
scenarios are answered there and then, and after each person's answer, by the seat's agent.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from pacg.agents import make_agent
from pacg.campaign.campaign import Campaign, CampaignError, load_campaign, new_campaign
from pacg.campaign.story import StoryError
from pacg.cards.names import UnknownName
from pacg.cards.vocabulary import CardType
from pacg.engine.setup import SetupError
from pacg.game import IllegalAction
from pacg.seats import agent_named, ai_seats
from pacg.web.service import Conflict, GameService, NotFound, Unauthorized, Unprocessable
from pacg.web.store import StoredCampaign, token_hash

TAKE_UP_TRIES = 5  # times a request tries to store the end of a game another request is storing too


@dataclass(frozen=True)
class NewCampaign:
    """What a campaign is made from: its name, the party in turn order, the story (an adventure or the Adventure
    Path; Into the Worldwound when None), the seed, and the seats AI players play with which agent."""

    name: str
    characters: list[str]
    story: str | None = None
    seed: int | None = None
    ai: list[str] = field(default_factory=list)
    agent: str | None = None


@dataclass
class _Loaded:
    """A campaign as stored, made again: its version, the web game under way, and the Campaign."""

    version: int
    game: str | None
    campaign: Campaign


class CampaignService:
    """The campaigns of one server process, over its game service's store; safe to use from many threads."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.store = games.store
        self.library = games.library

    # --- making a campaign and knowing who asks -------------------------------------------------------------

    def create(self, request: NewCampaign) -> tuple[str, dict[str, str]]:
        """Make and store a campaign, its first scenario ready to start; its id and a new token for each human
        seat, by character."""
        try:
            agent = agent_named(request.agent)
            party = [self.library.named(character, CardType.CHARACTER) for character in request.characters]
            ai = ai_seats(request.ai, party, agent)
            if party and set(ai) == set(party):
                raise Unprocessable("ai: every seat is an AI player's: a campaign needs a person's seat, to start "
                                    "its games")
            campaign = new_campaign(request.name, party, request.story, request.seed, library=self.library, ai=ai)
        except (StoryError, UnknownName, SetupError, ValueError) as error:
            raise Unprocessable(str(error)) from None
        tokens = {place: secrets.token_urlsafe(24) for place, kind in enumerate(campaign.ai) if kind is None}
        campaign_id = secrets.token_urlsafe(9)
        self.store.create_campaign(campaign_id, campaign.data(), {place: token_hash(token)
                                                                   for place, token in tokens.items()})
        return campaign_id, {party[place]: token for place, token in tokens.items()}

    def seat(self, campaign_id: str, token: str | None) -> int | None:
        """The place in the party of the seat a token is for (None, a spectator, when no token is given);
        NotFound for no such campaign, Unauthorized for a token that is none of its seats'."""
        if self.store.get_campaign(campaign_id) is None:
            raise NotFound(f"no campaign {campaign_id!r}")
        if token is None:
            return None
        place = self.store.campaign_seat_of(campaign_id, token_hash(token))
        if place is None:
            raise Unauthorized(f"that token is no seat's of campaign {campaign_id!r}")
        return place

    # --- what a seat sees -----------------------------------------------------------------------------------

    def view(self, campaign_id: str, place: int | None) -> dict[str, Any]:
        """What the seat at `place` (or a spectator, None) sees: the campaign's id and version, who plays which
        seat, its summary (the party alive or dead, their decks, feats and mythic paths; the scenarios completed
        and the next; the games played), the web game under way, and the seat's question between scenarios."""
        return self._view_of(campaign_id, self._loaded(campaign_id), place)

    def _view_of(self, campaign_id: str, loaded: _Loaded, place: int | None) -> dict[str, Any]:
        campaign = loaded.campaign
        party = campaign.progress.party
        seat = party[place].name if place is not None else None
        decision = campaign.decision
        asked = _place_of(campaign, decision.player) if decision is not None else None
        return {"campaign": campaign_id, "version": loaded.version, "seat": seat,
                "seats": {member.name: "ai" if kind else "human" for member, kind in zip(party, campaign.ai,
                                                                                          strict=True)},
                "summary": campaign.summary(), "game": loaded.game,
                "ready": loaded.game is None and not campaign.over and not campaign.between_scenarios,
                "question": decision.to_json() if decision is not None and asked == place else None,
                "waiting_for": decision.player if decision is not None else None}

    # --- changing the campaign ------------------------------------------------------------------------------

    def act(self, campaign_id: str, place: int | None, action: str, version: int | None = None) -> dict[str, Any]:
        """Answer the question between scenarios for the seat at `place`, when it is theirs: Conflict when it
        isn't, when none is waiting or (with `version`) when the campaign is no longer at that version;
        Unprocessable for an action that isn't legal. The AI seats' questions after it are answered too. The
        seat's new view."""
        place = _acting(place)
        loaded = self._loaded(campaign_id)
        campaign = loaded.campaign
        _check_version(loaded, version, "answer the current question")
        decision = campaign.decision
        seat = campaign.progress.party[place].name
        if decision is None:
            raise Conflict("no question of the campaign is waiting" + (
                ": its game is under way" if loaded.game is not None else ""))
        if _place_of(campaign, decision.player) != place:
            raise Conflict(f"it is {decision.player}'s question, not {seat}'s")
        try:
            campaign.apply(action)
        except IllegalAction as error:
            raise Unprocessable(str(error)) from None
        self._answer_for_ai(campaign)
        self._store(campaign_id, loaded, None)
        return self._view_of(campaign_id, loaded, place)

    def start_next(self, campaign_id: str, place: int | None, version: int | None = None) -> dict[str, Any]:
        """Start the web game of the campaign's next scenario (a lost one again), with the party's decks, feats and
        mythic paths: its seats' tokens are the campaign's. Conflict while a game is under way, while questions
        between scenarios are waiting, once the campaign is over, or (with `version`) when the campaign is no
        longer at that version. The seat's new view, whose `game` is the new game's id."""
        place = _acting(place)
        loaded = self._loaded(campaign_id)
        campaign = loaded.campaign
        _check_version(loaded, version, "start the game from the current view")
        if loaded.game is not None:
            raise Conflict(f"the campaign's game {loaded.game} is under way: play it to its end first")
        if campaign.over:
            raise Conflict(f"the campaign is over: every scenario of {campaign.story.name} is completed")
        if campaign.between_scenarios:
            waiting = campaign.decision
            raise Conflict("the questions between scenarios come first"
                           + (f": {waiting.player} is to answer" if waiting is not None else ""))
        try:
            game = campaign.game
        except (IllegalAction, SetupError, ValueError) as error:
            raise Conflict(f"the campaign's next game can't be set up: {error}") from None
        party = campaign.progress.party
        ai = {member.name: kind for member, kind in zip(party, campaign.ai, strict=True) if kind}
        hashes = {party[seat].name: hashed for seat, hashed in self.store.campaign_token_hashes(campaign_id).items()}
        data = campaign.data()

        def put(game_id: str, record: dict[str, Any]) -> None:
            if not self.store.start_campaign_game(campaign_id, loaded.version, data, game_id, record, hashes):
                raise Conflict("another request changed the campaign first: start the game from the current view")

        loaded.game = self.games.start(game, ai, put)
        loaded.version += 1
        return self._view_of(campaign_id, loaded, place)

    # --- loading and storing --------------------------------------------------------------------------------

    def _loaded(self, campaign_id: str) -> _Loaded:
        """The campaign at its stored version, its game taken up first if that game is over (the end and the AI
        seats' answers after it stored as the next version)."""
        for _ in range(TAKE_UP_TRIES):
            stored = self._stored(campaign_id)
            record = self._game_record(stored)
            if record is None or record.get("outcome") is None:
                return _Loaded(stored.version, stored.game, self._campaign(campaign_id, stored.data))
            campaign = self._campaign(campaign_id, {**stored.data, "now": {"game": record}})
            try:
                campaign.end_game()
            except (IllegalAction, ValueError) as error:
                raise Conflict(f"this campaign can't be played on by this server: {error}") from None
            self._answer_for_ai(campaign)
            loaded = _Loaded(stored.version, stored.game, campaign)
            if self.store.replace_campaign(campaign_id, stored.version, campaign.data(), None):
                loaded.version, loaded.game = stored.version + 1, None
                return loaded
        raise Conflict("the campaign is changing too fast: try again")

    def _stored(self, campaign_id: str) -> StoredCampaign:
        stored = self.store.get_campaign(campaign_id)
        if stored is None:
            raise NotFound(f"no campaign {campaign_id!r}")
        return stored

    def _game_record(self, stored: StoredCampaign) -> dict[str, Any] | None:
        if stored.game is None:
            return None
        game = self.store.get(stored.game)
        if game is None:
            raise Conflict(f"the campaign's game {stored.game} is no longer kept")
        return game.record

    def _campaign(self, campaign_id: str, data: dict[str, Any]) -> Campaign:
        try:
            return load_campaign(data, library=self.library, source=f"campaign {campaign_id}")
        except CampaignError as error:
            raise Conflict(f"this campaign can't be played on by this server: {error}") from None

    def _store(self, campaign_id: str, loaded: _Loaded, game: str | None) -> None:
        if not self.store.replace_campaign(campaign_id, loaded.version, loaded.campaign.data(), game):
            raise Conflict("another answer to this question came first")
        loaded.version += 1

    def _answer_for_ai(self, campaign: Campaign) -> None:
        """Answer the questions between scenarios that are the AI seats', up to a person's or the last."""
        while (decision := campaign.decision) is not None:
            place = _place_of(campaign, decision.player)
            kind = campaign.ai[place] if place is not None else None
            if kind is None:
                return
            campaign.apply(make_agent(kind, campaign.seed).act(campaign.view(decision.player), decision))


def _place_of(campaign: Campaign, player: str) -> int | None:
    """The place in the party of the seat a question between scenarios is for: the member of that name (the dead
    one, when a new character has taken the name of a dead one still to be replaced)."""
    places = [place for place, member in enumerate(campaign.progress.party) if member.name == player]
    dead = [place for place in places if not campaign.progress.party[place].alive]
    found = dead or places
    return found[0] if found else None


def _check_version(loaded: _Loaded, version: int | None, then: str) -> None:
    if version is not None and version != loaded.version:
        raise Conflict(f"the campaign has moved on to version {loaded.version}: {then}")



def _acting(place: int | None) -> int:
    """The seat that acts; Unauthorized for a spectator."""
    if place is None:
        raise Unauthorized("a spectator can't act: a seat's token is needed (Authorization: Bearer TOKEN)")
    return place
