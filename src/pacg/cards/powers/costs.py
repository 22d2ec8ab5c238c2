"""What using a power asks besides playing its card (PLAY-01): another card to play (`Cost`, from your hand unless it
says otherwise, PLAY-06), the card itself from where it is (`ThisCardCost`), mythic charges to expend (`ChargeCost`,
MYTH-01), damage to take (`DamageCost`, DMG-02); and, after the check, the check to recharge the card played
(`RechargeCheck`, KEEP-04).
"""

from enum import StrEnum
from typing import Literal

from pydantic import Field, field_validator

from pacg.cards.amounts import MAX_AMOUNT
from pacg.cards.checks import parse_check
from pacg.cards.powers.parameters import ANY_CARD, CardFilter, Number, _Strict
from pacg.cards.vocabulary import CardAction, DamageType


class Source(StrEnum):
    """Where a cost's card comes from; cards come from your hand unless a power says otherwise (PLAY-06)."""

    HAND = "hand"
    DECK_TOP = "top of deck"
    DISCARD = "discard pile"


class Cost(_Strict):
    """Something done with another card to use a power ("discard a card", "recharge a spell")."""

    action: CardAction
    card: CardFilter = ANY_CARD
    source: Source = Source.HAND


class ThisCardCost(_Strict):
    """Something done with the card whose power this is, from where it is now, to use a power: "bury this card
    from your discard pile". Only a lasting paragraph a card's power leaves behind has it (that card)."""

    action: CardAction
    this_card: Literal[True]
    source: Source = Source.HAND


class ChargeCost(_Strict):
    """Mythic charges expended to use a power (MYTH-01): "discard a mythic charge". The power is offered only
    to a character who has that many."""

    charges: Number = Field(ge=1, le=MAX_AMOUNT)

    def text(self) -> str:
        return f"expend {self.charges} mythic charge{'s' if self.charges != 1 else ''}"


class DamageCost(_Strict):
    """Damage to take to use a power ("take 1 Combat damage to reduce ..."): dealt to you, and, being what the
    power costs, not reduced; with too few cards in hand you discard what you have (DMG-02)."""

    damage: Number = Field(ge=1, le=MAX_AMOUNT)
    damage_type: DamageType = DamageType.COMBAT

    def text(self) -> str:
        return f"take {self.damage} {self.damage_type} damage"


class RechargeCheck(_Strict):
    """After the check a card was played on, attempt this check to recharge it (KEEP-04), or, `to: reveal`, to
    reveal it instead of recharging it (a card played by recharging it).

    Success recharges the card (or, revealed instead, puts it back into your hand); failure leaves it where the
    power put it; a character without any of the check's skills banishes it instead when
    `banish_without_skill` is set (spells).
    """

    check: str
    banish_without_skill: bool = False
    to: Literal["recharge", "reveal"] = "recharge"

    @field_validator("check")
    @classmethod
    def _valid_check(cls, value: str) -> str:
        parse_check(value)
        return value
