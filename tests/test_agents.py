"""The AI players: they play well, and honestly, from their seat's view alone (DESIGN.md 5, issue 13)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from pacg.agents import AGENTS, make_agent
from pacg.agents.heuristic import HeuristicAgent
from pacg.agents.search import SearchAgent
from pacg.agents.value import FEATURES, fit, logistic, win_chance
from pacg.cards.loader import CardLibrary, load_library
from pacg.cards.vocabulary import CardType
from pacg.decisions import Decision, DecisionKind
from pacg.engine.state import GameState
from pacg.engine.zones import BLESSINGS_DECK
from pacg.game import Game, new_game, play

SCENARIO = "The Godless Ones"


def test_every_agent_is_made_by_its_name() -> None:
    assert {"random", "heuristic", "search"} <= set(AGENTS)
    for name in AGENTS:
        assert hasattr(make_agent(name, 1), "act")
    with pytest.raises(ValueError, match="no agent 'clever'"):
        make_agent("clever", 1)


def test_an_agent_s_name_may_carry_its_settings() -> None:
    searching = make_agent("search:worlds=3, horizon=none,seconds=0.5", 1)
    assert isinstance(searching, SearchAgent)
    assert (searching.worlds, searching.horizon, searching.seconds) == (3, None, 0.5)
    for name, message in [("search:depth=3", "agent 'search' has no setting 'depth' .settings: worlds, candidates"),
                          ("search:worlds", "write it as worlds=VALUE"),
                          ("search:worlds=many", "a number, or none"),
                          ("random:worlds=2", "agent 'random' has no setting 'worlds' .settings: none")]:
        with pytest.raises(ValueError, match=message):
            make_agent(name, 1)


def _wins(agent: str, characters: list[str], seeds: range) -> int:
    won = 0
    for seed in seeds:
        game = new_game(SCENARIO, characters, seed, library=load_library())
        play(game, make_agent(agent, seed))
        assert game.outcome is not None
        won += game.outcome["result"] == "won"
    return won


@pytest.mark.plays_at_random
def test_the_heuristic_wins_where_random_players_never_do() -> None:
    """On the same seeds, random players lose every game; the heuristic wins many (about half of 2-character
    games: benchmarks/README.md)."""
    seeds = range(12)
    assert _wins("random", ["Seelah", "Kyra"], seeds) == 0
    assert _wins("heuristic", ["Seelah", "Kyra"], seeds) >= 3


# --- honest by construction ---------------------------------------------------------------------------------


def _first_turn_table(characters: list[str], seed: int) -> dict[str, Any]:
    """The table of a game set up and about to begin its first turn, as a table file's data (`pacg.tables`)."""
    game = new_game(SCENARIO, characters, seed, library=load_library())
    while game.turn == 0:
        game.apply(game.legal_actions()[0])
    state: GameState = game._state  # the true table, to write it out
    zones = state.zones
    names = lambda zone: [card.name for card in zones.cards(zone)]  # noqa: E731
    return {
        "scenario": SCENARIO, "seed": seed, "turn": state.turn.character.name if state.turn else characters[0],
        "characters": [{"name": c.name, "location": c.location, "hand": names(c.hand), "deck": names(c.deck)}
                       for c in state.characters],
        "locations": [{"name": name, "deck": names(location.deck)} for name, location in state.locations.items()],
        "blessings": names(BLESSINGS_DECK),
    }


def _reordered(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same table, each location deck and the blessings deck in another order."""
    changed = {**table, "locations": [{**place, "deck": rng.sample(place["deck"], len(place["deck"]))}
                                      for place in table["locations"]]}
    changed["blessings"] = rng.sample(table["blessings"], len(table["blessings"]))
    return changed


def _exchanged(table: dict[str, Any]) -> dict[str, Any]:
    """The same table with one monster of a location deck exchanged for a monster that was in the box."""
    library = load_library()
    in_play = {name for place in table["locations"] for name in place["deck"]}
    monsters = [card.name for card in library.of_type(CardType.MONSTER) if card.set in ("B", "C", "1")]
    for number, place in enumerate(table["locations"]):
        for index, name in enumerate(place["deck"]):
            if name in monsters:
                other = next(m for m in monsters if m not in in_play and m != name)
                deck = [*place["deck"][:index], other, *place["deck"][index + 1:]]
                locations = list(table["locations"])
                locations[number] = {**place, "deck": deck}
                return {**table, "locations": locations}
    raise AssertionError("no monster in any location deck")


def _hidden(game: Game) -> tuple[int, ...]:
    """What changes once a card of a location deck or the blessings deck comes out: the cards flipped or
    examined, the decks' sizes and shuffles."""
    state = game._state
    decks = [location.deck for location in state.locations.values()] + [BLESSINGS_DECK]
    return (state.examined, *(len(state.zones.cards(deck)) for deck in decks),
            *(state.zones.shuffles.get(deck, 0) for deck in decks))


def _same_answers_until_revealed(first: Game, second: Game, agents: Callable[[], dict[str, Any]]) -> int:
    """Play both games, each seat answered by its own agent (made alike for both games), and check each answer
    is the same until a card of a face-down deck comes out; how many answers that was."""
    one, two = agents(), agents()
    before = _hidden(first)
    answers = 0
    while not first.over and _hidden(first) == before:
        assert first.decision == second.decision
        seat = first.decision.player
        action = one[seat].act(first.agent_view(seat), first.decision)
        assert two[seat].act(second.agent_view(seat), second.decision) == action
        first.apply(action)
        second.apply(action)
        answers += 1
    return answers


@pytest.mark.parametrize("agent", ["heuristic", "search"])
@pytest.mark.parametrize("change", ["reordered", "exchanged"])
def test_an_agent_answers_alike_until_the_card_it_could_not_see_comes_out(agent: str, change: str) -> None:
    """A game whose face-down decks are in another order, or whose location deck holds another monster from the
    box, gets the same answers from every agent until a card of those decks is flipped, examined or moved: an
    agent sees its seat's view, and a search agent imagines the unseen cards from what its seat knows."""
    table = _first_turn_table(["Kyra", "Harsk"], 5)
    other = _reordered(table, random.Random(5)) if change == "reordered" else _exchanged(table)
    assert other != table
    library = load_library()
    first, second = new_game(table=table, library=library), new_game(table=other, library=library)
    made: list[Any] = []

    def agents() -> dict[str, Any]:
        seats = {seat: (SearchAgent(3, worlds=2, candidates=2, library=library) if agent == "search"
                        else make_agent(agent, 3)) for seat in first.seats()}
        made.extend(seats.values())
        return seats

    assert _same_answers_until_revealed(first, second, agents) >= 1  # the turn's question comes before any card
    if agent == "search":
        assert sum(searching.searched for searching in made) >= 2  # it looked ahead, in both games


def test_a_search_agent_imagines_the_same_games_from_the_same_knowledge() -> None:
    """What a search agent imagines is the same for two tables its seat can't tell apart, and differs from the
    truth: the unseen cards are dealt anew."""
    table = _first_turn_table(["Kyra", "Harsk"], 8)
    library = load_library()
    first = new_game(table=table, library=library)
    second = new_game(table=_reordered(table, random.Random(8)), library=library)
    seat = first.decision.player
    imagined = [game.determinized(seat, 4)._state for game in (first, second)]
    decks = lambda state: [[card.uid for card in state.zones.cards(location.deck)]  # noqa: E731
                           for location in state.locations.values()]
    assert decks(imagined[0]) == decks(imagined[1])
    assert decks(imagined[0]) != decks(first._state) and decks(imagined[0]) != decks(second._state)
    for state in imagined:
        state.zones.check_conservation()


def test_an_imagined_game_keeps_every_deck_s_count_of_each_card_type() -> None:
    """A location's deck keeps its count of each card type (SETUP-06), the villain and henchmen stay one to a
    location deck (SETUP-07), hands and decks keep their sizes, and the seat's own hand stays its own."""
    game = new_game(SCENARIO, ["Seelah", "Kyra", "Harsk"], 12, library=load_library())
    while game.turn < 2:
        game.apply(game.legal_actions()[0])
    seat = game.decision.player
    truth, imagined = game._state, game.determinized(seat, 1)._state

    def counts(state: GameState) -> list[dict[str, int]]:
        result = []
        for location in state.locations.values():
            kinds: dict[str, int] = {}
            for card in state.zones.cards(location.deck):
                kind = "bane" if card.type in (CardType.VILLAIN, CardType.HENCHMAN) else str(card.type)
                kinds[kind] = kinds.get(kind, 0) + 1
            result.append(kinds)
        return result

    assert counts(imagined) == counts(truth)
    for real, dealt in zip(truth.characters, imagined.characters, strict=True):
        assert len(imagined.zones.cards(dealt.hand)) == len(truth.zones.cards(real.hand))
        assert len(imagined.zones.cards(dealt.deck)) == len(truth.zones.cards(real.deck))
    mine = next(c for c in truth.characters if c.name == seat)
    assert [c.uid for c in imagined.zones.cards(mine.hand)] == [c.uid for c in truth.zones.cards(mine.hand)]
    villains = [card.name for location in imagined.locations.values() for card in imagined.zones.cards(location.deck)
                if card.type is CardType.VILLAIN]
    assert len(villains) <= 1


def test_an_imagined_game_is_not_copied_undone_or_recorded() -> None:
    game = new_game(SCENARIO, ["Kyra"], 2, library=load_library())
    imagined = game.determinized("Kyra", 1)
    assert not imagined.can_undo()
    for refused in (imagined.clone, imagined.to_record):
        with pytest.raises(ValueError, match="look-ahead"):
            refused()


def test_the_heuristic_plays_a_card_on_a_check_only_when_the_odds_it_brings_are_worth_the_card() -> None:
    """Of the plays on a check it takes the one worth most: a blessing that lifts a check against the villain a
    long way is played; on a check that can't fail it plays nothing."""
    library = load_library()
    agent = HeuristicAgent(library=library)
    game = new_game(SCENARIO, ["Seelah", "Kyra"], 1, library=library)
    seen = {"played": 0, "passed on a sure check": 0}
    while not game.over and game.turn < 12:
        decision = game.decision
        action = agent.act(game.agent_view(decision.player), decision)
        if decision.kind is DecisionKind.PLAY and decision.context.get("timing") == "check":
            before = decision.odds_of(action)
            if action != decision.options[0].id:
                assert before is not None and before[1] > before[0]  # a play it makes raises the odds
                seen["played"] += 1
            elif decision.context.get("probability") == "1":
                seen["passed on a sure check"] += 1
        game.apply(action)
    assert seen["played"] > 0


def _first_turn_question(library: CardLibrary) -> tuple[Mapping[str, Any], Decision, list[str]]:
    """The first turn's question of a two-character game (answering the setup's with their first options), the
    deciding seat's view, and the heuristic's ranking of its answers."""
    game = new_game(SCENARIO, ["Seelah", "Kyra"], 6, library=library)
    while game.decision.kind is not DecisionKind.TURN:
        game.apply(game.legal_actions()[0])
    decision = game.decision
    view = game.agent_view(decision.player)
    return view, decision, HeuristicAgent(library=library).ranked(view, decision)


def test_a_search_agent_takes_the_action_whose_imagined_games_go_best() -> None:
    """It tries its best few actions in the same imagined games and takes the one whose games went best; the
    heuristic's own choice when they went alike."""
    library = load_library()
    view, decision, ranked = _first_turn_question(library)

    class Scripted(SearchAgent):
        """Games that go as told for each action, and a note of the games it imagined for each."""

        def __init__(self, results: dict[str, float]) -> None:
            super().__init__(1, worlds=3, candidates=3, library=library)
            self.results, self.seen = results, {}

        def _played_out(self, imagined: Game, action: str, seat: str) -> float:
            self.seen.setdefault(action, []).append(imagined._state.zones.cards(BLESSINGS_DECK)[0].uid)
            return self.results.get(action, 0.0)

    better = Scripted({ranked[2]: 1.0})
    assert better.act(view, decision) == ranked[2]
    assert len(set(map(tuple, better.seen.values()))) == 1, "every action meets the same imagined games"
    assert len(set(better.seen[ranked[0]])) > 1, "and those games differ from each other"
    assert Scripted({}).act(view, decision) == ranked[0]


def test_the_win_model_is_fitted_by_maximum_likelihood() -> None:
    """Outcomes drawn from a known logistic model give back its weights."""
    rng = random.Random(3)
    truth = [-0.5, 2.0, -1.5, 1.0, 0.5, -2.0, 1.0, 0.3]
    rows = []
    for _ in range(4000):
        x = [rng.random() for _ in FEATURES]
        rows.append((x, rng.random() < logistic(truth, [1.0, *x])))
    fitted = fit(rows)
    assert all(abs(a - b) < 0.6 for a, b in zip(fitted, truth, strict=True)), fitted


def test_the_win_model_reads_the_clock_the_health_and_the_open_locations() -> None:
    """From a real table: fewer blessings left, fewer cards in the characters' decks or more locations open
    make a win less likely."""
    game = new_game(SCENARIO, ["Seelah", "Kyra"], 4, library=load_library())
    while game.turn < 3:
        game.apply(game.legal_actions()[0])
    view = game.view("Seelah")
    chance = win_chance(view)
    assert 0 < chance < 1
    later = {**view, "blessings": {**view["blessings"], "deck": view["blessings"]["deck"] - 10}}
    hurt = {**view, "characters": [{**c, "deck": c["deck"] - 6} for c in view["characters"]]}
    assert win_chance(later) < chance and win_chance(hurt) < chance
    closed = {**view, "locations": [{**place, "closed": True, "deck": 0} for place in view["locations"][:2]]
              + view["locations"][2:]}
    assert win_chance(closed) > chance


def test_the_turns_alternatives_come_likeliest_first_for_a_look_ahead_to_try() -> None:
    """A search that tries the heuristic's answer and two others tries exploring, taking no step and the best
    move, not a card played to explore before the free exploration: the turn's question ranks its answers by
    what they would find (`HeuristicAgent.ranked`)."""
    library = load_library()
    view, decision, ranked = _first_turn_question(library)
    labels = [next(o.label for o in decision.options if o.id == action) for action in ranked]
    assert sorted(labels) == sorted(option.label for option in decision.options), "every answer, once"
    steps = ["paid" if label.endswith("explore again") else label.split()[0] for label in labels]
    assert steps == sorted(steps, key=["Explore", "End", "Move", "paid", "Give"].index), labels
    assert {"Explore", "End", "Move", "Give"} <= set(steps), "the seed's question, as the test reads it"
