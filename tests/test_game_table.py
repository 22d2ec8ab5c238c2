"""`Game.table()`: a game's position written as a table file (docs/table-files.md), as FEN is to a chess board.

    the round trip: at the start of every turn of random games of every scenario, `new_game(table=game.table())`
        shows every seat the same view and offers the same legal actions, and goes on alike for the same answers
        until chance decides (the new game's generator starts afresh: its first shuffle, roll or random draw may
        come out otherwise);
    a table carries what an Adventure Path brings to a scenario (cards removed, boons redeemed, feats, roles,
        mythic paths) and the game's options, and the table a game starts from comes back from `table()`;
    the campaign fields are checked: a bad one is refused naming its field;
    a table is written only at a turn's start, before its first answer: otherwise a ValueError says why.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pacg.cli import app
from pacg.game import Game, new_game
from pacg.tables import TableError, box_numbers, read_table
from table import library
from test_random_games import CHARACTERS, SCENARIOS

TABLES = Path(__file__).parent / "tables"
POSITIONS = 500  # the round trip's random positions, over every scenario
STEPS = 2  # at most this many answers played on from each position
COHORTS = ["Cecilla the Uprooter", "Sir Ilivan", "Vinst", "Padrig"]  # of the base set: in every scenario's box
MYTHIC_PATHS = ["Mythic Archmage", "Mythic Champion", "Mythic Guardian", "Mythic Hierophant"]


# --- the round trip over random positions -------------------------------------------------------------------


def campaign_game(scenario: str, number: int, rng: random.Random) -> Game:
    """A game of a random party, some of it in the middle of an Adventure Path: a cohort removed from the game
    earlier (COH-01), the Corroded Helm redeemed (RED-01), mythic paths (MYTH-01); at some tables with open hands
    or every play window opened."""
    party = rng.sample(CHARACTERS, rng.randint(1, 4))
    campaign = rng.random() < 0.5
    return new_game(scenario, party, number, library=library(),
                    removed=[rng.choice(COHORTS)] if campaign else [],
                    redeemed=["Corroded Helm"] if campaign else [],
                    mythic_paths={name: rng.choice(MYTHIC_PATHS) for name in party if campaign and rng.random() < 0.5},
                    open_hands=rng.random() < 0.3, ask_always=rng.random() < 0.1)


def turn_starts(game: Game, rng: random.Random) -> Iterator[Game]:
    """The game answered at random to its end, at each turn's start (before the turn's first answer); the caller
    may answer some questions itself before it goes on."""
    while not game.over:
        if game.turn_starts and game.turn_starts[-1] == len(game.actions):
            yield game
        if not game.over:
            game.apply(rng.choice(game.legal_actions()))


def seen(game: Game, seat: str) -> dict[str, Any]:
    """What a game from the table must show a seat as the game does: the whole view but the log (the table's
    game begins with the table laid out and knows nothing of what came before: its log is compared on its own)
    and why no undo is possible (nothing has been answered in the table's game yet)."""
    view: dict[str, Any] = dict(game.view(seat))
    del view["log"]
    view["undo"] = view["undo"]["possible"]
    return view


def assert_alike(game: Game, again: Game, where: str) -> None:
    for seat in game.seats():
        assert seen(again, seat) == seen(game, seat), f"{where}: {seat}'s view"
    assert again.legal_actions() == game.legal_actions(), f"{where}: the legal actions"
    assert again.log[1:] == game.log[len(game.log) - len(again.log) + 1:], f"{where}: the log of the turn"


def chance_decided(again: Game) -> bool:
    """Whether the game from the table has drawn anything from its generator (shuffled, rolled or drawn at
    random): from then on the two games may go otherwise, as hidden information decides. Until then both play
    the same rules on the same table, so they draw at the same moment."""
    return again._state.rng.digest != 0  # every chance event changes it (`engine.chance`)


@pytest.mark.plays_at_random  # positions of random games: no test of a power
def test_the_table_round_trip_holds_at_every_turn_start_of_random_games_of_every_scenario() -> None:
    """At least 500 positions, of every scenario: at each turn's start of random games (random parties, some in
    the middle of an Adventure Path), the game from `table()` (through JSON) shows every seat what the game shows
    and offers the same actions; played on with the same answers, it stays alike until chance decides; and its
    own table is the same table."""
    by_scenario: Counter[str] = Counter()
    for number in range(1000):
        for scenario in SCENARIOS:
            by_scenario[scenario] += round_trips(scenario, number)
        if by_scenario.total() >= POSITIONS:
            break
    assert set(by_scenario) == set(SCENARIOS) and by_scenario.total() >= POSITIONS, by_scenario


def round_trips(scenario: str, number: int) -> int:
    """The round trip at each turn's start of a random game of the scenario: at how many positions it held (a
    position where chance decides before the turn's first question is left out: a bane shuffled into the
    blessings deck comes up and goes back)."""
    rng = random.Random(f"{scenario} {number}")
    held = 0
    for game in turn_starts(campaign_game(scenario, number, rng), rng):
        position = json.loads(json.dumps(game.table()))
        again = new_game(table=position, library=library())
        if chance_decided(again):
            continue
        where = f"{scenario}, game {number}, turn {game.turn}"
        if held % 3 == 0:  # (a third of the time: it plays the table's game again from its table)
            assert again.table() == position, f"{where}: the table's game has the same table"
        assert_alike(game, again, where)
        play_on_alike(game, again, rng, where)
        held += 1
    return held


def play_on_alike(game: Game, again: Game, rng: random.Random, where: str) -> None:
    """A few random answers, the same to both games: they stay alike until chance decides."""
    for step in range(rng.randint(0, STEPS)):
        if game.over:
            return
        action = rng.choice(game.legal_actions())
        game.apply(action)
        again.apply(action)
        if chance_decided(again):
            return
        assert_alike(game, again, f"{where}, answer {step + 1} ({action})")


# --- campaign fields ----------------------------------------------------------------------------------------


def campaign_table() -> dict[str, Any]:
    """A position of an Adventure Path's later scenario: boons redeemed, a cohort removed, feats, a role, mythic
    paths and charges; a dead character; cards examined, left face up and displayed by a location; a card shown
    next to another character; the turns taken and the options."""
    return {
        "scenario": "The Wardstone Patrol",
        "characters": [
            {"name": "Crowe", "location": "Armory", "hand": ["Longsword", "Corroded Helm"],
             "deck": ["Helm", "Mace", "Frog"], "discard": ["Javelin"], "displayed": ["Sagacity"],
             "feats": {"role": "Mauler", "skills": {"Dexterity": 1}, "hand_size": 2, "proficiencies": ["Heavy Armors"],
                       "powers": [[0, "+1"], [0, "+2"]]},
             "mythic_path": "Mythic Champion", "mythic_charges": 2, "examined": [0, 1], "next_to": [[0, "Kyra"]]},
            {"name": "Kyra", "location": "Armory", "hand": ["Cure"], "deck": ["Blessing of Ascension"],
             "feats": {"cards": {"blessing": 2}}, "mythic_path": "Mythic Hierophant", "mythic_charges": 1},
            {"name": "Harsk", "location": "Abattoir", "buried": ["Shortbow", "Bolas"], "dead": True},
        ],
        "locations": [
            {"name": "Armory", "deck": ["Dire Rat", "Mace", "Zombie"], "face_up": [2], "examined": [0]},
            {"name": "Abattoir", "deck": ["Blessing of Pulura"], "displayed": ["Giant Cockroach"]},
            {"name": "Watchtower", "closed": True},
        ],
        "blessings": ["Blessing of Ascension", "Blessing of Iomedae", "Blessing of Ascension"],
        "blessings_discard": ["Blessing of Abadar"],
        "blessings_examined": [0],
        "removed": ["Cecilla the Uprooter"],
        "redeemed": ["Corroded Helm"],
        "dice": [3],
        "turn": "Kyra",
        "turns": 7,
        "seed": 5,
        "open_hands": True,
        "ask_always": True,
    }


def test_a_table_of_an_adventure_path_s_later_scenario_comes_back_from_table() -> None:
    """The game starts at Kyra's turn 8 with what the table says: Harsk dead, the Corroded Helm redeemed,
    Cecilla removed from the game, Crowe a Mauler with his feats and mythic path; and `table()` at that turn's
    start is the same table."""
    data = campaign_table()
    game = new_game(table=data)
    assert game.table() == read_table(data).data()
    view = game.view("Kyra")
    crowe, kyra, harsk = view["characters"]
    assert view["turn"] == 8 and view["waiting_for"] == "Kyra"
    assert view["removed"] == ["Cecilla the Uprooter"]
    assert (harsk["alive"], harsk["buried"]) == (False, ["Shortbow", "Bolas"])
    assert (crowe["role"], crowe["hand_size"], crowe["mythic_path"], crowe["mythic_charges"]) == (
        "Mauler", 7, "Mythic Champion", 2)
    assert crowe["hand"] == ["Longsword", "Corroded Helm"], "open hands"
    assert crowe["known_top"] == ["Helm", "Mace"], "the two cards examined on top of his deck"
    armory, abattoir, _ = view["locations"]
    assert (armory["face_up"], armory["known_top"], abattoir["displayed"]) == (["Zombie"], ["Dire Rat"],
                                                                                ["Giant Cockroach"])
    assert game.setup.open_hands and game.setup.ask_always


def test_a_game_s_campaign_is_in_its_table() -> None:
    """A game set up in the middle of an Adventure Path (a cohort removed, a boon redeemed, a mythic path) writes
    them in its table, and the game from it carries them on."""
    game = new_game("The Godless Ones", ["Harsk", "Kyra"], 3, removed=["Cecilla the Uprooter"],
                    redeemed=["corroded helm"], mythic_paths={"Kyra": "Mythic Hierophant"})
    while not game.turn_starts:
        game.apply(game.legal_actions()[0])
    table = game.table()
    assert (table["removed"], table["redeemed"]) == (["Cecilla the Uprooter"], ["Corroded Helm"])
    assert [character.get("mythic_path") for character in table["characters"]] == [None, "Mythic Hierophant"]
    assert (table["seed"], table["turn"], table.get("turns", 0)) == (3, "Harsk", 0)
    assert new_game(table=table).table() == table


def test_a_table_keeps_which_copy_is_where_and_the_scenario_s_stand_ins() -> None:
    """`copies` puts each copy where it is, as its number: the Ulkreth numbered 189 on top of the Armory's deck;
    and a table may name more of the scenario's henchmen than the box holds, as setup makes stand-ins when it
    runs out: the seventh Ulkreth is a stand-in, numbered past the box's last card. `table()` gives them back."""
    numbers, size = box_numbers(library(), "The Fall of Kenabres")
    ulkreths = numbers["Ulkreth"]  # 6 in the box
    data = {"scenario": "The Fall of Kenabres", "seed": 1, "turn": "Kyra",
            "characters": [{"name": "Kyra", "location": "Armory", "hand": ["Cure"], "deck": ["Mace"]}],
            "locations": [{"name": "Armory", "deck": ["Ulkreth", "Ulkreth", "Ulkreth", "Ulkreth"]},
                          {"name": "Marketplace", "deck": ["Ulkreth", "Ulkreth", "Ulkreth"]}],
            "blessings": ["Blessing of Ascension"],
            "copies": {"Ulkreth": [ulkreths[5], *ulkreths[:5], size + 2]}}
    game = new_game(table=data)
    assert game.table() == read_table(data).data()
    uids = [card.uid for location in game._state.locations.values()
            for card in game._state.zones.cards(location.deck)]
    assert uids == data["copies"]["Ulkreth"]
    data["copies"] = {"Ulkreth": [*ulkreths[:6], 3]}
    with pytest.raises(TableError, match=r"copies\.Ulkreth\[6\]: 3 is not a copy of Ulkreth: its copies are "
                                         rf"numbered {', '.join(map(str, ulkreths))}, or from {size} on"):
        read_table(data)
    data["copies"] = {"Mace": [0]}
    with pytest.raises(TableError, match=r"copies\.Mace\[0\]: 0 is not a copy of Mace: .*\d$"):
        read_table(data)


@pytest.mark.plays_at_random  # a random agent plays the table
def test_a_table_names_its_custom_cards_folder(tmp_path: Path) -> None:
    """A table's `cards` folder (from the table file's folder) adds its cards to the box; `table()` writes the
    folder the game was played with."""
    folder = tmp_path / "my-cards"
    folder.mkdir()
    (folder / "training-dummy.yaml").write_text(
        "name: Training Dummy\ntype: monster\nset: B\nprovenance: standin\nnotes: A custom monster.\n"
        "check_to_defeat: Combat 3\n", encoding="utf-8")
    data = read_table(TABLES / "position.yaml").data()
    data["locations"][0]["deck"] = ["Training Dummy", "Dire Rat"]
    data["cards"] = "my-cards"
    path = tmp_path / "dummy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = new_game(table=path)
    assert game.setup.cards == str(folder.resolve())
    assert game.table()["cards"] == str(folder.resolve())
    assert game.table()["locations"][0]["deck"] == ["Training Dummy", "Dire Rat"]
    played = CliRunner().invoke(app, ["play", "--table", str(path), "--agent", "random", "--json"])
    assert played.exit_code == 0, played.output  # no --cards: the table's folder
    data["cards"] = "no-such-folder"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TableError, match="cards: .*no-such-folder is not a folder of custom cards"):
        new_game(table=path)
    refused = CliRunner().invoke(app, ["play", "--table", str(path), "--agent", "random"])
    assert refused.exit_code == 2 and "no-such-folder is not a folder of custom cards" in refused.stderr


CAMPAIGN_PROBLEMS = [
    (lambda data: data["redeemed"].append("Longsword"), "redeemed[1]",
     "Longsword can't be redeemed: the redemption card lists Corroded Helm (RED-01)"),
    (lambda data: data["redeemed"].append("Corroded Helm"), "redeemed[1]",
     "Corroded Helm is checked off on the redemption card once only"),
    (lambda data: data["removed"].append("Cecilla the Uprooter"), "removed[1]", "no Cecilla the Uprooter left"),
    (lambda data: data["characters"][0]["feats"]["skills"].update(Dexterity=2), "characters[0].feats.skills.Dexterity",
     "Crowe's Dexterity has 1 feat box, not 2 to check (FEAT-01)"),
    (lambda data: data["characters"][0]["feats"].update(hand_size=3), "characters[0].feats.hand_size",
     "Mauler's hand size has 2 feat boxes, not 3 to check"),
    (lambda data: data["characters"][1]["feats"]["cards"].update(blessing=4), "characters[1].feats.cards.blessing",
     "Kyra's Cards List of blessings has 3 feat boxes, not 4 to check"),
    (lambda data: data["characters"][0]["feats"].update(proficiencies=["Light Armors"]),
     "characters[0].feats.proficiencies[0]", "Mauler has no feat box for Light Armors (boxes: Heavy Armors)"),
    (lambda data: data["characters"][0]["feats"].update(powers=[[0, "+2"]]), "characters[0].feats.powers[0]",
     "paragraph 0's box '+2' is checked before its box '+1' (FEAT-01: the leftmost unchecked box first)"),
    (lambda data: data["characters"][0]["feats"].update(powers=[[0, "+1"], [0, "+3"]]),
     "characters[0].feats.powers[1]", "paragraph 0's box '+3' is checked before its box '+2'"),
    (lambda data: data["characters"][0]["feats"].update(powers=[[9, "+1"]]), "characters[0].feats.powers[0]",
     "Mauler has 7 power paragraphs (0 to 6), not 9"),
    (lambda data: data["characters"][0]["feats"].update(role="Paladin"), "characters[0].feats.role",
     "Crowe has no role 'Paladin' (roles: Mauler, Spellrager)"),
    (lambda data: data["characters"][0].update(mythic_path="Mythic Hero"), "characters[0].mythic_path",
     "unknown mythic path 'Mythic Hero'"),
    (lambda data: data["characters"][0].update(mythic_charges=21), "characters[0].mythic_charges",
     "less than or equal to 20"),
    (lambda data: data["characters"][0].update(examined=[3]), "characters[0].examined[0]",
     "the deck holds 3 cards (places 0 to 2), not a card at place 3"),
    (lambda data: data["characters"][0].update(next_to=[[0, "Seelah"]]), "characters[0].next_to[0][1]",
     "a card is shown next to another character at the table (Kyra, Harsk), not Seelah"),
    (lambda data: data["characters"][2].update(hand=["Mace"]), "characters[2].hand",
     "a dead character's cards are buried (DEATH-01)"),
    (lambda data: [character.update(dead=True, hand=[], deck=[], discard=[], displayed=[], next_to=[],
                                    examined=[]) for character in data["characters"]],
     "characters", "every character is dead"),
    (lambda data: data["locations"][0].update(face_up=[0, 0]), "locations[0].face_up[1]", "place 0 is given twice"),
    (lambda data: data.update(blessings_examined=[5]), "blessings_examined[0]", "the blessings deck holds 3 cards"),
    (lambda data: data.update(turns=-1), "turns", "greater than or equal to 0"),
    (lambda data: data.update(copies={"Blessing of Ascension": [1]}), "copies.Blessing of Ascension",
     "the table names Blessing of Ascension at 3 places: give the number of the copy at each, not 1 numbers"),
    (lambda data: data.update(copies={"Mace": [0, 0]}), "copies.Mace[0]", "0 is not a copy of Mace"),
]


@pytest.mark.parametrize(("change", "field", "message"), CAMPAIGN_PROBLEMS,
                         ids=[problem[1] for problem in CAMPAIGN_PROBLEMS])
def test_a_bad_campaign_field_is_refused_naming_it(change: Any, field: str, message: str) -> None:
    data = campaign_table()
    read_table(data)  # as it is, the table is right
    change(data)
    with pytest.raises(TableError) as refused:
        read_table(data)
    assert str(refused.value).startswith(f"the table: {field}: "), str(refused.value)
    assert message in str(refused.value)


def test_new_game_refuses_a_campaign_beside_a_table() -> None:
    """The table says what the Adventure Path brought: new_game refuses it beside the table, naming what it was
    given."""
    with pytest.raises(ValueError, match="give new_game the table without redeemed, mythic_paths"):
        new_game(table=campaign_table(), redeemed=["Corroded Helm"], mythic_paths={"Kyra": "Mythic Archmage"})


# --- when a table can be written ----------------------------------------------------------------------------


@pytest.mark.plays_at_random  # played at random to its end
def test_a_table_is_written_only_at_a_turn_s_start() -> None:
    game = new_game("The Godless Ones", ["Harsk", "Kyra"], 9)
    with pytest.raises(ValueError, match="no table can be written now: the scenario is being set up"):
        game.table()
    while not game.turn_starts:
        game.apply(game.legal_actions()[0])
    at_start = game.table()
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="1 answer has been given since the turn began"):
        game.table()
    game.undo()
    assert game.table() == at_start
    rng = random.Random(9)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(ValueError, match="no table can be written now: the game is over"):
        game.table()
