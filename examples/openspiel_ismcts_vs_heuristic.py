"""OpenSpiel's own IS-MCTS against paiju's pre-trained players, in paiju's OpenSpiel games.

Seat 0 is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (random rollouts), which
draws its worlds with the game's ``resample_from_infostate`` (paiju's ``View.sample``);
every other seat is a paiju player: in turn each of ``--opponents``, by default
``heuristic`` (the rule-based player) and ``learned`` (the shipped policy of ``paiju
train``), on the same deals. Prints the mean points a hand of each side.

    python examples/openspiel_ismcts_vs_heuristic.py --game daifugo --rules pagat --hands 10
"""

from __future__ import annotations

import argparse
from random import Random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import paiju.rl.openspiel  # noqa: F401  (registers the games)
from paiju.bots import make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="daifugo", choices=["lukfu", "daifugo"])
    parser.add_argument("--rules", default=None)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="heuristic,learned",
                        help="comma-separated paiju player specs, each in turn in seats 1..")
    args = parser.parse_args()

    params = {"players": args.players} | ({"rules": args.rules} if args.rules else {})
    game = pyspiel.load_game(f"python_paiju_{args.game}", params)
    for spec in args.opponents.split(","):
        play(game, args, spec)


def play(game: pyspiel.Game, args: argparse.Namespace, spec: str) -> None:
    """IS-MCTS in seat 0 against ``spec`` in the others for ``args.hands`` hands."""
    rs = np.random.RandomState(args.seed)
    deals = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations,
                           random_state=rs)
    opponent, rng = make_bot(spec), Random(args.seed)
    totals = np.zeros(args.players)
    for hand in range(args.hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(deals.choice(outcomes, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                view = state.paiju_state.view(state.current_player())
                state.apply_paiju_action(opponent.choose(view, rng))
        totals += state.returns()
        print(f"hand {hand + 1} against {spec}: {state.returns()}", flush=True)
    print(f"{args.game}, {args.players} players, {args.hands} hands, "
          f"{args.simulations} IS-MCTS simulations a decision")
    print(f"  IS-MCTS (seat 0):        {totals[0] / args.hands:+.3f} points a hand")
    print(f"  {spec + ' (other seats):':24} {totals[1:].mean() / args.hands:+.3f} points a hand")

if __name__ == "__main__":
    main()
