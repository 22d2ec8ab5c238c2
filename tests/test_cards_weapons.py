"""The weapons of the box (src/pacg/data/weapons), card by card, each power at work on a real table.

Seelah (Strength 1d8, Melee +3) and Harsk (Dexterity 1d8, Ranged +3) are proficient with weapons; Enora is
not. The checks are against a Mercenary (Combat 10, plus the adventure deck number: 0 here), at the Manor
House, which has no powers. Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose
from pacg.decisions import Decision
from pacg.engine.check import CheckResult, attempt_checks
from pacg.engine.encounter import encounter
from pacg.engine.zones import ZoneKind
from table import Table, kind_of

HERE = "Manor House"
MONSTER = "Mercenary"


def weapon_check(table: Table, character: str, hand: list[str], *answers: str, faces: tuple[int, ...] = ()
                 ) -> CheckResult:
    """A character holding these cards attempts the check to defeat a Mercenary; returns how it went."""
    checker = table.character(character, at=HERE, hand=hand)
    table.dice(*faces)
    return table.check(checker, MONSTER, *answers)


def hand_of(table: Table, name: str) -> list[str]:
    return table.cards(table.game.character(name), ZoneKind.HAND)


def discard_of(table: Table, name: str) -> list[str]:
    return table.cards(table.game.character(name), ZoneKind.DISCARD)


def labels(decision: Decision) -> list[str]:
    """A Decision's options, each play named without what it does ("Discard Javelin")."""
    return [option.label.split(": ")[0] for option in decision.options]


# --- reveal it to use a skill and add dice -----------------------------------------------------------------------

# weapon, who, the skill chosen, the faces rolled, the pool, the result
REVEALED = [
    ("Bolas", "Harsk", "Ranged", (5, 3), "1d8+1d4+2", 10),
    ("Corrosive Dagger +1", "Harsk", "Ranged", (5, 3), "1d8+1d4+4", 12),
    ("Glaive +1", "Seelah", "Melee", (4, 5), "1d10+1d8+4", 13),
    ("Hand Crossbow", "Harsk", "Dexterity", (7, 3), "1d8+1d6", 10),
    ("Heavy Crossbow", "Harsk", "Ranged", (4, 5), "1d10+1d8+3", 12),
    ("Heavy Pick", "Seelah", "Melee", (5, 3), "1d8+1d6+3", 11),
    ("Javelin", "Harsk", "Ranged", (5, 3), "1d8+1d6+3", 11),
    ("Lance", "Seelah", "Melee", (5, 3), "2d8+3", 11),
    ("Longspear", "Seelah", "Melee", (5, 3), "2d8+3", 11),
    ("Longsword", "Seelah", "Strength", (7, 3), "2d8", 10),
    ("Mace", "Seelah", "Melee", (5, 3), "2d8+3", 11),
    ("Quarterstaff", "Seelah", "Melee", (5, 3), "1d8+1d6+3", 11),
    ("Quarterstaff of Vaulting", "Seelah", "Melee", (5, 3), "1d8+1d6+4", 12),
    ("Scythe", "Seelah", "Melee", (5, 3, 2), "1d8+2d4+3", 13),
    ("Shortbow", "Harsk", "Ranged", (5, 3), "1d8+1d6+3", 11),
    ("Sickle", "Seelah", "Melee", (5, 3), "1d8+1d6+3", 11),
    ("Swordbreaker", "Seelah", "Melee", (5, 3), "1d8+1d6+3", 11),
]


@pytest.mark.rule("CHK-05")
@pytest.mark.rule("CHK-06")
@pytest.mark.parametrize(("weapon", "who", "skill", "faces", "pool", "total"), REVEALED)
def test_revealing_a_weapon_sets_the_skill_adds_its_dice_and_its_traits(
    weapon: str, who: str, skill: str, faces: tuple[int, ...], pool: str, total: int
) -> None:
    table = Table()
    result = weapon_check(table, who, [weapon], f"Reveal {weapon}: {skill}", faces=faces)
    assert (str(result.skill), str(result.pool), result.total, result.success) == (skill, pool, total, True)
    assert set(table.game.library.get(weapon).traits) <= result.traits, "the card that sets the skill adds its traits"
    assert hand_of(table, who) == [weapon], "a revealed card stays in hand"


# --- discard it for more dice ------------------------------------------------------------------------------------

# weapon, who, the skill, the faces, the pool with the dice of both powers, the result
DISCARDED = [
    ("Bolas", "Harsk", "Ranged", (5, 3, 2), "1d8+2d4+1", 11),
    ("Javelin", "Harsk", "Ranged", (5, 3, 2), "1d8+2d6+3", 13),
    ("Longsword", "Seelah", "Melee", (5, 3, 2), "2d8+1d6+3", 13),
    ("Mace", "Seelah", "Melee", (5, 3, 2), "2d8+1d4+3", 13),
    ("Quarterstaff of Vaulting", "Seelah", "Melee", (5, 3, 2), "1d8+2d6+4", 14),
    ("Sickle", "Seelah", "Melee", (5, 3, 2), "1d8+2d6+3", 13),
]


@pytest.mark.rule("PLAY-02")
@pytest.mark.parametrize(("weapon", "who", "skill", "faces", "pool", "total"), DISCARDED)
def test_a_revealed_weapon_may_then_be_discarded_for_more_dice(
    weapon: str, who: str, skill: str, faces: tuple[int, ...], pool: str, total: int
) -> None:
    table = Table()
    # Harsk may recharge a Ranged weapon instead of discarding it: where it goes is asked, and it is discarded
    answers = [f"Reveal {weapon}: {skill}", f"Discard {weapon}"] + ([f"Discard {weapon}"] if who == "Harsk" else [])
    result = weapon_check(table, who, [weapon, "Blessing of Ascension"], *answers, faces=faces)
    assert (str(result.pool), result.total) == (pool, total)
    assert discard_of(table, who) == [weapon] and hand_of(table, who) == ["Blessing of Ascension"]


@pytest.mark.rule("CHK-09")
def test_a_weapon_discarded_for_dice_does_nothing_on_a_noncombat_check() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Mace", "Javelin"])
    table.dice(6)
    [result] = table.run(attempt_checks(table.game, seelah, "Strength 6", Purpose.OTHER), "Strength")
    assert str(result.pool) == "1d8"
    assert not [o for d in table.decisions for o in d.options if "Mace" in o.label or "Javelin" in o.label]


# --- a face counts as more -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("answers", "faces", "pool", "total"), [
    (("Reveal Heavy Pick: Melee",), (6, 6), "1d8+1d6+3", 16),  # the d8's 6 stays 6, the d6's counts 7
    (("Reveal Heavy Pick: Melee", "Discard Heavy Pick"), (2, 6, 6), "1d8+2d6+3", 19),
])
def test_the_heavy_pick_counts_a_6_on_a_d6_as_7(answers: tuple[str, ...], faces: tuple[int, ...], pool: str,
                                                total: int) -> None:
    result = weapon_check(Table(), "Seelah", ["Heavy Pick"], *answers, faces=faces)
    assert (str(result.pool), result.total) == (pool, total)


@pytest.mark.parametrize(("answers", "faces", "pool", "total"), [
    (("Reveal Scythe: Melee",), (4, 4, 1), "1d8+2d4+3", 13),  # the d8's 4 stays 4, the d4's counts 5
    (("Reveal Scythe: Melee", "Discard Scythe"), (1, 4, 4, 4), "1d8+3d4+3", 19),
])
def test_the_scythe_counts_a_4_on_a_d4_as_5(answers: tuple[str, ...], faces: tuple[int, ...], pool: str,
                                            total: int) -> None:
    result = weapon_check(Table(), "Seelah", ["Scythe"], *answers, faces=faces)
    assert (str(result.pool), result.total) == (pool, total)


# --- not proficient with weapons: the difficulty is increased by 4 -------------------------------------------------

UNWIELDY = ["Glaive +1", "Lance", "Longsword", "Scythe"]


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize("weapon", UNWIELDY)
def test_playing_it_without_weapon_proficiency_raises_the_difficulty_by_4(weapon: str) -> None:
    enora = weapon_check(Table(), "Enora", [weapon], f"Reveal {weapon}: Strength", faces=(4, 4, 4))
    seelah = weapon_check(Table(), "Seelah", [weapon], f"Reveal {weapon}: Strength", faces=(4, 4, 4))
    assert (enora.difficulty, seelah.difficulty) == (14, 10)


@pytest.mark.rule("PLAY-10")
def test_the_difficulty_rises_whichever_of_its_powers_is_played() -> None:
    """The Longsword discarded for its 1d6, not revealed, still raises the difficulty for Enora."""
    table = Table()
    result = weapon_check(table, "Enora", ["Longsword"], "Strength", "Discard Longsword", faces=(6, 6))
    assert (str(result.pool), result.difficulty, result.total, result.success) == ("2d6", 14, 12, False)
    assert discard_of(table, "Enora") == ["Longsword"]


def test_without_playing_it_the_difficulty_stays() -> None:
    result = weapon_check(Table(), "Enora", ["Longsword"], "Strength", faces=(6,))
    assert result.difficulty == 10


# --- rerolls ----------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHK-13")
@pytest.mark.parametrize(("weapon", "faces", "first", "second"), [
    ("Glaive +1", (1, 1, 6, 5), 6, 15),
    ("Longspear", (1, 1, 5, 5), 5, 13),
])
def test_after_a_failed_roll_discard_it_to_reroll(weapon: str, faces: tuple[int, ...], first: int, second: int) -> None:
    table = Table()
    result = weapon_check(table, "Seelah", [weapon], f"Reveal {weapon}: Melee", f"Discard {weapon}", faces=faces)
    assert f"Seelah rolled {first} against 10: reroll?" in [d.prompt for d in table.decisions]
    assert (result.total, result.success) == (second, True)
    assert discard_of(table, "Seelah") == [weapon]
    before_the_roll = [d for d in table.decisions if kind_of(d) == "check"]
    assert not [o for d in before_the_roll for o in d.options if o.label.startswith(f"Discard {weapon}")], \
        "no reroll before the dice are rolled"


# --- powers paid with another card ---------------------------------------------------------------------------------


def test_the_hand_crossbow_recharges_another_ranged_weapon_for_1d8() -> None:
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=["Hand Crossbow", "Shortbow"], deck=["Mace"])
    table.dice(5, 4, 3)
    result = table.check(harsk, MONSTER, "Reveal Hand Crossbow: Ranged", "Reveal Hand Crossbow, recharge Shortbow")
    assert (str(result.pool), result.total) == ("2d8+1d6+3", 15)
    assert table.cards(harsk, ZoneKind.HAND) == ["Hand Crossbow"]
    assert table.cards(harsk, ZoneKind.DECK) == ["Mace", "Shortbow"], "recharged: at the bottom of the deck"


def test_the_hand_crossbow_needs_weapon_proficiency_to_recharge_another() -> None:
    table = Table()
    enora = table.character("Enora", at=HERE, hand=["Hand Crossbow", "Shortbow"])
    table.dice(6, 6)
    table.check(enora, MONSTER, "Reveal Hand Crossbow: Dexterity")
    assert not [o for d in table.decisions for o in d.options if "recharge Shortbow" in o.label]


def test_the_quarterstaff_discards_another_card_for_1d6() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Quarterstaff", "Cure"])
    table.dice(5, 4, 3)
    result = table.check(seelah, MONSTER, "Reveal Quarterstaff: Melee", "Reveal Quarterstaff, discard Cure")
    assert (str(result.pool), result.total) == ("1d8+2d6+3", 15)
    assert table.cards(seelah, ZoneKind.HAND) == ["Quarterstaff"] and table.cards(seelah, ZoneKind.DISCARD) == ["Cure"]


# --- playing a second weapon ---------------------------------------------------------------------------------------


@pytest.mark.rule("BOON-01")
def test_the_corrosive_dagger_is_discarded_for_1d4_plus_1_beside_another_weapon() -> None:
    """Rulebook example: Alain discards the Corrosive Dagger +1 on a check he played his Glaive +1 on."""
    table = Table()
    result = weapon_check(table, "Harsk", ["Shortbow", "Corrosive Dagger +1"], "Reveal Shortbow: Ranged",
                             "Discard Corrosive Dagger", "Discard Corrosive Dagger", faces=(5, 4, 3))
    assert (str(result.pool), result.total) == ("1d8+1d6+1d4+4", 16)
    assert hand_of(table, "Harsk") == ["Shortbow"] and discard_of(table, "Harsk") == ["Corrosive Dagger +1"]


@pytest.mark.rule("BOON-01")
def test_the_corrosive_dagger_waits_for_another_weapon_played_on_the_check() -> None:
    """With only his Strength, Harsk may discard the Javelin, his first weapon; only then the Dagger."""
    table = Table()
    result = weapon_check(table, "Harsk", ["Corrosive Dagger +1", "Javelin"], "Strength", "Discard Javelin",
                             "Discard Javelin", "Discard Corrosive Dagger", "Discard Corrosive Dagger", faces=(6, 5, 3))
    first, second = [labels(d) for d in table.decisions if kind_of(d) == "check"][:2]
    assert first == ["Done", "Discard Javelin"], "no weapon played yet: the Dagger's power isn't offered"
    assert second == ["Done", "Discard Corrosive Dagger +1"]
    assert (str(result.pool), result.total) == ("2d6+1d4+1", 15)
    assert sorted(discard_of(table, "Harsk")) == ["Corrosive Dagger +1", "Javelin"]


# --- helping another character -------------------------------------------------------------------------------------


@pytest.mark.rule("KEEP-01")
def test_the_heavy_crossbow_is_discarded_for_1d4_on_another_characters_combat_check() -> None:
    table = Table()
    harsk = table.character("Harsk", at="Watchtower", hand=["Heavy Crossbow"])
    result = weapon_check(table, "Seelah", ["Mace"], "Reveal Mace: Melee", "Discard Heavy Crossbow",
                             "Discard Heavy Crossbow", faces=(2, 2, 3))
    assert (str(result.pool), result.total, result.success) == ("2d8+1d4+3", 10, True)
    assert table.cards(harsk, ZoneKind.DISCARD) == ["Heavy Crossbow"]


def test_the_heavy_crossbow_helps_neither_its_owner_nor_without_weapon_proficiency() -> None:
    table = Table()
    table.character("Enora", at="Watchtower", hand=["Heavy Crossbow"])
    weapon_check(table, "Harsk", ["Heavy Crossbow"], "Reveal Heavy Crossbow: Ranged", faces=(6, 6))
    offered = [o.label for d in table.decisions if kind_of(d) == "check" for o in d.options]
    assert not [label for label in offered if label.startswith("Discard Heavy Crossbow")]


def test_the_lance_is_discarded_for_1d8_once_a_mount_was_played() -> None:
    table = Table()
    alain = table.character("Alain", at=HERE, hand=["Lance", "Donahan"], deck=["Mace"])
    table.dice(2, 2, 2, 2)
    result = table.check(alain, MONSTER, "Reveal Lance: Melee", "Put Donahan", "Discard Lance")
    assert "Discard Lance" not in [o.label.split(":")[0] for o in table.decisions[1].options], "no Mount played yet"
    assert (str(result.pool), result.total) == ("1d10+3d8+3", 11)
    assert table.cards(alain, ZoneKind.DISCARD) == ["Lance"]
    assert table.cards(alain, ZoneKind.DECK) == ["Donahan", "Mace"]


# --- outside the combat check ----------------------------------------------------------------------------------------


def test_the_quarterstaff_of_vaulting_is_recharged_to_succeed_at_an_acrobatics_check() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Quarterstaff of Vaulting"], deck=["Mace"])
    [result] = table.run(attempt_checks(table.game, seelah, "Acrobatics 12", Purpose.OTHER), "Acrobatics",
                         "Recharge Quarterstaff of Vaulting")
    assert result.success and result.roll is None, "no roll: an automatic success"
    assert table.cards(seelah, ZoneKind.DECK) == ["Mace", "Quarterstaff of Vaulting"]


def test_the_quarterstaff_of_vaulting_makes_no_other_check_succeed() -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Quarterstaff of Vaulting"])
    table.dice(1)
    table.run(attempt_checks(table.game, seelah, "Dexterity 12", Purpose.OTHER), "Dexterity")
    assert not [o for d in table.decisions for o in d.options if o.label.startswith("Recharge")]


@pytest.mark.rule("ENC-05")
@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("monster", "at", "evaded"), [
    (MONSTER, HERE, True),  # Combat 10
    ("Cambion", HERE, True),  # Combat 12
    ("Cambion", "Abattoir", False),  # 12 + 1 for the one character in the game: 13
])
def test_the_bolas_is_discarded_to_evade_a_monster_of_difficulty_12_or_less(monster: str, at: str,
                                                                             evaded: bool) -> None:
    table = Table()
    table.location(at, [monster, "Mace"])
    harsk = table.character("Harsk", at=at, hand=["Bolas"])
    top = table.game.zones.cards(table.game.locations[at].deck)[0]
    table.dice(*([] if evaded else [1]), 8, 4)  # a Cambion not evaded has you attempt Arcane 9 before you act
    answers = ["Discard Bolas", "Discard Bolas"] if evaded else ["Arcane", "Reveal Bolas: Ranged"]
    outcome = table.run(encounter(table.game, harsk, top), *answers)
    offered = [o.label for d in table.decisions if kind_of(d) == "evasion" for o in d.options]
    assert bool([label for label in offered if label.startswith("Discard Bolas")]) == evaded
    assert outcome == ("evaded" if evaded else "defeated")
    assert table.cards(harsk, ZoneKind.DISCARD if evaded else ZoneKind.HAND) == ["Bolas"]


@pytest.mark.parametrize(("who", "on_top"), [("Harsk", True), ("Enora", False)])
def test_the_bolas_puts_an_undefeated_monster_on_top_of_its_deck_if_proficient(who: str, on_top: bool) -> None:
    """Proficient with weapons, Harsk's failed check with the Bolas puts the Mercenary on top of the location
    deck (not shuffled in); Enora's is shuffled back (seeded: it lands below another card)."""
    table = Table(seed=1)
    table.location(HERE, ["Mace", "Javelin", MONSTER, "Sickle", "Longsword", "Cure"])
    character = table.character(who, at=HERE, hand=["Bolas"])
    mercenary = table.game.zones.cards(table.game.locations[HERE].deck)[2]
    table.dice(1, 1)
    table.run(encounter(table.game, character, mercenary), "Reveal Bolas: Dexterity")
    assert (table.deck(HERE)[0] == MONSTER) == on_top
    assert sorted(table.deck(HERE)) == ["Cure", "Javelin", "Longsword", "Mace", MONSTER, "Sickle"]


@pytest.mark.parametrize(("weapon", "play", "die", "count", "trait"), [
    ("Aklys", "Recharge Aklys", 4, 2, None),  # Ranged 1d8+3, 1d4, and 1d4 more
    ("Flaming Heavy Pick +1", "Discard Flaming Heavy Pick +1", 6, 3, "Fire"),  # Strength 1d6, 1d6+1, 1d6 more
])
def test_a_weapon_played_again_after_setting_the_skill_adds_its_die(
    weapon: str, play: str, die: int, count: int, trait: str | None
) -> None:
    """Revealed to set the skill, then recharged (the Aklys: 1d4 more) or discarded (the Flaming Heavy Pick +1:
    1d6 more and the Fire trait) on the same check: one card, two of its powers (PLAY-02)."""
    table = Table()
    harsk = table.character("Harsk", at=HERE, hand=[weapon], deck=["Codex"])
    table.dice(*[1] * 4)
    result = table.check(harsk, MONSTER, f"Reveal {weapon}", play)
    assert result.pool.dice.count(die) == count
    assert trait is None or trait in result.traits
    assert weapon not in table.cards(harsk, ZoneKind.HAND)
