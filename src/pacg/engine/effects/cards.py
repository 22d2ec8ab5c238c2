"""Effects on a character's cards (rulebook pages 9-10): drawing, healing, examining, moving cards, redeeming.

A power draws (DRAW-01) or heals (shuffles cards from a discard pile into the deck); examines the top cards of a deck
and puts them back in order, or as it allows reorders them, draws or bottoms one (EXAM-01), and as a location deck
is examined the examiner may examine more of it, exchange a card examined for one from the box (SET-03) or
encounter it; moves a character's cards from one place to another (a search looks through the whole deck, EXAM-02);
or redeems a boon (RED-01). Where a played card goes instead is read as it moves (`instead`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pacg.cards.powers import (
    CannotPlay,
    CardFilter,
    CardPlace,
    Draw,
    EncounterExamined,
    Examine,
    ExamineDeck,
    ExamineMore,
    ExchangeExamined,
    Heal,
    Instead,
    MoveCards,
    PlayAsCopy,
    Redeem,
    Timing,
    Who,
    Whose,
)
from pacg.decisions import DecisionKind, Process
from pacg.engine import trace
from pacg.engine.box import random_from_box
from pacg.engine.choosing import characters, choose
from pacg.engine.damage import deck_holds, remove_from_deck
from pacg.engine.declared import declaration, marker
from pacg.engine.encounter import encounter
from pacg.engine.filters import fits
from pacg.engine.playing import Play, Step, conditions_hold, examined_cards, put, source_cards
from pacg.engine.redemption import redeem, redeemable_cards
from pacg.engine.state import CharacterState, GameState
from pacg.engine.window import play_window
from pacg.engine.zones import PhysicalCard, Zone, ZoneKind


def draw(game: GameState, character: CharacterState, count: int) -> None:
    """Draw from the top of your deck (DRAW-01); having to draw more than it holds kills you (DEATH-01)."""
    remove_from_deck(game, character, count, character.hand)


def _draw(step: Step, effect: Draw, player: CharacterState, play: Play | None) -> None:
    draw(step.game, player, step.value(effect.draw, player))


def _heal(step: Step, effect: Heal, player: CharacterState, play: Play | None) -> Process[None]:
    """Shuffle random cards from a character's discard pile into their deck."""
    game = step.game
    whose = play.power.whose if play else Whose.YOUR
    candidates = [c for c in game.living() if game.zones.cards(c.discard_pile)
                  and (whose is not Whose.YOUR or c is player)
                  and (whose in (Whose.ANY, Whose.ANOTHER) or c.location == player.location)]
    if not candidates:
        return
    target = yield from choose(player, DecisionKind.TARGET, f"{player.name}: whom do you heal?", candidates)
    discard = game.zones.cards(target.discard_pile)
    count = min(step.value(effect.heal, player), len(discard))
    shuffled = 0
    for card in game.rng.sample(discard, count):
        places = _healed_instead(step, player, play, card)
        if not places:
            game.zones.shuffle_into(card, target.deck, game.rng)
            shuffled += 1
            continue
        where = yield from _choose_place(player, card, places)
        put(game, target, card, where)
        game.note(f"{card.name} goes to {target.name}'s {where} instead of the deck")
    game.note(f"{target.name} shuffles {shuffled} cards from the discard pile into the deck")


def _healed_instead(step: Step, player: CharacterState, play: Play | None, card: PhysicalCard) -> Sequence[CardPlace]:
    """Where a card healed by a card the player played may go instead of its owner's deck: the places the first
    of the player's `instead` powers for the cards such a card heals offers ("armors a Healing boon heals go into
    the hand"); none if no power does."""
    healer = play.card if play is not None else None
    if healer is None:
        return ()
    for power in player.instead_powers:
        for effect in power.effects:
            if not isinstance(effect, Instead) or effect.healed_by is None:
                continue
            if (fits(step.game, healer, effect.healed_by) and fits(step.game, card, effect.cards)
                    and conditions_hold(power.conditions, step, player)):
                trace.ran(power)
                return effect.instead if isinstance(effect.instead, tuple) else (effect.instead,)
    return ()


def _examine(step: Step, effect: Examine, player: CharacterState, play: Play | None) -> Process[None]:
    """Look at the top cards of your location deck and put them back in order (EXAM-01)."""
    deck = Zone(ZoneKind.LOCATION_DECK, player.location)
    yield from _look(step, player, deck, step.value(effect.examine, player))


def _look(step: Step, player: CharacterState, deck: Zone, count: int) -> Process[list[PhysicalCard]]:
    """Examine the top cards of a deck (EXAM-01), a card being encountered left out (it is no longer in the deck,
    ENC-07). As they examine a location deck, the examiner may use their powers for when they examine: to
    examine more of it, to exchange a card examined."""
    game = step.game
    step.examined = deck
    looking = Step(game=game, checker=player, timing=Timing.EXAMINE)
    looking.examined, looking.examining = deck, count
    _note_examined(game, player, deck, game.cards_left(deck)[:count])
    if deck.kind is ZoneKind.LOCATION_DECK:
        yield from play_window(looking, [player])
    return game.cards_left(deck)[:looking.examining]


def _note_examined(game: GameState, player: CharacterState, deck: Zone, cards: list[PhysicalCard]) -> None:
    game.saw(deck, cards)
    names = ", ".join(card.name for card in cards) or "nothing"
    game.note(f"{player.name} examines the top of {deck}: {names}")


def _examine_more(step: Step, effect: ExamineMore, player: CharacterState, play: Play | None) -> None:
    """Examine the next cards of the deck being examined, below those already looked at (EXAM-01)."""
    if step.examined is None:
        return
    more = step.value(effect.examine_more, player)
    cards = step.game.cards_left(step.examined)[step.examining:step.examining + more]
    step.examining += len(cards)
    step.game.saw(step.examined, cards)
    names = ", ".join(card.name for card in cards) or "nothing"
    step.game.note(f"{player.name} examines {len(cards)} more of {step.examined}: {names}")


def _exchange_examined(
    step: Step, effect: ExchangeExamined, player: CharacterState, play: Play | None
) -> Process[None]:
    """Exchange an examined card of the kind for a random card of its type from the box: the card drawn takes
    its place in the deck, the examined one goes back into the box (SET-03)."""
    game = step.game
    fitting = [card for card in examined_cards(step) if fits(step.game, card, effect.exchange_examined)]
    if not fitting:
        return
    card = yield from choose(player, DecisionKind.EXAMINED, f"{player.name}: exchange which examined card?", fitting)
    other = random_from_box(game, CardFilter(types=[card.type]))
    if other is None:
        return
    game.zones.swap(card, other)
    game.note(f"{player.name} exchanges {card.name} for {other.name} from the box")


def _examine_deck(step: Step, effect: ExamineDeck, player: CharacterState, play: Play | None) -> Process[None]:
    """Examine the top cards of a deck; as the power allows, reorder them, draw one or bottom one (EXAM-01)."""
    game = step.game
    if effect.deck == "your deck":
        deck = player.deck
    elif effect.deck == "any location":
        locations = list(game.locations.values())
        chosen = yield from choose(player, DecisionKind.LOCATION, f"{player.name}: examine which location deck?",
                                   locations)
        deck = chosen.deck
    else:
        deck = Zone(ZoneKind.LOCATION_DECK, player.location)
    cards = yield from _look(step, player, deck, step.value(effect.examine_deck, player))
    for wanted, to in ((effect.may_draw, player.hand), (effect.may_bottom, None)):
        fitting = [card for card in cards if wanted is not None and fits(game, card, wanted)]
        if not fitting:
            continue
        picked = yield from choose(player, DecisionKind.EXAMINED, f"{player.name}: take an examined card?", [None,
                                                                                                             *fitting],
                                   nothing="Leave them")
        if picked is not None:
            game.zones.move(picked, to or deck, bottom=to is None)
            cards.remove(picked)
    if effect.reorder and len(cards) > 1:
        order = []
        while cards:
            card = yield from choose(player, DecisionKind.ORDER, f"{player.name}: which card goes next from the top?",
                                     cards)
            order.append(card)
            cards.remove(card)
        for card in reversed(order):
            game.zones.move(card, deck)


def _encounter_examined(
    step: Step, effect: EncounterExamined, player: CharacterState, play: Play | None
) -> Process[None]:
    """Encounter the card just examined, if it fits, as though explored; if the power says "you may", the player
    is asked once it fits."""
    cards = step.game.cards_left(step.examined) if step.examined is not None else []
    if not cards or not fits(step.game, cards[0], effect.encounter_examined):
        return
    card = cards[0]
    if effect.optional and not (yield from choose(player, DecisionKind.MAY, f"{player.name}: encounter {card.name}?",
                                                  [False, True])):
        return
    yield from encounter(step.game, player, card)


def _move_cards(step: Step, effect: MoveCards, player: CharacterState, play: Play | None) -> Process[None]:
    """Move cards of a character's from one place to another, chosen or at random."""
    game = step.game
    owners = yield from characters(step, player, effect.character, "whose cards?")
    if not owners:
        return
    owner = owners[0]
    places = effect.move_cards if isinstance(effect.move_cards, tuple) else (effect.move_cards,)
    if effect.cards == "this card":
        if play is not None and play.card is not None:
            where = yield from _choose_place(player, play.card, places)
            put(game, owner, play.card, where)
        return
    wanted = effect.cards
    if effect.chosen_type:
        wanted = yield from _chosen_type(game, player, owner, effect)
    source = source_cards(game, owner, effect.source)
    if effect.source in _SEARCHED and not effect.random:  # a search looks through the whole deck (EXAM-02)
        game.saw(owner.deck, game.zones.cards(owner.deck))
    fitting = [card for card in source if fits(game, card, wanted)]
    count = len(fitting) if isinstance(effect.count, str) else step.value(effect.count, player)  # any, all
    removing = _REMOVING.get(places[0], "remove") if len(places) == 1 else "remove"
    if effect.source == "top of deck" and effect.count != "any" and not deck_holds(game, owner, count, removing):
        return  # DEATH-01
    for _ in range(count):
        fitting = [card for card in source_cards(game, owner, effect.source) if fits(game, card, wanted)]
        if not fitting:
            break
        card: PhysicalCard | None
        if effect.count == "all":
            card = fitting[0]
        elif effect.random:
            card = game.rng.choice(fitting)
        else:
            options = [None, *fitting] if effect.count == "any" else fitting
            card = yield from choose(player, DecisionKind.CARD, f"{player.name}: which card?", options,
                                     nothing="No more")
            if card is None:
                break
        where = yield from _choose_place(player, card, places)
        put(game, owner, card, where)
    if effect.source in _SEARCHED:
        game.zones.shuffle(owner.deck, game.rng)  # a searched deck is shuffled (EXAM-02)
    elif effect.source == "location deck":
        game.zones.shuffle(Zone(ZoneKind.LOCATION_DECK, owner.location), game.rng)


_SEARCHED = ("deck", "deck or discard pile")  # the places a power searches: the whole deck is looked at
# What moving a card from the top of the deck to a place is: the words a death for an empty deck gives (DEATH-01).
_REMOVING = {"hand": "draw", "discard": "discard", "bury": "bury", "banish": "banish", "recharge": "recharge"}


def _chosen_type(
    game: GameState, player: CharacterState, owner: CharacterState, effect: MoveCards
) -> Process[CardFilter]:
    """The player chooses a card type, of those among the cards the effect may move ("a random card of a type you
    choose"); the cards moved are then of that type too. With no such cards there is nothing to choose."""
    assert isinstance(effect.cards, CardFilter)
    kinds = sorted({card.type for card in source_cards(game, owner, effect.source) if fits(game, card, effect.cards)})
    if not kinds:
        return effect.cards
    kind = yield from choose(player, DecisionKind.CARD_TYPE, f"{player.name}: which card type?", kinds)
    return CardFilter.model_validate({**effect.cards.model_dump(exclude_none=True), "types": [kind]})


def _choose_place(player: CharacterState, card: PhysicalCard, places: Sequence[CardPlace]) -> Process[CardPlace]:
    if len(places) == 1:
        return places[0]
    place = yield from choose(player, DecisionKind.PLACE, f"{player.name}: where does {card.name} go?", list(places))
    return place


def _redeem(step: Step, effect: Redeem, player: CharacterState, play: Play | None) -> Process[None]:
    """Redeem a boon the redemption card lists and that isn't checked off yet: this card, the card encountered,
    or one of the player's cards from a place, chosen (RED-01)."""
    card = play.card if effect.redeem == "this card" and play is not None else None
    if effect.redeem == "encountered" and (encounter := step.encounter) is not None:
        card = encounter.card
    cards = redeemable_cards(step.game, player, effect.redeem, card)
    if cards:
        chosen = yield from choose(player, DecisionKind.REDEEM, f"{player.name}: redeem which card?", cards)
        redeem(step.game, chosen)


# --- when they can be offered (PLAY-07) ---


def _may_draw(_: Draw, step: Step, player: CharacterState) -> bool:
    """The player has a card to draw."""
    return bool(step.game.zones.cards(player.deck))


def _may_heal(_: Heal, step: Step, player: CharacterState) -> bool:
    """Someone at the player's location has cards in the discard pile to heal."""
    zones = step.game.zones
    return any(zones.cards(c.discard_pile) for c in step.game.local_characters(player.location))


def _may_examine_more(_: ExamineMore, step: Step, player: CharacterState) -> bool:
    """The deck being examined has cards below those examined."""
    return step.examined is not None and len(step.game.cards_left(step.examined)) > step.examining


def _may_exchange(effect: ExchangeExamined, step: Step, player: CharacterState) -> bool:
    """A card of the kind is being examined."""
    return any(fits(step.game, card, effect.exchange_examined) for card in examined_cards(step))


def _may_move_cards(effect: MoveCards, step: Step, player: CharacterState) -> bool:
    """A card of the kind in the place the power takes your cards from ("take a card with the Arcane trait from
    your discard pile"); this card, and another character's cards, are looked at as the power is used."""
    if effect.cards == "this card" or effect.character is not Who.YOU:
        return True
    return any(fits(step.game, card, effect.cards) for card in source_cards(step.game, player, effect.source))


def _may_redeem(effect: Redeem, step: Step, player: CharacterState) -> bool:
    """A boon there to redeem: the card encountered, or one in the player's place, not checked off yet (RED-01);
    this card, whichever it is, is looked at when the power is used."""
    if effect.redeem == "this card":
        return True
    encounter = step.encounter
    return bool(redeemable_cards(step.game, player, effect.redeem, encounter.card if encounter else None))


DECLARED = (
    declaration(Draw, _draw, offered_if=_may_draw),
    declaration(Heal, _heal, offered_if=_may_heal),
    declaration(Examine, _examine),
    declaration(ExamineMore, _examine_more, offered_if=_may_examine_more),
    declaration(ExamineDeck, _examine_deck),
    declaration(ExchangeExamined, _exchange_examined, offered_if=_may_exchange),
    declaration(EncounterExamined, _encounter_examined),
    declaration(MoveCards, _move_cards, offered_if=_may_move_cards),
    declaration(Redeem, _redeem, offered_if=_may_redeem),
    declaration(Instead, marker),  # read as a card is moved (`playing.replacements`, `_healed_instead`)
    declaration(PlayAsCopy, marker),  # read as plays are listed (`playing`)
    declaration(CannotPlay, marker),  # read as plays are listed (`playing`)
)
