"""An AI player's decision in one line a person reads: "Kyra discards Blessing of the Gods on Harsk's Combat check to
add 1 die of the type the check rolls: 58% → 81%" (issue 13, item 3).

`narrate(decision, action)` makes the line from the published decision (DESIGN.md 3: its player, prompt, option
labels and context) and the action chosen, so it says nothing the table may not know. The options' labels are
the player's own words in the imperative ("Explore Armory", "Discard Longsword: explore again"); the line puts
them in the third person ("Kyra explores Armory", "Kyra discards Longsword to explore again") and the card text
after a colon in the player's words ("your" becomes "their"). A play on a check, and a skill chosen for one, end
with the exact odds `Decision.odds_of` gives (DESIGN.md 6). Options that are names (a location, a card, a
character) are read with the question asked ("Kyra starts at Armory", "Seoni moves (Crowe's choice)").

Only `pacg.decisions` is imported: the line mode and the full screen both narrate with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from pacg.decisions import Decision, DecisionKind

Narrator = Callable[[Decision, list[int]], str]

_IRREGULAR = {"don't": "doesn't", "do": "does", "have": "has", "be": "is", "go": "goes"}
_PRONOUNS = {"yourself": "themselves", "your": "their", "you": "they"}
_PRONOUN = re.compile(r"\b(yourself|your|you)\b", re.IGNORECASE)
# what a label that is not a verb phrase means, as the rest of a sentence whose subject is the player
_VACUOUS = {"which card", "which one"}  # questions that add nothing to the choice
_SET_PHRASES = {"No more trades": "offers no more trades", "No cohort": "takes no cohort", "No more": "picks no more",
                "None of these": "picks none of these", "Done": "passes"}
_NOT_VERBS = {"after", "before", "when", "whenever", "if", "until", "during", "each", "the", "a", "an", "for", "on",
              "at", "in", "while", "once", "they", "their"}
_PLAY_WHERE = re.compile(r"play a card or power (?P<where>.+)\?$")
_ON_CHECK = re.compile(r"^(?P<where>on .+ check) \((?P<details>[^()]*)\)$")
_WHO = re.compile(r"^who (?P<rest>.+)$")
_WHOM = re.compile(r"^whom do you (?P<verb>\w+)(?P<rest>.*)$")
_GOES = re.compile(r"^which [\w-]+ (?P<rest>goes .+)$")
_VERB_WHICH = re.compile(r"^(?P<verb>[a-z]+) (?P<before>(?:.* )?)which"
                         r"(?P<noun>(?: (?!(?:to|of|for|from|with) )[\w-]+)*)(?P<rest>.*)$")
_DAMAGE = re.compile(r"a card (?P<why>for .+ damage)")


def narrate(decision: Decision, action: str) -> str:
    """The line a person reads for `action` taken on the published `decision` (an option's id, or for a decision
    of several options their ids joined by commas, or "none")."""
    index = decision.chosen(action)
    if index is None:
        raise ValueError(f"{action!r} is not an action of {decision.player}'s {decision.kind} decision")
    chosen = ([number for number in range(len(decision.options)) if index >> number & 1]
              if decision.choose is not None else [index])
    narrator = _NARRATORS.get(decision.kind, _acting)
    return narrator(decision, chosen)


# --- the words -------------------------------------------------------------------------------------------------


def third_person(verb: str) -> str:
    """A verb of the imperative as the third person says it: "discard" -> "discards", "bury" -> "buries"."""
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith(("s", "sh", "ch", "x", "z")):
        return lower + "es"
    if lower.endswith("y") and lower[-2:-1] not in tuple("aeiou"):
        return lower[:-1] + "ies"
    return lower + "s"


def their(text: str) -> str:
    """Card text in the player's words ("you", "your") as said of them ("they", "their")."""

    def swapped(match: re.Match[str]) -> str:
        word = _PRONOUNS[match.group(1).lower()]
        return word.capitalize() if match.group(1)[0].isupper() else word

    return _PRONOUN.sub(swapped, text)


def acted(phrase: str) -> str:
    """An imperative phrase as the rest of a sentence about the player: its verbs in the third person (the
    first, after an adverb such as "temporarily"; and one after a comma: "Use Leryn, recharge Vulture"), its
    pronouns swapped."""
    words = phrase.split(" ")
    first = 1 if len(words) > 1 and words[0].lower().endswith("ly") else 0
    words[first] = third_person(words[first])
    if first:
        words[0] = words[0].lower()
    for number in range(1, len(words)):
        if words[number - 1].endswith(",") and words[number][:1].islower():
            words[number] = third_person(words[number])
    return their(" ".join(words))


def deed(label: str) -> str:
    """What choosing an option does, as the rest of a sentence about the player: "Discard Teamster: explore
    again" -> "discards Teamster to explore again"."""
    if label in _SET_PHRASES:
        return _SET_PHRASES[label]
    head, colon, effect = label.partition(": ")
    return acted(head) + (effected(effect) if colon else "")


def effected(effect: str) -> str:
    """A power's effect after what the player did for it: " to explore again" when it says what to do, else
    after a colon (": after the check, ...")."""
    words = their(effect[:1].lower() + effect[1:])
    return f": {words}" if words.split(" ", 1)[0].rstrip(",") in _NOT_VERBS else f" to {words}"


def percent(chance: Fraction) -> str:
    """A chance in whole percents; never 0% or 100% unless it is exactly that."""
    if chance in (0, 1):
        return f"{int(chance) * 100}%"
    return f"{min(max(round(chance * 100), 1), 99)}%"


def listed(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def _question(decision: Decision) -> str:
    """The prompt without the player's name before it and the question mark after it."""
    prompt = decision.prompt
    prefix = f"{decision.player}: "
    return (prompt[len(prefix):] if prompt.startswith(prefix) else prompt).removesuffix("?")


# --- the kinds of decision ----------------------------------------------------------------------------------------


def _acting(decision: Decision, chosen: list[int]) -> str:
    """Options that say what the player does ("Explore Armory", "Move to Marketplace", "Let Cure go")."""
    return f"{decision.player} {listed([deed(decision.options[index].label) for index in chosen])}"


def _playing(decision: Decision, chosen: list[int]) -> str:
    """A play window: "Kyra passes on Harsk's Combat check: 58% to succeed", "Kyra discards Blessing of the Gods
    on Harsk's Combat check to add 1 die ...: 58% → 81%" (the odds with the play, before any other)."""
    option = decision.options[chosen[0]]
    match = _PLAY_WHERE.search(decision.prompt)
    where = match.group("where") if match else ""
    on_check = _ON_CHECK.match(where)
    where = on_check.group("where") if on_check else where
    head, colon, effect = option.label.partition(": ")
    done = option.label == "Done"
    line = f"{decision.player} {deed(head)}" + (f" {where}" if where else "")
    if colon and not done:
        line += effected(effect)
    odds = decision.odds_of(option.id)
    if odds is not None and not done:
        return f"{line}: {percent(odds[0])} → {percent(odds[1])}"
    before = decision.context.get("probability")
    return f"{line}: {percent(Fraction(before))} to succeed" if before is not None else line


def _skill(decision: Decision, chosen: list[int]) -> str:
    """The skill for a check: "Enora uses Arcane 1d12+1 against 8 for the check against Brilliance: 50% to
    succeed"; a card revealed or discarded for it is said first."""
    index = chosen[0]
    head, colon, skill = decision.options[index].label.rpartition(": ")
    paid = f"{acted(head)} to use" if colon else "uses"
    match = re.search(r"which skill (?P<check>for the check.*?)(?: \(printed|$)", _question(decision))
    check = f" {match.group('check')}" if match else ""
    odds = decision.context.get("odds")
    chance = odds[index] if isinstance(odds, list | tuple) and index < len(odds) else None
    tail = f": {percent(Fraction(chance))} to succeed" if chance is not None else ""
    return f"{decision.player} {paid} {skill}{check}{tail}"


def _discarding(decision: Decision, chosen: list[int]) -> str:
    """Cards discarded as the hand is reset: "Kyra discards Longsword and Cure before resetting"."""
    question = _question(decision)
    match = re.match(r"^discard (?:any cards|\d+) (?P<why>.+)$", question)
    why = their(match.group("why")) if match else f"({question})"
    cards = [decision.options[index].label.removeprefix("Discard ") for index in chosen]
    return f"{decision.player} discards {listed(cards) if cards else 'nothing'} {why}"


def _yes_or_no(decision: Decision, chosen: list[int]) -> str:
    """A question answered yes or no (a power the player may use, moving along, a trade offered to them): "Kyra
    does not move along to Armory", "Kyra trades their Cure for Harsk's Longsword"."""
    label = decision.options[chosen[0]].label
    question = _question(decision)
    if label == "No":
        return f"{decision.player} does not {their(question)}"
    if label == "Refuse":
        return f"{decision.player} refuses to {their(question)}"
    if label in ("Yes", "Accept"):
        return f"{decision.player} {acted(question)}"
    return _acting(decision, chosen)


def _named(template: str) -> Narrator:
    """Options that are names, read with a sentence: "{player} starts at {choice}"."""

    def narrator(decision: Decision, chosen: list[int]) -> str:
        return template.format(player=decision.player, choice=decision.options[chosen[0]].label)

    return narrator


def _picking(decision: Decision, chosen: list[int]) -> str:
    """Options that are names, read with the question: "who ...?" says who does it ("Seoni moves (Crowe's
    choice)"), "whom do you heal?" and "give which card to Alain?" what the player does ("Kyra heals Enora",
    "Seelah gives Helm to Alain"); else the question, quoted."""
    choice = decision.options[chosen[0]].label
    player = decision.player
    question = _question(decision)
    if choice in _SET_PHRASES:
        return f"{player} {_SET_PHRASES[choice]} ({question})"
    who = _WHO.match(question[:1].lower() + question[1:])
    if who:
        by = f" ({player}'s choice)" if choice != player else ""
        return f"{choice} {their(who.group('rest'))}{by}"
    whom = _WHOM.match(question)
    if whom:
        return f"{player} {third_person(whom.group('verb'))} {choice}{their(whom.group('rest'))}"
    going = _GOES.match(question)
    if going:
        return f"{choice} {their(going.group('rest'))} ({player}'s choice)"
    which = _VERB_WHICH.match(question)
    if which:
        thing = f"the {choice} trait" if which.group("noun").endswith("trait") else choice
        said = f"{which.group('before')}{thing}{which.group('rest')}"
        return f"{player} {third_person(which.group('verb'))} {their(said)}"
    return f"{player} chooses {choice}" + (f" ({question})" if question not in _VACUOUS else "")


def _moving(decision: Decision, chosen: list[int]) -> str:
    """A location to move to or to examine: "Harsk moves to Armory"; a question of another kind is read as
    asked."""
    question = _question(decision)
    choice = decision.options[chosen[0]].label
    if question.endswith("move where"):
        mover = question.removesuffix(": move where") if ": " in question else ""
        return f"{decision.player} moves {mover + ' ' if mover else ''}to {choice}"
    return _picking(decision, chosen)


def _trade_card(decision: Decision, chosen: list[int]) -> str:
    """The cards of a trade before the scenario: "Kyra offers Cure", "Kyra asks for Enora's Viper Strike"."""
    choice = decision.options[chosen[0]].label
    partner = re.match(r"^for which of (?P<whose>.+'s) cards$", _question(decision))
    if partner:
        return f"{decision.player} asks for {partner.group('whose')} {choice}"
    return f"{decision.player} offers {choice} in a trade"


def _keeping(decision: Decision, chosen: list[int]) -> str:
    """A card drawn to keep: "Harsk keeps Hide Armor", or "Harsk keeps none"."""
    label = decision.options[chosen[0]].label
    return _acting(decision, chosen) if label.startswith("Keep ") else f"{decision.player} keeps {label}"


def _closing(decision: Decision, chosen: list[int]) -> str:
    """Trying to close a location: "Imrijka tries to close Watchtower (succeed at a Wisdom or Perception 8
    check)", or "Kyra doesn't try to close Armory"."""
    head, colon, how = decision.options[chosen[0]].label.partition(": ")
    if not colon:
        return _acting(decision, chosen)
    return f"{decision.player} tries to {head[:1].lower() + head[1:]} ({their(how)})"


def _damage(decision: Decision, chosen: list[int]) -> str:
    """A card lost to damage: "Seelah discards Longsword for Combat damage"."""
    match = _DAMAGE.search(decision.prompt)
    return _acting(decision, chosen) + (f" {match.group('why')}" if match else "")


def _rerolling(decision: Decision, chosen: list[int]) -> str:
    """A roll to keep or reroll: "Harsk rolled 4 against 9; Shardra uses Shardra's power, recharges Fireblade"."""
    rolled = decision.prompt.removesuffix(": reroll?")
    keep = decision.options[chosen[0]].label.startswith("Keep ")
    return f"{rolled}; {_acting(decision, chosen)}{'' if keep else ' to reroll'}"


def _after_playing(decision: Decision, chosen: list[int]) -> str:
    """A power used after a play: "Enora uses no power after playing Brilliance", or "After playing Brilliance,
    Enora uses Enora's power to recharge a random spell from their discard pile"."""
    when = _question(decision)
    if decision.options[chosen[0]].label == "No":
        return f"{decision.player} uses no power {when}"
    return f"{when[:1].upper() + when[1:]}, {_acting(decision, chosen)}"


_NARRATORS: dict[DecisionKind, Narrator] = {
    DecisionKind.PLAY: _playing,
    DecisionKind.SKILL: _skill,
    DecisionKind.RESET_DISCARD: _discarding,
    DecisionKind.MAY: _yes_or_no,
    DecisionKind.MOVE_ALONG: _yes_or_no,
    DecisionKind.ACCEPT_TRADE: _yes_or_no,
    DecisionKind.CLOSING_POWER: _yes_or_no,
    DecisionKind.AFTER_PLAYING: _after_playing,
    DecisionKind.CLOSE: _closing,
    DecisionKind.DAMAGE_DISCARD: _damage,
    DecisionKind.REROLL: _rerolling,
    DecisionKind.START: _named("{player} starts at {choice}"),
    DecisionKind.FAVORED: _named("{player} chooses {choice} as the favored card type"),
    DecisionKind.ENCOUNTER: _named("{player} encounters {choice} (the other is banished)"),
    DecisionKind.KEEP: _keeping,
    DecisionKind.GIVE: _picking,
    DecisionKind.TRADE_CARD: _trade_card,
    DecisionKind.LOCATION: _moving,
    DecisionKind.ATTEMPTER: _picking,
    DecisionKind.CARD: _picking,
    DecisionKind.CARD_TYPE: _picking,
    DecisionKind.EXAMINED: _picking,
    DecisionKind.FACE_UP: _picking,
    DecisionKind.LOOT: _picking,
    DecisionKind.ORDER: _picking,
    DecisionKind.PLACE: _picking,
    DecisionKind.REDEEM: _picking,
    DecisionKind.TARGET: _picking,
    DecisionKind.TRAIT: _picking,
    DecisionKind.REROLL_DIE: _acting,
}
