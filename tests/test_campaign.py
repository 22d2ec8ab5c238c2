"""Campaigns (issue 28): a party plays an adventure's scenarios one after another, with the rewards, the decks
rebuilt and the dead replaced between them, kept whole after every answer (`pacg.campaign`)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pacg.agents.heuristic import HeuristicAgent
from pacg.campaign.between import Ending, Progress, between_scenarios
from pacg.campaign.campaign import Campaign, CampaignError, load_campaign, new_campaign
from pacg.campaign.party import Member, free_feats
from pacg.campaign.story import INTO_THE_WORLDWOUND, WRATH_OF_THE_RIGHTEOUS, Story
from pacg.cards.model import Character
from pacg.cards.vocabulary import CardType, Skill
from pacg.cli import app
from pacg.decisions import Decision, DecisionKind, Process
from pacg.engine.feats import cards_list
from pacg.game import play
from pacg.saves import FILE_NAME, SaveStore
from pacg.tables import TableFeats
from table import library

HEURISTIC = HeuristicAgent()


def _card(name: str) -> Character:
    card: Character = library().typed(name, Character)
    return card


def _asked(process: Process[None], answer: Callable[[Decision], int] = lambda decision: 0) -> list[Decision]:
    """Every question the process asks, as its player sees it (with the options' ids), each answered by `answer`
    (the first option unless told)."""
    asked = []
    try:
        decision = next(process)
        while True:
            asked.append(decision.published())
            decision = process.send(answer(asked[-1]))
    except StopIteration:
        return asked


def _suggested(name: str) -> list[str]:
    return [card for names in _card(name).suggested_deck.values() for card in names]


def _between(progress: Progress, ending: Ending, answer: Callable[[Decision], int] = lambda decision: 0,
             story_name: str = INTO_THE_WORLDWOUND) -> list[Decision]:
    story = Story.named(library(), story_name)
    return _asked(between_scenarios(library(), story, progress, ending, random.Random(1)), answer)


def _meets_cards_list(member: Member) -> bool:
    counted = Counter(library().get(name).counts_as for name in member.deck)
    needed = {kind: count for kind, count in cards_list(_card(member.name), member.feats).items() if count}
    return dict(counted) == needed


def _played(campaign: Campaign, games: int = 400) -> list[Decision]:
    """The campaign played by heuristic players to its end (at most `games` games): every question between
    scenarios asked, in order."""
    asked = []
    for _ in range(games):
        if campaign.over:
            break
        game = campaign.game
        play(game, HEURISTIC)
        campaign.end_game()
        while (decision := campaign.decision) is not None:
            asked.append(decision)
            campaign.apply(HEURISTIC.act(campaign.view(decision.player), decision))
    return asked


# --- feats ---------------------------------------------------------------------------------------------------


@pytest.mark.rule("FEAT-01")
def test_the_leftmost_unchecked_box_of_a_skill_is_the_one_offered() -> None:
    """Harsk's Strength has two boxes: +1 is offered first, then +2, then none; Charisma's one box once."""
    harsk = _card("Harsk")
    offered = [box.label for box in free_feats(harsk, TableFeats(), "skill")]
    assert "Strength +1" in offered and "Strength +2" not in offered
    once = TableFeats(skills={Skill.STRENGTH: 1, Skill.CHARISMA: 1})
    offered = [box.label for box in free_feats(harsk, once, "skill")]
    assert "Strength +2" in offered and not any(label.startswith("Charisma") for label in offered)
    full = TableFeats(skills={skill: entry.feats for skill, entry in harsk.skills.items()})
    assert free_feats(harsk, full, "skill") == []


@pytest.mark.rule("FEAT-02")
def test_a_card_feat_adds_a_card_of_its_type_to_the_cards_list() -> None:
    """Harsk lists no spell but has a card feat box for one: checked, his deck holds a spell."""
    harsk = _card("Harsk")
    box = next(box for box in free_feats(harsk, TableFeats(), "card") if box.label == "spell +1")
    assert cards_list(harsk, TableFeats())[CardType.SPELL] == 0
    assert cards_list(harsk, box.feats)[CardType.SPELL] == 1


# --- between scenarios ---------------------------------------------------------------------------------------


def _ending(scenario: str, won: bool, *held: list[str], dead: tuple[bool, ...] = ()) -> Ending:
    return Ending(scenario, won, list(held), list(dead) or [False] * len(held))


@pytest.mark.rule("END-06")
def test_the_adventures_last_scenario_won_gives_its_skill_feat_to_each_living_character() -> None:
    """Into the Worldwound's reward, with Vengeance at Sundered Crag, its last scenario: a skill feat each (the
    scenario's own reward first, once)."""
    progress = Progress([Member("Harsk"), Member("Kyra")], completed=Story.named(
        library(), INTO_THE_WORLDWOUND).scenarios[:4])
    asked = _between(progress, _ending("Vengeance at Sundered Crag", True, _suggested("Harsk"), _suggested("Kyra")))
    feats = [decision for decision in asked if decision.kind is DecisionKind.FEAT]
    skill_feats = [decision for decision in feats if all(option.id.startswith("feat:skill:")
                                                         for option in decision.options)]
    assert [decision.player for decision in skill_feats] == ["Harsk", "Kyra"]
    assert INTO_THE_WORLDWOUND in progress.rewarded and progress.rewarded.count(INTO_THE_WORLDWOUND) == 1
    assert all(member.feats.skills for member in progress.party)


@pytest.mark.rule("END-03")
def test_no_feat_is_gained_where_no_box_of_its_kind_is_free_and_the_dead_gain_none() -> None:
    """The adventure's skill feat: Harsk has every skill box checked and is asked nothing of it; Kyra is dead."""
    harsk = _card("Harsk")
    full = TableFeats(skills={skill: entry.feats for skill, entry in harsk.skills.items()})
    progress = Progress([Member("Harsk", feats=full), Member("Kyra")],
                        completed=Story.named(library(), INTO_THE_WORLDWOUND).scenarios[:4])
    asked = _between(progress, _ending("Vengeance at Sundered Crag", True, _suggested("Harsk"), _suggested("Kyra"),
                                       dead=(False, True)))
    skill_questions = [decision for decision in asked if decision.kind is DecisionKind.FEAT
                       and any(option.id.startswith("feat:skill:") for option in decision.options)]
    assert skill_questions == []
    assert progress.party[0].feats.skills == full.skills


@pytest.mark.rule("END-04")
def test_a_lost_scenario_gives_no_reward_and_is_played_again() -> None:
    progress = Progress([Member("Harsk")])
    asked = _between(progress, _ending("The Godless Ones", False, _suggested("Harsk")))
    assert not [decision for decision in asked if decision.kind is DecisionKind.FEAT]
    assert progress.completed == [] and progress.rewarded == []
    assert Story.named(library(), INTO_THE_WORLDWOUND).next_scenario(progress.completed) == "The Godless Ones"


@pytest.mark.rule("REB-01")
@pytest.mark.rule("END-05")
def test_the_decks_are_rebuilt_from_the_pooled_cards_to_the_cards_list() -> None:
    """Harsk and Kyra pool what they held, Harsk a Longsword more than his deck (acquired in the scenario); each
    deck is rebuilt to its Cards List, Kyra free to take that Longsword (the trade is free), and what no one takes
    is left for the box."""
    harsk, kyra = [*_suggested("Harsk"), "Longsword"], _suggested("Kyra")
    progress = Progress([Member("Harsk", _suggested("Harsk")), Member("Kyra", kyra)])

    def take_harsks_cards(decision: Decision) -> int:
        ids = [option.id for option in decision.options]
        if decision.player == "Kyra" and "take:longsword" in ids:
            return ids.index("take:longsword")
        return 0

    asked = _between(progress, _ending("The Godless Ones", False, harsk, kyra), take_harsks_cards)
    assert {decision.kind for decision in asked} == {DecisionKind.REBUILD}
    assert all(_meets_cards_list(member) for member in progress.party)
    assert "Longsword" in progress.party[1].deck and "Longsword" not in kyra
    assert not Counter(progress.party[0].deck + progress.party[1].deck) - Counter(harsk + kyra)


@pytest.mark.rule("REB-02")
def test_a_type_short_in_the_pool_is_made_up_of_basic_cards_from_the_box() -> None:
    """Harsk held no weapon at the end: he takes his five from the box, each a Basic card."""
    held = [name for name in _suggested("Harsk") if library().get(name).counts_as is not CardType.WEAPON]
    progress = Progress([Member("Harsk")])
    asked = _between(progress, _ending("The Godless Ones", False, held))
    weapons = [decision for decision in asked if "weapon" in decision.prompt]
    assert len(weapons) == 5 and all(option.id.startswith("box:") for decision in weapons
                                     for option in decision.options)
    taken = [name for name in progress.party[0].deck if library().get(name).counts_as is CardType.WEAPON]
    assert len(taken) == 5 and all(library().get(name).basic_for("Harsk") for name in taken)


@pytest.mark.rule("DEATH-03")
@pytest.mark.rule("DEATH-04")
def test_a_dead_character_is_replaced_and_the_survivors_may_take_their_cards() -> None:
    """Kyra died holding a Cure: Harsk (with a card feat for a spell) may take it; Kyra's player starts Kyra again,
    with no feats and a deck of Basic cards meeting her Cards List."""
    spell = next(box.feats for box in free_feats(_card("Harsk"), TableFeats(), "card") if box.label == "spell +1")
    kyra_feats = TableFeats(skills={Skill.WISDOM: 1})
    progress = Progress([Member("Harsk", feats=spell), Member("Kyra", feats=kyra_feats)])
    asked = _between(progress, _ending("The Godless Ones", False, _suggested("Harsk"), _suggested("Kyra"),
                                       dead=(False, True)))
    harsks_spell = next(decision for decision in asked if decision.player == "Harsk" and "spell" in decision.prompt)
    assert "take:cure" in [option.id for option in harsks_spell.options]
    new = next(decision for decision in asked if decision.kind is DecisionKind.NEW_CHARACTER)
    assert new.player == "Kyra" and "Kyra" in [option.label for option in new.options]
    kyra = progress.party[1]
    assert kyra.name == new.options[0].label and kyra.alive and kyra.feats == TableFeats()
    assert _meets_cards_list(kyra) and all(library().get(name).basic_for(kyra.name) for name in kyra.deck)


# --- a campaign played ---------------------------------------------------------------------------------------


def test_a_campaign_is_set_up_with_the_story_and_refuses_an_unknown_one() -> None:
    campaign = new_campaign("c", ["harsk", "KYRA"], seed=3, library=library())
    assert campaign.story.name == INTO_THE_WORLDWOUND and campaign.next_scenario == "The Godless Ones"
    assert campaign.game.seats() == ["Harsk", "Kyra"]
    with pytest.raises(ValueError, match="unknown adventure or Adventure Path 'Into the Wound'"):
        new_campaign("c", ["Harsk"], "Into the Wound", library=library())


@pytest.mark.rule("END-03")
@pytest.mark.rule("END-06")
@pytest.mark.rule("REB-03")
def test_into_the_worldwound_played_to_its_end_by_heuristic_players() -> None:
    """Harsk and Kyra play every scenario, a lost one again, to the adventure's end: every reward given once, each
    deck meeting its Cards List with its feats, every card of the decks one of the box's (none made twice)."""
    campaign = new_campaign("whole", ["Harsk", "Kyra"], seed=1, library=library())
    asked = _played(campaign)
    assert campaign.over and campaign.progress.completed == campaign.story.scenarios
    assert len(campaign.progress.rewarded) == len(set(campaign.progress.rewarded))
    assert INTO_THE_WORLDWOUND in campaign.progress.rewarded
    assert all(_meets_cards_list(member) for member in campaign.progress.party)
    last = campaign.games[-1]["record"]["outcome"]
    skill_feats = [decision.player for decision in asked if decision.kind is DecisionKind.FEAT
                   and decision.options[0].id.startswith("feat:skill:")]
    survivors = [name for name in last["characters"] if name not in last["dead"]]
    assert skill_feats[-len(survivors):] == survivors  # the adventure's skill feat, for the living at its end
    box = Counter(card.name for card in library().box_contents(0))
    decks = Counter(name for member in campaign.progress.party for name in member.deck)
    assert not decks - box, "a deck holds more copies of a card than the box"
    results = [game["result"] for game in campaign.games]
    assert results.count("won") == len(campaign.story.scenarios) and len(results) == len(campaign.games)


def test_a_campaign_made_again_from_its_data_at_every_step_goes_on_the_same() -> None:
    """The data written after every answer between scenarios (and during a game) loads to the same question."""
    campaign = new_campaign("again", ["Seelah"], seed=5, library=library())
    for _ in range(3):
        play(campaign.game, HEURISTIC)
        again = load_campaign(json.loads(json.dumps(campaign.data())), library=library())
        assert again.game.view("Seelah") == campaign.game.view("Seelah")
        campaign.end_game()
        while (decision := campaign.decision) is not None:
            again = load_campaign(json.loads(json.dumps(campaign.data())), library=library())
            assert again.decision == decision and again.summary() == campaign.summary()
            campaign.apply(HEURISTIC.act(campaign.view(decision.player), decision))
        assert load_campaign(campaign.data(), library=library()).summary() == campaign.summary()


@pytest.mark.parametrize(("change", "says"), [
    (lambda data: data.pop("party"), "the campaign: party: Field required"),
    (lambda data: data.update(version=9), "the campaign: version: Input should be 1"),
    (lambda data: data["party"][0].update(deck="Longsword"),
     "the campaign: party.0.deck: Input should be a valid list"),
    (lambda data: data.update(story="Into the Wound"), "the campaign: unknown adventure or Adventure Path"),
    (lambda data: data["party"][0].update(feats={"skills": {"Wisdom": 9}}),
     "the campaign: party.0.feats.skills.Wisdom: Kyra's Wisdom has 4 feat boxes, not 9 to check"),
    (lambda data: data["party"][0].update(name="Kira"), "the campaign: party.0.name: 'Kira' is not a character"),
    (lambda data: data["party"][0]["deck"].append("Longswrod"),
     "the campaign: party.0.deck: no card named 'Longswrod'"),
])
def test_bad_campaign_data_is_refused_naming_the_field(change: Callable[[dict[str, object]], object],
                                                       says: str) -> None:
    data = new_campaign("bad", ["Kyra"], seed=2, library=library()).data()
    change(data)
    with pytest.raises(CampaignError, match=says):
        load_campaign(data, library=library())


# --- kept whole, through kills and at the command line ----------------------------------------------------------

LONG = bool(os.environ.get("PACG_LONG"))
KILLED_STEPS = 200 if LONG else 40  # between-scenario answers kept, across the kills

PLAYER = """
import sys
from pacg.agents.random_agent import RandomAgent
from pacg.campaign.campaign import load_campaign
from pacg.game import play
from pacg.saves import FILE_NAME, SaveStore
from pacg.saves import SaveStore

agent = RandomAgent(int(sys.argv[1]))
with SaveStore() as store:
    campaign = load_campaign(store.get_campaign("killed"))
    keep = lambda *_: store.put_campaign("killed", campaign.data())
    while True:
        if not campaign.between_scenarios:
            play(campaign.game, agent, keep)
            campaign.end_game()
            keep()
        while (decision := campaign.decision) is not None:
            campaign.apply(agent.act(campaign.view(decision.player), decision))
            keep()
            print("between", flush=True)
"""


def _kept_so_far(data: dict[str, Any]) -> tuple[int, int, int]:
    """How far a kept campaign has come: games ended, then answers of the game or the steps under way."""
    now = data["now"] or {}
    return (len(data["games"]), len(now.get("between", {}).get("answers", [])) if "between" in now else -1,
            len(now["game"]["actions"]) if "game" in now else 0)


def test_a_campaign_killed_at_random_moments_always_loads_and_loses_nothing_kept(tmp_path: Path) -> None:
    """A player process SIGKILLed at random moments while it plays a campaign's games and the steps between them,
    saving after every answer: after each kill the campaign loads, never behind where it was before the kill."""
    env = {**os.environ, "PACG_DATA_DIR": str(tmp_path)}
    with SaveStore(tmp_path / FILE_NAME) as store:
        store.put_campaign("killed", new_campaign("killed", ["Harsk", "Kyra"], seed=9, library=library()).data())
    rng, steps, before, kills = random.Random(9), 0, (0, -1, 0), 0
    while steps < KILLED_STEPS:
        player = subprocess.Popen([sys.executable, "-c", PLAYER, str(kills)], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.3, 1.5))
        player.send_signal(signal.SIGKILL)
        out, err = player.communicate()
        assert player.returncode == -signal.SIGKILL, err
        steps += out.count("between")
        kills += 1
        with SaveStore(tmp_path / FILE_NAME) as store:
            data = store.get_campaign("killed")
        load_campaign(data, library=library())
        assert _kept_so_far(data) >= before
        before = _kept_so_far(data)
    assert kills >= 3


def test_the_campaign_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """new, list, show, play (every seat AI) and delete, with --json where scripts read them."""
    monkeypatch.setenv("PACG_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    made = runner.invoke(app, ["campaign", "new", "crusade", "--characters", "harsk,kyra", "--seed", "4", "--json"])
    assert made.exit_code == 0, made.output
    shown = json.loads(made.stdout)
    assert (shown["name"], shown["completed"], shown["next"], shown["over"]) == ("crusade", [], "The Godless Ones",
                                                                               False)
    assert [(one["name"], one["alive"], len(one["deck"])) for one in shown["characters"]] == [("Harsk", True, 15),
                                                                                            ("Kyra", True, 15)]
    again = runner.invoke(app, ["campaign", "new", "crusade", "--characters", "Kyra"])
    assert again.exit_code == 2 and "there is a campaign 'crusade' already" in again.output
    played = runner.invoke(app, ["campaign", "play", "crusade", "--agent", "heuristic", "--json"])
    assert played.exit_code == 0, played.output
    after = json.loads(played.stdout)
    assert [game["scenario"] for game in after["games"]] == ["The Godless Ones"] and not after["between_scenarios"]
    listed = runner.invoke(app, ["campaign", "list", "--json"])
    assert [one["name"] for one in json.loads(listed.stdout)] == ["crusade"]
    shown_again = json.loads(runner.invoke(app, ["campaign", "show", "crusade", "--json"]).stdout)
    assert shown_again == after
    assert runner.invoke(app, ["campaign", "delete", "crusade"]).exit_code == 0
    missing = runner.invoke(app, ["campaign", "show", "crusade"])
    assert missing.exit_code == 1 and "no campaign 'crusade' (there are no campaigns)" in missing.output
    unknown = runner.invoke(app, ["campaign", "new", "c", "--characters", "Harsk", "--adventure", "Into the Wound"])
    assert unknown.exit_code == 2 and "unknown adventure or Adventure Path 'Into the Wound'" in unknown.output


@pytest.mark.rule("MYTH-01")
@pytest.mark.rule("DEATH-03")
def test_the_worldwound_incursion_played_to_its_end_with_a_death_in_it() -> None:
    """Harsk and Kyra play Adventure Deck 1's adventure to its end: someone dies on the way and is replaced, and the
    living at the end choose their mythic paths (the adventure's reward); each deck meets its Cards List."""
    campaign = new_campaign("incursion", ["Harsk", "Kyra"], "The Worldwound Incursion", seed=1, library=library())
    asked = _played(campaign)
    assert campaign.over and campaign.progress.completed == campaign.story.scenarios
    assert [decision for decision in asked if decision.kind is DecisionKind.NEW_CHARACTER]
    last = campaign.games[-1]["record"]["outcome"]
    survivors = [name for name in last["characters"] if name not in last["dead"]]
    assert [decision.player for decision in asked if decision.kind is DecisionKind.MYTHIC_PATH] == survivors
    assert all(member.mythic_path for member in campaign.progress.party if member.name in survivors)
    assert all(_meets_cards_list(member) for member in campaign.progress.party)


@pytest.mark.rule("END-07")
def test_the_adventure_paths_last_scenario_won_gives_the_adventures_reward_and_then_the_paths() -> None:
    """The Wrath of the Righteous Adventure Path, its one adventure of this box done with The Wardstone Legacy: the
    scenario's reward, The Worldwound Incursion's (a mythic path) and the Path's, each once, in that order."""
    path = Story.named(library(), WRATH_OF_THE_RIGHTEOUS)
    progress = Progress([Member("Seoni", _suggested("Seoni"))], completed=path.scenarios[:-1])
    asked = _between(progress, _ending("The Wardstone Legacy", True, _suggested("Seoni")),
                     story_name=WRATH_OF_THE_RIGHTEOUS)
    assert progress.rewarded == ["The Wardstone Legacy", "The Worldwound Incursion", WRATH_OF_THE_RIGHTEOUS]
    assert DecisionKind.MYTHIC_PATH in [decision.kind for decision in asked] and progress.party[0].mythic_path
    assert path.next_scenario(progress.completed) is None
