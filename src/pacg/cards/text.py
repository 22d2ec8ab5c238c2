"""A card's readable text, generated from its data (DESIGN.md section 2).

Nothing here is stored: the words come from the same fields the engine plays by, so what a card says and
what it does can't drift apart. Each effect primitive says its own phrase (`text()` in powers.py); this
module builds those phrases into paragraphs ("On your combat check: reveal this card to use your Dexterity
or Ranged skill and add 1d6.") and paragraphs into whole cards.

- `power_text(power)`: one power paragraph as a sentence.
- `card_text(card)`: a whole card, several lines, in the order the printed card reads.
- `card_summary(card)`: the facts every card has, as plain JSON-ready data.
"""

from __future__ import annotations

from typing import Any

from pacg.cards.checks import Check
from pacg.cards.model import (
    Adventure,
    AdventurePath,
    Bane,
    Boon,
    Card,
    Character,
    ClosingOption,
    Counted,
    Location,
    ProficiencyEntry,
    Redemption,
    Reward,
    Role,
    Scenario,
)
from pacg.cards.powers import (
    CardFilter,
    Conditions,
    Cost,
    Power,
    Purpose,
    RechargeCheck,
    Source,
    Summon,
    Timing,
    Whose,
    listing,
)
from pacg.cards.vocabulary import COMBAT, CardType

# --- small pieces of English ------------------------------------------------------------------------------


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


_PLURALS = {"ally": "allies", "henchman": "henchmen", "loot": "loot", "armor": "armors"}


def plural_of(word: str) -> str:
    """The plural of a card type or noun: "ally" → "allies", "henchman" → "henchmen"."""
    last = word.rsplit(" ", 1)
    return " ".join([*last[:-1], _PLURALS.get(last[-1], last[-1] + "s")])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(value: Any) -> str:
    """An enum or string value as written in the card file."""
    return str(getattr(value, "value", value))


# --- what a power refers to ---------------------------------------------------------------------------------


def filter_text(card_filter: CardFilter | None, plural: bool = False, default: str = "card") -> str:
    """Which cards a filter admits: "a monster", "a card with the Animal or Vermin trait", "cards ..."."""
    card_filter = card_filter or CardFilter()
    nouns = [_plain(card_type) for card_type in card_filter.types] if card_filter.types else [default]
    if plural:
        noun = listing([plural_of(noun) for noun in nouns])
    else:
        noun = f"{_article(nouns[0])} {listing(nouns)}"
    if card_filter.traits:
        noun += f" with the {listing(card_filter.traits)} trait"  # any one of them is enough
    if card_filter.not_traits:
        noun += f" without the {listing(card_filter.not_traits)} trait"
    return noun


def cost_text(cost: Cost) -> str:
    """What a power asks you to do with another card: "recharge a card with the Divine or Ranged trait"."""
    action = _plain(cost.action)
    if cost.source == Source.DECK_TOP:
        what = "the top card of your deck"
        if cost.card != CardFilter():
            what += f" if it is {filter_text(cost.card)}"
        return f"{action} {what}"
    text = f"{action} {filter_text(cost.card)}"
    if cost.source == Source.DISCARD:
        text += " from your discard pile"
    elif cost.source != Source.HAND:
        text += f" from your {_plain(cost.source)}"
    return text


def check_text(check: Check | None) -> str:
    """A check as printed ("Combat 8 or Dexterity or Stealth 6"); no check at all reads "None"."""
    return "None" if check is None else str(check)


# --- when a power may be used --------------------------------------------------------------------------------

# Who a power helps, as the subject of a sentence ("when you encounter", "when another character encounters").
_SUBJECTS: dict[str, tuple[str, bool]] = {  # (subject, takes the third person verb)
    Whose.YOUR: ("you", False),
    Whose.LOCAL: ("any character at your location", True),
    Whose.ANOTHER_LOCAL: ("another character at your location", True),
    Whose.ANY: ("any character", True),
    Whose.ANOTHER: ("another character", True),
}

_PURPOSES = {
    Purpose.DEFEAT: "to defeat",
    Purpose.ACQUIRE: "to acquire",
    Purpose.CLOSE: "to close",
    Purpose.RECHARGE: "to recharge",
}


def _subject(whose: Whose) -> tuple[str, bool]:
    return _SUBJECTS.get(whose, (f"{_plain(whose)} character", True))


def _verb(third_person: bool, base: str, third: str | None = None) -> str:
    return (third or base + "s") if third_person else base


def _check_parts(conditions: Conditions, plural: bool) -> tuple[str, str]:
    """A check's kind in two parts, the noun and what follows it: ("Arcane combat check", " to defeat a
    monster"), ("checks", " with the Magic trait against cards with the Animal trait")."""
    words = []
    if conditions.skills:
        words.append(listing([_plain(skill) for skill in conditions.skills]))
    if conditions.check:
        words.append(conditions.check)
    words.append("checks" if plural else "check")
    noun = " ".join(words)

    suffix = ""
    against = conditions.against
    purposes = [purpose for purpose in conditions.purpose or () if purpose != Purpose.OTHER]
    if purposes:
        verbs = [_PURPOSES.get(purpose, f"to {_plain(purpose)}").removeprefix("to ") for purpose in purposes]
        suffix += f" to {listing(verbs)}"
        if against is not None and len(purposes) == 1 and purposes[0] in (Purpose.DEFEAT, Purpose.ACQUIRE):
            suffix += f" {filter_text(against, plural=plural)}"  # "to defeat a monster", not "against"
            against = None
    if Purpose.OTHER in (conditions.purpose or ()):
        suffix += " or for another purpose" if purposes else " for another purpose"
    if conditions.check_traits:
        suffix += f" with the {listing(conditions.check_traits)} trait"
    if against is not None:
        suffix += f" against {filter_text(against, plural=plural)}"
    return noun, suffix


def _check_kind(conditions: Conditions, plural: bool) -> str:
    """ "Arcane or Divine combat check to defeat a monster", "check with the Magic trait", "checks"."""
    noun, suffix = _check_parts(conditions, plural)
    return noun + suffix


def _check_window(whose: Whose, conditions: Conditions, mandatory: bool) -> str:
    """ "on your combat check", "on a check by another character at your location", "on checks ..."."""
    if mandatory and whose == Whose.YOUR:
        return f"on {_check_kind(conditions, plural=True)}"
    noun, suffix = _check_parts(conditions, plural=False)
    if whose == Whose.YOUR:
        return f"on your {noun}{suffix}"
    if whose == Whose.ANY:
        return f"on any {noun}{suffix}"
    if whose == Whose.ANOTHER:
        return f"on another character's {noun}{suffix}"
    subject, _ = _subject(whose)
    return f"on {_article(noun)} {noun} by {subject}{suffix}"


def _has_check_conditions(conditions: Conditions) -> bool:
    return bool(conditions.check or conditions.skills or conditions.purpose or conditions.check_traits)


def _window(power: Power) -> str:
    """The moment a power is used, in words, without a capital: "on your combat check", "when you encounter
    a monster", "at the start of your turn"."""
    conditions = power.conditions
    mandatory = not power.optional
    if power.when == Timing.CHECK:
        text = _check_window(power.whose, conditions, mandatory)
        return f"always, {text}" if mandatory else text

    subject, third = _subject(power.whose)
    against = conditions.against
    when = power.when
    if when == Timing.ON_ENCOUNTER:
        text = f"when {subject} {_verb(third, 'encounter')} {filter_text(against)}"
    elif when == Timing.EVASION:
        text = f"when {subject} could evade {filter_text(against)}"
    elif when == Timing.BEFORE_ACTING:
        text = f"before {subject} {_verb(third, 'act')} in an encounter"
        text += f" with {filter_text(against)}" if against else ""
    elif when == Timing.AFTER_ACTING:
        text = f"after {subject} {_verb(third, 'act')} in an encounter"
        text += f" with {filter_text(against)}" if against else ""
    elif when == Timing.DAMAGE:
        text = f"when {subject} {_verb(third, 'are', 'is')} dealt damage"
        text += f" by {filter_text(against)}" if against else ""
    elif when in (Timing.TURN_START, Timing.TURN_END):
        edge = "start" if when == Timing.TURN_START else "end"
        turns = {Whose.YOUR: "your turn", Whose.ANY: "each turn", Whose.ANOTHER: "another character's turn"}
        text = f"at the {edge} of {turns.get(power.whose, f'the turn of {subject}')}"
    elif when == Timing.EXPLORE:
        text = "during your explore step" if power.whose == Whose.YOUR else f"during the explore step of {subject}"
    elif when == Timing.RESET_HAND:
        text = f"when {subject} {_verb(third, 'reset')} {'your' if not third else 'their'} hand"
    elif when == Timing.ACQUIRE:
        text = f"when {subject} {_verb(third, 'acquire')} {filter_text(against, default='boon')}"
    elif when == Timing.DEFEAT:
        text = f"when {subject} {_verb(third, 'defeat')} {filter_text(against, default='bane')}"
    elif when == Timing.UNDEFEATED:
        text = f"when {subject} {_verb(third, 'do', 'does')} not defeat {filter_text(against, default='bane')}"
    elif when == Timing.BEFORE_CLOSING:
        text = "before the location is permanently closed"
    elif when == Timing.CLOSING:
        text = "when the location is permanently closed"
    elif when == Timing.ENTER:
        text = f"when {subject} {_verb(third, 'move')} to this location"
    elif when == Timing.LEAVE:
        text = f"when {subject} {_verb(third, 'move')} away from this location"
    elif when == Timing.SETUP:
        text = "when setting up the scenario"
    elif when == Timing.ANY_TIME:
        text = "at any time"
    elif when == getattr(Timing, "AFTER_PLAYING", None):
        played = _played_text(conditions.played) if getattr(conditions, "played", None) else "this card"
        text = f"after {subject} {_verb(third, 'play')} {played}"
    else:  # a timing added to the power language after this was written
        text = f"{_plain(when)}"
    if _has_check_conditions(conditions):
        plain = conditions.model_copy(update={"against": None})
        text += f", during {_article(_check_kind(plain, False))} {_check_kind(plain, False)}"
    if mandatory:
        text = "always" + text.removeprefix("at any time") if text.startswith("at any time") else f"always, {text}"
    return text


# The conditions the moment of a power already says ("on your Arcane combat check to defeat a monster");
# the rest become clauses after it ("if ...", "unless ...", "on your turn").
_WINDOW_CONDITIONS = {"check", "skills", "check_traits", "purpose", "against"}


def _played_text(filters: list[CardFilter]) -> str:
    return " or ".join(filter_text(card_filter) for card_filter in filters)


def condition_clauses(conditions: Conditions, skip: tuple[str, ...] = ()) -> list[str]:
    """The conditions of a power that its moment doesn't already say, each as a clause: "if you are
    proficient with Weapons", "unless a spell was played on the check", "after the roll, if the check failed"."""
    clauses = []
    for name, value in conditions:
        if value is None or value == [] or name in _WINDOW_CONDITIONS or name in skip:
            continue
        if name == "proficient":
            clauses.append(f"if you are proficient with {_plain(value)}")
        elif name == "not_proficient":
            clauses.append(f"if you are not proficient with {_plain(value)}")
        elif name == "max_difficulty":
            clauses.append(f"if the card's highest difficulty is {value} or less")
        elif name == "played":
            clauses.append(f"if {_played_text(value)} was played on the check")
        elif name == "not_played":
            clauses.append(f"unless {_played_text(value)} was played on the check")
        elif name == "after_roll":
            clauses.append(f"after the roll, if the check {value}")
        elif name == "displaying":
            shown = "this card" if value == "this card" else filter_text(value)
            clauses.append(f"if you have {shown} displayed")
        elif name == "location":
            clauses.append(f"at {filter_text(value, default='location')}")
        elif name == "turn":
            clauses.append("on your turn" if value == "yours" else f"on the {value} of your turn")
        elif name == "mythic_charges":
            clauses.append(f"if you have at least {value} mythic charge{'s' if value != 1 else ''}")
        elif name == "blessings_discard":
            clauses.append(f"if the top card of the blessings discard pile is {filter_text(value)}")
        else:  # a condition added to the power language after this was written: say what the file says
            shown = value.model_dump(mode="json") if hasattr(value, "model_dump") else value
            clauses.append(f"if {name.replace('_', ' ')}: {shown}")
    return clauses


def _joined_clauses(clauses: list[str]) -> str:
    """ ", after the roll, if the check failed and you have at least 1 mythic charge, unless ..."."""
    text = ""
    after = [clause for clause in clauses if clause.startswith("after ")]
    ifs = [clause.removeprefix("if ") for clause in clauses if clause.startswith("if ")]
    if after:
        text += f", {after[0]}"
        if ifs:
            text += f" and {' and '.join(ifs)}"
    elif ifs:
        text += f", if {' and '.join(ifs)}"
    for clause in clauses:
        if not clause.startswith(("after ", "if ")):
            text += f", {clause}"
    return text


# --- what a power does --------------------------------------------------------------------------------------


def effect_text(effect: Any, as_verb: bool = False) -> str:
    """One effect primitive's phrase. `as_verb` asks for a phrase that reads after "to" ("to reduce the
    difficulty by 2" rather than "the difficulty is reduced by 2")."""
    if as_verb and hasattr(effect, "verb_text"):
        return effect.verb_text()
    if hasattr(effect, "text"):
        return effect.text()
    # An effect class without text(): say what the file says rather than nothing.
    fields = effect.model_dump(mode="json")
    return "; ".join(f"{key.replace('_', ' ')} {value}" for key, value in fields.items())


def recharge_check_text(recharge: RechargeCheck) -> str:
    from pacg.cards.checks import parse_check

    check = parse_check(recharge.check)
    text = f"After playing this card, you may attempt {_article(str(check))} {check} check to recharge it"
    if recharge.banish_without_skill:
        skills = list(
            dict.fromkeys(
                skill for step in check.steps for option in step.options for skill in option.skills if skill != COMBAT
            )
        )
        text += f"; if you have no {listing(skills)} skill, banish it instead"
    return text + "."


def power_text(power: Power) -> str:
    """One paragraph of powers as a sentence, e.g. "On your combat check: reveal this card to use your
    Dexterity or Ranged skill and add 1d6." Mandatory paragraphs start with "Always"."""
    head = _window(power)
    # "after playing" names the card played in its moment, so it isn't repeated as a condition.
    skip = ("played",) if power.when == getattr(Timing, "AFTER_PLAYING", None) else ()
    head += _joined_clauses(condition_clauses(power.conditions, skip))

    plays = []
    if power.action is not None:
        plays.append(f"{_plain(power.action)} this card")
    if power.cost is not None:
        plays.append(cost_text(power.cost))
    if plays:
        effects = listing([effect_text(effect, as_verb=True) for effect in power.effects], "and")
        body = f"{' and '.join(plays)} to {effects}"
    else:
        body = listing([effect_text(effect) for effect in power.effects], "and")

    text = f"{_capital(head)}: {body}."
    box = getattr(power, "box", None)
    if box:  # the whole paragraph sits behind a power feat box (FEAT-02)
        text = f"[feat {box}] {text}"
    if power.recharge_check is not None:
        text += " " + recharge_check_text(power.recharge_check)
    for feat in power.feats:
        text += f" [feat {feat.box}: {power_text(feat.power)}]"
    return text


# --- whole cards --------------------------------------------------------------------------------------------


def _counted(counted: Counted) -> str:
    """ "5 [□ 6 7]": a number and the boxes that raise it."""
    text = str(counted.start)
    if counted.feats:
        raises = " ".join(str(counted.start + step) for step in range(1, counted.feats + 1))
        text += f" [□ {raises}]"
    return text


def _proficiencies(entries: list[ProficiencyEntry]) -> str:
    return ", ".join(f"[□ {_plain(entry.name)}]" if entry.feat else _plain(entry.name) for entry in entries)


def _type_name(card_type: Any) -> str:
    return _capital(_plain(card_type))


def _powers_lines(title: str, powers: list[Power]) -> list[str]:
    if not powers:
        return []
    return [f"{title}:", *(f"  {power_text(power)}" for power in powers)]


def closing_option_text(option: ClosingOption) -> str:
    """One way to close a location: "succeed at a Divine 7 check", "bury a weapon", "close automatically"."""
    parts = []
    if option.check is not None:
        parts.append(f"succeed at {_article(str(option.check))} {option.check} check")
    if option.cost is not None:
        parts.append(cost_text(option.cost))
    if option.summon is not None:
        parts.append(Summon(summon=option.summon).text().replace("encounter", "defeat or acquire"))
    if option.automatic or not parts:
        parts.append("close it automatically")
    return " and ".join(parts)


def _reward_line(reward: Reward | None) -> list[str]:
    if reward is None:
        return []
    line = f"Reward: {reward.text}"
    extras = []
    if reward.feat:
        extras.append(f"{reward.feat} feat")
    if reward.loot:
        extras.append(f"loot: {', '.join(reward.loot)}")
    if reward.draw_random is not None:
        extras.append(f"draw a random {filter_text(reward.draw_random).split(' ', 1)[1]} from the box")
    if extras:
        line += f" ({'; '.join(extras)})"
    return [line]


def _character_lines(card: Character) -> list[str]:
    lines = ["Skills:"]
    for skill, entry in card.skills.items():
        line = f"  {_plain(skill)} d{entry.die}"
        if entry.feats:
            line += " [□ " + " ".join(f"+{step}" for step in range(1, entry.feats + 1)) + "]"
        for derived, bonus in entry.derived.items():
            line += f"; {_plain(derived)}: {_plain(skill)} {bonus:+d}"
        lines.append(line)
    lines.append(f"Hand size: {_counted(card.hand_size)}")
    if card.proficiencies:
        lines.append(f"Proficient with: {_proficiencies(card.proficiencies)}")
    lines.append(f"Favored card type: {listing([_type_name(kind) for kind in card.favored])}")
    lines.append(
        "Cards List: " + ", ".join(f"{_type_name(kind)} {_counted(count)}" for kind, count in card.cards_list.items())
    )
    if card.cohort:
        lines.append(f"Cohort: {card.cohort}")
    lines.extend(_powers_lines("Powers", card.powers))
    for role in card.roles:
        lines.extend(_role_lines(role))
    if card.suggested_deck:
        lines.append("Suggested deck:")
        for kind, names in card.suggested_deck.items():
            lines.append(f"  {_type_name(kind)}: {', '.join(names)}")
    return lines


def _role_lines(role: Role) -> list[str]:
    lines = [f"Role: {role.name}", f"  Hand size: {_counted(role.hand_size)}"]
    if role.proficiencies:
        lines.append(f"  Proficient with: {_proficiencies(role.proficiencies)}")
    lines.extend(f"  {line}" for line in _powers_lines("Powers", role.powers))
    return lines


def _location_lines(card: Location) -> list[str]:
    lines = ["Deck: " + ", ".join(f"{_type_name(kind)} {count}" for kind, count in card.deck.items())]
    lines.extend(_powers_lines("At This Location", card.at_this_location))
    lines.append("When Closing: " + _capital(" or ".join(closing_option_text(o) for o in card.when_closing)) + ".")
    lines.extend(_powers_lines("When Permanently Closed", card.when_permanently_closed))
    return lines


def _scenario_lines(card: Scenario) -> list[str]:
    lines = []
    if card.villains:
        lines.append(f"Villain{'s' if len(card.villains) > 1 else ''}: {', '.join(card.villains)}")
    lines.append(f"Henchmen: {', '.join(card.henchmen)}")
    lines.append("Locations:")
    for count in sorted(card.locations):
        added = "" if count == min(card.locations) else "+ "
        lines.append(f"  {count} player{'s' if count != 1 else ''}: {added}{', '.join(card.locations[count])}")
    if card.cohorts:
        lines.append(f"Cohorts: {', '.join(card.cohorts)}")
    lines.extend(_powers_lines("Powers", card.powers))
    lines.extend(_reward_line(card.reward))
    return lines


def _boon_lines(card: Boon) -> list[str]:
    lines = []
    if card.loot_type is not None:
        lines.append(f"Counts as: {_type_name(card.loot_type)}")
    lines.append(f"Check to acquire: {check_text(card.check_to_acquire)}")
    if card.acquire_costs:
        lines.append("Or acquire it: " + " or ".join(cost_text(cost) for cost in card.acquire_costs))
    lines.extend(_powers_lines("Powers", card.powers))
    return lines


def _bane_lines(card: Bane) -> list[str]:
    lines = []
    if card.type in (CardType.VILLAIN, CardType.HENCHMAN):
        lines.append(f"Counts as: {_type_name(card.counts_as)}")
    lines.append(f"Check to defeat: {check_text(card.check_to_defeat)}")
    lines.append(f"Damage type: {card.damage_type}")
    if card.immunities:
        lines.append(f"Immunities: {', '.join(card.immunities)}")
    lines.extend(_powers_lines("Powers", card.powers))
    return lines


def _header_lines(card: Card) -> list[str]:
    facts = [_type_name(card.type), f"set {card.set}"]
    if card.is_basic:
        facts.append("Basic")
    if "Elite" in card.traits:
        facts.append("Elite")
    facts.append(f"{card.copies} cop{'y' if card.copies == 1 else 'ies'}")
    lines = [card.name, " · ".join(facts)]
    if card.traits:
        lines.append(f"Traits: {', '.join(card.traits)}")
    if card.provenance == "standin":
        lines.append("Provenance: STAND-IN (designed to fit its type, traits and set; not the printed card)")
    else:
        lines.append("Provenance: published")
    if card.notes:
        lines.append(f"Notes: {card.notes}")
    return lines


def card_text(card: Card) -> str:
    """The whole card as several lines of text: name, type, set, traits, provenance, then what the card's
    type prints (checks, powers, skills, deck lists, closing requirements, ...)."""
    lines = _header_lines(card)
    if isinstance(card, Boon):
        lines.extend(_boon_lines(card))
    elif isinstance(card, Bane):
        lines.extend(_bane_lines(card))
    elif isinstance(card, Character):
        lines.extend(_character_lines(card))
    elif isinstance(card, Location):
        lines.extend(_location_lines(card))
    elif isinstance(card, Scenario):
        lines.extend(_scenario_lines(card))
    elif isinstance(card, Adventure):
        lines.append(f"Scenarios: {', '.join(card.scenarios)}")
        lines.extend(_powers_lines("Powers", card.powers))
        lines.extend(_reward_line(card.reward))
    elif isinstance(card, AdventurePath):
        lines.append(f"Adventures: {', '.join(card.adventures)}")
        lines.extend(_powers_lines("Powers", card.powers))
        lines.extend(_reward_line(card.reward))
    elif isinstance(card, Redemption):
        lines.append(f"Redeemable: {', '.join(card.redeemable) or 'none'}")
    else:  # cohorts, mythic paths and any card type with just powers
        lines.extend(_powers_lines("Powers", getattr(card, "powers", [])))
    return "\n".join(lines)


def _card_check(card: Card) -> Check | None:
    if isinstance(card, Boon):
        return card.check_to_acquire
    if isinstance(card, Bane):
        return card.check_to_defeat
    return None


def card_summary(card: Card) -> dict[str, Any]:
    """The facts every card has, as JSON-ready data: name, type, set, traits, copies, provenance, plus the
    card's check (if its type has one) and its power paragraphs as text."""
    summary: dict[str, Any] = {
        "name": card.name,
        "type": _plain(card.type),
        "set": card.set,
        "traits": list(card.traits),
        "copies": card.copies,
        "provenance": card.provenance,
    }
    if isinstance(card, (Boon, Bane)):
        check = _card_check(card)
        summary["check"] = None if check is None else str(check)
    powers = getattr(card, "powers", None)
    if powers:
        summary["powers"] = [power_text(power) for power in powers]
    return summary
