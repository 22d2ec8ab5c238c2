"""The boon, bane and location card files: the suggested decks' boons and the rulebook examples' cards.

These tests read only the card folders of boons, monsters and locations, so that a half-written card of
another type can't hide a problem here. They check what the rulebook fixes about these cards (the checks of
its examples, the Shortbow's power, the Abattoir's and Sacristy's rules) and that every card of the seven
base-set characters' suggested decks exists with the right type (rulebook "Suggested Deck Lists").
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from pacg.cards.checks import Check
from pacg.cards.files import card_file_paths
from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardLibrary
from pacg.cards.model import Bane, Boon, Location
from pacg.cards.powers import (
    AddDice,
    AddModifier,
    AddSkillDice,
    AdjustDifficulty,
    Explore,
    GainCharge,
    MoveCards,
    Power,
    Purpose,
    ReplaceDie,
    Timing,
    UseSkill,
    Whose,
)
from pacg.cards.reading import load_card_file
from pacg.cards.vocabulary import CardAction, CardType
from table import library

FOLDERS = {
    "weapons": CardType.WEAPON,
    "spells": CardType.SPELL,
    "armors": CardType.ARMOR,
    "items": CardType.ITEM,
    "allies": CardType.ALLY,
    "blessings": CardType.BLESSING,
    "monsters": CardType.MONSTER,
    "locations": CardType.LOCATION,
}

# Rulebook, "Suggested Deck Lists", base set characters (cohorts left out: they are not boons).
SUGGESTED_DECKS: dict[str, dict[CardType, list[str]]] = {
    "Alain": {
        CardType.WEAPON: ["Heavy Pick", "Longspear", "Longsword", "Sickle"],
        CardType.ARMOR: ["Helm", "Scale Mail", "Wooden Shield"],
        CardType.ITEM: ["Caltrop Bead", "Ring of Climbing"],
        CardType.ALLY: ["Athlete", "Recruit", "Riding Horse"],
        CardType.BLESSING: ["Blessing of Ascension"] * 3,
    },
    "Balazar": {
        CardType.SPELL: ["Agility", "Brilliance", "Create Pit", "Enchanted Fang", "Glibness"],
        CardType.ARMOR: ["Padded Armor"],
        CardType.ITEM: ["Blood Periapt", "Potion of Beast Skin"],
        CardType.ALLY: ["Blackwing Librarian", "Frilled Lizard", "Vulture"],
        CardType.BLESSING: ["Blessing of Ascension"] * 4,
    },
    "Enora": {
        CardType.SPELL: ["Brilliance", "Create Pit", "Dazzle", "Frigid Blast", "Lightning Touch", "Viper Strike"],
        CardType.ITEM: ["Book of the Loremaster", "Codex", "Sage's Journal"],
        CardType.ALLY: ["Researcher", "Teamster"],
        CardType.BLESSING: ["Blessing of Ascension"] * 4,
    },
    "Harsk": {
        CardType.WEAPON: ["Bolas", "Hand Crossbow", "Javelin", "Shortbow", "Shortbow"],
        CardType.ARMOR: ["Leather Armor", "Wooden Shield"],
        CardType.ITEM: ["Potion of Beast Skin", "Trapsmith Gloves"],
        CardType.ALLY: ["Frog", "Riding Horse"],
        CardType.BLESSING: ["Blessing of Ascension"] * 4,
    },
    "Imrijka": {
        CardType.WEAPON: ["Heavy Pick", "Javelin", "Mace", "Shortbow", "Sickle"],
        CardType.SPELL: ["Detect Demon"],
        CardType.ARMOR: ["Hide Armor"],
        CardType.ITEM: ["Caltrop Bead", "Sage's Journal"],
        CardType.ALLY: ["Researcher"],
        CardType.BLESSING: ["Blessing of Ascension"] * 5,
    },
    "Kyra": {
        CardType.WEAPON: ["Sickle"],
        CardType.SPELL: ["Burst Bonds", "Cure", "Detect Demon", "Fireblade", "Frigid Blast"],
        CardType.ARMOR: ["Scale Mail"],
        CardType.ITEM: ["Holy Water Grenade"],
        CardType.ALLY: ["Blackwing Librarian", "Researcher"],
        CardType.BLESSING: ["Blessing of Ascension"] * 5,
    },
    "Seelah": {
        CardType.WEAPON: ["Longspear", "Longsword", "Mace", "Quarterstaff"],
        CardType.SPELL: ["Cure"],
        CardType.ARMOR: ["Helm", "Scale Mail", "Wooden Shield"],
        CardType.ITEM: ["Holy Water Grenade"],
        CardType.ALLY: ["Recruit", "Riding Horse"],
        CardType.BLESSING: ["Blessing of Ascension"] * 4,
    },
}

EXAMPLE_CARDS = {
    "Quarterstaff of Vaulting": CardType.WEAPON,
    "Dire Rat": CardType.MONSTER,
    "Good Omen": CardType.SPELL,
    "Sacristy": CardType.LOCATION,
    "Abattoir": CardType.LOCATION,
}

# The cards of these folders that are not of the base set: Adventure Deck 1's, and the Character Add-On Deck's.
NOT_BASE_SET = {"Collapsing Bridge": "1", "Mongrel Village": "1", "Sagacity": "C", "Flaming Heavy Pick +1": "C"}

GAME = {"AD": 1, "characters": 2, "local": 2}


@cache
def cards() -> CardLibrary:
    """The boons, monsters and locations of the library."""
    return CardLibrary(card for card in library() if card.type in FOLDERS.values())


def options(check: Check | None) -> list[tuple[tuple[str, ...], int]]:
    """A one-step check as (skills, difficulty) pairs."""
    assert check is not None and len(check.steps) == 1
    return [(option.skills, option.difficulty) for option in check.steps[0].options]


def power_with(powers: list[Power], kind: type) -> Power:
    found = [power for power in powers if power.effect(kind) is not None]
    assert found, f"no power with {kind.__name__}"
    return found[0]


# --- the files -------------------------------------------------------------------------------------------


@pytest.mark.rule("SET-02")
@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_each_folder_holds_cards_of_its_type(folder: str) -> None:
    cards = [load_card_file(path) for path in card_file_paths(DEFAULT_CARD_FOLDER / folder)]
    assert len(cards) > 0
    for card in cards:
        assert card.type == FOLDERS[folder], card.name
        slug = re.sub(r"[^a-z0-9]+", "-", card.name.lower().replace("'", "")).strip("-")
        assert (DEFAULT_CARD_FOLDER / folder / f"{slug}.yaml").is_file(), card.name


@pytest.mark.rule("SET-02")
def test_every_card_says_where_it_comes_from() -> None:
    """Base-set cards but those the card inventory places in Adventure Deck 1 and those only the Character
    Add-On Deck holds (FACTS.md 4)."""
    for card in cards():
        assert card.set == NOT_BASE_SET.get(card.name, card.set) and card.set in ("B", "C", "1"), card.name
        assert card.notes, f"{card.name} has no notes on its sources"
        if card.type is not CardType.LOCATION:
            assert ("Basic" in card.traits) + ("Elite" in card.traits) <= 1, card.name


@pytest.mark.rule("SET-02")
@pytest.mark.parametrize("character", sorted(SUGGESTED_DECKS))
def test_every_suggested_deck_card_exists_with_its_type(character: str) -> None:
    """Each card of the character's suggested deck is a Basic boon of the listed type, with enough copies in
    the box for that deck (Harsk's two Shortbows, Imrijka's five Blessings of Ascension)."""
    for card_type, names in SUGGESTED_DECKS[character].items():
        for name in set(names):
            card = cards().get(name)
            assert isinstance(card, Boon), name
            assert card.type == card_type, f"{name} is a {card.type}, not a {card_type}"
            assert card.is_basic, f"{name} must be Basic to start in a deck (SETUP-01)"
            assert card.copies >= names.count(name), name
            assert card.check_to_acquire is not None, name


@pytest.mark.rule("SET-02")
def test_the_rulebook_examples_cards_exist() -> None:
    for name, card_type in EXAMPLE_CARDS.items():
        assert cards().get(name).type == card_type


@pytest.mark.rule("SET-02")
def test_basic_and_elite_traits() -> None:
    assert "Elite" in cards().get("Quarterstaff of Vaulting").traits
    good_omen = cards().get("Good Omen")
    assert not good_omen.is_basic and "Elite" not in good_omen.traits
    assert cards().get("Blessing of Ascension").copies == 35


# --- the rulebook's checks -------------------------------------------------------------------------------


@pytest.mark.rule("CHK-02")
def test_quarterstaff_of_vaulting_check_to_acquire() -> None:
    """Strength or Melee 9, or Acrobatics 6: one step with two options (Seelah's example)."""
    staff = cards().get("Quarterstaff of Vaulting")
    assert str(staff.check_to_acquire) == "Strength or Melee 9 or Acrobatics 6"
    assert options(staff.check_to_acquire) == [(("Strength", "Melee"), 9), (("Acrobatics",), 6)]


@pytest.mark.rule("CHK-02")
def test_dire_rat_check_to_defeat() -> None:
    """Combat 8, or Dexterity or Stealth 6; an Animal with the Basic trait (Harsk's example)."""
    rat = cards().get("Dire Rat")
    assert isinstance(rat, Bane) and rat.is_monster
    assert {"Animal", "Basic"} <= set(rat.traits)
    assert str(rat.check_to_defeat) == "Combat 8 or Dexterity or Stealth 6"
    assert options(rat.check_to_defeat) == [(("Combat",), 8), (("Dexterity", "Stealth"), 6)]
    assert rat.check_to_defeat.steps[0].options[0].is_combat


@pytest.mark.rule("SET-02")
def test_shortbow_reveals_for_dexterity_or_ranged_and_1d6() -> None:
    bow = cards().get("Shortbow")
    power = power_with(bow.powers, UseSkill)
    assert power.when is Timing.CHECK and power.action is CardAction.REVEAL
    assert power.whose is Whose.YOUR and power.conditions.check == "combat"
    assert power.effect(UseSkill).use_skill == ("Dexterity", "Ranged")
    dice = power.effect(AddDice).add_dice
    assert dice.dice == ((1, 6),) and dice.bonus.evaluate(GAME) == 0


@pytest.mark.rule("SET-02")
def test_weapons_set_the_skill_on_combat_checks_only() -> None:
    for card in cards().of_type(CardType.WEAPON):
        skill_powers = [power for power in card.powers if power.effect(UseSkill) is not None]
        assert len(skill_powers) == 1, card.name
        assert skill_powers[0].action is CardAction.REVEAL and skill_powers[0].conditions.check == "combat"


@pytest.mark.rule("SET-02")
def test_good_omen_adds_one_plus_the_adventure_deck_number() -> None:
    """Imrijka plays Good Omen on her Divine 7 check to close the Sacristy: +2 in the first adventure."""
    omen = cards().get("Good Omen")
    power = power_with(omen.powers, AddModifier)
    assert power.action is CardAction.DISCARD and power.whose in (Whose.YOUR, Whose.LOCAL, Whose.ANY)
    assert Purpose.CLOSE in (power.conditions.purpose or [Purpose.CLOSE])
    assert power.effect(AddModifier).add_modifier.evaluate({**GAME, "AD": 1}) == 2
    assert power.effect(AddModifier).add_modifier.evaluate({**GAME, "AD": 0}) == 1
    assert power.recharge_check is not None and power.recharge_check.banish_without_skill


@pytest.mark.rule("SET-02")
def test_blessing_of_ascension() -> None:
    """Discard to add a die of the check's type to any check, or to explore; plus its mythic powers."""
    blessing = cards().get("Blessing of Ascension")
    assert options(blessing.check_to_acquire) == [(("Charisma",), 6), (("Divine",), 5)]
    dice = power_with(blessing.powers, AddSkillDice)
    assert dice.action is CardAction.DISCARD and dice.whose is Whose.ANY
    assert dice.effect(AddSkillDice).add_skill_dice == 1
    explore = power_with(blessing.powers, Explore)
    assert explore.action is CardAction.DISCARD and explore.when is Timing.EXPLORE
    assert power_with(blessing.powers, GainCharge).action is CardAction.DISCARD


@pytest.mark.rule("CHK-02")
def test_spell_recharge_checks_parse_and_banish_without_the_skill() -> None:
    for spell in cards().of_type(CardType.SPELL):
        assert {"Arcane", "Divine"} & set(spell.traits), spell.name
        for power in spell.powers:
            if power.recharge_check is not None:
                assert power.recharge_check.banish_without_skill, spell.name


# --- the rulebook's locations ----------------------------------------------------------------------------


@pytest.mark.rule("LOC-01")
def test_abattoir_raises_every_check_to_defeat_by_the_characters_in_the_game() -> None:
    abattoir = cards().typed("Abattoir", Location)
    assert abattoir.deck[CardType.MONSTER] == 4 and abattoir.deck[CardType.BARRIER] == 2
    assert abattoir.deck[CardType.WEAPON] == 3 and sum(abattoir.deck.values()) == 9
    power = power_with(abattoir.at_this_location, AdjustDifficulty)
    assert not power.optional and power.when is Timing.CHECK
    assert power.conditions.purpose == (Purpose.DEFEAT,)
    amount = power.effect(AdjustDifficulty).adjust_difficulty
    assert amount.evaluate({**GAME, "characters": 2, "local": 1}) == 2  # all characters, not just local ones
    assert amount.evaluate({**GAME, "characters": 4, "local": 1}) == 4
    assert len(abattoir.when_closing) >= 1


@pytest.mark.rule("LOC-01")
def test_sacristy_closing_options() -> None:
    """When Closing: discard a card with the Divine trait, or succeed at a Divine 7 check (CLOSE-02)."""
    sacristy = cards().typed("Sacristy", Location)
    assert len(sacristy.when_closing) == 2
    discard, check = sacristy.when_closing
    assert discard.check is None and discard.cost is not None
    assert discard.cost.action is CardAction.DISCARD and discard.cost.card.traits == ("Divine",)
    assert check.cost is None and options(check.check) == [(("Divine",), 7)]
    assert not any(option.automatic for option in sacristy.when_closing)


@pytest.mark.rule("LOC-01")
def test_sacristy_permanently_closed_draws_a_buried_card() -> None:
    sacristy = cards().typed("Sacristy", Location)
    (power,) = sacristy.when_permanently_closed
    draw = power.effect(MoveCards)
    assert draw.move_cards == "hand" and draw.source == "buried"
    assert not draw.random and draw.count.evaluate(GAME) == 1  # one card, of your choice (DRAW-01)


@pytest.mark.rule("LOC-01")
def test_sacristy_rolls_your_divine_die_to_acquire_a_boon() -> None:
    sacristy = cards().typed("Sacristy", Location)
    power = power_with(sacristy.at_this_location, ReplaceDie)
    assert power.effect(ReplaceDie).replace_die == "Divine"
    assert power.conditions.purpose == (Purpose.ACQUIRE,) and power.whose is Whose.YOUR
    deck = {CardType.WEAPON: 1, CardType.SPELL: 2, CardType.ARMOR: 1, CardType.ITEM: 4, CardType.BLESSING: 1}
    assert {kind: count for kind, count in sacristy.deck.items() if count} == deck
