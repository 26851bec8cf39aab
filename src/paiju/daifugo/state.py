"""One hand of Dai Fugō as a state machine (paiju.core.protocol.State).

Seats are numbered in order of play (clockwise, 004 "Deal and play are clockwise").
A hand runs through up to three phases: the exchange (``give``), play (``play`` and
``pass``), and the follow-up steps some house rules add to a play (``seven_pass``,
``discard``), which the same seat takes at once after the play. docs/daifugo.md gives
every rule with its source.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from paiju.core.errors import IllegalAction, MalformedRecord, UnknownCard
from paiju.core.protocol import Result
from paiju.daifugo import combos
from paiju.daifugo.actions import PLAY_MELD, Action, pass_action, play_action
from paiju.daifugo.cards import (
    EIGHT,
    FIVE,
    FOUR,
    JACK,
    JOKERS,
    NINE,
    SEVEN,
    SPADE_THREE,
    SUITED,
    TEN,
    THREE,
    TOKENS,
    TWO,
    bits,
    diamond_three_holder,
    parse_play_token,
    tokens,
)
from paiju.daifugo.combos import GROUP, JOKER_RANK, SEQUENCE, BadPlay, Meld, suit_name
from paiju.daifugo.rules import Rules
from paiju.daifugo.tables import (
    ABOVE,
    BELOW,
    SPREAD,
    SeatTables,
    at_least,
    seat_tables,
    sequence_shapes,
)

if TYPE_CHECKING:
    from paiju.daifugo.view import DaifugoView

EXCHANGE, PLAY, FOLLOW, OVER = "exchange", "play", "follow", "over"
OK, NO_STOP, NO_SHAPE, NO_LOCK, NO_BEAT = range(5)
DOS = ("play", "pass", "give", "seven_pass", "discard")
#: Where face-down cards go besides a seat's hand: the 10-discards and miyako-ochi's drop.
DISCARD_PILE, DROPPED_PILE = -1, -2

DAIFUGO, FUGO, HEIMIN, HINMIN, DAIHINMIN = "daifugo", "fugo", "heimin", "hinmin", "daihinmin"
TITLE_NAMES = {
    DAIFUGO: "Dai Fugō", FUGO: "Fugō", HEIMIN: "Heimin", HINMIN: "Hinmin",
    DAIHINMIN: "Dai Hinmin",
}
#: Title -> how good it is (lower is better), for ordering seats by their titles.
TITLE_RANK = {DAIFUGO: 0, FUGO: 1, HEIMIN: 2, HINMIN: 3, DAIHINMIN: 4}
REVERSED_TITLE = {DAIFUGO: DAIHINMIN, FUGO: HINMIN, HEIMIN: HEIMIN, HINMIN: FUGO,
                  DAIHINMIN: DAIFUGO}


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


def _sort_key(tok: str) -> tuple[int, int]:
    card, stand = parse_play_token(tok)
    if card < 52:
        return (card, 0)
    return (stand, 1) if stand is not None else (1000, 0)


def action_from_json(obj: Any) -> Action:
    """An action of a record, its cards in canonical notation; MalformedRecord if unreadable."""
    if not isinstance(obj, dict):
        raise MalformedRecord(f"an action must be an object, not {obj!r}")
    seat, do = obj.get("seat"), obj.get("do")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedRecord(f"an action needs a whole-number 'seat': {obj!r}")
    if do not in DOS:
        raise MalformedRecord(f"an action's 'do' is one of {', '.join(DOS)}, not {do!r}")
    extra = set(obj) - {"seat", "do", "cards"}
    if extra:
        raise MalformedRecord(f"an action has only seat, do and cards, not {sorted(extra)}")
    raw = obj.get("cards", [])
    if do == "pass":
        if raw:
            raise MalformedRecord(f"a pass has no cards: {obj!r}")
        return pass_action(seat)
    if not isinstance(raw, list) or "cards" not in obj:
        raise MalformedRecord(f"a {do} needs a list of 'cards': {obj!r}")
    if do == "play":
        known = Action(seat, do, tuple(raw)) if all(type(t) is str for t in raw) else None
        if known is not None and known in PLAY_MELD:
            return known  # already canonical, as paiju writes its records
    parsed = [parse_play_token(t) for t in raw]
    if do != "play" and any(s is not None for _, s in parsed):
        raise UnknownCard(f"only a played joker says what it stands for: {obj!r}")
    nat_ranks = {c >> 2 for c, _ in parsed if c < 52}
    if len(nat_ranks) == 1:
        r = next(iter(nat_ranks))
        if all(s is None or s >> 2 == r for c, s in parsed if c >= 52):
            parsed = [(c, None) for c, _ in parsed]
    toks = [TOKENS[c] if c < 52 else ("JK" if s is None else "JK=" + TOKENS[s])
            for c, s in parsed]
    return Action(seat, do, tuple(sorted(toks, key=_sort_key)))


def _seat_table(n: int, d: int) -> tuple[int, ...]:
    """For every (seat, set of seats): the first seat of the set after it, going ``d``."""
    out = []
    for cur in range(n):
        for avail in range(1 << n):
            found = -1
            for k in range(1, n + 1):
                s = (cur + d * k) % n
                if avail >> s & 1:
                    found = s
                    break
            out.append(found)
    return tuple(out)


_NEXT_SEAT = {n: _seat_table(n, 1) for n in range(3, 9)}
_PREV_SEAT = {n: _seat_table(n, -1) for n in range(3, 9)}


def _card_list(toks: Sequence[str]) -> tuple[int, int]:
    """``(naturals, jokers)`` of a give/pass/discard; UnknownCard if a token is bad."""
    nat = 0
    jokers = 0
    for t in toks:
        c, _ = parse_play_token(t)
        if c >= 52:
            jokers += 1
        elif nat >> c & 1:
            raise IllegalAction(f"{t} is named twice")
        else:
            nat |= 1 << c
    return nat, jokers


def _joker_bits(hand: int, k: int) -> int:
    """The bits of ``k`` of the hand's jokers (the lower id first)."""
    out = 0
    for c in (52, 53):
        if k and hand >> c & 1:
            out |= 1 << c
            k -= 1
    return out


def _subsets(hand: int, k_min: int, k_max: int) -> list[tuple[str, ...]]:
    """Every set of ``k_min..k_max`` cards of a hand as canonical tokens (jokers merged)."""
    cards = [c for c in bits(hand) if c < 52]
    nj = (hand & JOKERS).bit_count()
    out = []
    for k in range(k_min, k_max + 1):
        for j in range(min(nj, k) + 1):
            for combo in combinations(cards, k - j):
                out.append(tuple(TOKENS[c] for c in combo) + ("JK",) * j)
    return out


class DaifugoState:
    """One hand of Dai Fugō."""

    game = "daifugo"

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        first: int,
        titles: Sequence[str] | None = None,
    ) -> None:
        """A hand as dealt; ``titles`` are the previous hand's titles per seat, if any."""
        self.rules = rules
        v = rules.values
        self.n = len(hands)
        self.dealt = list(hands)
        self.hands = list(hands)
        self.first = first
        self.titles_in = list(titles) if titles is not None else None
        self.actions: list[Action] = []
        # flags, copied for speed
        self.seqs: bool = v["sequences"]
        self.twos: bool = v["twos_in_sequences"]
        self.seq_top = combos.seq_top(self.twos)
        self.rev_mode: str = v["revolution"]
        self.seq_rev: int = v["sequence_revolution"]
        self.three_rev: bool = v["three_threes_revolution"]
        self.rev_now: bool = v["revolution_timing"] == "immediate"
        self.eight_cut: bool = v["eight_cut"]
        self.shibari: str = v["shibari"]
        self.shibari_after: int = v["shibari_after"]
        self.forbidden_kinds = frozenset(v["forbidden_finish"])
        self.spade_three: bool = v["spade_three"]
        self.jack_back: bool = v["jack_back"]
        self.ten_discard: bool = v["ten_discard"]
        self.npap: bool = v["no_play_after_pass"]
        self.seven_pass: bool = v["seven_pass"]
        self.five_skip: bool = v["five_skip"]
        self.sandstorm: bool = v["sandstorm"]
        self.ambulance: bool = v["ambulance"]
        self.nine_reverse: bool = v["nine_reverse"]
        self.four_stop: bool = v["four_stop"]
        self.emperor: bool = v["emperor"]
        self.down_number: bool = v["down_number"]
        self.seq_above: bool = v["sequence_beat"] == "above"
        #: True when plays other than "same shape, higher" may follow (see legal_actions)
        self._gen_extras = self.sandstorm or self.emperor or self.spade_three or self.down_number
        self._rev_any = self.rev_mode != "off" or bool(self.seq_rev) or self.three_rev
        #: True when no house rule acts on a play (see _do_play)
        self._plain = not (
            self.jack_back or self.nine_reverse or self.shibari != "off" or self.eight_cut
            or self.sandstorm or self.emperor or self.ambulance or self.five_skip
            or self.seven_pass or self.ten_discard or self.four_stop or self.forbidden_kinds
        )
        # play state
        self.phase = PLAY
        self.turn = first
        self.direction = 1
        self.table: Meld | None = None
        self.table_seat = -1
        self.trick: list[Meld] = []
        self.lock = 0
        self.revolution = False
        self.pending_rev = False
        self.jack = False
        self.cut_pending = False
        self.passed_since = 0
        self.passed_trick = 0
        self.active = sum(1 << s for s in range(self.n) if hands[s])
        self.finished: list[int] = []
        self.forbidden: list[int] = []
        self.fallen: int | None = None
        self.final: list[int] | None = None
        self.played = 0
        self.discards = 0
        self.dropped = 0
        self.pending: list[tuple[str, int]] = []
        self.after: tuple[bool, int] = (False, 0)
        #: (giver, receiver, cards, public order index) of every hidden hand-over.
        #: every face-down move of cards: (action index, from seat, to, cards), where ``to``
        #: is a seat, DISCARD_PILE or DROPPED_PILE; the poor's gifts have index -1.
        self.hidden: list[tuple[int, int, int, int]] = []
        self.exchange: list[tuple[int, int, int]] = []  # (rich, poor, count) still to give
        self.titles_eff: list[str] | None = None
        self.prev_first: int | None = None
        self.prev_last: int | None = None
        self._tabs = [seat_tables(s) for s in range(self.n)]
        #: True for a state dealt by View.sample: it plays on, but has no record.
        self.sampled = False
        if titles is not None:
            self._setup_exchange(list(titles))

    # ---------------------------------------------------------------- exchange

    def _setup_exchange(self, titles: list[str]) -> None:
        v = self.rules.values
        if v["joker_reversal"]:
            for s in range(self.n):
                if titles[s] in (HINMIN, DAIHINMIN) and self.dealt[s] & JOKERS == JOKERS:
                    titles = [REVERSED_TITLE[t] for t in titles]
                    break
        self.titles_eff = titles
        self.prev_first = min(range(self.n), key=lambda s: TITLE_RANK[titles[s]])
        self.prev_last = max(range(self.n), key=lambda s: TITLE_RANK[titles[s]])
        if v["exchange"] == "off":
            return
        pairs = [(DAIFUGO, DAIHINMIN, 2), (FUGO, HINMIN, 1)]
        if v["exchange"] == "standard" and self.n <= 4:
            pairs = [(FUGO, HINMIN, 1)]
        for rich_t, poor_t, k in pairs:
            if rich_t not in titles or poor_t not in titles:
                continue
            rich, poor = titles.index(rich_t), titles.index(poor_t)
            hand = self.hands[poor]
            pool = hand & ~JOKERS if v["exchange_keep_joker"] else hand
            best = 0
            for _ in range(min(k, pool.bit_count())):
                top = 1 << (pool.bit_length() - 1)
                best |= top
                pool ^= top
            self.hands[poor] &= ~best
            self.hands[rich] |= best
            self.hidden.append((-1, poor, rich, best))
            self.exchange.append((rich, poor, k))
        if self.exchange:
            self.phase = EXCHANGE
            self.turn = self.exchange[0][0]

    # ---------------------------------------------------------------- protocol

    @property
    def num_seats(self) -> int:
        return self.n

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def order_now(self) -> bool:
        """True while the ranking is reversed (revolution xor Jack back)."""
        return self.revolution ^ self.jack

    def why_illegal(self, action: Any) -> str | None:
        try:
            self._read(action)
        except IllegalAction as err:
            return err.reason
        return None

    def apply(self, action: Any) -> None:
        # A generated play (or any equal action) is checked by the same rules as any
        # other (_readable, the cards held, _fits) without parsing its tokens.
        if type(action) is Action and action.seat == self.turn and self.phase == PLAY:
            if action.do == "pass":
                if self.table is not None:
                    self.actions.append(self._tabs[action.seat].pass_)
                    self._do_pass(action.seat)
                    return
            else:
                meld = PLAY_MELD.get(action)
                if meld is not None and self._playable(action.seat, meld):
                    self.actions.append(action)
                    self._do_play(action.seat, meld)
                    return
        plan = self._read(action)
        seat, do = action.seat, action.do
        if do == "play":
            self.actions.append(play_action(seat, plan))
            self._do_play(seat, plan)
        elif do == "pass":
            self.actions.append(pass_action(seat))
            self._do_pass(seat)
        else:
            self.actions.append(Action(seat, do, tuple(tokens(plan))))
            if do == "give":
                self._do_give(seat, plan)
            else:
                self._do_follow(seat, do, plan)

    def clone(self) -> DaifugoState:
        other = DaifugoState.__new__(DaifugoState)
        other.__dict__.update(self.__dict__)
        for name in ("dealt", "hands", "actions", "trick", "finished", "forbidden",
                     "pending", "hidden", "exchange"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def view(self, seat: int) -> DaifugoView:
        from paiju.daifugo.view import DaifugoView

        return DaifugoView(self, seat)

    def result(self) -> Result:
        if self.final is None:
            raise ValueError("the hand is not over")
        rep = self.report()
        points = tuple(float(p) for p in rep["points"])
        return Result(points, (self.final[0],), rep, tuple(self.final))

    def report(self) -> dict[str, Any]:
        if self.final is None:
            return {"order": None, "titles": None, "points": None}
        titles = self.final_titles()
        return {
            "order": list(self.final),
            "titles": titles,
            "points": points_for(self.final, titles, self.rules.values["scoring"]),
        }

    def final_titles(self) -> list[str]:
        assert self.final is not None
        by_place = titles_for(self.n, self.rules.values["exchange"])
        out = [""] * self.n
        for place, seat in enumerate(self.final):
            out[seat] = by_place[place]
        return out

    def record(self) -> dict[str, Any]:
        """The hand so far as a record; ``ValueError`` for a state drawn by View.sample.

        A sampled state draws only where the hidden cards are now, not the deal and the
        face-down moves that led there, so it has no record of its own: record the real
        hand instead (docs/daifugo.md, "Views and sampling").
        """
        if self.sampled:
            raise ValueError(
                "this state was drawn by View.sample: its hidden cards are a guess at where "
                "they are now, with no deal or face-down moves behind them, so it has no "
                "record; take the record of the real hand")
        rec: dict[str, Any] = {
            "game": "daifugo",
            "rules": self.rules.spec(),
            "deal": {"hands": [tokens(h) for h in self.dealt]},
            "first": self.first,
        }
        if self.titles_in is not None:
            rec["titles"] = list(self.titles_in)
        rec["actions"] = [a.to_json() for a in self.actions]
        return rec

    # ---------------------------------------------------------------- reading actions

    def _read(self, action: Any) -> Any:
        """Check ``action`` and return what applying it needs; IllegalAction if illegal."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not a Dai Fugō action: {action!r}")
        if self.phase == OVER:
            raise IllegalAction("the hand is over: no more actions")
        seat = action.seat
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat} at a table of {self.n}")
        do = action.do
        if seat != self.turn:
            what = {EXCHANGE: "give cards in the exchange", FOLLOW: "finish their play"}.get(
                self.phase, "play")
            raise IllegalAction(f"it is seat {self.turn}'s turn to {what}, not seat {seat}'s")
        try:
            if self.phase == EXCHANGE:
                return self._read_give(action)
            if self.phase == FOLLOW:
                return self._read_follow(action)
            if do == "pass":
                if self.table is None:
                    raise IllegalAction("you are leading: play any card or combination")
                return None
            if do != "play":
                raise IllegalAction(f"it is time to play or pass, not to {do}")
            meld = self._meld_of(action)
        except UnknownCard as err:
            raise IllegalAction(str(err)) from None
        why = self._why_meld(seat, meld)
        if why is not None:
            raise IllegalAction(why)
        return meld

    def _meld_of(self, action: Action) -> Meld:
        known = PLAY_MELD.get(action)
        if known is not None and self._readable(known):
            return known
        toks = action.cards
        try:
            return combos.read_play(
                [parse_play_token(t) for t in toks],
                sequences=self.seqs, twos=self.twos, emperor=self.emperor,
            )
        except BadPlay as err:
            raise IllegalAction(str(err)) from None

    def _held(self, seat: int, naturals: int, jokers: int) -> str | None:
        hand = self.hands[seat]
        missing = naturals & ~hand
        if missing:
            return f"you do not hold {' '.join(tokens(missing))}"
        if jokers > (hand & JOKERS).bit_count():
            return "you do not hold " + ("a joker" if jokers == 1 else "two jokers")
        return None

    def _read_give(self, action: Action) -> int:
        rich, poor, k = self.exchange[0]
        if action.do != "give":
            raise IllegalAction(
                f"the exchange comes first: seat {rich} gives {k} card(s) to seat {poor}")
        nat, jk = _card_list(action.cards)
        if nat.bit_count() + jk != k:
            raise IllegalAction(f"you give exactly {k} card(s) to seat {poor}, "
                                f"not {nat.bit_count() + jk}")
        why = self._held(rich, nat, jk)
        if why:
            raise IllegalAction(why)
        return nat | _joker_bits(self.hands[rich], jk)

    def _read_follow(self, action: Action) -> int:
        kind, k = self.pending[0]
        seat = action.seat
        size = self.hands[seat].bit_count()
        if action.do != kind:
            need = (f"hand {min(k, size)} card(s) to the next player (seven_pass)"
                    if kind == "seven_pass" else f"discard up to {k} card(s) (discard)")
            raise IllegalAction(f"after your play you must first {need}")
        nat, jk = _card_list(action.cards)
        got = nat.bit_count() + jk
        if kind == "seven_pass" and got != min(k, size):
            raise IllegalAction(
                f"your 7s hand exactly {min(k, size)} card(s) to the next player, not {got}")
        if kind == "discard" and got > k:
            raise IllegalAction(f"your 10s let you discard at most {k} card(s), not {got}")
        why = self._held(seat, nat, jk)
        if why:
            raise IllegalAction(why)
        return nat | _joker_bits(self.hands[seat], jk)

    # ---------------------------------------------------------------- ranking

    def _strength(self, rank: int, rev: bool) -> int:
        if rank == JOKER_RANK:
            return JOKER_RANK
        return 12 - rank if rev else rank

    def _lock_ok(self, m: Meld) -> bool:
        lock = self.lock
        if not lock:
            return True
        if m.kind == SEQUENCE:
            return m.suits == lock
        return (lock & ~m.suits).bit_count() <= m.jokers

    def _readable(self, m: Meld) -> bool:
        """True if these rules know ``m`` as a combination (as ``read_play`` would)."""
        if m.kind == GROUP:
            return True
        if m.rank + m.size - 1 > self.seq_top:
            return False
        return self.seqs if m.kind == SEQUENCE else self.emperor

    def _playable(self, seat: int, m: Meld) -> bool:
        """True if ``seat`` may play ``m`` now: :meth:`_why_meld` would say None."""
        hand = self.hands[seat]
        if m.naturals & ~hand or m.jokers > (hand >> 52).bit_count():
            return False
        if m.kind != GROUP and not self._readable(m):
            return False
        return self._fits(m) == OK

    def _why_meld(self, seat: int, m: Meld) -> str | None:
        """None if ``seat`` may play ``m`` now, else why not."""
        why = self._held(seat, m.naturals, m.jokers)
        if why:
            return why
        code = self._fits(m)
        if code == OK:
            return None
        t = self.table
        assert t is not None
        if code == NO_STOP:
            return (f"{t.describe()} cuts the table unless someone stops it with "
                    f"{t.size} four(s) (4-stop): play 4s or pass")
        if code == NO_SHAPE:
            return f"the table holds {self._shape(t)}: you must play {self._shape(t)} or pass"
        if code == NO_LOCK:
            return self._lock_reason(m)
        return f"{self._cards_text(m)} does not beat {self._cards_text(t)}{self._order_note()}"

    def _fits(self, m: Meld) -> int:
        """OK if ``m`` may be played on the table now (cards held aside), else a NO_ code."""
        t = self.table
        if t is None:
            return OK
        if self.cut_pending:
            if m.kind == GROUP and m.rank == FOUR and m.size == t.size:
                return OK if self._lock_ok(m) else NO_LOCK
            return NO_STOP
        if self.sandstorm and m.kind == GROUP and m.rank == THREE and m.size == 3:
            return OK
        if m.kind == combos.EMPEROR:
            return OK
        if m.kind != t.kind or m.size != t.size:
            return NO_SHAPE
        if self.lock and not self._lock_ok(m):
            return NO_LOCK
        rev = self.revolution ^ self.jack
        if m.kind == GROUP:
            if (self.spade_three and t.size == 1 and t.jokers == 1
                    and m.naturals == 1 << SPADE_THREE):
                return OK
            ms, ts = self._strength(m.rank, rev), self._strength(t.rank, rev)
            if ms > ts:
                return OK
            if (self.down_number and ms == ts - 1 and t.size == 1 and t.jokers == 0
                    and m.jokers == 0 and t.suits == m.suits):
                return OK
        elif self.seq_above:
            if (m.high < t.rank) if rev else (m.rank > t.high):
                return OK
        elif (m.rank < t.rank) if rev else (m.rank > t.rank):
            return OK
        return NO_BEAT

    def _cards_text(self, m: Meld) -> str:
        return " ".join(m.tokens())

    def _order_note(self) -> str:
        notes = []
        if self.revolution:
            notes.append("revolution: the ranking is reversed")
        if self.jack:
            notes.append("Jack back: lower cards beat higher until the table clears")
        if self.revolution and self.jack:
            notes = ["revolution and Jack back together: the normal ranking holds"]
        return f" ({'; '.join(notes)})" if notes else ""

    def _shape(self, t: Meld) -> str:
        if t.kind == GROUP:
            return "a " + combos.GROUP_NAMES[t.size]
        return f"a {t.size}-card sequence"

    def _lock_reason(self, m: Meld) -> str:
        t = self.table
        shape = {1: "singles", 2: "pairs", 3: "triples", 4: "fours"}.get(m.size, "")
        if m.kind == SEQUENCE:
            shape = "sequences"
        kind = "kata-shibari" if self.shibari == "partial" else "shibari"
        if t is None or t.kind == SEQUENCE or self.lock.bit_count() >= t.size:
            return (f"the table is locked to {suit_name(self.lock)} {shape} ({kind}): "
                    f"{self._cards_text(m)} does not follow suit")
        return (f"the table is locked: {shape} must include {suit_name(self.lock)} ({kind}): "
                f"{self._cards_text(m)} does not follow suit")

    # ---------------------------------------------------------------- generation

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move, each play once in canonical notation.

        The list is new on every call; the caller may keep or change it.

        Plays come from the precomputed tables (:mod:`paiju.daifugo.tables`): every
        combination of the hand of the shape the table asks for, then kept if
        :meth:`_fits` allows it. Where the shape and rank already decide (no suit lock,
        4-stop, ♠3, down number or sandstorm in play), :meth:`_fits` holds for each of
        them and is not asked again; tests check the lists against the rules on every
        combination of random hands.
        """
        if self.phase == OVER:
            return []
        seat = self.turn
        hand = self.hands[seat]
        if self.phase != PLAY:
            return self._generate_steps(seat, hand)
        nat = hand & SUITED
        nj = (hand >> 52).bit_count()
        tabs = self._tabs[seat]
        t = self.table
        out: list[Action] = []
        if t is None:
            tabs.extend_groups(out, at_least(nat, 1), nat, nj, 0)
            out.extend(tabs.jokers[nj][0])
            if self.seqs:
                self._add_sequences(out, tabs, nat, nj, 0, -1)
            if self.emperor:
                out.extend(play_action(seat, m) for m in combos.emperors(nat, self.twos))
            return out
        out.append(tabs.pass_)
        size = t.size
        if not (self.lock or self.cut_pending or self._gen_extras):
            # the common case: the shape and the rank decide (see the docstring)
            if t.kind == GROUP:
                tr = t.rank
                if tr == JOKER_RANK:
                    return out
                ranks = at_least(nat, max(1, size - nj)) & (
                    BELOW[tr] if self.revolution ^ self.jack else ABOVE[tr])
                tabs.extend_groups(out, ranks, nat, nj, size)
                if nj >= size:
                    out.extend(tabs.jokers[nj][size])
                return out
            tr = t.rank
            if self.revolution ^ self.jack:
                los = (((1 << tr) - 1) >> (size - 1)) if self.seq_above else (1 << tr) - 1
            else:
                los = ~((2 << t.high) - 1) if self.seq_above else ~((2 << tr) - 1)
            self._add_sequences(out, tabs, nat, nj, size, los)
            return out
        cands: list[Action] = []
        check = bool(self.lock)
        if self.cut_pending:
            check = True
            if at_least(nat, max(1, size - nj)) >> (4 * FOUR) & 1:
                cands.extend(tabs.group(FOUR, (nat >> (4 * FOUR)) & 15, nj, size))
        else:
            rev = self.revolution ^ self.jack
            if t.kind == GROUP:
                tr = t.rank
                # the ranks that beat t: above it, or below it while the order is reversed
                if tr == JOKER_RANK:
                    allowed = 0
                elif rev:
                    allowed = ((1 << tr) - 1) | (1 << JOKER_RANK)
                else:
                    allowed = ((1 << (JOKER_RANK + 1)) - 1) & ~((2 << tr) - 1)
                if size == 1 and (self.spade_three or self.down_number):
                    allowed, check = self._single_extras(t, rev, allowed, check)
                if self.sandstorm and size == 3:
                    allowed |= 1 << THREE  # sandstorm: any triple of 3s
                ranks = at_least(nat, max(1, size - nj)) & SPREAD[allowed & 0x1FFF]
                tabs.extend_groups(cands, ranks, nat, nj, size)
                if allowed >> JOKER_RANK & 1 and nj >= size:
                    cands.extend(tabs.jokers[nj][size])
                if self.sandstorm and size != 3 and at_least(nat, max(1, 3 - nj)) & 1:
                    cands.extend(tabs.group(THREE, nat & 15, nj, 3))
            else:
                if self.seq_above:
                    los = (((1 << t.rank) - 1) >> (size - 1)) if rev else ~((2 << t.high) - 1)
                else:
                    los = ((1 << t.rank) - 1) if rev else ~((2 << t.rank) - 1)
                self._add_sequences(cands, tabs, nat, nj, size, los)
                if self.sandstorm and at_least(nat, max(1, 3 - nj)) & 1:
                    cands.extend(tabs.group(THREE, nat & 15, nj, 3))
            if self.emperor:
                cands.extend(play_action(seat, m) for m in combos.emperors(nat, self.twos))
        if check:
            fits = self._fits
            out.extend(a for a in cands if fits(PLAY_MELD[a]) == OK)
        else:
            out.extend(cands)
        return out

    def _add_sequences(self, out: list[Action], tabs: SeatTables, nat: int, nj: int,
                       length: int, los: int) -> None:
        """Append the sequences of ``length`` (0: any) whose lowest rank is in ``los``."""
        need = length if length else 3
        twos = self.twos
        suit_ranks = combos.suit_ranks(nat)
        for suit in range(4):
            held = suit_ranks[suit]
            if not held or held.bit_count() + nj < need:
                continue
            for lo, sid in sequence_shapes(held, nj, twos, length):
                if los >> lo & 1:
                    out.append(tabs.sequence(suit, sid))

    def _generate_steps(self, seat: int, hand: int) -> list[Action]:
        """The ``give``, ``seven_pass`` or ``discard`` choices of the seat to move."""
        if self.phase == EXCHANGE:
            k = self.exchange[0][2]
            return [Action(seat, "give", toks) for toks in _subsets(hand, k, k)]
        kind, k = self.pending[0]
        size = hand.bit_count()
        lo = min(k, size) if kind == "seven_pass" else 0
        return [Action(seat, kind, toks) for toks in _subsets(hand, lo, min(k, size))]

    def _single_extras(self, t: Meld, rev: bool, allowed: int, check: bool) -> tuple[int, bool]:
        """Add the ranks that may follow the single ``t`` by the ♠3 or down-number rules.

        They are only possible (the ♠3, a card of the same suit), so every play is then
        checked by :meth:`_fits`.
        """
        if self.spade_three and t.jokers == 1:
            allowed |= 1 << THREE
            check = True
        if self.down_number and t.jokers == 0:
            lower = t.rank + 1 if rev else t.rank - 1
            if 0 <= lower <= TWO:
                allowed |= 1 << lower
                check = True
        return allowed, check

    # ---------------------------------------------------------------- applying

    def _do_give(self, seat: int, cards: int) -> None:
        rich, poor, _ = self.exchange.pop(0)
        self.hands[rich] &= ~cards
        self.hands[poor] |= cards
        self.hidden.append((len(self.actions) - 1, rich, poor, cards))
        if self.exchange:
            self.turn = self.exchange[0][0]
        else:
            self.phase = PLAY
            every = self.rules.values["first_lead"] == "diamond_three_every"
            self.turn = diamond_three_holder(self.hands) if every else self.first

    def _do_pass(self, seat: int) -> None:
        self.passed_since |= 1 << seat
        self.passed_trick |= 1 << seat
        self._advance(seat)

    def _causes_revolution(self, m: Meld) -> bool:
        if m.kind == GROUP:
            if m.size == 4 and m.rank != JOKER_RANK:
                return self.rev_mode == "four" or (
                    self.rev_mode == "four_natural" and m.jokers == 0)
            return self.three_rev and m.size == 3 and m.rank == THREE
        if m.kind == SEQUENCE:
            return bool(self.seq_rev) and m.size >= self.seq_rev
        return False

    def _forbidden(self, m: Meld, rev: bool, spade_return: bool) -> bool:
        kinds = self.forbidden_kinds
        if not kinds:
            return False
        if "joker" in kinds and m.kind == GROUP and m.rank == JOKER_RANK:
            return True
        if "eight" in kinds and m.ranks >> EIGHT & 1:
            return True
        if "spade_three" in kinds and spade_return:
            return True
        if "top" in kinds:
            if m.kind == GROUP and m.rank == (THREE if rev else TWO):
                return True
            if m.kind == SEQUENCE and (m.rank == 0 if rev else m.high == self.seq_top):
                return True
        return False

    def _do_play(self, seat: int, m: Meld) -> None:
        if self._plain:
            # no house rule acts on a play: only cards, the trick, revolutions, turn
            hand = self.hands[seat]
            removed = m.naturals | (_joker_bits(hand, m.jokers) if m.jokers else 0)
            hand &= ~removed
            self.hands[seat] = hand
            self.played |= removed
            t = self.table
            if t is None or t.kind != m.kind or t.size != m.size:
                self.trick = [m]
            else:
                self.trick.append(m)
            self.table = m
            self.table_seat = seat
            self.passed_since = 0
            if self._rev_any and self._causes_revolution(m):
                if self.rev_now:
                    self.revolution = not self.revolution
                else:
                    self.pending_rev = not self.pending_rev
            if hand:
                self._advance(seat)
            else:
                self._went_out(seat, False)
                self._after_play(seat, False, 0)
            return
        rev_before = self.revolution ^ self.jack
        t = self.table
        spade_return = (t is not None and t.size == 1 and t.jokers == 1 and m.size == 1
                        and m.naturals == 1 << SPADE_THREE)
        removed = m.naturals | _joker_bits(self.hands[seat], m.jokers)
        self.hands[seat] &= ~removed
        self.played |= removed
        following = t is not None and t.kind == m.kind and t.size == m.size
        if not following:
            self.trick = []
        self.trick.append(m)
        self.table = m
        self.table_seat = seat
        self.passed_since = 0
        self.cut_pending = False
        if self._causes_revolution(m):
            if self.rev_now:
                self.revolution = not self.revolution
            else:
                self.pending_rev = not self.pending_rev
        if self.jack_back and m.ranks >> JACK & 1:
            self.jack = not self.jack
        if self.nine_reverse and m.ranks >> NINE & 1:
            self.direction = -self.direction
        if self.shibari != "off" and following:
            self._update_lock()
        cut = self.eight_cut and bool(m.ranks >> EIGHT & 1)
        clears = (
            (self.sandstorm and m.kind == GROUP and m.rank == THREE and m.size == 3)
            or m.kind == combos.EMPEROR
            or (self.ambulance and m.kind == GROUP and m.rank == NINE and m.size == 2)
        )
        if cut and not clears:
            if self.four_stop and m.kind == GROUP:
                self.cut_pending = True
            else:
                clears = True
        elif cut:
            clears = True
        skips = m.count(FIVE) if self.five_skip else 0
        if not self.hands[seat]:
            self._went_out(seat, self._forbidden(m, rev_before, spade_return))
            self._after_play(seat, clears, skips)
            return
        pending = []
        if self.seven_pass and m.count(SEVEN):
            pending.append(("seven_pass", m.count(SEVEN)))
        if self.ten_discard and m.count(TEN):
            pending.append(("discard", m.count(TEN)))
        if pending:
            self.pending = pending
            self.after = (clears, skips)
            self.phase = FOLLOW
            self.turn = seat
            return
        self._after_play(seat, clears, skips)

    def _update_lock(self) -> None:
        k = self.shibari_after
        if len(self.trick) < k:
            return
        last = self.trick[-k:]
        if self.shibari == "full" or last[-1].kind == SEQUENCE or last[-1].size == 1:
            s = last[0].suits
            if not s or any(p.suits != s for p in last):
                return
            if last[-1].kind == GROUP and any(p.jokers for p in last):
                return
            self.lock |= s
        else:
            common = 0xF
            for p in last:
                common &= p.suits
            self.lock |= common

    def _do_follow(self, seat: int, kind: str, cards: int) -> None:
        self.pending.pop(0)
        self.hands[seat] &= ~cards
        index = len(self.actions) - 1
        if kind == "seven_pass":
            receiver = self._next_active(seat)
            if receiver is not None and cards:
                self.hands[receiver] |= cards
                self.hidden.append((index, seat, receiver, cards))
        else:
            self.discards |= cards
            if cards:
                self.hidden.append((index, seat, DISCARD_PILE, cards))
        if not self.hands[seat]:
            self.pending = []
            self._went_out(seat, False)
        if self.pending:
            return
        self.phase = PLAY if self.phase != OVER else OVER
        clears, skips = self.after
        self._after_play(seat, clears, skips)

    def _went_out(self, seat: int, forbidden: bool) -> None:
        (self.forbidden if forbidden else self.finished).append(seat)
        self.active &= ~(1 << seat)
        if not forbidden and len(self.finished) == 1 and self.titles_eff is not None:
            v = self.rules.values
            if v["gekokujo"] and seat == self.prev_last:
                self._end_gekokujo(seat)
                return
            pf = self.prev_first
            if (v["miyako_ochi"] and pf is not None and pf != seat
                    and self.active >> pf & 1):
                self.dropped |= self.hands[pf]
                if self.hands[pf]:
                    self.hidden.append((len(self.actions) - 1, pf, DROPPED_PILE, self.hands[pf]))
                self.hands[pf] = 0
                self.active &= ~(1 << pf)
                self.fallen = pf
        if self.active.bit_count() <= 1:
            rest = [s for s in range(self.n) if self.active >> s & 1]
            self.final = (self.finished + rest + ([self.fallen] if self.fallen is not None
                                                  else []) + self.forbidden[::-1])
            self.phase = OVER

    def _end_gekokujo(self, winner: int) -> None:
        assert self.titles_eff is not None
        titles = self.titles_eff
        order = sorted(
            range(self.n),
            key=lambda s: (-TITLE_RANK[titles[s]], (s - winner) % self.n),
        )
        self.final = order
        self.phase = OVER

    def _after_play(self, seat: int, clears: bool, skips: int) -> None:
        if self.phase == OVER:
            return
        self.phase = PLAY
        if clears:
            self._clear(seat)
            return
        cur = seat
        mask = self._mask()
        for _ in range(skips):
            s = self._next_from(cur, mask)
            if s is None or s == seat:
                break
            self.passed_since |= 1 << s
            mask |= 1 << s
            cur = s
        self._advance(cur)

    def _mask(self) -> int:
        return (self.passed_trick | self.passed_since) if self.npap else self.passed_since

    def _advance(self, cur: int) -> None:
        mask = (self.passed_trick | self.passed_since) if self.npap else self.passed_since
        others = self.active & ~(1 << self.table_seat)
        if not others & ~mask:
            self._clear(self.table_seat)
            return
        nxt = self._next_from(cur, mask)
        if nxt is None or nxt == self.table_seat:
            self._clear(self.table_seat)
            return
        self.turn = nxt

    def _clear(self, leader: int) -> None:
        """Clear the table (004: "sets aside all the played cards"); ``leader`` or the next."""
        if self.pending_rev:
            self.revolution = not self.revolution
            self.pending_rev = False
        self.jack = False
        self.lock = 0
        self.trick = []
        self.table = None
        self.table_seat = -1
        self.cut_pending = False
        self.passed_since = 0
        self.passed_trick = 0
        if not self.active >> leader & 1:
            nxt = self._next_active(leader)
            assert nxt is not None
            leader = nxt
        self.turn = leader

    def _next_from(self, cur: int, mask: int) -> int | None:
        """The next seat after ``cur`` in the direction of play that is active and not in
        ``mask`` (``cur`` itself last), or None."""
        table = _NEXT_SEAT[self.n] if self.direction == 1 else _PREV_SEAT[self.n]
        s = table[(cur << self.n) | (self.active & ~mask)]
        return None if s < 0 else s

    def _next_active(self, cur: int) -> int | None:
        n, d = self.n, self.direction
        for k in range(1, n):
            s = (cur + d * k) % n
            if self.active >> s & 1:
                return s
        return None

    # ---------------------------------------------------------------- public information

    def public(self) -> dict[str, Any]:
        """What every seat sees."""
        out = self.table_now()
        out["actions"] = self.public_actions()
        return out

    def public_actions(self) -> list[dict[str, Any]]:
        """The history as every seat sees it: face-down moves by their number of cards."""
        return [self._public_action(a) for a in self.actions]

    def table_now(self) -> dict[str, Any]:
        """What every seat sees, without the history of actions (cheap, for players)."""
        return {
            "phase": self.phase,
            "to_move": self.to_move(),
            "counts": [h.bit_count() for h in self.hands],
            "table": list(self.table.tokens()) if self.table else None,
            "table_seat": self.table_seat if self.table else None,
            "revolution": self.revolution,
            "revolution_pending": self.pending_rev,
            "jack_back": self.jack,
            "lock": suit_name(self.lock) or None,
            "direction": "clockwise" if self.direction == 1 else "anticlockwise",
            "played": tokens(self.played),
            "discarded_face_down": self.discards.bit_count(),
            "dropped_face_down": self.dropped.bit_count(),
            "finished": list(self.finished),
            "titles_before": self.titles_eff,
        }

    def _public_action(self, a: Action) -> dict[str, Any]:
        if a.do in ("play", "pass"):
            return a.to_json()
        return {"seat": a.seat, "do": a.do, "count": len(a.cards)}
