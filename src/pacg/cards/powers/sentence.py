"""A paragraph of powers as a sentence (DESIGN.md section 2): "On your combat check: reveal this card to use your
Dexterity or Ranged skill and add 1d6."

Each effect says its own phrase (`text()`, `effect_text`); this module builds the phrases into a paragraph, with its
moment (`MOMENT_WORDS`), its conditions (`CONDITION_WORDS`), what it costs and whether it always applies. Every
moment, condition and effect has its words: no part of the power language reads as Python data. `Reading` says how
a paragraph is read: on its own, or under a heading of its card (`pacg.cards.text` puts them under their headings).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pacg.cards.checks import parse_check
from pacg.cards.english import article, listing, plain, sentence_case
from pacg.cards.powers.conditions import Conditions, Purpose, Timing, Whose
from pacg.cards.powers.costs import ChargeCost, Cost, DamageCost, RechargeCheck, Source, ThisCardCost
from pacg.cards.powers.effects.declaration import effect_text
from pacg.cards.powers.effects.encounter import CannotEvade
from pacg.cards.powers.parameters import ANY_CARD, CardFilter, filter_text
from pacg.cards.vocabulary import COMBAT, CardAction, action_text

if TYPE_CHECKING:
    from pacg.cards.powers.paragraph import Power


# --- how a paragraph is read ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """How a paragraph is read. On its own (a boon's, a character's) it is a sentence that says when it may be
    used and whether it always applies: "Always, on combat checks: ...". Under a section heading of its card
    ("At This Location", "During This Scenario", a bane's "Before you act") it says no "Always", and an
    optional paragraph says "you may". A bane's paragraphs are about the card itself (`own`): "the card you are
    encountering" is "this card". `heading` is the moment the heading already says, not said again."""

    section: bool = False
    own: bool = False
    heading: Timing | None = None
    place: str = "this location"  # the location moved to or from: a story card's moves are from any location


ON_ITS_OWN = Reading()
THIS_CARD = "this card"


# How effects and conditions name the card being encountered; on that card itself, each is "this card".
_ENCOUNTERED_WORDS = {
    "the card you are encountering": THIS_CARD,
    "the encountered card": THIS_CARD,
    "the card encountered": THIS_CARD,
}


def about_itself(text: str) -> str:
    """A phrase as the encountered card says it of itself: "banish the card you are encountering" → "banish
    this card"."""
    for words, own_words in _ENCOUNTERED_WORDS.items():
        text = text.replace(words, own_words)
    return text


# --- what a power costs -----------------------------------------------------------------------------------


def cost_text(cost: Cost | ThisCardCost | ChargeCost | DamageCost) -> str:
    """What a power asks you to do with another card: "recharge a card with the Divine or Ranged trait", "put
    a card from your hand on top of your deck"; with the card whose power this is, "bury this card from your
    discard pile"; or the mythic charges it expends, or the damage it deals you."""
    if isinstance(cost, (ChargeCost, DamageCost)):
        return cost.text()
    if isinstance(cost, ThisCardCost):
        return action_text(cost.action, THIS_CARD + _FROM.get(cost.source, ""))
    if cost.source == Source.DECK_TOP:
        what = "the top card of your deck"
        if cost.card != ANY_CARD:
            what += f" if it is {filter_text(cost.card)}"
        return action_text(cost.action, what)
    what = filter_text(cost.card)
    if cost.source == Source.DISCARD:
        what += _FROM[Source.DISCARD]
    elif cost.action in (CardAction.TOP_OF_DECK, CardAction.SHUFFLE_INTO_DECK):
        what += " from your hand"
    return action_text(cost.action, what)


_FROM = {Source.DISCARD: " from your discard pile", Source.DECK_TOP: " from the top of your deck"}


# --- when a power may be used --------------------------------------------------------------------------------


# Who a power helps, as the subject of a sentence ("when you encounter", "when another character encounters").
_SUBJECTS: dict[Whose, tuple[str, bool]] = {  # (subject, takes the third person verb)
    Whose.YOUR: ("you", False),
    Whose.LOCAL: ("any character at your location", True),
    Whose.ANOTHER_LOCAL: ("another character at your location", True),
    Whose.ANY: ("any character", True),
    Whose.ANOTHER: ("another character", True),
    Whose.ELSEWHERE: ("a character at another location", True),
}


# Who a paragraph that applies by itself helps, when it is not only you or anyone: "on checks by characters at your
# location".
_PLURAL_SUBJECTS: dict[Whose, str] = {
    Whose.LOCAL: "characters at your location",
    Whose.ANOTHER_LOCAL: "other characters at your location",
    Whose.ANOTHER: "other characters",
    Whose.ELSEWHERE: "characters at other locations",
}


_PURPOSES = {
    Purpose.DEFEAT: "defeat",
    Purpose.ACQUIRE: "acquire",
    Purpose.CLOSE: "close",
    Purpose.RECHARGE: "recharge",
}


def _does(whose: Whose, base: str, third: str | None = None) -> str:
    """A power's subject with its verb: "you encounter", "another character at your location encounters"."""
    subject, third_person = _SUBJECTS[whose]
    return f"{subject} {(third or base + 's') if third_person else base}"


def _check_parts(conditions: Conditions, plural: bool, against: str | None) -> tuple[str, str]:
    """A check's kind in two parts, the noun and what follows it: ("Arcane combat check", " to defeat a
    monster"), ("checks", " with the Magic trait against cards with the Animal trait"). `against` names the
    card the check is against, if the power names one."""
    words = []
    if conditions.skills:
        words.append(listing([plain(skill) for skill in conditions.skills]))
    if conditions.check:
        words.append(conditions.check)
    words.append("checks" if plural else "check")
    noun = " ".join(words)

    suffix = ""
    purposes = [purpose for purpose in conditions.purpose or () if purpose != Purpose.OTHER]
    if purposes:
        suffix += f" to {listing([_PURPOSES[purpose] for purpose in purposes])}"
        if against is not None and len(purposes) == 1 and purposes[0] in (Purpose.DEFEAT, Purpose.ACQUIRE):
            suffix += f" {against}"  # "to defeat a monster", not "against"
            against = None
    if Purpose.OTHER in (conditions.purpose or ()):
        suffix += " or for another purpose" if purposes else " for another purpose"
    if conditions.check_traits:
        suffix += f" with the {listing(conditions.check_traits)} trait"
    if against is not None:
        suffix += f" against {against}"
    return noun, suffix


def _check_kind(conditions: Conditions) -> str:
    """ "Arcane or Divine combat check to defeat", "check with the Magic trait": a check, not what it is against."""
    noun, suffix = _check_parts(conditions, False, None)
    return noun + suffix


def _on_check(power: Power, reading: Reading) -> str:
    """ "on your combat check", "on a check by another character at your location", "on checks against this
    card". A paragraph that always applies does so on every check it names, whoever attempts it."""
    conditions = power.conditions
    plural = not power.optional
    if reading.own:
        against: str | None = THIS_CARD
    elif conditions.against is not None:
        against = filter_text(conditions.against, plural=plural)
    else:
        against = None
    noun, suffix = _check_parts(conditions, plural, against)
    if plural and not reading.section and power.whose in _PLURAL_SUBJECTS:  # a character's, for others' checks
        return f"on {noun} by {_PLURAL_SUBJECTS[power.whose]}{suffix}"
    if plural or power.whose == Whose.ANY:
        return f"on {'' if plural else 'any '}{noun}{suffix}"
    if power.whose == Whose.YOUR:
        return f"on your {noun}{suffix}"
    if power.whose == Whose.ANOTHER:
        return f"on another character's {noun}{suffix}"
    return f"on {article(noun)} {noun} by {_SUBJECTS[power.whose][0]}{suffix}"


def _card(power: Power, reading: Reading, default: str = "card") -> str:
    """The card a moment is about: "a monster", "a boon", or on the encountered card itself, "this card"."""
    return THIS_CARD if reading.own else filter_text(power.conditions.against, default=default)


def _in_an_encounter(power: Power, reading: Reading) -> str:
    """ "in an encounter", "in an encounter with a barrier with the Trap trait"."""
    named = reading.own or power.conditions.against is not None
    return f"in an encounter with {_card(power, reading)}" if named else "in an encounter"


def _turn_edge(power: Power, edge: str) -> str:
    turns = {Whose.YOUR: "your turn", Whose.ANY: "each turn", Whose.ANOTHER: "another character's turn"}
    return f"at the {edge} of {turns.get(power.whose, f'the turn of {_SUBJECTS[power.whose][0]}')}"


def _on_evasion(power: Power, reading: Reading) -> str:
    if reading.own and power.effect_kinds == {CannotEvade}:
        return ""  # "this card can't be evaded" says it all
    return f"when {_SUBJECTS[power.whose][0]} could evade {_card(power, reading)}"


def _after_playing(power: Power, reading: Reading) -> str:
    """ "after you play a spell", "after you discard a weapon with the 2-Handed trait for its power"."""
    conditions = power.conditions
    played = _played_text(conditions.played) if conditions.played else THIS_CARD
    if conditions.played_action:
        done = []
        for action in conditions.played_action:
            verb, rest = action_text(action, played).split(" ", 1)
            done.append(f"{_does(power.whose, verb, 'buries' if verb == 'bury' else None)} {rest}")
        return f"after {' or '.join(done)} for its power"
    return f"after {_does(power.whose, 'play')} {played}"


def _on_reset(power: Power, reading: Reading) -> str:
    return f"when {_does(power.whose, 'reset')} {'your' if power.whose == Whose.YOUR else 'their'} hand"


def _on_damage(power: Power, reading: Reading) -> str:
    """ "when you are dealt damage"; on a bane, "when this card deals damage" (all its damage paragraphs are
    about the damage it deals)."""
    if reading.own:
        return "when this card deals damage"
    text = f"when {_does(power.whose, 'are', 'is')} dealt damage"
    return text + f" by {_card(power, reading)}" if power.conditions.against else text


# Each moment of the rulebook in words, without a capital ("when you encounter a monster").
MOMENT_WORDS: dict[Timing, Callable[[Power, Reading], str]] = {
    Timing.CHECK: _on_check,
    Timing.ON_ENCOUNTER: lambda power, reading: f"when {_does(power.whose, 'encounter')} {_card(power, reading)}",
    Timing.EVASION: _on_evasion,
    Timing.BEFORE_ACTING: lambda power, reading: f"before {_does(power.whose, 'act')} "
    f"{_in_an_encounter(power, reading)}",
    Timing.AFTER_ACTING: lambda power, reading: f"after {_does(power.whose, 'act')} "
    f"{_in_an_encounter(power, reading)}",
    Timing.DAMAGE: _on_damage,
    Timing.TURN_START: lambda power, reading: _turn_edge(power, "start"),
    Timing.TURN_END: lambda power, reading: _turn_edge(power, "end"),
    Timing.EXPLORE: lambda power, reading: "during your explore step" if power.whose == Whose.YOUR
    else f"during the explore step of {_SUBJECTS[power.whose][0]}",
    Timing.RESET_HAND: _on_reset,
    Timing.ACQUIRE: lambda power, reading: f"when {_does(power.whose, 'acquire')} {_card(power, reading, 'boon')}",
    Timing.DEFEAT: lambda power, reading: f"when {_does(power.whose, 'defeat')} {_card(power, reading, 'bane')}",
    Timing.UNDEFEATED: lambda power, reading: f"when {_does(power.whose, 'do', 'does')} not defeat "
    f"{_card(power, reading, 'bane')}",
    Timing.CLOSING: lambda power, reading: "when your location is permanently closed",
    Timing.BEFORE_CLOSING: lambda power, reading: "before your location is permanently closed",
    Timing.SETUP: lambda power, reading: "when setting up the scenario",
    Timing.ANY_TIME: lambda power, reading: "at any time",
    Timing.AFTER_PLAYING: _after_playing,
    Timing.ENTER: lambda power, reading: f"when {_does(power.whose, 'move')} to {reading.place}",
    Timing.LEAVE: lambda power, reading: f"when {_does(power.whose, 'move')} away from {reading.place}",
    Timing.EXAMINE: lambda power, reading: f"when {_does(power.whose, 'examine')} a location deck",
    Timing.BLESSINGS_ADVANCE: lambda power, reading: "when this card comes up as the blessings deck advances",
}


def _has_check_conditions(conditions: Conditions) -> bool:
    return bool(conditions.check or conditions.skills or conditions.purpose or conditions.check_traits)


def _moment(power: Power, reading: Reading) -> str:
    """The moment a paragraph is used, in words, without a capital: "on your combat check", "when you
    encounter a monster, during a check to defeat"; nothing where the heading says it, nor "at any time" where
    it goes without saying (under a heading, for a replacement, for a paragraph that always applies)."""
    if power.when is reading.heading:
        return ""
    if power.when is Timing.ANY_TIME and (reading.section or not power.optional or not power.is_choice):
        return ""
    text = MOMENT_WORDS[power.when](power, reading)
    if power.when is not Timing.CHECK and _has_check_conditions(power.conditions):
        kind = _check_kind(power.conditions)
        text += f", during {article(kind)} {kind}"
    return text


# The conditions the moment of a power already says ("on your Arcane combat check to defeat a monster");
# the rest become clauses after it ("if ...", "unless ...", "on your turn").
WINDOW_CONDITIONS = frozenset({"check", "skills", "check_traits", "purpose", "against"})


def _played_text(filters: Sequence[CardFilter]) -> str:
    return " or ".join(filter_text(card_filter) for card_filter in filters)


def _blessings_discard(card_filter: CardFilter) -> str:
    if card_filter.traits and not card_filter.types and not card_filter.not_traits:
        return f"if the top card of the blessings discard pile has the {listing(card_filter.traits)} trait"
    return f"if the top card of the blessings discard pile is {filter_text(card_filter)}"


# An action done to play a card, as what was done to it: "if a card was discarded for its power".
_DONE = {CardAction.REVEAL: "revealed", CardAction.DISPLAY: "displayed", CardAction.DISCARD: "discarded",
         CardAction.RECHARGE: "recharged", CardAction.BURY: "buried", CardAction.BANISH: "banished",
         CardAction.TOP_OF_DECK: "put on top of a deck", CardAction.SHUFFLE_INTO_DECK: "shuffled into a deck"}


# Each condition that is not part of the moment, as a clause.
CONDITION_WORDS: dict[str, Callable[[Any], str]] = {
    "proficient": lambda value: f"if you are proficient with {plain(value)}",
    "not_proficient": lambda value: f"if you are not proficient with {plain(value)}",
    "displaying": lambda value: f"if you have {value if value == THIS_CARD else filter_text(value)} displayed",
    "location": lambda value: f"at {filter_text(value, default='location')}",
    "turn": lambda value: "on your turn" if value == "yours" else f"on the {value} of your turn",
    "max_difficulty": lambda value: f"if its highest difficulty is {value} or less",
    "played": lambda value: f"if {_played_text(value)} was played on the check",
    "not_played": lambda value: f"unless {_played_text(value)} was played on the check",
    "played_action": lambda value: f"if a card was {listing([_DONE[action] for action in value])} for its power",
    "after_roll": lambda value: f"after the roll, if the check {value}",
    "mythic_charges": lambda value: f"if you have at least {value} mythic charge{'s' if value != 1 else ''}",
    "margin": lambda value: f"if the check succeeded or failed by at least {value.text()}",
    "blessings_discard": _blessings_discard,
    "played_as_blessings_discard": lambda value: f"if the card played {'has' if value else 'does not have'} the same "
    "name as the top card of the blessings discard pile",
    "during": lambda value: listing([DURING_WORDS.get(step, f"during the {step} step") for step in value]),
    "character_traits": lambda value: f"if your character has the {listing(value)} trait",
    "role": lambda value: f"if your role is {listing(value)}",
    "summoned": lambda value: "if it was summoned" if value else "if it was not summoned",
    "alone": lambda value: f"if you are {'' if value else 'not '}the only character at your location",
    "adventure_deck": lambda value: f"if the adventure deck number is {value} or more",
    "any_of": lambda value: f"if {' or '.join(_all_of(one) for one in value)}",
    "none_of": lambda value: f"unless {' or '.join(_all_of(one) for one in value)}",
}


# "During" an encounter's step, as the rulebook says it ("checks before you act").
DURING_WORDS: dict[Timing, str] = {
    Timing.BEFORE_ACTING: "before you act", Timing.AFTER_ACTING: "after you act",
    Timing.ON_ENCOUNTER: "as a card is encountered", Timing.EVASION: "as a card could be evaded",
}


def _all_of(conditions: Conditions) -> str:
    """A set of conditions that must all hold, as one clause without its "if": "you are proficient with
    Weapons and it was summoned"."""
    clauses = [clause.removeprefix("if ") for clause in condition_clauses(conditions)]
    against = filter_text(conditions.against) if conditions.against is not None else None
    if _has_check_conditions(conditions):
        noun, suffix = _check_parts(conditions, False, against)
        clauses.insert(0, f"it is {article(noun)} {noun}{suffix}")
    elif against is not None:
        clauses.insert(0, f"it is against {against}")
    return " and ".join(clauses)


def condition_clauses(conditions: Conditions, skip: tuple[str, ...] = ()) -> list[str]:
    """The conditions of a power that its moment doesn't already say, each as a clause: "if you are
    proficient with Weapons", "unless a spell was played on the check", "after the roll, if the check failed".
    Every condition of the power language has its words in CONDITION_WORDS."""
    clauses = []
    for name in type(conditions).model_fields:
        value = getattr(conditions, name)
        if value is None or value == [] or name in WINDOW_CONDITIONS or name in skip:
            continue
        clauses.append(CONDITION_WORDS[name](value))
    return clauses


def _joined_clauses(clauses: list[str]) -> str:
    """ "after the roll, if the check failed and you have at least 1 mythic charge, unless ..."."""
    parts = []
    after = [clause for clause in clauses if clause.startswith("after ")]
    ifs = [clause.removeprefix("if ") for clause in clauses if clause.startswith("if ")]
    if after:
        parts.append(after[0] + (f" and {' and '.join(ifs)}" if ifs else ""))
    elif ifs:
        parts.append(f"if {' and '.join(ifs)}")
    parts.extend(clause for clause in clauses if not clause.startswith(("after ", "if ")))
    return ", ".join(parts)


def _clauses(power: Power, reading: Reading) -> str:
    # "after playing" names the card played in its moment, so it isn't repeated as a condition.
    skip = ("played", "played_action") if power.when is Timing.AFTER_PLAYING else ()
    clauses = condition_clauses(power.conditions, skip)
    if reading.own and power.conditions.against is not None:
        clauses.insert(0, f"if this card is {filter_text(power.conditions.against)}")
    return _joined_clauses(clauses)


# --- what a power does --------------------------------------------------------------------------------------


def _effects(phrases: list[str]) -> str:
    """Effects one after the other: "add 1d4 and add the Magic trait"; phrases that have commas of their own
    are kept apart by semicolons."""
    if len(phrases) > 1 and any(", " in phrase for phrase in phrases):
        return "; ".join(phrases)
    return listing(phrases, "and")


# The verbs an effect's phrase may begin with to be something a player may choose to do ("you may draw a card").
_CHOICES = frozenset(
    {
        "add", "attempt", "banish", "bury", "deal", "defeat", "discard", "display", "draw", "encounter", "evade",
        "examine", "exchange", "explore", "gain", "give", "have", "ignore", "increase", "make", "move", "pass",
        "play", "put",
        "recharge", "reduce", "replace", "reroll", "reveal", "roll", "shuffle", "subtract", "succeed", "summon",
        "use",
    }
)


def _you_may(power: Power) -> str:
    """An optional paragraph that plays no card: "you may draw a card", "you may draw a weapon; if you do, you
    are dealt 1 damage"; effects that aren't something to do ("after the check, ...") as they are."""
    first, *rest = power.effects
    choice = effect_text(first, as_verb=True)
    if choice.split(" ", 1)[0] not in _CHOICES:
        return _effects([effect_text(effect) for effect in power.effects])
    if not rest:
        return f"you may {choice}"
    return f"you may {choice}; if you do, {_effects([effect_text(effect) for effect in rest])}"


def _body(power: Power, reading: Reading, alone: bool) -> str:
    """What a paragraph does, without a capital. `alone`: nothing comes before it, so a section's paragraph
    that always applies may say each effect as a sentence of its own, as a printed card does."""
    plays = []
    if power.action is not None:
        plays.append(action_text(power.action))
    if power.cost is not None:
        plays.append(cost_text(power.cost))
    if plays:
        text = " and ".join(plays)
        if power.effects:
            text += f" to {_effects([effect_text(effect, True) for effect in power.effects])}"
        return f"you may {text}" if reading.section else text
    if power.optional:
        return _you_may(power)
    phrases = [effect_text(effect) for effect in power.effects]
    if reading.section and alone:
        return ". ".join(sentence_case(phrase) for phrase in phrases)
    return _effects(phrases)


def recharge_check_text(recharge: RechargeCheck) -> str:
    check = parse_check(recharge.check)
    goal = "reveal it instead of recharging it" if recharge.to == "reveal" else "recharge it"
    text = f"After playing this card, you may attempt {check.a_check()} to {goal}"
    if recharge.banish_without_skill:
        skills = list(
            dict.fromkeys(
                skill for step in check.steps for option in step.options for skill in option.skills if skill != COMBAT
            )
        )
        text += f"; if you have no {listing(skills)} skill, banish it instead"
    return text + "."


def _once(text: str, words: str, pronoun: str) -> str:
    """A phrase said once, then by its pronoun: "evade the card you are encountering and put it on top of its
    location deck"."""
    first, found, rest = text.partition(words)
    return first + found + rest.replace(words, pronoun) if found else text


def _sentence(power: Power, reading: Reading) -> str:
    """The paragraph itself as a sentence: "On your combat check: reveal this card to add 1d6.", "Always, at
    the end of your turn: draw a card.", under a heading "Each character at your location is dealt 1 damage."."""
    moment = _moment(power, reading)
    if not reading.section and not power.optional:
        moment = f"always, {moment}" if moment else "always"
    if power.while_in is not None:
        moment = f"while this card is {power.while_in}, {moment}" if moment else f"while this card is {power.while_in}"
    clauses = _clauses(power, reading)
    body = _once(_body(power, reading, alone=not (moment or clauses)), "the card you are encountering", "it")
    if power.whose is not Whose.YOUR:  # the skill a power sets is the skill of whoever attempts the check (CHK-05)
        body = body.replace("use your ", "have that character use their ")
    if reading.own:
        body = about_itself(body)
        clauses = about_itself(clauses)
    if moment:
        lead = ", ".join(part for part in (moment, clauses) if part)
        return f"{sentence_case(lead)}: {body}."
    if clauses:
        return f"{sentence_case(clauses)}, {body}."
    return f"{sentence_case(body)}."


@lru_cache(maxsize=4096)  # a paragraph is frozen data: its words are made once (a seat's view gives them)
def power_text(power: Power, reading: Reading = ON_ITS_OWN, boxes: bool = True) -> str:
    """One paragraph of powers as a sentence, e.g. "On your combat check: reveal this card to use your
    Dexterity or Ranged skill and add 1d6." Mandatory paragraphs start with "Always" unless read under a
    heading (`reading`); then come the recharge check and the power feat boxes. Without `boxes`, the paragraph
    as it stands, its feat boxes left out: a character's power as the feats checked make it (FEAT-02)."""
    text = _sentence(power, reading)
    if power.box and boxes:  # the whole paragraph sits behind a power feat box (FEAT-02)
        text = f"[feat {power.box}] {text}"
    if power.repeatable:
        text += " You may use this power any number of times on a check or step."
    if power.recharge_check is not None:
        text += " " + recharge_check_text(power.recharge_check)
    for feat in power.feats if boxes else ():
        text += f" [feat {feat.box}: {power_text(feat.power, reading)}]"
    return text
