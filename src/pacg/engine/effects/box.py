"""Effects on the box and the blessings deck (rulebook pages 3, 15): summoning, drawing from the box, adding.

A power summons cards to encounter, "in any order you like", or summons and builds a location (SUM-01..SUM-04);
draws random cards of a kind from the box, to keep, to look at, or to attempt to acquire (DRAW-01, SUM-06); adds
cards from the box to a location deck or to the blessings deck (SUM-05); exchanges the card just played for one from
the box (SET-03); or sends the top blessing into a location deck (END-01).
"""

from __future__ import annotations

from pacg.cards.powers import (
    ENCOUNTERED,
    THIS_CARD,
    TOP_OF_BLESSINGS_DISCARD,
    AcquireFromBox,
    AddToLocation,
    BlessingToLocation,
    BuildLocation,
    ChooseFromBox,
    DrawRandom,
    ExchangeFromBox,
    Purpose,
    ShuffleIntoBlessingsDeck,
    Summon,
)
from pacg.cards.vocabulary import CardAction
from pacg.decisions import DecisionKind, Process
from pacg.engine.box import first_in_box, random_cards_from_box, random_from_box
from pacg.engine.check import attempt_checks, check_of
from pacg.engine.choosing import characters, choose
from pacg.engine.declared import declaration
from pacg.engine.playing import Play, Step, perform
from pacg.engine.state import CharacterState, Encounter, ScenarioOver
from pacg.engine.summon import summon_and_build, summon_and_encounter
from pacg.engine.window import resolve
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, PhysicalCard, Zone, ZoneKind


def _summon(step: Step, effect: Summon, player: CharacterState, play: Play | None) -> Process[None]:
    """Summon and encounter a card, one character after another, "in any order you like" (SUM-01, SUM-02); where
    the summoned encounters decide the encounter with this card, record how they went."""
    if step.against is not None and step.game.is_summoned(step.against):
        return  # summoned cards can't summon (SUM-01)
    encounter = step.encounter
    waiting = yield from characters(step, player, effect.who, "who summons?")
    while waiting := [character for character in waiting if character.alive]:
        character = yield from choose(player, DecisionKind.ORDER, f"{player.name}: who summons and encounters next?",
                                      waiting)
        waiting.remove(character)
        what = step.against if effect.summon == ENCOUNTERED and step.against is not None else effect.summon
        outcome = yield from summon_and_encounter(step.game, character, what)
        if encounter is not None:
            encounter.summons.append((character, outcome))
            if effect.decides is not None:
                encounter.defeated = _summons_decide(encounter, effect.decides)


def _summons_decide(encounter: Encounter, decides: str) -> bool:
    """Whether the summoned encounters defeat the card: you defeated yours, or every one was defeated."""
    if decides == "yours":
        return any(c is encounter.character and outcome == "defeated" for c, outcome in encounter.summons)
    return all(outcome == "defeated" for _, outcome in encounter.summons)


def _build_location(step: Step, effect: BuildLocation, player: CharacterState, play: Play | None) -> None:
    summon_and_build(step.game, player, effect.build_location)


def _draw_random(step: Step, effect: DrawRandom, player: CharacterState, play: Play | None) -> None:
    """Draw random cards of a kind from the box (DRAW-01, SUM-06)."""
    for _ in range(step.value(effect.count, player)):
        card = random_from_box(step.game, effect.draw_random)
        if card is not None:
            step.game.zones.move(card, player.hand)
            step.game.note(f"{player.name} draws {card.name} from the box")


def _choose_from_box(step: Step, effect: ChooseFromBox, player: CharacterState, play: Play | None) -> Process[None]:
    """Draw random cards of a kind from the box and look at them; the player may keep one, the rest go back
    (SUM-06); then what keeping one, or none, leads to."""
    game = step.game
    cards = random_cards_from_box(game, effect.choose_from_box, step.value(effect.count, player))
    game.note(f"{player.name} draws {', '.join(card.name for card in cards) or 'nothing'} from the box")
    kept = yield from choose(player, DecisionKind.KEEP, f"{player.name}: keep one of them?", [None, *cards],
                             nothing="Keep none")
    if kept is not None:
        game.zones.move(kept, player.hand)
        game.note(f"{player.name} keeps {kept.name}")
    yield from resolve(step, list(effect.if_kept if kept is not None else effect.if_not), player, play)


def _acquire_from_box(step: Step, effect: AcquireFromBox, player: CharacterState, play: Play | None) -> Process[None]:
    """Each character named draws a random card of a kind from the box, set aside for its check, and attempts to
    acquire it (DRAW-01, SUM-06); then each card acquired goes into its character's hand and any other back into
    the box. All or none with `decides: all`, which decides the encounter with the card (ENC-06)."""
    game = step.game
    drawn: list[tuple[CharacterState, PhysicalCard, bool]] = []
    for character in (yield from characters(step, player, effect.who, "who draws?")):
        card = random_from_box(game, effect.acquire_from_box)
        if card is None:
            continue
        game.zones.move(card, Zone(ZoneKind.SUMMONED, character.name))  # out of the box while it is checked
        game.note(f"{character.name} draws {card.name} from the box")
        check = check_of(card)
        results = (yield from attempt_checks(game, character, check, Purpose.ACQUIRE, card)) if check else []
        drawn.append((character, card, character.alive and all(result.success for result in results)))
    everyone = all(acquired for _, _, acquired in drawn)
    for character, card, acquired in drawn:
        if (everyone if effect.decides == "all" else acquired):
            game.zones.move(card, character.hand)
            game.note(f"{character.name} acquires {card.name}")
            game.tally("acquired", card)
        else:
            perform(game, character, card, CardAction.BANISH)
    if effect.decides == "all" and (encounter := step.encounter) is not None:
        encounter.defeated = everyone


def _add_to_location(step: Step, effect: AddToLocation, player: CharacterState, play: Play | None) -> None:
    """Shuffle random cards of a kind from the box into the location deck (SUM-05, SUM-06)."""
    game = step.game
    deck = Zone(ZoneKind.LOCATION_DECK, player.location)
    for _ in range(step.value(effect.count, player)):
        card = random_from_box(game, effect.add_to_location)
        if card is None:
            break
        game.zones.shuffle_into(card, deck, game.rng)
        game.note(f"{card.name} is shuffled from the box into {player.location}")


def _exchange_from_box(step: Step, effect: ExchangeFromBox, player: CharacterState, play: Play | None) -> None:
    """The card just played (the step's last) goes back to the box, and a random card of a kind from the box
    takes its place."""
    game = step.game
    played = next((made.card for made in reversed(step.plays) if made.card is not None), None)
    other = random_from_box(game, effect.exchange_from_box) if played is not None else None
    if played is not None and other is not None:
        game.zones.swap(played, other)
        game.note(f"{player.name}'s {played.name} is exchanged for {other.name} from the box")


def _blessing_to_location(
    step: Step, effect: BlessingToLocation, player: CharacterState, play: Play | None
) -> None:
    """Remove the top blessing into the location deck; with none left the scenario is lost (END-01)."""
    game = step.game
    deck = game.zones.cards(BLESSINGS_DECK)
    if not deck:
        raise ScenarioOver("lost", "a card had to leave the empty blessings deck")
    game.zones.shuffle_into(deck[0], Zone(ZoneKind.LOCATION_DECK, player.location), game.rng)
    game.note(f"The top card of the blessings deck is shuffled into {player.location}")


def _shuffle_into_blessings_deck(
    step: Step, effect: ShuffleIntoBlessingsDeck, player: CharacterState, play: Play | None
) -> None:
    """Shuffle a named card from the box, or this card, into the blessings deck (SUM-05: added cards are
    shuffled in); a named card the box doesn't hold is not added (END-02)."""
    game = step.game
    if effect.shuffle_into_blessings_deck == THIS_CARD:
        card = play.card if play is not None else None
    elif effect.shuffle_into_blessings_deck == TOP_OF_BLESSINGS_DISCARD:
        card = next(iter(game.zones.cards(BLESSINGS_DISCARD)), None)
    else:
        card = first_in_box(game, effect.shuffle_into_blessings_deck)
    if card is not None:
        game.zones.shuffle_into(card, BLESSINGS_DECK, game.rng)
        game.note(f"{card.name} is shuffled into the blessings deck")


DECLARED = (
    declaration(Summon, _summon),
    declaration(BuildLocation, _build_location),
    declaration(DrawRandom, _draw_random),
    declaration(ChooseFromBox, _choose_from_box),
    declaration(AcquireFromBox, _acquire_from_box),
    declaration(AddToLocation, _add_to_location),
    declaration(ExchangeFromBox, _exchange_from_box),
    declaration(BlessingToLocation, _blessing_to_location),
    declaration(ShuffleIntoBlessingsDeck, _shuffle_into_blessings_deck),
)
