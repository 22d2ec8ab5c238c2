"""The kinds of paragraph the power language keeps apart, each shown working on a real table (DESIGN.md 2):

- a boon's paragraph that is not a power happens whenever the card is played (PLAY-10);
- a displayed card's paragraphs work while it is displayed, for the character it is next to, and its
  paragraphs for the end of the turn happen then (PLAY-04: "the card's powers function until it's discarded");
- a power that lifts the one-card-of-each-type limit works whichever card of the type came first (ENC-02);
- a cohort's "put this card on top of your deck" is its action (PLAY-01);
- conditions on the step a check happens in ("for checks before you act");
- another character may take over an encounter when a power says so (an exception to KEEP-02);
- the summoned encounters of a Skirmish barrier decide whether it is defeated (ENC-06);
- effects for each character, and characters named the same way by every effect;
- the powers read as you set up, and a won scenario's reward (END-03).
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import CardFilter, Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.filters import matches
from pacg.engine.playing import Step
from pacg.engine.scenario import give_reward
from pacg.engine.setup import apply_setup_powers
from pacg.engine.state import Feats, TurnState
from pacg.engine.turn import end_turn, reset_hand
from pacg.engine.zones import ZoneKind, box
from table import RADIANT_BLADE, Table, card, glaring_fiend, kind_of
from table import library as table_library

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of




# --- a boon's paragraphs that happen whenever it is played (PLAY-10) ---


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("name", "difficulty"), [("Enora", 12), ("Harsk", 8)])
def test_a_weapons_paragraph_for_characters_not_proficient_applies_whenever_it_is_played(
    name: str, difficulty: int
) -> None:
    """The Scythe: "if you are not proficient with weapons, the difficulty is increased by 4". Enora isn't
    proficient: the Dire Rat's Combat 8 becomes 12 once she reveals it, and stays 12 when she also discards it
    (the paragraph happens once a check, PLAY-02); Harsk is proficient."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    character = table.character(name, at="Armory", hand=["Scythe"])
    table.dice(1, 1, 1, 1, 1)
    results = table.run(attempt_checks(table.game, character, "Combat 8", Purpose.DEFEAT, table.top("Armory")),
                        "Reveal Scythe", "Discard Scythe")
    assert results[0].difficulty == difficulty
    assert str(results[0].pool).count("d4") >= 1 and table.cards(character, ZoneKind.DISCARD) == ["Scythe"]


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("bane", "dice"), [("Worm Demon", 2), ("Dire Rat", 1)])
def test_a_paragraph_of_a_played_card_adds_its_die_only_against_what_it_names(bane: str, dice: int) -> None:
    """Holy Water Grenade: discard it for the combat check to add 1d6, and another 1d6 against a Demon."""
    table = Table()
    table.location("Armory", [bane])
    kyra = table.character("Kyra", at="Armory", hand=["Holy Water Grenade"])
    table.dice(*[1] * 6)
    results = table.run(attempt_checks(table.game, kyra, "Combat 10", Purpose.DEFEAT, table.top("Armory")),
                        "Discard Holy Water Grenade")
    assert results[0].pool.dice.count(6) == dice


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("name", "on_top"), [("Harsk", True), ("Enora", False)])
def test_bolas_puts_an_undefeated_monster_on_top_of_its_deck_if_you_are_proficient(name: str, on_top: bool) -> None:
    """Bolas: if you are proficient with weapons and fail against a monster that isn't a villain, it goes on
    top of its deck instead of being shuffled in (Enora isn't proficient: the Dire Rat is shuffled in)."""
    table = Table()
    table.location("Armory", ["Dire Rat", *FILLER * 10])
    character = table.character(name, at="Armory", hand=["Bolas"])
    rat = table.top("Armory")
    table.dice(*[1] * 8)
    outcome = table.run(encounter(table.game, character, rat), "Reveal Bolas")
    assert outcome == "undefeated"
    assert (table.top("Armory") is rat) == on_top


def test_a_filter_can_exclude_a_type_a_card_counts_as() -> None:
    """A villain counts as a monster (BANE-01), but not as "a monster that isn't a villain"."""
    table = Table()
    non_villain = CardFilter(types=["monster"], not_types=["villain"])
    assert matches(table.card("Dire Rat"), non_villain) and not matches(table.card("Sophini"), non_villain)


# --- displayed cards (PLAY-04) ---


@pytest.mark.rule("PLAY-04")
def test_a_spell_displayed_next_to_another_character_adds_to_all_their_dexterity_checks_until_the_turn_ends() -> None:
    """Agility, displayed by Balazar on Kyra's Dexterity check: +3 on that check and on her next one, none on
    Balazar's own; at the end of the turn Balazar attempts Arcane or Divine 8 to recharge it."""
    table = Table()
    kyra = table.character("Kyra", at="Armory", deck=FILLER * 5)
    balazar = table.character("Balazar", at="Laboratory", hand=["Agility"], deck=["Frog"])
    table.game.turn = TurnState(kyra)
    table.dice(2)
    first = table.run(attempt_checks(table.game, kyra, "Dexterity 10", Purpose.OTHER), "Dexterity", "Display Agility")
    assert first[0].total == 2 + 3 and table.cards(balazar, ZoneKind.DISPLAYED) == ["Agility"]
    table.dice(2)
    second = table.run(attempt_checks(table.game, kyra, "Dexterity 10", Purpose.OTHER), "Dexterity")
    assert second[0].total == 2 + 3
    table.dice(2)
    own = table.run(attempt_checks(table.game, balazar, "Dexterity 10", Purpose.OTHER), "Dexterity")
    assert own[0].total == 2
    table.dice(9)  # Balazar's Arcane is Charisma 1d10+2: 9 + 2 meets 8
    table.run(end_turn(table.game, kyra, forced=True), "Arcane")
    assert table.cards(balazar, ZoneKind.DISPLAYED) == [] and table.cards(balazar, ZoneKind.DECK) == ["Frog", "Agility"]


@pytest.mark.rule("PLAY-04")
def test_a_failed_check_to_recharge_a_displayed_spell_at_the_end_of_the_turn_discards_it() -> None:
    table = Table()
    balazar = table.character("Balazar", at="Laboratory", hand=["Agility"], deck=FILLER * 8)
    table.game.turn = TurnState(balazar)
    table.dice(2)
    table.run(attempt_checks(table.game, balazar, "Dexterity 10", Purpose.OTHER), "Dexterity", "Display Agility")
    table.dice(1)
    table.run(end_turn(table.game, balazar, forced=True), "Arcane")
    assert table.cards(balazar, ZoneKind.DISCARD) == ["Agility"]


@pytest.mark.rule("PLAY-04")
@pytest.mark.rule("DMG-01")
def test_a_potion_displayed_on_damage_keeps_reducing_that_characters_damage_and_is_banished_at_the_end() -> None:
    """Potion of Beast Skin: displayed next to a local character being dealt damage, it reduces Combat damage
    to them by 2 while displayed; at the end of the turn it is banished."""
    table = Table()
    harsk = table.character("Harsk", at="Armory", hand=["Codex", "Frog", "Recruit", "Mace", "Cure"], deck=FILLER)
    kyra = table.character("Kyra", at="Armory", hand=["Potion of Beast Skin"], deck=FILLER)
    table.game.turn = TurnState(harsk)
    in_box = len(table.game.zones.cards(box("item")))
    table.run(take_damage(table.game, harsk, 3, "Combat"), "Display Potion of Beast Skin", "Discard Codex")
    assert len(table.cards(harsk, ZoneKind.HAND)) == 4  # 3 damage, 2 of it reduced
    table.run(take_damage(table.game, harsk, 2, "Combat"))
    assert len(table.cards(harsk, ZoneKind.HAND)) == 4  # the potion is still displayed: 2 reduced to 0
    table.run(take_damage(table.game, kyra, 1, "Combat"))
    assert table.cards(kyra, ZoneKind.HAND) == []  # it is displayed next to Harsk, not Kyra
    table.run(end_turn(table.game, harsk, forced=True), "Done discarding")
    assert table.cards(kyra, ZoneKind.DISPLAYED) == []
    assert len(table.game.zones.cards(box("item"))) == in_box + 1


@pytest.mark.rule("PLAY-01")
def test_a_displayed_cohort_is_used_while_displayed() -> None:
    """Padrig: displayed at any time; while displayed, on Balazar's Strength check without a weapon, he puts a
    card from his hand on top of his deck to add his Arcane skill (Charisma 1d10+2) and the adventure deck
    number."""
    table = Table(adventure_deck_number=1)
    balazar = table.character("Balazar", at="Armory", hand=["Padrig", "Frog"], deck=["Codex"])
    step = Step(game=table.game, checker=balazar, timing=Timing.ANY_TIME)
    from pacg.engine.window import play_window

    table.run(play_window(step, [balazar]), "Display Padrig")
    assert table.cards(balazar, ZoneKind.DISPLAYED) == ["Padrig"]
    table.dice(3, 5)
    results = table.run(attempt_checks(table.game, balazar, "Strength 20", Purpose.OTHER), "Strength",
                        "Use Padrig, put Frog on top of your deck")
    assert results[0].total == 3 + 5 + 2 + 1
    assert table.cards(balazar, ZoneKind.DECK) == ["Frog", "Codex"]


@pytest.mark.rule("PLAY-01")
def test_a_cohort_put_on_top_of_the_deck_adds_its_dice() -> None:
    """Donahan: put him on top of your deck to add 1d8 plus the adventure deck number."""
    table = Table(adventure_deck_number=1)
    alain = table.character("Alain", at="Armory", hand=["Donahan"], deck=["Codex"])
    table.dice(7, 4)
    results = table.run(attempt_checks(table.game, alain, "Strength 20", Purpose.OTHER), "Strength",
                        "Put Donahan on top of your deck")
    assert results[0].total == 7 + 4 + 1 and table.cards(alain, ZoneKind.DECK) == ["Donahan", "Codex"]


@pytest.mark.rule("RESET-01")
@pytest.mark.parametrize(("name", "offered_to"), [("Harsk", True), ("Enora", False)])
def test_a_magic_armor_may_be_recharged_as_its_proficient_owner_resets_the_hand(name: str, offered_to: bool) -> None:
    table = Table()
    character = table.character(name, at="Armory", hand=["Magic Padded Armor"], deck=FILLER * 8)
    table.run(reset_hand(table.game, character), "Recharge Magic Padded Armor" if offered_to else "Done discarding")
    assert table.offered("Recharge Magic Padded Armor") == offered_to
    assert ("Magic Padded Armor" in table.cards(character, ZoneKind.DECK)) == offered_to


# --- the one card of each type, and powers that lift it (ENC-02, BOON-01) ---


@pytest.mark.rule("ENC-02")
@pytest.mark.rule("BOON-01")
def test_a_weapon_that_lifts_the_limit_may_follow_another_weapon() -> None:
    """The rulebook's Example of Play: Alain reveals his Glaive +1, then discards the Corrosive Dagger +1 "on a
    check on which he previously played a weapon" ("normally, playing 2 weapons is not allowed, but the
    Dagger is special"). A Mace still can't follow."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    alain = table.character("Alain", at="Armory", hand=["Glaive +1", "Corrosive Dagger +1", "Mace"])
    table.dice(10, 10, 4, 4)
    results = table.run(attempt_checks(table.game, alain, "Combat 8", Purpose.DEFEAT, table.top("Armory")),
                        "Reveal Glaive +1", "Discard Corrosive Dagger +1")
    assert sorted(results[0].pool.dice) == [4, 10, 10] and results[0].success
    assert table.cards(alain, ZoneKind.DISCARD) == ["Corrosive Dagger +1"]
    plays = [option.label for decision in table.decisions if kind_of(decision) == "check"
             for option in decision.options]
    assert not any(label.startswith("Discard Mace") for label in plays)


@pytest.mark.rule("ENC-02")
@pytest.mark.rule("DMG-01")
def test_an_armor_that_lifts_the_limit_may_follow_another_armor() -> None:
    """The Example of Play: Alain reveals a Helm and recharges his Magic Scale Mail on the same damage; the
    Helm may also come second."""
    table = Table()
    alain = table.character("Alain", at="Armory", hand=["Magic Scale Mail", "Helm", "Codex", "Frog"])
    table.run(take_damage(table.game, alain, 4, "Combat"), "Recharge Magic Scale Mail", "Reveal Helm",
              "Discard Codex")
    assert table.cards(alain, ZoneKind.DISCARD) == ["Codex"]  # 4 - 2 - 1 = 1 card discarded
    assert table.cards(alain, ZoneKind.DECK) == ["Magic Scale Mail"]


# --- conditions on the step a check is attempted in ---


FLASHER = glaring_fiend(wisdom=9)


@pytest.mark.rule("CHK-05")
def test_a_power_for_checks_before_you_act_is_offered_only_then() -> None:
    """Seelah may use her Charisma for checks before she acts, not for the check to defeat."""
    table = Table(extra_cards=[FLASHER])
    table.location("Armory", ["Glaring Fiend"])
    seelah = table.character("Seelah", at="Armory")
    table.dice(9, 1, 1)
    table.run(encounter(table.game, seelah, table.top("Armory")), "Use Seelah's power", "Strength")
    skill_options = [[o.label for o in d.options] for d in table.decisions if kind_of(d) == "skill"]
    assert any(label.startswith("Use Seelah's power") for label in skill_options[0])
    assert not any(label.startswith("Use Seelah's power") for label in skill_options[1])
    assert "Glaring Fiend" in " ".join(table.game.log) and "succeeded at Charisma" in " ".join(table.game.log)


@pytest.mark.rule("KEEP-02")
def test_a_power_lets_another_local_character_take_over_an_encounter() -> None:
    """Glory Hound Alain (feat "take over"): discard a card to encounter another local character's monster in
    their place; he attempts the check and takes the damage."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    glory_hound = Feats(role="Glory Hound", powers={(5, "take over")})
    alain = table.character("Alain", at="Armory", hand=["Codex", "Frog"], feats=glory_hound)
    kyra = table.character("Kyra", at="Armory", hand=["Cure"])
    table.dice(1)
    outcome = table.run(encounter(table.game, kyra, table.top("Armory")), "Use Alain's power, discard Codex",
                        "Strength")
    assert outcome == "undefeated"
    checks = [d for d in table.decisions if kind_of(d) == "skill"]
    assert checks[0].player == "Alain"
    assert table.cards(kyra, ZoneKind.HAND) == ["Cure"] and table.cards(alain, ZoneKind.HAND) == []


# --- Skirmish barriers: the summoned encounters decide (ENC-06) ---


@pytest.mark.rule("ENC-06")
@pytest.mark.rule("SUM-02")
@pytest.mark.parametrize(("seelah_roll", "alain_roll", "defeated"), [(7, 1, True), (1, 10, False)])
def test_a_barrier_is_defeated_only_if_you_defeat_your_summoned_soldier(
    seelah_roll: int, alain_roll: int, defeated: bool
) -> None:
    """Corrupted Crusaders: before you act, each local character summons and encounters a Corrupted Soldier
    (Combat 10); the barrier is defeated only if the encountering character defeats hers (FAQ), whatever the
    others do; then a random ally from the box goes to her hand."""
    table = Table()
    table.location("Armory", ["Corrupted Crusaders"])
    seelah = table.character("Seelah", at="Armory", hand=FILLER * 4, deck=FILLER * 4)
    table.character("Alain", at="Armory", hand=FILLER * 4, deck=FILLER * 4)
    table.dice(seelah_roll, alain_roll)  # Melee: Seelah d8+3, Alain d10+3
    crusaders = table.top("Armory")
    outcome = table.run(encounter(table.game, seelah, crusaders), "Seelah", "Melee", "Melee")
    assert outcome == ("defeated" if defeated else "undefeated")
    assert (table.game.zones.where(crusaders).kind is ZoneKind.BOX) == defeated
    allies = [card for card in table.game.zones.cards(seelah.hand) if card.type == "ally"]
    assert len(allies) == (1 if defeated else 0)


@pytest.mark.rule("ENC-06")
@pytest.mark.parametrize(("rolls", "defeated"), [((8, 8), True), ((8, 1), False)])
def test_a_horde_is_defeated_only_if_every_summoned_demon_is(rolls: tuple[int, int], defeated: bool) -> None:
    """Demonic Horde: for each character, a random character summons and encounters the adventure's servitor
    demon (the Demonling, Combat 9); the barrier is defeated only if every one of them is."""
    table = Table()
    table.location("Armory", ["Demonic Horde"])
    seelah = table.character("Seelah", at="Armory", hand=FILLER * 4, deck=FILLER * 4)
    table.character("Alain", at="Armory", hand=FILLER * 4, deck=FILLER * 4)
    # Each Demonling: Wisdom 6 before you act (6 succeeds on Seelah's d8 or Alain's d6), then Melee 1d8+3 or
    # d10+3 against Combat 9 (8 succeeds for either, 1 fails).
    table.dice(6, rolls[0], 6, rolls[1])
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), *["Wisdom", "Melee"] * 2)
    assert outcome == ("defeated" if defeated else "undefeated")
    assert sum("summons Demonling" in line for line in table.game.log) == 2


# --- for each character, and who ---


SCORCHER = card("""
name: Scorching Fiend
type: monster
set: B
provenance: standin
notes: A test monster that deals damage to each character at the location in turn.
check_to_defeat: Combat 1
powers:
- when: before acting
  optional: false
  effects:
  - for_each: each local
    do:
    - deal_damage: 1
""")


@pytest.mark.rule("DICE-02")
def test_an_effect_for_each_local_character_is_done_for_each_of_them() -> None:
    table = Table(extra_cards=[SCORCHER])
    table.location("Armory", ["Scorching Fiend"])
    kyra = table.character("Kyra", at="Armory", hand=["Cure", "Codex"])
    seelah = table.character("Seelah", at="Armory", hand=["Mace", "Frog"])
    enora = table.character("Enora", at="Laboratory", hand=["Codex"])
    table.dice(6)
    table.run(encounter(table.game, kyra, table.top("Armory")), "Discard Cure", "Discard Frog", "Strength")
    assert table.cards(kyra, ZoneKind.HAND) == ["Codex"] and table.cards(seelah, ZoneKind.HAND) == ["Mace"]
    assert table.cards(enora, ZoneKind.HAND) == ["Codex"]


# --- setup powers and the reward ---


GRIM_START = card("""
name: Grim Start
type: scenario
set: B
provenance: standin
notes: A test scenario whose power buries the top card of each character's deck as you set up.
henchmen: [Demonling]
locations: {1: [Armory]}
powers:
- when: setup
  optional: false
  effects:
  - move_cards: bury
    source: top of deck
reward:
  text: Each character draws a random blessing with the Corrupted trait from the box.
  draw_random: {types: [blessing], traits: [Corrupted]}
""")


@pytest.mark.rule("SETUP-01")
def test_a_scenarios_setup_power_happens_for_each_character() -> None:
    table = Table(extra_cards=[GRIM_START])
    table.game.scenario = table.game.library.get("Grim Start")  # type: ignore[assignment]
    kyra = table.character("Kyra", at="Armory", deck=["Codex", "Frog"])
    seelah = table.character("Seelah", at="Armory", deck=["Mace"])
    for character in (kyra, seelah):
        table.run(apply_setup_powers(table.game, character))
    assert table.cards(kyra, ZoneKind.BURIED) == ["Codex"] and table.cards(seelah, ZoneKind.BURIED) == ["Mace"]


@pytest.mark.rule("END-03")
def test_a_won_scenarios_reward_gives_each_character_a_random_card_of_its_kind() -> None:
    table = Table(extra_cards=[GRIM_START])
    table.game.scenario = table.game.library.get("Grim Start")  # type: ignore[assignment]
    kyra = table.character("Kyra", at="Armory")
    seelah = table.character("Seelah", at="Armory")
    given = table.run(give_reward(table.game))
    for character in (kyra, seelah):
        (blessing,) = table.game.zones.cards(character.hand)
        assert blessing.type == "blessing" and "Corrupted" in blessing.traits
    assert given == [f"Kyra draws {table.cards(kyra, ZoneKind.HAND)[0]}",
                     f"Seelah draws {table.cards(seelah, ZoneKind.HAND)[0]}"]


LOOT_OUTING = card("""
name: Loot Outing
type: scenario
set: B
provenance: standin
notes: A test scenario whose reward is a loot card.
henchmen: [Demonling]
locations: {1: [Armory]}
reward:
  text: The Radiant Blade.
  loot: [Radiant Blade]
""")


@pytest.mark.rule("END-03")
@pytest.mark.rule("LOOT-01")
def test_a_won_scenarios_loot_goes_to_the_character_the_players_choose_without_a_check() -> None:
    table = Table(extra_cards=[RADIANT_BLADE, LOOT_OUTING])
    table.scenario("Loot Outing")
    kyra = table.character("Kyra", at="Armory")
    seelah = table.character("Seelah", at="Armory")
    given = table.run(give_reward(table.game), "Seelah", strict=True)
    assert given == ["Seelah takes Radiant Blade"]
    [asked] = table.decisions
    assert kind_of(asked) == "loot" and [option.label for option in asked.options] == ["Kyra", "Seelah"]
    assert table.cards(seelah, ZoneKind.HAND) == ["Radiant Blade"] and table.cards(kyra, ZoneKind.HAND) == []


@pytest.mark.rule("PLAY-10")
def test_a_boons_paragraph_for_its_own_encounter_applies_only_while_it_is_encountered() -> None:
    """Blessing of Ascension: with a mythic charge you acquire it at once when you encounter it; played on
    another card's check to acquire, it only adds its die."""
    table = Table()
    table.location("Armory", ["Blessing of Ascension", "Codex"])
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"])
    kyra.mythic_charges = 1
    outcome = table.run(encounter(table.game, kyra, table.top("Armory")), "Attempt", "Charisma")
    assert outcome == "acquired" and not [d for d in table.decisions if kind_of(d) == "reroll"]
    table.dice(1, 1)
    outcome = table.run(encounter(table.game, kyra, table.top("Armory")), "Attempt", "Intelligence",
                        "Discard Blessing of Ascension")
    assert outcome == "not acquired"


@pytest.mark.rule("PLAY-04")
@pytest.mark.rule("KEEP-04")
def test_a_check_to_recharge_is_against_the_card_being_recharged() -> None:
    """The rulebook's Blackwing Librarian: "recharge it to succeed at a check to acquire or recharge a card
    that has the Arcane trait". Enora's check to recharge Lightning Touch (Arcane) succeeds with it, unrolled."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    enora = table.character("Enora", at="Armory", hand=["Lightning Touch", "Blackwing Librarian"], deck=FILLER)
    table.dice(12, 4, 4)
    table.run(attempt_checks(table.game, enora, "Combat 8", Purpose.DEFEAT, table.top("Armory")),
              "Discard Lightning Touch", "No", "Arcane", "Recharge Blackwing Librarian")
    assert table.cards(enora, ZoneKind.DECK) == [*FILLER, "Blackwing Librarian", "Lightning Touch"]
    recharge = [d for d in table.decisions if kind_of(d) == "skill"][-1]
    assert "Arcane" in recharge.prompt


WATCHFUL = card("""
name: Watchful Ally
type: ally
set: B
provenance: standin
notes: A test ally whose power is for another character's defeat of a monster.
check_to_acquire: Charisma 5
powers:
- when: defeat
  action: discard
  whose: another local
  if: {against: {types: [monster]}}
  effects: [{draw: 1}]
""")


@pytest.mark.rule("KEEP-01")
def test_a_power_for_another_characters_defeat_of_a_bane_is_offered_to_its_player() -> None:
    table = Table(extra_cards=[WATCHFUL])
    table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory")
    kyra = table.character("Kyra", at="Armory", hand=["Watchful Ally"], deck=["Codex"])
    table.dice(8)
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Melee", "Discard Watchful Ally")
    assert outcome == "defeated" and table.cards(kyra, ZoneKind.HAND) == ["Codex"]


@pytest.mark.rule("PLAY-10")
def test_harsk_may_recharge_a_ranged_weapon_he_would_discard_for_its_power() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    harsk = table.character("Harsk", at="Armory", hand=["Bolas"], deck=FILLER)
    table.dice(8, 4, 4, 4)
    table.run(attempt_checks(table.game, harsk, "Combat 8", Purpose.DEFEAT, table.top("Armory")),
              "Reveal Bolas", "Discard Bolas", "Recharge Bolas instead")
    assert table.cards(harsk, ZoneKind.DECK) == [*FILLER, "Bolas"] and table.cards(harsk, ZoneKind.DISCARD) == []


@pytest.mark.rule("KEEP-01")
def test_a_power_for_playing_a_card_on_another_characters_check_follows_only_that() -> None:
    """Kyra: "when you play a blessing without the Corrupted trait on another character's check to defeat, a
    local character may shuffle a random card from their discard pile into their deck". On her own check, or
    outside a check, it isn't offered."""
    table = Table()
    table.location("Armory", ["Dire Rat", "Mercenary"])
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension", "Blessing of Ascension"],
                           discard=["Codex"])
    harsk = table.character("Harsk", at="Armory")
    table.dice(6, 6, 6, 6)  # Strength 1d6 and the blessing's d6, for each
    table.run(attempt_checks(table.game, kyra, "Combat 8", Purpose.DEFEAT, table.top("Armory")), "Strength",
              "Discard Blessing of Ascension")
    assert not table.offered("Use Kyra's power")
    table.run(attempt_checks(table.game, harsk, "Combat 8", Purpose.DEFEAT, table.top("Armory")), "Strength",
              "Discard Blessing of Ascension", "Use Kyra's power", "Kyra")
    assert len(table.cards(kyra, ZoneKind.DISCARD)) == 2 and len(table.cards(kyra, ZoneKind.DECK)) == 1


@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize(("on_kyras_check", "recharged"), [(True, True), (False, False)])
def test_a_characters_power_may_send_elsewhere_a_card_another_player_plays_for_her(
    on_kyras_check: bool, recharged: bool
) -> None:
    """Dawnflower's Flare Kyra (box "Sarenrae"): a blessing with the Sarenrae trait another player plays on her
    check may be recharged instead of discarded; on someone else's check, it may not."""
    role = next(role for role in table_library().get("Kyra").roles if role.name == "Dawnflower's Flare")
    index = next(number for number, power in enumerate(role.powers) if power.box == "Sarenrae")
    table = Table()
    kyra = table.character("Kyra", at="Armory", feats=Feats(role="Dawnflower's Flare", powers={(index, "Sarenrae")}))
    seelah = table.character("Seelah", at="Armory", hand=["Blessing of Sarenrae"], deck=FILLER)
    checker = kyra if on_kyras_check else seelah
    table.dice(1, 1)
    table.run(attempt_checks(table.game, checker, "Wisdom 30", Purpose.OTHER), "Wisdom",
              "Discard Blessing of Sarenrae", *(["Recharge Blessing of Sarenrae instead"] if recharged else []))
    assert table.offered("Recharge Blessing of Sarenrae instead") == recharged
    assert ("Blessing of Sarenrae" in table.cards(seelah, ZoneKind.DECK)) == recharged
