"""The banes of the box (src/pacg/data/monsters, barriers, henchmen, villains), card by card, each power at work
on a real table.

Seelah (Strength d8, Melee +3; Wisdom d8, Divine +1) is proficient with weapons; Balazar is a Summoner; Kyra
(Wisdom d12, Divine +2; Intelligence d8, Knowledge +2). The encounters are at the Manor House, which has no powers.
Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.engine.encounter import encounter
from pacg.engine.state import Feats, TurnState
from pacg.engine.zones import BLESSINGS_DECK, ZoneKind, box
from table import Table

HERE = "Manor House"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of


def top(table: Table, location: str = HERE):  # type: ignore[no-untyped-def]
    return table.game.zones.cards(table.game.locations[location].deck)[0]


def in_box(table: Table, kind: str, name: str) -> int:
    return [card.name for card in table.game.zones.cards(box(kind))].count(name)


def dealt(table: Table, character: str, amount: int, kind: str = "Combat") -> bool:
    return f"{character} is dealt {amount} {kind} damage" in table.game.log


# --- checks against the bane: harder or easier by its traits' rules ------------------------------------------------


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("hand", "answer", "difficulty"), [
    ([], "Divine", 8 + 50),  # Seelah's Divine check has no Magic trait
    (["Glaive +1"], "Reveal Glaive +1: Melee", 12),  # the Glaive +1 is Magic
])
def test_the_ghost_can_only_be_defeated_by_a_check_with_the_magic_trait(
    hand: list[str], answer: str, difficulty: int
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=hand)
    table.dice(*[8] * 3)
    result = table.check(seelah, "Ghost", answer)
    assert result.difficulty == difficulty
    assert result.success == (difficulty == 12)


@pytest.mark.parametrize(("weapon", "pool"), [("Mace", "2d8+1d4+3"), ("Longsword", "2d8+3")])
def test_a_bludgeoning_check_against_the_giant_cockroach_adds_1d4(weapon: str, pool: str) -> None:
    """Giant Cockroach: a check with the Bludgeoning trait (the Mace's, not the Longsword's) adds 1d4."""
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[weapon])
    table.dice(5, 3, 2)
    result = table.check(seelah, "Giant Cockroach", f"Reveal {weapon}: Melee")
    assert str(result.pool) == pool
    assert result.total == (5 + 3 + 2 + 3 if weapon == "Mace" else 5 + 3 + 3)


# bane, the card Seelah plays, how she plays it, the difficulty then, the faces for a success, the weapon that
# leaves the difficulty alone
HARDER_BY_TRAIT = [
    ("Pitborn Scoundrel", "Fireblade", "Discard", 12 + 3, (8, 4, 4, 8), "Mace"),  # Fire (the last 8 recharges it)
    ("Skeleton", "Longsword", "Reveal", 8 + 3, (8, 8), "Mace"),  # Slashing
    ("Skeleton", "Flaming Heavy Pick +1", "Reveal", 8 + 3, (8, 6), "Mace"),  # Piercing
]


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("bane", "card", "action", "difficulty", "faces", "other"), HARDER_BY_TRAIT)
def test_a_banes_difficulty_rises_against_checks_with_the_traits_it_names(
    bane: str, card: str, action: str, difficulty: int, faces: tuple[int, ...], other: str
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[card, other])
    table.dice(*faces)  # a success: no damage discards the other weapon
    assert table.check(seelah, bane, f"{action} {card}").difficulty == difficulty
    table.dice(8, 8)
    assert table.check(seelah, bane, f"Reveal {other}: Melee").difficulty == difficulty - 3


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("adventure", "difficulty"), [(0, 13), (2, 13 + 4)])
def test_the_fiendish_tree_is_harder_by_twice_the_adventure_deck_number(adventure: int, difficulty: int) -> None:
    table = Table(adventure_deck_number=adventure)
    seelah = table.character("Seelah", at=HERE)
    table.dice(8)
    assert table.check(seelah, "Fiendish Tree", "Melee").difficulty == difficulty


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("adventure", "difficulty"), [(0, 12), (3, 12 + 3)])
def test_ghalcor_is_harder_by_the_adventure_deck_number(adventure: int, difficulty: int) -> None:
    table = Table(adventure_deck_number=adventure)
    seelah = table.character("Seelah", at=HERE)
    table.dice(8)
    assert table.check(seelah, "Ghalcor", "Melee").difficulty == difficulty


# bane, the dice its power adds to Seelah's Fireblade check (Divine d8+1 and 2d4), the bonus it adds
FIRE_HELPS = [
    ("Fiendish Tree", "2d8+2d4+1", 1),  # 1d8 more with the Fire trait
    ("Ulkreth", "1d8+2d4+6", 6),  # 5 more with the Acid, Cold or Fire trait
]


@pytest.mark.parametrize(("bane", "pool", "bonus"), FIRE_HELPS)
def test_a_fire_check_is_helped_against_the_banes_that_fear_it(bane: str, pool: str, bonus: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=["Fireblade"])
    faces = (5, 4, 2, 2) if bane == "Fiendish Tree" else (5, 2, 2)
    table.dice(*faces, 8)  # the 8: Fireblade's check to recharge
    result = table.check(seelah, bane, "Discard Fireblade")
    assert (str(result.pool), result.total) == (pool, sum(faces) + bonus)


@pytest.mark.parametrize(("name", "skill", "faces", "pool"), [("Balazar", "Strength", (8, 6), "1d8+1d6"),
                                                              ("Seelah", "Melee", (8,), "1d8+3")])
def test_a_summoner_adds_1d8_against_the_unfettered_eidolon(
    name: str, skill: str, faces: tuple[int, ...], pool: str
) -> None:
    """Balazar is a Summoner (Strength d6, and the Eidolon's 1d8); Seelah is not."""
    table = Table()
    character = table.character(name, at=HERE)
    table.dice(*faces)
    assert str(table.check(character, "Unfettered Eidolon", skill).pool) == pool


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("blessing", "difficulty"), [("Blessing of Ascension", 13 + 2), ("Blessing of Baphomet", 13)])
def test_a_blessing_without_the_corrupted_trait_makes_sophini_harder(blessing: str, difficulty: int) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=[blessing])
    table.dice(8, 8)
    result = table.check(seelah, "Sophini", "Melee", f"Discard {blessing}")
    assert result.difficulty == difficulty and table.cards(seelah, ZoneKind.DISCARD) == [blessing]


@pytest.mark.rule("CHK-08")
@pytest.mark.rule("SET-03")
@pytest.mark.parametrize("bane", ["Mongrel Ranger", "Mongrel Wizard"])
@pytest.mark.parametrize(("monster", "difficulty"), [("Cambion", 12), ("Dire Rat", 8), ("Carrion Golem", 14)])
def test_a_mongrels_difficulty_is_the_highest_of_a_random_monster_drawn_from_the_box_once_per_encounter(
        bane: str, monster: str, difficulty: int) -> None:
    """Combat X: the monster drawn is looked at and stays in the box; every skill offered shows the same X."""
    table = Table(strict=True)
    table.location(HERE, [bane])
    imrijka = table.character("Imrijka", at=HERE, deck=FILLER * 4)  # no hand: the damage discards nothing
    in_the_box = in_box(table, "monster", monster)
    table.pick(monster)
    table.dice(*([1] if bane == "Mongrel Ranger" else []), 1)  # the Ranger's 1d4-1 damage, then the Strength d10
    outcome = table.run(encounter(table.game, imrijka, top(table)), "Strength")
    assert outcome == "undefeated"
    [skill] = [decision for decision in table.decisions if decision.kind == "skill"]
    assert [option.label.rsplit(" ", 1)[1] for option in skill.options] == [str(difficulty)] * len(skill.options)
    assert [line for line in table.game.log if "is drawn from the box" in line] == [
        f"{monster} is drawn from the box: its highest difficulty to defeat is {difficulty}; it goes back"]
    assert in_box(table, "monster", monster) == in_the_box


# --- damage before and after you act ----------------------------------------------------------------------------


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("bane", "faces", "damage"), [
    ("Mongrel Ranger", (4, 8), [(3, "Combat")]),  # 1d4-1 before you act
    ("Mongrel Wizard", (8,), [(1, "Acid"), (1, "Poison")]),  # 1 Acid before, 1 Poison after
    ("Fiendish Tree", (8, 8), [(1, "Combat"), (1, "Combat")]),  # 1 before, 1 after
])
def test_banes_that_deal_damage_before_and_after_you_act(
    bane: str, faces: tuple[int, ...], damage: list[tuple[int, str]]
) -> None:
    """Seelah defeats each (Melee d8+3 against the Mongrels' X, the Dire Rat's 8 drawn from the box; the
    Longsword's 2d8+3 against the tree's 13), and is dealt the bane's damage all the same: a card of her hand
    discarded for each point."""
    table = Table()
    table.location(HERE, [bane])
    table.pick("Dire Rat")
    hand = ["Longsword", *FILLER * 4]
    seelah = table.character("Seelah", at=HERE, hand=hand, deck=FILLER * 4)
    table.dice(*faces)
    skill = "Reveal Longsword: Melee" if bane == "Fiendish Tree" else "Melee"
    points = sum(amount for amount, _ in damage)
    before, after = ["Discard Blessing"] * damage[0][0], ["Discard Blessing"] * (points - damage[0][0])
    answers = [*before, skill, "Done", *after]  # Done: no blessing played on the check
    if bane == "Fiendish Tree":
        answers.append("Don't try to close")  # a henchman: the chance to close comes after
    outcome = table.run(encounter(table.game, seelah, top(table)), *answers)
    assert outcome == "defeated"
    assert all(dealt(table, "Seelah", amount, kind) for amount, kind in damage)
    assert table.cards(seelah, ZoneKind.DISCARD) == FILLER * points


@pytest.mark.rule("DMG-02")
def test_the_wights_cold_damage_goes_to_a_random_character_at_your_location_who_buries_the_card() -> None:
    table = Table()
    table.location(HERE, ["Wight"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword"])
    kyra = table.character("Kyra", at=HERE, hand=FILLER)
    table.pick("Kyra")
    table.dice(8, 8)
    table.run(encounter(table.game, seelah, top(table)), "Reveal Longsword: Melee", "Done", "Don't try to close")
    assert dealt(table, "Kyra", 1, "Cold") and not dealt(table, "Seelah", 1, "Cold")
    assert table.cards(kyra, ZoneKind.BURIED) == FILLER, "she buries the card the damage makes her discard"
    assert table.cards(kyra, ZoneKind.DISCARD) == [] and table.cards(seelah, ZoneKind.HAND) == ["Longsword"]


def test_an_undefeated_unfettered_eidolon_deals_1d4_damage_to_a_summoner() -> None:
    """Balazar (Strength d6, and the Eidolon's 1d8 for a Summoner) rolls 8 and 1 against Combat 11: 2 damage for
    the failed check, then the Eidolon's 1d4 (a 3)."""
    table = Table()
    table.location(HERE, ["Unfettered Eidolon"])
    balazar = table.character("Balazar", at=HERE, hand=FILLER * 6, deck=FILLER)
    table.dice(8, 1, 3)
    outcome = table.run(encounter(table.game, balazar, top(table)), "Strength", "Done", *["Discard Blessing"] * 5)
    assert outcome == "undefeated"
    assert dealt(table, "Balazar", 2) and dealt(table, "Balazar", 3)
    assert len(table.cards(balazar, ZoneKind.DISCARD)) == 5


@pytest.mark.parametrize("used", [True, False])
def test_a_knowledge_check_before_you_act_makes_ulkreth_5_easier(used: bool) -> None:
    """Ulkreth: before you act, you may attempt a Knowledge 8 check; success lowers his Combat 16 to 11. Kyra
    (Knowledge d8+2) rolls 6, then her Strength d6 and a blessing's d6 roll 6 and 6."""
    table = Table()
    table.location(HERE, ["Ulkreth"])
    kyra = table.character("Kyra", at=HERE, hand=FILLER, deck=FILLER * 4)
    table.dice(*([6] if used else []), 6, 6)
    knowledge = ["Use Ulkreth", "Knowledge", "Done"] if used else ["Done"]
    outcome = table.run(encounter(table.game, kyra, top(table)), *knowledge, "Strength", "Discard Blessing",
                        *(["Don't try to close"] if used else []))
    skill = next(decision for decision in table.decisions if decision.kind == "skill" and "Combat" in decision.prompt)
    assert f"Strength d6 against Combat {11 if used else 16}" in [option.label for option in skill.options]
    assert outcome == ("defeated" if used else "undefeated")


# --- defeated or not --------------------------------------------------------------------------------------------

# henchman, the answers for the damage Seelah is dealt before and after she acts (around her Longsword check)
HENCHMEN = [
    ("Fiendish Tree", ["Discard Blessing"], ["Discard Blessing"]),
    ("Ghalcor", [], []),
    ("Ulkreth", [], []),
    ("Unfettered Eidolon", [], []),
    ("Wight", ["Bury Blessing"], []),  # the card the damage takes is buried
]


@pytest.mark.rule("CLOSE-01")
@pytest.mark.parametrize(("henchman", "before", "after"), HENCHMEN)
def test_defeating_a_henchman_gives_the_chance_to_close_its_location(
    henchman: str, before: list[str], after: list[str]
) -> None:
    """Seelah's Longsword (2d8+3) rolls 19, enough for each; then the Great Hall's Diplomacy 6 (d10+1: a 6)."""
    table = Table()
    table.location("Great Hall", [henchman, "Mace", "Helm"])
    seelah = table.character("Seelah", at="Great Hall", hand=["Longsword", *FILLER * 2], deck=FILLER * 4)
    table.dice(8, 8, 6)
    outcome = table.run(encounter(table.game, seelah, top(table, "Great Hall")), *before, "Reveal Longsword: Melee",
                        "Done", *after, "Close Great Hall", "Diplomacy")
    assert outcome == "defeated"
    assert table.game.locations["Great Hall"].closed and table.deck("Great Hall") == []


@pytest.mark.rule("TURN-05")
@pytest.mark.parametrize("bane", ["Cave Lizard", "Spiked Pit Trap"])
@pytest.mark.parametrize("used", [True, False])
def test_defeating_some_banes_lets_you_explore_again(bane: str, used: bool) -> None:
    """Seelah defeats a Cave Lizard (Melee d8+3 against Combat 8) or a Spiked Pit Trap (Divine d8+1 for Wisdom
    against 7 ... she rolls 8)."""
    table = Table()
    table.location(HERE, [bane, "Mace"])
    seelah = table.character("Seelah", at=HERE)
    table.game.turn = TurnState(seelah, explorations=1, exploring=True)
    table.dice(8)
    skill = "Melee" if bane == "Cave Lizard" else "Wisdom"
    outcome = table.run(encounter(table.game, seelah, top(table)), skill, f"Use {bane}" if used else "Done")
    assert outcome == "defeated"
    assert table.game.turn.extra_exploration == used


@pytest.mark.parametrize("used", [True, False])
def test_an_undefeated_rallying_cry_may_be_banished(used: bool) -> None:
    """Seelah fails the Rallying Cry's Charisma or Diplomacy 6 (d10+1: a 1); she may banish it rather than
    shuffle it back into the location deck."""
    table = Table()
    table.location(HERE, ["Rallying Cry", "Mace"])
    seelah = table.character("Seelah", at=HERE)
    table.dice(1)
    outcome = table.run(encounter(table.game, seelah, top(table)), "Diplomacy", "Use Rallying Cry" if used else "Done")
    assert outcome == "undefeated"
    assert ("Rallying Cry" in table.deck(HERE)) != used
    assert in_box(table, "barrier", "Rallying Cry") == (2 if used else 1)  # banished: back in the box


@pytest.mark.parametrize("taken", [True, False])
def test_the_temptation_of_lucre_offers_an_item_for_the_top_card_of_your_deck_and_is_banished(taken: bool) -> None:
    """Temptation of Lucre (a stand-in): as you encounter it, you may draw a random item from the box and
    discard the top card of your deck; after you act, it is banished."""
    table = Table()
    table.location(HERE, ["Temptation of Lucre", "Mace"])
    seelah = table.character("Seelah", at=HERE, deck=["Helm", *FILLER])
    if taken:
        table.pick("Caltrop Bead")  # the random item from the box
    outcome = table.run(encounter(table.game, seelah, top(table)), "Use Temptation of Lucre" if taken else "Done")
    assert table.cards(seelah, ZoneKind.HAND) == (["Caltrop Bead"] if taken else [])
    assert table.cards(seelah, ZoneKind.DISCARD) == (["Helm"] if taken else [])
    assert outcome == "undefeated" and table.deck(HERE) == ["Mace"], "banished after you act, whatever you chose"
    assert in_box(table, "barrier", "Temptation of Lucre") == 1


@pytest.mark.rule("SUM-05")
def test_an_undefeated_sophini_shuffles_the_top_blessing_into_her_location_deck() -> None:
    """Seelah's Longsword rolls 4 and 4 (11) against Sophini's Combat 13: 2 damage, and the top card of the
    blessings deck goes into the location deck."""
    table = Table()
    table.location(HERE, ["Sophini", "Mace"])
    table.blessings("Blessing of Abadar", "Blessing of Shax")
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 3], deck=FILLER * 4)
    table.dice(4, 4)
    outcome = table.run(encounter(table.game, seelah, top(table)), "Reveal Longsword: Melee", "Done",
                        "Discard Blessing", "Discard Blessing")
    assert outcome == "undefeated"
    assert sorted(table.deck(HERE)) == ["Blessing of Abadar", "Mace", "Sophini"]
    assert [card.name for card in table.game.zones.cards(BLESSINGS_DECK)] == ["Blessing of Shax"]


@pytest.mark.rule("SUM-01")
def test_an_undefeated_zombie_makes_each_other_local_character_summon_and_encounter_a_zombie() -> None:
    """Seelah rolls 5 (Melee 8) against the Zombie's Combat 9; Alain, there too, summons a Zombie (a copy: the
    box's only one is being encountered) and defeats it with his Strength d10 (a 9). Harsk, elsewhere, summons
    none."""
    table = Table()
    table.location(HERE, ["Zombie", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=FILLER, deck=FILLER * 4)
    table.character("Alain", at=HERE, deck=FILLER * 4)
    table.character("Harsk", at="Great Hall")
    table.dice(5, 9)
    outcome = table.run(encounter(table.game, seelah, top(table)), "Melee", "Done", "Strength")
    assert outcome == "undefeated" and dealt(table, "Seelah", 1)
    assert [line for line in table.game.log if "summoned" in line] == ["Alain encounters Zombie (summoned)"]
    assert "Zombie is defeated" in table.game.log
    assert sorted(table.deck(HERE)) == ["Mace", "Zombie"] and table.cards(seelah, ZoneKind.DISCARD) == FILLER


@pytest.mark.rule("ENC-06")
@pytest.mark.rule("SUM-02")
def test_the_arboreal_blight_is_defeated_when_you_defeat_the_fiendish_tree_you_summon() -> None:
    """Arboreal Blight: each character summons and encounters a Fiendish Tree; you defeat the Blight if you
    defeat yours. Seelah's Longsword rolls 8 and 8 (19) against the tree's Combat 13; the tree's 1 damage
    before and after she acts discards a card each time."""
    table = Table()
    table.location(HERE, ["Arboreal Blight", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 2], deck=FILLER * 4)
    table.dice(8, 8)
    outcome = table.run(encounter(table.game, seelah, top(table)), "Discard Blessing", "Reveal Longsword: Melee",
                        "Done", "Discard Blessing")
    assert outcome == "defeated"
    assert "Seelah encounters Fiendish Tree (summoned)" in table.game.log
    assert table.deck(HERE) == ["Mace"] and in_box(table, "barrier", "Arboreal Blight") == 2
    assert in_box(table, "henchman", "Fiendish Tree") == 1, "the summoned tree goes back to the box"


@pytest.mark.rule("SUM-02")
@pytest.mark.parametrize(("roll", "ulkreth"), [(1, True), (2, False)])
def test_an_undefeated_arboreal_blight_may_summon_an_ulkreth(roll: int, ulkreth: bool) -> None:
    """Seelah's Longsword rolls 4 and 4 (11) against her tree's 13: 2 damage, and the Blight is undefeated; on
    a d20 roll no more than the one undefeated tree she summons and encounters an Ulkreth, and defeats it (8 and
    8: 19 against 16)."""
    table = Table()
    table.location(HERE, ["Arboreal Blight", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 4], deck=FILLER * 4)
    table.dice(4, 4, roll, *([8, 8] if ulkreth else []))
    against_ulkreth = ["Reveal Longsword: Melee"] if ulkreth else []
    outcome = table.run(encounter(table.game, seelah, top(table)), "Discard Blessing", "Reveal Longsword: Melee",
                        "Done", *["Discard Blessing"] * 3, *against_ulkreth)
    assert outcome == "undefeated" and sorted(table.deck(HERE)) == ["Arboreal Blight", "Mace"]
    assert ("Seelah encounters Ulkreth (summoned)" in table.game.log) == ulkreth
    assert ("Ulkreth is defeated" in table.game.log) == ulkreth


@pytest.mark.rule("ENC-06")
@pytest.mark.parametrize(("face", "d20"), [(10, None), (1, 2)])
def test_the_arboreal_blight_rolls_for_an_ulkreth_when_any_tree_is_undefeated(face: int, d20: int | None) -> None:
    """Crowe defeats his tree (Melee d12+1: 13), so he defeats the Blight; Alain's tree (Melee d10+3) falls on a 10
    and then no d20 is rolled, but stands on a 1: one tree is undefeated, and a 2 on the d20 is more than one."""
    table = Table(strict=True)
    table.location(HERE, ["Arboreal Blight", "Mace"])
    crowe = table.character("Crowe", at=HERE, deck=FILLER * 4)  # no hands: the trees' damage discards nothing
    table.character("Alain", at=HERE, deck=FILLER * 4)
    table.dice(12, face, *([d20] if d20 else []))
    outcome = table.run(encounter(table.game, crowe, top(table)), "Crowe", "Melee", "Done", "Melee")
    assert outcome == "defeated" and table.deck(HERE) == ["Mace"]
    assert [line for line in table.game.log if "d20" in line] == ([f"Crowe rolls {d20} on a d20"] if d20 else [])
    assert "Crowe encounters Ulkreth (summoned)" not in table.game.log


@pytest.mark.rule("CHK-08")
def test_a_trait_added_by_a_power_after_the_skill_is_chosen_makes_the_pitborn_scoundrel_harder() -> None:
    """Crowe buries a card to add 1d10 and the Electricity trait to his Strength check: the Pitborn Scoundrel's
    Combat 12 becomes 15 once the trait is there."""
    table = Table()
    crowe = table.character("Crowe", at=HERE, hand=["Codex"])
    table.dice(9, 9)
    result = table.check(crowe, "Pitborn Scoundrel", "Strength", "Use Crowe's power, bury Codex",
                         "Add the Electricity trait")
    assert "Electricity" in result.traits and result.difficulty == 12 + 3 and result.success


@pytest.mark.rule("CHK-08")
def test_a_magic_trait_added_after_the_skill_is_chosen_lifts_the_ghosts_50() -> None:
    """Crowe as a Mauler rages on his Strength check: 1d8 and the Magic trait. The Ghost's 50 more for a check
    without the Magic trait, there as he chose the skill, is gone once the trait is: Combat 12."""
    table = Table()
    crowe = table.character("Crowe", at=HERE, feats=Feats(role="Mauler", powers={(4, "rage")}))
    table.dice(12, 8)
    result = table.check(crowe, "Ghost", "Strength", "Use Crowe's power: add 1d8", "Add the Electricity trait")
    assert "Magic" in result.traits and result.difficulty == 12 and result.success
