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
from pacg.decisions import Decision, run
from pacg.engine.check import attempt_checks
from pacg.engine.closing import attempt_to_close
from pacg.engine.damage import take_damage
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.scenario import play_scenario
from pacg.engine.setup import apply_setup_powers, build_deck, new_game, set_up
from pacg.engine.state import CharacterState, Feats, GameState, TurnEnded, TurnState
from pacg.engine.summon import summon
from pacg.engine.turn import end_turn
from pacg.engine.window import play_window
from pacg.engine.zones import BLESSINGS_DISCARD, ZoneKind, box
from table import ABYSSAL_LOCATION, STRIKING_FIEND, Table, card, library

ADD_ON = ("Adowyn", "Crowe", "Seoni", "Shardra")
FILLER = ["Blessing of Ascension"]  # a card the box holds dozens of



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
    table.run(play_window(table.window(adowyn, Timing.TURN_START), [adowyn]), "Use Adowyn's power", "Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Leryn"]
    assert table.cards(adowyn, ZoneKind.DECK) == ["Bolas", "Mace"] and table.cards(adowyn, ZoneKind.DISCARD) == []


@pytest.mark.rule("FEAT-02")
def test_adowyns_animal_box_lets_her_take_an_animal_card_instead() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=["Frog", "Bolas"],
                             feats=character_feats("Adowyn", "Animal"))
    table.run(play_window(table.window(adowyn, Timing.TURN_START), [adowyn]), "Use Adowyn's power",
              "Put a card with the Animal trait", "Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Frog"] and "Mace" in table.cards(adowyn, ZoneKind.DECK)


@pytest.mark.rule("SUM-01")
@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("summoned", [True, False])
def test_adowyn_recharges_a_card_to_evade_a_summoned_bane_only(summoned: bool) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=FILLER)
    rat = summon(table.game, adowyn, "Dire Rat") if summoned else table.top("Armory")
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
    table.dice(3, 4)  # Strength 1d6 for the check, then Stealth 1d12+2
    results = table.run(attempt_checks(table.game, adowyn, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Adowyn's power, shuffle Leryn")
    assert results[0].total == 3 + 4 + 2
    assert "Leryn" in table.cards(adowyn, ZoneKind.DECK)


SPYGLASS = card("""
name: Test Spyglass
type: item
set: B
provenance: standin
notes: A test item that examines the top card of your location deck and may put a monster examined at the bottom.
check_to_acquire: Craft 6
powers:
- when: any time
  action: reveal
  effects:
  - examine_deck: 1
    may_bottom: {types: [monster]}
""")


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize("boxes", [("examine",), ()])
def test_blight_scout_recharges_a_card_to_examine_one_more_card_when_she_examines_a_location_deck(
        boxes: tuple[str, ...]) -> None:
    """With the box, the card below the one she examines is examined too: the monster there may go to the
    bottom of the deck. Without it, she sees only the top card."""
    table = Table(extra_cards=[SPYGLASS], strict=True)
    table.location("Armory", ["Mace", "Dire Rat", "Longsword"])
    adowyn = table.character("Adowyn", at="Armory", hand=["Test Spyglass", "Codex"],
                             feats=role("Adowyn", "Blight Scout", *boxes))
    answers = ["Reveal Test Spyglass"]
    if boxes:
        answers += ["Use Adowyn's power, recharge Codex", "Dire Rat"]
    table.run(play_window(table.window(adowyn, Timing.ANY_TIME), [adowyn]), *answers)
    if boxes:
        assert table.deck("Armory") == ["Mace", "Longsword", "Dire Rat"]
        assert table.cards(adowyn, ZoneKind.DECK) == ["Codex"]
        assert any("examines 1 more" in line and "Dire Rat" in line for line in table.game.log)
    else:
        assert table.deck("Armory") == ["Mace", "Dire Rat", "Longsword"]
        assert table.cards(adowyn, ZoneKind.HAND) == ["Test Spyglass", "Codex"]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("location", "dice"), [("Rift Edge", 2), ("Armory", 1)])
def test_blight_scout_adds_1d4_to_noncombat_checks_at_an_abyssal_location(location: str, dice: int) -> None:
    table = Table(extra_cards=[ABYSSAL_LOCATION])
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
@pytest.mark.parametrize(("boxes", "left"), [(("damage",), 1), (("damage", "0"), 0)])
def test_blight_scout_recharges_a_card_to_reduce_damage_dealt_before_she_acts_to_1_or_0(
    boxes: tuple[str, ...], left: int
) -> None:
    """The Striking Fiend deals 3 before Adowyn acts, and 3 after: she recharges the Codex to reduce the first
    to 1 (with the box, 0); the power is not for damage dealt after she acts (strict: it is not offered)."""
    table = Table(extra_cards=[STRIKING_FIEND], strict=True)
    table.location("Armory", ["Striking Fiend"])
    adowyn = table.character("Adowyn", at="Armory", hand=["Codex", "Mace", "Cure", "Longspear", "Longsword", "Cure"],
                             feats=role("Adowyn", "Blight Scout", *boxes))
    table.dice(1)
    before = ["Discard Mace"] * left
    table.run(encounter(table.game, adowyn, table.top("Armory")), "Use Adowyn's power, recharge Codex", *before,
              "Strength", "Done", "Discard Cure", "Discard Longspear", "Discard Longsword")
    assert f"The damage to Adowyn is reduced to {left}" in table.game.log
    assert table.cards(adowyn, ZoneKind.DECK) == ["Codex"]
    assert table.cards(adowyn, ZoneKind.HAND) == ["Mace"] * (1 - left) + ["Cure"]


@pytest.mark.rule("PLAY-07")
def test_blight_scouts_power_is_not_offered_where_the_damage_is_already_1() -> None:
    """Reducing 1 damage "to 1" would do nothing (PLAY-07): only discarding for it is asked."""
    table = Table(strict=True)
    adowyn = table.character("Adowyn", at="Armory", hand=["Codex", "Mace"],
                             feats=role("Adowyn", "Blight Scout", "damage"))
    table.run(take_damage(table.game, adowyn, 1, "Combat", during=Timing.BEFORE_ACTING), "Discard Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Codex"]


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
    step = table.window(adowyn, Timing.ANY_TIME)
    table.game.turn.exploring = True  # type: ignore[union-attr]
    step = Step(game=table.game, checker=adowyn, timing=Timing.EXPLORE)
    table.run(play_window(step, [adowyn]), "Discard Frog", "Use Adowyn's power")
    assert len(table.cards(adowyn, ZoneKind.DISCARD)) == 1 and len(table.cards(adowyn, ZoneKind.DECK)) == 1


ADOWYN_ROLES = ["Blight Scout", "Pack Leader"]


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("chosen", ADOWYN_ROLES)
@pytest.mark.parametrize(("boxes", "answers", "taken"), [
    ((), [], "Leryn"),
    (("Animal",), ["Put a card with the Animal trait", "Frog"], "Frog"),  # Leryn is an Animal too
])
def test_both_of_adowyns_roles_take_a_cohort_or_with_the_box_an_animal_card_at_the_start_of_her_turn(
    chosen: str, boxes: tuple[str, ...], answers: list[str], taken: str
) -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=["Frog", "Bolas"], discard=["Leryn"],
                             feats=role("Adowyn", chosen, *boxes))
    table.run(play_window(table.window(adowyn, Timing.TURN_START), [adowyn]), "Use Adowyn's power", *answers,
              "Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == [taken] and "Mace" in table.cards(adowyn, ZoneKind.DECK)


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("chosen", ADOWYN_ROLES)
def test_both_of_adowyns_roles_recharge_a_card_to_evade_a_summoned_bane(chosen: str) -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], deck=FILLER, feats=role("Adowyn", chosen))
    rat = summon(table.game, adowyn, "Dire Rat")
    outcome = table.run(encounter(table.game, adowyn, rat), "Use Adowyn's power, recharge Mace")
    assert outcome == "evaded" and table.cards(adowyn, ZoneKind.DECK) == [*FILLER, "Mace"]


@pytest.mark.rule("ENC-05")
@pytest.mark.parametrize("chosen", ADOWYN_ROLES)
def test_both_of_adowyns_roles_another_box_discards_a_card_to_evade_anothers_summoned_bane(chosen: str) -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Mace"], feats=role("Adowyn", chosen, "another"))
    seelah = table.character("Seelah", at="Laboratory", hand=["Longsword"])
    rat = summon(table.game, seelah, "Dire Rat")
    outcome = table.run(encounter(table.game, seelah, rat), "Use Adowyn's power, discard Mace")
    assert outcome == "evaded" and table.cards(adowyn, ZoneKind.DISCARD) == ["Mace"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("location", "pool"), [("Rift Edge", (8, 8)), ("Armory", (8,))])  # Wisdom 1d8
def test_blight_scouts_1d8_box_adds_1d8_to_noncombat_checks_at_an_abyssal_location(
    location: str, pool: tuple[int, ...]
) -> None:
    table = Table(extra_cards=[ABYSSAL_LOCATION])
    adowyn = table.character("Adowyn", at=location, feats=role("Adowyn", "Blight Scout", "Abyssal", "1d8"))
    table.dice(1, 1)
    results = table.run(attempt_checks(table.game, adowyn, "Wisdom 20", Purpose.OTHER), "Wisdom")
    assert results[0].pool.dice == pool
    table.rng.faces.clear()


@pytest.mark.rule("FEAT-02")
def test_pack_leaders_animal_box_recharges_a_random_animal_card_from_her_discard_pile_after_playing_an_ally() -> None:
    """She discards Frog to explore; her discard pile then holds the Mace and the Frog, and only the Frog has the
    Animal trait: it is the card recharged."""
    table = Table()
    table.location("Armory", FILLER * 2)
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog"], discard=["Mace"],
                             feats=role("Adowyn", "Pack Leader", "pack", "Animal"))
    table.game.turn = TurnState(adowyn, exploring=True)
    step = Step(game=table.game, checker=adowyn, timing=Timing.EXPLORE)
    table.run(play_window(step, [adowyn]), "Discard Frog", "Use Adowyn's power")
    assert table.cards(adowyn, ZoneKind.DISCARD) == ["Mace"] and table.cards(adowyn, ZoneKind.DECK) == ["Frog"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("box", "bonus"), [("+1", 1), ("+2", 2)])
def test_pack_leaders_boxes_add_to_the_1d4_of_an_animal_card_revealed(box: str, bonus: int) -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog"], feats=role("Adowyn", "Pack Leader", "Animal", box))
    table.dice(5, 3)
    results = table.run(attempt_checks(table.game, adowyn, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Adowyn's power, reveal Frog")
    assert results[0].total == 5 + 3 + bonus and table.cards(adowyn, ZoneKind.HAND) == ["Frog"]


@pytest.mark.rule("DMG-01")
def test_pack_leaders_discard_box_discards_rather_than_buries_an_animal_card_to_reduce_all_damage_to_0() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog", "Mace"],
                             feats=role("Adowyn", "Pack Leader", "Animal armor", "discard"))
    table.run(take_damage(table.game, adowyn, 5, "Fire"), "Use Adowyn's power, discard Frog")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Mace"] and table.cards(adowyn, ZoneKind.DISCARD) == ["Frog"]
    assert not any("bury Frog" in option.label for decision in table.decisions for option in decision.options)


# --- Leryn ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("EXAM-01")
@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("chosen", "examined"), [(None, 1), ("Blight Scout", 2), ("Pack Leader", 2)])
def test_leryn_is_displayed_to_examine_the_top_card_of_the_location_deck_or_two_with_a_role(
        chosen: str | None, examined: int) -> None:
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat", "Mace", "Bolas"])
    feats = role("Adowyn", chosen) if chosen else Feats()
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn"], feats=feats)
    table.run(play_window(table.window(adowyn, Timing.ANY_TIME), [adowyn]), "Display Leryn")
    assert table.cards(adowyn, ZoneKind.DISPLAYED) == ["Leryn"]
    seen = [line for line in table.game.log if "examine" in line.lower()]
    assert any("Dire Rat" in line for line in seen) and any("Mace" in line for line in seen) == (examined == 2)
    assert table.deck("Armory") == ["Dire Rat", "Mace", "Bolas"]


@pytest.mark.rule("COH-01")
def test_displayed_leryn_is_shuffled_into_the_deck_for_1d8_plus_the_adventure_deck_number_on_a_ranged_check() -> None:
    table = Table(adventure_deck_number=1)
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn", "Hand Crossbow"], deck=FILLER)
    table.run(play_window(table.window(adowyn, Timing.ANY_TIME), [adowyn]), "Display Leryn")
    table.dice(5, 5, 5)  # Ranged 1d12+1, the Hand Crossbow's 1d6, Leryn's 1d8
    results = table.run(attempt_checks(table.game, adowyn, "Combat 40", Purpose.OTHER),
                        "Reveal Hand Crossbow: Ranged", "Shuffle Leryn into your deck")
    assert sorted(results[0].pool.dice) == [6, 8, 12] and results[0].pool.modifier == 1 + 1
    assert "Leryn" in table.cards(adowyn, ZoneKind.DECK) and table.cards(adowyn, ZoneKind.DISPLAYED) == []


@pytest.mark.rule("COH-01")
def test_displayed_leryn_returns_to_the_hand_for_a_recharged_card() -> None:
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Leryn", "Mace"])
    table.run(play_window(table.window(adowyn, Timing.ANY_TIME), [adowyn]), "Display Leryn")
    table.run(play_window(table.window(adowyn, Timing.ANY_TIME), [adowyn]), "Use Leryn, recharge Mace")
    assert table.cards(adowyn, ZoneKind.HAND) == ["Leryn"] and table.cards(adowyn, ZoneKind.DECK) == ["Mace"]


# --- Crowe ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHAR-01")
def test_crowe_buries_a_card_to_add_1d10_and_the_electricity_trait_to_his_strength_check() -> None:
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Codex"])
    table.dice(5, 5)
    results = table.run(attempt_checks(table.game, crowe, "Combat 10", Purpose.OTHER), "Strength",
                        "Use Crowe's power, bury Codex", "Add the Electricity trait")
    assert results[0].pool.dice == (12, 10) and "Electricity" in results[0].traits and results[0].success
    assert table.cards(crowe, ZoneKind.BURIED) == ["Codex"]


@pytest.mark.rule("CHAR-01")
def test_crowe_recharges_the_card_instead_on_a_check_with_the_attack_trait() -> None:
    """With the Arcane box (Arcane: Charisma +3), Crowe discards Force Missile for his Arcane check: the check has
    the Attack trait, so his power recharges the card it takes instead of burying it."""
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Force Missile", "Codex"], deck=FILLER,
                            feats=character_feats("Crowe", "Arcane"))
    table.dice(4, 4, 1, 1)
    results = table.run(attempt_checks(table.game, crowe, "Combat 10", Purpose.OTHER), "Discard Force Missile",
                        "Use Crowe's power, recharge Codex", "Add the Force trait")
    assert results[0].skill == "Arcane" and results[0].pool.modifier == 3
    assert {"Attack", "Force"} <= results[0].traits and results[0].pool.dice.count(10) == 1
    assert table.cards(crowe, ZoneKind.BURIED) == [] and "Codex" in table.cards(crowe, ZoneKind.DECK)
    offered = [o.label for d in table.decisions for o in d.options]
    assert not any("bury Codex" in label for label in offered)


@pytest.mark.rule("DICE-03")
def test_crowes_arcane_box_gives_him_arcane_charisma_plus_3() -> None:
    from pacg.engine.state import CharacterState

    crowe = library().typed("Crowe", Character)
    assert CharacterState(crowe).skill("Arcane") is None  # type: ignore[arg-type]
    arcane = CharacterState(crowe, character_feats("Crowe", "Arcane")).skill("Arcane")  # type: ignore[arg-type]
    assert arcane is not None and (arcane.die, arcane.modifier) == (8, 3)


@pytest.mark.rule("ENC-07")
@pytest.mark.rule("ENC-09")
def test_crowe_defeats_a_monster_puts_his_bottom_card_on_top_and_his_turn_ends_with_the_monster_banished() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    crowe = table.character("Crowe", at="Armory", deck=["Frog", "Bolas", "Cure"])
    table.game.turn = TurnState(crowe)
    table.dice(12)
    with pytest.raises(TurnEnded):
        table.run(encounter(table.game, crowe, table.top("Armory")), "Strength", "Use Crowe's power",
                  "Put the bottom card")
    assert table.cards(crowe, ZoneKind.DECK) == ["Cure", "Frog", "Bolas"]
    assert table.deck("Armory") == ["Mace"], "the defeated rat is banished, not shuffled back"


@pytest.mark.rule("TURN-03")
def test_crowe_may_move_instead_when_he_defeats_a_monster() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    table.location("Laboratory")
    crowe = table.character("Crowe", at="Armory", deck=FILLER)
    table.game.turn = TurnState(crowe)
    table.dice(12)
    with pytest.raises(TurnEnded):
        table.run(encounter(table.game, crowe, table.top("Armory")), "Strength", "Use Crowe's power",
                  "Move to another location", "Laboratory")
    assert crowe.location == "Laboratory"


@pytest.mark.rule("ROLE-01")
def test_mauler_adds_1d8_magic_and_electricity_and_then_each_local_character_takes_2_electricity() -> None:
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Mace", "Codex"], feats=role("Crowe", "Mauler", "rage"))
    kyra = table.character("Kyra", at="Armory", hand=["Cure", "Frog", "Codex"])
    seelah = table.character("Seelah", at="Laboratory", hand=["Mace"])
    table.dice(6, 6)
    results = table.run(attempt_checks(table.game, crowe, "Combat 10", Purpose.OTHER), "Strength",
                        "Use Crowe's power: add 1d8", "Add the Electricity trait", "Discard Cure", "Discard Frog")
    assert results[0].pool.dice == (12, 8) and {"Magic", "Electricity"} <= results[0].traits
    assert table.cards(crowe, ZoneKind.HAND) == [] and table.cards(kyra, ZoneKind.HAND) == ["Codex"]
    assert table.cards(seelah, ZoneKind.HAND) == ["Mace"], "only the characters at Crowe's location"


@pytest.mark.rule("ROLE-01")
@pytest.mark.rule("PLAY-01")
@pytest.mark.parametrize(("weapon", "answers", "offered"), [
    ("Scythe", ["Strength", "Discard Scythe", "Use Crowe's power: draw a card", "Done"], True),  # 2-Handed, discarded
    ("Scythe", ["Reveal Scythe: Strength", "Done"], False),  # revealed, not discarded
    ("Mace", ["Strength", "Discard Mace"], False),  # discarded, but not 2-Handed
])
def test_mauler_draws_a_card_after_discarding_a_two_handed_weapon_for_its_power(
    weapon: str, answers: list[str], offered: bool
) -> None:
    """Crowe (box "2-Handed") plays a weapon on his combat check: only discarding the Scythe for its power lets
    him draw a card (the Codex on top of his deck; "Done": he doesn't bury it for his own power)."""
    table = Table(strict=True)
    crowe = table.character("Crowe", at="Armory", hand=[weapon], deck=["Codex", "Helm"],
                            feats=role("Crowe", "Mauler", "2-Handed"))
    table.dice(12, 4, *([4] if answers[0].startswith("Reveal") else []))
    table.run(attempt_checks(table.game, crowe, "Combat 10", Purpose.OTHER), *answers)
    kept = [weapon] if answers[0].startswith("Reveal") else []
    assert table.cards(crowe, ZoneKind.HAND) == (["Codex"] if offered else kept)
    assert table.offered("Use Crowe's power", "after playing") == offered


DAZZLER = card("""
name: Flaring Fiend
type: monster
set: B
provenance: standin
notes: A test monster that deals 2 damage before you act and 2 after.
check_to_defeat: Combat 1
powers:
- when: before acting
  optional: false
  effects:
  - deal_damage: 2
- when: after acting
  optional: false
  effects:
  - deal_damage: 2
""")


@pytest.mark.rule("DMG-01")
def test_mauler_reduces_damage_dealt_before_he_acts_by_1() -> None:
    table = Table(extra_cards=[DAZZLER])
    table.location("Armory", ["Flaring Fiend"])
    crowe = table.character("Crowe", at="Armory", hand=["Mace", "Codex", "Frog", "Cure", "Bolas"],
                            feats=role("Crowe", "Mauler", "thick skin"))
    table.dice(12)
    table.run(encounter(table.game, crowe, table.top("Armory")), "Discard Mace", "Strength", "Discard Codex",
              "Discard Frog")
    assert sorted(table.cards(crowe, ZoneKind.DISCARD)) == ["Codex", "Frog", "Mace"], "1 before acting, 2 after"


@pytest.mark.rule("ROLE-01")
def test_spellrager_adds_1d6_to_checks_to_recharge_spells() -> None:
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Force Missile"], deck=FILLER,
                            feats=role("Crowe", "Spellrager", "recharge", "Arcane"))
    table.dice(1, 1, 1, 2, 1)  # the check: Arcane 1d8+3 and 2d4; the recharge: Arcane 1d8+3 and 1d6
    table.run(attempt_checks(table.game, crowe, "Combat 30", Purpose.OTHER), "Discard Force Missile")
    assert "Crowe succeeded at Arcane 1d8+1d6+3 against 6: rolled 6" in table.game.log
    assert table.cards(crowe, ZoneKind.DECK)[-1] == "Force Missile"


@pytest.mark.rule("ROLE-01")
def test_spellrager_draws_a_random_attack_spell_from_the_box_on_defeating_a_henchman() -> None:
    table = Table()
    table.location("Armory", ["Cultist of Baphomet"])
    crowe = table.character("Crowe", at="Armory", deck=FILLER, feats=role("Crowe", "Spellrager", "Attack spell"))
    table.dice(12)
    table.run(encounter(table.game, crowe, table.top("Armory")), "Strength", "Don't try")
    (spell,) = [c for c in table.game.zones.cards(crowe.hand) if c.type == "spell"]
    assert "Attack" in spell.traits


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("boxes", [("renew",), ("renew", "draw")])
def test_spellrager_discards_a_boon_without_the_attack_trait_to_recharge_an_attack_card_from_the_discard_pile(
        boxes: tuple[str, ...]) -> None:
    """With the "draw" box he draws a card too; with no Attack card in his discard pile the power isn't offered."""
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Codex"], deck=["Mace"], discard=["Force Missile"],
                            feats=role("Crowe", "Spellrager", *boxes))
    table.run(play_window(table.window(crowe, Timing.ANY_TIME), [crowe]), "Use Crowe's power, discard Codex")
    drew = "draw" in boxes
    assert table.cards(crowe, ZoneKind.DECK) == ([] if drew else ["Mace"]) + ["Force Missile"]
    assert table.cards(crowe, ZoneKind.HAND) == (["Mace"] if drew else [])
    assert table.cards(crowe, ZoneKind.DISCARD) == ["Codex"]
    table.game.zones.move(table.game.zones.cards(crowe.deck)[-1], crowe.hand)  # no Attack card to recharge
    table.run(play_window(table.window(crowe, Timing.ANY_TIME), [crowe]))
    assert not table.offered("Use Crowe's power")


def crowe_feats(chosen: str | None, *boxes: str) -> Feats:
    """Crowe's feats: a role's boxes, or (no role) his character card's."""
    return role("Crowe", chosen, *boxes) if chosen else character_feats("Crowe", *boxes)


# his role (or none), the boxes checked, the bonus the bury or recharge power adds beside its 1d10
CROWE_BONUSES = [
    (None, (), 0),
    (None, ("+1",), 1),
    ("Mauler", (), 0),
    ("Mauler", ("+1",), 1),
    ("Mauler", ("+2",), 2),
    ("Mauler", ("+3",), 3),
    ("Spellrager", (), 0),
    ("Spellrager", ("+1",), 1),
]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("chosen", "boxes", "bonus"), CROWE_BONUSES)
def test_crowes_power_adds_1d10_and_the_bonus_of_its_checked_box_with_every_role(
    chosen: str | None, boxes: tuple[str, ...], bonus: int
) -> None:
    """Bury a card for 1d10 (+1, +2, +3 with the boxes) and the Electricity trait on his Strength check."""
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Codex"], feats=crowe_feats(chosen, *boxes))
    table.dice(5, 5)
    results = table.run(attempt_checks(table.game, crowe, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Crowe's power, bury Codex", "Add the Electricity trait")
    assert results[0].pool.dice == (12, 10) and results[0].total == 5 + 5 + bonus
    assert "Electricity" in results[0].traits and table.cards(crowe, ZoneKind.BURIED) == ["Codex"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("chosen", "boxes", "bonus"), CROWE_BONUSES)
def test_crowes_power_recharges_the_card_on_an_attack_check_with_every_role(
    chosen: str | None, boxes: tuple[str, ...], bonus: int
) -> None:
    """With the Arcane box (Arcane: Charisma +3), his Force Missile check has the Attack trait: the card paid
    is recharged, and the 1d10 gets the box's bonus."""
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Force Missile", "Codex"], deck=FILLER,
                            feats=crowe_feats(chosen, "Arcane", *boxes))
    table.dice(4, 4, 1, 1)
    results = table.run(attempt_checks(table.game, crowe, "Combat 30", Purpose.OTHER), "Discard Force Missile",
                        "Use Crowe's power, recharge Codex", "Add the Force trait")
    assert results[0].pool.modifier == 3 + bonus and results[0].pool.dice.count(10) == 1
    assert "Force" in results[0].traits and "Codex" in table.cards(crowe, ZoneKind.DECK)


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("chosen", ["Mauler", "Spellrager"])
def test_both_of_crowes_roles_put_the_bottom_card_on_top_and_end_the_turn_on_defeating_a_monster(chosen: str) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace"])
    crowe = table.character("Crowe", at="Armory", deck=["Frog", "Bolas", "Cure"], feats=role("Crowe", chosen))
    table.game.turn = TurnState(crowe)
    table.dice(12)
    with pytest.raises(TurnEnded):
        table.run(encounter(table.game, crowe, table.top("Armory")), "Strength", "Use Crowe's power",
                  "Put the bottom card")
    assert table.cards(crowe, ZoneKind.DECK) == ["Cure", "Frog", "Bolas"]


@pytest.mark.rule("DMG-01")
def test_maulers_thick_skin_box_reduces_damage_before_he_acts_by_2() -> None:
    """The Flaring Fiend's 2 damage before he acts is reduced to 0; its 2 after are dealt."""
    table = Table(extra_cards=[DAZZLER])
    table.location("Armory", ["Flaring Fiend"])
    crowe = table.character("Crowe", at="Armory", hand=["Mace", "Codex", "Frog", "Cure", "Bolas"],
                            feats=role("Crowe", "Mauler", "thick skin", "2"))
    table.dice(12)
    table.run(encounter(table.game, crowe, table.top("Armory")), "Strength", "Discard Codex", "Discard Frog")
    assert sorted(table.cards(crowe, ZoneKind.DISCARD)) == ["Codex", "Frog"], "none before acting, 2 after"


@pytest.mark.rule("ROLE-01")
def test_spellrager_may_put_the_bottom_card_on_top_and_end_the_turn_on_acquiring_a_spell() -> None:
    """Crowe acquires Force Missile (his Arcane box gives him Arcane: Charisma 1d8+3)."""
    table = Table()
    table.location("Armory", ["Force Missile", "Mace"])
    crowe = table.character("Crowe", at="Armory", deck=["Frog", "Bolas", "Cure"],
                            feats=role("Crowe", "Spellrager", "Arcane", "spell"))
    table.game.turn = TurnState(crowe)
    table.dice(8)
    with pytest.raises(TurnEnded):
        table.run(encounter(table.game, crowe, table.top("Armory")), "Attempt", "Arcane", "Use Crowe's power",
                  "Put the bottom card")
    assert table.cards(crowe, ZoneKind.DECK) == ["Cure", "Frog", "Bolas"]
    assert table.cards(crowe, ZoneKind.HAND) == ["Force Missile"], "the spell is acquired all the same"


# --- Seoni ------------------------------------------------------------------------------------------------------


@pytest.mark.rule("CHAR-01")
def test_seoni_discards_a_card_before_her_combat_check_to_take_an_arcane_spell_back_and_play_it() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    seoni = table.character("Seoni", at="Armory", hand=["Codex"], discard=["Force Missile"], deck=FILLER)
    table.dice(4, 2, 2)  # Arcane 1d12+2 and 2d4 against Combat 8
    outcome = table.run(encounter(table.game, seoni, table.top("Armory")), "Use Seoni's power, discard Codex",
                        "Discard Force Missile")
    assert outcome == "defeated" and table.cards(seoni, ZoneKind.DISCARD) == ["Codex"]
    assert "Force Missile" in table.cards(seoni, ZoneKind.DECK), "and her second power recharges it"


@pytest.mark.rule("KEEP-04")
def test_seoni_succeeds_at_the_check_to_recharge_an_attack_spell_without_rolling() -> None:
    table = Table()
    seoni = table.character("Seoni", at="Armory", hand=["Force Missile"], deck=FILLER)
    table.dice(12, 4, 4, 1)  # Arcane 1d12+2 and 2d4; a 1 would fail the Arcane 6 to recharge, but isn't rolled
    table.run(attempt_checks(table.game, seoni, "Combat 10", Purpose.OTHER), "Discard Force Missile")
    assert table.cards(seoni, ZoneKind.DECK)[-1] == "Force Missile" and table.rng.faces == [1]


@pytest.mark.rule("CHAR-01")
@pytest.mark.parametrize(("boon", "draws"), [("Frog", True), ("Mace", False)])
def test_seoni_may_draw_a_card_when_she_acquires_an_ally(boon: str, draws: bool) -> None:
    table = Table()
    table.location("Armory", [boon])
    seoni = table.character("Seoni", at="Armory", deck=["Codex"])
    table.dice(6)
    answers = ["Attempt", "Wisdom", "Use Seoni's power"] if draws else ["Attempt", "Strength"]
    outcome = table.run(encounter(table.game, seoni, table.top("Armory")), *answers)
    assert outcome == "acquired"
    assert ("Codex" in table.cards(seoni, ZoneKind.HAND)) == draws


def elemental_master(table: Table, mastered: str, *boxes: str, **cards: list[str]) -> CharacterState:
    """Seoni as an Elemental Master who chose her mastered trait as the scenario was set up."""
    seoni = table.character("Seoni", at="Armory", feats=role("Seoni", "Elemental Master", *boxes), **cards)
    table.run(apply_setup_powers(table.game, seoni), mastered, strict=True)
    return seoni


@pytest.mark.rule("ROLE-01")
@pytest.mark.rule("SETUP-12")
def test_elemental_master_chooses_her_mastered_trait_as_the_scenario_is_set_up() -> None:
    table = Table()
    seoni = table.character("Seoni", at="Armory", feats=role("Seoni", "Elemental Master"))
    table.run(apply_setup_powers(table.game, seoni), "Cold", strict=True)
    assert [option.label for option in table.decisions[0].options] == ["Acid", "Cold", "Electricity", "Fire"]
    assert seoni.chosen_trait == "Cold" and "Seoni chooses the Cold trait" in table.game.log


def _elemental_master_game(seed: int, answers: dict[str, str]) -> GameState:
    """A whole game of Seoni as an Elemental Master, beside Kyra, random players answering all but the named
    questions (a question's kind: the answer's label)."""
    from test_random_games import SCENARIO

    game = new_game(library(), SCENARIO, ["Seoni", "Kyra"], seed=seed)
    game.characters[0].feats = role("Seoni", "Elemental Master", "element")
    agent = RandomAgent(seed)

    def answer(decision: Decision) -> int:
        wanted = answers.get(decision.kind)
        labels = [option.label for option in decision.options]
        return labels.index(wanted) if wanted in labels else agent(decision)

    run(play_scenario(game), answer)
    return game


@pytest.mark.rule("ROLE-01")
@pytest.mark.plays_at_random
def test_the_mastered_trait_is_a_decision_of_the_game_so_the_same_answers_replay_the_same_game() -> None:
    """DESIGN.md 4: the trait is chosen at setup like any other answer; the same seed and answers give the same
    game, and another trait another game."""
    first, again = (_elemental_master_game(3, {"trait": "Acid"}) for _ in range(2))
    other = _elemental_master_game(3, {"trait": "Electricity"})
    assert "Seoni chooses the Acid trait" in first.log and first.characters[0].chosen_trait == "Acid"
    assert again.log == first.log and other.log != first.log


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("mastered", ["Acid", "Fire"])
def test_elemental_master_adds_her_mastered_trait_to_her_check_and_4_to_a_check_with_it(mastered: str) -> None:
    table = Table(strict=True)
    seoni = elemental_master(table, mastered, "element")
    table.dice(6)
    [result] = table.run(attempt_checks(table.game, seoni, "Combat 30", Purpose.OTHER), "Strength",
                         "Use Seoni's power")
    assert mastered in result.traits and result.total == 6 + 4


@pytest.mark.rule("CHK-06")
@pytest.mark.parametrize(("mastered", "bonus"), [("Cold", 4), ("Fire", 0)])
def test_elemental_master_adds_4_to_a_check_that_a_spell_of_her_mastered_trait_gives_it(
        mastered: str, bonus: int) -> None:
    """Frigid Blast (Cold): her Arcane 1d12+2 and 2d4; the check has the Cold trait once the spell is played."""
    table = Table(strict=True)
    seoni = elemental_master(table, mastered, hand=["Frigid Blast"], deck=FILLER)
    table.dice(1, 1, 1)  # (her second power succeeds at the check to recharge it without a roll)
    [result] = table.run(attempt_checks(table.game, seoni, "Combat 30", Purpose.OTHER),
                         "Discard Frigid Blast: Arcane", "Arcane")
    assert "Cold" in result.traits and result.total == 3 + 2 + bonus


@pytest.mark.rule("DMG-01")
@pytest.mark.parametrize(("boxes", "damage_type", "discarded"), [
    ((), "Fire", 1), (("4",), "Fire", 0), ((), "Combat", 3), (("4",), "Cold", 3)])
def test_elemental_master_reduces_damage_of_her_mastered_traits_type_by_2_or_with_the_box_4(
        boxes: tuple[str, ...], damage_type: str, discarded: int) -> None:
    table = Table(strict=True)
    seoni = elemental_master(table, "Fire", *boxes, hand=FILLER * 3)
    table.run(take_damage(table.game, seoni, 3, damage_type),
              *(["Discard Blessing of Ascension"] if 0 < discarded < 3 else []))
    assert len(table.cards(seoni, ZoneKind.DISCARD)) == discarded


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("mastered", "taken"), [("Fire", True), ("Cold", False)])
def test_elemental_masters_first_power_extends_to_a_card_of_her_mastered_trait(mastered: str, taken: bool) -> None:
    """Fireblade is a Divine Fire spell, not an Arcane one: she takes it back before she acts only if Fire is her
    mastered trait; else her power has nothing to take, and isn't offered (PLAY-07)."""
    table = Table(strict=True)
    seoni = elemental_master(table, mastered, hand=["Codex"], discard=["Fireblade"])
    table.game.turn = TurnState(seoni)
    step = Step(game=table.game, checker=seoni, timing=Timing.BEFORE_ACTING, against=table.card("Dire Rat"))
    table.run(play_window(step, [seoni]), *(["Use Seoni's power, discard Codex"] if taken else []))
    assert table.cards(seoni, ZoneKind.HAND) == (["Fireblade"] if taken else ["Codex"])
    assert table.offered("Use Seoni's power") == taken


EMBER_WARD = card("""
name: Ember Ward
type: spell
set: B
traits: [Arcane, Fire]
provenance: standin
notes: A test spell with the Fire trait and without the Attack trait.
check_to_acquire: Arcane 6
powers:
- when: check
  action: discard
  effects:
  - add_dice: 1d4
  recharge_check:
    check: Arcane 30
""")


@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize(("mastered", "recharged"), [("Fire", True), ("Acid", False)])
def test_elemental_master_succeeds_at_the_check_to_recharge_a_spell_of_her_mastered_trait(
        mastered: str, recharged: bool) -> None:
    table = Table(extra_cards=[EMBER_WARD])
    seoni = elemental_master(table, mastered, hand=["Ember Ward"], deck=FILLER)
    table.dice(*([1, 1] if recharged else [1, 1, 12]))  # Strength 1d6 and 1d4; then her Arcane 1d12+2 fails 30
    table.run(attempt_checks(table.game, seoni, "Strength 30", Purpose.OTHER), "Strength", "Discard Ember Ward",
              *([] if recharged else ["Arcane"]))
    assert ("Ember Ward" in table.cards(seoni, ZoneKind.DECK)) == recharged


@pytest.mark.rule("EXAM-01")
def test_corruptor_examines_the_top_card_of_her_location_deck_after_acting_on_her_first_exploration() -> None:
    table = Table()
    table.location("Armory", ["Mace", "Dire Rat"])
    seoni = table.character("Seoni", at="Armory", feats=role("Seoni", "Corruptor", "peek"))
    table.game.turn = TurnState(seoni, explorations=1)
    table.dice(1)
    table.run(encounter(table.game, seoni, table.top("Armory")), "Attempt", "Strength", "Use Seoni's power")
    # the Mace she encounters is not in the deck as she acts (ENC-07): the card under it is the top card
    assert "Seoni examines the top of Armory's location deck: Dire Rat" in table.game.log


def blessings_discard(table: Table, *names: str) -> None:
    """The blessings discard pile, top card first."""
    for name in reversed(names):
        table.game.zones.move(table.card(name), BLESSINGS_DISCARD)


@pytest.mark.rule("ROLE-01")
@pytest.mark.rule("CHK-12")
def test_corruptor_plays_a_corrupted_card_as_a_copy_of_the_top_card_of_the_blessings_discard_pile() -> None:
    """On her non-combat Charisma check, the Blessing of Shax played as a copy of the Blessing of Iomedae adds 2
    dice (Iomedae's power; Shax's own would add 1). It is a copy of Iomedae's: the top of the blessings discard
    pile has the Iomedae trait, so it may be recharged instead of discarded, and the Shax itself moves."""
    table = Table(strict=True)
    seoni = table.character("Seoni", at="Armory", hand=["Blessing of Shax"], feats=role("Seoni", "Corruptor", "copy"))
    blessings_discard(table, "Blessing of Iomedae")
    table.dice(1, 1, 1)
    [result] = table.run(attempt_checks(table.game, seoni, "Charisma 30", Purpose.OTHER), "Charisma",
                         "Discard Blessing of Shax as Blessing of Iomedae: add 2 dice",
                         "Recharge Blessing of Shax instead")
    assert result.pool.dice == (12, 12, 12)
    assert table.cards(seoni, ZoneKind.DECK) == ["Blessing of Shax"]
    assert [card.name for card in table.game.zones.cards(BLESSINGS_DISCARD)] == ["Blessing of Iomedae"]


TAINTED_IDOL = card("""
name: Tainted Idol
type: item
set: B
traits: [Corrupted]
provenance: standin
notes: A test item with the Corrupted trait.
check_to_acquire: Charisma 6
powers:
- when: check
  action: reveal
  effects:
  - add_modifier: 1
""")


@pytest.mark.rule("ENC-02")
@pytest.mark.rule("BOON-01")
def test_a_card_played_as_a_copy_of_a_blessing_counts_as_playing_a_blessing_not_itself() -> None:
    """The Tainted Idol, an item, played as a copy of the Blessing of Ascension is a blessing played: she may play
    no other blessing on the check, but still an item (the Codex, for checks to acquire)."""
    table = Table(extra_cards=[TAINTED_IDOL])
    seoni = table.character("Seoni", at="Armory", hand=["Tainted Idol", "Blessing of Ascension", "Codex"],
                            feats=role("Seoni", "Corruptor", "copy"))
    blessings_discard(table, "Blessing of Ascension")
    table.dice(1, 1)
    [result] = table.run(attempt_checks(table.game, seoni, "Charisma 30", Purpose.ACQUIRE), "Charisma",
                         "Discard Tainted Idol as Blessing of Ascension")
    after = table.decisions[2]  # her next chance to play, once the Idol is played
    assert not any(option.label.startswith("Discard Blessing of Ascension") for option in after.options)
    assert any(option.label.startswith("Discard Codex") for option in after.options)
    assert result.pool.dice == (12, 12) and table.cards(seoni, ZoneKind.DISCARD) == ["Tainted Idol"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("boxes", "copies"), [
    ((), []),
    (("copy",), ["Blessing of Ascension"]),
    (("copy", "any"), ["Blessing of Ascension", "Blessing of Iomedae"]),
])
def test_corruptors_any_box_lets_her_copy_any_card_of_the_blessings_discard_pile(
        boxes: tuple[str, ...], copies: list[str]) -> None:
    """With the box she plays the Shax as a copy of the Blessing of Iomedae below the top card: 2 dice more on her
    non-combat Charisma check."""
    table = Table()
    seoni = table.character("Seoni", at="Armory", hand=["Blessing of Shax"], feats=role("Seoni", "Corruptor", *boxes))
    blessings_discard(table, "Blessing of Ascension", "Blessing of Iomedae", "Blessing of Ascension")
    iomedae = "Blessing of Iomedae" in copies
    table.dice(*[1] * (3 if iomedae else 1))
    [result] = table.run(attempt_checks(table.game, seoni, "Charisma 30", Purpose.OTHER), "Charisma",
                         *(["Discard Blessing of Shax as Blessing of Iomedae: add 2 dice"] if iomedae else []))
    offered = {option.label.split(":")[0].removeprefix("Discard Blessing of Shax as ")
               for decision in table.decisions for option in decision.options if " as " in option.label}
    assert offered == set(copies) and len(result.pool.dice) == (3 if iomedae else 1)


def seoni_feats(chosen: str | None, *boxes: str) -> Feats:
    """Seoni's feats: a role's boxes, or (no role) her character card's."""
    return role("Seoni", chosen, *boxes) if chosen else character_feats("Seoni", *boxes)


SEONI_ROLES = [None, "Elemental Master", "Corruptor"]


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize("chosen", SEONI_ROLES)
@pytest.mark.parametrize(("boxes", "taken"), [((), "Force Missile"), (("Magic",), "Glaive +1")])
def test_seoni_takes_an_arcane_card_or_with_the_magic_box_a_magic_one_from_her_discard_pile_before_acting(
    chosen: str | None, boxes: tuple[str, ...], taken: str
) -> None:
    """Before she acts against a monster, she discards a card to take a card from her discard pile: one with the
    Arcane trait (Force Missile), or with the Magic box one with the Magic trait too (the Glaive +1)."""
    table = Table()
    seoni = table.character("Seoni", at="Armory", hand=["Codex"], discard=["Force Missile", "Glaive +1"],
                            feats=seoni_feats(chosen, *boxes))
    table.game.turn = TurnState(seoni)
    step = Step(game=table.game, checker=seoni, timing=Timing.BEFORE_ACTING, against=table.card("Dire Rat"))
    table.run(play_window(step, [seoni]), "Use Seoni's power, discard Codex", *(["Glaive"] if boxes else []))
    assert table.cards(seoni, ZoneKind.HAND) == [taken]
    assert sorted(table.cards(seoni, ZoneKind.DISCARD)) == sorted({"Force Missile", "Glaive +1", "Codex"} - {taken})


@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize("chosen", ["Elemental Master", "Corruptor"])
def test_seonis_roles_succeed_at_the_check_to_recharge_an_attack_spell_without_rolling(chosen: str) -> None:
    table = Table()
    seoni = table.character("Seoni", at="Armory", hand=["Force Missile"], deck=FILLER, feats=role("Seoni", chosen))
    table.dice(12, 4, 4, 1)  # Arcane 1d12+2 and 2d4; a 1 would fail the Arcane 6 to recharge, but isn't rolled
    table.run(attempt_checks(table.game, seoni, "Combat 10", Purpose.OTHER), "Discard Force Missile")
    assert table.cards(seoni, ZoneKind.DECK)[-1] == "Force Missile" and table.rng.faces == [1]


@pytest.mark.rule("KEEP-04")
@pytest.mark.parametrize("chosen", SEONI_ROLES)
@pytest.mark.parametrize("item_box", [True, False])
def test_seonis_item_box_succeeds_at_the_check_to_recharge_an_item_too(chosen: str | None, item_box: bool) -> None:
    """Blood Periapt, discarded to reduce damage by 3, has a Constitution 6 check to recharge: with the box it
    succeeds without a roll; without it, her d6 rolls 1 and it stays discarded."""
    table = Table()
    seoni = table.character("Seoni", at="Armory", hand=["Blood Periapt"], deck=FILLER,
                            feats=seoni_feats(chosen, *(["item"] if item_box else [])))
    table.dice(1)
    table.run(take_damage(table.game, seoni, 3, "Combat"), "Discard Blood Periapt", "Constitution")
    assert ("Blood Periapt" in table.cards(seoni, ZoneKind.DECK)) == item_box
    assert table.rng.faces == ([1] if item_box else [])
    table.rng.faces.clear()


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("chosen", "boxes", "boon", "skill"), [
    (None, ("spell",), "Force Missile", "Arcane"),
    ("Elemental Master", (), "Frog", "Wisdom"),
    ("Elemental Master", ("spell",), "Force Missile", "Arcane"),
    ("Corruptor", (), "Frog", "Wisdom"),
    ("Corruptor", ("spell",), "Force Missile", "Arcane"),
])
def test_seoni_may_draw_a_card_when_she_acquires_an_ally_or_with_the_spell_box_a_spell(
    chosen: str | None, boxes: tuple[str, ...], boon: str, skill: str
) -> None:
    table = Table()
    table.location("Armory", [boon])
    seoni = table.character("Seoni", at="Armory", deck=["Codex"], feats=seoni_feats(chosen, *boxes))
    table.dice(6)
    outcome = table.run(encounter(table.game, seoni, table.top("Armory")), "Attempt", skill, "Use Seoni's power")
    assert outcome == "acquired" and table.cards(seoni, ZoneKind.HAND) == [boon, "Codex"]


# --- Shardra and Kolo -------------------------------------------------------------------------------------------


@pytest.mark.rule("CHK-13")
def test_shardra_recharges_a_spell_to_let_a_local_character_reroll_a_failed_check_to_defeat() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory")
    shardra = table.character("Shardra", at="Armory", hand=["Cure"])
    table.dice(1, 6)  # Melee 1d8+3 against Combat 8: 4 fails, the reroll's 9 succeeds
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Melee",
                        "Use Shardra's power, recharge Cure")
    assert outcome == "defeated" and table.cards(shardra, ZoneKind.DECK) == ["Cure"]


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize(("roll", "examined"), [(6, True), (1, False)])
def test_shardra_examines_the_top_card_of_her_location_deck_after_a_successful_knowledge_check(
        roll: int, examined: bool) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    shardra = table.character("Shardra", at="Armory")
    table.dice(roll)
    table.run(attempt_checks(table.game, shardra, "Knowledge 8", Purpose.OTHER), "Knowledge", "Use Shardra's power")
    assert any("examines" in line and "Dire Rat" in line for line in table.game.log) == examined


@pytest.mark.rule("EXAM-01")
@pytest.mark.rule("SET-03")
def test_visionary_exchanges_a_boon_she_examines_for_a_random_boon_of_its_type_from_the_box() -> None:
    """Her Knowledge success examines the Mace on top of the Armory: she exchanges it for a random weapon from
    the box, which takes its place; the Mace goes back into the box."""
    table = Table(strict=True)
    table.location("Armory", ["Mace", "Dire Rat"])
    shardra = table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary"))
    maces = len([card for card in table.game.zones.cards(box("weapon")) if card.name == "Mace"])
    table.dice(6)
    table.pick("Longsword")
    table.run(attempt_checks(table.game, shardra, "Knowledge 8", Purpose.OTHER), "Knowledge", "Use Shardra's power",
              "Use Shardra's power: exchange")
    assert table.deck("Armory") == ["Longsword", "Dire Rat"]
    assert len([card for card in table.game.zones.cards(box("weapon")) if card.name == "Mace"]) == maces + 1


def test_visionary_has_no_boon_to_exchange_when_she_examines_a_bane() -> None:
    table = Table(strict=True)
    table.location("Armory", ["Dire Rat", "Mace"])
    shardra = table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary"))
    table.dice(6)
    table.run(attempt_checks(table.game, shardra, "Knowledge 8", Purpose.OTHER), "Knowledge", "Use Shardra's power")
    assert table.deck("Armory") == ["Dire Rat", "Mace"]
    assert not table.offered("Use Shardra's power: exchange")


@pytest.mark.rule("ROLE-01")
def test_visionary_uses_knowledge_for_her_check_to_defeat_a_barrier() -> None:
    table = Table()
    table.location("Armory", ["Spiked Pit Trap"])
    shardra = table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary", "Knowledge"))
    table.dice(9)
    outcome = table.run(encounter(table.game, shardra, table.top("Armory")), "Use Shardra's power: Knowledge")
    assert outcome == "defeated"


@pytest.mark.rule("ROLE-01")
def test_spirit_guide_discards_a_card_for_1d6_and_the_mental_trait_on_her_combat_check() -> None:
    table = Table()
    shardra = table.character("Shardra", at="Armory", hand=["Codex"], feats=role("Shardra", "Spirit Guide", "spirit"))
    table.dice(3, 4)
    results = table.run(attempt_checks(table.game, shardra, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Shardra's power, discard Codex")
    assert results[0].total == 7 and "Mental" in results[0].traits


@pytest.mark.rule("ROLE-01")
def test_spirit_guide_recharges_a_spell_from_her_discard_pile_when_she_defeats_a_bane() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    shardra = table.character("Shardra", at="Armory", hand=["Mace"], discard=["Cure"],
                              feats=role("Shardra", "Spirit Guide", "recall"))
    table.dice(8, 6)
    table.run(encounter(table.game, shardra, table.top("Armory")), "Reveal Mace: Strength", "Use Shardra's power")
    assert table.cards(shardra, ZoneKind.DECK) == ["Cure"]


@pytest.mark.rule("CHK-12")
@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize(("whose", "bane", "pool"), [
    ("Shardra", "Dire Rat", (12, 8)),  # her blessing on Seelah's check against a monster rolls a d12
    ("Seelah", "Dire Rat", (8, 8)),  # Seelah's own blessing rolls the check's die
    ("Shardra", "Spiked Pit Trap", (8, 8)),  # not against a barrier
])
def test_spirit_guides_blessings_roll_a_d12_on_a_local_characters_check_against_a_monster(
        whose: str, bane: str, pool: tuple[int, ...]) -> None:
    """Seelah's Strength 1d8 check; a blessing adds a die of the type it rolls (CHK-12), a d12 if Shardra plays it
    against a monster."""
    table = Table(strict=True)
    seelah = table.character("Seelah", at="Armory", hand=FILLER if whose == "Seelah" else [])
    table.character("Shardra", at="Armory", hand=FILLER if whose == "Shardra" else [], deck=FILLER,
                    feats=role("Shardra", "Spirit Guide", "d12"))
    table.dice(1, 1)
    [result] = table.run(attempt_checks(table.game, seelah, "Strength 30", Purpose.DEFEAT, table.card(bane)),
                         "Strength", "Discard Blessing of Ascension")
    assert result.pool.dice == pool


@pytest.mark.rule("CHK-12")
def test_spirit_guides_blessing_rolls_a_d12_on_her_own_check_against_a_monster() -> None:
    table = Table(strict=True)
    shardra = table.character("Shardra", at="Armory", hand=FILLER, deck=FILLER,
                              feats=role("Shardra", "Spirit Guide", "d12"))
    table.dice(1, 1)
    [result] = table.run(attempt_checks(table.game, shardra, "Strength 30", Purpose.DEFEAT, table.card("Dire Rat")),
                         "Strength", "Discard Blessing of Ascension")
    assert result.pool.dice == (12, 6)


@pytest.mark.rule("DICE-03")
def test_spirit_guide_has_arcane_wisdom_plus_1() -> None:
    from pacg.engine.state import CharacterState

    shardra = CharacterState(library().typed("Shardra", Character), role("Shardra", "Spirit Guide", "Arcane"))
    arcane = shardra.skill("Arcane")  # type: ignore[arg-type]
    assert arcane is not None and (arcane.die, arcane.modifier) == (10, 1)


@pytest.mark.rule("COH-01")
def test_kolo_is_revealed_to_add_3_to_a_knowledge_check() -> None:
    table = Table()
    shardra = table.character("Shardra", at="Armory", hand=["Kolo"])
    table.dice(2)
    results = table.run(attempt_checks(table.game, shardra, "Knowledge 20", Purpose.OTHER), "Knowledge",
                        "Reveal Kolo")
    assert results[0].total == 2 + 2 + 3 and table.cards(shardra, ZoneKind.HAND) == ["Kolo"]


@pytest.mark.rule("COH-01")
@pytest.mark.parametrize(("bane", "offered"), [("Spiked Pit Trap", True), ("Dire Rat", False)])
def test_kolo_is_recharged_for_1d8_plus_the_adventure_deck_number_on_a_local_check_to_defeat_a_barrier(
        bane: str, offered: bool) -> None:
    table = Table(adventure_deck_number=1)
    table.location("Armory", [bane])
    seelah = table.character("Seelah", at="Armory", hand=FILLER * 3, deck=FILLER * 3)
    shardra = table.character("Shardra", at="Armory", hand=["Kolo"])
    table.dice(*[8] * 4)
    table.run(encounter(table.game, seelah, table.top("Armory")), "Wisdom" if offered else "Strength",
              *(["Recharge Kolo"] if offered else []))
    assert (table.cards(shardra, ZoneKind.DECK) == ["Kolo"]) == offered


def shardra_feats(chosen: str | None, *boxes: str) -> Feats:
    """Shardra's feats: a role's boxes, or (no role) her character card's."""
    return role("Shardra", chosen, *boxes) if chosen else character_feats("Shardra", *boxes)


@pytest.mark.rule("CHK-13")
@pytest.mark.parametrize("chosen", ["Visionary", "Spirit Guide"])
def test_both_of_shardras_roles_recharge_a_spell_to_let_a_local_character_reroll_a_failed_check(chosen: str) -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    seelah = table.character("Seelah", at="Armory")
    shardra = table.character("Shardra", at="Armory", hand=["Cure"], feats=role("Shardra", chosen))
    table.dice(1, 6)  # Melee 1d8+3 against Combat 8: 4 fails, the reroll's 9 succeeds
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), "Melee",
                        "Use Shardra's power, recharge Cure")
    assert outcome == "defeated" and table.cards(shardra, ZoneKind.DECK) == ["Cure"]


# her role (or none), the boxes checked, the location deck she examines after a Knowledge check, what she sees
SHARDRA_EXAMINES = [
    (None, ("2",), "Armory", "Dire Rat, Mace"),
    (None, ("any location",), "Laboratory", "Helm, Codex"),
    ("Visionary", (), "Armory", "Dire Rat"),
    ("Visionary", ("2",), "Armory", "Dire Rat, Mace"),
    ("Visionary", ("any location",), "Laboratory", "Helm, Codex"),
    ("Spirit Guide", (), "Armory", "Dire Rat"),
    ("Spirit Guide", ("2",), "Armory", "Dire Rat, Mace"),
    ("Spirit Guide", ("any location",), "Laboratory", "Helm, Codex"),
]


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize(("chosen", "boxes", "deck", "seen"), SHARDRA_EXAMINES)
def test_shardra_examines_location_decks_after_a_knowledge_check_as_her_boxes_say(
    chosen: str | None, boxes: tuple[str, ...], deck: str, seen: str
) -> None:
    """Knowledge 1d10+2: a 6 meets 8. With the "any location" box she may pick another location's deck."""
    table = Table()
    table.location("Armory", ["Dire Rat", "Mace", "Bolas"])
    table.location("Laboratory", ["Helm", "Codex", "Cure"])
    shardra = table.character("Shardra", at="Armory", feats=shardra_feats(chosen, *boxes))
    table.dice(6)
    answers = ["Knowledge", "Use Shardra's power", *(["Laboratory"] if "any location" in boxes else [])]
    table.run(attempt_checks(table.game, shardra, "Knowledge 8", Purpose.OTHER), *answers)
    assert f"Shardra examines the top of {deck}'s location deck: {seen}" in table.game.log


@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize("closing", [True, False])
def test_visionarys_closing_box_lets_her_use_knowledge_to_close_a_location(closing: bool) -> None:
    """The Great Hall closes on a Charisma or Diplomacy 6 check (Shardra: Charisma 1d6); with the box she uses her
    Knowledge (Wisdom 1d10+2) for it instead, and a 4 meets it."""
    table = Table()
    hall = table.location("Great Hall", ["Mace"])
    boxes = ("Knowledge", "closing") if closing else ("Knowledge",)
    shardra = table.character("Shardra", at="Great Hall", feats=role("Shardra", "Visionary", *boxes))
    table.dice(4)
    skill = "Use Shardra's power: Knowledge" if closing else "Charisma"
    assert table.run(attempt_to_close(table.game, shardra, hall), "Close Great Hall", skill) == closing
    assert hall.closed == closing


@pytest.mark.rule("DICE-03")
@pytest.mark.parametrize(("where", "pool"), [("Armory", ((8,), 2)), ("Laboratory", ((4,), 0))])
def test_visionarys_lore_lets_local_characters_have_knowledge_wisdom_plus_2(
        where: str, pool: tuple[tuple[int, ...], int]) -> None:
    """Seelah has no Knowledge (a d4, DICE-03); at Shardra's location she may have Knowledge: Wisdom +2, with her
    own Wisdom 1d8."""
    table = Table(strict=True)
    table.location("Laboratory")
    table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary", "lore"))
    seelah = table.character("Seelah", at=where)
    table.dice(1)
    [result] = table.run(attempt_checks(table.game, seelah, "Knowledge 10", Purpose.OTHER), "Knowledge")
    assert (result.pool.dice, result.pool.modifier) == pool


@pytest.mark.rule("DICE-03")
@pytest.mark.parametrize(("boxes", "skill", "pool"), [
    (("lore",), "Fortitude", ((8,), 1)),  # her own Fortitude: Constitution +1
    (("lore", "Fortitude"), "Fortitude", ((8,), 2)),  # Fortitude: Constitution +2 is better
    (("lore", "Fortitude"), "Divine", ((8,), 1)),  # her own Divine: Wisdom +1
    (("lore", "Divine"), "Divine", ((8,), 3)),  # Divine: Wisdom +3; the boxes are read left to right
    (("lore", "Divine"), "Fortitude", ((8,), 2)),
])
def test_visionarys_lore_boxes_let_local_characters_have_fortitude_and_divine(
        boxes: tuple[str, ...], skill: str, pool: tuple[tuple[int, ...], int]) -> None:
    table = Table(strict=True)
    table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary", *boxes))
    seelah = table.character("Seelah", at="Armory")
    table.dice(1)
    [result] = table.run(attempt_checks(table.game, seelah, f"{skill} 10", Purpose.OTHER), skill)
    assert (result.pool.dice, result.pool.modifier) == pool


@pytest.mark.rule("DICE-03")
def test_a_local_character_whose_own_knowledge_rolls_better_keeps_it() -> None:
    """Seoni's Knowledge: Intelligence 1d8 +2 rolls better than Knowledge: Wisdom +2 with her Wisdom 1d6."""
    table = Table(strict=True)
    table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary", "lore"))
    seoni = table.character("Seoni", at="Armory")
    table.dice(1)
    [result] = table.run(attempt_checks(table.game, seoni, "Knowledge 10", Purpose.OTHER), "Knowledge")
    assert (result.pool.dice, result.pool.modifier) == ((8,), 2)


@pytest.mark.rule("CHK-05")
@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize(("boxes", "where", "offered"), [
    (("Knowledge", "local", "lore"), "Armory", True),
    (("Knowledge", "closing", "lore"), "Armory", False),  # without the box, only her own checks
    (("Knowledge", "local", "lore"), "Laboratory", False),  # only for characters at her location
])
def test_visionarys_local_box_lets_a_local_character_use_their_knowledge_to_defeat_a_barrier(
        boxes: tuple[str, ...], where: str, offered: bool) -> None:
    """The Spiked Pit Trap: Wisdom or Perception 7 or Dexterity or Acrobatics 8. Seelah uses her Knowledge (Wisdom
    d8 +2, from the lore box) through Shardra's power: a 5 defeats it."""
    table = Table()
    table.location("Armory", ["Spiked Pit Trap"])
    table.location("Laboratory", ["Spiked Pit Trap"])
    table.character("Shardra", at="Armory", feats=role("Shardra", "Visionary", *boxes))
    seelah = table.character("Seelah", at=where)
    table.dice(5)
    answer = "Use Shardra's power: Knowledge 1d8+2 against 7" if offered else "Wisdom"
    outcome = table.run(encounter(table.game, seelah, table.top(where)), answer)
    assert table.offered("Use Shardra's power", "skill") == offered
    assert outcome == ("defeated" if offered else "undefeated")


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("box", "bonus"), [("+2", 2), ("+4", 4)])
def test_spirit_guides_boxes_add_to_the_1d6_she_discards_a_card_for(box: str, bonus: int) -> None:
    table = Table()
    shardra = table.character("Shardra", at="Armory", hand=["Codex"],
                              feats=role("Shardra", "Spirit Guide", "spirit", box))
    table.dice(3, 4)
    results = table.run(attempt_checks(table.game, shardra, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Shardra's power, discard Codex")
    assert results[0].total == 3 + 4 + bonus and "Mental" in results[0].traits


# --- the Add-On Deck's boons ------------------------------------------------------------------------------------


@pytest.mark.rule("PLAY-10")
@pytest.mark.parametrize(("name", "difficulty", "d4s"), [("Adowyn", 8, 3), ("Seoni", 12, 4)])
def test_the_aklys_adds_1d4_and_2d4_more_with_piercing_and_4_to_the_difficulty_without_proficiency(
        name: str, difficulty: int, d4s: int) -> None:
    """Seoni isn't proficient with weapons (and her Dexterity is a d4 too)."""
    table = Table()
    character = table.character(name, at="Armory", hand=["Aklys"])
    table.dice(*[1] * 4)
    results = table.run(attempt_checks(table.game, character, "Combat 8", Purpose.OTHER), "Reveal Aklys: Dexterity",
                        "Discard Aklys")
    assert results[0].difficulty == difficulty and results[0].pool.dice.count(4) == d4s
    assert "Piercing" in results[0].traits


@pytest.mark.rule("PLAY-04")
def test_sagacity_displayed_adds_3_to_wisdom_checks_and_is_recharged_at_the_end_of_the_turn() -> None:
    table = Table()
    shardra = table.character("Shardra", at="Armory", hand=["Sagacity"], deck=FILLER * 6)
    table.game.turn = TurnState(shardra)
    table.dice(2)
    first = table.run(attempt_checks(table.game, shardra, "Wisdom 20", Purpose.OTHER), "Wisdom", "Display Sagacity")
    assert first[0].total == 2 + 3
    table.dice(8)  # Divine: Wisdom 1d10+3 meets 8
    table.run(end_turn(table.game, shardra, forced=True), "Divine")
    assert table.cards(shardra, ZoneKind.DECK)[-1] == "Sagacity"


# --- whole games ------------------------------------------------------------------------------------------------


def _every_box(name: str, role_index: int) -> Feats:
    """A role with every power box checked, and every hand size and proficiency box."""
    from pacg.cards.vocabulary import Proficiency

    chosen = library().typed(name, Character).roles[role_index]
    boxes = {(index, power.box) for index, power in enumerate(chosen.powers) if power.box}
    boxes |= {(index, feat.box) for index, power in enumerate(chosen.powers) for feat in power.feats}
    return Feats(role=chosen.name, powers=boxes, hand_size=3, proficiencies=set(Proficiency))


@pytest.mark.rule("END-01")
@pytest.mark.parametrize("name", ADD_ON)
@pytest.mark.parametrize("role_index", [None, 0, 1])
def test_a_whole_game_of_the_godless_ones_with_each_add_on_character_plays_to_the_end(
        name: str, role_index: int | None) -> None:
    """The random agent plays the scenario to its end, cards conserved at every decision (DESIGN.md 7): the
    character alone without feats, and with each role and every box checked beside a base-set character."""
    from test_random_games import SCENARIO, Watcher

    party = [name] if role_index is None else [name, "Kyra"]
    seed = ADD_ON.index(name) * 10 + (role_index or 0) + 1
    game = new_game(library(), SCENARIO, party, seed=seed)
    if role_index is not None:
        game.characters[0].feats = _every_box(name, role_index)
    watcher = Watcher(game, seed)
    outcome = run(play_scenario(game), watcher)
    watcher.finish()
    assert outcome.result in ("won", "lost") and outcome.characters == party


@pytest.mark.rule("FEAT-02")
@pytest.mark.parametrize(("boxes", "skill", "bonus"), [(("+2",), "Strength", 2), (("+2",), "Wisdom", None),
                                                       (("any check",), "Wisdom", 2)])
def test_pack_leaders_any_check_box_lets_an_animal_card_revealed_add_its_1d4_plus_2_to_a_noncombat_check(
    boxes: tuple[str, ...], skill: str, bonus: int | None
) -> None:
    """Adowyn reveals her Frog for 1d4+2 on a combat check; with the "any check" box on a Wisdom check too."""
    table = Table()
    adowyn = table.character("Adowyn", at="Armory", hand=["Frog"],
                             feats=role("Adowyn", "Pack Leader", "Animal", *boxes))
    table.dice(5, 3)
    check = f"{'Combat' if skill == 'Strength' else skill} 30"
    answers = ["Use Adowyn's power, reveal Frog"] if bonus is not None else []
    results = table.run(attempt_checks(table.game, adowyn, check, Purpose.OTHER), skill, *answers)
    assert results[0].total == (5 + 3 + bonus if bonus is not None else 5)
    assert any(label.startswith("Use Adowyn's power, reveal Frog") for decision in table.decisions
               for label in (option.label for option in decision.options)) is (bonus is not None)


@pytest.mark.rule("FEAT-02")
def test_spellragers_shuffle_box_shuffles_the_card_into_his_deck_rather_than_burying_it() -> None:
    table = Table()
    crowe = table.character("Crowe", at="Armory", hand=["Codex"], deck=FILLER,
                            feats=role("Crowe", "Spellrager", "+1", "shuffle"))
    table.dice(5, 5)
    results = table.run(attempt_checks(table.game, crowe, "Combat 30", Purpose.OTHER), "Strength",
                        "Use Crowe's power, shuffle Codex", "Add the Electricity trait")
    assert results[0].total == 5 + 5 + 1 and "Electricity" in results[0].traits
    assert sorted(table.cards(crowe, ZoneKind.DECK)) == sorted(["Codex", *FILLER])
    assert table.cards(crowe, ZoneKind.BURIED) == []


@pytest.mark.rule("FEAT-02")
def test_spirit_guides_draw_box_draws_a_card_after_recharging_a_spell_when_she_defeats_a_bane() -> None:
    table = Table()
    table.location("Armory", ["Dire Rat"])
    shardra = table.character("Shardra", at="Armory", hand=["Mace"], discard=["Cure"], deck=["Codex"],
                              feats=role("Shardra", "Spirit Guide", "recall", "draw"))
    table.dice(8, 6)
    table.run(encounter(table.game, shardra, table.top("Armory")), "Reveal Mace: Strength", "Use Shardra's power")
    assert table.cards(shardra, ZoneKind.DECK) == ["Cure"] and sorted(table.cards(shardra, ZoneKind.HAND)) == [
        "Codex", "Mace"]
