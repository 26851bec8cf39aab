"""Random play for counting instructions: the same hands on any version of paiju.

Plays hand 0 untimed (the seat tables and caches fill), then hands 1..N of a game and
preset with uniformly random choices, at the engine level (``legal_actions``/``apply``)
or through each seat's view (``RandomBot.choose(state.view(seat))``, as ``paiju simulate``
plays without its fast path), or as the rule-based player's fast play-outs
(``state.playout(rng, "heuristic")``, run without ``PAIJU_FAST=0``), and prints the
decisions made. Run it under valgrind with
the reference engine and a fixed string hash, once with N hands and once with 0, and
divide the difference by the decisions (docs/notes/performance-history.md, "Before and after the
rulebook"):

    PYTHONPATH=<src of the version> PAIJU_FAST=0 PYTHONHASHSEED=0 \\
        valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python tools/count_instructions.py daifugo pagat 150 views
"""

from __future__ import annotations

import sys
from typing import Any

from paiju.bots.base import RandomBot
from paiju.core.games import get_game
from paiju.core.seeding import make_rng


def main(game_name: str, preset: str, hands: int, how: str, players: int = 4) -> int:
    game = get_game(game_name)
    rules = game.rules(preset, {})
    bot = RandomBot()
    decisions = 0
    for i in [0, *range(1, hands + 1)]:
        if i == 1:
            decisions = 0
        rng = make_rng(7, "ic", game_name, i)
        state = game.new_hand(rules, players, rng)
        if how == "heuristic-playout":
            fast: Any = state  # a game's fast path (State.playout), not in the protocol
            decisions += fast.playout(rng, "heuristic")
            continue
        while True:
            if how == "views":
                seat = state.to_move()
                if seat is None:
                    break
                state.apply(bot.choose(state.view(seat), rng))
            else:
                actions = state.legal_actions()
                if not actions:
                    break
                state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (4, 5) or args[3] not in ("engine", "views", "heuristic-playout"):
        sys.exit("usage: count_instructions.py GAME PRESET HANDS "
                 "engine|views|heuristic-playout [PLAYERS]")
    print("decisions", main(args[0], args[1], int(args[2]), args[3], *map(int, args[4:])))
