"""The card file format: one pydantic model per card type (SET-02), validated when a file is loaded.

Every card records where its facts come from: `provenance: published` for a card whose numbers and powers
follow a public description of the real card, `provenance: standin` for a card designed to fit its type,
traits and set because no source describes it (anyone holding the real card can correct the file).

A card, once read, never changes: every model is frozen, its lists are tuples and its mappings read-only, so
the one copy a library holds can serve every game (a game keeps what changes, such as an ignored trait, itself).

As in `pacg.cards.powers`, the annotations are evaluated as Python reads them (no `from __future__ import
annotations`), not by pydantic from their text as it defines each model.
"""

import unicodedata
from collections.abc import Mapping
from functools import cached_property
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    WithJsonSchema,
    WrapSerializer,
    field_validator,
)

from pacg.cards.checks import Check, parse_check
from pacg.cards.powers import (
    CardFilter,
    ChoicesByMoment,
    Cost,
    Instead,
    Number,
    Power,
    PowersByTiming,
    Timing,
    Trait,
    Who,
    choices_by_moment,
    encountered_field,
    powers_by_timing,
)
from pacg.cards.vocabulary import (
    ABILITIES,
    BANE_TYPES,
    BOON_TYPES,
    DECK_TYPES,
    CardType,
    DamageType,
    Proficiency,
    Skill,
    adventure_deck_number,
)
from pacg.dice import CARD_DICE, check_card_dice


def _check(value: Any) -> Check:
    if isinstance(value, Check):
        return value
    if not isinstance(value, str):
        raise ValueError("a check is written like 'Strength or Melee 9 or Acrobatics 6'")
    return parse_check(value)


CheckField = Annotated[
    Check,
    PlainValidator(_check),
    PlainSerializer(str),
    WithJsonSchema({"type": "string", "description": "a check such as 'Combat 8 or Dexterity or Stealth 6'"}),
]


def _die(value: Any) -> int:
    if isinstance(value, str) and value.startswith("d") and value[1:].isdigit() and len(value) <= 4:
        sides = int(value[1:])
        check_card_dice(1, sides)
        return sides
    raise ValueError(f"a die is written like d8, not {value!r}")


DieField = Annotated[
    int,
    PlainValidator(_die),
    PlainSerializer(lambda sides: f"d{sides}"),
    WithJsonSchema({"type": "string", "enum": [f"d{sides}" for sides in CARD_DICE]}),
]

# Bounds of a card's numbers: well above any real card's, so that a typo is refused when the card is read
# rather than making a game hang or run out of memory ("copies: 1000000000000").
MAX_COPIES = 60
MAX_FEATS = 10  # feat boxes on one line of a card: real cards have up to 4
MAX_HAND_SIZE = 15
MAX_DECK_COUNT = 20  # cards of one type in a Cards List or a location's deck list
MAX_SKILL_MODIFIER = 10  # "Melee: Strength +3"
MAX_PLAYERS = 6  # a scenario lists its locations for 1 to 6 players (SETUP-05)

DeckCount = Annotated[Number, Field(ge=0, le=MAX_DECK_COUNT)]

MAX_NAME_LENGTH = 64  # the longest real card name has 27 characters
MARKUP_CHARACTERS = "[]<>{}\\"  # markup: the terminal's ([bold], \[ escaped), the web page's (<b>), templates' ({{ }})
_LINE_BREAKS = ("Zl", "Zp")  # the line and paragraph separators; a newline is a control character ("Cc")


def _plain_name(name: str) -> str:
    """A name as a card prints it: one line of plain text of at most MAX_NAME_LENGTH characters, with no markup,
    no control character and no space at either end: names are shown on the terminal and the web page as they
    are written, and matched as they are typed."""
    if not name or len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a name has 1 to {MAX_NAME_LENGTH} characters, not {len(name):,}")
    for character in name:
        category = unicodedata.category(character)
        if category.startswith("C") or category in _LINE_BREAKS:
            raise ValueError(f"a name is one line of text, without line breaks or control characters: not "
                             f"U+{ord(character):04X}")
        if character in MARKUP_CHARACTERS:
            raise ValueError(f"a name is plain text, without markup such as [bold] or <b>: not {character!r}")
    if name.strip() != name:
        raise ValueError("a name doesn't start or end with a space")
    return name


CardName = Annotated[str, AfterValidator(_plain_name)]
"""The name of a card (or of a role), the card's own or another's it names: `_plain_name`."""

SetIndicator = Annotated[
    Literal["B", "C", "P", "1", "2", "3", "4", "5", "6"],
    BeforeValidator(lambda value: str(value) if isinstance(value, int) else value),  # `set: 1` reads as a number
]

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def _read_only(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(mapping)


def _as_dict(mapping: Mapping[Any, Any], serialize: SerializerFunctionWrapHandler) -> Any:
    return serialize(dict(mapping))


ReadOnly = Annotated[
    Mapping[_Key, _Value],
    AfterValidator(_read_only),
    WrapSerializer(_as_dict),
    Field(validate_default=True),  # a default ({}) is made read-only too, rather than shared as it is
]
"""A mapping of a card that can't be changed: a card file's mapping, read-only once read."""


class _Strict(BaseModel):
    # Built when first needed, as the powers' models are (`pacg.cards.powers.complete_models`).
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


class Card(_Strict):
    """What every card has: name, type, set indicator, traits, copies and provenance."""

    name: CardName = Field(min_length=1)
    type: CardType
    set: SetIndicator
    traits: tuple[Trait, ...] = ()
    copies: Number = Field(1, ge=1, le=MAX_COPIES)
    provenance: Literal["published", "standin"]
    notes: str | None = None  # sources, or what a stand-in was modelled on

    @property
    def adventure_deck_number(self) -> int:
        """The card's adventure deck number: 0 for letter sets (SET-01)."""
        return adventure_deck_number(self.set)

    @property
    def counts_as(self) -> CardType:
        """The type the card counts as: its own, but for loot and villains and henchmen (LOOT-01, BANE-01)."""
        return self.type

    @property
    def is_basic(self) -> bool:
        return "Basic" in self.traits

    def basic_for(self, character: str) -> bool:
        """Whether the character treats the card as Basic: it has the Basic trait (a boon may also have an owner,
        `Boon.basic_for`, OWN-01)."""
        return self.is_basic

    @property
    def is_boon(self) -> bool:
        return self.type in BOON_TYPES

    @property
    def is_bane(self) -> bool:
        return self.type in BANE_TYPES

    @property
    def paragraphs(self) -> tuple[Power, ...]:
        """The powers that act while the card is in play: a location's are its At This Location powers."""
        return getattr(self, "powers", ())

    @cached_property
    def powers_by_timing(self) -> PowersByTiming:
        """The card's paragraphs by timing."""
        return powers_by_timing(self.paragraphs)

    @cached_property
    def instead_powers(self) -> tuple[Power, ...]:
        """The card's paragraphs that send a card somewhere else than a play would (`instead`, PLAY-10)."""
        return tuple(power for power in self.paragraphs if Instead in power.effect_kinds)

    @cached_property
    def choices_by_moment(self) -> ChoicesByMoment:
        """The card's paragraphs a player may choose to use, each with its place on the card, by moment."""
        return choices_by_moment(enumerate(self.paragraphs))

    @cached_property
    def displayed_standing(self) -> Mapping[Timing, int]:
        """How many of the card's paragraphs work by themselves while it is displayed, by timing."""
        counts: dict[Timing, int] = {}
        for power in self.paragraphs:
            if power.while_in == "displayed" and not power.optional:
                counts[power.when] = counts.get(power.when, 0) + 1
        return MappingProxyType(counts)


def _restrict_type(*allowed: CardType) -> Any:
    def validate(cls: type, value: CardType) -> CardType:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(sorted(allowed))}")
        return value

    return field_validator("type")(classmethod(validate))


def _only_deck_types(counts: Mapping[CardType, Any]) -> Mapping[CardType, Any]:
    """Decks (a character's Cards List, a location's deck list) hold only banes and boons by type."""
    for card_type in counts:
        if card_type not in DECK_TYPES:
            raise ValueError(f"{card_type} is not a card type a deck holds")
    return counts


# --- boons and banes ---------------------------------------------------------------------------------


# The types a loot card may act as: any other boon's (LOOT-01).
LOOT_TYPES = tuple(card_type for card_type in CardType if card_type in BOON_TYPES and card_type != CardType.LOOT)
_LOOT_TYPES_TEXT = ", ".join(LOOT_TYPES)


class Boon(Card):
    """A weapon, spell, armor, item, ally, blessing or loot (BOON-01)."""

    check_to_acquire: CheckField | None = None
    acquire_costs: tuple[Cost, ...] = ()  # ways to acquire other than a check ("bury an armor")
    powers: tuple[Power, ...] = ()
    loot_type: CardType | None = Field(None, validate_default=True)  # a loot card acts as this type (LOOT-01)
    owner: CardName | None = Field(None, min_length=1, validate_default=True)  # with the Owner trait: whose (OWN-01)

    _type = _restrict_type(*BOON_TYPES)

    @field_validator("check_to_acquire", "acquire_costs")
    @classmethod
    def _loot_is_acquired_automatically(cls, value: Any, info: ValidationInfo) -> Any:
        """Loot has no check to acquire, nor any other way to acquire it: it is acquired automatically (LOOT-01)."""
        if info.data.get("type") == CardType.LOOT and value not in (None, ()):
            raise ValueError("loot is acquired automatically, with no check to acquire nor a cost (LOOT-01)")
        return value

    @field_validator("loot_type")
    @classmethod
    def _loot_lists_a_type(cls, value: CardType | None, info: ValidationInfo) -> CardType | None:
        """A loot card lists the type of boon it acts as, and only a loot card lists one (LOOT-01)."""
        card_type = info.data.get("type")
        if card_type is None:  # the card's type is wrong, which is reported already
            return value
        if card_type != CardType.LOOT:
            if value is not None:
                raise ValueError(f"only a loot card lists the type it acts as, not a {card_type}")
        elif value is None:
            raise ValueError(f"a loot card lists the type of boon it acts as (LOOT-01): {_LOOT_TYPES_TEXT}")
        elif value not in LOOT_TYPES:
            raise ValueError(f"a loot card acts as a boon of another type ({_LOOT_TYPES_TEXT}), not as {str(value)!r}")
        return value

    @field_validator("owner")
    @classmethod
    def _owner_trait_names_its_owner(cls, value: str | None, info: ValidationInfo) -> str | None:
        """The Owner trait is followed by the name of a character (OWN-01): a card with the trait names its owner,
        and only a card with it does."""
        traits = info.data.get("traits")
        if traits is None:  # the traits are wrong, which is reported already
            return value
        if "Owner" in traits and value is None:
            raise ValueError("a card with the Owner trait names its owner, the character who treats it as Basic "
                             "(OWN-01)")
        if "Owner" not in traits and value is not None:
            raise ValueError("only a card with the Owner trait has an owner: add the trait (OWN-01)")
        return value

    @property
    def counts_as(self) -> CardType:
        """The type the card counts as when played and in a Cards List (LOOT-01)."""
        return self.loot_type or self.type

    def basic_for(self, character: str) -> bool:
        """Whether the character treats the card as Basic: a card with the Basic trait, or one with the Owner trait
        whose owner is that character, for them and only them (OWN-01)."""
        return self.is_basic or (self.owner is not None and self.owner == character)


class Bane(Card):
    """A villain, henchman, monster or barrier."""

    check_to_defeat: CheckField
    immunities: tuple[Trait, ...] = ()
    damage_type: str = "Combat"  # the type of the damage it deals (CHK-15)
    counts_as_type: Literal["monster", "barrier"] | None = None  # for villains and henchmen (BANE-01)
    powers: tuple[Power, ...] = ()

    _type = _restrict_type(*BANE_TYPES)

    @property
    def counts_as(self) -> CardType:
        """Villains and most henchmen count as monsters, a few henchmen as barriers (BANE-01)."""
        if self.type in (CardType.VILLAIN, CardType.HENCHMAN):
            return CardType.BARRIER if self.counts_as_type == "barrier" else CardType.MONSTER
        return self.type

    @property
    def is_monster(self) -> bool:
        return self.counts_as == CardType.MONSTER


# --- characters ----------------------------------------------------------------------------------------


class SkillEntry(_Strict):
    """A skill on a character card: its die, its skill feat boxes (+1, +2, ...) and derived skills.

    `derived: {Melee: 3}` is printed "Melee: Strength +3" (DICE-03).
    """

    die: DieField
    feats: Number = Field(0, ge=0, le=MAX_FEATS)
    derived: ReadOnly[Skill, Annotated[Number, Field(ge=-MAX_SKILL_MODIFIER, le=MAX_SKILL_MODIFIER)]] = {}


class Counted(_Strict):
    """A number with feat boxes that raise it by one each (hand size, a Cards List line)."""

    start: DeckCount
    feats: Number = Field(0, ge=0, le=MAX_FEATS)


class HandSize(Counted):
    """A hand size, which is at least 1 (a starting hand of 0 could never hold a card of the favored type, SETUP-10)."""

    start: Number = Field(ge=1, le=MAX_HAND_SIZE)


class ProficiencyEntry(_Strict):
    name: Proficiency
    feat: bool = False  # True: a power feat box that grants it


class Role(_Strict):
    """One side of a character's role card (ROLE-01)."""

    name: CardName
    hand_size: HandSize
    proficiencies: tuple[ProficiencyEntry, ...] = ()
    powers: tuple[Power, ...] = ()


class Character(Card):
    """A character card with its role card (CHAR-01, FEAT-01..02, ROLE-01)."""

    skills: ReadOnly[Skill, SkillEntry]
    hand_size: HandSize
    proficiencies: tuple[ProficiencyEntry, ...] = ()
    favored: tuple[CardType, ...] = Field(min_length=1)
    cards_list: ReadOnly[CardType, Counted]
    cohort: CardName | None = None
    powers: tuple[Power, ...] = ()
    roles: tuple[Role, ...] = ()
    suggested_deck: ReadOnly[CardType, tuple[CardName, ...]] = {}  # rulebook page 28 (SETUP-02)

    _type = _restrict_type(CardType.CHARACTER)

    @field_validator("skills")
    @classmethod
    def _abilities_first(cls, skills: Mapping[Skill, SkillEntry]) -> Mapping[Skill, SkillEntry]:
        for skill in skills:
            if skill not in ABILITIES:
                raise ValueError(f"{skill} is not an ability; list it under its ability's 'derived'")
        return skills

    _deck_types = field_validator("cards_list", "suggested_deck")(_only_deck_types)


# --- locations and story cards --------------------------------------------------------------------------


class ClosingOption(_Strict):
    """One way to meet a When Closing requirement: a check, a cost, a card to summon and defeat or acquire
    (SUM-03), damage to be dealt (it may be reduced: being dealt what is left meets the requirement), or
    nothing ("close automatically")."""

    check: CheckField | None = None
    cost: Cost | None = None
    summon: str | CardFilter | None = None
    who: Who = Who.YOU  # who summons: each of them must defeat (or acquire) theirs ("each character here")
    damage: Number | None = Field(None, ge=1, le=20)  # be dealt this much damage ("be dealt 4 Combat damage")
    damage_type: DamageType = DamageType.COMBAT
    automatic: bool = False

    _encountered = encountered_field("summon")


class Location(Card):
    """A location card (LOC-01)."""

    deck: ReadOnly[CardType, DeckCount]
    at_this_location: tuple[Power, ...] = ()
    # the "you may ..." paragraphs it offers a character at another location ("a character at another location
    # may discard a card to evade a card they encounter and move here"), while it is open
    at_other_locations: tuple[Power, ...] = ()
    when_closing: tuple[ClosingOption, ...] = Field(min_length=1)  # "or" between the options (CLOSE-02)
    when_permanently_closed: tuple[Power, ...] = ()

    @property
    def paragraphs(self) -> tuple[Power, ...]:
        return self.at_this_location

    _type = _restrict_type(CardType.LOCATION)
    _deck_types = field_validator("deck")(_only_deck_types)


class Reward(_Strict):
    """What a story card gives on completion (END-03): a feat for each character, loot for the party, a random card
    from the box for each character, a mythic path for each character to choose (MYTH-01), described and as data."""

    text: str
    feat: Literal["skill", "power", "card", "any"] | None = None
    loot: tuple[CardName, ...] = ()
    draw_random: CardFilter | None = None
    mythic_path: bool = False


class Scenario(Card):
    """A scenario card: villains, henchmen (the last one fills the stack, SETUP-07), locations by player
    count (SETUP-05), cohorts (SETUP-11), powers and reward."""

    villains: tuple[CardName, ...] = ()
    henchmen: tuple[CardName, ...] = Field(min_length=1)
    locations: ReadOnly[Annotated[Number, Field(ge=1, le=MAX_PLAYERS)], tuple[CardName, ...]]
    cohorts: tuple[CardName, ...] = ()
    powers: tuple[Power, ...] = ()
    reward: Reward | None = None

    _type = _restrict_type(CardType.SCENARIO)

    def locations_for(self, players: int) -> list[str]:
        """All locations listed up to the number of players (SETUP-05)."""
        return [name for count in sorted(self.locations) if count <= players for name in self.locations[count]]


class Adventure(Card):
    scenarios: tuple[CardName, ...] = Field(min_length=1)
    powers: tuple[Power, ...] = ()
    reward: Reward | None = None

    _type = _restrict_type(CardType.ADVENTURE)


class AdventurePath(Card):
    adventures: tuple[CardName, ...] = Field(min_length=1)
    powers: tuple[Power, ...] = ()
    reward: Reward | None = None

    _type = _restrict_type(CardType.ADVENTURE_PATH)


# --- support cards ---------------------------------------------------------------------------------------


class Cohort(Card):
    """A cohort: a support card that starts in hand; banishing it removes it from the game (COH-01)."""

    powers: tuple[Power, ...] = ()

    _type = _restrict_type(CardType.COHORT)


class MythicPath(Card):
    powers: tuple[Power, ...] = ()

    _type = _restrict_type(CardType.MYTHIC_PATH)


class Redemption(Card):
    """The redemption card: the Corrupted boons that can be redeemed (RED-01)."""

    redeemable: tuple[CardName, ...] = ()

    _type = _restrict_type(CardType.REDEMPTION)


AnyCard = Boon | Bane | Character | Location | Scenario | Adventure | AdventurePath | Cohort | MythicPath | Redemption

MODEL_BY_TYPE: dict[CardType, type[AnyCard]] = {
    **{card_type: Boon for card_type in BOON_TYPES},
    **{card_type: Bane for card_type in BANE_TYPES},
    CardType.CHARACTER: Character,
    CardType.LOCATION: Location,
    CardType.SCENARIO: Scenario,
    CardType.ADVENTURE: Adventure,
    CardType.ADVENTURE_PATH: AdventurePath,
    CardType.COHORT: Cohort,
    CardType.MYTHIC_PATH: MythicPath,
    CardType.REDEMPTION: Redemption,
}
