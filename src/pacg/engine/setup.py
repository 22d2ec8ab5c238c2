"""Setting up a scenario (rulebook pages 4-7).

    Build your character decks (suggested decks, SETUP-01, SETUP-02); the players may trade (SETUP-03).
    Set out the locations by the number of players (SETUP-05).
    Build the location decks, dealt at random by type from the box (SETUP-06, SET-03).
    Add the villain and henchmen, one to each location deck (SETUP-07).
    Create the blessings deck of 30 random blessings (SETUP-08).
    Place the characters at their starting locations (SETUP-09).
    Draw starting hands with the favored card type (SETUP-10).
    Add cohorts and mythic charges (SETUP-11, SETUP-12); the setup powers of the scenario and characters.
    Take turns in the party's order (SETUP-13).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from pacg.cards.loader import CardLibrary
from pacg.cards.model import Character, Location, MythicPath, Scenario
from pacg.cards.names import UnknownName
from pacg.cards.powers import CardFilter, Timing
from pacg.cards.vocabulary import MAX_PARTY, CardType, adventure_deck_number
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import effects  # noqa: F401  (every effect declared, `effects.SPECS`: setting up resolves powers)
from pacg.engine.box import build_location, first_in_box, named_in_box, random_from_box
from pacg.engine.choosing import choose
from pacg.engine.playing import Step, standing_powers
from pacg.engine.redemption import redeemable
from pacg.engine.state import CharacterState, GameState
from pacg.engine.summon import SERVITOR_DEMONS
from pacg.engine.window import apply_mandatory
from pacg.engine.zones import BLESSINGS_DECK, REMOVED, PhysicalCard, Zone, box

BLESSINGS_DECK_SIZE = 30  # SETUP-08


class SetupError(ValueError):
    """A scenario or party that can't be set up, with what is wrong."""


def new_game(
    library: CardLibrary, scenario: str, characters: list[str], seed: int | None = None,
    mythic_paths: Mapping[str, str] | None = None, redeemed: Iterable[str] = (), removed: Iterable[str] = (),
) -> GameState:
    """A game of a scenario for a party, before setup: checks the names and the party size. `mythic_paths`
    names the mythic path each character who has chosen one holds (MYTH-01); `redeemed`, the boons checked off
    on the redemption card in the Adventure Path's earlier scenarios (RED-01); `removed`, the cards removed from
    the game in earlier scenarios (a banished cohort, COH-01), which the box no longer holds. Names are read in
    any case (`setup_names`)."""
    names = setup_names(library, scenario, characters, mythic_paths, redeemed, removed)
    card = library.typed(names.scenario, Scenario)
    characters = names.characters
    if len(set(characters)) != len(characters):
        raise SetupError("a character can be in the party only once")
    most = min(MAX_PARTY, max(card.locations)) if card.locations else MAX_PARTY
    if not 1 <= len(characters) <= most:
        raise SetupError(f"a party has 1 to {most} characters, not {len(characters)}")
    servitor = SERVITOR_DEMONS[adventure_deck_number(card.set)]  # summoned by cards of the box (SUM-07)
    missing = [name for name in [*card.locations_for(len(characters)), *card.villains, *card.henchmen, servitor]
               if name not in library]
    if missing:
        raise SetupError(f"{card.name} needs cards the library doesn't have: {', '.join(missing)}")
    game = GameState(library, seed=seed, adventure_deck_number=adventure_deck_number(card.set))
    game.scenario = card
    game.fill_box()
    remove_from_the_game(game, names.removed)
    paths = dict(names.mythic_paths)
    for name in characters:
        character = CharacterState(library.typed(name, Character))
        if name in paths:
            character.choose_mythic_path(library.typed(paths.pop(name), MythicPath))
        game.characters.append(character)
    if paths:
        raise SetupError(f"mythic paths for characters not in the party: {', '.join(sorted(paths))}")
    listed = redeemable(library)
    for name in names.redeemed:
        if name not in listed:
            raise SetupError(f"{name!r} can't be redeemed: the redemption card lists {', '.join(sorted(listed))}")
        game.redeemed.add(name)
    return game


def remove_from_the_game(game: GameState, names: Iterable[str]) -> None:
    """Take cards removed from the game in earlier scenarios out of the box, one copy for each time a name is
    given: they may not be used in this scenario (COH-01). The names are the cards' own (`setup_names`)."""
    for name in names:
        card = first_in_box(game, name)
        if card is None:
            raise SetupError(f"the box holds no {name} to remove from the game")
        game.zones.move(card, REMOVED)


class SetupNames(NamedTuple):
    """The names of what a game is set up with, each the card's own."""

    scenario: str
    characters: list[str]
    mythic_paths: dict[str, str]  # by character
    redeemed: list[str]
    removed: list[str]


def setup_names(library: CardLibrary, scenario: str, characters: Iterable[str],
                mythic_paths: Mapping[str, str] | None = None, redeemed: Iterable[str] = (),
                removed: Iterable[str] = ()) -> SetupNames:
    """The cards' own names for the names of a game's setup written in any case (`named`)."""
    return SetupNames(
        named(library, scenario, CardType.SCENARIO),
        [named(library, name, CardType.CHARACTER) for name in characters],
        {named(library, name, CardType.CHARACTER): named(library, path, CardType.MYTHIC_PATH)
         for name, path in (mythic_paths or {}).items()},
        [named(library, name) for name in redeemed],
        [named(library, name) for name in removed],
    )


def named(library: CardLibrary, name: str, kind: CardType | None = None) -> str:
    """The card's own name for a name in any case (`CardLibrary.named`); an unknown one is a SetupError saying
    which names are closest."""
    try:
        return library.named(name, kind)
    except UnknownName as error:
        raise SetupError(str(error)) from None


def set_up(game: GameState) -> Process[None]:
    """Set up the scenario for the game's party, asking the players their choices."""
    scenario = game.scenario
    assert scenario is not None
    for character in game.characters:
        build_deck(game, character)
    yield from trade_cards(game)
    for name in scenario.locations_for(len(game.characters)):
        build_location(game, game.library.typed(name, Location))
    add_villains_and_henchmen(game, scenario)
    create_blessings_deck(game)
    for character in game.characters:
        yield from choose_starting_location(game, character)
    for character in game.characters:
        yield from draw_starting_hand(game, character)
    yield from add_cohorts(game, scenario)
    for character in game.characters:  # SETUP-12
        character.mythic_charges = game.adventure_deck_number if character.mythic_path else 0
    for character in game.characters:
        yield from apply_setup_powers(game, character)
    game.note(f"Set up {scenario.name} for {', '.join(c.name for c in game.characters)}")


def apply_setup_powers(game: GameState, character: CharacterState) -> Process[None]:
    """The scenario's and the character's powers used as you set up ("read them right away"): for each
    character in turn, once the hands are drawn."""
    step = Step(game=game, checker=character, timing=Timing.SETUP)
    yield from apply_mandatory(step, list(standing_powers(step)))


def build_deck(game: GameState, character: CharacterState) -> None:
    """The character's suggested deck from the box (SETUP-02); a card the box has run out of is replaced by
    a random Basic card of its type (SETUP-01), which may be a card the character is the Owner of (OWN-01)."""
    deck = character.deck

    def basic(card: PhysicalCard) -> bool:
        return card.card.basic_for(character.name)

    for card_type, names in character.card.suggested_deck.items():
        for name in names:
            card = first_in_box(game, name) or random_from_box(game, CardFilter(types=[card_type]), also=basic)
            if card is None:
                raise ValueError(f"the box has no {card_type} left for {character.name}'s deck")
            game.zones.move(card, deck, bottom=True)
    game.zones.shuffle(deck, game.rng)


def trade_cards(game: GameState) -> Process[None]:
    """Before the scenario the players may trade cards, a card for a card of the same type so that each deck
    still meets its Cards List (SETUP-03). Each player in turn may offer trades; the other player accepts or
    refuses each one."""
    for offering in game.characters:
        others = _partners(game, offering)
        while others:
            options = (Option("No more trades", key="done"),) + tuple(Option(f"Offer {c.name} a trade", c, key="offer")
                                                                      for c in others)
            index = yield Decision(offering.name, DecisionKind.TRADE,
                                   f"{offering.name}: trade a card before the scenario?",
                                   options, help="Trade a card of your deck for a card of the same type of another "
                                                 "player's deck, if they agree (SETUP-03).")
            if index == 0:
                break
            if (yield from _offer_trade(game, offering, options[index].value)):
                others = _partners(game, offering)  # the decks changed (only a trade made changes them)


def _partners(game: GameState, offering: CharacterState) -> list[CharacterState]:
    """The players a player could trade a card with (`_tradeable`): those holding a card of a type the player holds
    too, by another name than one of the player's cards of that type (a card for one of its own name changes
    nothing). Of a type both hold, that is so unless both hold it by one and the same name."""
    mine = _names_by_type(game, offering)
    return [other for other in game.characters if other is not offering and any(
        len(names | theirs) > 1 for kind, theirs in _names_by_type(game, other).items() if (names := mine.get(kind)))]


def _names_by_type(game: GameState, character: CharacterState) -> dict[CardType, set[str]]:
    """The names of a character's cards before the game, by the type they count as."""
    names: dict[CardType, set[str]] = {}
    for card in game.zones.cards(character.deck):
        names.setdefault(card.counts_as, set()).add(card.name)
    return names


def _deck_cards(game: GameState, character: CharacterState) -> list[PhysicalCard]:
    """A character's cards as they stand before the game, each name once."""
    return list({card.name: card for card in game.zones.cards(character.deck)}.values())


def _tradeable(game: GameState, offering: CharacterState, partner: CharacterState) -> list[PhysicalCard]:
    """The cards of one player's deck that could be traded to another: those for which the other has a card of
    the same type by another name."""
    names = _names_by_type(game, partner)
    return [card for card in _deck_cards(game, offering)
            if len(theirs := names.get(card.counts_as, set())) > 1 or (theirs and card.name not in theirs)]


def _offer_trade(game: GameState, offering: CharacterState, partner: CharacterState) -> Process[bool]:
    """One trade offered: a card of the offering player's, a card of the partner's of its type for it, and the
    partner's answer; whether the trade was made. Only cards that can be traded are offered."""
    mine = _tradeable(game, offering, partner)
    given = yield from choose(offering, DecisionKind.TRADE_CARD, f"{offering.name}: which of your cards?", mine)
    wanted = [card for card in _deck_cards(game, partner)
              if card.counts_as == given.counts_as and card.name != given.name]
    taken = yield from choose(offering, DecisionKind.TRADE_CARD,
                              f"{offering.name}: for which of {partner.name}'s cards?",
                              wanted)
    accept = yield Decision(partner.name, DecisionKind.ACCEPT_TRADE, f"{partner.name}: trade your {taken.name} for "
                            f"{offering.name}'s {given.name}?",
                            (Option("Refuse", key="refuse"), Option("Accept", key="accept")),
                            help="A trade needs both players; each deck keeps its Cards List.")
    if accept:
        game.zones.move(given, partner.deck)
        game.zones.move(taken, offering.deck)
        game.note(f"{offering.name} trades {given.name} to {partner.name} for {taken.name}")
    return bool(accept)


def add_villains_and_henchmen(game: GameState, scenario: Scenario) -> None:
    """A stack of the villains then the henchmen, the last henchman filling it to the number of locations;
    shuffled, one on each location deck, then each deck shuffled (SETUP-07)."""
    count = len(game.locations)
    names = [*scenario.villains, *scenario.henchmen][:count]
    names += [scenario.henchmen[-1]] * (count - len(names))
    stack: list[PhysicalCard] = []
    for name in names:
        copies = [card for card in named_in_box(game, name) if card not in stack]
        stack.append(copies[0] if copies else game.zones.summon_copy(game.library.get(name), box(CardType.HENCHMAN)))
    game.rng.shuffle(stack)
    for card, location in zip(stack, game.locations.values(), strict=True):
        game.zones.move(card, location.deck)
        game.zones.shuffle(location.deck, game.rng)


def create_blessings_deck(game: GameState) -> None:
    """30 random blessings from the box, shuffled (SETUP-08)."""
    blessings = game.zones.cards(box(CardType.BLESSING))
    for card in game.rng.sample(blessings, min(BLESSINGS_DECK_SIZE, len(blessings))):
        game.zones.move(card, BLESSINGS_DECK)
    game.zones.shuffle(BLESSINGS_DECK, game.rng)


def choose_starting_location(game: GameState, character: CharacterState) -> Process[None]:
    """Each character starts at a location of the player's choice; several may share one (SETUP-09)."""
    location = yield from choose(character, DecisionKind.START, f"{character.name}: where do you start?",
                                 list(game.locations.values()))
    character.location = location.name


def draw_starting_hand(game: GameState, character: CharacterState) -> Process[None]:
    """Draw the hand size; redraw until the hand holds the favored card type, recycling the discard pile if
    the deck runs out; then shuffle the discards back (SETUP-10)."""
    favored: CardType | None = character.card.favored[0]
    if len(character.card.favored) > 1:
        favored = yield from choose(character, DecisionKind.FAVORED, f"{character.name}: which favored card type?",
                                    list(character.card.favored))
    zones, deck, hand = game.zones, character.deck, character.hand
    discard = character.discard_pile
    if not any(card.type is favored for card in zones.cards(deck)):
        favored = None  # a deck without the type can never show it
    while True:
        for _ in range(character.hand_size - len(zones.cards(hand))):
            if not zones.cards(deck):
                _shuffle_back(game, discard, deck)
            if zones.cards(deck):
                zones.move(zones.cards(deck)[0], hand)
        if favored is None or any(card.type is favored for card in zones.cards(hand)):
            break
        for card in list(zones.cards(hand)):
            zones.move(card, discard)
    _shuffle_back(game, discard, deck)


def _shuffle_back(game: GameState, discard: Zone, deck: Zone) -> None:
    for card in list(game.zones.cards(discard)):
        game.zones.move(card, deck)
    game.zones.shuffle(deck, game.rng)


def add_cohorts(game: GameState, scenario: Scenario) -> Process[None]:
    """A character's listed cohort goes to hand; each character may take 1 of the scenario's (SETUP-11), of
    those the box holds: a cohort removed from the game in an earlier scenario is not offered (COH-01)."""
    for character in game.characters:
        if character.card.cohort and (cohort := first_in_box(game, character.card.cohort)):
            game.zones.move(cohort, character.hand)
    for character in game.characters:
        offered = [card for name in scenario.cohorts if (card := first_in_box(game, name))]
        if not offered:
            return
        options = (Option("No cohort", key="none"),) + tuple(Option(f"Take {card.name}", card, key="take")
                                                          for card in offered)
        index = yield Decision(character.name, DecisionKind.COHORT,
                               f"{character.name}: take one of the scenario's cohorts?",
                               options, help="Each character may add 1 of the scenario's cohorts to her hand.")
        if index:
            game.zones.move(options[index].value, character.hand)
