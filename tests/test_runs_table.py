"""Loading refuses any power the engine would not run (DESIGN.md 2: "valid data that silently does nothing is the
worst bug a card game can have"), and what it accepts, the engine runs.

`support.RUNS` says, for each kind of card and kind of paragraph, at which moments the engine looks for such
paragraphs; the card loader accepts a paragraph only there. This test proves the table entry by entry: for every
(holder, kind, moment) of RUNS it writes a paragraph of that kind, on that card, at that moment (a card the
loader accepts, `support.refusals`), puts the card in its place on a table (a boon in hand, displayed or
encountered; a bane encountered or displayed by its location; the character, its mythic path, its location, a
closed location, the scenario; a lasting effect), drives the game through the moment with the rules' own
processes (an encounter, a turn, setting up, moving, closing a location, a check), and sees the paragraph take
effect: in the game's state, and in what `pacg.engine.trace` recorded.

The cases are computed from RUNS itself: a moment with no driver, or a kind of paragraph with no placement, fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from pydantic import TypeAdapter

from pacg.cards.model import MODEL_BY_TYPE, AnyCard
from pacg.cards.powers import Effect, Power, Purpose, Timing
from pacg.cards.vocabulary import CardType
from pacg.engine import trace
from pacg.engine.check import attempt_checks
from pacg.engine.closing import attempt_to_close, close_permanently
from pacg.engine.effects.turn import move_to
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.setup import apply_setup_powers
from pacg.engine.state import CharacterState
from pacg.engine.support import RUNS, Holder, Kind, refusals
from pacg.engine.turn import take_turn
from pacg.engine.window import resolve
from pacg.engine.zones import BLESSINGS_DISCARD, Zone, ZoneKind
from table import Table

HERO, PATH, SCENARIO = "Test Hero", "Test Path", "Test Scenario"
BOON, BANE = "Test Boon", "Test Bane"  # the boon and the bane whose paragraphs are tested
PRIZE, FOE, VILLAIN = "Test Prize", "Test Foe", "Test Villain"  # a boon, a barrier, a villain: no paragraphs
PLACE, ROAD, RUIN = "Test Place", "Test Road", "Test Ruin"  # the hero's location, another, one closed before
BLESSING = "Test Blessing"  # the cards of the hero's deck and the blessings deck, with no paragraphs
GRACE = "Test Grace"  # a blessing with a power, in the blessings discard pile: a card to play a copy of
POWERS, AT_THIS_LOCATION, WHEN_CLOSED = "powers", "at_this_location", "when_permanently_closed"
AT_OTHER_LOCATIONS = "at_other_locations"
FILLER = 4  # the hero's deck: enough to reset a hand of 2
CLOSING = (Timing.BEFORE_CLOSING, Timing.CLOSING)
EXAMINE_ONE = TypeAdapter(Effect).validate_python({"examine_deck": 1})  # examine the top card of your location deck


def _card(**data: Any) -> AnyCard:
    data = {"set": "B", "provenance": "standin", "notes": "A test card of tests/test_runs_table.py.", **data}
    return MODEL_BY_TYPE[CardType(data["type"])].model_validate(data)  # type: ignore[return-value]


# --- a table for one triple ----------------------------------------------------------------------------------


@dataclass
class Scene:
    """What one table holds: the paragraph tested, on which card and field, the other paragraphs the drive needs
    (as card files write them), where the test boon and bane are, the location deck, and the answers given, each
    with the moment (or decision) of the drive it answers."""

    when: Timing  # the paragraph's moment
    moment: Timing  # the moment the game is driven through
    paragraph: dict[str, Any] = field(default_factory=dict)
    holder: tuple[str, str] = (HERO, POWERS)  # the card and field the paragraph is printed in
    lasting: bool = False  # the paragraph is one a lasting effect applies (begun as the hero sets up)
    support: dict[tuple[str, str], list[dict[str, Any]]] = field(default_factory=dict)
    boon_at: str | None = None  # "hand", "displayed", "encountered"
    bane_at: str | None = None  # "encountered", "by location", "hand", "blessings deck"
    deck: list[str] = field(default_factory=list)  # the hero's location deck, top first
    difficulty: int = 12  # of the check to defeat or acquire the card encountered
    road: bool = False  # another location to move to
    closed_ruin: bool = False  # a location closed before the drive
    grace: bool = False  # the Test Grace in the blessings discard pile
    answers: list[tuple[object, str]] = field(default_factory=list)
    carried: bool = False

    @property
    def encountered(self) -> str:
        """The card an encounter is with: the test boon or bane when its paragraph is tested there, else a plain
        boon to acquire or a plain barrier."""
        if self.boon_at == "encountered":
            return BOON
        if self.bane_at == "encountered":
            return BANE
        return PRIZE if self.moment is Timing.ACQUIRE else FOE

    @property
    def field(self) -> tuple[str | int, ...]:
        """Where the paragraph tested is in its card, as the card loader names it."""
        return (self.holder[1], 0, *(("effects", 0, "lasting", 0) if self.lasting else ()))

    def add(self, card: str, paragraph: dict[str, Any], place: str = POWERS) -> None:
        self.support.setdefault((card, place), []).append(paragraph)

    def carry(self) -> None:
        """The test boon in hand, with a power that discards it at the moment driven (on a check, for what
        follows a play), and the answer that plays it."""
        if self.carried:
            return
        self.carried = True
        played_at = Timing.CHECK if self.moment is Timing.AFTER_PLAYING else self.moment
        self.boon_at = "hand"
        self.add(BOON, {"when": played_at, "action": "discard"})
        self.answers.append((played_at, f"Discard {BOON}"))

    def cards(self) -> dict[str, AnyCard]:
        """The test cards, as the card loader would read them."""
        printed = {(card, place): list(paragraphs) for (card, place), paragraphs in self.support.items()}
        first = self.paragraph
        if self.lasting:
            first = {"when": "setup", "optional": False,
                     "effects": [{"lasting": [self.paragraph], "until": "end of turn"}]}
        printed[self.holder] = [first, *printed.get(self.holder, [])]

        def of(card: str, place: str = POWERS) -> list[dict[str, Any]]:
            return printed.get((card, place), [])

        check = f"Strength {self.difficulty}"
        cards = [
            _card(name=HERO, type="character", skills={"Strength": {"die": "d6"}}, hand_size={"start": 2},
                  favored=["item"], cards_list={"item": {"start": 1}}, powers=of(HERO)),
            _card(name=PATH, type="mythic path", powers=of(PATH)),
            _card(name=SCENARIO, type="scenario", villains=[VILLAIN], henchmen=[FOE], locations={1: [PLACE]},
                  powers=of(SCENARIO)),  # with a villain: closing every location doesn't win it
            _card(name=VILLAIN, type="villain", check_to_defeat=check),
            _card(name=BOON, type="item", check_to_acquire=check, powers=of(BOON)),
            _card(name=BANE, type="barrier", check_to_defeat=check, powers=of(BANE)),
            _card(name=PRIZE, type="item", check_to_acquire=check, powers=of(PRIZE)),
            _card(name=FOE, type="barrier", check_to_defeat=check, powers=of(FOE)),
            _card(name=BLESSING, type="blessing", copies=FILLER + 1),
            _card(name=GRACE, type="blessing", powers=[{"when": "any time", "action": "discard",
                                                        "effects": [{"gain_charge": 1}]}]),
            *(_card(name=name, type="location", deck={}, when_closing=[{"automatic": True}],
                    at_this_location=of(name, AT_THIS_LOCATION), at_other_locations=of(name, AT_OTHER_LOCATIONS),
                    when_permanently_closed=of(name, WHEN_CLOSED))
              for name in (PLACE, ROAD, RUIN)),
        ]
        return {card.name: card for card in cards}


@dataclass
class Run:
    """A table built from a scene, and what its drive returned."""

    table: Table
    hero: CharacterState
    tested: Power  # the paragraph tested, as loaded
    outcome: object = None


def _table(scene: Scene, cards: dict[str, AnyCard]) -> Run:
    """The table a scene describes, with the hero at the test place holding the test mythic path."""
    table = Table(adventure_deck_number=1, extra_cards=cards.values())  # 1: a mythic charge gained is kept
    game = table.game
    table.scenario(SCENARIO)
    table.location(PLACE, scene.deck)
    for name, wanted in ((ROAD, scene.road), (RUIN, scene.closed_ruin)):
        if wanted:
            table.location(name)
    hero = table.character(HERO, at=PLACE, deck=[BLESSING] * FILLER, mythic_path=PATH)
    table.blessings(*([BANE] if scene.bane_at == "blessings deck" else []), BLESSING)
    if scene.boon_at in ("hand", "displayed"):
        game.zones.move(table.card(BOON), hero.zone(ZoneKind.HAND if scene.boon_at == "hand" else ZoneKind.DISPLAYED))
    if scene.bane_at == "by location":
        game.zones.move(table.card(BANE), Zone(ZoneKind.BY_LOCATION, PLACE))
    if scene.bane_at == "hand":
        game.zones.move(table.card(BANE), hero.hand)
    if scene.grace:
        game.zones.move(table.card(GRACE), BLESSINGS_DISCARD)
    if scene.lasting:
        table.run(apply_setup_powers(game, hero))
    if scene.closed_ruin:
        table.run(close_permanently(game, hero, game.locations[RUIN]))
    holder = getattr(cards[scene.holder[0]], scene.holder[1])[0]
    tested = holder.effects[0].lasting[0] if scene.lasting else holder
    return Run(table, hero, tested)


# --- drivers: the rules' processes through each moment ------------------------------------------------------------


@dataclass(frozen=True)
class Driver:
    """Drives a table through a moment with the rules' own processes. `order` lists the moments and decisions
    it passes through, in order, so that each answer is given where it belongs."""

    order: tuple[object, ...]
    drive: Callable[[Run, list[str]], object]
    rule: str | None = None
    prepare: Callable[[Scene], None] = lambda scene: None


_ENCOUNTER_ORDER = (Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.DAMAGE, "attempt",
                    Timing.CHECK, Timing.AFTER_ACTING, Timing.ACQUIRE, Timing.DEFEAT, Timing.UNDEFEATED)


def _prepare_encounter(scene: Scene) -> None:
    """The card encountered is on top of the location deck; it is defeated or acquired (difficulty 1) when the
    moment asks for it; for damage, it deals 1 damage before you act."""
    scene.deck = [scene.encountered]
    if scene.moment in (Timing.ACQUIRE, Timing.DEFEAT):
        scene.difficulty = 1
    if scene.moment is Timing.DAMAGE:
        own = {"while": "encountered"} if scene.encountered == BOON else {}
        scene.add(scene.encountered, {"when": "before acting", "optional": False, **own,
                                      "effects": [{"deal_damage": 1}]})
    if scene.encountered in (BOON, PRIZE):
        scene.answers.append(("attempt", "Attempt to acquire"))


def _encounter(run: Run, answers: list[str]) -> object:
    """Encounter the top card of the location deck; the check rolls a 2."""
    run.table.dice(2)
    return run.table.run(encounter(run.table.game, run.hero, run.table.top(PLACE)), *answers)


ENCOUNTER = Driver(_ENCOUNTER_ORDER, _encounter, prepare=_prepare_encounter)

_TURN_ORDER = (Timing.TURN_START, Timing.ANY_TIME, Timing.EXPLORE, "explored", Timing.TURN_END, Timing.RESET_HAND)


def _prepare_turn(scene: Scene) -> None:
    """A barrier to explore, at the only location (nowhere to move); the hero explores no more than a power makes
    them (once a power that discards its card has made them explore, there is nothing left to explore with:
    exploring ends by itself; a power played in the explore step that doesn't explore leaves the exploration)."""
    scene.deck = [FOE]
    explores = any("explore" in effect for effect in scene.paragraph["effects"])
    spent = explores and (scene.carried or scene.paragraph.get("action") == "discard")
    if scene.moment is not Timing.EXPLORE or not spent:
        scene.answers.append(("explored", "End exploring"))


def _turn(run: Run, answers: list[str]) -> object:
    return run.table.run(take_turn(run.table.game, run.hero), *answers)


TURN = Driver(_TURN_ORDER, _turn, prepare=_prepare_turn)


def _prepare_advance(scene: Scene) -> None:
    """The test bane on top of the blessings deck, which the turn advances first."""
    _prepare_turn(scene)
    scene.bane_at = "blessings deck"


def _prepare_examining(scene: Scene) -> None:
    scene.deck = [FOE]


def _examine(run: Run, answers: list[str]) -> object:
    """The hero examines the top card of their location deck (EXAM-01), as an `examine_deck` effect has them."""
    game = run.table.game
    step = Step(game=game, checker=run.hero, timing=Timing.TURN_START)
    return run.table.run(resolve(step, [EXAMINE_ONE], run.hero), *answers)


def _set_up(run: Run, answers: list[str]) -> object:
    return run.table.run(apply_setup_powers(run.table.game, run.hero), *answers)


def _with_a_road(scene: Scene) -> None:
    scene.road = True


def _enter(run: Run, answers: list[str]) -> object:
    run.hero.location = ROAD  # the hero stands at the other location
    return run.table.run(move_to(run.table.game, run.hero, PLACE), *answers)


def _leave(run: Run, answers: list[str]) -> object:
    return run.table.run(move_to(run.table.game, run.hero, ROAD), *answers)


def _prepare_closing(scene: Scene) -> None:
    scene.answers.append(("close", f"Close {PLACE}"))


def _close(run: Run, answers: list[str]) -> object:
    """The hero closes their location, whose deck is empty: it closes automatically."""
    game = run.table.game
    return run.table.run(attempt_to_close(game, run.hero, game.locations[PLACE]), *answers)


def _attempt_a_check(run: Run, answers: list[str]) -> object:
    """The hero plays the test boon on a check."""
    return run.table.run(attempt_checks(run.table.game, run.hero, "Strength 12", Purpose.OTHER), *answers)


DRIVERS: dict[Timing, Driver] = {
    **{moment: replace(ENCOUNTER, rule=rule) for moment, rule in (
        (Timing.ON_ENCOUNTER, "ENC-04"), (Timing.EVASION, "ENC-04"), (Timing.BEFORE_ACTING, "ENC-04"),
        (Timing.CHECK, "CHK-08"), (Timing.DAMAGE, "DMG-01"), (Timing.AFTER_ACTING, "ENC-04"),
        (Timing.ACQUIRE, "ENC-07"), (Timing.DEFEAT, "ENC-07"), (Timing.UNDEFEATED, "ENC-07"))},
    **{moment: replace(TURN, rule=rule) for moment, rule in (
        (Timing.TURN_START, "TURN-01"), (Timing.ANY_TIME, "TURN-09"), (Timing.EXPLORE, "TURN-04"),
        (Timing.TURN_END, "TURN-08"), (Timing.RESET_HAND, "RESET-01"))},
    Timing.BLESSINGS_ADVANCE: Driver((Timing.BLESSINGS_ADVANCE, *_TURN_ORDER), _turn, "TURN-01", _prepare_advance),
    Timing.EXAMINE: Driver((Timing.EXAMINE,), _examine, "EXAM-01", _prepare_examining),
    Timing.SETUP: Driver((Timing.SETUP,), _set_up),
    Timing.ENTER: Driver((Timing.ENTER,), _enter, "TURN-03", _with_a_road),
    Timing.LEAVE: Driver((Timing.LEAVE,), _leave, "TURN-03", _with_a_road),
    **{moment: Driver(("close", *CLOSING), _close, "CLOSE-04", _prepare_closing) for moment in CLOSING},
    Timing.AFTER_PLAYING: Driver((Timing.CHECK, Timing.AFTER_PLAYING), _attempt_a_check, prepare=Scene.carry),
}

# An "any time" replacement applies at whatever step a card is played in; a bane's, in the steps of its encounter.
DRIVEN_AT = {(Holder.BANE, Kind.REPLACEMENT, Timing.ANY_TIME): Timing.CHECK}


# --- placements: each kind of paragraph on its card, in its place --------------------------------------------------


def _placement(holder: tuple[str, str], *, optional: bool = True, answer: str = "", carry: bool = False,
               boon_at: str | None = None, bane_at: str | None = None, **keys: str) -> Callable[[Scene], None]:
    """A placement: the paragraph printed on this card and field, with these keys (`while_`, `action`), the test
    boon or bane put there, the answer that uses it, and the test boon carried to be played at the moment."""
    written = {key.removesuffix("_"): value for key, value in keys.items()}

    def place(scene: Scene) -> None:
        scene.holder = holder
        scene.paragraph.update(written)
        if not optional:
            scene.paragraph["optional"] = False
        scene.boon_at = boon_at or scene.boon_at
        scene.bane_at = bane_at or scene.bane_at
        if answer:
            scene.answers.append((scene.when, answer))
        if carry:
            scene.carry()
    return place


def _closed_location(optional: bool) -> Callable[[Scene], None]:
    """A When Permanently Closed paragraph: of the hero's location as it closes, else of a location closed
    before; one the character may use is chosen as it closes, or used as any other afterwards."""
    def place(scene: Scene) -> None:
        closing = scene.moment in CLOSING
        scene.holder = (PLACE if closing else RUIN, WHEN_CLOSED)
        scene.closed_ruin = not closing
        if not optional:
            scene.paragraph["optional"] = False
        elif closing:
            scene.answers.append((scene.when, "Yes"))
        else:
            scene.answers.append((scene.when, f"Use {RUIN}"))
    return place


def _at_another_location(scene: Scene) -> None:
    """A location's paragraph for characters elsewhere: printed on another location, open, which the hero is not
    at, and used as the hero's own location's would be."""
    scene.holder = (ROAD, AT_OTHER_LOCATIONS)
    scene.road = True
    scene.answers.append((scene.when, f"Use {ROAD}"))


def _lasting(optional: bool) -> Callable[[Scene], None]:
    """A paragraph a lasting effect applies, begun by the hero's setup paragraph: one that works by itself, or a
    power the hero may use meanwhile, offered as the power that left it."""
    def place(scene: Scene) -> None:
        scene.lasting = True
        if optional:
            scene.answers.append((scene.when, f"Use {HERO}'s power"))
        else:
            scene.paragraph["optional"] = False
    return place


PLACEMENTS: dict[tuple[Holder, Kind], Callable[[Scene], None]] = {
    (Holder.BOON, Kind.PLAYED): _placement((BOON, POWERS), action="discard", boon_at="hand",
                                           answer=f"Discard {BOON}"),
    (Holder.BOON, Kind.ACTIVATED): _placement((BOON, POWERS), while_="displayed", boon_at="displayed",
                                              answer=f"Use {BOON}"),
    (Holder.BOON, Kind.WHEN_PLAYED): _placement((BOON, POWERS), optional=False, carry=True),
    (Holder.BOON, Kind.WHILE_DISPLAYED): _placement((BOON, POWERS), optional=False, while_="displayed",
                                                    boon_at="displayed"),
    (Holder.BOON, Kind.WHILE_ENCOUNTERED): _placement((BOON, POWERS), optional=False, while_="encountered",
                                                      boon_at="encountered"),
    (Holder.BOON, Kind.REPLACEMENT): _placement((BOON, POWERS), optional=False, carry=True),
    (Holder.BANE, Kind.PLAYED): _placement((BANE, POWERS), action="discard", bane_at="hand",
                                           answer=f"Discard {BANE}"),
    (Holder.BANE, Kind.USED): _placement((BANE, POWERS), bane_at="encountered", answer=f"Use {BANE}"),
    (Holder.BANE, Kind.WHILE_DISPLAYED): _placement((BANE, POWERS), optional=False, while_="displayed",
                                                    bane_at="by location"),
    (Holder.BANE, Kind.STANDING): _placement((BANE, POWERS), optional=False, bane_at="encountered"),
    (Holder.BANE, Kind.REPLACEMENT): _placement((BANE, POWERS), optional=False, bane_at="encountered", carry=True),
    (Holder.CHARACTER, Kind.USED): _placement((HERO, POWERS), answer=f"Use {HERO}'s power"),
    (Holder.CHARACTER, Kind.STANDING): _placement((HERO, POWERS), optional=False),
    (Holder.CHARACTER, Kind.REPLACEMENT): _placement((HERO, POWERS), optional=False, carry=True),
    (Holder.MYTHIC_PATH, Kind.USED): _placement((PATH, POWERS), answer=f"Use {PATH}"),
    (Holder.MYTHIC_PATH, Kind.STANDING): _placement((PATH, POWERS), optional=False),
    (Holder.MYTHIC_PATH, Kind.REPLACEMENT): _placement((PATH, POWERS), optional=False, carry=True),
    (Holder.LOCATION, Kind.USED): _placement((PLACE, AT_THIS_LOCATION), answer=f"Use {PLACE}"),
    (Holder.LOCATION, Kind.STANDING): _placement((PLACE, AT_THIS_LOCATION), optional=False),
    (Holder.LOCATION, Kind.REPLACEMENT): _placement((PLACE, AT_THIS_LOCATION), optional=False, carry=True),
    (Holder.OTHER_LOCATION, Kind.USED): _at_another_location,
    (Holder.CLOSED_LOCATION, Kind.USED): _closed_location(optional=True),
    (Holder.CLOSED_LOCATION, Kind.STANDING): _closed_location(optional=False),
    (Holder.SCENARIO, Kind.USED): _placement((SCENARIO, POWERS), answer=f"Use {SCENARIO}"),
    (Holder.SCENARIO, Kind.STANDING): _placement((SCENARIO, POWERS), optional=False),
    (Holder.SCENARIO, Kind.REPLACEMENT): _placement((SCENARIO, POWERS), optional=False, carry=True),
    (Holder.LASTING, Kind.STANDING): _lasting(optional=False),
    (Holder.LASTING, Kind.USED): _lasting(optional=True),
}


# --- probes: an effect valid at the moment, and how its working shows ---------------------------------------------


@dataclass(frozen=True)
class Probe:
    """The paragraph's effect, as a card file writes it, what else the table needs to show it, and whether the
    game shows it worked."""

    effect: dict[str, Any]
    worked: Callable[[Run], bool]
    prepare: Callable[[Scene], None] = lambda scene: None


def _barred(scene: Scene) -> None:
    """The test boon in hand with a power for any time, never played; the hand is kept as it resets."""
    scene.boon_at = "hand"
    scene.add(BOON, {"when": "any time", "action": "discard"})
    scene.answers.append((Timing.RESET_HAND, "Done discarding"))


GAIN = Probe({"gain_charge": 1}, lambda run: run.hero.mythic_charges == 1)
HELP = Probe({"add_modifier": 10}, lambda run: run.outcome in ("defeated", "acquired"))  # a 2 + 10 meets 12
INSTEAD = Probe({"instead": "recharge", "cards": {"types": ["item"]}, "replaces": ["discard"]},
                lambda run: BOON in run.table.cards(run.hero, ZoneKind.DECK))
SEALED = Probe({"cannot_move": True}, lambda run: ROAD in run.table.game.locations
               and not run.table.offered("Move to"), _with_a_road)
def _never_played(run: Run) -> bool:
    """The test boon was never offered to be played (only to be discarded as the hand resets), and is in hand."""
    offers = [option.label for decision in run.table.decisions if decision.kind != "reset discard"
              for option in decision.options]
    return not any(label.startswith(f"Discard {BOON}") for label in offers) and BOON in run.table.cards(
        run.hero, ZoneKind.HAND)


BARRED = Probe({"cannot_play": {"types": ["item"]}}, _never_played, _barred)


def _copyable(scene: Scene) -> None:
    """The test boon in hand, the Test Grace in the blessings discard pile, and the answer that plays the one as
    a copy of the other (its power gains a mythic charge)."""
    scene.boon_at, scene.grace = "hand", True
    scene.answers.append((Timing.ANY_TIME, f"Discard {BOON} as {GRACE}"))


COPIED = Probe({"play_as_copy": {"types": ["item"]}, "of": "the blessings discard pile"},
               lambda run: run.hero.mythic_charges == 1 and BOON in run.table.cards(run.hero, ZoneKind.DISCARD),
               _copyable)
# What a paragraph that works by itself "at any time" may say: what is read wherever cards are played (a
# restriction; a character's way to play a card as a copy of another).
RESTRICTIONS = {Holder.BANE: SEALED, Holder.LASTING: BARRED, Holder.CHARACTER: COPIED}
_BY_ITSELF = (Kind.STANDING, Kind.WHILE_DISPLAYED, Kind.WHILE_ENCOUNTERED)


def probe(holder: Holder, kind: Kind, when: Timing) -> Probe:
    """A replacement sends the card played elsewhere; a paragraph that works by itself at any time restricts;
    on a check, a paragraph changes the check; elsewhere it gains a mythic charge."""
    if kind is Kind.REPLACEMENT:
        return INSTEAD
    if when is Timing.ANY_TIME and kind in _BY_ITSELF:
        return RESTRICTIONS[holder]
    return HELP if when is Timing.CHECK else GAIN


# --- the test -------------------------------------------------------------------------------------------------


TRIPLES = [(holder, kind, when) for (holder, kind), moments in RUNS.items() for when in sorted(moments)]


def _case(holder: Holder, kind: Kind, when: Timing) -> Any:
    moment = DRIVEN_AT.get((holder, kind, when), when)
    driver = DRIVERS.get(moment)
    marks = [pytest.mark.rule(driver.rule)] if driver is not None and driver.rule else []
    return pytest.param(holder, kind, when, marks=marks, id=f"{holder}-{kind}-{when}")


@pytest.fixture
def traced() -> Iterator[dict[int, Power]]:
    """What the engine records as run during the test alone (kept for the session's power coverage after)."""
    session = trace.executed
    trace.executed = {}
    try:
        yield trace.executed
    finally:
        ran, trace.executed = trace.executed, session
        if session is not None:
            session.update(ran)


@pytest.mark.parametrize(("holder", "kind", "when"), [_case(*triple) for triple in TRIPLES])
def test_every_paragraph_loading_accepts_is_run(holder: Holder, kind: Kind, when: Timing,
                                                traced: dict[int, Power]) -> None:
    """DESIGN.md 2, loading refuses any power the engine would not run: a paragraph it accepts takes effect."""
    moment = DRIVEN_AT.get((holder, kind, when), when)
    assert moment in DRIVERS, f"no driver drives a game through '{moment}'"
    assert (holder, kind) in PLACEMENTS, f"no placement puts a {kind} paragraph of a {holder} on a table"
    driver, chosen = DRIVERS[moment], probe(holder, kind, when)
    scene = Scene(when=when, moment=moment, paragraph={"when": when, "effects": [chosen.effect]})
    PLACEMENTS[holder, kind](scene)
    chosen.prepare(scene)
    driver.prepare(scene)
    cards = scene.cards()
    assert {name: refusals(card) for name, card in cards.items() if refusals(card)} == {}
    run = _table(scene, cards)
    answers = [label for _, label in sorted(scene.answers, key=lambda answer: driver.order.index(answer[0]))]
    run.outcome = driver.drive(run, answers)
    assert chosen.worked(run), f"the paragraph did not take effect: {scene.paragraph}"
    assert traced.get(id(run.tested)) is run.tested, "the engine did not record the paragraph as run"


def _refusals(holder: Holder, kind: Kind, when: Timing, effect: dict[str, Any]) -> list[str]:
    """Why the card loader refuses a paragraph of this holder and kind at this moment, with this effect."""
    scene = Scene(when=when, moment=when, paragraph={"when": when, "effects": [effect]})
    PLACEMENTS[holder, kind](scene)
    card = scene.cards()[scene.holder[0]]
    return [reason for field, reason in refusals(card) if field[:len(scene.field)] == scene.field]


OUTSIDE = [(holder, kind, when) for (holder, kind), moments in RUNS.items() for when in sorted(set(Timing) - moments)]


@pytest.mark.parametrize(("holder", "kind", "when"), OUTSIDE, ids=[f"{h}-{k}-{w}" for h, k, w in OUTSIDE])
def test_loading_refuses_every_paragraph_the_table_does_not_name(holder: Holder, kind: Kind, when: Timing) -> None:
    """DESIGN.md 2: a paragraph at a moment RUNS doesn't name for its kind and card is refused as it loads."""
    effect = INSTEAD.effect if kind is Kind.REPLACEMENT else GAIN.effect
    assert any("is never run at" in reason for reason in _refusals(holder, kind, when, effect))


@pytest.mark.parametrize(("holder", "kind"), [(holder, kind) for holder, kind, when in TRIPLES
                                              if when is Timing.ANY_TIME and kind in _BY_ITSELF])
def test_a_paragraph_that_works_by_itself_at_any_time_may_only_restrict(holder: Holder, kind: Kind) -> None:
    """No step is at "any time": such a paragraph is read where it restricts (moving, playing), and only there."""
    assert any("may only restrict" in reason for reason in _refusals(holder, kind, Timing.ANY_TIME, GAIN.effect))
    assert not _refusals(holder, kind, Timing.ANY_TIME, RESTRICTIONS[holder].effect)


def test_every_driver_and_placement_serves_an_entry_of_the_table() -> None:
    """No driver for a moment RUNS doesn't name, no placement for a kind of paragraph it doesn't hold."""
    assert set(DRIVERS) == {DRIVEN_AT.get((holder, kind, when), when) for holder, kind, when in TRIPLES}
    assert set(PLACEMENTS) == set(RUNS)
