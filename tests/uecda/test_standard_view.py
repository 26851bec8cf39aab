"""The ``uecda-standard`` player and the table-level standard client agree: the player over
a view chooses what the client chooses over the tables of the same position."""

from __future__ import annotations

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.core.seeding import make_rng
from paiju.daifugo.engine.state import DaifugoState
from paiju.uecda.standard import Seen, choose, observe_field, observe_hand
from paiju.uecda.tables import ProtocolError, Status, cards_table, play_table, table_play


def tables_choice(state: DaifugoState, seat: int) -> tuple[str, ...] | None:
    """The client's play over the tables of this position (None: no paiju tokens)."""
    view = state.view(seat)
    t = view.table()
    status = Status(my_turn=True, turn=seat, field_empty=t["table"] is None,
                    revolution=t["revolution"], locked=t["lock"] is not None,
                    counts=tuple(t["counts"]))
    hand = cards_table(view.hand, status)
    seen = observe_hand(Seen(), hand)
    if view.table_meld is not None:
        seen = observe_field(seen, play_table(list(view.table_meld.tokens()), t["revolution"]))
    try:
        return table_play(choose(hand, seen))
    except ProtocolError:
        return None


def test_the_player_chooses_what_the_table_client_chooses() -> None:
    game = get_game("daifugo")
    rules = game.rules("uecda")
    bot = make_bot("uecda-standard")
    compared = plays = 0
    for seed in range(30):
        state = game.new_hand(rules, 5, make_rng(seed))
        while (seat := state.to_move()) is not None:
            action = bot.choose(state.view(seat), make_rng(0))
            want = tables_choice(state, seat)
            legal = {tuple(sorted(a.cards)) for a in state.legal_actions()}
            if want is not None and (not want or tuple(sorted(want)) in legal):
                got = tuple(sorted(action.cards))
                assert got == tuple(sorted(want)), (seed, seat, want, action)
                compared += 1
                plays += bool(want)
            state.apply(action)
    assert compared > 500 and plays > 300
