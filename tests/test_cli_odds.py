"""The `pacg odds` command (rules.md CHK-14, CHK-15)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner, Result

from pacg.cli import app

runner = CliRunner()


def run(*args: str) -> Result:
    """Run `pacg odds ARGS...` and return the result."""
    return runner.invoke(app, ["odds", *args])


@pytest.mark.rule("CHK-14")
def test_plain_output_shows_pool_difficulty_and_exact_fraction() -> None:
    result = run("1d6", "--difficulty", "4")
    assert result.exit_code == 0, result.output
    assert "1d6" in result.output
    assert "Difficulty: 4" in result.output
    assert "P(result >= 4) = 1/2 = 50.00%" in result.output


@pytest.mark.rule("CHK-15")
def test_plain_output_has_a_damage_table() -> None:
    result = run("1d6", "-d", "4")
    assert result.exit_code == 0, result.output
    assert "Damage" in result.output
    rows = [line.split() for line in result.output.splitlines()]
    for damage in ("1", "2", "3"):
        assert any(row[:1] == [damage] and "16.67%" in row for row in rows), result.output


def test_plain_output_when_the_check_cannot_fail() -> None:
    result = run("1d4+4", "-d", "5")
    assert result.exit_code == 0, result.output
    assert "P(result >= 5) = 1/1 = 100.00%" in result.output
    assert "can't fail" in result.output


def test_plain_output_canonicalises_the_pool() -> None:
    result = run(" 2d4 + 1d8+3 + 1d6", "--difficulty", "10")
    assert result.exit_code == 0, result.output
    assert "1d8+1d6+2d4+3" in result.output
    assert "P(result >= 10) = 251/256 = 98.05%" in result.output


@pytest.mark.rule("CHK-14")
def test_json_output_is_one_object() -> None:
    result = run("1d6", "--difficulty", "4", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record == {"dice": "1d6", "difficulty": 4, "fraction": "1/2", "probability": 0.5}


def test_json_output_uses_the_canonical_dice_and_a_reduced_fraction() -> None:
    result = run("2d4+1d6+1d8+3", "--difficulty", "20", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["dice"] == "1d8+1d6+2d4+3"
    assert record["difficulty"] == 20
    assert record["fraction"] == "29/192"
    assert record["probability"] == pytest.approx(29 / 192)
    assert isinstance(record["probability"], float)


@pytest.mark.parametrize(
    ("dice", "difficulty", "message"),
    [
        ("1d0", "4", '"1d0": a die needs at least 2 sides'),
        ("x", "4", '"x": expected a term like 2d6 or +3'),
        ("1d6", "-1", "difficulty can't be negative"),
        ("1d1000000000", "4", '"1d1000000000": a die has at most 100 sides'),  # would fill the memory
        ("60d6+41d6", "4", "more than 100 dice"),
        ("1" * 5000 + "d6", "4", "more than 100 dice"),  # Python won't convert 5000 digits to a number
        ("1d6+" + "9" * 5000, "4", "a modifier is at most 1000"),
    ],
)
def test_errors_exit_2_with_one_clear_line(dice: str, difficulty: str, message: str) -> None:
    result = run(dice, "--difficulty", difficulty)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_errors_with_json_also_exit_2() -> None:
    result = run("2d", "--difficulty", "4", "--json")
    assert result.exit_code == 2
    assert '"2d"' in result.output


def test_missing_difficulty_is_a_usage_error() -> None:
    result = run("1d6")
    assert result.exit_code == 2
