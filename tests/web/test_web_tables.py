"""The table model on a real SQLite file: sessions, seats, computer players, grace, clock,
and a table rebuilt from the store exactly as it stood."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (
    assert_seen_as,
    make_hub,
    next_message,
    play_as,
    table_seat_of,
    your_turn,
)

from paiju.core.referee import referee
from paiju.web.catalog import WebError
from paiju.web.hub import Hub
from paiju.web.sentences import table_note
from paiju.web.store import SeatRow, Store, TableRow
from paiju.web.tables import Config, Receiver, Table


def settings(game: str, players: int, seats: list[str], hands: int = 1,
             clock: float | None = None) -> dict[str, Any]:
    return {"game": game, "rules": None, "players": players, "seats": seats, "hands": hands,
            "clock": clock, "creator": None}


async def play_until(table: Table, receiver: Receiver, rng: random.Random, hand: int,
                     actions: int) -> None:
    """Play random legal actions for the receiver's seat (and ask for each next hand)
    until the table stands in ``hand`` with ``actions`` actions played in it."""
    while table.hand < hand or len(table.by) < actions:
        message = await next_message(receiver)
        if message["type"] == "hand_over":
            await table.handle(receiver, {"type": "next"})
        elif message["type"] == "state" and message["legal"] and table.hand <= hand:
            await table.handle(receiver, {"type": "act", "action": rng.choice(message["legal"])})


@pytest.mark.parametrize(("game", "players"), [("lukfu", 4), ("lukfu", 3), ("daifugo", 4)])
def test_a_person_and_computers_play_a_whole_session(tmp_path: Path, game: str,
                                                     players: int) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": game, "players": players, "hands": 3,
                            "seats": ["human"] + ["heuristic"] * (players - 1)})
        assert not table.started
        token = await table.take_seat(0, "Ann")
        assert table.started  # every person's seat is taken
        got = await play_as(table, table.connect(token), random.Random(7))
        over = [m for m in got if m["type"] == "hand_over"]
        assert [m["hand"] for m in over] == [1, 2, 3]
        assert got[-1]["type"] == "session_over"
        assert got[-1]["totals"] == list(table.session.totals) == over[-1]["totals"]
        for k in (1, 2, 3):
            record = hub.store.hand_record(table.id, k)
            assert record is not None
            seat = table_seat_of(over[k - 1], 0)
            assert_seen_as(over[k - 1]["record"], record, seat)
            ruling = referee(record)  # the referee's own format, every action legal
            assert ruling.exit_status == 0 and ruling.report["finished"] is True
        stored = hub.store.load(table.id)
        assert stored is not None
        assert sum(len(m["record"]["actions"]) for m in over) == len(stored.actions)
        assert {a.by for a in stored.actions} <= {"human", "bot"}
        acted = any(m["type"] == "state" and m["legal"] for m in got)
        assert ("human" in {a.by for a in stored.actions}) == acted
        hub.close()

    asyncio.run(run())


def test_start_at_once_seats_computers_and_seats_refuse_clearly(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "daifugo", "players": 4,
                            "seats": ["human", "human", "human", "random"]})
        await table.take_seat(1, "Bea")
        with pytest.raises(WebError) as err:
            await table.take_seat(1, "Cy")
        assert err.value.status == 409 and "already taken" in err.value.reason
        with pytest.raises(WebError) as err:
            await table.take_seat(3, "Cy")
        assert err.value.status == 409 and "computer" in err.value.reason
        with pytest.raises(WebError) as err:
            await table.take_seat(9, "Cy")
        assert err.value.status == 404 and "no seat 9" in err.value.reason
        with pytest.raises(WebError) as err:
            await table.take_seat(0, "  ")
        assert err.value.status == 400
        with pytest.raises(WebError) as err:
            table.connect("not-a-token")
        assert err.value.status == 403
        await table.start(table.creator)
        assert table.started and [s["kind"] for s in table.seats_json()] == [
            "bot", "human", "bot", "bot"]
        with pytest.raises(WebError):
            await table.start(table.creator)
        again = Hub(Store(tmp_path / "db.sqlite3"), Config(bot_delay=0))
        assert [s.kind for s in (await again.get(table.id)).seats] == ["bot", "human", "bot", "bot"]
        hub.close()
        again.close()

    asyncio.run(run())


def test_out_of_turn_and_illegal_actions_are_refused_and_change_nothing(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "lukfu", "players": 3,
                                  "seats": ["human", "human", "human"]})
        tokens = [await table.take_seat(p, f"P{p}") for p in range(3)]
        receivers = [table.connect(t) for t in tokens]
        state = table.state
        assert state is not None
        turn = state.to_move()
        assert turn is not None
        waiting = table.seat_players[(turn + 1) % 3]
        before = state.record()
        await table.handle(receivers[waiting], {"type": "act", "action": {"do": "pass"}})
        await table.handle(receivers[waiting], {"type": "act", "action": "pass"})
        await table.handle(receivers[waiting], {"type": "fly"})
        mover = receivers[table.seat_players[turn]]
        await table.handle(mover, {"type": "act", "action": {"do": "play", "cards": ["9Zzz"]}})
        await table.handle(mover, {"type": "act", "action": {"do": "discard", "cards": []}})
        def errors(r: Any) -> list[str]:
            out = []
            while not r.queue.empty():
                m = r.queue.get_nowait()
                if m["type"] == "error":
                    out.append(m["reason"])
            return out

        refused = errors(receivers[waiting])
        assert refused[0] == f"it is P{table.seat_players[turn]}'s turn, not yours"
        assert "an action is an object" in refused[1]
        assert "unknown message type 'fly'" in refused[2]
        assert len(refused) == 3
        refused = errors(mover)
        assert "9Zzz" in refused[0] and len(refused) == 2
        assert state.record() == before and hub.store.action_count(table.id) == 0
        hub.close()

    asyncio.run(run())


def test_a_table_is_rebuilt_from_the_store_exactly_as_it_stood(tmp_path: Path) -> None:
    async def run() -> None:
        path = tmp_path / "db.sqlite3"
        hub = make_hub(path)
        table = await hub.create({"game": "daifugo", "players": 4, "hands": 3,
                            "seats": ["human", "random", "human", "heuristic"]})
        token = await table.take_seat(0, "Ann")
        await table.take_seat(2, "Bea")
        table.away.add(2)  # Bea is away: the stand-in plays for her
        receiver = table.connect(token)
        # the whole first hand, then part of the second
        await play_until(table, receiver, random.Random(3), hand=2, actions=12)
        table.disconnect(receiver)
        await asyncio.sleep(0.05)
        state = table.state
        assert state is not None
        record, by, hand = state.record(), list(table.by), table.hand
        totals = list(table.session.totals)
        hub.close()
        again = make_hub(path)
        copy = await again.get(table.id)
        assert copy.state is not None and copy.state.record() == record
        assert (copy.hand, copy.by, list(copy.session.totals)) == (hand, by, totals)
        assert copy.seat_players == table.seat_players
        assert copy.player_of(token) == 0
        again.close()

    asyncio.run(run())


def test_a_person_away_past_the_grace_time_is_stood_in_for_and_takes_the_seat_back(
        tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3", grace=0.1)
        table = await hub.create({"game": "daifugo", "players": 3, "hands": 1,
                            "seats": ["human", "human", "random"]})
        ann, bea = await table.take_seat(0, "Ann"), await table.take_seat(1, "Bea")
        watcher = table.connect(ann)
        table.disconnect(table.connect(bea))
        rng = random.Random(5)
        for _ in range(400):
            message = await next_message(watcher)
            if message["type"] == "state" and message["legal"]:
                await table.handle(watcher, {"type": "act",
                                             "action": rng.choice(message["legal"])})
            if "away" in table.by or message["type"] == "hand_over":
                break
        assert "away" in table.by and 1 in table.away
        assert table.seats_json()[1]["away"] is True
        lines = table._state_for(table.context(), 0)["log"]
        assert ("The computer moved for Bea, who is away.",
                table_note("daifugo", "away", "Bea")["native"]) in [
                    (line.get("en"), line.get("native")) for line in lines]
        back = table.connect(bea)
        assert 1 not in table.away and table.seats_json()[1]["connected"] is True
        moved = len(table.by)
        ann_plays = asyncio.create_task(play_as(table, watcher, rng))
        got = await play_as(table, back, random.Random(6))
        await ann_plays
        assert got[-1]["type"] == "session_over"
        assert "away" not in table.by[moved:] or table.between  # Bea plays for herself
        stored = hub.store.load(table.id)
        assert stored is not None
        assert "away" not in [a.by for a in stored.actions][moved:]
        hub.close()

    asyncio.run(run())


def test_the_clock_moves_for_a_person_who_runs_out_and_the_log_says_so(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(tmp_path / "db.sqlite3")
        row = TableRow("clocked", "lukfu", settings("lukfu", 3, ["human", "random", "random"],
                                                    clock=0.2), seed=11,
                       seats=[SeatRow(0, "human"), SeatRow(1, "bot", "random", "random"),
                              SeatRow(2, "bot", "random", "random")])
        store.create_table(row)
        hub = Hub(store, Config(bot_delay=0, next_delay=60))
        table = await hub.get("clocked")
        token = await table.take_seat(0, "Ann")
        receiver = table.connect(token)
        clocks = []
        while "clock" not in table.by:
            message = await next_message(receiver)
            if message["type"] == "state" and message["legal"]:
                clocks.append(message["clock"])
        assert clocks and all(c["seat"] == table.seat_players.index(0) for c in clocks)
        lines = table._state_for(table.context(), 0)["log"]
        notes = [(line.get("en"), line.get("native")) for line in lines]
        assert ("The clock ran out: the computer moved for Ann.",
                table_note("lukfu", "clock", "Ann")["native"]) in notes
        stored = store.load("clocked")
        assert stored is not None and "clock" in {a.by for a in stored.actions}
        hub.close()

    asyncio.run(run())


def test_computers_wait_while_nobody_watches(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table: Table = await hub.create({"game": "lukfu", "players": 4,
                                   "seats": ["random"] * 4})
        await table.start(table.creator)
        await asyncio.sleep(0.1)
        assert table.by == []  # nobody at the table: nothing moves
        spectator = table.connect(None)
        while (await next_message(spectator))["type"] != "hand_over":
            pass
        assert table.between and len(table.by) > 0
        hub.close()

    asyncio.run(run())


def test_a_computer_move_dropped_while_nobody_watched_is_restarted_on_connecting(
        tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "lukfu", "players": 3, "seats": ["heuristic"] * 3})
        spectator = table.connect(None)
        await table.start(table.creator)
        table.disconnect(spectator)  # the move set going is dropped: nobody watches
        for _ in range(5):
            await asyncio.sleep(0.02)
        assert table.by == [] and "move" not in table._tasks
        # the finished task still listed (its done-callback not yet run) must not block
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        table._tasks["move"] = done  # type: ignore[assignment]
        watcher = table.connect(None)
        while (await next_message(watcher))["type"] != "hand_over":
            pass
        assert len(table.by) > 0
        hub.close()

    asyncio.run(run())


def sung_table(path: Path, seed: int, seats: list[str], hands: int) -> Hub:
    """A Sung table of four whose session is dealt from ``seed``."""
    store = Store(path)
    row = TableRow("tigers", "lukfu", {**settings("lukfu", 4, seats, hands), "rules": "sung"},
                   seed=seed, seats=[SeatRow(n, "human") if s == "human"
                                     else SeatRow(n, "bot", s, s) for n, s in enumerate(seats)])
    store.create_table(row)
    return Hub(store, Config(bot_delay=0, next_delay=60))


def test_a_hand_over_at_the_deal_is_settled_sent_and_stored_at_once(tmp_path: Path) -> None:
    """Under Sung the Five Tigers are paid at the deal (seed 51's first deal holds them):
    the table must end that hand at once, not wait for an action nobody can make."""
    async def run() -> None:
        path = tmp_path / "db.sqlite3"
        hub = sung_table(path, 51, ["human"] * 4, hands=2)
        table = await hub.get("tigers")
        tokens = [await table.take_seat(p, f"P{p}") for p in range(4)]
        people = [table.connect(t) for t in tokens]
        assert table.state is not None and table.state.is_terminal() and table.between
        for r in people:
            kinds = [(await next_message(r))["type"] for _ in range(2)]
            while kinds[-1] != "hand_over":
                kinds.append((await next_message(r))["type"])
            assert "state" in kinds
        record = hub.store.hand_record("tigers", 1)
        assert record is not None and record["actions"] == []
        assert table.session.hands_played == 1 and sum(table.session.totals) == 0
        assert any(table.session.totals)
        ruling = referee(record)
        assert ruling.exit_status == 0 and ruling.report["outcome"] == "five_tigers"
        hub.close()
        again = Hub(Store(path), Config(bot_delay=0, next_delay=60))
        copy = await again.get("tigers")  # rebuilt as it stood: between the hands
        assert copy.between and copy.hand == 1
        assert list(copy.session.totals) == list(table.session.totals)
        receivers = [copy.connect(t) for t in tokens]
        for r in receivers:
            await copy.handle(r, {"type": "next"})
        assert copy.hand == 2 and not copy.between
        assert copy.state is not None and copy.state.legal_actions()
        again.close()

    asyncio.run(run())


def test_computers_play_on_past_a_hand_over_at_the_deal(tmp_path: Path) -> None:
    """Seed 114's second deal holds the Five Tigers, whatever the first hand's play: the
    next hand's timer must still deal the third."""
    async def run() -> None:
        store = Store(tmp_path / "db.sqlite3")
        row = TableRow("tigers", "lukfu",
                       {**settings("lukfu", 4, ["random"] * 4, hands=3), "rules": "sung"},
                       seed=114, seats=[SeatRow(n, "bot", "random", "random") for n in range(4)],
                       creator="secret")
        store.create_table(row)
        hub = Hub(store, Config(bot_delay=0, next_delay=0.01))
        table = await hub.get("tigers")
        spectator = table.connect(None)
        await table.start(table.creator)
        over = []
        while True:
            message = await next_message(spectator)
            if message["type"] == "hand_over":
                over.append(message)
            if message["type"] == "session_over":
                break
        assert [m["hand"] for m in over] == [1, 2, 3]
        assert over[1]["record"]["actions"] == [] and over[1]["report"]["outcome"] == "five_tigers"
        for k in (1, 2, 3):
            assert store.hand_record("tigers", k) is not None
        hub.close()

    asyncio.run(run())


def test_a_table_is_rebuilt_past_a_hand_over_at_the_deal(tmp_path: Path) -> None:
    """Seed 114's second deal holds the Five Tigers: a table stopped in its third hand
    comes back in its third hand, the second (stored with no action) replayed on the way."""
    async def run() -> None:
        path = tmp_path / "db.sqlite3"
        hub = sung_table(path, 114, ["human", "random", "random", "random"], hands=3)
        table = await hub.get("tigers")
        token = await table.take_seat(0, "Ann")
        receiver = table.connect(token)
        await play_until(table, receiver, random.Random(5), hand=3, actions=6)
        assert hub.store.hand_record("tigers", 2) is not None
        table.disconnect(receiver)
        await asyncio.sleep(0.05)
        state = table.state
        assert state is not None
        record, hand, totals = state.record(), table.hand, list(table.session.totals)
        hub.close()
        again = Hub(Store(path), Config(bot_delay=0, next_delay=60))
        copy = await again.get("tigers")
        assert copy.state is not None and copy.state.record() == record
        assert (copy.hand, list(copy.session.totals)) == (hand, totals) and not copy.between
        again.close()

    asyncio.run(run())


def test_a_name_is_taken_once_at_a_table(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "lukfu", "players": 3,
                                  "seats": ["human", "human", "human"]})
        await table.take_seat(0, "Ann Lee")
        for same in ("Ann Lee", "ann  lee", "ANN LEE"):
            with pytest.raises(WebError) as err:
                await table.take_seat(1, same)
            assert err.value.status == 409 and "already sitting at this table" in \
                err.value.reason
        assert table.seats[1].token is None
        await table.take_seat(1, "Ann Leigh")
        hub.close()

    asyncio.run(run())


def test_no_hand_is_dealt_while_no_person_is_there(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3", next_delay=0.05)
        table = await hub.create({"game": "daifugo", "players": 3, "hands": 3,
                                  "seats": ["human", "random", "random"]})
        token = await table.take_seat(0, "Ann")
        ann = table.connect(token)
        spectator = table.connect(None)
        while not table.between:
            message = await next_message(ann)
            if message["type"] == "state" and message["legal"] and ann.queue.empty():
                await table.handle(ann, {"type": "act", "action": message["legal"][0]})
        table.disconnect(ann)  # Ann leaves; a spectator still watches
        await asyncio.sleep(0.5)
        assert table.hand == 1 and table.between  # nobody to play the next hand for
        ann = table.connect(token)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if table.hand == 2:
                break
        assert table.hand == 2  # Ann is back: the next hand is dealt after the delay
        table.disconnect(spectator)
        hub.close()

    asyncio.run(run())


def test_a_table_nobody_watches_is_unloaded_and_comes_back_as_it_stood(
        tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3")
        table = await hub.create({"game": "lukfu", "players": 3, "hands": 2,
                                  "seats": ["human", "heuristic", "heuristic"]})
        token = await table.take_seat(0, "Ann")
        ann = table.connect(token)
        rng = random.Random(3)
        while len(table.by) < 2 and not table.between:  # a few moves into the first hand
            message = await next_message(ann)
            if message["type"] == "state" and message["legal"] and ann.queue.empty():
                await table.handle(ann, {"type": "act", "action": rng.choice(message["legal"])})
        assert hub.sweep() == []  # watched: kept
        table.disconnect(ann)
        for _ in range(200):  # a computer's move under way ends (unwatched: not made)
            await asyncio.sleep(0.05)
            if not table.lock.locked():
                break
        history = table.state.record() if table.state else None
        assert hub.sweep(now=table.idle_since + 1) == []  # not idle long enough
        assert hub.sweep(now=table.idle_since + hub.config.limits.idle_unload) == [table.id]
        assert table.id not in hub.tables
        back = await hub.get(table.id)
        assert back is not table and back.state is not None
        assert back.state.record() == history and back.by == table.by
        hub.close()

    asyncio.run(run())


class FailingStore(Store):
    """A store whose writes of actions fail while ``down`` is set (a locked database)."""

    down = False

    def add_action(self, *args: Any, **kwargs: Any) -> None:
        if self.down:
            import sqlite3

            raise sqlite3.OperationalError("database is locked")
        super().add_action(*args, **kwargs)


def test_a_move_the_store_refuses_changes_nothing_and_the_table_goes_on(
        tmp_path: Path) -> None:
    async def run() -> None:
        store = FailingStore(tmp_path / "db.sqlite3")
        hub = Hub(store, Config(bot_delay=0, next_delay=0.05, retry_delay=0.05))
        table = await hub.create({"game": "daifugo", "players": 3, "hands": 1,
                                  "seats": ["human", "random", "random"]})
        ann = table.connect(await table.take_seat(0, "Ann"))
        message = await your_turn(ann)
        before = (table.state.record() if table.state else None, list(table.by))
        store.down = True
        await table.handle(ann, {"type": "act", "action": message["legal"][0]})
        refused = await next_message(ann)
        assert refused["type"] == "error" and "try again" in refused["reason"]
        assert (table.state.record() if table.state else None, table.by) == before
        store.down = False
        await table.handle(ann, {"type": "act", "action": message["legal"][0]})
        assert len(table.by) == len(before[1]) + 1
        # a computer's move the store refuses is tried again until it is stored
        store.down = True
        await asyncio.sleep(0.3)
        stuck = len(table.by)
        store.down = False
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(table.by) > stuck or table.between:
                break
        assert len(table.by) > stuck or table.between
        stored = store.load(table.id)
        assert stored is not None and len(stored.actions) == len(table.by)
        hub.close()

    asyncio.run(run())


def test_a_hint_comes_from_the_searchers_and_names_a_legal_move(tmp_path: Path) -> None:
    async def run() -> None:
        hub = make_hub(tmp_path / "db.sqlite3", hint_seconds=0.2)
        table = await hub.create({"game": "daifugo", "players": 3, "hands": 1,
                                  "seats": ["human", "random", "random"]})
        ann = table.connect(await table.take_seat(0, "Ann"))
        message = await your_turn(ann)
        await table.handle(ann, {"type": "hint"})
        await table.handle(ann, {"type": "hint"})  # one at a time: the second is not queued
        hint = await next_message(ann, 60)
        assert hint["type"] == "hint" and hint["action"] in message["legal"]
        assert hint["text"]
        await asyncio.sleep(0.5)
        assert all(m["type"] != "hint" for m in [ann.queue.get_nowait()
                                                  for _ in range(ann.queue.qsize())])
        hub.close()

    asyncio.run(run())
