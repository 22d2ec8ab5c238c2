"""The test vocabulary (DESIGN.md 8): build any table in a few lines, fix the dice, script the answers.

    table = Table()
    harsk = table.character("Harsk", at="Abattoir", hand=["Shortbow", "Cecilla the Uprooter"])
    table.dice(6, 4, 2, 1)
    result = table.run(attempt_checks(...), "Reveal Shortbow: Ranged", "Recharge Cecilla")

A table offers every legal play, as a game with `ask_always` does (`engine.questions`): the rules' complete
options, whether or not a play could matter; a test of which plays are worth asking gives `ask_always=False`.

With `strict=True` (on `Table(...)` or one `run`) every Decision must be answered by the script, in order, as
XMage's strict mode fails on any unscripted choice: a "Done" or "Keep the result" is then written out too.
`table.pick(...)` fixes what the next random draws take (a random card, location or character), by name.

A whole game can start from a table file instead (`pacg.tables`: tests/tables/*.yaml), played through the Game
object with scripted answers:

    game = pacg.new_game(table=TABLES / "dire-rat.yaml")
    answer(game, "Give nothing", "Stay", "Explore Abattoir", ...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import yaml

from pacg.cards.loader import CardLibrary
from pacg.cards.model import MODEL_BY_TYPE, AnyCard, Character, Location, MythicPath, Scenario
from pacg.cards.powers import Purpose, Timing
from pacg.cards.vocabulary import CardType
from pacg.decisions import Decision, DecisionKind, Process, run
from pacg.engine.chance import Chance
from pacg.engine.check import CheckResult, attempt_checks, check_of
from pacg.engine.playing import Step
from pacg.engine.setup import new_game
from pacg.engine.state import CharacterState, Feats, GameState, LocationState, TurnState
from pacg.engine.zones import BLESSINGS_DECK, PhysicalCard, ZoneKind
from pacg.game import Game, library_for
from pacg.tables import deal, from_box, lay_out_location, seat_character

T = TypeVar("T")


def library() -> CardLibrary:
    """The built-in card library, read once for the whole test run: the one games load (`pacg.new_game`), so the
    powers a game from a table file runs count as run (tests/power_coverage.py)."""
    return library_for(None)


def kind_of(decision: Decision) -> str:
    """A decision's kind, and for a play window the step it opens in: its timing ("damage", "evasion" ...), or
    "check" for the plays on a check."""
    if decision.kind is DecisionKind.PLAY:
        return str(decision.context["timing"])
    return str(decision.kind)


class FixedDice(Chance):
    """The game's generator with its next die rolls (`faces`, as a table file scripts them) and its next random
    picks by name scripted; everything else (shuffles) stays seeded and random."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.picks: list[str] = []

    def choice(self, seq):  # type: ignore[no-untyped-def]
        if not self.picks:
            return super().choice(seq)
        return self._picked(list(seq), self.picks.pop(0))

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
        if not self.picks:
            return super().sample(population, k, counts=counts)
        pool = list(population)
        chosen = []
        for _ in range(min(k, len(pool))):
            chosen.append(self._picked(pool, self.picks.pop(0)))
            pool.remove(chosen[-1])
        return chosen

    @staticmethod
    def _picked(items: list, name: str):  # type: ignore[no-untyped-def,type-arg]
        for item in items:
            if getattr(item, "name", item) == name:
                return item
        names = sorted({str(getattr(item, "name", item)) for item in items})
        raise AssertionError(f"scripted random pick {name!r} is not among {names}")


class Table:
    """A game table built for a test."""

    def __init__(self, adventure_deck_number: int = 0, seed: int = 0, extra_cards: Iterable[AnyCard] = (),
                 strict: bool = False, ask_always: bool = True) -> None:
        self.strict = strict
        cards = CardLibrary([*library(), *extra_cards]) if extra_cards else library()
        self.game = GameState(cards, seed=seed, adventure_deck_number=adventure_deck_number)
        self.game.ask_always = ask_always
        self.rng = FixedDice(seed)
        self.game.rng = self.rng
        self.game.fill_box()

    @classmethod
    def for_scenario(cls, scenario: str, characters: list[str], seed: int = 0, strict: bool = False,
                     removed: Iterable[str] = ()) -> Table:
        """A table for a scenario and a party as the rules set them up (`new_game`: the box of the scenario's
        adventure deck, without the cards `removed` from the game earlier), before the setup itself:
        `table.run(set_up(table.game), ...)` runs it with scripted answers and dice."""
        table = cls(seed=seed, strict=strict)
        table.game = new_game(table.game.library, scenario, characters, seed=seed, removed=removed)
        table.game.ask_always = True
        table.game.rng = table.rng
        return table

    def scenario(self, name: str) -> Scenario:
        """Play on this scenario: its powers apply (setup, turns, moving ...)."""
        self.game.scenario = self.game.library.typed(name, Scenario)
        return self.game.scenario

    def location(self, name: str, deck: Iterable[str] = ()) -> LocationState:
        """A location with its deck, top first."""
        return lay_out_location(self.game, self.game.library.typed(name, Location), deck)

    def character(
        self,
        name: str,
        at: str,
        hand: Iterable[str] = (),
        deck: Iterable[str] = (),
        discard: Iterable[str] = (),
        buried: Iterable[str] = (),
        feats: Feats | None = None,
        mythic_path: str | None = None,
        charges: int = 0,
    ) -> CharacterState:
        """A character at a location with these cards; holding a mythic path card with some mythic charges."""
        library = self.game.library
        if at not in self.game.locations:
            self.location(at)
        path = library.typed(mythic_path, MythicPath) if mythic_path is not None else None
        character = seat_character(self.game, library.typed(name, Character), at, feats, path, charges)
        for names, kind in ((hand, ZoneKind.HAND), (deck, ZoneKind.DECK), (discard, ZoneKind.DISCARD),
                            (buried, ZoneKind.BURIED)):
            deal(self.game, names, character.zone(kind))
        return character

    def blessings(self, *names: str) -> None:
        """The blessings deck, top card first."""
        deal(self.game, names, BLESSINGS_DECK)

    def deck(self, location: str) -> list[str]:
        """A location deck's cards, top first."""
        return [card.name for card in self.game.zones.cards(self.game.locations[location].deck)]

    def top(self, location: str) -> PhysicalCard:
        """The top card of a location deck."""
        return self.game.zones.cards(self.game.locations[location].deck)[0]

    def offered(self, label: str, kind: str | None = None) -> bool:
        """Whether an option starting with this label was offered in a decision so far (of this kind, or in this
        play window, if named: see `kind_of`)."""
        return any(option.label.startswith(label) for decision in self.decisions
                   if kind is None or kind_of(decision) == kind for option in decision.options)

    def cards(self, character: CharacterState, kind: ZoneKind) -> list[str]:
        return [card.name for card in self.game.zones.cards(character.zone(kind))]

    def card(self, name: str) -> PhysicalCard:
        """A named card of the box (where it must be), left there."""
        return from_box(self.game, name)

    def check(self, character: CharacterState, name: str, *answers: str) -> CheckResult:
        """Attempt the check to defeat or acquire a card of the box: the check alone, not an encounter, so the
        card stays in the box."""
        target = self.card(name)
        purpose = Purpose.DEFEAT if target.card.is_bane else Purpose.ACQUIRE
        check = check_of(target)
        assert check is not None, f"{name} has no check"
        [result] = self.run(attempt_checks(self.game, character, check, purpose, target), *answers)
        return result

    def attempt(self, character: CharacterState, text: str, *answers: str) -> CheckResult:
        """Attempt a check written as a card prints it ("Knowledge 12"), for no purpose but the check."""
        [result] = self.run(attempt_checks(self.game, character, text, Purpose.OTHER), *answers)
        return result

    def window(self, character: CharacterState, timing: Timing) -> Step:
        """The players' chance to play at a moment of the character's turn (start of turn, any time)."""
        self.game.turn = TurnState(character)
        return Step(game=self.game, checker=character, timing=timing, also=Timing.ANY_TIME)

    def logged(self, text: str) -> bool:
        """Whether a line of the game's log says this."""
        return any(text in line for line in self.game.log)

    def dice(self, *faces: int) -> None:
        """The next die faces rolled, in the order the pool rolls them (largest dice first)."""
        self.rng.faces.extend(faces)

    def pick(self, *names: str) -> None:
        """What the next random draws take, by name, in order: a random card from a pile or the box, a random
        location or character (each draw of several, as of 3 armors from the box, takes one name each)."""
        self.rng.picks.extend(names)

    def run(self, process: Process[T], *answers: str, strict: bool | None = None) -> T:
        """Run a rules process. Each answer picks the option whose label starts with it; a Decision that
        no remaining answer fits is passed ("Done", "Keep the result") when it can be, or answered when it has
        only one option. Strictly (`strict=True`, or a strict table), every Decision must be the next answer's:
        any other fails the test."""
        strict = self.strict if strict is None else strict
        pending = list(answers)
        self.decisions: list[Decision] = []

        def answer(decision: Decision) -> int:
            self.decisions.append(decision._replace(context=dict(decision.context)))  # read whole while asked
            if decision.choose is not None:
                return several(decision, pending, strict)
            if pending:
                for index, option in enumerate(decision.options):
                    if option.label.startswith(pending[0]):
                        pending.pop(0)
                        return index
            if strict:
                labels = "\n  ".join(option.label for option in decision.options)
                expected = f"the script's next answer {pending[0]!r} fits none of its options" if pending else (
                    "the script has no answers left")
                raise AssertionError(f"unscripted decision ({expected}): {decision.player}: {decision.prompt}\n"
                                     f"  {labels}")
            for index, option in enumerate(decision.options):
                if option.label in ("Done", "Keep the result"):
                    return index
            if len(decision.options) == 1:
                return 0
            labels = "\n  ".join(option.label for option in decision.options)
            raise AssertionError(f"no scripted answer for {decision.prompt}\n  {labels}")

        result = run(process, answer)
        assert not pending, f"answers never asked for: {pending}"
        if strict:
            assert not self.rng.faces, f"scripted die faces never rolled: {self.rng.faces}"
            assert not self.rng.picks, f"scripted random picks never drawn: {self.rng.picks}"
        self.game.zones.check_conservation()
        return result


DONE_CHOOSING = "Done discarding"  # in a script, ends the answers to a decision of several options


def several(decision: Decision, pending: list[str], strict: bool = True) -> int:
    """The answer to a decision of several options (the cards to discard as the hand is reset, `Decision.choose`):
    the script's next answers that name its options, each option once, up to "Done discarding" (taken too), as
    the bits of the options chosen. Strictly, a decision no answer speaks of fails the test."""
    chosen: list[int] = []
    while pending and pending[0] != DONE_CHOOSING:
        fitting = [index for index, option in enumerate(decision.options)
                   if option.label.startswith(pending[0]) and index not in chosen]
        if not fitting:
            break
        chosen.append(fitting[0])
        pending.pop(0)
    ended = bool(pending) and pending[0] == DONE_CHOOSING
    if ended:
        pending.pop(0)
    if strict and not (chosen or ended):
        labels = "\n  ".join(option.label for option in decision.options)
        raise AssertionError(f"unscripted decision (the script says {pending[0] if pending else 'nothing'!r}): "
                             f"{decision.prompt}\n  {labels}")
    return sum(1 << index for index in chosen)


def answer(game: Game, *answers: str) -> list[Decision]:
    """Answer a game's decisions in order, strictly (as `Table(strict=True)`): each answer picks the option whose
    label starts with it, and every decision must be the next answer's ("Done" too). The decisions asked, as
    published, read whole while they were asked (a decision's odds are worked out only until it is answered)."""
    asked = []
    pending = list(answers)
    while pending:
        decision = game.decision
        assert decision is not None, f"the game is over before the answer {pending[0]!r}"
        asked.append(Decision.from_json(decision.to_json()))
        if decision.choose is not None:
            bits = several(decision, pending)
            game.apply(decision.choice_id(index for index in range(len(decision.options)) if bits >> index & 1))
            continue
        given = pending.pop(0)
        fitting = [option.id for option in decision.options if option.label.startswith(given)]
        labels = "\n  ".join(option.label for option in decision.options)
        assert fitting, f"unscripted decision (the script says {given!r}): {decision.prompt}\n  {labels}"
        game.apply(fitting[0])
    return asked


def shuffled(outcome: Callable[[int], object], seeds: Iterable[int] = range(12)) -> bool:
    """Whether what a table ends with (a card's place in a deck, a deck's order) varies with the seed: a shuffle
    checked as a shuffle, not by comparing sorted decks. `outcome` builds and plays the table with a seed."""
    return len({repr(outcome(seed)) for seed in seeds}) > 1


def feats(role: str | None, index: int | None = None, box: str | tuple[str, ...] | None = None) -> Feats:
    """A role (None: the character card), with power feat boxes of one paragraph checked, by (paragraph index,
    box label): a label, or several (the box a paragraph begins with, then a box on it)."""
    labels = (box,) if isinstance(box, str) else box or ()
    return Feats(role=role, powers={(index, label) for label in labels if index is not None})


def card(text: str) -> AnyCard:
    """A card made for a test from the text of a card file."""
    data = yaml.safe_load(text)
    return MODEL_BY_TYPE[CardType(data["type"])].model_validate(data)  # type: ignore[return-value]


def glaring_fiend(wisdom: int) -> AnyCard:
    """A test monster whose Wisdom check before you act, at this difficulty, adds 3 to the check to defeat it."""
    return card(f"""
name: Glaring Fiend
type: monster
set: B
provenance: standin
notes: A test monster with a check before you act.
check_to_defeat: Combat 30
powers:
- when: before acting
  optional: false
  effects:
  - attempt: Wisdom {wisdom}
    failure: [{{adjust_difficulty: 3}}]
""")


ABYSSAL_LOCATION = card("""
name: Rift Edge
type: location
set: B
traits: [Abyssal]
provenance: standin
notes: A test location with the Abyssal trait.
deck: {monster: 0, barrier: 0, weapon: 0, spell: 0, armor: 0, item: 0, ally: 0, blessing: 0}
when_closing:
- automatic: true
""")


STRIKING_FIEND = card("""
name: Striking Fiend
type: monster
set: B
provenance: standin
notes: A test monster that deals 3 Combat damage before you act, and 3 after.
check_to_defeat: Combat 1
powers:
- when: before acting
  optional: false
  effects:
  - deal_damage: 3
- when: after acting
  optional: false
  effects:
  - deal_damage: 3
""")


# A custom card file: the shipped Blessing of Ascension made stronger (the same name replaces it in the box)
STRONGER_BLESSING = """\
name: Blessing of Ascension
type: blessing
set: B
traits: [Basic, Divine]
copies: 35
provenance: standin
check_to_acquire: Charisma or Divine 4
powers:
  - when: check
    whose: any
    action: discard
    effects:
      - add_skill_dice: 2
"""


# A test loot card that acts as a weapon (LOOT-01): no check to acquire, played as a weapon.
RADIANT_BLADE = card("""
name: Radiant Blade
type: loot
loot_type: weapon
set: B
traits: [Sword, Melee, Slashing, Magic]
provenance: standin
notes: A test loot card that acts as a weapon, modelled on the loot Radiance (ANALOGS.md).
powers:
- when: check
  action: reveal
  if:
    check: combat
  effects:
  - use_skill: [Strength, Melee]
  - add_dice: 1d8
""")
