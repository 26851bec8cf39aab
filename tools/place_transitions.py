"""How a Dai Fugō title carries: the places of the next hand by the place of this one.

Plays sessions of the rule-based player in every seat (or the players ``--bots`` names,
the last repeating) and counts, for every player and every hand after the first of a
block of ``titles_reset_every``, the pair (place in the previous hand, place in this
one). Prints the matrix of counts and of rates, rows by the previous place, as
``paiju.daifugo.players.carry`` keeps them:

    python tools/place_transitions.py --rules popular --players 4 --hands 20000

``--seat K`` counts player K's pairs only (a strong player among others).
"""

from __future__ import annotations

import argparse
import json
import sys

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.core.seeding import make_rng


def count(preset: str, players: int, hands: int, bots: list[str], seat: int | None,
          seed: int) -> list[list[int]]:
    game = get_game("daifugo")
    rules = game.rules(preset, {})
    specs = (bots + [bots[-1]] * players)[:players]
    seated = [make_bot(s) for s in specs]
    rng = make_rng(seed, "place-transitions")
    matrix = [[0] * players for _ in range(players)]
    session = game.new_session(rules, players, seed)
    before: list[int] | None = None
    reset = rules.values.get("titles_reset_every") or 0
    for h in range(hands):
        if reset and h % reset == 0:
            before = None
        state = session.deal()
        by_seat = session.seat_players()
        while (s := state.to_move()) is not None:
            state.apply(seated[by_seat[s]].choose(state.view(s), rng))
        result = session.finish(state)
        place = [0] * players
        for p, s in enumerate(result.order):
            place[by_seat[s]] = p
        if before is not None:
            for player in range(players):
                if seat is None or player == seat:
                    matrix[before[player]][place[player]] += 1
        before = place
    return matrix


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seat", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    matrix = count(args.rules, args.players, args.hands, args.bots.split(","), args.seat,
                   args.seed)
    rates = [[round(c / max(1, sum(row)), 4) for c in row] for row in matrix]
    print(json.dumps({"rules": args.rules, "players": args.players, "hands": args.hands,
                      "bots": args.bots, "seat": args.seat, "seed": args.seed,
                      "counts": matrix, "rates": rates}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
