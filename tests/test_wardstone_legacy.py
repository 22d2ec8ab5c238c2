"""The Wardstone Legacy (Adventure Deck 1, scenario 5): a blessing without the Corrupted trait, once played, is
exchanged for a random Corrupted blessing from the box, which takes its place.

Seelah: Strength 1d8. Kyra: Wisdom 1d12. Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose
from pacg.engine.check import attempt_checks
from pacg.engine.zones import REMOVED, ZoneKind, box
from table import Table

SCENARIO = "The Wardstone Legacy"
CORRUPTED = ["Blessing of Abraxas", "Blessing of Baphomet", "Blessing of Shax"]


def wardstone() -> Table:
    table = Table(adventure_deck_number=1, strict=True)
    table.scenario(SCENARIO)
    return table


def in_box(table: Table, name: str) -> int:
    return [card.name for card in table.game.zones.cards(box("blessing"))].count(name)


def test_a_blessing_without_the_corrupted_trait_is_exchanged_for_a_corrupted_one_once_played() -> None:
    """Seelah discards a Blessing of Ascension on her check: a Blessing of Shax drawn at random from the box takes
    its place in her discard pile, and the Blessing of Ascension goes back to the box."""
    table = wardstone()
    seelah = table.character("Seelah", at="Gray Garrison", hand=["Blessing of Ascension"])
    before = in_box(table, "Blessing of Ascension"), in_box(table, "Blessing of Shax")
    table.pick("Blessing of Shax")
    table.dice(4, 4)
    table.run(attempt_checks(table.game, seelah, "Strength 6", Purpose.OTHER), "Strength",
              "Discard Blessing of Ascension")
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Blessing of Shax"]
    assert (in_box(table, "Blessing of Ascension"), in_box(table, "Blessing of Shax")) == (before[0] + 1,
                                                                                          before[1] - 1)
    assert "Seelah's Blessing of Ascension is exchanged for Blessing of Shax from the box" in table.game.log


def test_a_blessing_played_on_another_characters_check_is_exchanged_too() -> None:
    """Kyra discards her Blessing of Ascension on Seelah's check (any character's blessing counts): the Blessing
    of Pulura from the box lands in Kyra's discard pile."""
    table = wardstone()
    seelah = table.character("Seelah", at="Gray Garrison")
    kyra = table.character("Kyra", at="Gray Garrison", hand=["Blessing of Ascension"])
    table.pick("Blessing of Abraxas")
    table.dice(4, 4)
    table.run(attempt_checks(table.game, seelah, "Strength 6", Purpose.OTHER), "Strength",
              "Discard Blessing of Ascension")
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Blessing of Abraxas"]


@pytest.mark.parametrize("case", ["a corrupted blessing", "none left in the box"])
def test_a_blessing_stays_when_it_is_corrupted_or_the_box_has_no_corrupted_blessing(case: str) -> None:
    table = wardstone()
    blessing = "Blessing of Baphomet" if case == "a corrupted blessing" else "Blessing of Ascension"
    seelah = table.character("Seelah", at="Gray Garrison", hand=[blessing])
    if case == "none left in the box":
        for card in [card for card in table.game.zones.cards(box("blessing")) if card.name in CORRUPTED]:
            table.game.zones.move(card, REMOVED)
    table.dice(4, 4)
    table.run(attempt_checks(table.game, seelah, "Strength 6", Purpose.OTHER), "Strength", f"Discard {blessing}")
    assert table.cards(seelah, ZoneKind.DISCARD) == [blessing]
    assert not any("exchanged" in line for line in table.game.log)
