"""The batched env's loops over its sessions (:mod:`paiju.rl.batch`), compiled with the
engines: each session's observation as bytes, the masks as bytes, the cells of the
picks, the ids checked and stepped, and a random legal id drawn from each mask."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paiju.core.protocol import Observer, StateObserver
from paiju.rl.match import Match


def encode_rows(fast: StateObserver[Any, Any] | None, observer: Observer[Any, Any],
                matches: list[Match], asked: list[tuple[int, int]],
                width: int) -> tuple[bytes, list[float]]:
    """The observation (without picks) of each ``(session, player)`` of ``asked``: its
    entries that are 1 as ``width`` bytes, all joined, and its counts' values, all in one
    list. Read by the game's fast path from the state, or (``fast`` None) from the
    player's view."""
    ones: list[bytes] = []
    values: list[float] = []
    for i, player in asked:
        m = matches[i]
        if fast is not None:
            state = m.state
            assert state is not None
            seat = m.seat_of(player)
            o, v = fast.encode_state(state, 0 if seat is None else seat)
        else:
            o, v = observer.encode(m.view(player))
        ones.append(o.to_bytes(width, "little"))
        values.extend(v)
    return b"".join(ones), values


def stale(matches: list[Match], versions: list[int]) -> list[int]:
    """The sessions whose match has moved on since ``versions``."""
    return [i for i, m in enumerate(matches) if versions[i] != m.version]


def pick_cells(matches: list[Match], at: int) -> tuple[list[int], list[int]]:
    """``(session, entry)`` of the ids picked so far in each session's decision in
    progress, at offset ``at``."""
    rows: list[int] = []
    cols: list[int] = []
    for i, m in enumerate(matches):
        for a in m.prefix_now():
            rows.append(i)
            cols.append(at + a)
    return rows, cols


def mask_bytes(matches: list[Match], size: int) -> bytearray:
    """Every session's mask of its next step, ``size`` bytes a session, all joined."""
    out = bytearray(len(matches) * size)
    for i, m in enumerate(matches):
        picker = m.picker
        assert picker is not None
        base = i * size
        bits = picker.next_bits()
        while bits:
            low = bits & -bits
            out[base + low.bit_length() - 1] = 1
            bits ^= low
    return out


def nth_legal(matches: list[Match], draws: Sequence[float]) -> list[int]:
    """In each session, the legal id of the next step at ``draws[i]`` (in ``[0, 1)``) of
    the way along its mask: uniform over the mask for uniform draws."""
    out: list[int] = []
    for i, m in enumerate(matches):
        picker = m.picker
        assert picker is not None
        bits = picker.next_bits()
        n = bits.bit_count()
        k = int(draws[i] * n)
        if k >= n:
            k = n - 1
        for _ in range(k):  # the k-th legal id, ascending
            bits &= bits - 1
        out.append((bits & -bits).bit_length() - 1)
    return out


def first_illegal(matches: list[Match], ids: list[int]) -> int:
    """The first session whose id is outside its mask, or -1."""
    for i, m in enumerate(matches):
        picker = m.picker
        assert picker is not None
        if not picker.legal(ids[i]):
            return i
    return -1


def step_ids(matches: list[Match], ids: list[int]
             ) -> list[tuple[int, dict[int, float], bool]]:
    """Each session's id stepped (each already checked legal): ``(session, points,
    over)`` of the sessions where a hand ended."""
    out: list[tuple[int, dict[int, float], bool]] = []
    for i, m in enumerate(matches):
        points = m.step(ids[i])
        if points is not None:  # a hand ended (so may the session)
            out.append((i, points, m.over))
    return out


def movers_of(matches: list[Match], rows: list[int], versions: list[int]
              ) -> list[tuple[int, int]]:
    """``(session, player to move)`` of sessions ``rows``, their versions noted."""
    out: list[tuple[int, int]] = []
    for i in rows:
        m = matches[i]
        mover = m.to_move()
        assert mover is not None
        out.append((i, mover))
        versions[i] = m.version
    return out
