"""legal_actions() against the rules: every legal play listed, once, and nothing else.

The rules live in one place: ``read_play`` says what a set of cards is, ``_why_meld``
(the cards held, then ``Rulebook.fits``) whether it may be played now. ``legal_actions()``
lists plays from precomputed tables and skips ``fits`` where the shape and rank
already decide. These tests hold the two to exact agreement:

* on every step of random hands under random option sets, the listed plays are
  exactly the combinations of the hand (built the plain way, by ``combos``) that
  ``_why_meld`` allows;
* on small random positions, against a brute force over every subset of the hand in
  every spelling (each joker plain or standing for each card, or below the 3 or above
  the 2): every spelling that
  ``why_illegal`` accepts is a listed play, and applying it gives the same state as
  applying the listed action.
"""

from __future__ import annotations

import pytest
from daifugo_helpers import brute_force, random_states, snapshot

from paiju.daifugo.engine import combos
from paiju.daifugo.engine.actions import Action, meld_of_action
from paiju.daifugo.engine.cards import JOKERS, SUITED, bits
from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.engine.state import OK, PLAY, DaifugoState
from paiju.daifugo.game import GAME

HANDS = 2000
POSITIONS = 300


def reference_plays(st: DaifugoState) -> set[Meld]:
    """Every combination of the mover's hand that the rules allow now."""
    seat = st.turn
    hand = st.hands[seat]
    nat, nj = hand & SUITED, (hand & JOKERS).bit_count()
    cands = list(combos.all_groups(nat, nj))
    if st.book.joker_suits:  # group_joker_suit=named: each joker names its card
        cands = [n for m in cands for n in combos.named_groups(m)]
    if st.book.five and nj:  # five_card_groups: each four of a kind and a joker
        cands += [combos.FIVES[r] for r in range(13) if nat >> (4 * r) & 0xF == 0xF]
    if st.seqs:
        cands += combos.all_sequences(nat, nj, st.twos)
    if st.book.beyond:  # sequence_joker_beyond_ends: a joker below the 3 or above the 2
        cands += combos.beyond_sequences(nat, nj)
    if st.emperor:
        cands += combos.emperors(nat, st.twos)
    # _why_meld(seat, m) is None exactly when the cards are held (they are: they come
    # from the hand) and the rulebook's fits(m) is OK; asking fits spares building
    # every reason
    return {m for m in cands if st.book.fits(st.pos, m) == OK}


def listed_plays(st: DaifugoState) -> list[Meld]:
    out = []
    for a in st.legal_actions():
        if a.do == "play":
            meld = meld_of_action(a)
            assert meld is not None, a
            out.append(meld)
    return out


def test_listed_plays_are_exactly_the_legal_combinations() -> None:
    """Each listed once; the same set as the plain enumeration filtered by the rules."""
    checked = 0
    seed = 0
    while checked < HANDS:
        for st, _ in random_states(seed):
            if st.phase != PLAY:
                continue
            listed = listed_plays(st)
            assert len(listed) == len(set(listed)), "a play is listed twice"
            assert set(listed) == reference_plays(st)
            passes = [a for a in st.legal_actions() if a.do == "pass"]
            assert len(passes) == (0 if st.table is None and not st.rules.lead_pass else 1)
        checked += 3
        seed += 1


def test_brute_force_on_small_positions() -> None:
    """No legal play is missing from legal_actions(), and every spelling acts the same."""
    found = 0
    seed = 10_000
    while found < POSITIONS:
        for st, rng in random_states(seed):
            if st.phase != PLAY or st.hands[st.turn].bit_count() > 7 or rng.random() < 0.7:
                continue
            legal, spelled = brute_force(st)
            listed = {meld_of_action(a): a for a in st.legal_actions() if a.do == "play"}
            assert set(listed) == legal
            for toks, meld in rng.sample(spelled, min(6, len(spelled))):
                a, b = st.clone(), st.clone()
                a.apply(Action(st.turn, "play", toks[::-1]))  # not canonical: parsed
                b.apply(listed[meld])
                assert snapshot(a) == snapshot(b), toks
            found += 1
            if found >= POSITIONS:
                break
        seed += 1


@pytest.mark.parametrize(
    ("rules", "hand", "table", "play"),
    [
        # the joker's place is unique: plain JK and JK=10H are the same play
        ({}, "9H JH JK 3C", ["3S", "4S", "5S"], ("9H", "JK", "JH")),
        ({}, "9H JH JK 3C", ["3S", "4S", "5S"], ("JH", "JK=10H", "9h")),
        # in a group a joker has no suit: JK=7H, JK=7C and JK are the same pair
        ({}, "7S JK 3C", ["5S", "5H"], ("JK=7H", "7S")),
        ({}, "7S JK 3C", ["5S", "5H"], ("7s", "jk=7c")),
        ({}, "TS JK 3C", ["5S", "5H"], ("♠10", "JK")),
        ({}, "7S JK 3C", ["5S", "5H"], ("7S", "JK=7S")),
        ({"jokers": 2}, "7S JK JK", ["5S", "5H", "5D"], ("JK=7H", "7S", "JK=7H")),
    ],
)
def test_equivalent_spellings_are_one_play(rules: dict, hand: str, table: list[str],
                                           play: tuple[str, ...]) -> None:
    """why_illegal and apply read every spelling of a play as that play."""
    rec_rules = GAME.rules("pagat", rules)
    hands = [0, 0, 0, 0]
    from paiju.daifugo.engine.cards import pack, parse_card

    rest = pack(rec_rules.values["jokers"])
    for tok in hand.split():
        c = parse_card(tok)
        if c >= 52 and hands[1] >> c & 1:
            c += 1
        hands[1] |= 1 << c
        rest &= ~(1 << c)
    for tok in table:
        c = parse_card(tok)
        hands[0] |= 1 << c
        rest &= ~(1 << c)
    for i, c in enumerate(bits(rest)):
        hands[(2, 3, 0)[i % 3]] |= 1 << c
    st = DaifugoState(rec_rules, hands, 0)
    st.apply(Action(0, "play", tuple(table)))
    spelled = Action(1, "play", play)
    assert st.why_illegal(spelled) is None
    canonical = [a for a in st.legal_actions()
                 if a.do == "play" and meld_of_action(a) == st.meld_of(spelled)]
    assert len(canonical) == 1
    a, b = st.clone(), st.clone()
    a.apply(spelled)
    b.apply(canonical[0])
    assert snapshot(a) == snapshot(b)
    assert a.actions[-1] == canonical[0]  # recorded in canonical notation
