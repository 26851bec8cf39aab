"""What the true deal is worth to a Dai Fugō search, by how far the hand has gone.

A diagnostic, not a player: seat 0 is the search of ``--spec`` against four
``uecda-standard`` players under ``uecda`` (sessions of 10 hands, so with exchanges), and
in each *arm* the search is told the true deal (every determinization is the real state)
whenever it holds at most LIMIT cards. ``none`` never tells it and ``all`` always does;
``--untold SPEC`` adds an arm of another search, never told.
Every arm plays the same sessions (seeds 100 + i, the search's generator seeded i), and
each arm after the first is compared with the first over the sessions' means (paired;
the half-width of the 95% Student's t interval). Each arm's wall-clock seconds are
printed too. docs/notes/strength-history.md, "Where the hidden cards are worth most":

    python tools/true_deal.py --sessions 100 --limits none,4,8,all --jobs 2
    python tools/true_deal.py --sessions 100 --limits none --jobs 2 \\
        --untold "$SPEC:pick=64:held=8"    # SPEC: the default search, tools/true_deal.SPEC
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.sim.stats import mean_interval

SPEC = ("ismcts:iters=64:root=halving:tree=root:rollout=heuristic:prior=heuristic"
        ":reward=place:opponents=uecda-standard")
HANDS = 10
PLAYERS = 5


def play_session(spec: str, limit: int, index: int) -> list[float]:
    """Seat 0's points in each hand of session ``index``, told the deal at ``limit`` cards."""
    game = get_game("daifugo")
    rules = game.rules("uecda", {})
    search: Any = make_bot(spec)
    standard = make_bot("uecda-standard")
    rng = Random(index)
    session = game.new_session(rules, PLAYERS, 100 + index)
    points: list[float] = []
    for _ in range(HANDS):
        state = session.deal()
        while not state.is_terminal():
            seat = state.to_move()
            assert seat is not None
            view: Any = state.view(seat)
            if seat == 0:
                if len(view.hand) <= limit:  # told: each determinization the real state
                    search._deal = lambda _view, _rng, real=state: real.clone()
                else:
                    search.__dict__.pop("_deal", None)
                action = search.choose(view, rng)
            else:
                action = standard.choose(view, rng)
            state.apply(action)
        points.append(state.result().points[0])
        session.finish(state)
    return points


def _limit(text: str) -> int:
    """``none`` (never told), ``all`` (always) or a number of cards held."""
    if text == "none":
        return -1
    if text == "all":
        return 1 << 30
    if not text.isdigit():
        raise ValueError(f"a limit is none, all or a number of cards held, not {text!r}")
    return int(text)


def _run(args: tuple[str, int, int]) -> list[float]:
    return play_session(*args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default=SPEC)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--limits", default="none,4,8,all",
                        help="comma-separated: none, all, or a number of cards held")
    parser.add_argument("--untold", action="append", default=[], metavar="SPEC",
                        help="one more arm: this search, never told (repeatable)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        plan = [(args.spec, n, _limit(n)) for n in args.limits.split(",")]
    except ValueError as err:
        parser.error(str(err))
    plan += [(spec, "none", -1) for spec in args.untold]
    indices = range(args.start, args.start + args.sessions)
    out: list[dict[str, Any]] = []
    first: list[float] = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    for spec, name, limit in plan:
        start = time.perf_counter()
        work = [(spec, limit, i) for i in indices]
        sessions = list(pool.map(_run, work) if pool is not None else map(_run, work))
        means = [sum(s) / len(s) for s in sessions]
        row: dict[str, Any] = {"spec": spec, "told": name, "hands": len(means) * HANDS,
                               "points_per_hand": round(sum(means) / len(means), 3),
                               "seconds": round(time.perf_counter() - start, 1)}
        if out:
            diff = mean_interval([a - b for a, b in zip(means, first, strict=True)])
            row["against_first"] = [round(diff.mean, 3), round(diff.half_width, 3)]
        else:
            first = means
        out.append(row)
    if pool is not None:
        pool.shutdown()
    json.dump({"arms": out}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
