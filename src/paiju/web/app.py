"""The web server: the page, the API and the WebSocket of the browser tables (docs/server.md).

Routes only: every decision is the table model's (:mod:`paiju.web.tables`). Errors are
``{"error": reason}`` with a 4xx status, never a traceback.
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
from paiju.web.hub import Hub
from paiju.web.messages import dumps, error_message, text_of
from paiju.web.store import Store
from paiju.web.tables import Config, Receiver, Table

STATIC = Path(__file__).resolve().parent / "static"
#: WebSocket close codes: 4000 + the HTTP status that says why.
WS_REFUSED = 4000
#: The largest request body and WebSocket message read, in bytes.
MAX_BODY = 64 * 1024


def create_app(db: str | Path, config: Config | None = None) -> FastAPI:
    """The server's application on the SQLite file ``db``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db)
        app.state.hub = Hub(store, config)
        collector = Collector()
        collector.start()
        try:
            yield
        finally:
            collector.stop()
            app.state.hub.close()
            store.close()

    app = FastAPI(title="paiju", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)

    @app.exception_handler(WebError)
    async def refused(_: Request, err: WebError) -> JSONResponse:
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
        return games_info()

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        table = hub().create(await body_of(request))
        return {"table": table.id, "url": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}")
    async def info(table_id: str) -> dict[str, Any]:
        return hub().get(table_id).info()

    @app.post("/api/tables/{table_id}/seats/{player}")
    async def take_seat(table_id: str, player: str, request: Request) -> dict[str, Any]:
        table = hub().get(table_id)
        body = await body_of(request)
        if not isinstance(body, dict):
            raise WebError(400, 'taking a seat needs {"name": ...}')
        n = seat_number(player)
        return {"player": n, "token": table.take_seat(n, body.get("name"))}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str) -> dict[str, Any]:
        table = hub().get(table_id)
        table.start()
        return table.info()

    @app.get("/api/tables/{table_id}/hands/{hand}/record")
    async def record(table_id: str, hand: str) -> dict[str, Any]:
        if not hand.isdigit():
            raise WebError(404, f"hands are numbered from 1, not {hand!r}")
        return hub().record(table_id, int(hand))

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table = hub().get(table_id)
            receiver = table.connect(websocket.query_params.get("token"))
        except WebError as err:
            await websocket.send_text(dumps(error_message(err.reason)))
            await websocket.close(WS_REFUSED + err.status, err.reason[:100])
            return
        try:
            await serve_connection(websocket, table, receiver)
        finally:
            table.disconnect(receiver)

    # ------------------------------------------------------------ the pages

    @app.get("/")
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


def page(name: str) -> FileResponse:
    path = STATIC / name
    if not path.is_file():
        raise WebError(404, f"the page {name} is missing from this installation")
    return FileResponse(path, media_type="text/html")


async def body_of(request: Request) -> Any:
    """The request's JSON body; ``WebError(400)`` if it is not JSON."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise WebError(413, f"the request is larger than {MAX_BODY} bytes")
    return loads(raw)


def loads(raw: str | bytes) -> Any:
    try:
        return json.loads(raw or b"null")
    except json.JSONDecodeError as err:
        raise WebError(400, f"the request is not valid JSON (line {err.lineno} column "
                            f"{err.colno}: {err.msg})") from None
    except UnicodeDecodeError:
        raise WebError(400, "the request is not valid JSON (not UTF-8 text)") from None


def seat_number(text: str) -> int:
    if not text.isdigit():
        raise WebError(404, f"seats are numbered from 0, not {text!r}")
    return int(text)


async def serve_connection(websocket: WebSocket, table: Table, receiver: Receiver) -> None:
    """Send the receiver's queue out and read its messages in, until either side closes."""

    async def write() -> None:
        while True:
            await websocket.send_text(text_of(await receiver.queue.get()))

    writer = asyncio.get_running_loop().create_task(write())
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text") or frame.get("bytes") or b""
            if len(raw) > MAX_BODY:
                receiver.send(error_message(f"a message is at most {MAX_BODY} bytes"))
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
