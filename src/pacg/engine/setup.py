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

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from pacg.cards.loader import CardLibrary
from pacg.cards.model import Character, Location, MythicPath, Scenario
from pacg.cards.names import UnknownName
from pacg.cards.powers import CardFilter, Timing
from pacg.cards.vocabulary import DECK_TYPES, MAX_PARTY, CardType, adventure_deck_number
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import effects  # noqa: F401  (every effect declared, `effects.SPECS`: setting up resolves powers)
from pacg.engine.box import build_location, first_in_box, named_in_box, random_from_box
from pacg.engine.choosing import choose
from pacg.engine.feats import cards_list, feat_problems
from pacg.engine.playing import Step, standing_powers
from pacg.engine.redemption import redeemable
from pacg.engine.state import CharacterState, Feats, GameState
from pacg.engine.summon import SERVITOR_DEMONS
from pacg.engine.window import apply_mandatory
from pacg.engine.zones import BLESSINGS_DECK, REMOVED, PhysicalCard, Zone, box

BLESSINGS_DECK_SIZE = 30  # SETUP-08


class SetupError(ValueError):
    """A scenario or party that can't be set up, with what is wrong; `field`, the setup's field it is wrong in
    when that is "decks" or "feats" (which a record's message names)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def new_game(
    library: CardLibrary, scenario: str, characters: list[str], seed: int | None = None,
    mythic_paths: Mapping[str, str] | None = None, redeemed: Iterable[str] = (), removed: Iterable[str] = (),
    decks: Mapping[str, Sequence[str]] | None = None, feats: Mapping[str, Feats] | None = None,
) -> GameState:
    """A game of a scenario for a party, before setup: checks the names and the party size. `mythic_paths`
    names the mythic path each character who has chosen one holds (MYTH-01); `redeemed`, the boons checked off
    on the redemption card in the Adventure Path's earlier scenarios (RED-01); `removed`, the cards removed from
    the game in earlier scenarios (a banished cohort, COH-01), which the box no longer holds. `decks` gives the
    cards of a character's deck built before (SETUP-01, REB-01), instead of the suggested deck (SETUP-02); `feats`,
    the feat boxes a character has checked (FEAT-01, FEAT-02, ROLE-01). Names are read in any case
    (`setup_names`). A party too big for the scenario, a character twice, feats the character's cards have no
    boxes for, or a deck that doesn't meet the Cards List or holds a card the box doesn't is a SetupError."""
    names = setup_names(library, scenario, characters, mythic_paths, redeemed, removed, decks, feats)
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
    for field, given in (("decks", names.decks), ("feats", names.feats)):
        strangers = sorted(set(given) - set(characters))
        if strangers:
            raise SetupError(f"{field} for characters not in the party: {', '.join(strangers)}", field)
    game = GameState(library, seed=seed, adventure_deck_number=adventure_deck_number(card.set))
    game.scenario = card
    game.fill_box()
    remove_from_the_game(game, names.removed)
    paths = dict(names.mythic_paths)
    for name in characters:
        character = CharacterState(library.typed(name, Character), _checked_feats(library, name, names.feats))
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
    _deal_decks(game, names.decks)
    return game


def _checked_feats(library: CardLibrary, name: str, feats: Mapping[str, Feats]) -> Feats | None:
    """A character's feats, checked as table files check them (`feats.feat_problems`); None for none given."""
    given = feats.get(name)
    if given is None:
        return None
    problem = next(feat_problems(library.typed(name, Character), given), None)
    if problem is not None:
        place, message = problem
        raise SetupError(f"{name}'s feats: {_place(place)}: {message}", "feats")
    return given


def _place(place: tuple[int | str, ...]) -> str:
    """A place in a character's feats as a table file's field is written: "skills.Dexterity", "powers[0]"."""
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in place).lstrip(".")


def _deal_decks(game: GameState, decks: Mapping[str, list[str]]) -> None:
    """Each deck given, checked and taken out of the box into its character's deck (before the suggested decks
    of the others are built, `build_deck`): it meets its character's Cards List as the checked card feats make it
    (SETUP-01, FEAT-02; loot counts as its type, REB-01), and the box holds its every card, a copy for each time a
    name is given (not a card removed from the game, COH-01, nor one of a later Adventure Deck, SETUP-04)."""
    for character in game.characters:
        names = decks.get(character.name)
        if names is None:
            continue
        cards = [game.library.get(name) for name in names]
        for card in cards:
            if not card.is_boon or card.counts_as not in DECK_TYPES:
                raise SetupError(f"{character.name}'s deck: {card.name} is a {card.type}, not a boon of a "
                                 f"character deck (SETUP-01)", "decks")
        held = Counter(card.counts_as for card in cards)
        wanted = cards_list(character.card, character.feats)
        for kind in DECK_TYPES:
            if held[kind] != wanted.get(kind, 0):
                raise SetupError(f"{character.name}'s deck holds {_counted(held[kind], kind)}, not the "
                                 f"{_listed(character, kind, wanted.get(kind, 0))} (SETUP-01, FEAT-02; loot counts "
                                 f"as its type, REB-01)", "decks")
        for name in names:
            copy = first_in_box(game, name)
            if copy is None:
                raise SetupError(f"{character.name}'s deck: {_not_in_box(game, name)}", "decks")
            game.zones.move(copy, character.deck, bottom=True)


def _counted(count: int, kind: CardType) -> str:
    return f"{count} {kind}{'s' if count != 1 else ''}" if count else f"no {kind}s"


def _listed(character: CharacterState, kind: CardType, count: int) -> str:
    """How many cards of a type a character's Cards List asks for, with the card feats checked that raise it: "5 of
    the Cards List with 1 weapon card feat checked"."""
    entry = character.card.cards_list.get(kind)
    if entry is None or not entry.feats:
        return f"{count} of the Cards List"
    feats = min(character.feats.cards.get(kind, 0), entry.feats)
    return f"{count} of the Cards List with {feats or 'no'} {kind} card feat{'s' if feats > 1 else ''} checked"


def _not_in_box(game: GameState, name: str) -> str:
    """Why the box holds no (more) copies of a card a deck names."""
    card = game.library.get(name)
    if card.adventure_deck_number > game.adventure_deck_number:
        return (f"{name} comes with Adventure Deck {card.adventure_deck_number}: the box holds the cards up to "
                f"Adventure Deck {game.adventure_deck_number} (SETUP-04)")
    removed = sum(1 for one in game.zones.cards(REMOVED) if one.card is card)
    decks = sum(1 for character in game.characters for one in game.zones.cards(character.deck) if one.card is card)
    where = [f"{removed} removed from the game (COH-01)"] * bool(removed) + [f"{decks} in the decks"] * bool(decks)
    copies = f"{card.copies} cop{'ies' if card.copies != 1 else 'y'}"
    return f"no {name} left in the box, which holds {copies}" + (f": {', '.join(where)}" if where else "")


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
    decks: dict[str, list[str]] = {}  # by character (a NamedTuple's defaults: never changed)
    feats: dict[str, Feats] = {}  # by character, the role by its own name


def setup_names(library: CardLibrary, scenario: str, characters: Iterable[str],
                mythic_paths: Mapping[str, str] | None = None, redeemed: Iterable[str] = (),
                removed: Iterable[str] = (), decks: Mapping[str, Sequence[str]] | None = None,
                feats: Mapping[str, Feats] | None = None) -> SetupNames:
    """The cards' own names for the names of a game's setup written in any case (`named`): a deck's cards named
    as "Harsk's deck: unknown card ...", a role by its name on the character's role card."""
    return SetupNames(
        named(library, scenario, CardType.SCENARIO),
        [named(library, name, CardType.CHARACTER) for name in characters],
        {named(library, name, CardType.CHARACTER): named(library, path, CardType.MYTHIC_PATH)
         for name, path in (mythic_paths or {}).items()},
        [named(library, name) for name in redeemed],
        [named(library, name) for name in removed],
        {(owner := named(library, name, CardType.CHARACTER)): _deck_names(library, owner, cards)
         for name, cards in (decks or {}).items()},
        {(owner := named(library, name, CardType.CHARACTER)): _role_named(library, owner, given)
         for name, given in (feats or {}).items()},
    )


def mythic_paths_named(library: CardLibrary, characters: Iterable[str], paths: Mapping[str, str]) -> dict[str, str]:
    """The mythic path each character holds (MYTH-01), by the cards' own names for names in any case, checked
    before a game is set up, for a front-end's message to name where they are given: a SetupError for an unknown
    character or mythic path, a character not of the party, or one given two paths. (An unknown name in the party
    itself is left for the party's check to say.)"""
    party = set()
    for name in characters:
        try:
            party.add(library.named(name, CardType.CHARACTER))
        except UnknownName:
            pass
    chosen: dict[str, str] = {}
    for character, path in paths.items():
        owner = named(library, character, CardType.CHARACTER)
        if owner not in party:
            raise SetupError(f"{owner} is not in the party")
        if owner in chosen:
            raise SetupError(f"{owner}'s mythic path is given twice")
        chosen[owner] = named(library, path, CardType.MYTHIC_PATH)
    return chosen


def _deck_names(library: CardLibrary, owner: str, cards: Sequence[str]) -> list[str]:
    """The cards' own names of a deck's names in any case; an unknown one a SetupError naming the deck."""
    if isinstance(cards, str):
        raise SetupError(f"{owner}'s deck: give its cards' names as a list, not {cards!r}", "decks")
    try:
        return [library.named(name) for name in cards]
    except UnknownName as error:
        raise SetupError(f"{owner}'s deck: {error}", "decks") from None


def _role_named(library: CardLibrary, owner: str, feats: Feats) -> Feats:
    """Feats with their role by its name on the character's role card, for a name in any case."""
    if feats.role is None:
        return feats
    roles = {role.name.casefold(): role.name for role in library.typed(owner, Character).roles}
    role = roles.get(feats.role.casefold(), feats.role)  # an unknown role: `feat_problems` says so
    return feats if role == feats.role else replace(feats, role=role)


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
    a random Basic card of its type (SETUP-01), which may be a card the character is the Owner of (OWN-01). A deck
    built before (`new_game`'s `decks`: SETUP-01, REB-01) is kept. Then the deck is shuffled."""
    deck = character.deck
    if game.zones.cards(deck):
        game.zones.shuffle(deck, game.rng)
        return

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
