"""The web server's HTTP and WebSocket contract, and the page it serves (issue 14; OpenAPI at /docs).

    POST /api/games                 {"scenario", "characters", "seed"?, "ai"?, "agent"?, "open_hands"?}
                                    -> 201 {"id", "seats": {character: token}, "links": {character: path}}
    GET  /api/games/{id}/view       Authorization: Bearer TOKEN -> that seat's view, with its decision;
                                    no Authorization -> a spectator's view (no hand in it)
    POST /api/games/{id}/actions    {"action": id, "version"?} -> the seat's new view
    POST /api/games/{id}/undo       {"version"?} -> the seat's new view
    WS   /api/games/{id}/ws?token=  pushes {"type": "view", ...} after every change; takes {"action", "version"?}
                                    and {"undo": true}; a refused message gets {"type": "error", "status", "detail"}
                                    (400 not JSON, 413 over `MOST_MESSAGE_BYTES`, 415 binary, 422 not the shape
                                    asked for); one over `MOST_FRAME_BYTES` closes the socket (1009)
    GET  /api/games/{id}/record     the game's record (for pacg replay), once it is over; 409 before
    POST /api/campaigns             {"name", "characters", "adventure"?, "adventure_path"?, "seed"?, "ai"?, "agent"?}
                                    -> 201 {"id", "seats": {character: token}, "links", "watch"}
    GET  /api/campaigns/{id}        the campaign's view: its summary, its game under way, the seat's question
    POST /api/campaigns/{id}/actions  {"action": id, "version"?} -> a question between scenarios answered
    POST /api/campaigns/{id}/next   {"version"?} -> the next scenario's game started (its id in the view's "game")
    GET  /api/setup                 the scenarios, characters, mythic paths, stories and AI agents to choose from
    GET  /api/cards/{name}          a card's text

Errors are JSON {"detail": message}: 401 a bad token (or none where one is needed), 404 no such game or card,
409 not this seat's decision, the game over, or (with "version") a view that is no longer current: another
answer came first; 413 a body over `MOST_BODY_BYTES`; 422 an action that isn't legal, a game that can't be set
up, a body that isn't the JSON asked for (the message names each field that is wrong); 429, with Retry-After, a
limit of the host's (`limits.Limits`) reached; 503 the database failing, or a request over `MOST_REQUEST_SECONDS`.
A version is the number of changes made to the game: the view says it, and an answer that gives it lands only
on that view's decision, so two answers to the same decision can't both land.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator, Mapping, MutableMapping, Sequence
from contextlib import asynccontextmanager, contextmanager, suppress
from importlib import resources
from typing import Annotated, Any, Literal

import pydantic_core
from fastapi import FastAPI, Header, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacg.agents import AGENTS
from pacg.campaign.story import WRATH_OF_THE_RIGHTEOUS
from pacg.cards.names import UnknownName
from pacg.cards.text import card_summary
from pacg.cards.vocabulary import MAX_PARTY, CardType
from pacg.seats import default_ai
from pacg.web.campaigns import CampaignService, NewCampaign
from pacg.web.limits import Window
from pacg.web.service import GameService, NewGame, NotFound, TooMany, Unauthorized, Unprocessable, WebError
from pacg.web.store import StoreError

MOST_BODY_BYTES = 16 * 1024  # the largest request: a new game's names, or one action id
MOST_MESSAGE_BYTES = 4 * 1024  # the largest WebSocket message a client may send: a larger one gets an error (413)
MOST_FRAME_BYTES = 16 * MOST_MESSAGE_BYTES  # past it the WebSocket protocol closes the socket (1009), unread
MOST_REQUEST_SECONDS = 10.0
POLL_SECONDS = 1.0  # how often a WebSocket checks the store for changes made by another server process
MOST_INTEGER = 2**63 - 1  # a seed or a version: what a 64-bit integer holds
NAME = Annotated[str, Field(min_length=1, max_length=100)]
ACTION = Annotated[str, Field(min_length=1, max_length=2000)]
VERSION = Annotated[int, Field(ge=1, le=MOST_INTEGER,
                               description="the version of the view answered: refused (409) if not current")]
STRICT = ConfigDict(extra="forbid", strict=True)  # a number is a JSON number, a flag true or false: "3", 1.0 aren't
SHAPE = '{"action": id, "version": n} or {"undo": true, "version": n}'
STATIC = resources.files("pacg.web") / "static"
_log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class NewGameRequest(BaseModel):
    """A game to make: the scenario, the party in turn order (names in any case), the seed, the characters AI
    players play and with which agent, whether the players show each other their hands."""

    model_config = STRICT
    scenario: NAME
    characters: list[NAME] = Field(min_length=1, max_length=MAX_PARTY)
    seed: int | None = Field(None, ge=0, le=MOST_INTEGER)
    ai: list[NAME] = Field(default_factory=list, max_length=MAX_PARTY)
    agent: NAME | None = None
    open_hands: bool = False
    mythic_paths: dict[NAME, NAME] = Field(default_factory=dict, max_length=MAX_PARTY,
                                           description="the mythic path each character holds, by character")


class NewGameResponse(BaseModel):
    id: str
    seats: dict[str, str] = Field(description="each human seat's token, by character")
    links: dict[str, str] = Field(description="each human seat's page, by character: its token after the #")
    spectate: str = Field(description="the page of someone who only watches")


class NewCampaignRequest(BaseModel):
    """A campaign to make: its name, the party in turn order (names in any case), the story (an adventure, or the
    Adventure Path with `adventure_path`; Into the Worldwound when neither), the seed, the characters AI players
    play and with which agent."""

    model_config = STRICT
    name: NAME
    characters: list[NAME] = Field(min_length=1, max_length=MAX_PARTY)
    adventure: NAME | None = None
    adventure_path: bool = False
    seed: int | None = Field(None, ge=0, le=MOST_INTEGER)
    ai: list[NAME] = Field(default_factory=list, max_length=MAX_PARTY)
    agent: NAME | None = None


class NewCampaignResponse(BaseModel):
    id: str
    seats: dict[str, str] = Field(description="each human seat's token, by character: its games' seats have it too")
    links: dict[str, str] = Field(description="each human seat's campaign page, by character: its token after the #")
    watch: str = Field(description="the campaign's page for someone who only watches")


class ActionRequest(BaseModel):
    model_config = STRICT
    action: ACTION
    version: VERSION | None = None


class UndoRequest(BaseModel):
    model_config = STRICT
    version: VERSION | None = None


class SocketMessage(BaseModel):
    """A message a seat sends on the WebSocket: an answer, {"action", "version"?}, or {"undo": true, "version"?}."""

    model_config = STRICT
    action: ACTION | None = None
    undo: Literal[True] | None = None
    version: VERSION | None = None


class _TooLarge(WebError):
    status = 413


class _Unsupported(WebError):
    status = 415


def read_json(text: str | bytes) -> Any:
    """JSON text as data, read by pydantic's reader, which refuses with a ValueError naming what and where (at line
    and column) what Python's would choke on: nesting over 200 deep (a RecursionError), a number of thousands of
    digits, NaN, a lone surrogate. A number too big for a float reads as infinity, which no field takes."""
    return pydantic_core.from_json(text, allow_inf_nan=False)


class _JsonRequest(Request):
    """A request whose JSON body `read_json` reads: what it refuses is a JSON decode error to FastAPI (422)."""

    async def json(self) -> Any:
        body = await self.body()
        try:
            return read_json(body)
        except ValueError as error:
            raise json.JSONDecodeError(str(error), body.decode(errors="replace"), 0) from None


class _JsonRoute(APIRoute):
    """An API route whose requests are `_JsonRequest`s."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def handle(request: Request) -> Response:
            return await handler(_JsonRequest(request.scope, request.receive))

        return handle


def create_app(service: GameService) -> FastAPI:
    """The server's application over a game service (`pacg serve` makes one; tests make their own)."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        await run_in_threadpool(service.close)

    app = FastAPI(title="pacg", summary="Play the Pathfinder Adventure Card Game together, with the rules enforced",
                  lifespan=lifespan)
    app.state.service = service
    app.router.route_class = _JsonRoute
    _errors(app)
    _pages(app)
    made = Window(service.limits.games_per_minute) if service.limits.games_per_minute is not None else None
    _games(app, service, made)
    _campaigns(app, CampaignService(service), made)
    _websocket(app, service)
    app.add_middleware(_Bounded)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(WebError)
    async def refused(_: Request, error: WebError) -> JSONResponse:
        headers = {"Retry-After": str(error.retry_after)} if isinstance(error, TooMany) else None
        return JSONResponse({"detail": error.message}, status_code=error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _said(error.errors(), "the body")}, status_code=422)

    @app.exception_handler(StoreError)
    async def store_failing(_: Request, error: StoreError) -> JSONResponse:
        return JSONResponse({"detail": f"the games' database is failing: {error}"}, status_code=503)


def _said(errors: Sequence[Mapping[str, Any]], whole: str) -> str:
    """Validation errors in one line, each naming its field ("version: Input should be a valid integer; ..."), and
    never the input (it may be what JSON can't say: 1e400 is read as infinity); `whole` names the body or message,
    for an error about it all."""
    return "; ".join(_one_error(error, whole) for error in errors)


def _one_error(error: Mapping[str, Any], whole: str) -> str:
    if error["type"] == "json_invalid":
        return f"{whole} is not JSON: {error.get('ctx', {}).get('error', error['msg'])}"
    where = ".".join(str(part) for part in error["loc"] if part != "body")
    return f"{where or whole}: {error['msg']}"


def _pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/games/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/campaigns/{campaign_id}", include_in_schema=False)
    async def campaign_page(campaign_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))


def _games(app: FastAPI, service: GameService, made: Window | None) -> None:
    library = service.library

    @app.get("/api/setup", summary="What a game can be made of")
    def setup() -> dict[str, Any]:
        return {"scenarios": sorted(card.name for card in library.of_type(CardType.SCENARIO)),
                "characters": sorted(card.name for card in library.of_type(CardType.CHARACTER)),
                "mythic_paths": sorted(card.name for card in library.of_type(CardType.MYTHIC_PATH)),
                "adventures": sorted(card.name for card in library.of_type(CardType.ADVENTURE)),
                "adventure_paths": sorted(card.name for card in library.of_type(CardType.ADVENTURE_PATH)),
                "agents": list(AGENTS), "default_agent": default_ai(), "most_characters": MAX_PARTY}

    @app.get("/api/cards/{name}", summary="A card's text")
    def card(name: str) -> dict[str, Any]:
        try:
            return card_summary(library.get(library.named(name)))
        except UnknownName as error:
            raise NotFound(str(error)) from None

    @app.post("/api/games", status_code=201, response_model=NewGameResponse, summary="Make a game")
    def create(request: NewGameRequest, http: Request) -> NewGameResponse:
        with _counted(made, http.client.host if http.client is not None else "unknown"):
            game_id, tokens = service.create(NewGame(request.scenario, list(request.characters), request.seed,
                                                     list(request.ai), request.agent, request.open_hands,
                                                     dict(request.mythic_paths)))
        return NewGameResponse(id=game_id, seats=tokens,
                               links={seat: f"/games/{game_id}#token={token}" for seat, token in tokens.items()},
                               spectate=f"/games/{game_id}")

    @app.get("/api/games/{game_id}/view", summary="A seat's view (a spectator's without a token)")
    def view(game_id: str, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        return service.view(game_id, service.seat(game_id, _bearer(authorization)))

    @app.get("/api/games/{game_id}/record", summary="The game's record, once it is over")
    def record(game_id: str) -> dict[str, Any]:
        return service.record(game_id)

    @app.post("/api/games/{game_id}/actions", summary="Answer the seat's decision")
    def act(game_id: str, request: ActionRequest, authorization: Annotated[str | None, Header()] = None
            ) -> dict[str, Any]:
        return service.act(game_id, service.seat(game_id, _bearer(authorization)), request.action, request.version)

    @app.post("/api/games/{game_id}/undo", summary="Take back the seat's last answer")
    def undo(game_id: str, request: UndoRequest | None = None,
             authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        return service.undo(game_id, service.seat(game_id, _bearer(authorization)),
                            request.version if request is not None else None)


def _campaigns(app: FastAPI, service: CampaignService, made: Window | None) -> None:
    @app.post("/api/campaigns", status_code=201, response_model=NewCampaignResponse, summary="Make a campaign")
    def create(request: NewCampaignRequest, http: Request) -> NewCampaignResponse:
        if request.adventure is not None and request.adventure_path:
            raise Unprocessable("adventure, adventure_path: give one of them, not both")
        story = WRATH_OF_THE_RIGHTEOUS if request.adventure_path else request.adventure
        with _counted(made, http.client.host if http.client is not None else "unknown"):
            campaign_id, tokens = service.create(NewCampaign(request.name, list(request.characters), story,
                                                             request.seed, list(request.ai), request.agent))
        return NewCampaignResponse(
            id=campaign_id, seats=tokens,
            links={seat: f"/campaigns/{campaign_id}#token={token}" for seat, token in tokens.items()},
            watch=f"/campaigns/{campaign_id}")

    @app.get("/api/campaigns/{campaign_id}", summary="A seat's view of a campaign (a spectator's without a token)")
    def view(campaign_id: str, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        return service.view(campaign_id, service.seat(campaign_id, _bearer(authorization)))

    @app.post("/api/campaigns/{campaign_id}/actions", summary="Answer the seat's question between scenarios")
    def act(campaign_id: str, request: ActionRequest, authorization: Annotated[str | None, Header()] = None
            ) -> dict[str, Any]:
        return service.act(campaign_id, service.seat(campaign_id, _bearer(authorization)), request.action,
                           request.version)

    @app.post("/api/campaigns/{campaign_id}/next", summary="Start the game of the campaign's next scenario")
    def start_next(campaign_id: str, http: Request, request: UndoRequest | None = None,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        place = service.seat(campaign_id, _bearer(authorization))
        with _counted(made, http.client.host if http.client is not None else "unknown"):
            return service.start_next(campaign_id, place, request.version if request is not None else None)


@contextmanager
def _counted(made: Window | None, client: str) -> Iterator[None]:
    """A game the client makes, counted in the window of the games each client made in the last minute (None: no
    limit); TooMany past `Limits.games_per_minute`; not counted if it isn't made."""
    if made is None:
        yield
        return
    wait = made.admit(client)
    if wait:
        raise TooMany(f"a client may make at most {made.most} game{'s' if made.most != 1 else ''} a minute: "
                      f"try again in {max(1, round(wait))} s", wait)
    try:
        yield
    except BaseException:
        made.give_back(client)
        raise


def _bearer(authorization: str | None) -> str | None:
    """The token of an "Authorization: Bearer TOKEN" header (None when there is no header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header is 'Bearer TOKEN', with the seat's token")
    return token.strip()


def _websocket(app: FastAPI, service: GameService) -> None:
    @app.websocket("/api/games/{game_id}/ws")
    async def connection(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            seat = await run_in_threadpool(service.seat, game_id, token)
        except WebError as error:
            await websocket.close(code=4000 + error.status, reason=error.message[:120])
            return
        await _Connection(websocket, service, game_id, seat).run()


class _Connection:
    """One WebSocket: the seat's view pushed after every change to the game (told by the service, or seen in the
    store's version every `POLL_SECONDS` when another server process made it), and the seat's answers taken."""

    def __init__(self, websocket: WebSocket, service: GameService, game_id: str, seat: str | None) -> None:
        self.websocket, self.service, self.game_id, self.seat = websocket, service, game_id, seat
        self.sent = 0  # the version of the last view sent
        self.changes: asyncio.Queue[int] = asyncio.Queue()
        self.loop = asyncio.get_running_loop()

    def listener(self, version: int) -> None:
        """Told by the service, on whichever thread made the change."""
        self.loop.call_soon_threadsafe(self.changes.put_nowait, version)

    async def run(self) -> None:
        self.service.listen(self.game_id, self.listener)
        pushing = asyncio.create_task(self._push())
        try:
            await self._take_answers()
        except WebSocketDisconnect:
            pass
        except Exception:  # the server's fault: logged, and the socket closed for the client to connect again
            _log.exception("a WebSocket of game %s failed", self.game_id)
            with suppress(WebSocketDisconnect, RuntimeError):
                await self.websocket.close(code=1011, reason="the server failed: connect again")
        finally:
            self.service.unlisten(self.game_id, self.listener)
            pushing.cancel()
            with suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await pushing

    async def _push(self) -> None:
        """Send the view now and after every change; if that fails for another reason than the client leaving (the
        database failing), close the socket (1011), so the client connects again and is sent the current view,
        rather than leave it open and silent."""
        try:
            await self._send_view()
            while True:
                try:
                    version: int | None = await asyncio.wait_for(self.changes.get(), POLL_SECONDS)
                except TimeoutError:
                    version = await run_in_threadpool(self.service.version, self.game_id)
                if version is not None and version > self.sent:
                    await self._send_view()
        except (WebSocketDisconnect, asyncio.CancelledError):
            raise
        except Exception as failure:
            _log.warning("a WebSocket of game %s is closed: %s", self.game_id, failure)
            await self.websocket.close(code=1011, reason="the server failed: connect again")

    async def _send_view(self) -> None:
        view = await run_in_threadpool(self.service.view, self.game_id, self.seat)
        await self._send_if_newer(view)

    async def _send_if_newer(self, view: dict[str, Any]) -> None:
        if view["version"] > self.sent:
            self.sent = view["version"]
            await self.websocket.send_json({"type": "view", **view})

    async def _take_answers(self) -> None:
        """Answer each message: the seat's new view, or an error saying what is wrong with it (the socket stays
        open), until the client leaves."""
        while True:
            frame = await self.websocket.receive()
            if frame["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
            try:
                view = await self._answer(_socket_message(frame))
            except WebError as error:
                await self._send_error(error.status, error.message)
            except StoreError as error:
                await self._send_error(503, f"the games' database is failing: {error}")
            else:
                await self._send_if_newer(view)

    async def _answer(self, message: SocketMessage) -> dict[str, Any]:
        if message.undo:
            return await run_in_threadpool(self.service.undo, self.game_id, self.seat, message.version)
        assert message.action is not None  # `_socket_message`: one or the other
        return await run_in_threadpool(self.service.act, self.game_id, self.seat, message.action, message.version)

    async def _send_error(self, status: int, detail: str) -> None:
        await self.websocket.send_json({"type": "error", "status": status, "detail": detail})


def _socket_message(frame: Message) -> SocketMessage:
    """The message a WebSocket frame ("websocket.receive") brings, checked: else a WebError with the status HTTP
    would give and what is wrong, where."""
    text = frame.get("text")
    if text is None:
        raise _Unsupported(f"a message is a text frame of JSON, not a binary one: {SHAPE}")
    size = len(text.encode())
    if size > MOST_MESSAGE_BYTES:
        raise _TooLarge(f"a message is at most {MOST_MESSAGE_BYTES} bytes: this one is {size}")
    try:
        data = read_json(text)
    except ValueError as error:
        raise WebError(f"a message is JSON, {SHAPE}: {error}") from None
    try:
        message = SocketMessage.model_validate(data)
    except ValidationError as error:
        raise Unprocessable(f"{_said(error.errors(include_input=False), 'the message')} (a message is {SHAPE})"
                            ) from None
    if (message.action is None) == (message.undo is None):
        raise Unprocessable(f"a message is {SHAPE}: an action or an undo")
    return message


class _Bounded:
    """Every HTTP request bounded: a body over `MOST_BODY_BYTES` is refused (413) before the application reads
    it, and a request that takes over `MOST_REQUEST_SECONDS` gets 503."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body = await self._body(receive)
        if body is None:
            await _json(send, 413, f"a request's body is at most {MOST_BODY_BYTES} bytes")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the client's disconnect

        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        try:
            await asyncio.wait_for(self.app(scope, replay, sending), MOST_REQUEST_SECONDS)
        except TimeoutError:
            if not started:
                await _json(send, 503, f"the request took over {MOST_REQUEST_SECONDS:g} seconds")

    async def _body(self, receive: Receive) -> bytes | None:
        """The whole body, or None once it is over the bound."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MOST_BODY_BYTES:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


async def _json(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

