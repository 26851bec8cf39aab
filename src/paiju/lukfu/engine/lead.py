"""What a leader may lead: the rules ``lead_rule``, ``opening_lead`` and ``passed_master_lead``.

Each option value is one small hook, registered below under its value and picked once
by the rulebook (:mod:`paiju.lukfu.engine.rulebook`):

- a :class:`SingleRule` (``lead_rule``) says which single cards a seat may lead
  (``allowed``) and why another one may not (``why_not``);
- a passed-Master hook (``passed_master_lead``) answers why a Master who passed may not
  lead a meld, or ``None``.

Sources are in docs/lukfu.md (000 'Privileged player and restriction on the lead'; 001
'Leading to a Trick'; 002 'Playing the Game' and 'Card Play by the Dealer').
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from paiju.lukfu.engine.actions import words
from paiju.lukfu.engine.cards import (
    INITIALLY_AGED,
    LI_CHEN,
    SUIT_MASK,
    SUIT_NAMES,
    SUITS,
    Card,
    mask,
    pack,
    spoken,
    suit_of,
)
from paiju.lukfu.engine.melds import Meld, has_beating

if TYPE_CHECKING:
    from paiju.lukfu.engine.position import Position
    from paiju.lukfu.engine.rulebook import Rulebook

_ALWAYS: Final = mask(INITIALLY_AGED)


def lowest(bits: int) -> Card:
    """The lowest card id in ``bits``: the highest-ranking suit's lowest card."""
    return (bits & -bits).bit_length() - 1


def categories(hand: int, aged_cards: int) -> list[int]:
    """000's nine categories of ``hand``, highest first: non-aged Sip, aged Sip, ... Li Chen."""
    cats = []
    for s in SUITS:
        in_suit = hand & SUIT_MASK[s]
        cats.append(in_suit & ~aged_cards)
        cats.append(in_suit & aged_cards)
    cats.append(hand & (1 << LI_CHEN))
    return cats


class SingleRule:
    """A ``lead_rule``: which single cards a seat may lead, and why not another."""

    def allowed(self, book: Rulebook, p: Position, seat: int, hand: int, privileged: bool) -> int:
        """The bitset of the cards ``seat`` may lead alone (not at a free opening)."""
        raise NotImplementedError

    def why_not(self, book: Rulebook, p: Position, seat: int, c: Card, privileged: bool) -> str:
        """Why ``seat`` may not lead ``c`` alone now (``c`` is not allowed)."""
        raise NotImplementedError


class Categories(SingleRule):
    """000: lead from the highest category held; the privileged seat may lead aged cards early."""

    def allowed(self, book: Rulebook, p: Position, seat: int, hand: int, privileged: bool) -> int:
        if not privileged:
            # Only the highest suit held matters: its non-aged cards, else its aged ones.
            for s in SUITS:
                in_suit = hand & SUIT_MASK[s]
                if in_suit:
                    aged_here = (in_suit & _ALWAYS) | book.aged_in_suit(p, seat, s)
                    return in_suit & ~aged_here or in_suit
            return hand
        aged_cards = book.aged(p, seat)
        first = next((c for c in categories(hand, aged_cards) if c), 0)
        return first | aged_cards

    def why_not(self, book: Rulebook, p: Position, seat: int, c: Card, privileged: bool) -> str:
        hand = p.hands[seat]
        aged_cards = book.aged(p, seat)
        is_aged = bool(aged_cards >> c & 1)
        label = ("the aged " if is_aged else "") + spoken(c)
        cats = categories(hand, aged_cards)
        index = next(i for i, cat in enumerate(cats) if cat)
        first = cats[index]
        n = first.bit_count()
        if c == LI_CHEN:
            return f"Li Chen is led last among singles: you still hold {words(first)}"
        if index % 2 == 0:
            kind = f"a non-aged {SUIT_NAMES[index // 2]}" if n == 1 else (
                f"non-aged {SUIT_NAMES[index // 2]} cards")
        else:
            kind = f"an aged {SUIT_NAMES[index // 2]}" if n == 1 else (
                f"aged {SUIT_NAMES[index // 2]} cards")
        text = f"you hold {words(first)}, {kind}, so you may not lead {label} yet"
        if privileged and index % 2 == 1 and not is_aged:
            text += "; your privilege lets you lead aged cards early, not put them off"
        return text


class OldCards(SingleRule):
    """001: an Old card alone only for the Vulnerable seat or a hand of nothing but Old cards;
    otherwise from the highest suit holding a non-Old card."""

    def allowed(self, book: Rulebook, p: Position, seat: int, hand: int, privileged: bool) -> int:
        aged_cards = book.aged(p, seat)
        non_old = hand & ~aged_cards & ~(1 << LI_CHEN)
        if not non_old:
            return hand
        suit = suit_of(lowest(non_old))
        allowed = non_old & SUIT_MASK[suit]
        return allowed | (aged_cards if privileged else 0)

    def why_not(self, book: Rulebook, p: Position, seat: int, c: Card, privileged: bool) -> str:
        hand = p.hands[seat]
        aged_cards = book.aged(p, seat)
        non_old = hand & ~aged_cards & ~(1 << LI_CHEN)
        if aged_cards >> c & 1:
            return (
                f"{spoken(c)} is an Old card, and only the Vulnerable player or one holding "
                f"nothing but Old cards may lead one alone (you hold {words(non_old)}, "
                "not Old); to win with Old cards, declare"
            )
        suit = suit_of(lowest(non_old))
        return (
            f"you hold {words(non_old & SUIT_MASK[suit])}, not Old, in {SUIT_NAMES[suit]}, "
            f"so a single lead must come from {SUIT_NAMES[suit]}, not {spoken(c)}"
        )


#: ``lead_rule``: the single-card rule of each value.
SINGLE_RULES: dict[str, SingleRule] = {"categories": Categories(), "old_cards": OldCards()}

#: A passed-Master hook: why the Master, who passed, may not lead ``meld`` (or ``None``),
#: given his hand and every meld the single rule lets him lead.
PassedMaster = Callable[["Position", int, Meld, Callable[[], list[Meld]]], "str | None"]


def _free(p: Position, hand: int, meld: Meld, leads: Callable[[], list[Meld]]) -> str | None:
    """``free``: no extra limit."""
    return None


def _no_four(p: Position, hand: int, meld: Meld, leads: Callable[[], list[Meld]]) -> str | None:
    """``no_four`` (001): never a set of four or a run of four or more."""
    if meld.size >= 4:
        return (
            "you passed, so as Master you may never lead a set of four or a run of "
            "four or more"
        )
    return None


def _beatable(p: Position, hand: int, meld: Meld, leads: Callable[[], list[Meld]]) -> str | None:
    """``beatable`` (002): the opening lead must be one an opponent could beat (when any is)."""
    if p.round != 0:
        return None
    outside = mask_of_pack(p.players) & ~hand
    if has_beating(outside, meld) or not any(has_beating(outside, m) for m in leads()):
        return None
    return (
        f"another seat said Tsoh, so your opening lead must be one an opponent "
        f"could beat; nobody else can hold a meld that beats the {meld.describe()}"
    )


def mask_of_pack(players: int) -> int:
    """Every card of the pack for ``players`` (Li Chen only with four)."""
    return _FULL[players]


_FULL = {n: mask(pack(n)) for n in (3, 4)}

#: ``passed_master_lead``: the hook of each value.
PASSED_MASTER: dict[str, PassedMaster] = {"free": _free, "no_four": _no_four, "beatable": _beatable}
