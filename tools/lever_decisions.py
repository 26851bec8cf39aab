"""How often each lever of the Dai Fugō search changes its decision, on the same views.

Plays sessions of ``PRESET`` with ``PLAYERS`` seats, seat 0 by the ``strongest`` player and
the others by ``uecda-standard`` (under ``uecda``) or the club player, and at each of seat
0's decisions with a choice asks the halving search, the same with ``endgame=2000``, with
``reward=games``, ``strongest``, and ``strongest`` with ways out (``wayout=500``), each
with the same random draws; prints how many decisions each answered otherwise than the
halving search (and the last otherwise than ``strongest``) and its seconds a decision
(docs/strength.md, "The levers, one at a time"):

    python tools/lever_decisions.py uecda 5 120
"""

from __future__ import annotations

import json
import random
import sys
import time

from paiju.bots.base import make_bot
from paiju.core.games import get_game

HALVING = "ismcts:iters=64:root=halving:tree=root:rollout=heuristic:prior=heuristic:reward=place"


def main(preset: str, players: int, decisions: int) -> dict[str, object]:
    extra = ":opponents=uecda-standard" if preset == "uecda" else ""
    specs = {"halving": HALVING + extra, "endgame": HALVING + ":endgame=2000" + extra,
             "games": HALVING.replace("reward=place", "reward=games") + extra,
             "strongest": "strongest" + extra, "wayout": "strongest:wayout=500" + extra}
    bots = {k: make_bot(v, "daifugo") for k, v in specs.items()}
    model = make_bot("uecda-standard" if preset == "uecda" else "heuristic", "daifugo")
    game = get_game("daifugo")
    rng = random.Random(11)
    session = game.new_session(game.rules(preset, {}), players, 11)
    seen = two_left = wayout_vs_strongest = 0
    differ = dict.fromkeys(specs, 0)
    seconds = dict.fromkeys(specs, 0.0)
    while seen < decisions:
        state = session.deal()
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            if seat != 0 or len(view.legal_actions()) < 2:
                state.apply(model.choose(view, rng))
                continue
            seen += 1
            counts: list[int] = list(view.to_json()["counts"])  # type: ignore[arg-type]
            two_left += counts.count(0) == players - 2
            picks = {}
            for key, bot in bots.items():
                start = time.perf_counter()
                picks[key] = bot.choose(view, random.Random(seen))
                seconds[key] += time.perf_counter() - start
            for key in specs:
                differ[key] += picks[key] != picks["halving"]
            wayout_vs_strongest += picks["wayout"] != picks["strongest"]
            state.apply(picks["strongest"])
        session.finish(state)
    return {"preset": preset, "players": players, "decisions": seen, "at_two_left": two_left,
            "differ_from_halving": differ, "wayout_differs_from_strongest": wayout_vs_strongest,
            "seconds_per_decision": {k: round(v / seen, 4) for k, v in seconds.items()}}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
