"""Each AI decision in one line a person reads (`pacg.render.narrate`, issue 13 item 3).

The lines of decisions as the engine asks them, one kind after another, read as expected; over random games every
decision of every kind seen gets a line for each of its options: the player's name in it, the options told apart,
no Python data.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.decisions import Decision, DecisionKind, Option
from pacg.game import new_game
from pacg.render.narrate import narrate, percent, third_person
from table import library

pytestmark = pytest.mark.plays_at_random


def published(player: str, kind: DecisionKind, prompt: str, labels: list[str], choose: tuple[int, int] | None = None,
              **context: object) -> Decision:
    options = tuple(Option(label, key=f"option:{number}") for number, label in enumerate(labels, 1))
    decision = Decision(player, kind, prompt, options, context=context, choose=choose)
    return decision.published()


def told(decision: Decision, label: str) -> str:
    return narrate(decision, decision.options[decision.index_of(label)].id)


def test_a_play_on_a_check_says_whose_check_and_what_it_does_to_the_odds() -> None:
    decision = published("Kyra", DecisionKind.PLAY, "Kyra: play a card or power on Harsk's Combat check "
                         "(1d8+3 against 10, 38% to succeed)?",
                         ["Done", "Discard Blessing of Ascension: add 1 die of the type the check rolls",
                          "Display Cure"],
                         timing="check", pool="1d8+3", difficulty=10, probability="3/8", odds=["3/8", "13/16", None])
    assert told(decision, "Discard Blessing of Ascension: add 1 die of the type the check rolls") == (
        "Kyra discards Blessing of Ascension on Harsk's Combat check to add 1 die of the type the check rolls: "
        "38% → 81%")
    assert told(decision, "Done") == "Kyra passes on Harsk's Combat check: 38% to succeed"
    assert told(decision, "Display Cure") == "Kyra displays Cure on Harsk's Combat check: 38% to succeed"


def test_a_play_at_another_moment_says_when() -> None:
    decision = published("Adowyn", DecisionKind.PLAY, "Adowyn: play a card or power at the start of Imrijka's turn?",
                         ["Done", "Use Leryn, recharge Vulture: put this card into your hand"], timing="turn start")
    assert told(decision, "Use Leryn, recharge Vulture: put this card into your hand") == (
        "Adowyn uses Leryn, recharges Vulture at the start of Imrijka's turn to put this card into their hand")
    assert told(decision, "Done") == "Adowyn passes at the start of Imrijka's turn"


def test_the_skill_for_a_check_says_the_dice_the_check_and_the_odds() -> None:
    decision = published("Seoni", DecisionKind.SKILL, "Seoni: which skill for the check against Worm Demon (printed: "
                         "Combat 10)?", ["Strength 1d6 against Combat 10",
                                         "Discard Holy Water Grenade: Dexterity 2d6+1d4 against Combat 10"],
                         odds=["0", "1/2"], odds_of="to succeed this way, before any other card is played")
    assert told(decision, "Strength 1d6 against Combat 10") == (
        "Seoni uses Strength 1d6 against Combat 10 for the check against Worm Demon: 0% to succeed")
    assert told(decision, "Discard Holy Water Grenade: Dexterity 2d6+1d4 against Combat 10") == (
        "Seoni discards Holy Water Grenade to use Dexterity 2d6+1d4 against Combat 10 for the check against Worm "
        "Demon: 50% to succeed")


@pytest.mark.parametrize(("kind", "prompt", "label", "line"), [
    (DecisionKind.TURN, "Kyra: move or explore?", "Move to Armory", "Kyra moves to Armory"),
    (DecisionKind.TURN, "Kyra: move or explore?", "Explore Marketplace", "Kyra explores Marketplace"),
    (DecisionKind.EXPLORE, "Kyra: explore?", "Discard Teamster: explore again",
     "Kyra discards Teamster to explore again"),
    (DecisionKind.EXPLORE, "Kyra: explore?", "End exploring", "Kyra ends exploring"),
    (DecisionKind.ACQUIRE, "Kyra: attempt to acquire Cure?", "Let Cure go (it is banished)",
     "Kyra lets Cure go (it is banished)"),
    (DecisionKind.DAMAGE_DISCARD, "Kyra: discard a card for Combat damage (1 to go)", "Discard Longsword",
     "Kyra discards Longsword for Combat damage"),
    (DecisionKind.CLOSE, "Kyra: try to close Watchtower?", "Close Watchtower: succeed at a Wisdom or Perception 8 "
     "check", "Kyra tries to close Watchtower (succeed at a Wisdom or Perception 8 check)"),
    (DecisionKind.CLOSE, "Kyra: try to temporarily close Armory?", "Don't try to temporarily close Armory",
     "Kyra doesn't try to temporarily close Armory"),
    (DecisionKind.TRADE, "Kyra: trade a card before the scenario?", "No more trades", "Kyra offers no more trades"),
    (DecisionKind.ACCEPT_TRADE, "Kyra: trade your Cure for Harsk's Longsword?", "Accept",
     "Kyra trades their Cure for Harsk's Longsword"),
    (DecisionKind.ACCEPT_TRADE, "Kyra: trade your Cure for Harsk's Longsword?", "Refuse",
     "Kyra refuses to trade their Cure for Harsk's Longsword"),
    (DecisionKind.MAY, "Kyra: examine the top card of your location deck?", "No",
     "Kyra does not examine the top card of their location deck"),
    (DecisionKind.MOVE_ALONG, "Kyra: move along to Armory?", "Yes", "Kyra moves along to Armory"),
    (DecisionKind.AFTER_PLAYING, "Kyra: after playing Cure?", "No", "Kyra uses no power after playing Cure"),
    (DecisionKind.REROLL, "Kyra rolled 4 against 9: reroll?", "Keep the result",
     "Kyra rolled 4 against 9; Kyra keeps the result"),
    (DecisionKind.START, "Kyra: where do you start?", "Armory", "Kyra starts at Armory"),
    (DecisionKind.LOCATION, "Kyra: move where?", "Armory", "Kyra moves to Armory"),
    (DecisionKind.TARGET, "Kyra: whom do you heal?", "Harsk", "Kyra heals Harsk"),
    (DecisionKind.TARGET, "Kyra: who moves?", "Seoni", "Seoni moves (Kyra's choice)"),
    (DecisionKind.LOOT, "Who takes the loot Sir Ilivan?", "Harsk", "Harsk takes the loot Sir Ilivan (Kyra's choice)"),
    (DecisionKind.GIVE, "Kyra: give which card to Harsk?", "Helm", "Kyra gives Helm to Harsk"),
    (DecisionKind.TRAIT, "Kyra: replace which trait of the check?", "Fire",
     "Kyra replaces the Fire trait of the check"),
    (DecisionKind.ORDER, "Kyra: which card goes next from the top?", "Helm", "Helm goes next from the top (Kyra's "
     "choice)"),
    (DecisionKind.KEEP, "Kyra: keep one of them?", "Keep none", "Kyra keeps none"),
    (DecisionKind.KEEP, "Kyra: keep one of them?", "Hide Armor", "Kyra keeps Hide Armor"),
    (DecisionKind.TRADE_CARD, "Kyra: for which of Enora's cards?", "Dazzle", "Kyra asks for Enora's Dazzle"),
    (DecisionKind.CARD, "Kyra: which card?", "Sickle", "Kyra chooses Sickle"),
])
def test_each_kind_of_decision_reads_as_a_sentence_about_the_player(kind: DecisionKind, prompt: str, label: str,
                                                                   line: str) -> None:
    decision = published("Kyra", kind, prompt, [label, "Something else"])
    assert told(decision, label) == line


def test_cards_discarded_before_a_reset_are_listed_in_one_line() -> None:
    decision = published("Kyra", DecisionKind.RESET_DISCARD, "Kyra: discard any cards before resetting?",
                         ["Discard Cure", "Discard Longsword", "Discard Helm"], choose=(0, 3))
    assert narrate(decision, decision.choice_id([0, 2])) == "Kyra discards Cure and Helm before resetting"
    assert narrate(decision, "none") == "Kyra discards nothing before resetting"
    down = published("Kyra", DecisionKind.RESET_DISCARD, "Kyra: discard 1 to your hand size of 5?",
                     ["Discard Cure", "Discard Helm"], choose=(1, 1))
    assert narrate(down, down.options[1].id) == "Kyra discards Helm to their hand size of 5"


def test_the_words_the_lines_are_made_of() -> None:
    assert [third_person(verb) for verb in ("discard", "bury", "reach", "pass", "play", "don't")] == [
        "discards", "buries", "reaches", "passes", "plays", "doesn't"]
    assert [percent(chance) for chance in (0, 1, 0.004, 0.999, 0.58)] == ["0%", "100%", "1%", "99%", "58%"]
    with pytest.raises(ValueError, match="not an action"):
        narrate(published("Kyra", DecisionKind.START, "Kyra: where do you start?", ["Armory", "Laboratory"]), "moon")


PYTHON_DATA = re.compile(r"None|True|False|[{}\[\]<>]|\('|'\)|\\|Fraction|DecisionKind|\w+=")


def test_every_option_of_every_decision_of_random_games_gets_its_own_readable_line() -> None:
    """Over random games of 1 to 4 characters: for each decision, every option (or, for a decision of several,
    the set chosen) gets a line that names the player or the one chosen, no two options of different labels the
    same line, and no Python data; every kind of decision seen is narrated."""
    characters = sorted(card.name for card in library() if str(card.type) == "character")
    kinds: Counter[str] = Counter()
    for seed in range(24):
        rng = random.Random(seed)
        game = new_game("The Godless Ones", rng.sample(characters, rng.randint(1, 4)), seed, library=library())
        agent = RandomAgent(seed)
        while (decision := game.decision) is not None:
            action = agent.act({}, decision)
            actions = [action] if decision.choose is not None else decision.actions
            lines = [narrate(decision, one) for one in actions]
            if decision.choose is None:  # options that read the same (copies of a card) are told the same
                assert len(set(lines)) == len({option.label for option in decision.options}), (decision.prompt, lines)
            for line in lines:
                assert not PYTHON_DATA.search(line), line
                assert decision.player in line or any(option.label in line for option in decision.options), line
                assert "  " not in line and line == line.strip(), line
            kinds[str(decision.kind)] += 1
            game.apply(action)
    assert len(kinds) >= 20, kinds
