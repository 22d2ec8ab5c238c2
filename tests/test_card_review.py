"""The card review of 2026-12-01 (REVIEW.md): each card file held against FACTS.md, and what it does now.

Each test plays the corrected card on a real table, and would fail with the card as it was: a power written
too broadly (any other character instead of one at another location; any Veteran card instead of a Veteran
bane), a power missing, or a card that said `published` where its facts are only partly known.
"""

from __future__ import annotations

import pytest

from pacg.cards.powers import Purpose, Timing
from pacg.engine.check import attempt_checks
from pacg.engine.effects import play_window
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.state import Feats, TurnState
from pacg.engine.zones import ZoneKind
from table import Table, card, library

FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of


def top(table: Table, location: str):  # type: ignore[no-untyped-def]
    return table.game.zones.cards(table.game.locations[location].deck)[0]


def offered(table: Table, label: str) -> bool:
    return any(option.label.startswith(label) for decision in table.decisions for option in decision.options)


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
    """Frilled Lizard: discard it for 2d4 on a check against a Veteran *bane*. The Cultist of Baphomet (a Veteran henchman)
    qualifies; the Demon Hunter's Handbook, a Veteran item, does not: acquiring it, the Lizard isn't offered."""
    table = Table()
    table.location("Armory", [encountered])
    harsk = table.character("Harsk", at="Armory", hand=["Frilled Lizard"])
    against = top(table, "Armory")
    purpose = Purpose.DEFEAT if against.type == "henchman" else Purpose.ACQUIRE
    table.dice(*[1] * 6)
    answers = ["Strength", "Discard Frilled Lizard"] if lizard else ["Intelligence"]
    results = table.run(attempt_checks(table.game, harsk, "Strength or Intelligence 12", purpose, against), *answers)
    assert offered(table, "Discard Frilled Lizard") == lizard
    assert results[0].pool.dice.count(4) == (2 if lizard else 0)


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("encountered", "dice"), [("Dire Rat", 1), ("Frog", 0)])
def test_harsks_1d4_is_against_an_animal_bane_not_an_animal_boon(encountered: str, dice: int) -> None:
    """Harsk adds 1d4 to his checks against an Animal or Vermin bane (the rulebook's Dire Rat); acquiring the
    Frog, an Animal ally, he adds nothing."""
    table = Table()
    table.location("Armory", [encountered])
    harsk = table.character("Harsk", at="Armory")
    against = top(table, "Armory")
    purpose = Purpose.DEFEAT if against.type == "monster" else Purpose.ACQUIRE
    table.dice(*[1] * 3)
    results = table.run(attempt_checks(table.game, harsk, "Wisdom 6", purpose, against), "Wisdom")
    assert results[0].pool.dice.count(4) == dice


# --- Blackwing Librarian: succeed at acquiring an Arcane boon ------------------------------------------------


@pytest.mark.rule("CHK-01")
def test_blackwing_librarian_acquires_an_arcane_boon_without_rolling() -> None:
    """Recharge the Librarian to succeed at a check to acquire an Arcane boon (Lightning Touch); no die is
    rolled. Its only purpose is acquiring (a check to recharge is against no card, so it never applied)."""
    table = Table()
    table.location("Armory", ["Lightning Touch"])
    enora = table.character("Enora", at="Armory", hand=["Blackwing Librarian"])
    results = table.run(attempt_checks(table.game, enora, "Intelligence or Arcane 4", Purpose.ACQUIRE,
                                       top(table, "Armory")), "Intelligence", "Recharge Blackwing Librarian")
    assert results[0].success and results[0].roll is None
    power = next(p for p in library().get("Blackwing Librarian").powers if p.when == "check")
    assert power.conditions.purpose == [Purpose.ACQUIRE]


# --- Harsk's roles: reroll 1 die; move to an Abyssal location -----------------------------------------------


@pytest.mark.rule("CHK-13")
def test_demonslayer_rerolls_one_die_and_keeps_the_others() -> None:
    """Demonslayer Harsk (reroll box): failing a check against a Demon, he rerolls 1 die of his choice. Against
    the Worm Demon (Combat 10) he rolls his Ranged d8+3 and the Shortbow's d6: 1 and 1 (5). He rerolls the d8
    (8): 8 + 1 + 3 = 12. The d6 keeps its 1, and only one die is rolled again."""
    table = Table()
    table.location("Armory", ["Worm Demon"])
    feats = Feats(role="Demonslayer", powers={(4, "reroll")})
    harsk = table.character("Harsk", at="Armory", hand=["Shortbow"], feats=feats)
    table.dice(1, 1, 8)
    results = table.run(attempt_checks(table.game, harsk, "Combat 10", Purpose.DEFEAT, top(table, "Armory")),
                        "Reveal Shortbow: Ranged", "Use Harsk's power", "Reroll the d8")
    assert results[0].success and results[0].total == 12
    assert sorted((die.sides, die.face) for die in results[0].roll.dice) == [(6, 1), (8, 8)]
    assert not table.rng.faces


ABYSSAL_RIFT = card("""
name: Test Abyssal Rift
type: location
set: B
traits: [Abyssal]
provenance: standin
notes: A test location with the Abyssal trait.
deck: {monster: 0, barrier: 0, weapon: 0, spell: 0, armor: 0, item: 0, ally: 0, blessing: 0}
when_closing:
- automatic: true
""")


@pytest.mark.rule("TURN-03")
def test_abyssal_walker_may_move_only_to_an_abyssal_location() -> None:
    """Abyssal Walker Harsk (examine, 2 and move boxes): at the start of his turn he examines the top 2 cards
    of his location deck, then may move to a location with the Abyssal trait: the Rift, never the Sacristy."""
    table = Table(extra_cards=[ABYSSAL_RIFT])
    table.location("Armory", FILLER * 3)
    table.location("Sacristy", FILLER)
    table.location("Test Abyssal Rift")
    feats = Feats(role="Abyssal Walker", powers={(3, "examine"), (3, "2"), (3, "move")})
    harsk = table.character("Harsk", at="Armory", feats=feats)
    table.game.turn = TurnState(harsk)
    table.run(play_window(Step(game=table.game, checker=harsk, timing=Timing.TURN_START), [harsk]),
              "Use Harsk's power", "Move to a location with the Abyssal trait")
    assert harsk.location == "Test Abyssal Rift"
    assert not any(decision.kind == "location" for decision in table.decisions)  # the one Abyssal location
