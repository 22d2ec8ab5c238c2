"""Names as people type them (issue 12): characters, scenarios and cards in any case everywhere, and an unknown name
a one-line error giving the closest names ("did you mean"), never a traceback.

One function reads them all (`CardLibrary.named`); these tests go through each way in: the Python API
(`pacg.new_game`), table files, the party prompt; `pacg play` and `pacg cards show` are in test_cli_play.py and
test_cli_cards.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import pacg
from pacg.agents.terminal import PartyError, parse_party
from pacg.cards.names import UnknownName, canonical
from pacg.cards.vocabulary import CardType
from pacg.engine.setup import SetupError
from pacg.tables import TableError, read_table
from table import library

TABLES = Path(__file__).parent / "tables"


def test_a_name_in_any_case_is_the_cards_own_name() -> None:
    cards = library()
    assert cards.named("harsk", CardType.CHARACTER) == "Harsk"
    assert cards.named("  THE godless ONES ", CardType.SCENARIO) == "The Godless Ones"
    assert cards.named("longsword") == "Longsword"


@pytest.mark.parametrize(("name", "kind", "message"), [
    ("hursk", CardType.CHARACTER, "unknown character 'hursk' (did you mean: Harsk?)"),
    ("Godless Ones", CardType.SCENARIO, "unknown scenario 'Godless Ones' (did you mean: The Godless Ones?)"),
    ("Longswrd", None, "unknown card 'Longswrd' (did you mean: Longsword"),
    ("Kyra", CardType.MYTHIC_PATH, "unknown mythic path 'Kyra' (Kyra is a character)"),
    ("Xyzzy", CardType.CHARACTER, "unknown character 'Xyzzy' (known: Adowyn, Alain, Balazar,"),
    ("Xyzzy", CardType.MONSTER, "unknown monster 'Xyzzy' (`pacg cards list --type monster` lists them)"),
    ("Xyzzy", CardType.MYTHIC_PATH, "unknown mythic path 'Xyzzy' (known: Mythic Archmage, Mythic Champion,"),
])
def test_an_unknown_name_says_which_names_are_closest(name: str, kind: CardType | None, message: str) -> None:
    with pytest.raises(UnknownName) as unknown:
        library().named(name, kind)
    assert str(unknown.value).startswith(message), str(unknown.value)
    assert "\n" not in str(unknown.value)


def test_a_name_of_a_short_list_of_ones_own() -> None:
    assert canonical("corroded helm", ["Corroded Helm", "Thistle"], "boon") == "Corroded Helm"
    with pytest.raises(UnknownName, match=r"unknown boon 'Thistel' \(did you mean: Thistle\?\)"):
        canonical("Thistel", ["Corroded Helm", "Thistle"], "boon")
    with pytest.raises(UnknownName, match=r"unknown boon 'Xyzzy' \(known: Corroded Helm, Thistle\)"):
        canonical("Xyzzy", ["Thistle", "Corroded Helm"], "boon")


def test_new_game_takes_names_in_any_case_and_sets_up_with_the_cards_own() -> None:
    game = pacg.new_game("the godless ones", ["harsk", "KYRA"], seed=4, library=library(), removed=["sir ilivan"],
                         redeemed=["corroded helm"], mythic_paths={"kyra": "mythic hierophant"})
    own = pacg.new_game("The Godless Ones", ["Harsk", "Kyra"], seed=4, library=library(), removed=["Sir Ilivan"],
                        redeemed=["Corroded Helm"], mythic_paths={"Kyra": "Mythic Hierophant"})
    assert game.setup == own.setup
    assert game.seats() == ["Harsk", "Kyra"]
    assert game.view("Kyra")["characters"] == own.view("Kyra")["characters"]


@pytest.mark.parametrize(("given", "message"), [
    ({"scenario": "The Godless Onez"}, "unknown scenario 'The Godless Onez' (did you mean: The Godless Ones?)"),
    ({"characters": ["Harsk", "kyrra"]}, "unknown character 'kyrra' (did you mean: Kyra?)"),
    ({"removed": ["sir ilivn"]}, "unknown card 'sir ilivn' (did you mean: Sir Ilivan?)"),
    ({"mythic_paths": {"Harsk": "mythic marshall"}}, "unknown mythic path 'mythic marshall' (did you mean: Mythic "
                                                     "Marshal"),
])
def test_new_game_refuses_an_unknown_name_saying_the_closest(given: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {"scenario": "The Godless Ones", "characters": ["Harsk"], **given}
    with pytest.raises(SetupError) as refused:
        pacg.new_game(seed=1, library=library(), **arguments)
    assert str(refused.value).startswith(message), str(refused.value)


def lowered(data: Any) -> Any:
    """Table data with every name in lower case."""
    if isinstance(data, str):
        return data.lower()
    if isinstance(data, list):
        return [lowered(item) for item in data]
    if isinstance(data, dict):
        return {key: value if key in ("feats",) else lowered(value) for key, value in data.items()}
    return data


def test_a_table_file_names_cards_in_any_case() -> None:
    data = yaml.safe_load((TABLES / "position.yaml").read_text(encoding="utf-8"))
    assert read_table(lowered(data), library()).canonical() == read_table(data, library()).canonical()


def test_a_table_file_with_an_unknown_name_says_the_closest() -> None:
    data = yaml.safe_load((TABLES / "position.yaml").read_text(encoding="utf-8"))
    data["characters"][0]["name"] = "Harks"
    with pytest.raises(TableError, match=r"characters\[0\]\.name: unknown character 'Harks' \(did you mean: Harsk"):
        read_table(data, library())


def test_the_party_prompt_says_which_names_are_closest() -> None:
    assert parse_party("seelah, harsk", ["Harsk", "Kyra", "Seelah"], 4) == ["Seelah", "Harsk"]
    with pytest.raises(PartyError, match=r"There is no character 'Sealah' \(did you mean: Seelah\?\)"):
        parse_party("Sealah", ["Harsk", "Kyra", "Seelah"], 4)
