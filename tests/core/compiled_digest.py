"""Plays seeded random hands of both games and prints one digest of everything seen.

Run by tests/core/test_compiled.py in a child process with ``PAIJU_PURE=1`` (the pure
modules) and in the test's own process (the compiled ones): the same digest means the
same legal actions, positions, results and records at every step. Usage:
``python compiled_digest.py HANDS``.
"""

from __future__ import annotations

import hashlib
import random
import sys

from paiju.core.games import get_game
from paiju.daifugo.fast import playout as daifugo_fast
from paiju.lukfu.fast import playout as lukfu_fast

PRESETS = {"daifugo": ("pagat", "uecda", "popular"), "lukfu": ("hongkong", "gloucester", "sung")}


def digest(hands: int) -> str:
    """The digest of ``hands`` hands of each game, on the reference path and the fast one."""
    daifugo_fast.ENABLED = lukfu_fast.ENABLED = True
    h = hashlib.sha256()
    for name, presets in PRESETS.items():
        game = get_game(name)
        counts = list(game.player_counts)
        for i in range(hands):
            rules = game.rules(presets[i % len(presets)])
            players = counts[i % len(counts)]
            rng = random.Random(i)
            state = game.new_hand(rules, players, rng)
            fast = state.clone()
            while not state.is_terminal():
                legal = state.legal_actions()
                h.update(repr(sorted(repr(a) for a in legal)).encode())
                state.apply(legal[rng.randrange(len(legal))])
            h.update(repr(state.result()).encode())
            h.update(repr(state.record()).encode())
            policy = ("random", "heuristic")[i % 2]
            h.update(repr((fast.playout(random.Random(i), policy), fast.result())).encode())
    return h.hexdigest()


if __name__ == "__main__":
    print(digest(int(sys.argv[1])))
