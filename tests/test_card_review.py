"""The card review of 2026-12-01 (REVIEW.md): each card file held against FACTS.md, and what it does now.

Each test plays the corrected card on a real table, and would fail with the card as it was: a power written
too broadly (any other character instead of one at another location; any Veteran card instead of a Veteran
bane), a power missing, or a card that said `published` where its facts are only partly known.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import Feats, TurnState
from pacg.engine.window import play_window
from pacg.engine.zones import BLESSINGS_DISCARD, ZoneKind
from table import ABYSSAL_LOCATION, Table, kind_of, library

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of


# --- provenance: a card whose facts are only partly known is a stand-in -------------------------------------


@pytest.mark.rule("SET-02")
@pytest.mark.parametrize(("name", "why"), [
    ("Abattoir", "When Closing"),  # FACTS: When Closing and When Permanently Closed are "?"
    ("Dire Rat", "could not be confirmed"),  # FACTS 4.2
    ("Donahan", "no text"),  # FACTS 1.3
    ("Padrig", "traits are guesses"),
    ("Shortbow", "no text"),  # FACTS 4.4
    ("Sacristy", "no text"),  # FACTS 3
    ("Blood Periapt", "are guesses"),  # the check to acquire: FACTS gives the power only (S5)
    ("Potion of Beast Skin", "are guesses"),
    ("Create Pit", "is a guess"),
])
def test_a_card_whose_facts_are_partly_known_is_a_stand_in_that_says_why(name: str, why: str) -> None:
    known = library().get(name)
    assert known.provenance == "standin"
    assert known.notes is not None and known.notes.startswith("Stand-in") and why in known.notes


# --- filters: against a bane, not any card with the trait ----------------------------------------------------


@pytest.mark.rule("KEEP-05")
@pytest.mark.parametrize(("encountered", "lizard"), [("Cultist of Baphomet", True), ("Demon Hunter's Handbook", False)])
def test_frilled_lizard_adds_2d4_against_a_veteran_bane_only(encountered: str, lizard: bool) -> None:
    """Frilled Lizard: discard it for 2d4 on a check against a Veteran *bane*. The Cultist of Baphomet (a Veteran
    henchman) qualifies; the Demon Hunter's Handbook, a Veteran item, does not: acquiring it, it isn't offered."""
    table = Table()
    table.location("Armory", [encountered])
    harsk = table.character("Harsk", at="Armory", hand=["Frilled Lizard"])
    against = table.top("Armory")
    purpose = Purpose.DEFEAT if against.type == "henchman" else Purpose.ACQUIRE
    table.dice(*[1] * 6)
    answers = ["Strength", "Discard Frilled Lizard"] if lizard else ["Intelligence"]
    check = "Strength or Intelligence 12"
    results = table.run(attempt_checks(table.game, harsk, check, purpose, against), *answers)
    assert table.offered("Discard Frilled Lizard") == lizard
    assert results[0].pool.dice.count(4) == (2 if lizard else 0)


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("encountered", "dice"), [("Dire Rat", 1), ("Frog", 0)])
def test_harsks_1d4_is_against_an_animal_bane_not_an_animal_boon(encountered: str, dice: int) -> None:
    """Harsk adds 1d4 to his checks against an Animal or Vermin bane (the rulebook's Dire Rat); acquiring the
    Frog, an Animal ally, he adds nothing."""
    table = Table()
    table.location("Armory", [encountered])
    harsk = table.character("Harsk", at="Armory")
    against = table.top("Armory")
    purpose = Purpose.DEFEAT if against.type == "monster" else Purpose.ACQUIRE
    table.dice(*[1] * 3)
    results = table.run(attempt_checks(table.game, harsk, "Wisdom 6", purpose, against), "Wisdom")
    assert results[0].pool.dice.count(4) == dice


# --- Blackwing Librarian: succeed at acquiring an Arcane boon ------------------------------------------------


@pytest.mark.rule("CHK-01")
def test_blackwing_librarian_acquires_an_arcane_boon_without_rolling() -> None:
    """Recharge the Librarian to succeed at a check to acquire an Arcane boon (Lightning Touch); no die is
    rolled. (Its check to recharge an Arcane card: tests/test_power_kinds.py.)"""
    table = Table()
    table.location("Armory", ["Lightning Touch"])
    enora = table.character("Enora", at="Armory", hand=["Blackwing Librarian"])
    results = table.run(attempt_checks(table.game, enora, "Intelligence or Arcane 4", Purpose.ACQUIRE,
                                       table.top("Armory")), "Intelligence", "Recharge Blackwing Librarian")
    assert results[0].success and results[0].roll is None


# --- Harsk's roles: reroll 1 die; move to an Abyssal location -----------------------------------------------


@pytest.mark.rule("CHK-13")
def test_demonslayer_rerolls_one_die_and_keeps_the_others() -> None:
    """Demonslayer Harsk (reroll box): failing a check against a Demon, he rerolls 1 die of his choice. Against
    the Worm Demon (Combat 10) he rolls his Ranged 1d8+3 and the Shortbow's d6: 1 and 1 (5). He rerolls the d8
    (8): 8 + 1 + 3 = 12. The d6 keeps its 1, and only one die is rolled again."""
    table = Table()
    table.location("Armory", ["Worm Demon"])
    feats = Feats(role="Demonslayer", powers={(4, "reroll")})
    harsk = table.character("Harsk", at="Armory", hand=["Shortbow"], feats=feats)
    table.dice(1, 1, 8)
    results = table.run(attempt_checks(table.game, harsk, "Combat 10", Purpose.DEFEAT, table.top("Armory")),
                        "Reveal Shortbow: Ranged", "Use Harsk's power", "Reroll the d8")
    assert results[0].success and results[0].total == 12
    assert sorted((die.sides, die.face) for die in results[0].roll.dice) == [(6, 1), (8, 8)]
    assert not table.rng.faces


@pytest.mark.rule("TURN-03")
def test_abyssal_walker_may_move_only_to_an_abyssal_location() -> None:
    """Abyssal Walker Harsk (examine, 2 and move boxes): at the start of his turn he examines the top 2 cards
    of his location deck, then may move to a location with the Abyssal trait: the Rift, never the Sacristy."""
    table = Table(extra_cards=[ABYSSAL_LOCATION])
    table.location("Armory", FILLER * 3)
    table.location("Sacristy", FILLER)
    table.location("Rift Edge")
    feats = Feats(role="Abyssal Walker", powers={(3, "examine"), (3, "2"), (3, "move")})
    harsk = table.character("Harsk", at="Armory", feats=feats)
    table.game.turn = TurnState(harsk)
    table.run(play_window(Step(game=table.game, checker=harsk, timing=Timing.TURN_START), [harsk]),
              "Use Harsk's power", "Move to a location with the Abyssal trait")
    assert harsk.location == "Rift Edge"
    assert not any(kind_of(decision) == "location" for decision in table.decisions)  # the one Abyssal location


# --- whose check or turn: another location; a turn not your own ---------------------------------------------


@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize(("harsk_at", "helps"), [("Sacristy", True), ("Armory", False)])
def test_heavy_crossbow_helps_a_combat_check_at_another_location_only(harsk_at: str, helps: bool) -> None:
    """Heavy Crossbow: if proficient, discard it to add 1d4 to a combat check *at another location*. Harsk at
    the Sacristy may help Seelah at the Armory; at her own location he may not."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory")
    table.character("Alain", at=harsk_at, hand=["Heavy Crossbow"])
    table.dice(*[1] * 3)
    answers = ["Melee", "Discard Heavy Crossbow"] if helps else ["Melee"]
    results = table.run(attempt_checks(table.game, seelah, "Combat 8", Purpose.DEFEAT, table.top("Armory")),
                        *answers)
    assert table.offered("Discard Heavy Crossbow") == helps
    assert results[0].pool.dice.count(4) == (1 if helps else 0)


@pytest.mark.rule("TURN-01")
def test_potion_of_striding_is_drunk_at_the_start_of_another_characters_turn() -> None:
    """Potion of Striding: at the start of *a* turn, banish it to have a local character move. At the start of
    Seelah's turn, Harsk drinks it and moves to the Sacristy."""
    from pacg.engine.turn import _steps_in_between  # the start of a turn, without the rest of it

    table = Table()
    table.location("Sacristy")
    seelah = table.character("Seelah", at="Armory")
    harsk = table.character("Harsk", at="Armory", hand=["Potion of Striding"])
    table.game.turn = TurnState(seelah)
    table.run(_steps_in_between(table.game, seelah, Timing.TURN_START), "Banish Potion of Striding", "Harsk")
    assert harsk.location == "Sacristy" and seelah.location == "Armory"
    assert not table.cards(harsk, ZoneKind.HAND)


@pytest.mark.rule("PLAY-05")
def test_cure_is_revealed_then_discarded_then_may_be_recharged() -> None:
    """Cure: reveal it to shuffle 1d4+1 random cards of a local character's discard pile into their deck, then
    discard it; a Divine 8 check recharges it (Kyra: Divine 1d12+2)."""
    table = Table()
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], discard=FILLER * 3)
    table.dice(2, 10)  # 1d4+1 = 3 cards healed; Divine 10 + 2 recharges
    from pacg.engine.turn import _any_time  # between the steps of a turn

    table.run(_any_time(table.game, kyra, [kyra]), "Reveal Cure", "Divine")
    reveal, discard = (table.game.log.index(line) for line in ("Kyra reveals Cure", "Kyra discards Cure"))
    assert reveal < discard
    assert table.cards(kyra, ZoneKind.DECK) == FILLER * 3 + ["Cure"] and not table.cards(kyra, ZoneKind.DISCARD)


# --- Bat: during the exploration it gives ----------------------------------------------------------------------


@pytest.mark.rule("TURN-04")
def test_the_bats_exploration_adds_1d4_to_survival_checks_during_it() -> None:
    """Bat: discard it to explore; during that exploration add 1d4 to your Ranged and Survival checks. Harsk
    explores into the Frog (Wisdom or Survival 6): his Survival 1d8+2 gets the Bat's 1d4, and it lasts no longer."""
    from pacg.engine.turn import explore_step

    table = Table()
    table.location("Armory", ["Frog"])
    harsk = table.character("Harsk", at="Armory", hand=["Bat"])
    table.game.turn = TurnState(harsk)
    table.dice(1, 1)
    table.run(explore_step(table.game, harsk), "Discard Bat", "Attempt to acquire", "Survival")
    assert "Harsk failed at Survival 1d8+1d4+2 against 6: rolled 4" in table.game.log
    assert not table.game.lasting


# --- banes: before you act -------------------------------------------------------------------------------------


@pytest.mark.rule("GOLD-03")
@pytest.mark.parametrize("alone", [True, False])
def test_the_pitborn_scoundrel_hurts_you_alone_and_its_damage_cant_be_reduced(alone: bool) -> None:
    """Pitborn Scoundrel: before you act, if you are the only character at your location, 1d4-1 Combat damage;
    its damage can't be reduced (Seelah's Leather Armor is never offered). Seelah rolls 3 on the d4 (2
    damage), then 8 on her Melee 1d8+3 against Combat 12 (1 damage)."""
    table = Table()
    table.location("Armory", ["Pitborn Scoundrel"])
    seelah = table.character("Seelah", at="Armory", hand=["Leather Armor", *FILLER * 4], deck=FILLER * 4)
    if not alone:
        table.character("Alain", at="Armory")
    table.dice(*([3, 8] if alone else [8]))
    answers = ["Discard Blessing"] * 2 if alone else []
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), *answers, "Melee", "Done",
                        "Discard Blessing")
    assert outcome == "undefeated"
    assert ("Seelah is dealt 2 Combat damage" in table.game.log) == alone
    assert "Seelah is dealt 1 Combat damage" in table.game.log
    assert not table.offered("Recharge Leather Armor") and "Leather Armor" in table.cards(seelah, ZoneKind.HAND)


@pytest.mark.rule("GOLD-03")
@pytest.mark.parametrize(("divine", "may_play"), [(8, True), (1, False)])
def test_failing_the_cambions_divine_check_bars_attack_spells_for_the_encounter(divine: int, may_play: bool) -> None:
    """Cambion: before you act, attempt an Arcane or Divine 9 check; on a failure you can't play Attack spells
    for the rest of the encounter. Seelah (Divine 1d8+1) rolls 9 or 2: only after a 9 is Fireblade offered for
    her combat check. Once the encounter is over, the bar is gone."""
    table = Table()
    table.location("Armory", ["Cambion"])
    seelah = table.character("Seelah", at="Armory", hand=["Fireblade", *FILLER * 4], deck=FILLER * 4)
    table.dice(divine, 8)  # then Melee 1d8+3: 11 against 12, 1 damage
    table.run(encounter(table.game, seelah, table.top("Armory")), "Divine", "Melee", "Done", "Discard Blessing")
    assert table.offered("Discard Fireblade:") == may_play
    assert not table.game.lasting


@pytest.mark.rule("ENC-07")
def test_an_undefeated_cambion_buries_an_ally_whose_check_lists_diplomacy() -> None:
    """Cambion, undefeated: bury an ally whose check to acquire lists Diplomacy: the Recruit (Charisma or
    Diplomacy 3), not the Frog (Wisdom or Survival 6)."""
    table = Table()
    table.location("Armory", ["Cambion"])
    seelah = table.character("Seelah", at="Armory", hand=["Frog", "Recruit", *FILLER * 2], deck=FILLER * 4)
    table.dice(8, 8)  # Divine 9: passed; Melee 11 against 12: 1 damage
    table.run(encounter(table.game, seelah, table.top("Armory")), "Divine", "Melee", "Done", "Discard Blessing")
    assert table.cards(seelah, ZoneKind.BURIED) == ["Recruit"]
    assert "Frog" in table.cards(seelah, ZoneKind.HAND)


# --- powers that last: a closed location's; an ignored trait ---------------------------------------------------


@pytest.mark.rule("CLOSE-04")
@pytest.mark.parametrize("closed", [True, False])
def test_once_the_marketplace_is_closed_you_may_give_a_card_at_the_end_of_your_turn(closed: bool) -> None:
    """Marketplace, When Permanently Closed: at the end of your turn you may give a card to any character. Kyra,
    at the Armory, gives her Cure to Seelah at the Sacristy (TURN-02 would allow only a local character); while
    the Marketplace is open, the power isn't there."""
    from pacg.engine.closing import close_permanently
    from pacg.engine.turn import _steps_in_between  # the end of a turn, without the rest of it

    table = Table()
    marketplace = table.location("Marketplace")
    kyra = table.character("Kyra", at="Armory", hand=["Cure"])
    seelah = table.character("Seelah", at="Sacristy")
    if closed:
        table.run(close_permanently(table.game, kyra, marketplace))
    table.game.turn = TurnState(kyra)
    table.run(_steps_in_between(table.game, kyra, Timing.TURN_END), *(["Use Marketplace"] if closed else []))
    assert table.offered("Use Marketplace") == closed
    assert table.cards(seelah, ZoneKind.HAND) == (["Cure"] if closed else [])


@pytest.mark.rule("GOLD-03")
@pytest.mark.parametrize("pulura", [True, False])
def test_blessing_of_pulura_ignores_the_corrupted_trait_of_the_blessings_discard_until_the_turn_ends(
    pulura: bool,
) -> None:
    """Blessing of Pulura: recharge it to ignore the Abyssal or Corrupted trait of a card until the end of the
    turn. With a Blessing of Abraxas (Corrupted) on top of the blessings discard pile, playing a Blessing of
    Shax makes Kyra discard a card; once Pulura has her ignore the Abraxas's Corrupted trait, it doesn't."""
    from pacg.engine.turn import _any_time  # between the steps of a turn

    table = Table()
    table.location("Armory")
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Shax", "Cure", "Frog"], deck=FILLER * 3)
    if pulura:
        table.game.zones.move(table.card("Blessing of Pulura"), kyra.hand)
    table.game.zones.move(table.card("Blessing of Abraxas"), BLESSINGS_DISCARD)
    table.game.turn = TurnState(kyra)
    if pulura:
        table.run(_any_time(table.game, kyra, [kyra]), "Recharge Blessing of Pulura", "Blessing of Abraxas")
        assert "Kyra ignores the Corrupted trait of Blessing of Abraxas until the end of the turn" in table.game.log
    table.dice(3, 3)
    table.run(attempt_checks(table.game, kyra, "Strength 4", Purpose.OTHER), "Strength", "Discard Blessing of Shax",
              *([] if pulura else ["Frog"]))
    assert table.cards(kyra, ZoneKind.HAND) == (["Cure", "Frog"] if pulura else ["Cure"])
    table.game.end_lasting("end of turn")
    assert not table.game.ignored_traits


# --- Manor House: encounter one of two ----------------------------------------------------------------------


@pytest.mark.rule("ENC-04")
@pytest.mark.parametrize("pick", ["Mace", "Longsword"])
def test_at_the_manor_house_a_boon_encountered_may_be_swapped_for_a_random_one_of_its_type(pick: str) -> None:
    """Manor House: when you encounter a boon other than loot here, draw a random boon of its type from the box;
    encounter one of the two and banish the other. Seelah encounters the Longsword and draws the Mace (the box's
    only other weapon here): the one she picks is encountered and acquired, the other is in the box."""
    from pacg.engine.zones import REMOVED, box

    table = Table()
    table.location("Manor House", ["Longsword"])
    seelah = table.character("Seelah", at="Manor House")
    mace = table.card("Mace")
    for weapon in list(table.game.zones.cards(box("weapon"))):
        if weapon is not mace:
            table.game.zones.move(weapon, REMOVED)
    table.dice(8)
    outcome = table.run(encounter(table.game, seelah, table.top("Manor House")), pick, "Attempt", "Melee")
    assert outcome == "acquired" and table.cards(seelah, ZoneKind.HAND) == [pick]
    other = "Longsword" if pick == "Mace" else "Mace"
    assert [card.name for card in table.game.zones.cards(box("weapon"))] == [other]
    assert table.deck("Manor House") == []


# --- Forsaken Cloister: each character here ---------------------------------------------------------------------


@pytest.mark.rule("SUM-03")
@pytest.mark.parametrize(("alain_roll", "closed"), [(8, True), (1, False)])
def test_closing_the_forsaken_cloister_takes_a_defeated_demonling_for_each_character_there(
    alain_roll: int, closed: bool
) -> None:
    """Forsaken Cloister, When Closing: each character at the location summons and defeats a Demonling (Wisdom
    6 before you act, then Combat 9). Seelah defeats hers; the Cloister closes only if Alain defeats his too."""
    from pacg.engine.closing import attempt_to_close

    table = Table()
    cloister = table.location("Forsaken Cloister")
    seelah = table.character("Seelah", at="Forsaken Cloister")
    table.character("Alain", at="Forsaken Cloister")
    table.dice(6, 8, 6, alain_roll)  # Seelah: Wisdom 1d8, Melee 1d8+3; Alain: Wisdom 1d6, Melee 1d10+3
    table.run(attempt_to_close(table.game, seelah, cloister), "Close", *["Wisdom", "Melee"] * 2)
    assert sum("summons Demonling" in line for line in table.game.log) == 2
    assert cloister.closed == closed
