"""Games of the official server, replayed through paiju's referee (opt-in: PAIJU_UECDA_KIT).

Five clients that play at random, each choosing among the plays the judge says the
server accepts (:func:`paiju.uecda.judge.judge`, which asks the Dai Fugō rulebook) and
now and then sending any combination of its hand, play ``tndhms``: every answer of the
server must be the judge's, so what the rulebook allows is held to the server's own
answers. Together they saw every hand, every
gift and every turn, so each game becomes a paiju record: the deal before the exchange,
the titles, who led, the Dai Fugō's and Fugō's gifts and every turn. The record must go
through ``paiju referee`` under the ``uecda`` preset with the server's finishing order
and points. At every turn paiju must also give the turn to the player the server gave
it to, and allow exactly the plays the server accepts; and every table the server sent
(dealt hands, hands, fields) must be the one ``paiju uecda serve`` would send in that
position, cell for cell (:func:`table_differences`).

The same is done for five official standard clients, each behind a relay that keeps
what it sees (they lead sequences with the joker below the 3 or above the 2 now and
then). Games the server ends after 20 passes in a row rank the players still in at
random; the tables do not say how, so those games are counted and left out.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from kit_helpers import GAMES, kit_path, start_tndhms, stop

from paiju.core.errors import MalformedRecord
from paiju.core.games import get_game
from paiju.core.referee import referee
from paiju.uecda.history import GameLog
from paiju.uecda.judge import judge
from paiju.uecda.serve_tables import LockFlag, Seating, dealt_tables, field_table, hand_table
from paiju.uecda.tables import (
    ProtocolError,
    Table,
    cards_table,
    play_table,
    table_cards,
    table_play,
)
from paiju.uecda.wire import (
    ACCEPTED,
    ALL_OVER,
    CONTINUE,
    ClientConnection,
    read_int,
    read_table,
    write_int,
    write_table,
)

pytestmark = pytest.mark.uecda_kit

PLAYERS = 5
#: option overrides on top of the uecda preset (JSON), to try a reading against the server
OPTIONS: dict[str, Any] = json.loads(os.environ.get("PAIJU_UECDA_OPTIONS", "{}"))
TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")
#: how often a random client passes on the lead, or when it could play
PASS_ON_LEAD, PASS_ON_FIELD = 0.05, 0.2
#: how often it sends any combination of its hand, whatever the judge says of it
ANY_PLAY = 0.1
#: how often it plays a sequence with the joker beyond the ends when it has one (they are
#: rare among a hand's plays: this makes the random games hold some)
BEYOND = 0.5


def beyond_ends(play: Table) -> bool:
    """True for a sequence whose joker is in column 0 or 14."""
    return any(play[r, c] == 2 for r in range(4) for c in (0, 14)) and sum(
        1 for v in play.cells[:75] if v) > 1


# ------------------------------------------------------------------ a random client


def plays_of(hand: Table) -> list[Table]:
    """Every combination the cards of a hand table make, as play tables.

    Singles, the lone joker, groups with or without the joker (standing for each suit the
    group lacks, or fifth in row 4), and sequences of three or more in one suit with at
    most the joker in them, the joker also below the 3 (column 0) or above the 2 (14).
    """
    joker = hand[4, 1] == 2
    held = [[hand[r, c] == 1 for c in range(15)] for r in range(4)]
    out: list[Table] = []
    if joker:
        out.append(Table.of({(0, 14): 2}))
    for c in range(1, 14):
        rows = [r for r in range(4) if held[r][c]]
        for mask in range(1, 1 << len(rows)):
            chosen = [rows[i] for i in range(len(rows)) if mask >> i & 1]
            cells = {(r, c): 1 for r in chosen}
            out.append(Table.of(cells))
            if not joker:
                continue
            if len(chosen) == 4:
                out.append(Table.of({**cells, (4, c): 2}))
            for r in range(4):
                if r not in chosen:
                    out.append(Table.of({**cells, (r, c): 2}))
    for r in range(4):
        for lo in range(0 if joker else 1, 14):
            for hi in range(lo + 2, 15 if joker else 14):
                gaps = [c for c in range(lo, hi + 1) if not held[r][c]]
                if len(gaps) > (1 if joker else 0):
                    continue
                cells = {(r, c): 1 for c in range(lo, hi + 1)}
                if gaps:
                    cells[r, gaps[0]] = 2
                    out.append(Table.of(cells))
                else:
                    out.append(Table.of(cells))
                    if joker:
                        for c in range(lo, hi + 1):
                            out.append(Table.of({**cells, (r, c): 2}))
    return out


def accepted(hand: Table, field: Table) -> list[Table]:
    """The plays of ``hand`` the server accepts on ``field``."""
    return [p for p in plays_of(hand) if judge(hand, p, field)[0] == ACCEPTED]


@dataclass
class Seen:
    """What one client saw of one game."""

    dealt: Table
    gift: Table | None = None
    hands: list[Table] = field(default_factory=list)
    fields: list[Table] = field(default_factory=list)
    #: plays the server answered otherwise than the judge said it would
    misjudged: list[str] = field(default_factory=list)
    #: plays sent whatever the judge said of them, and how many the server refused
    tried: int = 0
    tried_beyond: int = 0
    refused: int = 0

    def answered(self, play: Table, answer: int, expected: int, why: str | None) -> None:
        """Count the server's answer to a play (not a pass), and note it if the judge
        foresaw another."""
        if any(play.cells[:75]):
            self.refused += answer != ACCEPTED
            if answer != expected:
                self.misjudged.append(f"{play.nonzero()}: the server answered {answer}, the "
                                      f"judge said {expected} ({why})")


def random_client(port: int, name: str, seed: int, games: dict[int, list[Seen]],
                  errors: list[BaseException]) -> None:
    rng = random.Random(seed)
    try:
        with ClientConnection.connect("127.0.0.1", port, 120) as conn:
            player = conn.enter(name)
            mine: list[Seen] = []
            games[player] = mine
            last_field = Table.empty()
            while True:
                seen = Seen(conn.read_dealt())
                mine.append(seen)
                give = seen.dealt[5, 1]
                if give:
                    naturals = [t for t in table_cards(seen.dealt) if t != "JK"]
                    seen.gift = cards_table(rng.sample(naturals, give))
                    conn.send_gift(seen.gift)
                end = CONTINUE
                while end == CONTINUE:
                    hand = conn.read_hand()
                    seen.hands.append(hand)
                    if hand[5, 2] == 1:
                        choices = accepted(hand, last_field)
                        lead = hand[5, 4] == 1
                        skip = rng.random() < (PASS_ON_LEAD if lead else PASS_ON_FIELD)
                        play = Table.empty() if skip or not choices else rng.choice(choices)
                        odd = [p for p in choices if beyond_ends(p)]
                        if odd and rng.random() < BEYOND:
                            play = rng.choice(odd)
                        if rng.random() < ANY_PLAY:
                            every = plays_of(hand)
                            odd = [p for p in every if beyond_ends(p)]
                            play = rng.choice(odd if odd and rng.random() < BEYOND else every)
                            seen.tried += 1
                            seen.tried_beyond += beyond_ends(play)
                        expected, why = judge(hand, play, last_field)
                        seen.answered(play, conn.send_play(play), expected, why)
                    last_field = conn.read_field()
                    seen.fields.append(last_field)
                    end = conn.read_end()
                if end == ALL_OVER:
                    return
    except BaseException as e:  # reported by the test
        errors.append(e)


# ------------------------------------------------------------------ the record


def titles_of(dealt: Table) -> list[int] | None:
    """Each player's title number (0 Dai Fugō .. 4 Dai Hinmin), None before titles exist."""
    titles = list(dealt.row(6)[5:10])
    return titles if any(titles) else None


def record_of(seen: list[Seen]) -> tuple[dict[str, Any], list[int], GameLog]:
    """The paiju record of one game from what the five players saw (by player number),
    the players in seat order, and the game's turns as player 0 read them."""
    dealt = [s.dealt for s in seen]
    seats = list(dealt[0].row(6)[10:15])
    assert all(list(d.row(6)[10:15]) == seats for d in dealt), "the players disagree on seats"
    titles = titles_of(dealt[0])
    hands = [table_cards(d) for d in dealt]
    gives: dict[int, list[str]] = {}
    if titles is not None:
        by_title = {t: p for p, t in enumerate(titles)}
        for rich, poor in ((0, 4), (1, 3)):
            r, p = by_title[rich], by_title[poor]
            gift = seen[r].gift
            assert gift is not None, f"player {r} (title {rich}) gave nothing"
            # the poor's dealt cards and the rich's before the exchange are apart, so the
            # cards both show are the poor's gift (even one the rich then gives back)
            poor_gave = set(hands[p]) & set(hands[r])
            hands[r] = [c for c in hands[r] if c not in poor_gave]
            gives[r] = table_cards(gift)
    first = seats.index(seen[0].hands[0][5, 3])
    rules = {"preset": "uecda", "options": OPTIONS}
    if titles is not None and get_game("daifugo").rules(rules).first_lead == "diamond_three_every":
        # a record names the ♦3's holder as dealt; the state moves the lead with the ♦3
        first = next(s for s, p in enumerate(seats) if "3D" in hands[p])
    record: dict[str, Any] = {
        "game": "daifugo",
        "rules": rules,
        "deal": {"hands": [hands[p] for p in seats]},
        "first": first,
    }
    if titles is not None:
        record["titles"] = [TITLES[titles[p]] for p in seats]
    actions: list[dict[str, Any]] = []
    state = get_game("daifugo").from_record({**record, "actions": []})
    while gives and state.to_move() is not None and getattr(state, "phase", "") == "exchange":
        seat = state.to_move()
        assert seat is not None
        act = {"seat": seat, "do": "give", "cards": gives.pop(seats[seat])}
        actions.append(act)
        state.apply(get_game("daifugo").action_from_json(act))
    log = GameLog.dealt(dealt[0])
    for hand, fld in zip(seen[0].hands, seen[0].fields, strict=True):
        log.on_hand(hand)
        turn = log.on_field(fld)
        seat = seats.index(turn.player)
        actions.append({"seat": seat, "do": "pass"} if turn.passed
                       else {"seat": seat, "do": "play", "cards": list(turn.tokens())})
    record["actions"] = actions
    return record, seats, log


def disagreements(record: dict[str, Any], seats: list[int], seen: list[Seen]) -> list[str]:
    """Where paiju and the server part, turn by turn: whose turn it is, and which plays
    may be made (paiju's legal plays against the plays the server accepts)."""
    game = get_game("daifugo")
    state = game.from_record({**record, "actions": []})
    out: list[str] = []
    turns = [a for a in record["actions"] if a["do"] != "give"]
    for a in record["actions"][: len(record["actions"]) - len(turns)]:
        state.apply(game.action_from_json(a))
    last_field = Table.empty()
    for i, (act, fld) in enumerate(zip(turns, seen[0].fields, strict=True)):
        mover = seats[act["seat"]]
        hand = seen[mover].hands[i]
        if state.to_move() != act["seat"]:
            out.append(f"turn {i}: the server gave the turn to seat {act['seat']}, "
                       f"paiju to seat {state.to_move()}")
            break
        server = {key(table_play(p)) for p in accepted(hand, last_field)}
        ours = set()
        for a in state.legal_actions():
            js = a.to_json()
            if js["do"] == "play":
                ours.add(key(table_play(play_table(js["cards"], hand[5, 6] == 1))))
        if server != ours:
            out.append(f"turn {i} (seat {act['seat']}, field {table_play(last_field) or '-'}):"
                       f" only the server takes {sorted(server - ours)[:6]}, "
                       f"only paiju {sorted(ours - server)[:6]}")
        why = state.why_illegal(game.action_from_json(act))
        if why is not None:
            out.append(f"turn {i}: {act} refused: {why}")
            break
        state.apply(game.action_from_json(act))
        last_field = fld
    return out


def table_differences(record: dict[str, Any], seats: list[int], seen: list[Seen]
                      ) -> list[str]:
    """Where the tables ``paiju uecda serve`` would send in this game differ from the
    server's, cell by cell: the dealt hands, each player's hand at every turn and the
    field after it, made as the paiju server makes them (``serve_tables``, with the lock
    flag of :class:`LockFlag`) from the record's state; the cards of each accepted play
    are the ones the server showed."""
    game = get_game("daifugo")
    state = game.from_record({**record, "actions": []})
    seating = Seating.of(state, seats)
    out: list[str] = []

    def compare(what: str, ours: Table, theirs: Table) -> None:
        ours = Table(tuple(max(v, 0) for v in ours.cells))  # as a 2007 client gets them
        cells = [f"[{i // 15}][{i % 15}] {a}/{b}"
                 for i, (a, b) in enumerate(zip(ours.cells, theirs.cells, strict=True))
                 if a != b]
        if cells:
            out.append(f"{what}: paiju/tndhms {', '.join(cells[:6])}")

    turns = [a for a in record["actions"] if a["do"] != "give"]
    gives = record["actions"][: len(record["actions"]) - len(turns)]
    dealt = dealt_tables(state, seating)
    for p in range(PLAYERS):
        compare(f"player {p}'s dealt hand", dealt[p], seen[p].dealt)
    for a in gives:
        state.apply(game.action_from_json(a))
    lock, cards = LockFlag(), Table.empty()
    for i, act in enumerate(turns):
        if state.pos.table is None:
            lock.clear()
            cards = Table.empty()
        mover = seats[act["seat"]]
        for p in range(PLAYERS):
            compare(f"turn {i}, player {p}'s hand", hand_table(state, seating, p, mover,
                                                              lock.on), seen[p].hands[i])
        state.apply(game.action_from_json(act))
        if act["do"] == "play":
            lock.play(seen[0].fields[i].cards_part(), cards)
            cards = seen[0].fields[i].cards_part()
        compare(f"turn {i}, the field", field_table(state, seating, cards, mover, lock.on),
                seen[0].fields[i])
    return out


def key(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(tokens))


# ------------------------------------------------------------------ the test


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    port, proc = start_tndhms(kit_path(), tmp_path)
    yield port
    stop(proc)


def test_random_games_of_tndhms_go_through_the_referee(server: int) -> None:
    games: dict[int, list[Seen]] = {}
    errors: list[BaseException] = []
    threads = []
    for i in range(PLAYERS):
        t = threading.Thread(target=random_client,
                             args=(server, f"rand{i}", 1000 + i, games, errors), daemon=True)
        t.start()
        threads.append(t)
        time.sleep(0.1)  # the server numbers the players in the order they come
    for t in threads:
        t.join(900)
    assert not errors, errors
    tried = sum(s.tried for g in games.values() for s in g)
    tried_beyond = sum(s.tried_beyond for g in games.values() for s in g)
    check_games(games, "random", f"; {tried} plays sent whatever the judge said "
                f"({tried_beyond} with the joker beyond the ends)")


def relay_client(down: socket.socket, up: socket.socket, games: dict[int, list[Seen]],
                 errors: list[BaseException]) -> None:
    """Carry one official client's messages to tndhms and back, keeping what it sees."""
    def table(src: socket.socket, dst: socket.socket, what: str) -> Table:
        t = read_table(src, what, 120)
        write_table(dst, t, what)
        return t

    def number(src: socket.socket, dst: socket.socket, what: str) -> int:
        v = read_int(src, what, 120)
        write_int(dst, v, what)
        return v

    try:
        table(down, up, "profile")
        mine: list[Seen] = []
        games[number(up, down, "player number")] = mine
        last_field = Table.empty()
        while True:
            seen = Seen(table(up, down, "dealt hand"))
            mine.append(seen)
            if seen.dealt[5, 1] > 0:
                seen.gift = table(down, up, "gift")
            end = CONTINUE
            while end == CONTINUE:
                hand = table(up, down, "hand")
                seen.hands.append(hand)
                if hand[5, 2] == 1:
                    play = table(down, up, "play")
                    expected, why = judge(hand, play, last_field)
                    seen.answered(play, number(up, down, "answer"), expected, why)
                last_field = table(up, down, "field")
                seen.fields.append(last_field)
                end = number(up, down, "end code")
            if end == ALL_OVER:
                return
    except BaseException as e:  # reported by the test
        errors.append(e)


def test_official_clients_games_of_tndhms_go_through_the_referee(server: int) -> None:
    """The same for five official standard clients, each behind a relay that keeps what
    it sees; they lead sequences with the joker below the 3 or above the 2 now and then."""
    kit = kit_path()
    games: dict[int, list[Seen]] = {}
    errors: list[BaseException] = []
    threads, procs, socks = [], [], []
    for i in range(PLAYERS):
        listener = socket.create_server(("127.0.0.1", 0))
        procs.append(subprocess.Popen(
            [str(kit / "client/client"), "-p", str(listener.getsockname()[1]), "-n", f"std{i}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        listener.settimeout(30)
        down, _ = listener.accept()
        listener.close()
        up = socket.create_connection(("127.0.0.1", server))
        socks += [down, up]
        t = threading.Thread(target=relay_client, args=(down, up, games, errors), daemon=True)
        t.start()
        threads.append(t)
        time.sleep(0.1)  # the server numbers the players in the order they come
    for t in threads:
        t.join(900)
    for sock in socks:
        sock.close()
    assert [p.wait(60) for p in procs] == [0] * PLAYERS
    assert not errors, errors
    check_games(games, "official", "")


def check_games(games: dict[int, list[Seen]], who: str, note: str) -> None:
    """Every game through the referee with the server's order, turn by turn as the
    server played it, and every answer of the server as the judge said."""
    assert sorted(games) == list(range(PLAYERS))
    misjudged = [m for g in games.values() for s in g for m in s.misjudged]
    refused = sum(s.refused for g in games.values() for s in g)
    beyond = 0  # plays with the joker below the 3 or above the 2
    clean = drawn = tables = 0
    problems: list[str] = []
    for g in range(GAMES):
        seen = [games[p][g] for p in range(PLAYERS)]
        try:
            record, seats, log = record_of(seen)
        except (ProtocolError, MalformedRecord) as e:
            problems.append(f"game {g + 1}: {e}")
            continue
        beyond += sum(1 for a in record["actions"]
                      if any(c[3:4] in ("<", ">") for c in a.get("cards", ())))
        order = log.order()
        if order is None:
            drawn += 1
            continue
        report = referee(record).report
        found = disagreements(record, seats, seen)
        if not found:
            cells = table_differences(record, seats, seen)
            tables += not cells
            if cells:
                problems.append(f"game {g + 1}: {len(cells)} tables differ: {cells[:4]}")
        want_order = [seats.index(p) for p in order]
        if not report["legal"]:
            problems.append(f"game {g + 1}: the referee says {report['reason']} (action "
                            f"{report['illegal_at']}); {found[:3]}")
        elif report["order"] != want_order:
            problems.append(f"game {g + 1}: order {report['order']}, the server's {want_order}")
        elif found:
            problems.append(f"game {g + 1}: {found[:3]}")
        else:
            clean += 1
    print(f"{GAMES} games of tndhms ({who} clients): {clean} agree with paiju on every turn, "
          f"{drawn} ended after 20 passes, {len(problems)} disagree; {tables} games sent the "
          f"same tables cell for cell as paiju's server would; {beyond} plays with the "
          f"joker beyond the ends; {refused} plays refused, every answer as the judge said "
          f"({len(misjudged)} not){note}")
    assert misjudged == [], "\n".join(misjudged[:10])
    assert problems == [], "\n".join(problems[:10])
