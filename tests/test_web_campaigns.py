"""Campaigns on the web server (issue 28, item 7): made in the lobby's API, each scenario a web game whose seats'
tokens are the campaign's, taken up when that game is over, the questions between scenarios answered by each seat
for itself (the AI seats' by the server), stored with compare-and-set versions in both store backends."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pacg.campaign.campaign import load_campaign
from pacg.web.store import GameStore, token_hash
from table import library
from test_web_api import JSON, an_action, bearer, wait_for

PARTY = ["Harsk", "Kyra"]


def make_campaign(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"name": "crusade", "characters": PARTY, "seed": 5, **fields}
    response = client.post("/api/campaigns", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def campaign_view(client: TestClient, campaign_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/campaigns/{campaign_id}", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.text
    seen: dict[str, Any] = response.json()
    return seen


def start_next(client: TestClient, campaign_id: str, token: str) -> dict[str, Any]:
    seen = campaign_view(client, campaign_id, token)
    response = client.post(f"/api/campaigns/{campaign_id}/next", json={"version": seen["version"]},
                           headers=bearer(token))
    assert response.status_code == 200, response.text
    started: dict[str, Any] = response.json()
    assert started["version"] == seen["version"] + 1 and started["game"] is not None and not started["ready"]
    return started


def play_game(client: TestClient, game_id: str, tokens: dict[str, str], rng: random.Random) -> dict[str, Any]:
    """Answer the game's people's decisions at random (its AI seats play on the server) until it is over; its
    outcome."""
    while True:
        wait_for(lambda: (seen := client.get(f"/api/games/{game_id}/view").json()["view"])["outcome"] is not None
                 or seen["waiting_for"] in tokens)
        watching = client.get(f"/api/games/{game_id}/view").json()["view"]
        if watching["outcome"] is not None:
            outcome: dict[str, Any] = watching["outcome"]
            return outcome
        token = tokens[watching["waiting_for"]]
        seen = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
        answered = client.post(f"/api/games/{game_id}/actions", headers=bearer(token),
                               json={"action": an_action(seen["view"]["decision"], rng), "version": seen["version"]})
        assert answered.status_code in (200, 409), answered.text  # 409: an AI seat answered first


# --- making a campaign --------------------------------------------------------------------------------------


def test_a_campaign_made_gives_each_human_seat_a_token_and_shows_the_party(client: TestClient, store: GameStore
                                                                         ) -> None:
    made = make_campaign(client, ai=["kyra"], adventure="into the worldwound")
    assert set(made["seats"]) == {"Harsk"}
    token = made["seats"]["Harsk"]
    assert made["links"] == {"Harsk": f"/campaigns/{made['id']}#token={token}"}
    assert made["watch"] == f"/campaigns/{made['id']}"
    seen = campaign_view(client, made["id"], token)
    assert seen["seat"] == "Harsk" and seen["seats"] == {"Harsk": "human", "Kyra": "ai"}
    assert seen["version"] == 1 and seen["game"] is None and seen["ready"] and seen["question"] is None
    summary = seen["summary"]
    assert summary["name"] == "crusade" and summary["story"] == "Into the Worldwound"
    assert summary["next"] == "The Godless Ones" and summary["completed"] == [] and not summary["over"]
    assert [member["name"] for member in summary["characters"]] == PARTY
    assert all(member["alive"] and member["deck"] and member["feats"] == [] for member in summary["characters"])
    watching = campaign_view(client, made["id"])
    assert watching["seat"] is None and watching["summary"] == summary
    stored = store.get_campaign(made["id"])
    assert stored is not None and stored.version == 1 and stored.game is None
    assert load_campaign(stored.data, library=library()).summary() == summary
    assert store.campaign_seat_of(made["id"], token_hash(token)) == 0 and token not in json.dumps(stored.data)
    path = make_campaign(client, adventure_path=True)
    assert campaign_view(client, path["id"])["summary"]["story"] == "Wrath of the Righteous"


@pytest.mark.parametrize(("body", "message"), [
    ({"name": "x", "characters": PARTY, "adventure": "Into the Worldwond"}, "Into the Worldwound"),
    ({"name": "x", "characters": PARTY, "adventure": "The Godless Ones"}, "not an adventure"),
    ({"name": "x", "characters": PARTY, "adventure": "Into the Worldwound", "adventure_path": True},
     "adventure, adventure_path: give one of them"),
    ({"name": "x", "characters": PARTY, "ai": ["Seelah"]}, "character in the party"),
    ({"name": "x", "characters": PARTY, "ai": PARTY}, "ai: every seat is an AI player's"),
    ({"name": "x", "characters": PARTY, "agent": "genius"}, "genius"),
    ({"name": "x", "characters": ["Harsk", "Kira"]}, "did you mean: Kyra"),
    ({"name": "x", "characters": []}, "characters"),
    ({"name": "", "characters": PARTY}, "name"),
    ({"characters": PARTY}, "name"),
    ({"name": "x", "characters": PARTY, "seed": -1}, "seed"),
    ({"name": "x", "characters": PARTY, "scenario": "The Godless Ones"}, "scenario"),
])
def test_a_campaign_that_cant_be_made_is_422_saying_why(client: TestClient, body: dict[str, Any], message: str
                                                        ) -> None:
    response = client.post("/api/campaigns", json=body)
    assert response.status_code == 422, response.text
    assert message in response.json()["detail"]


# --- from a game to the questions between scenarios, and the next game ---------------------------------------


@pytest.mark.plays_at_random
def test_a_campaigns_game_is_a_web_game_of_its_seats_then_each_seat_answers_its_own_questions(
        client: TestClient, store: GameStore) -> None:
    made = make_campaign(client, seed=5)
    campaign_id, tokens = made["id"], made["seats"]
    started = start_next(client, campaign_id, tokens["Harsk"])
    game_id = started["game"]
    assert campaign_view(client, campaign_id, tokens["Kyra"])["game"] == game_id
    for seat, token in tokens.items():  # the campaign's tokens are the game's seats'
        assert client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()["seat"] == seat
    summary = started["summary"]
    record = store.get(game_id)
    assert record is not None
    assert dict(zip(record.record["characters"], [record.record["decks"][name] for name in PARTY], strict=True)) == {
        member["name"]: member["deck"] for member in summary["characters"]}

    outcome = play_game(client, game_id, tokens, random.Random(3))
    views = {seat: campaign_view(client, campaign_id, token) for seat, token in tokens.items()}
    assert views["Harsk"]["version"] == started["version"] + 1  # the game taken up, once
    assert all(seen["version"] == views["Harsk"]["version"] for seen in views.values())
    assert views["Harsk"]["game"] is None and views["Harsk"]["summary"]["between_scenarios"]
    assert views["Harsk"]["summary"]["games"] == [{"scenario": "The Godless Ones", "result": outcome["result"],
                                                   "seed": record.record["seed"]}]
    answers = 0
    while (waiting := campaign_view(client, campaign_id)["waiting_for"]) is not None:
        views = {seat: campaign_view(client, campaign_id, token) for seat, token in tokens.items()}
        other = next(seat for seat in tokens if seat != waiting)
        question = views[waiting]["question"]
        assert question is not None and question["player"] == waiting and views[other]["question"] is None
        version = views[waiting]["version"]
        not_theirs = client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(tokens[other]),
                                 json={"action": question["options"][0]["id"], "version": version})
        assert not_theirs.status_code == 409 and f"{waiting}'s question" in not_theirs.json()["detail"]
        illegal = client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(tokens[waiting]),
                              json={"action": "take:everything", "version": version})
        assert illegal.status_code == 422 and "take:everything" in illegal.json()["detail"]
        early = client.post(f"/api/campaigns/{campaign_id}/next", headers=bearer(tokens[waiting]))
        assert early.status_code == 409 and "questions between scenarios come first" in early.json()["detail"]
        action = question["options"][-1]["id"]
        answered = client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(tokens[waiting]),
                               json={"action": action, "version": version})
        assert answered.status_code == 200 and answered.json()["version"] == version + 1
        again = client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(tokens[waiting]),
                            json={"action": action, "version": version})
        assert again.status_code == 409 and "moved on" in again.json()["detail"]
        answers += 1
    assert answers > 0
    after = campaign_view(client, campaign_id, tokens["Kyra"])
    assert after["ready"] and not after["summary"]["between_scenarios"]
    nothing = client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(tokens["Kyra"]),
                          json={"action": "keep"})
    assert nothing.status_code == 409 and "no question" in nothing.json()["detail"]
    second = start_next(client, campaign_id, tokens["Kyra"])
    assert second["game"] != game_id
    stored = store.get(second["game"])
    assert stored is not None and [stored.record["decks"][member["name"]] for member in
                                   after["summary"]["characters"]] == [member["deck"] for member in
                                                                       after["summary"]["characters"]]
    under_way = client.post(f"/api/campaigns/{campaign_id}/next", headers=bearer(tokens["Kyra"]))
    assert under_way.status_code == 409 and "under way" in under_way.json()["detail"]


@pytest.mark.plays_at_random
def test_an_ai_seats_game_and_questions_are_played_by_the_server(client: TestClient) -> None:
    made = make_campaign(client, characters=["Kyra", "Harsk"], ai=["Harsk"], seed=2)
    campaign_id, tokens = made["id"], made["seats"]
    started = start_next(client, campaign_id, tokens["Kyra"])
    seats = client.get(f"/api/games/{started['game']}/view").json()["seats"]
    assert seats == {"Kyra": "human", "Harsk": "ai"}
    play_game(client, started["game"], tokens, random.Random(4))
    while (seen := campaign_view(client, campaign_id, tokens["Kyra"]))["question"] is not None:
        assert seen["waiting_for"] == "Kyra"
        client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(tokens["Kyra"]),
                    json={"action": seen["question"]["options"][0]["id"], "version": seen["version"]})
    assert seen["waiting_for"] is None and seen["ready"]  # Harsk's were answered by the server
    assert campaign_view(client, campaign_id)["waiting_for"] is None


def test_the_campaign_endpoints_say_what_is_wrong(client: TestClient) -> None:
    made = make_campaign(client)
    campaign_id, token = made["id"], made["seats"]["Harsk"]
    assert client.get("/api/campaigns/nope").status_code == 404
    assert client.get(f"/api/campaigns/{campaign_id}", headers=bearer("wrong")).status_code == 401
    spectator = client.post(f"/api/campaigns/{campaign_id}/next")
    assert spectator.status_code == 401 and "token" in spectator.json()["detail"]
    assert client.post("/api/campaigns/nope/next", headers=bearer(token)).status_code == 404
    stale = client.post(f"/api/campaigns/{campaign_id}/next", headers=bearer(token), json={"version": 7})
    assert stale.status_code == 409 and "moved on to version 1" in stale.json()["detail"]
    bad = client.post(f"/api/campaigns/{campaign_id}/next", headers=bearer(token), json={"version": "1"})
    assert bad.status_code == 422 and "version" in bad.json()["detail"]
    none = client.post(f"/api/campaigns/{campaign_id}/actions", headers=bearer(token), json={"action": "keep"})
    assert none.status_code == 409
    assert campaign_view(client, campaign_id)["version"] == 1  # nothing refused changed it
    schema = client.get("/openapi.json").json()
    assert {"/api/campaigns", "/api/campaigns/{campaign_id}", "/api/campaigns/{campaign_id}/actions",
            "/api/campaigns/{campaign_id}/next"} <= set(schema["paths"])
    assert client.get(f"/campaigns/{campaign_id}").status_code == 200
    setup = client.get("/api/setup").json()
    assert "Into the Worldwound" in setup["adventures"] and setup["adventure_paths"] == ["Wrath of the Righteous"]
    assert "Mythic Archmage" in setup["mythic_paths"]


def test_two_starts_of_the_next_game_at_once_one_lands(client: TestClient, store: GameStore) -> None:
    made = make_campaign(client)
    campaign_id, tokens = made["id"], made["seats"]
    start = threading.Barrier(2)
    statuses: list[int] = []

    def go(token: str) -> None:
        start.wait()
        statuses.append(client.post(f"/api/campaigns/{campaign_id}/next", headers=bearer(token),
                                    json={"version": 1}).status_code)

    threads = [threading.Thread(target=go, args=(token,)) for token in tokens.values()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409]
    stored = store.get_campaign(campaign_id)
    assert stored is not None and stored.version == 2 and stored.game is not None
    assert len(store.games()) == 1  # the refused start stored no game


def test_the_store_keeps_campaigns_by_compare_and_set(store: GameStore) -> None:
    store.create_campaign("c", {"a": 1}, {0: "hash-0"})
    assert store.replace_campaign("c", 1, {"a": 2}, None)
    assert not store.replace_campaign("c", 1, {"a": 3}, None)
    assert not store.start_campaign_game("c", 1, {"a": 4}, "g", {"r": 1}, {"Harsk": "hash-0"})
    assert store.get("g") is None
    assert store.start_campaign_game("c", 2, {"a": 5}, "g", {"r": 1}, {"Harsk": "hash-0"})
    stored = store.get_campaign("c")
    assert stored is not None and (stored.version, stored.data, stored.game) == (3, {"a": 5}, "g")
    assert store.seat_of("g", "hash-0") == "Harsk" and store.campaign_token_hashes("c") == {0: "hash-0"}
    assert store.get_campaign("nope") is None and store.campaign_seat_of("c", "other") is None


FIELDS = st.fixed_dictionaries({}, optional={
    "name": JSON | st.sampled_from(["crusade", ""]),
    "characters": JSON | st.lists(st.sampled_from(["Harsk", "Kyra", "harsk", "Nobody", ""]), max_size=8),
    "adventure": JSON | st.sampled_from(["Into the Worldwound", "The Godless Ones", "nothing"]),
    "adventure_path": JSON, "seed": JSON, "ai": JSON | st.lists(st.sampled_from(["Harsk", "Kyra"]), max_size=3),
    "agent": JSON | st.sampled_from(["random", "heuristic"]), "action": JSON | st.sampled_from(["keep", "none"]),
    "version": JSON,
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON | FIELDS, endpoint=st.sampled_from(["campaigns", "actions", "next"]), with_token=st.booleans())
def test_no_body_gets_a_server_error_only_4xx_with_a_message(client: TestClient, body: object, endpoint: str,
                                                              with_token: bool) -> None:
    made = _fuzzed_campaign(client)
    path = "/api/campaigns" if endpoint == "campaigns" else f"/api/campaigns/{made['id']}/{endpoint}"
    response = client.post(path, json=body, headers=bearer(made["seats"]["Harsk"]) if with_token else {})
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["detail"]


_FUZZED: dict[int, dict[str, Any]] = {}


def _fuzzed_campaign(client: TestClient) -> dict[str, Any]:
    if id(client) not in _FUZZED:
        _FUZZED.clear()
        _FUZZED[id(client)] = make_campaign(client)
    return _FUZZED[id(client)]
