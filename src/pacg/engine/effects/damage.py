"""Effects on damage (rulebook page 14): reducing it, halving it, changing its type, passing it on, dealing it.

Damage being dealt may be reduced, halved, changed to another type or passed to another character, if it is of a
type the power names and it may be reduced (DMG-01, ARMOR-01); a power may deal damage of its own, rolled for each
character (DICE-02).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pacg.cards.powers import (
    CannotReduce,
    ChangeDamageType,
    DealDamage,
    HalveDamage,
    ReduceDamage,
    ReduceDamageTo,
    ShiftDamage,
    Timing,
)
from pacg.decisions import Process
from pacg.engine.choosing import characters
from pacg.engine.damage import take_damage
from pacg.engine.declared import declaration
from pacg.engine.playing import Play, Step
from pacg.engine.state import CharacterState

_DAMAGE = Timing.DAMAGE  # (read once: an enumeration's member is slow to read, see `playing`)


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


def _cannot_reduce(step: Step, effect: CannotReduce, player: CharacterState, play: Play | None) -> None:
    step.reducible = False


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


# --- when they can be offered: only to damage being dealt (PLAY-07, DMG-01, ARMOR-01) ---


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


DECLARED = (
    declaration(ReduceDamage, _reduce, offered_if=_damage_reduced),
    declaration(ReduceDamageTo, _reduce_to, offered_if=_damage_reduced_to),
    declaration(HalveDamage, _halve, offered_if=_damage_dealt),
    declaration(ChangeDamageType, _change_type, offered_if=_damage_type_changed),
    declaration(ShiftDamage, _shift, offered_if=_damage_dealt),
    declaration(CannotReduce, _cannot_reduce),
    declaration(DealDamage, _deal_damage),
)
