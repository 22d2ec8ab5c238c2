"""Playing cards and using powers (rulebook pages 9-10, 10-11): what may be played, and playing it.

A play is one power used by one player: a power of a card in hand or on display, of the character card, or
of the location or scenario. Playing a card means using its power by revealing, displaying, discarding,
recharging, burying or banishing it (PLAY-01); its first action comes first (PLAY-05); cards come from the
hand unless a power says otherwise (PLAY-06).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from pacg.cards.amounts import Amount
from pacg.cards.model import AnyCard
from pacg.cards.powers import (
    CannotPlay,
    CardFilter,
    CardPlace,
    ChargeCost,
    Conditions,
    DamageCost,
    IgnoreTypeLimit,
    Instead,
    Moment,
    NoHelp,
    Power,
    Purpose,
    Source,
    ThisCardCost,
    Timing,
    Who,
    Whose,
)
from pacg.cards.text import sentence_case
from pacg.cards.vocabulary import CardAction, CardType, Proficiency, Skill, action_text
from pacg.engine import seams, trace
from pacg.engine.declared import SPECS
from pacg.engine.filters import fits, matches
from pacg.engine.state import CharacterState, GameState, SkillDie
from pacg.engine.values import margin_at_least, value
from pacg.engine.zones import BLESSINGS_DISCARD, REMOVED, PhysicalCard, Zone, ZoneKind, box

if TYPE_CHECKING:
    from pacg.engine.check import CheckState
    from pacg.engine.state import Encounter


PowerKey = tuple[object, ...]  # where a power is printed: ("card", uid, index), ("scenario", index), ...
# A power's key, the power, its source, the card played for it, the card it is printed on when that card is not
# played (the card whose power left a lasting paragraph: "bury this card from your discard pile"), and the card
# the card played is played as a copy of (PlayAsCopy).
PowerOffer = tuple[PowerKey, Power, str, "PhysicalCard | None", "PhysicalCard | None", "AnyCard | None"]


class Play(NamedTuple):
    """One legal use of one power by one player, with the card paid as its cost, if any."""

    player: CharacterState
    key: PowerKey  # the power's identity: each power is used at most once per check or step (PLAY-03)
    power: Power
    source: str  # the card the power is printed on: a card played, the character, the location
    card: PhysicalCard | None = None  # the card played, from hand or display
    cost_card: PhysicalCard | None = None
    as_card: AnyCard | None = None  # the card it is played as a copy of (PlayAsCopy)

    @property
    def acting(self) -> AnyCard | PhysicalCard | None:
        """What the card played acts as, for its type, traits and paragraphs: the card it is a copy of, or itself
        (the physical card is the one that moves)."""
        return self.as_card if self.as_card is not None else self.card

    @property
    def label(self) -> str:
        """What the play does with its card and its cost: "Use Seelah's power, discard the top card of your deck".
        A cost paid from the top of the deck says so, never which card it is: the card is face down."""
        action = self.power.action
        text = sentence_case(action_text(action, self.source)) if action else f"Use {self.source}"
        cost = self.power.cost
        if isinstance(cost, (ChargeCost, DamageCost)):
            text += f", {cost.text()}"
        elif cost and self.cost_card:
            paid = "the top card of your deck" if cost.source is _DECK_TOP else self.cost_card.name
            text += f", {action_text(cost.action, paid)}"
        return text

    def id_parts(self) -> tuple[object, ...]:
        """What the play's action id names (`decisions.action_ids`): "play", what the power is printed on (the
        card played, as a copy of another if it is; the character; the location, the scenario, the card
        encountered, the card whose power left a lasting paragraph) and which of its paragraphs, counted from 1
        (`_paragraph`); then the card paid, unless it is paid face down from the top of the deck: never the
        power's words. "play:blessing-of-ascension:2", "play:kyra:role-3", "play:armory:1:cost:longsword"."""
        key = self.key
        kind, index = key[0], key[-1]
        printed: tuple[object, ...]
        if kind == "card":
            printed = ((self.card, _paragraph(index)) if type(index) is not tuple
                       else (self.card, "as", index[1], _paragraph(index[2])))  # ("as", copied card, paragraph)
        elif kind == "character":
            printed = (self.player.name, _paragraph(index))
        elif kind == "location" or kind == "scenario" or kind == "encountered":
            printed = (self.source, _paragraph(index))
        elif kind == "elsewhere" or kind == "closed":  # an open location's powers for those elsewhere, a closed one's
            printed = (self.source, f"{kind}-{_paragraph(index)}")
        else:  # a lasting paragraph (its key is no place on a card)
            printed = (self.source, str(kind))
        if self.cost_card is not None and getattr(self.power.cost, "source", None) is not _DECK_TOP:
            return ("play", *printed, "cost", self.cost_card)
        return ("play", *printed)


def _paragraph(key: object) -> str:
    """Which paragraph a power's key names, counted from 1: "2" for the index 1 of a card's paragraphs; of a
    character's, "role-2" and "path-2" for one its role or its mythic path prints ("role:1", "path:1")."""
    if type(key) is int:
        return _COUNTED[key] if key < len(_COUNTED) else str(key + 1)
    prefix, _, index = str(key).rpartition(":")
    number = str(int(index) + 1) if index.isdigit() else index
    return f"{prefix}-{number}" if prefix else number


_COUNTED = tuple(str(number) for number in range(1, 17))  # paragraph numbers, made once

# Enumeration members read on the hottest paths, read once here: reading a member of an enumeration is slow on
# Python 3.11 (its metaclass defines __getattr__, which takes every such read off the interpreter's fast path).
_ANY_TIME, _AFTER_PLAYING = Timing.ANY_TIME, Timing.AFTER_PLAYING
_RECHARGE, _DECK_TOP, _DISPLAY, _DISPLAYED = Purpose.RECHARGE, Source.DECK_TOP, CardAction.DISPLAY, ZoneKind.DISPLAYED


@dataclass(kw_only=True, slots=True)
class Step:
    """A step in which players may play cards and use powers (ENC-02): a step of an encounter or of a turn,
    taking damage, or a check (`CheckState`). `checker` is the character whose step it is. What the plays
    lead to (`evaded` ...) starts out as the class says, and is set as they are made."""

    game: GameState
    checker: CharacterState
    timing: Timing
    also: Timing | None = None  # a second timing whose powers may be used too (a turn's start: "any time")
    against: PhysicalCard | None = None
    purpose: Purpose | None = None
    plays: list[Play] = field(default_factory=list)
    encounterer: CharacterState | None = None  # whose powers apply, when someone else attempts (CHK-03)
    damage: int = 0  # the damage being dealt, in a damage step
    damage_type: str = ""
    during: Timing | None = None  # the step of an encounter this one happens in ("before-you-act checks")
    reducible: bool = True  # damage being dealt may be reduced (DMG-01), unless a power says it can't
    played_on_check: tuple[Play, ...] = ()  # a failed check's damage: the plays made on that check (DMG-01)
    dealing_check_damage: bool = False  # the effects resolved deal a failed check's damage instead (CHK-15)
    destination: str | None = None  # where the character leaving a location is going (TURN-03)
    examined: Zone | None = field(default=None, init=False)  # the deck last examined in this step (EXAM-01)
    examining: int = field(default=0, init=False)  # as a deck is examined: how many of its top cards (EXAM-01)
    riders: set[int] = field(default_factory=set, init=False)  # cards whose play paragraphs applied (PLAY-10)
    in_check = False

    @property
    def immunities(self) -> frozenset[str]:
        """The traits the card encountered or checked against is immune to (ENC-03)."""
        return self.against.immunities if self.against is not None else frozenset()

    @property
    def is_combat(self) -> bool:
        return False

    def value(self, amount: Amount, you: CharacterState | None = None) -> int:
        """What an amount comes to in this step for `you`, the character the effect acts for (by default the
        step's): the values it names, read from the step, and its dice, rolled (values.py, DICE-02)."""
        return value(self, amount, you or self.checker)

    @property
    def encounter(self) -> Encounter | None:
        """The encounter with the card this step is against, innermost first (SUM-02), if any."""
        if self.against is None:
            return None
        for encounter in reversed(self.game.encounters):
            if encounter.card is self.against:
                return encounter
        return None


def powers_following(step: Step, play: Play) -> Iterator[tuple[PowerKey, Power, str]]:
    """The powers that happen after a player plays a card (Timing.AFTER_PLAYING), each with its key and source:
    the player's own and the scenario's, for a card of the kind they name, and the paragraphs of the card just
    played ("after you play it, ... discard a card"); each once, and only where it helps the character it may
    help (KEEP-01) and its conditions hold. Worked out one by one, as they are used (`window._after_playing`)."""
    player, after = play.player, _AFTER_PLAYING
    character = [(("character", player.name, key), power, player.power_source(key))
                 for key, power in player.powers_at(after)]
    acting = play.acting
    own = [((*play.key, "after", index), power, play.source)
           for index, power in (acting.powers_by_timing.get(after, ()) if acting is not None else ())]
    scenario = [(("scenario", index), power, step.game.scenario.name)
                for index, power in step.game.scenario_powers.get(after, ()) if step.game.scenario is not None]
    for key, power, source in character + own + scenario:
        if ("after", key) not in {p.key for p in step.plays} and _follows(step, player, power, play.power, acting):
            yield key, power, source


def may_follow(step: Step, player: CharacterState, played: Power, acting: AnyCard | PhysicalCard | None) -> bool:
    """Whether any power could follow a player's playing this power of this card, before the play is worked out:
    `powers_following` but for the powers already used after the play."""
    after = _AFTER_PLAYING
    own = acting.powers_by_timing.get(after, ()) if acting is not None else ()
    powers = (*player.powers_at(after), *own, *step.game.scenario_powers.get(after, ()))
    return bool(powers) and any(_follows(step, player, power, played, acting) for _, power in powers)


def _follows(step: Step, player: CharacterState, power: Power, played: Power, acting: AnyCard | PhysicalCard | None
             ) -> bool:
    """Whether an after-playing power follows the player's playing a power of a card (`acting`, as what it is
    played as: a copy, PlayAsCopy): the card is of a kind the power is for ("after you play a spell"), played with
    an action it names ("after you discard a 2-Handed weapon for its power"), the power helps the character it may
    help ("on another character's check", KEEP-01), and its other conditions hold."""
    wanted, actions = power.conditions.played, power.conditions.played_action
    if (actions and played.action not in actions) or not helps(power.whose, player, step.checker):
        return False
    if wanted and (acting is None or not any(fits(step.game, acting, one) for one in wanted)):
        return False
    return conditions_hold(power.conditions, step, player, but="played")


def riders(game: GameState, play: Play) -> list[Power]:
    """The paragraphs of the card played that are not powers of their own and happen whenever it is played at the
    moment of the power it is played for (PLAY-10: "a mandatory action you must take when you play the card");
    those that work while the card is displayed, only if it is or this play displays it (`window._when_played`
    applies them for the character it is displayed next to)."""
    acting = play.acting
    if acting is None:
        return []
    displayed = play.power.action is _DISPLAY or (
        play.card is not None and game.zones.where(play.card).kind is _DISPLAYED)
    return [paragraph for _, paragraph in acting.powers_by_timing.get(play.power.when, ()) if not paragraph.optional
            and (paragraph.while_in is None or (displayed and paragraph.while_in == "displayed"))]


# --- which powers a player has ------------------------------------------------------------------------


def player_powers(game: GameState, player: CharacterState, moment: Moment) -> list[PowerOffer]:
    """Every power a player may choose to use at one moment, with its key and source: cards in hand played
    for a power (PLAY-06), displayed cards' powers that work while displayed (activating one counts as playing
    it, PLAY-01), the character card, the
    location (unless its powers don't apply), the scenario, and the "you may ..." paragraphs of the card the
    player is encountering. Most moments offer most players nothing, so each source is asked first whether
    it offers anything at this moment. An open location also offers its powers for characters at other
    locations to those elsewhere."""
    offers: list[PowerOffer] = []
    if game.held.moments[player.name].get(moment):
        zones = game.zones
        for card in zones.cards(player.hand):
            for index, power in card.choices_by_moment.get(moment, ()):
                if power.action is not None and power.while_in is None:
                    offers.append((("card", card.uid, index), power, card.name, card, None, None))
        for card in zones.cards(player.displayed):
            for index, power in card.choices_by_moment.get(moment, ()):
                if power.while_in == "displayed":
                    offers.append((("card", card.uid, index), power, card.name, card, None, None))
    if player.copy_powers:
        offers += _copies(game, player, moment)
    for key, power in player.choices_by_moment.get(moment, ()):
        offers.append((("character", player.name, key), power, player.power_source(key), None, None, None))
    if game.lasting:
        offers += _lasting_offers(game, player, moment)
    location = game.locations.get(player.location)
    if location is not None and moment in location.choices_by_moment and game.location_powers_apply(location):
        _offer_table_card(offers, ("location", location.name), location.name, location.choices_by_moment[moment])
    for other in game.speaking_elsewhere:  # an open location's powers for characters elsewhere
        if moment in other.elsewhere_choices and other.name != player.location and not other.closed:
            _offer_table_card(offers, ("elsewhere", other.name), other.name, other.elsewhere_choices[moment])
    for closed in game.closed_with_powers:  # a closed location's powers that last (When Permanently Closed)
        if moment in closed.closed_choices:
            _offer_table_card(offers, ("closed", closed.name), closed.name, closed.closed_choices[moment])
    if moment in game.scenario_choices and (scenario := game.scenario) is not None:
        _offer_table_card(offers, ("scenario",), scenario.name, game.scenario_choices[moment])
    for encounter in game.encounters:
        card = encounter.card
        if encounter.character is player and moment in card.choices_by_moment:
            _offer_table_card(offers, ("encountered", card.uid), card.name, card.choices_by_moment[moment])
    return offers


def _offer_table_card(
    offers: list[PowerOffer], where: tuple[object, ...], name: str, choices: Sequence[tuple[Any, Power]]
) -> None:
    """A card on the table offers the paragraphs that need no card played (a location's, the scenario's)."""
    for index, power in choices:
        if power.action is None:
            offers.append(((*where, index), power, name, None, None, None))


def _lasting_offers(game: GameState, player: CharacterState, moment: Moment) -> list[PowerOffer]:
    """The optional lasting paragraphs the player may use now, each under the card whose power left it."""
    return [(("lasting", id(entry)), entry.power, entry.source, None, entry.card, None) for entry in game.lasting
            if entry.character is player and entry.power.is_choice and entry.power.moment == moment
            and entry.applies(game.turn)]
def _copies(game: GameState, player: CharacterState, moment: Moment) -> list[PowerOffer]:
    """The cards in a player's hand that a power lets them play as a copy of a card of the blessings discard pile
    (its top card, or any), each with the copied card's powers of this moment that are played from the hand."""
    offers: list[PowerOffer] = []
    pile = game.zones.cards(BLESSINGS_DISCARD)
    for _, copy in player.copy_powers:
        copied = pile[:1] if copy.of.startswith("top") else list({card.name: card for card in pile}.values())
        for card in game.zones.cards(player.hand):
            if not fits(game, card, copy.play_as_copy):
                continue
            for original in copied:
                for index, power in original.choices_by_moment.get(moment, ()):
                    if power.action is not None and power.while_in is None:
                        key = ("card", card.uid, ("as", original.name, index))
                        offers.append((key, power, f"{card.name} as {original.name}", card, None, original.card))
    return offers


def _table_cards(game: GameState, player: CharacterState) -> list[AnyCard]:
    """The cards on the table whose paragraphs apply to a player: the location (unless its powers don't
    apply), the scenario, and the cards the player is encountering."""
    cards: list[AnyCard] = []
    location = game.locations.get(player.location)
    if location is not None and game.location_powers_apply(location):
        cards.append(location.card)
    if game.scenario is not None:
        cards.append(game.scenario)
    cards += [encounter.card.card for encounter in game.encounters if encounter.character is player]
    return cards


Standing = tuple[Power, CharacterState, "PhysicalCard | None"]
"""A paragraph that applies by itself, the character it acts for, and the card it is printed on (if any)."""


def standing_powers(state: Step) -> Iterator[Standing]:
    """Paragraphs of the step's timing that always apply when their conditions hold (PLAY-10, CHAR-01, CHK-08),
    each with the character it acts for and its card: displayed cards' while they are displayed (a check or
    damage only of the character a card is displayed next to; its owner acts for it), lasting paragraphs, the
    card encountered or checked against's (a boon's only those for its own encounter), the encountering
    character's (they apply to whoever attempts the check, CHK-03), the location's and the scenario's. They
    come in the order of GOLD-02 from the lowest: where two conflict, the one applied last (the scenario over
    the location over the character over other cards) wins. Another character's paragraph that applies to
    others ("on checks by characters at your location") acts for that character, where it helps (KEEP-01)."""
    game, checker, timing = state.game, state.checker, state.timing
    if game.displayed_powers.get(timing):
        yield from _displayed_powers(state)
    for entry in game.lasting:
        if entry.character is checker and entry.power.when is timing and entry.applies(game.turn):
            yield entry.power, checker, None
    if game.held.by_locations:  # a bane displayed by the checker's location
        for card in game.zones.cards(Zone(ZoneKind.BY_LOCATION, checker.location)):
            for _, power in card.powers_by_timing.get(timing, ()):
                if power.while_in == "displayed":
                    yield power, checker, card
    against = state.against
    if against is not None and state.purpose is not _RECHARGE:  # not a card's own check to recharge
        bane = against.card.is_bane  # a boon's paragraphs are for playing it, but those for its own encounter
        for _, power in against.powers_by_timing.get(timing, ()):
            if bane or power.while_in == "encountered":
                yield power, checker, against
    acting = state.encounterer or checker
    for _, power in acting.powers_at(timing):
        yield power, checker, None
    for other in game.living():  # others' paragraphs for local characters' checks ... (KEEP-01)
        if other.helping_standing and other is not acting:
            for power in other.helping_standing.get(timing, ()):
                if helps(power.whose, other, checker):
                    yield power, other, None
    location = game.locations.get(checker.location)
    if location is not None and game.location_powers_apply(location):
        for _, power in location.powers_by_timing.get(timing, ()):
            yield power, checker, None
    for closed in game.closed_with_powers:
        for _, power in closed.closed_powers.get(timing, ()):
            yield power, checker, None
    for _, power in game.scenario_powers.get(timing, ()):
        yield power, checker, None


# A displayed card's check and damage paragraphs act on the character it is displayed next to only.
_FOR_THE_CHARACTER_NEXT_TO = (Timing.CHECK, Timing.DAMAGE)


def _displayed_powers(state: Step) -> Iterator[Standing]:
    game, timing = state.game, state.timing
    for owner in game.characters:
        for card in game.zones.cards(owner.displayed):
            if timing in _FOR_THE_CHARACTER_NEXT_TO and game.displayed_next_to(card, owner) is not state.checker:
                continue
            for _, power in card.powers_by_timing.get(timing, ()):
                if power.while_in == "displayed" and not power.optional:
                    yield power, owner, card


# --- which skills a character has -------------------------------------------------------------------------


def skill_of(game: GameState, character: CharacterState, skill: Skill) -> SkillDie | None:
    """A character's skill (DICE-03): their own, or one another character's power lets them have where they are
    ("local characters may have Knowledge: Wisdom +2", with their own Wisdom), whichever rolls better."""
    best = character.skill(skill)
    for other in game.living():
        if not other.given_skills or other is character:
            continue
        for power, given in other.given_skills:
            if given.gain_skill != skill or not _among(given.who, other, character):
                continue
            base = character.skill(given.ability)
            if base is not None and (best is None or base.as_skill(skill, given.modifier).average > best.average):
                trace.ran(power)
                best = base.as_skill(skill, given.modifier)
    return best


def _among(who: Who, giver: CharacterState, character: CharacterState) -> bool:
    """Whether another character is one of those a group names, seen from the giver: "each character at your
    location", "each other character" ..."""
    local = giver.location == character.location
    return who in (Who.EACH, Who.EACH_OTHER) or (local and who in (Who.EACH_LOCAL, Who.EACH_OTHER_LOCAL))


# --- conditions -----------------------------------------------------------------------------------------


# Whom a power for "your", "local", "another" ... check may help (KEEP-01): the player's own character,
# another character at the player's location, another character elsewhere.
HELPS: dict[Whose, tuple[bool, bool, bool]] = {
    Whose.YOUR: (True, False, False),
    Whose.LOCAL: (True, True, False),
    Whose.ANOTHER_LOCAL: (False, True, False),
    Whose.ANOTHER: (False, True, True),
    Whose.ANY: (True, True, True),
    Whose.ELSEWHERE: (False, False, True),
}


def helps(whose: Whose, player: CharacterState, checker: CharacterState) -> bool:
    """Whether a player's power for "your", "local", "any" ... check may be used on this checker's check."""
    yourself, local, elsewhere = HELPS[whose]
    if player is checker:
        return yourself
    return local if player.location == checker.location else elsewhere


def _card_plays(state: Step) -> list[Play]:
    """The plays of cards in the step; for a failed check's damage, those on the check too (DMG-01)."""
    return [play for play in (*state.played_on_check, *state.plays) if play.card is not None]


def _played_cards(state: Step) -> list[AnyCard | PhysicalCard]:
    """The cards played in the step, as what they were played as (a copy, PlayAsCopy); for a failed check's
    damage, those played on the check too (DMG-01)."""
    return [acting for play in _card_plays(state) if (acting := play.acting) is not None]


def _was_played(wanted: list[CardFilter], state: Step) -> bool:
    """Whether a card matching one of the filters was played on the check (or the step)."""
    return any(fits(state.game, card, one) for card in _played_cards(state) for one in wanted)


def _at_location(wanted: CardFilter, state: Step, player: CharacterState) -> bool:
    location = state.game.locations.get(player.location)
    return location is not None and matches(location.card, wanted, state.game.ignored(location))


def _displaying(wanted: CardFilter, state: Step, player: CharacterState) -> bool:
    """A kind of card the player has displayed."""
    return any(fits(state.game, card, wanted) for card in state.game.zones.cards(player.displayed))


def _any_of(wanted: list[Conditions], state: Step, player: CharacterState) -> bool:
    return any(conditions_hold(one, state, player) for one in wanted)


def _none_of(wanted: list[Conditions], state: Step, player: CharacterState) -> bool:
    return not _any_of(wanted, state, player)


def _summoned(wanted: bool, state: Step, _: CharacterState) -> bool:
    return state.against is not None and state.game.is_summoned(state.against) == wanted


def _turn(wanted: str, state: Any, player: CharacterState) -> bool:
    """ "On your turn", or during the first exploration of a turn."""
    turn = state.game.turn
    if turn is None:
        return False
    return turn.character is player if wanted == "yours" else turn.explorations == 1


ConditionTest = Callable[[Any, Any, CharacterState], bool]

# How each condition a power may state is tested in a step or on a check (CHK-08, CHK-09, CHK-10). The
# conditions about a check hold only on a check: a power that states them does not apply elsewhere.
CONDITION_TESTS: dict[str, ConditionTest] = {
    "check": lambda wanted, state, _: state.in_check and (wanted == "combat") == state.is_combat,
    "skills": lambda wanted, state, _: state.in_check and bool({str(skill) for skill in wanted} & state.skills_used),
    "check_traits": lambda wanted, state, _: state.in_check and bool(set(wanted) & state.traits),
    "purpose": lambda wanted, state, _: state.in_check and state.purpose in wanted,
    "turn": _turn,
    "against": lambda wanted, state, _: state.against is not None and fits(state.game, state.against, wanted),
    "proficient": lambda wanted, _, player: player.proficient(Proficiency(wanted)),
    "not_proficient": lambda wanted, _, player: not player.proficient(Proficiency(wanted)),
    "location": _at_location,
    "max_difficulty": lambda wanted, state, _: state.against is not None
    and seams.highest_difficulty(state, state.against) <= wanted,
    "played": lambda wanted, state, _: _was_played(wanted, state),
    "not_played": lambda wanted, state, _: not _was_played(wanted, state),
    "played_action": lambda wanted, state, _: any(play.power.action in wanted for play in _card_plays(state)),
    "mythic_charges": lambda wanted, _, player: player.mythic_charges >= wanted,
    "margin": lambda wanted, state, player: margin_at_least(state, wanted, player),
    "after_roll": lambda wanted, state, _: state.in_check and state.roll is not None
    and (state.roll.total >= state.difficulty) == (wanted == "succeeded"),
    "displaying": _displaying,
    "blessings_discard": lambda wanted, state, _: _top_blessing_is(state.game, wanted),
    "played_as_blessings_discard": lambda wanted, state, _: _last_played_as_top_blessing(state) == wanted,
    "during": lambda wanted, state, _: (state.during or state.timing) in wanted,
    "character_traits": lambda wanted, _, player: not set(wanted).isdisjoint(player.card.traits),
    "role": lambda wanted, _, player: player.feats.role in wanted,
    "summoned": _summoned,
    "alone": lambda wanted, state, player: (len(state.game.local_characters(player.location)) == 1) == wanted,
    "adventure_deck": lambda wanted, state, _: state.game.adventure_deck_number >= wanted,
    "any_of": _any_of,
    "none_of": _none_of,
}
_unknown = set(Conditions.model_fields) - set(CONDITION_TESTS)
assert not _unknown, f"conditions with no test: {_unknown}"  # every condition is tested (DESIGN.md 2)


def _top_blessing_is(game: GameState, wanted: CardFilter) -> bool:
    """Whether the top card of the blessings discard pile (the last one the deck advanced) is such a card."""
    pile = game.zones.cards(BLESSINGS_DISCARD)
    return bool(pile) and fits(game, pile[0], wanted)


def _last_played_as_top_blessing(state: Step) -> bool:
    """Whether the card last played in the step (after playing a card: that card) has the same name as the top
    card of the blessings discard pile ("a blessing that matches the top card of the blessings discard")."""
    pile, played = state.game.zones.cards(BLESSINGS_DISCARD), _played_cards(state)
    return bool(pile) and bool(played) and played[-1].name == pile[0].name


def conditions_hold(conditions: Conditions, state: Step, player: CharacterState, but: str = "") -> bool:
    """Whether every condition a power states holds on this check (all but one tested apart, if named)."""
    for name, wanted in conditions.stated:
        if name != but and not CONDITION_TESTS[name](wanted, state, player):
            return False
    return True


# --- what may be played in a step or on a check ------------------------------------------------------------


# The character's zones a power's "from your ..." names.
_SOURCE_ZONES = {"hand": [ZoneKind.HAND], "top of deck": [ZoneKind.DECK], "bottom of deck": [ZoneKind.DECK],
                 "discard pile": [ZoneKind.DISCARD],
                 "deck": [ZoneKind.DECK], "deck or discard pile": [ZoneKind.DECK, ZoneKind.DISCARD],
                 "hand or discard pile": [ZoneKind.HAND, ZoneKind.DISCARD], "buried": [ZoneKind.BURIED]}


def source_cards(game: GameState, character: CharacterState, source: str) -> list[PhysicalCard]:
    """The cards of a character's place a power takes from ("from your discard pile"), or of their location deck."""
    zones = game.zones
    if source == "location deck":
        return list(game.cards_left(Zone(ZoneKind.LOCATION_DECK, character.location)))
    cards = [card for kind in _SOURCE_ZONES[source] for card in zones.cards(character.zone(kind))]
    if source == "top of deck":
        return cards[:1]
    return cards[-1:] if source == "bottom of deck" else cards


def examined_cards(step: Step) -> list[PhysicalCard]:
    """The cards being examined, as a deck is examined (EXAM-01)."""
    return step.game.cards_left(step.examined)[:step.examining] if step.examined is not None else []


def applies(power: Power, step: Step, player: CharacterState) -> bool:
    """A power may be used in a step, or on a check, only where every one of its effects applies for the
    player who would use it (PLAY-07)."""
    in_check = step.in_check
    for effect in power.effects:
        kind = type(effect)
        if kind.on_check and not in_check:
            return False
        test = SPECS[kind].offered_if  # (every effect is declared once `effects` is imported: `declared.declare`)
        if test is not None and not test(effect, step, player):
            return False
    return True


def usable(power: Power, step: Step, player: CharacterState, helped: CharacterState) -> bool:
    """Whether a player may use this power of the step's timing now: it helps the character it may help
    (KEEP-01), it applies here, and its conditions hold."""
    if not helps(power.whose, player, helped):
        return False
    return applies(power, step, player) and conditions_hold(power.conditions, step, player)


_COST_ZONES = {Source.HAND: ZoneKind.HAND, Source.DISCARD: ZoneKind.DISCARD, Source.DECK_TOP: ZoneKind.DECK}


def _cost_cards(
    game: GameState, player: CharacterState, power: Power, card: PhysicalCard | None, own: PhysicalCard | None
) -> list[PhysicalCard | None]:
    """The cards that could pay a power's cost; [None] when it has none, it expends mythic charges the player
    has (MYTH-01) or it is damage (which can always be taken, DMG-02); [] when it can't be paid. A cost paid with
    the card the power is printed on (`own`) can be paid only while that card is where the cost takes it from."""
    cost = power.cost
    if cost is None or isinstance(cost, DamageCost):
        return [None]
    if isinstance(cost, ChargeCost):
        return [None] if player.mythic_charges >= cost.charges else []
    cards = game.zones.cards(player.zone(_COST_ZONES[cost.source]))
    if cost.source is _DECK_TOP:
        cards = cards[:1]
    if isinstance(cost, ThisCardCost):
        return [own] if own is not None and own in cards else []
    return [c for c in cards if c is not card and fits(game, c, cost.card)]


OfferFilter = Callable[[Step, CharacterState, list[PowerOffer]], list[PowerOffer]]
"""The offers worth working out the plays of, of those a player has (`questions.worth_offering`)."""


def plays_in(step: Step, player: CharacterState, deciding_skill: bool = False, rerolling: bool = False,
             offered: OfferFilter | None = None) -> list[Play]:
    """Every legal play of one player in a step or on a check: each power once (PLAY-03), one card of each
    type per player (ENC-02, BOON-01), none with a trait the bane is immune to (ENC-03), none that sets the
    skill once it is chosen (CHK-05), none by others on a check no one may help with; only of the offers
    `offered` keeps, when it is given."""
    if not player.alive:
        return []
    plays: list[Play] = []
    seen: set[tuple[object, str | None]] = set()
    for timing in (step.timing, step.also):
        offers = player_powers(step.game, player, (timing, deciding_skill, rerolling)) if timing is not None else []
        if offers and offered is not None:
            offers = offered(step, player, offers)
        if not offers:
            continue
        if player is not step.checker and any(NoHelp in p.power.effect_kinds for p in step.plays):
            return []
        helped = player if timing is _ANY_TIME else step.checker  # between steps, "you" are yourself
        _add_plays(plays, seen, step, player, helped, offers)
    return plays


def _add_plays(
    plays: list[Play], seen: set[tuple[object, str | None]], step: Step, player: CharacterState,
    helped: CharacterState, offers: list[PowerOffer],
) -> None:
    """The offers a player may play now, each once (PLAY-03) unless it may be used again, paying its cost anew
    ("banish monsters from your hand for 1d4 each"); copies of one card are the same choice."""
    used = {p.key for p in step.plays}
    barred = _cannot_play(step, player)
    for key, power, source, card, own, as_card in offers:
        if (key in used and not power.repeatable) or not usable(power, step, player, helped):
            continue
        acting = as_card or card  # a card played as a copy of another is played as that card (PlayAsCopy)
        if card is not None and acting is not None and (
                not _may_play(card, acting, power, step, player) or _barred(step.game, acting, barred)):
            continue
        for cost_card in _cost_cards(step.game, player, power, card, own):
            power_of = key if card is None else (card.name, key[-1])
            same = (power_of, cost_card.name if cost_card else None)
            if same not in seen:
                seen.add(same)
                plays.append(Play(player, key, power, source, card, cost_card, as_card))


def _cannot_play(step: Step, player: CharacterState) -> list[tuple[Power, CardFilter]]:
    """The kinds of card a lasting paragraph says the player can't play now ("cannot" beats "can", GOLD-03),
    each with its paragraph."""
    barred = []
    for entry in step.game.lasting:
        if entry.character is player and conditions_hold(entry.power.conditions, step, player):
            barred += [(entry.power, effect.cannot_play) for effect in entry.power.effects
                       if isinstance(effect, CannotPlay)]
    return barred


def _barred(game: GameState, card: AnyCard | PhysicalCard, barred: list[tuple[Power, CardFilter]]) -> bool:
    """Whether a lasting paragraph says this card can't be played: that paragraph takes effect."""
    for power, wanted in barred:
        if fits(game, card, wanted):
            trace.ran(power)
            return True
    return False


def _may_play(
    card: PhysicalCard, acting: AnyCard | PhysicalCard, power: Power, step: Step, player: CharacterState
) -> bool:
    """None with a trait the bane is immune to (ENC-03), and one card of each type per player (ENC-02,
    BOON-01) unless a power lifts the limit (either this one, or the one a card of the type was played for):
    the player may not have played a different card of this card's type, in this step or, for a failed check's
    damage, on the check (DMG-01). A card revealed for one power may still be discarded for another (PLAY-02):
    it is still one card. A card played as a copy of another has the other's traits and type (`acting`)."""
    if not step.immunities.isdisjoint(step.game.traits(acting)):
        return False
    if IgnoreTypeLimit in power.effect_kinds:
        return True
    for play in (*step.played_on_check, *step.plays):
        other = play.acting
        if (other is not None and play.card is not card and other.counts_as == acting.counts_as
                and play.player is player and IgnoreTypeLimit not in play.power.effect_kinds):
            return False
    return True


def reroll_plays(state: CheckState) -> list[Play]:
    """Every reroll power any player may use on the check, once it is rolled (CHK-13)."""
    order = table_order(state.game, state.checker)
    return [play for player in order for play in plays_in(state, player, rerolling=True)]


def table_order(game: GameState, first: CharacterState) -> list[CharacterState]:
    """The living players in turn order, starting with this one (DEATH-01: the dead play nothing and are asked
    nothing)."""
    characters = game.characters
    index = characters.index(first) if first in characters else 0
    return [character for character in characters[index:] + characters[:index] if character.alive]


# --- moving played cards ------------------------------------------------------------------------------------


# What a player does with a card, in the log's words ("Kyra returns Vinst to the box").
VERB = {
    CardAction.REVEAL: "reveals {card}",
    CardAction.DISPLAY: "displays {card}",
    CardAction.DISCARD: "discards {card}",
    CardAction.RECHARGE: "recharges {card}",
    CardAction.BURY: "buries {card}",
    CardAction.BANISH: "banishes {card}",
    CardAction.TOP_OF_DECK: "puts {card} on top of the deck",
    CardAction.SHUFFLE_INTO_DECK: "shuffles {card} into the deck",
    CardAction.RETURN_TO_BOX: "returns {card} to the box",
}

PLACE_ACTION: dict[str, CardAction] = {
    "recharge": CardAction.RECHARGE,
    "discard": CardAction.DISCARD,
    "bury": CardAction.BURY,
    "banish": CardAction.BANISH,
    "top of deck": CardAction.TOP_OF_DECK,
    "shuffle into deck": CardAction.SHUFFLE_INTO_DECK,
}


def perform(game: GameState, player: CharacterState, card: PhysicalCard, action: CardAction) -> None:
    """Do with a card what its power or a cost says (PLAY-04). A banished cohort is removed (COH-01)."""
    zones = game.zones
    game.note(f"{player.name} {VERB[action].format(card=card.name)}")
    if action in _PLACED:
        kind, bottom = _PLACED[action]
        zones.move(card, player.zone(kind), bottom)
    elif action is CardAction.BANISH:
        banish(game, card)
    elif action is CardAction.SHUFFLE_INTO_DECK:
        zones.shuffle_into(card, player.deck, game.rng)
    elif action is CardAction.RETURN_TO_BOX:
        return_to_box(game, card)


# Where a card goes for each action but revealing (which leaves it in hand) and banishing: the player's zone,
# and whether at the bottom (PLAY-04: a recharged card goes to the bottom of the deck).
_PLACED: dict[CardAction, tuple[ZoneKind, bool]] = {
    CardAction.DISPLAY: (ZoneKind.DISPLAYED, False),
    CardAction.DISCARD: (ZoneKind.DISCARD, False),
    CardAction.RECHARGE: (ZoneKind.DECK, True),
    CardAction.BURY: (ZoneKind.BURIED, False),
    CardAction.TOP_OF_DECK: (ZoneKind.DECK, False),
}


def banish(game: GameState, card: PhysicalCard) -> None:
    """Back into the box (PLAY-04); a cohort leaves the game instead (COH-01)."""
    game.tally("banished", card)
    if card.type is CardType.COHORT:
        game.zones.move(card, REMOVED)
    else:
        return_to_box(game, card)


def return_to_box(game: GameState, card: PhysicalCard) -> None:
    """Back into the box, shuffled in with its type (SET-03): a card returned to the box, not banished, stays
    in the game even if it is a cohort."""
    game.zones.shuffle_into(card, box(card.type), game.rng)


def put(game: GameState, player: CharacterState, card: PhysicalCard, place: CardPlace) -> None:
    """Put one of a character's cards in one of their places (hand, top of deck, ...) or play-like actions."""
    if place == "hand":
        game.zones.move(card, player.hand)
    else:
        perform(game, player, card, PLACE_ACTION[place])


def _others_instead(step: Step, player: CharacterState) -> list[tuple[Power, CharacterState]]:
    """Other characters' `instead` powers for cards anyone plays ("blessings others play on your checks may be
    recharged"), where they help the character the play is for (KEEP-01)."""
    return [(power, other) for other in step.game.living() if other is not player
            for power in other.instead_powers if helps(power.whose, other, step.checker)]


def replacements(
    step: Step, player: CharacterState, card: PhysicalCard, action: CardAction, acting: AnyCard | None = None
) -> tuple[dict[str, Power], bool]:
    """Where a card a player would reveal, discard, bury ... may (or must) go instead: the places the
    player's, the location's and the card's own `instead` powers offer for it ("recharge it instead of
    discarding it if it matches the top of the blessings discard pile"), and the other characters' for cards
    anyone plays, each with the first power that offers it, and whether that is mandatory. A card played as a
    copy of another (`acting`) is that card for them: its paragraphs and traits are the other's."""
    places: dict[str, Power] = {}
    mandatory = False
    printed = acting if acting is not None else card.card
    own = [power for power in printed.instead_powers if power.action is None]
    standing = player.instead_powers + [power for table in _table_cards(step.game, player)
                                        for power in table.instead_powers if power.action is None]
    offers = [(power, player) for power in standing + own] + _others_instead(step, player)
    for power, owner in offers:
        for effect in power.effects:
            if not isinstance(effect, Instead) or effect.healed_by is not None:
                continue  # (an `instead` for the cards a heal moves is `effects.cards._heal`'s)
            if not fits(step.game, acting or card, effect.cards):
                continue
            if effect.replaces is not None and action not in effect.replaces:
                continue
            if owner is not player and effect.played_by != "anyone":
                continue
            if power.when not in (Timing.ANY_TIME, step.timing) or not conditions_hold(power.conditions, step, owner):
                continue
            for offered in effect.instead if isinstance(effect.instead, tuple) else (effect.instead,):
                if offered != str(action):
                    places.setdefault(offered, power)
            mandatory = mandatory or not power.optional
    return places, mandatory
