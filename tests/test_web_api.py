"""The web server's HTTP and WebSocket contract (issue 14): games made, seen by one seat, answered, undone and
played on by AI seats; every error code; what a seat may see; races; a server restarted mid-game."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from pacg.game import new_game
from pacg.web import app as web_app
from pacg.web.app import create_app
from pacg.web.service import GameService
from pacg.web.store import GameStore, StoreError, open_store, token_hash
from table import library
from web_fixtures import Served

GODLESS = "The Godless Ones"
PARTY = ["Harsk", "Kyra"]
WAIT_SECONDS = 60.0


def make(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"scenario": GODLESS, "characters": PARTY, "seed": 3, **fields}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def view_of(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/view", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.text
    seen: dict[str, Any] = response.json()
    return seen


def an_action(decision: dict[str, Any], rng: random.Random) -> str:
    """A legal action for a published decision, chosen at random."""
    ids = [option["id"] for option in decision["options"]]
    if "choose" not in decision:
        return rng.choice(ids)
    fewest, most = decision["choose"]
    chosen = rng.sample(ids, rng.randint(fewest, min(most, len(ids))))
    return ",".join(sorted(chosen, key=ids.index)) or "none"


def deciding(views: dict[str, dict[str, Any]]) -> str:
    """The seat whose view has a decision in it (exactly one has)."""
    (seat,) = [seat for seat, seen in views.items() if seen["view"]["decision"] is not None]
    return seat


def wait_for(condition: Callable[[], bool], seconds: float = WAIT_SECONDS) -> None:
    """Wait until `condition()` holds (an AI worker answering), or fail."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.01)


# --- making a game ------------------------------------------------------------------------------------------


def test_a_game_made_gives_each_human_seat_its_own_token_and_link(client: TestClient, store: GameStore) -> None:
    made = make(client, ai=["kyra"])
    assert set(made["seats"]) == {"Harsk"}  # an AI seat has no token: no person plays it
    token = made["seats"]["Harsk"]
    assert len(token) >= 32 and made["links"]["Harsk"] == f"/games/{made['id']}#token={token}"
    assert store.seat_of(made["id"], token_hash(token)) == "Harsk"
    assert token not in json.dumps(store.get(made["id"]).record)  # type: ignore[union-attr]
    other = make(client)
    assert other["id"] != made["id"] and other["seats"]["Harsk"] != token


@pytest.mark.parametrize(("body", "message"), [
    ({"scenario": "The Godles One", "characters": PARTY}, "The Godless Ones"),  # did you mean
    ({"scenario": GODLESS, "characters": ["Harsk", "Harsk"]}, "only once"),
    ({"scenario": GODLESS, "characters": PARTY, "ai": ["Seelah"]}, "character in the party"),
    ({"scenario": GODLESS, "characters": PARTY, "agent": "genius"}, "genius"),
    ({"scenario": GODLESS, "characters": []}, "characters"),
    ({"scenario": GODLESS, "characters": PARTY, "seed": -1}, "seed"),
    ({"scenario": GODLESS, "characters": PARTY, "colour": "red"}, "colour"),
    ({"characters": PARTY}, "scenario"),
    ({"scenario": GODLESS, "characters": PARTY, "mythic_paths": {"Seelah": "Mythic Archmage"}},
     "mythic_paths: Seelah is not in the party"),
    ({"scenario": GODLESS, "characters": PARTY, "mythic_paths": {"Kyra": "Mythic Archmag"}},
     "mythic_paths: unknown mythic path 'Mythic Archmag' (did you mean: Mythic Archmage"),
    ({"scenario": GODLESS, "characters": PARTY, "mythic_paths": {"Kyra": "Longsword"}}, "mythic_paths: "),
    ({"scenario": GODLESS, "characters": PARTY, "mythic_paths": ["Kyra"]}, "mythic_paths"),
])
def test_a_game_that_cant_be_made_is_422_saying_why(client: TestClient, body: dict[str, Any], message: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert message in json.dumps(response.json()["detail"])


def test_a_game_made_with_mythic_paths_gives_them_to_their_characters(client: TestClient, store: GameStore) -> None:
    made = make(client, mythic_paths={"kyra": "mythic archmage", "HARSK": "Mythic Guardian"})
    seen = view_of(client, made["id"], made["seats"]["Kyra"])["view"]
    assert {character["name"]: character["mythic_path"] for character in seen["characters"]} == {
        "Harsk": "Mythic Guardian", "Kyra": "Mythic Archmage"}
    record = store.get(made["id"])
    assert record is not None
    assert record.record["mythic_paths"] == {"Harsk": "Mythic Guardian", "Kyra": "Mythic Archmage"}


def test_bad_json_and_oversized_bodies_are_4xx_with_a_message(client: TestClient) -> None:
    bad = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 422 and "JSON" in json.dumps(bad.json()["detail"])
    huge = client.post("/api/games", content=b"[" + b"1," * web_app.MOST_BODY_BYTES + b"1]",
                       headers={"content-type": "application/json"})
    assert huge.status_code == 413 and str(web_app.MOST_BODY_BYTES) in huge.json()["detail"]
    not_object = client.post("/api/games", json=[1, 2])
    assert not_object.status_code == 422


def test_setup_and_cards_are_served_for_the_page(client: TestClient) -> None:
    setup = client.get("/api/setup").json()
    assert GODLESS in setup["scenarios"] and {"Harsk", "Kyra"} <= set(setup["characters"])
    assert "heuristic" in setup["agents"]
    card = client.get("/api/cards/longsword").json()
    assert card["name"] == "Longsword" and card["type"] == "weapon"
    missing = client.get("/api/cards/Longswerd")
    assert missing.status_code == 404 and "Longsword" in missing.json()["detail"]
    schema = client.get("/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}/view", "/api/games/{game_id}/actions"} <= set(schema["paths"])
    assert client.get("/").status_code == 200 and client.get("/games/anything").status_code == 200


# --- seeing and answering -----------------------------------------------------------------------------------


def test_each_error_code_of_the_actions_endpoint(client: TestClient) -> None:
    made = make(client)
    game_id, tokens = made["id"], made["seats"]
    views = {seat: view_of(client, game_id, token) for seat, token in tokens.items()}
    seat = deciding(views)
    other = next(name for name in tokens if name != seat)
    decision = views[seat]["view"]["decision"]
    action = decision["options"][0]["id"]

    def post(token: str | None, body: object, game: str = game_id) -> httpx2.Response:
        return client.post(f"/api/games/{game}/actions", json=body, headers=bearer(token) if token else {})

    not_theirs = post(tokens[other], {"action": action})
    assert not_theirs.status_code == 409 and f"{seat}'s decision" in not_theirs.json()["detail"]
    illegal = post(tokens[seat], {"action": "win-the-game"})
    assert illegal.status_code == 422 and "win-the-game" in illegal.json()["detail"]
    assert post("not-a-token", {"action": action}).status_code == 401
    assert post(None, {"action": action}).status_code == 401
    assert client.post(f"/api/games/{game_id}/actions", json={"action": action},
                       headers={"Authorization": "Basic abc"}).status_code == 401
    assert post(tokens[seat], {"action": action}, game="no-such-game").status_code == 404
    assert client.get("/api/games/no-such-game/view").status_code == 404
    assert client.get(f"/api/games/{game_id}/view", headers=bearer("wrong")).status_code == 401
    assert post(tokens[seat], {"action": 3}).status_code == 422
    early = client.get(f"/api/games/{game_id}/record")
    assert early.status_code == 409 and "once the game is over" in early.json()["detail"]
    assert view_of(client, game_id)["version"] == 1  # nothing refused changed the game
    stale = views[seat]["version"]
    assert post(tokens[seat], {"action": action, "version": stale}).status_code == 200
    moved_on = post(tokens[seat], {"action": action, "version": stale})
    assert moved_on.status_code == 409 and "moved on" in moved_on.json()["detail"]


@pytest.mark.plays_at_random
def test_a_whole_game_through_the_api_each_seat_seeing_only_what_it_may(client: TestClient) -> None:
    """Two people play a game to its end; at every decision each seat's view is the spectator's plus its own hand
    and its own decision, and nothing else: no other hand, no face-down card."""
    made = make(client, seed=11)
    game_id, tokens = made["id"], made["seats"]
    rng = random.Random(5)
    reference = new_game(GODLESS, PARTY, seed=11, library=library())
    while True:
        views = {seat: view_of(client, game_id, token) for seat, token in tokens.items()}
        watching = view_of(client, game_id)["view"]
        for seat, seen in views.items():
            _only_its_own(seat, seen["view"], watching)
        assert watching["log"] == reference.log
        if watching["outcome"] is not None:
            break
        seat = deciding(views)
        action = an_action(views[seat]["view"]["decision"], rng)
        assert client.post(f"/api/games/{game_id}/actions", json={"action": action, "version": views[seat]["version"]},
                           headers=bearer(tokens[seat])).status_code == 200
        reference.apply(action)
    assert watching["outcome"] == reference.outcome
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["actions"] == reference.actions and record["outcome"] == reference.outcome


def _only_its_own(seat: str, seen: dict[str, Any], watching: dict[str, Any]) -> None:
    own = ("seat", "you", "decision", "characters", "undo")  # "undo": whether the seat may take back its own answer
    mine = {key: value for key, value in seen.items() if key not in own}
    public = {key: value for key, value in watching.items() if key not in own}
    assert mine == public
    assert watching["decision"] is None and all(character["hand"] is None for character in watching["characters"])
    assert watching["you"] is None and seen["you"] == next(c for c in seen["characters"] if c["name"] == seat)
    for character, spectated in zip(seen["characters"], watching["characters"], strict=True):
        assert {**character, "hand": None} == spectated
        assert (character["hand"] is not None) == (character["name"] == seat)
    decision = seen["decision"]
    assert decision is None or decision["player"] == seat


def test_open_hands_show_every_hand_to_the_seats_but_none_to_spectators(client: TestClient) -> None:
    made = make(client, open_hands=True)
    seen = view_of(client, made["id"], made["seats"]["Harsk"])["view"]
    assert all(character["hand"] is not None for character in seen["characters"])
    assert all(character["hand"] is None for character in view_of(client, made["id"])["view"]["characters"])


def test_two_answers_to_the_same_decision_at_once_one_lands(client: TestClient, service: GameService) -> None:
    made = make(client)
    tokens = made["seats"]
    views = {seat: view_of(client, made["id"], token) for seat, token in tokens.items()}
    seat = deciding(views)
    options = [option["id"] for option in views[seat]["view"]["decision"]["options"]]
    start = threading.Barrier(len(options))
    statuses: list[int] = []

    def answer(action: str) -> None:
        start.wait()
        response = client.post(f"/api/games/{made['id']}/actions", headers=bearer(tokens[seat]),
                               json={"action": action, "version": views[seat]["version"]})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=answer, args=(action,)) for action in options]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * (len(options) - 1)
    assert view_of(client, made["id"])["version"] == 2


def test_two_servers_on_one_database_share_a_game_and_refuse_the_second_answer(store_url: str) -> None:
    with _server(store_url) as first, _server(store_url) as second:
        made = make(first, seed=4)
        tokens = made["seats"]
        seat = deciding({seat: view_of(second, made["id"], token) for seat, token in tokens.items()})
        seen = view_of(second, made["id"], tokens[seat])
        action = seen["view"]["decision"]["options"][0]["id"]
        body = {"action": action, "version": seen["version"]}
        path = f"/api/games/{made['id']}/actions"
        assert first.post(path, json=body, headers=bearer(tokens[seat])).status_code == 200
        late = second.post(path, json=body, headers=bearer(tokens[seat]))
        assert late.status_code == 409
        assert view_of(second, made["id"], tokens[seat]) == view_of(first, made["id"], tokens[seat])


class _server:  # noqa: N801  (a context manager read as a noun: `with _server(url) as client`)
    """A server process of its own over the database: its own store, service and application."""

    def __init__(self, store_url: str, ai_pause: float = 0.0) -> None:
        self.store = open_store(store_url)
        self.service = GameService(self.store, library(), ai_pause)
        self.client = TestClient(create_app(self.service))

    def __enter__(self) -> TestClient:
        return self.client.__enter__()

    def __exit__(self, *exc: object) -> None:
        self.client.__exit__(*exc)
        self.store.close()


@pytest.mark.plays_at_random
def test_a_server_restarted_mid_game_carries_on_the_same_game(store_url: str) -> None:
    rng = random.Random(2)
    with _server(store_url) as before:
        made = make(before, seed=8)
        tokens = made["seats"]
        for _ in range(12):
            views = {seat: view_of(before, made["id"], token) for seat, token in tokens.items()}
            seat = deciding(views)
            before.post(f"/api/games/{made['id']}/actions", headers=bearer(tokens[seat]),
                        json={"action": an_action(views[seat]["view"]["decision"], rng)})
        left = {seat: view_of(before, made["id"], token) for seat, token in tokens.items()}
    with _server(store_url) as after:
        assert {seat: view_of(after, made["id"], token) for seat, token in tokens.items()} == left
        seat = deciding(left)
        answered = after.post(f"/api/games/{made['id']}/actions", headers=bearer(tokens[seat]),
                              json={"action": an_action(left[seat]["view"]["decision"], rng)})
        assert answered.status_code == 200 and answered.json()["version"] == left[seat]["version"] + 1


# --- AI seats -----------------------------------------------------------------------------------------------


@pytest.mark.plays_at_random
def test_ai_seats_play_on_the_server_between_the_persons_answers(client: TestClient) -> None:
    made = make(client, ai=["Kyra"], seed=6)
    token = made["seats"]["Harsk"]
    rng = random.Random(1)
    ai_answers = 0
    while True:
        wait_for(lambda: (seen := view_of(client, made["id"], token)["view"])["decision"] is not None
                 or seen["outcome"] is not None)
        seen = view_of(client, made["id"], token)
        if seen["view"]["outcome"] is not None:
            break
        answered = client.post(f"/api/games/{made['id']}/actions", headers=bearer(token),
                               json={"action": an_action(seen["view"]["decision"], rng), "version": seen["version"]})
        assert answered.status_code == 200
        ai_answers += max(0, view_of(client, made["id"])["version"] - answered.json()["version"])
        wait_for(lambda: view_of(client, made["id"])["view"]["waiting_for"] in ("Harsk", None))
    assert ai_answers > 0 and seen["seats"] == {"Harsk": "human", "Kyra": "ai"}
    assert any(line.startswith("Kyra") for line in seen["view"]["log"])


def test_ai_answers_come_a_pause_apart_for_the_table_to_follow(store_url: str) -> None:
    """A table of AI players alone, watched: each answer comes `ai_pause` seconds after the one before."""
    with _server(store_url, ai_pause=0.05) as client:
        started = time.monotonic()
        made = make(client, ai=PARTY)
        assert made["seats"] == {}
        wait_for(lambda: view_of(client, made["id"])["version"] >= 5)
        assert time.monotonic() - started >= 0.05 * 3


def test_a_game_left_at_an_ai_seats_decision_is_taken_up_by_the_next_request(store: GameStore, client: TestClient
                                                                             ) -> None:
    """As after a server stopped while an AI was to answer: the first request that reads the game has it played
    on to the person's decision."""
    game = new_game(GODLESS, ["Kyra", "Harsk"], seed=9, library=library())
    while (decision := game.decision) is not None and decision.player != "Kyra":
        game.apply(decision.options[0].id)
    record = {**game.to_record(), "ai_seats": {"Kyra": "heuristic"}}
    store.create("left-at-ai", record, {"Harsk": token_hash("harsk-token")})
    wait_for(lambda: view_of(client, "left-at-ai", "harsk-token")["view"]["waiting_for"] != "Kyra")
    assert view_of(client, "left-at-ai")["version"] > 1


def test_a_game_stored_as_a_version_3_record_plays_on_and_is_stored_anew(store: GameStore, client: TestClient
                                                                        ) -> None:
    """A game stored before the action ids said what the options do (a version 3 record, its ids the options'
    labels: `pacg.record_v3`) is served, answered with the ids of now, and stored as a record of this version."""
    old = json.loads((Path(__file__).parent / "data" / "records" / "v3-traitors-lodge-stopped.json").read_text())
    store.create("from-v3", old, {"Seelah": token_hash("seelah-token"), "Seoni": token_hash("seoni-token")})
    seen = view_of(client, "from-v3")
    seat = seen["view"]["waiting_for"]
    mine = view_of(client, "from-v3", f"{seat.lower()}-token")
    action = mine["view"]["decision"]["options"][0]["id"]
    answered = client.post("/api/games/from-v3/actions", headers=bearer(f"{seat.lower()}-token"),
                           json={"action": action, "version": mine["version"]})
    assert answered.status_code == 200, answered.text
    stored = store.get("from-v3")
    assert stored is not None and stored.record["version"] == 4
    assert stored.record["actions"][-1] == action and len(stored.record["actions"]) == len(old["actions"]) + 1


# --- undo ---------------------------------------------------------------------------------------------------


def test_undo_takes_back_the_seats_own_answer_only(client: TestClient) -> None:
    made = make(client, seed=3)
    tokens = made["seats"]
    views = {seat: view_of(client, made["id"], token) for seat, token in tokens.items()}
    seat = deciding(views)
    other = next(name for name in tokens if name != seat)
    before = views[seat]
    nothing = client.post(f"/api/games/{made['id']}/undo", headers=bearer(tokens[seat]))
    assert nothing.status_code == 409 and "nothing has been answered" in nothing.json()["detail"]
    action = before["view"]["decision"]["options"][0]["id"]
    client.post(f"/api/games/{made['id']}/actions", json={"action": action}, headers=bearer(tokens[seat]))
    assert view_of(client, made["id"], tokens[seat])["view"]["undo"] == {"possible": True, "why_not": ""}
    assert view_of(client, made["id"], tokens[other])["view"]["undo"] == {
        "possible": False, "why_not": f"the last answer was {seat}'s"}
    refused = client.post(f"/api/games/{made['id']}/undo", headers=bearer(tokens[other]))
    assert refused.status_code == 409 and f"{seat}'s" in refused.json()["detail"]
    assert client.post(f"/api/games/{made['id']}/undo").status_code == 401
    undone = client.post(f"/api/games/{made['id']}/undo", headers=bearer(tokens[seat]), json={"version": 2})
    assert undone.status_code == 200
    assert undone.json()["version"] == 3 and undone.json()["view"] == before["view"]


# --- the WebSocket ------------------------------------------------------------------------------------------


def test_the_websocket_pushes_each_seats_view_after_every_change(client: TestClient) -> None:
    made = make(client)
    tokens = made["seats"]
    views = {seat: view_of(client, made["id"], token) for seat, token in tokens.items()}
    seat = deciding(views)
    other = next(name for name in tokens if name != seat)
    with (client.websocket_connect(f"/api/games/{made['id']}/ws?token={tokens[other]}") as theirs,
          client.websocket_connect(f"/api/games/{made['id']}/ws") as watching,
          client.websocket_connect(f"/api/games/{made['id']}/ws?token={tokens[seat]}") as mine):
        assert [socket.receive_json()["version"] for socket in (theirs, watching, mine)] == [1, 1, 1]
        action = views[seat]["view"]["decision"]["options"][0]["id"]
        mine.send_json({"action": action, "version": 1})
        pushed = mine.receive_json()
        assert pushed["type"] == "view" and pushed["version"] == 2 and pushed["seat"] == seat
        told = theirs.receive_json()
        assert told["version"] == 2 and told["seat"] == other and told["view"] == view_of(
            client, made["id"], tokens[other])["view"]
        spectated = watching.receive_json()
        assert all(character["hand"] is None for character in spectated["view"]["characters"])
        mine.send_json({"action": action, "version": 1})
        assert mine.receive_json() == {"type": "error", "status": 409,
                                       "detail": "the game has moved on to version 2: answer the current decision"}
        mine.send_text("{oops")
        assert mine.receive_json()["status"] == 400
        watching.send_json({"action": action})
        assert watching.receive_json()["status"] == 401


def test_a_websocket_that_comes_back_gets_the_current_view(client: TestClient) -> None:
    made = make(client)
    tokens = made["seats"]
    views = {seat: view_of(client, made["id"], token) for seat, token in tokens.items()}
    seat = deciding(views)
    with client.websocket_connect(f"/api/games/{made['id']}/ws?token={tokens[seat]}") as first:
        assert first.receive_json()["version"] == 1
    action = views[seat]["view"]["decision"]["options"][0]["id"]
    client.post(f"/api/games/{made['id']}/actions", json={"action": action}, headers=bearer(tokens[seat]))
    with client.websocket_connect(f"/api/games/{made['id']}/ws?token={tokens[seat]}") as again:
        assert again.receive_json() == {"type": "view", **view_of(client, made["id"], tokens[seat])}


def test_a_websocket_whose_views_fail_is_closed_for_the_client_to_come_back(
        client: TestClient, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database failing as a view is pushed closes the socket (1011), rather than leaving it open and silent."""
    made = make(client)
    tokens = made["seats"]
    seat = deciding({seat: view_of(client, made["id"], token) for seat, token in tokens.items()})
    with client.websocket_connect(f"/api/games/{made['id']}/ws?token={tokens[seat]}") as socket:
        assert socket.receive_json()["version"] == 1

        def failing(*_: object) -> None:
            raise StoreError("the database is gone")

        monkeypatch.setattr(service, "view", failing)
        service._tell(made["id"], 2)  # as a change made elsewhere is told
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1011


@pytest.mark.parametrize(("path", "code"), [("/api/games/{id}/ws?token=wrong", 4401), ("/api/games/nope/ws", 4404)])
def test_a_websocket_for_no_game_or_a_bad_token_is_closed_saying_so(client: TestClient, path: str, code: int) -> None:
    made = make(client)
    with client.websocket_connect(path.replace("{id}", made["id"])) as refused:
        with pytest.raises(WebSocketDisconnect) as closed:
            refused.receive_json()
    assert closed.value.code == code


# --- bounds and the command ---------------------------------------------------------------------------------


def test_a_request_over_the_time_bound_gets_503(monkeypatch: pytest.MonkeyPatch, service: GameService) -> None:
    monkeypatch.setattr(web_app, "MOST_REQUEST_SECONDS", 0.05)
    app = create_app(service)

    @app.get("/slow")
    async def slow() -> None:
        import asyncio

        await asyncio.sleep(1)

    with TestClient(app) as client:
        response = client.get("/slow")
    assert response.status_code == 503 and "0.05 seconds" in response.json()["detail"]


def test_pacg_serve_killed_mid_game_and_started_again_carries_on(pacg_serve: Callable[..., Served]) -> None:
    server = pacg_serve()
    url = server.url
    made = httpx2.post(f"{url}/api/games", json={"scenario": GODLESS, "characters": PARTY, "seed": 5}).json()
    tokens = made["seats"]
    views = {seat: httpx2.get(f"{url}/api/games/{made['id']}/view", headers=bearer(token)).json()
             for seat, token in tokens.items()}
    seat = deciding(views)
    action = views[seat]["view"]["decision"]["options"][0]["id"]
    answered = httpx2.post(f"{url}/api/games/{made['id']}/actions", json={"action": action},
                           headers=bearer(tokens[seat]))
    assert answered.status_code == 200
    server.kill()
    again = pacg_serve(port=int(url.rpartition(":")[2]))
    assert "(1 game kept in " in again.log().splitlines()[0]
    assert httpx2.get(f"{url}/api/games/{made['id']}/view", headers=bearer(tokens[seat])).json() == answered.json()


# --- anything at all ----------------------------------------------------------------------------------------

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(
    max_size=30)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=10), inner, max_size=4), max_leaves=12)
FIELDS = st.fixed_dictionaries({}, optional={
    "scenario": JSON | st.sampled_from([GODLESS, "the godless ones", ""]),
    "characters": JSON | st.lists(st.sampled_from(["Harsk", "Kyra", "harsk", "Nobody", ""]), max_size=8),
    "seed": JSON, "ai": JSON | st.lists(st.sampled_from(["Harsk", "Kyra", "Seelah"]), max_size=3),
    "agent": JSON | st.sampled_from(["random", "heuristic", "search:worlds=x", "search"]),
    "open_hands": JSON, "action": JSON | st.sampled_from(["done", "none", ",", "a,b", "x" * 3000]),
    "version": JSON, "undo": JSON,
})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON | FIELDS, endpoint=st.sampled_from(["games", "actions", "undo"]), with_token=st.booleans())
def test_no_body_gets_a_server_error_only_4xx_with_a_message(client: TestClient, body: object, endpoint: str,
                                                              with_token: bool) -> None:
    """Whatever JSON comes, to whichever endpoint, with a seat's token or not, the answer is a success or a 4xx
    with a message: never a 500."""
    made = _fuzzed_game(client)
    path = "/api/games" if endpoint == "games" else f"/api/games/{made['id']}/{endpoint}"
    headers = bearer(made["seats"]["Harsk"]) if with_token else {}
    response = client.post(path, json=body, headers=headers)
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["detail"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(message=JSON | FIELDS | st.text(max_size=50))
def test_no_websocket_message_breaks_the_connection(client: TestClient, message: object) -> None:
    """Any message gets a view or an error with a status, and the socket goes on: the next message is answered."""
    made = _fuzzed_game(client)
    with client.websocket_connect(f"/api/games/{made['id']}/ws?token={made['seats']['Harsk']}") as socket:
        assert socket.receive_json()["type"] == "view"
        if isinstance(message, str):
            socket.send_text(message)
        else:
            socket.send_json(message)
        answered = socket.receive_json()
        assert answered["type"] == "view" or (400 <= answered["status"] < 500 and answered["detail"])
        socket.send_text("{}")
        assert socket.receive_json()["type"] == "error"


_FUZZED: dict[int, dict[str, Any]] = {}


def _fuzzed_game(client: TestClient) -> dict[str, Any]:
    """One game per test client, made once: hypothesis's examples share it (a fixture would be made once too)."""
    if id(client) not in _FUZZED:
        _FUZZED.clear()
        _FUZZED[id(client)] = make(client)
    return _FUZZED[id(client)]


def test_a_stored_game_that_no_longer_replays_is_a_409_naming_it_not_a_500(store_url: str) -> None:
    """A game kept in the database by another version of pacg or its cards may no longer play: reading it says so,
    naming the game, and the server goes on serving the others."""
    with _server(store_url) as before:
        made, other = make(before, seed=8), make(before, seed=9)
        stored = before.app.state.service.store.get(made["id"])
        record = {**stored.record, "actions": ["fly-away"]}
        assert before.app.state.service.store.replace(made["id"], stored.version, record)
    with _server(store_url) as after:
        token = made["seats"]["Harsk"]
        refused = after.get(f"/api/games/{made['id']}/view", headers=bearer(token))
        assert refused.status_code == 409
        assert refused.json()["detail"].startswith(f"this game can't be played on by this server: game {made['id']}: ")
        assert view_of(after, other["id"], other["seats"]["Harsk"])["view"]["decision"] is not None
