"""Taking damage: discarding from hand, and dice rolled separately for each character (pages 6, 13)."""

from __future__ import annotations

import pytest

from pacg.cards.powers import DealDamage, Timing
from pacg.engine.damage import deal_damage
from pacg.engine.effects import resolve
from pacg.engine.playing import Step
from pacg.engine.zones import ZoneKind
from table import Table


@pytest.mark.rule("DICE-02")
def test_damage_in_dice_is_rolled_separately_for_each_character() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Abattoir", hand=["Longsword", "Mace", "Helm"])
    harsk = table.character("Harsk", at="Abattoir", hand=["Shortbow", "Javelin", "Bolas"])
    table.dice(3, 1)
    each_local = DealDamage.model_validate({"deal_damage": "1d4-1", "to": "each local"})
    step = Step(game=table.game, checker=seelah, timing=Timing.BEFORE_ACTING)
    table.run(resolve(step, [each_local], seelah), "Discard Mace", "Discard Helm")
    assert "Seelah is dealt 2 Combat damage" in table.game.log
    assert not [line for line in table.game.log if line.startswith("Harsk is dealt")], "Harsk rolled 1 - 1 = 0"
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Helm", "Mace"]
    assert table.cards(harsk, ZoneKind.HAND) == ["Shortbow", "Javelin", "Bolas"]


@pytest.mark.rule("DMG-02")
def test_damage_beyond_the_hand_discards_the_hand() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Abattoir", hand=["Longsword", "Mace"])
    table.run(deal_damage(table.game, seelah, 5, "Combat"))
    assert table.cards(seelah, ZoneKind.HAND) == []
    assert sorted(table.cards(seelah, ZoneKind.DISCARD)) == ["Longsword", "Mace"]
