"""Closing a location (rulebook page 15).

The chance to close comes from a henchman that says so or from an empty location deck (CLOSE-01). The
character chooses one of the When Closing options before rolling or playing anything (CLOSE-02, KEEP-06).
Requirement met: if the deck holds villains, every other card is banished and the location stays open
(CLOSE-03); otherwise its "before closing" powers happen, the deck is banished, the location is closed and
its "on closing" powers happen (CLOSE-04). Closing that needs a summoned card defeated fails if it isn't
(SUM-03). No one else can close your location for you (KEEP-02). A scenario with no villain is won once every
location is closed (VIL-05 can't happen in it).
"""

from __future__ import annotations

from pacg.cards.checks import parse_check
from pacg.cards.model import ClosingOption
from pacg.cards.powers import Purpose, Timing
from pacg.cards.text import closing_option_text
from pacg.cards.vocabulary import CardType
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import trace
from pacg.engine.check import attempt_checks
from pacg.engine.choosing import characters, choose
from pacg.engine.damage import take_damage
from pacg.engine.filters import fits
from pacg.engine.playing import Step, banish, perform
from pacg.engine.state import CharacterState, GameState, LocationState, ScenarioOver
from pacg.engine.summon import summon_and_encounter
from pacg.engine.window import apply_mandatory, play_window, resolve
from pacg.engine.zones import PhysicalCard


def _cards_to_pay(game: GameState, character: CharacterState, option: ClosingOption) -> list[PhysicalCard]:
    assert option.cost is not None
    hand = game.zones.cards(character.hand)
    return [card for card in hand if fits(game, card, option.cost.card)]


def _possible(game: GameState, character: CharacterState, option: ClosingOption) -> bool:
    """An option that can't be done isn't offered: a cost with no card to pay it."""
    return option.cost is None or bool(_cards_to_pay(game, character, option))


def attempt_to_close(
    game: GameState, character: CharacterState, location: LocationState, temporarily: bool = False
) -> Process[bool]:
    """Try the When Closing requirement once (TURN-07); whether it was met. Unless only temporarily
    (VIL-01), a met requirement closes the location (CLOSE-03, CLOSE-04)."""
    ways = [option for option in location.card.when_closing if _possible(game, character, option)]
    how = "temporarily close" if temporarily else "close"
    options = (Option(f"Don't try to {how} {location.name}", key="no"),) + tuple(
        Option(f"{how.capitalize()} {location.name}: {closing_option_text(way)}", way, key=f"close:{number}")
        for number, way in enumerate(ways, 1))
    index = yield Decision(
        character.name, DecisionKind.CLOSE, f"{character.name}: try to {how} {location.name}?", options,
        help="Choose how to meet the When Closing requirement before rolling or playing anything (CLOSE-02).",
    )
    if index == 0:
        return False
    met = yield from _meet(game, character, options[index].value)
    game.note(f"{character.name} {'meets' if met else 'fails'} the requirement to {how} {location.name}")
    if met and not temporarily:
        yield from close(game, character, location)
    return met


def _meet(game: GameState, character: CharacterState, option: ClosingOption) -> Process[bool]:
    if option.cost is not None:
        cards = _cards_to_pay(game, character, option)
        card = yield from choose(character, DecisionKind.CARD, f"{character.name}: which card?", cards)
        perform(game, character, card, option.cost.action)
    if option.summon is not None:
        step = Step(game=game, checker=character, timing=Timing.CLOSING)
        for summoner in (yield from characters(step, character, option.who, "who summons?")):
            outcome = yield from summon_and_encounter(game, summoner, option.summon)
            if outcome not in ("defeated", "acquired"):
                return False  # SUM-03
    if option.damage is not None:
        yield from take_damage(game, character, option.damage, str(option.damage_type))
        return character.alive
    if option.check is not None:
        results = yield from attempt_checks(game, character, parse_check(str(option.check)), Purpose.CLOSE)
        return all(result.success for result in results)
    return True


def close(game: GameState, character: CharacterState, location: LocationState) -> Process[None]:
    """The requirement is met: search the deck for villains (CLOSE-03), else close for good (CLOSE-04)."""
    deck = game.zones.cards(location.deck)
    if any(card.type is CardType.VILLAIN for card in deck):
        for card in [card for card in deck if card.type is not CardType.VILLAIN]:
            banish(game, card)
        game.note(f"A villain is in {location.name}: the rest of its deck is banished and it stays open")
        return
    yield from close_permanently(game, character, location)


def close_permanently(
    game: GameState, character: CharacterState, location: LocationState, keep: PhysicalCard | None = None
) -> Process[None]:
    """The When Permanently Closed effect: "First, apply any effects that say 'before closing.' Then banish all
    of the cards from the location deck (but `keep`); it is now closed. Finally, apply any effects that say 'on
    closing' and flip the location card over" (CLOSE-04). The closing character's own powers for closing a
    location come before closing, while the deck is still there ("acquire a boon from its deck")."""
    yield from _when_permanently_closed(game, character, location, Timing.BEFORE_CLOSING)
    for card in list(game.zones.cards(location.deck)):
        if card is not keep:
            banish(game, card)
    location.closed = True
    if location.closed_powers.get(None):
        game.closed_with_powers.append(location)
    game.note(f"{location.name} is closed")
    yield from _when_permanently_closed(game, character, location, Timing.CLOSING)
    if _nothing_left_to_close(game):
        raise ScenarioOver("won", "every location is closed")


def _nothing_left_to_close(game: GameState) -> bool:
    """A scenario with no villain can't end with a villain cornered (VIL-05): it is won once every location is
    permanently closed."""
    scenario = game.scenario
    return (scenario is not None and not scenario.villains
            and all(location.closed for location in game.locations.values()))


def _when_permanently_closed(
    game: GameState, character: CharacterState, location: LocationState, timing: Timing
) -> Process[None]:
    """The location's When Permanently Closed powers of one moment: those that always happen, then those the
    character may use."""
    step = Step(game=game, checker=character, timing=timing)
    powers = location.card.when_permanently_closed
    yield from apply_mandatory(step, [(power, character, None) for power in powers])
    if timing is Timing.BEFORE_CLOSING:
        yield from play_window(step, [character])
    for power in (power for power in powers if power.optional and power.when is timing):
        use = yield from choose(character, DecisionKind.CLOSING_POWER,
                                f"{character.name}: use {location.name}'s power?",
                                [False, True])
        if use:
            trace.ran(power)
            yield from resolve(step, list(power.effects), character)
