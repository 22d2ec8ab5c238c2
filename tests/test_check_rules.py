"""The rules of attempting a check and playing cards on it, each on a real table (pages 9-13)."""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose
from pacg.engine.check import attempt_checks, check_of
from pacg.engine.zones import ZoneKind, box
from table import RADIANT_BLADE, Table, card, kind_of

LUCKY_CHARM = card("""
name: Lucky Charm
type: item
set: B
traits: [Magic]
provenance: standin
check_to_acquire: Wisdom 6
powers:
  - when: check
    action: recharge
    effects: [{succeed: true}]
""")

TORCH = card("""
name: Torch
type: item
set: B
traits: [Fire]
provenance: standin
check_to_acquire: Craft 4
powers:
  - when: check
    action: reveal
    if: {check: combat}
    effects: [{add_dice: 1d4}]
  - when: check
    action: discard
    if: {check: combat}
    effects: [{add_traits: [Fire]}, {add_modifier: 2}]
""")

FIRE_IMP = card("""
name: Fire Imp
type: monster
set: B
traits: [Outsider, Demon]
provenance: standin
check_to_defeat: Combat 9
immunities: [Fire]
""")

LUCKY_DIE = card("""
name: Lucky Die
type: item
set: B
provenance: standin
check_to_acquire: Dexterity 5
powers:
  - when: check
    action: discard
    effects: [{reroll: true}]
""")

NIMBLE_BOOTS = card("""
name: Nimble Boots
type: item
set: B
provenance: standin
check_to_acquire: Dexterity 5
powers:
  - when: check
    action: reveal
    if: {skills: [Dexterity]}
    effects: [{add_modifier: 2}]
""")

MINOR_HEX = card("""
name: Minor Hex
type: spell
set: B
copies: 2
traits: [Divine, Magic]
provenance: standin
check_to_acquire: Divine 6
powers:
  - when: check
    action: discard
    whose: any
    effects: [{add_modifier: 1}]
    recharge_check: {check: Divine 6, banish_without_skill: true}
""")

CURSED_BLADE = card("""
name: Cursed Blade
type: weapon
set: B
traits: [Sword, Melee, Slashing]
provenance: standin
check_to_acquire: Strength 6
powers:
  - when: check
    action: reveal
    if: {check: combat}
    effects: [{use_skill: [Strength, Melee]}, {add_modifier: -20}]
""")

EXTRA = [LUCKY_CHARM, TORCH, FIRE_IMP, LUCKY_DIE, NIMBLE_BOOTS, MINOR_HEX, CURSED_BLADE]


def labels(table: Table, index: int = -1) -> list[str]:
    """The options of a Decision, each play named without what it does ("Reveal Shortbow")."""
    return [option.label.split(": ")[0] for option in table.decisions[index].options]


@pytest.mark.rule("CHK-01")
def test_a_combat_check_can_never_succeed_automatically() -> None:
    table = Table(extra_cards=EXTRA)
    seelah = table.character("Seelah", at="Abattoir", hand=["Lucky Charm"])
    table.dice(1)
    [result] = table.run(attempt_checks(table.game, seelah, "Combat 12", Purpose.OTHER), "Strength")
    assert not result.success
    assert all("Lucky Charm" not in option.label for decision in table.decisions for option in decision.options)
    [result] = table.run(attempt_checks(table.game, seelah, "Wisdom 12", Purpose.OTHER), "Wisdom", "Recharge Lucky")
    assert result.success and result.roll is None


@pytest.mark.rule("CHK-09")
def test_cards_modify_only_the_skill_used_and_combat_cards_only_combat_checks() -> None:
    table = Table(extra_cards=EXTRA)
    harsk = table.character("Harsk", at="Abattoir", hand=["Torch", "Nimble Boots"])
    table.run(attempt_checks(table.game, harsk, "Wisdom 5", Purpose.OTHER), "Wisdom")
    assert labels(table) == ["Done"] or all("Torch" not in label and "Boots" not in label for label in labels(table))
    table.run(attempt_checks(table.game, harsk, "Stealth 5", Purpose.OTHER), "Stealth", "Reveal Nimble Boots")
    assert "Reveal Nimble Boots" in labels(table, 1)


@pytest.mark.rule("CHK-10")
def test_a_derived_skill_counts_as_its_ability_for_the_check_type() -> None:
    """Harsk's Stealth is Dexterity +2: a Stealth check is also a Dexterity check."""
    table = Table(extra_cards=EXTRA)
    harsk = table.character("Harsk", at="Abattoir", hand=["Nimble Boots"])
    table.dice(3)
    [result] = table.run(attempt_checks(table.game, harsk, "Stealth 7", Purpose.OTHER), "Stealth", "Reveal Nimble")
    assert {"Stealth", "Dexterity"} <= result.traits
    assert (str(result.pool), result.total) == ("1d8+4", 7)


@pytest.mark.rule("CHK-11")
def test_die_replacement_swaps_the_die_not_the_skill() -> None:
    """At the Sacristy you may roll your Divine die in place of the normal die to acquire a boon: Imrijka's
    Strength check (d10) to acquire rolls her Divine die (d8, her Wisdom die) and stays a Strength check."""
    table = Table()
    imrijka = table.character("Imrijka", at="Sacristy")
    staff = table.card("Quarterstaff of Vaulting")
    table.dice(4)
    [result] = table.run(
        attempt_checks(table.game, imrijka, check_of(staff), Purpose.ACQUIRE, staff), "Strength", "Use Sacristy"
    )
    assert (str(result.pool), result.skill, result.total) == ("1d8", "Strength", 4)
    assert "Divine" not in result.traits


@pytest.mark.rule("CHK-13")
def test_each_reroll_power_rerolls_once() -> None:
    table = Table(extra_cards=EXTRA)
    harsk = table.character("Harsk", at="Abattoir", hand=["Lucky Die"])
    table.dice(1, 2)
    [result] = table.run(attempt_checks(table.game, harsk, "Wisdom 9", Purpose.OTHER), "Wisdom", "Discard Lucky Die")
    assert result.total == 2 and not result.success
    assert table.decisions[-1].kind == "reroll"
    assert table.cards(harsk, ZoneKind.DISCARD) == ["Lucky Die"]


@pytest.mark.rule("CHK-15")
@pytest.mark.rule("DICE-01")
def test_failing_to_defeat_a_monster_deals_the_difference_as_combat_damage() -> None:
    table = Table(extra_cards=EXTRA)
    seelah = table.character("Seelah", at="Sacristy", hand=["Cursed Blade"])
    rat = table.card("Dire Rat")
    table.dice(2)
    [result] = table.run(attempt_checks(table.game, seelah, check_of(rat), Purpose.DEFEAT, rat), "Melee")
    assert (result.total, result.damage.amount, result.damage.type) == (5, 3, "Combat")
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Cursed Blade"], "3 damage discards the 1-card hand (DMG-02)"
    table.game.zones.move(table.game.zones.cards(seelah.discard_pile)[0], seelah.hand)
    table.dice(8)
    [result] = table.run(attempt_checks(table.game, seelah, check_of(rat), Purpose.DEFEAT, rat), "Reveal Cursed")
    assert result.total == 0, "a result never goes below 0"
    assert result.damage.amount == 8


@pytest.mark.rule("BOON-01")
@pytest.mark.rule("ENC-02")
def test_each_player_plays_at_most_one_card_of_each_type() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Abattoir", hand=["Blessing of Ascension", "Blessing of Ascension"])
    harsk = table.character("Harsk", at="Abattoir", hand=["Blessing of Ascension"])
    table.dice(1, 1, 1)
    [result] = table.run(
        attempt_checks(table.game, seelah, "Wisdom 20", Purpose.OTHER),
        "Wisdom",
        "Discard Blessing of Ascension",
        "Discard Blessing of Ascension",
    )
    assert str(result.pool) == "3d8"
    assert len(table.cards(seelah, ZoneKind.HAND)) == 1 and table.cards(harsk, ZoneKind.HAND) == []


@pytest.mark.rule("LOOT-01")
@pytest.mark.rule("BOON-01")
def test_loot_is_played_as_a_boon_of_the_type_it_lists() -> None:
    """A loot card that lists the weapon type is a weapon on a check: revealed for its skill and die, and with
    it revealed, the player may play no other weapon on that check (one boon of each type)."""
    table = Table(extra_cards=[RADIANT_BLADE])
    seelah = table.character("Seelah", at="Armory", hand=["Radiant Blade", "Longsword"])
    table.dice(6, 5)
    result = table.check(seelah, "Dire Rat", "Reveal Radiant Blade: Melee")
    assert (str(result.pool), result.total) == ("2d8+3", 14)
    assert not [option.label for decision in table.decisions if kind_of(decision) == "check"
                for option in decision.options if "Longsword" in option.label], "a second weapon on the check"
    assert table.cards(seelah, ZoneKind.HAND) == ["Radiant Blade", "Longsword"]


@pytest.mark.rule("ENC-03")
def test_no_card_with_a_trait_the_bane_is_immune_to() -> None:
    table = Table(extra_cards=EXTRA)
    seelah = table.character("Seelah", at="Sacristy", hand=["Torch"])
    imp = table.card("Fire Imp")
    table.dice(8)
    table.run(attempt_checks(table.game, seelah, check_of(imp), Purpose.DEFEAT, imp), "Melee")
    assert all("Torch" not in option.label for decision in table.decisions for option in decision.options)


@pytest.mark.rule("PLAY-01")
def test_a_card_paid_as_a_cost_is_not_played() -> None:
    """Imrijka recharges a blessing to use her power: that blessing isn't played, so she may still play
    another blessing on the check."""
    table = Table()
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Blessing of Ascension", "Blessing of Ascension"])
    rat = table.card("Dire Rat")
    table.dice(1, 1, 1)
    table.run(
        attempt_checks(table.game, imrijka, check_of(rat), Purpose.DEFEAT, rat),
        "Melee",
        "Use Imrijka's power, recharge Blessing of Ascension",
        "Discard Blessing of Ascension",
    )
    assert table.cards(imrijka, ZoneKind.DECK) == ["Blessing of Ascension"]
    assert table.cards(imrijka, ZoneKind.DISCARD) == ["Blessing of Ascension"]


@pytest.mark.rule("PLAY-02")
@pytest.mark.rule("PLAY-04")
def test_a_revealed_card_stays_in_hand_and_may_then_be_discarded_for_its_other_power() -> None:
    table = Table(extra_cards=EXTRA)
    seelah = table.character("Seelah", at="Sacristy", hand=["Torch"])
    table.dice(1, 1)
    [result] = table.run(
        attempt_checks(table.game, seelah, "Combat 20", Purpose.OTHER), "Melee", "Reveal Torch", "Discard Torch"
    )
    assert str(result.pool) == "1d8+1d4+5"
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Torch"]
    assert "Fire" in result.traits


@pytest.mark.rule("PLAY-03")
def test_a_power_is_used_once_per_check() -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Blessing of Ascension", "Shortbow"])
    rat = table.card("Dire Rat")
    table.run(
        attempt_checks(table.game, imrijka, check_of(rat), Purpose.DEFEAT, rat),
        "Melee",
        "Use Imrijka's power, recharge Blessing",
    )
    later = [label for decision in table.decisions[2:] for label in [o.label for o in decision.options]]
    assert not any(label.startswith("Use Imrijka's power") for label in later)


@pytest.mark.rule("PLAY-05")
def test_the_power_s_own_action_comes_first() -> None:
    table = Table()
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Shortbow", "Blessing of Ascension"])
    rat = table.card("Dire Rat")
    table.dice(1, 1, 1)
    table.run(
        attempt_checks(table.game, imrijka, check_of(rat), Purpose.DEFEAT, rat),
        "Reveal Shortbow",
        "Use Imrijka's power, recharge Shortbow",
    )
    log = table.game.log
    assert log.index("Imrijka reveals Shortbow") < log.index("Imrijka recharges Shortbow")


@pytest.mark.rule("PLAY-06")
@pytest.mark.rule("PLAY-07")
def test_only_cards_in_hand_that_apply_are_offered() -> None:
    table = Table()
    harsk = table.character("Harsk", at="Sacristy", hand=["Leather Armor"], discard=["Shortbow"])
    table.run(attempt_checks(table.game, harsk, "Combat 9", Purpose.OTHER), "Strength")
    offered = {option.label for decision in table.decisions for option in decision.options}
    assert not any("Shortbow" in label or "Leather Armor" in label for label in offered)


@pytest.mark.rule("KEEP-01")
def test_your_check_cards_help_only_you() -> None:
    table = Table()
    seelah = table.character("Seelah", at="Abattoir")
    harsk = table.character("Harsk", at="Abattoir", hand=["Shortbow", "Blessing of Ascension"])
    table.run(attempt_checks(table.game, seelah, "Combat 30", Purpose.OTHER), "Melee")
    offered_to_harsk = [o.label.split(": ")[0] for d in table.decisions if d.player == harsk.name for o in d.options]
    assert "Discard Blessing of Ascension" in offered_to_harsk
    assert not any("Shortbow" in label for label in offered_to_harsk)


@pytest.mark.rule("KEEP-04")
def test_a_spell_s_check_to_recharge_comes_after_the_check() -> None:
    table = Table(extra_cards=EXTRA)
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Minor Hex"])
    harsk = table.character("Harsk", at="Sacristy", hand=["Minor Hex"])
    table.dice(4, 6)
    table.run(attempt_checks(table.game, imrijka, "Wisdom 5", Purpose.OTHER), "Wisdom", "Discard Minor Hex", "Divine")
    kinds = [decision.kind for decision in table.decisions]
    assert kinds.index("skill", 1) > kinds.index("play")
    assert table.cards(imrijka, ZoneKind.DECK) == ["Minor Hex"]
    table.dice(4)
    table.run(attempt_checks(table.game, harsk, "Wisdom 5", Purpose.OTHER), "Wisdom", "Discard Minor Hex")
    assert table.cards(harsk, ZoneKind.DISCARD) == [] and table.cards(harsk, ZoneKind.DECK) == []
    assert any(c.name == "Minor Hex" for c in table.game.zones.cards(box("spell"))), "no Divine skill: banished"


@pytest.mark.rule("KEEP-05")
def test_an_added_die_is_only_a_die() -> None:
    """A blessing on Seelah's Melee check (d8+3) adds a d8, not another +3."""
    table = Table()
    seelah = table.character("Seelah", at="Abattoir", hand=["Blessing of Ascension"])
    table.dice(1, 1)
    [result] = table.run(
        attempt_checks(table.game, seelah, "Combat 20", Purpose.OTHER), "Melee", "Discard Blessing of Ascension"
    )
    assert str(result.pool) == "2d8+3"
