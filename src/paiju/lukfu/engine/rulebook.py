"""The Luk Fu rulebook: every rule of one option set, asked by the state, views and players.

:func:`rulebook` builds it once per :class:`~paiju.lukfu.rules.Rules`. One check,
:meth:`Rulebook.why_not`, answers whether an action is legal at a position: ``None``, or
the reason a player reads. :meth:`Rulebook.legal_actions` is a faster generator of the
same actions, held to the check by tests (tests/lukfu/test_lukfu_rulebook.py). House rules are
hooks picked once by their option's value:

==================== =========================================================
option               hook
==================== =========================================================
lead_rule            :data:`paiju.lukfu.engine.lead.SINGLE_RULES` (allowed singles, reason)
opening_lead         :meth:`Rulebook.allowed_singles` (``free``: any single)
passed_master_lead   :data:`paiju.lukfu.engine.lead.PASSED_MASTER`
surrender            :data:`SURRENDER` (the discard check and its discards)
privileged           :data:`PRIVILEGED`
master_call          :meth:`Rulebook.why_not_calling`, :meth:`Rulebook.legal_actions`
cards_out            :data:`CARDS_OUT`
declare_counts_aged  :meth:`~paiju.lukfu.inference.aging.Aging.can_declare`,
                     :meth:`Rulebook.why_not_lead`
==================== =========================================================

Scoring options are read by :mod:`paiju.lukfu.engine.scoring`, the aged-card ones by
:mod:`paiju.lukfu.inference.aged`. Sources are in docs/lukfu.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from paiju.core.words import plural
from paiju.lukfu.engine.actions import (
    CALL,
    CALLING,
    CLAIM_TIGERS,
    DECLARE,
    DISCARD_DO,
    DOS,
    DRAW,
    FOLLOWING,
    LEADING,
    OVER,
    PASS,
    PLAY,
    TIGERS,
    WIN,
    WINDOW,
    LegalActions,
    LukFuAction,
    subsets,
    words,
)
from paiju.lukfu.engine.cards import FIVE_TIGERS, mask
from paiju.lukfu.engine.lead import PASSED_MASTER, SINGLE_RULES
from paiju.lukfu.engine.melds import (
    MELDS,
    SINGLE,
    Meld,
    beater_masks,
    beating_melds,
    has_beating,
    meld_of,
    melds_in,
)
from paiju.lukfu.engine.position import Position
from paiju.lukfu.inference.aging import Aging
from paiju.lukfu.inference.knowledge import BREAK, STRICT, held_at_surrender
from paiju.lukfu.rules import DEDUCED, Rules

_FT_MASK: Final = mask(FIVE_TIGERS)
DREAMER: Final = 3


class SurrenderRule:
    """A ``surrender`` rule: why a follower may not discard ``cards``, and every discard.

    A discard is legal when the cards it proves to hold no beating meld
    (:func:`~paiju.lukfu.inference.knowledge.held_at_surrender`) hold none.
    """

    #: whether a follower holding no beating meld may discard any cards: true of both
    #: rules, since then no part of its hand beats (the fast path's shortcut)
    any_discard_unbeaten: bool = True

    def why_not(self, hand: int, cards: int, top: Meld) -> str | None:
        raise NotImplementedError

    def discards(self, hand: int, top: Meld, beats: list[int]) -> list[int]:
        """Every legal discard of a hand holding the beating melds ``beats`` (in order)."""
        raise NotImplementedError


class Strict(SurrenderRule):
    """``strict`` (001, 002): a follower who can beat the highest meld must beat it."""

    def why_not(self, hand: int, cards: int, top: Meld) -> str | None:
        if not has_beating(held_at_surrender(STRICT, hand, cards), top):
            return None
        beats = beating_melds(hand, top)
        return (
            f"you must beat the {top.describe()} when you can: you hold "
            f"{beats[0].describe()} ({words(beats[0].cards)})"
        )

    def discards(self, hand: int, top: Meld, beats: list[int]) -> list[int]:
        return [] if beats else subsets(hand, top.size)


class Break(SurrenderRule):
    """``break`` (000): a follower may discard when the discard leaves no beating meld."""

    def why_not(self, hand: int, cards: int, top: Meld) -> str | None:
        if not has_beating(held_at_surrender(BREAK, hand, cards), top):
            return None
        left = beating_melds(hand & ~cards, top)
        return (
            f"after discarding {words(cards)} you would still hold {left[0].describe()} "
            f"({words(left[0].cards)}), which beats the {top.describe()}; beat it, or discard "
            "so as to break every such meld"
        )

    def discards(self, hand: int, top: Meld, beats: list[int]) -> list[int]:
        if not beats:
            return subsets(hand, top.size)
        if top.kind == SINGLE:
            # the discard must take every beating card: only one card can be discarded
            return beats if len(beats) == 1 else []
        # the discard must take a card of every beating meld held
        discards = subsets(hand, top.size)
        for b in beats:
            discards = [d for d in discards if d & b]
        return discards


#: ``surrender``: the rule of each value.
SURRENDER: dict[str, SurrenderRule] = {STRICT: Strict(), BREAK: Break()}

def _players_2_3(seat: int) -> bool:
    """``players_2_3`` (000, 001): seats 1 and 2 who call; the Master never is."""
    return seat != 0


def _caller(seat: int) -> bool:
    """``caller`` (002, 003): whoever says Tsoh, the Master included."""
    return True


#: ``privileged``: whether a seat that calls becomes privileged.
PRIVILEGED: dict[str, Callable[[int], bool]] = {"players_2_3": _players_2_3, "caller": _caller}


def _six_latest(p: Position, last: int) -> int | None:
    """``six`` (000): of the seats with six tricks, the later to reach six; else a draw."""
    sixes = [s for s in range(3) if p.tricks[s] >= 6]
    if not sixes:
        return None
    return max(sixes, key=lambda s: p.six_at[s])


def _last_leader(p: Position, last: int) -> int | None:
    """``leader`` (001): only the winner of the last round may win, with six; else a draw."""
    return last if p.tricks[last] >= 6 else None


#: ``cards_out``: who wins when the last round is over (``None``: drawn).
CARDS_OUT: dict[str, Callable[[Position, int], int | None]] = {
    "six": _six_latest,
    "leader": _last_leader,
}


class Rulebook:
    """The rules of one option set: hooks picked once, and the checks that use them."""

    def __reduce__(self) -> tuple[Callable[[Rules], Rulebook], tuple[Rules]]:
        """Pickled as its rules (a compiled class is not rebuilt field by field)."""
        return rulebook, (self.rules,)

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.deduced = rules.aged_knowledge == DEDUCED
        self.master_leads = rules.master_call == "lead"
        self.free_opening = rules.opening_lead == "free"
        self.single_rule = SINGLE_RULES[rules.lead_rule]
        self.passed_master = PASSED_MASTER[rules.passed_master_lead]
        self.passed_free = rules.passed_master_lead == "free"
        self.surrender = SURRENDER[rules.surrender]
        self.privileged_on_call = PRIVILEGED[rules.privileged]
        self.cards_out = CARDS_OUT[rules.cards_out]
        self.aging = Aging(rules)

    # ------------------------------------------------------------ aged cards and declaring

    def aged(self, p: Position, seat: int) -> int:
        """``seat``'s aged cards now (:mod:`paiju.lukfu.inference.aging`)."""
        return self.aging.aged(p, seat)

    def aged_in_suit(self, p: Position, seat: int, suit: int) -> int:
        """``seat``'s aged cards of ``suit`` now, apart from the nines and 1 Sip, 1 Chen."""
        return self.aging.aged_in_suit(p, seat, suit)

    def can_declare(self, p: Position, seat: int) -> bool:
        """Whether ``seat``, as leader, has six: tricks (plus aged cards in hand)."""
        return self.aging.can_declare(p, seat)

    # ------------------------------------------------------------ leading

    def is_privileged(self, p: Position, seat: int) -> bool:
        """Whether ``seat`` leads as the privileged seat (may lead aged cards early)."""
        if p.phase == CALLING:  # the Master leading at once under master_call=lead
            return self.privileged_on_call(seat)
        return seat == p.privileged

    def allowed_singles(self, p: Position, seat: int, hand: int) -> int:
        """The bitset of the cards ``seat`` may lead as a single now."""
        if p.round == 0 and self.free_opening:
            return hand
        return self.single_rule.allowed(self, p, seat, hand, self.is_privileged(p, seat))

    def candidate_leads(self, p: Position, seat: int) -> list[Meld]:
        """The melds of ``seat``'s hand that the single-card rule lets it lead."""
        hand = p.hands[seat]
        singles = self.allowed_singles(p, seat, hand)
        return [m for m in melds_in(hand) if m.kind != SINGLE or m.cards & singles]

    def lead_melds(self, p: Position, seat: int) -> list[Meld]:
        """Every meld ``seat`` may lead now, in the order of :func:`melds_in`."""
        candidates = self.candidate_leads(p, seat)
        if seat == 0 and p.master_passed and not self.passed_free:
            hand, hook = p.hands[0], self.passed_master
            return [m for m in candidates if hook(p, hand, m, lambda: candidates) is None]
        return candidates

    def why_not_lead(self, p: Position, a: LukFuAction) -> str | None:
        """Why the leader may not ``a`` (play, declare or discard), or ``None``."""
        seat, do, cards = a
        if do == DISCARD_DO:
            return "the leader plays a meld; only a follower may discard"
        if do == DECLARE:
            if not cards and self.can_declare(p, seat):
                return None
            count = p.tricks[seat]
            held = self.aged(p, seat) if self.rules.declare_counts_aged else 0
            aged_words = f" and {plural(held.bit_count(), 'aged card')} in hand" if held else ""
            if held:
                aged_words += f" ({words(held)})"
            return (
                f"you have {plural(count, 'trick')}{aged_words}: {count + held.bit_count()}, "
                "short of the six needed to declare"
            )
        if not cards:
            return "a lead needs cards"
        hand = p.hands[seat]
        missing = cards & ~hand
        if missing:
            return f"you do not hold {words(missing)}"
        meld = meld_of(cards)
        if meld is None:
            return (
                f"{words(cards)} is not a meld: lead a single card, a Gok (three or four of "
                "a number) or a run (three or more in a row in one suit); Li Chen joins no meld"
            )
        if meld.kind == SINGLE and not cards & self.allowed_singles(p, seat, hand):
            privileged = self.is_privileged(p, seat)
            return self.single_rule.why_not(self, p, seat, cards.bit_length() - 1, privileged)
        if seat == 0 and p.master_passed:
            return self.passed_master(p, hand, meld, lambda: self.candidate_leads(p, 0))
        return None

    # ------------------------------------------------------------ the one check

    def why_not(self, p: Position, a: LukFuAction) -> str | None:
        """Why action ``a`` is illegal at position ``p`` in a player's words, or ``None``."""
        seat, do, cards = a
        if do not in DOS:
            return f"{do!r} is not a Luk Fu action; actions are {', '.join(DOS)}"
        phase = p.phase
        if phase == OVER:
            return f"the hand is over ({outcome_words(p)}); no more actions"
        if seat == DREAMER and p.players == 4:
            return "the dreamer (seat 3) holds one card and never acts"
        if seat not in (0, 1, 2):
            return f"there is no seat {seat} in a {p.players}-player hand"
        turn = p.turn
        assert turn is not None
        if do == CLAIM_TIGERS and phase != WINDOW:
            if p.hands[seat] & _FT_MASK != _FT_MASK:
                return "you do not hold the Five Tigers (1 Sip, 1 Gon, 1 Sok, 1 Chen, Li Chen)"
            return "the Five Tigers may be claimed only straight after the deal"
        if seat != turn:
            return f"it is seat {turn}'s turn to {self.what(p, turn)}, not seat {seat}'s"
        if phase == WINDOW:
            if do in (CLAIM_TIGERS, PASS) and not cards:
                return None
            return (
                f"seat {seat} holds the Five Tigers and first claims them (five_tigers) or "
                "declines (pass)"
            )
        if phase == CALLING:
            return self.why_not_calling(p, a)
        if do in (CALL, PASS):
            return "the calling is over: you must " + self.what(p, seat)
        if phase == LEADING:
            return self.why_not_lead(p, a)
        return self.why_not_follow(p, a)

    def why_not_calling(self, p: Position, a: LukFuAction) -> str | None:
        seat, do, cards = a
        if seat == 0 and self.master_leads:
            if do == PASS and not cards:
                return None
            if do == CALL:
                return (
                    "under these rules the Master does not say Play: he makes his first lead "
                    "(or passes)"
                )
            if do in (PLAY, DECLARE):
                return self.why_not_lead(p, a)
        elif do in (CALL, PASS) and not cards:
            return None
        if do == DECLARE:
            return "only the leader may declare, at the start of a round; first call or pass"
        return f"nobody has led yet: seat {seat} must {self.what(p, seat)}"

    def why_not_follow(self, p: Position, a: LukFuAction) -> str | None:
        seat, do, cards = a
        top = p.top
        assert top is not None
        if do == DECLARE:
            return "only the leader may declare, at the start of a round"
        if cards.bit_count() != top.size:
            return (
                f"the round is a {top.describe()}: you must play or discard {top.size} "
                f"card{'s' if top.size > 1 else ''}, not {cards.bit_count()}"
            )
        hand = p.hands[seat]
        missing = cards & ~hand
        if missing:
            return f"you do not hold {words(missing)}"
        if do == PLAY:
            meld = MELDS.get(cards)
            if meld is None:
                return f"{words(cards)} is not a meld, so it cannot beat the {top.describe()}"
            if meld.beats(top):
                return None
            return (
                f"the {meld.describe()} does not beat the {top.describe()}: only a higher meld "
                "of the same type and size does"
            )
        return self.surrender.why_not(hand, cards, top)

    def what(self, p: Position, seat: int) -> str:
        """What ``seat``, whose turn it is, has to do, in words."""
        if p.phase == WINDOW:
            return "claim or decline the Five Tigers"
        if p.phase == CALLING:
            if seat == 0 and self.master_leads:
                return "lead or pass"
            return "call or pass"
        if p.phase == LEADING:
            return "lead"
        assert p.top is not None
        return f"beat the {p.top.describe()} or discard {p.top.size}"

    # ------------------------------------------------------------ the fast generator

    def legal_actions(self, p: Position) -> LegalActions:
        """Every legal action at ``p``, in a fixed order: exactly those :meth:`why_not` passes."""
        seat = p.turn
        if seat is None:
            return LegalActions(0, ())
        phase = p.phase
        if phase == FOLLOWING:
            top = p.top
            assert top is not None
            hand = p.hands[seat]
            beats = [m for m in beater_masks(top) if m & hand == m]
            discards = self.surrender.discards(hand, top, beats)
            return LegalActions(seat, ((PLAY, beats), (DISCARD_DO, discards)))
        if phase == LEADING:
            return LegalActions(seat, self._lead_groups(p, seat))
        if phase == WINDOW:
            return LegalActions(seat, ((CLAIM_TIGERS, [0]), (PASS, [0])))
        if seat == 0 and self.master_leads:
            return LegalActions(0, ((PASS, [0]), *self._lead_groups(p, 0)))
        return LegalActions(seat, ((CALL, [0]), (PASS, [0])))

    def _lead_groups(self, p: Position, seat: int) -> tuple[tuple[str, list[int]], ...]:
        plays = (PLAY, [m.cards for m in self.lead_melds(p, seat)])
        if self.can_declare(p, seat):
            return ((DECLARE, [0]), plays)
        return (plays,)


def outcome_words(p: Position) -> str:
    """How the hand ended, in words."""
    if p.outcome == WIN:
        return f"seat {p.winner} won with {p.count}"
    if p.outcome == TIGERS:
        return f"seat {p.winner} won with the Five Tigers"
    return "drawn" if p.outcome == DRAW else "nobody called"


@lru_cache(maxsize=64)
def rulebook(rules: Rules) -> Rulebook:
    """The rulebook of ``rules``, built once."""
    return Rulebook(rules)
