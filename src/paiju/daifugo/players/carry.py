"""What a finishing place is worth over the hands to come, where titles carry.

A Dai Fugō title carries into the next hand's exchange: the Dai Fugō is given the
poor's best cards, and keeps the title more often than not. So a place is worth its
points now and the points its title brings in the hands that follow. With ``P[i][j]``
the rate of finishing ``j``-th in the next hand after finishing ``i``-th in this one,
the worth of the places over ``g`` hands to come is

    V_0 = 0,    V_g = r + P V_(g-1)   (then shifted so that the last place is worth 0),

``r`` the points of each place now (the rules' scoring). The shift keeps only what
places differ by, and the values settle as ``g`` grows (the chain forgets where it
began): :func:`place_worth` gives the settled values, scaled from 1 (the first place)
to 0 (the last), which the search's ``reward=games`` backs up instead of the place.

The rates are measured, not ruled: for five players, paiju's search at one seat of
the official ``tndhms`` server against four standard clients (its places in 4,863 games
of five tournaments, docs/notes/strength-runs/daifugo-tndhms-halving-*.json); for
three, four and six players, the rule-based player in every seat of ``pagat`` sessions
(``tools/place_transitions.py``, the command beside each). With no exchange nothing
carries (None).
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.daifugo.rules import Rules

#: Counts of (place in a hand, place in the next), rows by the first, best first, by
#: the number of players.
TRANSITIONS: dict[int, tuple[tuple[int, ...], ...]] = {
    # tndhms, one seat of the halving search with opponents=uecda-standard and the
    # learned prior (one run with its play-outs too) against four standard clients, five
    # tournaments of 2026-11-27; the first game of each block of 100 (titles reset) left out
    5: ((2279, 475, 155, 59, 23),
        (540, 285, 111, 48, 19),
        (131, 152, 111, 53, 29),
        (37, 67, 64, 39, 26),
        (23, 20, 26, 28, 14)),
}

#: How many hands the worth looks ahead (enough for the values to settle).
HORIZON = 200


def place_points(rules: Rules, players: int) -> list[float]:
    """The points of each finishing place in one hand under the rules' scoring."""
    from paiju.daifugo.engine.rulebook import points_for, titles_for

    titles = titles_for(players, rules.exchange)
    order = list(range(players))
    points = points_for(order, titles, rules.scoring)
    return [float(p) for p in points]


def settled(rates: Sequence[Sequence[float]], points: Sequence[float],
            horizon: int = HORIZON) -> list[float]:
    """The worth of each place over ``horizon`` hands, the last place's worth 0."""
    n = len(points)
    worth = [0.0] * n
    for _ in range(horizon):
        worth = [points[i] + sum(rates[i][j] * worth[j] for j in range(n)) for i in range(n)]
        worth = [w - worth[-1] for w in worth]
    return worth


def place_worth(rules: Rules, players: int) -> tuple[float, ...] | None:
    """Each place's worth over this hand and the hands to come, best first, scaled from
    1 (the best) to 0 (the worst); None when nothing carries (no exchange, or no rates
    measured for this number of players)."""
    counts = TRANSITIONS.get(players)
    if rules.exchange == "off" or counts is None:
        return None
    rates = [[c / max(1, sum(row)) for c in row] for row in counts]
    worth = settled(rates, place_points(rules, players))
    low, high = min(worth), max(worth)
    if high <= low:
        return None
    return tuple((w - low) / (high - low) for w in worth)
