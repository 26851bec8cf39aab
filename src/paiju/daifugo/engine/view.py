"""What one seat of a Dai Fugō hand knows, and deals consistent with it (View.sample).

A :class:`DaifugoView` keeps a copy of the hand with every card this seat cannot see
taken out (other hands, face-down moves it was not part of), plus the public counts.
Everything else (the JSON view, the legal actions, the facts for sampling) is worked
out from that copy when first asked for.

What a seat knows of the hidden cards, and how :meth:`DaifugoView.sample` keeps it
(docs/daifugo.md, "Views and sampling"):

* every count: each hand, the face-down discards, the cards dropped by miyako-ochi;
* the cards it handed over face down (its exchange gifts, automatic or chosen, and its
  7-watashi hand-overs): such a card is in the receiver's hand until the receiver moves
  cards face down after receiving it; from then on it is in the receiver's hand or went
  with one of those moves (to a seat, the discard pile, or the drop of a fallen Dai
  Fugō), and from there on in the same way. A move of k cards carries at most k of
  them; a move to this seat carried none (it would see them); a fall carries them all;
* its own discards are in the discard pile, and its own hand when it fell is the drop;
* as a rich seat in the exchange: the poor kept no card better than the lowest they
  gave (jokers aside under ``exchange_keep_joker``), except as many cards as they have
  since been handed face down by others; under ``card_request``, no named card they did
  not give, and nothing better than the lowest card they gave unasked.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, NamedTuple

from paiju.core.draw import deal_places, shuffle
from paiju.daifugo.engine.actions import Action, meld_of_action
from paiju.daifugo.engine.cards import DIAMOND_THREE, JOKERS, bits, pack, tokens
from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.engine.exchange import card_list
from paiju.daifugo.engine.position import DISCARD_PILE, DROPPED_PILE, EXCHANGE
from paiju.daifugo.engine.rewind import Replay, start_of_play
from paiju.daifugo.engine.rulebook import joker_bits
from paiju.daifugo.engine.sample2 import TwoPackFacts
from paiju.daifugo.engine.state import DaifugoState

#: How many times a sample is drawn again when the cards traced by one draw do not fit
#: the counts, before the traced cards that do not fit are dealt freely.
TRIES = 50


class TableBits(NamedTuple):
    """:meth:`DaifugoView.table` as numbers and bitsets, for encoders: card bitsets of
    the engine's numbers (cards 52 and 53: the jokers), the lock a 4-bit suit mask."""

    seat: int
    phase: str
    to_move: int | None
    hand: int
    #: the combination on the table, or ``None``
    table: Meld | None
    table_seat: int | None
    revolution: bool
    revolution_pending: bool
    jack_back: bool
    lock: int
    clockwise: bool
    played: int
    counts: list[int]
    discarded_face_down: int
    dropped_face_down: int
    finished: list[int]
    titles_before: list[str] | None


class DaifugoView:
    """What one seat knows: its hand, the public play, and its own hand-overs."""

    game = "daifugo"

    def __init__(self, state: DaifugoState, seat: int) -> None:
        self._seat = seat
        self._turn = state.to_move()
        pos = state.pos
        self._counts = [h.bit_count() for h in pos.hands]
        self._n_discards = pos.discards.bit_count()
        self._n_dropped = pos.dropped.bit_count()
        self.rules = state.rules
        #: the rulebook of the table's rules, which every player knows
        self.book = state.book
        base = state.seat_copy(seat)
        #: (index, from, to, cards this seat knows moved or 0, how many cards)
        self._moves = seat_moves(pos.hidden, seat)
        base.pos.hidden = [(i, src, dst, cards) for i, src, dst, cards, _ in self._moves]
        secret = {i for i, src, dst, cards, _ in self._moves if i >= 0 and not cards}
        if secret:
            base.actions = [
                Action(a.seat, a.do, ("?",) * len(a.cards))
                if i in secret and a.do in ("give", "seven_pass", "discard") else a
                for i, a in enumerate(state.actions)
            ]
        self._base = base
        self._legal: list[Action] | None = None
        self._facts: _Facts | TwoPackFacts | None = None

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def hand(self) -> list[str]:
        return tokens(self._base.hands[self._seat])

    @property
    def hand_cards(self) -> int:
        """The hand as a card bitset (cards 52 and 53: the jokers)."""
        return self._base.hands[self._seat]

    @property
    def played_cards(self) -> int:
        """The cards played face up so far (public), as a card bitset."""
        return self._base.pos.played

    def to_move(self) -> int | None:
        return self._turn

    @property
    def phase(self) -> str:
        """The hand's phase (public): ``exchange``, ``play``, ``follow`` or ``over``."""
        return self._base.pos.phase

    @property
    def table_meld(self) -> Meld | None:
        """The combination on the table (public), for asking the rulebook about it."""
        return self._base.pos.table

    def legal_actions(self) -> list[Action]:
        if self._turn != self._seat:
            return []
        if self._legal is None:
            self._legal = self._base.legal_actions()
        return list(self._legal)

    def to_json(self) -> dict[str, Any]:
        out = self.table()
        out["actions"] = self._base.public_actions()
        facts = self.facts()
        out["known"] = [{"seat": r, "cards": tokens(c)} for r, c in facts.known_pins()]
        return out

    def handovers(self) -> list[dict[str, Any]]:
        """The face-down moves this seat took part in, with their cards, in order: ``at``
        the action's index (-1: the poorest's gift at the deal), ``from`` and ``to`` seats
        (``to`` below 0 for the discard and dropped piles)."""
        return [{"at": i, "from": src, "to": dst, "cards": tokens(cards)}
                for i, src, dst, cards, _ in self._moves if cards]

    def table(self) -> dict[str, Any]:
        """The hand and the public table now, without history or hidden-card facts.

        The keys are those of :meth:`to_json` less ``actions`` and ``known``: a cheap
        read for players that decide from the position alone.
        """
        out: dict[str, Any] = {"seat": self._seat, "hand": self.hand}
        out.update(self._base.table_now())
        out["counts"] = list(self._counts)
        out["discarded_face_down"] = self._n_discards
        out["dropped_face_down"] = self._n_dropped
        return out

    def table_bits(self) -> TableBits:
        """What :meth:`table` says, as numbers and bitsets (nothing written as tokens)."""
        base = self._base
        p = base.pos
        return TableBits(
            self._seat, p.phase, base.to_move(), self.hand_cards, p.table,
            p.table_seat if p.table else None, p.revolution, p.pending_rev,
            p.jack_back_now, p.lock, p.direction == 1, p.played, list(self._counts),
            self._n_discards, self._n_dropped, list(p.finished), base.titles_eff)

    def facts(self) -> _Facts | TwoPackFacts:
        """What this seat knows of the hidden cards (worked out once; two packs':
        :mod:`paiju.daifugo.engine.sample2`)."""
        if self._facts is None:
            if self.book.decks == 2:  # a ♦3 played (either copy) may have been the leader's
                base = self._base
                leader = _diamond_three_leader(base, self._moves, base.played)
                self._facts = TwoPackFacts(self, leader)
            else:
                self._facts = _Facts(self)
        return self._facts

    def sample(self, rng: Random) -> DaifugoState:
        """A full state that agrees with everything this seat has seen.

        It plays on like the real hand; it has no record (:meth:`DaifugoState.record`
        raises), since the deal and the face-down moves behind it are not drawn.
        """
        return self.facts().sample(rng)

    def sample_barred(self, rng: Random, barred: Mapping[int, int]) -> DaifugoState:
        """As :meth:`sample`, with ``barred[seat]`` the cards that seat is taken not to
        hold (what an opponent model reads from its moves): the cards whose place is
        not known are dealt around them, where the counts allow."""
        return self.facts().sample(rng, barred)

    def sample_replay(self, rng: Random) -> Replay | None:
        """A sample (as :meth:`sample` draws it) wound back to the start of play, with
        the public actions that bring it to now and the cards it may swap between the
        other seats; ``None`` once a card has moved face down after the exchange
        (:mod:`paiju.daifugo.engine.rewind`), and for two packs, whose swaps between seats
        are not drawn yet."""
        if self.book.decks == 2:
            return None
        st = self.sample(rng)
        got = start_of_play(st)
        if got is None:
            return None
        facts = self.facts()
        return Replay(got[0], got[1], tuple(st.pos.hands), facts.unseen, self._seat,
                      facts.poor, facts.too_good)


class _Facts:
    """The hidden-card facts of one view, and the sampler."""

    def __init__(self, view: DaifugoView) -> None:
        base = view._base
        me = view._seat
        self.view = view
        self.n = base.n
        self.counts = view._counts
        self.need = {s: view._counts[s] for s in range(self.n) if s != me}
        self.need[DISCARD_PILE] = view._n_discards
        self.need[DROPPED_PILE] = view._n_dropped
        moves = view._moves
        seen = base.hands[me] | base.played
        #: cards whose place is certain: location -> cards
        self.fixed: dict[int, int] = {}
        for _, src, dst, cards, _ in moves:
            if src == me and dst in (DISCARD_PILE, DROPPED_PILE):
                self.fixed[dst] = self.fixed.get(dst, 0) | cards
        # cards this seat handed over, followed from their receiver:
        # (card, seat, position of the hand-over in ``moves``, which are in order)
        self.traced = traced_handovers(moves, me, seen)
        leader = _diamond_three_leader(base, moves, seen)
        if leader is not None and leader != me and all(t[0] != DIAMOND_THREE for t in self.traced):
            self.fixed[leader] = self.fixed.get(leader, 0) | 1 << DIAMOND_THREE
        self.moves = moves
        # a move that later shows a traced card in another seat's play has carried it
        self.carried: dict[int, int] = {}
        self._charge_played(base, seen, me)
        fixed_all = 0
        for cards in self.fixed.values():
            fixed_all |= cards
        traced_all = 0
        for c, _, _ in self.traced:
            traced_all |= 1 << c
        full = pack(view.rules.jokers)
        self.unseen = full & ~seen & ~fixed_all & ~traced_all
        # the exchange: the poor kept nothing better than the lowest card they gave
        self.poor: int | None = None
        self.too_good = 0
        self.allowance = 0
        asked = _asked(base, me)
        for i, src, dst, cards, _ in moves:
            if i == -1 and dst == me and cards:
                keep = base.rules.exchange_keep_joker
                better = full & (base.book.better_gifts(cards) if asked is None
                                 else base.book.request_too_good(asked, cards))
                if keep:
                    better &= ~JOKERS
                self.poor = src
                self.too_good = better & self.unseen
                self.allowance = sum(
                    k for j, s2, d2, known, k in moves if j >= 0 and d2 == src and s2 != me)

    def _charge_played(self, base: DaifugoState, seen: int, me: int) -> None:
        """A card this seat handed to R that another seat Y played went R -> Y face down:
        the first such move (after the hand-over, before the play) carried it."""
        gifts = {}
        for p, (_, src, dst, cards, _) in enumerate(self.moves):
            if src == me and dst >= 0 and dst != me:
                for c in bits(cards & base.played):
                    gifts[c] = (dst, p)
        if not gifts:
            return
        for t, a in enumerate(base.actions):
            if a.do != "play":
                continue
            meld = meld_of_action(a) or base.meld_of(a)
            for c in bits(meld.naturals):
                got = gifts.get(c)
                if got is None or got[0] == a.seat:
                    continue
                receiver, given = got
                for j, (i, src, dst, known, _) in enumerate(self.moves):
                    if j > given and i < t and src == receiver and dst == a.seat and not known:
                        self.carried[j] = self.carried.get(j, 0) + 1
                        break

    def known_pins(self) -> list[tuple[int, int]]:
        """(seat, cards) this seat knows are in that seat's hand now."""
        return handover_pins(self.traced, self.moves, self.view._seat)

    def _trace(self, rng: Random) -> dict[int, int]:
        """One draw of where the traced cards are now: location -> cards."""
        room = {j: k - self.carried.get(j, 0) for j, (_, _, _, _, k) in enumerate(self.moves)}
        out: dict[int, int] = {}
        for c, seat, since in self.traced:
            where = seat
            for j, (i, src, dst, known, k) in enumerate(self.moves):
                if j <= since or src != where or known or dst == self.view._seat:
                    continue
                size = self._size_before(i, src)
                if dst == DROPPED_PILE or (room[j] > 0 and rng.random() * size < k):
                    room[j] -= 1
                    where, since = dst, j
                    if where < 0:
                        break
            out[where] = out.get(where, 0) | 1 << c
        return out

    def _size_before(self, index: int, seat: int) -> int:
        """How many cards ``seat`` held just before the face-down move at ``index``."""
        sizes = self._sizes()
        return max(1, sizes.get((index, seat), 1))

    _size_table: dict[tuple[int, int], int] | None = None

    def _sizes(self) -> dict[tuple[int, int], int]:
        """Hand sizes before each face-down move, replayed from the public counts."""
        if self._size_table is not None:
            return self._size_table
        base = self.view._base
        size = list(self.counts)  # walk back from now
        by_index: dict[int, list[tuple[int, int, int]]] = {}
        for i, src, dst, _, k in self.moves:
            by_index.setdefault(i, []).append((src, dst, k))
        table: dict[tuple[int, int], int] = {}
        for t in range(len(base.actions) - 1, -2, -1):
            for src, dst, k in reversed(by_index.get(t, [])):
                # undo the move: cards go back from dst to src
                if dst >= 0:
                    size[dst] -= k
                size[src] += k
                table[(t, src)] = size[src]
            if t >= 0:
                a = base.actions[t]
                if a.do == "play":
                    meld = meld_of_action(a) or base.meld_of(a)
                    size[a.seat] += meld.size
        self._size_table = table
        return table

    def sample(self, rng: Random, barred: Mapping[int, int] | None = None) -> DaifugoState:
        st = self.view._base.clone()
        need = dict(self.need)
        assign: dict[int, int] = {k: 0 for k in need}
        for where, cards in self.fixed.items():
            assign[where] |= cards
            need[where] -= cards.bit_count()
        loose = 0
        for attempt in range(TRIES + 1):
            traced = self._trace(rng)
            if all(cards.bit_count() <= need.get(w, 0) for w, cards in traced.items()):
                break
            if attempt == TRIES:  # keep what fits; deal the rest freely
                fitted = {}
                for w, cards in traced.items():
                    keep = list(bits(cards))[: max(0, need.get(w, 0))]
                    fitted[w] = sum(1 << c for c in keep)
                    loose |= cards & ~fitted[w]
                traced = fitted
        for where, cards in traced.items():
            assign[where] |= cards
            need[where] -= cards.bit_count()
        pool = list(bits(self.unseen | loose))
        shuffle(rng, pool)
        rest = pool
        if self.poor is not None:
            good = [c for c in pool if self.too_good >> c & 1]
            rest = [c for c in pool if not self.too_good >> c & 1]
            if good:
                poor = self.poor
                others = sum(v for k, v in need.items() if k != poor)
                must = max(0, len(good) - others)
                room = min(self.allowance, need[poor])
                take = rng.randint(must, max(must, min(room, len(good))))
                for c in good[:take]:
                    assign[poor] |= 1 << c
                    need[poor] -= 1
                others_need = {k: v for k, v in need.items() if k != poor}
                _deal(rng, good[take:], others_need, barred, assign, strict=False)
                need.update(others_need)
        _deal(rng, rest, need, barred, assign, strict=True)
        for k, m in assign.items():
            if k == DISCARD_PILE:
                st.pos.discards = m
            elif k == DROPPED_PILE:
                st.pos.dropped = m
            else:
                st.pos.hands[k] |= m
        st.dealt = list(st.pos.hands)
        st.sampled = True
        return st


def seat_moves(hidden: list[tuple[int, int, int, int]], seat: int
               ) -> list[tuple[int, int, int, int, int]]:
    """The face-down moves as ``seat`` knows them: (index, from, to, the cards if it took
    part else 0, how many cards)."""
    return [(i, src, dst, cards if seat in (src, dst) else 0, cards.bit_count())
            for i, src, dst, cards in hidden]


def traced_handovers(moves: list[tuple[int, int, int, int, int]], me: int,
                     seen: int) -> list[tuple[int, int, int]]:
    """The cards ``me`` handed to a seat and has not seen since (``seen``: its hand and
    the cards played), less those it put on a pile itself: (card, receiver, position of
    the hand-over in ``moves``), one pack."""
    fixed = 0
    for _, src, dst, cards, _ in moves:
        if src == me and dst in (DISCARD_PILE, DROPPED_PILE):
            fixed |= cards
    traced: list[tuple[int, int, int]] = []
    for p, (_, src, dst, cards, _) in enumerate(moves):
        if src == me and dst >= 0 and dst != me:
            for c in bits(cards & ~seen):
                traced = [t for t in traced if t[0] != c]
                traced.append((c, dst, p))
    return [t for t in traced if not fixed >> t[0] & 1]


def handover_pins(traced: list[tuple[int, int, int]],
                  moves: list[tuple[int, int, int, int, int]], me: int) -> list[tuple[int, int]]:
    """(seat, cards) of the ``traced`` hand-overs still in their receiver's hand: it has
    moved no cards face down out of ``me``'s sight since."""
    out: dict[int, int] = {}
    for c, seat, given in traced:
        if not any(src == seat and not known and dst != me
                   for _, src, dst, known, _ in moves[given + 1:]):
            out[seat] = out.get(seat, 0) | 1 << c
    return sorted(out.items())


def _deal(rng: Random, cards: list[int], need: dict[int, int],
          barred: Mapping[int, int] | None, assign: dict[int, int], strict: bool) -> None:
    """Deal ``cards`` (shuffled) into the places' ``need`` (counted down), at random or
    around ``barred`` (:func:`paiju.core.draw.deal_places`)."""
    for c, k in deal_places(rng, cards, need, barred, strict):
        assign[k] |= 1 << c


def _asked(base: DaifugoState, seat: int) -> int | None:
    """The cards ``seat`` named in its ask (card_request; jokers as the lowest joker
    bits), or None if it made none."""
    for a in base.actions:
        if a.do == "ask" and a.seat == seat:
            nat, jokers = card_list(a.cards)
            return nat | joker_bits(jokers)
    return None


def _diamond_three_leader(base: DaifugoState, moves: list[Any], seen: int) -> int | None:
    """The seat that must hold the ♦3 now because ``first_lead`` gave it the lead, if any.

    Under ``diamond_three`` the first hand's leader was dealt it; under
    ``diamond_three_every`` every leader held it when the exchange ended. It is still
    there unless it was played (``seen``) or the leader has moved cards face down since.
    """
    lead = base.rules.first_lead
    if lead == "random" or seen >> DIAMOND_THREE & 1:
        return None
    leader: int | None
    if base.titles_in is None:
        leader, start = base.first, 0
    elif lead == "diamond_three_every" and base.phase != EXCHANGE:
        start = next((i for i, a in enumerate(base.actions) if a.do not in ("ask", "give")),
                     len(base.actions))
        leader = base.actions[start].seat if start < len(base.actions) else base.turn
    else:
        return None
    if leader is None or any(i >= start and src == leader for i, src, _, _, _ in moves):
        return None
    return leader
