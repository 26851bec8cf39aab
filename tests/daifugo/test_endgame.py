"""The exact two-seat endgame (:mod:`paiju.daifugo.fast.endgame`) against a plain minimax.

Random hands under random option mixes are played at random until two seats are left
holding few cards; there the solver's value (does the seat to move go out first with
best play by both?) must be a plain minimax's, which walks every legal action through the
reference ``apply`` with no table and no ordering, and the line :func:`finish` plays must
end as the value said, with the position and history the reference's at every step.
"""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import random_rules

from paiju.core.games import get_game
from paiju.daifugo.engine.position import OVER
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.fast.endgame import _key, endgame, finish, solve

GAME = get_game("daifugo")


class TooLong(Exception):
    """The plain minimax met more positions than the test gives it."""


def minimax(state: DaifugoState, pair: tuple[int, int], count: list[int],
            path: frozenset[object] = frozenset()) -> bool:
    """Whether the seat to move finishes ahead of the other of ``pair``, best play
    (``count`` the positions met, TooLong past 20,000); a position met again on the
    line (passes round an empty table) is no win for its mover, as the solver says."""
    count[0] += 1
    if count[0] > 20_000:
        raise TooLong
    key = _key(state.pos)
    if key in path:
        return False
    path = path | {key}
    me = state.pos.turn
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        final = child.pos.final
        if final is not None:
            other = pair[1] if me == pair[0] else pair[0]
            won = final.index(me) < final.index(other)
        elif child.pos.turn == me:
            won = minimax(child, pair, count, path)
        else:
            won = not minimax(child, pair, count, path)
        if won:
            return True
    return False


def endgames(seed: int, most: int, many: int = 8) -> list[DaifugoState]:
    """``many`` two-seat endgames of random hands whose two hands hold at most ``most``
    cards."""
    rng = random.Random(seed)
    out: list[DaifugoState] = []
    while len(out) < many:
        rules = random_rules(rng) if rng.random() < 0.7 else GAME.rules(
            rng.choice(["pagat", "uecda", "popular"]), {})
        state = GAME.new_hand(rules, rng.randint(3, 5), rng)
        while not state.is_terminal():
            p = state.pos
            if endgame(state) and sum(h.bit_count() for h in p.hands) <= most:
                out.append(state)
                break
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize("seed", range(6))
def test_solver_is_minimax(seed: int) -> None:
    checked = 0
    for state in endgames(seed, 8):
        a, b = (s for s in range(state.n) if state.pos.active >> s & 1)
        pair = (a, b)
        before = state.record()
        value = solve(state, 1_000_000)
        assert value is not None
        assert state.record() == before, "solving changed the state"
        try:
            expected = minimax(state.clone(), pair, [0])
        except TooLong:
            continue
        assert value == expected
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("seed", range(4))
def test_finish_plays_the_value(seed: int) -> None:
    for state in endgames(100 + seed, 10):
        me = state.pos.turn
        pair = [s for s in range(state.n) if state.pos.active >> s & 1]
        other = pair[1] if me == pair[0] else pair[0]
        value = solve(state, 1_000_000)
        line = state.clone()
        assert finish(line, 1_000_000) is not None
        assert line.pos.phase == OVER
        final = line.pos.final
        assert final is not None
        assert (final.index(me) < final.index(other)) == value
        # the line is the reference's: replayed through apply, the same record
        replay = GAME.from_record(line.record())
        for obj in line.record()["actions"]:
            replay.apply(GAME.action_from_json(obj))
        assert replay.result().order == line.result().order


def test_budget_leaves_the_state_unchanged() -> None:
    for state in endgames(7, 16):
        before = state.record()
        if solve(state, 1) is None:
            assert finish(state, 1) is None
            assert state.record() == before
            return
    pytest.fail("no endgame needed more than one position")


def test_not_an_endgame() -> None:
    state = GAME.new_hand(GAME.rules("pagat", {}), 4, random.Random(1))
    assert solve(state, 1000) is None
    assert finish(state, 1000) is None
    assert not state.at_endgame()
    assert state.solve_endgame(1000) is False
