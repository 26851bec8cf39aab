"""The batched env's loops over its sessions (:mod:`paiju.rl.batch`), compiled with the
engines: each session's observation as bytes, and the cells of the masks and the picks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paiju.core.protocol import Observer, StateObserver
from paiju.rl.match import Match


def encode_rows(fast: StateObserver[Any, Any] | None, observer: Observer[Any, Any],
                matches: list[Match], asked: list[tuple[int, int]],
                width: int) -> tuple[bytes, list[Sequence[float]]]:
    """The observation (without picks) of each ``(session, player)`` of ``asked``: its
    entries that are 1 as ``width`` bytes, all joined, and its counts' values. Read by
    the game's fast path from the state, or (``fast`` None) from the player's view."""
    ones: list[bytes] = []
    values: list[Sequence[float]] = []
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
        values.append(v)
    return b"".join(ones), values


def stale(matches: list[Match], versions: list[int]) -> list[int]:
    """The sessions whose match has moved on since ``versions``."""
    return [i for i, m in enumerate(matches) if versions[i] != m.version]


def legal_cells(matches: list[Match]) -> tuple[list[int], list[int]]:
    """``(session, id)`` of every legal id of each session's next step, as two lists."""
    rows: list[int] = []
    cols: list[int] = []
    for i, m in enumerate(matches):
        picker = m.picker
        assert picker is not None
        for a in picker.next_ids():
            rows.append(i)
            cols.append(a)
    return rows, cols


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
