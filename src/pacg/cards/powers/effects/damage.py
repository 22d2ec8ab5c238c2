"""Effects on damage (DMG-01, DMG-02): reducing it, halving it, changing its type, passing it to another
character, dealing it.
"""

from collections.abc import Sequence
from typing import Literal

from pacg.cards.english import listing
from pacg.cards.powers.conditions import Kind, Timing
from pacg.cards.powers.effects.declaration import ANY_MOMENT, _Effect
from pacg.cards.powers.parameters import CHOSEN, AmountField, Characters, SumField, Who
from pacg.cards.vocabulary import DamageType

DamageTypes = tuple[DamageType | Literal["all"], ...]
"""The types of damage a power reduces, or "all" (DMG-01: "a card that reduces damage with no type listed
reduces all types of damage")."""


def _damage_kinds(types: Sequence[str]) -> str:
    """ "all", "Combat", "Fire or Cold", "your chosen trait's": the damage a power reduces, in words."""
    return "all" if "all" in types else listing(
        ["your chosen trait's" if kind == CHOSEN else str(kind) for kind in types])


class ReduceDamage(_Effect, key="reduce_damage", moments=frozenset({Timing.DAMAGE})):
    """Reduce damage of these types (or "all" damage) by an amount; "all" as amount makes it 0 (DMG-01)."""

    reduce_damage: Literal["all"] | AmountField
    types: tuple[DamageType | Literal["all", "chosen"], ...] = ("all",)  # chosen: the character's chosen trait

    def text(self) -> str:
        if self.reduce_damage == "all":
            return f"reduce {_damage_kinds(self.types)} damage to 0"
        return f"reduce {_damage_kinds(self.types)} damage by {self.reduce_damage.text()}"


class ReduceDamageTo(_Effect, key="reduce_damage_to", moments=frozenset({Timing.DAMAGE})):
    """Reduce damage of these types (or "all" damage) to an amount, where it is more (DMG-01): "reduce damage
    dealt before you act to 1"."""

    reduce_damage_to: SumField
    types: DamageTypes = ("all",)

    def text(self) -> str:
        return f"reduce {_damage_kinds(self.types)} damage to {self.reduce_damage_to.text()}"


class HalveDamage(_Effect, key="halve_damage", moments=frozenset({Timing.DAMAGE})):
    """The damage being dealt is halved, rounded up or down: a bane's paragraph for the damage it deals ("its
    damage is halved, rounded up")."""

    halve_damage: Literal["rounded up", "rounded down"]

    def text(self) -> str:
        return f"the damage is halved, {self.halve_damage}"


class ChangeDamageType(_Effect, key="change_damage_type", moments=frozenset({Timing.DAMAGE})):
    """The damage being dealt, where it is of one of these types (or "all"), becomes damage of another type, so
    that only what reduces the new type reduces it (DMG-01): "Combat damage dealt to characters here becomes
    Fire damage"."""

    change_damage_type: DamageType
    types: DamageTypes = ("all",)

    def text(self) -> str:
        changed = "the damage" if "all" in self.types else f"the {_damage_kinds(self.types)} damage"
        return f"{changed} dealt to you becomes {self.change_damage_type} damage"


class ShiftDamage(_Effect, key="shift_damage", moments=frozenset({Timing.DAMAGE}), asks=True):
    """Pass this much of the damage being dealt to you to another character instead (DMG-02)."""

    shift_damage: AmountField
    to: Characters = Who.RANDOM_OTHER

    def text(self) -> str:
        return f"{self.to.words()} is dealt {self.shift_damage.text()} of that damage instead of you"

    def verb_text(self) -> str:
        return f"pass {self.shift_damage.text()} of that damage to {self.to.words()}"


class DealDamage(_Effect, key="deal_damage", moments=ANY_MOMENT, asks=True):
    """Deal damage of a type (DMG-01, DMG-02) to characters (`to`); dice are rolled separately for each
    character (DICE-02)."""

    deal_damage: AmountField
    type: DamageType = DamageType.COMBAT
    to: Characters = Who.YOU
    reducible: bool = True
    buried: bool = False  # the cards the damage makes you discard are buried instead

    def text(self) -> str:
        target = "you are" if self.to is Who.YOU else f"{self.to.words()} is"
        text = f"{target} dealt {self._damage()}"
        text = text if self.reducible else f"{text} that can't be reduced"
        return f"{text}, burying the cards instead of discarding them" if self.buried else text

    def verb_text(self) -> str:
        """The same, said as something a player does ("you may draw a weapon and deal 1 damage to ...")."""
        return f"deal {self._damage()} to {self.to.words()}"

    def _damage(self) -> str:
        """ "1d4+1 Combat damage"; "Combat damage equal to the adventure deck number plus ..." for values."""
        amount = self.deal_damage
        if amount.terms:
            return f"{self.type} damage equal to {amount.text()}"
        return f"{amount.text()} {self.type} damage"


class CannotReduce(_Effect, key="cannot_reduce", moments=frozenset({Timing.DAMAGE}), kinds={Kind.STANDING}):
    """The damage being dealt can't be reduced (a bane's paragraph for the damage it deals)."""

    cannot_reduce: Literal[True]

    def text(self) -> str:
        return "the damage can't be reduced"
