"""The cards of The Godless Ones (adventure B, scenario 1): the scenario card, its villain, henchmen and
locations, and a box that holds enough banes and boons to set it up for any four of the seven base-set
characters on their suggested decks.

The box of a set-B scenario is every card whose adventure deck number is at most the scenario's (SETUP-04,
SET-01). A card in a suggested deck takes one copy out of the box (SETUP-02); the location decks are dealt
from what is left by card type (SETUP-06), and the blessings deck takes 30 blessings more (SETUP-08).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from pacg.cards.model import Bane, Character, Location, Scenario
from pacg.cards.powers import ENCOUNTERED, SERVITOR_DEMON, Attempt, ExamineDeck, Timing
from pacg.cards.vocabulary import DECK_TYPES, CardType
from pacg.engine.encounter import encounter
from pacg.engine.summon import SERVITOR_DEMONS
from table import Table, library

SCENARIO = "The Godless Ones"
BLESSINGS_DECK = 30  # SETUP-08
PLAYERS = (1, 2, 3, 4)  # a party has at most 4 characters (REB-03)
CHARACTERS = ("Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah")  # the base set's seven

# The deck lists of the six locations of a four-player game, added up (inventory.json).
FOUR_PLAYER_NEED = {
    CardType.MONSTER: 5,
    CardType.BARRIER: 3,
    CardType.WEAPON: 10,
    CardType.SPELL: 6,
    CardType.ARMOR: 9,
    CardType.ITEM: 8,
    CardType.ALLY: 10,
    CardType.BLESSING: 3,
}


def scenario() -> Scenario:
    return library().typed(SCENARIO, Scenario)


def box() -> list[Any]:
    """The banes and boons in the box for this scenario: cards of its adventure deck number or lower."""
    level = scenario().adventure_deck_number
    return [card for card in library() if card.type in DECK_TYPES and card.adventure_deck_number <= level]


def location_need(players: int) -> Counter[CardType]:
    """How many cards of each type the location decks of a game with this many players take (SETUP-06)."""
    need: Counter[CardType] = Counter()
    for name in scenario().locations_for(players):
        location = library().typed(name, Location)
        need.update({CardType(card_type): count for card_type, count in location.deck.items()})
    return need


def left_in_box(party: tuple[Character, ...]) -> Counter[CardType]:
    """The copies of each type left in the box once the party's suggested decks are taken out (SETUP-02)."""
    copies = {card.name: card for card in box()}
    taken: Counter[str] = Counter(name for hero in party for names in hero.suggested_deck.values() for name in names)
    left: Counter[CardType] = Counter()
    for card in copies.values():
        assert taken[card.name] <= card.copies, f"{card.name}: {taken[card.name]} taken, {card.copies} in the box"
        left[card.type] += card.copies - taken[card.name]
    missing = set(taken) - set(copies)
    assert not missing, f"suggested-deck cards not in the box: {sorted(missing)}"
    return left


def named_summons(data: Any) -> Iterator[str]:
    """Every card name a card's data summons: powers, nested effects and When Closing options."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "summon" and isinstance(value, str):
                yield value
            else:
                yield from named_summons(value)
    elif isinstance(data, list):
        for item in data:
            yield from named_summons(item)


# --- the scenario card ----------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-07")
def test_the_villain_and_henchmen_exist_with_their_types() -> None:
    """Sophini is the villain; Blackfire Adept and Ceustodaemon are the named henchmen and Cultists of
    Baphomet, listed last, fill the stack up to the number of locations."""
    card = scenario()
    assert card.set == "B"
    assert card.villains == ("Sophini",)
    assert card.henchmen == ("Blackfire Adept", "Ceustodaemon", "Cultist of Baphomet")
    assert isinstance(library().get("Sophini"), Bane) and library().get("Sophini").type == CardType.VILLAIN
    for name in card.henchmen:
        henchman = library().get(name)
        assert isinstance(henchman, Bane) and henchman.type == CardType.HENCHMAN, name
        assert henchman.is_monster, name
    # With 6 locations the stack is Sophini, the two named henchmen and 3 Cultists: the box holds 5.
    assert library().get("Cultist of Baphomet").copies >= max(card.locations) - 1 - 2


@pytest.mark.rule("SETUP-05")
@pytest.mark.parametrize("players", PLAYERS)
def test_the_locations_for_each_player_count_exist(players: int) -> None:
    names = scenario().locations_for(players)
    assert len(names) == players + 2
    for name in names:
        location = library().get(name)
        assert isinstance(location, Location) and location.type == CardType.LOCATION, name
        assert sum(location.deck.values()) == 9, name


@pytest.mark.rule("SETUP-05")
def test_the_locations_by_player_count() -> None:
    assert scenario().locations == {
        1: ("Forsaken Cloister", "Manor House", "Marketplace"),
        2: ("Armory",),
        3: ("Watchtower",),
        4: ("Laboratory",),
        5: ("Citadel",),
        6: ("Sanctum",),
    }


@pytest.mark.rule("SETUP-06")
def test_the_four_player_location_decks_add_up() -> None:
    assert location_need(4) == Counter(FOUR_PLAYER_NEED)


@pytest.mark.rule("EXAM-01")
def test_the_scenario_power_examines_a_location_deck_after_acquiring_an_ally() -> None:
    (power,) = scenario().powers
    assert power.when == Timing.ACQUIRE and power.optional
    assert power.conditions.against is not None and power.conditions.against.types == (CardType.ALLY,)
    attempt = power.effect(Attempt)
    assert attempt.attempt == "Intelligence or Knowledge 6"
    (examine,) = attempt.success
    assert isinstance(examine, ExamineDeck) and examine.deck == "any location" and str(examine.examine_deck) == "1"


@pytest.mark.rule("END-03")
def test_the_reward_is_a_random_corrupted_blessing_for_each_character() -> None:
    reward = scenario().reward
    assert reward is not None and reward.draw_random is not None
    assert reward.draw_random.types == (CardType.BLESSING,) and reward.draw_random.traits == ("Corrupted",)
    corrupted = sum(card.copies for card in box() if card.type == CardType.BLESSING and "Corrupted" in card.traits)
    assert corrupted >= 4


# --- the cards --------------------------------------------------------------------------------------------


@pytest.mark.rule("SET-02")
def test_every_stand_in_has_notes() -> None:
    for card in library():
        if card.provenance == "standin":
            assert card.notes and card.notes.strip(), f"{card.name} is a stand-in without notes"


@pytest.mark.rule("SUM-01")
@pytest.mark.rule("SUM-07")
def test_every_card_summoned_by_name_exists() -> None:
    """A summon names a card in the box (the Demonling of the Forsaken Cloister, the Corrupted Soldier,
    Fiendish Tree and Ulkreth of the barriers) or the adventure's servitor demon, of the Servitor Demon Table."""
    for card in library():
        for name in named_summons(card.model_dump(mode="json")):
            if name == ENCOUNTERED:
                continue  # a copy of the card being encountered (SUM-01)
            if name == SERVITOR_DEMON:
                name = SERVITOR_DEMONS[0]  # the base set's adventure: the Demonling
            assert name in library(), f"{card.name} summons {name!r}, which has no card file"
            assert library().get(name).is_bane or library().get(name).is_boon, name


# --- the box ---------------------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-06")
@pytest.mark.rule("SETUP-08")
@pytest.mark.parametrize("party", list(itertools.combinations(CHARACTERS, 4)), ids="-".join)
def test_the_box_fills_the_four_player_game_for_any_four_characters(party: tuple[str, ...]) -> None:
    chosen = tuple(library().typed(name, Character) for name in party)
    left = left_in_box(chosen)
    need = location_need(4)
    for card_type in DECK_TYPES:
        assert left[card_type] >= need[card_type], (
            f"{', '.join(hero.name for hero in chosen)}: {left[card_type]} {card_type} left, {need[card_type]} needed"
        )
    assert left[CardType.BLESSING] >= BLESSINGS_DECK + need[CardType.BLESSING]


@pytest.mark.rule("EXAM-01")
@pytest.mark.parametrize(("face", "examined"), [(10, True), (5, False)])
def test_acquiring_an_ally_lets_you_attempt_a_check_to_examine_the_top_card_of_any_location_deck(
    face: int, examined: bool
) -> None:
    """Enora acquires a Recruit (Charisma 1d8: an 8, against 3) and uses the scenario's power: her Intelligence 1d12
    meets 6 with a 10 and she looks at the top of the Manor House's deck, the Dire Rat, which stays there; a 5
    fails, and she examines nothing."""
    table = Table(strict=True)
    table.scenario(SCENARIO)
    table.location("Armory", ["Recruit"])
    table.location("Manor House", ["Dire Rat", "Mace"])
    enora = table.character("Enora", at="Armory", deck=["Codex"])
    table.dice(8, face)
    outcome = table.run(encounter(table.game, enora, table.top("Armory")), "Attempt", "Charisma",
                        "Use The Godless Ones", "Intelligence", *(["Manor House"] if examined else []))
    assert outcome == "acquired"
    examinations = [line for line in table.game.log if line.startswith("Enora examines")]
    assert examinations == (["Enora examines the top of Manor House's location deck: Dire Rat"] if examined else [])
    assert table.deck("Manor House") == ["Dire Rat", "Mace"]
