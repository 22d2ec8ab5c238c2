"""Your turn (rulebook pages 8-9, 14).

    Advance the blessings deck.                                       TURN-01, END-01, SOLO-01
    Give a card to another character at your location (optional).     TURN-02
    Move to another location (optional).                              TURN-03
    Explore the top card of your location deck (optional).            TURN-04, TURN-05, TURN-06, ENC-10
    Try to close your location if its deck is empty (optional).       TURN-07
    End your turn: end-of-turn effects, mythic charges, reset hand.   TURN-08, RESET-01

Cards and powers may be played between the steps (TURN-09): each player may use their "any time" powers
after the blessings deck advances, after each step the character takes, and as the turn ends before the hand is
reset.

Giving, moving and exploring are asked as one question (only real questions): until the character explores, it
offers each of the three steps that may still be taken, in their order: a card given leaves moving and exploring,
a move leaves exploring. A step skipped has nothing between it and the next: the "any time" plays follow a step
taken.
"""

from __future__ import annotations

from pacg.cards.powers import Timing
from pacg.decisions import Decision, DecisionKind, Option, Process, picked
from pacg.engine.choosing import choose
from pacg.engine.closing import attempt_to_close
from pacg.engine.damage import remove_from_deck
from pacg.engine.effects.turn import move_to
from pacg.engine.encounter import encounter
from pacg.engine.playing import Play, Step, plays_in, standing_powers, table_order
from pacg.engine.state import NEXT_EXPLORATION, CharacterState, GameState, ScenarioOver, TurnEnded, TurnState
from pacg.engine.window import apply_mandatory, apply_play, describe, play_window
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, PhysicalCard


def take_turn(game: GameState, character: CharacterState) -> Process[None]:
    """One character's turn; each character advances the blessings deck on its own turn (SOLO-01)."""
    game.turn = TurnState(character)
    game.turns += 1
    game.note(f"Turn {game.turns}: {character.name} at {character.location}")
    forced = False
    try:
        yield from advance_blessings_deck(game, character)
        yield from _steps_in_between(game, character, Timing.TURN_START)
        yield from explore_step(game, character)
        yield from _any_time(game, character, table_order(game, character))
        yield from close_step(game, character)
    except TurnEnded as ended:
        game.note(f"{character.name}'s turn ends: {ended}")
        forced = True
    try:
        if character.alive:
            yield from end_turn(game, character, forced)
    except TurnEnded:
        pass  # the character died resetting the hand
    finally:
        game.turn = None
        game.end_lasting("end of exploration")
        game.end_lasting("end of turn")


def advance_blessings_deck(game: GameState, character: CharacterState) -> Process[None]:
    """Flip the top blessing onto the discard pile; with none left the scenario is lost at once (END-01). A
    bane shuffled into the blessings deck does what its paragraphs for coming up say, on the turn's
    character ("when this card is the card the blessings deck advanced ...")."""
    deck = game.zones.cards(BLESSINGS_DECK)
    if not deck:
        raise ScenarioOver("lost", "the blessings deck ran out")
    card = deck[0]
    game.zones.move(card, BLESSINGS_DISCARD)
    game.note(f"The blessings deck advances: {card.name} ({len(deck)} left)")
    if Timing.BLESSINGS_ADVANCE in card.powers_by_timing:
        step = Step(game=game, checker=character, timing=Timing.BLESSINGS_ADVANCE, against=card)
        yield from apply_mandatory(step, list(standing_powers(step)))


def _steps_in_between(game: GameState, character: CharacterState, timing: Timing) -> Process[None]:
    """Start- or end-of-turn effects, then the character's powers of that moment and of "any time", then the
    other players': their "any time" powers (TURN-09), and those of that moment that may be used on another's
    turn ("at the start of a turn", KEEP-01)."""
    step = Step(game=game, checker=character, timing=timing, also=Timing.ANY_TIME)
    yield from apply_mandatory(step, list(standing_powers(step)))
    yield from play_window(step, [character])
    others = [other for other in table_order(game, character) if other is not character]
    yield from play_window(Step(game=game, checker=character, timing=timing, also=Timing.ANY_TIME), others)


def _any_time(game: GameState, character: CharacterState, players: list[CharacterState]) -> Process[None]:
    """Between the steps of a turn the players may play cards and use powers without limit, "as long as they
    don't say they can only be played at certain times" (TURN-09): their "any time" powers. Only a player who
    holds such a play is asked."""
    yield from play_window(Step(game=game, checker=character, timing=Timing.ANY_TIME), players)


def _gives(game: GameState, character: CharacterState) -> list[Option]:
    """You may give 1 card from your hand to another character at your location (TURN-02): one option for each
    card by name and each character."""
    others = [c for c in game.local_characters(character.location) if c is not character]
    distinct = list({card.name: card for card in game.zones.cards(character.hand)}.values())
    return [Option(f"Give {card.name} to {other.name}", ("give", (card, other))) for other in others
            for card in distinct]


def _moves(game: GameState, character: CharacterState) -> list[Option]:
    """You may move to a different location (TURN-03)."""
    return [Option(f"Move to {location.name}" + (" (closed)" if location.closed else ""), ("move", location.name))
            for location in game.destinations(character)]


def _give(game: GameState, character: CharacterState, card: PhysicalCard, other: CharacterState) -> None:
    game.zones.move(card, other.hand)
    game.note(f"{character.name} gives {card.name} to {other.name}")


def explore_step(game: GameState, character: CharacterState) -> Process[None]:
    """One free exploration, which must be the turn's first; powers may grant more, without limit (TURN-04).
    Until the character explores, the question also offers to give a card (TURN-02) and, until they move, to move
    (TURN-03); each step taken is followed by the players' "any time" plays (TURN-09)."""
    turn = game.turn
    assert turn is not None
    gave = moved = exploring = False
    while character.alive:
        explorations = _explorations(game, character)
        earlier: list[Option] = []
        if turn.explorations == 0 and not exploring:
            earlier = (_gives(game, character) if not gave and not moved else []) + (
                _moves(game, character) if not moved else [])
        options = [_go_on(character, explorations, earlier), *explorations, *earlier]
        if len(options) == 1:
            return
        index = yield Decision(
            character.name, DecisionKind.TURN if earlier else DecisionKind.EXPLORE,
            f"{character.name}: {_what_next(options)}?", tuple(options),
            help="Flip the top card of your location deck and encounter it." if not earlier else
            "Before you explore you may give 1 card to a character at your location, then move; or explore now.")
        if index == 0:
            return
        what, value = options[index].value
        if what == "give":
            _give(game, character, *value)
            gave = True
        elif what == "move":
            yield from move_to(game, character, value)
            moved = True
        else:
            exploring = True  # the explore step has begun: no giving or moving now (a play may examine, not explore)
            yield from _explore_with(game, character, value)
            continue
        yield from _any_time(game, character, table_order(game, character))


def _go_on(character: CharacterState, explorations: list[Option], earlier: list[Option]) -> Option:
    """The answer that takes none of the steps offered: exploring no more, or with nothing to explore, staying or
    giving nothing."""
    if explorations:
        return Option("End exploring", key="end-exploring")
    moving = any(option.value[0] == "move" for option in earlier)
    return Option(f"Stay at {character.location}", key="stay") if moving else Option("Give nothing", key="give-nothing")


def _explorations(game: GameState, character: CharacterState) -> list[Option]:
    """The free exploration while it is left, and the plays that let the character explore (TURN-04)."""
    turn = game.turn
    assert turn is not None
    options: list[Option] = []
    if not _explorable(game, character):
        return options
    if turn.explorations == 0:
        options.append(Option(f"Explore {character.location}", ("explore", None)))
    turn.exploring = True  # a power to explore is for the explore step (`playing._may_explore`)
    try:
        step = Step(game=game, checker=character, timing=Timing.EXPLORE)
        options += [Option(describe(play), ("explore", play)) for play in plays_in(step, character)]
    finally:
        turn.exploring = False
    return options


def _what_next(options: list[Option]) -> str:
    """ "explore?", or "give a card, move or explore?": the steps the options offer."""
    offered = {option.value[0] for option in options[1:]}
    steps = [words for what, words in (("give", "give a card"), ("move", "move"), ("explore", "explore"))
             if what in offered]
    return (", ".join(steps[:-1]) + " or " + steps[-1]) if len(steps) > 1 else (steps[0] if steps else "explore")


def _explore_with(game: GameState, character: CharacterState, play: Play | None) -> Process[None]:
    """Explore: freely, or by the power played for it. A card played in the explore step explores only if its
    power says so (`explore`): one that only examines the location deck ("examine the top card; you may encounter
    it if it is a Demon") does that and no more."""
    turn = game.turn
    assert turn is not None
    turn.exploring = True
    try:
        if play is not None:
            turn.extra_exploration = False
            yield from apply_play(Step(game=game, checker=character, timing=Timing.EXPLORE), play)
            if not turn.extra_exploration:
                return
        yield from explore(game, character)
    finally:
        turn.exploring = False


def explore(game: GameState, character: CharacterState) -> Process[None]:
    """Explore: encounter the top card of your location deck. An extra exploration granted during it must
    be used at once or forfeited (TURN-05), and what a power gave for it is lost with it."""
    turn = game.turn
    assert turn is not None
    again = True
    while again and character.alive:
        card = yield from _card_to_explore(game, character)
        if card is None:
            return
        turn.extra_exploration = False
        turn.explorations += 1
        yield from encounter(game, character, card)
        game.end_lasting("end of exploration")
        again = False
        if turn.extra_exploration and _explorable(game, character):
            index = yield Decision(character.name, DecisionKind.EXPLORE_AGAIN, f"{character.name}: explore again now?",
                                   (Option("Explore again", key="explore"),
                                    Option("Forfeit the extra exploration", key="forfeit")),
                                   help="An extra exploration must be used at once or it is lost (TURN-05).")
            again = index == 0
        if not again:
            game.end_lasting(NEXT_EXPLORATION)  # what was for an extra exploration not used goes with it


def _explorable(game: GameState, character: CharacterState) -> list[PhysicalCard]:
    """The cards an exploration may flip: face-up cards only on the turn's first exploration (ENC-10)."""
    assert game.turn is not None
    location = game.locations[character.location]
    deck = game.zones.cards(location.deck)
    if not location.face_up:
        return deck[:1]
    face_up = [card for card in deck if card.uid in location.face_up]
    if face_up and game.turn.explorations == 0:
        return face_up
    return [card for card in deck if card.uid not in location.face_up][:1]


def _card_to_explore(game: GameState, character: CharacterState) -> Process[PhysicalCard | None]:
    """The top card of the location deck; of several face-up cards, the player picks the order (ENC-10)."""
    cards = _explorable(game, character)
    if not cards:
        return None
    card = yield from choose(character, DecisionKind.FACE_UP, f"{character.name}: which face-up card first?", cards)
    return card


def close_step(game: GameState, character: CharacterState) -> Process[None]:
    """At a location with no cards left that isn't closed, you may make one attempt to close it (TURN-07)."""
    location = game.locations[character.location]
    if character.alive and not location.closed and not game.zones.cards(location.deck):
        yield from attempt_to_close(game, character, location)


def end_turn(game: GameState, character: CharacterState, forced: bool) -> Process[None]:
    """End-of-turn effects (no plays when a power ended the turn), mythic charges above the adventure deck
    number are lost, and the hand is reset (TURN-08)."""
    if forced:
        step = Step(game=game, checker=character, timing=Timing.TURN_END)
        yield from apply_mandatory(step, list(standing_powers(step)))
    else:
        yield from _steps_in_between(game, character, Timing.TURN_END)
    character.mythic_charges = min(character.mythic_charges, game.adventure_deck_number)
    yield from reset_hand(game, character)


def _discard(game: GameState, character: CharacterState, question: str, hand: list[PhysicalCard], fewest: int,
             help: str) -> Process[None]:
    """The player chooses the cards of the hand to discard, all in one answer (only real questions): `fewest` of
    them at least, as many as they like beyond."""
    options = tuple(Option(f"Discard {card.name}", card, key="discard") for card in hand)
    most = len(options) if not fewest else fewest
    chosen = yield Decision(character.name, DecisionKind.RESET_DISCARD, f"{character.name}: {question}", options,
                            help=help, choose=(fewest, most))
    for card in picked(options, chosen):
        game.zones.move(card, character.discard_pile)


def reset_hand(game: GameState, character: CharacterState) -> Process[None]:
    """Discard any number of cards, then down to your hand size, then draw up to it (RESET-01). Having to
    draw from a deck too small kills the character (DEATH-01)."""
    yield from play_window(Step(game=game, checker=character, timing=Timing.RESET_HAND), [character])
    hand = game.zones.cards(character.hand)
    if hand:
        yield from _discard(game, character, "discard any cards before resetting?", hand, 0,
                            "Resetting your hand, you may first discard any number of cards: choose them all at once.")
    excess = len(hand) - character.hand_size
    if excess > 0:
        yield from _discard(game, character, f"discard {excess} to your hand size of {character.hand_size}?", hand,
                            excess, f"Discard down to your hand size: choose {excess}.")
    if len(hand) < character.hand_size:
        remove_from_deck(game, character, character.hand_size - len(hand), character.hand)
