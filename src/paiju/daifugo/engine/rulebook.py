"""The Dai Fugō rulebook: every rule written once, built once from the resolved options.

A :class:`Rulebook` answers the questions of play for one set of :class:`Rules`: what a
set of cards is (:meth:`Rulebook.read`), whether it may be played now and why not
(:meth:`Rulebook.fits`, :meth:`Rulebook.why_not_play`), whether it beats the table
(:meth:`Rulebook.beats`), causes a revolution (:meth:`Rulebook.causes_revolution`) or
is a forbidden finish (:meth:`Rulebook.forbidden_finish`). The state, the generator of
legal actions, the views and the strategy all ask it, so each rule has one place.

Each house rule is a small hook registered under its option (:mod:`paiju.daifugo.engine.hooks`):
a *beater* lets a play follow the table other than by "same shape, higher"; an
*on_play* hook acts on a play (clears the table, locks suits, reverses the ranking or
the direction, adds a follow-up step); an *on_out* hook acts when a seat goes out.
Adding a house rule is one hook, its option, its row in docs/daifugo.md and its tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from random import Random
from typing import TYPE_CHECKING, Final

from paiju.core.words import plural
from paiju.daifugo.engine import combos, copies
from paiju.daifugo.engine.cards import (
    ALL_JOKERS,
    COPY,
    DIAMOND_THREE,
    FOUR,
    JOKERS,
    SUITED,
    THREE,
    TOKENS,
    bits,
    fold,
    identity,
    is_joker,
    jokers_in,
    minus,
    pack,
    parse_play_token,
    put,
    take,
    tokens,
)
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, SEQUENCE, Meld, suit_name
from paiju.daifugo.engine.registry import (
    BEATERS,
    FINISH_BANS,
    ON_OUT,
    ON_PLAY,
    TURN_RULES,
    FollowPlan,
    OnOut,
    OnPlay,
    TurnRule,
)
from paiju.daifugo.rules import Rules

if TYPE_CHECKING:
    from paiju.daifugo.engine.position import Position

#: What :meth:`Rulebook.fits` answers: the play fits, or which rule it breaks (NO_READ:
#: these rules do not know the combination, e.g. a group whose joker names no card under
#: ``group_joker_suit=named``).
OK: Final = 0
NO_STOP: Final = 1
NO_SHAPE: Final = 2
NO_LOCK: Final = 3
NO_BEAT: Final = 4
NO_READ: Final = 5

DAIFUGO: Final = "daifugo"
FUGO: Final = "fugo"
HEIMIN: Final = "heimin"
HINMIN: Final = "hinmin"
DAIHINMIN: Final = "daihinmin"
TITLE_NAMES = {
    DAIFUGO: "Dai Fugō", FUGO: "Fugō", HEIMIN: "Heimin", HINMIN: "Hinmin",
    DAIHINMIN: "Dai Hinmin",
}
#: Title -> how good it is (lower is better), for ordering seats by their titles.
TITLE_RANK = {DAIFUGO: 0, FUGO: 1, HEIMIN: 2, HINMIN: 3, DAIHINMIN: 4}
REVERSED_TITLE = {DAIFUGO: DAIHINMIN, FUGO: HINMIN, HEIMIN: HEIMIN, HINMIN: FUGO,
                  DAIHINMIN: DAIFUGO}


class Rulebook:
    """The rules of one option set, as functions of the position (built once per Rules)."""

    def __reduce__(self) -> tuple[Callable[[Rules], Rulebook], tuple[Rules]]:
        """Pickled as its rules (a compiled class is not rebuilt field by field)."""
        return rulebook, (self.rules,)

    def __init__(self, rules: Rules) -> None:
        from paiju.daifugo.engine import hooks  # noqa: F401  (registers the house rules)

        self.rules = rules
        #: one pack or two (docs/daifugo.md, "The double deck")
        self.decks = rules.decks
        self.sequences = rules.sequences
        self.twos = rules.twos_in_sequences
        self.seq_top = combos.seq_top(self.twos)
        self.emperor = rules.emperor
        self.seq_above = rules.sequence_beat == "above"
        self.rev_now = rules.revolution_timing == "immediate"
        self.rev_any = (rules.revolution != "off" or bool(rules.sequence_revolution)
                        or rules.three_threes_revolution)
        #: the turn rules in force (hooks.py registers them), taken together:
        turn = tuple(t for when, t in TURN_RULES if when(rules))
        self.turn_rules: tuple[TurnRule, ...] = turn
        #: a seat that passed stays out until the clear (TurnRule.keeps_out), so the
        #: passes since the clear that keep a seat out are all of them, or none
        self.no_play_after_pass = any(t.keeps_out for t in turn)
        self.trick_passes = -1 if self.no_play_after_pass else 0
        #: the turn comes back to the last player when all others passed (plays_on)
        self.last_again = any(t.plays_on for t in turn)
        #: the leader may pass (lead_may_pass); this many passes in a row end the hand
        #: by lot (0: never)
        self.lead_pass = any(t.lead_may_pass for t in turn)
        self.pass_limit = max([t.pass_limit(rules) for t in turn if t.pass_limit is not None],
                              default=0)
        self.shibari = rules.shibari
        #: UECda's meld rules (issue 14): a group's joker takes its card's suit
        self.joker_suits = rules.group_joker_suit == "named"
        #: and four of a kind with the joker is a group
        self.five = rules.five_card_groups
        #: some groups are known only under these rules (fits checks them)
        self.odd_groups = self.joker_suits or self.five
        #: and a sequence's joker may stand below the 3 or above the 2
        self.beyond = rules.sequence_joker_beyond_ends
        #: 004's request for cards: the rich name cards before the poor give
        self.card_request = rules.card_request
        active = [b for when, b in BEATERS if when(rules)]
        #: beaters checked before the shape and the lock, and after them
        self.free_beaters = tuple(b for b in active if not b.locked)
        self.locked_beaters = tuple(b for b in active if b.locked)
        self.beaters = tuple(active)
        self.on_play: tuple[OnPlay, ...] = tuple(h for _, when, h in ON_PLAY if when(rules))
        #: the option of each on_play hook, by which the log names the rule that cleared
        self.hook_option: dict[OnPlay, str] = {h: o for o, when, h in ON_PLAY if when(rules)}
        self.on_out: tuple[OnOut, ...] = tuple(h for _, when, h in ON_OUT if when(rules))
        self.finish_bans = tuple(FINISH_BANS[k] for k in rules.forbidden_finish)
        #: the follow plans made so far, by table, in the ranking as it is and reversed
        self.plans: tuple[dict[Meld, FollowPlan], dict[Meld, FollowPlan]] = ({}, {})
        #: the last plan given, with its table and ranking (a table stays for many turns)
        self.last_plan: tuple[Meld | None, bool, FollowPlan] = (None, False,
                                                                 (0, (), False, True))

    # ------------------------------------------------------------ combinations

    def read(self, toks: Sequence[str]) -> Meld:
        """The combination of played tokens; BadPlay (or UnknownCard) saying why not."""
        played = [parse_play_token(t) for t in toks]
        if self.decks == 2:
            m = copies.read_group(played)
            if m is not None:
                return m
            played = [(c if is_joker(c) else identity(c), s) for c, s in played]
        elif any(c >= COPY for c, _ in played):
            raise combos.BadPlay(f"{' '.join(TOKENS[c] for c, _ in played if c >= COPY)}: a "
                                 "second pack's card, but these rules play one pack (decks=1)")
        return combos.read_play(played, sequences=self.sequences,
                                twos=self.twos, emperor=self.emperor,
                                joker_suits=self.joker_suits, five=self.five,
                                beyond=self.beyond, max_jokers=2 * self.decks)

    def readable(self, m: Meld) -> bool:
        """True if these rules know ``m`` as a combination (as :meth:`read` would)."""
        if m.kind == GROUP:
            if self.decks == 1 and (m.jokers > 2 or m.naturals >> COPY):
                return False  # a second pack's card, or its jokers (only groups hold them)
            if m.size > 4:
                return self.decks == 2 or (
                    self.five and m.jokers == 1 and m.naturals.bit_count() == 4)
            if m.subs:
                return self.joker_suits
            return not (self.joker_suits and m.jokers and m.naturals)
        if m.rank < 0 or m.rank + m.size - 1 > self.seq_top:
            return self.beyond and combos.beyond_ends(m)
        return self.sequences if m.kind == SEQUENCE else self.emperor

    def candidates(self, naturals: int, jokers: int) -> list[Meld]:
        """Every combination a hand makes under these rules (the plain way, for checks):
        its ``naturals`` (two packs': in canon form) and ``jokers`` jokers."""
        if self.decks == 2:
            return self.candidates2(naturals | joker_bits(jokers))
        out = list(combos.all_groups(naturals, jokers))
        if self.joker_suits:
            out = [n for m in out for n in combos.named_groups(m)]
        if self.five and jokers:
            out += [combos.FIVES[r] for r in range(13) if (naturals >> (4 * r)) & 0xF == 0xF]
        if self.sequences:
            out += combos.all_sequences(naturals, jokers, self.twos)
        if self.beyond:
            out += combos.beyond_sequences(naturals, jokers)
        if self.emperor:
            out += combos.emperors(naturals, self.twos)
        return out

    def candidates2(self, hand: int) -> list[Meld]:
        """Every combination a two-pack hand (canon form) makes: the groups of identical
        cards and others (:mod:`~paiju.daifugo.engine.copies`), and the sequences and
        emperors of the cards held, each once (docs/daifugo.md, "The double deck")."""
        out = list(copies.all_groups2(hand))
        first, nj = hand & SUITED, jokers_in(hand)
        if self.sequences:
            out += combos.all_sequences(first, nj, self.twos)
        if self.emperor:
            out += combos.emperors(first, self.twos)
        return out

    # ------------------------------------------------------------ what beats what

    @staticmethod
    def strength(rank: int, rev: bool) -> int:
        """How strong a group's rank is under the ranking now (jokers strongest)."""
        if rank == JOKER_RANK:
            return JOKER_RANK
        return 12 - rank if rev else rank

    def beats(self, t: Meld, m: Meld, rev: bool) -> bool:
        """True if ``m``, of the table's shape, is higher than ``t`` (004 "Play")."""
        if m.kind == GROUP:
            mr, tr = m.rank, t.rank
            if rev:  # the joker stays on top; natural ranks run the other way
                return mr != tr and (mr == JOKER_RANK or (tr != JOKER_RANK and mr < tr))
            return mr > tr
        if self.seq_above:
            return (m.high < t.rank) if rev else (m.rank > t.high)
        return (m.rank < t.rank) if rev else (m.rank > t.rank)

    def sequence_los(self, t: Meld, rev: bool) -> int:
        """The lowest ranks of the sequences of ``t``'s length that beat the sequence ``t``
        (:meth:`beats` as a bit mask; a joker beyond the ends: ``t.rank`` -1 or
        ``t.high`` 13)."""
        size = t.size
        if t.rank < 0:  # below the 3: no sequence is lower, and under "higher" all are
            if rev:
                return 0
            return ~((2 << t.high) - 1) if self.seq_above else -1
        if self.seq_above:
            return (((1 << t.rank) - 1) >> (size - 1)) if rev else ~((2 << t.high) - 1)
        return ((1 << t.rank) - 1) if rev else ~((2 << t.rank) - 1)

    def follow_plan(self, t: Meld, rev: bool) -> FollowPlan:
        """What may follow the table ``t`` by :meth:`beats` and the beaters (kept per
        table and ranking: a rulebook sees at most every combination twice)."""
        last, last_rev, plan = self.last_plan
        if last is t and last_rev == rev:
            return plan
        plans = self.plans[rev]
        got = plans.get(t)
        if got is None:
            got = plans[t] = self._follow_plan(t, rev)
        self.last_plan = (t, rev, got)
        return got

    def _follow_plan(self, t: Meld, rev: bool) -> FollowPlan:
        group = t.kind == GROUP
        if not group:
            ranks = self.sequence_los(t, rev)
        elif t.rank == JOKER_RANK:
            ranks = 0
        elif rev:  # the joker stays on top; natural ranks run the other way (beats)
            ranks = ((1 << t.rank) - 1) | (1 << JOKER_RANK)
        else:
            ranks = ((1 << (JOKER_RANK + 1)) - 1) & ~((2 << t.rank) - 1)
        others: list[tuple[int, int]] = []
        emperors = check = False
        for b in self.beaters:
            if b.ranks is not None and group:
                more = b.ranks(t, rev) & ~ranks
                ranks |= more
                check = check or bool(more)
            for rank, k in b.groups:
                if group and k == t.size:
                    ranks |= 1 << rank
                else:
                    others.append((rank, k))
            emperors = emperors or b.emperors
        return ranks, tuple(others), emperors, check

    @staticmethod
    def lock_ok(lock: int, m: Meld) -> bool:
        """True if ``m`` follows the locked suits (a joker that names no card stands for a
        missing one; one that names its card has that card's suit, in ``m.suits``)."""
        if not lock:
            return True
        if m.kind == SEQUENCE:
            return m.suits == lock
        return (lock & ~m.suits).bit_count() <= m.jokers - len(m.subs)

    def fits(self, p: Position, m: Meld) -> int:
        """OK if ``m`` may be played on the table now (cards held aside), else a NO_ code."""
        if self.odd_groups and m.jokers and m.kind == GROUP and not self.readable(m):
            return NO_READ  # every group these rules alone know or refuse holds a joker
        t = p.table
        if t is None:
            return OK
        if p.cut_pending:
            if m.kind == GROUP and m.rank == FOUR and m.size == t.size:
                return OK if self.lock_ok(p.lock, m) else NO_LOCK
            return NO_STOP
        rev = p.revolution ^ p.jack_back_now
        for b in self.free_beaters:
            if (not b.same_shape or (m.kind == t.kind and m.size == t.size)) and b.allows(
                    t, m, rev):
                return OK
        if m.kind != t.kind or m.size != t.size:
            return NO_SHAPE
        if p.lock and not self.lock_ok(p.lock, m):
            return NO_LOCK
        if self.beats(t, m, rev):
            return OK
        for b in self.locked_beaters:
            if b.allows(t, m, rev):
                return OK
        return NO_BEAT

    @staticmethod
    def held(p: Position, seat: int, naturals: int, jokers: int) -> str | None:
        """None if ``seat`` holds these cards, else which it does not."""
        hand = p.hands[seat]
        missing = naturals & ~hand
        if missing:
            once = missing >> COPY & hand  # two packs: two copies asked of one held
            if once and missing == once << COPY:
                return f"you hold one {' '.join(tokens(once))}, not two"
            return f"you do not hold {' '.join(tokens(missing))}"
        if jokers > jokers_in(hand):
            return "you do not hold " + ("a joker", "two jokers", "three jokers",
                                         "four jokers")[min(jokers, 4) - 1]
        return None

    def why_not_play(self, p: Position, seat: int, m: Meld) -> str | None:
        """None if ``seat`` may play ``m`` now, else why not."""
        why = self.held(p, seat, m.naturals, m.jokers)
        if why:
            return why
        code = self.fits(p, m)
        if code == OK:
            return None
        if code == NO_READ:
            forms = " or ".join(_text(n) for n in combos.named_groups(m))
            return (f"a joker in a group takes the suit of the card it stands for "
                    f"(group_joker_suit=named): write which, e.g. {forms}")
        t = p.table
        assert t is not None
        if code == NO_STOP:
            return (f"{t.describe()} cuts the table unless someone stops it with "
                    f"{plural(t.size, 'four')} (4-stop): play 4s or pass")
        if code == NO_SHAPE:
            why = f"the table holds {_shape(t)}: you must play {_shape(t)} or pass"
        elif code == NO_LOCK:
            why = self._lock_reason(p, m)
        else:
            why = f"{_text(m)} does not beat {_text(t)}{_order_note(p)}"
        if seat == p.table_seat:
            why += (f"; everyone else has passed, so you may beat your own {_text(t)} or "
                    "pass, and the table then clears and you lead (last_player_again)")
        return why

    def why_not_pass(self, p: Position) -> str | None:
        """None if the seat to move may pass now (004: the leader must play; lead_pass)."""
        if p.table is None and not self.lead_pass:
            return "you are leading: play any card or combination"
        return None

    def _lock_reason(self, p: Position, m: Meld) -> str:
        t = p.table
        shape = {1: "singles", 2: "pairs", 3: "triples", 4: "fours",
                 5: "five-card groups"}.get(m.size, "")
        if m.kind == SEQUENCE:
            shape = "sequences"
        kind = "kata-shibari" if self.shibari == "partial" else "shibari"
        if t is None or t.kind == SEQUENCE or p.lock.bit_count() >= t.size:
            return (f"the table is locked to {suit_name(p.lock)} {shape} ({kind}): "
                    f"{_text(m)} does not follow suit")
        return (f"the table is locked: {shape} must include {suit_name(p.lock)} ({kind}): "
                f"{_text(m)} does not follow suit")

    # ------------------------------------------------------------ what a play does

    def causes_revolution(self, m: Meld) -> bool:
        """True if ``m`` causes a revolution (004 "Revolution (kakumei)")."""
        r = self.rules
        if m.kind == GROUP:
            if m.size >= 4 and m.rank != JOKER_RANK:  # a five-card group holds a four
                return r.revolution == "four" or (
                    r.revolution == "four_natural" and m.naturals.bit_count() >= 4)
            return r.three_threes_revolution and m.size == 3 and m.rank == THREE
        if m.kind == SEQUENCE:
            return bool(r.sequence_revolution) and m.size >= r.sequence_revolution
        return False

    def forbidden_finish(self, m: Meld, t: Meld | None, rev: bool) -> str | None:
        """Why going out with ``m`` (on ``t``, under the ranking ``rev``) is forbidden,
        or None (004 "Cannot go out with highest card")."""
        for kind, test in zip(self.rules.forbidden_finish, self.finish_bans, strict=True):
            if test(self, m, t, rev):
                return f"going out with {_text(m)} is forbidden (forbidden_finish: {kind})"
        return None

    def passers(self, p: Position) -> int:
        """The seats that may not play now for having passed (the state's turn order
        reads the same two masks inline, as ``DaifugoState._advance``)."""
        return p.passed_since | p.passed_trick & self.trick_passes

    # ------------------------------------------------------------ the exchange and the lead

    def exchange_pairs(self, n: int) -> list[tuple[str, str, int]]:
        """(rich title, poor title, cards) of each exchange (004 "Exchange of cards")."""
        if self.rules.exchange == "off":
            return []
        if self.rules.exchange == "standard" and n <= 4:
            return [(FUGO, HINMIN, 1)]
        return [(DAIFUGO, DAIHINMIN, 2), (FUGO, HINMIN, 1)]

    def poor_gift(self, hand: int, k: int) -> int:
        """The ``k`` best cards the poor give (jokers kept under exchange_keep_joker),
        equal ranks in the order of ``gift_order``."""
        pool = hand & ~ALL_JOKERS if self.rules.exchange_keep_joker else hand
        if self.decks == 2:
            return gift2(pool, k, SPADES_FIRST2 if self.rules.gift_order == "spades_first"
                         else HIGH_FIRST)
        best = 0
        if self.rules.gift_order == "spades_first":
            k = min(k, pool.bit_count())
            for c in SPADES_FIRST:
                if k == 0:
                    break
                if pool >> c & 1:
                    best |= 1 << c
                    k -= 1
            return best
        for _ in range(min(k, pool.bit_count())):
            top = 1 << (pool.bit_length() - 1)
            best |= top
            pool ^= top
        return best

    def askable(self, hand: int) -> int:
        """The cards a rich seat holding ``hand`` may ask for (card_request): the pack's
        cards it does not hold (with two packs, the copies it does not hold, in canon
        form), its jokers as the lowest joker bits (none while the poor keep their
        jokers, exchange_keep_joker)."""
        full = pack(self.rules.jokers, self.decks)
        free = take(full & ~ALL_JOKERS, hand & ~ALL_JOKERS)
        if not self.rules.exchange_keep_joker:
            free |= joker_bits(jokers_in(full) - jokers_in(hand))
        return free

    def why_not_ask(self, hand: int, naturals: int, jokers: int, k: int) -> str | None:
        """Why a rich seat holding ``hand`` may not name these cards from a poor seat who
        gives ``k`` (004 "Card exchange variants"; docs/daifugo.md), or None."""
        named = naturals.bit_count() + jokers
        if named > k:
            return f"you may ask for at most {plural(k, 'card')}, not {named}"
        mine = minus(naturals, self.askable(hand) & ~ALL_JOKERS)  # copies it holds itself
        if mine:
            held = " ".join(tokens(fold(mine)))
            return f"you hold {held} yourself: ask for cards you do not hold"
        if jokers and self.rules.exchange_keep_joker:
            return ("the poor keep their jokers (exchange_keep_joker): ask for other cards")
        if jokers > jokers_in(self.askable(hand)):
            if not self.rules.jokers:
                return "the pack has no joker (jokers=0)"
            return "you cannot ask for more jokers than the pack holds besides yours"
        return None

    def request_gift(self, hand: int, named: int, k: int) -> int:
        """The ``k`` cards a poor seat holding ``hand`` gives on an ask for ``named`` (its
        jokers as a count in the joker bits): the named cards held (with two packs, each
        copy named as far as held), then the best of the rest as :meth:`poor_gift`
        chooses them (004: "the losers must give these cards rather than their highest
        ranking cards, if they have them")."""
        held = named & hand & ~ALL_JOKERS  # canon form: each card as often as both hold it
        asked_jokers = jokers_in(named)
        if asked_jokers:
            held |= lowest_jokers(hand, asked_jokers)
        return put(held, self.poor_gift(take(hand, held), k - held.bit_count()))

    def request_too_good(self, named: int, gift: int) -> int:
        """What a rich seat knows the poor kept none of, having named ``named`` and been
        given ``gift``: the named cards not given (jokers: all, if fewer came than were
        named), and what the poor would have given before the last unnamed card. One
        pack's cards, each joker by its bit; a two-pack view reads the same by copies
        and joker counts (:mod:`paiju.daifugo.engine.sample2`)."""
        asked_jokers = (named & JOKERS).bit_count()
        got_jokers = (gift & JOKERS).bit_count()
        out = named & ~gift & ~JOKERS
        if got_jokers < asked_jokers:
            out |= JOKERS
        rest = gift & ~named & ~JOKERS
        if got_jokers > asked_jokers:
            rest |= lowest_jokers(gift, got_jokers - asked_jokers)
        if rest:
            out |= self.better_gifts(rest)
        return out

    def better_gifts(self, gift: int) -> int:
        """The cards the poor would have given before the last card of ``gift``: those
        they cannot have kept (jokers included; exchange_keep_joker is the caller's)."""
        if self.rules.gift_order == "spades_first":
            last = max(GIFT_PLACE[c] for c in bits(gift))
            return sum(1 << c for c in SPADES_FIRST[:last])
        low = (gift & -gift).bit_length() - 1
        return ~((2 << low) - 1) & ((1 << 54) - 1)

    def effective_titles(self, titles: list[str], dealt: Sequence[int]) -> list[str]:
        """The titles the exchange uses: reversed by joker_reversal (004 "Jokers")."""
        if self.rules.joker_reversal:
            for s, t in enumerate(titles):
                if t in (HINMIN, DAIHINMIN) and dealt[s] & JOKERS == JOKERS:
                    return [REVERSED_TITLE[x] for x in titles]
        return titles

    def first_of_session(self, hands: Sequence[int], rng: Random) -> int:
        """Who leads the first hand (004 "Play": at random; or the ♦3 holder)."""
        if self.rules.first_lead != "random":
            return diamond_three_holder(hands)
        return rng.randrange(len(hands))

    def first_of_later_hand(self, hands: Sequence[int], titles: Sequence[str]) -> int:
        """Who the record names as leading a later hand, from the effective titles."""
        if self.rules.first_lead == "diamond_three_every":
            return diamond_three_holder(hands)  # as dealt; the state follows the ♦3
        return self.title_leader(titles)

    def title_leader(self, titles: Sequence[str]) -> int:
        """The previous loser (004 "Exchange of cards"), or winner under seat_change=reverse."""
        seats = range(len(titles))
        if self.rules.seat_change == "reverse":
            return min(seats, key=lambda s: TITLE_RANK[titles[s]])
        return max(seats, key=lambda s: TITLE_RANK[titles[s]])

    def lead_after_exchange(self, hands: Sequence[int], first: int) -> int:
        """Who leads once the exchange is over."""
        if self.rules.first_lead == "diamond_three_every":
            return diamond_three_holder(hands)
        return first

    def seating(self, ranked: list[int]) -> list[int] | None:
        """Players by seat from the players best first (004 "Switching seats"), or None."""
        mode = self.rules.seat_change
        if mode == "standard":
            return ranked[::-1]
        if mode == "reverse":
            return ranked
        return None

    # ------------------------------------------------------------ the result

    def titles_by_place(self, players: int) -> list[str]:
        """The titles by place, best first."""
        return titles_for(players, self.rules.exchange)

    def points(self, order: Sequence[int], titles: Sequence[str]) -> list[int]:
        """Points per seat."""
        return points_for(order, titles, self.rules.scoring)


def titles_for(players: int, exchange: str) -> list[str]:
    """The titles by place, best first (004 "Result"; "Card exchange variants")."""
    if players >= 5:
        return [DAIFUGO, FUGO] + [HEIMIN] * (players - 4) + [HINMIN, DAIHINMIN]
    if exchange == "always_two":
        return [DAIFUGO, FUGO, HINMIN, DAIHINMIN] if players == 4 else [
            DAIFUGO, HEIMIN, DAIHINMIN]
    return [FUGO] + [HEIMIN] * (players - 2) + [HINMIN]


def points_for(order: Sequence[int], titles: Sequence[str], scoring: str) -> list[int]:
    """Points per seat (004 "Result" and "Scoring variants"; UECda 5/4/3/2/1)."""
    n = len(titles)
    if scoring == "uecda":
        out = [0] * n
        for place, seat in enumerate(order):
            out[seat] = n - place
        return out
    table = ({DAIFUGO: 2, FUGO: 1} if scoring == "titles"
             else {DAIFUGO: 2, FUGO: 1, HINMIN: -1, DAIHINMIN: -2})
    return [table.get(t, 0) for t in titles]


#: The order the poor give their cards in under gift_order=spades_first (UECda 4.2.9,
#: the server's trans_strong_card): the jokers, then each rank from the 2 down, ♠ ♡ ♢ ♣.
SPADES_FIRST = (53, 52, *(r * 4 + s for r in range(12, -1, -1) for s in range(4)))
GIFT_PLACE = {c: i for i, c in enumerate(SPADES_FIRST)}


#: The order the poor give their cards in by default: the jokers, then the cards from
#: the highest down (within a rank the highest bit first), as one pack's bits run.
HIGH_FIRST = (55, 54, *SPADES_FIRST[:2], *range(51, -1, -1))
#: The order of gift_order=spades_first with two packs: the four jokers first.
SPADES_FIRST2 = (55, 54, *SPADES_FIRST)


def gift2(pool: int, k: int, order: Sequence[int]) -> int:
    """The ``k`` first cards of a two-pack ``pool`` (canon form) in ``order`` (each card
    once; a card held twice gives both before the next), in canon form."""
    gift = 0
    for c in order:
        while k and pool >> c & 1:
            gift = put(gift, 1 << c)
            pool = take(pool, 1 << c)
            k -= 1
        if not k:
            break
    return gift


def joker_bits(k: int) -> int:
    """The bits of ``k`` jokers (the lower id first): how a named joker is written."""
    return sum(1 << (52 + j) for j in range(max(0, min(k, 4))))


def lowest_jokers(hand: int, k: int) -> int:
    """The bits of ``k`` of the hand's jokers, the lower id first (the jokers a play or a
    gift of ``k`` jokers takes from the hand)."""
    out = 0
    for c in (52, 53, 54, 55):
        if k and hand >> c & 1:
            out |= 1 << c
            k -= 1
    return out


def diamond_three_holder(hands: Sequence[int]) -> int:
    """The seat that holds the ♦3; with two packs, when two seats hold one each, the one
    of them that the lots drawn from the deal rank first (:func:`deal_lots`;
    docs/daifugo.md, "The double deck": the sources leave it to a draw)."""
    holders = [s for s, hand in enumerate(hands) if hand >> DIAMOND_THREE & 1]
    if len(holders) == 1:
        return holders[0]
    return next(s for s in deal_lots(hands) if s in holders)


def deal_lots(hands: Sequence[int]) -> list[int]:
    """The seats in the order a lot ranks them (pass_limit), drawn from the deal itself.

    A ``Random`` seeded by the dealt hands (the jokers by their number, as a record
    writes them), so the same seed gives the same hand and a record's deal gives the
    same lots again.
    """
    seed = 0
    for hand in hands:
        seed = seed << 54 | hand & ~ALL_JOKERS | jokers_in(hand) << 52
    order = list(range(len(hands)))
    Random(seed).shuffle(order)
    return order


@lru_cache(maxsize=64)
def rulebook(rules: Rules) -> Rulebook:
    """The rulebook of ``rules`` (built once per option set)."""
    return Rulebook(rules)


def _text(m: Meld) -> str:
    return " ".join(m.tokens())


def _shape(t: Meld) -> str:
    if t.kind == GROUP:
        return "a " + combos.GROUP_NAMES[t.size]
    return f"a {t.size}-card sequence"


def _order_note(p: Position) -> str:
    notes = []
    if p.revolution:
        notes.append("revolution: the ranking is reversed")
    if p.jack_back_now:
        notes.append("Jack back: lower cards beat higher until the table clears")
    if p.revolution and p.jack_back_now:
        notes = ["revolution and Jack back together: the normal ranking holds"]
    return f" ({'; '.join(notes)})" if notes else ""

