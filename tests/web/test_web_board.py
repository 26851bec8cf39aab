"""The page's layouts read a game-independent ``board`` (and a hand's ``result``), never a
game's own view: every state message of real sessions of Luk Fu, Dai Fugō and the toy game
carries a board of the contract's shape (:class:`paiju.core.page.Board`), and the page's
JavaScript reads no field that only some games' views have."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_type_hints

import pytest
from web_helpers import make_hub

from paiju.core import page as contract
from paiju.daifugo.board import board as daifugo_board
from paiju.daifugo.board import result as daifugo_result
from paiju.lukfu.board import board as lukfu_board
from paiju.web.tables import Table

JS = Path(__file__).resolve().parents[2] / "src" / "paiju" / "web" / "static" / "js"
BOTS = Path(__file__).resolve().parents[1] / "bots"
#: A string literal of the JavaScript (a template's text is code too, and kept).
STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")
#: Names some game's view has that the page reads of other things: a table's and a
#: record's game, a rules box group's rules, a DOM rectangle's top.
ELSEWHERE = {"game", "rules", "top"}
#: The contract's parts, by the key under which each stands in a message.
PARTS: dict[str, Any] = {"board": contract.Board, "seats": contract.Badge,
                         "felt": contract.Felt, "plays": contract.Play,
                         "since": contract.Play, "history": contract.Play,
                         "head": contract.Head, "known": contract.Known,
                         "result": contract.ResultTable}


def keys(obj: Any) -> Iterator[str]:
    """Every key of every object inside ``obj``."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from keys(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from keys(value)


def js_reads(folder: Path = JS) -> set[str]:
    """Every property name the JavaScript in ``folder`` reads (``x.name``, ``x["name"]``),
    but methods called (``Math.round(...)``)."""
    out: set[str] = set()
    for path in folder.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        out |= set(re.findall(r"\[\"([A-Za-z_]\w*)\"\]", text))
        code = STRING.sub('""', text)  # a phrase's key ("role.dreamer") is no read
        out |= set(re.findall(r"\??\.([A-Za-z_]\w*)\b(?!\s*\()", code))
    return out


def contract_keys() -> set[str]:
    return {key for part in PARTS.values() for key in get_type_hints(part)}


def check_part(name: str, value: Any) -> None:
    """``value`` has exactly the keys its contract part requires (and only optional ones
    beside), the parts inside it checked in turn."""
    part = PARTS[name]
    hints = set(get_type_hints(part))
    assert set(part.__required_keys__) <= set(value) <= hints, (name, value)
    for key, inner in value.items():
        if key in PARTS and inner is not None:
            for item in inner if isinstance(inner, list) else [inner]:
                check_part(key, item)


async def play(game: str, players: int, hands: int, seed: int) -> list[dict[str, Any]]:
    """Every message every receiver (each seat and a spectator) is sent in a session of
    ``hands`` hands in which each seat plays at random."""
    hub = make_hub(":memory:", next_delay=60)
    table: Table = await hub.create({"game": game, "players": players, "hands": hands,
                                     "seats": ["human"] * players})
    try:
        tokens = [await table.take_seat(p, f"P{p}") for p in range(players)]
        people = [table.connect(t) for t in tokens]
        receivers = [*people, table.connect(None)]
        rng = random.Random(seed)
        sent: list[dict[str, Any]] = []
        last: dict[int, dict[str, Any]] = {}
        while True:
            for r in receivers:
                while not r.queue.empty():
                    message = r.queue.get_nowait()
                    sent.append(message)
                    if message["type"] == "session_over":
                        return sent
                    if message["type"] == "state" and r.player is not None:
                        last[r.player] = message
            if table.between:
                for r in people:
                    await table.handle(r, {"type": "next"})
                continue
            movers = [p for p, m in last.items() if m["legal"] and m["hand"] == table.hand]
            message = last.pop(movers[0])
            await table.handle(people[movers[0]],
                               {"type": "act", "action": rng.choice(message["legal"])})
    finally:
        hub.close()


@pytest.fixture(scope="module")
def sessions() -> dict[str, list[dict[str, Any]]]:
    """The messages of a session of each game: two hands of Dai Fugō (the second opens
    with the exchange), two of Luk Fu with four (a dreamer) and two of the toy game with
    three."""
    import sys

    from paiju.core import games

    sys.path.insert(0, str(BOTS))
    games.GAMES["tiny"] = "tinygame"
    try:
        return {game: asyncio.run(play(game, players, 2, seed))
                for game, players, seed in (("lukfu", 4, 1), ("daifugo", 4, 2), ("tiny", 3, 3))}
    finally:
        del games.GAMES["tiny"]
        sys.path.remove(str(BOTS))


def states(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] == "state" and m["view"] is not None]


def test_every_state_carries_a_board_of_the_contracts_shape(
        sessions: dict[str, list[dict[str, Any]]]) -> None:
    for game, messages in sessions.items():
        seen = states(messages)
        assert len(seen) > 20, game
        for message in seen:
            board = message["board"]
            check_part("board", board)
            assert len(board["seats"]) == len(message["names"]), (game, board)
            assert board["hand"] == (message["view"].get("hand") or []), game
            shown = {t for p in board["felt"]["plays"] + board["felt"]["since"]
                     for t in p.get("cards", [])}
            assert shown <= set(message["cards"]), (game, shown)  # every card is named
        overs = [m for m in messages if m["type"] == "hand_over"]
        assert overs, game
        for message in overs:
            check_part("result", message["result"])
            assert len(message["result"]["scores"]) == len(message["names"]), game


def test_each_layout_is_filled_by_every_game_that_picks_it(
        sessions: dict[str, list[dict[str, Any]]]) -> None:
    boards = {game: [m["board"] for m in states(messages)]
              for game, messages in sessions.items()}
    # Luk Fu's felt shows rounds under a line; the dreamer's one card is unseen, then shown
    assert any(b["felt"]["head"] for b in boards["lukfu"])
    assert any(b["seats"][3]["one_card"] for b in boards["lukfu"])
    assert any(b["seats"][0]["tricks"] is not None for b in boards["lukfu"])
    # Dai Fugō's second hand opens with the exchange, its seats carrying last hand's titles
    assert any(b["exchange"] for b in boards["daifugo"])
    assert any(any(s["was"] for s in b["seats"]) for b in boards["daifugo"])
    assert any(any(s["out"] for s in b["seats"]) for b in boards["daifugo"])
    # the toy game's felt has a play to beat and what followed it
    assert any(b["felt"]["plays"] for b in boards["tiny"])
    assert any(b["felt"]["since"] for b in boards["tiny"])
    for game in boards:
        assert any(b["over"] for b in boards[game]), game
    places = [m["result"]["places"] for m in sessions["daifugo"] if m["type"] == "hand_over"]
    assert all(sorted(p) == [1, 2, 3, 4] for p in places), places


def test_the_page_reads_no_field_that_only_some_games_views_have(
        sessions: dict[str, list[dict[str, Any]]]) -> None:
    by_game = {game: {k for m in states(messages) for k in keys(m["view"])}
               for game, messages in sessions.items()}
    own = set.union(*by_game.values()) - set.intersection(*by_game.values())
    # the fields every message carries beside the view, and the contract's
    shared = {k for messages in sessions.values() for m in messages for k in m} | contract_keys()
    read = js_reads() & (own - shared - ELSEWHERE)
    assert not read, f"the page reads fields of some games' views only: {sorted(read)}"
    assert own - shared - ELSEWHERE >= {"hand_counts", "titles_before", "dreamer", "counts"}
    # nor does it reach the view at all (which holds those names too)
    text = "".join(p.read_text(encoding="utf-8") for p in JS.glob("*.js"))
    assert not re.search(r"\.view\b|\[\"view\"\]", text), "the page reads the game's view"


def test_the_js_check_finds_a_read_of_a_games_field(tmp_path: Path) -> None:
    (tmp_path / "bad.js").write_text('const n = board.hand_counts[s] + x["titles_before"];'
                                     " Math.round(n);\n")
    assert js_reads(tmp_path) == {"hand_counts", "titles_before"}


def test_dai_fugos_board_turns_the_ranking_and_says_the_state_of_play() -> None:
    view: dict[str, Any] = {"phase": "play", "hand": ["3S"], "counts": [1, 2, 0],
                            "table": ["JK=10H"], "table_seat": 1, "finished": [2],
                            "titles_before": ["daifugo", "heimin", "daihinmin"],
                            "revolution": True, "jack_back": False, "lock": "♠",
                            "direction": "anticlockwise",
                            "actions": [{"seat": 0, "do": "play", "cards": ["9S"]},
                                        {"seat": 1, "do": "play", "cards": ["JK=10H"]},
                                        {"seat": 0, "do": "pass"}]}
    board = daifugo_board(view)
    assert board["turned"]
    assert board["flags"] == [("revolution", ""), ("lockedTo", "♠"),
                              ("anticlockwise", "anticlockwise")]
    assert board["felt"]["plays"] == [{"seat": 1, "do": "play", "cards": ["JK=10H"]}]
    assert board["felt"]["since"] == [{"seat": 0, "do": "pass"}]
    assert [s["out"] for s in board["seats"]] == [None, None, 1]
    assert [s["was"] for s in board["seats"]] == ["daifugo", "heimin", "daihinmin"]
    assert not daifugo_board({**view, "jack_back": True})["turned"]  # turned twice
    assert not daifugo_board({**view, "table": []})["felt"]["plays"]
    # a play to beat the history does not show (the seat's view begun later): still shown
    lost = daifugo_board({**view, "table": ["5S"], "table_seat": None})["felt"]
    assert lost == {"plays": [{"seat": -1, "do": "play", "cards": ["5S"]}], "since": [],
                    "head": None}
    assert daifugo_result({"order": [2, 0, 1], "points": [1, 0, 2]})["places"] == [2, 3, 1]


def test_luk_fus_board_says_the_round_and_the_dreamers_card() -> None:
    plays = [{"seat": s % 3, "do": "play", "cards": [f"{s}Sip"]} for s in range(4)]
    view: dict[str, Any] = {"players": 4, "phase": "follow", "hand": [], "round": 2,
                            "hand_counts": [7, 8, 8], "tricks": [1, 0, 0], "caller": 1,
                            "privileged": None, "leader": 0, "actions": plays,
                            "top": {"seat": 0, "meld": "3 Sip", "cards": ["3Sip"]},
                            "dreamer": None}
    board = lukfu_board(view)
    assert board["felt"]["plays"] == contract.plays(plays[3:])  # the round under way
    assert board["felt"]["head"] == {"say": "toBeat", "meld": "3 Sip", "seat": 0, "r": 2}
    assert board["seats"][1] == contract.badge(cards=8, tricks=0, marks=["called"])
    assert board["seats"][3]["one_card"]
    over = lukfu_board({**view, "phase": "over", "dreamer": "8Gon", "top": None,
                        "actions": plays[:3]})
    assert not over["seats"][3]["one_card"] and over["card"] == "8Gon"
    assert over["felt"]["head"] == {"say": "lastRoundPlays"}
