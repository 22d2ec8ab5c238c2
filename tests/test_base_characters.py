"""The seven base-set characters (Alain, Balazar, Enora, Harsk, Imrijka, Kyra, Seelah): each power of their
character cards, of both roles and of their power feat boxes shown working on a real table (DESIGN.md 8,
CHAR-01, ROLE-01, FEAT-02). A paragraph the card and its roles share is parametrized over where it is
written, and over the boxes that make the same play bigger."""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.closing import close_permanently
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.state import Feats, TurnState
from pacg.engine.summon import summon
from pacg.engine.turn import end_turn, explore_step
from pacg.engine.window import play_window
from pacg.engine.zones import ZoneKind
from table import ABYSSAL_LOCATION, Table, feats, glaring_fiend, kind_of

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of






# --- Alain ------------------------------------------------------------------------------------------------------

ALAIN_CHARGE = [(None, 0, None, 1), (None, 0, "+2", 2), ("Glory Hound", 1, None, 1), ("Glory Hound", 1, "+2", 2),
                ("Glory Hound", 1, "+3", 3), ("Lancer", 0, None, 1),
                ("Lancer", 0, "+2", 2), ("Lancer", 0, "recharge", 2)]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "index", "box", "bonus"), ALAIN_CHARGE)
def test_alain_discards_a_card_to_add_to_his_check_against_a_monster_which_goes_back_on_top_if_undefeated(
        role: str | None, index: int, box: str | None, bonus: int) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats(role, index, box))
    table.dice(1)
    outcome = table.run(encounter(table.game, alain, table.top("Armory")), "Melee", "Use Alain's power, discard Codex")
    assert outcome == "undefeated"
    assert table.logged(f"failed at Melee 1d10+{3 + bonus} against 8: rolled {1 + 3 + bonus}")
    assert table.cards(alain, ZoneKind.DISCARD) == ["Codex"]
    assert table.deck("Armory") == ["Dire Rat", "Mace"]  # on top, not shuffled in


@pytest.mark.rule("SUM-05")
@pytest.mark.parametrize(("answer", "deck"), [
    ("Put the card you are encountering on top", ["Dire Rat", "Mace", "Helm"]),
    ("Put the card you are encountering under", ["Mace", "Dire Rat", "Helm"]),
])
def test_glory_hounds_box_puts_the_undefeated_monster_on_top_or_under_the_top_card_of_its_deck(
        answer: str, deck: list[str]) -> None:
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat", "Mace", "Helm"])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats("Glory Hound", 1, "under the top card"))
    table.dice(1)
    outcome = table.run(encounter(table.game, alain, table.top("Armory")), "Melee", "Use Alain's power, discard Codex",
                        answer)
    assert outcome == "undefeated" and table.deck("Armory") == deck


@pytest.mark.rule("BANE-01")
@pytest.mark.parametrize(("bane", "offered"), [("Dire Rat", True), ("Blackfire Adept", True), ("Sophini", False)])
def test_alains_charge_is_for_a_monster_that_is_not_a_villain(bane: str, offered: bool) -> None:
    """Henchmen count as monsters (BANE-01), and so do villains: the villain is left out by its type."""
    table = Table()
    alain = table.character("Alain", at="Armory", hand=["Codex"])
    table.dice(10)  # 13: enough for each, so no damage discards the Codex
    table.check(alain, bane, "Melee", *(["Use Alain's power, discard Codex"] if offered else []))
    assert table.offered("Use Alain's power") == offered
    assert table.cards(alain, ZoneKind.DISCARD) == (["Codex"] if offered else [])


@pytest.mark.rule("FEAT-02")
def test_lancers_recharge_box_recharges_a_random_card_from_his_discard_pile_when_the_charge_defeats() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats("Lancer", 0, "recharge"))
    table.dice(5)
    outcome = table.run(encounter(table.game, alain, table.top("Armory")), "Melee", "Use Alain's power, discard Codex")
    assert outcome == "defeated"
    assert table.cards(alain, ZoneKind.DISCARD) == [] and table.cards(alain, ZoneKind.DECK) == ["Codex"]


ALAIN_RECHARGE = [(None, 1, None, False), (None, 1, "ally, item", True), ("Glory Hound", 2, None, False),
                  ("Glory Hound", 2, "ally, item", True), ("Lancer", 1, None, False), ("Lancer", 1, "ally, item", True)]


@pytest.mark.rule("TURN-08")
@pytest.mark.parametrize(("role", "index", "box", "more"), ALAIN_RECHARGE)
def test_alain_recharges_weapons_at_the_end_of_his_turn_and_with_the_box_allies_and_items(
        role: str | None, index: int, box: str | None, more: bool) -> None:
    table = Table()
    alain = table.character("Alain", at="Armory", hand=["Longsword", "Codex", "Recruit", "Helm"], deck=FILLER * 4,
                            feats=feats(role, index, box))
    table.game.turn = TurnState(alain)
    table.run(end_turn(table.game, alain, forced=False), "Use Alain's power", "Longsword",
              *(["Codex", "Recruit"] if more else []), "Done discarding")
    recharged = ["Longsword", "Codex", "Recruit"] if more else ["Longsword"]
    assert table.cards(alain, ZoneKind.DECK)[-len(recharged):] == recharged
    assert "Helm" in table.cards(alain, ZoneKind.HAND)
    offered = [o.label for d in table.decisions if d.prompt.endswith("which card?") for o in d.options]
    assert ("Codex" in offered) == more


GLARING_FIEND = glaring_fiend(wisdom=7)


@pytest.mark.rule("CHK-05")
def test_glory_hound_uses_his_charisma_for_a_check_before_he_acts() -> None:
    table = Table(extra_cards=[GLARING_FIEND])
    table.location("Armory", ["Glaring Fiend"])
    alain = table.character("Alain", at="Armory", feats=feats("Glory Hound"))
    table.dice(8, 1)
    table.run(encounter(table.game, alain, table.top("Armory")), "Use Alain's power", "Strength")
    assert table.logged("Alain succeeded at Charisma 1d8 against 7: rolled 8")
    assert table.logged("failed at Strength 1d10 against 30")  # the difficulty was not increased


@pytest.mark.rule("CHK-06")
@pytest.mark.parametrize(("index", "box", "bane", "skill", "total"),
                         [(3, "Diplomacy", "Dire Rat", "Melee", 2 + 3 + 5 + 3),
                          (4, "item", "Codex", "Intelligence", 2 + 5 + 3)])
def test_glory_hound_adds_his_diplomacy_and_the_mental_trait_in_the_exploration_an_ally_gives_him(
        index: int, box: str, bane: str, skill: str, total: int) -> None:
    """He discards the Recruit to explore. The Diplomacy box: on his Melee check against the Dire Rat; the item
    box: on his check to acquire the Codex, he adds his Diplomacy 1d8+3 and the Mental trait."""
    table = Table(strict=True)
    table.location("Armory", [bane])
    alain = table.character("Alain", at="Armory", hand=["Recruit"], feats=feats("Glory Hound", index, box))
    table.game.turn = TurnState(alain, explorations=1)
    table.dice(*((2, 5) if skill == "Melee" else (5, 2)))  # Melee's d10 then Diplomacy's d8 (+3); d8 then d6
    answers = [] if bane == "Dire Rat" else ["Attempt to acquire"]
    table.run(explore_step(table.game, alain), "Discard Recruit", *answers, skill, "Use Alain's power")
    assert table.logged(f"rolled {total}") and table.game.lasting == []


def test_glory_hounds_diplomacy_is_not_added_without_an_ally_played_to_explore() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    alain = table.character("Alain", at="Armory", feats=feats("Glory Hound", 3, "Diplomacy"))
    table.game.turn = TurnState(alain)
    table.dice(9)
    table.run(explore_step(table.game, alain), "Explore", "Melee")
    assert not table.offered("Use Alain's power")


@pytest.mark.rule("KEEP-02")
@pytest.mark.parametrize(("box", "bane"), [("recharge", "Dire Rat"), ("weapon", "Dire Rat"),
                                                                        ("weapon", "Mace")])
def test_glory_hound_recharges_a_card_to_take_over_another_local_characters_encounter(box: str, bane: str) -> None:
    table = Table()
    table.location("Armory", [bane])
    alain = table.character("Alain", at="Armory", hand=["Codex"], feats=feats("Glory Hound", 5, ("take over", box)))
    kyra = table.character("Kyra", at="Armory")
    table.dice(10)
    outcome = table.run(encounter(table.game, kyra, table.top("Armory")), "Use Alain's power, recharge Codex",
                        *(["Attempt"] if bane == "Mace" else []), "Strength")
    assert outcome in ("defeated", "acquired")
    assert [d.player for d in table.decisions if kind_of(d) == "skill"] == ["Alain"]
    assert table.cards(alain, ZoneKind.DECK) == ["Codex"]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "cost", "answers"),
                         [(("Mount",), "Longsword", ["Use Alain's power, recharge Longsword"]),
                          (("Mount", "top"), "Helm", ["Use Alain's power", "top of deck"])])
def test_lancer_recharges_a_weapon_or_armor_to_take_a_mount_from_his_deck_or_discard_pile(
        box: tuple[str, ...], cost: str, answers: list[str]) -> None:
    table = Table()
    alain = table.character("Alain", at="Armory", hand=[cost], discard=["Riding Horse"],
                            feats=feats("Lancer", 2, box))
    table.run(play_window(table.window(alain, Timing.ANY_TIME), [alain]), *answers)
    assert table.cards(alain, ZoneKind.HAND) == ["Riding Horse"] and table.cards(alain, ZoneKind.DECK) == [cost]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "answer", "deck"),
                         [(("Polearm",), "Recharge", ["Blessing of Ascension", "Javelin"]),
                          (("Polearm", "shuffle"), "Shuffle", None),
                          (("Polearm", "top"), "Put on top", ["Javelin", "Blessing of Ascension"])])
def test_lancer_recharges_a_spear_he_would_discard_or_with_the_boxes_shuffles_it_in_or_puts_it_on_top(
        box: tuple[str, ...], answer: str, deck: list[str] | None) -> None:
    """The Javelin (a Spear): discard it to add 1d6."""
    table = Table()
    alain = table.character("Alain", at="Armory", hand=["Javelin"], deck=FILLER, feats=feats("Lancer", 3, box))
    table.dice(3, 4)
    [result] = table.run(attempt_checks(table.game, alain, "Combat 30", Purpose.OTHER), "Strength",
                         "Discard Javelin", answer)
    assert result.total == 3 + 4
    assert table.cards(alain, ZoneKind.DISCARD) == [] and "Javelin" in table.cards(alain, ZoneKind.DECK)
    if deck is not None:
        assert table.cards(alain, ZoneKind.DECK) == deck


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "answers", "pile"), [(("ride",), [], ZoneKind.DISCARD),
                                                      (("ride", "top"), ["top of deck"], ZoneKind.DECK)])
def test_lancer_rides_his_mount_to_another_location_and_encounters_the_monster_on_top_of_it(
        box: tuple[str, ...], answers: list[str], pile: ZoneKind) -> None:
    table = Table()
    table.location("Armory", FILLER)
    table.location("Laboratory", ["Dire Rat"])
    alain = table.character("Alain", at="Armory", hand=["Riding Horse"], feats=feats("Lancer", 4, box))
    table.dice(10)
    table.run(play_window(table.window(alain, Timing.ANY_TIME), [alain]), "Use Alain's power", *answers, "Melee")
    assert alain.location == "Laboratory"
    assert table.logged("Dire Rat is defeated") and table.deck("Laboratory") == []
    assert table.cards(alain, pile) == ["Riding Horse"]


# --- Balazar ----------------------------------------------------------------------------------------------------


def display(table: Table, character, name: str) -> None:  # type: ignore[no-untyped-def]
    table.game.zones.move(table.card(name), character.zone(ZoneKind.DISPLAYED))


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize("role", [None, "Eidolomancer", "Tyrannomancer"])
def test_balazar_banishes_an_attack_spell_he_plays(role: str | None) -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Force Missile"], feats=feats(role))
    table.dice(5, 2, 2)
    [result] = table.run(attempt_checks(table.game, balazar, "Combat 30", Purpose.OTHER), "Discard Force Missile")
    assert result.total == 5 + 2 + 2 + 2
    assert table.cards(balazar, ZoneKind.DISCARD) == [] and table.cards(balazar, ZoneKind.DECK) == []
    assert table.logged("Balazar banishes Force Missile")


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "index"), [(None, 2), ("Eidolomancer", 2), ("Tyrannomancer", 3)])
def test_balazar_puts_a_monster_he_defeats_into_his_hand(role: str | None, index: int) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    balazar = table.character("Balazar", at="Armory", feats=feats(role))
    table.dice(6)
    outcome = table.run(encounter(table.game, balazar, table.top("Armory")), "Dexterity", "Use Balazar's power")
    assert outcome == "defeated"
    assert table.cards(balazar, ZoneKind.HAND) == ["Dire Rat"]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "source"), [(None, "hand"), ("Eidolomancer", "hand"), ("Tyrannomancer", "hand"),
                                              ("Tyrannomancer", "discard pile")])
def test_balazar_banishes_a_monster_to_draw_a_card(role: str | None, source: str) -> None:
    """From his hand; as Tyrannomancer with the "discard pile" box, from his discard pile too."""
    table = Table()
    where = {"hand": ["Dire Rat"]} if source == "hand" else {"discard": ["Dire Rat"]}
    balazar = table.character("Balazar", at="Armory", deck=["Codex"], feats=feats(role, 7, "discard pile"),
                              **where)  # type: ignore[arg-type]
    table.run(play_window(table.window(balazar, Timing.ANY_TIME), [balazar]),
              "Use Balazar's power, banish Dire Rat")
    assert table.cards(balazar, ZoneKind.HAND) == ["Codex"]
    assert table.cards(balazar, ZoneKind.DISCARD) == []


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("role", "index", "box", "target", "skill"),
                         [(None, 4, "barrier", "Spiked Pit Trap", "Dexterity"),
                          ("Eidolomancer", 4, "barrier", "Spiked Pit Trap", "Dexterity"),
                          ("Tyrannomancer", 5, "barrier", "Spiked Pit Trap", "Dexterity"),
                          (None, 5, "weapon, armor, item", "Mace", "Strength"),
                          ("Eidolomancer", 5, "weapon, armor, item", "Mace", "Strength"),
                          ("Tyrannomancer", 6, "weapon, armor, item", "Mace", "Strength")])
def test_balazar_banishes_a_monster_to_add_1d4_to_defeat_a_barrier_or_acquire_a_weapon_armor_or_item(
        role: str | None, index: int, box: str, target: str, skill: str) -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Dire Rat"], feats=feats(role, index, box))
    table.dice(1, 3)
    result = table.check(balazar, target, skill, "Use Balazar's power, banish Dire Rat")
    assert result.total == 1 + 3
    assert table.cards(balazar, ZoneKind.HAND) == []


@pytest.mark.rule("SUM-06")
@pytest.mark.parametrize(("role", "index", "box", "pile"), [("Eidolomancer", 1, None, ZoneKind.DISCARD),
                                                            ("Tyrannomancer", 2, None, ZoneKind.DISCARD),
                                                            ("Tyrannomancer", 2, "recharge", ZoneKind.DECK)])
def test_balazar_discards_or_as_tyrannomancer_with_the_box_recharges_a_spell_to_draw_a_random_monster(
        role: str, index: int, box: str | None, pile: ZoneKind) -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Agility"], feats=feats(role, index, box))
    table.pick("Dire Rat")
    table.run(play_window(table.window(balazar, Timing.ANY_TIME), [balazar]), "Use Balazar's power")
    assert table.cards(balazar, ZoneKind.HAND) == ["Dire Rat"] and table.cards(balazar, pile) == ["Agility"]


@pytest.mark.rule("ROLE-01")
def test_eidolomancer_banishes_a_monster_after_acting_to_move() -> None:
    table = Table()
    table.location("Armory", ["Mace"])
    table.location("Laboratory")
    balazar = table.character("Balazar", at="Armory", hand=["Dire Rat"], feats=feats("Eidolomancer", 6, "move"))
    table.dice(6)
    table.run(encounter(table.game, balazar, table.top("Armory")), "Attempt", "Strength",
              "Use Balazar's power, banish Dire Rat")
    assert balazar.location == "Laboratory"
    assert table.cards(balazar, ZoneKind.HAND) == ["Mace"]


@pytest.mark.rule("CHK-13")
def test_eidolomancer_banishes_a_monster_to_reroll_a_failed_combat_check() -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Dire Rat"], feats=feats("Eidolomancer", 7, "reroll"))
    table.dice(1, 6)
    [result] = table.run(attempt_checks(table.game, balazar, "Combat 5", Purpose.OTHER), "Strength",
                         "Use Balazar's power, banish Dire Rat")
    assert result.success and result.total == 6
    assert table.cards(balazar, ZoneKind.HAND) == []


@pytest.mark.rule("PLAY-03")
@pytest.mark.parametrize(("role", "die"), [(None, 4), ("Eidolomancer", 6)])
def test_padrig_banishes_monsters_from_the_hand_for_a_die_each_on_the_same_check(role: str | None, die: int) -> None:
    """With Padrig displayed, Balazar banishes both monsters of his hand on his Strength check against a Cave
    Lizard (an Animal): 1d4 each (1d6 each as an Eidolomancer), and 1d6 more for the Dire Rat, an Animal too.
    Strength 1d6 rolls 1, the Dire Rat's 1d6 a 1, and the two dice of the banished monsters 1 each: 4 in all."""
    table = Table(strict=True)
    balazar = table.character("Balazar", at="Armory", hand=["Dire Rat", "Zombie"], feats=feats(role))
    display(table, balazar, "Padrig")
    table.dice(1, 1, 1, 1)
    result = table.check(balazar, "Cave Lizard", "Strength", "Use Padrig, banish Dire Rat", "Use Padrig, banish Zombie")
    assert sorted(result.pool.dice) == sorted([6, 6, die, die]) and result.total == 4
    assert table.cards(balazar, ZoneKind.HAND) == [] and table.cards(balazar, ZoneKind.DISPLAYED) == ["Padrig"]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "skill"), [(("Eidolon",), "Constitution"),
                                            (("Eidolon", "Dexterity, Stealth"), "Dexterity")])
def test_eidolomancer_displaying_his_eidolon_uses_his_strength_for_constitution_or_dexterity(
        box: tuple[str, ...], skill: str) -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", feats=feats("Eidolomancer", 8, box))
    display(table, balazar, "Padrig")
    table.dice(6)
    table.run(attempt_checks(table.game, balazar, f"{skill} 30", Purpose.OTHER), "Use Balazar's power")
    assert table.logged("failed at Strength 1d6 against 30: rolled 6")


@pytest.mark.rule("CHK-12")
@pytest.mark.parametrize(("box", "pile"), [(("d12",), ZoneKind.DISCARD), (("d12", "recharge"), ZoneKind.DECK)])
def test_eidolomancer_blessings_add_d12s_to_his_strength_checks_and_with_the_box_are_recharged(
        box: tuple[str, ...], pile: ZoneKind) -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Blessing of Ascension"],
                              feats=feats("Eidolomancer", 9, box))
    table.dice(11, 2)  # the blessing's d12 first
    [result] = table.run(attempt_checks(table.game, balazar, "Strength 30", Purpose.OTHER), "Strength",
                         "Discard Blessing of Ascension")
    assert result.total == 2 + 11 and 12 in result.pool.dice
    assert table.cards(balazar, pile) == ["Blessing of Ascension"]


@pytest.mark.rule("ROLE-01")
def test_tyrannomancer_draws_a_card_after_playing_a_spell_without_the_attack_trait() -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Agility"], deck=["Codex"],
                              feats=feats("Tyrannomancer", 1, "draw"))
    table.dice(4)
    [result] = table.run(attempt_checks(table.game, balazar, "Dexterity 30", Purpose.OTHER), "Dexterity",
                         "Display Agility", "Use Balazar's power")
    assert result.total == 4 + 3
    assert table.cards(balazar, ZoneKind.HAND) == ["Codex"]


@pytest.mark.rule("DMG-01")
def test_tyrannomancer_banishes_a_monster_to_reduce_damage_to_a_local_character_by_3() -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Dire Rat"], feats=feats("Tyrannomancer", 8, "damage"))
    kyra = table.character("Kyra", at="Armory", hand=["Codex", "Mace"])
    table.run(take_damage(table.game, kyra, 4, "Combat"), "Use Balazar's power, banish Dire Rat", "Discard Codex")
    assert table.cards(kyra, ZoneKind.DISCARD) == ["Codex"] and table.cards(kyra, ZoneKind.HAND) == ["Mace"]
    assert table.cards(balazar, ZoneKind.HAND) == []


@pytest.mark.rule("ROLE-01")
def test_tyrannomancer_banishes_a_monster_to_add_1d6_to_a_local_characters_combat_check() -> None:
    table = Table()
    balazar = table.character("Balazar", at="Armory", hand=["Dire Rat"], feats=feats("Tyrannomancer", 9, "combat"))
    kyra = table.character("Kyra", at="Armory")
    table.dice(3, 5)
    [result] = table.run(attempt_checks(table.game, kyra, "Combat 30", Purpose.OTHER), "Strength",
                         "Use Balazar's power, banish Dire Rat")
    assert result.total == 3 + 5 and table.cards(balazar, ZoneKind.HAND) == []


@pytest.mark.rule("SUM-01")
@pytest.mark.parametrize(("box", "summoned", "roll"), [
    (("summoned",), True, 8), (("summoned",), False, 8),
    (("summoned", "draw"), True, 8), (("summoned", "draw"), True, 1),
])
def test_tyrannomancer_adds_1d8_to_a_local_check_against_a_summoned_monster_and_with_the_box_draws_a_monster(
        box: tuple[str, ...], summoned: bool, roll: int) -> None:
    """Kyra's Strength 1d6 rolls 3 against a Dire Rat (Combat 8): Balazar's 1d8 makes it 11 on an 8, not on a 1;
    not offered against a monster that wasn't summoned. With the draw box, a success draws him a random monster
    from the box (the Zombie)."""
    table = Table(strict=True)
    balazar = table.character("Balazar", at="Armory", feats=feats("Tyrannomancer", 10, box))
    kyra = table.character("Kyra", at="Armory")
    rat = summon(table.game, kyra, "Dire Rat") if summoned else table.card("Dire Rat")
    table.dice(*([roll] if summoned else []), 3)  # the d8 rolls first (largest dice first)
    drawing = "draw" in box and roll + 3 >= 8
    if drawing:
        table.pick("Zombie")
    help_ = ["Use Balazar's power"] if summoned else []
    [result] = table.run(attempt_checks(table.game, kyra, "Combat 8", Purpose.DEFEAT, rat), "Strength", *help_)
    assert result.total == 3 + (roll if summoned else 0)
    assert table.cards(balazar, ZoneKind.HAND) == (["Zombie"] if drawing else [])


# --- Enora ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHK-05")
@pytest.mark.parametrize(("role", "index", "box", "target"),
                         [(None, 0, None, "Agility"), (None, 0, "item", "Codex"),
                          ("Eldritch Savant", 0, None, "Agility"), ("Eldritch Savant", 0, "item", "Codex"),
                          ("Occularium Scholar", 0, None, "Agility"), ("Occularium Scholar", 0, "item", "Codex"),
                          ("Occularium Scholar", 1, "barrier", "Spiked Pit Trap")])
def test_enora_uses_her_knowledge_to_acquire_a_spell_or_with_the_boxes_an_item_or_defeat_a_barrier(
        role: str | None, index: int, box: str | None, target: str) -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", feats=feats(role, index, box))
    table.dice(12)
    result = table.check(enora, target, "Use Enora's power")
    assert result.success and table.logged("succeeded at Knowledge 1d12")


ENORA_WARD = [(None, 2, None, "Fire", "Enora", "Discard"),
              (None, 2, "Acid, Electricity, Force", "Acid", "Enora", "Discard"),
              (None, 2, "local", "Force", "Kyra", "Discard"),
              ("Eldritch Savant", 2, None, "Cold", "Enora", "Discard"),
              ("Eldritch Savant", 2, "Acid, Electricity, Force", "Electricity", "Enora", "Discard"),
              ("Eldritch Savant", 2, "local", "Acid", "Kyra", "Discard"),
              ("Eldritch Savant", 2, "recharge", "Fire", "Kyra", "Recharge"),
              ("Occularium Scholar", 3, None, "Fire", "Enora", "Discard"),
              ("Occularium Scholar", 3, "Acid, Electricity, Force", "Force", "Enora", "Discard"),
              ("Occularium Scholar", 3, "local", "Cold", "Kyra", "Discard")]


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("role", "index", "box", "damage", "dealt_to", "action"), ENORA_WARD)
def test_enora_gives_up_a_spell_to_reduce_energy_damage_to_her_or_with_the_box_a_local_character_to_0(
        role: str | None, index: int, box: str | None, damage: str, dealt_to: str, action: str) -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Frigid Blast", "Codex"], feats=feats(role, index, box))
    kyra = table.character("Kyra", at="Armory", hand=["Mace"])
    victim = enora if dealt_to == "Enora" else kyra
    table.run(take_damage(table.game, victim, 3, damage), f"Use Enora's power, {action.lower()} Frigid Blast")
    assert table.cards(victim, ZoneKind.DISCARD) == ([] if dealt_to == "Kyra" else ["Frigid Blast"])
    assert table.cards(enora, ZoneKind.HAND) == ["Codex"] and table.cards(kyra, ZoneKind.HAND) == ["Mace"]
    pile = ZoneKind.DECK if action == "Recharge" else ZoneKind.DISCARD
    assert table.cards(enora, pile) == ["Frigid Blast"]


@pytest.mark.rule("DMG-01")
def test_enora_does_not_reduce_combat_damage() -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Frigid Blast"])
    table.run(take_damage(table.game, enora, 1, "Combat"))
    assert table.cards(enora, ZoneKind.DISCARD) == ["Frigid Blast"]
    assert not any(o.label.startswith("Use Enora's power") for d in table.decisions for o in d.options)


@pytest.mark.rule("DMG-01")
def test_occularium_scholar_discards_a_book_to_reduce_a_local_characters_energy_damage_to_0() -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Codex"], feats=feats("Occularium Scholar", 4, "Book"))
    kyra = table.character("Kyra", at="Armory", hand=["Mace"])
    table.run(take_damage(table.game, kyra, 3, "Electricity"), "Use Enora's power, discard Codex")
    assert table.cards(kyra, ZoneKind.HAND) == ["Mace"] and table.cards(enora, ZoneKind.DISCARD) == ["Codex"]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "index", "box", "answer", "deck"),
                         [("Eldritch Savant", 1, None, None, ["Codex", "Force Missile"]),
                          ("Eldritch Savant", 1, "shuffle", "shuffle", None),
                          ("Occularium Scholar", 2, None, None, ["Codex", "Force Missile"])])
def test_enora_recharges_a_random_spell_from_her_discard_pile_after_playing_a_spell(
        role: str, index: int, box: str | None, answer: str | None, deck: list[str] | None) -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Agility"], deck=["Codex"], discard=["Force Missile"],
                            feats=feats(role, index, box))
    table.dice(4)
    table.run(attempt_checks(table.game, enora, "Dexterity 30", Purpose.OTHER), "Dexterity", "Display Agility",
              "Use Enora's power", *([answer] if answer else []))
    assert table.cards(enora, ZoneKind.DISCARD) == [] and "Force Missile" in table.cards(enora, ZoneKind.DECK)
    if deck is not None:
        assert table.cards(enora, ZoneKind.DECK) == deck


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize(("box", "top_card", "answers", "hand", "deck"),
                         [(("examine",), "Frigid Blast", ["Frigid Blast"], ["Frigid Blast"], ["Codex"]),
                          (("examine", "recharge"), "Mace", ["Mace"], [], ["Codex", "Mace"])])
def test_eldritch_savant_discards_a_card_to_examine_the_top_of_her_deck_and_draw_a_spell_or_bottom_it(
        box: tuple[str, ...], top_card: str, answers: list[str], hand: list[str], deck: list[str]) -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Sickle"], deck=[top_card, "Codex"],
                            feats=feats("Eldritch Savant", 3, box))
    table.run(play_window(table.window(enora, Timing.ANY_TIME), [enora]), "Use Enora's power, discard Sickle",
              *answers)
    assert table.cards(enora, ZoneKind.HAND) == hand and table.cards(enora, ZoneKind.DECK) == deck


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("trait", ["Acid", "Electricity", "Fire"])
def test_eldritch_savant_swaps_the_cold_trait_of_her_spell_for_the_energy_trait_she_chooses(trait: str) -> None:
    table = Table(strict=True)
    enora = table.character("Enora", at="Armory", hand=["Frigid Blast"], feats=feats("Eldritch Savant", 4, "swap"))
    table.dice(1, 1, 1, 1)  # the check, then the check to recharge Frigid Blast
    [result] = table.run(attempt_checks(table.game, enora, "Combat 30", Purpose.OTHER), "Discard Frigid Blast",
                         "No", "Use Enora's power", trait, "Arcane")
    assert trait in result.traits and "Cold" not in result.traits
    assert [option.label for option in table.decisions[3].options] == ["Acid", "Electricity", "Fire"]


@pytest.mark.rule("PLAY-07")
def test_eldritch_savant_swap_is_not_offered_on_a_check_without_an_energy_trait() -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Force Missile"], feats=feats("Eldritch Savant", 4, "swap"))
    table.dice(1, 1, 1, 1, 1)
    table.run(attempt_checks(table.game, enora, "Combat 30", Purpose.OTHER), "Discard Force Missile", "No", "Arcane")
    assert not table.offered("Use Enora's power: replace")


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "bonus"), [(("Book bonus",), 0), (("Book bonus", "+1"), 1), (("Book bonus", "+2"), 2)])
def test_occularium_scholar_reveals_a_book_to_add_1d4_and_more_with_the_boxes(
        box: tuple[str, ...], bonus: int) -> None:
    table = Table()
    enora = table.character("Enora", at="Armory", hand=["Codex"], feats=feats("Occularium Scholar", 5, box))
    table.dice(7, 3)
    [result] = table.run(attempt_checks(table.game, enora, "Intelligence 30", Purpose.OTHER), "Intelligence",
                         "Use Enora's power, reveal Codex")
    assert result.total == 7 + 3 + bonus
    assert table.cards(enora, ZoneKind.HAND) == ["Codex"]


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize(("index", "box", "cost", "reorder"),
                         [(6, ("scry",), "Codex", False), (6, ("scry", "reorder"), "Codex", True),
                          (7, ("scry",), "Agility", False), (7, ("scry", "reorder"), "Agility", True)])
def test_occularium_scholar_recharges_a_card_at_the_start_of_her_turn_to_examine_the_top_3_cards(
        index: int, box: tuple[str, ...], cost: str, reorder: bool) -> None:
    """A Book for her location deck, a spell for her own deck; with the reorder box, she puts them back in
    another order."""
    table = Table()
    cards = ["Dire Rat", "Mace", "Sickle", "Helm"]
    table.location("Armory", cards if index == 6 else [])
    enora = table.character("Enora", at="Armory", hand=[cost], deck=cards if index == 7 else [],
                            feats=feats("Occularium Scholar", index, box))
    answers = ["Sickle", "Mace"] if reorder else []  # the last one, Dire Rat, follows
    table.run(play_window(table.window(enora, Timing.TURN_START), [enora]), f"Use Enora's power, recharge {cost}",
              *answers)
    after = table.deck("Armory") if index == 6 else table.cards(enora, ZoneKind.DECK)[:4]
    assert after == (["Sickle", "Mace", "Dire Rat", "Helm"] if reorder else cards)
    assert table.logged("Dire Rat") and cost not in table.cards(enora, ZoneKind.HAND)


# --- Harsk ------------------------------------------------------------------------------------------------------

HARSK_EVADE = [(None, 0, None, "Dire Rat"), (None, 0, "Demon", "Demonling"), ("Demonslayer", 0, None, "Dire Rat"),
               ("Demonslayer", 0, "Demon", "Demonling"), ("Abyssal Walker", 0, None, "Dire Rat"),
               ("Abyssal Walker", 0, "Demon", "Demonling")]


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize(("role", "index", "box", "bane"), HARSK_EVADE)
def test_harsk_evades_animals_and_vermin_and_with_the_box_demons(
        role: str | None, index: int, box: str | None, bane: str) -> None:
    table = Table()
    table.location("Armory", [bane])
    harsk = table.character("Harsk", at="Armory", feats=feats(role, index, box))
    outcome = table.run(encounter(table.game, harsk, table.top("Armory")), "Use Harsk's power")
    assert outcome == "evaded" and table.deck("Armory") == [bane]


@pytest.mark.rule("ENC-05")
def test_demonslayers_top_box_puts_the_evaded_demon_on_top_of_its_deck() -> None:
    table = Table()
    table.location("Armory", ["Demonling", *FILLER * 3])
    harsk = table.character("Harsk", at="Armory", feats=feats("Demonslayer", 0, "top"))
    outcome = table.run(encounter(table.game, harsk, table.top("Armory")), "Use Harsk's power")
    assert outcome == "evaded" and table.deck("Armory")[0] == "Demonling"


HARSK_DICE = [(None, 1, "Demon", "Demonling", (4,)), (None, 1, "2d4", "Demonling", (4, 4)),
              ("Demonslayer", 1, None, "Dire Rat", (4,)), ("Demonslayer", 1, "Demon", "Demonling", (4,)),
              ("Demonslayer", 1, "2d4", "Demonling", (4, 4)), ("Demonslayer", 1, "2d6", "Demonling", (6, 6)),
              ("Abyssal Walker", 1, None, "Dire Rat", (4,)), ("Abyssal Walker", 1, "Demon", "Demonling", (4,)),
              ("Abyssal Walker", 1, "2d4", "Demonling", (4, 4))]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("role", "index", "box", "bane", "added"), HARSK_DICE)
def test_harsk_adds_dice_to_his_checks_against_animals_and_vermin_and_with_the_boxes_demons(
        role: str | None, index: int, box: str | None, bane: str, added: tuple[int, ...]) -> None:
    table = Table()
    harsk = table.character("Harsk", at="Armory", feats=feats(role, index, box))
    table.dice(*[1] * (1 + len(added)))
    result = table.check(harsk, bane, "Strength")
    assert result.pool.dice == (6, *added) and result.total == 1 + len(added)


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize("role", ["Demonslayer", "Abyssal Walker"])
def test_harsk_recharges_a_ranged_weapon_he_would_discard(role: str) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    harsk = table.character("Harsk", at="Armory", hand=["Bolas"], deck=FILLER, feats=feats(role))
    table.dice(8, 4, 4, 4)
    table.run(attempt_checks(table.game, harsk, "Combat 8", Purpose.DEFEAT, table.top("Armory")),
              "Reveal Bolas", "Discard Bolas", "Recharge Bolas instead")
    assert table.cards(harsk, ZoneKind.DECK) == [*FILLER, "Bolas"] and table.cards(harsk, ZoneKind.DISCARD) == []


@pytest.mark.rule("CHK-05")
def test_demonslayer_uses_his_survival_on_a_knowledge_check_against_a_monster() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    harsk = table.character("Harsk", at="Armory", feats=feats("Demonslayer", 3, "Survival"))
    table.dice(8, 1)
    [result] = table.run(attempt_checks(table.game, harsk, "Knowledge 9", Purpose.OTHER, table.top("Armory")),
                         "Use Harsk's power")
    assert result.success and result.skill == "Survival" and result.total == 8 + 2 + 1  # and the Rat's 1d4


@pytest.mark.rule("TURN-04")
def test_demonslayer_explores_again_when_he_defeats_a_demon_on_his_first_exploration() -> None:
    table = Table()
    table.location("Armory", ["Demonling", "Mace"])
    harsk = table.character("Harsk", at="Armory", feats=Feats(role="Demonslayer", powers={(5, "explore"), (1, "2d6")}))
    table.game.turn = TurnState(harsk)
    table.game.turn.explorations, table.game.turn.exploring = 1, True
    table.dice(8, 6, 6, 6)  # Wisdom 6 before acting, then Strength and 2d6 against the Demon
    outcome = table.run(encounter(table.game, harsk, table.top("Armory")), "Wisdom", "Strength",
                        "Use Harsk's power", "Don't")
    assert outcome == "defeated"
    assert table.game.turn.extra_exploration


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("box", "bonus"), [(("help",), 0), (("help", "+1"), 1)])
def test_demonslayer_recharges_a_card_to_add_1d4_to_another_characters_check_against_a_demon(
        box: tuple[str, ...], bonus: int) -> None:
    table = Table()
    harsk = table.character("Harsk", at="Laboratory", hand=["Codex"], feats=feats("Demonslayer", 6, box))
    kyra = table.character("Kyra", at="Armory")
    table.dice(2, 3)
    result = table.check(kyra, "Demonling", "Strength", "Use Harsk's power, recharge Codex")
    assert result.total == 2 + 3 + bonus and table.cards(harsk, ZoneKind.DECK) == ["Codex"]


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize(("index", "box", "timing", "seen"),
                         [(3, ("examine",), Timing.TURN_START, 1), (3, ("examine", "2"), Timing.TURN_START, 2),
                          (4, ("end of turn",), Timing.TURN_END, 2)])
def test_abyssal_walker_examines_the_top_of_his_location_deck_at_the_start_or_end_of_his_turn(
        index: int, box: tuple[str, ...], timing: Timing, seen: int) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace", "Helm"])
    harsk = table.character("Harsk", at="Armory", feats=feats("Abyssal Walker", index, box))
    table.run(play_window(table.window(harsk, timing), [harsk]), "Use Harsk's power")
    assert table.logged("examines the top of Armory's location deck: " + ", ".join(["Dire Rat", "Mace"][:seen]))
    assert not table.logged("Helm") and table.deck("Armory") == ["Dire Rat", "Mace", "Helm"]


@pytest.mark.rule("TURN-03")
def test_abyssal_walker_examines_at_the_end_of_his_turn_then_may_move_to_an_abyssal_location() -> None:
    table = Table(extra_cards=[ABYSSAL_LOCATION])
    table.location("Armory", ["Dire Rat", "Mace"])
    table.location("Laboratory")
    table.location("Rift Edge")
    harsk = table.character("Harsk", at="Armory", feats=feats("Abyssal Walker", 4, ("end of turn", "move")))
    table.run(play_window(table.window(harsk, Timing.TURN_END), [harsk]), "Use Harsk's power", "Move")
    assert harsk.location == "Rift Edge"


@pytest.mark.rule("CLOSE-04")
def test_abyssal_walker_takes_a_boon_from_an_abyssal_location_deck_before_it_is_closed() -> None:
    table = Table(extra_cards=[ABYSSAL_LOCATION])
    table.location("Rift Edge", ["Mace", "Dire Rat"])
    harsk = table.character("Harsk", at="Rift Edge", feats=feats("Abyssal Walker", 5, "acquire"))
    table.game.turn = TurnState(harsk)
    table.run(close_permanently(table.game, harsk, table.game.locations["Rift Edge"]), "Use Harsk's power")
    assert table.cards(harsk, ZoneKind.HAND) == ["Mace"] and table.game.locations["Rift Edge"].closed


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("index", "box", "answer", "hand"),
                         [(6, "ignore", "Use Harsk's power, discard the top card of your deck", ["Codex"]),
                          (7, "hand", "Use Harsk's power, discard Codex", [])])
def test_abyssal_walker_discards_a_card_to_ignore_his_abyssal_locations_powers(
        index: int, box: str, answer: str, hand: list[str]) -> None:
    """The ignore box: the top card of his deck; the hand box: a card from his hand."""
    table = Table(extra_cards=[ABYSSAL_LOCATION])
    table.location("Rift Edge")
    harsk = table.character("Harsk", at="Rift Edge", hand=["Codex"], deck=["Mace"],
                            feats=feats("Abyssal Walker", index, box))
    table.run(play_window(table.window(harsk, Timing.ANY_TIME), [harsk]), answer)
    assert table.game.turn is not None and table.game.turn.ignore_location_powers
    assert table.cards(harsk, ZoneKind.HAND) == hand and len(table.cards(harsk, ZoneKind.DISCARD)) == 1
