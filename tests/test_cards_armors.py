"""The armors of the box (src/pacg/data/armors), card by card, each power at work on real damage.

Seelah is proficient with light and heavy armors, Harsk with light armors only, Enora with none. The damage is
dealt at the Manor House, which has no powers; each test says which cards the damage left discarded.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose
from pacg.engine.check import attempt_checks
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.state import CharacterState
from pacg.engine.turn import reset_hand
from pacg.engine.zones import PhysicalCard, ZoneKind, box
from table import STRIKING_FIEND, Table, kind_of

HERE = "Manor House"
MONSTER = "Mercenary"  # Combat 10, no trait any character's power answers to


def damaged(table: Table, character: CharacterState, amount: int, damage_type: str, *answers: str) -> None:
    table.run(take_damage(table.game, character, amount, damage_type), *answers)


def in_hand(table: Table, character: CharacterState, name: str) -> PhysicalCard:
    return next(card for card in table.game.zones.cards(character.hand) if card.name == name)


def reduced_to(table: Table, character: CharacterState) -> int | None:
    """What the log says the damage was reduced to, if it was."""
    prefix = f"The damage to {character.name} is reduced to "
    return next((int(line[len(prefix):]) for line in table.game.log if line.startswith(prefix)), None)


# --- reduce Combat damage ------------------------------------------------------------------------------------------

# armor, who plays it, how, by how much, where the armor ends
REDUCING = [
    ("Corroded Helm", "Seelah", "Reveal", 2, ZoneKind.HAND),
    ("Full Plate", "Seelah", "Recharge", 3, ZoneKind.DECK),
    ("Helm", "Seelah", "Reveal", 1, ZoneKind.HAND),
    ("Hide Armor", "Seelah", "Recharge", 1, ZoneKind.DECK),
    ("Leather Armor", "Seelah", "Recharge", 1, ZoneKind.DECK),
    ("Magic Half-Plate", "Seelah", "Recharge", 3, ZoneKind.DECK),
    ("Magic Scale Mail", "Seelah", "Recharge", 2, ZoneKind.DECK),
    ("Magic Shield", "Enora", "Recharge", 2, ZoneKind.DECK),
    ("Magic Shield", "Seelah", "Recharge", 2, ZoneKind.DECK),
    ("Scale Mail", "Seelah", "Recharge", 2, ZoneKind.DECK),
    ("Stalking Armor", "Seelah", "Recharge", 2, ZoneKind.DECK),
    ("Steel Shield", "Enora", "Recharge", 3, ZoneKind.DECK),
    ("Steel Shield", "Seelah", "Recharge", 3, ZoneKind.DECK),
    ("Wooden Shield", "Enora", "Recharge", 2, ZoneKind.DECK),
    ("Wooden Shield", "Seelah", "Recharge", 2, ZoneKind.DECK),
]


@pytest.mark.rule("DMG-01")
@pytest.mark.rule("DMG-02")
@pytest.mark.parametrize(("armor", "who", "action", "amount", "ends"), REDUCING)
def test_armor_reduces_combat_damage_and_goes_where_its_power_says(
    armor: str, who: str, action: str, amount: int, ends: ZoneKind
) -> None:
    """Dealt its reduction plus 1, the character discards one card (the Mace) and keeps the Longsword."""
    table = Table()
    character = table.character(who, at=HERE, hand=[armor, "Mace", "Longsword"], deck=["Cure"])
    played = in_hand(table, character, armor)
    damaged(table, character, amount + 1, "Combat", f"{action} {armor}", "Discard Mace")
    assert reduced_to(table, character) == 1
    assert table.cards(character, ZoneKind.DISCARD) == (["Mace"] if ends is not ZoneKind.DISCARD else ["Mace", armor])
    assert table.game.zones.where(played) == character.zone(ends)
    if ends is ZoneKind.DECK:
        assert table.cards(character, ZoneKind.DECK) == ["Cure", armor], "recharged: at the bottom of the deck"


@pytest.mark.rule("ARMOR-01")
@pytest.mark.parametrize(("armor", "damage_type", "reduces"), [
    ("Hide Armor", "Cold", True),
    ("Hide Armor", "Fire", False),
    ("Leather Armor", "Cold", False),
    ("Helm", "Electricity", False),
])
def test_armor_reduces_only_the_damage_types_it_names(armor: str, damage_type: str, reduces: bool) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[armor, "Mace", "Longsword"])
    answers = [f"Recharge {armor}", "Discard Mace"] if reduces else ["Discard Mace", "Discard Longsword"]
    damaged(table, seelah, 2, damage_type, *answers)
    offered = [o.label for o in table.decisions[0].options if o.label.startswith(("Recharge", "Reveal"))]
    assert bool(offered) == reduces
    assert reduced_to(table, seelah) == (1 if reduces else None)
    assert table.cards(seelah, ZoneKind.DISCARD) == (["Mace"] if reduces else ["Longsword", "Mace"])


# --- reduce Combat damage dealt before or after you act -----------------------------------------------------------

@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize("armor", ["Padded Armor", "Magic Padded Armor"])
def test_padded_armor_reduces_combat_damage_dealt_before_and_after_you_act_by_2(armor: str) -> None:
    """Two Padded Armors: one discarded before Seelah acts, one after; each time 1 of the 3 damage is left."""
    table = Table(extra_cards=[STRIKING_FIEND], strict=True)
    table.location(HERE, ["Striking Fiend"])
    seelah = table.character("Seelah", at=HERE, hand=[armor, armor, "Mace", "Longsword", "Cure"])
    table.dice(8)
    table.run(encounter(table.game, seelah, table.top(HERE)),
              f"Discard {armor}", "Discard Mace", "Melee", "Done", f"Discard {armor}", "Discard Cure")
    assert table.cards(seelah, ZoneKind.HAND) == ["Longsword"]
    assert sorted(table.cards(seelah, ZoneKind.DISCARD)) == sorted([armor, armor, "Mace", "Cure"])
    assert reduced_to(table, seelah) == 1


@pytest.mark.rule("CHK-15")
@pytest.mark.parametrize("armor", ["Padded Armor", "Magic Padded Armor"])
def test_padded_armor_does_not_reduce_the_damage_of_a_failed_check_by_2(armor: str) -> None:
    """The damage of a failed check to defeat is not dealt before or after you act: only burying the armor (to
    reduce all damage to 0) is offered for it."""
    table = Table(strict=True)
    seelah = table.character("Seelah", at=HERE, hand=[armor, "Mace", "Longsword"])
    table.dice(1)  # Melee 1d8+3: 4 against the Mercenary's Combat 10 deals 6
    table.check(seelah, MONSTER, "Melee", "Done", f"Bury {armor}")
    assert table.offered(f"Bury {armor}", "damage")
    assert not table.offered(f"Discard {armor}")
    assert reduced_to(table, seelah) == 0


# --- bury it if proficient, banish it if not, to reduce all damage to 0 ----------------------------------------------

LIGHT = ["Hide Armor", "Leather Armor", "Magic Padded Armor", "Padded Armor", "Stalking Armor"]
HEAVY = ["Full Plate", "Magic Half-Plate", "Magic Scale Mail", "Scale Mail"]


@pytest.mark.rule("ARMOR-01")
@pytest.mark.rule("PLAY-04")
@pytest.mark.parametrize(("armor", "who", "action"), [
    *[(armor, "Seelah", "Bury") for armor in LIGHT + HEAVY],
    *[(armor, "Enora", "Banish") for armor in LIGHT + HEAVY],
    ("Leather Armor", "Harsk", "Bury"),  # proficient with light armors ...
    ("Scale Mail", "Harsk", "Banish"),  # ... not with heavy ones
])
def test_armor_reduces_all_damage_to_0_buried_if_proficient_else_banished(armor: str, who: str, action: str) -> None:
    table = Table()
    character = table.character(who, at=HERE, hand=[armor, "Mace"])
    played = in_hand(table, character, armor)
    damaged(table, character, 5, "Fire", f"{action} {armor}")
    assert reduced_to(table, character) == 0
    assert table.cards(character, ZoneKind.HAND) == ["Mace"], "nothing left to discard"
    assert table.game.zones.where(played) == (character.buried if action == "Bury" else box("armor"))
    other = "Banish" if action == "Bury" else "Bury"
    assert not [o for o in table.decisions[0].options if o.label.startswith(f"{other} {armor}")]


# --- more than one armor on one damage --------------------------------------------------------------------------


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("helm", "amount"), [("Helm", 1), ("Corroded Helm", 2)])
def test_a_helm_may_be_played_beside_another_armor(helm: str, amount: int) -> None:
    """Rulebook example: Alain reveals a Helm (1) and recharges his Magic Scale Mail (2) on the same damage."""
    table = Table()
    alain = table.character("Alain", at=HERE, hand=[helm, "Magic Scale Mail", "Mace", "Longsword"])
    damaged(table, alain, amount + 3, "Combat", f"Reveal {helm}", "Recharge Magic Scale Mail", "Discard Mace")
    assert reduced_to(table, alain) == 1
    assert table.cards(alain, ZoneKind.HAND) == [helm, "Longsword"]
    assert table.cards(alain, ZoneKind.DECK) == ["Magic Scale Mail"]


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("shield", "amount"), [("Wooden Shield", 2), ("Steel Shield", 3), ("Magic Shield", 2)])
def test_a_shield_goes_beside_another_armor_only_with_light_armor_proficiency(shield: str, amount: int) -> None:
    seelah = Table()
    proficient = seelah.character("Seelah", at=HERE, hand=[shield, "Leather Armor", "Mace", "Longsword"])
    damaged(seelah, proficient, amount + 2, "Combat", f"Recharge {shield}", "Recharge Leather Armor", "Discard Mace")
    assert reduced_to(seelah, proficient) == 1
    assert seelah.cards(proficient, ZoneKind.DECK) == [shield, "Leather Armor"]

    enora = Table()
    not_proficient = enora.character("Enora", at=HERE, hand=[shield, "Leather Armor", "Mace", "Longsword"])
    damaged(enora, not_proficient, amount + 1, "Combat", f"Recharge {shield}", "Discard Mace")
    after_the_shield = enora.decisions[1]
    assert not [o for o in after_the_shield.options if o.label.startswith("Recharge Leather Armor")]
    assert reduced_to(enora, not_proficient) == 1


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("weapon", "offered"), [("Longspear", False), ("Mace", True)])
def test_a_shield_is_no_help_against_the_damage_of_a_check_a_2_handed_weapon_was_played_on(weapon: str,
                                                                                           offered: bool) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[weapon, "Wooden Shield", "Cure", "Codex"])
    table.dice(1, 1)
    table.check(seelah, MONSTER, f"Reveal {weapon}: Melee", *(["Recharge Wooden Shield"] if offered else []))
    assert "Seelah is dealt 5 Combat damage" in table.game.log
    shield = [o for d in table.decisions if kind_of(d) == "damage" for o in d.options
              if o.label.startswith("Recharge Wooden Shield")]
    assert bool(shield) == offered
    assert reduced_to(table, seelah) == (3 if offered else None)
    assert ("Wooden Shield" in table.cards(seelah, ZoneKind.DISCARD)) != offered


# --- recharge it when you reset your hand ----------------------------------------------------------------------------

RECHARGED_ON_RESET = [
    ("Magic Half-Plate", "Seelah", True),
    ("Magic Half-Plate", "Harsk", False),  # heavy armor
    ("Magic Padded Armor", "Harsk", True),
    ("Magic Padded Armor", "Enora", False),
    ("Magic Scale Mail", "Seelah", True),
    ("Magic Scale Mail", "Harsk", False),
    ("Magic Shield", "Harsk", True),
    ("Magic Shield", "Enora", False),
]


@pytest.mark.rule("RESET-01")
@pytest.mark.parametrize(("armor", "who", "proficient"), RECHARGED_ON_RESET)
def test_a_magic_armor_may_be_recharged_when_resetting_the_hand_if_proficient(armor: str, who: str,
                                                                              proficient: bool) -> None:
    table = Table()
    character = table.character(who, at=HERE, hand=[armor, "Sickle"], deck=["Mace", "Longsword", "Cure", "Codex",
                                                                            "Helm", "Frog", "Recruit"])
    answers = [f"Recharge {armor}"] if proficient else []
    table.run(reset_hand(table.game, character), *answers, "Done discarding")
    if proficient:
        assert table.cards(character, ZoneKind.DECK)[-1] == armor, "recharged: at the bottom of the deck"
        assert armor not in table.cards(character, ZoneKind.HAND)
    else:
        assert not [o for d in table.decisions for o in d.options if o.label.startswith("Recharge")]
        assert armor in table.cards(character, ZoneKind.HAND)
    assert len(table.cards(character, ZoneKind.HAND)) == character.hand_size


# --- on a check -------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHK-09")
@pytest.mark.parametrize(("check", "skill", "faces", "total"), [
    ("Stealth 10", "Stealth", (6,), 10),  # Dexterity 1d8 +2, and 2
    ("Perception 10", "Perception", (7,), 10),  # Wisdom 1d8 +1, and 2
])
def test_the_stalking_armor_is_revealed_for_2_on_stealth_and_perception_checks(check: str, skill: str,
                                                                               faces: tuple[int, ...],
                                                                               total: int) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Stalking Armor"])
    table.dice(*faces)
    [result] = table.run(attempt_checks(table.game, harsk, check, Purpose.OTHER), skill, "Reveal Stalking Armor")
    assert (result.total, result.success) == (total, True)
    assert table.cards(harsk, ZoneKind.HAND) == ["Stalking Armor"]


def test_the_stalking_armor_adds_nothing_to_another_skill() -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Stalking Armor"])
    table.dice(6)
    table.run(attempt_checks(table.game, harsk, "Dexterity 10", Purpose.OTHER), "Dexterity")
    assert not [o for d in table.decisions for o in d.options if o.label.startswith("Reveal Stalking Armor")]
