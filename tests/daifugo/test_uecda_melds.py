"""UECda's meld rules as Dai Fugō options (issue 14, points 4, 7 and 8), each reading tested.

The passages are those of the UECda 2010 rules (``man/rule.html`` of the 2018 kit),
quoted in docs/daifugo.md.
"""

from __future__ import annotations

import pytest
from daifugo_helpers import deal, record, ruling, state_of

from paiju.core.errors import PaijuError
from paiju.daifugo.game import GAME


def opts(**values: object) -> dict:
    return {"preset": "pagat", "options": values}


# ---------------------------------------------------------------- point 4: ♠3 over a lock

#: ♥5 then ♥7 lock hearts; the lone joker goes on the lock; then the ♠3.
LOCKED_JOKER = [(0, "play", "5H"), (1, "play", "7H"), (2, "play", "JK")]


def test_spade_three_over_lock_lets_the_spade_three_beat_a_joker_played_under_a_lock() -> None:
    """man/rule.html 4.3.2: "it does not matter whether a lock had been made before the
    joker"; without the option (004 says nothing of it) the lock binds the ♠3."""
    hands = deal(4, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 9H"})
    plays = [*LOCKED_JOKER, (3, "play", "3S")]
    base = {"shibari": "full", "spade_three": True}
    rep = ruling(record(hands, plays, opts(**base)))
    assert not rep["legal"]
    assert "locked to ♡ singles" in rep["reason"] and "3S does not follow suit" in rep["reason"]
    assert ruling(record(hands, plays, opts(**base, spade_three_over_lock=True)))["legal"]
    # only the ♠3, only on a lone joker: the lock still binds every other card
    st = state_of(record(hands, LOCKED_JOKER[:2], opts(**base, spade_three_over_lock=True)))
    assert "does not follow suit" in str(st.why_illegal(GAME.action_from_json(
        {"seat": 2, "do": "play", "cards": ["9S"]})))
    st = state_of(record(hands, LOCKED_JOKER, opts(**base, spade_three_over_lock=True)))
    plays_now = {a.cards for a in st.legal_actions() if a.do == "play"}
    assert plays_now == {("3S",)}


def test_uecda_plays_the_spade_three_over_a_lock_and_clears() -> None:
    hands = deal(5, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 9H"})
    st = state_of(record(hands, [*LOCKED_JOKER, (3, "play", "3S")], "uecda"))
    assert st.table is None and st.to_move() == 3  # spade_three_clears: the ♠3 leads next
    assert GAME.rules("uecda").values["spade_three_over_lock"] is True
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["spade_three_over_lock"] is False


def test_spade_three_over_lock_needs_the_spade_three_rule() -> None:
    with pytest.raises(PaijuError, match="spade_three_over_lock needs the spade_three rule"):
        GAME.rules("pagat", {"spade_three_over_lock": True})
