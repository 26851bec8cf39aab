"""legal_actions() of two-pack hands against a brute force over every part of small hands.

Each position's mover's hand is split every way into the cards it plays (each card held
twice played once or twice, each joker plain or standing for a card) and every spelling
``why_illegal`` accepts must be a listed play; the listed plays must be nothing else.
A card held once is written as either copy, and a sample of the spellings, written with
the other copy and in another order, must change the state as the listed action does.
"""

from __future__ import annotations

import random

from daifugo_helpers import brute_force, random_states, snapshot
from test_double_deck_play import two_pack_rules

from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import COPY, SUITED, TOKENS, bits, jokers_in
from paiju.daifugo.engine.state import PLAY, DaifugoState

POSITIONS = 400
#: the most cards (jokers included) a position's mover holds
SMALL = 6


def small(st: DaifugoState, rng: random.Random) -> DaifugoState:
    """The position with the mover's hand cut to at most :data:`SMALL` cards: its jokers
    and the cards it holds twice first (the others vanish: a play reads only the hand
    and the table)."""
    hand = st.hands[st.turn]
    if hand.bit_count() <= SMALL:
        return st
    jokers = list(bits(hand & ~SUITED & ~(SUITED << COPY)))
    twice = list(bits(hand & SUITED & hand >> COPY))
    once = list(bits(hand & SUITED & ~(hand >> COPY)))
    rng.shuffle(twice)
    rng.shuffle(once)
    keep = jokers[:SMALL]
    for c in twice:
        if len(keep) + 2 <= SMALL and rng.random() < 0.7:
            keep += [c, c + COPY]
    keep += once[:SMALL - len(keep)]
    cut = st.clone()
    cut.pos.hands[st.turn] = sum(1 << c for c in keep)
    return cut


def other_copy(toks: tuple[str, ...], hand: int) -> tuple[str, ...]:
    """The spelling with each card held once written as its second copy, reversed."""
    once = {TOKENS[c] for c in bits(hand & SUITED & ~(hand >> COPY))}
    return tuple(t + "'" if t in once else t for t in reversed(toks))


def test_brute_force_on_small_two_pack_positions() -> None:
    """No legal play is missing from legal_actions(), none listed that is not legal, and
    every spelling of a play acts as the listed action does; the positions hold jokers,
    cards held twice and leads."""
    found = 0
    seen = {"jokers": 0, "twice": 0, "lead": 0}
    seed = 20_000
    while found < POSITIONS:
        taken = 0
        for st, rng in random_states(seed, two_pack_rules, fewest=4):
            if st.phase != PLAY or rng.random() < 0.9:
                continue
            st = small(st, rng)
            hand = st.hands[st.turn]
            legal, spelled = brute_force(st)
            plays = [a for a in st.legal_actions() if a.do == "play"]
            listed = {st.meld_of(a): a for a in plays}
            assert len(listed) == len(plays), "a play is listed twice"
            assert set(listed) == legal, [TOKENS[c] for c in bits(hand)]
            for toks, meld in rng.sample(spelled, min(4, len(spelled))):
                a, b = st.clone(), st.clone()
                a.apply(Action(st.turn, "play", other_copy(toks, hand)))
                b.apply(listed[meld])
                assert snapshot(a) == snapshot(b), toks
            seen["jokers"] += jokers_in(hand) > 0
            seen["twice"] += bool(hand & hand >> COPY & SUITED)
            seen["lead"] += st.table is None
            found += 1
            taken += 1
            if found >= POSITIONS or taken >= 6:
                break
        seed += 1
    assert min(seen.values()) >= 30, seen
