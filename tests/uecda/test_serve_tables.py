"""The lock flag [5][7] that ``paiju uecda serve`` sends is ``tndhms``'s (docs/uecda.md,
"The lock flag"): a lone joker clears it, and the field table after a play that clears the
field still shows the lock that play made. A scripted game over a real socket pins the
cells; random games hold the flag to the engine's lock everywhere else."""

from __future__ import annotations

import threading
from random import Random
from typing import Any

from paiju.bots.base import Bot, make_bot
from paiju.core.seeding import make_rng
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import bits, pack
from paiju.daifugo.engine.session import DaifugoSession
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.game import GAME
from paiju.uecda.client import play_session
from paiju.uecda.seat import card_mask
from paiju.uecda.serve_tables import (
    LockFlag,
    Seating,
    bot_play_table,
    lock_shown,
    lone_joker,
    suit_bits,
    titles_row,
)
from paiju.uecda.server import ServeConfig, Tournament
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Table, play_table
from paiju.uecda.wire import ClientConnection


class Scripted:
    """A paiju player that makes the plays of its script (a tuple of tokens, () a pass),
    then plays as the heuristic player."""

    name = "scripted"

    def __init__(self, script: list[tuple[str, ...]]) -> None:
        self.script = list(script)
        self.then: Bot = make_bot("heuristic", GAME.name)

    def choose(self, view: DaifugoView, rng: Random) -> Action:
        if not self.script:
            action: Action = self.then.choose(view, rng)
            return action
        cards = self.script.pop(0)
        return Action(view.seat, "play", cards) if cards else Action(view.seat, "pass")


class Watching(StandardStrategy):
    """The standard strategy (careful) after its script, keeping every table it reads."""

    def __init__(self, script: list[tuple[str, ...]]) -> None:
        super().__init__(careful=True)
        self.script = list(script)
        self.tables: list[tuple[str, Table]] = []

    def on_hand(self, hand: Table) -> None:
        self.tables.append(("hand", hand))
        super().on_hand(hand)

    def on_field(self, field: Table) -> None:
        self.tables.append(("field", field))
        super().on_field(field)

    def play(self, hand: Table) -> Table:
        if self.script:
            cards = self.script.pop(0)
            return play_table(list(cards)) if cards else Table.empty()
        return super().play(hand)


def scripted_deal(rules: Any) -> DaifugoState:
    """Seat 0 leads 5♡; seat 1 holds 6♡, seat 2 the joker and 7♢, seat 3 8♢, seat 4 the
    ♠3; the other cards go round."""
    fixed = {0: ["5H"], 1: ["6H"], 2: ["JK", "7D"], 3: ["8D"], 4: ["3S"]}
    hands = [card_mask(cards) for _, cards in sorted(fixed.items())]
    taken = sum(hands)
    rest = [c for c in bits(pack(rules.jokers)) if not taken >> c & 1]
    seat = 0
    for c in rest:
        while hands[seat].bit_count() >= (11 if seat < 3 else 10):
            seat = (seat + 1) % 5
        hands[seat] |= 1 << c
        seat = (seat + 1) % 5
    return DaifugoState(rules, hands, 0)


def test_a_lone_joker_on_a_locked_single_clears_the_lock_flag_as_tndhms_does() -> None:
    """5♡, 6♡ (locked to ♡: [5][7] is 1), the lone joker: the field table after it and the
    hand tables after that show [5][7] = 0, while the engine's lock stays on ♡ (tndhms
    clears its flag on a lone joker); the turn comes back to the joker's player, who
    passes, and the field clears. Then 7♢ and 8♢, which locks ♢ and clears the field:
    the field table after the 8 shows the lock (1) and the next hand table a new trick
    with no lock, as tndhms sends them."""
    t = Tournament(ServeConfig(port=0, games=1, seed=3, timeout=20.0,
                               bots=("heuristic",) * 4))
    t.bots = [Scripted([("6H",), ()]), Scripted([("JK",), (), ("7D",)]),
              Scripted([(), ("8D",)]), Scripted([()])]
    t.session.deal = lambda: scripted_deal(t.rules)  # type: ignore[method-assign]
    port = t.listen()
    watching = Watching([("5H",), ()])
    done: dict[str, Any] = {}

    def client() -> None:
        with ClientConnection.connect("127.0.0.1", port, 30.0) as conn:
            done["log"] = play_session(conn, watching, "watch")

    th = threading.Thread(target=client, daemon=True)
    th.start()
    t.run()
    th.join(30)
    assert "log" in done and t.games_played == 1
    turns = watching.tables[:22]
    # (turn's mover, field table's cards, [5][7] of the hand, of the field, [5][4] of each)
    seen = [(h[5, 3], f.nonzero()[:1], h[5, 7], f[5, 7], h[5, 4], f[5, 4])
            for (_, h), (_, f) in zip(turns[0::2], turns[1::2], strict=True)]
    assert [k for k, _ in turns] == ["hand", "field"] * 11
    assert seen[:10] == [
        (0, [(1, 3, 1)], 0, 0, 1, 0),   # 5♡ leads
        (1, [(1, 4, 1)], 0, 1, 0, 0),   # 6♡: locked to ♡
        (2, [(0, 14, 2)], 1, 0, 0, 0),  # the lone joker: the flag clears
        (3, [(0, 14, 2)], 0, 0, 0, 0),  # passes: no lock shown
        (4, [(0, 14, 2)], 0, 0, 0, 0),
        (0, [(0, 14, 2)], 0, 0, 0, 0),
        (1, [(0, 14, 2)], 0, 0, 0, 0),
        (2, [(0, 14, 2)], 0, 0, 0, 0),  # the joker's player passes: the field clears
        (2, [(2, 5, 1)], 0, 0, 1, 0),   # 7♢ leads
        (3, [(2, 6, 1)], 0, 1, 0, 0),   # 8♢: locked to ♢, and the 8 clears the field
    ]
    assert seen[10][0] == 3 and seen[10][2] == 0 and seen[10][4] == 1  # 8♢'s player leads


def test_the_lock_flag_is_the_engine_s_lock_but_on_a_lone_joker() -> None:
    """Random players' games, as the server carries them: at the start of every turn the
    flag :class:`LockFlag` keeps is the engine's lock, except on a lone joker, where both
    :func:`lock_shown` and tndhms clear it; the games hold such jokers."""
    rules = GAME.rules("uecda")
    session = DaifugoSession(rules, 5, 11)
    players = [make_bot("random", GAME.name) for _ in range(5)]
    rng = make_rng(11, "lock-flag")
    on_joker = 0
    for _ in range(150):
        state = session.deal()
        while not state.is_terminal() and state.pos.phase != "play":
            seat = state.to_move()
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat), rng))
        lock, field = LockFlag(), Table.empty()
        while not state.is_terminal():
            if state.pos.table is None:
                lock.clear()
                field = Table.empty()
            assert lock.on == lock_shown(state)
            if lone_joker(field) and state.pos.lock:
                on_joker += 1
            seat = state.to_move()
            assert seat is not None
            revolution = state.pos.revolution
            action = players[seat].choose(state.view(seat), rng)
            state.apply(action)
            if action.do == "play":
                shown = bot_play_table(action.cards, revolution)
                lock.play(shown, field)
                field = shown
        session.finish(state)
    assert on_joker >= 10, on_joker


def test_the_suits_of_a_play_are_read_as_tndhms_reads_them() -> None:
    assert suit_bits(play_table(["5H"])) == 0b0010
    assert suit_bits(play_table(["5H", "5C"])) == 0b1010
    assert suit_bits(play_table(["5D", "6D", "7D"])) == 0b0100
    assert suit_bits(Table.of({(0, 14): 2})) == 0b0001  # the lone joker, where it lies
    assert suit_bits(Table.of({(0, 5): 1, (1, 5): 1, (2, 5): 1, (3, 5): 1, (4, 5): 2})) == 31
    assert lone_joker(Table.of({(0, 14): 2})) and not lone_joker(play_table(["5H"]))


def test_the_titles_row_changes_as_players_go_out_as_tndhms_writes_it() -> None:
    """Players 0..4 were Dai Fugō, Heimin, Dai Hinmin, Fugō, Hinmin. The row is those
    titles until players go out; then each shows the last place tndhms's list holds it
    at (checked against tndhms cell for cell by tests/uecda/test_kit_referee.py)."""
    rules = GAME.rules("uecda")
    state = scripted_deal(rules)
    seating = Seating((0, 1, 2, 3, 4), (0, 2, 4, 1, 3))
    assert titles_row(state, seating) == (0, 2, 4, 1, 3)
    state.pos.finished = [1]  # the Heimin out first: the list is 1, 3, 1, 4, 2
    assert titles_row(state, seating) == (0, 2, 4, 1, 3)
    state.pos.finished = [1, 0]  # then the Dai Fugō: 1, 0, 1, 4, 2
    assert titles_row(state, seating) == (1, 2, 4, 0, 3)
    state.pos.finished = [2, 4]  # the Dai Hinmin, then the Hinmin: 2, 4, 1, 4, 2
    assert titles_row(state, seating) == (0, 2, 4, 0, 3)
    assert titles_row(state, Seating((0, 1, 2, 3, 4), None)) == (0,) * 5
