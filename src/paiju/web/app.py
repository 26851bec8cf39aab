"""The web server: the page, the API and the WebSocket of the browser tables (docs/server.md).

Routes only: every decision is the table model's (:mod:`paiju.web.tables`). Errors are
``{"error": reason}`` with a 4xx status, never a traceback. What a client sends is bounded
as it is read (:mod:`paiju.web.limits`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from paiju.web.catalog import WebError, games_info
from paiju.web.collect import Collector
from paiju.web.headers import Guarded
from paiju.web.hub import Hub
from paiju.web.learn import router as learn_router
from paiju.web.lease import RETRY_AFTER
from paiju.web.limits import LimitError, utf8_size, whole_number
from paiju.web.messages import dumps, error_message, text_of
from paiju.web.sentences import error_text
from paiju.web.store import Owner, open_store, owner_of
from paiju.web.tables import Config, Receiver, Table

STATIC = Path(__file__).resolve().parent / "static"
#: WebSocket close codes: 4000 + the HTTP status that says why.
WS_REFUSED = 4000
#: The close code of a connection cut off for sending too much or reading too little.
WS_FLOODED = 4429


def create_app(db: str | Path, config: Config | None = None,
               owner: Owner | None = None, name: str | None = None,
               lease: float | None = None) -> FastAPI:
    """The server's application on ``db``: a SQLite file, or a ``postgresql://`` address.

    The process becomes the database's one server at once (``OwnerError`` if another
    process is), or takes ``owner``, a lock already held. On PostgreSQL it is one of any
    number of servers, ``name`` in its tables' leases of ``lease`` seconds (docs/deploy.md).
    """
    config = config or Config()
    lock = owner or owner_of(db)
    max_body = config.limits.max_body

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = open_store(db, name, lease)
        app.state.hub = Hub(store, config)
        collector = Collector()
        collector.start()
        try:
            yield
        finally:
            collector.stop()
            app.state.hub.close()
            store.close()
            lock.release()

    app = FastAPI(title="paiju", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)

    @app.exception_handler(WebError)
    async def refused(_: Request, err: WebError) -> JSONResponse:
        # a body refused unread is not read to its end: the connection closes instead
        headers = ({"Connection": "close"} if err.status == 413 else
                   {"Retry-After": str(RETRY_AFTER)} if err.status == 503 else None)
        body: dict[str, Any] = {"error": err.reason}
        said = getattr(err.reason, "text", None) or error_text(err.reason)
        if said is not None:  # the reason in every language, for the page
            body["error_text"] = said
        return JSONResponse(body, status_code=err.status, headers=headers)

    @app.exception_handler(LimitError)
    async def limited(_: Request, err: LimitError) -> JSONResponse:
        return JSONResponse({"error": err.reason}, status_code=err.status)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, err: HTTPException) -> JSONResponse:
        reason = {404: "there is no such page", 405: "this address does not take that method"}
        return JSONResponse({"error": reason.get(err.status_code, str(err.detail))},
                            status_code=err.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "the request is not well formed"}, status_code=400)

    def hub() -> Hub:
        found: Hub = app.state.hub
        return found

    # ------------------------------------------------------------ the API

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return games_info(config.limits)

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        body = await body_of(request, max_body)
        table = await hub().create(body, client_of(request))
        return {"table": table.id, "url": f"/t/{table.id}", "creator": table.creator}

    @app.get("/api/tables/{table_id}")
    async def info(table_id: str) -> dict[str, Any]:
        return (await hub().get(table_id)).info()

    @app.post("/api/tables/{table_id}/seats/{player}")
    async def take_seat(table_id: str, player: str, request: Request) -> dict[str, Any]:
        body = await body_of(request, max_body)
        table = await hub().get(table_id)
        if not isinstance(body, dict):
            raise WebError(400, 'taking a seat needs {"name": ...}')
        n = seat_number(player)
        return {"player": n, "token": await table.take_seat(n, body.get("name"))}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request, max_body)
        table = await hub().get(table_id)
        token = body.get("token") if isinstance(body, dict) else None
        await table.start(token)
        return table.info()

    @app.post("/api/tables/{table_id}/seats/{player}/free")
    async def free_seat(table_id: str, player: str, request: Request) -> dict[str, Any]:
        body = await body_of(request, max_body)
        table = await hub().get(table_id)
        token = body.get("token") if isinstance(body, dict) else None
        await table.free_seat(seat_number(player), token)
        return table.info()

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request, max_body)
        if not isinstance(body, dict):
            raise WebError(400, 'playing again needs {"token": ..., "carry": true|false}')
        return await hub().rematch(table_id, body.get("token"), body.get("carry", False))

    @app.get("/api/lobby")
    async def lobby() -> dict[str, Any]:
        return await hub().lobby.listing()

    @app.get("/api/tables/{table_id}/hands/{hand}/record")
    async def record(table_id: str, hand: str) -> dict[str, Any]:
        number = whole_number(hand)
        if number is None:
            raise WebError(404, f"hands are numbered from 1, not {hand[:20]!r}")
        table = await hub().get(table_id)
        if not table.over:
            raise WebError(409, "the session is not over: a hand's full record, with the "
                                "cards the rules keep face down, is served once it is (each "
                                "seat was sent the hand as it saw it when the hand ended)")
        return await hub().record(table_id, number)

    @app.websocket("/ws/lobby")
    async def watch_lobby(websocket: WebSocket) -> None:
        await websocket.accept()
        queue = hub().lobby.watch()
        reader = asyncio.get_running_loop().create_task(_drain(websocket))
        try:
            while True:
                getting = asyncio.ensure_future(queue.get())
                await asyncio.wait({getting, reader}, return_when=asyncio.FIRST_COMPLETED)
                if reader.done():
                    getting.cancel()
                    break
                message = getting.result()
                if message is None:
                    await websocket.close(WS_FLOODED, "too far behind: reconnect")
                    break
                await websocket.send_text(text_of(message))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub().lobby.leave(queue)
            reader.cancel()

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table = await hub().get(table_id)
            receiver = table.connect(websocket.query_params.get("token"))
        except WebError as err:
            await websocket.send_text(dumps(error_message(err.reason)))
            await websocket.close(WS_REFUSED + err.status, err.reason[:100])
            return
        try:
            await serve_connection(websocket, table, receiver, max_body)
        finally:
            table.disconnect(receiver)

    # ------------------------------------------------------------ the pages

    @app.get("/")
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        try:
            await hub().get(table_id)
        except WebError as err:
            if err.status != 404:
                raise
            return page("missing.html", 404)
        return page("table.html")

    app.include_router(learn_router)  # the "How to play" pages
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.add_middleware(Guarded, sites=config.limits.origins,  # headers, Origin, budgets
                       requests=config.limits.requests_per_second,
                       websockets=config.limits.websockets_per_second)
    return app


def page(name: str, status: int = 200) -> FileResponse:
    path = STATIC / name
    if not path.is_file():
        raise WebError(404, f"the page {name} is missing from this installation")
    return FileResponse(path, status_code=status, media_type="text/html")


async def _drain(websocket: WebSocket) -> None:
    """Read a lobby watcher's messages (it has nothing to say) until it closes."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


def client_of(request: Request) -> str:
    """The address a request came from (a trusted proxy's ``X-Forwarded-For`` applied by
    uvicorn's ``--forwarded-allow-ips``)."""
    return request.client.host if request.client else ""


async def body_of(request: Request, limit: int) -> Any:
    """The request's JSON body, read no further than ``limit`` bytes (``WebError(413)``
    past it, before the rest is read); ``WebError(415)`` for a body not sent as
    ``application/json`` (a form or text that another site's page may send unasked),
    ``WebError(400)`` if it is not JSON."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise WebError(413, f"the request is larger than {limit} bytes")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise WebError(413, f"the request is larger than {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if raw and kind != "application/json":
        raise WebError(415, "a request's body is JSON, sent as Content-Type: application/json")
    return loads(raw)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(raw: str | bytes) -> Any:
    """JSON as a client sent it; ``WebError(400)`` with the reason if it is not JSON, nests
    too deep, or writes ``NaN`` or ``Infinity``."""
    try:
        return json.loads(raw or b"null", parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise WebError(400, f"the request is not valid JSON (line {err.lineno} column "
                            f"{err.colno}: {err.msg})") from None
    except UnicodeDecodeError:
        raise WebError(400, "the request is not valid JSON (not UTF-8 text)") from None
    except RecursionError:
        raise WebError(400, "the request nests its JSON too deep") from None
    except ValueError as err:
        raise WebError(400, f"the request is not valid JSON ({err})") from None


def seat_number(text: str) -> int:
    number = whole_number(text)
    if number is None:
        raise WebError(404, f"seats are numbered from 0, not {text[:20]!r}")
    return number


async def serve_connection(websocket: WebSocket, table: Table, receiver: Receiver,
                           max_body: int) -> None:
    """Send the receiver's queue out and read its messages in, until either side closes.

    A connection that leaves its queue unread past its limit is closed (4429; one that
    sends faster than its rate is cut off before, by :mod:`paiju.web.guard`); an
    over-long message is refused and nothing else happens.
    """

    async def write() -> None:
        while True:
            message = await receiver.queue.get()
            if message.get("type") == "cut":  # too far behind, or the table moved
                await websocket.close(message.get("code", WS_FLOODED),
                                      message.get("reason", "too far behind: reconnect"))
                return
            await websocket.send_text(text_of(message))

    writer = asyncio.get_running_loop().create_task(write())
    try:
        while not writer.done():
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text") or frame.get("bytes") or b""
            if utf8_size(raw) > max_body:
                receiver.send(error_message(f"a message is at most {max_body} bytes"))
                continue
            try:
                message = loads(raw)
            except WebError as err:
                receiver.send(error_message(err.reason))
                continue
            await table.handle(receiver, message)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        writer.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await writer
