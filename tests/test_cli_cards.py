"""The `pacg cards` commands: list, show and schema (rules.md SET-02 card types).

Each test writes its own small folder of card files and points `--folder` at it, so these tests don't
depend on the card library other people are writing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacg.cards.schema import card_schema, card_schema_json
from pacg.cli import app

runner = CliRunner()

CARDS = {
    "weapons/bow.yaml": """\
        name: Test Bow
        type: weapon
        set: B
        traits: [Basic, Bow, Ranged]
        copies: 2
        provenance: published
        check_to_acquire: Dexterity or Ranged 6
        powers:
          - when: check
            action: reveal
            if:
              check: combat
            effects:
              - use_skill: [Dexterity, Ranged]
              - add_dice: 1d6
    """,
    "weapons/club.yaml": """\
        name: Test Club
        type: weapon
        set: "1"
        traits: [Club, Melee]
        provenance: standin
        check_to_acquire: Strength 5
    """,
    "blessings/blessing.yaml": """\
        name: Test Blessing
        type: blessing
        set: B
        traits: [Basic, Divine]
        copies: 5
        provenance: standin
        check_to_acquire: Charisma 6 or Divine 5
        powers:
          - when: check
            whose: any
            action: discard
            effects:
              - add_skill_dice: 1
    """,
    "monsters/rat.yaml": """\
        name: Test Rat
        type: monster
        set: B
        traits: [Basic, Animal]
        provenance: standin
        check_to_defeat: Combat 8 or Dexterity or Stealth 6
    """,
}


def write_cards(folder: Path, cards: dict[str, str] = CARDS) -> Path:
    for filename, text in cards.items():
        path = folder / filename
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def run(*args: str):
    return runner.invoke(app, ["cards", *args])


@pytest.fixture
def folder(tmp_path: Path) -> str:
    return str(write_cards(tmp_path / "cards"))


# --- pacg cards list -------------------------------------------------------------------------------------


@pytest.mark.rule("SET-02")
def test_list_shows_a_table_of_every_card(folder: str) -> None:
    result = run("list", "--folder", folder)
    assert result.exit_code == 0, result.output
    for name in ("Test Bow", "Test Club", "Test Blessing", "Test Rat"):
        assert name in result.output
    for column in ("Name", "Type", "Set", "Traits", "Copies", "Provenance"):
        assert column in result.output
    assert "stand-in" in result.output
    assert "published" in result.output


@pytest.mark.rule("SET-02")
def test_list_json_is_one_list_of_card_summaries(folder: str) -> None:
    result = run("list", "--json", "--folder", folder)
    assert result.exit_code == 0, result.output
    cards = json.loads(result.stdout)
    assert isinstance(cards, list)
    by_name = {card["name"]: card for card in cards}
    assert set(by_name) == {"Test Bow", "Test Club", "Test Blessing", "Test Rat"}
    bow = by_name["Test Bow"]
    assert {key: bow[key] for key in ("name", "type", "set", "traits", "copies", "provenance")} == {
        "name": "Test Bow",
        "type": "weapon",
        "set": "B",
        "traits": ["Basic", "Bow", "Ranged"],
        "copies": 2,
        "provenance": "published",
    }
    assert by_name["Test Club"]["provenance"] == "standin"


@pytest.mark.rule("SET-02")
@pytest.mark.parametrize("written", ["weapon", "Weapon", " WEAPON "])
def test_list_filters_by_type(folder: str, written: str) -> None:
    result = run("list", "--type", written, "--json", "--folder", folder)
    assert result.exit_code == 0, result.output
    assert sorted(card["name"] for card in json.loads(result.stdout)) == ["Test Bow", "Test Club"]


@pytest.mark.rule("SET-02")
def test_list_accepts_every_card_type_even_with_no_cards_of_it(folder: str) -> None:
    from pacg.cards.vocabulary import CardType

    for card_type in CardType:
        result = run("list", "--type", str(card_type), "--json", "--folder", folder)
        assert result.exit_code == 0, (card_type, result.output)
    result = run("list", "--type", "mythic path", "--folder", folder)
    assert result.exit_code == 0
    assert "0 cards" in result.output


@pytest.mark.rule("SET-02")
def test_a_bad_type_exits_2_and_lists_the_known_types(folder: str) -> None:
    result = run("list", "--type", "weapn", "--folder", folder)
    assert result.exit_code == 2
    assert "unknown card type 'weapn'" in result.stderr
    for card_type in ("weapon", "blessing", "monster", "character", "location", "adventure path"):
        assert card_type in result.stderr
    assert result.stdout == ""


def test_list_filters_by_set(folder: str) -> None:
    result = run("list", "--set", "1", "--json", "--folder", folder)
    assert result.exit_code == 0, result.output
    assert [card["name"] for card in json.loads(result.stdout)] == ["Test Club"]
    both = run("list", "--set", "b", "--type", "weapon", "--json", "--folder", folder)
    assert [card["name"] for card in json.loads(both.stdout)] == ["Test Bow"]


def test_a_bad_set_exits_2(folder: str) -> None:
    result = run("list", "--set", "Z", "--folder", folder)
    assert result.exit_code == 2
    assert "unknown set 'Z'" in result.stderr


# --- pacg cards show -------------------------------------------------------------------------------------


def test_show_prints_the_generated_text(folder: str) -> None:
    result = run("show", "Test Bow", "--folder", folder)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Test Bow"
    assert "Weapon · set B · Basic · 2 copies" in lines
    assert "Check to acquire: Dexterity or Ranged 6" in lines
    assert "  On your combat check: reveal this card to use your Dexterity or Ranged skill and add 1d6." in lines


def test_show_ignores_case_and_marks_stand_ins(folder: str) -> None:
    result = run("show", "test CLUB", "--folder", folder)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Test Club"
    assert "STAND-IN" in result.stdout


def test_show_json(folder: str) -> None:
    result = run("show", "test blessing", "--json", "--folder", folder)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["name"] == "Test Blessing"
    assert record["provenance"] == "standin"
    assert record["powers"] == ["On any check: discard this card to add 1 die of the type the check rolls."]
    assert record["text"].startswith("Test Blessing\n")
    assert record["data"]["check_to_acquire"] == "Charisma 6 or Divine 5"


def test_show_json_gives_a_banes_paragraphs_under_their_headings(tmp_path: Path) -> None:
    folder = write_cards(tmp_path / "cards", {"monsters/viper.yaml": """\
        name: Test Viper
        type: monster
        set: B
        provenance: standin
        check_to_defeat: Combat 8
        powers:
          - when: before acting
            optional: false
            effects:
              - deal_damage: 1
                type: Poison
    """})
    shown = run("show", "Test Viper", "--folder", str(folder))
    result = run("show", "Test Viper", "--json", "--folder", str(folder))
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["powers"] == ["Before you act: You are dealt 1 Poison damage."]
    assert record["text"] == shown.stdout.rstrip("\n")
    assert "Before you act:\n  You are dealt 1 Poison damage." in record["text"]


def test_an_unknown_name_exits_1_and_suggests_close_names(folder: str) -> None:
    result = run("show", "Test Bowl", "--folder", folder)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unknown card 'Test Bowl' (did you mean: Test Bow, ")
    assert len(result.stderr.splitlines()) == 1


def test_a_name_in_any_case_is_the_cards() -> None:
    result = run("show", "  longSWORD ")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Longsword")


def test_an_unknown_name_with_nothing_close(folder: str) -> None:
    result = run("show", "Xyzzy", "--folder", folder)
    assert result.exit_code == 1
    assert "unknown card 'Xyzzy'" in result.stderr
    assert "did you mean" not in result.stderr


# --- bad card files -------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["list"], ["show", "Test Bow"]])
def test_card_file_errors_are_printed_as_file_line_field_lines(tmp_path: Path, command: list[str]) -> None:
    folder = write_cards(tmp_path / "cards")
    bad = write_cards(folder, {"monsters/bad.yaml": CARDS["monsters/rat.yaml"].replace(
        "Test Rat", "Bad Rat").replace("Stealth 6", "Stealth").replace("[Basic, Animal]", "[Basic, Rodent]")})
    path = bad / "monsters" / "bad.yaml"
    result = run(*command, "--folder", str(folder))
    assert result.exit_code == 1
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert f"{path}:4: traits[1]: unknown trait 'Rodent'" in result.stderr
    assert f"{path}:6: check_to_defeat: " in result.stderr


def test_a_missing_folder_exits_1(tmp_path: Path) -> None:
    result = run("list", "--folder", str(tmp_path / "nowhere"))
    assert result.exit_code == 1
    assert "no card folder" in result.stderr


# --- pacg cards schema ------------------------------------------------------------------------------------


def test_schema_prints_the_json_schema() -> None:
    result = run("schema")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == card_schema()



def test_a_new_process_prints_the_same_schema() -> None:
    """In a process of its own, which has validated no card file, the models' validators and serializers are not
    built yet (`defer_build`): the schema builds them, as it writes their defaults with them."""
    done = subprocess.run([sys.executable, "-m", "pacg", "cards", "schema"], capture_output=True, text=True,
                          timeout=60, check=True)
    assert json.loads(done.stdout) == card_schema()

def test_schema_output_writes_the_file(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    result = run("schema", "--output", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == card_schema_json()


def test_the_committed_schema_is_up_to_date() -> None:
    committed = Path(__file__).resolve().parent.parent / "docs" / "card-schema.json"
    assert committed.exists(), "run: pacg cards schema --output docs/card-schema.json"
    assert json.loads(committed.read_text(encoding="utf-8")) == card_schema(), (
        "docs/card-schema.json is stale; run: pacg cards schema --output docs/card-schema.json"
    )
