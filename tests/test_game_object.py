"""The Game object (DESIGN.md 3): copies, records, undo and seat views over random positions of random games.

    `pacg.check_game` holds from random positions: clone() continues exactly as the original would, under the
    same actions, and so does a clone of a clone; load_game(game.to_record()) gives the same legal actions,
    views and outcome; undo() gives back every seat's view, and the same action again the same game; every view
    and decision survives a JSON round trip; an illegal action raises IllegalAction, changing nothing;
    undo is refused once hidden information is out;
    two games that differ only in the order of a face-down deck look the same to every seat until a card of
    that deck comes out.

The acceptance run is 1,000 random positions (PACG_LONG=1); the default run takes 120.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pacg.conformance import check_game
from pacg.decisions import Decision, DecisionKind
from pacg.game import Game, IllegalAction, new_game
from table import library

SCENARIO = "The Godless Ones"
CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah", "Adowyn", "Crowe", "Seoni", "Shardra"]
POSITIONS = 1000 if os.environ.get("PACG_LONG") == "1" else 120
STEPS_CHECKED = 10  # the actions `check_game` takes from each random position
pytestmark = pytest.mark.plays_at_random  # positions of random games: no test of a power


def random_position(seed: int) -> tuple[Game, random.Random]:
    """A game of a random party played at random to a random point (maybe its end)."""
    rng = random.Random(seed)
    party = rng.sample(CHARACTERS, rng.randint(1, 4))
    game = new_game(SCENARIO, party, seed, library=library(), open_hands=rng.random() < 0.3)
    for _ in range(rng.randint(0, 400)):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


def state_of(game: Game) -> tuple[object, ...]:
    """All a test can compare of a game: its decision, actions, log, every seat's view and the outcome."""
    return (game.decision, game.legal_actions(), game.log, game.outcome, [game.view(seat) for seat in game.seats()])


def play_on(game: Game, rng: random.Random, steps: int) -> list[str]:
    taken = []
    for _ in range(steps):
        if game.over:
            break
        taken.append(rng.choice(game.legal_actions()))
        game.apply(taken[-1])
    return taken


@pytest.mark.parametrize("block", range(POSITIONS // 40))
def test_check_game_holds_over_random_positions(block: int) -> None:
    """`pacg.check_game` from each position, a few actions on: a failure names the seed of the position."""
    for seed in range(block * 40, block * 40 + 40):
        game, _ = random_position(seed)
        check_game(game, steps=STEPS_CHECKED, seed=seed)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game, _ = random_position(3)
    if game.over:
        game = new_game(SCENARIO, ["Kyra"], 3, library=library())
    before = state_of(game)
    with pytest.raises(IllegalAction, match="'fly-away' is not an action"):
        game.apply("fly-away")
    assert isinstance(IllegalAction("x"), ValueError)
    assert state_of(game) == before
    finished = new_game(SCENARIO, ["Kyra"], 4, library=library())
    play_on(finished, random.Random(4), 10_000)
    assert finished.over and finished.decision is None and finished.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        finished.apply("done")


def test_action_ids_name_cards_not_places_in_a_list() -> None:
    """The same option keeps its id whatever the order of the hand: two copies of one card get their own."""
    game = new_game(SCENARIO, ["Kyra", "Seelah", "Harsk", "Enora"], 12, library=library())
    seen_copies = False
    rng = random.Random(12)
    for _ in range(3000):
        decision = game.decision
        if decision is None:
            break
        ids = decision.actions
        assert len(set(ids)) == len(ids), "every action of a decision has its own id"
        labels = [option.label for option in decision.options]
        for option in decision.options:
            if labels.count(option.label) > 1:
                assert "#" in option.id  # the physical copy it names
                seen_copies = True
            else:
                assert "#" not in option.id and "~" not in option.id
        game.apply(rng.choice(ids))
    assert seen_copies, "a decision with two copies of one card came up"


def test_decision_kinds_are_an_enumeration() -> None:
    game, _ = random_position(5)
    decision = game.decision or new_game(SCENARIO, ["Kyra"], 5, library=library()).decision
    assert decision is not None and isinstance(decision.kind, DecisionKind)
    assert all(option.value is None for option in decision.options), "no engine object reaches a player"


def test_undo_is_refused_once_hidden_information_is_out() -> None:
    """Undo goes back a step while nothing hidden came out; after a die roll or a card flipped, it says why."""
    game = new_game(SCENARIO, ["Harsk", "Kyra"], 8, library=library())
    rng = random.Random(8)
    refused = allowed = 0
    for _ in range(600):
        if game.over:
            break
        if game.actions and not game.can_undo():
            refused += 1
            assert game.why_not_undo()
            with pytest.raises(IllegalAction, match="can't undo"):
                game.undo()
        elif game.actions:
            allowed += 1
        game.apply(rng.choice(game.legal_actions()))
    assert refused and allowed


def test_several_answers_can_be_taken_back_only_as_one_at_a_time_could() -> None:
    """`why_not_undo(n)` says of the last n answers what undoing them one by one would: for every n at every step
    of a game, and `answered_by` names the seat of each answer."""
    game = new_game(SCENARIO, ["Harsk", "Kyra"], 8, library=library())
    rng = random.Random(3)
    while (decision := game.decision) is not None and len(game.actions) < 150:
        game.apply(rng.choice(game.legal_actions()))
        assert game.answered_by[-1] == decision.player and len(game.answered_by) == len(game.actions)
        trial, one_by_one = game.clone(), []
        while not trial.why_not_undo():
            trial.undo()
            one_by_one.append("")
        one_by_one.append(trial.why_not_undo())
        assert [game.why_not_undo(count) == "" for count in range(1, len(one_by_one) + 1)] == [
            why == "" for why in one_by_one]
    assert game.why_not_undo(len(game.actions) + 1) == "not that many answers were given"


@pytest.mark.rule("EXAM-01")
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), shuffle_seed=st.integers(0, 2**16), steps=st.integers(0, 300))
def test_the_order_of_a_face_down_deck_is_in_no_view_until_a_card_of_it_comes_out(
        seed: int, shuffle_seed: int, steps: int) -> None:
    """Two games that differ only in the order of one face-down location deck give every seat the same view, and
    the same decisions, until a card of that deck is flipped, examined or moved out of it."""
    first, _ = random_position(seed)
    second = first.clone()
    state = second._state  # the true table: to reorder a face-down deck behind every seat's back
    decks = [location.deck for location in state.locations.values() if len(state.zones.cards(location.deck)) > 1]
    if not decks or first.over:
        return
    deck = random.Random(shuffle_seed).choice(decks)
    cards, seen = state.zones.cards(deck), state.known_cards(deck)
    places = [index for index, card in enumerate(cards) if card.uid not in seen]  # examined cards stay put
    unseen = [cards[index] for index in places]
    random.Random(shuffle_seed).shuffle(unseen)
    for index, card in zip(places, unseen, strict=True):
        cards[index] = card
    rng = random.Random(seed + 1)

    def hidden_so_far() -> tuple[int, int, int]:
        """What changes once a card of the deck comes out: cards flipped or examined, its size, its shuffles."""
        table = first._state
        return table.examined, len(table.zones.cards(deck)), table.zones.shuffles.get(deck, 0)

    before = hidden_so_far()
    for _ in range(steps):
        for seat in first.seats():
            assert first.view(seat) == second.view(seat)
        assert first.decision == second.decision
        if first.over:
            break
        action = rng.choice(first.legal_actions())
        first.apply(action)
        second.apply(action)
        if hidden_so_far() != before:
            break  # a card was flipped or examined, or left the deck: from here the games may differ


def test_a_determinized_copy_keeps_what_the_seat_knows_and_deals_the_rest_anew() -> None:
    game = new_game(SCENARIO, ["Kyra", "Harsk"], 21, library=library())
    rng = random.Random(21)
    while game.turn < 3:
        game.apply(rng.choice(game.legal_actions()))
    check_game(game, steps=0)  # among its checks: a look-ahead's copy shows each seat the view it has
    seat = game.seats()[0]
    copies = [game.determinized(seat, seed) for seed in range(4)]
    orders = {tuple(card.uid for location in copy._state.locations.values()
                    for card in copy._state.zones.cards(location.deck)) for copy in copies}
    assert len(orders) > 1, "the unseen cards are dealt anew"
    for copy in copies:
        play_on(copy, random.Random(1), 50)  # and the copy plays on


def test_a_play_windows_odds_are_worked_out_only_when_read_and_only_before_the_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who never reads the odds (a random one) costs no copy of the check per play; one who reads them
    gets them exact; and a decision answered can't be read for odds it never worked out (the game moved on)."""
    from pacg.engine import check

    worked_out: list[object] = []
    real = check.odds_after
    monkeypatch.setattr(check, "odds_after", lambda state, play: worked_out.append(play) or real(state, play))
    game = new_game(SCENARIO, ["Harsk", "Kyra"], 8, library=library())
    rng = random.Random(4)
    windows: list[Decision] = []
    while (decision := game.decision) is not None and len(windows) < 6:
        if decision.kind is DecisionKind.PLAY and "odds" in decision.context:
            windows.append(decision)
            if len(windows) % 2:  # every other window is read: its odds are the check's, play by play
                assert len(decision.context["odds"]) == len(decision.options)
                assert all(chance is None or 0 <= Fraction(chance) <= 1 for chance in decision.context["odds"])
        game.apply(rng.choice(game.legal_actions()))
    read = windows[::2]
    assert len(worked_out) == sum(len(window.options) - 1 for window in read)
    with pytest.raises(RuntimeError, match="after the decision was answered"):
        windows[1].context["odds"]
    assert windows[0].context["odds"] == windows[0].to_json()["context"]["odds"]  # read before: kept


def test_an_agent_s_view_is_its_seat_s_view_and_only_a_seat_at_the_table_gets_one() -> None:
    game = new_game(SCENARIO, ["Kyra", "Seelah"], 4, library=library())
    assert dict(game.agent_view("Kyra")) == game.view("Kyra")
    assert dict(game.agent_view("Seelah"))["characters"] != dict(game.agent_view("Kyra"))["characters"]
    with pytest.raises(ValueError, match="no seat 'Harsk'"):
        game.agent_view("Harsk")


def test_a_seat_s_view_gives_its_own_character_apart_and_a_spectator_s_none() -> None:
    """`you` is the seat's own entry of `characters`, its hand shown; a spectator has no character of its own."""
    game = new_game(SCENARIO, ["Kyra", "Seelah"], 4, library=library())
    for seat in ("Kyra", "Seelah"):
        view = game.view(seat)
        assert view["you"] == next(c for c in view["characters"] if c["name"] == seat)
        assert view["you"]["hand"] is not None
        assert all(c["hand"] is None for c in view["characters"] if c["name"] != seat)
    assert game.view_parts(None)["you"]() is None


def test_refusing_an_answer_of_several_options_says_how_many_are_legal() -> None:
    """Harsk (hand size 5) ends his turn holding 7 cards: "none" answers the question of cards to discard before
    the reset, and is refused, with a message that doesn't offer it, when he must discard 2 to his hand size."""
    hand = ["Shortbow", "Longsword", "Mace", "Helm", "Frog", "Javelin", "Bolas"]
    position = {"scenario": "The Godless Ones", "seed": 1,
                "characters": [{"name": "Harsk", "location": "Abattoir", "hand": hand,
                                "deck": ["Blessing of Ascension"] * 5}],
                "locations": [{"name": "Abattoir", "deck": ["Dire Rat"]}],
                "blessings": ["Blessing of Ascension"] * 3}
    game = new_game(table=position, library=library())
    game.apply("end-exploring")
    assert game.decision is not None and game.decision.choose == (0, 7)
    game.apply("none")
    assert game.decision is not None and game.decision.choose == (2, 2)
    with pytest.raises(IllegalAction, match=r"\(legal: 2 of discard:shortbow, ") as refused:
        game.apply("none")
    assert "none" not in str(refused.value).partition("legal:")[2]
    game.apply("discard:shortbow,discard:mace")
    assert game.view("Harsk")["you"]["hand"] and "Shortbow" in game.view("Harsk")["you"]["discard"]
