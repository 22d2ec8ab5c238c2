"""The Game object: a whole game to hold, answer, copy, undo, show to one seat and put away (DESIGN.md 3).

    >>> import pacg
    >>> game = pacg.new_game("The Godless Ones", ["Kyra"], seed=1)
    >>> decision = game.decision       # who decides what, and each option's action id and label
    >>> decision.player, decision.kind, [option.label for option in decision.options]
    ('Kyra', <DecisionKind.START: 'start'>, ['Forsaken Cloister', 'Manor House', 'Marketplace'])
    >>> while not game.over:
    ...     game.apply(game.legal_actions()[0])    # an illegal action raises pacg.IllegalAction, changing nothing
    >>> game.outcome["scenario"], game.outcome["characters"]    # what `pacg play --json` prints
    ('The Godless Ones', ['Kyra'])

Modelled on python-chess's `Board` and OpenSpiel's `State`. A game is its setup, its seed and its answers; the
rules run as generators inside it. At the start of every turn it keeps a snapshot of the game state
(`engine.snapshot`; from its first copy, undo or record on), so `clone()` and `undo()` make the game again from
the current turn's snapshot and replay only that turn's answers. `view(seat)` is plain data of what one player
may know (its parts' types are in `pacg.views`); agents get that and the published decision, never the live game
(`play`). `table()` writes the position at a turn's start as a table file's data (`pacg.tables`), as FEN writes
a chess board, and `new_game(table=...)` plays on from it.

`pacg.check_game(game)` (`pacg.conformance`) holds a game to these promises from where it stands, over random
legal actions: a clone plays as the game does, undo gives back every seat's view, views and decisions survive
JSON, an illegal action raises and changes nothing, a look-ahead's copy shows a seat what it knows, and the
record replays to the same game. It changes nothing of the game it is given, and raises `ConformanceError`
naming the check and the position at the first promise broken:

    >>> pacg.check_game(pacg.new_game("The Godless Ones", ["Harsk", "Kyra"], seed=7), steps=20)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from pacg.cards.loader import CardLibrary
from pacg.cards.vocabulary import CardType
from pacg.decisions import Decision, Process, answered, only_answer
from pacg.engine.scenario import Outcome, play_scenario, play_turns
from pacg.engine.setup import SetupError, named, setup_names
from pacg.engine.setup import new_game as set_out
from pacg.engine.snapshot import Snapshot, restore, take
from pacg.engine.state import Feats, GameState
from pacg.engine.unseen import deal_anew
from pacg.engine.view import view_parts
from pacg.engine.zones import REMOVED
from pacg.record import VERSION, RecordData, RecordError, Setup, check_outcome, read_record, record_of
from pacg.record_v3 import VERSION_3_BOX, answer_now, box_of_version_3
from pacg.views import SeatViewDict, ViewParts, part_makers, worked_out

if TYPE_CHECKING:
    from pacg.engine.scenario import OutcomeView
    from pacg.tables import TableFeats, TableFile


class IllegalAction(ValueError):
    """An action that is not one of the current decision's, or any action once the game is over."""


class _TurnStart(NamedTuple):
    snapshot: Snapshot
    answers: int  # how many answers were given before the turn began


@dataclass
class _History:
    """The answers given so far (option numbers, the action ids they were given as, and the seat that gave each),
    the revelations count when each was asked (see `GameState.revelations`), the number of answers given before
    each turn began with the fingerprint of the game state then (`Snapshot.digest`, for records), and the snapshot
    of the current turn's start: the only one a copy or an undo needs, since undo stays within the turn. Snapshots
    and fingerprints are kept (`keeping`) from the first time a copy, an undo or a record is asked for (`Game._keep`):
    a game no one copies or records, as in a simulation, never pays for them."""

    answers: list[int] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)
    turn_starts: list[int] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    latest: _TurnStart | None = None
    keeping: bool = False

    def copy(self) -> _History:
        return _History(list(self.answers), list(self.actions), list(self.players), list(self.revealed),
                        list(self.turn_starts), list(self.digests), self.latest, self.keeping)


class Game:
    """One game of a scenario. Make one with `new_game`, `load_game` or `clone`."""

    def __init__(self, library: CardLibrary, setup: Setup, history: _History | None = None,
                 expected: list[str] | None = None, table: TableFile | None = None) -> None:
        self._library = library
        self._setup = setup
        self._expected = expected  # the turn digests a record being loaded says the game must show
        self._table = table  # the setup's table read and checked, once (`_laid_out`)
        self._imagined = False  # a look-ahead's copy (`determinized`): no copies, undo or record of it
        self._start(history if history is not None else _History())

    def _start(self, history: _History) -> None:
        """Make the game state from the history's latest snapshot (or from the setup) and replay the answers
        given since."""
        setup = self._setup
        self._history = history
        self._decision: Decision | None = None
        self._published: Decision | None = None  # the decision as `decision` publishes it, made once it is read
        self._outcome: Outcome | None = None
        self._asked_at = 0
        start = self._history.latest
        self._sent = start.answers if start else 0  # the answers this game state has been given
        self._state = self._fresh_state(start.snapshot if start else None)
        self._seats = frozenset(self.seats())  # asked at every decision an agent is handed (`_at_table`)
        self._process: Process[Outcome] = (play_turns(self._state) if start or setup.table is not None
                                            else play_scenario(self._state))
        self._step(None)
        for index in self._history.answers[start.answers if start else 0:]:
            self._send(index)

    # --- the game as it stands ------------------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """What the game was set up from (scenario, party, seed, options)."""
        return self._setup

    @property
    def library(self) -> CardLibrary:
        """The cards the game plays with: to load its record with the same ones (`load_game(record, library=)`)."""
        return self._library

    @property
    def over(self) -> bool:
        """Whether the scenario has ended (won or lost) and its reward been given."""
        return self._decision is None

    @property
    def decision(self) -> Decision | None:
        """The decision to answer now, as its player sees it (no engine object in it); None once over. Its odds are
        worked out when first read, and can be read until it is answered (`decisions.Later`): to keep a decision
        for later, keep its `to_json()`."""
        if self._published is None and self._decision is not None:
            self._published = self._decision.published()
        return self._published

    def legal_actions(self) -> list[str]:
        """The action ids of the decision to answer now (none once the game is over): its options', or for a
        decision of several options every set of them it allows (`Decision.choices`).

            >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
            >>> game.legal_actions() == [option.id for option in game.decision.options]
            True
        """
        decision = self.decision
        return decision.choices() if decision is not None else []

    @property
    def outcome(self) -> OutcomeView | None:
        """How the game ended, as `pacg play --json` prints it; None while it is under way."""
        return self._outcome.summary() if self._outcome is not None else None

    @property
    def actions(self) -> list[str]:
        """The action ids answered so far, in order."""
        return list(self._history.actions)

    @property
    def answered_by(self) -> list[str]:
        """The seat that gave each answer so far, in order."""
        return list(self._history.players)

    @property
    def turn_starts(self) -> list[int]:
        """How many answers had been given as each turn began, in order."""
        return list(self._history.turn_starts)

    @property
    def log(self) -> list[str]:
        """What has happened, in words: every line is public."""
        return list(self._state.log)

    @property
    def card_tally(self) -> dict[tuple[str, str], int]:
        """How many times each card, by name, has been acquired and banished so far: {("acquired", "Mace"): 1}
        (public events: what a simulation sums up)."""
        return dict(self._state.card_tally)

    @property
    def turn(self) -> int:
        """The number of the turn under way (0 during setup)."""
        return self._state.turns

    def seats(self) -> list[str]:
        """The characters at the table, in turn order: one seat each."""
        return [character.name for character in self._state.characters] or list(self._setup.characters)

    # --- answering ------------------------------------------------------------------------------------------

    def apply(self, action: str) -> None:
        """Answer the decision with one of its action ids; any other raises IllegalAction, changing nothing.

            >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
            >>> game.apply(game.legal_actions()[0])    # where Kyra starts
            >>> game.apply("fly-away")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            pacg.game.IllegalAction: 'fly-away' is not an action of Kyra's turn decision (legal: ...)
            >>> len(game.actions)
            1
        """
        decision = self.decision
        if decision is None:
            raise IllegalAction(f"the game is over: no action {action!r} can be taken")
        index = decision.chosen(action)
        if index is None:
            actions = decision.actions
            shown = ", ".join(actions[:12]) + (", ..." if len(actions) > 12 else "")
            raise IllegalAction(f"{action!r} is not an action of {decision.player}'s {decision.kind} decision "
                                f"(legal: {_how_many(decision.choose)}{shown})")
        history = self._history
        history.answers.append(index)
        history.actions.append(action)
        history.players.append(decision.player)
        history.revealed.append(self._asked_at)
        self._send(index)

    def _send(self, index: int) -> None:
        self._sent += 1
        self._step(index)

    def _step(self, index: int | None) -> None:
        """Give the rules an answer and go on to the next decision; a question with one answer is not asked."""
        self._published = None
        try:
            if index is None:
                decision = next(self._process)
            else:
                assert self._decision is not None
                answered(self._decision)
                decision = self._process.send(index)
            while (forced := only_answer(decision)) is not None:
                answered(decision)
                decision = self._process.send(forced)
            self._decision = decision
            self._asked_at = self._state.revelations
        except StopIteration as stop:
            self._decision = None
            self._outcome = stop.value

    def _fresh_state(self, snapshot: Snapshot | None) -> GameState:
        """The game state at the setup's start, or made again from a snapshot."""
        setup = self._setup
        if snapshot is None and setup.table is not None:
            return self._laid_out()
        if snapshot is not None:
            state = restore(snapshot, self._library)
        else:
            state = set_out(self._library, setup.scenario, list(setup.characters), setup.seed,
                            mythic_paths=dict(setup.mythic_paths), redeemed=setup.redeemed, removed=setup.removed,
                            decks=dict(setup.decks), feats={name: _feats_of(text) for name, text in setup.feats})
        state.turn_starts = self._turn_starts
        state.ask_always = setup.ask_always
        return state

    def _laid_out(self) -> GameState:
        """The game state of the setup's table, between two turns."""
        from pacg.tables import build_state, parse_table

        if self._table is None:
            assert self._setup.table is not None
            self._table = parse_table(json.loads(self._setup.table), self._library)
        state = build_state(self._library, self._table, self._setup.seed)
        state.turn_starts = self._turn_starts
        state.ask_always = self._setup.ask_always
        return state

    def _turn_starts(self) -> None:
        """A turn is about to begin: keep its snapshot and fingerprint (not again for the turn a copy starts
        from)."""
        history, answers = self._history, self._sent
        latest = history.latest
        if latest is not None and latest.answers == answers and latest.snapshot.turns == self._state.turns:
            return
        history.turn_starts.append(answers)
        if not history.keeping:
            return
        history.latest = _TurnStart(take(self._state), answers)
        history.digests.append(history.latest.snapshot.digest())
        if self._expected is not None:
            self._check_digest(len(history.digests) - 1)

    def _check_digest(self, number: int) -> None:
        expected = self._expected or []
        if number < len(expected) and self._history.digests[number] != expected[number]:
            raise DivergedError(f"the game drifts from the record at the start of turn {number + 1}, after "
                                f"{len(self._history.answers)} answers: the game state differs from the one "
                                "recorded (another seed, edited answers, or changed cards)")

    # --- copies, undo and records ---------------------------------------------------------------------------

    def _keep(self) -> None:
        """From now on, keep a snapshot and a fingerprint at each turn start; the first time, play the game again
        from its setup to have them for the turns played so far (as a load does: once)."""
        history = self._history
        if self._imagined:
            raise ValueError("a look-ahead's copy of a game (Game.determinized) can't be copied, undone or recorded: "
                             "make another from the game")
        if history.keeping:
            return
        again = Game(self._library, self._setup, _History(keeping=True), self._expected, self._table)
        for index in history.answers:
            again._send(index)
        history.turn_starts, history.digests = again._history.turn_starts, again._history.digests
        history.latest, history.keeping = again._history.latest, True

    def clone(self) -> Game:
        """An independent copy that continues exactly as this game would.

            >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
            >>> copy = game.clone()
            >>> copy.apply(copy.legal_actions()[0])
            >>> len(copy.actions), len(game.actions)
            (1, 0)
            >>> game.apply(copy.actions[0])
            >>> game.view("Kyra") == copy.view("Kyra")
            True
        """
        self._keep()
        return Game(self._library, self._setup, self._history.copy())

    def can_undo(self) -> bool:
        """Whether the last answer can be taken back (see `why_not_undo`)."""
        return not self.why_not_undo()

    def why_not_undo(self, answers: int = 1) -> str:
        """Why the last answer (or the last `answers` answers) can't be taken back, "" when it can: each must have
        been given in the current turn, and no hidden information may have come out since its decision was asked
        (no card flipped, drawn or examined, no die rolled, no random card drawn)."""
        history = self._history
        if self._imagined:
            return "this is a look-ahead's copy of the game"
        if len(history.answers) < max(answers, 1):
            return "nothing has been answered yet" if not history.answers else "not that many answers were given"
        if history.turn_starts and history.turn_starts[-1] > len(history.answers) - answers:
            return ("the last answer was given in an earlier turn" if answers == 1
                    else "the answers to take back go back to an earlier turn")
        if history.revealed[-answers] != self._state.revelations:
            return "hidden information has come out since (a card flipped, drawn or examined, or dice rolled)"
        return ""

    def undo(self) -> None:
        """Take back the last answer: the game is as it was when that decision was asked. Where it can't be
        (`why_not_undo`), IllegalAction.

            >>> game = new_game("The Godless Ones", ["Harsk", "Kyra"], seed=7)
            >>> before = game.view("Harsk")
            >>> game.apply(game.legal_actions()[-1])    # Harsk offers Kyra a trade before the scenario
            >>> game.can_undo()
            True
            >>> game.undo()
            >>> game.view("Harsk") == before
            True
            >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
            >>> game.apply(game.legal_actions()[0])     # where Kyra starts; then her first turn begins
            >>> game.why_not_undo()
            'the last answer was given in an earlier turn'
        """
        reason = self.why_not_undo()
        if reason:
            raise IllegalAction(f"can't undo: {reason}")
        self._keep()
        history = self._history
        for kept in (history.answers, history.actions, history.players, history.revealed):
            kept.pop()
        self._start(history)

    def to_record(self) -> dict[str, Any]:
        """The game as JSON-serializable data: its setup, its answers as action ids, a digest of the state at
        each turn start and, once over, its outcome. `load_game` makes the same game again from it.

            >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
            >>> for _ in range(10):
            ...     game.apply(game.legal_actions()[0])
            >>> record = game.to_record()
            >>> record["scenario"], record["characters"], record["seed"], len(record["actions"])
            ('The Godless Ones', ['Kyra'], 1, 10)
            >>> again = load_game(record)
            >>> again.actions == game.actions and again.log == game.log and again.view("Kyra") == game.view("Kyra")
            True
        """
        self._keep()
        return record_of(self._setup, self._history.actions, self._history.digests, self.outcome)

    def table(self) -> dict[str, Any]:
        """The position as a table file's data (`pacg.tables`, docs/table-files.md), as FEN writes a chess board:
        `new_game(table=game.table())` shows every seat the same view and offers the same actions, and goes on
        alike for the same answers until chance decides (a shuffle, a roll, a random draw: the new game's generator
        starts afresh from the game's seed). It carries the campaign (cards removed, boons redeemed, feats, roles,
        mythic paths) and the game's options (open hands, every play window opened, the custom cards folder).

        A table is a position between two turns: it is written only while the game is at a turn's start, before
        the turn's first answer (the position then is the one the game keeps for the turn, `engine.snapshot`);
        otherwise, during setup and once the scenario has ended, a ValueError says why not. Write it out with
        `json.dump` or `yaml.safe_dump(..., sort_keys=False)`.

            >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
            >>> while game.turn_starts == [] or game.turn_starts[-1] != len(game.actions):   # to a turn's start
            ...     game.apply(game.legal_actions()[0])
            >>> again = new_game(table=game.table())
            >>> again.view("Kyra")["characters"] == game.view("Kyra")["characters"]
            True
        """
        from pacg.tables import table_of

        reason = self._why_not_table()
        if reason:
            raise ValueError(f"no table can be written now: {reason}")
        latest = self._history.latest
        assert latest is not None
        setup = self._setup
        return table_of(restore(latest.snapshot, self._library), seed=setup.seed, open_hands=setup.open_hands,
                        ask_always=setup.ask_always, cards=setup.cards).data()

    def cards_held(self) -> dict[str, list[str]]:
        """Every card each character holds, by name: their deck, hand, discard pile, buried and displayed cards,
        the dead's too (DEATH-01 buried them); what a campaign rebuilds the decks from once the scenario is over
        (END-05, REB-01, DEATH-04)."""
        zones = self._state.zones
        return {character.name: [card.name for pile in (character.deck, character.hand, character.discard_pile,
                                                         character.buried, character.displayed)
                                 for card in zones.cards(pile)]
                for character in self._state.characters}

    def removed_from_game(self) -> list[str]:
        """The cards removed from the game, earlier in the Adventure Path or in this game (a banished cohort,
        COH-01): they stay out of the box for the rest of the campaign."""
        return sorted(card.name for card in self._state.zones.cards(REMOVED))

    def _why_not_table(self) -> str:
        """Why the game is not at a turn's start, where a table is written (`table`); "" when it is."""
        if self._imagined:
            return "this is a look-ahead's copy of the game"
        if self.over:
            return "the game is over"
        self._keep()
        history = self._history
        if history.latest is None:
            return "the scenario is being set up (a table holds a position between two turns)"
        if self._state.result is not None:
            return "the scenario has ended: its reward is being given"
        given = len(history.answers) - history.latest.answers
        if given:
            return (f"{given} answer{'s have' if given > 1 else ' has'} been given since the turn began (a table "
                    "holds the position at a turn's start, before its first answer)")
        return ""

    # --- what a seat may know -------------------------------------------------------------------------------

    def view(self, seat: str) -> SeatViewDict:
        """Plain, JSON-serializable data of exactly what the player of `seat` may know now, and the decision if
        it is theirs (DESIGN.md 5); its parts' types are in `pacg.views`.

            >>> game = new_game("The Godless Ones", ["Harsk", "Kyra"], seed=7)
            >>> view = game.view("Kyra")
            >>> view["seat"], view["waiting_for"], view["decision"]    # the decision is Harsk's, not in Kyra's view
            ('Kyra', 'Harsk', None)
            >>> [character["name"] for character in view["characters"]]
            ['Harsk', 'Kyra']
            >>> import json
            >>> json.loads(json.dumps(view)) == view
            True
        """
        return worked_out(self.view_parts(seat))

    def view_parts(self, seat: str | None) -> ViewParts:
        """The parts of `view(seat)` (or a spectator's, for None), each worked out when called (`SeatView` reads
        only those asked for)."""
        if seat is not None:
            self._at_table(seat)
        return ViewParts(
            **view_parts(self._state, seat, self._setup.open_hands),
            decision=lambda: (decision.to_json() if (decision := self.decision) is not None
                              and decision.player == seat else None),
            waiting_for=lambda: decision.player if (decision := self.decision) is not None else None,
            outcome=lambda: self.outcome,
            undo=lambda: {"possible": not (why_not := self.why_not_undo()), "why_not": why_not})

    def _at_table(self, seat: str) -> None:
        """A seat that is not at this table is an error."""
        if seat not in self._seats:
            raise ValueError(f"no seat {seat!r} at this table (seats: {', '.join(self.seats())})")

    def agent_view(self, seat: str) -> SeatView:
        """What an agent is handed for `seat`: its view, read part by part as the agent looks, and a way to imagine
        the game as it could be (`determinized`), never the game itself."""
        self._at_table(seat)
        return SeatView(self, seat)

    def determinized(self, seat: str, seed: int) -> Game:
        """A copy for looking ahead from `seat`'s point of view: every card that seat has not seen dealt to a
        place it could be (`engine.unseen.deal_anew`: the face-down decks in new orders, the location decks' cards
        of each type and the other players' hands dealt anew) and the generator reseeded, so the copy's future is
        one the player can't tell from the real one, and the same for every table the player can't tell from
        this one. The copy can be played on, but not copied, undone or recorded."""
        self._at_table(seat)
        copy = self.clone()
        state = copy._state
        deal_anew(state, seat, self._setup.open_hands, random.Random(f"determinize {seed}"))
        state.rng.seed(f"determinize {seed}")
        copy._history = _History()
        copy._imagined = True
        return copy


class DivergedError(ValueError):
    """A record whose game goes another way when played again."""


def _how_many(choose: tuple[int, int] | None) -> str:
    """How many options a decision of several options takes, for the message refusing an answer: "none, or 1 to
    3 of ", "2 of ", "1 to 3 of " ("none" only where choosing none is legal); nothing for a decision of one."""
    if choose is None:
        return ""
    fewest, most = choose
    if fewest == most:
        return f"{fewest} of "
    return f"none, or 1 to {most} of " if fewest == 0 else f"{fewest} to {most} of "


def new_game(scenario: str | None = None, characters: list[str] | None = None, seed: int | None = None, *,
             table: Mapping[str, Any] | Path | str | None = None, library: CardLibrary | None = None,
             cards: Path | str | None = None, removed: list[str] | tuple[str, ...] = (),
             redeemed: list[str] | tuple[str, ...] = (), mythic_paths: Mapping[str, str] | None = None,
             open_hands: bool = False, ask_always: bool = False,
             decks: Mapping[str, Sequence[str]] | None = None,
             feats: Mapping[str, Mapping[str, Any] | TableFeats] | None = None) -> Game:
    """A new game of a scenario for a party in turn order (card names in any case; an unknown one is a
    `SetupError` giving the closest names); a seed chosen at random if none is given. `cards` adds
    a folder of custom cards to the box; `removed`, `redeemed` and `mythic_paths` carry an Adventure Path's
    earlier scenarios (COH-01, RED-01, MYTH-01), and so do `decks` and `feats`, by character: the card names of a
    deck built before, instead of the suggested deck (SETUP-01, SETUP-02, REB-01), and the feat boxes checked, in a
    table file's format (`pacg.tables.TableFeats`: skills, hand_size, cards, proficiencies, powers, role; FEAT-01,
    FEAT-02, ROLE-01). A deck must meet the Cards List with its card feats, its cards in the box; feats are checked
    as a table file's are (`engine.feats`). `open_hands` lets every seat see every hand; `ask_always` opens every
    play window, even for plays that can't matter (`engine.questions`). Or a game from the
    position of a table file (a path, or its data: `pacg.tables`; `Game.table()` writes one), which names the
    scenario, the characters and what the Adventure Path brought (cards removed, boons redeemed, mythic paths):
    those are refused here, as the table's alone. Its seed and custom cards folder, unless given here; open hands
    and every play window opened if either the table or new_game says so (`pacg.tables.TableError` says what is
    wrong with a bad table).

        >>> game = new_game("the godless ones", ["harsk", "KYRA"], seed=7)
        >>> game.setup.scenario, game.seats(), game.setup.seed
        ('The Godless Ones', ['Harsk', 'Kyra'], 7)
        >>> new_game("The Godless Ones", ["Kira"])
        Traceback (most recent call last):
        ...
        pacg.engine.setup.SetupError: unknown character 'Kira' (did you mean: Kyra?)
    """
    folder = str(Path(cards).resolve()) if cards is not None else None
    if table is not None:
        given = [name for name, value in (("scenario", scenario), ("characters", characters), ("removed", removed),
                                          ("redeemed", redeemed), ("mythic_paths", mythic_paths), ("decks", decks),
                                          ("feats", feats)) if value]
        if given:
            raise ValueError(f"a table names the scenario, the characters and what the Adventure Path brought "
                             f"(its fields removed, redeemed and each character's deck, feats and mythic_path): "
                             f"give new_game the "
                             f"table without {', '.join(given)}")
        return _table_game(table, seed, library, folder, open_hands, ask_always)
    chosen = library if library is not None else library_for(folder)
    if scenario is None or characters is None:
        raise TypeError("new_game needs a scenario and characters, or a table")
    checked = {(owner := named(chosen, name, CardType.CHARACTER)): _read_feats(given, f"{owner}'s feats").feats()
               for name, given in (feats or {}).items()}
    names = setup_names(chosen, scenario, characters, mythic_paths, redeemed, removed, decks, checked)  # in any case
    setup = Setup(names.scenario, tuple(names.characters), seed if seed is not None else random.randrange(2**31),
                  folder, tuple(names.removed), tuple(names.redeemed), tuple(sorted(names.mythic_paths.items())),
                  open_hands, ask_always=ask_always,
                  decks=tuple(sorted((name, tuple(cards)) for name, cards in names.decks.items())),
                  feats=tuple(sorted((name, feats_json(one)) for name, one in names.feats.items())))
    return Game(chosen, setup)


def _read_feats(given: Mapping[str, Any] | TableFeats, where: str) -> TableFeats:
    """A character's feats in a table file's format, its fields checked (`tables.read_feats`): a SetupError
    naming them."""
    from pacg.tables import TableError, read_feats

    try:
        return read_feats(given, where)
    except TableError as error:
        raise SetupError(str(error), "feats") from None


def feats_json(feats: Feats) -> str:
    """A character's feats as canonical JSON in a table file's format (`TableFeats`): what `Setup.feats` and a
    record keep."""
    from pacg.tables import TableFeats, feats_data

    return TableFeats.model_validate(feats_data(feats) or {}).canonical()


@cache
def _feats_of(text: str) -> Feats:
    """The feats a setup keeps as JSON (`feats_json`), read once (feats are shared, never changed: `snapshot`)."""
    return _read_feats(json.loads(text), "feats").feats()


def _table_game(source: Mapping[str, Any] | Path | str, seed: int | None, library: CardLibrary | None,
                folder: str | None, open_hands: bool, ask_always: bool) -> Game:
    """A game from a table's position: the seed and the custom cards folder given, else the table's; its options
    on if given or the table's say so."""
    from pacg.tables import custom_cards, read_table

    folder = folder if folder is not None else custom_cards(source)
    chosen = library if library is not None else library_for(folder)
    table = read_table(source, chosen)
    seed = seed if seed is not None else table.seed if table.seed is not None else random.randrange(2**31)
    setup = Setup(table.scenario, tuple(character.name for character in table.characters), seed, folder,
                  open_hands=open_hands or table.open_hands, table=table.canonical(),
                  ask_always=ask_always or table.ask_always)
    return Game(chosen, setup, table=table)


def load_game(record: Mapping[str, Any] | str | Path | RecordData, *, library: CardLibrary | None = None) -> Game:
    """The game a record describes (a dict from `Game.to_record`, a record file, or a record already read with
    `record.read_record`), played again to where the record stops; `pacg.record.RecordError` says what is wrong
    with a bad one.

        >>> game = new_game("The Godless Ones", ["Kyra"], seed=1)
        >>> game.apply(game.legal_actions()[0])
        >>> load_game(game.to_record()).actions == game.actions
        True
        >>> load_game({**game.to_record(), "actions": ["fly-away"]})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pacg.record.RecordError: the record: actions[0]: 'fly-away' is not an action of Kyra's start decision ...
    """
    from pacg.tables import TableError

    data = record if isinstance(record, RecordData) else read_record(record)
    setup = data.setup
    chosen = library if library is not None else library_for(setup.cards)
    if setup.box == VERSION_3_BOX:
        chosen = box_of_version_3(chosen)
    try:  # a game from a table starts a turn at once: its first digest is checked here
        game = Game(chosen, setup, _History(keeping=True), expected=data.digests)
    except (TableError, DivergedError) as error:
        raise RecordError(f"{data.source}: {error}") from None
    except SetupError as error:
        if error.field is None:
            raise
        raise RecordError(f"{data.source}: field {error.field!r}: {error}") from None
    return _replay_into(game, data)


def _replay_into(game: Game, data: RecordData) -> Game:
    """Play a record's answers on the game made from its setup; RecordError where they don't fit, or when the
    game they play ends otherwise than the record says. A version 3 record's answers are its options' labels
    (`record_v3`): each is given as the action id of today of the option it names."""
    try:
        for number, answer in enumerate(data.actions):
            decision = game.decision
            if decision is None:
                raise RecordError(f"{data.source}: the game ended after {number} of {len(data.actions)} answers")
            try:
                game.apply(answer if data.version == VERSION else _converted(game, answer, data.version))
            except IllegalAction as error:
                raise RecordError(f"{data.source}: actions[{number}]: {error}") from None
    except DivergedError as error:
        raise RecordError(f"{data.source}: {error}") from None
    check_outcome(data, game.outcome)
    return game


def _converted(game: Game, answer: str, version: int) -> str:
    """The action id of today of an answer of an older record (`CONVERTED`) to the game's decision; IllegalAction
    naming the record's version when it answers none of its options."""
    assert version == 3, version  # the one version converted
    action = answer_now(game, answer)
    if action is None:
        decision = game.decision
        assert decision is not None
        raise IllegalAction(f"{answer!r} is no option of {decision.player}'s {decision.kind} decision as version "
                            f"{version} of the record format named them (by their labels)")
    return action


@cache
def library_for(cards: str | None) -> CardLibrary:
    """The built-in card library, with a folder of custom cards added to the box if one is named; read once per
    process (CardFileError names what is wrong with a card file)."""
    from pacg.cards.loader import DEFAULT_CARD_FOLDER, load_library  # not on import: `pacg play` checks --log first

    if cards is None:
        return load_library()
    folder = Path(cards)
    if not folder.is_dir():
        raise RecordError(f"the game was played with the custom cards in {folder}, which is not a folder here")
    return load_library(DEFAULT_CARD_FOLDER, folder)


class Agent(Protocol):
    """A player: given its seat's view and its decision (never the live game), the action id it takes. It may
    raise `UndoRequested` instead, when its view says an undo is possible."""

    def act(self, view: Mapping[str, Any], decision: Decision) -> str: ...


class UndoRequested(Exception):
    """An agent asks to take back the last answer (a person at the table changed their mind)."""


class SeatView(Mapping[str, Any]):
    """A seat's view (`Game.view`), each part worked out only when the agent first reads it (an agent that never
    looks costs nothing; one that reads the table doesn't pay for the log). A player who looks ahead may also
    `imagine` the game: a copy with every card the seat hasn't seen dealt anew (`Game.determinized`), never the
    game itself."""

    __slots__ = ("_game", "_seat", "_parts_made", "_data")

    def __init__(self, game: Game, seat: str) -> None:
        self._game = game  # read only through the view's parts and `imagine`: an agent is never handed it
        self._seat = seat
        self._parts_made: Mapping[str, Callable[[], object]] | None = None  # made when first read: most agents never
        self._data: dict[str, Any] = {}  # the parts read so far: each is worked out once, however often it is read

    @property
    def _parts(self) -> Mapping[str, Callable[[], object]]:
        if self._parts_made is None:
            self._parts_made = part_makers(self._game.view_parts(self._seat))
        return self._parts_made

    def __getitem__(self, key: str) -> Any:
        data = self._data
        if key not in data:
            data[key] = self._parts[key]()
        return data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)

    def imagine(self, seed: int) -> Game:
        """The game as it could be, for all the seat knows: the same for the same seed and the same knowledge."""
        return self._game.determinized(self._seat, seed)


def play(game: Game, agents: Agent | Mapping[str, Agent], on_answer: Callable[[Game], None] | None = None) -> None:
    """Play a game to its end: each decision goes to its seat's agent (or the one agent for every seat) with
    that seat's view; `on_answer` is told after every answer and every undo (to save the game, to show it)."""
    by_seat: Mapping[str, Agent] | None = agents if isinstance(agents, Mapping) else None
    one: Agent | None = agents if not isinstance(agents, Mapping) else None
    while (decision := game.decision) is not None:
        seat = decision.player
        agent = by_seat[seat] if by_seat is not None else one
        assert agent is not None
        try:
            game.apply(agent.act(game.agent_view(seat), decision))
        except UndoRequested:
            game.undo()
        if on_answer is not None:
            on_answer(game)


__all__ = ["Agent", "DivergedError", "Game", "IllegalAction", "SeatView", "Setup", "UndoRequested", "load_game",
           "new_game", "play"]
