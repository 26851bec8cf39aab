"""A sample wound back to the start of play (DaifugoView.sample_replay) replays to a
sample of now: the seat's own view of it is the seat's view of the real hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from daifugo_helpers import play_random, random_rules

from paiju.daifugo.engine.cards import JOKERS
from paiju.daifugo.engine.position import EXCHANGE
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.game import GAME


def _second_hand(rules: object, n: int, seed: int) -> DaifugoState:
    """The second hand of a session (so with an exchange), after a random first hand."""
    session = GAME.new_session(rules, n, seed)
    rng = random.Random(seed)
    first = session.deal()
    play_random(first, rng)
    session.finish(first)
    return session.deal()


def _decisions(st: DaifugoState, rng: random.Random, limit: int = 3000) -> Iterator[int]:
    """Each seat to move of ``st``, played on by a random legal action after each."""
    for _ in range(limit):
        seat = st.to_move()
        if seat is None:
            return
        yield seat
        actions = st.legal_actions()
        st.apply(actions[rng.randrange(len(actions))])


def _public(st: DaifugoState, seat: int) -> dict[str, object]:
    out = st.view(seat).table()
    out["actions"] = st.public_actions()
    return out


@pytest.mark.parametrize("preset", ["uecda", "pagat", "popular"])
def test_a_rewound_sample_replays_to_what_the_seat_sees(preset: str) -> None:
    rules = GAME.rules(preset)
    checked = wound = 0
    for seed in range(12):
        n = 3 + seed % 4
        st = _second_hand(rules, n, seed)
        rng = random.Random(seed)
        for seat in _decisions(st, rng):
            if st.phase != EXCHANGE and rng.random() < 0.3:
                view = st.view(seat)
                got = view.sample_replay(rng)
                if got is not None:
                    acts = got.actions
                    assert all(a.do != "give" for a in acts)
                    start = got.state()
                    assert _public(start, seat) == _public(st, seat)
                    known = st.hands[seat] | st.played
                    assert [h.bit_count() for h in start.hands] == [
                        h.bit_count() for h in st.hands]
                    # the hidden cards are the unseen ones, jokers told apart only by count
                    unseen_real = sum(h for s, h in enumerate(st.hands) if s != seat)
                    unseen_got = sum(h for s, h in enumerate(start.hands) if s != seat)
                    assert unseen_got & ~JOKERS == unseen_real & ~JOKERS & ~known
                    wound += bool(acts)
                checked += 1
    assert checked >= 30 and wound >= 20


def test_random_option_mixes_wind_back_or_say_none() -> None:
    rng = random.Random(3)
    for seed in range(40):
        rules = random_rules(rng)
        st = _second_hand(rules, 4 + seed % 3, seed)
        for seat in _decisions(st, rng, 400):
            got = st.view(seat).sample_replay(rng)
            if got is not None:
                assert _public(got.state(), seat) == _public(st, seat)
            elif st.phase != EXCHANGE:
                assert st.pos.hidden and max(i for i, *_ in st.pos.hidden) >= 0


def test_the_sample_itself_is_not_changed_and_a_face_down_move_stops_the_rewind() -> None:
    rules = GAME.rules("popular")
    seen_none = False
    for seed in range(30):
        st = _second_hand(rules, 4, seed)
        rng = random.Random(seed)
        for seat in _decisions(st, rng):
            before = _public(st, seat)
            got = st.view(seat).sample_replay(rng)
            assert _public(st, seat) == before
            late = [i for i, *_ in st.pos.hidden if i >= 0 and st.actions[i].do != "give"]
            if late:
                assert got is None
                seen_none = True
    assert seen_none


def test_a_varied_deal_swaps_two_free_cards_and_still_replays() -> None:
    """Replay.vary swaps one unseen card between two other seats: the seat's own view is
    unchanged, no card it handed over or knows of moves, and the poor never gain a card
    better than what they gave this seat."""
    rules = GAME.rules("uecda")
    varied = 0
    for seed in range(10):
        st = _second_hand(rules, 5, seed)
        rng = random.Random(seed)
        for seat in _decisions(st, rng):
            if st.phase != EXCHANGE and rng.random() < 0.3:
                view = st.view(seat)
                replay = view.sample_replay(rng)
                assert replay is not None
                pins = 0
                for _, cards in view.facts().known_pins():
                    pins |= cards
                for _ in range(5):
                    moved = replay.vary(rng, [s for s in range(5) if s != seat])
                    if moved is None:
                        continue
                    a, b = moved.changed
                    assert seat not in (a, b) and a != b
                    diff = [x ^ y for x, y in zip(moved.now, replay.now, strict=True)]
                    assert diff[a] == diff[b] and diff[a].bit_count() == 2
                    assert sum(d != 0 for d in diff) == 2 and not diff[a] & pins
                    if replay.poor is not None:
                        assert (moved.now[replay.poor] & replay.too_good).bit_count() <= (
                            replay.now[replay.poor] & replay.too_good).bit_count()
                    start = moved.state()
                    assert _public(start, seat) == _public(st, seat)
                    assert list(start.hands) == list(moved.now)
                    replay = moved
                    varied += 1
    assert varied >= 50
