"""One client's seat at a UECda game, decoded into a paiju Dai Fugō position.

The server shows a client its own hand (with the state of the game in rows 5 and 6: whose
turn, a new trick, revolution, lock, each player's number of cards, titles and seats) and,
after every turn, the field. :class:`SeatDecoder` keeps what those tables say
(:mod:`paiju.uecda.history` reads each turn's play or pass) and on this player's turn makes
a :class:`~paiju.daifugo.engine.state.DaifugoState` under the ``uecda`` rules that holds exactly
that: its own cards, the field, who played it, the plays of this trick, the seats that
passed since, the lock, the revolution, the cards played, who went out, and the cards it
gave in the exchange. The cards it has not seen are dealt to the other seats at random,
as many to each as the server says it holds; the player is handed ``state.view(seat)``,
which keeps only what the seat knows (another seat's cards are never in a view, and a
searching player draws its own deals with ``View.sample``).

The position is rebuilt from the tables at every decision instead of replaying the game
through the engine: the server is the referee, so where its rules and the engine's
differ (docs/uecda.md, "The client"), the view still shows the table as it is. What the
decoder and the server disagree on is counted in :attr:`SeatDecoder.disagreements`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from random import Random

from paiju.daifugo.engine.cards import (
    JOKER1,
    JOKERS,
    NUM_RANKS,
    TOKENS,
    bits,
    pack,
    parse_card,
    rank_of,
)
from paiju.daifugo.engine.combos import BadPlay, Meld
from paiju.daifugo.engine.position import EXCHANGE, PLAY
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.rules import Rules
from paiju.uecda.history import PLAYERS, GameLog, Turn
from paiju.uecda.tables import Status, Table, table_cards

#: The titles of the status row [6][5..9]: 0 Dai Fugō .. 4 Dai Hinmin; a rich title
#: gives to the poor one of the same pair (man/protocol.html 13.2.2, rule.html 4.2.9).
POOR_OF = {0: 4, 1: 3}
RICH_OF = {4: 0, 3: 1}


def card_mask(tokens: list[str] | tuple[str, ...]) -> int:
    """The paiju bitset of card tokens; a joker (``JK`` or ``JK=card``) is card 52."""
    out = 0
    for t in tokens:
        c = JOKER1 if t.upper().startswith("JK") else parse_card(t)
        out |= 1 << c
    return out


def played_mask(play: Table) -> int:
    """The cards of a play table as a bitset: each 1 of rows 0..3 and the joker (a 2)."""
    out = 0
    for r in range(5):
        for c in range(15):
            v = play[r, c]
            if v == 2:
                out |= 1 << JOKER1
            elif v == 1 and r < 4 and 1 <= c <= NUM_RANKS:
                out |= 1 << ((c - 1) * 4 + r)
    return out


@dataclass
class SeatDecoder:
    """One game as the client of player ``me`` sees it (fed the tables in order)."""

    rules: Rules
    me: int
    dealt: Table
    log: GameLog = field(init=False)
    #: the cards played face up so far
    played: int = 0
    #: the plays of the trick on the field, (player, tokens), oldest first
    trick: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    #: the players who passed since the field last changed
    passed: set[int] = field(default_factory=set)
    #: the players who passed since the field was last cleared
    passed_trick: set[int] = field(default_factory=set)
    #: the player who led the game's first trick, once known
    first: int | None = None
    #: the player who had the lead when the field last cleared
    leader: int | None = None
    #: the cards this player gave in the exchange, and the player who got them
    gave: tuple[int, int] | None = None
    field_table: Table = field(default_factory=Table.empty)
    #: the hand table of the turn being played
    last_hand: Table | None = None
    #: what the tables said that the decoder could not square with them, in words
    disagreements: list[str] = field(default_factory=list)
    #: as the rich player: the gifts the poor may have made, and their weights
    _gifts: tuple[list[int], list[int]] | None = None

    def __post_init__(self) -> None:
        self.log = GameLog.dealt(self.dealt)

    # ------------------------------------------------------------ feeding the tables

    def on_gift(self, cards: Table) -> None:
        """This player gave ``cards`` in the exchange (to its poor partner)."""
        status = Status.of(self.dealt)
        poor_title = POOR_OF.get(status.titles[self.me])
        if poor_title is not None and poor_title in status.titles:
            self.gave = (card_mask(table_cards(cards)), status.titles.index(poor_title))

    def on_hand(self, hand: Table) -> None:
        """The hand table of a turn."""
        self.log.on_hand(hand)
        self.last_hand = hand
        if hand[5, 4] == 1:
            if self.leader is None or self.trick:  # the start, or the field has cleared
                self.leader = hand[5, 3]
            self.trick = []
            self.passed = set()
            self.passed_trick = set()
        if self.first is None:
            self.first = hand[5, 3]
        counts = list(hand.row(6)[:PLAYERS])
        if counts != self.log.counts:
            self.disagreements.append(
                f"the counts of cards read from the plays {self.log.counts} are not the "
                f"server's {counts}; the server's are kept")
            self.log.counts = counts

    def on_field(self, table: Table) -> Turn:
        """The field table after a turn: the turn's play or pass."""
        out_before = list(self.log.out)
        turn = self.log.on_field(table)
        if not 0 <= turn.player < PLAYERS:
            self.field_table = table
            return turn
        if turn.passed:
            self.field_table = table
            self.passed.add(turn.player)
            self.passed_trick.add(turn.player)
            return turn
        toks = turn.tokens()
        if toks and self.last_hand is not None and turn.player != self.me:
            out_after, self.log.out = self.log.out, out_before
            self._check(turn.player, toks, played_mask(turn.play))
            self.log.out = out_after
        self.field_table = table
        self.played |= played_mask(turn.play)
        self.trick.append((turn.player, toks))
        self.passed = set()
        return turn

    # ------------------------------------------------------------ the position

    def seats(self, hand: Table) -> list[int]:
        """The player at each seat, in turn order ([6][10..14])."""
        order = list(hand.row(6)[10:15])
        if sorted(order) != list(range(PLAYERS)):
            self.disagreements.append(f"the seats {order} are not the players 0..4")
            order = list(range(PLAYERS))
        return order

    def _check(self, player: int, toks: tuple[str, ...], cards: int) -> None:
        """Note a play the server took that paiju's rules refuse in the same position."""
        state = self.state(self.last_hand or Table.empty(), Random(0), player)
        meld = self._meld(state, toks)
        if meld is None:
            return
        p = state.pos
        p.hands = [h & ~cards for h in p.hands]
        p.hands[p.turn] |= cards
        why = state.book.why_not_play(p, p.turn, meld)
        if why is not None:
            self.disagreements.append(
                f"the server took player {player}'s {' '.join(toks)}, which paiju's rules "
                f"refuse: {why}")

    def state(self, hand: Table, rng: Random, player: int | None = None) -> DaifugoState:
        """The position of this player's turn (``hand`` is the turn's hand table), or
        with ``player`` of that player's turn as this player sees it."""
        seats = self.seats(hand)
        seat_of = {p: s for s, p in enumerate(seats)}
        status = Status.of(hand)
        mine = card_mask(table_cards(hand.cards_part()))
        hands = self._deal(seats, mine, [status.counts[p] for p in seats], rng)
        first = seat_of.get(self.first if self.first is not None else self.me, 0)
        state = DaifugoState(self.rules, hands, first)
        p = state.pos
        p.turn = seat_of[self.me if player is None else player]
        p.phase = PLAY
        p.played = self.played
        p.finished = [seat_of[q] for q in self.log.out]
        p.active = sum(1 << s for s in range(PLAYERS) if hands[s])
        p.revolution = status.revolution
        p.jack_back_now = status.eleven_back
        p.passed_since = sum(1 << seat_of[q] for q in self.passed)
        p.passed_trick = sum(1 << seat_of[q] for q in self.passed_trick)
        p.pass_run = self._pass_run()
        if self.leader is not None:
            p.lead_seat = seat_of[self.leader]
        if not status.field_empty and self.trick:
            melds = [self._meld(state, toks) for _, toks in self.trick]
            table = melds[-1]
            if table is not None:
                p.table = table
                p.table_seat = seat_of[self.trick[-1][0]]
                p.trick = _same_shape_tail(melds)
                if status.locked:
                    p.lock = _field_suits(self.field_table)
        tribute = self._tribute(state, rng)
        if tribute is not None:
            poor, rich, cards = tribute
            p.hidden.append((-1, seat_of[poor], seat_of[rich], cards))
        if self.gave is not None:
            cards, poor = self.gave
            p.hidden.append((-1, seat_of[self.me], seat_of[poor], cards))
        return state

    def _tribute(self, state: DaifugoState, rng: Random) -> tuple[int, int, int] | None:
        """The poor player's gift of its best cards in this game's exchange, as (poor,
        rich, cards), where this player is one of the two; None without an exchange.

        The poor see it: their best cards of the hand dealt to them. The rich are dealt
        their hand with the gift in it and are not told which cards it was, so this draws
        it from what the deal says: any ``k`` cards of the rich's hand may be the poor's
        best, as likely as the deals in which they are (the poor's other cards all worse,
        from the cards the rich does not hold). The view then holds the gift as the
        engine's views do, and its samples keep the better cards from the poor
        (docs/uecda.md, "What the client's view holds of the exchange"). Under
        ``exchange_keep_joker`` the poor keep a joker, so it is never part of the gift.
        """
        status = Status.of(self.dealt)
        k = status.exchange_count
        title = status.titles[self.me]
        book = state.book
        dealt = card_mask(table_cards(self.dealt.cards_part()))
        kept = JOKERS if self.rules.exchange_keep_joker else 0
        if k < 0 and title in RICH_OF and RICH_OF[title] in status.titles:
            can_give = dealt & ~kept
            best = sum(1 << c for c in bits(can_give)
                       if (book.better_gifts(1 << c) & can_give).bit_count() < -k)
            return self.me, status.titles.index(RICH_OF[title]), best
        poor_title = POOR_OF.get(title)
        if k <= 0 or poor_title is None or poor_title not in status.titles:
            return None
        poor = status.titles.index(poor_title)
        if self._gifts is None:
            self._gifts = _gift_weights(book.better_gifts, dealt, pack(self.rules.jokers),
                                        status.counts[poor], k, kept)
        gifts, weights = self._gifts
        if not gifts:
            return None
        return poor, self.me, rng.choices(gifts, weights)[0]

    def exchange_state(self, rng: Random) -> DaifugoState | None:
        """The position of the exchange when this player gives cards ([5][1] of 1..2)."""
        status = Status.of(self.dealt)
        poor_title = POOR_OF.get(status.titles[self.me])
        count = status.exchange_count
        if not 0 < count < 100 or poor_title is None or poor_title not in status.titles:
            return None
        seats = self.seats(self.dealt)
        seat_of = {p: s for s, p in enumerate(seats)}
        mine = card_mask(table_cards(self.dealt.cards_part()))
        poor = status.titles.index(poor_title)
        # the counts of the dealt table are the deal's: the poor has since given its cards
        counts = list(status.counts)
        counts[self.me] = mine.bit_count()
        counts[poor] -= sum(counts) - pack(self.rules.jokers).bit_count()
        hands = self._deal(seats, mine, [counts[p] for p in seats], rng)
        state = DaifugoState(self.rules, hands, seat_of[self.me])
        p = state.pos
        p.phase = EXCHANGE
        p.turn = seat_of[self.me]
        p.exchange = [(seat_of[self.me], seat_of[poor], count)]
        return state

    def _pass_run(self) -> int:
        """The passes in a row since the last play, across clears (man/rule.html 4.5.1)."""
        run = 0
        for turn in reversed(self.log.turns):
            if not turn.passed:
                break
            run += 1
        return run

    def _deal(self, seats: list[int], mine: int, counts: list[int], rng: Random) -> list[int]:
        """Every seat's cards: this player's, and the unseen cards dealt by the counts."""
        unseen = list(bits(pack(self.rules.jokers) & ~mine & ~self.played))
        rng.shuffle(unseen)
        need = sum(n for s, n in enumerate(counts) if seats[s] != self.me)
        if need != len(unseen):
            self.disagreements.append(
                f"{len(unseen)} cards are unseen but the other players hold {need}")
        hands = []
        for s, n in enumerate(counts):
            if seats[s] == self.me:
                hands.append(mine)
                continue
            take, unseen = unseen[:n], unseen[n:]
            hands.append(sum(1 << c for c in take))
        return hands

    def _meld(self, state: DaifugoState, toks: tuple[str, ...]) -> Meld | None:
        if not toks:
            return None
        try:
            return state.book.read(toks)
        except BadPlay as err:
            self.disagreements.append(f"the field {' '.join(toks)} is no paiju play: {err}")
            return None


def _gift_weights(better: Callable[[int], int], rich: int, deck: int, poor_count: int,
                  k: int, kept: int = 0) -> tuple[list[int], list[int]]:
    """The ``k`` cards of ``rich`` (the rich player's hand with the gift in it) that may
    be the poor's best, and how many deals make each one the gift: the poor's other
    ``poor_count - k`` cards are all worse than it (``better`` gives the cards a gift
    shows the poor did not keep) or ``kept`` (cards the poor keep whatever they are),
    from the cards the rich does not hold."""
    gifts: list[int] = []
    weights: list[int] = []
    for cards in combinations(bits(rich & ~kept), k):
        gift = sum(1 << c for c in cards)
        worse = deck & ~rich & (~better(gift) | kept) & ~gift
        ways = comb(worse.bit_count(), poor_count - k) if poor_count >= k else 0
        if ways:
            gifts.append(gift)
            weights.append(ways)
    return gifts, weights


def _field_suits(table: Table) -> int:
    """The suits the field's cards sit in (rows 0..3), as a 4-bit mask: the lock's suits.
    A joker in a group takes the suit of its cell (man/rule.html 4.3.1)."""
    mask = 0
    for r in range(4):
        if any(table[r, c] for c in range(15)):
            mask |= 1 << r
    return mask


def joker_cell_tokens(toks: tuple[str, ...], lock: int) -> tuple[str, ...]:
    """A group's plain ``JK`` written as the card it stands for in a locked suit, so that
    the server reads the joker in that suit (without a lock the tokens are kept)."""
    if not lock or "JK" not in toks or len(toks) < 2:
        return toks
    naturals = [parse_card(t) for t in toks if not t.upper().startswith("JK")]
    if not naturals or len({rank_of(c) for c in naturals}) != 1:
        return toks
    rank = rank_of(naturals[0])
    free = [s for s in range(4) if lock >> s & 1 and rank * 4 + s not in naturals]
    if not free:
        return toks
    return (*tuple(t for t in toks if t != "JK"), "JK=" + TOKENS[rank * 4 + free[0]])


def _same_shape_tail(melds: list[Meld | None]) -> list[Meld]:
    """The last plays of the trick that share the last one's kind and size (the lock
    forms over them, ``shibari_after``)."""
    last = melds[-1]
    assert last is not None
    out: list[Meld] = []
    for m in reversed(melds):
        if m is None or m.kind != last.kind or m.size != last.size:
            break
        out.append(m)
    return out[::-1]
