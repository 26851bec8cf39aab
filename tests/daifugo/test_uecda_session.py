"""UECda point 10: who deals, seats drawn at random, titles forgotten (docs/daifugo.md).

004 "Deal": the loser deals the later hands (``dealer=loser``); UECda (man/rule.html 4.1.2)
deals from the Dai Fugō in seat order (``dealer=daifugo``). tndhms.cfg draws the seats every
RULE_SEKIGAE_NUM games (``reseat_every``) and forgets the titles every FLASH_MIBUN_NUMBER
games (``titles_reset_every``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from daifugo_helpers import play_random

from paiju.core.errors import UnknownOption
from paiju.daifugo.engine.cards import DIAMOND_THREE
from paiju.daifugo.engine.rulebook import TITLE_RANK
from paiju.daifugo.engine.session import DaifugoSession
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.game import GAME


def run(rules: Any, hands: int, seed: int = 7, players: int = 5
        ) -> list[tuple[tuple[int, ...], DaifugoState]]:
    """The seats (player per seat) and the state of each hand of a session played at random."""
    session = DaifugoSession(GAME.rules(rules), players, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        state = session.deal()
        out.append((tuple(session.seat_players()), state.clone()))
        play_random(state, rng)
        session.finish(state)
    return out


def sizes(state: DaifugoState) -> list[int]:
    return [h.bit_count() for h in state.dealt]


def seat_of(state: DaifugoState, title: str) -> int:
    assert state.titles_in is not None
    return state.titles_in.index(title)


def test_presets_keep_their_readings() -> None:
    for preset in ("pagat", "popular"):
        rules = GAME.rules(preset)
        assert (rules.dealer, rules.reseat_every, rules.titles_reset_every) == ("loser", 0, 0)
    uecda = GAME.rules("uecda")
    assert (uecda.dealer, uecda.reseat_every, uecda.titles_reset_every) == ("daifugo", 3, 100)


def test_the_dai_fugo_deals_under_uecda() -> None:
    """4.1.2: from the second game on, the Dai Fugō and the next two seats get 11 cards."""
    for _, state in run({"preset": "uecda", "options": {"reseat_every": 0}}, 12)[1:]:
        start = seat_of(state, "daifugo")
        assert [sizes(state)[(start + k) % 5] for k in range(5)] == [11, 11, 11, 10, 10]


def test_the_loser_deals_under_004() -> None:
    """004 "Deal": the loser deals; the first card goes to the seat after him."""
    for _, state in run({"preset": "uecda", "options": {"dealer": "loser", "reseat_every": 0}},
                        12)[1:]:
        start = (seat_of(state, "daihinmin") + 1) % 5
        assert [sizes(state)[(start + k) % 5] for k in range(5)] == [11, 11, 11, 10, 10]
        assert sizes(state)[seat_of(state, "daihinmin")] == 10


def test_seats_are_drawn_every_n_hands() -> None:
    """tndhms.cfg RULE_SEKIGAE_NUM 3: the seats change only before hands 1, 4, 7, ..."""
    hands = run("uecda", 30, seed=3)
    seats = [s for s, _ in hands]
    for k in range(30):
        if k % 3:
            assert seats[k] == seats[k - 1]
    blocks = {seats[k] for k in range(0, 30, 3)}
    assert len(blocks) > 5, "the seats are drawn at random"
    assert all(sorted(s) == list(range(5)) for s in blocks)


def test_seats_stay_without_the_option() -> None:
    assert {s for s, _ in run("pagat", 8)} == {(0, 1, 2, 3, 4)}


def test_titles_are_forgotten_every_m_hands() -> None:
    """FLASH_MIBUN_NUMBER: hands 1, M+1, 2M+1 are first hands: no titles, no exchange, the
    ♦3 holder leads (first_lead=diamond_three)."""
    hands = run({"preset": "uecda", "options": {"titles_reset_every": 4}}, 10)
    for k, (_, state) in enumerate(hands):
        if k % 4 == 0:
            assert state.titles_in is None
            assert state.pos.exchange == []
            assert state.dealt[state.first] >> DIAMOND_THREE & 1
        else:
            assert state.titles_in is not None
            assert state.pos.exchange


def test_a_session_replays_from_its_seed() -> None:
    one = run("uecda", 9, seed=11)
    two = run("uecda", 9, seed=11)
    assert [(s, st.dealt, st.first) for s, st in one] == [(s, st.dealt, st.first)
                                                           for s, st in two]
    other = run("uecda", 9, seed=12)
    assert [st.dealt for _, st in one] != [st.dealt for _, st in other]


def test_every_hand_of_a_uecda_session_referees_clean() -> None:
    from paiju.core.referee import referee

    for _, state in run("uecda", 8, seed=5):
        play_random(state, random.Random(1))
        report = referee(state.record()).report
        assert report["legal"] and report["finished"], report
        assert report["points"] == state.report()["points"]


def test_seat_change_seats_the_players_instead_of_the_draw() -> None:
    """With 004's seat_change on, the seats follow the result; reseat_every draws none."""
    hands = run({"preset": "uecda", "options": {"seat_change": "standard"}}, 7)
    assert hands[0][0] == (0, 1, 2, 3, 4)
    for _, state in hands[1:]:
        assert state.titles_in is not None
        loser = state.titles_in.index("daihinmin")
        ranks = [TITLE_RANK[state.titles_in[(loser + k) % 5]] for k in range(5)]
        assert ranks == [4, 3, 2, 1, 0]


def test_hand_counts_outside_the_choices_are_refused() -> None:
    with pytest.raises(UnknownOption, match="reseat_every"):
        GAME.rules("pagat", {"reseat_every": 7})
    with pytest.raises(UnknownOption, match="titles_reset_every"):
        GAME.rules("pagat", {"titles_reset_every": -1})


def test_titles_of_later_hands_rank_the_previous_result() -> None:
    hands = run("uecda", 3, seed=2)
    for _, state in hands[1:]:
        assert state.titles_in is not None
        assert sorted(TITLE_RANK[t] for t in state.titles_in) == [0, 1, 2, 3, 4]
