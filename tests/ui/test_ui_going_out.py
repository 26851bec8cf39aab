"""The log says when a seat goes out, and where: in its place, or, when it went out as
``forbidden_finish`` forbids, that it ranks below the others (the table showed
"0 cards" and the result "Place 4" with no word why)."""

from __future__ import annotations

from paiju.core.games import get_game
from paiju.ui.match import Match


def test_the_log_says_who_goes_out_and_a_forbidden_finish() -> None:
    lawful = forbidden = 0
    for seed in range(40):
        match = Match("daifugo", get_game("daifugo").rules("popular"), 4, ("random",),
                      seed=seed, hands=1, human=None, save=False)
        match.deal()
        state = match.state
        assert state is not None
        while not state.is_terminal():
            match.play_bot()
        data = match.seen().data
        outs = [line for line in match.log if " goes out" in line]
        fouled = [s for s, n in enumerate(data["counts"]) if n == 0
                  and s not in data["finished"]]
        names = match.seat_names()
        for place, seat in enumerate(data["finished"], 1):
            assert f"{names[seat]} goes out: place {place}." in outs, (outs, data["finished"])
        for seat in fouled:
            assert any(line.startswith(f"{names[seat]} goes out as the rules forbid")
                       for line in outs), outs
        lawful += len(data["finished"])
        forbidden += len(fouled)
    assert lawful and forbidden
