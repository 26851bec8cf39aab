"""The Dai Fugō rule-based player: how a club player plays, written down.

It reads only its seat's view: its hand (``view.hand_cards``), the public table
(``view.table()``: the combination to beat, the revolution and Jack-back state, the card
counts) and its legal actions, plus the table's rules, which every player knows
(``view.rules``). The rules, in order:

* **Going out.** A play that empties the hand is made at once, unless it is a
  forbidden finish (it would make this seat Dai Hinmin).
* **Going out in a run of sure tricks.** Counting the cards it has seen played face up,
  the player reads its hand as one group per rank (and its jokers). A group is *sure*
  when no higher group of its size can be made from the cards unseen (jokers counted),
  or when it is of 8s under ``eight_cut``. When all the groups but one are sure, it
  plays a sure one (8s first) whenever it may: each takes the lead back, and the last
  group goes out. The jokers may join a group to make it sure; a sure group may be
  played in part when the part and the rest are sure; and failing a run by ranks, one
  sequence may be held apart, sure (none of its length can beat it) or as the last
  play. It does not count on this under house rules that beat anything (``sandstorm``,
  ``emperor``, ``down_number``, ``four_stop``), nor on Jacks under ``jack_back``, a
  revolution (its own or one still to take effect), or a last group it may not go out
  with.
* **Control cards are saved.** 2s, jokers and (under ``eight_cut``) 8s, the cards that
  win or clear a trick, are kept for the end: they are played to take the lead when
  the rest of the hand then goes out in one or two plays, when an opponent is about to
  go out, or when nothing else can be played and the hand is down to a few cards.
* **Leading.** Shed the lowest cards first, as whole combinations: the lead that gets
  rid of the lowest cards, longer combinations (sequences, then groups) before singles
  of the same height, never splitting a pair or triple to lead part of it.
* **Following.** Beat with the lowest combination that splits no group and spends no
  control card; otherwise pass (unless an opponent is about to go out). On its own play
  (``last_player_again``: everyone else passed) only such a free play is made; otherwise
  it passes, and leads after the clear.
* **Revolution.** With a weak hand (most cards low), play a four of a kind (or a long
  sequence) that causes a revolution as soon as possible; with a strong hand keep it
  for last.
* **Exchange and hand-overs.** Give the least useful cards: the lowest loose ones (not
  in a pair, triple or sequence), never a control card while anything else can go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Final, Protocol

from paiju.core.bitset import iter_members
from paiju.daifugo.engine import hooks  # noqa: F401  (registers the house rules)
from paiju.daifugo.engine.actions import Action, meld_of_action
from paiju.daifugo.engine.cards import (
    COPY,
    EIGHT,
    JACK,
    NUM_RANKS,
    SPADE_THREE,
    SUITED,
    THREE,
    TWO,
    bits,
    parse_play_token,
    put,
    rank_count,
    rank_of,
)
from paiju.daifugo.engine.combos import GROUP, SEQUENCE, Meld, suit_ranks
from paiju.daifugo.engine.registry import unsure_options
from paiju.daifugo.engine.rulebook import Rulebook
from paiju.daifugo.rules import Rules


class SeatReading(Protocol):
    """What the player reads of a seat's view: a :class:`~paiju.daifugo.engine.view.DaifugoView`,
    or the play-outs' cheaper :class:`~paiju.daifugo.fast.playout.SeatView`."""

    @property
    def seat(self) -> int: ...
    @property
    def book(self) -> Rulebook: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def table_meld(self) -> Meld | None: ...
    @property
    def hand_cards(self) -> int: ...
    @property
    def played_cards(self) -> int: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def table(self) -> dict[str, Any]: ...


#: An opponent with this many cards or fewer is about to go out.
DANGER: Final = 2


@dataclass(frozen=True)
class Play:
    """A legal play read for the heuristic: its action, combination, ranks and shape."""

    action: Action
    meld: Meld
    ranks: tuple[int, ...]  # the rank of each natural card (13 never appears here)
    jokers: int
    size: int
    sequence: bool


#: How many shared actions' plays :data:`_PLAYS` keeps at most; it is emptied when full
#: (a few thousand serve the plays of many hands).
PLAYS_LIMIT = 16384
#: The play of each shared action read so far (it is the same under any rules).
_PLAYS: dict[Action, Play] = {}


def _read(action: Action, book: Rulebook) -> Play:
    got = _PLAYS.get(action)
    if got is not None:
        return got
    shared = meld_of_action(action)
    play = _make_play(action, shared or book.read(action.cards))
    if shared is not None:
        if len(_PLAYS) >= PLAYS_LIMIT:
            _PLAYS.clear()
        _PLAYS[action] = play
    return play


def _make_play(action: Action, meld: Meld) -> Play:
    if meld.kind == GROUP:
        ranks: tuple[int, ...] = (meld.rank,) * (meld.size - meld.jokers)
    else:
        ranks = tuple(sorted(rank_of(c) for c in bits(meld.naturals)))
    return Play(action, meld, ranks, meld.jokers, meld.size, meld.kind != GROUP)


def _hand_ranks(hand: int) -> tuple[list[int], int]:
    """The cards held of each rank (a two-pack hand's copies too), and the jokers held."""
    counts = [0] * NUM_RANKS
    for c in iter_members(hand & SUITED):
        counts[c >> 2] += 1
    if hand >> COPY:  # two packs: the second copies
        for c in iter_members(hand >> COPY & SUITED):
            counts[c >> 2] += 1
    return counts, (hand >> 52 & 0xF).bit_count()


class _Table:
    """What the heuristic needs of the public table, and the rulebook that judges it.

    Built at every decision, so written out rather than a dataclass (a compiled
    dataclass is built through the interpreted ``__init__`` that ``dataclasses`` writes).
    """

    __slots__ = ("book", "danger", "eight_cut", "reversed_later", "reversed_now", "table")

    def __init__(self, book: Rulebook, table: Meld | None, reversed_now: bool,
                 reversed_later: bool, danger: bool, eight_cut: bool) -> None:
        self.book = book
        self.table = table
        self.reversed_now = reversed_now
        self.reversed_later = reversed_later
        self.danger = danger
        self.eight_cut = eight_cut  # the rules' eight_cut, read once

    def strength(self, rank: int) -> int:
        """0 (weakest) .. 12 (strongest) for a natural rank under the current order."""
        return NUM_RANKS - 1 - rank if self.reversed_now else rank

    def is_control(self, rank: int) -> bool:
        top = THREE if self.reversed_now else TWO
        return rank == top or (self.eight_cut and rank == EIGHT)


def _table(view: SeatReading, data: dict[str, Any]) -> _Table:
    counts = data["counts"]
    others = [c for s, c in enumerate(counts) if s != view.seat and c > 0]
    reversed_now = bool(data.get("revolution")) != bool(data.get("jack_back"))
    later = bool(data.get("revolution")) != bool(data.get("revolution_pending"))
    return _Table(view.book, view.table_meld, reversed_now, later,
                  any(c <= DANGER for c in others), bool(view.book.rules.eight_cut))


def _forbidden_finish(play: Play, t: _Table) -> bool:
    """The rulebook's forbidden finish (it would make this seat Dai Hinmin)."""
    return t.book.forbidden_finish(play.meld, t.table, t.reversed_now) is not None


def _causes_revolution(play: Play, t: _Table) -> bool:
    return t.book.rev_any and t.book.causes_revolution(play.meld)


def _splits(play: Play, held: list[int]) -> int:
    """Cards left behind of the groups this play takes cards from (a single from a pair: 1)."""
    ranks = play.ranks
    if play.sequence:  # each rank once: the ranks held two or more times
        n = 0
        for r in ranks:
            if held[r] >= 2:
                n += 1
        return n
    # a group's natural cards are all of one rank (none: jokers alone)
    return held[ranks[0]] - len(ranks) if ranks else 0


def _cost(play: Play, held: list[int], t: _Table) -> tuple[float, ...]:
    """Lower is a better play to make now: shed low cards, keep groups and controls."""
    controls = play.jokers * 2
    height = -1
    total = 0
    for r in play.ranks:
        if t.is_control(r):
            controls += 1
        strength = t.strength(r)
        if strength > height:
            height = strength
        total += strength
    if not play.ranks:
        return (controls, _splits(play, held), NUM_RANKS, -play.size, 13.0)
    return (controls, _splits(play, held), height, -play.size, total / len(play.ranks))


def _weak_hand(held: list[int], t: _Table) -> bool:
    cards = sum(held)
    low = sum(n for r, n in enumerate(held) if t.strength(r) <= 5)
    return cards > 0 and low * 2 > cards


def _card_value(token: str, held: list[int], t: _Table) -> float:
    card, _ = parse_play_token(token)
    if card >= 52:
        return 100.0
    rank = rank_of(card)
    value = float(t.strength(rank))
    if t.is_control(rank):
        value += 30.0
    if held[rank] >= 2:
        value += 6.0 + held[rank]
    return value


def _give(actions: list[Action], held: list[int], t: _Table) -> Action:
    return min(actions, key=lambda a: (sum(_card_value(x, held, t) for x in a.cards), a.cards))


def _ask(actions: list[Action], held: list[int], t: _Table) -> Action:
    """card_request: name as many cards as may be named, those worth most to this hand
    as :func:`_card_value` weighs them (the jokers, then the controls: 2s, and 8s under
    the 8-cut; then high cards, a rank it holds two of counting more)."""
    return max(actions, key=lambda a: (len(a.cards),
                                       sum(_card_value(x, held, t) for x in a.cards), a.cards))


def _rest_goes_out(held: list[int], jokers: int, play: Play) -> bool:
    """Whether the hand left after ``play`` is a single group (it could go out next lead)."""
    left = held.copy()
    for r in play.ranks:
        left[r] -= 1
    ranks = [r for r, n in enumerate(left) if n > 0]
    return len(ranks) <= 1 and jokers - play.jokers >= 0


#: The rules this player reckons with itself, though a hook of theirs lets a play be
#: beaten by one not higher: the ♠3 on a lone joker, lock or not (``lone_joker_beaten``).
RECKONED: Final = frozenset({"spade_three", "spade_three_over_lock"})
#: House rules under which a play can be beaten by one that is not higher: no trick is
#: sure. Read from the registered hooks (:func:`unsure_options`).
UNSURE_RULES: Final = unsure_options(RECKONED)
#: The jokers held, read as one group of their own.
JOKERS_GROUP: Final = NUM_RANKS


class _Unseen:
    """The cards this seat has not seen (not in its hand, not played face up): the
    others' hands and any face-down cards are among them."""

    __slots__ = ("cards", "counts", "jokers")

    def __init__(self, seen: int, jokers: int, decks: int = 1) -> None:
        self.jokers = jokers - (seen >> 52 & 0xF).bit_count()  # of the ``jokers`` in the pack
        if decks == 1:
            self.cards = ~seen & SUITED  # the natural cards, as a bitset
            self.counts = [4 - ((seen >> (4 * r)) & 0xF).bit_count() for r in range(NUM_RANKS)]
            return
        # two packs (canon form): the cards of which a copy is unseen, and how many
        self.cards = ~(seen >> COPY) & SUITED
        self.counts = [8 - rank_count(seen, r) for r in range(NUM_RANKS)]


def _sure(rank: int, size: int, u: _Unseen, t: _Table) -> bool:
    """Whether a group of ``size`` cards of ``rank`` takes the trick: 8s under the 8-cut,
    or no higher group of that size can be made from the unseen cards."""
    if t.eight_cut and rank == EIGHT:
        return True
    if u.jokers >= size:
        return False
    s = t.strength(rank)
    for q in range(NUM_RANKS):
        n = u.counts[q]
        if n and n + u.jokers >= size and t.strength(q) > s:
            return False
    return True


def _sure_group(rank: int, size: int, u: _Unseen, t: _Table) -> bool:
    """Whether ``size`` cards of ``rank`` (jokers among them) make a sure group: one
    :func:`_sure` calls sure that is neither Jacks under ``jack_back`` nor a revolution."""
    return (_sure(rank, size, u, t)
            and not (t.book.rules.jack_back and rank == JACK)
            and not (size >= 4 and t.book.rev_any))


def _rank_at(strength: int, t: _Table) -> int:
    """The natural rank of a strength (0 weakest .. 12) under the current order."""
    return NUM_RANKS - 1 - strength if t.reversed_now else strength


def _suit_strengths(cards: int, suit: int, t: _Table) -> int:
    """The strengths of ``cards`` of one suit, as a 13-bit mask."""
    mask = 0
    for st in range(NUM_RANKS):
        if cards >> (4 * _rank_at(st, t) + suit) & 1:
            mask |= 1 << st
    return mask


def _sure_sequence(low: int, size: int, unseen_suits: list[int], u: _Unseen,
                   t: _Table) -> bool:
    """Whether the sequence of ranks ``low`` .. ``low + size - 1`` takes the trick: no
    sequence of its length that beats it (:meth:`Rulebook.beats`) can be made from the
    unseen cards (``unseen_suits``: each suit's ranks), their jokers filling gaps or
    standing beyond the ends where the rules allow. Locks are not counted on, and a
    sequence that causes a revolution is not sure."""
    book = t.book
    rules = book.rules
    if rules.sequence_revolution and size >= rules.sequence_revolution:
        return False
    beyond = 1 if rules.sequence_joker_beyond_ends else 0
    shapes = _SEQUENCE_SHAPES[size]
    mine = shapes[low + 1]
    window = (1 << size) - 1
    for c in range(-beyond, NUM_RANKS - size + 1 + beyond):
        if not book.beats(mine, shapes[c + 1], t.reversed_now):
            continue
        for have in unseen_suits:
            held = (have << 1 if c < 0 else have >> c) & window
            if size - held.bit_count() <= u.jokers:
                return False
    return True


#: ``[size][low + 1]``: a sequence's shape alone (its ranks, the lowest from -1 below the
#: 3 to 13 beyond the 2), as :meth:`Rulebook.beats` reads it
_SEQUENCE_SHAPES: Final = tuple(
    tuple(Meld(SEQUENCE, size, low, 0, 0, (), 0, 0) for low in range(-1, NUM_RANKS + 1))
    for size in range(NUM_RANKS + 2))


class _Plan:
    """A run of sure tricks: the hand read as sure groups (and perhaps a sure sequence),
    all but one last play, which goes out once the sure ones have taken the lead."""

    __slots__ = ("counts", "joined", "jokers_alone", "reserved", "sequence", "sure", "unsure")

    def __init__(self, counts: list[int], sure: list[int], unsure: list[int], joined: int,
                 jokers_alone: bool) -> None:
        self.counts = counts  # the natural cards of each rank the groups are made of
        self.sure = sure  # the ranks of the sure groups
        self.unsure = unsure  # the group that is not sure (a rank, JOKERS_GROUP), if any
        self.joined = joined  # the rank whose group the jokers join, or -1
        self.jokers_alone = jokers_alone  # whether the jokers alone are a sure group
        self.sequence = 0  # a sure sequence held apart from the groups, as a bitset
        self.reserved = 0  # a sequence held apart, sure or the last play


def _group_plan(counts: list[int], jokers: int, lone_joker_beaten: bool, last: int,
                u: _Unseen, t: _Table) -> _Plan | None:
    """``counts`` (and the jokers) read as one group per rank, if at most ``last`` of them
    is not sure. The jokers are a group of their own (a lone one beaten while the ♠3 is
    unseen), or join a group that is not sure when that makes it sure."""
    sure: list[int] = []
    unsure: list[int] = []
    most = last + (1 if jokers else 0)  # the jokers may make one more sure
    # weakest first: most hands have several groups that are not sure, and stop early
    for r in range(NUM_RANKS - 1, -1, -1) if t.reversed_now else range(NUM_RANKS):
        if not counts[r]:
            continue
        if _sure_group(r, counts[r], u, t):
            sure.append(r)
        else:
            unsure.append(r)
            if len(unsure) > most:
                return None
    joined = -1
    if len(unsure) > last:
        joined = next((q for q in unsure if _sure_group(q, counts[q] + jokers, u, t)), -1)
        if joined < 0:
            return None
        unsure.remove(joined)
    elif lone_joker_beaten:
        unsure.append(JOKERS_GROUP)
        if len(unsure) > last:
            return None
    return _Plan(counts, sure, unsure, joined, joined < 0 and JOKERS_GROUP not in unsure)


def _holds_sequence(hand: int) -> bool:
    """Whether ``hand`` holds three cards of a suit in consecutive ranks (a card's bit
    and the bits 4 and 8 above it: the same suit one and two ranks up)."""
    h = hand & SUITED
    return bool(h & (h >> 4) & (h >> 8))


def _sequence_plans(hand: int, held: list[int], jokers: int, lone_joker_beaten: bool,
                    u: _Unseen, t: _Table) -> list[_Plan]:
    """The plans that hold one sequence of natural cards apart from the groups: as a sure
    play, or as the last one."""
    plans: list[_Plan] = []
    rules = t.book.rules
    unseen_suits = suit_ranks(u.cards)
    for suit in range(4):
        mine = _suit_strengths(hand, suit, t)
        if not rules.twos_in_sequences:
            mine &= ~(1 << t.strength(TWO))
        for low in range(NUM_RANKS - 2):
            size = 0
            while mine >> (low + size) & 1:
                size += 1
                if size < 3:
                    continue
                ranks = [_rank_at(st, t) for st in range(low, low + size)]
                rest = held.copy()
                for r in ranks:
                    rest[r] -= 1
                # a sequence through a Jack turns the order under jack_back: not sure
                sure = (_sure_sequence(min(ranks), size, unseen_suits, u, t)
                        and not (rules.jack_back and JACK in ranks))
                plan = _group_plan(rest, jokers, lone_joker_beaten, 1 if sure else 0, u, t)
                if plan is not None:
                    cards = sum(1 << (4 * r + suit) for r in ranks)
                    plan.reserved = cards
                    plan.sequence = cards if sure else 0
                    plans.append(plan)
    return plans


def _run_of_sure_tricks(view: SeatReading, plays: list[Play], held: list[int], jokers: int,
                        t: _Table) -> Action | None:
    """A sure play to make now when every group in hand but one is sure; else None.

    The hand is read as one group per rank, the jokers joining one of them or a group of
    their own (:func:`_group_plan`), or else with one sequence held apart
    (:func:`_sequence_plans`). A sure group that cannot be played whole (a pair of 2s on
    a single) is played in part when both the part and the rest are sure.
    """
    if t.reversed_later != t.reversed_now:
        return None  # a revolution still to take effect
    rules = view.rules
    if any(getattr(rules, n) for n in UNSURE_RULES):
        return None  # a house rule that lets a lower play win
    seen = (view.hand_cards | view.played_cards if rules.decks == 1
            else put(view.hand_cards, view.played_cards))  # two packs': as multisets
    u = _Unseen(seen, rules.jokers, rules.decks)
    # the jokers alone: only a lone joker is beaten, by the ♠3
    lone_joker_beaten = jokers == 1 and rules.spade_three and not seen >> SPADE_THREE & 1
    plan = _group_plan(held, jokers, lone_joker_beaten, 1, u, t)
    if plan is not None:
        if rules.forbidden_finish and not _may_finish(plan.unsure, t):
            return None
        plans = [plan]
    elif rules.sequences and not rules.forbidden_finish and _holds_sequence(view.hand_cards):
        plans = _sequence_plans(view.hand_cards, held, jokers, lone_joker_beaten, u, t)
    else:
        return None
    if not plans:
        return None
    best: tuple[tuple[int, int, int], Play] | None = None
    for plan in plans:
        for p in plays:
            key = _sure_play_key(p, plan, jokers, u, t)
            if key is not None and (best is None or key < best[0]):
                best = (key, p)
    return best[1].action if best is not None else None


def _sure_play_key(p: Play, plan: _Plan, jokers: int, u: _Unseen,
                   t: _Table) -> tuple[int, int, int] | None:
    """How soon the run plays ``p`` (lower first: 8s, then the largest and highest, then
    the jokers alone), or None if ``p`` is not a sure play of ``plan``."""
    if p.sequence:
        ok = plan.sequence and not p.jokers and p.meld.naturals == plan.sequence
        return (1, -p.size, 0) if ok else None
    if not p.ranks:  # the jokers alone, last of the sure groups
        return (2, 0, 0) if plan.jokers_alone and p.size == jokers else None
    if p.meld.naturals & plan.reserved:
        return None
    r = p.ranks[0]
    n = plan.counts[r]
    if r == plan.joined:
        ok = p.jokers == jokers and p.size == n + jokers
        return (1, -p.size, -t.strength(r)) if ok else None
    if p.jokers or r not in plan.sure:
        return None
    if p.size != n and not (_sure_group(r, p.size, u, t) and _sure_group(r, n - p.size, u, t)):
        return None
    return (0 if t.eight_cut and r == EIGHT else 1, -p.size, -t.strength(r))


def _may_finish(unsure: list[int], t: _Table) -> bool:
    """Under ``forbidden_finish``: whether the last group is one no ban can touch (not
    the jokers, the top rank, 8s or 3s)."""
    if len(unsure) != 1 or unsure[0] == JOKERS_GROUP:
        return False
    return t.strength(unsure[0]) < NUM_RANKS - 1 and unsure[0] not in (EIGHT, THREE)


def choose(view: SeatReading, rng: Random) -> Action:
    """The club player's action from ``view`` (``rng`` is unused: the player is deterministic)."""
    actions = list(view.legal_actions())
    data = view.table()
    t = _table(view, data)
    held, jokers = _hand_ranks(view.hand_cards)
    hand_size = sum(held) + jokers
    dos = {a.do for a in actions}
    if dos == {"ask"}:
        return _ask(actions, held, t)
    if dos <= {"give", "seven_pass", "discard"}:
        return _give(actions, held, t)
    plays = [_read(a, t.book) for a in actions if a.do == "play"]
    passing = next((a for a in actions if a.do == "pass"), None)
    finishing = [p for p in plays if p.size == hand_size and not _forbidden_finish(p, t)]
    if finishing:
        return finishing[0].action
    if not plays:
        assert passing is not None
        return passing
    sure = _run_of_sure_tricks(view, plays, held, jokers, t)
    if sure is not None:
        return sure
    leading = data.get("table") is None
    weak = _weak_hand(held, t)
    revolutions = [p for p in plays if _causes_revolution(p, t)]
    if revolutions and weak and not t.reversed_later:
        return min(revolutions, key=lambda p: _cost(p, held, t)).action
    calm = [p for p in plays if not _causes_revolution(p, t) or not weak]
    candidates = calm or plays
    if leading:
        safe = [p for p in candidates if p.size < hand_size or not _forbidden_finish(p, t)]
        pool = safe or candidates
        # Endgame: a control card now, when what is left is one combination.
        closers = [p for p in pool if _rest_goes_out(held, jokers, p)
                   and (any(t.is_control(r) for r in p.ranks) or p.jokers)]
        if closers and hand_size <= 5:
            return min(closers, key=lambda p: _cost(p, held, t)).action
        return min(pool, key=lambda p: _cost(p, held, t)).action
    best = min(candidates, key=lambda p: _cost(p, held, t))
    controls, splits = _cost(best, held, t)[:2]
    if controls == 0 and splits == 0:
        return best.action
    if data.get("table_seat") == view.seat and passing is not None:
        return passing  # its own play stands: passing clears the table for its lead
    endgame = hand_size <= 4 or t.danger
    if endgame or passing is None or (splits and not controls and hand_size <= 6):
        return best.action
    return passing
