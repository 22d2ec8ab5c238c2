"""The power language: what a card's powers say, as data (DESIGN.md section 2).

A power is one paragraph of a card. It says

- `when` it may be used (a timing window of the rulebook: on a check, before acting, on damage, ...),
- what you do with the card itself to use it (`action`: reveal, display, discard, recharge, bury, banish;
  PLAY-01), and any further `cost` (discard another card, bury the top card of your deck, ...),
- `whose` check or encounter it may help (KEEP-01: "your check" is only yours, "any check" is anyone's),
- the conditions (`if`) under which it applies (combat or not, skills used, traits of the check, the card
  it is against, proficiency),
- and its `effects`, a list of primitives (add dice, use a skill, add traits, adjust the difficulty, evade,
  explore, reduce damage, ...).

A paragraph that is not played (a character's "you must add 1d4 against Animals") is `optional: false`: it
always happens when it applies (PLAY-10, CHAR-01). Power feats (FEAT-02) are `feats`: each box carries the
whole power as it reads once that box is checked.

Amounts are integers or small sums over the game's numbers: "1 + AD" (the scenario's adventure deck number),
"characters" (characters in the game), "local" (characters at the location), for example "2*AD".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    Tag,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from pacg.cards.vocabulary import (
    Proficiency,
    TRAITS,
    CardAction,
    CardType,
    DamageType,
    Skill,
)

# --- amounts and dice -------------------------------------------------------------------------------

AMOUNT_VARIABLES = {
    "AD": "the scenario's adventure deck number",
    "characters": "the number of characters in the game",
    "local": "the number of characters at the location",
}

_AMOUNT_TERM = re.compile(r"^(?:(\d+)\s*\*\s*)?([A-Za-z]+)$|^(\d+)$")


@dataclass(frozen=True)
class Amount:
    """A number on a card: a constant plus multiples of the game's variables ("1 + AD", "2*AD")."""

    constant: int = 0
    terms: tuple[tuple[int, str], ...] = ()

    @classmethod
    def parse(cls, value: int | str) -> Amount:
        if isinstance(value, int):
            return cls(value)
        constant = 0
        terms: list[tuple[int, str]] = []
        for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", value.replace(" ", "")):
            factor = -1 if sign == "-" else 1
            match = _AMOUNT_TERM.match(term)
            if match is None:
                raise ValueError(f"{term!r} in {value!r} is not a number or NUMBER*VARIABLE")
            if match.group(3):
                constant += factor * int(match.group(3))
                continue
            variable = match.group(2)
            if variable not in AMOUNT_VARIABLES:
                known = ", ".join(AMOUNT_VARIABLES)
                raise ValueError(f"unknown variable {variable!r} in {value!r} (known: {known})")
            terms.append((factor * int(match.group(1) or 1), variable))
        return cls(constant, tuple(terms))

    def evaluate(self, variables: dict[str, int]) -> int:
        return self.constant + sum(factor * variables[name] for factor, name in self.terms)

    def __str__(self) -> str:
        parts = [f"{factor}*{name}" if factor not in (1, -1) else name for factor, name in self.terms]
        text = " + ".join(parts)
        if self.constant or not parts:
            text = f"{self.constant} + {text}" if parts else str(self.constant)
        return text.replace("+ -", "- ")


def _amount(value: Any) -> Amount:
    if isinstance(value, Amount):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError("an amount is a number or a sum such as '1 + AD'")
    return Amount.parse(value)


_DICE_TERM = re.compile(r"^(\d*)d(\d+)$")


@dataclass(frozen=True)
class DiceAmount:
    """Dice a power adds, with a bonus: "1d6", "2d4", "1d4+1", "1d8 + AD" (KEEP-05: only dice and bonus)."""

    dice: tuple[tuple[int, int], ...]
    bonus: Amount = Amount()

    @classmethod
    def parse(cls, text: str) -> DiceAmount:
        dice: list[tuple[int, int]] = []
        rest: list[str] = []
        for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", text.replace(" ", "")):
            match = _DICE_TERM.match(term)
            if match is None:
                rest.append(f"{sign or '+'}{term}")
            elif sign == "-":
                raise ValueError(f"dice can't be subtracted in {text!r}")
            else:
                dice.append((int(match.group(1) or 1), int(match.group(2))))
        if not dice:
            raise ValueError(f"{text!r} names no dice (write them like 1d6)")
        bonus = Amount.parse("".join(rest).lstrip("+")) if rest else Amount()
        return cls(tuple(dice), bonus)

    def __str__(self) -> str:
        text = "+".join(f"{count}d{sides}" for count, sides in self.dice)
        if self.bonus != Amount():
            text += f" + {self.bonus}"
        return text


def _dice(value: Any) -> DiceAmount:
    if isinstance(value, DiceAmount):
        return value
    if not isinstance(value, str):
        raise ValueError("dice are written like '1d6' or '1d4+1'")
    return DiceAmount.parse(value)


AmountField = Annotated[
    Amount,
    PlainValidator(_amount),
    PlainSerializer(str),
    WithJsonSchema({"type": ["integer", "string"], "description": "a number or a sum such as '1 + AD'"}),
]
DiceField = Annotated[
    DiceAmount,
    PlainValidator(_dice),
    PlainSerializer(str),
    WithJsonSchema({"type": "string", "description": "dice such as '1d6' or '1d4 + 1'"}),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _check_traits(traits: list[str] | None) -> list[str] | None:
    for trait in traits or ():
        if trait not in TRAITS:
            raise ValueError(f"unknown trait {trait!r}")
    return traits


# --- what cards a power refers to -------------------------------------------------------------------


class CardFilter(_Strict):
    """Which cards qualify: of any of these types, with any of these traits, without those."""

    types: list[CardType] | None = None
    traits: list[str] | None = None
    not_traits: list[str] | None = None

    _traits = field_validator("traits", "not_traits")(_check_traits)


class Source(StrEnum):
    """Where a cost's card comes from; cards come from your hand unless a power says otherwise (PLAY-06)."""

    HAND = "hand"
    DECK_TOP = "top of deck"
    DISCARD = "discard pile"


class Cost(_Strict):
    """Something done with another card to use a power ("discard a card", "recharge a spell")."""

    action: CardAction
    card: CardFilter = CardFilter()
    source: Source = Source.HAND


# --- when and for whom -------------------------------------------------------------------------------


class Timing(StrEnum):
    """The moments of the rulebook at which a power may be used or applies."""

    CHECK = "check"  # playing cards on a check, after the skill is chosen
    ON_ENCOUNTER = "on encounter"
    EVASION = "evasion"
    BEFORE_ACTING = "before acting"
    AFTER_ACTING = "after acting"
    DAMAGE = "damage"
    TURN_START = "turn start"
    TURN_END = "turn end"
    EXPLORE = "explore"  # during your explore step: to explore (again)
    RESET_HAND = "reset hand"
    ACQUIRE = "acquire"  # when a boon is acquired
    DEFEAT = "defeat"  # when a bane is defeated
    UNDEFEATED = "undefeated"  # when a bane is not defeated
    CLOSING = "closing"  # when a location is permanently closed
    SETUP = "setup"
    ANY_TIME = "any time"  # between steps, whenever cards may be played


class Whose(StrEnum):
    """Whose check or encounter a power helps (KEEP-01)."""

    YOUR = "your"
    LOCAL = "local"  # any character at your location, you included
    ANOTHER_LOCAL = "another local"
    ANY = "any"
    ANOTHER = "another"  # any character but you


class Purpose(StrEnum):
    """What a check is for."""

    DEFEAT = "defeat"
    ACQUIRE = "acquire"
    CLOSE = "close"
    RECHARGE = "recharge"
    OTHER = "other"


class Conditions(_Strict):
    """When a power applies. Every condition given must hold."""

    check: Literal["combat", "noncombat"] | None = None
    skills: list[Skill] | None = None  # the check uses one of these skills (CHK-10)
    check_traits: list[str] | None = None  # the check has one of these traits
    purpose: list[Purpose] | None = None
    against: CardFilter | None = None  # the card the check or encounter is against
    proficient: Proficiency | None = None
    not_proficient: Proficiency | None = None

    _traits = field_validator("check_traits")(_check_traits)


# --- effects -------------------------------------------------------------------------------------------


class UseSkill(_Strict):
    """Use one of these skills for the check; the card that does this adds its traits (CHK-05, CHK-06)."""

    use_skill: list[Skill]


class AddDice(_Strict):
    """Add these dice (and bonus) to the check (KEEP-05)."""

    add_dice: DiceField


class AddSkillDice(_Strict):
    """Add this many dice of the type the check already rolls (CHK-12: blessings)."""

    add_skill_dice: int = Field(ge=1)


class AddSkill(_Strict):
    """Add one of these skills of yours (its die and modifier) to the check, not as a trait (CHK-06)."""

    add_skill: list[Skill]


class AddModifier(_Strict):
    """Add a number to the check's result."""

    add_modifier: AmountField


class AddTraits(_Strict):
    """Add traits to the check."""

    add_traits: list[str]

    _traits = field_validator("add_traits")(_check_traits)


class AdjustDifficulty(_Strict):
    """Raise (or, negative, lower) the difficulty of the check (CHK-08)."""

    adjust_difficulty: AmountField


class ReplaceDie(_Strict):
    """Roll this skill's die (or a die of these sides) in place of the check's die (CHK-11)."""

    replace_die: Skill | int


class Succeed(_Strict):
    """Succeed at the check without rolling; never on a combat check (CHK-01)."""

    succeed: Literal[True]


class Reroll(_Strict):
    """Reroll the check's dice once (CHK-13)."""

    reroll: Literal[True]


class Evade(_Strict):
    """Evade the card being encountered (ENC-05)."""

    evade: Literal[True]


class Explore(_Strict):
    """Explore again (TURN-04)."""

    explore: Literal[True]


class ReduceDamage(_Strict):
    """Reduce damage of these types (or "all" damage) by an amount; "all" as amount makes it 0 (DMG-01)."""

    reduce_damage: Literal["all"] | AmountField
    types: list[DamageType | Literal["all"]] = ["all"]


class Draw(_Strict):
    """Draw cards from your deck (DRAW-01)."""

    draw: AmountField


class Heal(_Strict):
    """Shuffle this many random cards from a character's discard pile into their deck."""

    heal: DiceField


class Examine(_Strict):
    """Examine the top cards of your location's deck (EXAM-01)."""

    examine: AmountField


class GainCharge(_Strict):
    """Gain mythic charges."""

    gain_charge: AmountField


class CloseLocation(_Strict):
    """You may attempt to close the location (a henchman's "if defeated, you may close", CLOSE-01)."""

    close_location: Literal[True]


class Banish(_Strict):
    """Banish the card being encountered or the card played, as the power names."""

    banish: Literal["encountered", "this card"]


EFFECT_MODELS: dict[str, type[_Strict]] = {
    "use_skill": UseSkill,
    "add_dice": AddDice,
    "add_skill_dice": AddSkillDice,
    "add_skill": AddSkill,
    "add_modifier": AddModifier,
    "add_traits": AddTraits,
    "adjust_difficulty": AdjustDifficulty,
    "replace_die": ReplaceDie,
    "succeed": Succeed,
    "reroll": Reroll,
    "evade": Evade,
    "explore": Explore,
    "reduce_damage": ReduceDamage,
    "draw": Draw,
    "heal": Heal,
    "examine": Examine,
    "gain_charge": GainCharge,
    "close_location": CloseLocation,
    "banish": Banish,
}


def _effect_tag(value: Any) -> str | None:
    if isinstance(value, dict):
        keys = [key for key in value if key in EFFECT_MODELS]
        return keys[0] if len(keys) == 1 else None
    for key, model in EFFECT_MODELS.items():
        if isinstance(value, model):
            return key
    return None


Effect = Annotated[
    Union[tuple(Annotated[model, Tag(key)] for key, model in EFFECT_MODELS.items())],  # noqa: UP007
    Discriminator(
        _effect_tag,
        custom_error_type="unknown_effect",
        custom_error_message="an effect must have exactly one of: " + ", ".join(EFFECT_MODELS),
    ),
]
"""One effect primitive, written in a card file as a mapping with its name as the key."""


# --- the power ---------------------------------------------------------------------------------------


class RechargeCheck(_Strict):
    """After the check a card was played on, attempt this check to recharge it (KEEP-04).

    Success recharges the card, failure leaves it where the power put it; a character without any of the
    check's skills banishes it instead when `banish_without_skill` is set (spells).
    """

    check: str
    banish_without_skill: bool = False

    @field_validator("check")
    @classmethod
    def _valid_check(cls, value: str) -> str:
        from pacg.cards.checks import parse_check

        parse_check(value)
        return value


class PowerFeat(_Strict):
    """A power feat box (FEAT-02): its label as printed, and the power as it reads once checked."""

    box: str
    power: Power


class Power(_Strict):
    """One paragraph of powers on a card."""

    when: Timing
    action: CardAction | None = None
    cost: Cost | None = None
    whose: Whose = Whose.YOUR
    conditions: Conditions = Field(default_factory=Conditions, alias="if")
    effects: list[Effect] = Field(min_length=1)
    optional: bool = True
    recharge_check: RechargeCheck | None = None
    feats: list[PowerFeat] = []

    @model_validator(mode="after")
    def _mandatory_powers_are_not_played(self) -> Power:
        if not self.optional and (self.action is not None or self.cost is not None):
            raise ValueError("a mandatory paragraph (optional: false) can't require playing a card")
        return self

    def effect(self, kind: type[_Strict]) -> Any:
        """The first effect of this kind, or None."""
        return next((effect for effect in self.effects if isinstance(effect, kind)), None)


PowerFeat.model_rebuild()
