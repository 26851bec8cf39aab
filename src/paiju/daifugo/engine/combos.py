"""Dai Fugō combinations (melds): reading a play, and every play a hand can make.

004, "Play": "Any single card ... A pair ... Three of a kind ... Four of a kind ... A
sequence: Three or more consecutive cards of the same suit ... The highest 3-card
sequence is K-A-2 and the lowest is 3-4-5. (A-2-3 and 2-3-4 are not valid sequences,
since the 2 and 3 are not adjacent in this game.)" and "The joker may be used as a
substitute for any card in a pair, triplet, four of a kind or sequence."

A pair, triple or four is a *group*; a single card is a group of one. A group made only
of jokers (a lone joker, or the pair of jokers) has rank :data:`JOKER_RANK`. A joker in
a group takes the others' rank and has no suit (``JK=9H`` in a pair of 9s is read as a
plain ``JK``), unless the rules give it the suit of the card it stands for
(``group_joker_suit=named``, UECda): then it is named with ``=`` unless the other cards
leave it only one card. In a sequence a joker stands for one card, named with ``=``
unless the other cards leave it only one place. The house rule ``emperor`` adds a
fourth kind; ``five_card_groups`` (UECda) four of a kind and the joker;
``sequence_joker_beyond_ends`` (UECda) lets a sequence's joker stand below the 3 or above
the 2 (``JK=<3S``, ``JK=>2S``: :mod:`paiju.daifugo.engine.cards`), so that the sequence's lowest
rank is -1 or its highest 13.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final, NamedTuple

from paiju.daifugo.engine.cards import (
    NUM_RANKS,
    RANK_NAMES,
    TOKENS,
    Card,
    bits,
    card,
    is_beyond,
    rank_of,
    stand_token,
)

GROUP: Final = 0
SEQUENCE: Final = 1
EMPEROR: Final = 2
JOKER_RANK: Final = NUM_RANKS
KIND_NAMES = {GROUP: "group", SEQUENCE: "sequence", EMPEROR: "emperor"}
GROUP_NAMES = {1: "single card", 2: "pair", 3: "triple", 4: "four of a kind",
               5: "five-card group", **{n: f"{n}-card group" for n in range(6, 13)}}


class BadPlay(ValueError):
    """Cards that do not make a combination; the message says why."""


class Meld(NamedTuple):
    """One combination as played."""

    kind: int
    size: int
    #: group: its rank (13 for jokers only); sequence and emperor: the lowest rank (-1
    #: for a sequence whose joker stands below the 3).
    rank: int
    #: the natural cards, as a bitset.
    naturals: int
    jokers: int
    #: the cards the jokers stand for, lowest first: in a sequence (where a place beyond
    #: the ends, rank -1 or 13, may be one), and in a group whose jokers name their suits
    #: (``group_joker_suit=named``); () for any other group.
    subs: tuple[Card, ...]
    #: the suits of the natural cards (and of the cards a group's jokers name), as a
    #: 4-bit mask.
    suits: int
    #: the ranks the combination covers (jokers included; the places beyond the ends are
    #: no rank), as a 13-bit mask.
    ranks: int

    @property
    def high(self) -> int:
        """The highest rank covered."""
        return self.rank if self.kind == GROUP else self.rank + self.size - 1

    def count(self, rank: int) -> int:
        """How many cards of ``rank`` the play holds, jokers standing for it included."""
        if self.kind == GROUP:
            return self.size if self.rank == rank else 0
        return (self.ranks >> rank) & 1

    def is_lone_joker(self) -> bool:
        return self.kind == GROUP and self.size == 1 and self.jokers == 1

    def tokens(self) -> tuple[str, ...]:
        """The canonical tokens: groups with plain ``JK`` (``JK=card`` in its place when
        the joker names its card), sequences with ``JK=card``."""
        if self.kind == GROUP:
            if self.subs:
                named = self.naturals | sum(1 << c for c in self.subs)
                return tuple("JK=" + TOKENS[c] if c in self.subs else TOKENS[c]
                             for c in bits(named))
            return tuple(TOKENS[c] for c in bits(self.naturals)) + ("JK",) * self.jokers
        out = []
        subs = set(self.subs)
        for r in range(self.rank, self.rank + self.size):
            hit = [c for c in range(r * 4, r * 4 + 4) if c in subs]
            if hit:
                out.append("JK=" + stand_token(hit[0]))
            else:
                nat = (self.naturals >> (r * 4)) & 0xF
                out.append(TOKENS[r * 4 + (nat.bit_length() - 1)])
        return tuple(out)

    def describe(self) -> str:
        """A short name: 'a pair of 7s', 'a 4-card ♠ sequence', 'the joker'."""
        if self.kind == GROUP:
            if self.rank == JOKER_RANK:
                return ("the joker" if self.size == 1 else "the pair of jokers" if self.size == 2
                        else f"{self.size} jokers")
            name = RANK_NAMES[self.rank]
            if self.size == 1:
                return " ".join(self.tokens())
            return f"a {GROUP_NAMES[self.size]} of {name}s".replace("four of a kind of", "four")
        if self.kind == EMPEROR:
            return "an emperor " + " ".join(self.tokens())
        return f"a {self.size}-card sequence " + " ".join(self.tokens())


def suits_mask(naturals: int) -> int:
    """The 4-bit mask of the suits of some natural cards."""
    m = 0
    for c in bits(naturals):
        m |= 1 << (c & 3)
    return m


def seq_top(twos_in_sequences: bool) -> int:
    """The highest rank a sequence may reach: the 2, or the ace (004 "No twos in sequences")."""
    return NUM_RANKS - 1 if twos_in_sequences else NUM_RANKS - 2


def group(naturals: int, jokers: int, rank: int) -> Meld:
    size = naturals.bit_count() + jokers
    return Meld(GROUP, size, rank, naturals, jokers, (), suits_mask(naturals),
                0 if rank == JOKER_RANK else 1 << rank)


def sequence(suit: int, lo: int, length: int, joker_ranks: int) -> Meld:
    """The sequence of ``suit`` from rank ``lo``; jokers stand at the ranks in ``joker_ranks``
    and at the places beyond the ends (rank -1 or 13) that the sequence covers."""
    window = (((1 << length) - 1) << (lo + 1) >> 1) & ALL_RANKS
    naturals = 0
    subs = []
    for r in range(lo, lo + length):
        if not 0 <= r < NUM_RANKS or joker_ranks >> r & 1:
            subs.append(card(r, suit))
        else:
            naturals |= 1 << card(r, suit)
    return Meld(SEQUENCE, length, lo, naturals, len(subs), tuple(subs), 1 << suit, window)


ALL_RANKS: Final = (1 << NUM_RANKS) - 1


def beyond_ends(m: Meld) -> bool:
    """True for a sequence whose joker stands below the 3 or above the 2
    (``sequence_joker_beyond_ends``)."""
    return m.kind == SEQUENCE and (m.rank < 0 or m.rank + m.size > NUM_RANKS)


def named_group(naturals: int, subs: Sequence[Card], rank: int) -> Meld:
    """The group of ``rank`` whose jokers stand for the cards ``subs`` (their suits count)."""
    named = tuple(sorted(subs))
    size = naturals.bit_count() + len(named)
    return Meld(GROUP, size, rank, naturals, len(named), named,
                suits_mask(naturals | sum(1 << c for c in named)), 1 << rank)


def five_group(rank: int) -> Meld:
    """Four of a kind of ``rank`` and the joker (``five_card_groups``, UECda)."""
    return Meld(GROUP, 5, rank, 0xF << (4 * rank), 1, (), 0xF, 1 << rank)


def read_play(
    played: Sequence[tuple[Card, Card | None]], *, sequences: bool, twos: bool, emperor: bool,
    joker_suits: bool = False, five: bool = False, beyond: bool = False, max_jokers: int = 2,
) -> Meld:
    """The combination of ``(card, stands_for)`` pairs, or :class:`BadPlay` saying why not.

    ``joker_suits``: a joker in a group stands for a card of the group's rank and takes
    its suit (``group_joker_suit=named``). ``five``: four of a kind and the joker are a
    group (``five_card_groups``). ``beyond``: a sequence's joker may stand below the 3 or
    above the 2 (``sequence_joker_beyond_ends``). ``max_jokers``: the jokers of the pack
    (four with two packs).
    """
    if not played:
        raise BadPlay("a play needs at least one card")
    naturals = 0
    stands: list[Card | None] = []
    for c, stand in played:
        if c >= 52:
            stands.append(stand)
            continue
        if naturals >> c & 1:
            raise BadPlay(f"{TOKENS[c]} is named twice in the play")
        naturals |= 1 << c
    jokers = len(stands)
    size = len(played)
    if jokers > max_jokers:
        raise BadPlay("the pack has at most two jokers" if max_jokers == 2
                      else f"the packs have at most {max_jokers} jokers")
    nat = list(bits(naturals))
    ranks = {rank_of(c) for c in nat}
    if not nat:
        if any(s is not None for s in stands):
            raise BadPlay("a joker played alone is the joker itself; it stands for no card")
        return group(0, jokers, JOKER_RANK)
    if len(ranks) == 1 and all(s is None or rank_of(s) == nat[0] >> 2 for s in stands):
        # a group: a joker takes the others' rank and has no suit, so what it is said to
        # stand for (JK=7H) does not matter, the play is the same as with a plain JK;
        # unless joker_suits, where it takes the suit of the card it names
        r = nat[0] >> 2
        if size > 4:
            return _five(naturals, stands, r, five)
        if joker_suits and jokers:
            return named_group(naturals, _group_stands(naturals, stands, r), r)
        return group(naturals, jokers, r)
    if emperor and jokers == 0 and size == 4:
        m = _emperor(nat, twos)
        if m is not None:
            return m
    if not sequences:
        raise BadPlay(
            "cards of different ranks make no combination (sequences are off in these rules)"
        )
    if size < 3:
        raise BadPlay("cards of different ranks make no combination (a sequence needs three)")
    suits = {c & 3 for c in nat} | {s & 3 for s in stands if s is not None}
    if len(suits) > 1:
        raise BadPlay("a sequence is all of one suit; these cards are of several suits")
    suit = suits.pop()
    # positions: bit rank + 1, so that bit 0 is the place below the 3 and bit 14 the
    # place above the 2 (sequence_joker_beyond_ends)
    fixed = 0
    for c in nat:
        fixed |= 2 << (c >> 2)
    for st in stands:
        if st is None:
            continue
        if is_beyond(st) and not beyond:
            raise BadPlay(f"the joker cannot stand {_beyond_name(st)} under these rules "
                          "(sequence_joker_beyond_ends is off)")
        pos = 1 << ((st >> 2) + 1)
        if fixed & pos:
            raise BadPlay(f"the joker cannot stand for {stand_token(st)}: the play already has it")
        fixed |= pos
    top = seq_top(twos) + 1
    if fixed >> NUM_RANKS & 1 and not twos:
        raise BadPlay("a 2 cannot be part of a sequence under these rules (twos_in_sequences)")
    lo_f = (fixed & -fixed).bit_length() - 1
    hi_f = fixed.bit_length() - 1
    if hi_f - lo_f + 1 > size:
        raise BadPlay(
            "the cards are not consecutive: " + " ".join(TOKENS[c] for c in nat)
            + (" (2 and 3 are never adjacent)" if fixed & 2 and hi_f == NUM_RANKS else "")
        )
    low_end = 0 if beyond else 1
    high_end = top + 1 if beyond and twos else top
    windows = range(max(low_end, hi_f - size + 1), min(lo_f, high_end - size + 1) + 1)
    if not windows:
        raise BadPlay("the sequence would run past the 2 (2 and 3 are never adjacent)")
    if len(windows) > 1:
        low = stand_token(card(windows[0] - 1, suit))
        high = stand_token(card(windows[-1] + size - 2, suit))
        raise BadPlay(
            "the joker could stand at either end of the sequence: write which card it "
            f"stands for, e.g. JK={low} or JK={high}"
        )
    lo = windows[0] - 1
    window = (((1 << size) - 1) << windows[0] >> 1) & ALL_RANKS
    return sequence(suit, lo, size, window & ~_ranks_of(naturals))


def _beyond_name(st: Card) -> str:
    return "below the 3" if st < 0 else "above the 2"


def _five(naturals: int, stands: list[Card | None], rank: int, five: bool) -> Meld:
    """Five or more cards of one rank: four of a kind and the joker, or BadPlay."""
    size = naturals.bit_count() + len(stands)
    if not five:
        raise BadPlay(f"{size} cards of one rank are not a combination (four at most)")
    if size > 5 or naturals.bit_count() != 4:
        raise BadPlay(f"{size} cards of one rank are not a combination: a five-card group is "
                      "four of a kind and the joker (five_card_groups)")
    named = next((c for c in stands if c is not None), None)
    if named is not None:
        raise BadPlay(f"the joker cannot stand for {TOKENS[named]}: the play already has it")
    return five_group(rank)


def _group_stands(naturals: int, stands: list[Card | None], rank: int) -> list[Card]:
    """The cards the jokers of a group stand for: as named, a plain ``JK`` taking the only
    cards left; BadPlay if a name repeats a card or a plain ``JK`` could be several."""
    named = [c for c in stands if c is not None]
    for c in named:
        if naturals >> c & 1 or named.count(c) > 1:
            raise BadPlay(f"the joker cannot stand for {TOKENS[c]}: the play already has it")
    free = [c for c in range(rank * 4, rank * 4 + 4) if not naturals >> c & 1 and c not in named]
    plain = len(stands) - len(named)
    if plain and plain != len(free):
        forms = [named_group(naturals, [*named, *pick], rank).tokens()
                 for pick in combinations(free, plain)]
        raise BadPlay(
            "a joker in a group takes the suit of the card it stands for (group_joker_suit="
            "named): write which, e.g. " + " or ".join(" ".join(f) for f in forms))
    return named + (free if plain else [])


def _ranks_of(naturals: int) -> int:
    m = 0
    for c in bits(naturals):
        m |= 1 << (c >> 2)
    return m


def _emperor(nat: list[Card], twos: bool) -> Meld | None:
    ranks = sorted(c >> 2 for c in nat)
    suits = {c & 3 for c in nat}
    lo = ranks[0]
    if len(suits) == 4 and ranks == list(range(lo, lo + 4)) and lo + 3 <= seq_top(twos):
        naturals = sum(1 << c for c in nat)
        return Meld(EMPEROR, 4, lo, naturals, 0, (), 0xF, 0xF << lo)
    return None


# ------------------------------------------------------------------ enumeration

#: SUBSETS[m][k]: the k-card subsets of the 4-bit suit mask m.
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            sum(1 << b for b in combo)
            for combo in combinations([b for b in range(4) if m >> b & 1], k)
        )
        for k in range(5)
    )
    for m in range(16)
)


def groups(naturals: int, jokers: int, size: int, ranks: int = -1) -> Iterator[Meld]:
    """Every group of ``size`` cards from a hand (``jokers`` jokers in it), of ``ranks``.

    ``ranks`` is a mask of the ranks wanted; bit 13 stands for the groups of jokers only.
    """
    if size <= 2 and jokers >= size and ranks >> JOKER_RANK & 1:
        yield group(0, size, JOKER_RANK)
    for r in range(NUM_RANKS):
        m = (naturals >> (4 * r)) & 0xF
        if not m or not ranks >> r & 1:
            continue
        for jj in range(min(jokers, size - 1) + 1):
            for sub in SUBSETS[m][size - jj]:
                nat = sub << (4 * r)
                yield Meld(GROUP, size, r, nat, jj, (), sub, 1 << r)


def all_groups(naturals: int, jokers: int) -> Iterator[Meld]:
    for size in (1, 2, 3, 4):
        yield from groups(naturals, jokers, size, -1)


def named_groups(m: Meld) -> tuple[Meld, ...]:
    """The groups ``m`` makes when its jokers name their cards (``group_joker_suit=named``):
    one per choice of cards of its rank that its natural cards lack; ``(m,)`` if it has no
    joker or no natural card."""
    if m.kind != GROUP or not m.jokers or not m.naturals or m.subs:
        return (m,)
    return NAMED[m]


def _named(m: Meld) -> tuple[Meld, ...]:
    lacking = [c for c in range(m.rank * 4, m.rank * 4 + 4) if not m.naturals >> c & 1]
    return tuple(named_group(m.naturals, subs, m.rank)
                 for subs in combinations(lacking, m.jokers))


#: The named forms of every group with jokers and natural cards (sizes 2 to 4, one or two
#: jokers): 312 groups, 598 named forms, computed at import.
NAMED: dict[Meld, tuple[Meld, ...]] = {
    m: _named(m)
    for size in (2, 3, 4)
    for m in groups((1 << 52) - 1, 2, size, (1 << NUM_RANKS) - 1)
    if m.jokers
}

#: The five-card groups (four of a kind and the joker), by rank.
FIVES: tuple[Meld, ...] = tuple(five_group(r) for r in range(NUM_RANKS))



def sequences(
    naturals: int, jokers: int, length: int, twos: bool, los: int = -1
) -> Iterator[Meld]:
    """Every sequence of ``length`` cards from a hand, each joker placement once.

    ``los`` is a mask of the lowest ranks wanted.
    """
    top = seq_top(twos)
    per_suit = suit_ranks(naturals)
    for suit in range(4):
        held = per_suit[suit]
        if held.bit_count() + jokers < length:
            continue
        for lo in range(0, top - length + 2):
            if not los >> lo & 1:
                continue
            window = ((1 << length) - 1) << lo
            missing = window & ~held
            mc = missing.bit_count()
            if mc > jokers or mc == length:
                continue
            inside = [r for r in range(lo, lo + length) if held >> r & 1]
            for extra in range(0, jokers - mc + 1):
                if len(inside) - extra < 1:
                    break
                for chosen in combinations(inside, extra):
                    jr = missing
                    for r in chosen:
                        jr |= 1 << r
                    yield sequence(suit, lo, length, jr)


def all_sequences(naturals: int, jokers: int, twos: bool) -> Iterator[Meld]:
    for length in range(3, NUM_RANKS + 1):
        yield from sequences(naturals, jokers, length, twos)


def emperors(naturals: int, twos: bool) -> Iterator[Meld]:
    """Every emperor (four consecutive ranks, one card of each suit, no joker)."""
    top = seq_top(twos)
    held = naturals | naturals >> 1 | naturals >> 2 | naturals >> 3
    if not held & held >> 4 & held >> 8 & held >> 12 & _NIB1:
        return  # no four consecutive ranks
    for lo in range(0, top - 2):
        masks = [(naturals >> (4 * r)) & 0xF for r in range(lo, lo + 4)]
        if not all(masks):
            continue
        for perm in _PERMS:
            if all(masks[i] >> perm[i] & 1 for i in range(4)):
                nat = sum(1 << card(lo + i, perm[i]) for i in range(4))
                yield Meld(EMPEROR, 4, lo, nat, 0, (), 0xF, 0xF << lo)


_NIB1 = sum(1 << (4 * r) for r in range(NUM_RANKS))
_PERMS = tuple(
    (a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)
    if len({a, b, c, d}) == 4
)


#: How many hands :data:`_SUIT_RANKS` remembers at most; it is emptied when full. The
#: hands in play at once are a few (one per seat, a few more while a search samples), so
#: a small cache serves nearly every look-up.
SUIT_RANKS_LIMIT = 4096
_SUIT_RANKS: dict[int, list[int]] = {}


def suit_ranks(naturals: int) -> list[int]:
    """For each suit, the 13-bit mask of the ranks held (cached, at most
    :data:`SUIT_RANKS_LIMIT` hands)."""
    got = _SUIT_RANKS.get(naturals)
    if got is None:
        got = _suit_ranks(naturals)
        if len(_SUIT_RANKS) >= SUIT_RANKS_LIMIT:
            _SUIT_RANKS.clear()
        _SUIT_RANKS[naturals] = got
    return got


def _suit_ranks(naturals: int) -> list[int]:
    out = [0, 0, 0, 0]
    for r in range(NUM_RANKS):
        nib = (naturals >> (4 * r)) & 0xF
        if nib:
            bit = 1 << r
            if nib & 1:
                out[0] |= bit
            if nib & 2:
                out[1] |= bit
            if nib & 4:
                out[2] |= bit
            if nib & 8:
                out[3] |= bit
    return out


def beyond_sequences(naturals: int, jokers: int, length: int = 0) -> Iterator[Meld]:
    """Every sequence of ``length`` cards (0: any) from a hand whose joker stands below
    the 3 or above the 2 (``sequence_joker_beyond_ends``), each joker placement once."""
    if not jokers:
        return
    per_suit = suit_ranks(naturals)
    lengths = range(3, NUM_RANKS + 3) if length == 0 else (length,)
    for suit in range(4):
        held = per_suit[suit] << 1  # positions: bit rank + 1; 0 and 14 are beyond the ends
        if not held:
            continue
        for n in lengths:
            for lo in sorted({0, 15 - n}):
                window = ((1 << n) - 1) << lo
                missing = window & ~held
                mc = missing.bit_count()
                if mc > jokers or mc == n:
                    continue
                inside = [p for p in range(lo, lo + n) if held >> p & 1]
                for extra in range(jokers - mc + 1):
                    if len(inside) - extra < 1:
                        break
                    for chosen in combinations(inside, extra):
                        jr = missing
                        for p in chosen:
                            jr |= 1 << p
                        yield sequence(suit, lo - 1, n, (jr >> 1) & ALL_RANKS)


#: Every sequence whose joker stands beyond the ends (820: for each suit and end, a
#: length L of 3..14 with L ways to place up to one more joker, and the 15-card run
#: with a joker beyond both ends).
BEYOND: tuple[Meld, ...] = tuple(beyond_sequences((1 << 52) - 1, 2))

#: Every combination that only some rules know: the named forms of :data:`NAMED`, the
#: five-card groups and the sequences beyond the ends.
EXTRA_MELDS: tuple[Meld, ...] = (
    *(n for forms in NAMED.values() for n in forms), *FIVES, *BEYOND)
EXTRA_SET = frozenset(EXTRA_MELDS)


#: The tokens of each combination: one entry per combination the pack makes, so at most
#: 8,097 entries (:func:`paiju.daifugo.engine.tables.all_melds` counts them).
_TOKEN_CACHE: dict[tuple[int, int, int, tuple[int, ...]], tuple[str, ...]] = {}


def tokens_of(m: Meld) -> tuple[str, ...]:
    """``m.tokens()``, cached."""
    key = (m.kind, m.naturals, m.jokers, m.subs)
    got = _TOKEN_CACHE.get(key)
    if got is None:
        got = _TOKEN_CACHE[key] = m.tokens()
    return got


def suit_name(mask: int) -> str:
    """The suits of a 4-bit mask as symbols: '♠♢'."""
    return "".join("♠♡♢♣"[s] for s in range(4) if mask >> s & 1)

