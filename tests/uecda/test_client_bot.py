"""``paiju uecda client --bot``: a paiju player on a UECda server, through its seat's view
(paiju.uecda.seat decodes the tables; paiju.uecda.client plays)."""

from __future__ import annotations

import socket
from math import comb
from random import Random
from typing import Any

from click.testing import CliRunner, Result
from fake_server import serve_once

from paiju.cli import main
from paiju.core.seeding import make_rng
from paiju.daifugo.engine.cards import JOKERS, pack, tokens
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.rules import make_rules
from paiju.uecda.client import PlayerStrategy, play_session
from paiju.uecda.seat import SeatDecoder, _gift_weights, card_mask
from paiju.uecda.tables import Status, Table, cards_table, play_table, table_play
from paiju.uecda.wire import ClientConnection, accept_profile, read_table, write_int, write_table

MINE = ["4S", "5S", "6S", "7H", "7D", "9C", "10H", "JD", "QS", "KC", "2H"]
COUNTS = (11, 11, 11, 10, 10)


def dealt(counts: tuple[int, ...] = COUNTS, **status: Any) -> Table:
    return cards_table(MINE, Status(exchanging=True, turn=6, counts=counts, **status))


def game_at_my_turn() -> tuple[SeatDecoder, Table]:
    """Player 1's decoder after player 0 led the 3D, and the hand table of its turn."""
    dec = SeatDecoder(make_rules("uecda"), 1, dealt())
    dec.on_hand(cards_table(MINE, Status(turn=0, field_empty=True, counts=COUNTS)))
    dec.on_field(Status(turn=0).on(play_table(["3D"])))
    counts = (10, 11, 11, 10, 10)
    hand = cards_table(MINE, Status(my_turn=True, turn=1, counts=counts))
    dec.on_hand(hand)
    return dec, hand


def test_the_view_holds_what_the_tables_show_and_not_how_the_unseen_cards_were_dealt() -> None:
    dec, hand = game_at_my_turn()
    views = []
    for seed in (1, 2):
        state = dec.state(hand, Random(seed))
        view = state.view(1)
        assert isinstance(view, DaifugoView)
        views.append(view.to_json())
        others = [state.pos.hands[s] for s in (0, 2, 3, 4)]
        assert [h.bit_count() for h in others] == [10, 11, 10, 10]
    a, b = views
    assert a == b
    assert a["hand"] == MINE and a["table"] == ["3D"] and a["table_seat"] == 0
    assert a["counts"] == [10, 11, 11, 10, 10] and a["played"] == ["3D"]
    assert dec.disagreements == []


def test_the_position_follows_passes_the_lock_and_the_seats_of_the_status_row() -> None:
    seats = (2, 0, 1, 4, 3)  # player 2 sits first, this player (1) third
    dec = SeatDecoder(make_rules("uecda"), 1, dealt(seats=seats))
    c = list(COUNTS)
    dec.on_hand(cards_table(MINE, Status(turn=2, field_empty=True, counts=tuple(c), seats=seats)))
    dec.on_field(Status(turn=2).on(play_table(["5H"])))
    c[2] -= 1
    dec.on_hand(cards_table(MINE, Status(turn=0, counts=tuple(c), seats=seats)))
    dec.on_field(Status(turn=0).on(play_table(["8H"])))
    c[0] -= 1
    hand = cards_table(MINE, Status(my_turn=True, turn=1, locked=True, counts=tuple(c),
                                    seats=seats))
    dec.on_hand(hand)
    state = dec.state(hand, Random(0))
    assert state.to_move() == 2  # seat 2 is player 1
    assert state.pos.lock == 0b0010 and state.pos.table_seat == 1
    assert state.pos.lead_seat == 0 and state.pos.pass_run == 0  # player 2 led
    assert [a.cards for a in state.view(2).legal_actions()] == [(), ("10H",), ("2H",)]
    assert state.pos.hands[0].bit_count() == c[2] and state.pos.hands[1].bit_count() == c[0]


def test_a_rich_player_chooses_its_gift_and_its_view_knows_where_the_cards_went() -> None:
    titles = (0, 2, 4, 1, 3)  # player 0 is Dai Fugō, player 2 Dai Hinmin
    table = dealt(counts=(13, 11, 9, 10, 10), exchange_count=2, titles=titles)
    mine = [*MINE, "AS", "2S"]
    table = cards_table(mine, Status.of(table))
    strategy = PlayerStrategy(_bot("uecda-standard"), make_rules("uecda"), make_rng(1))
    strategy.seated(0)
    given = strategy.gift(table)
    assert given == cards_table(["4S", "5S"])
    dec = strategy.game
    assert dec is not None and dec.gave is not None
    rest = [t for t in mine if t not in ("4S", "5S")]
    counts = (11, 11, 11, 10, 10)
    hand = cards_table(rest, Status(my_turn=True, turn=0, field_empty=True, counts=counts,
                                    titles=titles))
    dec.on_hand(hand)
    view = dec.state(hand, Random(3)).view(0)
    assert view.to_json()["known"] == [{"seat": 2, "cards": ["4S", "5S"]}]
    for seed in range(5):
        sample = view.sample(Random(seed))
        assert sample.pos.hands[2] & 0b1 << 4 and sample.pos.hands[2] & 1 << 8


def test_the_client_plays_a_paiju_player_on_a_server_over_a_socket() -> None:
    seen: dict[str, object] = {}

    def script(conn: socket.socket) -> None:
        assert accept_profile(conn, 5) == (20070, "bot")
        write_int(conn, 1)
        write_table(conn, dealt())
        write_table(conn, cards_table(MINE, Status(turn=0, field_empty=True, counts=COUNTS)))
        write_table(conn, Status(turn=0).on(play_table(["3D"])))
        write_int(conn, 0)
        write_table(conn, cards_table(MINE, Status(my_turn=True, turn=1,
                                                   counts=(10, 11, 11, 10, 10))))
        seen["play"] = read_table(conn, "play", 5)
        write_int(conn, 9)
        write_table(conn, Status(turn=1).on(seen["play"]))  # type: ignore[arg-type]
        write_int(conn, 2)

    port, t, out = serve_once(script)
    result = _client("--port", str(port), "--name", "bot", "--timeout", "5",
                     "--bot", "heuristic", "--seed", "3")
    assert result.exit_code == 0, result.output
    t.join(5)
    assert "error" not in out, out
    play = table_play(seen["play"])  # type: ignore[arg-type]
    assert len(play) == 1 and play[0] in MINE
    assert "player 1: 1 games, 2 turns, 1 plays, 0 passes, 0 plays rejected" in result.output


def test_a_play_the_server_would_refuse_is_replaced_and_noted() -> None:
    def script(conn: socket.socket) -> None:
        accept_profile(conn, 5)
        write_int(conn, 1)
        write_table(conn, dealt())
        write_table(conn, cards_table(MINE, Status(turn=0, field_empty=True, counts=COUNTS)))
        # a sequence with the joker below the 3: no paiju play, so the client passes
        write_table(conn, Status(turn=0).on(Table.of({(2, 0): 2, (2, 1): 1, (2, 2): 1})))
        write_int(conn, 0)
        write_table(conn, cards_table(MINE, Status(my_turn=True, turn=1,
                                                   counts=(8, 11, 11, 10, 10))))
        assert read_table(conn, "play", 5) == Table.empty()
        write_int(conn, 8)
        write_table(conn, Status(turn=1).on(Table.of({(2, 0): 2, (2, 1): 1, (2, 2): 1})))
        write_int(conn, 2)

    port, t, out = serve_once(script)
    with ClientConnection.connect("127.0.0.1", port, 5) as conn:
        strategy = PlayerStrategy(_bot("heuristic"), make_rules("uecda"), make_rng(1))
        log = play_session(conn, strategy, "p")
    t.join(5)
    assert "error" not in out, out
    assert (log.plays, log.passes, log.rejected, log.disagreements) == (0, 1, [], [])


def test_a_player_for_another_game_is_refused_before_connecting() -> None:
    result = _client("--port", "1", "--bot", "nobody")
    assert result.exit_code == 2
    assert "unknown player 'nobody'; known for Dai Fugō" in result.output


def _bot(spec: str) -> Any:
    from paiju.bots.base import make_bot

    return make_bot(spec, "daifugo")


def _client(*args: str) -> Result:
    return CliRunner().invoke(main, ["uecda", "client", *args])


def test_a_play_the_server_took_but_the_rules_refuse_is_noted() -> None:
    dec = SeatDecoder(make_rules("uecda"), 1, dealt())
    c = list(COUNTS)
    dec.on_hand(cards_table(MINE, Status(turn=0, field_empty=True, counts=tuple(c))))
    dec.on_field(Status(turn=0).on(play_table(["8H"])))
    c[0] -= 1
    dec.on_hand(cards_table(MINE, Status(my_turn=True, turn=1, counts=tuple(c))))
    dec.on_field(Status(turn=1).on(play_table(["8H"])))  # this player passed
    dec.on_hand(cards_table(MINE, Status(turn=2, counts=tuple(c))))
    assert dec.disagreements == []
    dec.on_field(Status(turn=2).on(play_table(["5C"])))
    assert dec.disagreements == [
        "the server took player 2's 5C, which paiju's rules refuse: 5C does not beat 8H"]


def test_a_rich_player_s_view_draws_which_of_its_cards_the_poor_gave() -> None:
    # player 0 is Dai Fugō and was dealt its hand with the Dai Hinmin's (player 2's) two
    # best cards in it; the tables do not say which they were
    titles = (0, 2, 4, 1, 3)
    mine = [*MINE, "AS", "2S"]
    table = cards_table(mine, Status(exchanging=True, turn=6, exchange_count=2,
                                     counts=(11, 11, 11, 10, 10), titles=titles))
    dec = SeatDecoder(make_rules("uecda"), 0, table)
    hand = cards_table(mine, Status(my_turn=True, turn=0, field_empty=True,
                                    counts=(13, 11, 9, 10, 10), titles=titles))
    dec.on_hand(hand)
    drawn: dict[int, int] = {}
    for seed in range(200):
        state = dec.state(hand, Random(seed))
        (i, src, dst, gift), = state.pos.hidden
        assert (i, src, dst, gift.bit_count()) == (-1, 2, 0, 2)
        assert gift & ~state.pos.hands[0] == 0
        drawn[gift] = drawn.get(gift, 0) + 1
        view = state.view(0)
        better = state.book.better_gifts(gift)
        for k in range(3):
            assert view.sample(Random(k)).pos.hands[2] & better == 0
    # the poor's two best are most likely the two best cards the rich holds (2S 2H), and
    # other pairs are possible
    top = max(drawn, key=lambda g: drawn[g])
    assert tokens(top) == ["2S", "2H"] and len(drawn) > 1


def test_a_poor_player_s_view_knows_the_rich_holds_its_best_cards() -> None:
    titles = (0, 2, 4, 1, 3)  # player 2 is Dai Hinmin and gives its two best to player 0
    table = cards_table(MINE, Status(exchanging=True, turn=6, exchange_count=-2,
                                     counts=(11, 11, 11, 10, 10), titles=titles))
    dec = SeatDecoder(make_rules("uecda"), 2, table)
    kept = [t for t in MINE if t not in ("2H", "KC")] + ["3S", "3H"]
    hand = cards_table(kept, Status(my_turn=True, turn=2, field_empty=True,
                                    counts=(11, 11, 11, 10, 10), titles=titles))
    dec.on_hand(hand)
    view = dec.state(hand, Random(0)).view(2)
    assert view.to_json()["known"] == [{"seat": 0, "cards": ["KC", "2H"]}]


def test_the_tribute_s_weights_count_the_deals_and_leave_a_kept_joker_out() -> None:
    rules = make_rules("uecda")
    better = DaifugoState(rules, [0] * 5, 0).book.better_gifts
    deck = pack(rules.jokers)

    def weights(rich: list[str], kept: int = 0) -> dict[tuple[str, ...], int]:
        gifts, ways = _gift_weights(better, card_mask(rich), deck, 11, 2, kept)
        return {tuple(tokens(g)): w for g, w in zip(gifts, ways, strict=True)}

    # the poor's 9 other cards are worse than the gift's worse card and not the rich's:
    # 49 cards for each pair of the joker and the 2s (the better ones are all held), none
    # for a pair with the 3S (only 3H 3D 3C are worse)
    assert weights(["JK", "2S", "2H", "3S"]) == {
        ("2S", "JK"): comb(49, 9), ("2H", "JK"): comb(49, 9), ("2S", "2H"): comb(49, 9)}
    # the joker is not held: a gift of 2S 2H leaves it out of the poor's hand, unless the
    # poor keep a joker (exchange_keep_joker), and then it is never given
    assert weights(["2S", "2H", "3S"]) == {("2S", "2H"): comb(49, 9)}
    assert weights(["2S", "2H", "3S"], JOKERS) == {("2S", "2H"): comb(50, 9)}
    assert weights(["JK", "2S", "2H", "3S"], JOKERS) == {("2S", "2H"): comb(49, 9)}
