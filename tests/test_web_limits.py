"""The web server against bad input and too much of it (issue 14): a real `pacg serve` sent numbers JSON can't hold,
bodies and WebSocket messages Python's reader chokes on, binary and oversized frames, each answered with an error
naming what is wrong (never a 500 or a traceback in the log), the server serving the game afterwards; the host's
limits (games a client makes a minute, games with AI seats at once, AI answers a second) refused with 429 and
Retry-After; and the games no one uses forgotten from memory, to be loaded again from the store when used."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pacg.web.app import MOST_FRAME_BYTES, MOST_MESSAGE_BYTES
from pacg.web.limits import Limits, Window
from pacg.web.service import GameService, NewGame
from pacg.web.store import GameStore
from table import library
from web_fixtures import Served

GODLESS = "The Godless Ones"
WAIT_SECONDS = 60.0


def wait_for(condition: Callable[[], bool], seconds: float = WAIT_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.02)


def new_game(served: Served, **fields: Any) -> httpx2.Response:
    return httpx2.post(f"{served.url}/api/games", json={"scenario": GODLESS, "characters": ["Harsk", "Kyra"],
                                                        "seed": 3, **fields})


def made(served: Served, **fields: Any) -> dict[str, Any]:
    response = new_game(served, **fields)
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()
    return game


def view(served: Served, game: dict[str, Any], seat: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {game['seats'][seat]}"} if seat else {}
    response = httpx2.get(f"{served.url}/api/games/{game['id']}/view", headers=headers)
    assert response.status_code == 200, response.text
    seen: dict[str, Any] = response.json()
    return seen


def deciding(served: Served, game: dict[str, Any]) -> str:
    """The human seat whose decision it is, once the AI seats have played to one."""
    wait_for(lambda: view(served, game)["view"]["waiting_for"] in game["seats"])
    seat: str = view(served, game)["view"]["waiting_for"]
    return seat


def no_traceback(served: Served) -> None:
    """Nothing in the server's log since the test began (`game`) or the last look is a traceback."""
    logged = served.new_log()
    assert "Traceback" not in logged, logged


def still_serves(served: Served, game: dict[str, Any]) -> None:
    """The server is up, has logged no traceback, and the game can be answered."""
    no_traceback(served)
    seat = deciding(served, game)
    seen = view(served, game, seat)
    answered = httpx2.post(f"{served.url}/api/games/{game['id']}/actions",
                           headers={"Authorization": f"Bearer {game['seats'][seat]}"},
                           json={"action": seen["view"]["decision"]["options"][0]["id"], "version": seen["version"]})
    assert answered.status_code == 200, answered.text
    assert answered.json()["version"] == seen["version"] + 1


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server for the bad-input tests (they make a game each: more than the default games a minute)."""
    served = Served.start(tmp_path_factory.mktemp("web-limits"), tmp_path_factory.getbasetemp() / "card-cache",
                          "--games-per-minute", "1000")
    yield served
    served.kill()


@pytest.fixture
def game(server: Served) -> dict[str, Any]:
    """A game of the shared server, made when its log so far is read: a test sees only what it made it log."""
    server.new_log()
    return made(server)


# --- numbers and bodies JSON can't hold ---------------------------------------------------------------------

TOO_BIG = ["1e400", "-1e400", "1e40", str(2**63), pytest.param("1" * 5000, id="5000-digits")]  # more than Python reads
NOT_WHOLE = ["true", '"3"', "2.0"]


@pytest.mark.parametrize("number", [*TOO_BIG, *NOT_WHOLE, "-1"])
def test_a_seed_that_isnt_a_64_bit_whole_number_is_422_naming_it(server: Served, game: dict[str, Any],
                                                                  number: str) -> None:
    body = f'{{"scenario": "{GODLESS}", "characters": ["Harsk"], "seed": {number}}}'
    response = httpx2.post(f"{server.url}/api/games", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert ("seed: " if len(number) < 100 else "not JSON: number out of range") in response.json()["detail"]
    still_serves(server, game)


@pytest.mark.parametrize("endpoint", ["actions", "undo"])
@pytest.mark.parametrize("number", [*TOO_BIG, *NOT_WHOLE, "null", "0", "-1"])
def test_a_version_that_isnt_a_64_bit_whole_number_above_0_is_422_naming_it(
        server: Served, game: dict[str, Any], endpoint: str, number: str) -> None:
    """Even with no token: the body is read before the seat is asked for ("null" is no version, and comes to the
    seat: 401)."""
    body = f'{{"action": "x", "version": {number}}}' if endpoint == "actions" else f'{{"version": {number}}}'
    response = httpx2.post(f"{server.url}/api/games/{game['id']}/{endpoint}", content=body,
                           headers={"content-type": "application/json"})
    if number == "null":
        assert response.status_code == 401, response.text
    else:
        assert response.status_code == 422, response.text
        assert ("version: " if len(number) < 100 else "not JSON: number out of range") in response.json()["detail"]
    still_serves(server, game)


@pytest.mark.parametrize(("body", "words"), [
    pytest.param(b"[" * 5000 + b"]" * 5000, "recursion limit exceeded at line 1 column", id="nested-5000-deep"),
    pytest.param(b'{"scenario": NaN}', "expected value at line 1 column 14", id="NaN"),
    pytest.param(b'{"scenario": "\\ud800", "characters": ["Harsk"]}', "at line 1 column", id="lone-surrogate"),
    pytest.param(b'{"scenario": "\xff"}', "invalid unicode code point at line 1 column", id="not-utf-8"),
    pytest.param(b'{"scenario": "The Godless Ones", "characters": ["Harsk"], "colour": 1e400}',
                 "colour: Extra inputs", id="unknown-field-1e400"),
    pytest.param(b'{"scenario": "The Godless Ones", "characters": ["Harsk"], "open_hands": "yes"}', "open_hands: ",
                 id="flag-not-true-or-false"),
])
def test_a_body_pythons_json_reader_chokes_on_is_422_saying_what_and_where(
        server: Served, game: dict[str, Any], body: bytes, words: str) -> None:
    response = httpx2.post(f"{server.url}/api/games", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    still_serves(server, game)


# --- WebSocket messages -------------------------------------------------------------------------------------


def socket_of(served: Served, game: dict[str, Any], seat: str) -> ClientConnection:
    url = f"{served.url.replace('http', 'ws')}/api/games/{game['id']}/ws?token={game['seats'][seat]}"
    return connect(url, max_size=None, open_timeout=10)


def received(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=10))
    return message


@pytest.mark.parametrize(("message", "status", "words"), [
    pytest.param("[" * 1500 + "]" * 1500, 400, "recursion limit exceeded at line 1 column",
                 id="3-kB-nested-array"),  # under the bound
    pytest.param(b'{"undo": true}', 415, "a message is a text frame of JSON, not a binary one", id="binary"),
    pytest.param('{"action": "' + "x" * MOST_MESSAGE_BYTES + '"}', 413,
                 f"a message is at most {MOST_MESSAGE_BYTES} bytes: this one is {MOST_MESSAGE_BYTES + 14}",
                 id="over-4-KiB"),
    pytest.param('{"action": "x", "version": 1e400}', 422, "version: Input should be a valid integer",
                 id="version-1e400"),
    pytest.param('{"undo": true, "version": 1e40}', 422, "version: Input should be a valid integer",
                 id="undo-version-1e40"),
    pytest.param('{"action": "x", "version": ' + "9" * 4000 + "}", 422,
                 "version: Input should be less than or equal to", id="version-4000-digits"),
    pytest.param('{"action": "x", "version": true}', 422, "version: ", id="version-true"),
    pytest.param('{"action": "x", "version": NaN}', 400, "expected value at line 1 column 28", id="version-NaN"),
    pytest.param('{"action": "x", "undo": true}', 422, "an action or an undo", id="action-and-undo"),
    pytest.param('{"action": "x", "colour": 1e400}', 422, "colour: Extra inputs are not permitted",
                 id="unknown-field"),
])
def test_a_bad_websocket_message_gets_an_error_naming_it_and_the_socket_goes_on(
        server: Served, game: dict[str, Any], message: str | bytes, status: int, words: str) -> None:
    seat = deciding(server, game)
    with socket_of(server, game, seat) as socket:
        assert received(socket)["type"] == "view"
        socket.send(message)
        refused = received(socket)
        assert refused["type"] == "error" and refused["status"] == status, refused
        assert words in refused["detail"]
        seen = view(server, game, seat)
        socket.send(json.dumps({"action": seen["view"]["decision"]["options"][0]["id"], "version": seen["version"]}))
        assert received(socket)["version"] == seen["version"] + 1  # the same socket answers the next message
    no_traceback(server)


def test_a_websocket_message_over_the_frame_bound_closes_the_socket_with_1009_saying_so(
        server: Served, game: dict[str, Any]) -> None:
    seat = deciding(server, game)
    with socket_of(server, game, seat) as socket:
        assert received(socket)["type"] == "view"
        socket.send("x" * (MOST_FRAME_BYTES + 1))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert str(MOST_FRAME_BYTES) in closed.value.rcvd.reason
    with socket_of(server, game, seat) as again:
        assert received(again)["type"] == "view"
    still_serves(server, game)


# --- the host's limits --------------------------------------------------------------------------------------


def retry_after(response: httpx2.Response) -> int:
    assert response.status_code == 429, response.text
    return int(response.headers["Retry-After"])


def test_a_client_past_its_games_a_minute_gets_429_with_retry_after(pacg_serve: Callable[..., Served]) -> None:
    served = pacg_serve("--games-per-minute", "2")
    first = made(served)
    assert new_game(served, characters=["Nobody"]).status_code == 422  # not made: not counted
    made(served)
    refused = new_game(served)
    assert 1 <= retry_after(refused) <= 60
    assert "at most 2 games a minute" in refused.json()["detail"]
    still_serves(served, first)


def test_games_with_ai_seats_past_the_hosts_limit_get_429_until_one_is_forgotten_for_being_unused(
        pacg_serve: Callable[..., Served]) -> None:
    """The game with AI seats no one uses is forgotten after --idle-seconds: a new one can be made, and the first
    is loaded again from the store, as it was, when its player comes back."""
    served = pacg_serve("--ai-games", "1", "--idle-seconds", "1")
    first = made(served, ai=["Kyra"])
    seat = deciding(served, first)
    left = view(served, first, seat)
    refused = new_game(served, ai=["Kyra"])
    assert 1 <= retry_after(refused) <= 2
    assert "at most 1 game with AI seats at once" in refused.json()["detail"]
    made(served)  # without AI seats: no limit but the games a minute
    started = time.monotonic()
    wait_for(lambda: new_game(served, ai=["Harsk"]).status_code == 201)  # refused tries count in no limit
    assert time.monotonic() - started >= 0.5  # refused until the first game was forgotten
    assert view(served, first, seat) == left
    still_serves(served, first)


def test_ai_seats_answer_no_faster_than_the_hosts_answers_a_second(pacg_serve: Callable[..., Served]) -> None:
    served = pacg_serve("--ai-answers-per-second", "5")
    started = time.monotonic()
    game = made(served, ai=["Harsk", "Kyra"])
    wait_for(lambda: view(served, game)["version"] >= 4)
    assert time.monotonic() - started >= 2 * 0.2  # 3 answers: 2 pauses
    time.sleep(1.0)
    answers = view(served, game)["version"] - 1
    assert answers <= 1 + 5 * (time.monotonic() - started)
    no_traceback(served)


def test_the_window_counts_each_clients_uses_in_the_last_minute_only() -> None:
    now = [0.0]
    window = Window(2, clock=lambda: now[0])
    assert window.admit("a") == 0.0 and window.admit("a") == 0.0 and window.admit("b") == 0.0
    now[0] = 10.0
    assert window.admit("a") == 50.0 and window.admit("b") == 0.0
    window.give_back("b")  # admitted, then not made
    assert window.admit("b") == 0.0 and window.admit("b") == 50.0
    now[0] = 60.0
    assert window.admit("a") == 0.0 and window.admit("b") == 0.0 and window.admit("b") == 10.0


@pytest.mark.parametrize("limits", [{"games_per_minute": 0}, {"ai_answers_per_second": -1.0}, {"ai_games": -1},
                                    {"idle_seconds": 0.0}])
def test_limits_below_their_least_are_refused_naming_them(limits: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(limits))):
        Limits(**limits)


# --- forgetting games ---------------------------------------------------------------------------------------


def forgetting(store: GameStore, **limits: Any) -> GameService:
    return GameService(store, library(), limits=Limits(**limits))


def test_a_game_over_is_forgotten_once_no_one_watches_and_loaded_again_when_asked_for(store: GameStore) -> None:
    service = forgetting(store)
    try:
        watched, _ = service.create(NewGame(GODLESS, ["Kyra"], 5, ai=["Kyra"]))
        alone, _ = service.create(NewGame(GODLESS, ["Kyra"], 5, ai=["Kyra"]))
        told: list[int] = []
        service.listen(watched, told.append)
        wait_for(lambda: all("outcome" in store.get(game_id).record  # type: ignore[union-attr]
                             for game_id in (watched, alone)))
        wait_for(lambda: alone not in service._live)
        assert watched in service._live
        service.unlisten(watched, told.append)
        assert watched not in service._live
        ended = service.view(alone, None)["view"]
        assert ended["outcome"] is not None and ended == service.view(watched, None)["view"]
    finally:
        service.close()


def test_a_game_no_one_uses_is_forgotten_after_the_idle_time_unless_watched(store: GameStore) -> None:
    service = forgetting(store, idle_seconds=0.2)
    try:
        unused, _ = service.create(NewGame(GODLESS, ["Harsk", "Kyra"], 5))
        watched, _ = service.create(NewGame(GODLESS, ["Harsk", "Kyra"], 5))
        before = service.view(unused, None)
        service.listen(watched, lambda version: None)
        wait_for(lambda: unused not in service._live, seconds=5)
        time.sleep(0.3)
        assert watched in service._live
        assert service.view(unused, None) == before and unused in service._live  # loaded again from the store
    finally:
        service.close()


def test_the_ai_players_of_a_forgotten_game_stop_and_play_on_when_it_is_loaded_again(store: GameStore) -> None:
    service = GameService(store, library(), ai_pause=0.05, limits=Limits(idle_seconds=0.2))
    try:
        game_id, _ = service.create(NewGame(GODLESS, ["Harsk", "Kyra"], 5, ai=["Harsk", "Kyra"]))
        wait_for(lambda: game_id not in service._live, seconds=5)
        stopped = store.version(game_id)
        time.sleep(0.3)
        assert store.version(game_id) == stopped  # no worker plays a game no one holds
        service.view(game_id, None)
        wait_for(lambda: store.version(game_id) > stopped)  # type: ignore[operator]
    finally:
        service.close()
