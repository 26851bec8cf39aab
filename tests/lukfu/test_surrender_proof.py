"""What a Luk Fu surrender proves, stated once
(:func:`paiju.lukfu.inference.knowledge.proven_from`).

The worked situations quote their seeds; the last test keeps every other module from
stating it again.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lukfu_helpers import cs
from test_aged_examples import c, eight_chen_face_down

import paiju.lukfu
from paiju.lukfu.engine.melds import has_beating, meld_of
from paiju.lukfu.inference.constraint import InconsistentKnowledge, build
from paiju.lukfu.inference.knowledge import BREAK, STRICT, held_at_surrender, proven_from

# 000 'Play of the hand': "suppose the dealer leads triple twos. Player 2 has ... 6 Sip,
# 5 Sip, 4 Sip, 4 Gon, 4 Sok, 4 Chen, 8 Chen, 7 Chen and 5 Chen".
TWOS = meld_of(cs("2Sip 2Gon 2Sok"))
PLAYER_2 = cs("6Sip 5Sip 4Sip 4Gon 4Sok 4Chen 8Chen 7Chen 5Chen")


def test_the_first_play_a_surrender_speaks_for() -> None:
    # strict: no beating meld just before the discard; break: none just after it.
    assert proven_from(STRICT, 4) == 4
    assert proven_from(BREAK, 4) == 5
    with pytest.raises(ValueError, match="unknown surrender rule 'lenient'"):
        proven_from("lenient", 4)


def test_the_triple_twos_under_break() -> None:
    # "4 Gon, 4 Sok and 5 Chen. Yes, because after discarding two fours, he no longer
    # possesses cards that can beat triple twos. 4 Sok, 7 Chen and 5 Chen. No, because
    # afterwards, he still possesses triple fours".
    good, bad = cs("4Gon 4Sok 5Chen"), cs("4Sok 7Chen 5Chen")
    assert held_at_surrender(BREAK, PLAYER_2, good) == PLAYER_2 & ~good
    assert not has_beating(held_at_surrender(BREAK, PLAYER_2, good), TWOS)
    assert has_beating(held_at_surrender(BREAK, PLAYER_2, bad), TWOS)


def test_the_triple_twos_under_strict() -> None:
    # 001 'Following': "Each player must head the trick or multitrick if possible": the
    # surrender speaks for the whole hand, so no discard of this hand can be one.
    for discard in (cs("4Gon 4Sok 5Chen"), cs("4Sok 7Chen 5Chen")):
        assert held_at_surrender(STRICT, PLAYER_2, discard) == PLAYER_2
        assert has_beating(held_at_surrender(STRICT, PLAYER_2, discard), TWOS)
    without_fours = PLAYER_2 & ~cs("4Gon 4Sok 4Chen")
    assert not has_beating(held_at_surrender(STRICT, without_fours, cs("8Chen 7Chen 5Chen")),
                           TWOS)


def test_where_8_chen_may_lie_after_the_3_chen_surrender() -> None:
    # 000 "Aged cards", the 8 Chen played face down (tests/lukfu/test_aged_examples.py):
    # seat 2 discarded one card to the single 3 Chen in round 5, its last play. Under
    # strict that discard is among the cards proven not to beat, so 8 Chen lies in none
    # of seat 2's places from it on; under break only its hand is, and 8 Chen may be the
    # discard itself (one segment more).
    strict, loose = build(eight_chen_face_down()), build(eight_chen_face_down(surrender=BREAK))
    seat_2 = strict.opponents.index(2)
    assert loose.opponents.index(2) == seat_2
    eight = c("8Chen")
    assert loose.lims[eight][seat_2] == strict.lims[eight][seat_2] + 1
    assert strict.exclusions[(eight, seat_2)].event.round == 5
    assert loose.exclusions[(eight, seat_2)].event.round == 5


def test_an_unknown_rule_is_refused_in_the_knowledge() -> None:
    k = eight_chen_face_down()
    bad = type(k)(k.observer, k.players, k.hand, k.hand_counts, k.events, "lenient")
    with pytest.raises(InconsistentKnowledge, match="unknown surrender rule"):
        build(bad)


# The surrender rule's values compared, or a ``strict`` flag kept, outside the statement.
_RESTATED = re.compile(r"(==|!=)\s*(STRICT|BREAK)\b|\.strict\b|^\s*strict\s*=|\bif (not )?strict\b")


def test_no_module_states_it_again() -> None:
    here = Path(paiju.lukfu.__file__).parent
    restated = [
        f"{path.name}:{n}"
        for path in sorted(here.rglob("*.py")) if path.name != "knowledge.py"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if _RESTATED.search(line.split("#")[0])
    ]
    assert restated == []
