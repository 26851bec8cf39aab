"""What a better choice could be worth to a Dai Fugō search, from its seat's view.

A diagnostic, not a player. Sessions of ``uecda`` (five players, 10 hands) are played by
the search of ``--spec`` in seat 0 against four ``uecda-standard`` players. At each
decision of seat 0 of the kind asked (``--kind give``: the exchange, where it gives cards
as Dai Fugō or Fugō; ``play``: its plays and passes), every legal action is valued on
the same ``--deals`` determinizations of seat 0's view (the others' moves by the model,
seat 0's by the club player), and the best of them is then valued again, beside the
action the search chose, on ``--check`` fresh determinizations, so that picking the best
of many noisy means does not flatter it. A place is worth 4 points on ``tndhms`` (5 for
the first out down to 1), and an action's value is the mean place reward (1 .. 0).
docs/notes/strength-history.md, "What a better choice is worth":

    python tools/choice_worth.py --kind give --sessions 12 --deals 24 --check 200 --jobs 2
    python tools/choice_worth.py --kind play --sessions 12 --deals 48 --check 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from paiju.bots.base import Bot, make_bot
from paiju.core.games import get_game
from paiju.core.protocol import Action, State, plays_out_against
from paiju.sim.stats import mean_interval

SPEC = ("ismcts:iters=64:root=halving:tree=root:rollout=heuristic:prior=heuristic"
        ":reward=place:opponents=uecda-standard")
HANDS = 10
PLAYERS = 5


def place_value(state: State, seat: int) -> float:
    """Seat's finishing place as a reward, 1 for the first out down to 0 for the last."""
    order = state.result().order
    return 1.0 - order.index(seat) / (len(order) - 1)


def play_out(state: State, me: int, mine: Bot, model: Bot, rng: Random) -> float:
    """Play ``state`` to the end of the hand: ``me`` by ``mine``, the others by ``model``
    (on the game's fast path where it has one)."""
    quick = state
    if plays_out_against(quick) and quick.playout_against(
            rng, me, mine.name, model.name) is not None:
        return place_value(state, me)
    while not state.is_terminal():
        seat = state.to_move()
        assert seat is not None
        player = mine if seat == me else model
        state.apply(player.choose(state.view(seat), rng))
    return place_value(state, me)


def value_of(view: Any, action: Action, deals: Sequence[State], mine: Bot, model: Bot,
             seed: int) -> list[float]:
    """The place reward of ``action`` on each deal (each play-out seeded alike)."""
    out = []
    for i, deal in enumerate(deals):
        state = deal.clone()
        state.apply(action)
        out.append(play_out(state, view.seat, mine, model, Random(seed * 7919 + i)))
    return out


def study(view: Any, made: Action, deals: int, check: int, seed: int) -> dict[str, Any]:
    """Every give valued on ``deals`` shared deals; the best and the one made again on
    ``check`` fresh ones."""
    mine, model = make_bot("heuristic"), make_bot("uecda-standard")
    rng = Random(seed)
    legal = list(view.legal_actions())
    shared = [view.sample(rng) for _ in range(deals)]
    means = {a: sum(value_of(view, a, shared, mine, model, seed)) / deals for a in legal}
    best = max(legal, key=lambda a: means[a])
    fresh = [view.sample(rng) for _ in range(check)]
    b = value_of(view, best, fresh, mine, model, seed + 1)
    m = value_of(view, made, fresh, mine, model, seed + 1)
    diff = mean_interval([x - y for x, y in zip(b, m, strict=True)])
    return {"options": len(legal), "made": _said(made), "best": _said(best),
            "made_value": round(sum(m) / check, 4), "best_value": round(sum(b) / check, 4),
            "gain": round(diff.mean, 4), "half_width": round(diff.half_width, 4)}


def _said(action: Action) -> str:
    """An action in short: its cards (as the records write them), or what it does."""
    said = action.to_json()
    cards = said.get("cards")
    return " ".join(map(str, cards)) if isinstance(cards, list) and cards else str(said["do"])


def session(args: tuple[str, int, int, int, str]) -> list[dict[str, Any]]:
    """The studies of one session's decisions of seat 0 of the kind asked."""
    spec, index, deals, check, kind = args
    game = get_game("daifugo")
    rules = game.rules("uecda", {})
    search, standard = make_bot(spec), make_bot("uecda-standard")
    rng = Random(index)
    sess = game.new_session(rules, PLAYERS, 100 + index)
    found = []
    for hand in range(HANDS):
        state: Any = sess.deal()
        while not state.is_terminal():
            seat = state.to_move()
            assert seat is not None
            view: Any = state.view(seat)
            action = (search if seat == 0 else standard).choose(view, rng)
            asked = (action.do == "give") if kind == "give" else action.do in ("play", "pass")
            if seat == 0 and asked and len(view.legal_actions()) > 1:
                row = study(view, action, deals, check, index * 10000 + hand * 100
                            + len(state.actions))
                row.update(session=index, hand=hand)
                found.append(row)
            state.apply(action)
        sess.finish(state)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default=SPEC)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--check", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--kind", choices=["give", "play"], default="give")
    args = parser.parse_args(argv)
    work = [(args.spec, i, args.deals, args.check, args.kind)
            for i in range(args.start, args.start + args.sessions)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for rows in pool.map(session, work) for r in rows]
    gains = mean_interval([r["gain"] for r in rows]) if len(rows) > 1 else None
    summary = {"decisions": len(rows), "per_game": round(len(rows) / (args.sessions * HANDS), 2),
               "same": sum(r["made"] == r["best"] for r in rows),
               "mean_gain_place": None if gains is None else round(gains.mean, 4),
               "half_width": None if gains is None else round(gains.half_width, 4)}
    print('{"summary": ' + json.dumps(summary) + ',\n "decisions": [')
    print(",\n".join(json.dumps(r, separators=(",", ":")) for r in rows))
    print("]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
