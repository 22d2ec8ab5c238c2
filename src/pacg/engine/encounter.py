"""Encountering a card (rulebook pages 10-11).

Only the encountering character goes through the steps; the others may play cards to help (ENC-01, KEEP-02).

    Apply any effects that happen when you encounter a card.     ENC-04
    Apply any evasion effects.                                   ENC-05
    Apply any effects that happen before you act.
    Attempt the check.                                           ENC-06, TURN-06, CHK-01..03
    Attempt the next check, if needed.                           KEEP-04
    Apply any effects that happen after you act.
    Resolve the encounter.                                       ENC-07, ENC-08

A forced end of turn during an encounter shuffles the card back (a summoned one goes to the box): it is
neither defeated nor undefeated (ENC-09).
"""

from __future__ import annotations

from pacg.cards.model import Boon
from pacg.cards.powers import Purpose, Timing
from pacg.cards.vocabulary import CardType
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import seams
from pacg.engine.check import attempt_checks, check_of
from pacg.engine.closing import attempt_to_close, close
from pacg.engine.filters import fits
from pacg.engine.playing import Step, banish, perform, standing_powers
from pacg.engine.state import CharacterState, Encounter, GameState, TurnEnded
from pacg.engine.summon import dismiss
from pacg.engine.villain import temporary_closings, villain_defeated, villain_escapes
from pacg.engine.window import apply_mandatory, play_window, resolve
from pacg.engine.zones import PhysicalCard, Zone, ZoneKind

# The encounter's steps in order (ENC-04); the check comes between BEFORE_ACTING and AFTER_ACTING.
STEPS = (Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING)


@seams.fills
def encounter(game: GameState, character: CharacterState, card: PhysicalCard) -> Process[str]:
    """Encounter a card from a location deck or summoned (SUM-02); returns "evaded", "banished", "defeated",
    "undefeated", "acquired", "not acquired" or "ended" (the character died in it). A power may have the location
    close once the encounter is over, however it ended (`close_after_encounter`)."""
    current = Encounter(card, character, character.location, game.is_summoned(card))
    try:
        outcome = yield from _encounter(game, current)
    except TurnEnded:
        yield from _location_closes(game, current)
        raise
    yield from _location_closes(game, current)
    yield from _after_the_encounter(game, current)
    return outcome


def _after_the_encounter(game: GameState, current: Encounter) -> Process[None]:
    """What the encounter's checks left for after it ("after an encounter in which ... was played on a check"),
    once its card is gone; a turn that ended during it takes these with it."""
    for effects, doer in current.after:
        step = Step(game=game, checker=doer, timing=Timing.AFTER_ACTING)
        yield from resolve(step, list(effects), doer)


def _encounter(game: GameState, current: Encounter) -> Process[str]:
    """The encounter itself, from its first step until its card has gone where the encounter sends it."""
    card, character = current.card, current.character
    if not current.summoned and card.uid in game.locations[current.location].face_up:
        game.locations[current.location].face_up.remove(card.uid)  # face down again unless left face up
    elif not current.summoned:
        game.examined += 1  # flipped from the location deck: hidden information comes out
    game.encounters.append(current)
    villain = card.type is CardType.VILLAIN and not current.summoned
    try:
        if villain:
            yield from temporary_closings(game, character)
        outcome = yield from _steps(game, current)
    except TurnEnded:
        if not current.resolved:
            game.note(f"The encounter with {card.name} ends with the turn")
            _put_back(game, current)  # ENC-09
        raise
    finally:
        game.end_lasting("end of encounter")
        game.encounters.remove(current)
        if villain:
            game.temporarily_closed.clear()  # the locations open again after the encounter (VIL-01)
    return outcome


def _location_closes(game: GameState, current: Encounter) -> Process[None]:
    """The location the card came from closes after the encounter, as if its When Closing requirement were met
    (CLOSE-03: unless a villain is in its deck; CLOSE-04), for the encountering character if still alive."""
    location = game.locations.get(current.location)
    if current.closes and not current.summoned and current.character.alive and location and not location.closed:
        game.note(f"{location.name} closes after the encounter with {current.card.name}")
        yield from close(game, current.character, location)


def _steps(game: GameState, current: Encounter) -> Process[str]:
    """The steps in order (ENC-04): each applies the paragraphs of its moment and lets the players play; an
    evasion ends the encounter there (ENC-05). The encountering character is read anew at each step: a power
    may let another character take the encounter over (`take_encounter`, an exception to KEEP-02)."""
    card = current.card
    game.note(f"{current.character.name} encounters {card.name}" + (" (summoned)" if current.summoned else ""))
    purpose = Purpose.ACQUIRE if isinstance(card.card, Boon) else Purpose.DEFEAT
    for timing in STEPS:
        step = Step(game=game, checker=current.character, timing=timing, against=current.card, purpose=purpose)
        yield from apply_mandatory(step, list(standing_powers(step)))
        yield from play_window(step)
        if not current.character.alive:
            return _ended_by_death(game, current)
        if current.evaded:
            game.note(f"{current.character.name} evades {card.name}")
            current.resolved = True
            _put_back(game, current, current.place)  # ENC-05; to the top or bottom if the power says (SUM-05)
            return "evaded"
        if current.banished:  # a power banishes the card before the check
            return _banish_encountered(game, current)
    card = current.card  # a power may have put another card in its place (`swap_from_box`)
    if current.defeated is not None:
        success = current.defeated
    else:
        success = yield from _check(game, current, purpose)
    if not current.character.alive:
        return _ended_by_death(game, current)
    after = Step(game=game, checker=current.character, timing=Timing.AFTER_ACTING, against=card, purpose=purpose)
    yield from apply_mandatory(after, list(standing_powers(after)))
    yield from play_window(after)
    if isinstance(card.card, Boon):
        return (yield from _resolve_boon(game, current, success))
    return (yield from _resolve_bane(game, current, success))


def _check(game: GameState, current: Encounter, purpose: Purpose) -> Process[bool]:
    """A boon may be acquired, a bane must be defeated (TURN-06); a check of "None" with nothing to do
    can't be defeated (ENC-06); loot is acquired automatically (LOOT-01)."""
    card, character = current.card, current.character
    check = check_of(card)
    if check is None or not check.steps:
        return isinstance(card.card, Boon)
    if isinstance(card.card, Boon):
        payments = [(cost, paid) for cost in card.card.acquire_costs
                    for paid in game.zones.cards(character.hand) if fits(game, paid, cost.card)]
        options = (Option(f"Attempt to acquire {card.name} ({check})", key="attempt"),
                   Option(f"Let {card.name} go (it is banished)", key="let-go"),
                   *(Option(f"{str(cost.action).capitalize()} {paid.name} to acquire {card.name}", (cost, paid),
                            key=str(cost.action))
                     for cost, paid in payments))
        choice = yield Decision(
            character.name, DecisionKind.ACQUIRE, f"{character.name}: attempt to acquire {card.name}?", options,
            help="A boon you don't try to acquire, or fail to, is banished (ENC-07). Some boons can be acquired "
                 "by paying a card instead of a check.",
        )
        if choice == 1:
            return False
        if choice > 1:
            cost, paid = options[choice].value
            perform(game, character, paid, cost.action)
            return True
    results = yield from attempt_checks(game, character, check, purpose, card)
    last = results[-1]
    if last.roll is not None:  # by how much it succeeded or failed, for the steps after it (a "margin" amount)
        current.margin = abs(last.total - last.difficulty)
    return all(result.success for result in results) and character.alive


def _resolve_boon(game: GameState, current: Encounter, acquired: bool) -> Process[str]:
    """An acquired boon goes into your hand, any other is banished (ENC-07); the powers for when it is
    acquired come first, since they may send it elsewhere (KeepEncountered) or to someone else (GiveAcquired)."""
    card, character = current.card, current.character
    game.note(f"{character.name} {'acquires' if acquired else 'does not acquire'} {card.name}")
    ended: TurnEnded | None = None
    if acquired:
        try:
            yield from _after(game, current, Timing.ACQUIRE)
        except TurnEnded as turn_ended:  # the boon is acquired all the same (see _resolve_bane)
            ended = turn_ended
    current.resolved = True
    if current.summoned:
        dismiss(game, card)
    elif current.banished:
        banish(game, card)
    elif acquired:
        given_to = current.given_to
        game.zones.move(card, given_to.hand if given_to is not None
                        else character.zone(ZoneKind.BURIED if current.keep == "bury" else ZoneKind.HAND))
        game.tally("acquired", card)
    else:
        banish(game, card)
    if ended is not None:
        raise ended
    return "acquired" if acquired else "not acquired"


def _resolve_bane(game: GameState, current: Encounter, defeated: bool) -> Process[str]:
    """A defeated bane is banished, an undefeated one shuffled back (ENC-07); a Mythic bane defeated gives a
    mythic charge (ENC-08); a villain closes its location and may escape (VIL-03, VIL-04). The powers for
    when it is defeated or not come first, since they may send it elsewhere; a henchman's chance to close
    its location comes once it is gone (CLOSE-01)."""
    card, character = current.card, current.character
    game.note(f"{card.name} is {'defeated' if defeated else 'undefeated'}")
    if defeated and "Mythic" in card.card.traits:
        character.mythic_charges += 1
    ended: TurnEnded | None = None
    try:
        yield from _after(game, current, Timing.DEFEAT if defeated else Timing.UNDEFEATED)
    except TurnEnded as turn_ended:
        # A power for when it is defeated ends the turn (as Crowe's does): the check has decided the encounter,
        # so the card still goes where that sends it (ENC-07), not back as a cut-short encounter's does (ENC-09);
        # with the turn over, there is no chance to close its location.
        ended = turn_ended
    if card.type is CardType.VILLAIN and not current.summoned:
        if defeated:
            yield from villain_defeated(game, character, card, game.locations[current.location])
        else:
            villain_escapes(game, card, False)
        current.resolved = True
        if ended is not None:
            raise ended
        return "defeated" if defeated else "undefeated"
    current.resolved = True
    if current.summoned:
        dismiss(game, card)
    elif current.banished:
        banish(game, card)
    elif defeated and current.keep is not None:
        game.zones.move(card, character.zone(ZoneKind.HAND if current.keep == "hand" else ZoneKind.BURIED))
    elif defeated:
        banish(game, card)
    else:
        _put_back(game, current, current.place)
    if ended is not None:
        raise ended
    if defeated and current.close and not current.summoned and not current.closes:  # CLOSE-01; not summoned (SUM-02)
        yield from _chance_to_close(game, current)
    return "defeated" if defeated else "undefeated"


def _chance_to_close(game: GameState, current: Encounter) -> Process[None]:
    """Once the defeated card is gone, the character may attempt to close its location (CLOSE-01), or closes
    it automatically when a power says so (the requirement is not attempted; CLOSE-03 still applies)."""
    character, location = current.character, game.locations[current.location]
    if location.closed:
        return
    if current.close == "automatic":
        game.note(f"{character.name} closes {location.name} automatically")
        yield from close(game, character, location)
    else:
        yield from attempt_to_close(game, character, location)


def _ended_by_death(game: GameState, current: Encounter) -> str:
    """The encountering character died during the encounter: they do nothing more (DEATH-01), so the check is
    not attempted and the card is neither defeated nor undefeated; it goes back as when a turn ends during an
    encounter (ENC-09; a death on your own turn ends it, `damage.die`)."""
    current.resolved = True
    game.note(f"The encounter with {current.card.name} ends: {current.character.name} is dead")
    _put_back(game, current)
    return "ended"


def _banish_encountered(game: GameState, current: Encounter) -> str:
    """A power banishes the card being encountered: the encounter ends there, with no check."""
    current.resolved = True
    game.note(f"{current.card.name} is banished")
    if current.summoned:
        dismiss(game, current.card)
    else:
        banish(game, current.card)
    return "banished"


def _after(game: GameState, current: Encounter, timing: Timing) -> Process[None]:
    """The paragraphs for after a card is acquired, defeated or undefeated, and the powers players may use:
    their own for their own encounter, and those for another character's ("when any character defeats ...")."""
    step = Step(game=game, checker=current.character, timing=timing, against=current.card)
    yield from apply_mandatory(step, list(standing_powers(step)))
    yield from play_window(step)


def _put_back(game: GameState, current: Encounter, place: str | None = None) -> None:
    """Shuffle the card back into its location deck (or to its top or bottom, or under its top card, SUM-05,
    face up on top, ENC-10, or displayed by its location); a summoned card goes back to the box (SUM-02)."""
    if current.summoned:
        dismiss(game, current.card)
        return
    deck = Zone(ZoneKind.LOCATION_DECK, current.location)
    if place is None:
        game.zones.shuffle_into(current.card, deck, game.rng)
    elif place == "by its location":
        game.zones.move(current.card, Zone(ZoneKind.BY_LOCATION, current.location))
    else:
        game.zones.move(current.card, deck, bottom=place == "bottom")
    cards = game.zones.cards(deck)
    if place == "under the top card" and len(cards) > 1:
        game.zones.move(cards[1], deck)  # the card that was on top goes back over it
    if place == "face up":
        game.locations[current.location].face_up.append(current.card.uid)
