"""A card's readable text is generated from its data (DESIGN.md section 2; rules.md SET-02, CHK-02).

Powers are built here from their file form, so the expected sentences don't depend on the card library;
the last tests read the real card files if there are any.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardFileError, load_library
from pacg.cards.model import Bane, Boon, Character, Location, Scenario
from pacg.cards.powers import EFFECT_MODELS, Amount, DiceAmount, Power
from pacg.cards.text import card_summary, card_text, power_text


def power(**fields: Any) -> Power:
    return TypeAdapter(Power).validate_python(fields)


# --- amounts and single effects --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "text"),
    [
        (3, "3"),
        ("1 + AD", "1 + the adventure deck number"),
        ("AD", "the adventure deck number"),
        ("2*AD", "twice the adventure deck number"),
        ("characters", "the number of characters in the game"),
        ("3*local + 1", "1 + 3 times the number of characters at the location"),
    ],
)
def test_amounts_read_in_words(written: int | str, text: str) -> None:
    assert Amount.parse(written).text() == text


@pytest.mark.parametrize(
    ("written", "text"),
    [("1d6", "1d6"), ("2d4", "2d4"), ("1d4+1", "1d4+1"), ("1d8 + AD", "1d8 + the adventure deck number")],
)
def test_dice_read_as_printed(written: str, text: str) -> None:
    assert DiceAmount.parse(written).text() == text


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        ({"add_dice": "1d6"}, "add 1d6"),
        ({"add_skill_dice": 1}, "add 1 die of the type the check rolls"),
        ({"add_skill_dice": 2}, "add 2 dice of the type the check rolls"),
        ({"use_skill": ["Dexterity", "Ranged"]}, "use your Dexterity or Ranged skill"),
        ({"use_skill": ["Arcane", "Divine", "Wisdom"]}, "use your Arcane, Divine or Wisdom skill"),
        ({"adjust_difficulty": "characters"}, "the difficulty is increased by the number of characters in the game"),
        ({"adjust_difficulty": -2}, "the difficulty is reduced by 2"),
        ({"add_modifier": "1 + AD"}, "add 1 + the adventure deck number"),
        ({"add_traits": ["Magic"]}, "add the Magic trait to the check"),
        ({"reduce_damage": 2, "types": ["Fire", "Cold"]}, "reduce Fire or Cold damage by 2"),
        ({"reduce_damage": "all"}, "reduce all damage to 0"),
        ({"draw": 1}, "draw a card"),
        ({"draw": 2}, "draw 2 cards"),
        ({"examine": 1}, "examine the top card of your location deck"),
        ({"gain_charge": 1}, "gain a mythic charge"),
        ({"replace_die": "Divine"}, "roll your Divine die instead of the check's die"),
        ({"reroll": True}, "reroll the dice"),
        ({"explore": True}, "explore again"),
        ({"deal_damage": "1d4+1", "to": "each local"}, "each character at your location is dealt 1d4+1 Combat damage"),
        ({"deal_damage": 1, "type": "Fire"}, "you are dealt 1 Fire damage"),
        ({"place_encountered": "top"}, "put the card you are encountering on top of its location deck"),
        ({"place_encountered": "bottom"}, "put the card you are encountering at the bottom of its location deck"),
        ({"move_cards": "discard", "source": "top of deck"}, "discard the top card of your deck"),
        ({"move_cards": "discard", "source": "top of deck", "count": 2}, "discard the top 2 cards of your deck"),
        ({"move_cards": "hand", "source": "buried"}, "put a card from your buried cards into your hand"),
        ({"summon": "Ulkreth"}, "summon and encounter an Ulkreth"),
        ({"summon": "Fiendish Tree", "who": "each local"},
         "each character at your location summons and encounters a Fiendish Tree"),
        ({"roll_die": 20, "at_least": 20, "then": [{"explore": True}]}, "roll 1d20; on a 20, explore again"),
        ({"roll_die": 6, "at_least": 4, "then": [{"explore": True}]}, "roll 1d6; on a 4 or more, explore again"),
        ({"close_location": True}, "you may attempt to close your location"),
    ],
)
def test_each_effect_says_its_phrase(effect: dict[str, Any], text: str) -> None:
    built = power(when="check", effects=[effect]).effects[0]
    assert built.text() == text


def test_every_effect_primitive_has_text() -> None:
    missing = [key for key, model in EFFECT_MODELS.items() if not callable(getattr(model, "text", None))]
    assert not missing, f"effect classes without text(): {missing}"


# --- whole paragraphs -------------------------------------------------------------------------------------


def test_a_played_weapon_power() -> None:
    text = power_text(
        power(
            when="check",
            action="reveal",
            **{"if": {"check": "combat"}},
            effects=[{"use_skill": ["Dexterity", "Ranged"]}, {"add_dice": "1d6"}],
        )
    )
    assert text == "On your combat check: reveal this card to use your Dexterity or Ranged skill and add 1d6."


def test_a_mandatory_paragraph_says_always() -> None:
    text = power_text(
        power(when="check", optional=False, **{"if": {"against": {"traits": ["Animal", "Vermin"]}}},
              effects=[{"add_dice": "1d4"}])
    )
    assert text == "Always, on checks against cards with the Animal or Vermin trait: add 1d4."


def test_a_blessing_on_any_check() -> None:
    text = power_text(power(when="check", whose="any", action="discard", effects=[{"add_skill_dice": 1}]))
    assert text == "On any check: discard this card to add 1 die of the type the check rolls."


def test_a_cost_with_a_card_filter() -> None:
    text = power_text(
        power(when="check", cost={"action": "recharge", "card": {"traits": ["Divine", "Ranged"]}},
              effects=[{"add_dice": "1d4"}])
    )
    assert text == "On your check: recharge a card with the Divine or Ranged trait to add 1d4."


def test_a_cost_from_the_top_of_the_deck_and_from_the_discard_pile() -> None:
    top = power(when="check", cost={"action": "bury", "source": "top of deck"}, effects=[{"add_dice": "1d6"}])
    assert power_text(top) == "On your check: bury the top card of your deck to add 1d6."
    pile = power(when="check", cost={"action": "banish", "card": {"types": ["spell"]}, "source": "discard pile"},
                 effects=[{"draw": 1}])
    assert power_text(pile) == "On your check: banish a spell from your discard pile to draw a card."


def test_a_difficulty_change_after_playing_reads_as_a_verb() -> None:
    text = power_text(power(when="check", action="discard", effects=[{"adjust_difficulty": -2}]))
    assert text == "On your check: discard this card to reduce the difficulty by 2."


def test_whose_check_and_check_conditions() -> None:
    text = power_text(
        power(when="check", whose="local", action="recharge",
              **{"if": {"skills": ["Arcane", "Divine"], "check": "noncombat", "purpose": ["acquire"]}},
              effects=[{"add_dice": "1d4"}])
    )
    assert text == (
        "On an Arcane or Divine noncombat check by any character at your location to acquire: "
        "recharge this card to add 1d4."
    )
    another = power_text(power(when="check", whose="another", action="discard", effects=[{"add_dice": "1d8"}]))
    assert another == "On another character's check: discard this card to add 1d8."


def test_a_check_to_defeat_names_the_card_it_is_against() -> None:
    text = power_text(
        power(when="check", action="discard", **{"if": {"purpose": ["defeat"], "against": {"types": ["barrier"],
              "traits": ["Trap"]}}}, effects=[{"add_dice": "1d8"}])
    )
    assert text == "On your check to defeat a barrier with the Trap trait: discard this card to add 1d8."
    each_turn = power(when="turn end", whose="any", optional=False, **{"if": {"displaying": "this card"}},
                      effects=[{"draw": 1}])
    assert power_text(each_turn) == "Always, at the end of each turn, if you have this card displayed: draw a card."


def test_other_conditions_follow_the_moment() -> None:
    text = power_text(
        power(when="damage", action="recharge", **{"if": {"proficient": "Light Armors"}},
              effects=[{"reduce_damage": 1, "types": ["Combat"]}])
    )
    assert text == "When you are dealt damage, if you are proficient with Light Armors: recharge this card to " \
                   "reduce Combat damage by 1."


def test_encounter_and_turn_moments() -> None:
    evade = power(when="on encounter", action="bury", **{"if": {"against": {"types": ["monster"]}}},
                  effects=[{"evade": True}])
    assert power_text(evade).startswith("When you encounter a monster: bury this card to evade")
    turn = power(when="turn start", optional=False, effects=[{"examine": 1}])
    assert power_text(turn) == "Always, at the start of your turn: examine the top card of your location deck."


@pytest.mark.rule("CHK-02")
def test_a_recharge_check_is_said_after_the_power() -> None:
    text = power_text(
        power(when="check", action="discard", effects=[{"add_dice": "2d4"}],
              recharge_check={"check": "Arcane or Divine 6", "banish_without_skill": True})
    )
    assert text == (
        "On your check: discard this card to add 2d4. After playing this card, you may attempt an Arcane or "
        "Divine 6 check to recharge it; if you have no Arcane or Divine skill, banish it instead."
    )


def test_power_feat_boxes_are_shown_in_brackets() -> None:
    plain = {"when": "check", "optional": False, "if": {"against": {"traits": ["Animal"]}}}
    text = power_text(
        power(**plain, effects=[{"add_dice": "1d4"}],
              feats=[{"box": "2d4", "power": {**plain, "effects": [{"add_dice": "2d4"}]}}])
    )
    assert text == (
        "Always, on checks against cards with the Animal trait: add 1d4. "
        "[feat 2d4: Always, on checks against cards with the Animal trait: add 2d4.]"
    )


# --- whole cards ------------------------------------------------------------------------------------------

HERO = {
    "name": "Test Hero",
    "type": "character",
    "set": "B",
    "traits": ["Female", "Human"],
    "provenance": "standin",
    "skills": {
        "Strength": {"die": "d8", "feats": 4, "derived": {"Melee": 3}},
        "Dexterity": {"die": "d6"},
        "Constitution": {"die": "d6"},
        "Intelligence": {"die": "d6"},
        "Wisdom": {"die": "d8"},
        "Charisma": {"die": "d4"},
    },
    "hand_size": {"start": 5, "feats": 2},
    "proficiencies": [{"name": "Light Armors"}, {"name": "Heavy Armors", "feat": True}],
    "favored": ["weapon"],
    "cards_list": {"weapon": {"start": 4, "feats": 2}, "blessing": {"start": 4}},
    "cohort": "Test Pony",
    "powers": [{"when": "turn end", "optional": False, "effects": [{"draw": 1}]}],
    "roles": [{"name": "Test Role", "hand_size": {"start": 5, "feats": 3},
               "powers": [{"when": "check", "action": "discard", "effects": [{"add_dice": "1d6"}]}]}],
}


@pytest.mark.rule("SET-02")
def test_a_characters_text() -> None:
    text = card_text(Character.model_validate(HERO))
    lines = text.splitlines()
    assert lines[0] == "Test Hero"
    assert lines[1] == "Character · set B · 1 copy"
    assert "Traits: Female, Human" in lines
    assert "Provenance: STAND-IN" in text
    assert "  Strength d8 [□ +1 +2 +3 +4]; Melee: Strength +3" in lines
    assert "Hand size: 5 [□ 6 7]" in lines
    assert "Proficient with: Light Armors, [□ Heavy Armors]" in lines
    assert "Favored card type: Weapon" in lines
    assert "Cards List: Weapon 4 [□ 5 6], Blessing 4" in lines
    assert "Cohort: Test Pony" in lines
    assert "  Always, at the end of your turn: draw a card." in lines
    assert "Role: Test Role" in lines
    assert "  Hand size: 5 [□ 6 7 8]" in lines
    role_powers = lines[lines.index("Role: Test Role") + 2:]
    assert role_powers == ["  Powers:", "    On your check: discard this card to add 1d6."]


@pytest.mark.rule("SET-02")
def test_a_boons_and_a_banes_text() -> None:
    bow = Boon.model_validate({
        "name": "Test Bow", "type": "weapon", "set": "1", "traits": ["Basic", "Bow"], "copies": 2,
        "provenance": "published", "check_to_acquire": "Dexterity or Ranged 6",
        "powers": [{"when": "check", "action": "reveal", "effects": [{"add_dice": "1d6"}]}],
    })
    text = card_text(bow)
    assert text.splitlines()[:4] == ["Test Bow", "Weapon · set 1 · Basic · 2 copies", "Traits: Basic, Bow",
                                     "Provenance: published"]
    assert "Check to acquire: Dexterity or Ranged 6" in text
    assert "  On your check: reveal this card to add 1d6." in text

    rat = Bane.model_validate({
        "name": "Test Rat", "type": "henchman", "set": "B", "traits": ["Elite", "Animal"], "provenance": "standin",
        "check_to_defeat": "Wisdom 10 or Combat 13 then Combat 15", "immunities": ["Poison"],
    })
    text = card_text(rat)
    assert "Henchman · set B · Elite · 1 copy" in text
    assert "Counts as: Monster" in text
    assert "Check to defeat: Wisdom 10 or Combat 13 then Combat 15" in text
    assert "Immunities: Poison" in text


@pytest.mark.rule("SET-02")
def test_a_locations_text() -> None:
    chapel = Location.model_validate({
        "name": "Test Chapel", "type": "location", "set": "B", "provenance": "standin",
        "deck": {"monster": 2, "blessing": 3},
        "at_this_location": [{"when": "check", "optional": False, "effects": [{"adjust_difficulty": 1}]}],
        "when_closing": [{"cost": {"action": "discard", "card": {"traits": ["Divine"]}}}, {"check": "Divine 7"}],
        "when_permanently_closed": [{"when": "closing", "optional": False, "effects": [{"draw": 1}]}],
    })
    lines = card_text(chapel).splitlines()
    assert "Deck: Monster 2, Blessing 3" in lines
    assert lines[lines.index("At This Location:") + 1] == "  Always, on checks: the difficulty is increased by 1."
    assert "When Closing: Discard a card with the Divine trait or succeed at a Divine 7 check." in lines
    assert lines[lines.index("When Permanently Closed:") + 1].endswith(": draw a card.")


@pytest.mark.rule("SET-02")
def test_a_scenarios_text() -> None:
    outing = Scenario.model_validate({
        "name": "Test Outing", "type": "scenario", "set": "1", "provenance": "standin",
        "villains": ["Test Villain"], "henchmen": ["Test Rat", "Test Bat"],
        "locations": {1: ["A", "B", "C"], 2: ["D"]}, "cohorts": ["Test Pony"],
        "reward": {"text": "Each character gains a skill feat.", "feat": "skill"},
    })
    lines = card_text(outing).splitlines()
    assert "Villain: Test Villain" in lines
    assert "Henchmen: Test Rat, Test Bat" in lines
    assert lines[lines.index("Locations:") + 1: lines.index("Locations:") + 3] == ["  1 player: A, B, C",
                                                                                    "  2 players: + D"]
    assert "Cohorts: Test Pony" in lines
    assert any(line.startswith("Reward: Each character gains a skill feat.") for line in lines)


def test_card_summary_is_plain_data() -> None:
    summary = card_summary(Character.model_validate(HERO))
    assert summary["name"] == "Test Hero"
    assert summary["type"] == "character"
    assert summary["set"] == "B"
    assert summary["traits"] == ["Female", "Human"]
    assert summary["copies"] == 1
    assert summary["provenance"] == "standin"
    assert summary["powers"] == ["Always, at the end of your turn: draw a card."]


# --- the real card files, if any ------------------------------------------------------------------------


def _library():
    try:
        library = load_library(DEFAULT_CARD_FOLDER)
    except CardFileError as error:
        pytest.skip(f"the built-in card files don't load yet:\n{error}")
    if not len(library):
        pytest.skip("no card files in the built-in library yet")
    return library


def test_every_real_card_has_text_that_names_it_and_its_provenance() -> None:
    for card in _library():
        text = card_text(card)
        assert text.splitlines()[0] == card.name
        assert ("STAND-IN" in text) == (card.provenance == "standin"), card.name
        for paragraph in getattr(card, "powers", []):
            sentence = power_text(paragraph)
            sentence_proper = sentence.split("] ", 1)[1] if sentence.startswith("[feat ") else sentence
            assert sentence_proper[0].isupper(), sentence
            assert ": " in sentence and sentence.endswith((".", "]")), sentence
            assert sentence in text


def test_known_real_cards_read_as_the_rulebook_describes_them() -> None:
    library = _library()
    bow = library.find("Shortbow")
    if bow is None:
        pytest.skip("no Shortbow in the library yet")
    assert "use your Dexterity or Ranged skill and add 1d6" in card_text(bow)
