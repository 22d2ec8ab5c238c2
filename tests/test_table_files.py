"""Table files (`pacg.tables`): a position written as YAML or JSON, a game started from it, and the rules tested on
it (tests/tables/*.yaml).

    a table file lays out exactly the position it describes: every pile in its order, feats, mythic paths;
    the game starts with the turn of the character it names, and its scripted dice come up;
    a game from a table copies, saves and loads like any other;
    `pacg play --table FILE` plays one to its end; a bad file is one line naming the file and the field, exit 2.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.cards.loader import CardLibrary
from pacg.cards.vocabulary import Skill
from pacg.cli import app
from pacg.engine.state import GameState
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, Zone, ZoneKind
from pacg.record import RecordError
from pacg.tables import TableError, build_state, read_table
from table import answer, card, library

TABLES = Path(__file__).parent / "tables"
POSITION = TABLES / "position.yaml"


def names(game: GameState, zone: Zone) -> list[str]:
    return [card.name for card in game.zones.cards(zone)]


def position() -> dict[str, Any]:
    """The data of tests/tables/position.yaml, to change for a test."""
    data: dict[str, Any] = yaml.safe_load(POSITION.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("file", ["position.yaml", "position.json"])
def test_a_table_file_lays_out_the_position_it_describes(file: str) -> None:
    state = build_state(library(), read_table(TABLES / file), seed=1)
    harsk, kyra = state.characters
    assert (harsk.location, kyra.location) == ("Abattoir", "Armory")
    assert names(state, harsk.hand) == ["Shortbow", "Cecilla the Uprooter"]
    assert names(state, harsk.deck) == ["Longsword", "Helm", "Frog"], "top first"
    assert (names(state, harsk.discard_pile), names(state, harsk.buried)) == (["Javelin"], ["Bolas"])
    assert names(state, kyra.displayed) == ["Sagacity"]
    assert [names(state, location.deck) for location in state.locations.values()] == [
        ["Dire Rat", "Zombie"], ["Mace", "Sophini", "Helm"], []]
    assert [location.closed for location in state.locations.values()] == [False, False, True]
    assert names(state, BLESSINGS_DECK) == ["Blessing of Pulura", "Blessing of Ascension", "Blessing of Ascension"]
    assert names(state, BLESSINGS_DISCARD) == ["Blessing of Iomedae"]
    assert kyra.hand_size == 6, "her hand size feat"
    assert kyra.skill(Skill.WISDOM) is not None and kyra.skill(Skill.WISDOM).modifier == 2, "two Wisdom feats"
    cost = kyra.powers()[0][1].cost
    assert cost is not None and cost.card is not None and "blessing" in (cost.card.types or []), "the blessing box"
    assert kyra.mythic_path is not None and (kyra.mythic_path.name, kyra.mythic_charges) == ("Mythic Hierophant", 2)
    assert state.characters[state.next_turn] is kyra
    assert state.rng.faces == [2, 1]
    state.zones.check_conservation()
    boxed = sum(len(cards) for zone, cards in state.zones.state().piles.items() if zone.kind is ZoneKind.BOX)
    assert boxed + 22 == state.zones.total, "the 22 cards named came out of the box"


def test_the_yaml_and_the_json_file_are_the_same_table() -> None:
    assert read_table(TABLES / "position.yaml").canonical() == read_table(TABLES / "position.json").canonical()


def test_a_game_from_a_table_begins_with_the_turn_it_names_and_each_seat_sees_its_own() -> None:
    game = pacg.new_game(table=POSITION)
    assert game.setup.seed == 11, "the table's seed"
    assert game.seats() == ["Harsk", "Kyra"]
    decision = game.decision
    assert decision is not None and decision.player == "Kyra"
    view = game.view("Kyra")
    assert view["blessings"] == {"deck": 2, "discard": ["Blessing of Pulura", "Blessing of Iomedae"]}, \
        "her turn began: the blessings deck advanced"
    harsk, kyra = view["characters"]
    assert (harsk["hand"], harsk["hand_count"], harsk["deck"]) == (None, 2, 3)
    assert (kyra["hand"], kyra["hand_size"], kyra["mythic_path"]) == (["Cure", "Blessing of Ascension"], 6,
                                                                     "Mythic Hierophant")
    assert [location["deck"] for location in view["locations"]] == [2, 3, 0]


@pytest.mark.rule("DICE-01")
@pytest.mark.parametrize(("dice", "rolled", "defeated"), [([8, 6, 4, 4], 25, True), ([1, 1, 1, 1], 7, False)])
def test_the_table_s_dice_come_up(dice: list[int], rolled: int, defeated: bool) -> None:
    """The same check rolls what each table scripts: Ranged 1d8+1d6+2d4+3 against the Dire Rat's 10."""
    data = yaml.safe_load((TABLES / "dire-rat.yaml").read_text(encoding="utf-8"))
    data["dice"] = dice
    game = pacg.new_game(table=data, seed=5)
    answer(game, "Explore Abattoir", "Done", "Reveal Shortbow: Ranged",
           "Recharge Cecilla the Uprooter")
    result = "succeeded" if defeated else "failed"
    assert f"Harsk {result} at Ranged 1d8+1d6+2d4+3 against 10: rolled {rolled}" in game.log


@pytest.mark.plays_at_random
def test_a_game_from_a_table_clones_saves_and_loads_as_the_same_game() -> None:
    game = pacg.new_game(table=POSITION)
    agent = RandomAgent(3)
    for _ in range(8):
        decision = game.decision
        assert decision is not None
        game.apply(agent.act({}, decision))
    clone = game.clone()
    record = json.loads(json.dumps(game.to_record()))
    assert record["table"] == read_table(POSITION).data()
    loaded = pacg.load_game(record)
    assert loaded.setup == game.setup
    for other in (clone, loaded):
        assert other.legal_actions() == game.legal_actions()
        assert [other.view(seat) for seat in other.seats()] == [game.view(seat) for seat in game.seats()]
    while (decision := game.decision) is not None:
        action = agent.act({}, decision)
        for one in (game, clone, loaded):
            one.apply(action)
    assert clone.outcome == loaded.outcome == game.outcome is not None
    assert pacg.load_game(game.to_record()).outcome == game.outcome


def test_a_record_whose_table_was_changed_is_refused() -> None:
    record = pacg.new_game(table=POSITION).to_record()
    edited = copy.deepcopy(record)
    edited["table"]["locations"][0]["deck"].reverse()
    with pytest.raises(RecordError, match="drifts from the record at the start of turn 1"):
        pacg.load_game(edited)
    edited = copy.deepcopy(record)
    edited["table"]["characters"][0]["hands"] = []
    with pytest.raises(RecordError, match=r"field 'table': characters\[0\]\.hands: unknown field"):
        pacg.load_game(edited)
    edited = copy.deepcopy(record)
    edited["scenario"] = "The Traitor's Lodge"
    with pytest.raises(RecordError, match="'scenario' and 'characters' are not the table's"):
        pacg.load_game(edited)


@pytest.mark.parametrize(("change", "field", "message"), [
    (lambda data: data["characters"][0].update(location="Cemetery"), "characters[0].location",
     "Cemetery is not one of the table's locations"),
    (lambda data: data["locations"][2].update(deck=["Mace"]), "locations[2].deck", "a permanently closed location"),
    (lambda data: data["characters"][0]["hand"].append("Harsk"), "characters[0].hand[2]",
     "Harsk is a character, not a card of the box"),
    (lambda data: data["locations"][0]["deck"].append("Giant Bat"), "locations[0].deck[2]",
     "Giant Bat comes with Adventure Deck 1: the box of The Godless Ones holds the cards up to Adventure Deck 0"),
    (lambda data: data["characters"][1]["feats"].update(role="Paladin"), "characters[1].feats.role",
     "Kyra has no role 'Paladin' (roles: Dawnflower's Flare, Everlight's Grace)"),
    (lambda data: data["characters"][1]["feats"].update(powers=[[0, "Fire"]]), "characters[1].feats.powers[0]",
     "paragraph 0 has no box 'Fire' (boxes: blessing"),
    (lambda data: data["characters"].append(data["characters"][0]), "characters[2].name",
     "the character Harsk is at the table once only"),
    (lambda data: data.update(turn="Seelah"), "turn", "Seelah is not at the table"),
    (lambda data: data.update(scenario="The Godless Two"), "scenario",
         "unknown scenario 'The Godless Two' (did you mean: The Godless Ones?)"),
    (lambda data: data.update(dice=[6, 21]), "dice[1]", "less than or equal to 20"),
])
def test_a_table_that_can_t_be_laid_out_is_refused_naming_its_field(change: Any, field: str, message: str) -> None:
    data = position()
    change(data)
    with pytest.raises(TableError) as refused:
        read_table(data)
    assert str(refused.value).startswith(f"the table: {field}: "), str(refused.value)
    assert message in str(refused.value)


RUNELORDS_KYRA = card("""
name: Rise of the Runelords Kyra
type: character
set: B
provenance: standin
notes: A test character, the Kyra of another Adventure Path (SET-04), with the Melee skill where this one has
  Knowledge, and a power of her own.
skills:
  Strength: {die: d6, derived: {Melee: 2}}
  Wisdom: {die: d12, feats: 4, derived: {Divine: 2}}
hand_size: {start: 5, feats: 1}
favored: [spell]
cards_list:
  spell: {start: 5}
powers:
- when: check
  cost: {action: recharge, card: {types: [spell]}}
  effects:
  - add_dice: 1d6
""")


EVERLIGHT = "Everlight's Grace"  # a role of this set's Kyra


@pytest.mark.rule("SET-04")
@pytest.mark.parametrize(("feats", "message"), [
    ({"hand_size": 1, "skills": {"Wisdom": 2}, "powers": [[0, "blessing"]]},
     "characters[1].feats.powers[0]: paragraph 0 has no box 'blessing' (boxes: none)"),
    ({"role": EVERLIGHT},
     f"characters[1].feats.role: Rise of the Runelords Kyra has no role {EVERLIGHT!r} (roles: none)"),
], ids=["feat boxes", "role"])
def test_kyra_of_another_adventure_path_is_another_card_with_her_own_skills_feats_and_roles(
    feats: dict[str, Any], message: str
) -> None:
    """"Wrath of the Righteous Kyra" is a different card from "Rise of the Runelords Kyra", so no feats or role
    cards are exchanged between them: the table's Kyra with this set's Kyra's feat boxes or role, but the other
    Kyra's name, is refused; without them, the other Kyra sits at the table with her own skills (Melee, not
    Knowledge)."""
    cards = CardLibrary([*library(), RUNELORDS_KYRA])
    data = position()
    data["characters"][1]["feats"] = feats
    read_table(data, cards)  # this set's Kyra has those boxes
    data["characters"][1]["name"] = "Rise of the Runelords Kyra"
    with pytest.raises(TableError) as refused:
        read_table(data, cards)
    assert str(refused.value) == f"the table: {message}"
    del data["characters"][1]["feats"]
    data["turn"] = "Rise of the Runelords Kyra"
    state = build_state(cards, read_table(data, cards), seed=1)
    runelords = state.characters[1]
    assert runelords.card is RUNELORDS_KYRA
    assert runelords.skill(Skill.MELEE) is not None and runelords.skill(Skill.KNOWLEDGE) is None
    assert build_state(library(), read_table(position()), seed=1).characters[1].skill(Skill.MELEE) is None


def test_names_are_read_in_any_case_as_the_cards_own() -> None:
    data = position()
    data["characters"][0].update(name="harsk", hand=["SHORTBOW"])
    table = read_table(data)
    assert (table.characters[0].name, table.characters[0].hand) == ("Harsk", ["Shortbow"])


@pytest.mark.plays_at_random
def test_pacg_play_with_a_table_plays_a_random_game_to_its_end(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    played = CliRunner().invoke(app, ["play", "--table", str(POSITION), "--agent", "random", "--json", "--log",
                                      str(log)])
    assert played.exit_code == 0, played.output
    outcome = json.loads(played.stdout)
    assert (outcome["scenario"], outcome["characters"], outcome["seed"]) == ("The Godless Ones", ["Harsk", "Kyra"], 11)
    assert outcome["result"] in ("won", "lost")
    replayed = CliRunner().invoke(app, ["replay", str(log), "--json"])
    assert replayed.exit_code == 0 and json.loads(replayed.stdout) == outcome


TRAINING_DUMMY = """
name: Training Dummy
type: monster
set: B
provenance: standin
notes: A custom monster for a table file's test.
check_to_defeat: Combat 3
"""


@pytest.mark.plays_at_random
def test_a_table_may_name_custom_cards_added_to_the_box_with_cards(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "training-dummy.yaml").write_text(TRAINING_DUMMY, encoding="utf-8")
    data = position()
    data["locations"][0]["deck"] = ["Training Dummy", "Dire Rat"]
    table = tmp_path / "dummy.yaml"
    table.write_text(yaml.safe_dump(data), encoding="utf-8")
    refused = CliRunner().invoke(app, ["play", "--table", str(table), "--agent", "random"])
    assert refused.exit_code == 2 and "locations[0].deck[0]: unknown card 'Training Dummy'" in refused.stderr
    played = CliRunner().invoke(app, ["play", "--table", str(table), "--cards", str(cards), "--agent", "random",
                                      "--json"])
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["result"] in ("won", "lost")


def test_the_example_in_the_docs_is_a_table_file() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "table-files.md").read_text(encoding="utf-8")
    [example] = re.findall(r"```yaml\n(.*?)```", doc, flags=re.DOTALL)
    assert read_table(yaml.safe_load(example)).canonical() == read_table(POSITION).canonical()


BAD_FILES = [
    ("unknown field", "position.yaml", lambda text: text.replace("  buried:", "  burried:"), ":11: characters[0]."
     "burried: unknown field (the fields here: name, location, hand, deck,"),
    ("unknown card", "position.yaml", lambda text: text.replace("Shortbow,", "Shortbw,"), ":8: characters[0]."
     "hand[0]: unknown card 'Shortbw' (did you mean: Shortbow?)"),
    ("no copy left", "position.yaml", lambda text: text.replace("[Dire Rat, Zombie]", "[Dire Rat, Zombie, Dire Rat]"),
     ":25: locations[0].deck[2]: no Dire Rat left in the box: it holds 1, all on the table already (the first at "
     "locations[0].deck[0])"),
    ("wrong type", "position.json", lambda text: text.replace('"seed": 11', '"seed": "eleven"'),
     ": seed: Input should be a valid integer, not 'eleven'"),
    ("not YAML", "position.yaml", lambda text: text.replace("[Sagacity]", "[Sagacity"), ": not valid YAML"),
    ("not JSON", "position.json", lambda text: text[:40], ": not JSON: "),
]


@pytest.mark.parametrize(("case", "file", "edit", "expected"), BAD_FILES, ids=[case[0] for case in BAD_FILES])
def test_a_bad_table_file_is_one_line_naming_the_file_and_the_field_exit_2(
        tmp_path: Path, case: str, file: str, edit: Any, expected: str) -> None:
    path = tmp_path / file
    path.write_text(edit((TABLES / file).read_text(encoding="utf-8")), encoding="utf-8")
    played = CliRunner().invoke(app, ["play", "--table", str(path), "--agent", "random"])
    assert played.exit_code == 2, played.output
    assert played.exception is None or isinstance(played.exception, SystemExit)
    assert played.stderr.count("\n") == 1 and "Traceback" not in played.output
    assert played.stderr.startswith(f"Error: {path}"), played.stderr
    assert expected in played.stderr, played.stderr


def test_a_table_gives_the_scenario_and_the_characters_so_pacg_play_refuses_them_too() -> None:
    played = CliRunner().invoke(app, ["play", "--table", str(POSITION), "--characters", "Harsk", "--agent", "random"])
    assert played.exit_code == 2
    assert played.stderr == ("Error: --table starts a new game of the table's scenario and characters: leave out "
                              "--characters\n")


# --- rule tests on table files (once in test_turn.py and test_check_examples.py, on `Table`) -------------------


@pytest.mark.rule("GOLD-01")
@pytest.mark.rule("TURN-04")
@pytest.mark.rule("KEEP-03")
def test_a_card_lets_you_explore_again_and_revealed_cards_forget_they_were_played() -> None:
    """The rulebook allows one free exploration; a blessing's power gives another (the card wins). The Hand
    Crossbow revealed on the first monster is revealed again on the second: cards have no memories."""
    game = pacg.new_game(table=TABLES / "explore-again.yaml")
    asked = answer(game, "Explore Armory", "Done", "Reveal Hand Crossbow: Ranged",
                   "Done", "Discard Blessing of Ascension: explore", "Reveal Hand Crossbow: Ranged", "Done discarding")
    assert game.log.count("Harsk reveals Hand Crossbow") == 2, "revealed on both monsters"
    assert [line for line in game.log if "encounters" in line] == ["Harsk encounters Dire Rat",
                                                                   "Harsk encounters Zombie"]
    explores = [decision for decision in asked if decision.kind is pacg.DecisionKind.EXPLORE]
    assert [option.label.split(":")[0] for option in explores[0].options] == [
        "End exploring", "Explore Armory", "Discard Blessing of Ascension"]
    assert [option.label.split(":")[0] for option in explores[1].options] == [
        "End exploring", "Discard Blessing of Ascension"], "the free exploration is used: only the card's is left"
    assert game.view("Harsk")["locations"][0]["deck"] == 1, "the Mace is left"


@pytest.mark.rule("CHK-05")
@pytest.mark.rule("CHK-07")
@pytest.mark.rule("CHK-08")
@pytest.mark.rule("CHK-14")
@pytest.mark.rule("PLAY-10")
@pytest.mark.rule("LOC-01")
def test_harsk_defeats_the_dire_rat_at_the_abattoir() -> None:
    """At the Abattoir with 2 characters the Dire Rat's Combat 8 is 10 and its Dexterity or Stealth 6 is 8.
    Harsk reveals his Shortbow to use Ranged (d8+3) plus 1d6; his power adds 1d4 against an Animal; he
    recharges Cecilla for another 1d4: 1d8+3 + 1d6 + 2d4, and 13 defeats the rat."""
    game = pacg.new_game(table=TABLES / "dire-rat.yaml")
    asked = answer(game, "Explore Abattoir", "Done", "Reveal Shortbow: Ranged",
                   "Recharge Cecilla the Uprooter", "Done discarding")
    skills = next(decision for decision in asked if decision.kind is pacg.DecisionKind.SKILL)
    assert [option.label for option in skills.options] == [
        "Strength 1d6+1d4 against Combat 10", "Melee 2d4 against Combat 10",
        "Reveal Shortbow: Dexterity 1d8+1d6+1d4 against Combat 10",
        "Reveal Shortbow: Ranged 1d8+1d6+1d4+3 against Combat 10", "Dexterity 1d8+1d4 against 8",
        "Stealth 1d8+1d4+2 against 8"], "each the check it leads to: the bow's 1d6, Harsk's 1d4 against an Animal"
    assert skills.context["odds"][3] == "43/48"
    assert "Harsk succeeded at Ranged 1d8+1d6+2d4+3 against 10: rolled 13" in game.log
    assert "Dire Rat is defeated" in game.log
    harsk = game.view("Harsk")["characters"][0]
    assert sorted(harsk["hand"]) == ["Frog", "Helm", "Javelin", "Longsword", "Shortbow"], \
        "the Shortbow revealed stays; 4 drawn from the top of the deck"
    assert harsk["deck"] == 1, "Cecilla, recharged to the bottom, is left"


def test_a_scripted_die_that_doesnt_fit_its_die_stops_the_game_with_one_line_and_keeps_the_save(
        tmp_path: Path) -> None:
    """The Dire Rat table with a 20 scripted for the Shortbow's d8: `pacg play` stops as it is rolled, says so
    (exit 2, no traceback), and the record up to there is kept."""
    data = yaml.safe_load((TABLES / "dire-rat.yaml").read_text(encoding="utf-8"))
    data["dice"] = [20, 1, 1, 1]
    table, log = tmp_path / "table.yaml", tmp_path / "game.json"
    table.write_text(yaml.safe_dump(data), encoding="utf-8")
    script = ["Explore Abattoir", "Done", "Reveal Shortbow: Ranged", "Done"]
    game, typed = pacg.new_game(table=table, seed=5), []
    for step, label in enumerate(script):  # the numbers a person types for these answers
        decision = game.decision
        assert decision is not None
        number = next(n for n, option in enumerate(decision.options) if option.label.startswith(label))
        typed.append(str(number + 1))
        if step < len(script) - 1:  # the last answer rolls the dice
            game.apply(decision.options[number].id)
    played = CliRunner().invoke(app, ["play", "--table", str(table), "--seed", "5", "--log", str(log)],
                                input="\n".join(typed) + "\n")
    assert played.exit_code == 2, played.output
    assert played.exception is None or isinstance(played.exception, SystemExit)
    assert "Error: the table's next dice: the scripted die result 20 is not on a d" in played.stderr
    assert len(pacg.load_game(log).actions) >= len(script) - 1, "the game up to the roll is kept"
