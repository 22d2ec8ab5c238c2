"""Taking damage: discarding from hand, and dice rolled separately for each character (pages 6, 13)."""

from __future__ import annotations

import pytest

from pacg.cards.powers import DealDamage, Purpose, Timing
from pacg.decisions import Decision
from pacg.engine.check import attempt_checks, check_of
from pacg.engine.damage import deal_damage, take_damage
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import TurnState
from pacg.engine.window import resolve
from pacg.engine.zones import ZoneKind
from table import Table, kind_of


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


def labels(decision: Decision) -> list[str]:
    """A Decision's options, each play named without what it does ("Reveal Helm")."""
    return [option.label.split(": ")[0] for option in decision.options]


@pytest.mark.rule("DMG-01")
@pytest.mark.rule("ENC-02")
@pytest.mark.rule("BOON-01")
def test_a_weapon_played_on_the_check_leaves_no_weapon_to_reduce_its_damage() -> None:
    """ "If you previously played a spell to affect the check, you may not play a spell to reduce damage":
    Seelah revealed her Longsword on the check, so her Swordbreaker can't reduce the damage the Dire Rat deals;
    her Helm can, being another type."""
    table = Table()
    seelah = table.character("Seelah", at="Sacristy", hand=["Longsword", "Swordbreaker", "Helm", "Mace"])
    rat = table.card("Dire Rat")
    table.dice(3, 3)  # Strength 1d8 and the Longsword's d8: 6 against 8, 2 damage
    table.run(attempt_checks(table.game, seelah, check_of(rat), Purpose.DEFEAT, rat), "Reveal Longsword: Strength",
              "Reveal Helm", "Discard Mace")
    offered = [labels(d) for d in table.decisions if kind_of(d) == "damage"]
    assert offered == [["Done", "Reveal Helm"]], "the Swordbreaker would be a second weapon"
    assert "The damage to Seelah is reduced to 1" in table.game.log
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Mace"]


@pytest.mark.rule("DMG-01")
def test_damage_from_another_source_has_a_limit_of_its_own() -> None:
    """Outside a check, the Swordbreaker may reduce the damage though a weapon was played in an earlier step."""
    table = Table()
    seelah = table.character("Seelah", at="Sacristy", hand=["Swordbreaker", "Mace"])
    table.run(take_damage(table.game, seelah, 2, "Combat"), "Discard Swordbreaker")
    assert "The damage to Seelah is reduced to 0" in table.game.log
    assert table.cards(seelah, ZoneKind.HAND) == ["Mace"]


@pytest.mark.rule("DMG-01")
@pytest.mark.rule("CHK-15")
def test_the_damage_of_a_failed_check_is_dealt_by_the_monster() -> None:
    """A card that works "when a monster deals you damage" works on the damage of a failed check to defeat
    one: Mirror Image (on a 2 or more on 1d4) reduces the Dire Rat's damage to 0."""
    table = Table()
    seelah = table.character("Seelah", at="Sacristy", hand=["Mirror Image", "Mace"])
    rat = table.card("Dire Rat")
    table.dice(3, 2)  # Strength 1d8: 3 against 8; Mirror Image's d4: 2
    table.run(attempt_checks(table.game, seelah, check_of(rat), Purpose.DEFEAT, rat), "Strength",
              "Discard Mirror Image")
    assert "The damage to Seelah is reduced to 0" in table.game.log
    assert table.cards(seelah, ZoneKind.HAND) == ["Mace"]



@pytest.mark.rule("DMG-01")
@pytest.mark.rule("ENC-02")
def test_an_armor_played_on_damage_before_you_act_leaves_the_checks_damage_a_limit_of_its_own() -> None:
    """The Cultist of Baphomet deals Seelah 1 damage before she acts, on her turn's first exploration, and she
    recharges Scale Mail for it. Her failed check's 9 damage is another instance, in another step: another armor
    may reduce it (the Steel Shield, or burying the Padded Armor). The Padded Armor's discard reduces only damage
    dealt before or after you act (its card says so), so it is offered for the first damage and not the second."""
    table = Table()
    table.location("Armory", ["Cultist of Baphomet"])
    table.blessings("Blessing of Ascension")
    seelah = table.character("Seelah", at="Armory", hand=["Scale Mail", "Padded Armor", "Steel Shield", "Mace"],
                             deck=["Blessing of Ascension"] * 4)
    table.game.turn = TurnState(seelah)
    table.game.turn.explorations = 1
    table.dice(1)
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Recharge Scale Mail", "Strength", "Done",
                        "Recharge Steel Shield")
    damage = [d for d in table.decisions if kind_of(d) == "damage"]
    before_acting = labels(next(d for d in damage if "dealt 1 Combat" in d.prompt))
    check = labels(next(d for d in damage if "dealt 9 Combat" in d.prompt))
    assert {"Recharge Scale Mail", "Discard Padded Armor", "Recharge Steel Shield"} <= set(before_acting)
    assert {"Bury Padded Armor", "Recharge Steel Shield"} <= set(check) and "Discard Padded Armor" not in check
    assert "The damage to Seelah is reduced to 6" in table.game.log and outcome == "undefeated"
