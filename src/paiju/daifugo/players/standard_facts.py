"""What a seat that plays the standard client's strategy cannot hold, read from its moves.

The standard client (:mod:`paiju.daifugo.players.standard`) is deterministic, so some of its
moves rule cards out of its hand for the rest of the hand:

* **A lead without the joker.** With the joker in hand it counts the joker into every
  sequence and group it leads (a pair from a single card and the joker), so a lead
  without it means it held none.
* **A pass on a lone card** (not the joker, no lock): it plays the joker on a single it
  cannot beat with a loose card, so a pass means it held no joker.
* **A lead of one card.** It leads the longest sequence, else the largest group, else
  its weakest card: one card led (without the joker) means it held no two of a rank, and
  nothing weaker than that card in the order then in force.
* **Its gift to this seat.** A Dai Fugō or Fugō gives its lowest cards (by rank, then ♠ ♥
  ♦ ♣), never the joker: it keeps nothing below the last card it gave.

Each fact was true when the move was made, and stays true while cards only leave the
hand: after the exchange, until a card moves face down, from which on nothing is read.
The facts are read only under the ``uecda`` rules (session options aside), the rules the
client was written for: under others, the ``uecda-standard`` player plays its nearest legal
action where the rules refuse the client's, and random games under ``popular`` break
the facts. tests/daifugo/test_standard_facts.py checks on random games that no fact
ever rules out a card the seat holds.
"""

from __future__ import annotations

from random import Random

from paiju.daifugo.engine.cards import JOKERS, RANK_MASK, SUITED, parse_card
from paiju.daifugo.engine.combos import GROUP
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.rules import make_rules

#: options that shape the session, not the play: the facts hold whatever they are
SESSION_OPTIONS = frozenset({"scoring", "dealer", "reseat_every", "titles_reset_every"})
_UECDA = make_rules("uecda").values


def weaker_than(rank: int, reversed_order: bool) -> int:
    """The natural cards weaker than ``rank`` in the order in force, as a bitset."""
    if reversed_order:
        return SUITED & ~((1 << (4 * rank + 4)) - 1)
    return (1 << (4 * rank)) - 1


def barred(view: DaifugoView) -> dict[int, int]:
    """For each other seat, the cards it cannot hold now if it plays the standard
    client's strategy (a bitset; seats with none left out)."""
    values = view.rules.values
    if any(values[k] != v for k, v in _UECDA.items() if k not in SESSION_OPTIONS):
        return {}
    me = view.seat
    out: dict[int, int] = {}

    def bar(seat: int, cards: int) -> None:
        if seat != me and cards:
            out[seat] = out.get(seat, 0) | cards

    # The public play is the same in every deal the view allows: replay one.
    replay = view.sample_replay(Random(0))
    if replay is None:
        return {}
    state = replay.start.clone()
    for move in view.handovers():  # before the play: the exchange (-1: the poor's gifts)
        if move["to"] == me and move["at"] >= 0:
            top = max(parse_card(t) for t in move["cards"])  # ids run by rank, then suit
            bar(move["from"], ((1 << top) - 1) & SUITED)
    for action in replay.actions:
        pos = state.pos
        seat = action.seat
        if seat != me:
            table = pos.table
            if table is None and action.do == "play":
                meld = state.meld_of(action)
                if not meld.jokers:
                    bar(seat, JOKERS)
                    if meld.kind == GROUP and meld.size == 1:
                        reversed_order = pos.revolution != pos.jack_back_now
                        bar(seat, weaker_than(meld.rank, reversed_order)
                            | (RANK_MASK[meld.rank] & ~meld.naturals))
            elif (table is not None and action.do == "pass" and table.kind == GROUP
                  and table.size == 1 and not table.jokers and not pos.lock):
                bar(seat, JOKERS)
        state.apply(action)
    return out
