"""When a paragraph of powers applies (DESIGN.md section 2): at which moment of the rulebook (`Timing`), for whose
check or encounter (`Whose`, KEEP-01), on a check for what (`Purpose`), and under which conditions (`Conditions`:
combat or not, skills used, traits of the check, the card it is against, proficiency, ...); and the kinds of
paragraph, kept apart as the rulebook keeps them (`Kind`: PLAY-01, PLAY-10, CHAR-01).
"""

from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import Field

from pacg.cards.amounts import MAX_AMOUNT
from pacg.cards.checks import MAX_DIFFICULTY
from pacg.cards.powers.parameters import CardFilter, Number, PowerTrait, SumField, Trait, _Strict
from pacg.cards.vocabulary import CardAction, Proficiency, Skill


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
