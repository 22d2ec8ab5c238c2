"""Load test of the web server (issue 14): many games played at once over WebSocket by scripted clients, the time
from each answer to the next view, and a check that nothing is lost or mixed between games.

Run with ``python3 benchmarks/web_load.py [--games 50] [--actions 300] [--seconds 120] [--think 0.5]
[--db URL] [--seed 1]``.

It starts `python -m pacg serve` in a subprocess on a free loopback port, with no pause between AI answers, its
games in a new SQLite file (or in the database `--db` names: a PostgreSQL URL). It makes N games of The Godless
Ones, two characters each (drawn with the seed), both seats human, and gives every seat a client of its own. Each
client connects over WebSocket and answers its own decisions over the socket with {"action", "version"}: one of
the decision's options at random (its own seeded generator), or for a decision of several options a legal set of
them, after a think time (--think seconds, each time between half and one and a half of it). A client stops when
its game ends, when its game has had --actions answers or when --seconds have passed; answers sent by then are
waited for.

Measured: for every answer, the time from sending it to the client's next view of a higher version. Printed:
their count, p50, p95, p99 and max in ms, and answers per second. Beside them, in the same run and after the
load, the reference: each game's answers given again in this process to a Game (`Game.apply` and the seat's
`view`, no server), so the figures show what the server adds.

Checked (anything wrong is printed, and the exit status is 1): every message a client gets is a view of its own
game for its own seat, with a decision only for that seat, each view of a higher version than the one before, and
no error message (none is expected: a client answers only the newest view, and only its own decision); every
answer sent has its view; at the end each game's version (GET view) is 1 + the number of answers its clients
had accepted, those answers' versions are 1, 2, 3 ..., and each seat's view from the server is what its game's
answers, given again in this process in that order, show that seat. The target: p95 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from statistics import quantiles
from typing import Any

import websockets

import pacg
from pacg.cards.loader import CardLibrary, load_library

CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah"]
SCENARIO = "The Godless Ones"
TARGET_P95_MS = 100.0
START_SECONDS = 60.0  # for the server to answer its first request
GRACE_SECONDS = 30.0  # past --seconds, for the answers sent by then to get their views
WAKE_SECONDS = 0.25  # how often a client with nothing to read looks whether it is done


@dataclass(frozen=True)
class Settings:
    games: int = 50
    actions: int = 300  # answers a game may have, both seats together
    seconds: float = 120.0
    think: float = 0.5
    db: str | None = None  # None: a new SQLite file
    seed: int = 1


@dataclass
class Table:
    """One game as its clients play it: its id and seats' tokens, and the answers given to it."""

    id: str
    seed: int
    characters: list[str]
    tokens: dict[str, str]
    sent: int = 0  # answers sent and not refused: each takes one of the game's --actions
    accepted: dict[int, tuple[str, str]] = field(default_factory=dict)  # version answered: (seat, action)
    over: bool = False


@dataclass
class Report:
    settings: Settings
    where: str  # the database, in words
    tables: list[Table]
    latencies: list[float] = field(default_factory=list)  # seconds, answer to next view
    reference: list[float] = field(default_factory=list)  # seconds, Game.apply + view in this process
    problems: list[str] = field(default_factory=list)  # what was lost or mixed
    seconds: float = 0.0  # the play's time, from the first connection to the last client done

    @property
    def answers(self) -> int:
        return sum(len(table.accepted) for table in self.tables)


class Client:
    """One seat's scripted player on its own WebSocket."""

    def __init__(self, table: Table, seat: str, settings: Settings, report: Report, stop_at: float) -> None:
        self.table, self.seat, self.settings, self.report = table, seat, settings, report
        self.stop_at = stop_at  # no answer sent after this (time.monotonic)
        self.random = random.Random(f"{settings.seed} {table.seed} {seat}")  # the same answers every run
        self.seen = 0  # the version of the newest view
        self.decision: dict[str, Any] | None = None  # the seat's decision in the newest view
        self.pending: tuple[int, float, str] | None = None  # an answer sent: its version, when, the action

    async def play(self, base: str) -> None:
        url = f"ws://{base}/api/games/{self.table.id}/ws?token={self.table.tokens[self.seat]}"
        give_up = self.stop_at + GRACE_SECONDS
        async with websockets.connect(url, max_size=None, open_timeout=30) as connection:
            while not self.done():
                if time.monotonic() > give_up:
                    self.problem(f"still waiting at the end (seen version {self.seen}, "
                                 f"{'an answer' if self.pending else 'no answer'} waiting for its view)")
                    return
                try:
                    text = await asyncio.wait_for(connection.recv(), WAKE_SECONDS)
                except TimeoutError:
                    continue
                self.take(json.loads(text))
                if self.may_answer():
                    await asyncio.sleep(self.settings.think * self.random.uniform(0.5, 1.5))
                    await self.answer(connection)

    def done(self) -> bool:
        """Whether the client has nothing more to send or wait for: the game ended, or it had all the answers it
        may have, and the view of every answer sent has come."""
        if self.pending is not None:
            return False
        return self.table.over or (not self.may_send() and self.seen >= 1 + self.table.sent)

    def may_send(self) -> bool:
        return self.table.sent < self.settings.actions and time.monotonic() < self.stop_at

    def may_answer(self) -> bool:
        return self.pending is None and self.decision is not None and not self.table.over and self.may_send()

    def take(self, message: dict[str, Any]) -> None:
        """A message from the server: checked, and an answer's view timed."""
        if message.get("type") == "error":
            self.problem(f"an error message: {message.get('status')} {message.get('detail')}")
            if self.pending is not None:
                self.table.sent -= 1
                self.pending = None
            return
        if not self.is_own_view(message):
            return
        version = int(message["version"])
        self.seen = version
        self.decision = message["view"]["decision"]
        if message["view"]["waiting_for"] is None:
            self.table.over = True
        if self.pending is not None and version > self.pending[0]:
            answered, sent_at, action = self.pending
            self.report.latencies.append(time.perf_counter() - sent_at)
            self.table.accepted[answered] = (self.seat, action)
            self.pending = None

    def is_own_view(self, message: dict[str, Any]) -> bool:
        """Whether the message is a view of this client's game and seat, newer than the last one; a problem if not."""
        checks = [
            (message.get("type") == "view", f"a message of type {message.get('type')!r}"),
            (message.get("game") == self.table.id, f"a view of another game, {message.get('game')!r}"),
            (message.get("seat") == self.seat and message.get("view", {}).get("seat") == self.seat,
             f"a view for another seat, {message.get('seat')!r}"),
            (isinstance(message.get("version"), int) and message["version"] > self.seen,
             f"version {message.get('version')} after version {self.seen}"),
            ((message.get("view", {}).get("decision") or {}).get("player", self.seat) == self.seat,
             "another seat's decision"),
        ]
        wrong = [what for right, what in checks if not right]
        for what in wrong:
            self.problem(what)
        return not wrong

    async def answer(self, connection: websockets.ClientConnection) -> None:
        assert self.decision is not None
        action = self.choose(self.decision)
        self.table.sent += 1
        self.pending = (self.seen, time.perf_counter(), action)
        await connection.send(json.dumps({"action": action, "version": self.seen}))

    def choose(self, decision: dict[str, Any]) -> str:
        """One of the decision's options at random, or for a decision of several options a legal set of them."""
        ids = [option["id"] for option in decision["options"]]
        if "choose" not in decision:
            return str(self.random.choice(ids))
        fewest, most = decision["choose"]
        chosen = sorted(self.random.sample(range(len(ids)), self.random.randint(fewest, min(most, len(ids)))))
        return ",".join(ids[index] for index in chosen) or "none"

    def problem(self, what: str) -> None:
        self.report.problems.append(f"game {self.table.id}, {self.seat}: {what}")


# --- the server -------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(db: str, folder: Path) -> Iterator[str]:
    """`pacg serve` on a free loopback port, the same pacg as this script's, until the block ends; its address."""
    port = free_port()
    log_path = folder / "server.log"
    source = str(Path(pacg.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))}
    with log_path.open("w") as log:
        # the load is one client making every game, with AI seats answering as fast as they can: past the host's
        # limits, which are for strangers on the network, not for this measure
        unlimited = ["--games-per-minute", "1000000", "--ai-games", "1000000", "--ai-answers-per-second", "1000000"]
        server = subprocess.Popen([sys.executable, "-m", "pacg", "serve", "--port", str(port), "--db", db,
                                   "--ai-pause", "0", *unlimited], stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"127.0.0.1:{port}"
    try:
        wait_until_serving(base, server, log_path)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_until_serving(base: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"pacg serve stopped (exit {server.returncode}): {log.read_text().strip()}")
        try:
            request(base, "GET", "/api/setup")
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    raise RuntimeError(f"pacg serve did not answer within {START_SECONDS:g} s")


def request(base: str, method: str, path: str, body: object = None, token: str | None = None) -> Any:
    """An HTTP request to the server; its JSON answer."""
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    data = json.dumps(body).encode() if body is not None else None
    made = urllib.request.Request(f"http://{base}{path}", data=data, method=method, headers=headers)
    with urllib.request.urlopen(made, timeout=30) as answer:
        return json.loads(answer.read())


# --- the run ----------------------------------------------------------------------------------------------


def run(settings: Settings) -> Report:
    """The whole load test: the server started, the games made and played, checked and timed in-process."""
    with tempfile.TemporaryDirectory(prefix="pacg-web-load-") as name:
        db = settings.db or f"sqlite:///{Path(name) / 'games.sqlite3'}"
        with serving(db, Path(name)) as base:
            report = Report(settings, "SQLite (a new file)" if settings.db is None else db, make_tables(base, settings))
            asyncio.run(play_all(base, report))
            views = final_views(base, report)
    give_again(report, views, load_library())
    return report


def make_tables(base: str, settings: Settings) -> list[Table]:
    draw = random.Random(f"web load {settings.seed}")
    tables = []
    for number in range(settings.games):
        characters, seed = draw.sample(CHARACTERS, 2), settings.seed * 100_000 + number
        made = request(base, "POST", "/api/games", {"scenario": SCENARIO, "characters": characters, "seed": seed})
        tables.append(Table(made["id"], seed, characters, made["seats"]))
    return tables


async def play_all(base: str, report: Report) -> None:
    started = time.monotonic()
    stop_at = started + report.settings.seconds
    clients = [Client(table, seat, report.settings, report, stop_at)
               for table in report.tables for seat in table.tokens]
    await asyncio.gather(*(client.play(base) for client in clients))
    report.seconds = time.monotonic() - started


def final_views(base: str, report: Report) -> dict[tuple[str, str], dict[str, Any]]:
    """Each seat's view at the end, by game and seat, each game's checked: its version is 1 + its accepted answers,
    which were given at versions 1, 2, 3 ..."""
    views = {}
    for table in report.tables:
        answered = sorted(table.accepted)
        if answered != list(range(1, len(answered) + 1)):
            report.problems.append(f"game {table.id}: answers accepted at versions {answered}")
        for seat, token in table.tokens.items():
            view = request(base, "GET", f"/api/games/{table.id}/view", token=token)
            if view["version"] != 1 + len(answered):
                report.problems.append(f"game {table.id}: version {view['version']} at the end, after "
                                       f"{len(answered)} answers")
            views[table.id, seat] = view["view"]
    return views


def give_again(report: Report, views: dict[tuple[str, str], dict[str, Any]], library: CardLibrary) -> None:
    """The reference: each game's accepted answers given again, in order, to a Game in this process, timing
    `apply` and the answering seat's `view`; and each seat's final view compared with the server's."""
    for table in report.tables:
        game = pacg.new_game(SCENARIO, table.characters, table.seed, library=library)
        for _, (seat, action) in sorted(table.accepted.items()):
            started = time.perf_counter()
            game.apply(action)
            game.view(seat)
            report.reference.append(time.perf_counter() - started)
        for seat in table.tokens:
            # but for "undo": the server says whether the seat may take back its own answer, the Game the last one's
            if _as_json({**game.view(seat), "undo": None}) != _as_json({**views[table.id, seat], "undo": None}):
                report.problems.append(f"game {table.id}, {seat}: the server's view is not what its answers show")


def _as_json(data: object) -> str:
    return json.dumps(data, sort_keys=True)


# --- the report -------------------------------------------------------------------------------------------


def milliseconds(seconds: Sequence[float]) -> str:
    if len(seconds) < 2:
        return f"count {len(seconds)}"
    cuts = quantiles([each * 1000 for each in seconds], n=100, method="inclusive")
    return (f"count {len(seconds)}, p50 {cuts[49]:.1f}, p95 {cuts[94]:.1f}, p99 {cuts[98]:.1f}, "
            f"max {max(seconds) * 1000:.1f}")


def p95_ms(seconds: Sequence[float]) -> float:
    return quantiles([each * 1000 for each in seconds], n=100, method="inclusive")[94] if len(seconds) > 1 else 0.0


def print_report(report: Report) -> None:
    settings, tables = report.settings, report.tables
    over = sum(table.over for table in tables)
    bound = sum(not table.over and len(table.accepted) >= settings.actions for table in tables)
    print(f"{settings.games} two-character games of {SCENARIO}, both seats scripted clients over WebSocket "
          f"(think {settings.think:g} s), games in {report.where}")
    print(f"  {report.answers} answers in {report.seconds:.1f} s: {report.answers / report.seconds:.1f} answers/s; "
          f"games ended {over}, stopped at {settings.actions} answers {bound}, "
          f"stopped by the {settings.seconds:g} s bound {len(tables) - over - bound}")
    print(f"  answer to next view, ms:             {milliseconds(report.latencies)}")
    print(f"  in-process Game.apply + view, ms:    {milliseconds(report.reference)}")
    print(f"  lost or mixed: {len(report.problems) or 'none'}")
    for problem in report.problems[:20]:
        print(f"    {problem}")
    verdict = "PASS" if p95_ms(report.latencies) < TARGET_P95_MS else "FAIL"
    print(f"  target p95 under {TARGET_P95_MS:g} ms: {verdict}")


def main(argv: Sequence[str] | None = None) -> int:
    defaults = Settings()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=defaults.games, help="games played at once")
    parser.add_argument("--actions", type=int, default=defaults.actions, help="answers a game may have at most")
    parser.add_argument("--seconds", type=float, default=defaults.seconds, help="no answer sent after this")
    parser.add_argument("--think", type=float, default=defaults.think, help="a client's mean seconds to answer")
    parser.add_argument("--db", default=None, help="the server's database [default: a new SQLite file]")
    parser.add_argument("--seed", type=int, default=defaults.seed)
    options = parser.parse_args(argv)
    report = run(Settings(options.games, options.actions, options.seconds, options.think, options.db, options.seed))
    print_report(report)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
