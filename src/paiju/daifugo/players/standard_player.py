"""The ``uecda-standard`` player: the UECda standard client's choices over a Dai Fugō view.

The strategy is written once, on the client's tables (:mod:`paiju.daifugo.players.standard`);
this player feeds it a seat's view, through the fast path on the card rows
(:mod:`paiju.daifugo.fast.standard`) where that settles the turn, and says what the
client's moves rule out of its hand (:mod:`paiju.daifugo.players.standard_facts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random

from paiju.core.protocol import View
from paiju.daifugo.engine.actions import PLAY_MELD, Action, pass_action
from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.engine.generate import legal_actions
from paiju.daifugo.engine.position import PLAY
from paiju.daifugo.engine.rulebook import Rulebook
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.fast import standard as standard_fast
from paiju.daifugo.players import standard_facts
from paiju.daifugo.players.standard import (
    PlayKey,
    choose,
    hand_grid,
    key_of,
    lowest_cards,
    play_key,
    seen_of,
)


class StandardPlayer:
    """The ``uecda-standard`` player: the standard client's choices over a Dai Fugō view.

    Where the rules in force have no action for the client's play (one they refuse, or
    its joker below the 3 or above the 2 without ``sequence_joker_beyond_ends``), it
    passes, or on a lead, where a pass is not allowed, it leads the first play the view
    lists. Follow-up steps of house rules the client
    does not know (7-watashi, 10-sute) hand over or discard its lowest cards.
    """

    name = "uecda-standard"

    def __init__(self, fast: bool = True) -> None:
        #: choose on the card rows (:mod:`paiju.daifugo.fast.standard`); False: on the
        #: client's tables, cell by cell (the reference the fast path is tested against)
        self.fast = fast

    def choose(self, view: View, rng: Random) -> Action:
        if not isinstance(view, DaifugoView):
            raise TypeError(f"the uecda-standard player plays Dai Fugō, not {view.game}")
        if view.to_move() == view.seat and view.phase == PLAY:
            return _play(view, self.fast)
        legal = list(view.legal_actions())
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if legal[0].do != "play" and legal[0].do != "pass":
            return _give(view, legal)
        return _play(view, self.fast)

    def barred(self, view: View) -> dict[int, int]:
        """For each other seat, the cards it cannot hold if it plays as this player
        does, read from its moves (:mod:`paiju.daifugo.players.standard_facts`)."""
        if not isinstance(view, DaifugoView):
            raise TypeError(f"the uecda-standard player plays Dai Fugō, not {view.game}")
        return standard_facts.barred(view)


def _give(view: DaifugoView, legal: list[Action]) -> Action:
    hand = view.hand
    count = max(len(a.cards) for a in legal)
    if legal[0].do == "discard":
        count = min(len(a.cards) for a in legal)
    want = lowest_cards(hand, count)
    for a in legal:
        if set(a.cards) == want and len(a.cards) == len(want):
            return a
    return legal[0]


def table_key(view: DaifugoView) -> PlayKey | None:
    """The client's play at this seat's turn, chosen on its tables (None: a pass)."""
    table = view.table()
    counts = list(table.get("counts", []))[:5]
    status = {(5, 4): int(table["table"] is None), (5, 5): int(bool(table["jack_back"])),
              (5, 6): int(bool(table["revolution"])), (5, 7): int(table["lock"] is not None)}
    status.update({(6, c): n for c, n in enumerate(counts)})
    hand = hand_grid(table["hand"], status)
    return play_key(choose(hand, seen_of(view, hand)))


def fast_key(view: DaifugoView) -> PlayKey | None:
    """As :func:`table_key`, on the card rows (:mod:`paiju.daifugo.fast.standard`) where
    they settle it."""
    t = view.table_bits()
    naturals, jokers, ranks, subs = standard_fast.choose(
        t.hand, t.table, t.revolution, t.jack_back, t.lock != 0)
    if naturals < 0:
        return table_key(view)
    return key_of(naturals, jokers, ranks, subs)


def _play(view: DaifugoView, fast: bool = True) -> Action:
    """The client's play as the view's action."""
    key = fast_key(view) if fast else table_key(view)
    return action_of(key, view.seat, view.table_meld, view.book,
                     lambda: list(view.legal_actions()))


def action_of(key: PlayKey | None, seat: int, table: Meld | None, book: Rulebook,
              legal: Callable[[], list[Action]]) -> Action:
    """The action of the client's play ``key`` (None: a pass) at ``seat``'s turn, with
    ``table`` the play to beat; its pass is read without listing the legal actions (a
    pass is legal unless the seat leads without ``lead_pass``)."""
    if key is None and (table is not None or book.lead_pass):
        return pass_action(seat)
    actions = legal()
    passes = [a for a in actions if a.do == "pass"]
    if key is not None:
        for a in actions:
            if a.do == "play" and key.matches(PLAY_MELD.get(a) or book.read(a.cards)):
                return a
    return passes[0] if passes else actions[0]


def standard_move(state: DaifugoState, seat: int, rng: Random) -> Action:
    """The client's choice at ``seat``'s turn in ``state`` (a play-out's), read from the
    position's card rows where they settle it, else from the seat's view: the same
    action as :meth:`StandardPlayer.choose` on ``state.view(seat)``."""
    p = state.pos
    if p.phase == PLAY and state.book.decks == 1:
        naturals, jokers, ranks, subs = standard_fast.choose(
            p.hands[seat], p.table, p.revolution, p.jack_back_now, p.lock != 0)
        if naturals >= 0:
            return action_of(key_of(naturals, jokers, ranks, subs), seat, p.table,
                             state.book, lambda: legal_actions(state))
    return _PLAYER.choose(state.view(seat), rng)


_PLAYER = StandardPlayer()


def make_player(params: Mapping[str, str]) -> StandardPlayer:
    """The ``uecda-standard`` player (it takes no settings)."""
    if params:
        raise ValueError(f"player 'uecda-standard' takes no settings, not {sorted(params)}")
    return StandardPlayer()


#: The Dai Fugō players beyond the generic ones, for :func:`paiju.bots.base.make_bot`.
PLAYERS: dict[str, Callable[[Mapping[str, str]], StandardPlayer]] = {
    "uecda-standard": make_player,
}
