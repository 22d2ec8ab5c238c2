"""Setting up a scenario (rulebook pages 4-7): decks, locations, villain and henchmen, blessings, hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from pacg.agents.random_agent import RandomAgent
from pacg.cards.loader import CardLibrary
from pacg.cards.model import Scenario
from pacg.cards.vocabulary import CardType, adventure_deck_number
from pacg.decisions import Decision, run
from pacg.engine.box import named_in_box
from pacg.engine.scenario import play_scenario
from pacg.engine.setup import SetupError, build_deck, new_game, set_up, trade_cards
from pacg.engine.state import GameState
from pacg.engine.zones import BLESSINGS_DECK, REMOVED, ZoneKind, box
from table import Table, kind_of, library
from table import card as card_from_text

GODLESS = "The Godless Ones"


def script(*answers: str) -> Callable[[Decision], int]:
    """Answer each Decision with the option starting with the next scripted answer, else the first option."""
    pending = list(answers)

    def answer(decision: Decision) -> int:
        for index, option in enumerate(decision.options):
            if pending and option.label.startswith(pending[0]):
                pending.pop(0)
                return index
        return 0

    return answer


def set_up_game(
    characters: list[str], *answers: str, seed: int = 1, before: Callable[[GameState], None] | None = None
) -> GameState:
    game = new_game(library(), GODLESS, characters, seed=seed)
    if before is not None:
        before(game)
    run(set_up(game), script(*answers))
    game.zones.check_conservation()
    return game


def types_of(game: GameState, names: list[str]) -> Counter[str]:
    return Counter(str(game.library.get(name).type) for name in names)


@pytest.mark.rule("SETUP-05")
@pytest.mark.rule("SETUP-06")
@pytest.mark.rule("SET-03")
def test_locations_up_to_the_number_of_players_with_decks_dealt_by_type_from_the_box() -> None:
    game = set_up_game(["Harsk", "Kyra"])
    assert list(game.locations) == ["Forsaken Cloister", "Manor House", "Marketplace", "Armory"]
    for location in game.locations.values():
        cards = game.zones.cards(location.deck)
        boons_and_plain_banes = [card.name for card in cards if card.type not in (CardType.VILLAIN, CardType.HENCHMAN)]
        wanted = Counter({str(kind): count for kind, count in location.card.deck.items() if count})
        assert types_of(game, boons_and_plain_banes) == wanted, location.name
        for card in cards:
            assert game.zones.where(card) == location.deck


@pytest.mark.rule("SETUP-07")
@pytest.mark.parametrize(("players", "cultists"), [(1, 0), (2, 1), (4, 3)])
def test_one_villain_or_henchman_in_each_location_deck_the_last_henchman_filling_the_stack(
    players: int, cultists: int
) -> None:
    party = ["Harsk", "Kyra", "Seelah", "Enora"][:players]
    game = set_up_game(party)
    stack = [card.name for location in game.locations.values() for card in game.zones.cards(location.deck)
             if card.type in (CardType.VILLAIN, CardType.HENCHMAN)]
    assert len(stack) == len(game.locations) == players + 2
    assert Counter(stack) == Counter({"Sophini": 1, "Blackfire Adept": 1, "Ceustodaemon": 1}) + Counter(
        {"Cultist of Baphomet": cultists})
    assert len({id(card) for location in game.locations.values() for card in game.zones.cards(location.deck)}) == (
        sum(len(game.zones.cards(location.deck)) for location in game.locations.values())), "each card is one card"


@pytest.mark.rule("SETUP-08")
def test_the_blessings_deck_is_30_random_blessings() -> None:
    game = set_up_game(["Harsk"])
    deck = game.zones.cards(BLESSINGS_DECK)
    assert len(deck) == 30
    assert {card.type for card in deck} == {CardType.BLESSING}
    other = set_up_game(["Harsk"], seed=2)
    assert [c.name for c in deck] != [c.name for c in other.zones.cards(BLESSINGS_DECK)]


@pytest.mark.rule("SETUP-02")
@pytest.mark.rule("SETUP-10")
def test_suggested_decks_and_a_starting_hand_with_the_favored_card_type() -> None:
    game = set_up_game(["Harsk", "Imrijka"], "Forsaken Cloister", "Forsaken Cloister", "Blessing")
    harsk, imrijka = game.characters
    for character in game.characters:
        hand = game.zones.cards(character.hand)
        deck = game.zones.cards(character.deck)
        assert len(hand) == character.hand_size
        assert game.zones.cards(character.discard_pile) == [], "discards are shuffled back"
        suggested = Counter(name for names in character.card.suggested_deck.values() for name in names)
        assert Counter(card.name for card in hand + deck) == suggested
    assert any(card.type is CardType.WEAPON for card in game.zones.cards(harsk.hand))
    favored = next(d for d in decisions_of(["Harsk", "Imrijka"]) if kind_of(d) == "favored")
    assert [option.label for option in favored.options] == ["Weapon", "Blessing"]
    assert any(card.type is CardType.BLESSING for card in game.zones.cards(imrijka.hand))


def decisions_of(party: list[str]) -> list[Decision]:
    seen: list[Decision] = []

    def answer(decision: Decision) -> int:
        seen.append(decision)
        return 0

    run(set_up(new_game(library(), GODLESS, party, seed=1)), answer)
    return seen


@pytest.mark.rule("SETUP-01")
def test_a_card_the_box_has_run_out_of_is_replaced_by_a_basic_card_of_its_type() -> None:
    def no_longswords(game: GameState) -> None:
        for card in named_in_box(game, "Longsword"):
            game.zones.move(card, REMOVED)

    game = set_up_game(["Seelah"], before=no_longswords)
    seelah = game.characters[0]
    cards = [card.card for kind in (ZoneKind.HAND, ZoneKind.DECK) for card in game.zones.cards(seelah.zone(kind))]
    assert "Longsword" not in [card.name for card in cards]
    assert Counter(card.type for card in cards)[CardType.WEAPON] == len(seelah.card.suggested_deck[CardType.WEAPON])
    assert all("Basic" in card.traits for card in cards if card.type is CardType.WEAPON)


def _fighter(name: str) -> str:
    """A test character whose deck is one Longsword."""
    return f"""
name: {name}
type: character
set: B
provenance: standin
notes: A test character whose suggested deck is one Longsword.
skills:
  Strength: {{die: d8}}
hand_size: {{start: 1}}
favored: [weapon]
cards_list:
  weapon: {{start: 1}}
suggested_deck:
  weapon: [Longsword]
"""


OWNERS_BLADE = card_from_text("""
name: Ash's Blade
type: weapon
set: B
traits: [Owner, Sword, Melee]
owner: Ash
provenance: standin
notes: A test weapon with the Owner trait, owned by the test character Ash.
check_to_acquire: Strength 8
""")


@pytest.mark.rule("OWN-01")
@pytest.mark.rule("SETUP-01")
@pytest.mark.parametrize(("name", "deck"), [("Ash", ["Ash's Blade"]), ("Birch", None)])
def test_a_card_with_the_owner_trait_is_basic_for_its_owner_alone(name: str, deck: list[str] | None) -> None:
    """With every Basic weapon gone from the box, the Longsword of a suggested deck is replaced by the one weapon
    left that the character may treat as Basic: Ash's Blade, for Ash; for Birch, none is left."""
    table = Table(extra_cards=[card_from_text(_fighter("Ash")), card_from_text(_fighter("Birch")), OWNERS_BLADE])
    for weapon in list(table.game.zones.cards(box("weapon"))):
        if weapon.card.is_basic:
            table.game.zones.move(weapon, REMOVED)
    fighter = table.character(name, at="Armory")
    if deck is None:
        with pytest.raises(ValueError, match=f"the box has no weapon left for {name}'s deck"):
            build_deck(table.game, fighter)
    else:
        build_deck(table.game, fighter)
        assert table.cards(fighter, ZoneKind.DECK) == deck


@pytest.mark.rule("SETUP-09")
def test_each_character_starts_at_a_chosen_location_and_several_may_share_one() -> None:
    game = set_up_game(["Harsk", "Kyra", "Seelah"], "Armory", "Armory", "Watchtower")
    assert [c.location for c in game.characters] == ["Armory", "Armory", "Watchtower"]
    start = next(d for d in decisions_of(["Harsk", "Kyra"]) if kind_of(d) == "start")
    assert [o.label for o in start.options] == list(new_game(library(), GODLESS, ["Harsk", "Kyra"]).scenario
                                                     .locations_for(2))


@pytest.mark.rule("SETUP-11")
def test_a_listed_cohort_goes_to_hand_and_each_character_may_take_one_of_the_scenarios() -> None:
    def with_cohort(game: GameState) -> None:
        assert game.scenario is not None
        game.scenario = game.scenario.model_copy(update={"cohorts": ("Cecilla the Uprooter",)})

    game = set_up_game(["Alain", "Harsk"], "Forsaken", "Forsaken", "No cohort", "Take Cecilla", before=with_cohort)
    alain, harsk = game.characters
    assert "Donahan" in [card.name for card in game.zones.cards(alain.hand)]
    assert "Cecilla the Uprooter" in [card.name for card in game.zones.cards(harsk.hand)]
    assert len(game.zones.cards(harsk.hand)) == harsk.hand_size + 1


@pytest.mark.rule("SETUP-12")
@pytest.mark.rule("SET-01")
def test_mythic_path_holders_start_with_charges_equal_to_the_adventure_deck_number() -> None:
    scenario = library().typed(GODLESS, Scenario)
    deck_one = scenario.model_copy(update={"name": "Test Scenario", "set": "1"})
    cards = CardLibrary([*library(), deck_one])
    assert adventure_deck_number("B") == 0 and adventure_deck_number("1") == 1
    game = new_game(cards, "Test Scenario", ["Harsk", "Kyra"], seed=1, mythic_paths={"Harsk": "Mythic Guardian"})
    assert game.adventure_deck_number == 1
    assert game.characters[0].mythic_path is library().get("Mythic Guardian")
    game.characters[1].mythic_charges = 3
    run(set_up(game), script())
    assert [c.mythic_charges for c in game.characters] == [1, 0]


@pytest.mark.rule("SETUP-13")
@pytest.mark.rule("SOLO-01")
@pytest.mark.plays_at_random
def test_turns_follow_the_party_order_and_each_character_advances_the_blessings_deck() -> None:
    game = new_game(library(), GODLESS, ["Kyra", "Harsk"], seed=3)
    turns: list[tuple[str, int]] = []
    agent = RandomAgent(3)

    def answer(decision: Decision) -> int:
        if game.turn is not None and (not turns or turns[-1][0] != game.turn.character.name):
            turns.append((game.turn.character.name, len(game.zones.cards(BLESSINGS_DECK))))
        return agent(decision)

    run(play_scenario(game), answer)
    assert [name for name, _ in turns[:4]] == ["Kyra", "Harsk", "Kyra", "Harsk"]
    assert [left for _, left in turns[:3]] == [29, 28, 27], "each character's turn advances the deck"


@pytest.mark.parametrize(
    ("scenario", "party", "message"),
    [
        ("The Lost Ones", ["Harsk"], "unknown scenario 'The Lost Ones'"),
        (GODLESS, ["Bob"], "unknown character 'Bob'"),
        (GODLESS, ["Harsk", "Harsk"], "only once"),
        (GODLESS, ["Harsk", "Kyra", "Seelah", "Enora", "Alain", "Balazar", "Crowe"], "1 to 6 characters, not 7"),
        (GODLESS, [], "1 to 6 characters, not 0"),
    ],
)
def test_a_game_that_cant_be_set_up_says_why(scenario: str, party: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game(library(), scenario, party)


@pytest.mark.rule("SETUP-03")
def test_players_may_trade_a_card_for_a_card_of_the_same_type_if_both_agree() -> None:
    game = new_game(library(), GODLESS, ["Harsk", "Seelah"], seed=1)
    for character in game.characters:
        build_deck(game, character)
    shortbows = sum(card.name == "Shortbow" for card in game.zones.cards(game.characters[0].deck))

    answers = script("Offer Seelah", "Shortbow", "Longsword", "Accept", "Offer Seelah", "Shortbow", "Mace", "Refuse")
    seen: list[Decision] = []

    def answer(decision: Decision) -> int:
        seen.append(decision)
        return answers(decision)

    run(trade_cards(game), answer)
    harsk, seelah = game.characters
    deck = {c.name: [card.name for card in game.zones.cards(c.deck)] for c in game.characters}
    assert "Longsword" in deck["Harsk"] and "Shortbow" in deck["Seelah"]
    assert deck["Harsk"].count("Shortbow") == shortbows - 1
    assert "Mace" in deck["Seelah"], "a refused trade changes nothing"
    for character in game.characters:
        kinds = Counter(card.type for card in game.zones.cards(character.deck))
        assert kinds == Counter({kind: len(names) for kind, names in character.card.suggested_deck.items()})
    offered = next(d for d in seen if kind_of(d) == "trade card" and "for which" in d.prompt)
    assert all(game.library.get(o.label).type is CardType.WEAPON for o in offered.options), "only the same type"
    assert seen[-1].kind == "trade" and seen[-1].player == "Seelah"


@pytest.mark.rule("SETUP-03")
def test_only_cards_that_can_be_traded_are_offered() -> None:
    """Only real questions: a card is offered for a trade only if the partner has a card of its type by another
    name (a Leather Armor for Kyra's only armor, a Leather Armor, would change nothing), and a partner only if
    some card can be traded with them."""
    game = new_game(library(), GODLESS, ["Harsk", "Kyra"], seed=1)
    for character in game.characters:
        build_deck(game, character)
    harsk, kyra = game.characters
    armor = {card.name: card for card in game.zones.cards(harsk.deck) if card.type is CardType.ARMOR}
    assert set(armor) == {"Leather Armor", "Wooden Shield"}, "the seed's decks, as the test reads them"
    for card in [c for c in game.zones.cards(kyra.deck) if c.type is CardType.ARMOR]:
        game.zones.move(card, box(CardType.ARMOR))
    game.zones.move(named_in_box(game, "Leather Armor")[0], kyra.deck)
    seen: list[Decision] = []
    answers = script("Offer Kyra")

    def answer(decision: Decision) -> int:
        seen.append(decision)
        return answers(decision)

    run(trade_cards(game), answer)
    offered = next(d for d in seen if kind_of(d) == "trade card" and "which of your cards" in d.prompt)
    labels = {option.label for option in offered.options}
    assert "Wooden Shield" in labels, "Kyra has an armor by another name: a Leather Armor"
    assert "Leather Armor" not in labels, "Kyra's only armor is a Leather Armor: trading one for it changes nothing"


@pytest.mark.rule("SETUP-04")
def test_a_standalone_base_set_scenario_leaves_adventure_deck_cards_out_of_the_box() -> None:
    from table import card

    later = card("""
name: Later Fiend
type: monster
set: "1"
traits: [Demon]
provenance: standin
notes: An Adventure Deck 1 card for the test.
check_to_defeat: Combat 12
""")
    scenario = library().typed(GODLESS, Scenario)
    cards = CardLibrary([*library(), later, scenario.model_copy(update={"name": "Deck One Scenario", "set": "1"})])
    base = new_game(cards, GODLESS, ["Harsk"], seed=1)
    assert not named_in_box(base, "Later Fiend")
    deck_one = new_game(cards, "Deck One Scenario", ["Harsk"], seed=1)
    assert len(named_in_box(deck_one, "Later Fiend")) == 1, "its adventure began, so its Adventure Deck joins"


@pytest.mark.rule("SUM-07")
def test_a_scenario_needs_its_adventures_servitor_demon_in_the_library() -> None:
    """The box's cards summon this adventure's servitor demon (the Demonic Horde ...): a library without it can't
    set up the adventure's scenarios, rather than failing mid-game."""
    without = CardLibrary(card for card in library() if card.name != "Sloth Demon")
    with pytest.raises(SetupError, match="Under the Broken City needs cards the library doesn't have: Sloth Demon"):
        new_game(without, "Under the Broken City", ["Seelah"])
    assert new_game(without, "The Godless Ones", ["Seelah"]).adventure_deck_number == 0
