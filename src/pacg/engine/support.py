"""What the engine runs: every kind of paragraph, on every kind of card, at every moment (DESIGN.md section 2).

Valid card data that silently does nothing is the worst bug a card game can have. So the engine says here, in
one place, which paragraphs it runs, and the card loader refuses any other with its file, line and field:

- `RUNS` names, for each kind of card and kind of paragraph, the moments at which the engine looks for such
  paragraphs (`playing.player_powers`, `playing.standing_powers`, `window._when_played`, `effects.turn.move_to`,
  `closing.close_permanently`, `setup`, ...). A test plays a paragraph of every entry and sees it work
  (tests/test_runs_table.py).
- Each effect's declaration (`declared.EffectSpec`, made in `effects`) names the moments at which it has anything
  to act on (PLAY-07): evading only in the evasion step, reducing damage only while damage is dealt, changing a
  check only on a check ...; and the kinds of paragraph it may be written in.
- A paragraph that applies by itself on a check is worked out each time a check is prepared, to show its odds
  before anyone commits a card (DESIGN.md 6): its effects may only change the check (`changes_the_check`), and
  none may ask. One that applies by itself at "any time" is no step's: it may only say what is read where cards
  are played (`read_where_it_applies`: a restriction, or a character's way to play a card as a copy of another).
- An amount names a value only where the engine knows it (`KNOWN_AT`): the check's margin once a check is
  rolled, the adventure deck number of the card encountered in an encounter.

Every effect is declared (`effects.SPECS`) and every condition has a test (`playing.CONDITION_TESTS`): both are
checked when those modules are imported.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import Any

from pacg.cards.amounts import Amount
from pacg.cards.model import Bane, Boon, Card, Character, Cohort, Location, MythicPath, Scenario
from pacg.cards.powers import (
    ANY_CARD,
    ENCOUNTER,
    AfterCheck,
    ChooseTrait,
    Conditions,
    Cost,
    Effect,
    Instead,
    Kind,
    Lasting,
    Power,
    Source,
    ThisCardCost,
    Timing,
    names_chosen_trait,
)
from pacg.cards.vocabulary import CardAction

__all__ = ["RUNS", "KNOWN_AT", "Holder", "Kind", "kind_of", "paragraphs", "refusals"]


class Holder(StrEnum):
    """What prints the paragraph, and so where the engine looks for it."""

    BOON = "boon or cohort"
    BANE = "bane"
    CHARACTER = "character"
    MYTHIC_PATH = "mythic path"  # its holder's powers as much as the character card's (MYTH-01)
    LOCATION = "location"
    OTHER_LOCATION = "location, for a character at another location"
    CLOSED_LOCATION = "location when permanently closed"
    SCENARIO = "scenario"
    LASTING = "lasting effect"  # the paragraphs a `lasting` effect applies until the turn, encounter ... ends


# The moments at which players may play cards and use powers: the check, the steps of an encounter, damage,
# the steps of a turn, and what happens after a card is played (TURN-09, ENC-02).
_WINDOWS = frozenset({
    Timing.CHECK, Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.AFTER_ACTING, Timing.DAMAGE,
    Timing.TURN_START, Timing.TURN_END, Timing.EXPLORE, Timing.RESET_HAND, Timing.ACQUIRE, Timing.DEFEAT,
    Timing.UNDEFEATED, Timing.ANY_TIME, Timing.EXAMINE,
})
# The moments at which paragraphs that work by themselves are applied: the steps of an encounter and its check,
# damage, what follows an encounter, the start and end of a turn.
_STANDING = frozenset({
    Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK, Timing.AFTER_ACTING, Timing.DAMAGE,
    Timing.ACQUIRE, Timing.DEFEAT, Timing.UNDEFEATED, Timing.TURN_START, Timing.TURN_END,
})
# The steps of a boon's encounter and of a bane's: a boon is acquired or not, never defeated; a bane is defeated
# or undefeated, never acquired (ENC-07).
_OF_A_BOON = ENCOUNTER - {Timing.DEFEAT, Timing.UNDEFEATED}
_OF_A_BANE = ENCOUNTER - {Timing.ACQUIRE}

RUNS: dict[tuple[Holder, Kind], frozenset[Timing]] = {
    (Holder.BOON, Kind.PLAYED): _WINDOWS,
    (Holder.BOON, Kind.ACTIVATED): _WINDOWS,
    (Holder.BOON, Kind.WHEN_PLAYED): _WINDOWS | {Timing.AFTER_PLAYING},
    (Holder.BOON, Kind.WHILE_DISPLAYED): _STANDING,
    (Holder.BOON, Kind.WHILE_ENCOUNTERED): _OF_A_BOON,
    (Holder.BOON, Kind.REPLACEMENT): _WINDOWS,
    (Holder.BANE, Kind.PLAYED): _WINDOWS,  # a bane in a hand ("banish it from your hand to explore"), PLAY-01
    (Holder.BANE, Kind.USED): _OF_A_BANE,
    (Holder.BANE, Kind.WHILE_DISPLAYED): _STANDING | {Timing.ANY_TIME},  # displayed by its location
    # and as the blessings deck advances, for the bane it advanced (`turn.advance_blessings_deck`)
    (Holder.BANE, Kind.STANDING): _OF_A_BANE | {Timing.BLESSINGS_ADVANCE},
    # for cards played while it is encountered: in the steps of its encounter, or at any of them
    (Holder.BANE, Kind.REPLACEMENT): _OF_A_BANE | {Timing.ANY_TIME},
    (Holder.CHARACTER, Kind.USED): _WINDOWS | {Timing.AFTER_PLAYING, Timing.BEFORE_CLOSING},
    # ANY_TIME: what a character may always do when playing cards (`play_as_copy`, read where plays are listed)
    (Holder.CHARACTER, Kind.STANDING): _STANDING | {Timing.AFTER_PLAYING, Timing.SETUP, Timing.ANY_TIME},
    (Holder.CHARACTER, Kind.REPLACEMENT): _WINDOWS,
    # a mythic path's paragraphs are run as its holder's own powers (`CharacterState.powers`)
    (Holder.MYTHIC_PATH, Kind.USED): _WINDOWS | {Timing.AFTER_PLAYING, Timing.BEFORE_CLOSING},
    (Holder.MYTHIC_PATH, Kind.STANDING): _STANDING | {Timing.AFTER_PLAYING, Timing.SETUP},
    (Holder.MYTHIC_PATH, Kind.REPLACEMENT): _WINDOWS,
    (Holder.LOCATION, Kind.USED): _WINDOWS,
    (Holder.LOCATION, Kind.STANDING): _STANDING | {Timing.ENTER, Timing.LEAVE},
    (Holder.LOCATION, Kind.REPLACEMENT): _WINDOWS,
    # its "you may ..." paragraphs for characters elsewhere, while it is open (`playing.player_powers`)
    (Holder.OTHER_LOCATION, Kind.USED): _WINDOWS,
    # as it is closed (CLOSE-04), and from then on: `playing.player_powers`, `playing.standing_powers`
    (Holder.CLOSED_LOCATION, Kind.USED): _WINDOWS | {Timing.BEFORE_CLOSING, Timing.CLOSING},
    (Holder.CLOSED_LOCATION, Kind.STANDING): _STANDING | {Timing.BEFORE_CLOSING, Timing.CLOSING},
    (Holder.SCENARIO, Kind.USED): _WINDOWS,
    (Holder.SCENARIO, Kind.STANDING): _STANDING | {Timing.SETUP, Timing.ENTER, Timing.LEAVE, Timing.AFTER_PLAYING},
    (Holder.SCENARIO, Kind.REPLACEMENT): _WINDOWS,
    (Holder.LASTING, Kind.STANDING): _STANDING | {Timing.ANY_TIME},  # ANY_TIME: restrictions on playing
    (Holder.LASTING, Kind.USED): _WINDOWS,  # a power the character may use meanwhile (`playing.player_powers`)
}

# The values an amount may name only at some moments (amounts.py), and those moments: the check's margin once
# the check is rolled (in what happens after it, and in the steps that follow an encounter's check), the card
# encountered's adventure deck number while a card is encountered or checked against, the cards summoned in an
# encounter in its steps.
_AFTER_THE_CHECK = frozenset({Timing.AFTER_ACTING, Timing.DEFEAT, Timing.UNDEFEATED})
KNOWN_AT: dict[str, frozenset[Timing]] = {
    "margin": _AFTER_THE_CHECK,
    "encountered AD": ENCOUNTER | {Timing.ANY_TIME, Timing.AFTER_PLAYING},
    "undefeated summons": ENCOUNTER,
}

def kind_of(power: Power, holder: Holder) -> Kind:
    """Which kind of paragraph a power is, read from its data."""
    if power.effects and all(isinstance(effect, Instead) for effect in power.effects):
        return Kind.REPLACEMENT
    if holder is Holder.BANE and power.while_in == "displayed":
        return Kind.WHILE_DISPLAYED
    if holder is Holder.BANE and power.action is not None:
        return Kind.PLAYED
    if holder is Holder.BOON:
        if power.while_in == "displayed":
            return Kind.ACTIVATED if power.optional else Kind.WHILE_DISPLAYED
        if power.while_in == "encountered":
            return Kind.WHILE_ENCOUNTERED if not power.optional else Kind.USED
        return Kind.PLAYED if power.optional else Kind.WHEN_PLAYED
    return Kind.USED if power.optional else Kind.STANDING


Field = tuple[str | int, ...]
"""Where in a card file something is: ("powers", 2, "effects", 0) is the first effect of the third power."""


def _holders(card: Card) -> Iterator[tuple[Holder, Field, Sequence[Power]]]:
    """Each list of paragraphs a card prints, with what holds it and its field."""
    if isinstance(card, (Boon, Cohort)):
        yield Holder.BOON, ("powers",), card.powers
    elif isinstance(card, Bane):
        yield Holder.BANE, ("powers",), card.powers
    elif isinstance(card, Character):
        yield Holder.CHARACTER, ("powers",), card.powers
        for index, role in enumerate(card.roles):
            yield Holder.CHARACTER, ("roles", index, "powers"), role.powers
    elif isinstance(card, MythicPath):
        yield Holder.MYTHIC_PATH, ("powers",), card.powers
    elif isinstance(card, Location):
        yield Holder.LOCATION, ("at_this_location",), card.at_this_location
        yield Holder.OTHER_LOCATION, ("at_other_locations",), card.at_other_locations
        yield Holder.CLOSED_LOCATION, ("when_permanently_closed",), card.when_permanently_closed
    else:
        yield Holder.SCENARIO, ("powers",), card.paragraphs


def paragraphs(card: Card) -> Iterator[tuple[Holder, Field, Power]]:
    """Every paragraph a card prints, with what holds it and its field: each power (a character's roles'
    included) and the power each feat box gives once it is checked (FEAT-02)."""
    for holder, field, powers in _holders(card):
        for index, power in enumerate(powers):
            yield holder, (*field, index), power
            for number, feat in enumerate(power.feats):
                yield holder, (*field, index, "feats", number, "power"), feat.power


def refusals(card: Card) -> list[tuple[Field, str]]:
    """Every paragraph of a card the engine would not run, as (field, reason): a kind of paragraph not looked
    for at its moment, an effect with nothing to act on at that moment, or in that kind of paragraph; one that
    names a chosen trait no paragraph beside it chooses."""
    problems: list[tuple[Field, str]] = []
    for holder, field, power in paragraphs(card):
        problems += _power_refusals(power, holder, field, card)
    return problems + _unchosen(card)


def _unchosen(card: Card) -> list[tuple[Field, str]]:
    """The paragraphs that name the chosen trait (`chosen`) where no paragraph of the same card (or role) lets
    the character choose one (`choose_trait`): their `chosen` would never be any trait."""
    problems: list[tuple[Field, str]] = []
    for holder, field, powers in _holders(card):
        every = [*powers, *(feat.power for power in powers for feat in power.feats)]
        if holder is Holder.CHARACTER and any(ChooseTrait in power.effect_kinds for power in every):
            continue
        problems += [((*field, index), "names the chosen trait, but no paragraph of this card or role chooses one "
                      "(choose_trait)") for index, power in enumerate(powers) if names_chosen_trait(power)]
    return problems


def _power_refusals(power: Power, holder: Holder, field: Field, card: Card) -> list[tuple[Field, str]]:
    kind = kind_of(power, holder)
    if holder is Holder.SCENARIO and not isinstance(card, Scenario):
        return [(field, f"a {card.type}'s powers are not run yet (only a scenario's are)")]
    moments = RUNS.get((holder, kind))
    if moments is None:
        return [(field, f"a {kind} paragraph of a {holder} is never run")]
    if power.when not in moments:
        known = ", ".join(sorted(str(moment) for moment in moments))
        return [(field, f"a {kind} paragraph of a {holder} is never run at '{power.when}' (it is at: {known})")]
    reason = _kind_refusal(power, kind, holder, card)
    if reason:
        return [(field, reason)]
    problems = [((*field, "if"), reason) for reason in [_condition_refusal(power.conditions, power.when)] if reason]
    problems += [((*field, "cost"), reason) for reason in [_cost_refusal(power)] if reason]
    return problems + _effects_refusals(power.effects, power, kind, (*field, "effects"), card, after_the_check=False)


def _cost_refusal(power: Power) -> str:
    """A cost paid with the face-down top card of a deck takes it whatever it is: asking for a kind of card, the
    power would be offered only when the card is of that kind, telling the player what it is (DESIGN.md 5)."""
    cost = power.cost
    if isinstance(cost, Cost) and cost.source is Source.DECK_TOP and cost.card != ANY_CARD:
        return ("a cost paid with the top card of your deck takes whatever card it is, face down: it names no kind "
                "of card")
    return ""


def _kind_refusal(power: Power, kind: Kind, holder: Holder, card: Card) -> str:
    """What a kind of paragraph needs to be run: a boon's power is played from the hand by an action (PLAY-01,
    PLAY-06); what a boon does whenever it is played needs a power of the same moment to be played for; only a
    card in a hand is played, a boon, a cohort or a bane a power put there (a monster kept in hand), so only
    their paragraphs have an action; a displayed card is used where it is."""
    if kind is Kind.PLAYED and power.action is None:
        return ("a boon's power is played from the hand by an action (reveal, discard ...): without one it is "
                "never offered (write 'while: displayed' for a power used while the card is displayed)")
    if kind is Kind.ACTIVATED and power.action in (CardAction.DISPLAY, CardAction.REVEAL):
        return f"a displayed card can't be {power.action}ed for a power: it is already displayed"
    if holder not in (Holder.BOON, Holder.BANE) and power.action is not None:
        return f"only a card in a hand is played by an action: a {holder}'s power has no 'action'"
    if isinstance(power.cost, ThisCardCost) and not (holder is Holder.LASTING and isinstance(card, (Boon, Cohort))):
        return ("a cost paid with this card is for a lasting paragraph a boon's power leaves behind (a card played "
                "for its power pays with its action)")
    if kind is Kind.WHEN_PLAYED and power.when is not Timing.AFTER_PLAYING:
        played = {paragraph.when for paragraph in getattr(card, "powers", []) if paragraph.optional}
        if power.when not in played:
            return (f"this paragraph happens when the card is played at '{power.when}', but none of its powers is "
                    "played then (write 'while: displayed' for what a displayed card does by itself)")
    return ""


def _effects_refusals(
    effects: Sequence[Any], power: Power, kind: Kind, field: Field, card: Card, after_the_check: bool
) -> list[tuple[Field, str]]:
    """Why each effect of a list can't act in this paragraph; the effects an effect holds ("choose one",
    "for each", done after the check ...) are held to the same, and the paragraphs of a lasting effect to
    what the engine runs of lasting paragraphs."""
    problems: list[tuple[Field, str]] = []
    for number, effect in enumerate(effects):
        here = (*field, number)
        reason = _effect_refusal(effect, power, kind, after_the_check) or _value_refusal(
            effect, power.when, after_the_check or isinstance(effect, AfterCheck))
        if reason:
            problems.append((here, reason))
            continue
        if isinstance(effect, Lasting):
            for index, paragraph in enumerate(effect.lasting):
                problems += _power_refusals(paragraph, Holder.LASTING, (*here, "lasting", index), card)
        for name, inner, done in _held_effects(effect):
            problems += _effects_refusals(inner, power, kind, (*here, *name), card, after_the_check or done)
    return problems


def _effect_refusal(effect: Effect, power: Power, kind: Kind, after_the_check: bool) -> str:
    """Why an effect can't act in this paragraph, or ''."""
    model = type(effect)
    name = model.key
    if after_the_check and model.on_check:
        return f"{name} can't change a check once the check is done"
    kinds = model.kinds
    if kinds is not None and kind not in kinds:
        allowed = " or ".join(str(one) for one in sorted(kinds))
        return f"{name} is only for {allowed} paragraphs"
    if power.when not in model.moments:
        known = ", ".join(sorted(str(moment) for moment in model.moments))
        return f"{name} has nothing to act on at '{power.when}' (only at: {known})"
    standing = kind in (Kind.STANDING, Kind.WHILE_DISPLAYED, Kind.WHILE_ENCOUNTERED)
    if power.when is Timing.CHECK and standing and model.on_check and model.asks:
        return f"{name} asks the player, so it can't apply by itself on a check: make the paragraph optional"
    preparing = power.when is Timing.CHECK and standing and not after_the_check  # not what waits for the roll
    if preparing and not model.changes_the_check():
        return f"{name} can't apply by itself on a check: such a paragraph may only change the check"
    if power.when is Timing.ANY_TIME and standing and not model.read_where_it_applies:
        return (f"{name} can't apply by itself at 'any time': no step applies such a paragraph, it may only "
                "restrict (cannot_play, cannot_move) or let a card be played as another (play_as_copy)")
    return ""


def _unknown(field: str, names: frozenset[str], when: Timing, after_the_check: bool = False) -> str:
    """Why a field names a value the engine can't know at this moment (KNOWN_AT), or ''."""
    for value in sorted(names & set(KNOWN_AT)):
        if not (value == "margin" and after_the_check) and when not in KNOWN_AT[value]:
            known = ", ".join(sorted(str(moment) for moment in KNOWN_AT[value]))
            where = " or in after_check" if value == "margin" else ""
            return f"{field}: {value!r} is not known at '{when}' (only at: {known}{where})"
    return ""


def _value_refusal(effect: object, when: Timing, after_the_check: bool) -> str:
    """Why an amount of the effect names a value the engine can't know at this moment, or '': the margin only
    once a check is done (after the check, or after an encounter's check), the card encountered's number only
    in an encounter. (The effects it holds are looked at by `_effects_refusals`.)"""
    for name, amount in vars(effect).items():  # an effect's fields
        reason = _unknown(name, amount.names, when, after_the_check) if isinstance(amount, Amount) else ""
        if reason:
            return reason
    return ""


def _condition_refusal(conditions: Conditions, when: Timing) -> str:
    """Why a condition (or one of those it combines) asks about a value the engine can't know at this moment,
    or '': a `margin` condition only after a check."""
    for name, wanted in conditions.stated:
        if name in ("any_of", "none_of"):
            reason = next((reason for one in wanted if (reason := _condition_refusal(one, when))), "")
        else:
            names = wanted.names if isinstance(wanted, Amount) else frozenset()
            reason = _unknown(name, (names | {"margin"}) if name == "margin" else names, when)
        if reason:
            return reason
    return ""


def _held_effects(effect: Effect) -> list[tuple[Field, Sequence[Any], bool]]:
    """The lists of effects an effect holds (its declaration's `holds`), each with its field and whether they come
    once a check is done (after the check; on another check's success or failure); "choose one" holds a list of
    each option."""
    held: list[tuple[Field, Sequence[Any], bool]] = []
    for name, after in type(effect).holds:
        value = getattr(effect, name)
        if value and isinstance(value[0], tuple):  # the options of a "choose one"
            held += [((name, index), option, after) for index, option in enumerate(value)]
        else:
            held.append(((name,), value, after))
    return held

