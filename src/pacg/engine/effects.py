"""Using powers (rulebook pages 9-11): playing cards in a step, and what each effect does outside the dice.

Players play in turn order from the acting one until everyone passes (ENC-02). A play does the card's own
action first (PLAY-05), then pays its cost, then does its effects in order. A card's `instead` powers may
send a played card elsewhere. Every effect has one handler here, those on a check's dice included; a power is
offered only where each of its effects has something to act on (`playing.applies`, PLAY-07).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from pacg.cards.checks import parse_check
from pacg.cards.model import AnyCard
from pacg.cards.powers import (
    EFFECT_MODELS,
    ENCOUNTERED,
    THIS_CARD,
    TOP_OF_BLESSINGS_DISCARD,
    AcquireFromBox,
    AddCardNumber,
    AddDice,
    AddModifier,
    AddSkill,
    AddSkillDice,
    AddToLocation,
    AddTraits,
    AdjustDifficulty,
    AfterCheck,
    Attempt,
    Banish,
    BlessingDie,
    BlessingToLocation,
    BuildLocation,
    CannotEvade,
    CannotMove,
    CannotPlay,
    CannotReduce,
    CannotSucceed,
    CardFilter,
    CardPlace,
    ChangeDamageType,
    Characters,
    ChargeCost,
    ChooseFromBox,
    ChooseOne,
    ChooseTrait,
    CloseAfterEncounter,
    CloseLocation,
    CountFace,
    DamageCost,
    DealDamage,
    Defeat,
    Dies,
    Draw,
    DrawRandom,
    Effect,
    EncounterExamined,
    EndTurn,
    Evade,
    Examine,
    ExamineDeck,
    ExamineMore,
    ExchangeExamined,
    ExchangeFromBox,
    Explore,
    ForEach,
    GainCharge,
    GainSkill,
    GiveAcquired,
    GiveCard,
    HalveDamage,
    Heal,
    IgnoreLocationPowers,
    IgnoreTraits,
    IgnoreTypeLimit,
    Instead,
    InsteadOfDamage,
    KeepEncountered,
    Lasting,
    May,
    Move,
    MoveAlong,
    MoveCards,
    NoHelp,
    PlaceEncountered,
    PlayAsCopy,
    Power,
    Purpose,
    Redeem,
    ReduceDamage,
    ReduceDamageTo,
    ReplaceDie,
    ReplaceHighestDie,
    Reroll,
    RollDie,
    SharedTraitDice,
    ShiftDamage,
    ShuffleIntoBlessingsDeck,
    Succeed,
    Summon,
    SwapFromBox,
    SwapTrait,
    TakeEncounter,
    Timing,
    UseSkill,
    Who,
    Whose,
    WhoWithTraits,
)
from pacg.cards.text import effect_text, sentence_case
from pacg.cards.vocabulary import UNTRAINED_DIE, CardAction, CardType, action_text
from pacg.decisions import Decision, DecisionKind, Option, Process
from pacg.engine import trace
from pacg.engine.box import first_in_box, random_cards_from_box, random_from_box
from pacg.engine.damage import deck_holds, die, remove_from_deck, take_damage
from pacg.engine.declared import declaration, declare
from pacg.engine.playing import (
    Play,
    Standing,
    Step,
    conditions_hold,
    examined_cards,
    fits,
    matches,
    perform,
    powers_following,
    put,
    replacements,
    riders,
    skill_of,
    source_cards,
    standing_powers,
    table_order,
)
from pacg.engine.questions import plays_worth_asking
from pacg.engine.redemption import redeem, redeemable_cards
from pacg.engine.state import (
    NEXT_EXPLORATION,
    CharacterState,
    Encounter,
    GameState,
    LastingPower,
    ScenarioOver,
    TurnEnded,
)
from pacg.engine.summon import summon_and_build, summon_and_encounter
from pacg.engine.zones import BLESSINGS_DECK, BLESSINGS_DISCARD, PhysicalCard, Zone, ZoneKind

if TYPE_CHECKING:
    from pacg.engine.check import CheckState

# Enumeration members read on hot paths, read once (see `playing`: an enumeration's member is slow to read).
_PLAY, _LEAVE, _ENTER = DecisionKind.PLAY, Timing.LEAVE, Timing.ENTER
_EVASION, _DAMAGE = Timing.EVASION, Timing.DAMAGE

# --- playing in turn order ------------------------------------------------------------------------------------


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
        yield from take_damage(step.game, play.player, power.cost.damage, str(power.cost.damage_type),
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
        from pacg.engine.check import attempt_recharge  # checks play cards, and playing may call for checks

        yield from attempt_recharge(step.game, play)


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
    from pacg.engine.check import attempt_recharge  # checks play cards, and playing may call for checks

    for power, player, card in powers:
        if power.when is step.timing and not power.optional and conditions_hold(power.conditions, step, player):
            play = Play(player, ("standing", id(power)), power, card.name, card) if card is not None else None
            trace.ran(power)
            yield from resolve(step, list(power.effects), player, play)
            if play is not None and power.recharge_check is not None:
                yield from attempt_recharge(step.game, play)


# --- what effects do ------------------------------------------------------------------------------------------
#
# What the engine does with every effect of the power language is declared once, at the end of the effects
# (`SPECS`, `declared.declaration`): its handler below (a generator where it may ask the players or start other
# processes) and when it can be offered. A model without a declaration fails at import, not in a game. A
# handler's step is a CheckState for an effect on a check (the model's `on_check`: `playing.applies` offers it
# only on a check), and its effect is of its declaration's model.


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


def _marker(step: Step, effect: Any, player: CharacterState, play: Play | None) -> None:
    """An effect that does nothing when resolved: the engine reads it where it applies (an `instead` when a
    card is moved, `ignore_type_limit` when plays are listed, `no_help` when others' plays are listed,
    `use_skill` when the skill is chosen, `reroll` once the dice are rolled, `gain_skill` for skills,
    `play_as_copy` when plays are listed,
    `cannot_evade` when evasion is offered, `cannot_play` when plays are listed, `cannot_move` when a
    character would move)."""


# --- effects on a check (CHK-08, CHK-11, CHK-12, KEEP-05) ---


def _add_dice(state: CheckState, effect: AddDice, player: CharacterState, play: Play | None) -> None:
    for count, sides in effect.add_dice.dice:
        state.added_dice += [sides] * count
    state.modifier += state.value(effect.add_dice.bonus, player)


def _add_skill_dice(state: CheckState, effect: AddSkillDice, player: CharacterState, play: Play | None) -> None:
    """Blessings add dice of the type the check rolls (CHK-12), or the die a power names for blessings played
    on the check, or for those the player plays."""
    die = state.die
    acting = play.acting if play is not None else None
    if state.blessing_dice and play is not None and acting is not None and acting.type is CardType.BLESSING:
        die = max(state.blessing_dice.get(play.player, 0), state.blessing_dice.get(None, 0)) or die
    state.added_dice += [die] * effect.add_skill_dice


def _add_skill(state: CheckState, effect: AddSkill, player: CharacterState, play: Play | None) -> None:
    """Add your best of these skills, die and modifier, without its trait (CHK-06)."""
    skills = [known for name in effect.add_skill if (known := skill_of(state.game, player, name))]
    best = max(skills, key=lambda known: (known.die, known.modifier), default=None)
    state.added_dice.append(best.die if best else UNTRAINED_DIE)
    state.modifier += best.modifier if best else 0


def _add_modifier(state: CheckState, effect: AddModifier, player: CharacterState, play: Play | None) -> None:
    state.modifier += state.value(effect.add_modifier, player)


def _add_traits(state: CheckState, effect: AddTraits, player: CharacterState, play: Play | None) -> None:
    state.traits |= set(effect.add_traits)


def _replace_die(state: CheckState, effect: ReplaceDie, player: CharacterState, play: Play | None) -> None:
    """Roll another die in place of the check's die, not another skill (CHK-11)."""
    replacement = effect.replace_die
    if isinstance(replacement, int):
        state.die = replacement
    else:
        skill = skill_of(state.game, player, replacement)
        state.die = skill.die if skill else UNTRAINED_DIE


def _replace_highest_die(
    state: CheckState, effect: ReplaceHighestDie, player: CharacterState, play: Play | None
) -> None:
    """The highest die becomes another once the dice are assembled (`CheckState.pool`, MYTH-01)."""
    state.highest_die_becomes.append(effect.replace_highest_die)


def _succeed(state: CheckState, effect: Succeed, player: CharacterState, play: Play | None) -> None:
    state.automatic_success = True


def _cannot_succeed(state: CheckState, effect: CannotSucceed, player: CharacterState, play: Play | None) -> None:
    state.cannot_succeed += 1


def _add_card_number(state: CheckState, effect: AddCardNumber, player: CharacterState, play: Play | None) -> None:
    """Add the adventure deck number of the card paid or encountered (a letter set counts as 0, SET-01)."""
    card = play.cost_card if effect.add_card_number == "cost" and play else state.against
    state.modifier += card.card.adventure_deck_number if card is not None else 0


def _blessing_die(state: CheckState, effect: BlessingDie, player: CharacterState, play: Play | None) -> None:
    state.blessing_dice[player if effect.played_by == "you" else None] = effect.blessing_die


def _count_face(state: CheckState, effect: CountFace, player: CharacterState, play: Play | None) -> None:
    state.count_faces.append(effect)


def _shared_trait_dice(
    state: CheckState, effect: SharedTraitDice, player: CharacterState, play: Play | None
) -> None:
    """More dice when the card paid shares a trait, other than Basic and Elite, with the card encountered."""
    cost = play.cost_card if play else None
    shared = set(state.game.traits(cost)) & set(state.game.traits(state.against)) if cost and state.against else set()
    if shared - {"Basic", "Elite"}:
        for count, sides in effect.shared_trait_dice.dice:
            state.added_dice += [sides] * count


def _swap_trait(step: Step, effect: SwapTrait, player: CharacterState, play: Play | None) -> Process[None]:
    """The player chooses which of the traits the check has to replace, and with which of the others it hasn't;
    not with one the card checked against is immune to (ENC-03)."""
    traits: set[str] = step.traits  # type: ignore[attr-defined]  # offered only on a check: step is a CheckState
    have = [trait for trait in effect.swap_trait if trait in traits]
    if not have:
        return
    old = yield from choose(player, DecisionKind.TRAIT, f"{player.name}: replace which trait of the check?", have)
    others = [trait for trait in effect.swap_trait if trait not in traits and trait not in step.immunities]
    if not others:
        return
    new = yield from choose(player, DecisionKind.TRAIT, f"{player.name}: replace the {old} trait with which?", others)
    traits.discard(old)
    traits.add(new)
    step.game.note(f"{player.name} replaces the {old} trait of the check with {new}")


def _after_check(state: CheckState, effect: AfterCheck, player: CharacterState, play: Play | None) -> None:
    """Effects for after the check are kept with the check until it is done (KEEP-04); with no check under
    way (a card played after one), there is nothing to wait for."""
    if state.in_check:
        state.after_check.append((effect, player))


def _instead_of_damage(
    state: CheckState, effect: InsteadOfDamage, player: CharacterState, play: Play | None
) -> None:
    """What a failed check does instead of its damage is kept with the check until it is rolled (CHK-15)."""
    if state.in_check:
        state.damage_instead.append((effect, player))


def _adjust(step: Step, effect: AdjustDifficulty, player: CharacterState, play: Play | None) -> None:
    """On a check, its difficulty changes; before it, the difficulty of the encounter's checks (CHK-08)."""
    amount = step.value(effect.adjust_difficulty, player)
    if step.in_check:
        step.difficulty += amount  # type: ignore[attr-defined]  # in a check, step is a CheckState
    elif (encounter := step.encounter) is not None:
        encounter.difficulty_adjustment += amount


# --- effects on the encounter (ENC-04..09) ---


def _take_over(step: Step, effect: TakeEncounter, player: CharacterState, play: Play | None) -> None:
    """Encounter the card in the encountering character's place: from now on the steps are the player's (a
    card's exception to KEEP-02)."""
    encounter = step.encounter
    if encounter is not None:
        step.game.note(f"{player.name} takes over {encounter.character.name}'s encounter with {encounter.card.name}")
        encounter.character = player


def _on_encounter(attribute: str, value: Callable[[Any], object]) -> Callable[[Step, Any, CharacterState, Play | None],
                                                                           None]:
    """A handler that records what a power decided for the encounter with the card (evaded, defeated ...)."""
    def handler(step: Step, effect: Any, player: CharacterState, play: Play | None) -> None:
        encounter = step.encounter
        if encounter is not None:
            setattr(encounter, attribute, value(effect))
    return handler


def _close_location(step: Step, effect: CloseLocation, player: CharacterState, play: Play | None) -> None:
    """The chance to close the encounter's location once the card is gone (CLOSE-01), or closing it
    automatically: a chance given as well doesn't take that back."""
    encounter = step.encounter
    if encounter is not None and encounter.close != "automatic":
        encounter.close = "automatic" if effect.close_location == "automatic" else "attempt"


def _explore(step: Step, effect: Explore, player: CharacterState, play: Play | None) -> None:
    """However many effects grant it, an exploration grants one extra exploration (TURN-05)."""
    if step.game.turn is not None:
        step.game.turn.extra_exploration = True


def _reduce(step: Step, effect: ReduceDamage, player: CharacterState, play: Play | None) -> None:
    """Reduce the damage being dealt, if it is of a type the power reduces (DMG-01)."""
    if not {"all", step.damage_type} & set(effect.types):
        return
    amount = effect.reduce_damage
    step.damage = 0 if amount == "all" else max(0, step.damage - step.value(amount, player))


def _reduce_to(step: Step, effect: ReduceDamageTo, player: CharacterState, play: Play | None) -> None:
    step.damage = min(step.damage, step.value(effect.reduce_damage_to, player))


def _halve(step: Step, effect: HalveDamage, player: CharacterState, play: Play | None) -> None:
    """Half the damage, rounded as the card says."""
    step.damage = (step.damage + 1) // 2 if effect.halve_damage == "rounded up" else step.damage // 2


def _change_type(step: Step, effect: ChangeDamageType, player: CharacterState, play: Play | None) -> None:
    """Damage of the types the power names becomes damage of its new type, before anyone reduces it (DMG-01)."""
    if {"all", step.damage_type} & set(effect.types):
        step.damage_type = str(effect.change_damage_type)


def _shift(step: Step, effect: ShiftDamage, player: CharacterState, play: Play | None) -> Process[None]:
    """Pass some of the damage to another character (chosen at random, or by the player)."""
    amount = min(step.damage, step.value(effect.shift_damage, player))
    targets = yield from characters(step, step.checker, effect.to, f"who takes {amount} of the damage?", player)
    for target in targets[:1]:
        step.damage -= amount
        yield from take_damage(step.game, target, amount, step.damage_type, step.against)


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
    from pacg.engine.encounter import encounter  # an encounter can start from an effect and hold one

    yield from encounter(step.game, player, card)


def _gain_charge(step: Step, effect: GainCharge, player: CharacterState, play: Play | None) -> None:
    player.mythic_charges += step.value(effect.gain_charge, player)


def _banish(step: Step, effect: Banish, player: CharacterState, play: Play | None) -> None:
    """Banish the card encountered (the encounter ends there) or the card whose power this is."""
    if effect.banish == "encountered":
        if (encounter := step.encounter) is not None:
            encounter.banished = True
    elif play is not None and play.card is not None:
        perform(step.game, player, play.card, CardAction.BANISH)


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


def _draw_random(step: Step, effect: DrawRandom, player: CharacterState, play: Play | None) -> None:
    """Draw random cards of a kind from the box (DRAW-01, SUM-06)."""
    for _ in range(step.value(effect.count, player)):
        card = random_from_box(step.game, effect.draw_random)
        if card is not None:
            step.game.zones.move(card, player.hand)
            step.game.note(f"{player.name} draws {card.name} from the box")


def _move(step: Step, effect: Move, player: CharacterState, play: Play | None) -> Process[None]:
    """Move to another location (TURN-03): the one chosen, one at random, or the one named, if it is in play and
    not the mover's own; local characters come along if the power allows."""
    game = step.game
    movers = yield from characters(step, player, effect.move, "who moves?")
    if not movers:
        return
    mover = movers[0]
    where = effect.where
    places = [place for place in game.destinations(mover) if (where is None or matches(place.card, where))
              and effect.to in ("chosen", "random", place.name)]
    if not places:
        return
    companions = [c for c in game.local_characters(mover.location) if c is not mover][: effect.with_local]
    if effect.to == "chosen":
        destination = yield from choose(player, DecisionKind.LOCATION, f"{mover.name}: move where?", places)
    else:  # at random, or the one location named
        destination = places[0] if effect.to != "random" else game.rng.choice(places)
    coming = []
    for companion in companions:
        along = yield from choose(companion, DecisionKind.MOVE_ALONG,
                                  f"{companion.name}: move along to {destination.name}?",
                                  [False, True])
        if along:
            coming.append(companion)
    for character in [mover, *coming]:
        yield from move_to(game, character, destination.name)


def move_to(game: GameState, character: CharacterState, location: str) -> Process[None]:
    """Move a character's token; moving triggers what happens when a character leaves a location and enters
    another (TURN-03): the location's paragraphs, then the scenario's. A move to the same location is neither;
    a move into or out of a sealed location is ignored ("cannot" beats "can", GOLD-03)."""
    if location == character.location or game.sealed(location) or game.sealed(character.location):
        return
    for timing, place in ((_LEAVE, character.location), (_ENTER, location)):
        if timing is _ENTER:
            game.move(character, location)
        powers = [power for _, power in game.locations[place].powers_by_timing.get(timing, ())]
        powers += [power for _, power in game.scenario_powers.get(timing, ())]
        if powers:
            step = Step(game=game, checker=character, timing=timing, destination=location)
            yield from apply_mandatory(step, [(power, character, None) for power in powers])


def _move_along(step: Step, effect: MoveAlong, player: CharacterState, play: Play | None) -> Process[None]:
    """Up to this many other characters at the location being left may move with the character leaving it:
    each is asked in turn order (TURN-03)."""
    game, destination = step.game, step.destination
    if destination is None:
        return
    came = 0
    for companion in table_order(game, player):
        if came >= effect.move_along or companion is player or companion.location != player.location:
            continue
        along = yield from choose(companion, DecisionKind.MOVE_ALONG, f"{companion.name}: move along to {destination}?",
                                  [False, True])
        if along:
            came += 1
            yield from move_to(game, companion, destination)
    if came:
        yield from resolve(step, list(effect.if_any), player, play)


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


def _roll_die(step: Step, effect: RollDie, player: CharacterState, play: Play | None) -> Process[None]:
    """Roll one die: reach `at_least`, beat the number of cards in your location deck, or roll no more than
    `at_most`. A roll no face can win is not made ("if any trees are undefeated, roll": none is)."""
    game = step.game
    lowest: int
    highest: int
    if effect.beats is not None:
        lowest, highest = len(game.cards_left(Zone(ZoneKind.LOCATION_DECK, player.location))) + 1, effect.roll_die
    elif effect.at_most is not None:
        lowest, highest = 1, step.value(effect.at_most, player)
    else:
        lowest, highest = effect.at_least or 1, effect.roll_die
    if effect.at_most is not None and highest < lowest:
        return
    face = game.rng.randint(1, effect.roll_die)
    game.note(f"{player.name} rolls {face} on a d{effect.roll_die}")
    if lowest <= face <= highest:
        yield from resolve(step, list(effect.then), player, play)


def _deal_damage(step: Step, effect: DealDamage, player: CharacterState, play: Play | None) -> Process[None]:
    """Deal damage; dice are rolled separately for each character (DICE-02). In an encounter it is dealt by the
    card encountered, whose immunities hold while it is reduced (ENC-03). Dealt instead of a failed check's
    damage, it is part of that check: the cards played on it count toward each player's limit (DMG-01)."""
    game = step.game
    targets = yield from characters(step, player, effect.to, "who is dealt the damage?")
    played = step.plays if step.dealing_check_damage else ()
    for target in targets:
        amount = step.value(effect.deal_damage, player)  # for each character: each has a roll (DICE-02)
        yield from take_damage(game, target, amount, str(effect.type), step.against, played,
                               reducible=effect.reducible, buried=effect.buried, during=step.during or step.timing)


def _build_location(step: Step, effect: BuildLocation, player: CharacterState, play: Play | None) -> None:
    summon_and_build(step.game, player, effect.build_location)


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


def _for_each(step: Step, effect: ForEach, player: CharacterState, play: Play | None) -> Process[None]:
    """Do the effects for each of the characters in turn, each of them acting as "you"."""
    for character in (yield from characters(step, player, effect.for_each, "")):
        yield from resolve(step, list(effect.do), character, play)


def _attempt(step: Step, effect: Attempt, player: CharacterState, play: Play | None) -> Process[None]:
    """Attempt a check, then do what its success or failure calls for."""
    from pacg.engine.check import attempt_checks

    during = step.during or step.timing
    results = yield from attempt_checks(step.game, player, parse_check(effect.attempt), Purpose.OTHER, step.against,
                                        during)
    success = all(result.success for result in results)
    yield from resolve(step, list(effect.success if success else effect.failure), player, play)


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


def _dies(step: Step, effect: Dies, player: CharacterState, play: Play | None) -> Process[None]:
    """The characters named die (DEATH-01); the last death loses the scenario (DEATH-02), and a death on your
    own turn ends it (`damage.die`), so the character whose turn it is dies last."""
    targets = yield from characters(step, player, effect.dies, "who dies?")
    turn = step.game.turn
    killer = play.source if play is not None else f"{step.against.name}'s power" if step.against else "a power"
    for target in sorted(targets, key=lambda target: turn is not None and target is turn.character):
        die(step.game, target, f"killed by {killer}")


def _end_turn(step: Step, effect: EndTurn, player: CharacterState, play: Play | None) -> None:
    """A forced end of turn (ENC-09); only the current turn's character's turn can end."""
    if step.game.turn is not None and step.game.turn.character is player:
        raise TurnEnded(f"{step.against.name if step.against else 'a power'} ends the turn")


def _ignore_location(
    step: Step, effect: IgnoreLocationPowers, player: CharacterState, play: Play | None
) -> None:
    if step.game.turn is not None:
        step.game.turn.ignore_location_powers = True


# --- effects that last, restrict, choose ---


def _lasting(step: Step, effect: Lasting, player: CharacterState, play: Play | None) -> Process[None]:
    """Paragraphs that apply for these characters until the end of the turn, encounter or exploration, or
    during the next exploration of the turn (the one the power gives)."""
    game = step.game
    card, source = (play.card, play.source) if play is not None else (None, f"{player.name}'s power")
    next_one = game.turn.explorations + 1 if game.turn is not None and effect.until == NEXT_EXPLORATION else 0
    for character in (yield from characters(step, player, effect.who, "for whom?")):
        for power in effect.lasting:
            game.lasting.append(LastingPower(power, character, effect.until, len(game.encounters), source, card,
                                             next_one))


def _cannot_reduce(step: Step, effect: CannotReduce, player: CharacterState, play: Play | None) -> None:
    step.reducible = False


def _choose_one(step: Step, effect: ChooseOne, player: CharacterState, play: Play | None) -> Process[None]:
    """The player chooses one of the lists of effects, and it is done."""
    labels = [sentence_case("; ".join(effect_text(one, as_verb=True) for one in option))
              for option in effect.choose_one]
    index = yield Decision(player.name, DecisionKind.CHOOSE_ONE, f"{player.name}: which one?",
                           tuple(Option(label, number, key=f"choice:{number + 1}")
                                 for number, label in enumerate(labels)),
                           help="The power lets you choose one of these.")
    yield from resolve(step, list(effect.choose_one[index]), player, play)


def _may(step: Step, effect: May, player: CharacterState, play: Play | None) -> Process[None]:
    """The player may do the effects; if they do, what follows is done too."""
    words = "; ".join(effect_text(one, as_verb=True) for one in effect.may)
    index = yield Decision(player.name, DecisionKind.MAY, f"{player.name}: {words}?",
                           (Option("No", key="no"), Option(sentence_case(words), key="yes")),
                           help="The power lets you do this if you want.")
    if index:
        yield from resolve(step, [*effect.may, *effect.if_you_do], player, play)


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
    from pacg.engine.check import attempt_checks, check_of  # checks play cards, and playing may call for checks

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
def _choose_trait(step: Step, effect: ChooseTrait, player: CharacterState, play: Play | None) -> Process[None]:
    """The player chooses one of the traits; the character's powers name it from then on (a choice of the
    game, made as the scenario is set up, so a replay makes it again)."""
    trait = yield from choose(player, DecisionKind.TRAIT, f"{player.name}: which trait do you choose?",
                              effect.choose_trait)
    player.choose_trait(trait)
    step.game.note(f"{player.name} chooses the {trait} trait")


def _give_card(step: Step, effect: GiveCard, player: CharacterState, play: Play | None) -> Process[None]:
    """Give a card from your hand to a character, wherever they are."""
    game = step.game
    hand = game.zones.cards(player.hand)
    targets = yield from characters(step, player, effect.give_card, "give a card to whom?")
    if not hand or not targets:
        return
    card = yield from choose(player, DecisionKind.GIVE, f"{player.name}: give which card to {targets[0].name}?",
                             list(hand))
    game.zones.move(card, targets[0].hand)
    game.note(f"{player.name} gives {card.name} to {targets[0].name}")


def _give_acquired(step: Step, effect: GiveAcquired, player: CharacterState, play: Play | None) -> Process[None]:
    """The boon being acquired will go into another character's hand (ENC-07)."""
    encounter = step.encounter
    if encounter is None:
        return
    targets = yield from characters(step, player, effect.give_acquired, f"give {encounter.card.name} to whom?")
    for target in targets[:1]:
        encounter.given_to = target
        step.game.note(f"{player.name} gives {encounter.card.name} to {target.name}")


def _ignore_traits(step: Step, effect: IgnoreTraits, player: CharacterState, play: Play | None) -> Process[None]:
    """Ignore one of the traits of a card until the end of the turn: a card being encountered, your location,
    one of your cards in hand or displayed, or the top card of the blessings discard pile (GOLD-03)."""
    game = step.game
    zones = game.zones
    cards: list[Any] = [encounter.card for encounter in game.encounters]
    cards += [game.locations[player.location]] if player.location in game.locations else []
    cards += [*zones.cards(player.hand), *zones.cards(player.displayed), *zones.cards(BLESSINGS_DISCARD)[:1]]
    having = [card for card in cards if _unignored(game, card, effect.ignore_traits)]
    if not having:
        return
    card = yield from choose(player, DecisionKind.CARD, f"{player.name}: ignore a trait of which card?", having)
    trait = yield from choose(player, DecisionKind.TRAIT, f"{player.name}: ignore which trait of {card.name}?",
                              _unignored(game, card, effect.ignore_traits))
    game.ignore_trait(card, trait)
    game.note(f"{player.name} ignores the {trait} trait of {card.name} until the end of the turn")


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


def _unignored(game: GameState, card: Any, traits: Sequence[str]) -> list[str]:
    """Which of these traits a card (or location) has and that aren't ignored yet."""
    printed = card.card.traits
    return [trait for trait in traits if trait in printed and trait not in game.ignored(card)]


def _swap_from_box(step: Step, effect: SwapFromBox, player: CharacterState, play: Play | None) -> Process[None]:
    """Draw a random card of the encountered card's type from the box; the player encounters one of the two
    and the other is banished. The card drawn takes the encountered card's place (SET-03: a banished card goes
    back into the box, shuffled in)."""
    game, encounter = step.game, step.encounter
    if encounter is None or encounter.summoned:
        return
    current = encounter.card
    other = random_from_box(game, CardFilter(types=[current.type]))
    if other is None:
        return
    game.note(f"{player.name} draws {other.name} from the box")
    chosen = yield from choose(player, DecisionKind.ENCOUNTER,
                               f"{player.name}: encounter which card? (the other is banished)",
                               [current, other])
    if chosen is current:
        game.note(f"{other.name} is banished")  # it never left the box
        return
    game.zones.move(other, game.zones.where(current))
    perform(game, player, current, CardAction.BANISH)
    encounter.card = step.against = other


def _exchange_from_box(step: Step, effect: ExchangeFromBox, player: CharacterState, play: Play | None) -> None:
    """The card just played (the step's last) goes back to the box, and a random card of a kind from the box
    takes its place."""
    game = step.game
    played = next((made.card for made in reversed(step.plays) if made.card is not None), None)
    other = random_from_box(game, effect.exchange_from_box) if played is not None else None
    if played is not None and other is not None:
        game.zones.swap(played, other)
        game.note(f"{player.name}'s {played.name} is exchanged for {other.name} from the box")


# --- when an effect has something to act on (an effect's `offered_if`, PLAY-07): no evading without an encounter,
# no exploring outside your explore step (TURN-04), no reducing damage that isn't being dealt (DMG-01, ARMOR-01) ...


def _may_evade(_: Evade, step: Step, player: CharacterState) -> bool:
    """Evading needs a card to evade, in the evasion step, and "cannot" beats "can" (GOLD-03)."""
    return step.timing is _EVASION and step.against is not None and not any(
        CannotEvade in power.effect_kinds for power in step.against.card.paragraphs)


def _may_explore(_: Explore, step: Step, player: CharacterState) -> bool:
    """Only in your own explore step (TURN-04)."""
    turn = step.game.turn
    return turn is not None and turn.exploring and turn.character is player


def _may_heal(_: Heal, step: Step, player: CharacterState) -> bool:
    """Someone at the player's location has cards in the discard pile to heal."""
    zones = step.game.zones
    return any(zones.cards(c.discard_pile) for c in step.game.local_characters(player.location))


def _damage_dealt(_: Any, step: Step, player: CharacterState) -> bool:
    return step.timing is _DAMAGE and step.damage > 0


def _damage_of(types: Sequence[str], step: Step, player: CharacterState) -> bool:
    """Damage of one of these types (or "all") is being dealt (DMG-01, ARMOR-01)."""
    return _damage_dealt(None, step, player) and bool({"all", step.damage_type} & set(types))


def _damage_type_changed(effect: ChangeDamageType, step: Step, player: CharacterState) -> bool:
    """Damage of a type the power changes is being dealt (DMG-01)."""
    return _damage_of(effect.types, step, player)


def _damage_reduced(effect: ReduceDamage, step: Step, player: CharacterState) -> bool:
    """Damage of a type the power reduces is being dealt (DMG-01, ARMOR-01)."""
    return _damage_of(effect.types, step, player)


def _damage_reduced_to(effect: ReduceDamageTo, step: Step, player: CharacterState) -> bool:
    """Damage of a type the power reduces is being dealt, and more than the power reduces it to (PLAY-07:
    reducing 1 damage "to 1" does nothing)."""
    return _damage_of(effect.types, step, player) and step.damage > step.value(effect.reduce_damage_to, player)


def _may_draw(_: Draw, step: Step, player: CharacterState) -> bool:
    """The player has a card to draw."""
    return bool(step.game.zones.cards(player.deck))


def _may_succeed(_: Succeed, step: Step, player: CharacterState) -> bool:
    """A combat check can never succeed automatically (CHK-01)."""
    return not step.is_combat


def _may_add_traits(effect: AddTraits, step: Step, player: CharacterState) -> bool:
    """No power may add a trait the card is immune to (ENC-03)."""
    return step.immunities.isdisjoint(effect.add_traits)


def _may_swap_trait(effect: SwapTrait, step: Step, player: CharacterState) -> bool:
    """The check has one of the traits to replace (PLAY-07)."""
    return step.in_check and not set(effect.swap_trait).isdisjoint(step.traits)  # type: ignore[attr-defined]


def _may_take_over(_: TakeEncounter, step: Step, player: CharacterState) -> bool:
    """An encounter not taken over yet."""
    encounter = step.encounter
    return encounter is not None and encounter.character is step.checker


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


def _may_examine_more(_: ExamineMore, step: Step, player: CharacterState) -> bool:
    """The deck being examined has cards below those examined."""
    return step.examined is not None and len(step.game.cards_left(step.examined)) > step.examining


def _may_exchange(effect: ExchangeExamined, step: Step, player: CharacterState) -> bool:
    """A card of the kind is being examined."""
    return any(fits(step.game, card, effect.exchange_examined) for card in examined_cards(step))


# --- the declarations: what the engine does with every effect of the power language, each once (`declared`) ------

SPECS = declare((
    declaration(AddDice, _add_dice),
    declaration(AddSkillDice, _add_skill_dice),
    declaration(AddSkill, _add_skill),
    declaration(AddModifier, _add_modifier),
    declaration(AddTraits, _add_traits, offered_if=_may_add_traits),
    declaration(ReplaceDie, _replace_die),
    declaration(ReplaceHighestDie, _replace_highest_die),
    declaration(Succeed, _succeed, offered_if=_may_succeed),
    declaration(CannotSucceed, _cannot_succeed),
    declaration(AddCardNumber, _add_card_number),
    declaration(BlessingDie, _blessing_die),
    declaration(CountFace, _count_face),
    declaration(SharedTraitDice, _shared_trait_dice),
    declaration(AfterCheck, _after_check),
    declaration(InsteadOfDamage, _instead_of_damage),
    declaration(AdjustDifficulty, _adjust),
    declaration(Evade, _on_encounter("evaded", lambda effect: True), offered_if=_may_evade),
    declaration(Defeat, _on_encounter("defeated", lambda effect: effect.defeat)),
    declaration(KeepEncountered, _on_encounter("keep", lambda effect: effect.keep_encountered)),
    declaration(PlaceEncountered, _on_encounter("place", lambda effect: effect.place_encountered)),
    declaration(CloseLocation, _close_location),
    declaration(CloseAfterEncounter, _on_encounter("closes", lambda effect: True)),
    declaration(Banish, _banish),
    declaration(Explore, _explore, offered_if=_may_explore),
    declaration(ReduceDamage, _reduce, offered_if=_damage_reduced),
    declaration(ReduceDamageTo, _reduce_to, offered_if=_damage_reduced_to),
    declaration(HalveDamage, _halve, offered_if=_damage_dealt),
    declaration(ChangeDamageType, _change_type, offered_if=_damage_type_changed),
    declaration(Draw, _draw, offered_if=_may_draw),
    declaration(ExamineMore, _examine_more, offered_if=_may_examine_more),
    declaration(GainCharge, _gain_charge),
    declaration(DrawRandom, _draw_random),
    declaration(BlessingToLocation, _blessing_to_location),
    declaration(ShuffleIntoBlessingsDeck, _shuffle_into_blessings_deck),
    declaration(IgnoreLocationPowers, _ignore_location),
    declaration(EndTurn, _end_turn),
    declaration(AddToLocation, _add_to_location),
    declaration(BuildLocation, _build_location),
    declaration(ExchangeFromBox, _exchange_from_box),
    declaration(UseSkill, _marker),
    declaration(Reroll, _marker),
    declaration(NoHelp, _marker),
    declaration(IgnoreTypeLimit, _marker),
    declaration(Instead, _marker),
    declaration(GainSkill, _marker),
    declaration(PlayAsCopy, _marker),
    declaration(CannotEvade, _marker),
    declaration(CannotMove, _marker),
    declaration(CannotPlay, _marker),
    declaration(CannotReduce, _cannot_reduce),
    declaration(TakeEncounter, _take_over, offered_if=_may_take_over),
    declaration(ShiftDamage, _shift, offered_if=_damage_dealt),
    declaration(Heal, _heal, offered_if=_may_heal),
    declaration(Examine, _examine),
    declaration(ExamineDeck, _examine_deck),
    declaration(ExchangeExamined, _exchange_examined, offered_if=_may_exchange),
    declaration(EncounterExamined, _encounter_examined),
    declaration(MoveCards, _move_cards, offered_if=_may_move_cards),
    declaration(Move, _move),
    declaration(RollDie, _roll_die),
    declaration(DealDamage, _deal_damage),
    declaration(Dies, _dies),
    declaration(Summon, _summon),
    declaration(Attempt, _attempt),
    declaration(ForEach, _for_each),
    declaration(Lasting, _lasting),
    declaration(ChooseOne, _choose_one),
    declaration(ChooseTrait, _choose_trait),
    declaration(May, _may),
    declaration(ChooseFromBox, _choose_from_box),
    declaration(AcquireFromBox, _acquire_from_box),
    declaration(MoveAlong, _move_along),
    declaration(GiveCard, _give_card),
    declaration(GiveAcquired, _give_acquired),
    declaration(IgnoreTraits, _ignore_traits),
    declaration(SwapFromBox, _swap_from_box),
    declaration(Redeem, _redeem, offered_if=_may_redeem),
    declaration(SwapTrait, _swap_trait, offered_if=_may_swap_trait),
), EFFECT_MODELS.values())


# --- naming characters ---


def _at_your_location(character: CharacterState, you: CharacterState) -> bool:
    return character.location == you.location


def _another_at_your_location(character: CharacterState, you: CharacterState) -> bool:
    return character is not you and character.location == you.location


def _anyone(character: CharacterState, you: CharacterState) -> bool:
    return True


def _another(character: CharacterState, you: CharacterState) -> bool:
    return character is not you


def _elsewhere(character: CharacterState, you: CharacterState) -> bool:
    return character.location != you.location


# Which of the living characters each group of `Who` is, seen from "you" (but you alone, and each at a random
# location, which `characters` names itself).
_NAMED: dict[Who, Callable[[CharacterState, CharacterState], bool]] = {
    Who.EACH_LOCAL: _at_your_location, Who.LOCAL: _at_your_location, Who.RANDOM_LOCAL: _at_your_location,
    Who.EACH_OTHER_LOCAL: _another_at_your_location, Who.ANOTHER_LOCAL: _another_at_your_location,
    Who.EACH: _anyone, Who.RANDOM: _anyone, Who.ANY: _anyone,
    Who.EACH_OTHER: _another, Who.ANOTHER: _another, Who.RANDOM_OTHER: _another,
    Who.ELSEWHERE: _elsewhere,
}
assert set(_NAMED) == set(Who) - {Who.YOU, Who.EACH_AT_RANDOM_LOCATION}, "a group of characters no one names"


def characters(
    step: Step, player: CharacterState, who: Characters, question: str, chooser: CharacterState | None = None
) -> Process[list[CharacterState]]:
    """The living characters an effect names (`Who`), seen from `player`: everyone of a group, one chosen
    (by `chooser`, the player by default; none when no one fits), or one at random; named by a trait, only
    those of them with the trait (`WhoWithTraits`)."""
    game = step.game
    traits = frozenset(who.traits) if isinstance(who, WhoWithTraits) else None
    who = who.who if isinstance(who, WhoWithTraits) else who
    alive = game.living()
    if who is Who.YOU:
        group = [player]
    elif who is Who.EACH_AT_RANDOM_LOCATION:
        group = _at_random_location(game, alive)
    else:
        named = _NAMED[who]
        group = [c for c in alive if named(c, player)]
    if traits is not None:
        group = [c for c in group if not traits.isdisjoint(c.card.traits)]
    if who is Who.YOU or str(who).startswith("each") or not group:
        return group
    if str(who).startswith("a random"):
        return [game.rng.choice(group)]
    asker = chooser or player
    chosen = yield from choose(asker, DecisionKind.TARGET, f"{asker.name}: {question}", group)
    return [chosen]


def _at_random_location(game: GameState, alive: list[CharacterState]) -> list[CharacterState]:
    """The characters at one of the scenario's locations, drawn at random (closed ones too: characters may
    stay at a closed location, CLOSE-04)."""
    location = game.rng.choice(list(game.locations))
    game.note(f"A random location: {location}")
    return [c for c in alive if c.location == location]


# --- choosing ---------------------------------------------------------------------------------------------------


def _label(item: Any, nothing: str) -> str:
    if item is None:
        return nothing
    if isinstance(item, bool):
        return "Yes" if item else "No"
    if isinstance(item, StrEnum):
        return str(item).capitalize()  # a card type as the rulebook writes it: "Weapon"
    return str(getattr(item, "name", item))


Item = TypeVar("Item")


def choose(
    player: CharacterState, kind: DecisionKind, prompt: str, items: Sequence[Item], nothing: str = "None of these"
) -> Process[Item]:
    """Ask a player to pick one of some things (characters, cards, locations, places); None in `items` is
    the option to pick nothing, labelled `nothing`. Each option's action id is what its item names ("kyra",
    "armory", "longsword", "weapon", "yes"), and "none" for nothing (`decisions.value_parts`)."""
    if len(items) == 1:
        return items[0]
    options = tuple(Option(_label(item, nothing), item, key="none" if item is None else "") for item in items)
    index = yield Decision(player.name, kind, prompt, options, help="Pick one.")
    return items[index]
