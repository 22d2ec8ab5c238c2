"""A paragraph of powers (`Power`), and the effects that hold effects or paragraphs (DESIGN.md section 2).

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

A paragraph holds effects, and some effects hold effects ("you may ...; if you do, ...", "for each", "choose one",
"roll 1d6: on a 4 or more, ...") or paragraphs ("until the end of the turn, ..."): their types refer to one another,
so they are declared here, where pydantic finds each by its name, in this order: the effects that hold others, the
union of every effect (`Effect`, made of `EFFECT_MODELS` once every group of effects is declared), the paragraph.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field as dataclass_field
from functools import cache, cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, TypeVar, Union

from pydantic import Discriminator, Field, Tag, field_validator, model_validator
from pydantic.dataclasses import dataclass as pydantic_dataclass

from pacg.cards.amounts import MAX_AMOUNT, Amount
from pacg.cards.checks import parse_check
from pacg.cards.english import listing
from pacg.cards.powers.conditions import Conditions, Moment, Timing, Whose
from pacg.cards.powers.costs import ChargeCost, Cost, DamageCost, RechargeCheck, ThisCardCost

# Every group of effects, each declaring its models in EFFECT_MODELS, before the union is made of them.
from pacg.cards.powers.effects import box, cards, character, checks, damage, encounter, turn  # noqa: F401
from pacg.cards.powers.effects.cards import Instead
from pacg.cards.powers.effects.checks import Reroll, UseSkill
from pacg.cards.powers.effects.declaration import ANY_MOMENT, EFFECT_MODELS, ON_A_CHECK, _Effect, effect_text
from pacg.cards.powers.parameters import (
    AmountField,
    CardFilter,
    Characters,
    Number,
    SumField,
    Who,
    WhoWithTraits,
    _Strict,
    filter_text,
    from_box_field,
)
from pacg.cards.powers.sentence import Reading, power_text
from pacg.cards.vocabulary import CardAction
from pacg.dice import CARD_DICE, CardDie

# --- the effects that hold effects or paragraphs ---------------------------------------------------------------


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
        when = "after the check" if self.wait == "check" else "after the encounter"
        if self.only_if:
            when += f", if it {'succeeds' if self.only_if == 'success' else 'fails'}"
        if self.against is not None:
            when += f" against {filter_text(self.against)}"
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
        effects = listing([effect_text(effect) for effect in self.then], "and")
        if self.beats is not None:
            return f"roll 1d{self.roll_die}; if the result is more than the number of cards in your location deck, " \
                   f"{effects}"
        if self.at_most is not None:
            return f"roll 1d{self.roll_die}; if the result is no more than {self.at_most.text()}, {effects}"
        result = f"{self.at_least}" if self.at_least == self.roll_die else f"{self.at_least} or more"
        return f"roll 1d{self.roll_die}; on a {result}, {effects}"


class InsteadOfDamage(_Effect, key="instead_of_damage",
                      moments=ON_A_CHECK, on_check=True, holds=(("instead_of_damage", True),)):
    """If the check fails, do these effects instead of dealing its damage to the character who attempted it
    (CHK-15: a failed check to defeat a monster deals the difference "unless the card specifies otherwise"): a
    bane's paragraph on the checks to defeat it ("if you fail, instead of you, every character at your location
    is dealt ...")."""

    instead_of_damage: tuple["Effect", ...] = Field(min_length=1)

    def text(self) -> str:
        effects = listing([effect_text(effect) for effect in self.instead_of_damage], "and")
        return f"if the check fails, instead of the check's damage to you, {effects}"


_GROUPS = (Who.EACH_LOCAL, Who.EACH_OTHER_LOCAL, Who.EACH, Who.EACH_OTHER)  # every one of them, in turn


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
        parse_check(check)
        return check

    def text(self) -> str:
        text = f"attempt {parse_check(self.attempt).a_check()}"
        if self.success:
            text += "; on a success, " + listing([effect_text(effect) for effect in self.success], "and")
        if self.failure:
            text += "; on a failure, " + listing([effect_text(effect) for effect in self.failure], "and")
        return text


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
        whom = "" if self.who is Who.YOU else f", for {self.who.words()}"
        if self.until == "end of next exploration":
            when = "during your next exploration this turn"
        else:
            when = f"until the {self.until.replace('end of ', 'end of the ')}"
        paragraphs = "; ".join(power_text(power, Reading(section=True)).rstrip(".") for power in self.lasting)
        return f"{when}{whom}: {paragraphs[:1].lower()}{paragraphs[1:]}"


class ChooseOne(_Effect, key="choose_one", moments=ANY_MOMENT, holds=(("choose_one", False),), asks=True):
    """The player chooses one of these lists of effects and does it ("add the Electricity or the Force
    trait"; "draw a card or examine the top card of your location deck")."""

    choose_one: tuple[tuple["Effect", ...], ...] = Field(min_length=2)

    def text(self) -> str:
        return "choose one: " + " or ".join(
            listing([effect_text(effect) for effect in option], "and") for option in self.choose_one)


class May(_Effect, key="may", moments=ANY_MOMENT, holds=(("may", False), ("if_you_do", False)), asks=True):
    """The player may do these effects; if they do, the `if_you_do` effects follow ("you may bury a card; if
    you do, explore again")."""

    may: tuple["Effect", ...] = Field(min_length=1)
    if_you_do: tuple["Effect", ...] = ()

    def text(self) -> str:
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
        what = f"{self.count.text()} random {filter_text(self.choose_from_box, plural=True)}"
        text = f"draw {what} from the box; you may keep one, and the others go back"
        if self.if_kept:
            text += "; if you keep one, " + listing([effect_text(effect) for effect in self.if_kept], "and")
        if self.if_not:
            text += "; if you don't, " + listing([effect_text(effect) for effect in self.if_not], "and")
        return text


class MoveAlong(_Effect, key="move_along", moments=frozenset({Timing.LEAVE}), holds=(("if_any", False),), asks=True):
    """As you move (a paragraph for when you leave a location, TURN-03), up to this many other characters at the
    location you leave may move with you ("another character at your location may move with you"); if any does,
    the `if_any` effects follow, while you are still at the location you leave."""

    move_along: Number = Field(ge=1, le=MAX_AMOUNT)
    if_any: tuple["Effect", ...] = ()  # done if any character came along, before you leave ("if one does, ...")

    def text(self) -> str:
        if self.move_along == 1:
            text = "another character at your location may move with you"
        else:
            text = f"up to {self.move_along} other characters at your location may move with you"
        if self.if_any:
            text += "; if one does, " + listing([effect_text(effect) for effect in self.if_any], "and")
        return text


# --- every effect -----------------------------------------------------------------------------------------


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
