"""The spells of the box (src/pacg/data/spells), card by card, each power at work on a real table.

The table is at the Watchtower (no powers of its own), the Armory beside it. The checks are against a Mercenary
(Combat 10, plus the adventure deck number: 0 here). Kyra's Divine is Wisdom 1d12+2, Enora's Arcane Intelligence
d12+1, Balazar's Arcane Charisma 1d10+2, Seelah's Divine Wisdom 1d8+1. Dice faces are scripted largest die first;
a spell's check to recharge comes after the check it was played on (KEEP-04).
"""

from __future__ import annotations

import pytest

from pacg.engine.encounter import encounter
from pacg.engine.state import CharacterState, TurnState
from pacg.engine.turn import end_turn, explore_step
from pacg.engine.zones import ZoneKind
from table import Table

HERE = "Watchtower"
THERE = "Armory"
MONSTER = "Mercenary"
FILLER = ["Blessing of Ascension"]





# --- attack spells: discard it for your combat check to use a magic skill and add dice ----------------------------

# spell, who, the answers, the faces (the check's, then the check to recharge), skill, pool, difficulty, recharged
ATTACKS = [
    ("Fiery Glare", "Kyra", ("Discard Fiery Glare: Divine", "Divine"), (5, 3, 2, 8), "Divine", "1d12+2d4+2", 10,
     True),
    ("Fiery Glare", "Kyra", ("Discard Fiery Glare: Divine", "Divine"), (5, 3, 2, 7), "Divine", "1d12+2d4+2", 10,
     False),
    ("Fireblade", "Kyra", ("Discard Fireblade: Divine",), (5, 3, 2, 6), "Divine", "1d12+2d4+2", 10, True),
    ("Frigid Blast", "Kyra", ("Discard Frigid Blast: Divine", "Divine"), (5, 3, 2, 5), "Divine", "1d12+2d4+2", 10,
     False),
    ("Dazzle", "Enora", ("Discard Dazzle: Arcane", "No"), (5, 3, 5), "Arcane", "1d12+1d4+1", 8, True),
    ("Viper Strike", "Kyra", ("Discard Viper Strike: Divine", "Divine"), (5, 3, 2, 6), "Divine", "1d12+2d4+2", 10,
     True),
]


@pytest.mark.rule("CHK-05")
@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize(("spell", "who", "answers", "faces", "skill", "pool", "difficulty", "recharged"), ATTACKS)
def test_an_attack_spell_uses_a_magic_skill_adds_its_dice_and_its_check_to_recharge_decides_where_it_goes(
    spell: str, who: str, answers: tuple[str, ...], faces: tuple[int, ...], skill: str, pool: str, difficulty: int,
    recharged: bool
) -> None:
    table = Table()
    caster = table.character(who, at=HERE, hand=[spell], deck=["Cure"])
    table.dice(*faces)
    result = table.check(caster, MONSTER, *answers)
    assert (str(result.skill), str(result.pool), result.difficulty) == (skill, pool, difficulty)
    assert result.total == sum(faces[:-1]) + (2 if who == "Kyra" else 1) and result.success
    assert set(table.game.library.get(spell).traits) - {"Basic", "Elite"} <= result.traits
    if recharged:
        assert table.cards(caster, ZoneKind.DECK) == ["Cure", spell]
    else:
        assert table.cards(caster, ZoneKind.DISCARD) == [spell]


@pytest.mark.rule("CHK-09")
def test_an_attack_spell_is_not_offered_on_a_noncombat_check() -> None:
    table = Table()
    kyra = table.character("Kyra", at=HERE, hand=["Fireblade", "Frigid Blast", "Fiery Glare"])
    table.dice(6)
    table.attempt(kyra, "Wisdom 4", "Wisdom")
    assert not table.offered("Discard")


# --- displayed on a check: +3 to that character's checks with the skill until the end of the turn --------------


@pytest.mark.rule("PLAY-04")
@pytest.mark.rule("CHK-10")
@pytest.mark.parametrize(("spell", "skill", "derived", "other", "die"), [
    ("Glibness", "Charisma", "Diplomacy", "Strength", "1d6"),
    ("Brilliance", "Intelligence", "Knowledge", "Wisdom", "1d8"),
])
@pytest.mark.parametrize(("face", "recharged"), [(6, True), (5, False)])
def test_a_spell_displayed_next_to_a_character_adds_3_to_their_checks_with_its_skill_until_the_turn_ends(
    spell: str, skill: str, derived: str, other: str, die: str, face: int, recharged: bool
) -> None:
    """Balazar, elsewhere, displays it on Kyra's check: +3 on that check and on her next one with the skill or
    a skill derived from it, none on another skill's; at the end of the turn Balazar's Arcane 1d10+2 against 8
    recharges it, or it is discarded."""
    table = Table()
    table.location(THERE)
    kyra = table.character("Kyra", at=HERE, deck=FILLER * 8)
    balazar = table.character("Balazar", at=THERE, hand=[spell], deck=["Frog"])
    table.game.turn = TurnState(kyra)
    table.dice(2)
    assert table.attempt(kyra, f"{skill} 10", skill, f"Display {spell}").total == 2 + 3
    assert table.cards(balazar, ZoneKind.DISPLAYED) == [spell]
    table.dice(2)
    later = table.attempt(kyra, f"{derived} 10", derived)
    assert later.total == 2 + 2 + 3 and str(later.pool) == f"{die}+5"
    table.dice(2)
    assert table.attempt(kyra, f"{other} 10", other).total == 2
    table.dice(face)
    table.run(end_turn(table.game, kyra, forced=True), "Arcane")
    assert table.cards(balazar, ZoneKind.DISPLAYED) == []
    if recharged:
        assert table.cards(balazar, ZoneKind.DECK) == ["Frog", spell]
    else:
        assert table.cards(balazar, ZoneKind.DISCARD) == [spell]


# --- helping another check ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("bane", "helps"), [("Spiked Pit Trap", True), (MONSTER, False)])
def test_burst_bonds_adds_1d8_to_a_local_characters_check_to_defeat_a_trap(bane: str, helps: bool) -> None:
    """Kyra discards it on Harsk's Dexterity check against the Spiked Pit Trap (8); then recharges it with her
    Divine 1d12+2 against 7."""
    table = Table()
    harsk = table.character("Harsk", at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=["Burst Bonds"], deck=["Cure"])
    table.dice(2, 5, 5)
    result = table.check(harsk, bane, *(["Dexterity", "Discard Burst Bonds", "Divine"] if helps else ["Strength"]))
    assert table.offered("Discard Burst Bonds") == helps
    if helps:
        assert (str(result.pool), result.total, result.success) == ("2d8", 7, False)
        assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Burst Bonds"]


@pytest.mark.parametrize(("animal", "answers", "faces", "pool"), [
    # Harsk reveals his Shortbow and recharges the Bat (an Animal ally): the first power
    (True, ("Reveal Shortbow: Ranged", "Recharge Bat", "Discard Enchanted Fang", "Divine"), (4, 3, 2, 1, 5),
     "1d8+1d6+2d4+3"),
    # Seelah's bare Melee check, no weapon and no Attack card: the second power
    (False, ("Melee", "Discard Enchanted Fang", "Divine"), (4, 2, 5), "1d8+1d4+3"),
])
def test_enchanted_fang_adds_1d4_and_magic_to_a_check_with_an_animal_ally_or_without_weapons_and_attacks(
    animal: bool, answers: tuple[str, ...], faces: tuple[int, ...], pool: str
) -> None:
    table = Table()
    checker = (table.character("Harsk", at=HERE, hand=["Shortbow", "Bat"]) if animal else
               table.character("Seelah", at=HERE))
    kyra = table.character("Kyra", at=HERE, hand=["Enchanted Fang"], deck=["Cure"])
    table.dice(*faces)
    result = table.check(checker, MONSTER, *answers)
    assert str(result.pool) == pool and "Magic" in result.traits
    assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Enchanted Fang"], "Kyra's Divine 7 recharges it"


def test_enchanted_fang_is_not_offered_on_a_check_with_a_weapon_and_no_animal() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Mace"])
    table.character("Kyra", at=HERE, hand=["Enchanted Fang"])
    table.dice(5, 5)
    table.check(seelah, MONSTER, "Reveal Mace: Melee")
    assert not table.offered("Discard Enchanted Fang")


@pytest.mark.parametrize(("weapon", "pool"), [(True, "2d8+1d6+3"), (False, None)])
def test_sacred_weapon_adds_1d6_and_the_divine_and_magic_traits_to_a_combat_check_with_a_weapon(
    weapon: bool, pool: str | None
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Mace", "Sacred Weapon"], deck=["Cure"])
    if weapon:
        table.dice(4, 3, 2, 7)  # Melee 1d8+3, the Mace's d8, the spell's d6; then Divine 1d8+1 against 8
        result = table.check(seelah, MONSTER, "Reveal Mace: Melee", "Discard Sacred Weapon", "Divine")
        assert (str(result.pool), result.total) == (pool, 12)
        assert {"Divine", "Magic"} <= result.traits
        assert table.cards(seelah, ZoneKind.DECK) == ["Cure", "Sacred Weapon"]
    else:
        table.dice(*[1] * 4)
        table.check(seelah, MONSTER, "Melee")
        assert not table.offered("Discard Sacred Weapon")


# --- evading ----------------------------------------------------------------------------------------------------


def encountered(table: Table, character: CharacterState, *answers: str) -> str:
    outcome: str = table.run(encounter(table.game, character, table.top(HERE)), *answers)
    return outcome


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize(("monster", "evades"), [(MONSTER, True), ("Carrion Golem", False)])
def test_create_pit_is_discarded_to_evade_a_monster_of_difficulty_12_or_less(monster: str, evades: bool) -> None:
    table = Table()
    table.location(HERE, [monster, "Mace"])
    enora = table.character("Enora", at=HERE, hand=["Create Pit", *FILLER * 5], deck=FILLER * 5)
    table.dice(*([7] if evades else [1] * 4))
    answers = ["Discard Create Pit: evade", "No", "Arcane"] if evades else ["Strength"]
    outcome = encountered(table, enora, *answers)
    assert table.offered("Discard Create Pit") == evades
    if evades:
        assert outcome == "evaded" and sorted(table.deck(HERE)) == sorted([monster, "Mace"])
        assert table.cards(enora, ZoneKind.DECK)[-1] == "Create Pit", "Arcane 1d12+1 against 8: recharged"


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("monster", [MONSTER, "Carrion Golem"])
@pytest.mark.parametrize("seed", range(4))  # an evaded card shuffled in would land elsewhere with some seed
def test_create_pit_is_buried_to_evade_any_monster_and_put_it_at_the_bottom_of_its_deck(monster: str,
                                                                                      seed: int) -> None:
    table = Table(seed=seed)
    table.location(HERE, [monster, "Mace", "Codex", "Frog"])
    enora = table.character("Enora", at=HERE, hand=["Create Pit"])
    assert encountered(table, enora, "Bury Create Pit", "No") == "evaded"
    assert table.deck(HERE) == ["Mace", "Codex", "Frog", monster]
    assert table.cards(enora, ZoneKind.BURIED) == ["Create Pit"]


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("seed", range(4))
def test_sanctuary_lets_a_local_character_evade_a_monster_which_goes_on_top_of_its_deck(seed: int) -> None:
    table = Table(seed=seed)
    table.location(HERE, [MONSTER, "Mace", "Codex", "Frog"])
    seelah = table.character("Seelah", at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=["Sanctuary"], deck=["Cure"])
    table.dice(6)  # Kyra's Divine 1d12+2 against 8
    assert encountered(table, seelah, "Discard Sanctuary", "Divine") == "evaded"
    assert table.deck(HERE) == [MONSTER, "Mace", "Codex", "Frog"]
    assert table.cards(kyra, ZoneKind.DECK) == ["Cure", "Sanctuary"]


@pytest.mark.rule("ENC-05")
@pytest.mark.rule("TURN-03")
def test_skitter_evades_the_card_and_moves_you_to_another_location() -> None:
    table = Table()
    table.location(HERE, [MONSTER, "Mace"])
    table.location(THERE)
    balazar = table.character("Balazar", at=HERE, hand=["Skitter"], deck=["Cure"])
    table.dice(5)  # Arcane 1d10+2 against 8: failed, so it stays discarded
    assert encountered(table, balazar, "Discard Skitter", "Arcane") == "evaded"
    assert balazar.location == THERE
    assert table.cards(balazar, ZoneKind.DISCARD) == ["Skitter"]
    assert sorted(table.deck(HERE)) == sorted([MONSTER, "Mace"]), "the evaded card stays in the deck it left"


# --- Detect Demon: examine in your explore step, and encounter a Demon if you like ------------------------------


@pytest.mark.rule("TURN-04")
@pytest.mark.parametrize("top", ["Wooden Shield", "Cambion"])
def test_detect_demon_examines_the_top_card_and_offers_to_encounter_only_a_demon_without_exploring(top: str) -> None:
    """Kyra discards Detect Demon in her explore step: she examines the top card of the Watchtower's deck. A Wooden
    Shield is not a Demon: nothing is encountered. A Cambion is: she is asked, and declines. Either way the card
    stays on top, nothing was explored (the turn's free exploration is still there, and she takes it no further:
    she may no longer move, the explore step having begun), and the spell's Divine 6 check recharges it."""
    table = Table()
    table.location(HERE, [top, "Cure"])
    kyra = table.character("Kyra", at=HERE, hand=["Detect Demon"], deck=FILLER)
    table.game.turn = TurnState(kyra)
    table.dice(6)
    table.run(explore_step(table.game, kyra), "Discard Detect Demon", *(["No"] if top == "Cambion" else []), "Divine",
              "End exploring", strict=True)
    asked = [decision.prompt for decision in table.decisions]
    assert ("Kyra: encounter Cambion?" in asked) == (top == "Cambion")
    assert table.deck(HERE) == [top, "Cure"] and not table.logged("encounters")
    assert table.game.turn.explorations == 0
    after = [option.label for option in table.decisions[-1].options]
    assert after == ["End exploring", f"Explore {HERE}"]
    assert table.cards(kyra, ZoneKind.DECK) == [*FILLER, "Detect Demon"]
