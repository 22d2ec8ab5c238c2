"""Taking damage: discarding from hand, and dice rolled separately for each character (pages 6, 13)."""

from __future__ import annotations

import pytest

from pacg.cards.powers import DiceAmount
from pacg.engine.damage import deal_damage, deal_rolled_damage
from pacg.engine.zones import ZoneKind
from table import Table


@pytest.mark.rule("DICE-02")
def test_damage_in_dice_is_rolled_separately_for_each_character() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Abattoir", hand=["Longsword", "Mace", "Helm"])
    harsk = table.character("Harsk", at="Abattoir", hand=["Shortbow", "Javelin", "Bolas"])
    table.dice(3, 1)
    damage = deal_rolled_damage(table.game, [seelah, harsk], DiceAmount.parse("1d4-1"), "Combat")
    dealt = table.run(damage, "Discard Mace", "Discard Helm")
    assert dealt == {"Seelah": 2, "Harsk": 0}
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Helm", "Mace"]
    assert table.cards(harsk, ZoneKind.HAND) == ["Shortbow", "Javelin", "Bolas"]


@pytest.mark.rule("DMG-02")
def test_damage_beyond_the_hand_discards_the_hand() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Abattoir", hand=["Longsword", "Mace"])
    table.run(deal_damage(table.game, seelah, 5, "Combat"))
    assert table.cards(seelah, ZoneKind.HAND) == []
    assert sorted(table.cards(seelah, ZoneKind.DISCARD)) == ["Longsword", "Mace"]
