"""A game set up with a party's own decks and feats, as a campaign brings them from one scenario to the next:
`pacg.new_game(..., decks=, feats=)`. A deck built before is used instead of the suggested one (SETUP-01,
SETUP-02), and must meet the Cards List with the card feats checked (FEAT-02; loot counts as its type, REB-01), its
cards in the box; feats are checked as a table file's are (FEAT-01, ROLE-01) and take effect in play. Both are kept
in the game's setup and record."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

import pacg
from pacg.agents.random_agent import RandomAgent
from pacg.cards.loader import CardLibrary
from pacg.decisions import DecisionKind
from pacg.engine.setup import SetupError
from pacg.game import Game
from pacg.record import RecordError
from table import RADIANT_BLADE, library

GODLESS = "The Godless Ones"
# Harsk's Cards List: 5 weapons, 2 armors, 2 items, 2 allies and 4 blessings (weapon card feats: 3 boxes).
HARSK = ["Longsword", "Mace", "Shortbow", "Javelin", "Bolas", "Leather Armor", "Wooden Shield", "Potion of Beast Skin",
         "Trapsmith Gloves", "Researcher", "Recruit", *["Blessing of Ascension"] * 4]


def game(party: list[str] | None = None, seed: int = 3, **given: Any) -> Game:
    return pacg.new_game(GODLESS, party or ["Harsk", "Kyra"], seed, library=given.pop("cards", library()), **given)


def to_first_turn(played: Game) -> Game:
    """Answer the setup's questions with their first options, to the first turn's start."""
    while not played.turn_starts or played.turn_starts[-1] != len(played.actions):
        played.apply(played.legal_actions()[0])
    return played


def held(played: Game, character: str) -> Counter[str]:
    """The names of a character's cards in deck and hand, at a turn's start."""
    seat = next(entry for entry in played.table()["characters"] if entry["name"] == character)
    return Counter(seat.get("deck", []) + seat.get("hand", []))


@pytest.mark.rule("SETUP-01")
@pytest.mark.rule("SETUP-02")
def test_a_deck_built_before_is_the_characters_deck_instead_of_the_suggested_one() -> None:
    """Harsk's deck is the one given, the cards drawn from the box, names read in any case; Kyra, given none,
    has her suggested deck."""
    played = to_first_turn(game(decks={"harsk": [name.lower() for name in HARSK]}))
    assert held(played, "Harsk") == Counter(HARSK)
    kyra = library().get("Kyra")
    assert held(played, "Kyra") == Counter(name for names in kyra.suggested_deck.values() for name in names)
    assert played.setup.decks == (("Harsk", tuple(HARSK)),)


@pytest.mark.rule("FEAT-02")
@pytest.mark.rule("SETUP-01")
def test_a_deck_with_one_more_card_of_a_type_needs_the_card_feat() -> None:
    deck = ["Heavy Crossbow", *HARSK]
    with pytest.raises(SetupError, match=re.escape(
            "Harsk's deck holds 6 weapons, not the 5 of the Cards List with no weapon card feat checked (SETUP-01, "
            "FEAT-02; loot counts as its type, REB-01)")):
        game(decks={"Harsk": deck})
    played = to_first_turn(game(decks={"Harsk": deck}, feats={"Harsk": {"cards": {"weapon": 1}}}))
    assert held(played, "Harsk") == Counter(deck)
    with pytest.raises(SetupError, match="Harsk's deck holds 5 weapons, not the 6 of the Cards List with 1 weapon"):
        game(decks={"Harsk": HARSK}, feats={"Harsk": {"cards": {"weapon": 1}}})


@pytest.mark.rule("REB-01")
def test_a_loot_card_counts_as_its_type_in_the_deck() -> None:
    """Radiant Blade, loot that acts as a weapon, takes a weapon's place in Harsk's Cards List."""
    cards = CardLibrary([*library(), RADIANT_BLADE])
    deck = ["Radiant Blade", *HARSK[1:]]
    played = to_first_turn(game(decks={"Harsk": deck}, cards=cards))
    assert held(played, "Harsk") == Counter(deck)
    with pytest.raises(SetupError, match="Harsk's deck holds 6 weapons"):
        game(decks={"Harsk": ["Radiant Blade", *HARSK]}, cards=cards)


@pytest.mark.rule("SETUP-01")
@pytest.mark.parametrize(("decks", "removed", "message"), [
    ({"Harsk": HARSK[:-1]}, [], "Harsk's deck holds 3 blessings, not the 4 of the Cards List with no blessing card "
                                "feat checked"),
    ({"Harsk": ["Cure", *HARSK[1:]]}, [], "Harsk's deck holds 4 weapons, not the 5"),  # a spell for a weapon
    ({"Harsk": ["Dire Rat", *HARSK[1:]]}, [], "Harsk's deck: Dire Rat is a monster, not a boon of a character deck"),
    ({"Harsk": ["Cecilla the Uprooter", *HARSK[1:]]}, [], "Harsk's deck: Cecilla the Uprooter is a cohort"),
    ({"Harsk": ["Longswrod", *HARSK[1:]]}, [], "Harsk's deck: unknown card 'Longswrod' (did you mean: Longsword"),
    ({"Harsk": [*["Longsword"] * 5, *HARSK[5:]]}, [],
     "Harsk's deck: no Longsword left in the box, which holds 2 copies: 2 in the decks"),
    ({"Harsk": HARSK}, ["Longsword", "Longsword"],
     "Harsk's deck: no Longsword left in the box, which holds 2 copies: 2 removed from the game (COH-01)"),
    ({"Harsk": "Longsword"}, [], "Harsk's deck: give its cards' names as a list, not 'Longsword'"),
    ({"Seelah": HARSK}, [], "decks for characters not in the party: Seelah"),
])
def test_a_deck_that_doesnt_meet_the_cards_list_or_isnt_in_the_box_is_refused(
        decks: dict[str, Any], removed: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)) as refused:
        game(decks=decks, removed=removed)
    assert refused.value.field == "decks"


@pytest.mark.rule("SETUP-04")
def test_a_deck_cant_hold_a_card_of_a_later_adventure_deck() -> None:
    later = library().get("Longsword").model_copy(update={"name": "Adamant Longsword", "set": "1"})
    with pytest.raises(SetupError, match=re.escape(
            "Harsk's deck: Adamant Longsword comes with Adventure Deck 1: the box holds the cards up to Adventure "
            "Deck 0 (SETUP-04)")):
        game(decks={"Harsk": ["Adamant Longsword", *HARSK[1:]]}, cards=CardLibrary([*library(), later]))


@pytest.mark.rule("SETUP-01")
def test_two_decks_cant_take_more_copies_than_the_box_holds() -> None:
    kyra = ["Longsword", "Frigid Blast", "Cure", "Detect Demon", "Fireblade", "Burst Bonds", "Scale Mail",
            "Holy Water Grenade", "Blackwing Librarian", "Researcher", *["Blessing of Ascension"] * 5]
    game(decks={"Kyra": kyra}, party=["Kyra", "Harsk"])  # a Longsword of the two
    with pytest.raises(SetupError, match="Harsk's deck: no Longsword left in the box, which holds 2 copies: 2 in"):
        game(decks={"Kyra": kyra, "Harsk": ["Longsword", *HARSK]}, feats={"Harsk": {"cards": {"weapon": 1}}},
             party=["Kyra", "Harsk"])


@pytest.mark.rule("FEAT-01")
@pytest.mark.rule("FEAT-02")
def test_a_skill_feat_raises_the_check() -> None:
    """Harsk with 2 Dexterity feats: at the same check of the same seeded game, with the same answers before it,
    his Ranged (Dexterity +3) is d8+5 where it was d8+3, and Dexterity d8+2; his other skills are as they were."""
    feats = {"Harsk": {"skills": {"Dexterity": 2}}}
    for seed in range(40):
        with_feats = game(["Harsk"], seed, feats=feats)
        agent = RandomAgent(seed)
        while (decision := with_feats.decision) is not None and with_feats.turn < 4:
            labels = [option.label for option in decision.options]
            if decision.kind is DecisionKind.SKILL and any("Ranged" in label for label in labels):
                break
            with_feats.apply(agent.act(with_feats.agent_view(decision.player), decision))
        else:
            continue
        without = game(["Harsk"], seed)
        for action in with_feats.actions:
            without.apply(action)
        assert without.decision is not None and without.decision.prompt == decision.prompt
        plain = [option.label for option in without.decision.options]
        assert [_raised(label) for label in plain] == labels
        assert any("Ranged 1d8" in label and "+5 against" in label for label in labels)
        break
    else:
        pytest.fail("no seed of 40 has Harsk choose Ranged for a check in his first turns")
    assert with_feats.view("Harsk")["characters"][0]["skills"]["Dexterity"] == "d8+2"


def _raised(label: str) -> str:
    """A check option's label with the Dexterity skill feats' +2 on its Dexterity and Ranged modifier."""
    found = re.search(r"(Dexterity|Ranged) (\S+?)(?:\+(\d+))? against", label)
    if found is None:
        return label
    bonus = int(found.group(3) or 0) + 2
    return label[:found.start()] + f"{found.group(1)} {found.group(2)}+{bonus} against" + label[found.end():]


@pytest.mark.rule("ROLE-01")
def test_a_roles_feats_take_effect_and_its_name_is_read_in_any_case() -> None:
    """With his role Demonslayer, Harsk may check 3 hand size boxes (his character card has 2): he draws 8."""
    played = to_first_turn(game(["Harsk"], feats={"harsk": {"role": "demonslayer", "hand_size": 3}}))
    view = played.view("Harsk")["characters"][0]
    assert view["role"] == "Demonslayer" and view["hand_size"] == 8 and len(view["hand"]) == 8
    assert played.setup.feats == (("Harsk", '{"hand_size":3,"role":"Demonslayer"}'),)
    assert played.table()["characters"][0]["feats"] == {"hand_size": 3, "role": "Demonslayer"}
    with pytest.raises(SetupError, match=re.escape("Harsk's feats: hand_size: Harsk's hand size has 2 feat boxes, "
                                                   "not 3 to check (FEAT-01)")):
        game(["Harsk"], feats={"Harsk": {"hand_size": 3}})


@pytest.mark.rule("FEAT-01")
@pytest.mark.rule("ROLE-01")
@pytest.mark.parametrize(("party", "feats", "message"), [
    (["Harsk"], {"Harsk": {"skills": {"Dexterity": 5}}},
     "Harsk's feats: skills.Dexterity: Harsk's Dexterity has 4 feat boxes, not 5 to check (FEAT-01)"),
    (["Crowe"], {"Crowe": {"role": "Mauler", "powers": [[0, "+2"]]}},
     "Crowe's feats: powers[0]: paragraph 0's box '+2' is checked before its box '+1' (FEAT-01: the leftmost "
     "unchecked box first)"),
    (["Harsk"], {"Harsk": {"role": "Pirate"}},
     "Harsk's feats: role: Harsk has no role 'Pirate' (roles: Demonslayer, Abyssal Walker)"),
    (["Harsk"], {"harsk": {"skills": {"Flying": 1}}}, "Harsk's feats: skills.Flying: Input should be 'Strength'"),
    (["Harsk"], {"Harsk": {"hand": 1}}, "Harsk's feats: hand: unknown field (the fields here: skills, hand_size, "
                                        "cards, proficiencies, powers, role)"),
    (["Harsk"], {"Harsk": "lots"}, "Harsk's feats: feats are a mapping of fields: skills, hand_size"),
    (["Harsk"], {"Kyra": {}}, "feats for characters not in the party: Kyra"),
])
def test_feats_the_cards_have_no_boxes_for_are_refused_as_a_table_files_are(
        party: list[str], feats: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)) as refused:
        game(party, feats=feats)
    assert refused.value.field == "feats"


def test_a_record_keeps_the_decks_and_feats_and_plays_again() -> None:
    played = game(decks={"Harsk": HARSK}, feats={"Harsk": {"skills": {"Dexterity": 2}, "cards": {}}})
    agent = RandomAgent(5)
    for _ in range(40):
        decision = played.decision
        assert decision is not None
        played.apply(agent.act(played.agent_view(decision.player), decision))
    record = json.loads(json.dumps(played.to_record()))
    assert record["decks"] == {"Harsk": HARSK} and record["feats"] == {"Harsk": {"skills": {"Dexterity": 2}}}
    again = pacg.load_game(record, library=library())
    assert again.setup == played.setup and again.actions == played.actions
    assert again.view("Harsk") == played.view("Harsk")
    assert "decks" not in game().to_record() and "feats" not in game().to_record()


@pytest.mark.parametrize(("change", "message"), [
    ({"decks": {"Harsk": ["Longsword"]}}, "the record: field 'decks': Harsk's deck holds 1 weapon, not the 5"),
    ({"decks": {"Harsk": "Longsword"}}, "the record: field 'decks' must map characters to the card names"),
    ({"decks": {"Seelah": HARSK}}, "the record: field 'decks' names Seelah, not of the party"),
    ({"feats": {"Harsk": {"skills": {"Dexterity": 9}}}},
     "the record: field 'feats': Harsk's feats: skills.Dexterity: Harsk's Dexterity has 4 feat boxes, not 9"),
    ({"feats": {"Harsk": {"hand": 1}}}, "the record: field 'feats': Harsk: hand: unknown field"),
    ({"feats": ["Harsk"]}, "the record: field 'feats' must map characters to their feats"),
])
def test_a_record_with_bad_decks_or_feats_is_refused_naming_the_field(change: dict[str, Any], message: str) -> None:
    record = game(decks={"Harsk": HARSK}, feats={"Harsk": {"skills": {"Dexterity": 2}}}).to_record()
    with pytest.raises(RecordError, match=re.escape(message)):
        pacg.load_game({**record, **change}, library=library())


def test_a_table_refuses_decks_and_feats_as_its_own() -> None:
    with pytest.raises(ValueError, match="give new_game the table without decks, feats"):
        pacg.new_game(table={"scenario": GODLESS}, decks={"Harsk": HARSK}, feats={"Harsk": {}})
