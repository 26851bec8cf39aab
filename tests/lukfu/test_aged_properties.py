"""Property tests of aged cards and hidden-card sampling on randomly played hands.

Hands are dealt at random and played by random but lawful-looking followers: under
``strict`` a follower beats whenever it can; under ``break`` it may instead discard
cards that leave it no beating meld. Leads are random melds (the lead restrictions do
not enter the reasoning, see docs/lukfu-aged.md). Every check of a world here is made
from first principles (melds.has_beating on reconstructed hands), not by the code under
test.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import factorial

from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.lukfu.engine.cards import above_in_suit, cards_of, mask, pack
from paiju.lukfu.engine.melds import Meld, beating_melds, has_beating, melds_in, single
from paiju.lukfu.inference.aged import DEDUCED, FACE_UP, aged_cards, explain_aged, sample_hidden
from paiju.lukfu.inference.inference import possible_holders, problem, sample_world
from paiju.lukfu.inference.knowledge import (
    BEAT,
    BREAK,
    DISCARD,
    LEAD,
    STRICT,
    Event,
    Hidden,
    Knowledge,
)

# ---------------------------------------------------------------- random hands


class Played:
    """A randomly played hand: the true deal and plays, stopped after some rounds."""

    def __init__(self, rng: random.Random, players: int, surrender: str, rounds: int,
                 singles: float = 0.6) -> None:
        deck = pack(players)
        rng.shuffle(deck)
        self.players = players
        self.surrender = surrender
        self.dreamer = deck[36] if players == 4 else None
        self.hands = [mask(deck[i * 12 : i * 12 + 12]) for i in range(3)]
        self.events: list[Event] = []
        self.singles = singles
        leader = 0
        for rnd in range(1, rounds + 1):
            if not self.hands[leader]:
                break
            leader = self._round(rng, rnd, leader)

    def _round(self, rng: random.Random, rnd: int, leader: int) -> int:
        options = melds_in(self.hands[leader])
        singles = [m for m in options if m.size == 1]
        multi = [m for m in options if m.size > 1]
        if singles and (not multi or rng.random() < self.singles):
            lead = rng.choice(singles)
        else:
            lead = rng.choice(multi or options)
        self._play(rnd, leader, LEAD, lead.cards, None)
        top, winner = lead, leader
        for seat in ((leader + 1) % 3, (leader + 2) % 3):
            hand = self.hands[seat]
            beaters = beating_melds(hand, top)
            discard = self._discard(rng, hand, top) if not beaters or (
                self.surrender == BREAK and rng.random() < 0.5
            ) else None
            if discard is None:
                chosen: Meld = rng.choice(beaters)
                self._play(rnd, seat, BEAT, chosen.cards, top)
                top, winner = chosen, seat
            else:
                self._play(rnd, seat, DISCARD, discard, top)
        return winner

    def _discard(self, rng: random.Random, hand: int, top: Meld) -> int | None:
        held = cards_of(hand)
        for _ in range(30):
            out = mask(rng.sample(held, top.size))
            if not has_beating(hand & ~out, top):
                return out
        return None

    def _play(self, rnd: int, seat: int, kind: str, cards: int, top: Meld | None) -> None:
        self.hands[seat] &= ~cards
        self.events.append(Event(rnd, seat, kind, cards.bit_count(), cards, top))

    def knowledge(self, observer: int) -> Knowledge:
        seen = tuple(
            e if e.kind != DISCARD or e.seat == observer
            else Event(e.round, e.seat, e.kind, e.count, 0, e.top)
            for e in self.events
        )
        counts = (self.hands[0].bit_count(), self.hands[1].bit_count(), self.hands[2].bit_count())
        return Knowledge(
            observer, self.players, self.hands[observer], counts, seen, self.surrender
        )

    def truth(self) -> Hidden:
        return Hidden(
            (self.hands[0], self.hands[1], self.hands[2]),
            tuple(e.cards for e in self.events),
            self.dreamer,
        )


def world_errors(k: Knowledge, w: Hidden) -> list[str]:
    """What is wrong with world ``w`` for knowledge ``k`` (empty when consistent)."""
    errors = []
    everything = Counter(cards_of(w.hands[0]) + cards_of(w.hands[1]) + cards_of(w.hands[2]))
    for p in w.plays:
        everything.update(cards_of(p))
    if w.dreamer is not None:
        everything[w.dreamer] += 1
    if sorted(everything.elements()) != pack(k.players):
        errors.append("not every card exactly once")
    if w.hands[k.observer] != k.hand:
        errors.append("the observer's hand changed")
    if (w.dreamer is None) != (k.players == 3):
        errors.append("dreamer card wrong")
    for seat in range(3):
        if w.hands[seat].bit_count() != k.hand_counts[seat]:
            errors.append(f"seat {seat} holds the wrong number of cards")
    if len(w.plays) != len(k.events):
        return [*errors, "plays misaligned"]
    for i, e in enumerate(k.events):
        if w.plays[i].bit_count() != e.count or (e.cards and w.plays[i] != e.cards):
            errors.append(f"play {i} does not match what was seen")
        if e.kind != DISCARD or e.top is None:
            continue
        before = w.hands[e.seat]
        for j in range(i, len(k.events)):
            if k.events[j].seat == e.seat:
                before |= w.plays[j]
        held = before if k.surrender == STRICT else before & ~w.plays[i]
        if has_beating(held, e.top):
            errors.append(f"seat {e.seat} could have beaten in round {e.round}")
    return errors


def opponents(k: Knowledge) -> list[int]:
    return [s for s in range(3) if s != k.observer]


def played_hands() -> st.SearchStrategy[tuple[Played, int]]:
    # singles: how often a leader with a Gok or run leads a single; 0.1 makes most
    # surrenders surrenders to Goks and runs.
    return st.builds(
        lambda seed, players, surrender, rounds, observer, singles: (
            Played(random.Random(seed), players, surrender, rounds, singles),
            observer,
        ),
        st.integers(0, 2**32),
        st.sampled_from([3, 4]),
        st.sampled_from([STRICT, BREAK]),
        st.integers(0, 12),
        st.integers(0, 2),
        st.sampled_from([0.6, 0.1]),
    )


# ---------------------------------------------------------------- properties


@settings(max_examples=300)
@given(played_hands())
def test_the_true_deal_is_always_consistent(case: tuple[Played, int]) -> None:
    played, observer = case
    k = played.knowledge(observer)
    truth = played.truth()
    assert world_errors(k, truth) == []
    # Every card an opponent truly holds is among the cards it may hold ...
    p = problem(k)
    holders = possible_holders(k, p.unknown)
    for seat in opponents(k):
        for c in cards_of(truth.hands[seat]):
            assert seat in holders[c], (c, seat)
    # ... so no card is called aged while an opponent truly holds a card beating it.
    threats = truth.hands[opponents(k)[0]] | truth.hands[opponents(k)[1]]
    deduced = aged_cards(k, DEDUCED)
    for c in cards_of(deduced):
        if c not in (0, 27, 36):  # 1 Sip, 1 Chen, Li Chen cannot be beaten
            assert not above_in_suit(c) & threats, explain_aged(k, DEDUCED, c)
    # face_up is the weaker argument: whatever it calls aged, deduced does too.
    assert aged_cards(k, FACE_UP) & ~deduced == 0
    for c in cards_of(k.hand):
        for mode in (FACE_UP, DEDUCED):
            words = explain_aged(k, mode, c)
            assert (" is aged: " in words) == bool(aged_cards(k, mode) >> c & 1)


@settings(max_examples=300)
@given(played_hands(), st.integers(0, 2**32))
def test_sampled_worlds_are_consistent(case: tuple[Played, int], seed: int) -> None:
    played, observer = case
    k = played.knowledge(observer)
    rng = random.Random(seed)
    for _ in range(3):
        assert world_errors(k, sample_hidden(k, rng)) == []


# ---------------------------------------------------------------- exactness by brute force


def all_worlds(k: Knowledge, limit: int) -> list[Hidden] | None:
    """Every consistent world, by enumeration; None if there are more than ``limit`` deals."""
    known = k.hand
    for e in k.events:
        known |= e.cards
    unknown = cards_of(mask(pack(k.players)) & ~known)
    places: list[tuple[str, int, int]] = [
        ("play", i, e.count) for i, e in enumerate(k.events) if not e.cards
    ]
    places += [("hand", s, k.hand_counts[s]) for s in opponents(k)]
    if k.players == 4:
        places.append(("dreamer", 0, 1))
    deals = factorial(len(unknown))
    for *_, n in places:
        deals //= factorial(n)
    if deals > limit:
        return None
    out = []

    def fill(i: int, left: list[int], chosen: list[int]) -> None:
        if i == len(places):
            hands = [0, 0, 0]
            hands[k.observer] = k.hand
            plays = [e.cards for e in k.events]
            dreamer = None
            for (kind, index, _), part in zip(places, chosen, strict=True):
                if kind == "play":
                    plays[index] = part
                elif kind == "hand":
                    hands[index] = part
                else:
                    dreamer = part.bit_length() - 1
            w = Hidden((hands[0], hands[1], hands[2]), tuple(plays), dreamer)
            if not world_errors(k, w):
                out.append(w)
            return
        for combo in combinations(left, places[i][2]):
            rest = [c for c in left if c not in combo]
            fill(i + 1, rest, [*chosen, mask(combo)])

    fill(0, unknown, [])
    return out


def late_knowledge(seed: int, first_round: int = 7) -> Knowledge | None:
    """A knowledge from late in a random hand."""
    rng = random.Random(seed)
    played = Played(
        rng, rng.choice([3, 4]), rng.choice([STRICT, BREAK]), rng.randint(first_round, 11),
        rng.choice([0.6, 0.1]),
    )
    k = played.knowledge(rng.randrange(3))
    return k if k.hand else None


class Slow:
    """A plain backtracking solver over every place, written apart from the code tested.

    It places the unseen cards one by one and prunes with has_beating on each seat's
    partial hands (a subset of a hand without a beating meld has none either).
    """

    def __init__(self, k: Knowledge, budget: int) -> None:
        known = k.hand
        for e in k.events:
            known |= e.cards
        self.unknown = cards_of(mask(pack(k.players)) & ~known)
        self.places: list[tuple[int, int]] = [  # (seat or -1 for dreamer, event or -1)
            (e.seat, i) for i, e in enumerate(k.events) if not e.cards
        ]
        self.places += [(s, -1) for s in opponents(k)]
        self.room = [k.events[i].count for _, i in self.places[:-2]]
        self.room += [k.hand_counts[s] for s in opponents(k)]
        if k.players == 4:
            self.places.append((-1, -1))
            self.room.append(1)
        self.content = [0] * len(self.places)
        self.budget = budget

        # for each seat: (top, cards it later played face up, places whose cards count)
        self.rules: dict[int, list[tuple[Meld, int, list[int]]]] = {s: [] for s in range(3)}
        for i, e in enumerate(k.events):
            if e.kind != DISCARD or e.top is None:
                continue
            start = i if k.surrender == STRICT else i + 1
            later = 0
            for j in range(start, len(k.events)):
                if k.events[j].seat == e.seat:
                    later |= k.events[j].cards
            covered = [
                p for p, (s, place) in enumerate(self.places)
                if s == e.seat and (place == -1 or place >= start)
            ]
            self.rules[e.seat].append((e.top, later, covered))

    def _ok(self, seat: int) -> bool:
        for top, later, covered in self.rules[seat]:
            held = later
            for p in covered:
                held |= self.content[p]
            if has_beating(held, top):
                return False
        return True

    def exists(self, card: int, seat: int) -> bool | None:
        """Whether some world puts ``card`` in ``seat``'s hand; None if out of budget."""
        hand = self.places.index((seat, -1))
        if self.room[hand] == 0:
            return False
        order = [card, *sorted((c for c in self.unknown if c != card), key=lambda c: -(c % 9))]

        def go(i: int) -> bool:
            self.budget -= 1
            if self.budget < 0:
                raise TimeoutError
            if i == len(order):
                return True
            c = order[i]
            for p, (s, _) in enumerate(self.places):
                if self.room[p] == 0 or (i == 0 and p != hand):
                    continue
                self.room[p] -= 1
                self.content[p] |= 1 << c
                if (s < 0 or self._ok(s)) and go(i + 1):
                    self.room[p] += 1
                    self.content[p] &= ~(1 << c)
                    return True
                self.room[p] += 1
                self.content[p] &= ~(1 << c)
            return False

        try:
            return go(0)
        except TimeoutError:
            return None


@settings(max_examples=150)
@given(st.integers(0, 2**32))
def test_deduced_is_exact_against_a_plain_search(seed: int) -> None:
    k = late_knowledge(seed, first_round=4)
    if k is None:
        return
    p = problem(k)
    holders = possible_holders(k, p.unknown)
    for c in cards_of(p.unknown):
        for seat in opponents(k):
            truly = Slow(k, 20000).exists(c, seat)
            if truly is not None:
                assert (seat in holders[c]) == truly, (c, seat, holders[c])


@settings(max_examples=60)
@given(st.integers(0, 2**32))
def test_deduced_is_exact_against_enumeration(seed: int) -> None:
    k = late_knowledge(seed, first_round=10)
    if k is None:
        return
    worlds = all_worlds(k, 3000)
    if worlds is None:
        return
    assert worlds, "the true deal is one of them"
    p = problem(k)
    holders = possible_holders(k, p.unknown)
    for c in cards_of(p.unknown):
        truly = sorted({s for w in worlds for s in opponents(k) if w.hands[s] >> c & 1})
        assert list(holders[c]) == truly, (c, holders[c], truly)
    exact = k.hand & mask(c for c in (0, 8, 17, 26, 35, 27, 36))
    for c in cards_of(k.hand):
        if not any(above_in_suit(c) & (w.hands[s]) for w in worlds for s in opponents(k)):
            exact |= 1 << c
    assert aged_cards(k, DEDUCED) == exact


def small_knowledge(seed: int) -> Knowledge | None:
    """A four-player hand near its end with most cards seen: few consistent deals.

    Rounds 1-10 are played face up; in round 11 seat 0 leads a single and seats 1 and 2
    discard face down (strict), which the true deal allows by construction.
    """
    rng = random.Random(seed)
    deck = pack(4)
    rng.shuffle(deck)
    hands = [1 << deck[0], 1 << deck[1], 1 << deck[2]]
    discards = [1 << deck[3], 1 << deck[4]]
    rest = deck[6:]
    leads = [c for c in rest if c < 36 and not has_beating(hands[1] | discards[0], single(c))
             and not has_beating(hands[2] | discards[1], single(c))]
    if not leads:
        return None
    lead = rng.choice(leads)
    rest.remove(lead)
    events = [Event(1 + i // 3, i % 3, LEAD if i % 3 == 0 else BEAT, 1, 1 << c, None)
              for i, c in enumerate(rest)]
    top = single(lead)
    events += [Event(11, 0, LEAD, 1, 1 << lead, None), Event(11, 1, DISCARD, 1, 0, top),
               Event(11, 2, DISCARD, 1, 0, top)]
    return Knowledge(0, 4, hands[0], (1, 1, 1), tuple(events), STRICT)


def test_sampling_is_uniform() -> None:
    checked = 0
    for seed in range(200):
        k = small_knowledge(seed)
        worlds = all_worlds(k, 2000) if k is not None else None
        if k is None or worlds is None or not 4 <= len(worlds) <= 60:
            continue
        for tries in (24, 0):  # rejection (exactly uniform), then the search-and-swap path
            rng = random.Random(seed)
            seen = Counter(sample_world(k, rng, tries) for _ in range(100 * len(worlds)))
            assert set(seen) == set(worlds)
            low, high = min(seen.values()), max(seen.values())
            assert low > 55 and high < 145, (seed, tries, low, high, len(worlds))
        checked += 1
        if checked == 4:
            break
    assert checked == 4


@settings(max_examples=80)
@given(st.integers(0, 2**32), st.sampled_from([STRICT, BREAK]))
def test_gok_and_run_surrenders_against_a_plain_search(seed: int, surrender: str) -> None:
    # Leads are Goks and runs whenever possible, so the surrenders that constrain the
    # unseen cards are several-card ones (the nogoods the search handles).
    rng = random.Random(seed)
    played = Played(rng, rng.choice([3, 4]), surrender, rng.randint(4, 11), singles=0.0)
    k = played.knowledge(rng.randrange(3))
    if not k.hand:
        return
    multi = [e for e in k.events if e.kind == DISCARD and e.top is not None and e.top.size > 1]
    if not multi:
        return
    p = problem(k)
    holders = possible_holders(k, p.unknown)
    for c in cards_of(p.unknown):
        for seat in opponents(k):
            truly = Slow(k, 20000).exists(c, seat)
            if truly is not None:
                assert (seat in holders[c]) == truly, (c, seat, holders[c])
