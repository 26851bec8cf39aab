"""Listing the legal actions of a Dai Fugō position fast.

Plays come from the precomputed tables (:mod:`paiju.daifugo.engine.tables`): every combination
of the hand of the shape the table asks for. Where the shape and rank alone decide (no
suit lock, no 4-stop waiting, no house rule that lets other plays follow: the
rulebook's beaters), they are the legal plays as they stand. Otherwise the candidates
come from the rulebook's follow plan (:meth:`Rulebook.follow_plan`: the ranks that beat
the table and what each beater adds, kept per table), and are kept only if
:meth:`Rulebook.fits` allows them where a lock or a beater's merely possible extras leave
it open. tests/daifugo/test_generation.py and test_rulebook.py check the lists against
the rulebook on every combination of the hand.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from paiju.daifugo.engine import combos
from paiju.daifugo.engine.actions import PLAY_MELD, Action, meld_of_action, play_action, seat_extras
from paiju.daifugo.engine.cards import (
    COPY,
    FOUR,
    JOKERS,
    SUITED,
    TOKENS,
    bits,
    jokers_in,
    tokens,
)
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, Meld
from paiju.daifugo.engine.position import EXCHANGE, OVER, PLAY
from paiju.daifugo.engine.rulebook import OK
from paiju.daifugo.engine.tables import ABOVE, BELOW, SPREAD, SeatTables, at_least, sequence_shapes

if TYPE_CHECKING:
    from paiju.daifugo.engine.state import DaifugoState


def legal_actions(st: DaifugoState, tables_only: bool = False) -> list[Action]:
    """Every legal action of the seat to move, each play once in canonical notation.

    ``tables_only``: only the plays of the precomputed tables (every group with plain
    ``JK``), which :func:`_odd_groups` completes under UECda's meld rules.
    """
    p = st.pos
    if p.phase == OVER:
        return []
    seat = p.turn
    hand = p.hands[seat]
    if p.phase != PLAY:
        return _steps(st, seat, hand)
    book = st.book
    if book.decks == 2:
        return _two_packs(st, seat, hand)
    if book.odd_groups and not tables_only:
        return _odd_groups(st, seat, hand)
    nat = hand & SUITED
    nj = (hand >> 52).bit_count()
    tabs = st.tabs[seat]
    t = p.table
    out: list[Action] = []
    if t is None:
        if book.lead_pass:
            out.append(tabs.pass_)
        tabs.extend_groups(out, at_least(nat, 1), nat, nj, 0)
        out.extend(tabs.jokers[nj][0])
        if book.sequences:
            _add_sequences(out, tabs, nat, nj, 0, -1, book.twos)
        if book.beyond and nj:
            out.extend(_beyond(st, seat, nat, nj, 0))
        if book.emperor:
            out.extend(play_action(seat, m) for m in combos.emperors(nat, book.twos))
        return out
    out.append(tabs.pass_)
    size = t.size
    rev = p.revolution ^ p.jack_back_now
    if not (p.lock or p.cut_pending or book.beaters):
        # the common case: the shape and the rank decide (see the module's docstring)
        tr = t.rank
        if t.kind == GROUP:
            if tr == JOKER_RANK:
                return out
            ranks = at_least(nat, max(1, size - nj)) & (BELOW[tr] if rev else ABOVE[tr])
            tabs.extend_groups(out, ranks, nat, nj, size)
            if nj >= size:
                out.extend(tabs.jokers[nj][size])
            return out
        _add_sequences(out, tabs, nat, nj, size, book.sequence_los(t, rev), book.twos)
        if book.beyond and nj:
            out.extend(_beyond(st, seat, nat, nj, size))
        return out
    cands, unsure = _candidates(st, seat, tabs, nat, nj, rev)
    if book.joker_suits and nj:  # name the jokers first: a lock may take some names only
        cands = _named(seat, cands)
    if p.lock or p.cut_pending or unsure:
        fits = book.fits
        if book.odd_groups or book.beyond:
            out.extend(a for a in cands if fits(p, _meld(a)) == OK)
        else:
            out.extend(a for a in cands if fits(p, PLAY_MELD[a]) == OK)
    else:  # the shape and the rank decided, and the beaters' groups always fit
        out.extend(cands)
    return out


def _two_packs(st: DaifugoState, seat: int, hand: int) -> list[Action]:
    """The plays of a two-pack hand (canon form): every combination it makes
    (:meth:`Rulebook.candidates2`, each play that differs only in which copy of a card it
    uses once) that :meth:`Rulebook.fits` allows, without the one-pack tables."""
    p = st.pos
    book = st.book
    out: list[Action] = []
    if p.table is not None or book.lead_pass:
        out.append(st.tabs[seat].pass_)
    fits = book.fits
    out.extend(play_action(seat, m) for m in book.candidates2(hand) if fits(p, m) == OK)
    return out


def _odd_groups(st: DaifugoState, seat: int, hand: int) -> list[Action]:
    """The plays under UECda's meld rules: each group's jokers named (group_joker_suit),
    and the five-card groups (five_card_groups)."""
    t = st.pos.table
    if t is not None and t.size > 4 and t.kind == GROUP:
        return _on_five(st, seat, hand)
    out = legal_actions(st, True)
    if hand & JOKERS:
        book = st.book
        if book.joker_suits:
            out = _named(seat, out)
        if book.five and t is None:
            out.extend(_fives(seat, hand))
    return out


def _fives(seat: int, hand: int) -> list[Action]:
    """The five-card groups of a hand: each four of a kind, with a joker."""
    if not hand & JOKERS:
        return []
    five = seat_extras(seat).five
    fours = at_least(hand & SUITED, 4)
    out = []
    while fours:
        low = fours & -fours
        out.append(five[(low.bit_length() - 1) >> 2])
        fours ^= low
    return out


def _on_five(st: DaifugoState, seat: int, hand: int) -> list[Action]:
    """The legal actions on a five-card group: a pass, a higher five-card group, or what
    a beater lets follow anything; each kept if the rulebook says it fits."""
    p = st.pos
    book = st.book
    tabs = st.tabs[seat]
    nat = hand & SUITED
    nj = (hand >> 52).bit_count()
    cands = _fives(seat, hand)
    for b in book.beaters:
        for rank, k in b.groups:
            if at_least(nat, max(1, k - nj)) >> (4 * rank) & 1:
                cands.extend(tabs.group(rank, (nat >> (4 * rank)) & 15, nj, k))
        if b.emperors:
            cands.extend(play_action(seat, m) for m in combos.emperors(nat, book.twos))
    if book.joker_suits and nj:
        cands = _named(seat, cands)
    fits = book.fits
    return [tabs.pass_, *(a for a in cands if fits(p, _meld(a)) == OK)]


def _meld(a: Action) -> Meld:
    """The combination of a listed play (the tables' or an extra one)."""
    m = meld_of_action(a)
    assert m is not None
    return m


def _named(seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` with each group whose jokers name no card replaced by its named forms."""
    named = seat_extras(seat).named
    out: list[Action] = []
    for a in actions:
        forms = named.get(a)
        if forms is None:
            out.append(a)
        else:
            out.extend(forms)
    return out


def _beyond(st: DaifugoState, seat: int, nat: int, nj: int, length: int) -> list[Action]:
    """The sequences of ``length`` (0: any) whose joker stands below the 3 or above the 2
    (``sequence_joker_beyond_ends``) that fit the table. They need a joker, so they are
    listed from the hand and checked one by one rather than from the tables."""
    p = st.pos
    fits = st.book.fits
    return [play_action(seat, m) for m in combos.beyond_sequences(nat, nj, length)
            if fits(p, m) == OK]


def _candidates(st: DaifugoState, seat: int, tabs: SeatTables, nat: int, nj: int,
                rev: bool) -> tuple[list[Action], bool]:
    """The plays that may fit by the rulebook's follow plan (the higher ones of the
    table's shape, and the beaters'), with True if each must still be asked
    :meth:`Rulebook.fits` (a beater's extra ranks that only some suits may play)."""
    p = st.pos
    book = st.book
    t = p.table
    assert t is not None
    size = t.size
    cands: list[Action] = []
    if p.cut_pending:
        if at_least(nat, max(1, size - nj)) >> (4 * FOUR) & 1:
            cands.extend(tabs.group(FOUR, (nat >> (4 * FOUR)) & 15, nj, size))
        return cands, True
    ranks, others, emperors, check = book.follow_plan(t, rev)
    if t.kind != GROUP:
        _add_sequences(cands, tabs, nat, nj, size, ranks, book.twos)
        if book.beyond and nj:
            cands.extend(_beyond(st, seat, nat, nj, size))
    elif ranks:
        held = at_least(nat, max(1, size - nj)) & SPREAD[ranks & 0x1FFF]
        tabs.extend_groups(cands, held, nat, nj, size)
        if ranks >> JOKER_RANK & 1 and nj >= size:
            cands.extend(tabs.jokers[nj][size])
    for rank, k in others:
        if at_least(nat, max(1, k - nj)) >> (4 * rank) & 1:
            cands.extend(tabs.group(rank, (nat >> (4 * rank)) & 15, nj, k))
    if emperors:
        cands.extend(play_action(seat, m) for m in combos.emperors(nat, book.twos))
    return cands, check


def _add_sequences(out: list[Action], tabs: SeatTables, nat: int, nj: int, length: int,
                   los: int, twos: bool) -> None:
    """Append the sequences of ``length`` (0: any) whose lowest rank is in ``los``."""
    need = length if length else 3
    suit_ranks = combos.suit_ranks(nat)
    for suit in range(4):
        held = suit_ranks[suit]
        if not held or held.bit_count() + nj < need:
            continue
        for lo, sid in sequence_shapes(held, nj, twos, length):
            if los >> lo & 1:
                out.append(tabs.sequence(suit, sid))


def _steps(st: DaifugoState, seat: int, hand: int) -> list[Action]:
    """The ``ask``, ``give``, ``seven_pass`` or ``discard`` choices of the seat to move."""
    p = st.pos
    if p.phase == EXCHANGE:
        if p.asks:  # card_request: name up to k cards one does not hold
            k = p.asks[0][2]
            return [Action(seat, "ask", toks)
                    for toks in subsets(st.book.askable(hand), 0, k, st.book.decks)]
        k = p.exchange[0][2]
        return [Action(seat, "give", toks) for toks in subsets(hand, k, k, st.book.decks)]
    kind, k = p.pending[0]
    size = hand.bit_count()
    lo = min(k, size) if kind == "seven_pass" else 0
    return [Action(seat, kind, toks)
            for toks in subsets(hand, lo, min(k, size), st.book.decks)]


def subsets(hand: int, k_min: int, k_max: int, decks: int = 1) -> list[tuple[str, ...]]:
    """Every set of ``k_min..k_max`` cards of a hand as canonical tokens (jokers merged;
    with two packs, sets that differ only in which copy of a card they hold merged too)."""
    if decks == 2:
        return _subsets2(hand, k_min, k_max)
    cards = [c for c in bits(hand) if c < 52]
    nj = (hand & JOKERS).bit_count()
    out = []
    for k in range(k_min, k_max + 1):
        for j in range(min(nj, k) + 1):
            for combo in combinations(cards, k - j):
                out.append(tuple(TOKENS[c] for c in combo) + ("JK",) * j)
    return out


def _subsets2(hand: int, k_min: int, k_max: int) -> list[tuple[str, ...]]:
    """:func:`subsets` of a two-pack hand (canon form): each multiset of cards once, in
    canon form, built card by card (no two sets to merge)."""
    once = hand & SUITED
    cards = [(c, 2 if hand >> (c + COPY) & 1 else 1) for c in bits(once)]
    nj = jokers_in(hand)
    out = []
    for k in range(k_min, k_max + 1):
        for j in range(min(nj, k) + 1):
            for mask in _multisets(cards, k - j):
                out.append(tuple(tokens(mask)) + ("JK",) * j)
    return out


def _multisets(cards: list[tuple[int, int]], size: int) -> list[int]:
    """Every multiset of ``size`` cards of ``cards`` ``(card, copies held)``, in canon
    form, the lowest cards first (as ``combinations`` lists them)."""
    room = [0] * (len(cards) + 1)  # how many cards from each place on
    for i in range(len(cards) - 1, -1, -1):
        room[i] = room[i + 1] + cards[i][1]
    out: list[int] = []
    stack = [(0, size, 0)]
    while stack:
        i, left, mask = stack.pop()
        if left == 0:
            out.append(mask)
            continue
        if room[i] < left:
            continue
        c, held = cards[i]
        for n in range(min(held, left) + 1):  # popped last-in first: the most copies first
            stack.append((i + 1, left - n, mask | (1 << c if n else 0)
                          | (1 << (c + COPY) if n == 2 else 0)))
    return out
