"""Dai Fugō's turn order: who plays next, when the table clears, who leads.

What beats what is the rulebook's (:mod:`paiju.daifugo.engine.rulebook`, the house rules in
:mod:`paiju.daifugo.engine.hooks`); this module only moves the turn over a
:class:`~paiju.daifugo.engine.position.Position`: 004 "Play" (each player in turn plays or
passes; when all the others have passed, the last player to play clears the table and
leads), changed by the marks the on_play hooks leave on a play (a clear, a cut, skips) and
by the turn rules in force (:class:`~paiju.daifugo.engine.registry.TurnRule`, which the rulebook
takes together): UECda's ``no_play_after_pass`` (4.2.1), ``last_player_again`` (4.2.4),
``lead_pass`` and ``pass_limit`` (4.5.1), each registered in :mod:`paiju.daifugo.engine.hooks`
(docs/daifugo.md). It reads no option.
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.daifugo.engine.position import OVER, PLAY, Position
from paiju.daifugo.engine.rulebook import Rulebook
from paiju.daifugo.engine.tables import NEXT_SEAT, PREV_SEAT


def next_from(p: Position, n: int, cur: int, mask: int) -> int | None:
    """The next seat after ``cur`` in the direction of play that is active and not in
    ``mask`` (``cur`` itself last), or None."""
    table = NEXT_SEAT[n] if p.direction == 1 else PREV_SEAT[n]
    s = table[(cur << n) | (p.active & ~mask)]
    return None if s < 0 else s


def next_active(p: Position, n: int, cur: int) -> int | None:
    """The next seat after ``cur`` still in the hand, or None."""
    d, active = p.direction, p.active
    for k in range(1, n):
        s = (cur + d * k) % n
        if active >> s & 1:
            return s
    return None


def clear(p: Position, n: int, leader: int) -> None:
    """Clear the table (004: "sets aside all the played cards"); ``leader`` leads, or the
    next seat still in when ``leader`` has gone out."""
    if p.pending_rev:
        p.revolution = not p.revolution
        p.pending_rev = False
    p.jack_back_now = False
    p.lock = 0
    p.trick = []
    p.table = None
    p.table_seat = -1
    p.cut_pending = False
    p.passed_since = 0
    p.passed_trick = 0
    if not p.active >> leader & 1:
        nxt = next_active(p, n, leader)
        assert nxt is not None
        leader = nxt
    p.turn = p.lead_seat = leader


def advance(book: Rulebook, p: Position, n: int, cur: int) -> None:
    """The turn after ``cur``'s: the next seat that may still play, or the table clears."""
    mask = p.passed_since | p.passed_trick & book.trick_passes  # Rulebook.passers
    if book.last_again and not p.cut_pending:
        _advance_to_last(p, n, cur, mask)
        return
    ts = p.table_seat
    live = p.active & ~mask
    if not live & ~(1 << ts):
        clear(p, n, ts)
        return
    nxt = (NEXT_SEAT[n] if p.direction == 1 else PREV_SEAT[n])[(cur << n) | live]
    if nxt < 0 or nxt == ts:
        clear(p, n, ts)
        return
    p.turn = nxt


def _advance_to_last(p: Position, n: int, cur: int, mask: int) -> None:
    """last_player_again (UECda 4.2.4): the next seat that has not passed, the table's
    own player included; the table clears only when every seat still in has passed."""
    nxt = next_from(p, n, cur, mask)
    if nxt is None:
        clear(p, n, p.table_seat)
    else:
        p.turn = nxt


def after_play(book: Rulebook, p: Position, n: int, seat: int, clears: bool,
               skips: int) -> None:
    """The turn after ``seat``'s play: the table clears, or ``skips`` seats are skipped
    (5-skip), or the next seat plays."""
    if p.phase == OVER:
        return
    p.phase = PLAY
    if clears:
        clear(p, n, seat)
        return
    if not skips:
        advance(book, p, n, seat)
        return
    cur = seat
    mask = book.passers(p)
    for _ in range(skips):
        s = next_from(p, n, cur, mask)
        if s is None or s == seat:
            break
        p.passed_since |= 1 << s
        mask |= 1 << s
        cur = s
    advance(book, p, n, cur)


def after_pass(book: Rulebook, p: Position, n: int, seat: int) -> bool:
    """The turn after ``seat``'s pass; True when ``pass_limit`` passes have now come in a
    row, so that the seats still in are to be ranked by lot (:func:`rank_by_lot`)."""
    p.passed_since |= 1 << seat
    p.passed_trick |= 1 << seat
    limit = book.pass_limit
    if limit:
        p.pass_run += 1
        if p.pass_run >= limit:
            return True
    if p.table is None:
        _pass_the_lead(book, p, n, seat)
    else:
        advance(book, p, n, seat)
    return False


def _pass_the_lead(book: Rulebook, p: Position, n: int, seat: int) -> None:
    """lead_pass (UECda 4.5.1): the next seat that has not passed leads; when every
    seat still in has passed, the table stays clear and the same leader leads again."""
    nxt = next_from(p, n, seat, book.passers(p))
    if nxt is None:
        clear(p, n, p.lead_seat)
    else:
        p.turn = nxt


def rank_by_lot(p: Position, lots: Sequence[int]) -> None:
    """pass_limit (UECda 4.5.1): the seats still in take the next places by lot."""
    rest = [s for s in lots if p.active >> s & 1]
    p.final = (p.finished + rest + ([p.fallen] if p.fallen is not None else [])
               + p.forbidden[::-1])
    p.phase = OVER
