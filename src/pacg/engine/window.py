"""The play window (rulebook pages 9-11): playing cards and using powers in a step, and what a play does.

Players play in turn order from the acting one until everyone passes (ENC-02). A play does the card's own action
first (PLAY-05), then pays its cost, then does its effects in order (`resolve`), each as its declaration says
(`pacg.engine.effects`, read through `declared.SPECS`). A card's `instead` powers may send a played card elsewhere.
The paragraphs that happen by themselves are done here too: at a step's moment (`apply_mandatory`, PLAY-10) and on
a check (`apply_standing_powers`, CHK-08). What may be played is `playing`'s: a power is offered only where each of
its effects has something to act on (`playing.applies`, PLAY-07).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pacg.cards.model import AnyCard
from pacg.cards.powers import ChargeCost, DamageCost, Effect, Power, Timing
from pacg.cards.text import sentence_case
from pacg.cards.vocabulary import CardAction, action_text
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import seams, trace
from pacg.engine.declared import SPECS
from pacg.engine.playing import (
    Play,
    Standing,
    Step,
    conditions_hold,
    perform,
    powers_following,
    put,
    replacements,
    riders,
    standing_powers,
    table_order,
)
from pacg.engine.questions import plays_worth_asking
from pacg.engine.state import CharacterState
from pacg.engine.zones import PhysicalCard, ZoneKind

if TYPE_CHECKING:
    from pacg.engine.check import CheckState


# Enumeration members read on hot paths, read once (see `playing`: an enumeration's member is slow to read).
_PLAY = DecisionKind.PLAY

# --- playing in turn order --------------------------------------------------------------------------------------


def describe(play: Play) -> str:
    """An option's label for a play: what is played and what it does."""
    return f"{play.label}: {play.power.effects_text}" if play.power.effects else play.label


def decide_order(
    step: Step,
    kind: DecisionKind,
    prompt: Callable[[Any, CharacterState, list[Play]], tuple[str, Mapping[str, object]]],
    players: list[CharacterState] | None = None,
) -> Process[None]:
    """Let each player, in turn order from the acting one, play until a whole round passes (ENC-02); a player is
    asked only while they hold a play worth asking about (`questions.plays_worth_asking`)."""
    order = players if players is not None else table_order(step.game, step.checker)
    passes = 0
    turn = 0
    while passes < len(order):
        player = order[turn % len(order)]
        turn += 1
        played = False
        while plays := plays_worth_asking(step, player):
            text, context = prompt(step, player, plays)
            options = (Option("Done", key="done"),) + tuple(Option(describe(play), play) for play in plays)
            index = yield Decision(
                player.name, kind, text, options, context=context,
                help="Pick a card or power to play now, or Done when you have nothing more to play.",
            )
            if index == 0:
                break
            yield from apply_play(step, options[index].value)
            played = True
        passes = 1 if played else passes + 1


_MOMENTS = {
    Timing.TURN_START: "at the start of {name}'s turn",
    Timing.TURN_END: "at the end of {name}'s turn",
    Timing.ANY_TIME: "between the steps of {name}'s turn",
    Timing.RESET_HAND: "as {name} resets the hand",
    Timing.EXPLORE: "in {name}'s explore step",
    Timing.EXAMINE: "as {name} examines a location deck",
}


def _step_prompt(step: Step, player: CharacterState, plays: list[Play]) -> tuple[str, dict[str, object]]:
    """ "Kyra: play a card or power at the end of Harsk's turn?", "... (evasion, against Dire Rat)?"; the context
    says the moment, whose step it is, the damage being dealt and the card faced, for players who read data."""
    moment = _MOMENTS.get(step.timing)
    if moment is not None:
        what = moment.format(name=step.checker.name)
    elif step.timing is Timing.DAMAGE:
        what = f"as {step.checker.name} is dealt {step.damage} {step.damage_type} damage"
    else:
        what = f"({step.timing}" + (f", against {step.against.name})" if step.against is not None else ")")
    context: dict[str, object] = {"timing": str(step.timing), "character": step.checker.name}
    if step.timing is Timing.DAMAGE:
        context["damage"] = step.damage
    if step.against is not None:
        context["against"] = step.against.name
    return f"{player.name}: play a card or power {what}?", context


def play_window(step: Step, players: list[CharacterState] | None = None) -> Process[None]:
    """The players may play cards and use powers of the step's timing (TURN-09, ENC-02)."""
    yield from decide_order(step, _PLAY, _step_prompt, players)


def apply_play(step: Step, play: Play) -> Process[None]:
    """Play: the card's own action first (PLAY-05), then the cost, then the effects in order, then what the
    card says happens whenever it is played (PLAY-10). A card played as a copy of another does what that card
    says, and is itself the card that moves (PlayAsCopy)."""
    card, power = play.card, play.power
    if play.as_card is not None:
        for paragraph, _ in play.player.copy_powers:
            trace.ran(paragraph)
    if card is not None and power.action is not None:
        yield from place(step, play.player, card, power.action, play.as_card)
        if power.action is CardAction.DISPLAY:
            _display_next_to(step, play, card)
    if isinstance(power.cost, ChargeCost):  # offered only to a character who has the charges (MYTH-01)
        play.player.mythic_charges -= power.cost.charges
        step.game.note(f"{play.player.name} uses {play.source}: {power.cost.text()}")
    elif isinstance(power.cost, DamageCost):  # what the power costs is not reduced
        yield from seams.take_damage(step.game, play.player, power.cost.damage, str(power.cost.damage_type),
                                     reducible=False)
    elif play.cost_card is not None and power.cost is not None:
        yield from place(step, play.player, play.cost_card, power.cost.action)
    step.plays.append(play)
    trace.ran(power)
    yield from resolve(step, list(power.effects), play.player, play)
    if card is not None:
        yield from _when_played(step, play, card)
    if step.in_check:  # a check's standing paragraph may wait for a card of a kind to be played on it
        apply_standing_powers(step, after_play=True)  # type: ignore[arg-type]
    yield from _after_playing(step, play)
    if not step.in_check:  # on a check, the check to recharge waits until the check is done (KEEP-04)
        yield from seams.attempt_recharge(step.game, play)


def work_out_on_check(state: CheckState, play: Play) -> bool:
    """What a play would do to a check, worked out on `state`, a copy of the check (`CheckState.copy`), without
    playing it: as `apply_play` makes it, its effects on the check, those of the card's paragraphs that happen
    whenever it is played (PLAY-10), and the standing paragraphs that wait for such a play. False when something
    of it may ask or start a process ("choose one", which trait a power replaces): what comes of it is not known
    before."""
    state.plays.append(play)
    paragraphs = [play.power]
    card = play.card
    if card is not None and not (play.as_card or card.card).is_bane and card.uid not in state.riders:
        paragraphs += [paragraph for paragraph in riders(state.game, play)  # displayed: next to the checker
                       if conditions_hold(paragraph.conditions, state, play.player)]
    for paragraph in paragraphs:
        for effect in paragraph.effects:
            kind = type(effect)
            if kind.asks:
                return False  # it may ask, or start a process: what comes of it is not known before
            if kind.changes_the_check():
                SPECS[kind].run(state, effect, play.player, play)
    apply_standing_powers(state, after_play=True)
    return True


def _display_next_to(step: Step, play: Play, card: PhysicalCard) -> None:
    """A card displayed for another character's check or damage is displayed next to that character: its
    paragraphs that work while displayed act for them (PLAY-04: it still belongs to its owner)."""
    game = step.game
    if step.checker is play.player or step.timing is Timing.ANY_TIME:
        game.next_to.pop(card.uid, None)
    else:
        game.next_to[card.uid] = step.checker


def _when_played(step: Step, play: Play, card: PhysicalCard) -> Process[None]:
    """The paragraphs of a card that are not powers of their own (the card's, or those of the card it is played
    as a copy of): they happen whenever the card is played at their moment, the moment of the power it is played
    for (PLAY-10: "a mandatory action you must take when you play the card"; an "any time" power may be played as
    a turn starts or ends), once per card in a step (PLAY-02). A card just displayed also works at once while
    displayed, for the character it is next to. A bane played from a hand has none: its paragraphs that aren't
    played are about encountering it."""
    acting = play.as_card or card.card
    if card.uid in step.riders or acting.is_bane:
        return
    step.riders.add(card.uid)
    game = step.game
    displayed = game.zones.where(card).kind is ZoneKind.DISPLAYED
    for paragraph in riders(game, play):
        if not conditions_hold(paragraph.conditions, step, play.player):
            continue
        if paragraph.while_in is None or (displayed and game.displayed_next_to(card, play.player) is step.checker):
            trace.ran(paragraph)
            yield from resolve(step, list(paragraph.effects), play.player, play)


def place(
    step: Step, player: CharacterState, card: PhysicalCard, action: CardAction, acting: AnyCard | None = None
) -> Process[None]:
    """Reveal, discard, recharge, bury or banish a card, or send it where an `instead` power says (those of the
    card it is played as a copy of, `acting`, PlayAsCopy)."""
    places, mandatory = ({}, False) if action is CardAction.REVEAL else replacements(step, player, card, action,
                                                                                       acting)
    if not places:
        perform(step.game, player, card, action)
        return
    options = [] if mandatory else [Option(sentence_case(action_text(action, card.name)), None, key=str(action))]
    options += [Option(f"{_PLACE_LABEL[p]} {card.name} instead", p, key="instead") for p in places]
    index = 0
    if len(options) > 1:
        index = yield Decision(
            player.name, DecisionKind.INSTEAD, f"{player.name}: where does {card.name} go?", tuple(options),
            help="A power lets this card go somewhere else than the play would send it.",
        )
    chosen = options[index].value
    if chosen is None:
        perform(step.game, player, card, action)
    else:
        trace.ran(places[chosen])
        put(step.game, player, card, chosen)


_PLACE_LABEL = {"hand": "Keep", "top of deck": "Put on top of your deck", "recharge": "Recharge",
                "shuffle into deck": "Shuffle into your deck", "discard": "Discard", "bury": "Bury", "banish": "Banish"}


def _after_playing(step: Step, play: Play) -> Process[None]:
    """Powers that happen after a player plays a card (`powers_following`). In them, the card just played is "it"
    ("exchange it for ...")."""
    player = play.player
    for key, power, source in powers_following(step, play):
        if power.optional:
            label = f"Use {source}: {power.effects_text}"
            choice = yield Decision(player.name, DecisionKind.AFTER_PLAYING,
                                    f"{player.name}: after playing {play.source}?",
                                    (Option("No", key="no"), Option(label, key="yes")),
                                    help="A power you may use after that play.")
            if choice == 0:
                continue
        used = Play(player, ("after", key), power, source)
        step.plays.append(used)
        trace.ran(power)
        yield from resolve(step, list(power.effects), player, used)


def apply_mandatory(step: Step, powers: list[Standing]) -> Process[None]:
    """The paragraphs of the step's timing that always happen when they apply (PLAY-10); a card's paragraph
    is done with that card as "this card", and its check to recharge follows (KEEP-04)."""
    for power, player, card in powers:
        if power.when is step.timing and not power.optional and conditions_hold(power.conditions, step, player):
            play = Play(player, ("standing", id(power)), power, card.name, card) if card is not None else None
            trace.ran(power)
            yield from resolve(step, list(power.effects), player, play)
            if play is not None and power.recharge_check is not None:
                yield from seams.attempt_recharge(step.game, play)


# --- doing effects ---------------------------------------------------------------------------------------------


def resolve(step: Step, effects: list[Effect], player: CharacterState, play: Play | None = None) -> Process[None]:
    """Do each effect in order (PLAY-02: all of the power that is possible), for as long as the player they are
    done for lives: a character who dies does nothing more, the rest of a power included (DEATH-01)."""
    for effect in effects:
        if not player.alive:
            return
        spec = SPECS[type(effect)]
        if spec.asks:
            yield from spec.run(step, effect, player, play)
        else:
            spec.run(step, effect, player, play)


def apply_modifiers(state: Step, power: Power, player: CharacterState, play: Play | None = None) -> None:
    """A standing paragraph's effects on a check being prepared (CHK-08, PLAY-10): each is immediate (the card
    loader refuses a standing check paragraph that would need to ask anything)."""
    for effect in power.effects:
        SPECS[type(effect)].run(state, effect, player, play)


def apply_standing_powers(state: CheckState, after_play: bool = False) -> None:
    """Apply every paragraph of the check's timing that always applies to this check (PLAY-10, CHK-08). After a
    play, what a play brings counts too: those that wait for a card of a kind played on the check ("if a
    blessing was played") or for a trait ("with the Fire trait") apply once they hold, and one that changed
    only the difficulty, the bonus or whether the check can succeed is taken back once it no longer holds (the
    Ghost's "without the Magic trait" once a power adds the Magic trait)."""
    for power, player, card in standing_powers(state):
        key = (id(power), player.name, card.uid if card is not None else None)
        waits = power.conditions.played or power.conditions.check_traits or power.conditions.none_of
        if power.optional or (after_play and not waits):
            continue
        holds = conditions_hold(power.conditions, state, player)
        if key in state.standing_applied:
            change = state.standing_applied[key]
            if after_play and not holds and change is not None:
                state.difficulty -= change[0]
                state.modifier -= change[1]
                state.cannot_succeed -= change[2]
                del state.standing_applied[key]
            continue
        if holds:
            trace.ran(power)
            before = (state.difficulty, state.modifier, state.cannot_succeed, len(state.added_dice), set(state.traits))
            apply_modifiers(state, power, player)
            only_numbers = (len(state.added_dice), state.traits) == before[3:]
            change = (state.difficulty - before[0], state.modifier - before[1], state.cannot_succeed - before[2])
            state.standing_applied[key] = change if only_numbers else None
