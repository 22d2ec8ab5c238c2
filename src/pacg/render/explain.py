"""Context for a person at the table: what a decision is about, a character's sheet, a location's card (issue 12).

Everything here is made from one seat's view (`Game.view`: DESIGN.md 5) and the card library, so it shows only
what that player may see: a face-down deck is a count, another player's hand is shown only when the view shows
it, and a card is described only when the view shows it somewhere (or it is a character or location at the
table, whose cards are face up).

- `decision_help(decision, view, library)`: the rule behind a decision, with its rule ID, in the project's own
  words; the decision's help line; the text of each card involved (the cards being encountered and the cards the
  prompt and options name).
- `character_sheet(name, view, library)`: skills, powers, role, hand size, favored card type, hand, deck size
  and Cards List, discard pile, buried and displayed cards, mythic path and charges, location, alive or dead.
- `location_card(name, view, library)`: the location's powers and When Closing requirement, cards left, open
  or closed, who is there, the cards face up or known on top of its deck.
- `resolve_name(text, names, what)`: the name a person means ("kyra", "forsaken"), or `UnknownName` with the
  names they may have meant; the plain mode and the full-screen game look names up with it.

Each returns a rich renderable: plain `Text` lines, so a screen reader and a pipe read them as well as a screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from pacg.cards.loader import CardLibrary
from pacg.cards.model import Card, Character, Location
from pacg.cards.names import closest
from pacg.cards.powers import Timing, listing
from pacg.cards.text import (
    card_lines,
    card_sections,
    cards_list_text,
    favored_text,
    plural_of,
)
from pacg.decisions import Decision, DecisionKind
from pacg.render.table import counted

# --- the rules behind decisions ---------------------------------------------------------------------------------

# The rules the help cites, as the checklist (rules.md) words them.
RULES: dict[str, str] = {
    "GOLD-01": "A card beats the rulebook, except where the rulebook says \"never\".",
    "GOLD-03": "\"Cannot\" beats \"can\"; an ignored thing never has any effect.",
    "SET-02": "Card types: character, role, token; story (Adventure Path, adventure, scenario); location; support "
              "(cohort, mythic path, redemption); banes (villain, henchman, monster, barrier); boons (weapon, spell, "
              "armor, item, ally, blessing, loot).",
    "SET-03": "The box holds cards by type; \"random card of a type\" draws from that type; banished cards return "
              "there, shuffled in.",
    "SETUP-03": "Players may trade cards before a scenario; decks must still conform.",
    "SETUP-09": "Each character starts at a chosen location; several may share one.",
    "SETUP-10": "Starting hand: draw hand size; favored card type (choose one if several); redraw until the hand has "
                "one, recycling the discard pile if the deck runs out; then shuffle discards back.",
    "SETUP-11": "Cohorts: a character's listed cohort goes to hand; each character may take 1 of the scenario's "
                "cohorts.",
    "TURN-01": "Advance the blessings deck first; start-of-turn effects after it.",
    "TURN-02": "Give 1 card from hand to a character at your location.",
    "TURN-03": "Move to a different location; enter/leave effects; an effect may move you to the same location, "
               "which is neither entering nor leaving.",
    "TURN-04": "One free exploration, which must be the turn's first; never explore outside the explore step; "
               "effects may grant more explorations, without limit.",
    "TURN-05": "Several effects during one exploration grant one extra exploration, which must be used at once or "
               "forfeited.",
    "TURN-06": "Boon explored: may attempt to acquire, else banish. Bane explored: must try to defeat.",
    "TURN-07": "Close a location with no cards left: one attempt.",
    "TURN-08": "End of turn: end-of-turn effects, expend mythic charges above the adventure deck number, reset "
               "hand, pass to the left.",
    "TURN-09": "Cards and powers may be played freely between steps unless they say otherwise.",
    "PLAY-02": "A card with several powers: choose one, do all of it that is possible; a card that leaves your "
               "hand triggers only one power.",
    "PLAY-03": "\"May be used when X\" can be used every time X happens; any other power once per check or step.",
    "PLAY-04": "Reveal: back to hand, at most once per check or step. Display: face up, in effect until "
               "discarded, still the character's. Discard, recharge (bottom of deck), bury (under character), "
               "banish (back to the box).",
    "PLAY-06": "Cards come from your hand unless the power says otherwise.",
    "PLAY-10": "Mandatory paragraphs of boons and characters always happen when they apply.",
    "ENC-02": "In each step, each player plays at most 1 card of each type and uses each power at most once; "
              "nothing is played between steps.",
    "ENC-04": "The seven steps in order: on encounter; evasion; before acting; the check; further checks; after "
              "acting; resolve.",
    "ENC-05": "Evaded: no more of its powers; shuffle it back into its deck; neither defeated nor undefeated.",
    "ENC-07": "Resolve: defeated bane banished; undefeated bane shuffled back; acquired boon to hand; unacquired "
              "boon banished.",
    "ENC-10": "Face-up cards on a location deck: must be encountered on the first exploration of a turn; ignored "
              "by further explorations that turn; several can be ordered.",
    "CHK-01": "Boons: check to acquire (only when encountered in a location deck); banes: check to defeat. A "
              "combat check can never succeed automatically.",
    "CHK-03": "Sequential checks: the encountering character attempts at least one; others at the location may "
              "attempt the others; powers that apply to the encountering character apply to them.",
    "CHK-04": "Choose any listed skill; a skill you don't have rolls a d4.",
    "CHK-05": "Only one card or power may decide which skill is used; some cards give exact dice instead.",
    "CHK-06": "Traits of the check: the skill used and the skill it refers to; the traits of the card that set "
              "the skill; not the traits of other cards played, nor of skills merely added.",
    "CHK-07": "Combat checks use Strength or Melee unless a card says otherwise.",
    "CHK-09": "A card may modify a skill only when that skill is used; combat-only cards only on combat checks.",
    "CHK-13": "Each reroll power rerolls once per check or step.",
    "CHK-14": "Success when result >= difficulty.",
    "DMG-01": "Damage reduction only by cards that reduce that damage type or all damage; each player at most one "
              "card of each type per damage instance.",
    "DMG-02": "Damage: discard that many cards of your choice from hand; too few: discard the hand, ignore the "
              "rest.",
    "EXAM-01": "Examine: look and put back in the same order; \"until you find a type\" stops at the first; not "
               "found: ignore the directions. Not exploring.",
    "RED-01": "Redeeming a boon removes its Corrupted trait for the rest of the Adventure Path.",
    "RESET-01": "Reset hand: only reset-hand powers; discard any number; discard down to hand size; draw up to "
                "hand size.",
    "SUM-02": "Summon and encounter: a nested encounter finished before the original continues; afterwards back "
              "to the box; defeating a summoned villain or henchman neither wins nor closes.",
    "SUM-06": "\"Random card of a type with a requirement\": draw from the box until one fits; the rest go back.",
    "CLOSE-01": "The chance to close: a henchman that says so is defeated, or the deck is empty.",
    "CLOSE-02": "Do the When Closing requirement; between \"or\" options choose before rolling or playing.",
    "CLOSE-04": "Otherwise: \"before closing\" effects, banish the deck, \"on closing\" effects, flip it; villains "
                "can't escape there; characters may still go and explore what is there.",
    "VIL-01": "When a villain is encountered, characters at other locations may each try the When Closing "
              "requirement there; success closes it temporarily for this encounter only, with no other effect.",
    "END-03": "Won: the scenario reward; loot may go to any character; feats as rewarded; none if no box of that "
              "type is free; each reward only once.",
    "END-05": "After any scenario: rebuild decks, the rest back to the box.",
    "REB-01": "Rebuild: pool all of a character's cards, trade freely, meet the Cards List and role "
              "adjustments; loot counts as its type.",
    "REB-02": "Short of a type: take Basic cards from the box (after The Demon's Heresy begins: base, add-on "
              "and Adventure Decks 2+ lower).",
    "DEATH-03": "After a death: a new character (same card allowed, no feats), Basic cards only; after The "
                "Demon's Heresy begins, base, add-on and Adventure Decks 2+ lower are allowed.",
    "FEAT-01": "Feat boxes: the leftmost unchecked box of a group first; a higher bonus replaces a lower one.",
    "FEAT-02": "Skill feats add to a skill; power feats add or improve powers (only on the character's own "
               "power); card feats add a card of a chosen type to the Cards List.",
    "MYTH-01": "Mythic path: chosen once after The Worldwound Incursion; charges spent on its powers; a d20 may "
               "replace a die.",
    "KEEP-01": "\"Your check\" is only yours; \"any check\" is anyone's.",
    "KEEP-04": "Finish one thing before starting the next (a recharge check after the check it was played on).",
}


class Rule(NamedTuple):
    """What a kind of decision is about, in the project's words, and the rules (by ID) behind it."""

    about: str
    ids: tuple[str, ...]


# What each kind of decision is about.
KIND_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.PLAY: Rule("Cards and powers may be played now; each player plays at most one card of each type "
                            "and uses each power once in a step.", ("TURN-09", "ENC-02")),
    DecisionKind.SKILL: Rule("Choose the skill the check uses: any skill the check lists, a d4 for one you don't "
                             "have, Strength or Melee for a combat check unless a card says otherwise; only one "
                             "card or power may set the skill.", ("CHK-04", "CHK-05", "CHK-06", "CHK-07")),
    DecisionKind.ATTEMPTER: Rule("Of sequential checks, the encountering character attempts at least one; the "
                                 "others may be attempted by characters at the location.", ("CHK-03",)),
    DecisionKind.REROLL: Rule("The check failed; a reroll power may roll it again, once per check, and the new "
                              "result stands.", ("CHK-13", "CHK-14")),
    DecisionKind.REROLL_DIE: Rule("The reroll power rerolls only the dice you pick.", ("CHK-13",)),
    DecisionKind.ACQUIRE: Rule("A boon you explore may be acquired with its check (or a cost it names); one you "
                               "let go or fail to acquire is banished.", ("TURN-06", "CHK-01", "ENC-07")),
    DecisionKind.CLOSE: Rule("With the chance to close a location, choose which of its When Closing "
                             "requirements to try before rolling or playing anything.",
                             ("CLOSE-01", "CLOSE-02", "TURN-07", "VIL-01")),
    DecisionKind.CLOSING_POWER: Rule("The location is being closed for good: its When Permanently Closed power "
                                     "may be used.", ("CLOSE-04",)),
    DecisionKind.DAMAGE_DISCARD: Rule("Each point of damage left after reductions discards a card of your choice "
                                      "from your hand; with too few cards, the hand is discarded.",
                                      ("DMG-01", "DMG-02")),
    DecisionKind.INSTEAD: Rule("A power lets the card go somewhere other than where the play would send it.",
                               ("PLAY-04", "GOLD-01")),
    DecisionKind.AFTER_PLAYING: Rule("A power that may be used after that play.", ("PLAY-03",)),
    DecisionKind.CHOOSE_ONE: Rule("The power offers several things to do: choose one and do as much of it as "
                                  "you can.", ("PLAY-02",)),
    DecisionKind.MAY: Rule("The power says you may: it is your choice; the paragraphs that say nothing of the "
                           "kind always happen.", ("PLAY-10",)),
    DecisionKind.GIVE: Rule("A power gives a card to another character: which card.", ("PLAY-10",)),
    DecisionKind.TURN: Rule("Your turn, before you explore: you may give 1 card from your hand to a character at "
                            "your location, then move to another location (which sets off the powers for leaving "
                            "the one and entering the other), then explore; each step may be skipped, none taken "
                            "back.", ("TURN-02", "TURN-03", "TURN-04")),
    DecisionKind.EXPLORE: Rule("Explore: flip the top card of your location deck and encounter it. The first "
                               "exploration of a turn is free; powers may give more.", ("TURN-04", "TURN-06")),
    DecisionKind.EXPLORE_AGAIN: Rule("An extra exploration must be used at once or it is lost.", ("TURN-05",)),
    DecisionKind.RESET_DISCARD: Rule("Resetting your hand at the end of your turn: discard any cards you like, "
                                     "then down to your hand size, then draw up to it.", ("RESET-01", "TURN-08")),
    DecisionKind.TRADE: Rule("Before the scenario, players may trade cards, each deck keeping its Cards List.",
                             ("SETUP-03",)),
    DecisionKind.ACCEPT_TRADE: Rule("A trade before the scenario needs both players to agree.", ("SETUP-03",)),
    DecisionKind.TRADE_CARD: Rule("A trade is a card for a card of the same type, so each deck keeps its Cards "
                                  "List.", ("SETUP-03",)),
    DecisionKind.COHORT: Rule("Each character may take one of the scenario's cohorts into their hand.",
                              ("SETUP-11",)),
    DecisionKind.CARD: Rule("The power or requirement acts on one card of several: pick which. Cards come from "
                            "your hand unless it says otherwise.", ("PLAY-06", "GOLD-01")),
    DecisionKind.CARD_TYPE: Rule("The power lets you choose a card type; it then acts on cards of that type.",
                                 ("SET-02", "GOLD-01")),
    DecisionKind.ENCOUNTER: Rule("The power gives a choice of the card to encounter; the other goes back to the "
                                 "box.", ("SET-03", "GOLD-01")),
    DecisionKind.EXAMINED: Rule("You looked at cards of a deck; a power lets you take or exchange one of them. "
                                "Examined cards otherwise go back in the same order.", ("EXAM-01",)),
    DecisionKind.FACE_UP: Rule("Face-up cards on a location deck are encountered first, in the order you "
                               "choose.", ("ENC-10",)),
    DecisionKind.FAVORED: Rule("Your starting hand must hold a card of your favored card type: choose which "
                               "type.", ("SETUP-10",)),
    DecisionKind.KEEP: Rule("Cards drawn from the box to look at: you may keep one; the rest go back.",
                            ("SUM-06", "SET-03")),
    DecisionKind.LOCATION: Rule("The power acts on a location you choose.", ("TURN-03", "EXAM-01")),
    DecisionKind.LOOT: Rule("The scenario is won: its loot may go to any character.", ("END-03",)),
    DecisionKind.FEAT: Rule("A reward gives a feat: check a box of its kind, the leftmost unchecked box of a group "
                            "first; a higher bonus replaces a lower one.", ("END-03", "FEAT-01", "FEAT-02")),
    DecisionKind.MYTHIC_PATH: Rule("A reward gives a mythic path: choose one; from the next scenario on, its "
                                   "charges fuel its powers.", ("MYTH-01",)),
    DecisionKind.NEW_CHARACTER: Rule("Your character died: start a new one (the same card is allowed) with no "
                                     "feats and a deck of Basic cards.", ("DEATH-03",)),
    DecisionKind.REBUILD: Rule("After a scenario every deck is rebuilt from all the party's cards, traded freely, "
                               "to its Cards List; short of a type, Basic cards come from the box.",
                               ("END-05", "REB-01", "REB-02")),
    DecisionKind.MOVE_ALONG: Rule("A power lets another character move with the one moving.", ("TURN-03",)),
    DecisionKind.ORDER: Rule("Several things happen one after the other, in the order you choose; each is "
                             "finished before the next.", ("KEEP-04", "VIL-01", "SUM-02")),
    DecisionKind.PLACE: Rule("The power lets you choose where the card goes.", ("PLAY-04",)),
    DecisionKind.REDEEM: Rule("Redeeming a boon checks it off on the redemption card: it loses its Corrupted "
                              "trait for the rest of the Adventure Path.", ("RED-01",)),
    DecisionKind.START: Rule("Each character starts the scenario at a location of the player's choice; several "
                             "may share one.", ("SETUP-09",)),
    DecisionKind.TARGET: Rule("The power acts on a character you choose; \"your\" check is yours alone, \"any\" "
                              "check anyone's.", ("KEEP-01", "GOLD-01")),
    DecisionKind.TRAIT: Rule("The power acts on a trait you choose: a check's traits are its skill's and the "
                             "setting card's; an ignored trait has no effect.", ("CHK-06", "GOLD-03")),
}

# What a play window is about, by the moment it opens at (the "timing" of a play decision's context).
TIMING_RULES: dict[Timing, Rule] = {
    Timing.CHECK: Rule("Cards and powers that help this check: each player plays at most one card of each type; "
                       "a card that modifies a skill only when that skill is used.", ("ENC-02", "CHK-09", "CHK-14")),
    Timing.ON_ENCOUNTER: Rule("The card has just been encountered: powers for this first step of the encounter.",
                              ("ENC-04", "ENC-02")),
    Timing.EVASION: Rule("A card or power that evades the encounter: an evaded card goes back into its deck, "
                         "neither defeated nor undefeated.", ("ENC-05", "ENC-04")),
    Timing.BEFORE_ACTING: Rule("Before you act: the step before the check.", ("ENC-04", "ENC-02")),
    Timing.AFTER_ACTING: Rule("After you act: the step after the checks.", ("ENC-04", "ENC-02")),
    Timing.DAMAGE: Rule("Damage is being dealt: each player may play one card of each type that reduces damage of "
                        "this type or of every type, before the cards are discarded.", ("DMG-01", "DMG-02")),
    Timing.TURN_START: Rule("The turn begins: the blessings deck has advanced; powers for the start of the turn, "
                            "or for any time between steps.", ("TURN-01", "TURN-09")),
    Timing.TURN_END: Rule("The turn ends: end-of-turn powers, then the hand is reset.", ("TURN-08", "TURN-09")),
    Timing.EXPLORE: Rule("In the explore step: powers that explore again.", ("TURN-04",)),
    Timing.RESET_HAND: Rule("Resetting the hand: only powers that say they are used as you reset it.",
                            ("RESET-01",)),
    Timing.ACQUIRE: Rule("A boon has been acquired: powers for that moment.", ("ENC-07",)),
    Timing.DEFEAT: Rule("A bane has been defeated: powers for that moment; it is then banished.", ("ENC-07",)),
    Timing.UNDEFEATED: Rule("A bane was not defeated: powers for that moment; it is then shuffled back into its "
                            "deck.", ("ENC-07",)),
    Timing.BEFORE_CLOSING: Rule("A location is about to be closed for good, its deck not yet banished.",
                                ("CLOSE-04",)),
    Timing.CLOSING: Rule("A location is being closed for good.", ("CLOSE-04",)),
    Timing.SETUP: Rule("The scenario is being set up.", ("GOLD-01",)),
    Timing.ANY_TIME: Rule("Between the steps of a turn: cards and powers that may be played at any time.",
                          ("TURN-09",)),
    Timing.AFTER_PLAYING: Rule("A card has just been played: powers that happen after a play of that kind.",
                               ("PLAY-03",)),
    Timing.ENTER: Rule("A character moves to a location: powers for entering it.", ("TURN-03",)),
    Timing.LEAVE: Rule("A character moves away from a location: powers for leaving it.", ("TURN-03",)),
    Timing.EXAMINE: Rule("Cards of a location deck are being examined: powers for what was seen.", ("EXAM-01",)),
    Timing.BLESSINGS_ADVANCE: Rule("The blessings deck has advanced.", ("TURN-01",)),
}


def rule_of(decision: Decision) -> Rule:
    """What a decision is about and the rules behind it: for a play window, the moment it opens at."""
    timing = decision.context.get("timing")
    if decision.kind is DecisionKind.PLAY and isinstance(timing, str):
        return TIMING_RULES.get(Timing(timing), KIND_RULES[decision.kind])
    return KIND_RULES[decision.kind]


# --- the help of a decision ---------------------------------------------------------------------------------------


def decision_help(decision: Decision, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """What a decision is about: its prompt, the rule behind it with its rule IDs, the decision's own help line,
    then the text of each card involved that the seat may see: the cards being encountered, and the cards the
    prompt and the options name."""
    rule = rule_of(decision)
    parts: list[RenderableType] = [
        Text(decision.prompt, style="bold green"),
        Text(rule.about),
        *(_indented(Text.assemble((rule_id, "bold"), " ", RULES[rule_id])) for rule_id in rule.ids),
    ]
    if decision.help:
        parts.append(Text(decision.help, style="dim"))
    cards = involved_cards(decision, view)
    if cards:
        parts.append(Text("Cards:", style="bold"))
        parts.extend(_indented(card_block(name, view, library)) for name in cards)
    return Group(*parts)


def involved_cards(decision: Decision, view: Mapping[str, Any]) -> list[str]:
    """The names of the cards a decision is about, each once: those being encountered, then those its prompt
    and options name, of the cards the seat may see."""
    names = [encounter["card"] for encounter in view["encounters"]]
    visible = visible_names(view)
    prompt = decision.prompt.removeprefix(f"{decision.player}: ")  # who decides is no card the decision is about
    for text in (prompt, *(option.label for option in decision.options)):
        names += named_in(text, visible)
    return list(dict.fromkeys(names))


def visible_names(view: Mapping[str, Any]) -> set[str]:
    """Every card name the view shows: the characters, their hands (where shown), displayed, discarded and
    buried cards, the cards known on top of their decks and their mythic paths; the locations, their face-up,
    known and displayed cards; the blessings discard pile; the cards being encountered; the scenario."""
    names: set[str] = {encounter["card"] for encounter in view["encounters"]}
    names.update(view["blessings"]["discard"])
    if view.get("scenario"):
        names.add(view["scenario"])
    for character in view["characters"]:
        names.add(character["name"])
        for pile in ("hand", "discard", "buried", "displayed", "known_top"):
            names.update(character.get(pile) or ())
        if character.get("mythic_path"):
            names.add(character["mythic_path"])
    for location in view["locations"]:
        names.add(location["name"])
        for pile in ("face_up", "known_top", "displayed"):
            names.update(location.get(pile) or ())
    return names


def named_in(text: str, names: Iterable[str]) -> list[str]:
    """The names a text names, in the order it names them, whole words only; where two begin at the same place
    the longer one ("Blessing of Ascension", not "Blessing of Asc")."""
    present = sorted((name for name in names if name in text), key=len, reverse=True)
    if not present:
        return []
    pattern = "|".join(map(re.escape, present))
    return [match.group(1) for match in re.finditer(rf"(?<!\w)({pattern})(?!\w)", text)]


def card_block(name: str, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """A card as the help shows it: its name, type and traits, then what its type prints (a boon's check to
    acquire and powers, a bane's check to defeat and powers under their headings, a location's powers and When
    Closing); a character's powers only, as the view reads them with the checked feats."""
    card = library.get(name)
    title = Text.assemble((card.name, "bold magenta"), f" ({_card_kind(card)})")
    if card.provenance == "standin":
        title.append(" · stand-in: not the printed card", style="dim")
    if isinstance(card, Character):  # at the table: as its feats make it; else as printed
        character = _character(view, card.name)
        lines = _powers_lines(character["powers"]) if character is not None else _printed_powers(card)
    else:
        lines = printed_lines(name, library)
    return Group(title, *_indented_lines(lines))


# What each card of a library prints below its name, made once (`cards.text.card_lines`).
_PRINTED: WeakKeyDictionary[CardLibrary, dict[str, list[str]]] = WeakKeyDictionary()


def printed_lines(name: str, library: CardLibrary) -> list[str]:
    """What a card of the library prints below its name, type and traits (`cards.text.card_lines`)."""
    printed = _PRINTED.setdefault(library, {})
    if name not in printed:
        printed[name] = card_lines(library.get(name))
    return printed[name]


def _card_kind(card: Card) -> str:
    """ "weapon; Basic, Sword", "location": a card's type and traits."""
    traits = ", ".join(card.traits)
    return f"{card.type}; {traits}" if traits else str(card.type)


def _powers_lines(powers: Sequence[str]) -> list[str]:
    """ "Powers:" and each paragraph under it."""
    return ["Powers:", *(f"  {power}" for power in powers)] if powers else []


def _printed_powers(card: Card) -> list[str]:
    """A card's paragraphs under their headings, as printed."""
    return [line for title, paragraphs in card_sections(card)
            for line in (f"{title}:", *(f"  {paragraph}" for paragraph in paragraphs))]


def _indented(renderable: RenderableType, spaces: int = 2) -> Padding:
    """Indented, the whole of it where it wraps."""
    return Padding(renderable, (0, 0, 0, spaces), expand=False)


def _indented_lines(lines: Iterable[str]) -> list[Padding]:
    """Lines of text indented by two spaces and by the spaces they begin with, each kept indented where it
    wraps; empty lines left out."""
    return [_indented(Text(line.lstrip()), 2 + len(line) - len(line.lstrip())) for line in lines if line]


# --- a character's sheet and a location's card --------------------------------------------------------------------


def character_sheet(name: str, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """A character's sheet from the seat's view: where they are, alive or dead; skills with dice and modifiers
    (DICE-03); role; hand size and favored card type; powers; mythic path and charges (MYTH-01);
    the hand if the view shows it; the deck as a count (PLAY-08) with the cards known on top; the Cards List;
    the discard pile, buried and displayed cards."""
    character = _character(view, name)
    if character is None:
        raise UnknownName(name, "character", [c["name"] for c in view["characters"]])
    card = library.typed(character["name"], Character)
    where = f" at {character['location']}" if character["location"] else ""
    head = Text.assemble((character["name"], "bold"), f" ({', '.join(card.traits)})" if card.traits else "",
                         where, " · alive" if character["alive"] else " · dead")
    lines = [
        f"Role: {character['role']}" if character.get("role") else "",
        "Skills: " + ", ".join(f"{skill} {die}" for skill, die in character["skills"].items()),
        f"Hand size: {character['hand_size']} · favored card type: {favored_text(card)}",
        *_powers_lines(character["powers"]),
        _mythic_line(character),
        _hand_line(character),
        _deck_line(character),
        f"Cards List: {cards_list_text(card)}",
        f"Discard pile: {counted(character['discard'], 'none')}",
        f"Buried: {counted(character['buried'], 'none')}",
        f"Displayed: {counted(character['displayed'], 'none')}",
    ]
    return Group(head, *_indented_lines(lines))


def _mythic_line(character: Mapping[str, Any]) -> str:
    path = character.get("mythic_path")
    charges = character["mythic_charges"]
    if path:
        return f"Mythic path: {path} · {_count(charges, 'mythic charge')}"
    return f"Mythic path: none · {_count(charges, 'mythic charge')}" if charges else ""


def _hand_line(character: Mapping[str, Any]) -> str:
    hand = character["hand"]
    count = f"{character['hand_count']}/{character['hand_size']}"
    return f"Hand ({count}): {counted(hand, 'none')}" if hand is not None else f"Hand ({count}): not shown"


def _deck_line(character: Mapping[str, Any]) -> str:
    """The deck's size, never its order; the cards examined on top, which every player knows (EXAM-01)."""
    line = f"Deck: {_count(character['deck'], 'card')} face down"
    if character["deck"] == 0 and character["alive"]:
        line += " (empty: having to draw a card kills, DEATH-01)"
    known = character.get("known_top") or []
    if known:
        line += f"; known on top: {', '.join(known)}"
    return line


def location_card(name: str, view: Mapping[str, Any], library: CardLibrary) -> RenderableType:
    """A location's card from the seat's view: open, closed or temporarily closed; cards left in its deck (a
    count); who is there; the cards face up on its deck (ENC-10), known on top (EXAM-01) or displayed there;
    then the card: its deck list, At This Location, When Closing and When Permanently Closed (LOC-01)."""
    location = next((place for place in view["locations"] if place["name"] == name), None)
    if location is None:
        raise UnknownName(name, "location", [place["name"] for place in view["locations"]])
    card = library.typed(location["name"], Location)
    status = ("closed" if location["closed"] else "temporarily closed" if location["temporarily_closed"]
              else "open")
    head = Text.assemble((location["name"], "bold"), f" ({_card_kind(card)}) · {status}")
    here = [character for character in location["characters"] if _alive(view, character)]
    lines = [
        f"Cards left: {location['deck']} · here: {', '.join(here) or 'no one'}",
        f"Face up on the deck: {', '.join(location['face_up'])}" if location.get("face_up") else "",
        f"Known on top: {', '.join(location['known_top'])}" if location.get("known_top") else "",
        f"Displayed here: {counted(location['displayed'], 'none')}" if location.get("displayed") else "",
        *printed_lines(card.name, library),
    ]
    return Group(head, *_indented_lines(lines))


def _character(view: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    return next((character for character in view["characters"] if character["name"] == name), None)


def _alive(view: Mapping[str, Any], name: str) -> bool:
    character = _character(view, name)
    return character is None or bool(character["alive"])


def _count(number: int, noun: str) -> str:
    """ "1 card", "3 cards", "no cards"."""
    return f"{number} {noun}" if number == 1 else f"{number or 'no'} {plural_of(noun)}"


# --- names a person types --------------------------------------------------------------------------------------------


class UnknownName(LookupError):
    """A name that names nothing, or more than one thing: what was typed, what it was meant to name, and the
    names it could be (several that begin alike, or the closest ones)."""

    def __init__(self, text: str, what: str, names: Sequence[str]) -> None:
        self.text, self.what = text, what
        wanted = text.strip().casefold()
        self.ambiguous = list(_beginning(wanted, names))
        self.candidates = self.ambiguous or closest(wanted, names, most=3)
        super().__init__(self.message)

    @property
    def message(self) -> str:
        if len(self.ambiguous) > 1:
            return f"{self.text!r} could be {', '.join(self.ambiguous)}: type more of the name."
        message = f"There is no {self.what} {self.text!r}."
        if self.candidates:
            message += f" Did you mean {listing(self.candidates)}?"
        return message


def resolve_name(text: str, names: Sequence[str], what: str = "card") -> str:
    """The one of `names` a person means by `text`: the name in any case ("kyra"), or a beginning only it has
    ("forsaken" for Forsaken Cloister), of the name or of one of its words ("cloister"). Raises UnknownName,
    with the names it could be, for anything else."""
    wanted = text.strip().casefold()
    exact = [name for name in names if name.casefold() == wanted]
    if exact:
        return exact[0]
    beginning = list(_beginning(wanted, names))
    if wanted and len(beginning) == 1:
        return beginning[0]
    raise UnknownName(text.strip(), what, names)


def _beginning(wanted: str, names: Sequence[str]) -> Iterator[str]:
    """The names that begin with `wanted`, or else those with a word that does."""
    if not wanted:
        return iter(())
    starting = [name for name in names if name.casefold().startswith(wanted)]
    if starting:
        return iter(starting)
    return (name for name in names if any(word.startswith(wanted) for word in name.casefold().split()[1:]))


def character_names(view: Mapping[str, Any]) -> list[str]:
    """The characters at the table, in turn order."""
    return [character["name"] for character in view["characters"]]


def location_names(view: Mapping[str, Any]) -> list[str]:
    """The locations of the scenario, in the order the table lists them."""
    return [location["name"] for location in view["locations"]]
