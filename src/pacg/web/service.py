"""The games a web server runs: made, shown to a seat, answered, undone and played on by AI seats (issue 14).

The store (`web.store`) holds every game; a server process keeps the games it has lately used live in memory
(`_Live`: the Game object and the version it is at) and checks the stored version before each use, so a game
changed by another server process on the same database, or stored before a restart, is loaded again from its
record (`pacg.load_game`, which replays it and checks its turn digests) and carries on exactly. Every change is
made under the game's lock and stored as a compare-and-set on its version: the answer that loses a race gets a
`Conflict` (HTTP 409) and the game is as the winner left it.

AI seats are played here, on a worker thread, one answer at a time, each stored and told to the listeners (the
WebSocket connections) like a person's, so the table sees the AI play; a request never waits for an AI. A game
left at an AI seat's decision (a server stopped mid-turn) is taken up again by the first request that reads it.

The host's `Limits` bound what clients may make the server do: games with AI seats live at once (`TooMany`, HTTP
429, past it), AI answers a second in a game, and how long a game no one uses stays in memory. A game is forgotten
(dropped from memory; it stays in the store) once no WebSocket watches it and it is over or unused for
`idle_seconds`; its AI players stop, and the next request that reads it loads it again and has them play on.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pacg.cards.loader import CardLibrary
from pacg.cards.names import UnknownName
from pacg.engine.setup import SetupError, mythic_paths_named
from pacg.game import Game, IllegalAction, load_game, new_game
from pacg.record import RecordError, read_record
from pacg.seats import AISeat, agent_named, ai_seats, answers_to_person, record_with_ai, undo_to_person
from pacg.views import UndoView, worked_out
from pacg.web.limits import Limits
from pacg.web.store import GameStore, StoredGame, token_hash

LIVE_GAMES = 256  # games a process keeps in memory; one dropped is loaded again from the store when next used
AI_WORKERS = 2
SWEEP_SECONDS = 30.0  # how often, at most, the games no one uses are looked for (more often for a short idle time)
Listener = Callable[[int], None]  # told a game's new version after each change
_log = logging.getLogger(__name__)


class WebError(Exception):
    """A request that can't be served, with the HTTP status that says why."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(WebError):
    status = 404


class Unauthorized(WebError):
    status = 401


class Conflict(WebError):
    status = 409


class Unprocessable(WebError):
    status = 422


class TooMany(WebError):
    """A limit of the host's reached: try again in `retry_after` seconds (a whole number, at least 1)."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


@dataclass
class _Live:
    """A game in this process's memory: the Game object at `version`, its AI seats ({seat: agent}), the lock every
    use of it holds, whether an AI worker is playing it, and when a person last used it (`time.monotonic`)."""

    game: Game
    version: int
    ai: dict[str, str]
    lock: threading.RLock = field(default_factory=threading.RLock)
    driving: bool = False
    used: float = field(default_factory=time.monotonic)

    def playing_ai(self) -> bool:
        """Whether it has AI seats and isn't over: what `Limits.ai_games` counts."""
        return bool(self.ai) and not self.game.over


@dataclass(frozen=True)
class NewGame:
    """What a game is made from: the scenario, the party in turn order, the seed (chosen at random when None),
    the seats AI players play and with which agent, whether the players show each other their hands, and the
    mythic path each character who has one holds (MYTH-01)."""

    scenario: str
    characters: list[str]
    seed: int | None = None
    ai: list[str] = field(default_factory=list)
    agent: str | None = None
    open_hands: bool = False
    mythic_paths: dict[str, str] = field(default_factory=dict)  # by character, names in any case


class GameService:
    """The games of one server process over one store; safe to use from many threads."""

    def __init__(self, store: GameStore, library: CardLibrary, ai_pause: float = 0.0, limits: Limits | None = None
                 ) -> None:
        self.store = store
        self.library = library
        self.ai_pause = ai_pause  # seconds between two AI answers, for the table to follow them
        self.limits = limits or Limits()
        self._live: OrderedDict[str, _Live] = OrderedDict()
        self._live_lock = threading.Lock()
        self._ai_making = 0  # games with AI seats being made: counted against `Limits.ai_games` already
        self._listeners: dict[str, set[Listener]] = {}
        self._workers = ThreadPoolExecutor(AI_WORKERS, thread_name_prefix="pacg-ai")
        self._closing = threading.Event()
        if self.limits.idle_seconds is not None:
            threading.Thread(target=self._sweep, args=(self.limits.idle_seconds,), name="pacg-sweep",
                             daemon=True).start()

    def close(self) -> None:
        """Stop the AI workers (an AI answer under way is finished and stored first) and the sweep."""
        self._closing.set()
        self._workers.shutdown(wait=True, cancel_futures=True)

    # --- making a game and knowing who asks -----------------------------------------------------------------

    def create(self, request: NewGame) -> tuple[str, dict[str, str]]:
        """Make and store a game; its id and a new token for each human seat. TooMany for a game with AI seats
        when `Limits.ai_games` of them are live."""
        try:
            mythic_paths = mythic_paths_named(self.library, request.characters, request.mythic_paths)
        except SetupError as error:
            raise Unprocessable(f"mythic_paths: {error}") from None
        try:
            game = new_game(request.scenario, request.characters, request.seed, library=self.library,
                            open_hands=request.open_hands, mythic_paths=mythic_paths)
            agent = agent_named(request.agent)
            ai = ai_seats(request.ai, game.seats(), agent)
        except (SetupError, UnknownName, ValueError) as error:
            raise Unprocessable(str(error)) from None
        tokens = {seat: secrets.token_urlsafe(24) for seat in game.seats() if seat not in ai}
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        return self.start(game, ai, lambda game_id, record: self.store.create(game_id, record, hashes)), tokens

    def start(self, game: Game, ai: dict[str, str], put: Callable[[str, dict[str, Any]], None]) -> str:
        """Make a game of this Game object (new, not yet answered) live, with its AI seats ({seat: agent}), stored
        by `put(game_id, record)` (which stores the seats' token hashes too, or raises a WebError for a game that
        can't be stored); its new id. TooMany for a game with AI seats when `Limits.ai_games` of them are live."""
        with self._room_for(bool(ai)):
            game_id = secrets.token_urlsafe(9)
            put(game_id, record_with_ai(game, ai))
            live = _Live(game, 1, ai)
            self._remember(game_id, live)
        self._play_ai(game_id, live)
        return game_id

    @contextmanager
    def _room_for(self, with_ai: bool) -> Iterator[None]:
        """A place among the `Limits.ai_games` for a game with AI seats, held while it is made (then it is live
        and counted as such); TooMany, with the time until a live one may be forgotten, when none is free."""
        most = self.limits.ai_games
        if not with_ai or most is None:
            yield
            return
        with self._live_lock:
            playing = [(game_id, live) for game_id, live in self._live.items() if live.playing_ai()]
            if len(playing) + self._ai_making >= most:
                raise TooMany(f"this server plays at most {most} game{'s' if most != 1 else ''} with AI seats at "
                              "once: try again later, or make a game without AI seats", self._free_in(playing))
            self._ai_making += 1
        try:
            yield
        finally:
            with self._live_lock:
                self._ai_making -= 1

    def _free_in(self, playing: list[tuple[str, _Live]]) -> float:
        """Seconds until the first of these games no one watches may be forgotten for being unused (the idle time
        itself when all are watched, a minute without one)."""
        idle = self.limits.idle_seconds
        if idle is None:
            return 60.0
        now = time.monotonic()
        return min((live.used + idle - now for game_id, live in playing if game_id not in self._listeners),
                   default=idle)

    def seat(self, game_id: str, token: str | None) -> str | None:
        """The seat a token is for in the game (None, a spectator, when no token is given); NotFound for no such
        game, Unauthorized for a token that is none of its seats'."""
        if self.store.version(game_id) is None:
            raise NotFound(f"no game {game_id!r}")
        if token is None:
            return None
        seat = self.store.seat_of(game_id, token_hash(token))
        if seat is None:
            raise Unauthorized(f"that token is no seat's of game {game_id!r}")
        return seat

    # --- what a seat sees -----------------------------------------------------------------------------------

    def version(self, game_id: str) -> int | None:
        return self.store.version(game_id)

    def view(self, game_id: str, seat: str | None) -> dict[str, Any]:
        """What the seat (or a spectator, None) sees now: the game's id and version, who plays which seat, and
        the Game object's view, with the decision when it is the seat's."""
        live = self._current(game_id)
        with live.lock:
            return self._view_of(game_id, live, seat)

    def _view_of(self, game_id: str, live: _Live, seat: str | None) -> dict[str, Any]:
        game = live.game
        parts = game.view_parts(seat)
        parts["undo"] = lambda: _own_undo(game, live.ai, seat)  # instead of the Game's, of anyone's last answer
        view = worked_out(parts)
        return {"game": game_id, "version": live.version, "seat": seat, "scenario": game.setup.scenario,
                "seats": {name: "ai" if name in live.ai else "human" for name in game.seats()}, "view": view}

    def record(self, game_id: str) -> dict[str, Any]:
        """The game's record (`Game.to_record`, with its AI seats), to replay or take up with `pacg play --resume`,
        once the game is over; Conflict before: its seed and answers would tell every face-down card."""
        live = self._current(game_id)
        with live.lock:
            if not live.game.over:
                raise Conflict("a game's record is given once the game is over: before, its seed would tell what is "
                               "face down")
            return record_with_ai(live.game, live.ai)

    # --- changing the game ----------------------------------------------------------------------------------

    def act(self, game_id: str, seat: str | None, action: str, version: int | None = None) -> dict[str, Any]:
        """Answer the game's decision for `seat`, when it is theirs: Conflict when it isn't, when the game is over
        or (with `version`) when it is no longer at that version; Unprocessable for an action that isn't legal.
        The seat's new view."""
        live = self._current(game_id)
        with live.lock:
            self._check_turn(game_id, live, seat, version)
            try:
                live.game.apply(action)
            except IllegalAction as error:
                raise Unprocessable(str(error)) from None
            self._store(game_id, live)
            answer = self._view_of(game_id, live, seat)
        self._changed(game_id, live)
        return answer

    def undo(self, game_id: str, seat: str | None, version: int | None = None) -> dict[str, Any]:
        """Take back the seat's own last answer, with the AI answers given after it, where the rules allow
        (`seats.undo_to_person`); Conflict saying why not otherwise. The seat's new view."""
        seat = _acting(seat)
        live = self._current(game_id)
        with live.lock:
            if version is not None and version != live.version:
                raise Conflict(f"the game has moved on to version {live.version}: undo from the current view")
            why = undo_to_person(live.game, live.ai, seat)
            if why:
                raise Conflict(f"can't undo: {why}")
            self._store(game_id, live)
            answer = self._view_of(game_id, live, seat)
        self._changed(game_id, live)
        return answer

    def _check_turn(self, game_id: str, live: _Live, seat: str | None, version: int | None) -> None:
        decision = live.game.decision
        seat = _acting(seat)
        if version is not None and version != live.version:
            raise Conflict(f"the game has moved on to version {live.version}: answer the current decision")
        if decision is None:
            raise Conflict("the game is over")
        if decision.player != seat:
            raise Conflict(f"it is {decision.player}'s decision, not {seat}'s")

    def _store(self, game_id: str, live: _Live) -> None:
        """Store the changed game as the next version; if another change landed first, the game is loaded again as
        that one left it and the change is refused (Conflict)."""
        if not self.store.replace(game_id, live.version, record_with_ai(live.game, live.ai)):
            self._reload(game_id, live)
            raise Conflict("another answer to this decision came first")
        live.version += 1

    def _changed(self, game_id: str, live: _Live) -> None:
        """Tell the game's listeners its new version, have the AI play on if the decision is an AI seat's, and
        forget the game if it is over and no one watches."""
        self._tell(game_id, live.version)
        self._play_ai(game_id, live)
        self._forget_unused(game_id)

    # --- listeners (WebSocket connections) ------------------------------------------------------------------

    def listen(self, game_id: str, listener: Listener) -> None:
        with self._live_lock:
            self._listeners.setdefault(game_id, set()).add(listener)

    def unlisten(self, game_id: str, listener: Listener) -> None:
        with self._live_lock:
            listeners = self._listeners.get(game_id)
            if listeners is not None:
                listeners.discard(listener)
                if not listeners:
                    del self._listeners[game_id]
        self._forget_unused(game_id)

    def _tell(self, game_id: str, version: int) -> None:
        with self._live_lock:
            listeners = list(self._listeners.get(game_id, ()))
        for listener in listeners:
            listener(version)

    # --- AI seats -------------------------------------------------------------------------------------------

    def _play_ai(self, game_id: str, live: _Live) -> None:
        """Have a worker play the AI seats' decisions, if the decision now is one's and none is at it."""
        with live.lock:
            decision = live.game.decision
            if self._closing.is_set() or live.driving or decision is None or decision.player not in live.ai:
                return
            live.driving = True
        self._submit(game_id, live)

    def _submit(self, game_id: str, live: _Live) -> None:
        try:
            self._workers.submit(self._drive, game_id, live)
        except RuntimeError:  # the workers have shut down: the server is closing
            with live.lock:
                live.driving = False

    def _drive(self, game_id: str, live: _Live) -> None:
        """Answer one AI seat's decision, store it and tell it; then the next one, `_ai_pause()` seconds later (a
        timer, so a pause holds no worker), until a person's turn to answer, the end or the game forgotten."""
        try:
            if not self._answer_for_ai(game_id, live):
                return
            self._tell(game_id, live.version)
            self._forget_unused(game_id)
            if pause := self._ai_pause():
                timer = threading.Timer(pause, self._submit, (game_id, live))
                timer.daemon = True
                timer.start()
            else:
                self._submit(game_id, live)
        except BaseException:
            with live.lock:
                live.driving = False
            _log.exception("the AI players of game %s stopped", game_id)  # a request that reads it starts them again

    def _ai_pause(self) -> float:
        """Seconds from one AI answer to the next in a game: `ai_pause`, or longer to keep to
        `Limits.ai_answers_per_second`."""
        rate = self.limits.ai_answers_per_second
        return max(self.ai_pause, 1 / rate if rate is not None else 0.0)

    def _answer_for_ai(self, game_id: str, live: _Live) -> bool:
        """Answer the decision for its AI seat and store the answer; False, with the worker done, when the decision
        is no AI seat's, the game has been forgotten (the request that loads it again has the AI play on) or the
        server is closing. Ending is decided under the game's lock, so a change that comes to an AI seat's decision
        just after is never left without a worker (`_play_ai`). The AI thinks on a copy of the game, without the
        lock, so the table's views and undos don't wait for a slow one (the search agent); if the game changed
        meanwhile, it thinks again."""
        with live.lock:
            self._refresh(game_id, live)
            decision = live.game.decision
            if (self._closing.is_set() or not self._holds(game_id, live) or decision is None
                    or decision.player not in live.ai):
                live.driving = False
                return False
            seat, version, thinking = decision.player, live.version, live.game.clone()
        action = AISeat(live.ai[seat], seat, thinking).act(thinking.agent_view(seat), decision)
        with live.lock:
            self._refresh(game_id, live)
            if live.version == version:
                live.game.apply(action)
                try:
                    self._store(game_id, live)
                except Conflict:
                    pass  # another server process answered it first: play on from its game
            return True

    # --- live games -----------------------------------------------------------------------------------------

    def _current(self, game_id: str) -> _Live:
        """The game, live and at the stored version (loaded again if another process or an earlier server changed
        it), with its AI seats set to play if it waits for one."""
        with self._live_lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
                live.used = time.monotonic()
        if live is None:
            stored = self._stored(game_id)
            live = self._remember(game_id, _Live(*_game_of(game_id, stored, self.library)))
        else:
            with live.lock:
                self._refresh(game_id, live)
        self._play_ai(game_id, live)
        return live

    def _refresh(self, game_id: str, live: _Live) -> None:
        if self.store.version(game_id) != live.version:
            self._reload(game_id, live)

    def _reload(self, game_id: str, live: _Live) -> None:
        live.game, live.version, live.ai = _game_of(game_id, self._stored(game_id), self.library)

    def _stored(self, game_id: str) -> StoredGame:
        stored = self.store.get(game_id)
        if stored is None:
            raise NotFound(f"no game {game_id!r}")
        return stored

    def _remember(self, game_id: str, live: _Live) -> _Live:
        with self._live_lock:
            kept = self._live.setdefault(game_id, live)
            self._live.move_to_end(game_id)
            while len(self._live) > LIVE_GAMES:
                self._live.popitem(last=False)
        return kept

    def _holds(self, game_id: str, live: _Live) -> bool:
        """Whether this is the game's live copy still (not forgotten, nor replaced by one loaded again)."""
        with self._live_lock:
            return self._live.get(game_id) is live

    # --- forgetting games -----------------------------------------------------------------------------------

    def _sweep(self, idle: float) -> None:
        """Until the service closes: forget the games no one uses, every `SWEEP_SECONDS` (or a quarter of the
        idle time, when that is shorter)."""
        while not self._closing.wait(min(SWEEP_SECONDS, idle / 4)):
            self._forget_unused()

    def _forget_unused(self, *game_ids: str) -> None:
        """Forget the games (every one, when none is named) that no WebSocket watches and that are over or unused
        for `Limits.idle_seconds`. Whether a game is over is one attribute of it: read without its lock."""
        idle = self.limits.idle_seconds
        now = time.monotonic()
        with self._live_lock:
            for game_id in game_ids or list(self._live):
                live = self._live.get(game_id)
                if live is not None and game_id not in self._listeners and (
                        live.game.over or (idle is not None and now - live.used >= idle)):
                    del self._live[game_id]


def _acting(seat: str | None) -> str:
    """The seat that acts; Unauthorized for a spectator."""
    if seat is None:
        raise Unauthorized("a spectator can't act or undo: a seat's token is needed (Authorization: Bearer TOKEN, "
                           "or ?token=TOKEN on the WebSocket)")
    return seat


def _own_undo(game: Game, ai: dict[str, str], seat: str | None) -> UndoView:
    """Whether the seat may take back its own last answer now (`seats.answers_to_person`), and if not, why."""
    why = answers_to_person(game, ai, seat)[1] if seat is not None else "a spectator can't undo"
    return {"possible": not why, "why_not": why}


def _game_of(game_id: str, stored: StoredGame, library: CardLibrary) -> tuple[Game, int, dict[str, str]]:
    """The game a stored record makes again, its version and its AI seats; Conflict (409) naming the game when
    its record no longer plays with these cards (stored by another version of pacg or its cards) or is broken."""
    try:
        data = read_record(stored.record, f"game {game_id}")
        return load_game(data, library=library), stored.version, dict(data.ai_seats)
    except RecordError as error:
        raise Conflict(f"this game can't be played on by this server: {error}") from None
