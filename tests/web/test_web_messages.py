"""No message carries a card its receiver may not know.

Whole sessions of both games, every preset, every seat a person plus a spectator: each
message sent is searched for card names (in tokens and in the words of the log and the
status), and every card found must be one the receiver could know at that moment, as the
hand itself says: the seat's own cards (as dealt and as received since), the cards played
face up, its own face-down moves, and the dreamer's card for the dreamer or once the hand
is over. A spectator may know only what was played face up. The record sent with
``hand_over`` is searched too: each receiver gets the hand as it saw it (the full record,
face-down cards and all, is only at the record endpoint).
"""

from __future__ import annotations

import asyncio
import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import make_hub

from paiju.core.errors import PaijuError
from paiju.core.games import get_game
from paiju.web import messages
from paiju.web.tables import Table

#: What is no card of the hand: the rules in words (the option "spade_three" names ♠3), the
#: seats and their names, the table.
SKIPPED_KEYS = {"rules_key", "rules_key_text", "rules_text", "seats", "table", "names",
                "names_text"}
_SPLIT = re.compile(r"[\s,()（）:;.!?·—\[\]/]+")


def strings(obj: Any, key: str = "") -> Iterator[str]:
    if key in SKIPPED_KEYS:
        return
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if key == "cards":  # the cards of a message are keyed by their tokens
                yield str(k)
            yield from strings(v, str(k))
    elif isinstance(obj, list | tuple):
        for item in obj:
            yield from strings(item, key)


def parse(game: str, word: str) -> int | None:
    try:
        if game == "lukfu":
            from paiju.lukfu.engine.cards import parse_card

            return parse_card(word)
        from paiju.daifugo.engine.cards import parse_play_token

        return parse_play_token(word)[0]
    except (PaijuError, ValueError):
        return None


#: The cards as sentences write them, found inside words: ``9 Sip``, ``Li Chen``,
#: ``九拾``, ``麗綫`` (Luk Fu); ``3♠``, ``♠3`` (Dai Fugō: the Japanese and Chinese
#: sentences write a card with no space around it).
_IN_WORDS = {
    "lukfu": re.compile(r"(?<![0-9])[1-9] (?:Sip|Gon|Sok|Chen)\b|Li Chen|[一二三四五六七八九]"
                        r"[拾貫索綫]|麗綫"),
    "daifugo": re.compile(r"(?:10|[2-9JQKA])[♠♡♢♣]|[♠♡♢♣](?:10|[2-9JQKA])"),
}


def cards_in(game: str, message: dict[str, Any]) -> set[int]:
    found: set[int] = set()
    for text in strings(message):
        found |= _cards_in_text(game, text)
    return found


@functools.lru_cache(maxsize=1 << 16)
def _cards_in_text(game: str, text: str) -> frozenset[int]:
    """The cards one string names (the same strings come in message after message)."""
    text = re.sub(r"JK\([^)]*\)", "JK", text)  # a joker's reading is not a card held
    words = [text, *_SPLIT.split(text), *_IN_WORDS[game].findall(text)]
    return frozenset(card for word in words if word and (card := parse(game, word)) is not None)


class Truth:
    """What each seat of the current hand may know so far, from the hand itself."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hand = -1
        self.known: dict[int, set[int]] = {}

    def update(self) -> None:
        table, state = self.table, self.table.state
        assert state is not None
        if table.hand != self.hand:
            self.hand = table.hand
            self.known = {s: set() for s in range(state.num_seats)}
        game = table.game.name
        record = state.record()
        for s in range(state.num_seats):
            self.known[s] |= self.holding(s)
            if s < len(record["deal"]["hands"]):  # as dealt, before any exchange
                self.known[s] |= {parse(game, t) for t in record["deal"]["hands"][s]} - {None}
        public = self.public()
        for a in record["actions"]:
            ids = {parse(game, t) for t in a.get("cards", [])} - {None}
            if a["do"] != "play":
                self.known[a["seat"]] |= ids  # type: ignore[arg-type]
        for s in self.known:
            self.known[s] |= public

    def holding(self, seat: int) -> set[int]:
        state: Any = self.table.state
        if self.table.game.name == "lukfu":
            from paiju.lukfu.engine.cards import cards_of

            if seat == 3:
                return {state.dreamer_card}
            return set(cards_of(state.hands[seat]))
        from paiju.daifugo.engine.cards import bits

        return set(bits(state.hands[seat]))

    def public(self) -> set[int]:
        state: Any = self.table.state
        game = self.table.game.name
        out = set()
        for a in state.record()["actions"]:
            if a["do"] == "play":
                out |= {parse(game, t) for t in a.get("cards", [])} - {None}
        if state.is_terminal() and game == "lukfu":
            from paiju.lukfu.engine.cards import cards_of

            for won in state.won:
                out |= set(cards_of(won))
            out |= set(cards_of(state.declared_aged))
            if state.dreamer_card is not None:
                out.add(state.dreamer_card)
            if state.report()["outcome"] == "five_tigers":
                from paiju.lukfu.engine.cards import FIVE_TIGERS

                out |= set(FIVE_TIGERS)
        return out  # type: ignore[return-value]

    def allowed(self, player: int | None) -> set[int]:
        if player is None:
            return self.public()
        return self.known[self.table.seat_players.index(player)]


async def play_checked(table: Table, rng: random.Random) -> int:
    """Play the session with every seat a person; check every message; count them."""
    tokens = [await table.take_seat(p, f"P{p}") for p in range(table.settings.players)]
    people = [table.connect(t) for t in tokens]
    spectator = table.connect(None)
    truth = Truth(table)
    checked = 0
    last: dict[int, dict[str, Any]] = {}
    while True:
        truth.update()
        for r in [*people, spectator]:
            while not r.queue.empty():
                message = r.queue.get_nowait()
                leaked = cards_in(table.game.name, message) - truth.allowed(r.player)
                assert not leaked, (r.player, message["type"], leaked, message)
                checked += 1
                if message["type"] == "state" and r.player is not None:
                    last[r.player] = message
                if message["type"] == "session_over" and r is spectator:
                    return checked
        if table.between:
            for r in people:
                await table.handle(r, {"type": "next"})
            continue
        movers = [p for p, m in last.items() if m["legal"] and m["hand"] == table.hand]
        assert len(movers) == 1, movers
        message = last.pop(movers[0])
        await table.handle(people[movers[0]], {"type": "act",
                                               "action": rng.choice(message["legal"])})


CASES = [(g, preset, n) for g in ("lukfu", "daifugo") for preset in get_game(g).options.presets
         for n in get_game(g).player_counts if n <= 5]


@pytest.mark.parametrize(("game", "preset", "players"), CASES)
def test_no_message_carries_a_card_its_receiver_may_not_know(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, preset: str,
        players: int) -> None:
    # The session's seed is fixed, so that the test is the same on every run; under Sung
    # with four, seed 51's first deal holds the Five Tigers, paid at once (a hand with no
    # action), and the second is played out.
    monkeypatch.setattr("paiju.web.hub.secrets.randbelow", lambda n: 51)

    async def run() -> int:
        hub = make_hub(tmp_path / "db.sqlite3", next_delay=60)
        table = await hub.create({"game": game, "rules": preset, "players": players,
                            "seats": ["human"] * players, "hands": 2})
        try:
            return await play_checked(table, random.Random(f"{game}{preset}{players}"))
        finally:
            hub.close()

    assert asyncio.run(run()) > 20


def test_the_search_finds_cards_in_words_and_tokens() -> None:
    assert cards_in("lukfu", {"log": [{"en": "P1 plays 9Sip 9Gon"}]}) == {8, 17}
    assert cards_in("lukfu", {"log": [{"native": "P1 plays 九拾"}]}) == {8}
    assert cards_in("lukfu", {"log": [{"en": "P1 plays 9 Sip, Li Chen."}]}) == {8, 36}
    assert cards_in("lukfu", {"log": [{"zh_Hant": "P1出九拾、一綫。"}]}) == {8, 27}
    assert cards_in("daifugo", {"log": [{"ja": "P1は♠3、♡10を出す。"}]}) == {0, 29}
    found = cards_in("daifugo", {"status": "beat JK(5♡) (P2) or pass", "cards": {"3S": {}}})
    assert found == {0, 52} or found == {0, 53}
    assert cards_in("daifugo", {"rules_key": ["spade_three = true: the 3♠ beats"]}) == set()


def test_a_spectator_view_has_no_hand_and_no_private_history() -> None:
    views = [
        {"seat": 0, "hand": ["3S"], "known": [{"seat": 1, "cards": ["4S"]}], "phase": "play",
         "actions": [{"seat": 0, "do": "give", "cards": ["5S"]}, {"seat": 1, "do": "play",
                                                                  "cards": ["6S"]}]},
        {"seat": 1, "hand": ["7S"], "known": [], "phase": "play",
         "actions": [{"seat": 0, "do": "give", "count": 1}, {"seat": 1, "do": "play",
                                                             "cards": ["6S"]}]},
    ]
    public = messages.public_json("daifugo", views)
    assert public["hand"] == [] and public["known"] == [] and public["seat"] is None
    assert messages.card_tokens(public) == {"6S"}


def test_the_check_catches_a_leak(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spectators sent seat 0's own view: the check must fail on the first hand."""
    monkeypatch.setattr(messages, "public_json", lambda game, views: dict(views[0]))

    async def run() -> int:
        hub = make_hub(tmp_path / "db.sqlite3", next_delay=60)
        table = await hub.create({"game": "daifugo", "players": 4, "seats": ["human"] * 4})
        try:
            return await play_checked(table, random.Random(1))
        finally:
            hub.close()

    with pytest.raises(AssertionError, match="'state'"):
        asyncio.run(run())
