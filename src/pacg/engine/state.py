"""The game state: the characters at the table, the locations, the zones, and the one random generator.

All randomness of a game (shuffles, dice, random draws from the box) comes from `GameState.rng`, the game's one
`Chance` (DESIGN.md 4).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from pacg.cards.loader import CardLibrary
from pacg.cards.model import AnyCard, Character, Location, MythicPath, Role, Scenario
from pacg.cards.powers import (
    CannotMove,
    ChoicesByMoment,
    Effect,
    GainSkill,
    Instead,
    Moment,
    PlayAsCopy,
    Power,
    PowersByTiming,
    Timing,
    Who,
    Whose,
    choices_by_moment,
    powers_by_timing,
    with_chosen_trait,
)
from pacg.cards.vocabulary import CardType, Proficiency, Skill
from pacg.engine import trace
from pacg.engine.chance import Chance
from pacg.engine.zones import FullBox, PhysicalCard, Zone, ZoneKind, Zones, full_box

if TYPE_CHECKING:
    from pacg.engine.check import CheckState


@dataclass
class Feats:
    """The feat boxes checked on a character card and role card (FEAT-01, FEAT-02, ROLE-01).

    Boxes of a group are checked left to right and a higher bonus replaces a lower one, so a skill with two
    boxes checked has +2.
    """

    skills: dict[Skill, int] = field(default_factory=dict)
    hand_size: int = 0
    cards: dict[CardType, int] = field(default_factory=dict)
    proficiencies: set[Proficiency] = field(default_factory=set)
    powers: set[tuple[int, str]] = field(default_factory=set)  # (power index, feat box label)
    role: str | None = None


@dataclass(frozen=True)
class SkillDie:
    """A character's skill: its die and modifier, and the ability it refers to (DICE-03)."""

    skill: Skill
    die: int
    modifier: int
    ability: Skill

    @property
    def traits(self) -> frozenset[str]:
        """The skill and the skill it refers to are traits of a check that uses it (CHK-06, CHK-10)."""
        return frozenset({str(self.skill), str(self.ability)})

    @property
    def average(self) -> Fraction:
        """The skill's average roll: which of two ways to have a skill is the better."""
        return Fraction(self.die + 1, 2) + self.modifier

    def as_skill(self, skill: Skill, modifier: int) -> SkillDie:
        """Another skill that refers to this one's ability with a modifier of its own ("Knowledge: Wisdom +2")."""
        return SkillDie(skill, self.die, self.modifier + modifier, self.ability)


class CharacterState:
    """A character at the table: card, checked feats, location and piles."""

    def __init__(self, card: Character, feats: Feats | None = None, location: str = "") -> None:
        self.card = card
        self.name = card.name
        self.feats = feats or Feats()
        self.location = location
        self.alive = True
        self.mythic_charges = 0
        self._mythic_path: MythicPath | None = None
        self._zones = {kind: Zone(kind, self.name) for kind in _ZONE_KINDS}
        self.deck = self._zones[ZoneKind.DECK]
        self.hand = self._zones[ZoneKind.HAND]
        self.discard_pile = self._zones[ZoneKind.DISCARD]
        self.buried = self._zones[ZoneKind.BURIED]
        self.displayed = self._zones[ZoneKind.DISPLAYED]
        self._skills: dict[Skill, SkillDie | None] = {}  # each skill asked for (`skill`): read from the powers once
        self.chosen_trait: str | None = None  # the trait chosen for the scenario (ChooseTrait)

    def zone(self, kind: ZoneKind) -> Zone:
        """One of the character's places for cards: deck, hand, discard pile, buried, displayed ..."""
        return self._zones[kind]

    @property
    def mythic_path(self) -> MythicPath | None:
        """The mythic path card the character holds, if any (MYTH-01): its powers are the character's."""
        return self._mythic_path

    def choose_mythic_path(self, path: MythicPath) -> None:
        """Take a mythic path (MYTH-01: chosen once, after The Worldwound Incursion; never changed). Like feats,
        it is chosen between scenarios, before the character's powers are read."""
        if self._mythic_path is not None and self._mythic_path is not path:
            raise ValueError(f"{self.name} has chosen {self._mythic_path.name}: a mythic path can't be changed")
        if "_powers_by_timing" in self.__dict__:
            raise ValueError(f"{self.name}'s powers are in use: choose a mythic path between scenarios")
        self._mythic_path = path

    def derived(self) -> dict[str, object]:
        """What has been worked out so far from the character's card, feats, role, mythic path and chosen trait
        (which don't change between two turns but by `choose_trait`): kept by a snapshot, so a game made again
        from it doesn't work it all out again."""
        known = {name: self.__dict__[name] for name in (*_READ_FROM_POWERS, "role", "hand_size")
                 if name in self.__dict__}
        known["_skills"] = dict(self._skills)
        return known

    def take_derived(self, derived: dict[str, object]) -> None:
        """Take what another copy of this character, with the same chosen trait, had worked out (`derived`)."""
        self.__dict__.update(derived)
        self._skills = dict(self._skills)

    def choose_trait(self, trait: str) -> None:
        """Remember the trait the player chose for the scenario (ChooseTrait): from now on the character's powers
        that name the chosen trait name this one, so they are read again."""
        self.chosen_trait = trait
        for read in _READ_FROM_POWERS:
            self.__dict__.pop(read, None)
        self._skills.clear()

    def power_source(self, key: str) -> str:
        """What prints the character's power with this key: the mythic path card, or the character card."""
        if key.startswith(PATH_KEY) and self._mythic_path is not None:
            return self._mythic_path.name
        return f"{self.name}'s power"

    @cached_property
    def role(self) -> Role | None:
        """The role card chosen after the first adventure (ROLE-01); like the powers, read once a scenario."""
        return next((role for role in self.card.roles if role.name == self.feats.role), None)

    def skill(self, skill: Skill) -> SkillDie | None:
        """The die and modifier of a skill the character has, or None (DICE-03).

        A derived skill ("Melee: Strength +3") uses the ability's die and adds both modifiers; so does a skill
        a power gives ("you have the skill Perception: Wisdom +2"). Like the powers, skills are worked out
        once: feats are checked only between scenarios.
        """
        if skill not in self._skills:
            self._skills[skill] = self._skill(skill)
        return self._skills[skill]

    def _skill(self, skill: Skill) -> SkillDie | None:
        for ability, entry in self.card.skills.items():
            feat_bonus = min(self.feats.skills.get(ability, 0), entry.feats)
            if ability == skill:
                return SkillDie(skill, entry.die, feat_bonus, ability)
            if skill in entry.derived:
                return SkillDie(skill, entry.die, feat_bonus + entry.derived[skill], ability)
        for power, gained in self.gained_skills:  # "you have the skill Perception: Wisdom +2"
            if gained.gain_skill == skill and gained.who in _YOURS_TOO and (base := self.skill(gained.ability)):
                trace.ran(power)
                return base.as_skill(skill, gained.modifier)
        return None

    @cached_property
    def skill_dice(self) -> dict[Skill, SkillDie]:
        """Every skill the character has, with its die (`skill`), in the order of `Skill`: read for each seat's
        view at every decision, so kept, like the powers, until `choose_trait`."""
        return {skill: die for skill in Skill if (die := self.skill(skill)) is not None}

    @cached_property
    def gained_skills(self) -> list[tuple[Power, GainSkill]]:
        """The skills the character's powers give, each with its paragraph: the character's own ("you have the
        skill Perception: Wisdom +2") and those given to other characters too (`given_skills`)."""
        return [(power, effect) for _, power in self.powers_at(Timing.SETUP) for effect in power.effects
                if isinstance(effect, GainSkill)]

    @cached_property
    def given_skills(self) -> list[tuple[Power, GainSkill]]:
        """The skills the character's powers let other characters have ("local characters may have Knowledge:
        Wisdom +2")."""
        return [(power, gained) for power, gained in self.gained_skills if gained.who is not Who.YOU]

    @cached_property
    def hand_size(self) -> int:
        counted = self.role.hand_size if self.role else self.card.hand_size
        return counted.start + min(self.feats.hand_size, counted.feats)

    def proficient(self, proficiency: Proficiency) -> bool:
        entries = self.role.proficiencies if self.role else self.card.proficiencies
        return any(e.name == proficiency and (not e.feat or proficiency in self.feats.proficiencies) for e in entries)

    def powers(self) -> list[tuple[str, Power]]:
        """The character's powers as they read with the checked feats, each with a stable key.

        A power feat box carries the whole power as it reads once checked (FEAT-02); of several checked boxes
        of one power, the last listed applies. A paragraph that begins with a box applies once it is checked.
        Feats are checked once a scenario is won (END-03), so a character's powers don't change during one.
        """
        return self._powers_by_timing[None]

    def powers_at(self, timing: Timing) -> list[tuple[str, Power]]:
        """The character's powers of one timing (see `powers`)."""
        return self._powers_by_timing.get(timing, [])

    @cached_property
    def choices_by_moment(self) -> ChoicesByMoment:
        """The character's powers the player may choose to use, by moment (see `Power.moment`)."""
        return choices_by_moment(self.powers())

    @cached_property
    def instead_powers(self) -> list[Power]:
        """The character's powers that send a card somewhere else than a play would (PLAY-10)."""
        return [power for _, power in self.powers() if Instead in power.effect_kinds]

    @cached_property
    def copy_powers(self) -> list[tuple[Power, PlayAsCopy]]:
        """The character's paragraphs that let them play a card as a copy of another, each with its effect."""
        return [(power, effect) for _, power in self.powers_at(Timing.ANY_TIME) if not power.optional
                for effect in power.effects if isinstance(effect, PlayAsCopy)]

    @cached_property
    def helping_standing(self) -> dict[Timing, list[Power]]:
        """The character's paragraphs that apply by themselves to other characters' checks and steps too
        ("on local characters' checks against monsters", KEEP-01), by timing."""
        helping: dict[Timing, list[Power]] = {}
        for _, power in self.powers():
            if not power.optional and power.whose is not Whose.YOUR:
                helping.setdefault(power.when, []).append(power)
        return helping

    @cached_property
    def _powers_by_timing(self) -> dict[Timing | None, list[tuple[str, Power]]]:
        powers = self._powers_with_feats()
        by_timing: dict[Timing | None, list[tuple[str, Power]]] = {None: powers}
        for key, power in powers:
            by_timing.setdefault(power.when, []).append((key, power))
        return by_timing

    def _powers_with_feats(self) -> list[tuple[str, Power]]:
        result = []
        # A role card reprints the character's powers with its own boxes (ROLE-01): once a role is chosen, its
        # paragraphs are the character's powers, not added to the character card's.
        sources = [("role:", self.role.powers)] if self.role else [("", self.card.powers)]
        for prefix, powers in sources:
            for index, power in enumerate(powers):
                if power.box is not None and (index, power.box) not in self.feats.powers:
                    continue  # a paragraph that needs its feat box checked
                for feat in power.feats:
                    if (index, feat.box) in self.feats.powers:
                        power = feat.power
                result.append((f"{prefix}{index}", self._as_chosen(power)))
        if self._mythic_path is not None:  # a mythic path's powers are its holder's (MYTH-01)
            result += [(f"{PATH_KEY}{index}", power) for index, power in enumerate(self._mythic_path.powers)]
        return result

    def _as_chosen(self, power: Power) -> Power:
        """The paragraph with the character's chosen trait where it names it (its original is traced as run)."""
        if self.chosen_trait is None:
            return power
        chosen = with_chosen_trait(power, self.chosen_trait)
        if chosen is not power:
            trace.alias(chosen, power)
        return chosen


_ZONE_KINDS = tuple(ZoneKind)  # iterating the enumeration itself is slow, and every character does it
# What a character's powers are read into, read again once the character chooses a trait.
_READ_FROM_POWERS = ("_powers_by_timing", "choices_by_moment", "instead_powers", "helping_standing", "gained_skills",
                     "given_skills", "copy_powers", "skill_dice")
_YOURS_TOO = (Who.YOU, Who.EACH_LOCAL, Who.EACH)  # the skills a power gives that its own character has too
PATH_KEY = "path:"  # the keys of a character's powers that its mythic path card prints


@dataclass
class TurnState:
    """Where the current turn stands (TURN-01..08)."""

    character: CharacterState
    explorations: int = 0  # explorations made so far this turn; the first may be the free one (TURN-04)
    exploring: bool = False  # in the explore step: powers that explore may be used
    extra_exploration: bool = False  # granted during the current exploration (TURN-05)
    ignore_location_powers: bool = False


class TurnEnded(Exception):
    """A power or a death ends the current turn at once (ENC-09, DEATH-01)."""


class ScenarioOver(Exception):
    """The scenario ends: won when the villain has nowhere to escape (VIL-05), lost when the blessings deck
    can't advance or all characters are dead (END-01, DEATH-02)."""

    def __init__(self, result: str, reason: str) -> None:
        super().__init__(reason)
        self.result = result
        self.reason = reason


@dataclass
class LocationState:
    card: Location
    closed: bool = False
    face_up: list[int] = field(default_factory=list)  # cards left face up on the deck, in order (ENC-10)
    name: str = field(init=False)
    deck: Zone = field(init=False)
    powers_by_timing: PowersByTiming = field(init=False)  # its At This Location powers, read once
    choices_by_moment: ChoicesByMoment = field(init=False)
    # Its When Permanently Closed powers that last once it is closed (all but those of closing it, CLOSE-04)
    closed_powers: PowersByTiming = field(init=False)
    closed_choices: ChoicesByMoment = field(init=False)
    elsewhere_choices: ChoicesByMoment = field(init=False)  # its powers for characters at other locations

    def __post_init__(self) -> None:
        self.name = self.card.name
        self.deck = Zone(ZoneKind.LOCATION_DECK, self.name)
        self.powers_by_timing = self.card.powers_by_timing
        self.choices_by_moment = self.card.choices_by_moment
        lasting = [power for power in self.card.when_permanently_closed if power.when not in _OF_CLOSING]
        self.closed_powers = powers_by_timing(lasting)
        self.closed_choices = choices_by_moment(enumerate(lasting))
        self.elsewhere_choices = choices_by_moment(enumerate(self.card.at_other_locations))


_OF_CLOSING = (Timing.BEFORE_CLOSING, Timing.CLOSING)  # done once, as the location is permanently closed


class HeldPowers:
    """For each character, how many powers the cards in hand or on display offer at each moment, and for the
    whole table, how many paragraphs of displayed cards work by themselves at each timing: a quick way to know
    that a step offers a player nothing to play, or that no displayed card acts in it."""

    def __init__(self) -> None:
        self.moments: dict[str, dict[Moment, int]] = defaultdict(dict)
        self.displayed: dict[Timing, int] = {}
        self.by_locations = 0  # banes displayed by their locations
        self.shown = 0  # cards that came out of a face-down deck or the box to where someone sees them

    def moved(self, card: PhysicalCard, source: Zone | None, target: Zone | None) -> None:
        if source is not None and source.kind in _HELD:
            self._count(source, card, -1)
        if target is not None and target.kind in _HELD:
            self._count(target, card, 1)
        if source is not None and source.kind in FACE_DOWN and (target is None or target.kind not in FACE_DOWN):
            self.shown += 1
        self.by_locations += (target is not None and target.kind is _BY_LOCATION) - (
            source is not None and source.kind is _BY_LOCATION)

    def recount(self, zones: Zones, characters: list[CharacterState], locations: list[str], shown: int) -> None:
        """Count everything again from where the cards are (a game restored from a snapshot)."""
        self.moments.clear()
        self.displayed.clear()
        for character in characters:
            for zone in (character.hand, character.displayed):
                for card in zones.cards(zone):
                    self._count(zone, card, 1)
        self.by_locations = sum(len(zones.cards(Zone(ZoneKind.BY_LOCATION, name))) for name in locations)
        self.shown = shown

    def _count(self, zone: Zone, card: PhysicalCard, sign: int) -> None:
        counts = self.moments[zone.owner]
        for moment, powers in card.choices_by_moment.items():
            counts[moment] = counts.get(moment, 0) + sign * len(powers)
        if zone.kind is _DISPLAYED:
            for timing, count in card.displayed_standing.items():
                self.displayed[timing] = self.displayed.get(timing, 0) + sign * count


NEXT_EXPLORATION = "end of next exploration"


@dataclass(frozen=True)
class LastingPower:
    """A paragraph a `lasting` effect applies for a character until the end of the turn, of the encounter (the
    one under way, at this depth of nested encounters) or of the exploration, or during the next exploration
    of the turn only (`exploration`: its number in the turn, TURN-04). `card` is the card whose power left it,
    "this card" in it, and `source` what an optional one is used as ("Use Frog")."""

    power: Power
    character: CharacterState
    until: str
    depth: int  # how many encounters were under way when it began
    source: str = ""  # what left it: the card or the power
    card: PhysicalCard | None = None
    exploration: int = 0  # for the next exploration: the number of that exploration in the turn

    def applies(self, turn: TurnState | None) -> bool:
        """Whether it applies now: one for the next exploration applies only during that exploration."""
        return not self.exploration or (turn is not None and turn.explorations == self.exploration)

    def ends(self, until: str, depth: int, turn: TurnState | None) -> bool:
        """Whether it ends as the turn, an encounter (at this depth) or an exploration ends, or as the next
        exploration is given up (TURN-05: an extra exploration not used at once is lost)."""
        if self.until == NEXT_EXPLORATION:
            over = turn is None or turn.explorations >= self.exploration
            return until in ("end of turn", NEXT_EXPLORATION) or (until == "end of exploration" and over)
        return self.until == until and not (until == "end of encounter" and self.depth < depth)


@dataclass
class Encounter:
    """An encounter under way: the card, who encounters it, where it came from, and what the powers used in
    its steps decided (ENC-04..09)."""

    card: PhysicalCard
    character: CharacterState
    location: str
    summoned: bool
    difficulty_adjustment: int = 0  # from effects before the check (CHK-08)
    resolved: bool = False  # the card has gone where the encounter's end sends it
    evaded: bool = False  # ENC-05
    defeated: bool | None = None  # decided by a power (a "See Below" check, ENC-06), not by the check
    banished: bool = False  # a power banishes the card
    keep: str | None = None  # the card goes to hand or is buried instead (KeepEncountered)
    given_to: CharacterState | None = None  # the boon acquired goes into this character's hand (GiveAcquired)
    place: str | None = None  # to the top or bottom of its deck, or face up (PlaceEncountered)
    close: str | None = None  # "attempt": the chance to close the location (CLOSE-01); "automatic": it closes
    closes: bool = False  # the location closes once the encounter ends, however it ended (CloseAfterEncounter)
    summons: list[tuple[CharacterState, str]] = field(default_factory=list)  # who summoned what, and how it went
    margin: int | None = None  # by how much the encounter's check succeeded or failed, once rolled (CHK-14)
    random_monster: int | None = None  # a random monster's difficulty, once drawn for the card's check ("X")
    # what its checks' powers left for after the encounter (`after_check` with `wait: encounter`), and who does it
    after: list[tuple[tuple[Effect, ...], CharacterState]] = field(default_factory=list)


_HELD = (ZoneKind.HAND, ZoneKind.DISPLAYED)
# Read on every move, so read once: an enumeration's member is slow to read on Python 3.11 (its metaclass defines
# __getattr__, which takes every such read off the interpreter's fast path).
_BY_LOCATION, _DISPLAYED = ZoneKind.BY_LOCATION, ZoneKind.DISPLAYED
# The places whose cards no player sees: face down, or in the box (a location deck's face-up cards aside, ENC-10)
FACE_DOWN = frozenset({ZoneKind.DECK, ZoneKind.LOCATION_DECK, ZoneKind.BLESSINGS_DECK, ZoneKind.BOX})

REDEEMED_TRAITS = frozenset({"Corrupted"})  # what a redeemed boon no longer has, for the rest of the path (RED-01)


# The full box of each library at each adventure deck number, made once (see `zones.FullBox`).
_FULL_BOXES: WeakKeyDictionary[CardLibrary, dict[int, FullBox]] = WeakKeyDictionary()


class GameState:
    """One game: the card library, the physical cards in their zones, the table and the random generator."""

    def __init__(self, library: CardLibrary, seed: int | None = None, adventure_deck_number: int = 0) -> None:
        self.library = library
        self.rng = Chance(seed)
        self.seed = seed
        self.zones = Zones()
        self.characters: list[CharacterState] = []
        self.locations: dict[str, LocationState] = {}  # in the order they were laid out (`add_location`)
        self.speaking_elsewhere: list[LocationState] = []  # those with powers for characters at other locations
        self.scenario = None  # with its powers read once: see the setter
        self.adventure_deck_number = adventure_deck_number
        self.log: list[str] = []
        self.turn: TurnState | None = None
        self.turns = 0
        self.next_turn = 0  # the index of the character whose turn is next, in the party's order (SETUP-13)
        self.turn_starts: Callable[[], None] | None = None  # told as each turn is about to begin (snapshots)
        self.examined = 0  # cards looked at in face-down decks (EXAM-01) and cards flipped to be encountered
        self.known: dict[Zone, tuple[int, frozenset[int]]] = {}  # examined cards of a deck, as of its nth shuffle
        self.temporarily_closed: set[str] = set()  # for the current villain encounter (VIL-01)
        self.encounters: list[Encounter] = []  # the encounters under way, innermost last (SUM-02)
        self.checks: list[CheckState] = []  # the checks under way, innermost last: what every view shows of them
        self.next_to: dict[int, CharacterState] = {}  # a displayed card shown next to another character
        self.lasting: list[LastingPower] = []  # paragraphs that apply until the turn, encounter ... ends
        self.closed_with_powers: list[LocationState] = []  # closed locations whose powers last (CLOSE-04)
        self.ignored_traits: dict[int | str, frozenset[str]] = {}  # a card's (uid) or location's, this turn
        self.redeemed: set[str] = set()  # the boons checked off on the redemption card (RED-01): `redemption`
        self.result: str | None = None
        self.held = HeldPowers()
        self.zones.watcher = self.held.moved
        self.ask_always = False  # open every play window, even for plays that can't matter (`engine.questions`)
        # How many times each card (by name) was acquired and banished in this game, for `pacg simulate`'s per-card
        # table (`pacg.sim`): two counts per event, and kept by no snapshot (no rule reads it).
        self.card_tally: Counter[tuple[str, str]] = Counter()

    def tally(self, event: str, card: PhysicalCard) -> None:
        """Count a card acquired or banished (`card_tally`)."""
        self.card_tally[event, card.name] += 1

    @property
    def revelations(self) -> int:
        """How many times hidden information has come out so far: a die rolled or a random card drawn (`Chance`),
        a card drawn, flipped or examined from a face-down deck. Undo may not go back past one."""
        return self.rng.reveals + self.held.shown + self.examined

    def saw(self, deck: Zone, cards: list[PhysicalCard]) -> None:
        """Cards of a face-down deck examined (EXAM-01): their places are known until the deck is shuffled."""
        shuffles = self.zones.shuffles.get(deck, 0)
        seen, earlier = self.known.get(deck, (shuffles, frozenset()))
        self.known[deck] = (shuffles, (earlier if seen == shuffles else frozenset()) | {card.uid for card in cards})
        self.examined += len(cards)

    def known_top(self, deck: Zone) -> list[PhysicalCard]:
        """The cards on top of a face-down deck that were examined since it was last shuffled, down to the first
        card not examined: what every player knows of its order (EXAM-01)."""
        seen = self.known_cards(deck)
        known = []
        for card in self.cards_left(deck):
            if card.uid not in seen:
                break
            known.append(card)
        return known

    def known_cards(self, deck: Zone) -> frozenset[int]:
        """The cards of a face-down deck examined since it was last shuffled (by uid): their places are known."""
        seen = self.known.get(deck)
        return seen[1] if seen is not None and seen[0] == self.zones.shuffles.get(deck, 0) else frozenset()

    def fill_box(self, names: list[str] | None = None) -> None:
        """Put every copy of every card (or of the named cards) into the box, by type (SET-03): the base set,
        the Character Add-On Deck and the Adventure Decks up to the game's adventure deck number, since an
        Adventure Deck joins the box when its adventure begins (SETUP-04, SET-01)."""
        contents: FullBox | None
        if names:
            contents = full_box(self.library.box_contents(self.adventure_deck_number, names))
        else:
            made = _FULL_BOXES.setdefault(self.library, {})
            contents = made.get(self.adventure_deck_number)
            if contents is None:
                contents = made[self.adventure_deck_number] = full_box(
                    self.library.box_contents(self.adventure_deck_number))
        self.zones.fill_box(contents)

    @property
    def displayed_powers(self) -> dict[Timing, int]:
        """How many paragraphs of displayed cards work by themselves at each timing (see `HeldPowers`)."""
        return self.held.displayed

    def displayed_next_to(self, card: PhysicalCard, owner: CharacterState) -> CharacterState:
        """The character a displayed card is next to: the one it was displayed with, else its owner."""
        return self.next_to.get(card.uid, owner)

    def end_lasting(self, until: str) -> None:
        """The lasting paragraphs that end now: at the end of the turn, of the exploration, or of the
        encounter under way (those begun in an encounter nested in it have ended already); those for the next
        exploration once it is over, or given up ("end of next exploration")."""
        depth = len(self.encounters)
        if until == "end of turn":
            self.ignored_traits.clear()
        if self.lasting:
            self.lasting = [entry for entry in self.lasting if not entry.ends(until, depth, self.turn)]

    def ignored(self, card: PhysicalCard | LocationState) -> frozenset[str]:
        """The traits of a card (or location) that it has not: those ignored until the end of the turn (GOLD-03:
        an ignored thing never has any effect), and the Corrupted trait of a redeemed boon (RED-01)."""
        if not self.ignored_traits and not self.redeemed:
            return frozenset()
        if isinstance(card, PhysicalCard):
            ignored = self.ignored_traits.get(card.uid, frozenset())
            return ignored | REDEEMED_TRAITS if card.name in self.redeemed else ignored
        return self.ignored_traits.get(card.name, frozenset())

    def traits(self, card: PhysicalCard | AnyCard) -> tuple[str, ...]:
        """The traits a card has in this game: its printed ones but those it has not (`ignored`); a card a card is
        played as a copy of (PlayAsCopy) has its printed traits."""
        if not isinstance(card, PhysicalCard):
            return card.traits
        ignored = self.ignored(card)
        return tuple(trait for trait in card.traits if trait not in ignored) if ignored else card.traits

    def ignore_trait(self, card: PhysicalCard | LocationState, trait: str) -> None:
        key = card.uid if isinstance(card, PhysicalCard) else card.name
        self.ignored_traits[key] = self.ignored(card) | {trait}

    def character(self, name: str) -> CharacterState:
        for character in self.characters:
            if character.name == name:
                return character
        raise KeyError(f"no character {name!r} at the table")

    def living(self) -> list[CharacterState]:
        """The characters still alive, in the party's order: a dead character takes no turns, plays nothing and
        is named by no power (DEATH-01: "you cannot take turns, play cards, move, or do anything else")."""
        return [c for c in self.characters if c.alive]

    def local_characters(self, location: str) -> list[CharacterState]:
        """The living characters at a location."""
        return [c for c in self.characters if c.alive and c.location == location]

    def add_location(self, location: LocationState) -> None:
        """Lay a location out on the table."""
        self.locations[location.name] = location
        if location.elsewhere_choices:
            self.speaking_elsewhere.append(location)

    def other_locations(self, character: CharacterState) -> list[LocationState]:
        return [location for location in self.locations.values() if location.name != character.location]

    def destinations(self, character: CharacterState) -> list[LocationState]:
        """Where a character may move: another location, unless a card displayed by either location says no one
        may move into or out of it (GOLD-03)."""
        if self.sealed(character.location):
            return []
        return [location for location in self.other_locations(character) if not self.sealed(location.name)]

    def sealed(self, location: str) -> bool:
        """Whether a card displayed by the location says no one may move into or out of it."""
        if not self.held.by_locations:  # no card is displayed by any location
            return False
        for card in self.zones.cards(Zone(ZoneKind.BY_LOCATION, location)):
            for power in card.card.paragraphs:
                if power.while_in == "displayed" and CannotMove in power.effect_kinds:
                    trace.ran(power)
                    return True
        return False

    def move(self, character: CharacterState, location: str) -> None:
        """Move a character's token to a location (TURN-03)."""
        self.note(f"{character.name} moves from {character.location} to {location}")
        character.location = location

    @property
    def scenario(self) -> Scenario | None:
        return self._scenario

    @scenario.setter
    def scenario(self, card: Scenario | None) -> None:
        """The scenario card, and its powers by timing and by moment, read once."""
        self._scenario = card
        self.scenario_powers: PowersByTiming = card.powers_by_timing if card else {}
        self.scenario_choices: ChoicesByMoment = card.choices_by_moment if card else {}

    def location_powers_apply(self, location: LocationState) -> bool:
        """A closed location's, or one a power says to ignore this turn, has no At This Location powers."""
        return not location.closed and not (self.turn is not None and self.turn.ignore_location_powers)

    def is_summoned(self, card: PhysicalCard) -> bool:
        """Whether a card is summoned (SUM-01): one being encountered says so even once it has gone back."""
        for encounter in self.encounters:
            if encounter.card is card:
                return bool(encounter.summoned)
        return self.zones.where(card).kind is ZoneKind.SUMMONED

    def cards_left(self, deck: Zone) -> list[PhysicalCard]:
        """The cards of a deck as they stand, top first: a card being encountered is no longer in its location
        deck, though it waits there until the encounter's end sends it somewhere (ENC-07: a defeated bane is
        banished as the encounter is resolved). Examining the deck after a defeat sees the cards under it."""
        cards = self.zones.cards(deck)
        if not self.encounters:
            return cards
        encountered = {encounter.card.uid for encounter in self.encounters}
        return [card for card in cards if card.uid not in encountered]

    def open_locations(self) -> list[LocationState]:
        """Locations neither closed nor temporarily closed (VIL-04)."""
        return [loc for loc in self.locations.values() if not loc.closed and loc.name not in self.temporarily_closed]

    def note(self, text: str) -> None:
        self.log.append(text)
