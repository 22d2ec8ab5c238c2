"""The seven base-set characters, the four of the Character Add-On Deck, and their cohorts as card files: the
numbers the rulebook states."""

from __future__ import annotations

from pathlib import Path

import pytest

from pacg.cards.loader import DEFAULT_CARD_FOLDER
from pacg.cards.model import Character, Cohort
from pacg.cards.powers import AddDice, AddTraits, Evade, Power, Timing
from pacg.cards.text import card_text
from pacg.cards.vocabulary import ABILITIES, DECK_TYPES, CardAction, CardType, Skill
from table import library

BASE_SET = ("Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah")
ADD_ON = ("Adowyn", "Crowe", "Seoni", "Shardra")  # the Character Add-On Deck (set C)
COHORTS = ("Donahan", "Padrig", "Cecilla the Uprooter", "Sir Ilivan", "Vinst", "Leryn", "Kolo")
CHARACTER_FOLDER = DEFAULT_CARD_FOLDER / "characters"


@pytest.fixture(scope="module")
def characters() -> dict[str, Character]:
    return {card.name: card for card in library() if isinstance(card, Character)}


@pytest.fixture(scope="module")
def cohorts() -> dict[str, Cohort]:
    return {card.name: card for card in library() if isinstance(card, Cohort) and card.set in ("B", "C")}


def _skill(character: Character, skill: Skill) -> tuple[int, int]:
    """(die, modifier) of a skill with no feats checked (DICE-03)."""
    for ability, entry in character.skills.items():
        if ability == skill:
            return entry.die, 0
        if skill in entry.derived:
            return entry.die, entry.derived[skill]
    raise KeyError(skill)


def test_every_base_set_and_add_on_character_and_cohort_has_a_file(characters, cohorts) -> None:
    assert sorted(characters) == sorted(BASE_SET + ADD_ON)
    assert sorted(cohorts) == sorted(COHORTS)
    for names, card_set in ((BASE_SET, "B"), (ADD_ON, "C")):
        for name in names:
            assert Path(CHARACTER_FOLDER / f"{name.lower()}.yaml").exists()
            assert characters[name].set == card_set
            assert characters[name].provenance == "published"
    assert cohorts["Leryn"].set == cohorts["Kolo"].set == "C"
    assert cohorts["Cecilla the Uprooter"].provenance == "standin"


@pytest.mark.rule("CHAR-01")
def test_character_cards_have_the_six_abilities_two_roles_and_all_deck_types(characters) -> None:
    for character in characters.values():
        assert tuple(character.skills) == ABILITIES
        assert len(character.roles) == 2
        assert set(character.cards_list) == set(DECK_TYPES) - {CardType.MONSTER, CardType.BARRIER}
        assert character.powers
        for role in character.roles:
            assert role.hand_size.start == character.hand_size.start
            assert role.powers


@pytest.mark.rule("DICE-03")
@pytest.mark.parametrize(
    ("name", "skill", "die", "modifier"),
    [
        ("Seelah", Skill.MELEE, 8, 3),  # "Melee: Strength +3", d8+3
        ("Seelah", Skill.STRENGTH, 8, 0),
        ("Harsk", Skill.RANGED, 8, 3),  # 1d8+3 with the Shortbow
        ("Harsk", Skill.STEALTH, 8, 2),  # 1d8+2 against the Dire Rat
        ("Harsk", Skill.STRENGTH, 6, 0),
        ("Imrijka", Skill.DIVINE, 8, 1),  # "her Divine skill, which is d8+1"
        ("Imrijka", Skill.WISDOM, 8, 0),
        ("Imrijka", Skill.DEXTERITY, 8, 0),
        ("Imrijka", Skill.RANGED, 10, 1),  # "her Ranged skill, which is her Strength die of d10+1"
        ("Imrijka", Skill.CHARISMA, 6, 0),
        ("Enora", Skill.CHARISMA, 8, 0),  # d8+1 with a feat
        ("Enora", Skill.INTELLIGENCE, 12, 0),
        ("Balazar", Skill.ARCANE, 10, 2),  # d10+3 with a Charisma feat
        ("Balazar", Skill.INTELLIGENCE, 8, 0),
        ("Balazar", Skill.STRENGTH, 6, 0),
        ("Alain", Skill.MELEE, 10, 3),  # d10+3 (+1 feat in the example)
        ("Alain", Skill.PERCEPTION, 6, 1),  # "his Perception skill is d6+1"
        ("Alain", Skill.DEXTERITY, 4, 0),
    ],
)
def test_skills_the_rulebook_states(characters, name: str, skill: Skill, die: int, modifier: int) -> None:
    assert _skill(characters[name], skill) == (die, modifier)


@pytest.mark.rule("DICE-03")
def test_skills_the_rulebook_says_a_character_lacks(characters) -> None:
    with pytest.raises(KeyError):
        _skill(characters["Harsk"], Skill.MELEE)
    with pytest.raises(KeyError):
        _skill(characters["Seelah"], Skill.ACROBATICS)
    with pytest.raises(KeyError):
        _skill(characters["Alain"], Skill.RANGED)


@pytest.mark.rule("DICE-03")
def test_enora_and_balazar_have_room_for_the_feats_the_rulebook_gives_them(characters) -> None:
    assert characters["Enora"].skills[Skill.CHARISMA].feats >= 1
    assert characters["Balazar"].skills[Skill.CHARISMA].feats >= 1
    assert characters["Alain"].skills[Skill.STRENGTH].feats >= 1


@pytest.mark.rule("MAKE-01")
def test_skill_dice_sum_to_42_and_15_skill_feat_boxes(characters) -> None:
    for character in characters.values():
        assert sum(entry.die for entry in character.skills.values()) == 42, character.name
        assert sum(entry.feats for entry in character.skills.values()) == 15, character.name
        assert sum(1 for entry in character.skills.values() if entry.die == 12) <= 1, character.name


@pytest.mark.rule("MAKE-01")
def test_cards_lists_hold_15_cards_and_10_card_feat_boxes(characters) -> None:
    for character in characters.values():
        assert sum(count.start for count in character.cards_list.values()) == 15, character.name
        assert sum(count.feats for count in character.cards_list.values()) == 10, character.name


@pytest.mark.rule("MAKE-01")
def test_character_cards_have_4_power_feat_boxes(characters) -> None:
    """Hand size boxes, proficiency boxes and power boxes make 4. A box printed once on a paragraph that this
    format writes as two entries (Harsk's "Demon" box on his evade-or-add-1d4 paragraph) is counted once."""
    for character in characters.values():
        labels = {power.box for power in character.powers if power.box is not None}
        labels |= {feat.box for power in character.powers for feat in power.feats}
        boxes = character.hand_size.feats + sum(entry.feat for entry in character.proficiencies) + len(labels)
        assert boxes == 4, character.name


@pytest.mark.rule("SETUP-02")
def test_alain_cards_list_as_the_rulebook_gives_it(characters) -> None:
    alain = characters["Alain"]
    starts = {card_type: count.start for card_type, count in alain.cards_list.items()}
    assert starts == {
        CardType.WEAPON: 4,
        CardType.SPELL: 0,
        CardType.ARMOR: 3,
        CardType.ITEM: 2,
        CardType.ALLY: 3,
        CardType.BLESSING: 3,
    }
    assert alain.cohort == "Donahan"
    assert characters["Balazar"].cohort == "Padrig"


@pytest.mark.rule("SETUP-02")
def test_suggested_decks_match_the_cards_lists(characters) -> None:
    for character in characters.values():
        for card_type, count in character.cards_list.items():
            assert len(character.suggested_deck.get(card_type, [])) == count.start, (character.name, card_type)
        assert all(character.cohort not in names for names in character.suggested_deck.values())


@pytest.mark.rule("SETUP-02")
def test_suggested_decks_name_the_rulebook_cards(characters) -> None:
    harsk = characters["Harsk"].suggested_deck
    assert harsk[CardType.WEAPON].count("Shortbow") == 2
    assert characters["Imrijka"].suggested_deck[CardType.BLESSING] == ("Blessing of Ascension",) * 5
    assert characters["Alain"].suggested_deck[CardType.BLESSING] == ("Blessing of Ascension",) * 3
    assert characters["Kyra"].suggested_deck[CardType.WEAPON] == ("Sickle",)
    assert characters["Enora"].suggested_deck[CardType.ITEM] == ("Book of the Loremaster", "Codex", "Sage's Journal")


@pytest.mark.rule("SETUP-02")
def test_suggested_decks_are_all_basic_cards_where_the_card_is_in_the_library(characters) -> None:
    """Suggested decks hold Basic cards only; checked for every named card whose file exists yet."""
    for character in characters.values():
        for names in character.suggested_deck.values():
            for name in names:
                card = library().find(name)
                if card is not None:
                    assert card.is_basic, (character.name, name)


@pytest.mark.rule("CHAR-01")
def test_favored_card_types(characters) -> None:
    assert characters["Alain"].favored == (CardType.WEAPON,)
    assert characters["Balazar"].favored == (CardType.SPELL,)
    # "Imrijka can favor weapon or blessing" (Example of Play).
    assert set(characters["Imrijka"].favored) == {CardType.WEAPON, CardType.BLESSING}


@pytest.mark.rule("CHAR-01")
def test_hand_sizes_the_rulebook_states(characters) -> None:
    assert characters["Alain"].hand_size.start == 4  # "Alain draws 4 cards"
    assert characters["Balazar"].hand_size.start == 6  # "Balazar's 6 cards"
    assert characters["Imrijka"].hand_size.start == 5  # "draws another 5 cards"


def _first(powers: list[Power], when: Timing) -> Power:
    return next(power for power in powers if power.when == when and power.box is None)


@pytest.mark.rule("CHAR-01")
def test_harsk_may_evade_animals_and_must_add_1d4_against_them(characters) -> None:
    harsk = characters["Harsk"]
    evasion = _first(harsk.powers, Timing.EVASION)
    assert evasion.optional and evasion.effect(Evade) is not None
    assert evasion.conditions.against.traits == ("Animal", "Vermin")
    check = _first(harsk.powers, Timing.CHECK)
    assert not check.optional
    assert str(check.effect(AddDice).add_dice) == "1d4"
    assert check.conditions.against.traits == ("Animal", "Vermin")
    feats = {feat.box: feat.power for feat in check.feats}
    assert "Demon" in feats["Demon"].conditions.against.traits
    assert str(feats["2d4"].effect(AddDice).add_dice) == "2d4"


@pytest.mark.rule("CHAR-01")
def test_imrijka_recharges_a_divine_or_ranged_card_for_1d4_divine_and_magic(characters) -> None:
    power = next(power for power in characters["Imrijka"].powers if power.cost is not None)
    assert power.cost.action == CardAction.RECHARGE
    assert power.cost.card.traits == ("Divine", "Ranged")
    assert power.conditions.against.types == (CardType.MONSTER,)
    assert str(power.effect(AddDice).add_dice) == "1d4"
    assert power.effect(AddTraits).add_traits == ("Divine", "Magic")
    assert power.feats[0].power.cost.action == CardAction.REVEAL


@pytest.mark.rule("CHAR-01")
def test_seelah_discards_her_top_card_to_help_a_local_check(characters) -> None:
    power = next(power for power in characters["Seelah"].powers if power.cost is not None)
    assert power.whose == "local"
    assert power.cost.action == CardAction.DISCARD
    assert str(power.effect(AddDice).add_dice) == "1d6"


@pytest.mark.rule("COH-01")
def test_donahan_and_padrig_add_the_adventure_deck_number(cohorts) -> None:
    donahan = cohorts["Donahan"].powers[0]
    dice = donahan.effect(AddDice).add_dice
    assert dice.dice == ((1, 8),)
    assert dice.bonus.evaluate({"AD": 1}) == 1  # "1d8 plus the adventure deck number of 1"
    display, arcane = cohorts["Padrig"].powers[:2]
    assert display.action == CardAction.DISPLAY
    assert arcane.while_in == "displayed" and arcane.conditions.skills == (Skill.STRENGTH,)
    assert arcane.cost is not None and arcane.cost.action == CardAction.TOP_OF_DECK


@pytest.mark.rule("COH-01")
def test_cecilla_is_a_stand_in_built_on_the_dire_rat_example(cohorts) -> None:
    cecilla = cohorts["Cecilla the Uprooter"]
    assert cecilla.provenance == "standin"
    assert "STAND-IN" in (cecilla.notes or "")
    evade = _first(cecilla.powers, Timing.EVASION)
    assert evade.effect(Evade) is not None
    boost = _first(cecilla.powers, Timing.CHECK)
    assert boost.action == CardAction.RECHARGE
    assert boost.conditions.check == "combat"
    assert str(boost.effect(AddDice).add_dice) == "1d4"


def test_every_character_and_cohort_reads_as_text(characters, cohorts) -> None:
    for card in [*characters.values(), *cohorts.values()]:
        text = card_text(card)
        assert card.name in text


@pytest.mark.rule("DICE-03")
def test_a_skill_a_power_gives_uses_its_abilitys_die_once_the_feat_box_is_checked() -> None:
    """Imrijka's feat box "Perception": she has the skill Perception: Wisdom +2."""
    from pacg.engine.state import CharacterState, Feats

    imrijka_card = library().typed("Imrijka", Character)
    without = CharacterState(imrijka_card)
    assert without.skill(Skill.PERCEPTION) is None
    index = next(i for i, power in enumerate(imrijka_card.powers) if power.box == "Perception")
    with_box = CharacterState(imrijka_card, Feats(powers={(index, "Perception")}))
    perception = with_box.skill(Skill.PERCEPTION)
    assert perception is not None and (perception.die, perception.modifier, perception.ability) == (8, 2, Skill.WISDOM)
