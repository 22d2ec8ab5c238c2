"""The items of the box (src/pacg/data/items), card by card, each power at work on a real table.

The table is at the Manor House (no powers of its own), the Watchtower beside it. Dice faces are scripted
largest die first; a check to recharge an item comes after the check it was played on (KEEP-04).
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Timing
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import CharacterState
from pacg.engine.window import play_window
from pacg.engine.zones import PhysicalCard, ZoneKind, box
from table import Table, card, kind_of

HERE = "Manor House"
THERE = "Watchtower"

ABYSSAL_DEMON = card("""
name: Abyssal Brute
type: monster
set: "3"
traits: [Outsider, Demon]
provenance: standin
notes: A test monster of adventure deck 3 with no powers.
check_to_defeat: Combat 10
""")


def held(table: Table, character: CharacterState, name: str) -> PhysicalCard:
    return next(card for card in table.game.zones.cards(character.hand) if card.name == name)





# --- reducing damage -----------------------------------------------------------------------------------------------


@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize(("face", "recharged"), [(5, True), (4, False)])
def test_the_blood_periapt_reduces_any_damage_by_3_and_a_fortitude_6_check_recharges_it(face: int,
                                                                                       recharged: bool) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Blood Periapt", "Mace", "Longsword"], deck=["Cure"])
    table.dice(face)  # Fortitude 1d8+1
    table.run(take_damage(table.game, seelah, 4, "Fire"), "Discard Blood Periapt", "Fortitude", "Discard Mace")
    assert "The damage to Seelah is reduced to 1" in table.game.log
    assert table.cards(seelah, ZoneKind.HAND) == ["Longsword"]
    if recharged:
        assert table.cards(seelah, ZoneKind.DECK) == ["Cure", "Blood Periapt"]
        assert table.cards(seelah, ZoneKind.DISCARD) == ["Mace"]
    else:
        assert sorted(table.cards(seelah, ZoneKind.DISCARD)) == ["Blood Periapt", "Mace"]


# --- adding dice to a check ----------------------------------------------------------------------------------------


def test_the_book_of_the_loremaster_adds_1d6_to_a_local_knowledge_check_and_is_recharged() -> None:
    """Kyra discards her Book on Enora's Knowledge check; then Kyra attempts the check to recharge it."""
    table = Table()
    enora = table.character("Enora", at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=["Book of the Loremaster"], deck=["Cure"])
    table.dice(5, 4, 5)  # Enora's d12 and the Book's d6; Kyra's Knowledge 1d8+2 to recharge: 7
    result = table.attempt(enora, "Knowledge 12", "Knowledge", "Discard Book of the Loremaster", "Knowledge")
    assert (str(result.pool), result.total, result.success) == ("1d12+1d6+3", 12, True)
    assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Book of the Loremaster"]
    assert "Kyra succeeded at Knowledge 1d8+2 against 7: rolled 7" in table.game.log


@pytest.mark.parametrize(("skill", "where"), [("Intelligence", HERE), ("Knowledge", THERE)])
def test_the_book_of_the_loremaster_helps_only_a_knowledge_check_at_its_location(skill: str, where: str) -> None:
    table = Table()
    table.location(THERE)
    enora = table.character("Enora", at=HERE)
    table.character("Kyra", at=where, hand=["Book of the Loremaster"])
    table.dice(12)
    table.attempt(enora, f"{skill} 6", skill)
    assert not table.offered("Discard Book of the Loremaster")


@pytest.mark.rule("CHK-12")
def test_the_codex_adds_a_die_of_the_checks_type_to_a_check_to_acquire_and_is_recharged() -> None:
    table = Table()
    enora = table.character("Enora", at=HERE, hand=["Codex"], deck=["Cure"])
    table.dice(3, 3, 7)  # Strength 1d6 and the Codex's d6: 6; Knowledge 1d12+3 to recharge: 10
    result = table.check(enora, "Longsword", "Strength", "Discard Codex", "Knowledge")
    assert (str(result.pool), result.total, result.success) == ("2d6", 6, True)
    assert table.cards(enora, ZoneKind.DECK) == ["Cure", "Codex"]


def test_the_codex_does_not_help_a_check_to_defeat() -> None:
    table = Table()
    enora = table.character("Enora", at=HERE, hand=["Codex", "Mace"])
    table.dice(6)
    table.check(enora, "Mercenary", "Strength", "Discard Mace")
    assert not table.offered("Discard Codex")


@pytest.mark.parametrize(("bane", "pool"), [
    ("Abyssal Brute", "1d6+1d4+3"),  # a Demon of adventure deck 3: 1d4 + 3
    ("Demonling", "1d6+1d4"),  # a Demon of the base set: adventure deck number 0
])
def test_the_demon_hunters_handbook_adds_1d4_and_the_banes_adventure_deck_number(bane: str, pool: str) -> None:
    table = Table(adventure_deck_number=3, extra_cards=[ABYSSAL_DEMON])
    enora = table.character("Enora", at=HERE, hand=["Demon Hunter's Handbook"], deck=["Cure"])
    table.dice(6, 4, 1)  # then a failed Knowledge check to reveal the Handbook instead of recharging it
    result = table.check(enora, bane, "Strength", "Recharge Demon Hunter's Handbook", "Knowledge")
    assert str(result.pool) == pool
    assert table.cards(enora, ZoneKind.DECK) == ["Cure", "Demon Hunter's Handbook"]


def test_the_demon_hunters_handbook_helps_only_against_cultists_and_demons() -> None:
    table = Table()
    enora = table.character("Enora", at=HERE, hand=["Demon Hunter's Handbook", "Mace"])
    table.dice(6)
    table.check(enora, "Mercenary", "Strength", "Discard Mace")
    assert not table.offered("Recharge Demon Hunter's Handbook")


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("monster", "pool"), [("Mercenary", "1d12+1d6+2"), ("Zombie", "1d12+2d6+2")])
def test_the_holy_water_grenade_uses_divine_and_adds_1d6_and_another_against_undead(monster: str,
                                                                                    pool: str) -> None:
    table = Table()
    kyra = table.character("Kyra", at=HERE, hand=["Holy Water Grenade"])
    table.dice(8, 4, 4)
    result = table.check(kyra, monster, "Discard Holy Water Grenade: Divine")
    assert (str(result.skill), str(result.pool), result.success) == ("Divine", pool, True)
    assert "Holy" in result.traits, "the card that sets the skill adds its traits"
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Holy Water Grenade"]


def test_the_portable_altar_adds_1d6_to_a_divine_check_only() -> None:
    table = Table()
    kyra = table.character("Kyra", at=HERE, hand=["Portable Altar"])
    table.dice(4, 4)
    result = table.attempt(kyra, "Divine 10", "Divine", "Discard Portable Altar")
    assert (str(result.pool), result.total, result.success) == ("1d12+1d6+2", 10, True)
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Portable Altar"]
    table.dice(12)
    table.attempt(kyra, "Wisdom 10", "Wisdom")
    assert not [o for o in table.decisions[-1].options if o.label.startswith("Discard Portable Altar")]


@pytest.mark.rule("CHK-09")
def test_the_ring_of_climbing_adds_1d6_to_a_noncombat_dexterity_check_and_not_to_a_combat_check() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Ring of Climbing"])
    table.dice(3, 3)
    result = table.attempt(seelah, "Dexterity 6", "Dexterity", "Reveal Ring of Climbing")
    assert (str(result.pool), result.total, result.success) == ("1d6+1d4", 6, True)
    assert table.cards(seelah, ZoneKind.HAND) == ["Ring of Climbing"]
    table.dice(8)
    table.attempt(seelah, "Combat 10", "Strength")
    assert not [o for o in table.decisions[-1].options if o.label.startswith("Reveal Ring")]


@pytest.mark.parametrize(("bane", "helps"), [("Demonling", True), ("Sophini", True), ("Mercenary", False)])
def test_the_sages_journal_adds_1d4_against_a_henchman_or_villain(bane: str, helps: bool) -> None:
    table = Table()
    enora = table.character("Enora", at=HERE, hand=["Sage's Journal", "Mace"])
    table.dice(6, 4)
    result = table.check(enora, bane, "Strength", *(["Reveal Sage's Journal"] if helps else []))
    assert table.offered("Reveal Sage's Journal") == helps
    assert str(result.pool) == ("1d6+1d4" if helps else "1d6")


@pytest.mark.parametrize(("bane", "skill", "pool"), [
    ("Spiked Pit Trap", "Perception", "1d8+1d4+1"),  # a Trap: Perception 7
    ("Zombie", "Strength", "1d6"),  # no trap: Combat 9
])
def test_the_trapsmith_gloves_add_1d4_against_a_trap(bane: str, skill: str, pool: str) -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Trapsmith Gloves"])
    table.dice(4, 2)
    trap = bane == "Spiked Pit Trap"
    result = table.check(harsk, bane, skill, *(["Reveal Trapsmith Gloves"] if trap else []))
    assert table.offered("Reveal Trapsmith Gloves") == trap
    assert str(result.pool) == pool


# --- an encounter: evading, defeating -----------------------------------------------------------------------------


def encountered(table: Table, character: CharacterState, *answers: str) -> str:
    outcome: str = table.run(encounter(table.game, character, table.top(HERE)), *answers)
    return outcome


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize(("monster", "evades"), [("Mercenary", True), ("Carrion Golem", False)])
def test_the_caltrop_bead_is_banished_to_evade_a_monster_of_difficulty_14_or_less(monster: str, evades: bool) -> None:
    """The Carrion Golem's Combat 14 is 15 at the Abattoir, with one character in the game."""
    table = Table()
    where = HERE if evades else "Abattoir"
    table.location(where, [monster, "Mace"])
    seelah = table.character("Seelah", at=where, hand=["Caltrop Bead"], deck=["Cure", "Codex", "Frog"])
    bead = held(table, seelah, "Caltrop Bead")
    table.dice(8, 8)
    outcome = table.run(encounter(table.game, seelah, table.top(where)),
                        "Banish Caltrop Bead: evade" if evades else "Melee")
    assert table.offered("Banish Caltrop Bead: evade") == evades
    if evades:
        assert outcome == "evaded" and table.game.zones.where(bead) == box("item")
        assert sorted(table.deck(where)) == sorted([monster, "Mace"])


@pytest.mark.rule("ENC-07")
@pytest.mark.parametrize(("monster", "defeats"), [("Zombie", True), ("Mercenary", False)])
def test_the_caltrop_bead_is_banished_before_acting_to_defeat_a_monster_of_difficulty_9_or_less(
    monster: str, defeats: bool
) -> None:
    table = Table()
    table.location(HERE, [monster, "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Caltrop Bead"])
    bead = held(table, seelah, "Caltrop Bead")
    table.dice(8, 8)
    outcome = encountered(table, seelah, "Banish Caltrop Bead: defeat" if defeats else "Melee")
    assert outcome == "defeated"
    assert table.offered("Banish Caltrop Bead: defeat") == defeats
    assert table.game.zones.where(bead) == (box("item") if defeats else seelah.hand)
    assert bool([d for d in table.decisions if kind_of(d) == "skill"]) != defeats, "defeated without a check"
    assert table.deck(HERE) == ["Mace"], "a defeated bane is banished"


@pytest.mark.parametrize("bane", ["Mercenary", "Spiked Pit Trap"])
def test_the_ring_of_climbing_is_discarded_to_evade_a_monster_or_a_barrier(bane: str) -> None:
    table = Table()
    table.location(HERE, [bane, "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Ring of Climbing"])
    assert encountered(table, seelah, "Discard Ring of Climbing") == "evaded"
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Ring of Climbing"]
    assert sorted(table.deck(HERE)) == sorted([bane, "Mace"])


@pytest.mark.parametrize(("adventure", "defeats"), [(0, True), (3, False)])
def test_the_trapsmith_gloves_are_discarded_to_defeat_a_trap_of_difficulty_10_or_less(adventure: int,
                                                                                      defeats: bool) -> None:
    """The Spiked Pit Trap's checks are harder by the adventure deck number: Dexterity 8 is 11 in adventure 3."""
    table = Table(adventure_deck_number=adventure)
    table.location(HERE, ["Spiked Pit Trap", "Mace"])
    harsk = table.character("Harsk", at=HERE, hand=["Trapsmith Gloves"])
    table.dice(1, 4)
    outcome = encountered(table, harsk, "Discard Trapsmith Gloves" if defeats else "Perception")
    assert table.offered("Discard Trapsmith Gloves") == defeats
    assert outcome == ("defeated" if defeats else "undefeated")
    if defeats:
        assert table.cards(harsk, ZoneKind.DISCARD) == ["Trapsmith Gloves"]
        assert not [d for d in table.decisions if kind_of(d) == "skill"], "defeated without a check"
    else:
        assert "Harsk is dealt 5 Combat damage" in table.game.log, "the undefeated trap deals 1d4+1 (a 4)"


@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize(("who", "face", "recharged"), [("Balazar", 10, True), ("Balazar", 9, False),
                                                         ("Seelah", 4, False)])
def test_the_wand_of_paralyze_is_buried_to_evade_a_monster_and_an_arcane_12_check_recharges_it(
    who: str, face: int, recharged: bool
) -> None:
    """Rulebook example: Balazar evades a Worm Demon with the Wand, then rolls d10+3 for a 12 and recharges it.
    Here his Arcane is d10+2 (no skill feat); Seelah, without the Arcane skill, rolls a d4."""
    table = Table()
    table.location(HERE, ["Mercenary", "Mace"])
    character = table.character(who, at=HERE, hand=["Wand of Paralyze"], deck=["Cure"])
    table.dice(face)
    assert encountered(table, character, "Bury Wand of Paralyze", "Arcane") == "evaded"
    [arcane] = [line for line in table.game.log if " at Arcane " in line]
    assert arcane.startswith(f"{who} {'succeeded' if recharged else 'failed'} at Arcane")
    if recharged:
        assert table.cards(character, ZoneKind.DECK) == ["Cure", "Wand of Paralyze"]
    else:
        assert table.cards(character, ZoneKind.BURIED) == ["Wand of Paralyze"]


# --- between the steps of a turn -------------------------------------------------------------------------------------


def step_of(table: Table, character: CharacterState, timing: Timing) -> Step:
    return Step(game=table.game, checker=character, timing=timing)


@pytest.mark.parametrize("potion", ["Potion of Healing", "Nectar of the Gods"])
def test_a_healing_draught_is_banished_so_a_local_character_shuffles_1d4_discards_into_their_deck(
    potion: str
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[potion], discard=["Cure"])
    kyra = table.character("Kyra", at=HERE, discard=["Mace", "Longsword", "Helm", "Codex"], deck=["Frog"])
    table.character("Harsk", at=THERE, discard=["Javelin"])
    drink = held(table, seelah, potion)
    table.dice(3)
    table.run(play_window(step_of(table, seelah, Timing.ANY_TIME), [seelah]), f"Banish {potion}: shuffle", "Kyra")
    heal = [d for d in table.decisions if kind_of(d) == "target"][0]
    assert [o.label for o in heal.options] == ["Seelah", "Kyra"], "a character at the location, with discards"
    assert len(table.cards(kyra, ZoneKind.DISCARD)) == 1 and len(table.cards(kyra, ZoneKind.DECK)) == 4
    assert table.game.zones.where(drink) == box("item")


def test_the_nectar_of_the_gods_is_banished_for_a_mythic_charge() -> None:
    table = Table()
    kyra = table.character("Kyra", at=HERE, hand=["Nectar of the Gods"])
    nectar = held(table, kyra, "Nectar of the Gods")
    table.run(play_window(step_of(table, kyra, Timing.ANY_TIME), [kyra]), "Banish Nectar of the Gods: gain")
    assert kyra.mythic_charges == 1
    assert table.game.zones.where(nectar) == box("item")


@pytest.mark.rule("TURN-03")
def test_the_potion_of_striding_is_banished_at_the_start_of_a_turn_so_a_local_character_moves() -> None:
    table = Table()
    table.location(THERE)
    harsk = table.character("Harsk", at=HERE, hand=["Potion of Striding"])
    kyra = table.character("Kyra", at=HERE)
    potion = held(table, harsk, "Potion of Striding")
    table.run(play_window(step_of(table, harsk, Timing.ANY_TIME), [harsk]))
    assert not table.decisions, "only at the start of a turn"
    table.run(play_window(step_of(table, harsk, Timing.TURN_START), [harsk]), "Banish Potion of Striding", "Kyra")
    assert (kyra.location, harsk.location) == (THERE, HERE)
    assert table.game.zones.where(potion) == box("item")
