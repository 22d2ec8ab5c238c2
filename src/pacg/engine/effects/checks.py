"""Effects on a check (rulebook pages 11-13): what a power adds to a check, and the checks and rolls it calls for.

A power played on a check adds dice, skills, bonuses and traits to it, replaces its die or changes its difficulty
(CHK-05..CHK-12, KEEP-05); it may make the check succeed, or keep what happens after it and instead of its damage
until it is rolled (KEEP-04, CHK-15). A power may also call for a check of its own (`attempt`) or roll a die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pacg.cards.checks import parse_check
from pacg.cards.powers import (
    AddCardNumber,
    AddDice,
    AddModifier,
    AddSkill,
    AddSkillDice,
    AddTraits,
    AdjustDifficulty,
    AfterCheck,
    Attempt,
    BlessingDie,
    CannotSucceed,
    CountFace,
    IgnoreTypeLimit,
    InsteadOfDamage,
    NoHelp,
    Purpose,
    ReplaceDie,
    ReplaceHighestDie,
    Reroll,
    RollDie,
    SharedTraitDice,
    Succeed,
    SwapTrait,
    UseSkill,
)
from pacg.cards.vocabulary import UNTRAINED_DIE, CardType
from pacg.decisions import DecisionKind, Process
from pacg.engine.check import attempt_checks
from pacg.engine.choosing import choose
from pacg.engine.declared import declaration, marker
from pacg.engine.playing import Play, Step, skill_of
from pacg.engine.state import CharacterState
from pacg.engine.window import resolve
from pacg.engine.zones import Zone, ZoneKind

if TYPE_CHECKING:
    from pacg.engine.check import CheckState


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


def _adjust(step: Step, effect: AdjustDifficulty, player: CharacterState, play: Play | None) -> None:
    """On a check, its difficulty changes; before it, the difficulty of the encounter's checks (CHK-08)."""
    amount = step.value(effect.adjust_difficulty, player)
    if step.in_check:
        step.difficulty += amount  # type: ignore[attr-defined]  # in a check, step is a CheckState
    elif (encounter := step.encounter) is not None:
        encounter.difficulty_adjustment += amount


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


def _attempt(step: Step, effect: Attempt, player: CharacterState, play: Play | None) -> Process[None]:
    """Attempt a check, then do what its success or failure calls for."""
    during = step.during or step.timing
    results = yield from attempt_checks(step.game, player, parse_check(effect.attempt), Purpose.OTHER, step.against,
                                        during)
    success = all(result.success for result in results)
    yield from resolve(step, list(effect.success if success else effect.failure), player, play)


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


# --- when they can be offered (PLAY-07) ---


def _may_succeed(_: Succeed, step: Step, player: CharacterState) -> bool:
    """A combat check can never succeed automatically (CHK-01)."""
    return not step.is_combat


def _may_add_traits(effect: AddTraits, step: Step, player: CharacterState) -> bool:
    """No power may add a trait the card is immune to (ENC-03)."""
    return step.immunities.isdisjoint(effect.add_traits)


def _may_swap_trait(effect: SwapTrait, step: Step, player: CharacterState) -> bool:
    """The check has one of the traits to replace (PLAY-07)."""
    return step.in_check and not set(effect.swap_trait).isdisjoint(step.traits)  # type: ignore[attr-defined]


DECLARED = (
    declaration(AddDice, _add_dice),
    declaration(AddSkillDice, _add_skill_dice),
    declaration(AddSkill, _add_skill),
    declaration(AddModifier, _add_modifier),
    declaration(AddTraits, _add_traits, offered_if=_may_add_traits),
    declaration(AdjustDifficulty, _adjust),
    declaration(ReplaceDie, _replace_die),
    declaration(ReplaceHighestDie, _replace_highest_die),
    declaration(Succeed, _succeed, offered_if=_may_succeed),
    declaration(CannotSucceed, _cannot_succeed),
    declaration(AddCardNumber, _add_card_number),
    declaration(BlessingDie, _blessing_die),
    declaration(CountFace, _count_face),
    declaration(SharedTraitDice, _shared_trait_dice),
    declaration(SwapTrait, _swap_trait, offered_if=_may_swap_trait),
    declaration(AfterCheck, _after_check),
    declaration(InsteadOfDamage, _instead_of_damage),
    declaration(Attempt, _attempt),
    declaration(RollDie, _roll_die),
    declaration(UseSkill, marker),  # read as the check's skill is chosen (`check`)
    declaration(Reroll, marker),  # read once the dice are rolled (`check`)
    declaration(IgnoreTypeLimit, marker),  # read as plays are listed (`playing`)
    declaration(NoHelp, marker),  # read as other players' plays are listed (`playing`)
)
