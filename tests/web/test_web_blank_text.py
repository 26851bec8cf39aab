"""Names and chat refuse text that renders blank (the Hangul fillers, text of marks and spaces
alone) and letters under a pile of combining marks, over real sockets to a real
``paiju serve``; a name or message of any script with its usual accents passes."""

from __future__ import annotations

import asyncio
import json
import unicodedata
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from web_helpers import Server
from websockets.asyncio.client import connect

from paiju.web.limits import BLANK_CHARACTERS, MAX_MARKS, unreadable

FILLERS = "".join(BLANK_CHARACTERS)

BLANK = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "Ann\u3164", "\u3164 \u3164",
         "\u0301\u0301", " \u034f ", "a\u034fb"]
PILED = ["e" + "\u0301" * (MAX_MARKS + 1), "Z" + "\u0336\u0337" * 100]
FINE = ["Ann", "陳太", "ケンジ", "Nguyễn", unicodedata.normalize("NFD", "Nguyễn Ngọc"),
        "한국", "नमस्ते", "Zoë", "a" + "\u0301" * MAX_MARKS]


def table_of(server: Server) -> str:
    made = server.post("/api/tables", {"game": "daifugo", "players": 3,
                                       "seats": ["human", "human", "random"],
                                       "spectators_chat": True})
    table: str = made.json()["table"]
    return table


def test_a_name_that_renders_blank_or_piled_is_refused(server: Server) -> None:
    table = table_of(server)
    for name in BLANK + PILED:
        got = server.post(f"/api/tables/{table}/seats/0", {"name": name})
        assert got.status_code == 400, (name, got.json())
        assert got.json()["error_text"]["ja"]  # said in every language
        made = server.post("/api/tables", {"game": "daifugo", "name": name})
        assert made.status_code == 400, (name, made.json())


def test_a_name_with_its_usual_accents_passes(server: Server) -> None:
    for name in FINE:
        got = server.post(f"/api/tables/{table_of(server)}/seats/0", {"name": name})
        assert got.status_code == 200, (name, got.json())


def test_a_chat_that_renders_blank_or_piled_is_refused_and_not_sent(server: Server) -> None:
    table = table_of(server)
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]

    async def chats(ws: Any, seconds: float = 0.5) -> list[dict[str, Any]]:
        out = []
        try:
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), seconds))
                if message["type"] in ("chat", "error"):
                    out.append(message)
        except TimeoutError:
            return out

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{table}?token={token}") as ann, \
                connect(f"{server.ws}/ws/{table}") as watcher:
            await chats(watcher)
            for text in ["\u3164", "\u115f", "\u2800\u2800", "\u0301", PILED[0]]:
                await ann.send(json.dumps({"type": "chat", "text": text}))
                said = await chats(ann, 1.2)  # one chat a second
                assert [m["type"] for m in said] == ["error"], (text, said)
            await ann.send(json.dumps({"type": "chat", "text": "Nguyễn \u3164 hi"}))
            assert [m["type"] for m in await chats(ann, 1.2)] == ["error"]
            await ann.send(json.dumps({"type": "chat", "text": "gg Nguyễn"}))
            seen = await chats(watcher, 1.2)
            assert [m.get("text") for m in seen] == ["gg Nguyễn"]

    asyncio.run(run())


@given(st.text(st.characters(categories=("Mn", "Me", "Zs")), min_size=1, max_size=30))
def test_marks_and_spaces_alone_are_never_readable(text: str) -> None:
    assert unreadable(text) is not None


@given(st.text(st.characters(categories=("L", "N", "P"), exclude_characters=FILLERS),
               min_size=1, max_size=30))
def test_letters_digits_and_punctuation_are_readable(text: str) -> None:
    assert unreadable(text) is None
