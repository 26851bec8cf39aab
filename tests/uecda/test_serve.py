"""``paiju uecda serve`` over real sockets: five paiju clients on loopback play a short
tournament; every record referees clean with the same points (docs/uecda.md)."""

from __future__ import annotations

from pathlib import Path

from serve_harness import check_records, standard, tournament

from paiju.daifugo.engine.rulebook import TITLE_RANK
from paiju.uecda.tables import Status, table_cards


def test_five_paiju_clients_play_a_tournament(tmp_path: Path) -> None:
    games = 8
    run = tournament(tmp_path, [standard(f"std{i}") for i in range(5)], games=games,
                     rules={"preset": "uecda", "options": {"titles_reset_every": 5}})
    assert not run.errors, run.errors
    check_records(run)
    points = {s.player: s.points for s in run.standings}
    for player, (log, _) in run.results.items():
        assert log.player == player and log.games == games
        # careful clients send only what the judge says tndhms takes, and the uecda rules
        # take all of it, the joker below the 3 or above the 2 included
        assert log.rejected == []
        assert sum(p for p in log.points() if p is not None) == points[player]
    assert run.tournament.rejected == run.tournament.disagreements == 0
    assert sum(points.values()) == 15 * games
    assert [s.place for s in run.standings] == [1, 2, 3, 4, 5]
    assert not any("dropped" in line for line in run.log)


def test_the_dealt_tables_follow_the_session(tmp_path: Path) -> None:
    """Game 1 and game 6 (titles_reset_every=5) have no titles and no gifts; the others:
    2/1/0/0/0 cards to give by title (tndhms's -1 and -2 go out as 0), the Dai Fugō's seat
    and the next two hold 11 cards (man/rule.html 4.1.2), and the seats change before
    games 1, 4, 7 only."""
    run = tournament(tmp_path, [standard(f"std{i}") for i in range(5)], games=7,
                     rules={"preset": "uecda", "options": {"titles_reset_every": 5}})
    assert not run.errors, run.errors
    records = run.records()
    for game in range(7):
        statuses = {p: Status.of(s.dealt[game]) for p, (_, s) in run.results.items()}
        seats = records[game]["uecda"]["players"]
        for player, st in statuses.items():
            assert st.exchanging and st.turn == 6 and list(st.seats) == seats
            assert sum(1 for v in run.results[player][1].dealt[game].cells[:75] if v) >= 10
        titles = records[game].get("titles")
        if game in (0, 5):
            assert titles is None
            assert all(st.exchange_count == 0 and st.titles == (0,) * 5
                       for st in statuses.values())
            continue
        assert titles is not None
        for seat, player in enumerate(seats):
            number = TITLE_RANK[titles[seat]]
            assert statuses[player].titles[player] == number
            assert statuses[player].exchange_count == max(0, 2 - number)
        counts = statuses[0].counts
        start = titles.index("daifugo")
        assert [counts[seats[(start + k) % 5]] for k in range(5)] == [11, 11, 11, 10, 10]
    seatings = [tuple(r["uecda"]["players"]) for r in records]
    assert seatings[0] == seatings[1] == seatings[2]
    assert seatings[3] == seatings[4] == seatings[5]


def test_the_poor_see_their_hand_before_they_give_and_the_rich_after(tmp_path: Path) -> None:
    run = tournament(tmp_path, [standard(f"std{i}") for i in range(5)], games=2)
    assert not run.errors, run.errors
    rec = run.records()[1]
    seats = rec["uecda"]["players"]
    for seat, player in enumerate(seats):
        dealt = table_cards(run.results[player][1].dealt[1])
        title = rec["titles"][seat]
        if title in ("daifugo", "fugo"):
            assert len(dealt) == len(rec["deal"]["hands"][seat]) + (2 if title == "daifugo"
                                                                     else 1)
        else:
            assert dealt == table_cards_of(rec["deal"]["hands"][seat])


def table_cards_of(hand: list[str]) -> list[str]:
    from paiju.daifugo.engine.cards import parse_card, tokens

    mask = 0
    for t in hand:
        mask |= 1 << parse_card(t)
    return tokens(mask)


def test_bots_fill_seats_in_process(tmp_path: Path) -> None:
    run = tournament(tmp_path, [standard("std0"), standard("std1")], games=4,
                     bots=("heuristic", "random", "heuristic"))
    assert not run.errors, run.errors
    check_records(run)
    kinds = {s.player: (s.kind, s.name) for s in run.standings}
    assert kinds == {0: ("client", "std0"), 1: ("client", "std1"), 2: ("paiju", "heuristic"),
                     3: ("paiju", "random"), 4: ("paiju", "heuristic")}


def test_clients_take_the_client_numbers_wherever_they_stand(tmp_path: Path) -> None:
    run = tournament(tmp_path, [standard("std0"), standard("std1")], games=2,
                     bots=("heuristic", "client", "random", "client", "heuristic"))
    assert not run.errors, run.errors
    check_records(run)
    kinds = {s.player: (s.kind, s.name) for s in run.standings}
    assert kinds == {0: ("paiju", "heuristic"), 1: ("client", "std0"), 2: ("paiju", "random"),
                     3: ("client", "std1"), 4: ("paiju", "heuristic")}
    assert sorted(log.player for log, _ in run.results.values()) == [1, 3]  # as each was told


def test_the_same_seed_replays_the_tournament(tmp_path: Path) -> None:
    bots = ("heuristic",) * 5
    one = tournament(tmp_path / "a", [], games=5, bots=bots, seed=9)
    two = tournament(tmp_path / "b", [], games=5, bots=bots, seed=9)
    assert one.records() == two.records()
    check_records(one)
