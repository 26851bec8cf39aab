"""The meeting place, server side: the lobby of public tables, a computer's seat taken
between hands, a stand-in's seat freed by the creator, rematch, and the table's chat."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Server, make_hub, next_message, play_as
from websockets.asyncio.client import connect

from paiju.web.catalog import WebError
from paiju.web.chat import MAX_CHAT
from paiju.web.tables import Receiver, Table


def drain(receiver: Receiver) -> list[dict[str, Any]]:
    out = []
    while not receiver.queue.empty():
        out.append(receiver.queue.get_nowait())
    return out


async def play_hand(table: Table, receiver: Receiver, rng: random.Random) -> None:
    """Play the receiver's seat at random until the hand is over."""
    while not table.between:
        message = await next_message(receiver)
        if message["type"] == "state" and message["legal"] and receiver.queue.empty():
            await table.handle(receiver, {"type": "act", "action": rng.choice(message["legal"])})


def test_the_lobby_lists_public_tables_live_and_shows_no_secret(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3").start()
    try:
        public = server.post("/api/tables", {
            "game": "daifugo", "players": 4, "hands": 2, "name": "Friday night",
            "public": True, "seats": ["human", "human", "random", "heuristic"]}).json()
        private = server.post("/api/tables", {"game": "lukfu", "players": 3,
                                              "seats": ["human", "random", "random"]}).json()
        listed = server.get("/api/lobby").json()["tables"]
        assert [t["table"] for t in listed] == [public["table"]]
        entry = listed[0]
        assert (entry["name"], entry["game"], entry["preset"], entry["free"], entry["people"],
                entry["computers"]) == ("Friday night", "daifugo", "popular", 2, 0, 2)
        assert private["table"] not in json.dumps(listed)
        bad = server.post("/api/tables", {"game": "lukfu", "public": "yes"})
        assert bad.status_code == 400 and "'public' must be true or false" in bad.json()["error"]

        async def watch() -> dict[str, Any]:
            async with connect(f"{server.ws}/ws/lobby") as ws:
                first = json.loads(await ws.recv())
                assert first["type"] == "lobby" and first["tables"][0]["free"] == 2
                seat = server.post(f"/api/tables/{public['table']}/seats/0", {"name": "Ann"})
                token = seat.json()["token"]
                while True:
                    update = json.loads(await asyncio.wait_for(ws.recv(), 15))
                    if update["tables"][0]["free"] == 1:
                        assert token not in json.dumps(update)
                        assert public["creator"] not in json.dumps(update)
                        return dict(update["tables"][0])

        seen = asyncio.run(watch())
        assert seen["people"] == 1 and [s["name"] for s in seen["seats"]][:2] == ["Ann", "Seat 2"]
    finally:
        server.stop()


def test_a_late_friend_takes_a_computers_seat_between_hands(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3", next_delay=60)
        table = await hub.create({"game": "daifugo", "players": 3, "hands": 2,
                                  "seats": ["human", "heuristic", "heuristic"]})
        ann = table.connect(await table.take_seat(0, "Ann"))
        with pytest.raises(WebError) as err:
            await table.take_seat(1, "Bea")  # in play: the computer's
        assert err.value.status == 409 and "between hands" in err.value.reason
        await play_hand(table, ann, random.Random(2))
        token = await table.take_seat(1, "Bea")
        assert table.seats[1].kind == "human" and 1 not in table.bots
        bea = table.connect(token)
        stored = hub.store.load(table.id)
        assert stored is not None and (stored.seats[1].kind, stored.seats[1].name) == (
            "human", "Bea")
        await table.handle(ann, {"type": "next"})
        await table.handle(bea, {"type": "next"})
        assert table.hand == 2 and not table.between
        for r in (ann, bea):  # the first hand's end, read; the position sent again
            drain(r)
            r.last = None
        table.broadcast()
        rng = random.Random(3)
        await asyncio.gather(play_as(table, ann, rng), play_as(table, bea, random.Random(4)))
        assert table.over and "human" in [b for b, m in zip(table.by, table.movers,
                                                             strict=True)
                                          if table.seat_players[m] == 1]
        hub.close()

    asyncio.run(run())


def test_the_creator_frees_an_away_persons_seat_for_another(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3", grace=0.05)
        table = await hub.create({"game": "lukfu", "players": 3, "hands": 1,
                                  "seats": ["human", "human", "random"]})
        ann = table.connect(await table.take_seat(0, "Ann"))
        old = await table.take_seat(1, "Bob")
        with pytest.raises(WebError) as err:
            await table.free_seat(1, "not the creator")
        assert err.value.status == 403
        await asyncio.sleep(0.2)  # Bob never came: the computer stands in
        assert 1 in table.away
        await table.free_seat(1, table.creator)
        with pytest.raises(WebError):
            table.connect(old)  # Bob's old link no longer holds the seat
        new = await table.take_seat(1, "Cy")
        cy = table.connect(new)
        assert 1 not in table.away and table.name_of(1) == "Cy"
        await asyncio.gather(play_as(table, ann, random.Random(1)),
                             play_as(table, cy, random.Random(2)))
        assert table.over
        hub.close()

    asyncio.run(run())


def test_rematch_seats_the_same_people_at_a_new_table_with_the_totals_carried(
        tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "daifugo", "players": 3, "hands": 1,
                                  "seats": ["human", "human", "heuristic"]})
        tokens = [await table.take_seat(0, "Ann"), await table.take_seat(1, "Bea")]
        people = [table.connect(t) for t in tokens]
        await asyncio.gather(play_as(table, people[0], random.Random(1)),
                             play_as(table, people[1], random.Random(2)))
        assert table.over
        with pytest.raises(WebError) as err:
            await hub.rematch(table.id, "stranger", True)
        assert err.value.status == 403
        first = await hub.rematch(table.id, tokens[1], True)
        assert first["player"] == 1 and first["creator"]
        assert any(m["type"] == "rematch" and m["table"] == first["table"]
                   for m in drain(people[0]))
        again = await hub.rematch(table.id, tokens[0], True)
        assert again["table"] == first["table"] and "creator" not in again
        new = await hub.get(first["table"])
        assert new.started and [s.name for s in new.seats][:2] == ["Ann", "Bea"]
        assert new.totals() == table.totals()  # carried over
        assert new.settings.seats == ("human", "human", "heuristic")
        hub.close()

    asyncio.run(run())


def test_chat_is_bounded_and_spectators_write_only_if_the_table_allows(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "lukfu", "players": 3,
                                  "seats": ["human", "human", "random"]})
        ann = table.connect(await table.take_seat(0, "Ann"))
        watcher = table.connect(None)
        drain(ann), drain(watcher)
        await table.handle(ann, {"type": "chat", "text": "  <b>hello</b>   all "})
        said = [m for m in drain(watcher) if m["type"] == "chat"]
        assert said and said[0]["text"] == "<b>hello</b> all" and said[0]["name"] == "Ann"
        await table.handle(watcher, {"type": "chat", "text": "hi"})
        assert "spectators may read the chat" in drain(watcher)[-1]["reason"]
        for bad, why in [("x" * (MAX_CHAT + 1), "at most"), ("", "needs some text"),
                         ("a\u202eb", "invisible")]:
            ann.chat.take = lambda: True  # type: ignore[method-assign]
            await table.handle(ann, {"type": "chat", "text": bad})
            assert why in drain(ann)[-1]["reason"]
        await table.handle(ann, {"type": "react", "reaction": "bravo"})
        assert drain(ann)[-1]["reaction"] == "bravo"
        await table.handle(ann, {"type": "react", "reaction": "<script>"})
        assert "a reaction is one of" in drain(ann)[-1]["reason"]
        late = table.connect(None)
        log = [m for m in drain(late) if m["type"] == "chat_log"]
        assert [m.get("text") or m.get("reaction") for m in log[0]["messages"]] == [
            "<b>hello</b> all", "bravo"]
        hub.close()

    asyncio.run(run())


def test_chat_floods_are_refused(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "lukfu", "players": 3, "spectators_chat": True,
                                  "seats": ["human", "random", "random"]})
        watcher = table.connect(None)
        for n in range(10):
            await table.handle(watcher, {"type": "chat", "text": f"spam {n}"})
        said = drain(watcher)
        other = table.connect(None)
        assert [m["spectator"] for m in said if m["type"] == "chat"] == [1] * 5
        assert other.spectator == 2  # spectators are told apart by number
        assert sum(m["type"] == "chat" for m in said) == 5  # the burst
        assert sum("one chat message a second" in m.get("reason", "") for m in said) == 5
        hub.close()

    asyncio.run(run())


@pytest.mark.parametrize(("game", "players"), [("lukfu", 3), ("daifugo", 4)])
def test_a_guided_hand_says_at_each_turn_what_may_be_done_and_why_not(
        tmp_path: Path, game: str, players: int) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        guided = barred = 0
        for _ in range(3):  # a card the seat cannot use turns up in nearly every hand
            if barred:
                break
            table = await hub.create({"game": game, "players": players, "hands": 1,
                                      "guided": True,
                                      "seats": ["human"] + ["heuristic"] * (players - 1)})
            ann = table.connect(await table.take_seat(0, "Ann"))
            counts = await play_guided(table, ann, random.Random(8))
            guided, barred = guided + counts[0], barred + counts[1]
        assert guided > 0 and barred > 0
        hub.close()

    asyncio.run(run())


async def play_guided(table: Table, ann: Receiver, rng: random.Random) -> tuple[int, int]:
    """Play Ann's seat of a guided hand to its end, checking every guide; how many turns
    were guided, and how many cards were barred with a reason."""
    guided = barred = 0
    while not table.between:
        message = await next_message(ann)
        if message["type"] != "state":
            continue
        if not (message["legal"] and ann.queue.empty()):
            assert "guide" not in message  # only on the person's own turn
            continue
        said = message["guide"]
        guided += 1
        shown = [m["action"] for m in said["moves"]]
        assert shown == message["legal"][:len(shown)]
        assert len(shown) + said["more"] == len(message["legal"])
        assert all(set(m["text"]) >= {"en", "zh_Hant", "ja"} for m in said["moves"])
        hand = set(message["view"]["hand"])
        assert set(said["barred"]) <= hand  # only the seat's own cards
        for reasons in said["barred"].values():
            barred += 1
            assert reasons["en"] and set(reasons) >= {"en", "zh_Hant", "ja"}
        await table.handle(ann, {"type": "act", "action": rng.choice(message["legal"])})
    return guided, barred
