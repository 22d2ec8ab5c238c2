"""Encountering a card, damage, death, examining, summoning and closing (rulebook pages 10-17)."""

from __future__ import annotations

import pytest

from pacg.cards.powers import SERVITOR_DEMON, CardFilter, Purpose, Timing
from pacg.engine.box import random_cards_from_box
from pacg.engine.check import attempt_checks
from pacg.engine.closing import attempt_to_close
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import ScenarioOver, TurnEnded, TurnState
from pacg.engine.summon import summon_and_build, summon_and_encounter
from pacg.engine.turn import take_turn
from pacg.engine.window import resolve
from pacg.engine.zones import ZoneKind, box
from table import RADIANT_BLADE, Table, card, kind_of, shuffled

ORDERLY = card("""
name: Orderly Fiend
type: monster
set: B
traits: [Demon, Mythic]
provenance: standin
notes: A test card with a power at every step of an encounter.
check_to_defeat: Combat 5
powers:
- {when: on encounter, optional: false, effects: [{deal_damage: 1}]}
- {when: before acting, optional: false, effects: [{deal_damage: 2}]}
- {when: after acting, optional: false, effects: [{deal_damage: 3}]}
""")

WALL = card("""
name: Endless Wall
type: barrier
set: B
provenance: standin
notes: A test card whose check is None.
check_to_defeat: None
""")

AMBUSH = card("""
name: Ambush
type: barrier
set: B
traits: [Trap]
provenance: standin
notes: A test card that ends your turn before you act, and one that is left face up.
check_to_defeat: Dexterity 4
powers:
- {when: before acting, optional: false, effects: [{end_turn: true}]}
""")

TASK = card("""
name: Standing Task
type: barrier
set: B
traits: [Task]
provenance: standin
notes: A test card left face up on its deck when undefeated.
check_to_defeat: Wisdom 30
powers:
- {when: undefeated, optional: false, effects: [{place_encountered: face up}]}
""")

TEST_CARDS = [ORDERLY, WALL, AMBUSH, TASK]



@pytest.mark.rule("ENC-04")
@pytest.mark.rule("ENC-08")
def test_the_steps_of_an_encounter_come_in_order_and_a_mythic_bane_gives_a_charge() -> None:
    table = Table(extra_cards=TEST_CARDS)
    table.location("Armory", ["Orderly Fiend"])
    seelah = table.character("Seelah", at="Armory", hand=["Longsword", "Mace", "Helm", "Cure", "Codex", "Frog",
                                                         "Recruit"])
    table.dice(8)
    answers = ["Discard"] * 3 + ["Melee"] + ["Discard"] * 3
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), *answers)
    assert outcome == "defeated"
    damage = [line for line in table.game.log if "is dealt" in line]
    assert damage == [f"Seelah is dealt {n} Combat damage" for n in (1, 2, 3)], "on encounter, before, after acting"
    log = table.game.log
    assert log.index("Seelah is dealt 2 Combat damage") < next(i for i, line in enumerate(log) if "succeeded" in line)
    assert seelah.mythic_charges == 1


@pytest.mark.rule("ENC-05")
@pytest.mark.rule("KEEP-02")
def test_evading_shuffles_the_card_back_and_only_the_encountering_character_may_evade() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    harsk = table.character("Harsk", at="Armory")
    kyra = table.character("Kyra", at="Armory")
    rat = table.top("Armory")
    assert table.run(encounter(table.game, harsk, rat), "Use Harsk's power: evade") == "evaded"
    assert sorted(table.deck("Armory")) == ["Dire Rat", "Mace"]
    assert "Harsk evades Dire Rat" in table.game.log
    assert shuffled(lambda seed: _evaded_rat_place(seed)), "an evaded card is shuffled back in, not put on top"
    table.dice(1)
    table.run(encounter(table.game, kyra, rat), "Strength")
    offered = [o.label for d in table.decisions if d.player == "Harsk" for o in d.options]
    assert not [label for label in offered if "evade" in label], "Harsk can't evade a card Kyra encounters"


def _evaded_rat_place(seed: int) -> int:
    """Where the Dire Rat Harsk evades ends up in a deck of five."""
    table = Table(seed=seed)
    table.location("Armory", ["Dire Rat", "Mace", "Javelin", "Helm", "Codex"])
    harsk = table.character("Harsk", at="Armory")
    table.run(encounter(table.game, harsk, table.top("Armory")), "Use Harsk's power: evade")
    return table.deck("Armory").index("Dire Rat")


@pytest.mark.rule("ENC-06")
def test_a_bane_whose_check_is_none_cant_be_defeated() -> None:
    table = Table(extra_cards=TEST_CARDS)
    table.location("Armory", ["Endless Wall"])
    kyra = table.character("Kyra", at="Armory")
    assert table.run(encounter(table.game, kyra, table.top("Armory"))) == "undefeated"
    assert table.deck("Armory") == ["Endless Wall"]
    assert not [d for d in table.decisions if kind_of(d) == "skill"], "nothing to roll"


def _place_of_the_ambush(seed: int) -> int:
    table = Table(extra_cards=TEST_CARDS, seed=seed)
    table.location("Armory", ["Ambush", "Mace", "Javelin", "Helm", "Codex"])
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", deck=["Cure", "Frog", "Recruit", "Longsword", "Mace", "Scythe"])
    table.run(take_turn(table.game, kyra), "Explore Armory")
    return table.deck("Armory").index("Ambush")


@pytest.mark.rule("ENC-09")
@pytest.mark.rule("TURN-08")
def test_a_forced_end_of_turn_shuffles_the_card_back_and_still_resets_the_hand() -> None:
    table = Table(extra_cards=TEST_CARDS)
    table.location("Armory", ["Ambush", "Mace"])
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", deck=["Cure", "Codex", "Frog", "Recruit", "Helm", "Longsword"])
    kyra.mythic_charges = 2
    table.run(take_turn(table.game, kyra), "Explore Armory")
    assert sorted(table.deck("Armory")) == ["Ambush", "Mace"], "neither defeated nor undefeated: shuffled back"
    assert shuffled(_place_of_the_ambush)
    assert not [d for d in table.decisions if kind_of(d) == "skill"]
    assert len(table.cards(kyra, ZoneKind.HAND)) == kyra.hand_size, "the turn still ends with a reset hand"
    assert kyra.mythic_charges == 0, "charges above the adventure deck number are lost at the end of the turn"


@pytest.mark.rule("ENC-10")
def test_a_face_up_card_is_encountered_first_on_the_first_exploration_and_ignored_after() -> None:
    table = Table(extra_cards=TEST_CARDS)
    table.location("Armory", ["Standing Task", "Mace", "Javelin"])
    table.blessings("Blessing of Ascension", "Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"],
                           deck=["Cure", "Codex", "Frog", "Recruit", "Helm", "Longsword", "Heavy Pick"])
    table.dice(1)
    table.run(take_turn(table.game, kyra), "Explore Armory", "End exploring", "Done discarding")
    task = table.game.locations["Armory"]
    assert table.deck("Armory")[0] == "Standing Task" and task.face_up, "left face up on top"
    # Next turn: the first exploration meets the task; the second ignores it and flips the next card.
    table.dice(1)
    table.run(take_turn(table.game, kyra), "Explore Armory", "Discard Blessing of Ascension: explore",
              "Let", "End exploring", "Done discarding")
    encountered = [line for line in table.game.log if "encounters" in line]
    assert encountered[-2:] == ["Kyra encounters Standing Task", "Kyra encounters Mace"]


@pytest.mark.rule("DMG-01")
@pytest.mark.rule("ARMOR-01")
def test_armor_reduces_only_the_damage_types_it_names_one_card_of_each_type_per_player() -> None:
    table = Table()
    table.location("Armory")
    seelah = table.character("Seelah", at="Armory", hand=["Leather Armor", "Hide Armor", "Mace", "Helm", "Cure",
                                                         "Codex"])
    table.run(take_damage(table.game, seelah, 2, "Fire"), "Discard Mace", "Discard Helm")
    fire = [o.label for o in table.decisions[0].options]
    assert not [label for label in fire if label.startswith("Recharge")], "no Combat-only armor against Fire damage"
    assert [label for label in fire if "reduce all damage" in label], "armor against all damage still applies"
    table.run(take_damage(table.game, seelah, 2, "Combat"), "Recharge Leather Armor", "Discard Hide")
    assert table.cards(seelah, ZoneKind.HAND) == ["Cure", "Codex"]
    reducing = table.decisions[0]
    assert [o.label.split(":")[0] for o in reducing.options][:3] == ["Done", "Recharge Leather Armor",
                                                                    "Bury Leather Armor"]
    assert not [o for o in table.decisions[1].options if "Hide Armor:" in o.label], "one armor per damage"
    assert "The damage to Seelah is reduced to 1" in table.game.log


@pytest.mark.rule("DEATH-01")
@pytest.mark.rule("DEATH-02")
@pytest.mark.rule("RESET-01")
def test_drawing_from_a_deck_too_small_kills_and_with_everyone_dead_the_scenario_is_lost() -> None:
    table = Table()
    table.location("Armory")
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], deck=["Codex"], discard=["Mace"])
    with pytest.raises(ScenarioOver) as over:
        table.run(take_turn(table.game, kyra), "Don't try", "Done discarding")
    assert (over.value.result, over.value.reason) == ("lost", "every character is dead")
    assert not kyra.alive
    assert "Kyra dies: having to draw 4 cards from a deck of 1 (DEATH-01)" in table.game.log  # hand size 5
    assert sorted(table.cards(kyra, ZoneKind.BURIED)) == ["Codex", "Cure", "Mace"]
    assert table.cards(kyra, ZoneKind.HAND) == table.cards(kyra, ZoneKind.DISCARD) == []


@pytest.mark.rule("DEATH-01")
def test_a_dead_character_takes_no_more_turns_and_plays_nothing() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    table.blessings("Blessing of Ascension", "Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", deck=["Codex"])
    harsk = table.character("Harsk", at="Armory", hand=["Blessing of Ascension"], deck=["Mace"] * 0)
    table.run(take_turn(table.game, kyra), "End exploring")
    assert not kyra.alive and harsk.alive
    table.dice(1, 1)
    table.run(encounter(table.game, harsk, table.top("Armory")), "Dexterity")
    assert not [d for d in table.decisions if d.player == "Kyra"]


@pytest.mark.rule("EXAM-01")
@pytest.mark.rule("EXAM-02")
@pytest.mark.rule("PLAY-09")
def test_examining_puts_cards_back_in_order_and_searching_shuffles_the_deck() -> None:
    from pacg.cards.powers import ExamineDeck, MoveCards

    table = Table()
    table.location("Armory", ["Mace", "Javelin", "Dire Rat"])
    kyra = table.character("Kyra", at="Armory", deck=["Cure", "Longsword", "Codex", "Frog", "Helm"])
    step = Step(game=table.game, checker=kyra, timing=Timing.ANY_TIME)
    table.run(resolve(step, [ExamineDeck(examine_deck=2)], kyra))
    assert table.deck("Armory") == ["Mace", "Javelin", "Dire Rat"]
    assert "Kyra examines the top of Armory's location deck: Mace, Javelin" in table.game.log[-1]
    table.run(resolve(step, [MoveCards(move_cards="hand", source="deck", cards=CardFilter(types=["weapon"]))], kyra))
    assert table.cards(kyra, ZoneKind.HAND) == ["Longsword"]
    orders = set()
    for _ in range(8):
        table.run(resolve(step, [MoveCards(move_cards="hand", source="deck", cards=CardFilter(types=["armor"]))],
                          kyra))
        table.game.zones.move(table.game.zones.cards(kyra.hand)[0], kyra.deck)
        orders.add(tuple(table.cards(kyra, ZoneKind.DECK)))
    assert len(orders) > 1, "a searched deck is shuffled"


@pytest.mark.rule("SUM-01")
@pytest.mark.rule("SUM-02")
@pytest.mark.rule("SUM-07")
def test_the_servitor_demon_is_summoned_from_the_box_and_goes_back_after_the_encounter() -> None:
    table = Table()
    table.location("Armory", ["Mace"])
    seelah = table.character("Seelah", at="Armory", hand=["Cure", "Codex"])
    in_box = len(table.game.zones.cards(box("henchman")))
    table.dice(4, 8)  # Wisdom 1d4 against 6 fails: the difficulty rises to 11; Melee 1d8+3 rolls 11
    outcome = table.run(summon_and_encounter(table.game, seelah, SERVITOR_DEMON), "Wisdom", "Melee")
    assert outcome == "defeated"
    assert "Seelah summons Demonling" in table.game.log
    assert "Seelah succeeded at Melee 1d8+3 against 11: rolled 11" in table.game.log
    assert len(table.game.zones.cards(box("henchman"))) == in_box
    assert not [d for d in table.decisions if kind_of(d) == "close"], "a summoned henchman closes nothing (SUM-02)"
    assert table.deck("Armory") == ["Mace"]


@pytest.mark.rule("SUM-01")
def test_a_card_in_play_is_summoned_as_a_copy_that_vanishes() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory", hand=["Cure"])
    total = table.game.zones.total
    table.dice(8)
    assert table.run(summon_and_encounter(table.game, seelah, "Dire Rat"), "Melee") == "defeated"
    assert table.game.zones.total == total
    assert table.deck("Armory") == ["Dire Rat"]


@pytest.mark.rule("SUM-04")
def test_summoning_and_building_a_location_builds_it_once_for_the_rest_of_the_scenario() -> None:
    table = Table()
    table.location("Armory")
    kyra = table.character("Kyra", at="Armory")
    summon_and_build(table.game, kyra, "Watchtower")
    watchtower = table.game.locations["Watchtower"]
    deck = table.deck("Watchtower")
    assert len(deck) == sum(watchtower.card.deck.values())
    summon_and_build(table.game, kyra, "Watchtower")
    assert table.game.locations["Watchtower"] is watchtower and table.deck("Watchtower") == deck, "already built"


def _place_of_the_blessing(seed: int) -> int:
    table = Table(seed=seed)
    table.location("Armory", ["Cultist of Baphomet", "Mace", "Javelin", "Helm"])
    table.blessings("Blessing of Abadar")
    kyra = table.character("Kyra", at="Armory", hand=["Cure", "Codex"])
    table.game.turn = TurnState(kyra, explorations=2)
    table.dice(1)
    table.run(encounter(table.game, kyra, table.top("Armory")), "Strength")
    return table.deck("Armory").index("Blessing of Abadar")


@pytest.mark.rule("SUM-05")
@pytest.mark.rule("END-01")
def test_an_undefeated_cultist_shuffles_the_top_blessing_into_the_location_deck() -> None:
    table = Table()
    table.location("Armory", ["Cultist of Baphomet", "Mace", "Javelin", "Helm"])
    table.blessings("Blessing of Abadar")
    kyra = table.character("Kyra", at="Armory", hand=["Cure", "Codex"])
    table.game.turn = TurnState(kyra, explorations=2)
    table.dice(1)
    table.run(encounter(table.game, kyra, table.top("Armory")), "Strength")
    assert sorted(table.deck("Armory")) == ["Blessing of Abadar", "Cultist of Baphomet", "Helm", "Javelin", "Mace"]
    assert shuffled(_place_of_the_blessing), "the blessing is shuffled in, not put on top or at the bottom"
    with pytest.raises(ScenarioOver, match="empty blessings deck"):
        table.dice(1)
        cultist = next(c for c in table.game.zones.cards(table.game.locations["Armory"].deck)
                       if c.name == "Cultist of Baphomet")
        table.run(encounter(table.game, kyra, cultist), "Strength")


@pytest.mark.rule("SUM-06")
@pytest.mark.rule("END-02")
@pytest.mark.rule("GOLD-04")
def test_a_random_card_with_a_requirement_and_too_few_cards_use_what_there_is() -> None:
    from pacg.cards.powers import DrawRandom

    table = Table()
    table.location("Armory")
    kyra = table.character("Kyra", at="Armory")
    step = Step(game=table.game, checker=kyra, timing=Timing.ANY_TIME)
    table.run(resolve(step, [DrawRandom(draw_random=CardFilter(types=["weapon"], traits=["Bow"]), count=9)], kyra))
    drawn = [table.game.library.get(name) for name in table.cards(kyra, ZoneKind.HAND)]
    assert drawn and all("Bow" in c.traits and c.type == "weapon" for c in drawn)
    bows = sum(c.copies for c in table.game.library.of_type("weapon") if "Bow" in c.traits)
    assert len(drawn) == min(9, bows)
    table.run(resolve(step, [DrawRandom(draw_random=CardFilter(types=["weapon"], traits=["Vermin"]))], kyra))
    assert len(table.cards(kyra, ZoneKind.HAND)) == len(drawn), "an impossible draw is ignored"


@pytest.mark.rule("LOOT-01")
def test_loot_found_in_a_location_deck_is_acquired_automatically() -> None:
    """Loot has no check to acquire: encountered in a location deck, it goes into the hand with no check and no
    choice to let it go, where the weapon under it asks whether to attempt its check."""
    table = Table(extra_cards=[RADIANT_BLADE])
    table.location("Armory", ["Radiant Blade", "Longsword"])
    kyra = table.character("Kyra", at="Armory")
    assert table.run(encounter(table.game, kyra, table.top("Armory")), strict=True) == "acquired"
    assert table.decisions == [], "nothing is asked"
    assert table.cards(kyra, ZoneKind.HAND) == ["Radiant Blade"] and table.deck("Armory") == ["Longsword"]
    assert table.run(encounter(table.game, kyra, table.top("Armory")), "Let Longsword go") == "not acquired"
    assert [kind_of(decision) for decision in table.decisions] == ["acquire"]


@pytest.mark.rule("LOOT-01")
@pytest.mark.rule("SET-03")
def test_loot_is_never_drawn_as_a_random_boon_of_the_type_it_lists() -> None:
    """Loot is given out only as a reward: it has a place of its own in the box, so a random weapon from the box
    (to summon, to draw, to deal into a location deck) is never the loot that acts as a weapon."""
    table = Table(extra_cards=[RADIANT_BLADE])
    weapons = random_cards_from_box(table.game, CardFilter(types=["weapon"]), 1000)
    assert len(weapons) == sum(card.copies for card in table.game.library.of_type("weapon"))
    assert "Radiant Blade" not in [weapon.name for weapon in weapons]
    assert [loot.name for loot in table.game.zones.cards(box("loot"))] == ["Radiant Blade"]


@pytest.mark.rule("CLOSE-03")
def test_meeting_the_requirement_with_a_villain_in_the_deck_banishes_the_rest_and_stays_open() -> None:
    table = Table()
    table.location("Sacristy", ["Mace", "Sophini", "Helm"])
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Blessing of Ascension"])
    assert table.run(attempt_to_close(table.game, imrijka, table.game.locations["Sacristy"]), "Close Sacristy: discard")
    assert table.deck("Sacristy") == ["Sophini"]
    assert not table.game.locations["Sacristy"].closed


@pytest.mark.rule("KEEP-06")
def test_a_closing_choice_is_final_a_failed_check_cant_be_paid_for_afterwards() -> None:
    table = Table()
    table.location("Sacristy")
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Blessing of Ascension"])
    table.dice(1)
    met = table.run(attempt_to_close(table.game, imrijka, table.game.locations["Sacristy"]),
                    "Close Sacristy: succeed")
    assert not met and not table.game.locations["Sacristy"].closed
    assert table.cards(imrijka, ZoneKind.HAND) == ["Blessing of Ascension"]
    assert [d.kind for d in table.decisions].count("close") == 1


@pytest.mark.rule("GOLD-02")
@pytest.mark.rule("GOLD-03")
def test_the_location_wins_over_the_character_and_an_ignored_location_has_no_effect() -> None:
    from pacg.cards.powers import Purpose
    from pacg.engine.check import attempt_checks

    die_d12 = card("""
name: Die Hall
type: location
set: B
provenance: standin
notes: A test location that sets the die of checks to acquire.
deck: {}
at_this_location:
- {when: check, optional: false, if: {purpose: [acquire]}, effects: [{replace_die: 12}]}
when_closing: [{automatic: true}]
""")
    table = Table(extra_cards=[die_d12])
    table.location("Die Hall")
    enora = table.character("Enora", at="Die Hall")
    powers = [power for power, _, _ in __import__("pacg.engine.playing", fromlist=["x"]).standing_powers(
        Step(game=table.game, checker=enora, timing=Timing.CHECK))]
    assert powers[-1] is die_d12.at_this_location[0], "the location's paragraph comes after the character's"
    table.dice(12)
    [result] = table.run(attempt_checks(table.game, enora, "Strength 10", Purpose.ACQUIRE), "Strength")
    assert str(result.pool) == "1d12"
    table.game.turn = TurnState(enora, ignore_location_powers=True)
    table.dice(6)
    [result] = table.run(attempt_checks(table.game, enora, "Strength 10", Purpose.ACQUIRE), "Strength")
    assert str(result.pool) == "1d6", "an ignored power never has any effect"


def test_ending_the_turn_outside_ones_own_turn_does_nothing() -> None:
    table = Table(extra_cards=TEST_CARDS)
    table.location("Armory", ["Ambush"])
    kyra = table.character("Kyra", at="Armory", hand=["Cure"])
    try:
        table.run(encounter(table.game, kyra, table.top("Armory")), "Dexterity")
    except TurnEnded:  # pragma: no cover - the assertion below explains
        pytest.fail("no turn is under way, so none can end")


@pytest.mark.rule("TURN-05")
def test_fiery_glare_banishes_the_boon_encountered_and_explores_again() -> None:
    table = Table()
    table.location("Armory", ["Mace", "Javelin"])
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Fiery Glare"],
                           deck=["Codex", "Frog", "Recruit", "Helm", "Bolas", "Cure"])
    weapons = len(table.game.zones.cards(box("weapon")))
    table.dice(10)
    table.run(take_turn(table.game, kyra), "Explore Armory", "Discard Fiery Glare", "Divine",
              "Explore again", "Let Javelin go", "Don't try")
    assert "Mace is banished" in table.game.log
    assert not [d for d in table.decisions if kind_of(d) == "acquire" and "Mace" in d.prompt], "no check for it"
    assert "Kyra encounters Javelin" in table.game.log
    assert len(table.game.zones.cards(box("weapon"))) == weapons + 2


@pytest.mark.rule("GOLD-03")
def test_a_card_that_cant_be_evaded_beats_a_power_that_evades() -> None:
    stubborn = card("""
name: Stubborn Boar
type: monster
set: B
traits: [Animal]
provenance: standin
notes: A test card that can't be evaded.
check_to_defeat: Combat 6
powers:
- {when: evasion, optional: false, effects: [{cannot_evade: true}]}
""")
    table = Table(extra_cards=[stubborn])
    table.location("Armory", ["Stubborn Boar"])
    harsk = table.character("Harsk", at="Armory", hand=["Cure"])
    table.dice(6, 4)
    assert table.run(encounter(table.game, harsk, table.top("Armory")), "Strength") == "defeated"
    offered = [o.label for d in table.decisions for o in d.options]
    assert not [label for label in offered if "evade" in label], "Harsk may evade Animals, but not this one"



@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("others", "evadable"), [(3, True), (4, False)])
def test_a_bane_s_highest_difficulty_counts_the_location_s_changes(others: int, evadable: bool) -> None:
    """At the Abattoir the difficulty to defeat is increased by the number of characters: with 4 a Dire Rat's
    highest difficulty is Combat 8 + 4 = 12 and Bolas may evade it; with 5 it is 13, and Bolas may not."""
    table = Table()
    table.location("Abattoir", ["Dire Rat"])
    harsk = table.character("Harsk", at="Abattoir", hand=["Bolas"])
    for name in ["Kyra", "Seelah", "Enora", "Alain"][:others]:
        table.character(name, at="Armory")
    table.dice(1)
    table.run(encounter(table.game, harsk, table.top("Abattoir")), "Strength")
    assert table.offered("Discard Bolas", kind="evasion") == evadable


@pytest.mark.rule("CHK-08")
@pytest.mark.parametrize(("adventure", "defeatable"), [(2, True), (3, False)])
def test_a_bane_s_highest_difficulty_counts_its_own_changes(adventure: int, defeatable: bool) -> None:
    """A Spiked Pit Trap's difficulty is increased by the adventure deck number: its highest is Dexterity 8 +
    AD, so Trapsmith Gloves (a Trap whose highest difficulty is 10 or less) defeat it in adventure 2, not 3."""
    table = Table(adventure_deck_number=adventure)
    table.location("Armory", ["Spiked Pit Trap"])
    kyra = table.character("Kyra", at="Armory", hand=["Trapsmith Gloves"], deck=["Cure", "Codex"])
    table.dice(12)
    table.run(encounter(table.game, kyra, table.top("Armory")), "Wisdom")
    assert table.offered("Discard Trapsmith Gloves", kind="before acting") == defeatable


@pytest.mark.rule("DEATH-01")
@pytest.mark.parametrize(("deck", "alive"), [(["Codex", "Frog", "Recruit"], True), ([], False)])
def test_a_bane_that_makes_you_discard_your_top_card_kills_you_when_your_deck_is_empty(
    deck: list[str], alive: bool
) -> None:
    """Before you act, the Carrion Golem has you discard the top card of your deck: with a card there, Kyra
    discards it (and fails her check, then discards 2 more as the Golem is undefeated); with her deck empty she
    dies, and her turn ends with the encounter."""
    table = Table()
    table.location("Armory", ["Carrion Golem"])
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], deck=deck)
    harsk = table.character("Harsk", at="Armory")
    table.game.turn = TurnState(kyra)
    table.dice(1)
    if alive:
        table.run(encounter(table.game, kyra, table.top("Armory")), "Strength")
        assert table.cards(kyra, ZoneKind.DISCARD) == ["Recruit", "Frog", "Cure", "Codex"]
    else:
        with pytest.raises(TurnEnded):
            table.run(encounter(table.game, kyra, table.top("Armory")))
        assert table.cards(kyra, ZoneKind.BURIED) == ["Cure"]
        assert table.deck("Armory") == ["Carrion Golem"]
        assert "Kyra dies: having to discard a card from an empty deck (DEATH-01)" in table.game.log
    assert kyra.alive == alive and harsk.alive


@pytest.mark.rule("DEATH-01")
def test_a_cost_from_the_top_of_an_empty_deck_cant_be_chosen() -> None:
    """Seelah may discard the top card of her deck to add 1d6 to a local check: with her deck empty, she may
    not, and doesn't die of it."""
    table = Table()
    seelah = table.character("Seelah", at="Armory", deck=["Codex"])
    table.dice(1, 1)
    table.run(attempt_checks(table.game, seelah, "Wisdom 20", Purpose.OTHER), "Wisdom", "Use Seelah's power")
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Codex"]
    table.dice(1)
    table.run(attempt_checks(table.game, seelah, "Wisdom 20", Purpose.OTHER), "Wisdom")
    offered = [o.label for d in table.decisions for o in d.options]
    assert not [label for label in offered if label.startswith("Use Seelah's power")] and seelah.alive


@pytest.mark.rule("SUM-02")
def test_several_characters_summon_and_encounter_in_the_order_the_player_chooses() -> None:
    """ "If an effect causes multiple characters to summon and encounter cards, resolve the encounters
    sequentially in any order you like": Seelah's power has each local character summon a Dire Rat, and she
    has Harsk go first. Alone, she isn't asked."""
    from pacg.cards.powers import Summon

    table = Table()
    seelah = table.character("Seelah", at="Armory")
    harsk = table.character("Harsk", at="Armory")
    each_local = Summon.model_validate({"summon": "Dire Rat", "who": "each local"})
    step = Step(game=table.game, checker=seelah, timing=Timing.ON_ENCOUNTER)
    table.run(resolve(step, [each_local], seelah), "Harsk", "Strength", "Strength")
    order = next(d for d in table.decisions if kind_of(d) == "order")
    assert (order.player, [o.label for o in order.options]) == ("Seelah", ["Seelah", "Harsk"])
    summons = [line for line in table.game.log if "summons Dire Rat" in line]
    assert summons == ["Harsk summons Dire Rat", "Seelah summons Dire Rat"]
    harsk.location = "Watchtower"
    table.run(resolve(step, [each_local], seelah), "Strength")
    assert not [d for d in table.decisions if kind_of(d) == "order"]


@pytest.mark.rule("DMG-01")
@pytest.mark.rule("ENC-03")
def test_the_damage_a_monster_s_power_deals_is_dealt_by_the_monster() -> None:
    """The Orderly Fiend deals 1 damage when encountered: Mirror Image, for damage a monster deals, may
    reduce it to 0."""
    table = Table(extra_cards=TEST_CARDS)
    table.location("Armory", ["Orderly Fiend"])
    seelah = table.character("Seelah", at="Armory", hand=["Mirror Image", "Mace", "Helm", "Longsword"])
    table.dice(2, 8)  # Mirror Image's d4; then, after 2 damage before acting, Strength 1d8 against Combat 5
    table.run(encounter(table.game, seelah, table.top("Armory")), "Discard Mirror Image", "Discard Mace",
              "Discard Helm", "Strength")
    assert "The damage to Seelah is reduced to 0" in table.game.log


@pytest.mark.rule("ENC-03")
def test_no_card_with_a_trait_the_monster_is_immune_to_reduces_its_damage() -> None:
    """ "Players may not play cards with the specified trait ... during the encounter": the damage a
    Magic-immune monster deals can't be reduced by Magic Padded Armor."""
    warded = card("""
name: Warded Fiend
type: monster
set: B
traits: [Demon]
provenance: standin
notes: A test card immune to Magic that deals damage when encountered.
check_to_defeat: Combat 5
immunities: [Magic]
powers:
- {when: on encounter, optional: false, effects: [{deal_damage: 1}]}
""")
    table = Table(extra_cards=[warded])
    table.location("Armory", ["Warded Fiend"])
    seelah = table.character("Seelah", at="Armory", hand=["Magic Padded Armor", "Mace"])
    table.dice(8)
    table.run(encounter(table.game, seelah, table.top("Armory")), "Discard Mace", "Strength")
    assert not [d for d in table.decisions if kind_of(d) == "damage"], "the armor may not be played"
    assert table.cards(seelah, ZoneKind.HAND) == ["Magic Padded Armor"]
