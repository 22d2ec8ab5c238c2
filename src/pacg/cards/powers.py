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

Wherever a power gives a number it may give an amount (amounts.py): "1 + AD", "AD + location deck", "1d4+1".

This module has no `from __future__ import annotations`: its annotations are evaluated as Python reads it, where
pydantic would otherwise evaluate the text of each of its models' 200 field annotations as it defines the model,
on every start (about 4 ms). The few names used before they are defined are written in quotes.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field as dataclass_field
from enum import StrEnum
from functools import cache, cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias, TypeVar, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    Tag,
    TypeAdapter,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic.dataclasses import dataclass as pydantic_dataclass

from pacg.cards.amounts import MAX_AMOUNT, Amount
from pacg.cards.checks import MAX_DIFFICULTY, parse_check
from pacg.cards.vocabulary import (
    BANE_TYPES,
    BOON_TYPES,
    TRAITS,
    CardAction,
    CardType,
    DamageType,
    Proficiency,
    Skill,
)
from pacg.dice import CARD_DICE, MAX_CARD_DICE, CardDie

# --- amounts and dice (amounts.py) ----------------------------------------------------------------------


def listing(words: Iterable[Any], conjunction: str = "or") -> str:
    """ "A", "A or B", "A, B or C": a list of words as a card prints it."""
    texts = [str(word) for word in words]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} {conjunction} {texts[-1]}"


def _amount(value: Any) -> Amount:
    if isinstance(value, Amount):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError("an amount is a number or a sum such as '1 + AD'")
    return Amount.parse(value)


def _dice(value: Any) -> Amount:
    if isinstance(value, (str, Amount)):
        amount = _amount(value)
        if amount.dice:
            return amount
    raise ValueError("dice are written like '1d6', '1d4+1' or '1d8 + AD'")


def _no_dice(value: Any) -> Amount:
    amount = _amount(value)
    if amount.dice:
        raise ValueError(f"{value!r}: no dice here (a check's dice are added with add_dice, KEEP-05)")
    return amount


Number = Annotated[int, Field(strict=True)]
"""A number on a card, written as a number: `true` or `false` (YAML's yes and no too) is refused, where it would
otherwise be read as 1 or 0 (`copies: true`)."""

_AMOUNT_SCHEMA = "a number, or a sum such as '1 + AD', 'AD + location deck' or '1d4+1' (docs/card-format.md)"

AmountField = Annotated[
    Amount,
    PlainValidator(_amount),
    PlainSerializer(str),
    WithJsonSchema({"type": ["integer", "string"], "description": _AMOUNT_SCHEMA}),
]
"""An amount (amounts.py): a number, a sum of the game's values, dice rolled each time it is used."""

SumField = Annotated[
    Amount,
    PlainValidator(_no_dice),
    PlainSerializer(str),
    WithJsonSchema({"type": ["integer", "string"], "description": "a number, or a sum such as '1 + AD' (no dice)"}),
]
"""An amount without dice: what a check's result or difficulty changes by (dice on a check go into its pool,
`add_dice`, KEEP-05, and its difficulty is known before anyone rolls, CHK-08), a number a condition asks for."""

DiceField = Annotated[
    Amount,
    PlainValidator(_dice),
    PlainSerializer(str),
    WithJsonSchema({"type": "string", "description": "dice such as '1d6', '1d4 + 1' or '1d8 + AD'"}),
]
"""An amount with dice ("1d6", "1d4+1", "1d8 + AD"): the dice a power adds, and its bonus (KEEP-05)."""


class _Strict(BaseModel):
    # Validators are built when first needed (`complete_models`), not on import: a process that reads the card
    # library from its cache (`pacg.cards.cache`) validates nothing and never pays for them.
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)




def _known_trait(trait: str) -> str:
    if trait not in TRAITS:
        raise ValueError(f"unknown trait {trait!r}")
    return trait


Trait = Annotated[str, AfterValidator(_known_trait)]
"""A trait of the game's vocabulary (a misspelt trait would silently never match)."""

CHOSEN = "chosen"
"""A character's chosen trait (`choose_trait`), written where a power names traits: "your mastered trait"."""


def _known_or_chosen(trait: str) -> str:
    return trait if trait == CHOSEN else _known_trait(trait)


PowerTrait = Annotated[
    str,
    AfterValidator(_known_or_chosen),
    WithJsonSchema({"type": "string", "x-pacg-power-trait": True}),  # a known trait or `chosen` (schema.py)
]
"""A trait a power names: one of the game's vocabulary, or `chosen`, the trait its character chose (ChooseTrait)."""


# --- what cards a power refers to -------------------------------------------------------------------


class CardFilter(_Strict):
    """Which cards qualify: of any of these types, with any of these traits, of none of the excluded types
    ("a non-villain monster") and with none of the excluded traits ("non-Basic"), and whose check lists one of
    the `check_skills` ("an ally whose check to acquire lists Diplomacy"); with `names`, only cards of one of
    these names ("Sir Ilivan")."""

    names: tuple[str, ...] | None = Field(None, min_length=1)  # the card has one of these names
    types: tuple[CardType, ...] | None = None
    traits: tuple[PowerTrait, ...] | None = None
    not_types: tuple[CardType, ...] | None = None
    not_traits: tuple[PowerTrait, ...] | None = None
    check_skills: tuple[Skill, ...] | None = None  # its check to acquire or defeat lists one of these skills

    @cached_property
    def wanted(
        self,
    ) -> tuple[frozenset[CardType] | None, frozenset[str] | None, frozenset[CardType], frozenset[str]]:
        """The types and traits asked for (None: any) and the types and traits excluded, as sets."""
        return (
            None if self.types is None else frozenset(self.types),
            None if self.traits is None else frozenset(self.traits),
            frozenset(self.not_types or ()),
            frozenset(self.not_traits or ()),
        )


ANY_CARD = CardFilter.model_construct()
"""`CardFilter()`, which every card qualifies for: made without validating, as validating would build
CardFilter's validator on import, which a library from the cache never needs (`defer_build`)."""


def from_box(wanted: Any, what: str = "card from the box") -> Any:
    """A card drawn or chosen from the box is of the types the filter names: the box holds cards by type (SET-03),
    so a filter naming no type would find none."""
    if isinstance(wanted, CardFilter) and not wanted.types:
        raise ValueError(f"name the types of the {what} (the box holds cards by type, SET-03)")
    return wanted


def encountered_from_box(wanted: Any) -> Any:
    """A random card from the box that will be encountered (summoned, or shuffled into a location deck) is a bane
    or a boon of the types the filter names (`from_box`): support cards (cohorts, mythic paths, the redemption
    card) are neither (SUP-01)."""
    from_box(wanted, "card from the box to encounter")
    if isinstance(wanted, CardFilter):
        for card_type in wanted.types or ():
            if card_type not in BANE_TYPES | BOON_TYPES:
                raise ValueError(f"only a bane or a boon is encountered, and a {card_type} is neither (SUP-01)")
    return wanted


def encountered_field(field: str) -> Any:
    """The validator of a field that names a random card from the box to encounter (`encountered_from_box`)."""
    return _validator(field, encountered_from_box)


def from_box_field(field: str) -> Any:
    """The validator of a field that names the kind of card to take from the box (`from_box`)."""
    return _validator(field, from_box)


def _validator(field: str, check: Callable[[Any], Any]) -> Any:
    def validate(cls: type, value: Any) -> Any:
        return check(value)

    return field_validator(field)(classmethod(validate))


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
    BEFORE_CLOSING = "before closing"  # a location about to be permanently closed, its deck not yet banished
    CLOSING = "closing"  # when a location is permanently closed
    SETUP = "setup"
    ANY_TIME = "any time"  # between steps, whenever cards may be played
    AFTER_PLAYING = "after playing"  # after you play a card matching `if.played` (its power resolved)
    ENTER = "enter"  # when a character moves to this location (TURN-03)
    LEAVE = "leave"  # when a character moves away from this location (TURN-03)
    EXAMINE = "examine"  # as you examine cards of a location deck, once you have looked at them (EXAM-01)
    BLESSINGS_ADVANCE = "blessings deck advances"  # a bane's, when it is the card the blessings deck advanced


Moment = tuple[Timing, bool, bool]
"""When a power may be chosen: its timing; whether it sets the skill; whether it rerolls (`Power.moment`)."""


class Whose(StrEnum):
    """Whose check or encounter a power helps (KEEP-01)."""

    YOUR = "your"
    LOCAL = "local"  # any character at your location, you included
    ANOTHER_LOCAL = "another local"
    ANY = "any"
    ANOTHER = "another"  # any character but you
    ELSEWHERE = "elsewhere"  # a character at another location


class Purpose(StrEnum):
    """What a check is for."""

    DEFEAT = "defeat"
    ACQUIRE = "acquire"
    CLOSE = "close"
    RECHARGE = "recharge"
    OTHER = "other"


class Who(StrEnum):
    """The characters an effect acts on or for: one vocabulary for every effect that names characters."""

    YOU = "you"
    EACH_LOCAL = "each local"  # each character at your location, you included
    EACH_OTHER_LOCAL = "each other local"
    EACH = "each character"  # every character in the game
    EACH_OTHER = "each other character"
    LOCAL = "a local character"  # one you choose at your location, you included
    ANOTHER_LOCAL = "another local character"  # one you choose at your location, not you
    ANOTHER = "another character"  # one you choose anywhere, not you
    ELSEWHERE = "a character elsewhere"  # one you choose at another location
    ANY = "a character"  # one you choose anywhere, you included
    RANDOM_LOCAL = "a random local character"
    RANDOM_OTHER = "a random other character"
    RANDOM = "a random character"
    EACH_AT_RANDOM_LOCATION = "each character at a random location"  # one location of the scenario's, at random

    def words(self) -> str:
        """The characters as a card names them: "each character at your location"."""
        return _WHO_WORDS.get(self, str(self))


_WHO_WORDS = {
    Who.EACH_LOCAL: "each character at your location",
    Who.EACH_OTHER_LOCAL: "each other character at your location",
    Who.LOCAL: "a character at your location",
    Who.ANOTHER_LOCAL: "another character at your location",
    Who.ELSEWHERE: "a character at another location",
    Who.RANDOM_LOCAL: "a random character at your location",
}


class WhoWithTraits(_Strict):
    """Characters named by a trait: of those `who` names, only the ones with one of these traits. `{who: a
    character, traits: [Summoner]}` is "a character with the Summoner trait" (one you choose, anywhere);
    `{who: each local, traits: [Dwarf]}` is "each character at your location with the Dwarf trait"."""

    who: Who
    traits: tuple[Trait, ...] = Field(min_length=1)

    def words(self) -> str:
        return f"{self.who.words()} with the {listing(self.traits)} trait"


Characters = Who | WhoWithTraits
"""The characters an effect names: one of the `Who` words, or those of them with a trait."""

_GROUPS = (Who.EACH_LOCAL, Who.EACH_OTHER_LOCAL, Who.EACH, Who.EACH_OTHER)  # every one of them, in turn


class Conditions(_Strict):
    """When a power applies. Every condition given must hold."""

    check: Literal["combat", "noncombat"] | None = None
    skills: tuple[Skill, ...] | None = None  # the check uses one of these skills (CHK-10)
    check_traits: tuple[PowerTrait, ...] | None = None  # the check has one of these traits
    purpose: tuple[Purpose, ...] | None = None
    against: CardFilter | None = None  # the card the check or encounter is against
    proficient: Proficiency | None = None
    not_proficient: Proficiency | None = None
    displaying: CardFilter | None = None  # you have such a card displayed
    location: CardFilter | None = None  # your location is such a card ("at an Abyssal location")
    turn: Literal["yours", "first exploration"] | None = None  # on your turn / its first exploration
    max_difficulty: Number | None = Field(None, ge=1, le=MAX_DIFFICULTY)  # its highest difficulty at most this (CHK-08)
    played: tuple[CardFilter, ...] | None = None  # a card matching one of these was played on the check
    not_played: tuple[CardFilter, ...] | None = None  # no card matching any of these was played on the check
    played_action: tuple[CardAction, ...] | None = None  # a card was played with one of these actions (for its power)
    after_roll: Literal["failed", "succeeded"] | None = None  # the check's roll, once rolled (CHK-13)
    mythic_charges: Number | None = Field(None, ge=1, le=MAX_AMOUNT)  # you have at least this many (MYTH-01)
    margin: SumField | None = None  # the check succeeded or failed by at least this much (CHK-14)
    blessings_discard: CardFilter | None = None  # the top card of the blessings discard pile is such a card
    # the card last played (after playing: the card just played) has the name of the blessings discard's top card
    played_as_blessings_discard: bool | None = None
    during: tuple[Timing, ...] | None = None  # the step or check happens during one of these steps of an encounter
    character_traits: tuple[Trait, ...] | None = None  # your character has one of these traits
    role: tuple[str, ...] | None = None  # your character has chosen one of these roles (ROLE-01)
    summoned: bool | None = None  # the card it is against was (true) or wasn't (false) summoned (SUM-01)
    alone: bool | None = None  # you are (true) or aren't (false) the only character at your location
    adventure_deck: Number | None = Field(None, ge=0, le=MAX_AMOUNT)  # the adventure deck number is at least this
    any_of: Annotated[tuple["Conditions", ...] | None, Field(alias="any")] = None  # at least one of these holds
    none_of: Annotated[tuple["Conditions", ...] | None, Field(alias="not")] = None  # none of these holds

    @cached_property
    def stated(self) -> tuple[tuple[str, Any], ...]:
        """The conditions the paragraph states, each with what it asks for."""
        return tuple((name, value) for name in self.model_fields_set if (value := getattr(self, name)) is not None)


# --- effects -------------------------------------------------------------------------------------------


class Kind(StrEnum):
    """The kinds of paragraph, kept apart as the rulebook keeps them (PLAY-01, PLAY-10, CHAR-01)."""

    PLAYED = "played"  # a boon or cohort (or a bane) in hand, played for its power by revealing, discarding ... it
    ACTIVATED = "activated"  # a displayed card's power, used while it is displayed (it counts as playing it)
    USED = "used"  # a power of a character, location, scenario or encountered card that a player may use
    WHEN_PLAYED = "when played"  # a boon's paragraph that is not a power: it happens whenever the card is played
    WHILE_DISPLAYED = "while displayed"  # works by itself while its card is displayed
    WHILE_ENCOUNTERED = "while encountered"  # a boon's paragraph for its own encounter ("acquire it at once")
    STANDING = "standing"  # works by itself: a character's, a location's, a scenario's, the card encountered
    REPLACEMENT = "replacement"  # "instead": a card goes somewhere else than a play or cost would send it


# The moments an effect may act at (`_Effect`'s `moments`): any, a check only, the steps of an encounter ...
ANY_MOMENT = frozenset(Timing)
ON_A_CHECK = frozenset({Timing.CHECK})
ENCOUNTER = frozenset({
    Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK, Timing.AFTER_ACTING, Timing.DAMAGE,
    Timing.ACQUIRE, Timing.DEFEAT, Timing.UNDEFEATED,
})  # the steps of an encounter, in which only the encountering character uses the card's own powers
BEFORE_THE_CHECK = frozenset({Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK})
OF_THE_ENCOUNTER = ENCOUNTER - {Timing.DAMAGE}


EFFECT_MODELS: dict[str, type["_Effect"]] = {}
"""Every effect of the power language by the key a card file writes it with, in the order defined (`_Effect`)."""


class _Effect(_Strict):
    """An effect of the power language (an effect primitive), declared with what the card language allows of it,
    `class Evade(_Effect, key="evade", moments=...)`, and its card's words (`text`); what the engine does with it
    is declared in `pacg.engine.effects` (`pacg.engine.declared`), and nothing else says anything of it:

    - `key`: what a card file writes it with (it is one of `EFFECT_MODELS` and of the `Effect` union);
    - `moments`: the moments at which it has anything to act on (PLAY-07): evading only in the evasion step,
      reducing damage only while damage is dealt; `ANY_MOMENT` where nothing restricts it, spelled out;
    - `on_check`: it changes the check being attempted, so it acts only on a check (CHK-09), and `to_succeed`: all
      it can do is make the check likelier to succeed (on a check that can't fail it is not worth asking about);
    - `asks`: it may ask the players (or start a process), so it can't stand by itself on a check;
    - `kinds`: the kinds of paragraph it may be written in (None: any);
    - `alters_check`: though not only for a check, it may apply by itself as a check is prepared (the
      difficulty, where a card played on it goes);
    - `read_where_it_applies`: it works by being read where cards are played or characters move (a restriction,
      a way to play), so it may stand by itself at "any time";
    - `holds`: the fields holding effects of its own, each with whether they come once a check is done.

    A model without a key, its moments or its words fails as it is defined, naming it."""

    key: ClassVar[str]
    moments: ClassVar[frozenset[Timing]]
    on_check: ClassVar[bool]
    to_succeed: ClassVar[bool]
    asks: ClassVar[bool]
    kinds: ClassVar[frozenset[Kind] | None]
    alters_check: ClassVar[bool]
    read_where_it_applies: ClassVar[bool]
    holds: ClassVar[tuple[tuple[str, bool], ...]]

    def __init_subclass__(
        cls, key: str = "", moments: frozenset[Timing] = frozenset(), on_check: bool = False,
        to_succeed: bool = False, asks: bool = False, kinds: Iterable[Kind] | None = None, alters_check: bool = False,
        read_where_it_applies: bool = False, holds: tuple[tuple[str, bool], ...] = (), **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__name__
        if not key:
            raise TypeError(f"effect {name} names no key: class {name}(_Effect, key=..., moments=...)")
        if key in EFFECT_MODELS:
            raise TypeError(f"effect {name}: the key {key!r} is {EFFECT_MODELS[key].__name__}'s")
        if not moments:
            raise TypeError(f"effect {name}: no moments declared (ANY_MOMENT where nothing restricts it)")
        if to_succeed and not on_check:
            raise TypeError(f"effect {name}: only an effect on a check (on_check) can only help it succeed")
        if "text" not in cls.__dict__:
            raise TypeError(f"effect {name} says nothing of itself: it needs a text() for its card's words")
        cls.key, cls.moments, cls.kinds = key, frozenset(moments), frozenset(kinds) if kinds is not None else None
        cls.on_check, cls.to_succeed, cls.asks, cls.alters_check = on_check, to_succeed, asks, alters_check
        cls.read_where_it_applies, cls.holds = read_where_it_applies, holds
        EFFECT_MODELS[key] = cls

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        # (the class's keywords are for `__init_subclass__`, not pydantic's)
        super().__pydantic_init_subclass__()

    @classmethod
    def changes_the_check(cls) -> bool:
        """It may stand by itself in a check's paragraph, worked out as the check is prepared."""
        return cls.on_check or cls.alters_check

    def text(self) -> str:
        """The effect as its card reads ("add 1d6 to your check")."""
        raise NotImplementedError(type(self).__name__)


class UseSkill(_Effect, key="use_skill", moments=ON_A_CHECK, on_check=True):
    """Use one of these skills for the check; the card that does this adds its traits (CHK-05, CHK-06)."""

    use_skill: tuple[Skill, ...]

    def text(self) -> str:
        return f"use your {listing(self.use_skill)} skill"


class AddDice(_Effect, key="add_dice", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add these dice (and bonus) to the check (KEEP-05)."""

    add_dice: DiceField

    def text(self) -> str:
        return f"add {self.add_dice.text()}"


class AddSkillDice(_Effect, key="add_skill_dice", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add this many dice of the type the check already rolls (CHK-12: blessings)."""

    add_skill_dice: Number = Field(ge=1, le=MAX_CARD_DICE)

    def text(self) -> str:
        dice = "die" if self.add_skill_dice == 1 else "dice"
        return f"add {self.add_skill_dice} {dice} of the type the check rolls"


class AddSkill(_Effect, key="add_skill", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add one of these skills of yours (its die and modifier) to the check, not as a trait (CHK-06)."""

    add_skill: tuple[Skill, ...]

    def text(self) -> str:
        return f"add your {listing(self.add_skill)} skill"


class AddModifier(_Effect, key="add_modifier", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add a number to the check's result."""

    add_modifier: SumField

    def text(self) -> str:
        if self.add_modifier.is_negative():
            return f"subtract {self.add_modifier.negated().text()}"
        return f"add {self.add_modifier.text()}"


class AddTraits(_Effect, key="add_traits", moments=ON_A_CHECK, on_check=True):
    """Add traits to the check."""

    add_traits: tuple[PowerTrait, ...]

    def text(self) -> str:
        traits = "trait" if len(self.add_traits) == 1 else "traits"
        return f"add the {listing(self.add_traits, 'and')} {traits} to the check"


class AdjustDifficulty(_Effect, key="adjust_difficulty", moments=BEFORE_THE_CHECK, alters_check=True):
    """Raise (or, negative, lower) the difficulty of the check (CHK-08)."""

    adjust_difficulty: SumField

    def text(self) -> str:
        amount = self.adjust_difficulty
        if amount.is_negative():
            return f"the difficulty is reduced by {amount.negated().text()}"
        return f"the difficulty is increased by {amount.text()}"

    def verb_text(self) -> str:
        """The same, said as something a player does ("discard this card to reduce the difficulty by 2")."""
        amount = self.adjust_difficulty
        if amount.is_negative():
            return f"reduce the difficulty by {amount.negated().text()}"
        return f"increase the difficulty by {amount.text()}"


class ReplaceDie(_Effect, key="replace_die", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Roll this skill's die (or a die of these sides) in place of the check's die (CHK-11)."""

    replace_die: Skill | CardDie

    def text(self) -> str:
        if isinstance(self.replace_die, int):
            return f"roll a d{self.replace_die} instead of the check's die"
        return f"roll your {self.replace_die} die instead of the check's die"


class ReplaceHighestDie(_Effect, key="replace_highest_die", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Replace the highest die of the check's dice, once they are assembled, with a die of these sides ("the
    mighty d20", MYTH-01). Unlike `replace_die` it leaves the check's die as it is, so blessings still add
    the skill's die (CHK-12)."""

    replace_highest_die: CardDie

    def text(self) -> str:
        return f"replace your highest die with a d{self.replace_highest_die}"


class Succeed(_Effect, key="succeed", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Succeed at the check without rolling; never on a combat check (CHK-01)."""

    succeed: Literal[True]

    def text(self) -> str:
        return "succeed at the check without rolling"


class CannotSucceed(_Effect, key="cannot_succeed", moments=ON_A_CHECK, on_check=True):
    """The check can't succeed, whatever it rolls ("cannot" beats "can", GOLD-03: not even a power that succeeds
    without rolling); failing it deals its damage as any failed check does. Written in a bane's check paragraph
    that applies by itself: "without the Magic trait, you can't defeat this card"."""

    cannot_succeed: Literal[True]

    def text(self) -> str:
        return "the check can't succeed"


class Reroll(_Effect, key="reroll", moments=ON_A_CHECK, on_check=True):
    """Reroll the check's dice once (CHK-13); with `dice`, only that many dice of the player's choice ("reroll
    1 die"), keeping the others."""

    reroll: Literal[True]
    dice: Number | None = Field(None, ge=1, le=MAX_CARD_DICE)

    def text(self) -> str:
        if self.dice is None:
            return "reroll the dice"
        return f"reroll {self.dice} {'die' if self.dice == 1 else 'dice'} of your choice"


class Evade(_Effect, key="evade", moments=frozenset({Timing.EVASION})):
    """Evade the card being encountered (ENC-05)."""

    evade: Literal[True]

    def text(self) -> str:
        return "evade the card you are encountering"


class Explore(_Effect, key="explore", moments=ENCOUNTER | {Timing.EXPLORE}):
    """Explore again (TURN-04)."""

    explore: Literal[True]

    def text(self) -> str:
        return "explore again"


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


class Draw(_Effect, key="draw", moments=ANY_MOMENT):
    """Draw cards from your deck (DRAW-01)."""

    draw: AmountField

    def text(self) -> str:
        return f"draw {self.draw.count_text('card', 'cards')}"


class Heal(_Effect, key="heal", moments=ANY_MOMENT, asks=True):
    """Shuffle this many random cards from a character's discard pile into their deck (dice are rolled when it
    is used)."""

    heal: AmountField

    def text(self) -> str:
        cards = self.heal.count_text("random card", "random cards")
        return f"shuffle {cards} from a character's discard pile into their deck"


class Examine(_Effect, key="examine", moments=ANY_MOMENT, asks=True):
    """Examine the top cards of your location's deck (EXAM-01)."""

    examine: AmountField

    def text(self) -> str:
        return f"examine {_top_cards(self.examine)} of your location deck"


class ExamineMore(_Effect, key="examine_more", moments=frozenset({Timing.EXAMINE})):
    """Examine this many more cards of the location deck you are examining: the cards below those you have looked
    at (EXAM-01)."""

    examine_more: AmountField

    def text(self) -> str:
        count = self.examine_more
        if count.number is None:
            return f"examine more cards of that deck, as many as {count.text()}"
        return f"examine {'one' if count.number == 1 else count.number} more card{'s' if count.number != 1 else ''} " \
               "of that deck"


class ExchangeExamined(_Effect, key="exchange_examined", moments=frozenset({Timing.EXAMINE}), asks=True):
    """Exchange a card of this kind you are examining for a random card of its type from the box: the card drawn
    takes its place in the deck, and the examined card goes back into the box (SET-03)."""

    exchange_examined: CardFilter

    def text(self) -> str:
        from pacg.cards.text import filter_text

        return f"exchange {filter_text(self.exchange_examined)} you examine for a random card of its type from the box"


class GainCharge(_Effect, key="gain_charge", moments=ANY_MOMENT):
    """Gain mythic charges."""

    gain_charge: AmountField

    def text(self) -> str:
        return f"gain {self.gain_charge.count_text('mythic charge', 'mythic charges')}"


class CloseLocation(_Effect, key="close_location", moments=OF_THE_ENCOUNTER):
    """You may attempt to close the location (a henchman's "if defeated, you may close", CLOSE-01), or, with
    `automatic`, the character encountering the card closes it without its When Closing requirement."""

    close_location: Literal[True, "automatic"]

    def text(self) -> str:
        if self.close_location == "automatic":
            return "let the character who defeated it close its location automatically"
        return "you may attempt to close your location"


class CloseAfterEncounter(_Effect, key="close_after_encounter", moments=OF_THE_ENCOUNTER):
    """When the encounter ends, however it ends, its location closes as if its When Closing requirement were
    met (CLOSE-03, CLOSE-04): no check, no cost ("after you encounter this card, the location closes")."""

    close_after_encounter: Literal[True]

    def text(self) -> str:
        return "after the encounter, the location closes"


class Banish(_Effect, key="banish", moments=ANY_MOMENT):
    """Banish the card being encountered or the card played, as the power names."""

    banish: Literal["encountered", "this card"]

    def text(self) -> str:
        return "banish the card you are encountering" if self.banish == "encountered" else "banish this card"



class Defeat(_Effect, key="defeat", moments=BEFORE_THE_CHECK):
    """Decide the encounter without attempting the check: the card being encountered is defeated (`true`; a
    bane is then banished, ENC-07) or undefeated (`false`), as a barrier's choice decides (ENC-06)."""

    defeat: bool

    def text(self) -> str:
        return "defeat the card you are encountering" if self.defeat else "the card you are encountering is undefeated"


class PlaceEncountered(_Effect, key="place_encountered", moments=OF_THE_ENCOUNTER):
    """Put the card being encountered on the top or bottom of its location deck, or under its top card, instead
    of shuffling it in (SUM-05: a card added to the top or bottom of a deck goes there), leave it face up on top
    (ENC-10), or display it by its location, out of the deck, where its paragraphs `while: displayed` work for
    the characters there."""

    place_encountered: Literal["top", "under the top card", "bottom", "face up", "by its location"]

    def text(self) -> str:
        if self.place_encountered == "face up":
            return "leave the card you are encountering face up on top of its location deck"
        if self.place_encountered == "by its location":
            return "display the card you are encountering by its location"
        if self.place_encountered == "under the top card":
            return "put the card you are encountering under the top card of its location deck"
        where = "on top of" if self.place_encountered == "top" else "at the bottom of"
        return f"put the card you are encountering {where} its location deck"


class CountFace(_Effect, key="count_face", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """A die of this many sides that shows this face counts as another number (a 6 on a d6 counts as 7)."""

    count_face: Number = Field(ge=1, le=max(CARD_DICE))
    die: CardDie
    value: Number = Field(ge=0, le=MAX_AMOUNT)

    def text(self) -> str:
        return f"each d{self.die} that shows {self.count_face} counts as {self.value}"

    def verb_text(self) -> str:
        return f"make each d{self.die} that shows {self.count_face} count as {self.value}"


class IgnoreTypeLimit(_Effect, key="ignore_type_limit", moments=ANY_MOMENT, kinds={Kind.ACTIVATED, Kind.PLAYED}):
    """Playing this card does not count toward the limit of one card of each type per check or step
    (ENC-02, BOON-01): another card of its type may still be played."""

    ignore_type_limit: Literal[True]

    def text(self) -> str:
        return "this card does not count toward the limit of one card of each type"

    def verb_text(self) -> str:
        return "play it outside the limit of one card of each type"


class Move(_Effect, key="move", moments=ANY_MOMENT, asks=True):
    """Move to another location (TURN-03): you or another character, with up to `with_local` other characters
    from the same location coming along; to one chosen, one at random, or the location `to` names."""

    move: Characters
    with_local: Number = Field(0, ge=0, le=MAX_AMOUNT)
    to: str = "chosen"  # "chosen", "random", or a location's name: there, where it is in play
    where: CardFilter | None = None  # only to such a location ("to a location with the Abyssal trait")

    def text(self) -> str:
        who = "move" if self.move is Who.YOU else f"{self.move.words()} moves"
        place = _cards_words(self.where).replace("card", "location") if self.where else "another location"
        if self.to == "random":
            place = "a random other location" if place == "another location" else _random(place)
        elif self.to != "chosen":
            place = f"the {self.to}"
        who += f" to {place}"
        if self.with_local == 1:
            who += ", and another character at that location may move along"
        elif self.with_local:
            who += f", and up to {self.with_local} other characters at that location may move along"
        return who

    def verb_text(self) -> str:
        return self.text() if self.move is Who.YOU else f"have {self.text().replace(' moves', ' move', 1)}"


class ShiftDamage(_Effect, key="shift_damage", moments=frozenset({Timing.DAMAGE}), asks=True):
    """Pass this much of the damage being dealt to you to another character instead (DMG-02)."""

    shift_damage: AmountField
    to: Characters = Who.RANDOM_OTHER

    def text(self) -> str:
        return f"{self.to.words()} is dealt {self.shift_damage.text()} of that damage instead of you"

    def verb_text(self) -> str:
        return f"pass {self.shift_damage.text()} of that damage to {self.to.words()}"


class EncounterExamined(_Effect, key="encounter_examined", moments=ANY_MOMENT, asks=True):
    """Encounter the card you just examined if it matches, as if explored (EXAM-01 says examining is not
    exploring; this power lets you encounter it anyway); `optional`: you may, and are asked once it matches."""

    encounter_examined: CardFilter
    optional: bool = False

    def text(self) -> str:
        return ("you may " if self.optional else "") + self.verb_text()

    def verb_text(self) -> str:
        return f"encounter the examined card if it is {_cards_words(self.encounter_examined)}"


# --- effects of character, role and cohort powers ------------------------------------------------------

CardPlace = Literal["hand", "top of deck", "recharge", "shuffle into deck", "discard", "bury", "banish"]
"""Where a character's card can be put: into the hand, on top of the deck, at the bottom of the deck
(recharge, PLAY-01), shuffled into the deck, into the discard pile, under the character card (bury) or back
into the box (banish)."""

_PLACE_WORDS: dict[str, tuple[str, str]] = {  # (verb, where) for "VERB CARDS WHERE"
    "hand": ("put", " into your hand"),
    "top of deck": ("put", " on top of your deck"),
    "recharge": ("recharge", ""),
    "shuffle into deck": ("shuffle", " into your deck"),
    "discard": ("discard", ""),
    "bury": ("bury", ""),
    "banish": ("banish", ""),
}


def _cards_words(card_filter: CardFilter | None, plural: bool = False) -> str:
    """ "a weapon", "weapons", "a card with the Divine or Ranged trait": a filter in a few words, as card text
    writes it (`text.filter_text`)."""
    from pacg.cards.text import filter_text  # card text imports the power language, not the other way round

    return filter_text(card_filter, plural)


def _top_cards(count: Amount) -> str:
    """ "the top card", "the top 3 cards", "a number of cards equal to 1d4+1 from the top" (then "of a deck")."""
    if count.number == 1:
        return "the top card"
    if count.number is not None:
        return f"the top {count.number} cards"
    return f"{count.count_text('card', 'cards')} from the top"


def _random(words: str) -> str:
    """ "a weapon" -> "a random weapon", "an item" -> "a random item"."""
    article, _, rest = words.partition(" ")
    return f"a random {rest}" if article in ("a", "an") else words


class AddCardNumber(_Effect, key="add_card_number", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add a card's adventure deck number to the check (a letter set counts as 0, SET-01): the card paid as
    this power's cost ("discard a card to add 1 plus its adventure deck number"), or the card encountered."""

    add_card_number: Literal["cost", "encountered"]

    def text(self) -> str:
        card = "the card paid for this power" if self.add_card_number == "cost" else "the card encountered"
        return f"add the adventure deck number of {card}"


class NoHelp(_Effect, key="no_help", moments=ON_A_CHECK, on_check=True):
    """No one else may play cards or use powers on this check."""

    no_help: Literal[True]

    def text(self) -> str:
        return "no one else may play cards or use powers on the check"


class KeepEncountered(_Effect, key="keep_encountered", moments=OF_THE_ENCOUNTER):
    """When the encounter ends, the encountered card goes into your hand (a bane you defeat, instead of being
    banished) or is buried under your character card (a boon you acquire, instead of going into your hand).
    A summoned card still goes back to the box. (Top or bottom of its deck: `place_encountered`.)"""

    keep_encountered: Literal["hand", "bury"]

    def text(self) -> str:
        if self.keep_encountered == "hand":
            return "put the encountered card into your hand instead of banishing it"
        return "bury the acquired card instead of putting it into your hand"


class Instead(_Effect, key="instead",
              moments=ANY_MOMENT, kinds={Kind.REPLACEMENT, Kind.STANDING, Kind.USED}, alters_check=True):
    """A card played for its power (or paid for this power's cost) goes somewhere other than where it would
    go ("you may recharge a Ranged weapon instead of discarding or burying it"; "an Attack spell you play is
    banished afterwards"). A list of places is the player's choice; `replaces` limits it to those actions
    (None: wherever the card would go); `played_by: anyone` also covers cards others play on the check.
    With `healed_by`, it is not for cards played but for the cards a card of that kind you play shuffles from a
    discard pile into a deck (`heal`): they go to their owner's `instead` place ("armors a boon with the Healing
    trait shuffles into a deck go into the hand instead")."""

    instead: CardPlace | tuple[CardPlace, ...]
    cards: CardFilter = ANY_CARD
    replaces: tuple[CardAction, ...] | None = None
    played_by: Literal["you", "anyone"] = "you"
    healed_by: CardFilter | None = None

    @model_validator(mode="after")
    def _healed_cards_are_not_played(self) -> "Instead":
        if self.healed_by is not None and (self.replaces is not None or self.played_by != "you"):
            raise ValueError("an instead for healed cards (healed_by) names no replaced action nor who plays them")
        return self

    def text(self) -> str:
        places = self.instead if isinstance(self.instead, tuple) else (self.instead,)
        if self.healed_by is not None:
            what = f"{_cards_words(self.cards, plural=True)} that {_cards_words(self.healed_by)} you play would " \
                   "shuffle from a discard pile into a deck"
            owners = [(_PLACE_WORDS[place][0], _PLACE_WORDS[place][1].replace("your", "their owner's"))
                      for place in places]
            return " or ".join(f"{verb} {what}{where}" for verb, where in owners) + " instead"
        who = "you play" if self.played_by == "you" else "anyone plays"
        what = f"{_cards_words(self.cards)} {who}"
        text = " or ".join(f"{_PLACE_WORDS[place][0]} {what}{_PLACE_WORDS[place][1]}" for place in places)
        if self.replaces:
            doing = listing([f"{str(action).removesuffix('e')}ing" for action in self.replaces])
            return f"{text} instead of {doing} it"
        return f"{text} instead of putting it where its power says"


_SOURCES = Literal[
    "hand", "top of deck", "bottom of deck", "discard pile", "deck", "deck or discard pile", "hand or discard pile",
    "location deck", "buried",
]


class MoveCards(_Effect, key="move_cards", moments=ANY_MOMENT, asks=True):
    """Move cards of a character's from one of their places to another: "recharge any number of weapons from
    your hand", "shuffle a random card from your discard pile into your deck", "put a card from your hand on
    top of your deck", "take a Mount from your deck or discard pile" (searching a deck shuffles it). A list of
    places is the player's choice; `cards: this card` moves the card whose power this is; `character` says
    whose cards (yours, or the character the power helps); `chosen_type`: "a random card of a type you choose"."""

    move_cards: CardPlace | tuple[CardPlace, ...]
    cards: CardFilter | Literal["this card"] = ANY_CARD
    source: _SOURCES = "hand"
    count: AmountField | Literal["any", "all"] = Amount(1)  # dice are rolled each time ("1d4+1")
    random: bool = False
    character: Characters = Who.YOU
    chosen_type: bool = False  # you first choose a card type (of those the cards are); only cards of that type

    def text(self) -> str:
        places = self.move_cards if isinstance(self.move_cards, tuple) else (self.move_cards,)
        if self.cards == "this card":
            what = "this card"
        elif self.count == "any":
            what = f"any number of {_cards_words(self.cards, plural=True)}"
        elif self.count == "all":
            what = f"all {_cards_words(self.cards, plural=True)}"
        elif self.count == Amount(1):
            what = _cards_words(self.cards)
            if self.random:
                what = _random(what)
            if self.chosen_type:
                what += " of a type you choose"
        else:
            cards = f"{'random ' if self.random else ''}{_cards_words(self.cards, plural=True)}"
            what = self.count.count_text("", cards)
        if (self.source == "top of deck" and self.cards == ANY_CARD and not self.random
                and isinstance(self.count, Amount)):
            what = f"{_top_cards(self.count)} of your deck"
        elif self.source == "top of deck" and self.cards != "this card":
            what += " from the top of your deck"
        elif self.source == "bottom of deck" and self.cards != "this card":
            bottom = "the bottom card of your deck"
            what = bottom if self.cards == ANY_CARD else f"{what} from the bottom of your deck"
        elif self.source != "hand" and self.cards != "this card":
            source = "buried cards" if self.source == "buried" else self.source
            what += f" from {'the' if self.source == 'location deck' else 'your'} {source}"
        actions = [f"{_PLACE_WORDS[place][0]} {what}{_PLACE_WORDS[place][1]}" for place in places]
        text = " or ".join(actions)
        if self.character is not Who.YOU:
            text = f"{self.character.words()} may {text.replace('your ', 'their ')}"
        return text


class DrawRandom(_Effect, key="draw_random", moments=ANY_MOMENT):
    """Draw random cards of a kind from the box into your hand (DRAW-01: from the box, draw at random)."""

    draw_random: CardFilter
    _from_box = from_box_field("draw_random")
    count: AmountField = Amount(1)

    def text(self) -> str:
        what = _cards_words(self.draw_random) if self.count == Amount(1) else (
            self.count.count_text("", _cards_words(self.draw_random, plural=True))
        )
        return f"draw {_random(what) if self.count == Amount(1) else what} from the box"


class GainSkill(_Effect, key="gain_skill", moments=frozenset({Timing.SETUP}), kinds={Kind.STANDING}):
    """You have this skill, as a character card writes it: `{gain_skill: Perception, ability: Wisdom,
    modifier: 2}` is "Perception: Wisdom +2" (DICE-03). With `who`, those characters may have it too, each with
    their own ability's die, while they are where the group says ("local characters may have Knowledge: Wisdom
    +2"); a character whose own skill is better keeps it."""

    gain_skill: Skill
    ability: Skill
    modifier: Number = Field(0, ge=-MAX_AMOUNT, le=MAX_AMOUNT)
    who: Literal[Who.YOU, Who.EACH_LOCAL, Who.EACH_OTHER_LOCAL, Who.EACH, Who.EACH_OTHER] = Who.YOU

    def text(self) -> str:
        skill = f"the skill {self.gain_skill}: {self.ability} {self.modifier:+d}"
        return f"you have {skill}" if self.who is Who.YOU else f"{self.who.words()} may have {skill}"


class ChooseTrait(_Effect, key="choose_trait", moments=frozenset({Timing.SETUP}), kinds={Kind.STANDING}, asks=True):
    """Choose one of these traits, once, as the scenario is set up, and remember it: from then on the
    character's powers that name the trait `chosen` name that one ("pick one 'mastered' trait: Acid, Cold,
    Electricity or Fire")."""

    choose_trait: tuple[Trait, ...] = Field(min_length=2)

    def text(self) -> str:
        return f"choose the {listing(self.choose_trait)} trait: it is your chosen trait"


class PlayAsCopy(_Effect, key="play_as_copy",
                 moments=frozenset({Timing.ANY_TIME}), kinds={Kind.STANDING}, read_where_it_applies=True):
    """You may play a card of this kind from your hand as a copy of another card: the top card of the blessings
    discard pile, or any card of it. The card played acts with the other card's name, type, traits and powers (it
    counts as playing that card: a blessing, for the limit of one card of each type, ENC-02), while the card you
    play is the one that is discarded, recharged ... (DESIGN.md 7). Written in a paragraph `when: any time`,
    `optional: false`: it is read wherever plays are listed."""

    play_as_copy: CardFilter
    of: Literal["top of the blessings discard pile", "the blessings discard pile"] = "top of the blessings discard pile"

    def text(self) -> str:
        of = "the top card" if self.of.startswith("top") else "any card"
        return f"you may play {_cards_words(self.play_as_copy)} from your hand as a copy of {of} of the blessings " \
               "discard pile"


class AfterCheck(_Effect, key="after_check",
                 moments=frozenset({Timing.AFTER_PLAYING, Timing.CHECK}), on_check=True,
                 holds=(("after_check", True),)):
    """After the check, do these effects; `only_if` limits them to a success or a failure, `against` to a
    check against such a card ("if that check defeats a monster, that character may draw a card";
    "if the monster is undefeated, put it on top of its deck"). `by: checker` has the character who attempted
    the check do them, being "you" in them ("that character may draw"), where the power helps another's check.
    `wait: encounter` keeps them, once the check has called for them, until the encounter it was part of is
    over ("after an encounter in which ... was played on a check"); with no encounter, until the check is done."""

    after_check: tuple["Effect", ...]
    only_if: Literal["success", "failure"] | None = None
    against: CardFilter | None = None
    by: Literal["you", "checker"] = "you"
    wait: Literal["check", "encounter"] = "check"

    def text(self) -> str:
        from pacg.cards.text import effect_text

        when = "after the check" if self.wait == "check" else "after the encounter"
        if self.only_if:
            when += f", if it {'succeeds' if self.only_if == 'success' else 'fails'}"
        if self.against is not None:
            when += f" against {_cards_words(self.against)}"
        if self.by == "checker":
            when += ", for the character who attempted it"
        return f"{when}, {listing([effect_text(effect) for effect in self.after_check], 'and')}"


class RollDie(_Effect, key="roll_die", moments=ANY_MOMENT, holds=(("then", False),), asks=True):
    """Roll one die with this many sides; on `at_least` or more (or on more than the cards in your location deck,
    `beats`; or on no more than an amount, `at_most`), do the effects in `then` ("roll 1d6: on a 4 or more,
    explore again"; "roll 1d20: if the result is no more than the number of undefeated trees, ...")."""

    roll_die: CardDie
    at_least: Number | None = Field(None, ge=1, le=max(CARD_DICE))
    beats: Literal["location deck"] | None = None  # the roll must be more than the cards in your location deck
    at_most: SumField | None = None  # the roll must be no more than this
    then: tuple["Effect", ...]

    @model_validator(mode="after")
    def _one_target(self) -> "RollDie":
        if [self.at_least, self.beats, self.at_most].count(None) != 2:
            raise ValueError("a roll needs one of at_least (a number to reach), beats (what to beat) or at_most "
                             "(a number not to pass)")
        return self

    def text(self) -> str:
        from pacg.cards.text import effect_text

        effects = listing([effect_text(effect) for effect in self.then], "and")
        if self.beats is not None:
            return f"roll 1d{self.roll_die}; if the result is more than the number of cards in your location deck, " \
                   f"{effects}"
        if self.at_most is not None:
            return f"roll 1d{self.roll_die}; if the result is no more than {self.at_most.text()}, {effects}"
        result = f"{self.at_least}" if self.at_least == self.roll_die else f"{self.at_least} or more"
        return f"roll 1d{self.roll_die}; on a {result}, {effects}"


class TakeEncounter(_Effect, key="take_encounter", moments=frozenset({Timing.ON_ENCOUNTER})):
    """Encounter the card another character is encountering, in their place (a card's exception to KEEP-02)."""

    take_encounter: Literal[True]

    def text(self) -> str:
        return "encounter the card in that character's place"


class ExamineDeck(_Effect, key="examine_deck", moments=ANY_MOMENT, asks=True):
    """Examine the top cards of a deck (EXAM-01): your location's, any location's, or your own character deck;
    then, as the power allows, put them back in any order, draw one of a kind, or put one of a kind at the
    bottom of that deck. (To encounter an examined card: `encounter_examined`.)"""

    examine_deck: AmountField
    deck: Literal["your location", "any location", "your deck"] = "your location"
    reorder: bool = False
    may_draw: CardFilter | None = None
    may_bottom: CardFilter | None = None

    def text(self) -> str:
        deck = {"your location": "your location deck", "any location": "any location deck", "your deck": "your deck"}
        text = f"examine {_top_cards(self.examine_deck)} of {deck[self.deck]}"
        if self.reorder:
            text += " and put them back in any order"
        if self.may_draw is not None:
            text += f"; you may draw {_cards_words(self.may_draw)} you examined"
        if self.may_bottom is not None:
            text += f"; you may put {_cards_words(self.may_bottom)} you examined at the bottom of that deck"
        return text


class SwapTrait(_Effect, key="swap_trait", moments=ON_A_CHECK, on_check=True, asks=True):
    """Replace one of these traits of the check with another of them, as the player chooses ("treat a spell's Cold
    trait as Fire")."""

    swap_trait: tuple[Trait, ...]

    def text(self) -> str:
        return f"replace one {listing(self.swap_trait)} trait of the check with another of them"


class IgnoreLocationPowers(_Effect, key="ignore_location_powers", moments=ANY_MOMENT):
    """Ignore your location's At This Location powers until the end of the turn."""

    ignore_location_powers: Literal[True]

    def text(self) -> str:
        return "ignore your location's At This Location powers until the end of the turn"


class BlessingDie(_Effect, key="blessing_die", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Blessings played on the check add dice of this many sides instead of the check's die (an exception to
    CHK-12, which gives a blessing the die the check already rolls): anyone's, or (`played_by: you`) only those
    the character whose power this is plays ("your blessings roll a d12 on local characters' checks")."""

    blessing_die: CardDie
    played_by: Literal["you", "anyone"] = "anyone"

    def text(self) -> str:
        played = "you play" if self.played_by == "you" else "played"
        return f"blessings {played} on the check add d{self.blessing_die}s"


class SharedTraitDice(_Effect, key="shared_trait_dice", moments=ON_A_CHECK, on_check=True, to_succeed=True):
    """Add these dice if the card paid as this power's cost shares a trait, other than Basic and Elite, with
    the card encountered."""

    shared_trait_dice: DiceField

    def text(self) -> str:
        return (
            f"add {self.shared_trait_dice.text()} more if that card shares a trait other than Basic and Elite "
            "with the card encountered"
        )


class InsteadOfDamage(_Effect, key="instead_of_damage",
                      moments=ON_A_CHECK, on_check=True, holds=(("instead_of_damage", True),)):
    """If the check fails, do these effects instead of dealing its damage to the character who attempted it
    (CHK-15: a failed check to defeat a monster deals the difference "unless the card specifies otherwise"): a
    bane's paragraph on the checks to defeat it ("if you fail, instead of you, every character at your location
    is dealt ...")."""

    instead_of_damage: tuple["Effect", ...] = Field(min_length=1)

    def text(self) -> str:
        from pacg.cards.text import effect_text

        effects = listing([effect_text(effect) for effect in self.instead_of_damage], "and")
        return f"if the check fails, instead of the check's damage to you, {effects}"


# --- effects of bane, location and scenario powers ------------------------------------------------------


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


SERVITOR_DEMON = "servitor demon"  # this adventure's servitor demon (SUM-07)
ENCOUNTERED = "the encountered card"  # a copy of the card being encountered (SUM-01: a card in play is copied)


class Summon(_Effect, key="summon", moments=ANY_MOMENT, asks=True):
    """Summon and encounter a card from the box (SUM-01, SUM-02): a named card, "servitor demon" (SUM-07), or
    a random card of a kind (SUM-06); a location is summoned and built with `build_location` (SUM-04). The
    summoned card goes back to the box afterwards; `who: each local` has every character at your location summon
    and encounter one, in turn.
    `decides` makes those encounters decide, in place of its check, whether the card being encountered is
    defeated (or a boon acquired): `yours` (you defeat yours), `all` (every one is defeated) (a barrier with the
    Skirmish trait, ENC-06; "summon and defeat a monster instead of the check to acquire a boon")."""

    summon: str | CardFilter
    who: Characters = Who.YOU
    decides: Literal["yours", "all"] | None = None

    _encountered = encountered_field("summon")

    def text(self) -> str:
        if self.summon == SERVITOR_DEMON:
            what = "this adventure's servitor demon"
        elif self.summon == ENCOUNTERED:
            what = "a copy of the card you are encountering"
        elif isinstance(self.summon, str):
            what = f"{'an' if self.summon[:1] in 'AEIOU' else 'a'} {self.summon}"
        else:
            what = _random(_cards_words(self.summon))
        who = "summon and encounter" if self.who is Who.YOU else f"{self.who.words()} summons and encounters"
        text = f"{who} {what}"
        if self.decides == "yours":
            text += "; you defeat or acquire the card you are encountering only if you defeat yours"
        elif self.decides == "all":
            text += "; you defeat or acquire the card you are encountering only if every one of them is defeated"
        return text


class BuildLocation(_Effect, key="build_location", moments=ANY_MOMENT):
    """Summon and build a location: if it is not already built, take it from the box and build it as at the
    setup; it and its deck stay for the rest of the scenario, a location like any other (SUM-04)."""

    build_location: str

    def text(self) -> str:
        return f"summon and build the {self.build_location}"


class ForEach(_Effect, key="for_each", moments=ANY_MOMENT, holds=(("do", False),), asks=True):
    """Do these effects for each of some characters, one after another: each of them is "you" in them ("each
    character at your location attempts a Wisdom 5 check")."""

    for_each: Literal[Who.EACH_LOCAL, Who.EACH_OTHER_LOCAL, Who.EACH, Who.EACH_OTHER] | WhoWithTraits
    do: tuple["Effect", ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _a_group(self) -> "ForEach":
        if isinstance(self.for_each, WhoWithTraits) and self.for_each.who not in _GROUPS:
            raise ValueError(f"for_each names a group of characters ({', '.join(_GROUPS)}), not one character")
        return self

    def text(self) -> str:
        from pacg.cards.text import effect_text

        return f"for {self.for_each.words()}: {listing([effect_text(effect) for effect in self.do], 'and')}"


class Attempt(_Effect, key="attempt", moments=ANY_MOMENT, holds=(("success", True), ("failure", True)), asks=True):
    """Attempt a check (CHK-02 grammar), then do `success` or `failure` effects ("before you act, succeed at
    a Perception 9 check or the difficulty is increased by 3")."""

    attempt: str
    success: tuple["Effect", ...] = ()
    failure: tuple["Effect", ...] = ()

    @field_validator("attempt")
    @classmethod
    def _parses(cls, check: str) -> str:
        from pacg.cards.checks import parse_check

        parse_check(check)
        return check

    def text(self) -> str:
        from pacg.cards.text import effect_text

        text = f"attempt {parse_check(self.attempt).a_check()}"
        if self.success:
            text += "; on a success, " + listing([effect_text(effect) for effect in self.success], "and")
        if self.failure:
            text += "; on a failure, " + listing([effect_text(effect) for effect in self.failure], "and")
        return text


class BlessingToLocation(_Effect, key="blessing_to_location", moments=ANY_MOMENT):
    """Shuffle the top card of the blessings deck into your location deck (a removal from the blessings deck:
    with none left, the scenario is lost, END-01)."""

    blessing_to_location: Literal[True]

    def text(self) -> str:
        return "shuffle the top card of the blessings deck into your location deck"


THIS_CARD = "this card"  # the card whose power it is
TOP_OF_BLESSINGS_DISCARD = "top of blessings discard"  # the top card of the blessings discard pile


class ShuffleIntoBlessingsDeck(_Effect, key="shuffle_into_blessings_deck", moments=ANY_MOMENT):
    """Shuffle a card into the blessings deck: a named card from the box (a scenario's setup: "shuffle the
    villain into the blessings deck"; nothing if the box has none), this card, the card whose power it is
    (a bane that came up as the blessings deck advanced goes back into it), or the top card of the blessings
    discard pile (`top of blessings discard`; nothing if the pile is empty)."""

    shuffle_into_blessings_deck: str

    def text(self) -> str:
        if self.shuffle_into_blessings_deck == THIS_CARD:
            return "shuffle this card into the blessings deck"
        if self.shuffle_into_blessings_deck == TOP_OF_BLESSINGS_DISCARD:
            return "shuffle the top card of the blessings discard pile into the blessings deck"
        return f"shuffle {self.shuffle_into_blessings_deck} from the box into the blessings deck"


class Dies(_Effect, key="dies", moments=ANY_MOMENT, asks=True):
    """The characters named die (DEATH-01: deck, hand and discard pile are buried; no more turns or plays this
    scenario; DEATH-02 when no one is left): "if you fail to defeat him, you die"."""

    dies: Characters

    def text(self) -> str:
        return "you die" if self.dies is Who.YOU else f"{self.dies.words()} dies"


class EndTurn(_Effect, key="end_turn", moments=ANY_MOMENT):
    """Your turn ends at once (ENC-09: an encounter under way ends, its card neither defeated nor undefeated)."""

    end_turn: Literal[True]

    def text(self) -> str:
        return "your turn ends"


class CannotEvade(_Effect, key="cannot_evade", moments=frozenset({Timing.EVASION}), kinds={Kind.STANDING}):
    """The card being encountered can't be evaded: no evasion power may be used on it ("cannot" beats "can",
    GOLD-03)."""

    cannot_evade: Literal[True]

    def text(self) -> str:
        return "this card can't be evaded"


# --- effects that last, restrict, choose ------------------------------------------------------------------


Until = Literal["end of turn", "end of encounter", "end of exploration", "end of next exploration"]


class Lasting(_Effect, key="lasting", moments=ANY_MOMENT, asks=True):
    """Paragraphs that apply, for some characters, until the end of the turn, of the encounter or of the
    exploration ("during that exploration, add 1d4+2 to your checks to acquire"; "you can't play weapons or
    spells against it"), or only during the next exploration of the turn: the one the power gives you, even
    one it gives you in the middle of another ("roll 1d6: on a 4 or more, explore again, and add 1d4 to your
    checks during that exploration"). A paragraph that applies by itself is written `optional: false`; an
    optional one is a power the character may use meanwhile, and "this card" in it is the card whose power
    left it ("bury this card from your discard pile")."""

    lasting: tuple["Power", ...] = Field(min_length=1)
    until: Until
    who: Characters = Who.YOU

    def text(self) -> str:
        from pacg.cards.text import Reading, power_text

        whom = "" if self.who is Who.YOU else f", for {self.who.words()}"
        if self.until == "end of next exploration":
            when = "during your next exploration this turn"
        else:
            when = f"until the {self.until.replace('end of ', 'end of the ')}"
        paragraphs = "; ".join(power_text(power, Reading(section=True)).rstrip(".") for power in self.lasting)
        return f"{when}{whom}: {paragraphs[:1].lower()}{paragraphs[1:]}"


class CannotPlay(_Effect, key="cannot_play",
                 moments=frozenset({Timing.ANY_TIME}), kinds={Kind.STANDING}, read_where_it_applies=True):
    """You can't play cards of this kind ("cannot" beats "can", GOLD-03); written in a lasting paragraph."""

    cannot_play: CardFilter

    def text(self) -> str:
        return f"you can't play {_cards_words(self.cannot_play, plural=True)}"


class CannotMove(_Effect, key="cannot_move",
                 moments=frozenset({Timing.ANY_TIME}), kinds={Kind.WHILE_DISPLAYED}, read_where_it_applies=True):
    """No one may move into or out of the location this card is displayed by (a bane's paragraph `while:
    displayed`, `when: any time`; "cannot" beats "can", GOLD-03)."""

    cannot_move: Literal[True]

    def text(self) -> str:
        return "no one may move into or out of this location"


class CannotReduce(_Effect, key="cannot_reduce", moments=frozenset({Timing.DAMAGE}), kinds={Kind.STANDING}):
    """The damage being dealt can't be reduced (a bane's paragraph for the damage it deals)."""

    cannot_reduce: Literal[True]

    def text(self) -> str:
        return "the damage can't be reduced"


class ChooseOne(_Effect, key="choose_one", moments=ANY_MOMENT, holds=(("choose_one", False),), asks=True):
    """The player chooses one of these lists of effects and does it ("add the Electricity or the Force
    trait"; "draw a card or examine the top card of your location deck")."""

    choose_one: tuple[tuple["Effect", ...], ...] = Field(min_length=2)

    def text(self) -> str:
        from pacg.cards.text import effect_text

        return "choose one: " + " or ".join(
            listing([effect_text(effect) for effect in option], "and") for option in self.choose_one)


class May(_Effect, key="may", moments=ANY_MOMENT, holds=(("may", False), ("if_you_do", False)), asks=True):
    """The player may do these effects; if they do, the `if_you_do` effects follow ("you may bury a card; if
    you do, explore again")."""

    may: tuple["Effect", ...] = Field(min_length=1)
    if_you_do: tuple["Effect", ...] = ()

    def text(self) -> str:
        from pacg.cards.text import effect_text

        text = "you may " + listing([effect_text(effect, True) for effect in self.may], "and")
        if self.if_you_do:
            text += "; if you do, " + listing([effect_text(effect) for effect in self.if_you_do], "and")
        return text


class ChooseFromBox(_Effect, key="choose_from_box",
                    moments=ANY_MOMENT, holds=(("if_kept", False), ("if_not", False)), asks=True):
    """Draw random cards of a kind from the box and look at them; you may keep one (into your hand) and the
    rest go back. Then the `if_kept` or `if_not` effects ("keeping one leaves the barrier undefeated")."""

    choose_from_box: CardFilter
    _from_box = from_box_field("choose_from_box")
    count: AmountField = Amount(3)
    if_kept: tuple["Effect", ...] = ()
    if_not: tuple["Effect", ...] = ()

    def text(self) -> str:
        from pacg.cards.text import effect_text

        what = f"{self.count.text()} random {_cards_words(self.choose_from_box, plural=True)}"
        text = f"draw {what} from the box; you may keep one, and the others go back"
        if self.if_kept:
            text += "; if you keep one, " + listing([effect_text(effect) for effect in self.if_kept], "and")
        if self.if_not:
            text += "; if you don't, " + listing([effect_text(effect) for effect in self.if_not], "and")
        return text


class AcquireFromBox(_Effect, key="acquire_from_box", moments=ANY_MOMENT, asks=True):
    """Each character `who` names, in turn, draws a random card of a kind from the box and attempts its check to
    acquire it (DRAW-01, SUM-06): acquired, it goes into their hand; not, back into the box. With `decides: all`
    the card being encountered is defeated only if every one is acquired, and the cards are kept only then; else
    they all go back into the box (a Rallying Cry, whose check is See Below, ENC-06)."""

    acquire_from_box: CardFilter
    _from_box = from_box_field("acquire_from_box")
    who: Characters = Who.YOU
    decides: Literal["all"] | None = None

    def text(self) -> str:
        what = _random(_cards_words(self.acquire_from_box))
        if self.who is Who.YOU:
            text = f"draw {what} from the box and attempt to acquire it"
        else:
            text = f"{self.who.words()} draws {what} from the box and attempts to acquire it"
        if self.decides == "all":
            text += ("; the card you are encountering is defeated only if every one of them is acquired, and only then"
                     " are they kept: otherwise they are banished")
        return text


class AddToLocation(_Effect, key="add_to_location", moments=ANY_MOMENT):
    """Shuffle random cards of a kind from the box into your location deck (SUM-05: added cards are shuffled in;
    SUM-06: random cards with a requirement). Where you are leaving, it is the location you leave."""

    add_to_location: CardFilter
    count: AmountField = Amount(1)

    _encountered = encountered_field("add_to_location")

    def text(self) -> str:
        what = _random(_cards_words(self.add_to_location)) if self.count == Amount(1) else (
            f"{self.count.text()} random {_cards_words(self.add_to_location, plural=True)}")
        return f"shuffle {what} from the box into your location deck"


class MoveAlong(_Effect, key="move_along", moments=frozenset({Timing.LEAVE}), holds=(("if_any", False),), asks=True):
    """As you move (a paragraph for when you leave a location, TURN-03), up to this many other characters at the
    location you leave may move with you ("another character at your location may move with you"); if any does,
    the `if_any` effects follow, while you are still at the location you leave."""

    move_along: Number = Field(ge=1, le=MAX_AMOUNT)
    if_any: tuple["Effect", ...] = ()  # done if any character came along, before you leave ("if one does, ...")

    def text(self) -> str:
        from pacg.cards.text import effect_text

        if self.move_along == 1:
            text = "another character at your location may move with you"
        else:
            text = f"up to {self.move_along} other characters at your location may move with you"
        if self.if_any:
            text += "; if one does, " + listing([effect_text(effect) for effect in self.if_any], "and")
        return text


class Redeem(_Effect, key="redeem", moments=ANY_MOMENT, asks=True):
    """Redeem a boon the redemption card lists (RED-01): check it off, and for the rest of the Adventure Path
    that boon no longer has the Corrupted trait. The boon is this card, the card encountered (a boon just
    acquired), or one of your cards from a place, which you choose."""

    redeem: Literal["this card", "encountered", "hand", "discard pile", "deck", "buried"]

    def text(self) -> str:
        if self.redeem == "this card":
            return "redeem this card"
        if self.redeem == "encountered":
            return "redeem the card you are encountering"
        place = "buried cards" if self.redeem == "buried" else self.redeem
        return f"redeem a card from your {place}"


class GiveCard(_Effect, key="give_card", moments=ANY_MOMENT, asks=True):
    """Give a card from your hand to a character, wherever they are (TURN-02 gives only to a character at your
    location: this power is its exception)."""

    give_card: Characters

    def text(self) -> str:
        return f"give a card from your hand to {self.give_card.words()}"


class GiveAcquired(_Effect, key="give_acquired", moments=frozenset({Timing.ACQUIRE}), asks=True):
    """Give the boon you are acquiring to a character: it goes into their hand instead of yours (ENC-07)."""

    give_acquired: Who

    def text(self) -> str:
        return f"give the acquired card to {self.give_acquired.words()}"


class IgnoreTraits(_Effect, key="ignore_traits", moments=ANY_MOMENT, asks=True):
    """Ignore one of these traits of a card (the card encountered, your location, one of your cards, the top of
    the blessings discard pile) until the end of the turn: no power that asks for it sees it (GOLD-03)."""

    ignore_traits: tuple[Trait, ...] = Field(min_length=1)

    def text(self) -> str:
        return f"ignore the {listing(self.ignore_traits)} trait of a card until the end of the turn"


class ExchangeFromBox(_Effect, key="exchange_from_box", moments=frozenset({Timing.AFTER_PLAYING})):
    """Exchange the card just played for a random card of a kind from the box: the played card goes back to the
    box, and the box's card takes its place, wherever the play put it (nothing happens if the box has none)."""

    exchange_from_box: CardFilter
    _from_box = from_box_field("exchange_from_box")

    def text(self) -> str:
        return f"exchange it for {_random(_cards_words(self.exchange_from_box))} from the box"


class SwapFromBox(_Effect, key="swap_from_box", moments=frozenset({Timing.ON_ENCOUNTER}), asks=True):
    """Draw a random card of the encountered card's type from the box; encounter one of the two, and banish the
    other (a location's "when you encounter a boon here")."""

    swap_from_box: Literal[True]

    def text(self) -> str:
        return ("draw a random card of the same type from the box; encounter one of the two cards and banish the "
                "other")




def _effect_tag(value: Any) -> str | None:
    if isinstance(value, dict):
        keys = [key for key in value if key in EFFECT_MODELS]
        return keys[0] if len(keys) == 1 else None
    for key, model in EFFECT_MODELS.items():
        if isinstance(value, model):
            return key
    return None


if TYPE_CHECKING:
    Effect: TypeAlias = _Effect
else:
    # Every model of EFFECT_MODELS, in its order, tagged with its key. One Union[...] of them all rather than
    # `A | B | ...`: each `|` makes a union of all before it, 80 times over (7 ms a start).
    Effect = Annotated[
        Union[tuple(Annotated[model, Tag(key)] for key, model in EFFECT_MODELS.items())],  # noqa: UP007
        Discriminator(
            _effect_tag,
            custom_error_type="unknown_effect",
            custom_error_message="an effect must have exactly one of: " + ", ".join(EFFECT_MODELS),
        ),
    ]
"""One effect primitive, written in a card file as a mapping with its name as the key (to the type checker: any
model of the power language's effects, `_Effect`)."""

ONLY_TO_SUCCEED = frozenset(model for model in EFFECT_MODELS.values() if model.to_succeed)
"""The effects that can only make a check likelier to succeed (`to_succeed`), to test a power's effects against at
once (`engine.questions.worth_asking`, for every play considered)."""




# --- the power ---------------------------------------------------------------------------------------


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
        from pacg.cards.checks import parse_check

        parse_check(value)
        return value


class PowerFeat(_Strict):
    """A power feat box (FEAT-02): its label as printed, and the power as it reads once checked."""

    box: str
    power: "Power"


# A pydantic dataclass, validated like the models, rather than a model: the engine reads a power's fields at
# every step of every game, and reading a model's attribute is several times slower (`BaseModel` defines
# `__getattr__`, which keeps its reads off Python's fast path). Validate one with `TypeAdapter(Power)`.
@pydantic_dataclass(kw_only=True, config=_Strict.model_config)
class Power:
    """One paragraph of powers on a card."""

    when: Timing
    action: CardAction | None = None
    cost: Cost | ThisCardCost | ChargeCost | DamageCost | None = None  # a card to play, charges to expend, damage
    whose: Whose = Whose.YOUR
    while_in: Annotated[Literal["displayed", "encountered"] | None, Field(alias="while")] = None
    conditions: Annotated[Conditions, Field(alias="if")] = dataclass_field(default_factory=Conditions)
    effects: tuple[Effect, ...] = ()
    optional: bool = True
    recharge_check: RechargeCheck | None = None
    feats: tuple[PowerFeat, ...] = ()
    box: str | None = None  # a paragraph that begins with a feat box: it applies once that box is checked
    repeatable: bool = False  # may be used again on the same check or step, paying its cost each time (PLAY-03)

    @model_validator(mode="after")
    def _mandatory_powers_are_not_played(self) -> "Power":
        if not self.optional and (self.action is not None or self.cost is not None):
            raise ValueError("a mandatory paragraph (optional: false) can't require playing a card")
        if self.repeatable and self.cost is None:
            raise ValueError("a repeatable power needs a cost, paid each time it is used")
        if not self.effects and self.action is None:
            raise ValueError("a paragraph needs effects, unless playing the card is all it does (an action)")
        revealing = self.recharge_check is not None and self.recharge_check.to == "reveal"
        if revealing and self.action is not CardAction.RECHARGE:
            raise ValueError("a check to reveal a card instead of recharging it needs 'action: recharge'")
        return self

    @cached_property
    def _first_of_kind(self) -> Mapping[type, Any]:
        first: dict[type, Any] = {}
        for effect in self.effects:
            first.setdefault(type(effect), effect)
        return MappingProxyType(first)

    def effect(self, kind: type[_Strict]) -> Any:
        """The first effect of this kind, or None."""
        return self._first_of_kind.get(kind)

    @cached_property
    def effects_text(self) -> str:
        """What the paragraph's effects do, in words."""
        from pacg.cards.text import effect_text  # the text module reads this one

        return "; ".join(effect_text(effect) for effect in self.effects)

    @cached_property
    def effect_kinds(self) -> frozenset[type]:
        """The kinds of effect the paragraph has: what it can do, at a glance."""
        return frozenset(self._first_of_kind)

    @cached_property
    def is_choice(self) -> bool:
        """Whether a player may choose to use the paragraph: it is optional, and more than a replacement,
        which applies where a card goes instead of being used (PLAY-10)."""
        return self.optional and self.effect_kinds != {Instead}

    @cached_property
    def moment(self) -> Moment:
        """When a player may choose to use the paragraph: its timing and, on a check, whether it sets the
        skill (offered only while the skill is chosen, CHK-05) and whether it rerolls (only once the dice
        are rolled, CHK-13)."""
        kinds = self.effect_kinds
        return self.when, UseSkill in kinds, Reroll in kinds



@cache
def complete_models() -> None:
    """Build the validators of the power language's models before the first card file is validated
    (`pacg.cards.loader`), in the order they are defined, and last the ones that hold effects or powers, whose
    types refer to one another: so each reuses the ones built before it. Left to be built as each card type is
    first validated, they would be built again inside each, taking twice as long."""
    referring = (Conditions, AfterCheck, InsteadOfDamage, ForEach, ChooseOne, May, ChooseFromBox, RollDie, Attempt,
                 PowerFeat, Lasting)
    for model in [model for model in _Strict.__subclasses__() if model not in referring] + list(referring):
        model.model_rebuild()


PowersByTiming = Mapping[Timing | None, tuple[tuple[int, Power], ...]]
ChoicesByMoment = Mapping[Moment, tuple[tuple[Any, Power], ...]]

_Key = TypeVar("_Key")
_Item = TypeVar("_Item")


def _read_only(groups: dict[_Key, list[_Item]]) -> Mapping[_Key, tuple[_Item, ...]]:
    """Groups as a card keeps them, shared by every game that reads them: a read-only mapping of tuples."""
    return MappingProxyType({key: tuple(group) for key, group in groups.items()})


def powers_by_timing(powers: Sequence[Power]) -> PowersByTiming:
    """A card's powers by timing, each with its place on the card; all of them under None."""
    by_timing: dict[Timing | None, list[tuple[int, Power]]] = {None: list(enumerate(powers))}
    for index, power in enumerate(powers):
        by_timing.setdefault(power.when, []).append((index, power))
    return _read_only(by_timing)


def choices_by_moment(powers: Iterable[tuple[Any, Power]]) -> ChoicesByMoment:
    """The paragraphs a player may choose to use (`Power.is_choice`), each with its key, by `Power.moment`."""
    by_moment: dict[Moment, list[tuple[Any, Power]]] = {}
    for key, power in powers:
        if power.is_choice:
            by_moment.setdefault(power.moment, []).append((key, power))
    return _read_only(by_moment)


# --- a character's chosen trait ------------------------------------------------------------------------


_POWER_DATA = TypeAdapter(Power)


def _with_trait(data: Any, trait: str) -> Any:
    """Card data with `chosen` replaced by a trait wherever it is written in a list of traits."""
    if isinstance(data, tuple):
        return tuple(trait if item == CHOSEN else _with_trait(item, trait) for item in data)
    if isinstance(data, dict):
        return {key: _with_trait(value, trait) for key, value in data.items()}
    return data


def with_chosen_trait(power: Power, trait: str) -> Power:
    """The paragraph as it reads once its character has chosen a trait (ChooseTrait): `chosen` is that trait.
    A paragraph that names no chosen trait is itself."""
    if not names_chosen_trait(power):
        return power
    return _POWER_DATA.validate_python(_with_trait(_POWER_DATA.dump_python(power, by_alias=True), trait))


def names_chosen_trait(part: Any) -> bool:
    """Whether a paragraph (or a part of one: an effect, conditions, a list of them) names its character's chosen
    trait in a list of traits."""
    if isinstance(part, tuple):
        return any(item == CHOSEN or names_chosen_trait(item) for item in part)
    if isinstance(part, BaseModel):  # what a default leaves out names no trait
        return any(names_chosen_trait(getattr(part, name)) for name in part.model_fields_set)
    if isinstance(part, Power):
        return any(names_chosen_trait(getattr(part, name)) for name in _POWER_FIELDS)
    return False


_POWER_FIELDS = ("cost", "conditions", "effects", "feats")
