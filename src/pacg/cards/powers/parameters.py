"""The shared vocabulary of the power language's parameters (DESIGN.md section 2): what every effect and condition
names, in the same words wherever it is named, each with its words as a card prints them.

- numbers and amounts: `Number`, and `AmountField`, `SumField` and `DiceField` for an amount (amounts.py), "1 + AD",
  "AD + location deck", "1d4+1";
- traits: `Trait` (one the game knows, vocabulary.py), `PowerTrait` (or the trait the character chose, `CHOSEN`);
- cards: `CardFilter` ("a non-villain monster", "a weapon with the Ranged trait"), its words (`filter_text`), and
  the validators of a field that names a card to take from the box (SET-03, SUP-01);
- characters: `Who` ("each character at your location", "a random other character") and `WhoWithTraits`.

`_Strict`, the base of every model of the language, is here too: a model refuses a field it doesn't know, never
changes once read, and builds its validator only when one is first needed.
"""

from collections.abc import Callable
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
    field_validator,
)

from pacg.cards.amounts import Amount
from pacg.cards.english import article, listing, plain, plural_of
from pacg.cards.vocabulary import BANE_TYPES, BOON_TYPES, TRAITS, CardType, Skill

# --- numbers and amounts (amounts.py) -------------------------------------------------------------------


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


# --- traits ---------------------------------------------------------------------------------------------


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


_BANE_TYPES = {"villain", "henchman", "monster", "barrier"}
_BOON_TYPES = {"weapon", "spell", "armor", "item", "ally", "blessing"}  # loot counts as one of them (LOOT-01)


def filter_text(card_filter: CardFilter | None, plural: bool = False, default: str = "card") -> str:
    """Which cards a filter admits: "a monster", "a card with the Animal or Vermin trait", "cards ..."."""
    card_filter = card_filter or ANY_CARD
    if card_filter.names:  # a named card: its name says the rest
        return listing(card_filter.names)
    nouns = [plain(card_type) for card_type in card_filter.types] if card_filter.types else [default]
    # "a bane with the Veteran trait", not "a villain, henchman ..."; loot or not, every boon type is "a boon"
    if (named := set(nouns)) in (_BANE_TYPES, _BOON_TYPES, _BOON_TYPES | {"loot"}):
        nouns = ["bane" if named == _BANE_TYPES else "boon"]
    if card_filter.not_types:
        nouns = [f"non-{listing([plain(kind) for kind in card_filter.not_types])} {noun}" for noun in nouns]
    if plural:
        noun = listing([plural_of(noun) for noun in nouns])
    else:
        noun = f"{article(nouns[0])} {listing(nouns)}"
    if card_filter.traits:
        noun += f" with the {listing(card_filter.traits)} trait"  # any one of them is enough
    if card_filter.not_traits:
        noun += f" without the {listing(card_filter.not_traits)} trait"
    if card_filter.check_skills:
        noun += f" whose check lists {listing([plain(skill) for skill in card_filter.check_skills])}"
    return noun


def a_random(words: str) -> str:
    """ "a weapon" -> "a random weapon", "an item" -> "a random item"."""
    first, _, rest = words.partition(" ")
    return f"a random {rest}" if first in ("a", "an") else words


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


# --- which characters -----------------------------------------------------------------------------------


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
