"""The banes of the box (src/pacg/data/monsters, barriers, henchmen, villains), card by card, each power at work
on a real table.

Seelah (Strength 1d8, Melee +3; Wisdom 1d8, Divine +1) is proficient with weapons; Balazar is a Summoner; Kyra
(Wisdom 1d12, Divine +2; Intelligence 1d8, Knowledge +2). The encounters are at the Manor House, which has no powers.
Dice faces are scripted largest die first.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Timing
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import Feats, TurnEnded, TurnState
from pacg.engine.window import play_window
from pacg.engine.zones import BLESSINGS_DECK, ZoneKind, box
from table import Table, kind_of, library

HERE = "Manor House"
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of



def in_box(table: Table, kind: str, name: str) -> int:
    return [card.name for card in table.game.zones.cards(box(kind))].count(name)


def dealt(table: Table, character: str, amount: int, kind: str = "Combat") -> bool:
    return f"{character} is dealt {amount} {kind} damage" in table.game.log


# --- checks against the bane: harder or easier by its traits' rules ------------------------------------------------


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("hand", "answer", "difficulty", "magic"), [
    ([], "Divine", 8, False),  # Seelah's Divine check has no Magic trait: 8 + 1 against 8 still fails
    (["Glaive +1"], "Reveal Glaive +1: Melee", 12, True),  # the Glaive +1 is Magic
])
def test_the_ghost_can_only_be_defeated_by_a_check_with_the_magic_trait(
    hand: list[str], answer: str, difficulty: int, magic: bool
) -> None:
    table = Table()
    seelah = table.character("Seelah", at=HERE, hand=hand)
    table.dice(*[8] * 3)
    result = table.check(seelah, "Ghost", answer)
    assert result.difficulty == difficulty and result.total >= difficulty
    assert result.success == magic
    [skill] = [decision for decision in table.decisions if kind_of(decision) == "skill"]
    odds = {option.label: chance for option, chance in zip(skill.options, skill.context["odds"], strict=True)}
    assert odds["Divine 1d8+1 against 8"] == 0, "the odds say the check can't succeed"


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


# bane, the dice its power adds to Seelah's Fireblade check (Divine 1d8+1 and 2d4), the bonus it adds
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
    """Balazar is a Summoner (Strength 1d6, and the Eidolon's 1d8); Seelah is not."""
    table = Table()
    character = table.character(name, at=HERE)
    table.dice(*faces)
    assert str(table.check(character, "Unfettered Eidolon", skill).pool) == pool


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("villain", "blessing", "difficulty"), [
    ("Sophini", "Blessing of Ascension", 13 + 2), ("Sophini", "Blessing of Baphomet", 13),
    ("Jeslyn", "Blessing of Ascension", 17 + 3), ("Jeslyn", "Blessing of Baphomet", 17),
])
def test_a_blessing_without_the_corrupted_trait_makes_some_villains_harder(
    villain: str, blessing: str, difficulty: int
) -> None:
    table = Table(adventure_deck_number=library().get(villain).adventure_deck_number)
    seelah = table.character("Seelah", at=HERE, hand=[blessing])
    table.dice(8, 8)
    result = table.check(seelah, villain, "Melee", f"Discard {blessing}")
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
    table.dice(*([1] if bane == "Mongrel Ranger" else []), 1)  # the Ranger's 1d4-1 damage, then the Strength 1d10
    outcome = table.run(encounter(table.game, imrijka, table.top(HERE)), "Strength")
    assert outcome == "undefeated"
    [skill] = [decision for decision in table.decisions if kind_of(decision) == "skill"]
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
    """Seelah defeats each (Melee 1d8+3 against the Mongrels' X, the Dire Rat's 8 drawn from the box; the
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
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), *answers)
    assert outcome == "defeated"
    assert all(dealt(table, "Seelah", amount, kind) for amount, kind in damage)
    assert table.cards(seelah, ZoneKind.DISCARD) == FILLER * points


@pytest.mark.parametrize(("fortitude", "poisoned"), [(4, True), (5, False)])
def test_the_cave_viper_poisons_you_before_you_act_unless_you_succeed_at_a_fortitude_6_check(
    fortitude: int, poisoned: bool
) -> None:
    """Seelah (Constitution 1d8, Fortitude +1) rolls 4 or 5 against the Cave Viper's Fortitude 6 before she acts,
    then defeats it with Melee 1d8+3 (an 8)."""
    table = Table(strict=True)
    table.location(HERE, ["Cave Viper"])
    seelah = table.character("Seelah", at=HERE, hand=FILLER)
    table.dice(fortitude, 8)
    answers = ["Fortitude", "Done", "Melee", *([] if poisoned else ["Done"])]  # poisoned, she has no card left
    assert table.run(encounter(table.game, seelah, table.top(HERE)), *answers) == "defeated"
    assert dealt(table, "Seelah", 1, "Poison") == poisoned
    assert table.cards(seelah, ZoneKind.DISCARD) == (FILLER if poisoned else [])


@pytest.mark.rule("DMG-02")
def test_the_wights_cold_damage_goes_to_a_random_character_at_your_location_who_buries_the_card() -> None:
    table = Table()
    table.location(HERE, ["Wight"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword"])
    kyra = table.character("Kyra", at=HERE, hand=FILLER)
    table.pick("Kyra")
    table.dice(8, 8)
    table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", "Done", "Don't try to close")
    assert dealt(table, "Kyra", 1, "Cold") and not dealt(table, "Seelah", 1, "Cold")
    assert table.cards(kyra, ZoneKind.BURIED) == FILLER, "she buries the card the damage makes her discard"
    assert table.cards(kyra, ZoneKind.DISCARD) == [] and table.cards(seelah, ZoneKind.HAND) == ["Longsword"]


def test_an_undefeated_unfettered_eidolon_deals_1d4_damage_to_a_summoner() -> None:
    """Balazar (Strength 1d6, and the Eidolon's 1d8 for a Summoner) rolls 8 and 1 against Combat 11: 2 damage for
    the failed check, then the Eidolon's 1d4 (a 3)."""
    table = Table()
    table.location(HERE, ["Unfettered Eidolon"])
    balazar = table.character("Balazar", at=HERE, hand=FILLER * 6, deck=FILLER)
    table.dice(8, 1, 3)
    outcome = table.run(encounter(table.game, balazar, table.top(HERE)), "Strength", "Done", *["Discard Blessing"] * 5)
    assert outcome == "undefeated"
    assert dealt(table, "Balazar", 2) and dealt(table, "Balazar", 3)
    assert len(table.cards(balazar, ZoneKind.DISCARD)) == 5


@pytest.mark.parametrize("summoner", [True, False])
def test_an_undefeated_unfettered_eidolon_deals_its_damage_to_a_summoner_wherever_he_is(summoner: bool) -> None:
    """Seelah, who is no Summoner, fails against the Eidolon (Melee 1d8+3: a 1, with no card to lose): the 1d4 (a
    3) goes to Balazar, the Summoner at the Great Hall, and to no one when he isn't in the game (Harsk is, and
    has no such trait)."""
    table = Table(strict=True)
    table.location(HERE, ["Unfettered Eidolon"])
    seelah = table.character("Seelah", at=HERE)
    other = table.character("Balazar" if summoner else "Harsk", at="Great Hall", hand=FILLER * 4)
    table.dice(1, *([3] if summoner else []))
    damage = ["Discard Blessing"] * 3 if summoner else []
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Melee", "Done", *damage)  # Done: no blessing
    assert outcome == "undefeated"
    assert dealt(table, other.name, 3) == summoner
    assert table.cards(other, ZoneKind.DISCARD) == (FILLER * 3 if summoner else [])


@pytest.mark.rule("PLAY-01")
@pytest.mark.rule("TURN-04")
def test_an_unfettered_eidolon_in_your_hand_may_be_banished_to_explore_again() -> None:
    """Balazar keeps a defeated monster in his hand (a henchman counts as one, BANE-01); in his explore step he
    banishes the Eidolon from his hand to explore again, and it goes back into the box."""
    table = Table(strict=True)
    table.location(HERE)
    balazar = table.character("Balazar", at=HERE, hand=["Unfettered Eidolon"])
    table.game.turn = TurnState(balazar, explorations=1, exploring=True)
    step = Step(game=table.game, checker=balazar, timing=Timing.EXPLORE)
    table.run(play_window(step), "Banish Unfettered Eidolon")
    assert table.game.turn.extra_exploration
    assert table.cards(balazar, ZoneKind.HAND) == [] and in_box(table, "henchman", "Unfettered Eidolon") == 4


@pytest.mark.parametrize("used", [True, False])
def test_a_knowledge_check_before_you_act_adds_5_against_ulkreth(used: bool) -> None:
    """Ulkreth: before you act, you may attempt a Knowledge 8 check; success adds 5 to the check to defeat him
    (Combat 16). Kyra (Knowledge 1d8+2) rolls 6, then her Strength 1d6 and a blessing's d6 roll 6 and 6."""
    table = Table()
    table.location(HERE, ["Ulkreth"])
    kyra = table.character("Kyra", at=HERE, hand=FILLER, deck=FILLER * 4)
    table.dice(*([6] if used else []), 6, 6)
    knowledge = ["Use Ulkreth", "Knowledge", "Done"] if used else ["Done"]
    outcome = table.run(encounter(table.game, kyra, table.top(HERE)), *knowledge, "Strength", "Discard Blessing",
                        *(["Don't try to close"] if used else []))
    skill = next(decision for decision in table.decisions
                 if kind_of(decision) == "skill" and "Combat" in decision.prompt)
    assert f"Strength 1d6{'+5' if used else ''} against Combat 16" in [option.label for option in skill.options]
    assert outcome == ("defeated" if used else "undefeated")


def test_ulkreth_gives_his_5_once_for_a_knowledge_success_and_a_fire_check() -> None:
    """The card's +5 is for passing the Knowledge 8 check or for a check with the Acid, Cold or Fire trait: both
    still give 5, not 10. Seelah (Knowledge 1d4) rolls 4 with a blessing's 1d4 rolling 4; then
    her Fireblade check (Divine 1d8+1 and 2d4, Fire) rolls 5, 2, 2: 9 + 1 + 5 = 15 fails Combat 16."""
    table = Table()
    table.location(HERE, ["Ulkreth"])
    seelah = table.character("Seelah", at=HERE, hand=["Fireblade", *FILLER], deck=FILLER * 4)
    table.dice(4, 4, 5, 2, 2)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Use Ulkreth", "Knowledge",
                        "Discard Blessing", "Done", "Discard Fireblade", "Done")
    [check] = [line for line in table.game.log if "against 16" in line]
    assert check.endswith("rolled 15") and outcome == "undefeated"


@pytest.mark.rule("CHK-15")
def test_failing_against_ulkreth_deals_damage_to_every_local_character_instead_of_the_checks_damage() -> None:
    """Kyra's Strength 1d6 rolls 1 against Combat 16: instead of being dealt 15, she and Seelah, there too, are each
    dealt 2 (the adventure deck number 1, plus 1 card left in the location deck); Harsk, elsewhere, nothing."""
    table = Table(adventure_deck_number=1, strict=True)
    table.location(HERE, ["Ulkreth", "Mace"])
    kyra = table.character("Kyra", at=HERE, hand=["Cure", "Codex", "Frog"], deck=FILLER * 4)
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", "Longspear", "Quarterstaff"])
    harsk = table.character("Harsk", at="Great Hall", hand=["Shortbow"])
    table.dice(1)
    outcome = table.run(encounter(table.game, kyra, table.top(HERE)), "Done", "Strength",
                        "Discard Cure", "Discard Codex", "Discard Longsword", "Discard Longspear")
    assert outcome == "undefeated"
    assert not dealt(table, "Kyra", 15) and dealt(table, "Kyra", 2) and dealt(table, "Seelah", 2)
    assert table.cards(kyra, ZoneKind.HAND) == ["Frog"] and table.cards(seelah, ZoneKind.HAND) == ["Quarterstaff"]
    assert table.cards(harsk, ZoneKind.HAND) == ["Shortbow"]


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize("weapon_on_the_check", [False, True])
def test_the_damage_dealt_instead_of_a_failed_checks_is_still_that_checks(weapon_on_the_check: bool) -> None:
    """Seelah fails against Ulkreth (Combat 16) and is dealt 2 instead: a weapon she played on the check (the
    Longsword: 1 + 1 + 3) counts toward her limit, so her Swordbreaker can't reduce that damage; without one it
    can."""
    table = Table(adventure_deck_number=1)
    table.location(HERE, ["Ulkreth", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", "Swordbreaker", *FILLER])
    table.dice(*([1, 1] if weapon_on_the_check else [1]))
    skill = "Reveal Longsword: Melee" if weapon_on_the_check else "Melee"
    damage = ["Discard Blessing", "Discard Longsword"] if weapon_on_the_check else ["Discard Swordbreaker"]
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Done", skill, "Done", *damage)
    assert outcome == "undefeated" and dealt(table, "Seelah", 2)
    assert table.offered("Discard Swordbreaker: reduce", kind="damage") == (not weapon_on_the_check)


# --- defeated or not --------------------------------------------------------------------------------------------

# henchman, the answers for the damage Seelah is dealt before and after she acts (around her Longsword check)
HENCHMEN = [
    ("Fiendish Tree", ["Discard Blessing"], ["Discard Blessing"]),
    ("Ghalcor", [], []),
    ("Othirubo", [], []),
    ("Ulkreth", [], []),
    ("Unfettered Eidolon", [], []),
    ("Wight", ["Bury Blessing"], []),  # the card the damage takes is buried
]


@pytest.mark.rule("CLOSE-01")
@pytest.mark.parametrize(("henchman", "before", "after"), HENCHMEN)
def test_defeating_a_henchman_gives_the_chance_to_close_its_location(
    henchman: str, before: list[str], after: list[str]
) -> None:
    """Seelah's Longsword (2d8+3) rolls 19, enough for each; then the Great Hall's Diplomacy 6 (d10+1: a 6). The
    box is the henchman's adventure deck's (SET-01)."""
    table = Table(adventure_deck_number=library().get(henchman).adventure_deck_number)
    table.location("Great Hall", [henchman, "Mace", "Helm"])
    seelah = table.character("Seelah", at="Great Hall", hand=["Longsword", *FILLER * 2], deck=FILLER * 4)
    table.dice(8, 8, 6)
    outcome = table.run(encounter(table.game, seelah, table.top("Great Hall")), *before, "Reveal Longsword: Melee",
                        "Done", *after, "Close Great Hall", "Diplomacy")
    assert outcome == "defeated"
    assert table.game.locations["Great Hall"].closed and table.deck("Great Hall") == []


@pytest.mark.rule("CLOSE-01")
def test_the_ceustodaemon_burns_you_before_you_act_and_defeated_gives_the_chance_to_close() -> None:
    """Its 1d4-1 Fire damage (a 3: 2 cards) before Seelah acts, then her Longsword's 19 against Combat 12 and the
    Great Hall's Diplomacy 6 (d10+1: a 6)."""
    table = Table()
    table.location("Great Hall", ["Ceustodaemon", "Mace"])
    seelah = table.character("Seelah", at="Great Hall", hand=["Longsword", *FILLER * 2], deck=FILLER * 4)
    table.dice(3, 8, 8, 6)
    outcome = table.run(encounter(table.game, seelah, table.top("Great Hall")), "Discard Blessing",
                        "Discard Blessing", "Reveal Longsword: Melee", "Done", "Close Great Hall", "Diplomacy")
    assert outcome == "defeated" and dealt(table, "Seelah", 2, "Fire")
    assert table.game.locations["Great Hall"].closed and table.cards(seelah, ZoneKind.DISCARD) == FILLER * 2


@pytest.mark.rule("TURN-05")
@pytest.mark.parametrize("bane", ["Cave Lizard", "Spiked Pit Trap"])
@pytest.mark.parametrize("used", [True, False])
def test_defeating_some_banes_lets_you_explore_again(bane: str, used: bool) -> None:
    """Seelah defeats a Cave Lizard (Melee 1d8+3 against Combat 8) or a Spiked Pit Trap (Divine 1d8+1 for Wisdom
    against 7 ... she rolls 8)."""
    table = Table()
    table.location(HERE, [bane, "Mace"])
    seelah = table.character("Seelah", at=HERE)
    table.game.turn = TurnState(seelah, explorations=1, exploring=True)
    table.dice(8)
    skill = "Melee" if bane == "Cave Lizard" else "Wisdom"
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), skill, f"Use {bane}" if used else "Done")
    assert outcome == "defeated"
    assert table.game.turn.extra_exploration == used


@pytest.mark.rule("ENC-06")
@pytest.mark.rule("DRAW-01")
@pytest.mark.parametrize(("kyras_roll", "banished"), [(6, False), (2, False), (2, True)])
def test_the_rallying_cry_is_defeated_only_if_every_character_acquires_the_ally_they_draw(
    kyras_roll: int, banished: bool
) -> None:
    """Seelah (Diplomacy 1d10+1) draws a Recruit (Diplomacy 3) and rolls 5; Kyra, at the Great Hall (Diplomacy
    d6+2), draws a Caravan Guard (Diplomacy 8) and rolls 6 or 2. Both acquired: the barrier is defeated and they
    keep them. Kyra failing: the two allies go back into the box and the barrier is undefeated, and Seelah may
    banish it rather than shuffle it back."""
    table = Table(strict=True)
    table.location(HERE, ["Rallying Cry", "Mace"])
    seelah = table.character("Seelah", at=HERE)
    kyra = table.character("Kyra", at="Great Hall")
    table.pick("Recruit", "Caravan Guard")
    table.dice(5, kyras_roll)
    after = [] if kyras_roll == 6 else ["Use Rallying Cry" if banished else "Done"]
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Diplomacy", "Diplomacy", *after)
    acquired = kyras_roll == 6
    assert outcome == ("defeated" if acquired else "undefeated")
    assert table.cards(seelah, ZoneKind.HAND) == (["Recruit"] if acquired else [])
    assert table.cards(kyra, ZoneKind.HAND) == (["Caravan Guard"] if acquired else [])
    assert in_box(table, "ally", "Caravan Guard") == (1 if acquired else 2)  # the box holds 2
    assert ("Rallying Cry" in table.deck(HERE)) == (not acquired and not banished)


@pytest.mark.rule("ENC-06")
@pytest.mark.rule("SUM-06")
@pytest.mark.parametrize("kept", [True, False])
def test_the_temptation_of_arms_offers_three_weapons_and_is_banished_whatever_you_choose(kept: bool) -> None:
    """Temptation of Arms: Seelah draws 3 weapons from the box. Keeping the Scythe leaves the barrier undefeated
    and Kyra, whom she names at her location, is dealt 1d4+1 Combat damage (a 3: 4 cards); keeping none defeats
    it. Either way it is banished after she acts, and the weapons not kept stay in the box."""
    table = Table(strict=True)
    table.location(HERE, ["Temptation of Arms", "Mace"])
    seelah = table.character("Seelah", at=HERE)
    kyra = table.character("Kyra", at=HERE, hand=FILLER * 5)
    table.pick("Scythe", "Longsword", "Sickle")
    table.dice(*([3] if kept else []))
    answers = ["Scythe", "Kyra", *["Discard Blessing"] * 4] if kept else ["Keep none"]
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), *answers)
    assert outcome == ("undefeated" if kept else "defeated")
    assert table.cards(seelah, ZoneKind.HAND) == (["Scythe"] if kept else [])
    assert dealt(table, "Kyra", 4) == kept and table.cards(kyra, ZoneKind.DISCARD) == (FILLER * 4 if kept else [])
    assert in_box(table, "weapon", "Longsword") == 2 and in_box(table, "weapon", "Scythe") == (0 if kept else 1)
    assert table.deck(HERE) == ["Mace"] and in_box(table, "barrier", "Temptation of Arms") == 1


@pytest.mark.rule("SUM-06")
@pytest.mark.parametrize("temptation", ["Temptation of Arms", "Temptation of Lucre"])
@pytest.mark.parametrize(("adventure", "basic"), [(2, True), (3, False)])
def test_from_adventure_deck_3_on_the_temptations_offer_only_cards_without_the_basic_trait(
    temptation: str, adventure: int, basic: bool
) -> None:
    """In a scenario of adventure deck 2 a Temptation's 3 weapons or items may be Basic; from 3 on, none is
    (over 8 seeds, the box's Basic ones would come up)."""
    drawn: set[bool] = set()
    for seed in range(8):
        table = Table(adventure_deck_number=adventure, seed=seed)
        table.location(HERE, [temptation])
        seelah = table.character("Seelah", at=HERE)
        assert table.run(encounter(table.game, seelah, table.top(HERE)), "Keep none") == "defeated"
        [keep] = [decision for decision in table.decisions if kind_of(decision) == "keep"]
        drawn |= {"Basic" in option.value.card.traits for option in keep.options if option.value is not None}
    assert drawn == ({True, False} if basic else {False})


@pytest.mark.rule("ENC-06")
@pytest.mark.rule("DEATH-01")
@pytest.mark.parametrize("kept", [True, False])
def test_keeping_an_item_of_the_temptation_of_lucre_makes_every_character_discard_the_top_card_of_their_deck(
    kept: bool
) -> None:
    """Seelah keeps the Codex: the barrier is undefeated, and she, Kyra at her location and Harsk elsewhere each
    discard the top card of their deck; Alain, whose deck is empty, dies (DEATH-01). Keeping none defeats it."""
    table = Table(strict=True)
    table.location(HERE, ["Temptation of Lucre", "Mace"])
    seelah = table.character("Seelah", at=HERE, deck=["Helm", *FILLER])
    kyra = table.character("Kyra", at=HERE, deck=["Cure"])
    harsk = table.character("Harsk", at="Great Hall", deck=["Shortbow", *FILLER])
    alain = table.character("Alain", at="Great Hall")
    table.pick("Codex", "Caltrop Bead", "Potion of Healing")
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Codex" if kept else "Keep none")
    assert outcome == ("undefeated" if kept else "defeated")
    assert table.cards(seelah, ZoneKind.HAND) == (["Codex"] if kept else [])
    discards = [table.cards(character, ZoneKind.DISCARD) for character in (seelah, kyra, harsk)]
    assert discards == ([["Helm"], ["Cure"], ["Shortbow"]] if kept else [[], [], []])
    assert alain.alive != kept
    assert table.logged("Alain dies: having to discard a card from an empty deck (DEATH-01)") == kept
    assert table.deck(HERE) == ["Mace"] and in_box(table, "barrier", "Temptation of Lucre") == 1


@pytest.mark.rule("SUM-05")
def test_an_undefeated_sophini_shuffles_the_top_blessing_into_her_location_deck() -> None:
    """Seelah's Longsword rolls 4 and 4 (11) against Sophini's Combat 13: 2 damage, and the top card of the
    blessings deck goes into the location deck."""
    table = Table()
    table.location(HERE, ["Sophini", "Mace"])
    table.blessings("Blessing of Abadar", "Blessing of Shax")
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 3], deck=FILLER * 4)
    table.dice(4, 4)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", "Done",
                        "Discard Blessing", "Discard Blessing")
    assert outcome == "undefeated"
    assert sorted(table.deck(HERE)) == ["Blessing of Abadar", "Mace", "Sophini"]
    assert [card.name for card in table.game.zones.cards(BLESSINGS_DECK)] == ["Blessing of Shax"]


@pytest.mark.rule("SUM-01")
def test_an_undefeated_zombie_makes_each_other_local_character_summon_and_encounter_a_zombie() -> None:
    """Seelah rolls 5 (Melee 8) against the Zombie's Combat 9; Alain, there too, summons a Zombie (a copy: the
    box's only one is being encountered) and defeats it with his Strength 1d10 (a 9). Harsk, elsewhere, summons
    none."""
    table = Table()
    table.location(HERE, ["Zombie", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=FILLER, deck=FILLER * 4)
    table.character("Alain", at=HERE, deck=FILLER * 4)
    table.character("Harsk", at="Great Hall")
    table.dice(5, 9)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Melee", "Done", "Strength")
    assert outcome == "undefeated" and dealt(table, "Seelah", 1)
    assert [line for line in table.game.log if "summoned" in line] == ["Alain encounters Zombie (summoned)"]
    assert "Zombie is defeated" in table.game.log
    assert sorted(table.deck(HERE)) == ["Mace", "Zombie"] and table.cards(seelah, ZoneKind.DISCARD) == FILLER


@pytest.mark.rule("CHK-15")
@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("face", "dealt_after_halving"), [(1, 3), (2, 2)])
def test_the_zombie_halves_the_damage_it_deals_rounded_up_before_it_is_reduced(face: int,
                                                                            dealt_after_halving: int) -> None:
    """Seelah's Melee 1d8+3 rolls 4 (or 5) against the Zombie's Combat 9: 5 (or 4) damage, halved to 3 (or 2);
    then her Helm reduces it by 1."""
    table = Table(strict=True)
    seelah = table.character("Seelah", at=HERE, hand=["Helm", "Mace", "Longsword", "Cure"])
    table.dice(face)
    table.check(seelah, "Zombie", "Melee", "Done", "Reveal Helm", *["Discard Mace", "Discard Longsword"][
        :dealt_after_halving - 1])
    assert dealt(table, "Seelah", 5 - face + 1)
    assert f"The damage to Seelah is reduced to {dealt_after_halving - 1}" in table.game.log
    assert len(table.cards(seelah, ZoneKind.DISCARD)) == dealt_after_halving - 1


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
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Discard Blessing", "Reveal Longsword: Melee",
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
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Discard Blessing", "Reveal Longsword: Melee",
                        "Done", *["Discard Blessing"] * 3, *against_ulkreth)
    assert outcome == "undefeated" and sorted(table.deck(HERE)) == ["Arboreal Blight", "Mace"]
    assert ("Seelah encounters Ulkreth (summoned)" in table.game.log) == ulkreth
    assert ("Ulkreth is defeated" in table.game.log) == ulkreth


@pytest.mark.rule("ENC-06")
@pytest.mark.parametrize(("face", "d20"), [(10, None), (1, 2)])
def test_the_arboreal_blight_rolls_for_an_ulkreth_when_any_tree_is_undefeated(face: int, d20: int | None) -> None:
    """Crowe defeats his tree (Melee 1d12+1: 13), so he defeats the Blight; Alain's tree (Melee 1d10+3) falls on a 10
    and then no d20 is rolled, but stands on a 1: one tree is undefeated, and a 2 on the d20 is more than one."""
    table = Table(strict=True)
    table.location(HERE, ["Arboreal Blight", "Mace"])
    crowe = table.character("Crowe", at=HERE, deck=FILLER * 4)  # no hands: the trees' damage discards nothing
    table.character("Alain", at=HERE, deck=FILLER * 4)
    table.dice(12, face, *([d20] if d20 else []))
    outcome = table.run(encounter(table.game, crowe, table.top(HERE)), "Crowe", "Melee", "Done", "Melee")
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


# --- the Sloth Demon, adventure 1's servitor demon ---------------------------------------------------------------


@pytest.mark.rule("SUM-07")
def test_a_sloth_demon_undefeated_ends_the_turn_and_adventure_1_summons_it_as_its_servitor() -> None:
    """Adventure 1's Demonic Horde summons the Sloth Demon (Combat 11 + 1); Seelah's Melee 1+3 fails, so it is
    undefeated and her turn ends there."""
    table = Table(adventure_deck_number=1)
    table.location(HERE, ["Demonic Horde"])
    seelah = table.character("Seelah", at=HERE, hand=FILLER * 4, deck=FILLER * 4)
    table.game.turn = TurnState(seelah)
    table.dice(1)
    with pytest.raises(TurnEnded):
        table.run(encounter(table.game, seelah, table.top(HERE)), "Melee")
    assert any("summons Sloth Demon" in line for line in table.game.log)
    assert "Sloth Demon is undefeated" in table.game.log


def test_a_sloth_demon_defeated_in_a_location_deck_gives_the_chance_to_close_its_location() -> None:
    """Seelah's Longsword: Melee 1d8+3 and 1d8, 8+8+3 = 19 against Combat 11 + 1."""
    table = Table(adventure_deck_number=1)
    table.location(HERE, ["Sloth Demon"])
    seelah = table.character("Seelah", at=HERE, hand=["Longsword", *FILLER * 3], deck=FILLER * 4)
    table.game.turn = TurnState(seelah)
    table.dice(8, 8)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Reveal Longsword: Melee", "Done",
                        "Don't try to close")
    assert outcome == "defeated" and table.offered("Don't try to close")


@pytest.mark.rule("CLOSE-01")
def test_the_blackfire_adept_summons_the_servitor_demon_before_you_act_and_defeated_gives_the_chance_to_close(
) -> None:
    """Seelah first defeats the Demonling the Blackfire Adept summons (Wisdom 1d8: an 8, against 6, then her
    Longsword's 19 against Combat 9), then the Adept with her Longsword (19), and may close the Great Hall
    (Diplomacy 6: d10+1, a 6)."""
    table = Table(strict=True)
    table.location("Great Hall", ["Blackfire Adept", "Mace", "Helm"])
    seelah = table.character("Seelah", at="Great Hall", hand=["Longsword", *FILLER * 2], deck=FILLER * 4)
    table.dice(8, 8, 8, 8, 8, 6)
    outcome = table.run(encounter(table.game, seelah, table.top("Great Hall")), "Wisdom", "Done",
                        "Reveal Longsword: Melee", "Done", "Reveal Longsword: Melee", "Done", "Close Great Hall",
                        "Diplomacy", "Done")
    assert outcome == "defeated" and "Seelah summons Demonling" in table.game.log
    assert table.game.locations["Great Hall"].closed and table.deck("Great Hall") == []


@pytest.mark.parametrize(("explorations", "damaged"), [(1, True), (2, False)])
def test_the_cultist_of_baphomet_deals_1_damage_before_you_act_on_your_first_exploration_only(
        explorations: int, damaged: bool) -> None:
    """Kyra meets a Cultist on her first exploration (1 Combat damage before she acts), or on a later one (none);
    she fails her Strength check (a 1 against Combat 10) and is dealt 9 either way."""
    table = Table()
    table.location(HERE, ["Cultist of Baphomet", "Mace"])
    table.blessings("Blessing of Abadar")
    kyra = table.character("Kyra", at=HERE, hand=["Cure", "Codex"], deck=FILLER * 4)
    table.game.turn = TurnState(kyra, explorations=explorations)
    table.dice(1)
    table.run(encounter(table.game, kyra, table.top(HERE)), *(["Discard Codex"] if damaged else []), "Strength")
    damage = [line for line in table.game.log if line.startswith("Kyra is dealt")]
    assert damage == ["Kyra is dealt 1 Combat damage", "Kyra is dealt 9 Combat damage"][0 if damaged else 1:]


def test_a_giant_maggot_swarm_makes_each_other_local_character_summon_and_encounter_one() -> None:
    """Seelah encounters a Giant Maggot Swarm: Alain, there too, summons one and defeats it (Strength 1d10: a 9,
    against Combat 7) before Seelah's check; Harsk, elsewhere, summons none."""
    table = Table()
    table.location(HERE, ["Giant Maggot Swarm", "Mace"])
    seelah = table.character("Seelah", at=HERE, hand=FILLER, deck=FILLER * 4)
    table.character("Alain", at=HERE, deck=FILLER * 4)
    table.character("Harsk", at="Great Hall")
    table.dice(9, 8)
    outcome = table.run(encounter(table.game, seelah, table.top(HERE)), "Strength", "Melee", "Done")
    assert outcome == "defeated"
    assert [line for line in table.game.log if "summoned" in line] == ["Alain encounters Giant Maggot Swarm (summoned)"]
