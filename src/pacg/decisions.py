"""Decisions: every choice the rules give a player, with the complete list of legal options (DESIGN.md 3).

The engine's rules are generators: whenever a player must choose, they `yield` a Decision and receive the
index of the chosen option. The Decision the rules yield carries the engine's own objects in its options'
values; the one the Game object shows a player (`Decision.published`) carries none, only each option's stable
action id and label, and serializes to JSON.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple, NotRequired, Protocol, TypedDict, TypeVar, cast

T = TypeVar("T")


class DecisionKind(StrEnum):
    """What a decision is about."""

    PLAY = "play"  # play cards and use powers in a step or on a check (TURN-09, ENC-02, CHK-04)
    SKILL = "skill"  # which skill to use for a check (CHK-02)
    ATTEMPTER = "attempter"  # who attempts a check
    REROLL = "reroll"
    REROLL_DIE = "reroll die"
    ACQUIRE = "acquire"  # attempt to acquire a boon, or let it go (ENC-07)
    CLOSE = "close"  # try to close a location (CLOSE-01)
    CLOSING_POWER = "closing power"
    DAMAGE_DISCARD = "damage discard"  # the card a point of damage discards (DMG-01)
    INSTEAD = "instead"  # where a played card goes instead (PLAY-10)
    AFTER_PLAYING = "after playing"
    CHOOSE_ONE = "choose one"  # a power's "choose one"
    MAY = "may"  # a power's "you may"
    GIVE = "give"  # which card a power gives to another character
    TURN = "turn"  # give a card (TURN-02), move (TURN-03) or explore (TURN-04): the turn's question until exploring
    EXPLORE = "explore"  # explore, or end exploring (TURN-04)
    EXPLORE_AGAIN = "explore again"  # use an extra exploration now (TURN-05)
    RESET_DISCARD = "reset discard"  # discard before resetting the hand (RESET-01)
    TRADE = "trade"  # offer a trade before the scenario (SETUP-03)
    ACCEPT_TRADE = "accept trade"
    TRADE_CARD = "trade card"
    COHORT = "cohort"  # take a cohort (SETUP-11)
    CARD = "card"
    CARD_TYPE = "card type"
    ENCOUNTER = "encounter"
    EXAMINED = "examined"
    FACE_UP = "face up"
    FAVORED = "favored"  # the favored card type drawn first (SETUP-10)
    FEAT = "feat"  # which feat box a reward checks (FEAT-01, END-03)
    MYTHIC_PATH = "mythic path"  # the mythic path a character chooses (MYTH-01)
    NEW_CHARACTER = "new character"  # who takes a dead character's place (DEATH-03)
    REBUILD = "rebuild"  # a card for a character's deck between scenarios (REB-01, REB-02)
    KEEP = "keep"
    LOCATION = "location"
    LOOT = "loot"  # who takes the loot (END-03)
    MOVE_ALONG = "move along"
    ORDER = "order"
    PLACE = "place"
    REDEEM = "redeem"  # RED-01
    START = "start"  # a starting location (SETUP-09)
    TARGET = "target"
    TRAIT = "trait"


class OptionView(TypedDict):
    """A published option as JSON: its action id and its label."""

    id: str
    label: str


class DecisionView(TypedDict):
    """A published decision as JSON (`Decision.to_json`): `choose` only for a decision of several options."""

    player: str
    kind: str
    prompt: str
    help: str
    options: list[OptionView]
    context: dict[str, Any]
    choose: NotRequired[list[int]]  # [fewest, most]


class Option(NamedTuple):
    """One legal answer: what a person reads, what the engine acts on (`value`, never shown to a player), and
    its stable action id, given as the Game object publishes the decision. The id says what the option does,
    never in its label's words (`action_ids`): the engine's `key` ("done", "discard", "move"), where the value
    alone doesn't say it, followed by what the value names (the play, the card, the character, the place)."""

    label: str
    value: Any = None
    id: str = ""
    key: str = ""

    def to_json(self) -> OptionView:
        return {"id": self.id, "label": self.label}


_LABEL, _ID = attrgetter("label"), attrgetter("id")  # an option's label and id, read by C code in `map`


class Decision(NamedTuple):
    """A choice for one player: who decides, what about, and every legal option. Most decisions take one option;
    one with `choose` = (fewest, most) takes a set of that many of its options (the cards to discard as the hand
    is reset): the rules receive it as a number whose bit i says whether option i is chosen (`chosen`), and the
    Game object takes it as the options' action ids joined by commas, or "none" (`choice_id`)."""

    player: str
    kind: DecisionKind
    prompt: str
    options: tuple[Option, ...]
    help: str = ""
    context: Mapping[str, Any] = MappingProxyType({})
    choose: tuple[int, int] | None = None

    def index_of(self, label: str) -> int:
        """The index of the option with this label (for scripts and tests)."""
        for index, option in enumerate(self.options):
            if option.label == label:
                return index
        labels = "; ".join(option.label for option in self.options)
        raise ValueError(f"no option {label!r} in {self.kind} decision (options: {labels})")

    def published(self) -> Decision:
        """The decision as a player sees it: each option with its action id and no engine object, the context as
        plain data."""
        options = tuple(map(_published_option, map(_LABEL, self.options), action_ids(self)))
        context = self.context
        if type(context) is Context:  # (not isinstance: Context is a Mapping, and asking an ABC is slow)
            context = context.published()
        else:
            for value in context.values():
                if type(value) not in _PLAIN:
                    context = MappingProxyType(plain(context))
                    break
        return Decision(self.player, self.kind, self.prompt, options, self.help, context, self.choose)

    @property
    def actions(self) -> list[str]:
        """The action ids of a published decision's options."""
        return [option.id for option in self.options]

    def option_sets(self) -> list[tuple[int, ...]]:
        """Every set of options a decision of several options allows (`choose`), as their numbers from 0, the
        smallest first."""
        fewest, most = self.choose or (1, 1)
        return [chosen for size in range(fewest, most + 1) for chosen in combinations(range(len(self.options)), size)]

    def choices(self) -> list[str]:
        """Every legal action of a published decision: each option's id, or for a decision of several options
        every set of them it allows (`choice_id`), the smallest first."""
        if self.choose is None:
            return self.actions
        return [self.choice_id(chosen) for chosen in self.option_sets()]

    def choice_id(self, chosen: Iterable[int]) -> str:
        """The action id of a set of a published decision's options (their numbers from 0): their ids in
        alphabetical order, so that a set has one id whatever the order of the options (of the hand), joined by
        commas; "none" for none. `chosen` takes them in any order."""
        return ",".join(sorted({self.options[index].id for index in chosen})) or "none"

    def chosen(self, action: str) -> int | None:
        """The answer the rules take for an action id of a published decision: the option's number, or for a
        decision of several options the number whose bits are the options chosen; None when it is not legal."""
        ids = list(map(_ID, self.options))
        if self.choose is None:
            return ids.index(action) if action in ids else None
        names = [] if action == "none" else action.split(",")
        if len(set(names)) != len(names) or not all(name in ids for name in names):
            return None
        fewest, most = self.choose
        return sum(1 << ids.index(name) for name in names) if fewest <= len(names) <= most else None

    def odds_of(self, action: str) -> tuple[Fraction, Fraction] | None:
        """The exact chance of the check before and after the option `action` of a published play decision on a
        check: what playing it does to the odds (DESIGN.md 6); None for a decision with no check, or an option
        whose odds depend on a choice or a roll still to come."""
        odds, before = self.context.get("odds"), self.context.get("probability")
        ids = self.actions
        if odds is None or before is None or action not in ids:
            return None
        after = odds[ids.index(action)]
        return (Fraction(before), Fraction(after)) if after is not None else None

    def to_json(self) -> DecisionView:
        """The published decision as JSON-serializable data."""
        data: DecisionView = {"player": self.player, "kind": str(self.kind), "prompt": self.prompt,
                              "help": self.help, "options": [option.to_json() for option in self.options],
                              "context": dict(self.context)}
        if self.choose is not None:
            data["choose"] = list(self.choose)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """A published decision read back from its JSON."""
        options = tuple(Option(option["label"], None, option["id"]) for option in data["options"])
        choose = (int(data["choose"][0]), int(data["choose"][1])) if "choose" in data else None
        return cls(data["player"], DecisionKind(data["kind"]), data["prompt"], options, data["help"],
                   MappingProxyType(dict(data["context"])), choose)


def action_ids(decision: Decision) -> list[str]:
    """Each option's stable action id, made of what the option does, never of its label's words, so that labels
    and card text can change and an id still means the same; the same whatever the order of the hand, and the
    same after a save and a load. An id is the option's `key` and the parts its value names, joined by colons
    (`value_parts`): "done", "move:armory", "discard:longsword", "play:blessing-of-ascension:2". Where two
    options' ids are equal, each names the physical copies of the cards its id names (`#uid`:
    "discard:blessing-of-ascension#12"); a card the id doesn't name adds nothing, so no id tells which hidden card
    an option would act on. Ids that would still be equal are told apart by a count ("~2")."""
    options = decision.options
    ids = _ids_of(options)
    if len(set(ids)) == len(ids) and "" not in ids:
        return ids
    if "" in ids:
        option = options[ids.index("")]
        raise ValueError(f"option {option.label!r} of a {decision.kind} decision says nothing of what it does: "
                         "give it a key")
    return told_apart(ids, lambda index: _id_of(options[index].key, value_parts(options[index].value),
                                                with_uids=True))


def told_apart(ids: list[str], with_copies: Callable[[int], str]) -> list[str]:
    """Ids made each its own: each of several equal ones made again naming the copies of the cards it names
    (`with_copies` of its index), and ids still equal told apart by a count ("~2")."""
    counts: dict[str, int] = {}
    for action_id in ids:
        counts[action_id] = counts.get(action_id, 0) + 1
    seen: set[str] = set()
    for index in range(len(ids)):
        action_id = ids[index]
        if counts[action_id] > 1:
            action_id = with_copies(index)
        if action_id in seen:
            number = 2
            while f"{action_id}~{number}" in seen:
                number += 1
            action_id = f"{action_id}~{number}"
        seen.add(action_id)
        ids[index] = action_id
    return ids


Part = Any
"""A part of an action id: a word or a name (a str, written as a slug), or a physical card (an object with a
`uid` and a `name`: its name, and its uid where copies must be told apart)."""


def value_parts(value: Any) -> tuple[Part, ...]:
    """What an option's value names, for its action id: a card, a character or a location by its name, a string
    or an enumeration's member by its words, True and False as "yes" and "no", the items of a tuple or a list one
    after another, and what an object with `id_parts` says of itself (a play of a power); nothing for None, a
    number (an index says nothing by itself) or an object that names nothing."""
    kind = type(value)
    maker = _PART_MAKERS.get(kind)
    if maker is None:
        maker = _PART_MAKERS[kind] = _part_maker(value)
    return maker(value)


def _no_parts(value: Any) -> tuple[Part, ...]:
    return ()


def _flag_parts(flag: bool) -> tuple[Part, ...]:
    return ("yes",) if flag else ("no",)


def _words_parts(words: str) -> tuple[Part, ...]:
    return (str(words),)  # an enumeration's member by its value: "weapon", "melee"


def _card_parts(card: Any) -> tuple[Part, ...]:
    return (card,)


def _named_parts(named: Any) -> tuple[Part, ...]:
    return (named.name,)


def _described_parts(described: Any) -> tuple[Part, ...]:
    parts: tuple[Part, ...] = described.id_parts()
    return parts


def _items_parts(items: tuple[Any, ...] | list[Any]) -> tuple[Part, ...]:
    parts: tuple[Part, ...] = ()
    for item in items:
        if type(item) is str:  # (most items are words or nothing: `value_parts` for the others)
            parts += (item,)
        elif item is not None:
            parts += value_parts(item)
    return parts


def _part_maker(value: Any) -> Callable[[Any], tuple[Part, ...]]:
    """How values of this value's type name themselves (`value_parts`), worked out once per type."""
    if isinstance(value, bool):
        return _flag_parts
    if isinstance(value, str):
        return _words_parts
    if callable(getattr(value, "id_parts", None)):
        return _described_parts
    if isinstance(value, tuple | list):
        return _items_parts
    if isinstance(getattr(value, "uid", None), int) and isinstance(getattr(value, "name", None), str):
        return _card_parts
    if isinstance(getattr(value, "name", None), str):
        return _named_parts
    return _no_parts  # None, a number, or an object that names nothing


_PART_MAKERS: dict[type, Callable[[Any], tuple[Part, ...]]] = {}


def _id_of(key: str, parts: tuple[Part, ...], with_uids: bool = False) -> str:
    """An action id of a key and parts: the key, then each part as a slug, joined by colons; the cards with their
    uids (`#12`) when `with_uids`."""
    words = [key] if key else []
    for part in parts:
        if type(part) is str:
            words.append(slug(part))
        else:
            words.append(f"{slug(part.name)}#{part.uid}" if with_uids else slug(part.name))
    return ":".join(words)


# --- the same ids, quickly: publishing a decision is on the path of every decision of every game ------------------


def _ids_of(options: tuple[Option, ...]) -> list[str]:
    """The options' action ids, their cards without their uids: what `_id_of(key, value_parts(value))` gives, by
    the quickest way for each value's type (`_namer`)."""
    ids = []
    for option in options:
        value = option.value
        if value is None:
            ids.append(option.key)
        else:
            namer = _NAMERS.get(type(value)) or _namer(value)
            ids.append(namer(option.key, value))
    return ids


def _namer(value: Any) -> Callable[[str, Any], str]:
    """How the ids of values of this value's type are made, worked out once per type (`_NAMERS`): a card, a
    character or a location by its name, words by themselves, anything else by its parts (`_parts_id`). A value
    that hashes cheaply and never changes what it names (a physical card, by its identity; words) takes its id from
    a cache, with no Python call: the trade and discard decisions ask for the same cards' ids again and again."""
    maker = _part_maker(value)
    namer: Callable[[str, Any], str]
    if maker is _card_parts or maker is _named_parts:
        namer = _cached_name_id if type(value).__hash__ is not None else _name_id
    elif maker is _words_parts:
        namer = _cached_words_id
    else:
        namer = _parts_id
    _NAMERS[type(value)] = namer
    return namer


def _name_id(key: str, named: Any) -> str:
    """The id of a card, a character or a location: the key and its name."""
    return _cached_words_id(key, named.name)


def _words_id(key: str, words: str) -> str:
    word = slug(words)
    return f"{key}:{word}" if key else word


_cached_name_id = lru_cache(maxsize=65536)(_name_id)  # keyed by the key and the card itself
_cached_words_id = lru_cache(maxsize=65536)(_words_id)


def _parts_id(key: str, value: Any) -> str:
    """The id of a value of several parts (a play, a tuple), made once for each key and parts (`_IDS`: the parts
    are words and cards, quick to look up)."""
    parts = value_parts(value)
    made = _IDS.get((key, parts))
    if made is None:
        if len(_IDS) >= _MOST_IDS:  # a long simulation meets many: the cache starts again
            _IDS.clear()
        made = _IDS[key, parts] = _id_of(key, parts)
    return made


@lru_cache(maxsize=8192)  # names repeat from decision to decision: each is made a slug once
def slug(words: str) -> str:
    """A name or words as a part of an action id: lowercase words joined by hyphens ("Sage's Journal":
    "sage-s-journal")."""
    return "-".join(re.findall(r"[a-z0-9+]+", words.lower()))


_NAMERS: dict[type, Callable[[str, Any], str]] = {}
_IDS: dict[tuple[str, tuple[Part, ...]], str] = {}  # the ids of plays and tuples: they repeat from turn to turn
_MOST_IDS = 65536


@lru_cache(maxsize=8192)  # options repeat from turn to turn: this saves making the same published option again
def _published_option(label: str, action_id: str) -> Option:
    """The published option of a label and its action id."""
    return Option(label, None, action_id)


def plain(value: Any) -> Any:
    """A decision's context as JSON-serializable data: an exact probability as its fraction in a string ("7/10",
    which `fractions.Fraction` reads back), tuples as lists."""
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, Fraction):
        return str(value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


_PLAIN = (str, int, float, bool, type(None))  # values a context may keep as they are
_UNREAD = object()


class Later:
    """A value of a decision's context worked out only when first read, such as the odds each play of a window
    would bring (a copy of the check for each): most answerers, a random player among them, never read them. It
    can be read only while its decision waits for its answer: once answered (`Context.seal`), the game has moved
    on, and what it would work out would be of another position."""

    __slots__ = ("_work", "_value")

    def __init__(self, work: Callable[[], Any]) -> None:
        self._work: Callable[[], Any] | None = work
        self._value: Any = _UNREAD

    def value(self) -> Any:
        if self._value is _UNREAD:
            if self._work is None:
                raise RuntimeError("a decision's context was first read after the decision was answered")
            self._value = self._work()
            self._work = None
        return self._value

    def seal(self) -> None:
        if self._value is _UNREAD:
            self._work = None


class Context(Mapping[str, Any]):
    """A decision's context whose `Later` values are worked out when read; published (`published`), its values
    read as plain data (`plain`)."""

    __slots__ = ("_data", "_plain", "_read")

    def __init__(self, data: Mapping[str, Any], as_plain: bool = False) -> None:
        self._data = data
        self._plain = as_plain
        self._read: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        read = self._read
        if key not in read:
            value = self._data[key]
            if isinstance(value, Later):
                value = value.value()
            read[key] = plain(value) if self._plain else value
        return read[key]

    def __contains__(self, key: object) -> bool:  # without working out the value, as Mapping's would
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def published(self) -> Context:
        return Context(self._data, as_plain=True)

    def seal(self) -> None:
        """The decision is answered: a value not read yet can no longer be (`Later`)."""
        for value in self._data.values():
            if isinstance(value, Later):
                value.seal()


def answered(decision: Decision) -> None:
    """The decision is being answered: its context's values not read yet never will be (`Later`)."""
    if type(decision.context) is Context:  # (see `published`)
        decision.context.seal()


class InvalidAnswer(ValueError):
    """An answer that is not one of the Decision's options."""


# A rules process: yields Decisions, receives option indexes, returns its result.
Process = Generator[Decision, int, T]


class Answerer(Protocol):
    def __call__(self, decision: Decision) -> int: ...


def validated(decision: Decision, answer: int) -> int:
    """An answer the decision allows: an option's number, or for a decision of several options the bits of the
    options chosen (`Decision.choose`)."""
    if decision.choose is not None:
        fewest, most = decision.choose
        if not isinstance(answer, int) or not 0 <= answer < 1 << len(decision.options) or not (
                fewest <= answer.bit_count() <= most):
            raise InvalidAnswer(f"{answer!r} is not a set of {fewest} to {most} options of {decision.kind}")
        return answer
    if not isinstance(answer, int) or not 0 <= answer < len(decision.options):
        raise InvalidAnswer(f"{answer!r} is not an option of {decision.kind} (0..{len(decision.options) - 1})")
    return answer


def only_answer(decision: Decision) -> int | None:
    """The answer a decision leaves no choice about, if any: its one option, or all of its options when it takes
    as many as it has (a question with one answer is not asked: the Game object gives it)."""
    count = len(decision.options)
    if decision.choose is None:
        return 0 if count == 1 else None
    return (1 << count) - 1 if decision.choose[0] >= count else None


def picked(options: tuple[Option, ...], answer: int) -> list[Any]:
    """The values of the options an answer to a decision of several options chose (`Decision.choose`)."""
    return [option.value for index, option in enumerate(options) if answer >> index & 1]


def run(process: Process[T], answer: Answerer | Callable[[Decision], int]) -> T:
    """Drive a rules process to its end, asking `answer` for every Decision."""
    try:
        decision = next(process)
        while True:
            chosen = validated(decision, answer(decision))
            answered(decision)
            decision = process.send(chosen)
    except StopIteration as stop:
        return cast(T, stop.value)  # the value the process returned (StopIteration types it Any)
