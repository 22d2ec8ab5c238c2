"""The four characters of the Character Add-On Deck (Adowyn, Crowe, Seoni, Shardra), their cohorts Leryn and
Kolo, and the Add-On Deck's cards, each power shown working on a real table (DESIGN.md 8); and the box that
holds them: each suggested deck is built from real cards, for any party of four (SETUP-02, REB-03)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.cards.model import Character
from pacg.cards.powers import Purpose, Timing
from pacg.decisions import run
from pacg.engine.check import attempt_checks
from pacg.engine.damage import take_damage
from pacg.engine.effects import play_window
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.setup import build_deck, new_game, set_up
from pacg.engine.state import Feats, TurnEnded, TurnState
from pacg.engine.summon import summon
from pacg.engine.turn import end_turn
from pacg.engine.zones import ZoneKind, box
from table import Table, card, library

ADD_ON = ("Adowyn", "Crowe", "Seoni", "Shardra")
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of


def top(table: Table, location: str):  # type: ignore[no-untyped-def]
    return table.game.zones.cards(table.game.locations[location].deck)[0]


def window(table: Table, character, timing: Timing) -> Step:  # type: ignore[no-untyped-def]
    """The players' chance to play at a moment of the character's turn (start of turn, any time)."""
    table.game.turn = TurnState(character)
    return Step(game=table.game, checker=character, timing=timing, also=Timing.ANY_TIME)


def role(character: str, name: str, *boxes: str) -> Feats:
    """A role with the boxes checked that begin its paragraphs, or sit on them, by label."""
    card = library().typed(character, Character)
    chosen = next(r for r in card.roles if r.name == name)
    checked = {(index, power.box) for index, power in enumerate(chosen.powers) if power.box in boxes}
    checked |= {(index, feat.box) for index, power in enumerate(chosen.powers) for feat in power.feats
                if feat.box in boxes}
    return Feats(role=name, powers=checked)


def character_feats(character: str, *boxes: str) -> Feats:
    card = library().typed(character, Character)
    checked = {(index, power.box) for index, power in enumerate(card.powers) if power.box in boxes}
    checked |= {(index, feat.box) for index, power in enumerate(card.powers) for feat in power.feats
                if feat.box in boxes}
    return Feats(powers=checked)


# --- the box and the suggested decks (SETUP-02, REB-03) --------------------------------------------------------


def _suggested(name: str) -> Counter[str]:
    deck = library().typed(name, Character).suggested_deck
    return Counter(card_name for names in deck.values() for card_name in names)


@pytest.mark.rule("SETUP-02")
@pytest.mark.parametrize("name", ADD_ON)
def test_each_add_on_characters_suggested_deck_is_built_from_the_real_cards(name: str) -> None:
    """No card of the rulebook's list is missing from the box, so none is replaced by a Basic stand-in."""
    game = new_game(library(), "The Godless Ones", [name], seed=1)
    build_deck(game, game.characters[0])
    assert Counter(card.name for card in game.zones.cards(game.characters[0].deck)) == _suggested(name)
    assert sum(_suggested(name).values()) == 15


@pytest.mark.rule("REB-03")
def test_the_box_holds_the_suggested_decks_of_any_four_characters() -> None:
    """The base set and the Character Add-On Deck together: every party of 4 of the 11 characters can build
    its suggested decks at once (the Add-On Deck's extra copies of base-set cards)."""
    names = [c.name for c in library() if isinstance(c, Character)]
    assert len(names) == 11
    for party in combinations(names, 4):
        needed = sum((_suggested(name) for name in party), Counter())
        for card_name, count in needed.items():
            assert library().get(card_name).copies >= count, (party, card_name)


@pytest.mark.rule("SETUP-02")
@pytest.mark.rule("SETUP-11")
def test_a_party_mixing_base_and_add_on_characters_is_set_up() -> None:
    party = ["Adowyn", "Seelah", "Shardra", "Crowe"]
    game = new_game(library(), "The Godless Ones", party, seed=7)
    run(set_up(game), RandomAgent(7))
    held = Counter(card.name for character in game.characters
                   for card in game.zones.cards(character.deck) + game.zones.cards(character.hand)
                   if card.type != "cohort")
    assert held == sum((_suggested(name) for name in party), Counter())  # the players may have traded
    adowyn, _, shardra, _ = game.characters
    assert "Leryn" in [card.name for card in game.zones.cards(adowyn.hand)]
    assert "Kolo" in [card.name for card in game.zones.cards(shardra.hand)]


# --- Adowyn -----------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHAR-01")
def test_adowyn_takes_her_cohort_from_her_discard_pile_at_the_start_of_her_turn_then_recharges_a_card() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=["Bolas"], discard=["Leryn"])
    table.run(play_window(window(table, adowyn, Timing.TURN_START), [adowyn]), "Use Adowyn's power", "Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Leryn"]
    assert table.cards(adowyn, ZoneKind.DECK) == ["Bolas", "Mace"] and table.cards(adowyn, ZoneKind.DISCARD) == []


@pytest.mark.rule("FEAT-02")
def test_adowyns_animal_box_lets_her_take_an_animal_card_instead() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=["Frog", "Bolas"],
                             feats=character_feats("Adowyn", "Animal"))
    table.run(play_window(window(table, adowyn, Timing.TURN_START), [adowyn]), "Use Adowyn's power",
              "Put a card with the Animal trait", "Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Frog"] and "Mace" in table.cards(adowyn, ZoneKind.DECK)


@pytest.mark.rule("SUM-01")
@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("summoned", [True, False])
def test_adowyn_recharges_a_card_to_evade_a_summoned_bane_only(summoned: bool) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=FILLER)
    rat = summon(table.game, adowyn, "Dire Rat") if summoned else top(table, "Armory")
    table.dice(1, 1)
    outcome = table.run(encounter(table.game, adowyn, rat), *(["Use Adowyn's power, recharge Mace"] if summoned
                                                                else ["Dexterity"]))
    assert outcome == ("evaded" if summoned else "undefeated")
    assert ("Mace" in table.cards(adowyn, ZoneKind.DECK)) == summoned


@pytest.mark.rule("ENC-05")
def test_adowyns_another_box_lets_her_discard_a_card_to_evade_anothers_summoned_bane() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], feats=character_feats("Adowyn", "another"))
    seelah = table.character("Seelah", at="Laboratory", hand=["Longsword"])
    rat = summon(table.game, seelah, "Dire Rat")
    outcome = table.run(encounter(table.game, seelah, rat), "Use Adowyn's power, discard Mace")
    assert outcome == "evaded" and table.cards(adowyn, ZoneKind.DISCARD) == ["Mace"]


@pytest.mark.rule("ROLE-01")
def test_blight_scout_shuffles_her_cohort_into_her_deck_to_add_stealth_to_a_combat_check() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn"], deck=FILLER,
                             feats=role("Adowyn", "Blight Scout", "Stealth"))
    table.dice(3, 4)  # Strength d6 for the check, then Stealth d12+2
    results = table.run(attempt_checks(table.game, adowyn, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Adowyn's power, shuffle Leryn")
    assert results[0].total == 3 + 4 + 2
    assert "Leryn" in table.cards(adowyn, ZoneKind.DECK)


ABYSS = card("""
name: Rift Edge
type: location
set: B
traits: [Abyssal]
provenance: standin
notes: A test location with the Abyssal trait.
deck: {monster: 0, barrier: 0, weapon: 0, spell: 0, armor: 0, item: 0, ally: 0, blessing: 0}
when_closing:
- automatic: true
""")


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("location", "dice"), [("Rift Edge", 2), ("Armory", 1)])
def test_blight_scout_adds_1d4_to_noncombat_checks_at_an_abyssal_location(location: str, dice: int) -> None:
    table = Table(extra_cards=[ABYSS])
    adowyn = table.character("Adowyn", at=location, feats=role("Adowyn", "Blight Scout", "Abyssal"))
    table.dice(1, 1)
    results = table.run(attempt_checks(table.game, adowyn, "Wisdom 20", Purpose.OTHER), "Wisdom")
    assert len(results[0].pool.dice) == dice


@pytest.mark.rule("ROLE-01")
def test_pack_leader_reveals_an_animal_card_to_add_1d4_to_a_combat_check() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog"], feats=role("Adowyn", "Pack Leader", "Animal"))
    table.dice(5, 3)
    results = table.run(attempt_checks(table.game, adowyn, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Adowyn's power, reveal Frog")
    assert results[0].total == 5 + 3 and results[0].pool.dice == (6, 4)
    assert table.cards(adowyn, ZoneKind.HAND) == ["Frog"]


@pytest.mark.rule("DMG-01")
def test_pack_leader_recharges_an_animal_card_to_reduce_combat_damage_by_2() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog", "Mace", "Bolas"],
                             feats=role("Adowyn", "Pack Leader", "Animal armor"))
    table.run(take_damage(table.game, adowyn, 3, "Combat"), "Use Adowyn's power, recharge Frog", "Discard Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Bolas"] and table.cards(adowyn, ZoneKind.DECK) == ["Frog"]


@pytest.mark.rule("DMG-01")
def test_pack_leader_buries_an_animal_card_to_reduce_all_damage_to_0() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog", "Mace"],
                             feats=role("Adowyn", "Pack Leader", "Animal armor"))
    table.run(take_damage(table.game, adowyn, 5, "Fire"), "Use Adowyn's power, bury Frog")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Mace"] and table.cards(adowyn, ZoneKind.BURIED) == ["Frog"]


@pytest.mark.rule("ROLE-01")
def test_pack_leader_recharges_a_random_card_from_her_discard_pile_after_playing_an_ally() -> None:
    """Frog: discard it to explore; then Adowyn may recharge a random card of her discard pile (here, the
    Mace or the Frog itself)."""
    table = Table()
    table.location("Armory", FILLER * 2)
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog"], discard=["Mace"],
                             feats=role("Adowyn", "Pack Leader", "pack"))
    step = window(table, adowyn, Timing.ANY_TIME)
    table.game.turn.exploring = True  # type: ignore[union-attr]
    step = Step(game=table.game, checker=adowyn, timing=Timing.EXPLORE)
    table.run(play_window(step, [adowyn]), "Discard Frog", "Use Adowyn's power")
    assert len(table.cards(adowyn, ZoneKind.DISCARD)) == 1 and len(table.cards(adowyn, ZoneKind.DECK)) == 1


# --- Leryn ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("EXAM-01")
def test_leryn_is_displayed_to_examine_the_top_card_of_the_location_deck() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn"])
    table.run(play_window(window(table, adowyn, Timing.ANY_TIME), [adowyn]), "Display Leryn")
    assert table.cards(adowyn, ZoneKind.DISPLAYED) == ["Leryn"]
    assert any("Dire Rat" in line and "examine" in line.lower() for line in table.game.log)
    assert table.deck("Armory") == ["Dire Rat", "Mace"]


@pytest.mark.rule("COH-01")
def test_displayed_leryn_is_shuffled_into_the_deck_for_1d8_plus_the_adventure_deck_number_on_a_ranged_check() -> None:
    table = Table(adventure_deck_number=1)
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn", "Hand Crossbow"], deck=FILLER)
    table.run(play_window(window(table, adowyn, Timing.ANY_TIME), [adowyn]), "Display Leryn")
    table.dice(5, 5, 5)  # Ranged d12+1, the Hand Crossbow's 1d6, Leryn's 1d8
    results = table.run(attempt_checks(table.game, adowyn, "Combat 40", Purpose.OTHER),
                        "Reveal Hand Crossbow: Ranged", "Shuffle Leryn into your deck")
    assert sorted(results[0].pool.dice) == [6, 8, 12] and results[0].pool.modifier == 1 + 1
    assert "Leryn" in table.cards(adowyn, ZoneKind.DECK) and table.cards(adowyn, ZoneKind.DISPLAYED) == []


@pytest.mark.rule("COH-01")
def test_displayed_leryn_returns_to_the_hand_for_a_recharged_card() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn", "Mace"])
    table.run(play_window(window(table, adowyn, Timing.ANY_TIME), [adowyn]), "Display Leryn")
    table.run(play_window(window(table, adowyn, Timing.ANY_TIME), [adowyn]), "Use Leryn, recharge Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Leryn"] and table.cards(adowyn, ZoneKind.DECK) == ["Mace"]
