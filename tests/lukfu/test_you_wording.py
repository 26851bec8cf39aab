"""The person's own seat is "you" in the sentences the table says of it: "You are
privileged.", "each loser owes you 5", "so you pay" (never "You is" or "owes You"); a
round's count of tricks says it is the running total."""

from __future__ import annotations

import random

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.table.present import Seen, presenter_for, you_name

GAME = get_game("lukfu")
PRESENTER = presenter_for("lukfu")


def names_with_you(seat: int, players: int) -> list[str]:
    return [you_name("en") if s == seat else f"P{s + 1}" for s in range(players)]


def test_the_person_is_you_in_the_status_and_the_scoring() -> None:
    bot = make_bot("heuristic", "lukfu")
    privileged = owed = liable = rounds = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_hand(GAME.rules("hongkong"), 3, rng)
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            seen = Seen(view, view.to_json())
            who = seen.data.get("privileged")
            if who is not None:
                status = PRESENTER.status(seen, names_with_you(who, 3), False)
                assert "You are privileged." in status and "You is" not in status
                privileged += 1
            state.apply(bot.choose(view, rng))
            after = state.view(seat)
            note = PRESENTER.cleared_note(Seen(after, after.to_json()),
                                          names_with_you(seat, 3), False)
            if "the round" in note:  # the count is the running total, and says so
                assert note.endswith(("trick so far)", "tricks so far)")), note
                rounds += 1
        view = state.view(0)
        seen = Seen(view, view.to_json())
        report = state.report()
        if report.get("outcome") not in ("win", "five_tigers") or report.get("payments") is None:
            continue
        lines = " ".join(PRESENTER.result_lines(seen, report, names_with_you(report["winner"], 3),
                                                False))
        assert "owes You" not in lines
        if "owes you" in lines:
            owed += 1
        liable_seat = seen.data.get("privileged")
        if liable_seat is not None and liable_seat != report["winner"]:
            lines = " ".join(PRESENTER.result_lines(seen, report,
                                                    names_with_you(liable_seat, 3), False))
            assert "so pays" not in lines
            if "so you pay both losers' shares" in lines:
                liable += 1
    assert privileged and owed and liable and rounds


def test_a_seat_row_counts_one_card_and_one_trick_in_the_singular() -> None:
    from rich.cells import cell_len

    from paiju.lukfu.present import counts

    assert counts("en", 1, 1).split() == ["1", "card", "1", "trick"]
    assert counts("en", 6, 2).split() == ["6", "cards", "2", "tricks"]
    assert counts("zh_Hant", 1, 1).split() == ["1張", "1虎"]
    widths = {cell_len(counts("en", c, t)) for c in (0, 1, 12) for t in (0, 1, 12)}
    assert len(widths) == 1  # the rows' columns line up


def test_the_status_says_you_called_not_called_by_you() -> None:
    from paiju.core.games import get_game
    from paiju.table.present import Seen
    from paiju.ui.match import Match

    for seed in range(60):
        m = Match("lukfu", get_game("lukfu").rules("hongkong"), 4, seed=seed, hands=1,
                  save=False)
        m.deal()
        state = m.state
        assert state is not None
        if not m.human_to_move():
            continue
        legal = state.view(m.observer_seat).legal_actions()
        call = [a for a in legal if a.to_json()["do"] == "call"]
        if not call:
            continue
        m.apply(call[0])
        seen = Seen.of(state, m.observer_seat)
        status = m.presenter.status(seen, m.seat_names(), False)
        assert "You called." in status and "Called by You" not in status, status
        assert "你「做」。" in m.presenter.status(seen, m.seat_names(), True)
        return
    raise AssertionError("no seed lets the person call")
