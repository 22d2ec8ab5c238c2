"""A card's readable text is generated from its data (DESIGN.md section 2; rules.md SET-02, CHK-02).

Powers are built here from their file form, so the expected sentences don't depend on the card library;
the last tests read the real card files if there are any.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import TypeAdapter

from pacg.cards.loader import DEFAULT_CARD_FOLDER, CardFileError, load_library
from pacg.cards.model import Bane, Boon, Character, Location, Scenario
from pacg.cards.powers import EFFECT_MODELS, Amount, Conditions, Power, Timing
from pacg.cards.powers.sentence import CONDITION_WORDS, MOMENT_WORDS, WINDOW_CONDITIONS
from pacg.cards.text import Reading, card_sections, card_summary, card_text, effect_text, power_text


def power(**fields: Any) -> Power:
    return TypeAdapter(Power).validate_python(fields)


# --- amounts and single effects --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "text"),
    [
        (3, "3"),
        ("1 + AD", "1 plus the adventure deck number"),
        ("AD", "the adventure deck number"),
        ("2*AD", "twice the adventure deck number"),
        ("characters", "the number of characters in the game"),
        ("3*local + 1", "1 plus 3 times the number of characters at your location"),
    ],
)
def test_amounts_read_in_words(written: int | str, text: str) -> None:
    assert Amount.parse(written).text() == text


@pytest.mark.parametrize(
    ("written", "text"),
    [("1d6", "1d6"), ("2d4", "2d4"), ("1d4+1", "1d4+1"), ("1d8 + AD", "1d8 plus the adventure deck number")],
)
def test_dice_read_as_printed(written: str, text: str) -> None:
    assert Amount.parse(written).text() == text


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
        ({"add_modifier": "1 + AD"}, "add 1 plus the adventure deck number"),
        ({"add_traits": ["Magic"]}, "add the Magic trait to the check"),
        ({"reduce_damage": 2, "types": ["Fire", "Cold"]}, "reduce Fire or Cold damage by 2"),
        ({"reduce_damage": "all"}, "reduce all damage to 0"),
        ({"reduce_damage_to": 1, "types": ["Combat"]}, "reduce Combat damage to 1"),
        ({"halve_damage": "rounded up"}, "the damage is halved, rounded up"),
        ({"build_location": "Maze"}, "summon and build the Maze"),
        ({"move": "you", "to": "Maze"}, "move to the Maze"),
        ({"change_damage_type": "Fire", "types": ["Combat"]}, "the Combat damage dealt to you becomes Fire damage"),
        ({"change_damage_type": "Cold"}, "the damage dealt to you becomes Cold damage"),
        ({"draw": 1}, "draw a card"),
        ({"draw": 2}, "draw 2 cards"),
        ({"examine": 1}, "examine the top card of your location deck"),
        ({"gain_charge": 1}, "gain a mythic charge"),
        ({"replace_die": "Divine"}, "roll your Divine die instead of the check's die"),
        ({"replace_highest_die": 20}, "replace your highest die with a d20"),
        ({"reroll": True}, "reroll the dice"),
        ({"explore": True}, "explore again"),
        ({"deal_damage": "1d4+1", "to": "each local"}, "each character at your location is dealt 1d4+1 Combat damage"),
        ({"deal_damage": 1, "type": "Fire"}, "you are dealt 1 Fire damage"),
        ({"place_encountered": "top"}, "put the card you are encountering on top of its location deck"),
        ({"place_encountered": "bottom"}, "put the card you are encountering at the bottom of its location deck"),
        ({"move_cards": "discard", "source": "top of deck"}, "discard the top card of your deck"),
        ({"move_cards": "discard", "source": "top of deck", "count": 2}, "discard the top 2 cards of your deck"),
        ({"move_cards": "hand", "source": "buried"}, "put a card from your buried cards into your hand"),
        ({"move_cards": "shuffle into deck", "source": "discard pile", "random": True, "chosen_type": True},
         "shuffle a random card of a type you choose from your discard pile into your deck"),
        ({"summon": "Ulkreth"}, "summon and encounter an Ulkreth"),
        ({"summon": "Fiendish Tree", "who": "each local"},
         "each character at your location summons and encounters a Fiendish Tree"),
        ({"roll_die": 20, "at_least": 20, "then": [{"explore": True}]}, "roll 1d20; on a 20, explore again"),
        ({"roll_die": 6, "at_least": 4, "then": [{"explore": True}]}, "roll 1d6; on a 4 or more, explore again"),
        ({"close_location": True}, "you may attempt to close your location"),
        ({"close_location": "automatic"}, "let the character who defeated it close its location automatically"),
        ({"close_after_encounter": True}, "after the encounter, the location closes"),
        ({"dies": "you"}, "you die"),
        ({"dies": "each local"}, "each character at your location dies"),
        ({"shuffle_into_blessings_deck": "Khorramzadeh"},
         "shuffle Khorramzadeh from the box into the blessings deck"),
        ({"shuffle_into_blessings_deck": "top of blessings discard"},
         "shuffle the top card of the blessings discard pile into the blessings deck"),
        ({"exchange_from_box": {"types": ["blessing"], "traits": ["Corrupted"]}},
         "exchange it for a random blessing with the Corrupted trait from the box"),
        ({"deal_damage": 2, "type": "Fire", "to": "each character at a random location"},
         "each character at a random location is dealt 2 Fire damage"),
        ({"instead": "hand", "cards": {"types": ["armor"]}, "healed_by": {"traits": ["Healing"]}},
         "put armors that a card with the Healing trait you play would shuffle from a discard pile into a deck into "
         "their owner's hand instead"),
        ({"instead": "banish", "cards": {"types": ["spell"], "traits": ["Attack"]}},
         "banish a spell with the Attack trait you play instead of putting it where its power says"),
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


@pytest.mark.rule("LOOT-01")
@pytest.mark.parametrize("loot", [[], ["loot"]])
def test_a_card_filter_of_every_boon_type_reads_a_boon_with_or_without_loot(loot: list[str]) -> None:
    """Loot counts as its listed type, so the six other boon types are every boon, and so are all seven."""
    boons = ["weapon", "spell", "armor", "item", "ally", "blessing", *loot]
    text = power_text(
        power(when="any time", cost={"action": "discard", "card": {"types": boons, "not_traits": ["Attack"]}},
              effects=[{"draw": 1}])
    )
    assert text == "At any time: discard a boon without the Attack trait to draw a card."


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
    each_turn = power(when="turn end", whose="any", optional=False, effects=[{"draw": 1}], **{"while": "displayed"})
    assert power_text(each_turn) == "While this card is displayed, always, at the end of each turn: draw a card."


def test_damage_taken_as_a_cost_reads_as_what_you_do_to_use_the_power() -> None:
    taken = power(when="damage", whose="local", cost={"damage": 1}, effects=[{"reduce_damage": 2}])
    assert power_text(taken) == ("When any character at your location is dealt damage: take 1 Combat damage to "
                                 "reduce all damage by 2.")


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


@pytest.mark.rule("LOOT-01")
@pytest.mark.rule("OWN-01")
def test_a_loot_cards_and_an_owned_cards_text() -> None:
    prism = Boon.model_validate({"name": "Test Prism", "type": "loot", "loot_type": "item", "set": "B",
                                 "provenance": "standin"})
    assert card_text(prism).splitlines()[3:] == ["Counts as: Item", "Check to acquire: none; it is acquired "
                                                                     "automatically"]
    charm = Boon.model_validate({"name": "Test Charm", "type": "item", "set": "B", "traits": ["Owner"],
                                 "owner": "Kyra", "provenance": "standin", "check_to_acquire": "Wisdom 6"})
    assert card_text(charm).splitlines()[4:] == ["Owner: Kyra (Basic for Kyra alone)", "Check to acquire: Wisdom 6"]


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
    assert lines[lines.index("At This Location:") + 1] == "  On checks: the difficulty is increased by 1."
    assert "When Closing: Discard a card with the Divine trait or succeed at a Divine 7 check." in lines
    assert lines[lines.index("When Permanently Closed:") + 1] == "  Draw a card."


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
        for title, paragraphs in card_sections(card):
            assert f"{title}:" in text.splitlines() or f"  {title}:" in text.splitlines(), (card.name, title)
            for sentence in paragraphs:
                sentence_proper = sentence.split("] ", 1)[1] if sentence.startswith("[feat ") else sentence
                assert sentence_proper[0].isupper(), sentence
                assert sentence.endswith((".", "]")), sentence
                assert sentence in text


def test_known_real_cards_read_as_the_rulebook_describes_them() -> None:
    library = _library()
    bow = library.find("Shortbow")
    if bow is None:
        pytest.skip("no Shortbow in the library yet")
    assert "use your Dexterity or Ranged skill and add 1d6" in card_text(bow)


# --- no Python in any card's text ------------------------------------------------------------------------

_PYTHON = re.compile(
    r"[<>{}=_\"()]|\b(None|True|False|stated)\b|CardFilter|CardType|Timing|Whose|Purpose|\[(?!feat |□ )"
)


def python_artifacts(text: str) -> list[str]:
    """The lines of generated card text that show Python data (a repr, a field name, None) rather than words.
    A card's notes are written by hand, the provenance line is fixed words, and a check of "None" is the
    printed word; a reward's extras are in parentheses."""
    found = []
    for line in text.splitlines():
        if line.startswith(("Notes: ", "Provenance: ")) or line in ("Check to acquire: None", "Check to defeat: None"):
            continue
        if line.startswith("Reward: "):
            line = re.sub(r" \(([^()]*)\)$", r" \1", line)
        if _PYTHON.search(line):
            found.append(line)
    return found


def test_python_artifacts_are_found() -> None:
    assert python_artifacts("  On your check, if stated: (('played', [CardFilter(types=[<CardType.WEAPON")
    assert python_artifacts("  if not_played: None")
    assert not python_artifacts("Check to acquire: None\n  [feat +1: On your check: add 1.] [□ 6 7]")


def _touch_cached_conditions(power: Power) -> None:
    """What the engine does while a game runs: its cached list of stated conditions is then in the model."""
    power.conditions.stated  # noqa: B018
    for feat in power.feats:
        _touch_cached_conditions(feat.power)


def _all_powers(card: Any) -> list[Power]:
    powers = [*getattr(card, "powers", []), *getattr(card, "at_this_location", []),
              *getattr(card, "when_permanently_closed", [])]
    return powers + [power for role in getattr(card, "roles", []) for power in role.powers]


def test_no_real_card_text_shows_python_data_even_in_a_game() -> None:
    for card in _library():
        for paragraph in _all_powers(card):
            _touch_cached_conditions(paragraph)
        summary = card_summary(card)
        text = "\n".join([card_text(card), *summary.get("powers", [])])
        assert not python_artifacts(text), (card.name, python_artifacts(text))


def test_a_conditions_cached_stated_list_is_not_a_condition() -> None:
    paragraph = power(when="check", action="discard", **{"if": {"check": "combat", "played": [{"types": ["weapon"]}]}},
                      effects=[{"add_dice": "1d6"}])
    before = power_text(paragraph)
    _touch_cached_conditions(paragraph)
    assert power_text(paragraph) == before == (
        "On your combat check, if a weapon was played on the check: discard this card to add 1d6."
    )


# One sample of every condition that is not part of a power's moment, and the words it reads as.
CONDITION_SAMPLES: dict[str, tuple[Any, str]] = {
    "proficient": ("Weapons", "if you are proficient with Weapons"),
    "not_proficient": ("Heavy Armors", "if you are not proficient with Heavy Armors"),
    "displaying": ({"types": ["spell"]}, "if you have a spell displayed"),
    "location": ({"traits": ["Abyssal"]}, "at a location with the Abyssal trait"),
    "turn": ("first exploration", "on the first exploration of your turn"),
    "max_difficulty": (12, "if its highest difficulty is 12 or less"),
    "played": ([{"types": ["weapon"]}], "if a weapon was played on the check"),
    "not_played": ([{"traits": ["Attack"]}], "unless a card with the Attack trait was played on the check"),
    "after_roll": ("failed", "after the roll, if the check failed"),
    "mythic_charges": (2, "if you have at least 2 mythic charges"),
    "margin": ("4 + AD", "if the check succeeded or failed by at least 4 plus the adventure deck number"),
    "blessings_discard": ({"traits": ["Pulura"]}, "if the top card of the blessings discard pile has the Pulura trait"),
    "played_as_blessings_discard": (True, "if the card played has the same name as the top card of the blessings "
                                            "discard pile"),
    "during": (["before acting"], "before you act"),
    "character_traits": (["Dwarf"], "if your character has the Dwarf trait"),
    "summoned": (True, "if it was summoned"),
    "alone": (True, "if you are the only character at your location"),
    "adventure_deck": (3, "if the adventure deck number is 3 or more"),
    "played_action": (["discard"], "if a card was discarded for its power"),
    "role": (["Eidolomancer"], "if your role is Eidolomancer"),
    "any_of": ([{"proficient": "Weapons"}, {"mythic_charges": 1}],
               "if you are proficient with Weapons or you have at least 1 mythic charge"),
    "none_of": ([{"location": {"traits": ["Abyssal"]}}], "unless at a location with the Abyssal trait"),
}


def test_every_condition_of_the_power_language_has_words() -> None:
    assert set(Conditions.model_fields) == WINDOW_CONDITIONS | set(CONDITION_WORDS)
    assert set(CONDITION_SAMPLES) == set(CONDITION_WORDS), "add a sample for each new condition"
    for name, (value, words) in CONDITION_SAMPLES.items():
        text = power_text(power(when="check", action="discard", **{"if": {name: value}}, effects=[{"draw": 1}]))
        assert words in text, (name, text)
        assert not python_artifacts(text), text


def test_every_moment_of_the_power_language_has_words() -> None:
    assert set(MOMENT_WORDS) == set(Timing)
    for timing in Timing:
        text = power_text(power(when=timing, action="discard", effects=[{"draw": 1}]))
        assert text.endswith(": discard this card to draw a card."), text
        assert not python_artifacts(text), text


# One sample of every effect primitive.
EFFECT_SAMPLES: dict[str, dict[str, Any]] = {
    "use_skill": {"use_skill": ["Arcane"]},
    "add_dice": {"add_dice": "1d6"},
    "add_skill_dice": {"add_skill_dice": 1},
    "add_skill": {"add_skill": ["Diplomacy"]},
    "add_modifier": {"add_modifier": "1 + AD"},
    "add_traits": {"add_traits": ["Magic"]},
    "adjust_difficulty": {"adjust_difficulty": -2},
    "replace_die": {"replace_die": "Divine"},
    "replace_highest_die": {"replace_highest_die": 20},
    "succeed": {"succeed": True},
    "reroll": {"reroll": True},
    "evade": {"evade": True},
    "explore": {"explore": True},
    "reduce_damage": {"reduce_damage": 2, "types": ["Fire"]},
    "reduce_damage_to": {"reduce_damage_to": 1},
    "halve_damage": {"halve_damage": "rounded down"},
    "change_damage_type": {"change_damage_type": "Fire", "types": ["Combat"]},
    "instead_of_damage": {"instead_of_damage": [{"deal_damage": 2, "to": "each local"}]},
    "give_acquired": {"give_acquired": "another local character"},
    "draw": {"draw": 1},
    "heal": {"heal": "1d4"},
    "examine": {"examine": 2},
    "gain_charge": {"gain_charge": 1},
    "close_location": {"close_location": True},
    "close_after_encounter": {"close_after_encounter": True},
    "banish": {"banish": "encountered"},
    "add_card_number": {"add_card_number": "cost"},
    "no_help": {"no_help": True},
    "keep_encountered": {"keep_encountered": "hand"},
    "instead": {"instead": "recharge", "cards": {"types": ["weapon"]}, "replaces": ["discard"]},
    "move_cards": {"move_cards": "recharge", "cards": {"types": ["weapon"]}, "count": "any"},
    "draw_random": {"draw_random": {"types": ["ally"]}},
    "gain_skill": {"gain_skill": "Perception", "ability": "Wisdom", "modifier": 2},
    "choose_trait": {"choose_trait": ["Acid", "Cold", "Electricity", "Fire"]},
    "play_as_copy": {"play_as_copy": {"traits": ["Corrupted"]}, "of": "the blessings discard pile"},
    "after_check": {"after_check": [{"draw": 1}], "only_if": "success"},
    "roll_die": {"roll_die": 6, "at_least": 4, "then": [{"explore": True}]},
    "take_encounter": {"take_encounter": True},
    "move": {"move": "you", "with_local": 1},
    "examine_deck": {"examine_deck": 3, "reorder": True},
    "swap_trait": {"swap_trait": ["Cold", "Fire"]},
    "ignore_location_powers": {"ignore_location_powers": True},
    "shared_trait_dice": {"shared_trait_dice": "1d6"},
    "blessing_die": {"blessing_die": 12},
    "defeat": {"defeat": True},
    "place_encountered": {"place_encountered": "face up"},
    "count_face": {"count_face": 6, "die": 6, "value": 7},
    "ignore_type_limit": {"ignore_type_limit": True},
    "shift_damage": {"shift_damage": 1},
    "encounter_examined": {"encounter_examined": {"types": ["monster"]}},
    "deal_damage": {"deal_damage": "1d4", "type": "Fire", "to": "each local"},
    "summon": {"summon": "servitor demon"},
    "build_location": {"build_location": "Maze"},
    "attempt": {"attempt": "Knowledge 8", "success": [{"adjust_difficulty": -5}]},
    "blessing_to_location": {"blessing_to_location": True},
    "shuffle_into_blessings_deck": {"shuffle_into_blessings_deck": "this card"},
    "end_turn": {"end_turn": True},
    "dies": {"dies": "you"},
    "cannot_evade": {"cannot_evade": True},
    "for_each": {"for_each": "each local", "do": [{"draw": 1}]},
    "lasting": {"lasting": [{"when": "check", "optional": False, "effects": [{"add_dice": "1d4"}]}],
                "until": "end of exploration"},
    "cannot_play": {"cannot_play": {"types": ["weapon", "spell"]}},
    "cannot_reduce": {"cannot_reduce": True},
    "cannot_move": {"cannot_move": True},
    "choose_one": {"choose_one": [[{"add_traits": ["Electricity"]}], [{"add_traits": ["Force"]}]]},
    "may": {"may": [{"draw": 1}], "if_you_do": [{"explore": True}]},
    "choose_from_box": {"choose_from_box": {"types": ["armor"]}, "count": 3, "if_kept": [{"defeat": False}]},
    "add_to_location": {"add_to_location": {"types": ["barrier"]}, "count": 2},
    "acquire_from_box": {"acquire_from_box": {"types": ["ally"]}, "who": "each character", "decides": "all"},
    "move_along": {"move_along": 1, "if_any": [{"add_to_location": {"types": ["monster"]}}]},
    "give_card": {"give_card": "another character"},
    "ignore_traits": {"ignore_traits": ["Abyssal", "Corrupted"]},
    "swap_from_box": {"swap_from_box": True},
    "exchange_from_box": {"exchange_from_box": {"types": ["blessing"], "traits": ["Corrupted"]}},
    "redeem": {"redeem": "hand"},
    "cannot_succeed": {"cannot_succeed": True},
    "examine_more": {"examine_more": 1},
    "exchange_examined": {"exchange_examined": {"types": ["weapon", "spell", "armor", "item", "ally", "blessing"]}},
}


def test_every_effect_of_the_power_language_has_words() -> None:
    assert set(EFFECT_SAMPLES) == set(EFFECT_MODELS), "add a sample for each new effect"
    for key, sample in EFFECT_SAMPLES.items():
        effect = power(when="check", effects=[sample]).effects[0]
        for phrase in (effect_text(effect), effect_text(effect, as_verb=True)):
            assert phrase and phrase[0].islower(), (key, phrase)
            assert not python_artifacts(phrase), (key, phrase)


@pytest.mark.parametrize(("effect", "words"), [
    ({"deal_damage": "1d4", "to": {"who": "a character", "traits": ["Summoner"]}},
     "a character with the Summoner trait is dealt 1d4 Combat damage"),
    ({"for_each": {"who": "each local", "traits": ["Dwarf", "Gnome"]}, "do": [{"draw": 1}]},
     "for each character at your location with the Dwarf or Gnome trait: draw a card"),
])
def test_characters_named_by_a_trait_read_as_the_card_names_them(effect: dict[str, Any], words: str) -> None:
    assert effect_text(power(when="turn end", optional=False, effects=[effect]).effects[0]) == words


def test_for_each_names_a_group_of_characters_even_by_a_trait() -> None:
    with pytest.raises(ValueError, match="names a group of characters"):
        power(when="turn end", optional=False,
              effects=[{"for_each": {"who": "a character", "traits": ["Summoner"]}, "do": [{"draw": 1}]}])


def test_an_instead_for_healed_cards_replaces_no_action_of_a_play() -> None:
    with pytest.raises(ValueError, match="healed_by"):
        power(when="any time", optional=False, effects=[
            {"instead": "hand", "cards": {"types": ["armor"]}, "healed_by": {"traits": ["Healing"]},
             "replaces": ["discard"]}])


def test_a_repeatable_power_says_so_and_needs_a_cost_paid_each_time() -> None:
    banish = power(when="check", repeatable=True, cost={"action": "banish", "card": {"types": ["monster"]}},
                   effects=[{"add_dice": "1d4"}])
    assert power_text(banish).endswith("You may use this power any number of times on a check or step.")
    with pytest.raises(ValueError, match="repeatable power needs a cost"):
        power(when="check", repeatable=True, effects=[{"add_dice": "1d4"}])


# --- a bane's paragraphs are about itself, under its headings ----------------------------------------------

CULTIST = {
    "name": "Test Cultist", "type": "henchman", "set": "B", "traits": ["Human", "Cultist"],
    "provenance": "standin", "check_to_defeat": "Combat 10",
    "powers": [
        {"when": "undefeated", "optional": False, "effects": [{"blessing_to_location": True}]},
        {"when": "defeat", "optional": False, "effects": [{"close_location": True}]},
        {"when": "before acting", "optional": False, "if": {"turn": "first exploration"},
         "effects": [{"deal_damage": 1}]},
        {"when": "on encounter", "optional": False, "effects": [{"summon": "Test Rat", "who": "each other local"}]},
        {"when": "check", "optional": False, "effects": [{"adjust_difficulty": "AD"}]},
        {"when": "after acting", "optional": False, "effects": [{"banish": "encountered"}]},
        {"when": "evasion", "optional": False, "effects": [{"cannot_evade": True}]},
    ],
}


@pytest.mark.rule("ENC-04")
def test_a_banes_paragraphs_read_under_the_headings_of_a_printed_card() -> None:
    sections = card_sections(Bane.model_validate(CULTIST))
    assert sections == [
        ("Powers", ["On checks against this card: the difficulty is increased by the adventure deck number.",
                    "This card can't be evaded."]),
        ("When you encounter this card", ["Each other character at your location summons and encounters a Test Rat."]),
        ("Before you act", ["On the first exploration of your turn, you are dealt 1 Combat damage."]),
        ("After you act", ["Banish this card."]),
        ("If defeated", ["You may attempt to close your location."]),
        ("If undefeated", ["Shuffle the top card of the blessings deck into your location deck."]),
    ]
    lines = card_text(Bane.model_validate(CULTIST)).splitlines()
    assert lines[lines.index("Before you act:") + 1] == "  On the first exploration of your turn, you are dealt 1 " \
                                                         "Combat damage."
    assert "Damage type: Combat" not in lines  # a bane deals Combat damage unless it says otherwise


def test_a_banes_summary_gives_each_paragraph_its_heading() -> None:
    powers = card_summary(Bane.model_validate(CULTIST))["powers"]
    assert "If defeated: You may attempt to close your location." in powers
    assert "This card can't be evaded." in powers


def test_a_banes_optional_paragraphs_say_you_may_and_its_effects_say_this_card() -> None:
    trap = Bane.model_validate({
        "name": "Test Temptation", "type": "barrier", "set": "B", "provenance": "standin",
        "check_to_defeat": "Combat 8",
        "powers": [
            {"when": "on encounter", "effects": [{"draw_random": {"types": ["weapon"]}},
                                                 {"deal_damage": "1d4+1", "to": "a random local character"}]},
            {"when": "undefeated", "effects": [{"banish": "encountered"}]},
            {"when": "before acting", "optional": False, "if": {"max_difficulty": 9},
             "effects": [{"place_encountered": "top"}]},
            {"when": "damage", "optional": False, "effects": [{"reduce_damage": 1}]},
        ],
    })
    assert card_sections(trap) == [
        ("Powers", ["When this card deals damage: reduce all damage by 1."]),
        ("When you encounter this card", ["You may draw a random weapon from the box; if you do, a random character "
                                          "at your location is dealt 1d4+1 Combat damage."]),
        ("Before you act", ["If its highest difficulty is 9 or less, put this card on top of its location deck."]),
        ("If undefeated", ["You may banish this card."]),
    ]


def test_several_effects_of_a_heading_read_as_sentences() -> None:
    runes = Bane.model_validate({
        "name": "Test Runes", "type": "barrier", "set": "B", "provenance": "standin", "check_to_defeat": "Arcane 8",
        "powers": [{"when": "undefeated", "optional": False, "effects": [
            {"move_cards": "discard", "source": "top of deck"},
            {"deal_damage": "2d4", "type": "Fire", "to": "each local"},
            {"banish": "encountered"},
        ]}],
    })
    assert card_sections(runes) == [("If undefeated", [
        "Discard the top card of your deck. Each character at your location is dealt 2d4 Fire damage. Banish this card."
    ])]


def test_a_boon_that_names_the_encountered_card_still_does() -> None:
    glare = power(when="on encounter", action="discard", **{"if": {"against": {"types": ["weapon", "spell"]}}},
                  effects=[{"banish": "encountered"}, {"explore": True}])
    assert power_text(glare) == (
        "When you encounter a weapon or spell: discard this card to banish the card you are encountering and "
        "explore again."
    )


# --- optional paragraphs that play no card say "you may" -------------------------------------------------


def test_an_optional_paragraph_without_a_card_to_play_says_you_may() -> None:
    before = power(when="before acting", effects=[{"use_skill": ["Charisma"]}, {"add_modifier": 2}])
    assert power_text(before) == "Before you act in an encounter: you may use your Charisma skill; if you do, add 2."
    evade = power(when="evasion", **{"if": {"against": {"traits": ["Animal"]}}},
                  effects=[{"evade": True}, {"place_encountered": "bottom"}])
    assert power_text(evade) == (
        "When you could evade a card with the Animal trait: you may evade the card you are encountering; if you do, "
        "put it at the bottom of its location deck."
    )
    after = power(when="after playing", whose="another", **{"if": {"played": [{"types": ["blessing"]}]}},
                  effects=[{"after_check": [{"draw": 1}]}])
    assert power_text(after) == "After another character plays a blessing: after the check, draw a card."


def test_a_replacement_reads_without_a_moment() -> None:
    ranged = power(when="any time", effects=[{"instead": "recharge", "cards": {"types": ["weapon"],
                   "traits": ["Ranged"]}, "replaces": ["discard", "bury"]}])
    assert power_text(ranged) == (
        "You may recharge a weapon with the Ranged trait you play instead of discarding or burying it."
    )
    deity = power(when="any time", **{"if": {"blessings_discard": {"traits": ["Torag"]}}},
                  effects=[{"instead": "recharge", "cards": {"traits": ["Torag"]}, "replaces": ["discard"]}])
    assert power_text(deity) == (
        "If the top card of the blessings discard pile has the Torag trait, you may recharge a card with the Torag "
        "trait you play instead of discarding it."
    )


def test_a_paragraph_that_always_applies_says_whose_checks_it_applies_to() -> None:
    """On its own (a character's), it names the characters it applies to; under a location's heading, it applies to
    the checks of whoever is there."""
    paragraph = {"when": "check", "optional": False, "if": {"purpose": ["defeat"]},
                 "effects": [{"adjust_difficulty": 1}]}
    assert power_text(power(**paragraph)) == "Always, on checks to defeat: the difficulty is increased by 1."
    local = power(**paragraph, whose="local")
    assert power_text(local) == (
        "Always, on checks by characters at your location to defeat: the difficulty is increased by 1.")
    assert power_text(local, Reading(section=True)) == "On checks to defeat: the difficulty is increased by 1."


def test_effects_with_commas_of_their_own_are_kept_apart() -> None:
    alain = power(when="check", cost={"action": "discard"}, effects=[
        {"add_modifier": 1}, {"no_help": True}, {"after_check": [{"place_encountered": "top"}], "only_if": "failure"}])
    assert power_text(alain) == (
        "On your check: discard a card to add 1; no one else may play cards or use powers on the check; after the "
        "check, if it fails, put the card you are encountering on top of its location deck."
    )


# --- closing and rewards ------------------------------------------------------------------------------------


def test_closing_by_summoning_says_defeat_or_acquire() -> None:
    market = Location.model_validate({
        "name": "Test Market", "type": "location", "set": "B", "provenance": "standin", "deck": {"item": 2},
        "when_closing": [{"summon": {"types": [kind]}} for kind in ("weapon", "spell", "item")]
        + [{"summon": {"types": ["monster"]}}, {"summon": "Test Rat"}],
    })
    assert "When Closing: Summon and acquire a random weapon, spell or item or summon and defeat a random monster " \
           "or summon and defeat or acquire a Test Rat." in card_text(market).splitlines()


def test_a_reward_doesnt_say_twice_what_its_words_say() -> None:
    outing = Scenario.model_validate({
        "name": "Test Outing", "type": "scenario", "set": "1", "provenance": "standin",
        "henchmen": ["Test Rat"], "locations": {1: ["A"]},
        "reward": {"text": "Each character draws a random blessing with the Corrupted trait from the box.",
                   "draw_random": {"types": ["blessing"], "traits": ["Corrupted"]}, "feat": "skill"},
    })
    assert "Reward: Each character draws a random blessing with the Corrupted trait from the box. (skill feat)" in \
        card_text(outing).splitlines()


# --- representative real cards, as a player reads them -----------------------------------------------------

REAL_CARDS = {
    "Longsword": [  # a weapon
        "Longsword", "Weapon · set B · Basic · 2 copies", "Traits: Basic, Sword, Melee, Slashing",
        "Check to acquire: Strength or Melee 6", "Powers:",
        "  On your combat check: reveal this card to use your Strength or Melee skill and add 1d8.",
        "  On your combat check: discard this card to add 1d6.",
        "  Always, on combat checks, if you are not proficient with Weapons: the difficulty is increased by 4.",
    ],
    "Frigid Blast": [  # a spell with a recharge check
        "Frigid Blast", "Spell · set B · Basic · 3 copies", "Traits: Basic, Arcane, Divine, Attack, Cold, Magic",
        "Check to acquire: Intelligence or Arcane 4 or Wisdom or Divine 6", "Powers:",
        "  On your combat check: discard this card to use your Arcane or Divine skill and add 2d4. After playing "
        "this card, you may attempt an Arcane 6 or Divine 8 check to recharge it; if you have no Arcane or Divine "
        "skill, banish it instead.",
    ],
    "Blessing of Sarenrae": [  # a blessing
        "Blessing of Sarenrae", "Blessing · set B · 3 copies", "Traits: Divine, Sarenrae",
        "Check to acquire: Constitution 4 or Divine 5", "Powers:",
        "  On any check: discard this card to add 1 die of the type the check rolls.",
        "  On any Constitution noncombat check: discard this card to add 2 dice of the type the check rolls.",
        "  During your explore step: discard this card to explore again.",
        "  If the top card of the blessings discard pile has the Sarenrae trait, you may recharge a card with the "
        "Sarenrae trait you play instead of discarding it.",
    ],
    "Hide Armor": [  # an armor
        "Hide Armor", "Armor · set B · Basic · 3 copies", "Traits: Basic, Light Armor",
        "Check to acquire: Constitution or Fortitude 3", "Powers:",
        "  When you are dealt damage: recharge this card to reduce Cold or Combat damage by 1.",
        "  When you are dealt damage, if you are not proficient with Light Armors: banish this card to reduce all "
        "damage to 0.",
        "  When you are dealt damage, if you are proficient with Light Armors: bury this card to reduce all damage "
        "to 0.",
    ],
    "Recruit": [  # an ally
        "Recruit", "Ally · set B · Basic · 3 copies", "Traits: Basic, Human, Soldier",
        "Check to acquire: Charisma or Diplomacy 3", "Powers:",
        "  On a combat check by any character at your location, if you are not proficient with Weapons: discard "
        "this card to add 1.",
        "  On a combat check by any character at your location, if you are proficient with Weapons: recharge this "
        "card to add 1.",
        "  During your explore step: discard this card to explore again.",
    ],
    "Cave Viper": [  # a monster
        "Cave Viper", "Monster · set B · Basic · 1 copy", "Traits: Basic, Animal, Snake", "Check to defeat: Combat 8",
        "Before you act:",
        "  Attempt a Constitution or Fortitude 6 check; on a failure, you are dealt 1 Poison damage.",
    ],
    "Cultist of Baphomet": [  # a henchman
        "Cultist of Baphomet", "Henchman · set B · 5 copies", "Traits: Human, Cleric, Cultist, Veteran",
        "Counts as: Monster", "Check to defeat: Combat 10", "Powers:",
        "  On checks against this card: the difficulty is increased by the adventure deck number.",
        "Before you act:", "  On the first exploration of your turn, you are dealt 1 Combat damage.",
        "If defeated:", "  You may attempt to close your location.",
        "If undefeated:", "  Shuffle the top card of the blessings deck into your location deck.",
    ],
    "Explosive Runes": [  # a barrier
        "Explosive Runes", "Barrier · set B · 2 copies", "Traits: Arcane, Magic, Trap, Veteran",
        "Check to defeat: Intelligence or Arcane 8 or Dexterity or Acrobatics 10", "Powers:",
        "  On checks against this card: the difficulty is increased by the adventure deck number.",
        "If undefeated:",
        "  Discard the top card of your deck. Each character at your location is dealt 2d4 Fire damage. Banish "
        "this card.",
    ],
    "Sophini": [  # a villain
        "Sophini", "Villain · set B · 1 copy", "Traits: Human, Cultist, Cleric", "Counts as: Monster",
        "Check to defeat: Combat 13", "Powers:",
        "  On checks against this card, if a blessing without the Corrupted trait was played on the check: the "
        "difficulty is increased by 2.",
        "If undefeated:", "  Shuffle the top card of the blessings deck into your location deck.",
    ],
    "Sacristy": [  # a location
        "Sacristy", "Location · set B · 1 copy",
        "Deck: Monster 0, Barrier 0, Weapon 1, Spell 2, Armor 1, Item 4, Ally 0, Blessing 1",
        "At This Location:", "  On your check to acquire: you may roll your Divine die instead of the check's die.",
        "When Closing: Discard a card with the Divine trait or succeed at a Divine 7 check.",
        "When Permanently Closed:", "  Put a card from your buried cards into your hand.",
    ],
    "The Godless Ones": [  # a scenario
        "The Godless Ones", "Scenario · set B · 1 copy", "Villain: Sophini",
        "Henchmen: Blackfire Adept, Ceustodaemon, Cultist of Baphomet", "Locations:",
        "  1 player: Forsaken Cloister, Manor House, Marketplace", "  2 players: + Armory", "  3 players: + Watchtower",
        "  4 players: + Laboratory", "  5 players: + Citadel", "  6 players: + Sanctum", "During This Scenario:",
        "  When you acquire an ally: you may attempt an Intelligence or Knowledge 6 check; on a success, examine the "
        "top card of any location deck.",
        "Reward: Each character draws a random blessing with the Corrupted trait from the box.",
    ],
    "Donahan": [  # a cohort
        "Donahan", "Cohort · set B · 1 copy", "Traits: Animal, Horse, Mount", "Powers:",
        "  On your check: put this card on top of your deck to add 1d8 plus the adventure deck number.",
    ],
}


def _printed_lines(card: Any) -> list[str]:
    """A card's text without the lines about where its facts come from."""
    return [line for line in card_text(card).splitlines() if not line.startswith(("Notes: ", "Provenance: "))]


@pytest.mark.parametrize("name", list(REAL_CARDS))
def test_a_real_card_reads_like_the_printed_card(name: str) -> None:
    card = _library().find(name)
    assert card is not None, f"{name} is not in the library"
    assert _printed_lines(card) == REAL_CARDS[name]


def test_a_real_character_with_roles_and_feats() -> None:
    harsk = _library().find("Harsk")
    assert harsk is not None
    lines = _printed_lines(harsk)
    assert lines[:3] == ["Harsk", "Character · set B · 1 copy", "Traits: Male, Dwarf, Ranger"]
    assert "  Dexterity d8 [□ +1 +2 +3 +4]; Ranged: Dexterity +3; Stealth: Dexterity +2" in lines
    assert "Cards List: Weapon 5 [□ 6 7 8], Spell 0 [□ 1], Armor 2 [□ 3], Item 2 [□ 3], Ally 2 [□ 3 4], " \
           "Blessing 4 [□ 5 6]" in lines
    assert "  You may recharge a weapon with the Ranged trait you play instead of discarding or burying it." in lines
    demonslayer = lines[lines.index("Role: Demonslayer"):lines.index("Role: Abyssal Walker")]
    assert "    When you could evade a bane with the Animal or Vermin trait: you may evade the card you are " \
           "encountering. [feat Demon: When you could evade a bane with the Animal, Vermin or Demon trait: you may " \
           "evade the card you are encountering.] [feat top: When you could evade a bane with the Animal, Vermin " \
           "or Demon trait: you may evade the card you are encountering; if you do, put it on top of its location " \
           "deck.]" in demonslayer
    assert "    [feat reroll] On your check against a bane with the Demon trait, after the roll, if the check " \
           "failed: you may reroll 1 die of your choice." in demonslayer
