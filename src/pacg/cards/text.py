"""A card's readable text, generated from its data (DESIGN.md section 2).

Nothing here is stored: the words come from the same fields the engine plays by, so what a card says and
what it does can't drift apart. Each effect primitive says its own phrase (`text()`, `effect_text`) and the power
language builds those phrases into paragraphs ("On your combat check: reveal this card to use your Dexterity or
Ranged skill and add 1d6.", `power_text`, `pacg.cards.powers.sentence`); this module puts paragraphs into whole
cards, under the headings a printed card uses: a bane's "Before you act" and "If defeated" (where "the card you are
encountering" is "this card"), a location's "At This Location" and "When Permanently Closed", a scenario's "During
This Scenario".

- `card_sections(card)`: a card's paragraphs under their headings.
- `card_text(card)`: a whole card, several lines, in the order the printed card reads; `card_lines(card)`: what
  its type prints below its name, type and traits.
- `card_summary(card)`: the facts every card has, as plain JSON-ready data.

It is where the rest of pacg asks for a card's words, those of a paragraph (`power_text`, read as `Reading` says)
and of an effect (`effect_text`) too, and the pieces of English they are made of (`plural_of`, `sentence_case`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pacg.cards.checks import Check
from pacg.cards.english import article, listing, plain
from pacg.cards.english import plural_of as plural_of
from pacg.cards.english import sentence_case as sentence_case
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
from pacg.cards.powers import CardFilter, Power, Summon, Timing, Who, filter_text
from pacg.cards.powers import effect_text as effect_text
from pacg.cards.powers.sentence import ON_ITS_OWN, cost_text
from pacg.cards.powers.sentence import Reading as Reading
from pacg.cards.powers.sentence import power_text as power_text
from pacg.cards.vocabulary import BANE_TYPES, BOON_TYPES, CardType

# --- whole cards --------------------------------------------------------------------------------------------


def check_text(check: Check | None) -> str:
    """A check as printed ("Combat 8 or Dexterity or Stealth 6", "Combat 10 plus the adventure deck number");
    no check at all reads "None"."""
    return "None" if check is None else check.text()


Section = tuple[str, list[str]]
"""A heading of a card and the paragraphs under it: ("Before you act", ["You are dealt 1 Combat damage."])."""


# A bane's paragraphs for the moments of its encounter, under the headings a printed card gives them.
BANE_HEADINGS = {
    Timing.ON_ENCOUNTER: "When you encounter this card",
    Timing.BEFORE_ACTING: "Before you act",
    Timing.AFTER_ACTING: "After you act",
    Timing.DEFEAT: "If defeated",
    Timing.UNDEFEATED: "If undefeated",
}
POWERS = "Powers"


def _section(title: str, powers: Sequence[Power], reading: Reading = ON_ITS_OWN) -> list[Section]:
    return [(title, [power_text(power, reading) for power in powers])] if powers else []


def _bane_sections(card: Bane) -> list[Section]:
    """A bane's paragraphs about itself: those for no moment of its encounter first, then one heading for
    each moment, in the encounter's order."""
    own = Reading(section=True, own=True)
    sections = _section(POWERS, [power for power in card.powers if power.when not in BANE_HEADINGS], own)
    for timing, title in BANE_HEADINGS.items():
        powers = [power for power in card.powers if power.when is timing]
        sections += _section(title, powers, Reading(section=True, own=True, heading=timing))
    return sections


AT_OTHER_LOCATIONS = "For A Character At Another Location"  # a location's powers for characters elsewhere
_SECTION_TITLES = {Scenario: "During This Scenario", Adventure: "During This Adventure",
                   AdventurePath: "During This Adventure Path"}


def card_sections(card: Card) -> list[Section]:
    """A card's paragraphs under its headings, in the order the printed card reads: a bane's "If defeated",
    a location's "At This Location", a scenario's "During This Scenario", anyone else's "Powers"."""
    if isinstance(card, Bane):
        return _bane_sections(card)
    if isinstance(card, Location):
        return [
            *_section("At This Location", card.at_this_location, Reading(section=True)),
            *_section(AT_OTHER_LOCATIONS, card.at_other_locations, Reading(section=True)),
            *_section("When Permanently Closed", card.when_permanently_closed,
                      Reading(section=True, heading=Timing.CLOSING)),
        ]
    title = _SECTION_TITLES.get(type(card))
    if title is not None:
        return _section(title, getattr(card, "powers", []), Reading(section=True, place="a location"))
    return _section(POWERS, getattr(card, "powers", []))


def _section_lines(sections: list[Section], indent: str = "") -> list[str]:
    return [line for title, paragraphs in sections
            for line in (f"{indent}{title}:", *(f"{indent}  {paragraph}" for paragraph in paragraphs))]


def _counted(counted: Counted) -> str:
    """ "5 [□ 6 7]": a number and the boxes that raise it."""
    text = str(counted.start)
    if counted.feats:
        raises = " ".join(str(counted.start + step) for step in range(1, counted.feats + 1))
        text += f" [□ {raises}]"
    return text


def _proficiencies(entries: Sequence[ProficiencyEntry]) -> str:
    return ", ".join(f"[□ {plain(entry.name)}]" if entry.feat else plain(entry.name) for entry in entries)


def _type_name(card_type: Any) -> str:
    return sentence_case(plain(card_type))


def _outcome(summon: str | CardFilter) -> str:
    """What closing asks of a summoned card: a boon is acquired, a bane defeated; a named card, either."""
    types = set(summon.types or ()) if isinstance(summon, CardFilter) else set()
    if types and types <= BOON_TYPES:
        return "acquire"
    return "defeat" if types and types <= BANE_TYPES else "defeat or acquire"


def _summon_to_close(summon: str | CardFilter, who: Who = Who.YOU) -> str:
    """ "summon and defeat a random monster", "summon and acquire a random weapon or spell", "each character at
    your location summons and defeats a Demonling": a card that must be defeated or acquired to close a location
    (SUM-03)."""
    outcome, text = _outcome(summon), Summon(summon=summon, who=who).text()
    if "encounters" in text:  # "each character ... summons and defeats or acquires"
        return text.replace("encounters", " or ".join(f"{verb}s" for verb in outcome.split(" or ")), 1)
    return text.replace("encounter", outcome, 1)


def _merged_summons(options: Sequence[ClosingOption]) -> list[ClosingOption | CardFilter]:
    """The closing options, with those next to each other that only summon a random card of one type, to be
    dealt with alike, merged into one filter of all those types ("summon and acquire a random weapon, spell or
    item")."""
    merged: list[ClosingOption | CardFilter] = []
    for option in options:
        summon = option.summon
        if not (isinstance(summon, CardFilter) and len(summon.types or ()) == 1 and option == ClosingOption(
                summon=summon)):
            merged.append(option)
            continue
        last = merged[-1] if merged else None
        if isinstance(last, CardFilter) and _outcome(last) == _outcome(summon) and \
                last.model_copy(update={"types": None}) == summon.model_copy(update={"types": None}):
            merged[-1] = last.model_copy(update={"types": (*(last.types or ()), *(summon.types or ()))})
        else:
            merged.append(summon)
    return merged


def closing_option_text(option: ClosingOption | CardFilter) -> str:
    """One way to close a location: "succeed at a Divine 7 check", "bury a weapon", "close automatically";
    a card filter alone is a random card of that kind to summon and acquire or defeat."""
    if isinstance(option, CardFilter):
        return _summon_to_close(option)
    parts = []
    if option.check is not None:
        parts.append(f"succeed at {article(str(option.check))} {option.check} check")
    if option.cost is not None:
        parts.append(cost_text(option.cost))
    if option.summon is not None:
        parts.append(_summon_to_close(option.summon, option.who))
    if option.damage is not None:
        parts.append(f"be dealt {option.damage} {option.damage_type} damage")
    if option.automatic or not parts:
        parts.append("close it automatically")
    return " and ".join(parts)


def closing_text(options: Sequence[ClosingOption]) -> str:
    """A location's When Closing line: "Discard a card with the Divine trait or succeed at a Divine 7 check."."""
    return sentence_case(" or ".join(closing_option_text(option) for option in _merged_summons(options))) + "."


def _reward_line(reward: Reward | None) -> list[str]:
    """The reward as the card says it, with what the engine gives that the words don't already say."""
    if reward is None:
        return []
    line = f"Reward: {reward.text}"
    said = reward.text.lower()
    extras = []  # (what the engine gives, the words that would say it)
    if reward.feat:
        extras.append((f"{reward.feat} feat", f"{reward.feat} feat"))
    extras.extend((f"loot: {name}", name) for name in reward.loot)
    if reward.draw_random is not None:
        card = _random_card(reward.draw_random)
        extras.append((f"draw {card} from the box", card))
    extras = [(extra, words) for extra, words in extras if words.lower() not in said]
    if extras:
        line += f" ({'; '.join(extra for extra, _ in extras)})"
    return [line]


def _random_card(card_filter: CardFilter) -> str:
    """ "a random blessing with the Corrupted trait"."""
    return "a random " + filter_text(card_filter).split(" ", 1)[1]


def _character_lines(card: Character) -> list[str]:
    lines = ["Skills:"]
    for skill, entry in card.skills.items():
        line = f"  {plain(skill)} d{entry.die}"
        if entry.feats:
            line += " [□ " + " ".join(f"+{step}" for step in range(1, entry.feats + 1)) + "]"
        for derived, bonus in entry.derived.items():
            line += f"; {plain(derived)}: {plain(skill)} {bonus:+d}"
        lines.append(line)
    lines.append(f"Hand size: {_counted(card.hand_size)}")
    if card.proficiencies:
        lines.append(f"Proficient with: {_proficiencies(card.proficiencies)}")
    lines.append(f"Favored card type: {favored_text(card)}")
    lines.append(f"Cards List: {cards_list_text(card)}")
    if card.cohort:
        lines.append(f"Cohort: {card.cohort}")
    lines.extend(_section_lines(card_sections(card)))
    for role in card.roles:
        lines.extend(_role_lines(role))
    if card.suggested_deck:
        lines.append("Suggested deck:")
        for kind, names in card.suggested_deck.items():
            lines.append(f"  {_type_name(kind)}: {', '.join(names)}")
    return lines


def favored_text(card: Character) -> str:
    """ "Blessing", "Spell or Item": the favored card type (SETUP-10)."""
    return listing([_type_name(kind) for kind in card.favored])


def cards_list_text(card: Character) -> str:
    """ "Weapon 4 [□ 5 6], Spell 1, ...": how many cards of each type the character's deck holds, with the card feat
    boxes that raise them (SETUP-01, FEAT-02)."""
    return ", ".join(f"{_type_name(kind)} {_counted(count)}" for kind, count in card.cards_list.items())


def _role_lines(role: Role) -> list[str]:
    lines = [f"Role: {role.name}", f"  Hand size: {_counted(role.hand_size)}"]
    if role.proficiencies:
        lines.append(f"  Proficient with: {_proficiencies(role.proficiencies)}")
    lines.extend(_section_lines(_section(POWERS, role.powers), indent="  "))
    return lines


def _location_lines(card: Location) -> list[str]:
    sections = card_sections(card)
    at_this_location = [section for section in sections if section[0] in ("At This Location", AT_OTHER_LOCATIONS)]
    permanently_closed = [section for section in sections if section[0] == "When Permanently Closed"]
    return [
        "Deck: " + ", ".join(f"{_type_name(kind)} {count}" for kind, count in card.deck.items()),
        *_section_lines(at_this_location),
        f"When Closing: {closing_text(card.when_closing)}",
        *_section_lines(permanently_closed),
    ]


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
    lines.extend(_section_lines(card_sections(card)))
    lines.extend(_reward_line(card.reward))
    return lines


def _boon_lines(card: Boon) -> list[str]:
    lines = []
    if card.owner is not None:
        lines.append(f"Owner: {card.owner} (Basic for {card.owner} alone)")
    if card.loot_type is not None:
        lines.append(f"Counts as: {_type_name(card.loot_type)}")
        lines.append("Check to acquire: none; it is acquired automatically")
    else:
        lines.append(f"Check to acquire: {check_text(card.check_to_acquire)}")
    if card.acquire_costs:
        lines.append("Or acquire it: " + " or ".join(cost_text(cost) for cost in card.acquire_costs))
    lines.extend(_section_lines(card_sections(card)))
    return lines


def _bane_lines(card: Bane) -> list[str]:
    lines = []
    if card.type in (CardType.VILLAIN, CardType.HENCHMAN):
        lines.append(f"Counts as: {_type_name(card.counts_as)}")
    lines.append(f"Check to defeat: {check_text(card.check_to_defeat)}")
    if card.damage_type != "Combat":  # a bane deals Combat damage unless it says otherwise (CHK-15)
        lines.append(f"Damage type: {card.damage_type}")
    if card.immunities:
        lines.append(f"Immunities: {', '.join(card.immunities)}")
    lines.extend(_section_lines(card_sections(card)))
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
    type prints (checks, powers under their headings, skills, deck lists, closing requirements, ...)."""
    return "\n".join([*_header_lines(card), *card_lines(card)])


def card_lines(card: Card) -> list[str]:
    """What a card's type prints below its name, type and traits: checks, powers under their headings, skills,
    deck lists, closing requirements, ..."""
    lines: list[str] = []
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
        lines.extend(_section_lines(card_sections(card)))
        lines.extend(_reward_line(card.reward))
    elif isinstance(card, AdventurePath):
        lines.append(f"Adventures: {', '.join(card.adventures)}")
        lines.extend(_section_lines(card_sections(card)))
        lines.extend(_reward_line(card.reward))
    elif isinstance(card, Redemption):
        lines.append(f"Redeemable: {', '.join(card.redeemable) or 'none'}")
    else:  # cohorts, mythic paths and any card type with just powers
        lines.extend(_section_lines(card_sections(card)))
    return lines


def _card_check(card: Card) -> Check | None:
    if isinstance(card, Boon):
        return card.check_to_acquire
    if isinstance(card, Bane):
        return card.check_to_defeat
    return None


def card_summary(card: Card) -> dict[str, Any]:
    """The facts every card has, as JSON-ready data: name, type, set, traits, copies, provenance, plus the
    card's check (if its type has one) and its paragraphs as text, each with its heading unless that is just
    "Powers" ("Before you act: You are dealt 1 Combat damage.")."""
    summary: dict[str, Any] = {
        "name": card.name,
        "type": plain(card.type),
        "set": card.set,
        "traits": list(card.traits),
        "copies": card.copies,
        "provenance": card.provenance,
    }
    if isinstance(card, (Boon, Bane)):
        check = _card_check(card)
        summary["check"] = None if check is None else str(check)
    paragraphs = [paragraph if title == POWERS else f"{title}: {paragraph}"
                  for title, paragraphs in card_sections(card) for paragraph in paragraphs]
    if paragraphs:
        summary["powers"] = paragraphs
    return summary
