"""The quick paths of the state message give what the slow ones gave.

The aged marks come from the engine's quick answer (``LukFuState.aged``) instead of the
seat's own reasoning from its view; the legal actions from the view's JSON when it lists
them; a message's JSON text is made once. Whole Luk Fu sessions check the first against
the reference at every state sent, in both ``aged_knowledge`` modes.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from web_helpers import make_hub

from paiju.table.present import Seen
from paiju.web import messages
from paiju.web.tables import Receiver, Table


def marked(message: dict[str, Any]) -> set[str]:
    return {token for token, info in message["cards"].items() if info["aged"]}


async def play_comparing(table: Table, rng: random.Random) -> tuple[int, int]:
    """Play the session with every seat a person; after each action compare every seat's
    last state with its view's own reasoning. Returns (states compared, with aged cards)."""
    people = [table.connect(await table.take_seat(p, f"P{p}"))
              for p in range(table.settings.players)]
    compared = with_aged = 0
    while not table.over:
        latest: dict[int, dict[str, Any]] = {}
        for r in people:
            while not r.queue.empty():
                message = r.queue.get_nowait()
                if message["type"] == "state":
                    assert r.player is not None
                    latest[r.player] = message
        if table.between:
            for r in people:
                await table.handle(r, {"type": "next"})
            continue
        assert table.state is not None
        for player, message in latest.items():
            view = table.state.view(table.seat_players.index(player))
            reference = messages.aged_tokens(table.context(), Seen(view, view.to_json()))
            assert marked(message) == reference, (player, message["view"]["actions"])
            assert message["legal"] == [a.to_json() for a in view.legal_actions()]
            compared += 1
            with_aged += bool(reference)
        mover = next(p for p in people
                     if p.player is not None and latest.get(p.player, {}).get("legal"))
        assert mover.player is not None
        action = rng.choice(latest[mover.player]["legal"])
        await table.handle(mover, {"type": "act", "action": action})
    return compared, with_aged


@pytest.mark.parametrize(("preset", "players"), [("hongkong", 4), ("hongkong", 3),
                                                 ("gloucester", 4), ("sung", 3)])
def test_the_aged_marks_are_the_seats_own_reasoning(
        tmp_path: Path, preset: str, players: int) -> None:
    async def run() -> tuple[int, int]:
        hub = make_hub(tmp_path / "db.sqlite3", next_delay=60)
        table = await hub.create({"game": "lukfu", "rules": preset, "players": players,
                            "seats": ["human"] * players, "hands": 3})
        try:
            return await play_comparing(table, random.Random(f"{preset}{players}"))
        finally:
            hub.close()

    compared, with_aged = asyncio.run(run())
    assert compared > 60 and with_aged > 10


def test_a_state_message_is_written_once_and_not_sent_twice() -> None:
    async def run() -> None:
        message = messages.Message({"type": "state", "hand": 1, "name": "六虎"})
        text = messages.text_of(message)
        assert json.loads(text) == dict(message) and "六虎" in text
        assert messages.text_of(message) is text
        receiver = Receiver(0)
        receiver.send(message)
        receiver.send(messages.Message(message))  # equal: not sent again
        receiver.send({**message, "hand": 2})
        receiver.send({"type": "pong"})
        receiver.send({"type": "pong"})
        sent = [receiver.queue.get_nowait() for _ in range(receiver.queue.qsize())]
        assert [m.get("hand") for m in sent] == [1, 2, None, None]

    asyncio.run(run())


def test_the_card_walk_reads_any_mapping_and_only_card_keys() -> None:
    view: Mapping[str, Any] = MappingProxyType({
        "hand": ("1S", "2S"), "seat": 0, "phase": "play", "names": ["9S"],
        "actions": [{"seat": 1, "do": "play", "cards": ["3S"]}, {"seat": 2, "count": 1}],
        "top": MappingProxyType({"meld": "pair", "cards": ["4S", "5S"]}), "won": [["6S"], []],
    })
    assert messages.card_tokens(view) == {"1S", "2S", "3S", "4S", "5S", "6S"}
    assert messages.card_tokens([{"cards": ["7S"]}, "8S"]) == {"7S"}
    assert messages.card_tokens(["8S"], inside=True) == {"8S"}


def test_a_message_is_the_same_json_with_or_without_orjson(
        monkeypatch: pytest.MonkeyPatch) -> None:
    message = {"type": "state", "names": ["六虎", "Ann"], "totals": [1.5, -2], "view": None,
               "cards": {"9Sip": {"en": "9Sip", "native": "九拾", "red": True}}}
    fast = messages.dumps(message)
    monkeypatch.setattr(messages, "_orjson", None)
    slow = messages.dumps(message)
    assert json.loads(fast) == json.loads(slow) == message
    assert "六虎" in slow and "六虎" in fast
