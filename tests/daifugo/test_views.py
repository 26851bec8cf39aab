"""What a seat's view knows of hidden cards, and how View.sample keeps it (docs/daifugo.md,
"Views and sampling")."""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import deal, record, state_of

from paiju.daifugo.engine.cards import JOKERS, mask_of, parse_card
from paiju.daifugo.engine.state import DaifugoState

SAMPLES = 200


def cards(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


def samples(st: DaifugoState, seat: int, n: int = SAMPLES) -> list[DaifugoState]:
    view = st.view(seat)
    rng = random.Random(7)
    return [view.sample(rng) for _ in range(n)]


def first_give(st: DaifugoState) -> tuple[int, str, str]:
    """The first legal give/seven_pass/discard of the seat to move, as a record tuple."""
    a = st.legal_actions()[0]
    return (a.seat, a.do, " ".join(a.cards))


TITLES8 = ["daihinmin", "hinmin", "heimin", "heimin", "heimin", "heimin", "fugo", "daifugo"]


def test_gifts_to_a_fallen_dai_fugo_are_in_the_drop() -> None:
    """The Dai Hinmin gave 2S 2H to the Dai Fugō, who then fell (miyako-ochi: "he
    automatically becomes Dai Hinmin"; his cards go face down out of play): the Dai
    Hinmin knows both are in the drop, in every sample."""
    hands = deal(8, {0: "2S 2H 4S 4H 4D 4C 5S", 7: "3S 3H"})
    rules = {"preset": "pagat", "options": {"miyako_ochi": True}}
    gives = [(7, "give", "3S 3H")]
    st = state_of(record(hands, gives, rules, first=0, titles=TITLES8))
    gives.append(first_give(st))
    plays = [(0, "play", "4S 4H 4D 4C")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "3S 3H")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "5S")]
    st = state_of(record(hands, gives + plays, rules, first=0, titles=TITLES8))
    assert st.fallen == 7 and st.dropped & cards("2S 2H") == cards("2S 2H")
    for sample in samples(st, 0):
        assert sample.dropped & cards("2S 2H") == cards("2S 2H")
    # before the fall, they are pinned in the Dai Fugō's hand
    st = state_of(record(hands, gives + plays[:-1], rules, first=0, titles=TITLES8))
    assert st.view(0).to_json()["known"] == [{"seat": 7, "cards": ["2S", "2H"]}]
    for sample in samples(st, 0, 50):
        assert sample.hands[7] & cards("2S 2H") == cards("2S 2H")


def test_own_discards_stay_in_the_discard_pile() -> None:
    """ten_discard: "These discards are placed face down": the discarder knows them."""
    hands = deal(4, {0: "10S 3C 4C 5C"})
    rules = {"preset": "pagat", "options": {"ten_discard": True}}
    st = state_of(record(hands, [(0, "play", "10S"), (0, "discard", "3C")], rules))
    for sample in samples(st, 0):
        assert sample.discards == cards("3C")
    # another seat only knows that one card went face down
    spread = {s.discards for s in samples(st, 1)}
    assert len(spread) > 1 and all(d.bit_count() == 1 for d in spread)


def test_seven_pass_cards_are_traced_through_a_later_hand_over() -> None:
    """7-watashi: seat 0 handed 3C 4C to seat 1; seat 1 later handed one card on to
    seat 2. Seat 0 knows: both are with seat 1, or one of them went to seat 2, never
    both (the hand-over carried one card), and never anywhere else."""
    hands = deal(8, {0: "7S 7H 3C 4C 5S", 1: "7D"})
    rules = {"preset": "pagat", "options": {"seven_pass": True}}
    acts = [(0, "play", "7S 7H"), (0, "seven_pass", "3C 4C")]
    acts += [(s, "pass") for s in range(1, 8)] + [(0, "play", "5S"), (1, "play", "7D")]
    st = state_of(record(hands, acts, rules))
    acts.append(first_give(st))
    st = state_of(record(hands, acts, rules))
    gift = cards("3C 4C")
    assert st.hands[1] & gift | st.hands[2] & gift == gift
    at_two = []
    for sample in samples(st, 0, 1000):
        one, two = sample.hands[1] & gift, sample.hands[2] & gift
        assert one | two == gift
        assert two.bit_count() <= 1
        at_two.append(two.bit_count())
    assert 0 in at_two and 1 in at_two  # both are possible
    assert st.view(0).to_json()["known"] == []  # neither place is certain


def test_the_poor_kept_nothing_better_than_they_gave() -> None:
    """004 "Exchange of cards": "The Dai Hinmin must give his highest ranking two cards to
    the Dai Fugō": the Dai Fugō knows no card above the lower of the two is left with
    the Dai Hinmin."""
    titles = ["daihinmin", "hinmin", "heimin", "fugo", "daifugo"]
    hands = deal(5, {0: "KS KH 3C 4C", 2: "JK", 4: "3S 3H"})
    st = state_of(record(hands, [], "pagat", first=0, titles=titles))
    low = parse_card("KS")
    better = ((1 << 54) - 1) & ~((2 << low) - 1)
    for sample in samples(st, 4):
        assert sample.hands[0] & better == 0
    # exchange_keep_joker: the joker may have stayed
    keep = {"preset": "pagat", "options": {"exchange_keep_joker": True}}
    st = state_of(record(hands, [], keep, first=0, titles=titles))
    assert any(s.hands[0] & JOKERS for s in samples(st, 4))


def test_a_sample_has_no_record() -> None:
    """A sample draws where the hidden cards are now, not a deal: record() says so."""
    st = state_of(record(deal(4, {}), [(0, "play", "3S")]))
    sample = st.view(1).sample(random.Random(1))
    with pytest.raises(ValueError, match=r"View\.sample"):
        sample.record()
    assert st.record()["actions"] == [{"seat": 0, "do": "play", "cards": ["3S"]}]


D3 = parse_card("3D")


@pytest.mark.parametrize("lead", ["diamond_three", "random"])
def test_the_first_leader_keeps_the_three_of_diamonds_until_it_is_played(lead: str) -> None:
    """Under first_lead=diamond_three the first leader was dealt the ♦3: every sample
    keeps it there until it is played or the leader moves cards face down. Under
    first_lead=random nobody knows where it is, and the samples spread it."""
    hands = deal(5, {2: "3D 4S 4H"})
    rules = {"preset": "uecda", "options": {"first_lead": lead}}
    st = state_of(record(hands, [(2, "play", "4S 4H")], rules, first=2))
    for seat in (0, 3):
        holders = {next(s for s in range(5) if x.hands[s] >> D3 & 1) for x in samples(st, seat)}
        assert holders == {2} if lead == "diamond_three" else len(holders) > 1
    played = state_of(record(hands, [(2, "play", "3D")], rules, first=2))
    if lead == "diamond_three":
        assert all(x.played >> D3 & 1 and not x.hands[2] >> D3 & 1 for x in samples(played, 0))


def test_under_diamond_three_every_the_leader_after_the_exchange_holds_it() -> None:
    """first_lead=diamond_three_every: the lead after the exchange tells who holds the ♦3."""
    from paiju.daifugo.engine.state import EXCHANGE
    from paiju.daifugo.game import GAME

    rules = GAME.rules("pagat", {"first_lead": "diamond_three_every"})
    checked = 0
    for seed in range(6):
        session = GAME.new_session(rules, 5, seed)
        first = session.deal()
        rng = random.Random(seed)
        while not first.is_terminal():
            actions = first.legal_actions()
            first.apply(actions[rng.randrange(len(actions))])
        session.finish(first)
        st = session.deal()
        while st.phase == EXCHANGE:
            st.apply(st.legal_actions()[0])
        leader = st.to_move()
        assert leader is not None
        for seat in range(5):
            if seat == leader or any(c == D3 for c in _given_by(st, seat)):
                continue
            view_samples = samples(st, seat, 40)
            assert all(x.hands[leader] >> D3 & 1 for x in view_samples)
            checked += 1
    assert checked >= 20


def _given_by(st: DaifugoState, seat: int) -> list[int]:
    return [c for _, src, _, cards in st.hidden if src == seat
            for c in range(54) if cards >> c & 1]
