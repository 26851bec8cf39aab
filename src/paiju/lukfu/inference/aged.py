"""Aged cards (Lau Sui Pai 老歲牌, Old Cards), exactly, and sampling the hidden cards.

A card is aged for the seat that holds it when no opponent can hold a card that beats
it as a single card (000 "Aged cards"; 001 "Old Cards"; 002 "Lao Sui Pai"). The nines,
1 Sip, 1 Chen and Li Chen are aged from the start (000). Two modes (option
``aged_knowledge``), documented with their sources in docs/lukfu-aged.md:

- ``face_up``: a higher card of the suit counts as gone only when it was seen face up
  or is in the seat's own hand (002: "become lao sui only when cards of the same suit
  that are numerically higher have been revealed during play").
- ``deduced``: aged when no deal consistent with everything the seat has seen puts a
  beating card in an active opponent's hand (000: "whenever one can assert through a
  logical argument that a certain single card is unbeatable, the card should be
  regarded as aged"). The reasoning is in :mod:`paiju.lukfu.inference.inference`.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from paiju.lukfu.engine.cards import (
    INITIALLY_AGED,
    IRON_SINGLES,
    SUIT_MASK,
    Card,
    above_in_suit,
    cards_of,
    mask,
    number_of,
    spoken,
)
from paiju.lukfu.engine.melds import SINGLE
from paiju.lukfu.inference.inference import (
    Exclusion,
    InconsistentKnowledge,
    can_hold,
    possible_holders,
    problem,
    sample_world,
    validate,
)
from paiju.lukfu.inference.knowledge import DISCARD, Event, Hidden, Knowledge, proven_from

FACE_UP: Final = "face_up"
DEDUCED: Final = "deduced"
MODES = (FACE_UP, DEDUCED)
_ALWAYS = mask(INITIALLY_AGED)

__all__ = [
    "DEDUCED",
    "FACE_UP",
    "MODES",
    "InconsistentKnowledge",
    "aged_cards",
    "explain_aged",
    "sample_hidden",
]


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown aged_knowledge mode {mode!r}; it is 'face_up' or 'deduced'")


def face_up_cards(k: Knowledge) -> int:
    """Every card seen face up: led or played to beat, by any seat."""
    seen = 0
    for e in k.events:
        if e.kind != DISCARD:
            seen |= e.cards
    return seen


def _higher_unseen(k: Knowledge, mode: str) -> int:
    """The higher cards, over the observer's non-aged-by-rule cards, not known gone."""
    gone = k.hand | face_up_cards(k) if mode == FACE_UP else ~problem(k).unknown
    out = 0
    for c in cards_of(k.hand & ~_ALWAYS):
        out |= above_in_suit(c) & ~gone
    return out


def _maybe_held(k: Knowledge, mode: str) -> int:
    """Cards above the observer's cards that an opponent may hold now, in ``mode``.

    In ``deduced`` mode only the highest such card of each suit is found (it decides
    which of the observer's cards of that suit are aged), searching from the top down.
    """
    unseen = _higher_unseen(k, mode)
    if mode == FACE_UP or not unseen:
        return unseen
    p = problem(k)
    out = 0
    for suit_cards in SUIT_MASK:
        for h in sorted(cards_of(unseen & suit_cards), reverse=True):
            if can_hold(p, h, 0) or can_hold(p, h, 1):
                out |= 1 << h
                break
    return out


@lru_cache(maxsize=256)
def aged_cards(k: Knowledge, mode: str) -> int:
    """Bitset of the observer's cards that are aged now, the initially aged ones included."""
    _check_mode(mode)
    validate(k)
    threat = _maybe_held(k, mode)
    out = k.hand & _ALWAYS
    for c in cards_of(k.hand & ~_ALWAYS):
        if not above_in_suit(c) & threat:
            out |= 1 << c
    return out


def sample_hidden(
    k: Knowledge, rng: random.Random, held: dict[int, int] | None = None,
    dreamer: Card | None = None,
) -> Hidden:
    """One assignment of every card the observer cannot see, consistent with all it saw.

    Uniform over the consistent deals when one of a few random deals passes the
    constraints; otherwise a random backtracking search followed by random swaps,
    close to uniform (docs/lukfu-aged.md, "Sampling"). ``held`` gives cards known to be
    in a seat's hand and ``dreamer`` the dreamer's card, when shown at the end of the hand.
    """
    return sample_world(k, rng, held=held, dreamer=dreamer)


# ---------------------------------------------------------------- explanations


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _or(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _names(cards: list[Card]) -> str:
    return _and([spoken(c) for c in cards])


def _face_up_round(k: Knowledge, c: Card) -> Event:
    return next(e for e in k.events if e.kind != DISCARD and e.cards >> c & 1)


def _own_discard(k: Knowledge, c: Card) -> Event | None:
    for e in k.events:
        if e.kind == DISCARD and e.seat == k.observer and e.cards >> c & 1:
            return e
    return None


def _exclusion_words(k: Knowledge, c: Card, why: Exclusion) -> str:
    e = why.event
    assert e.top is not None
    top = e.top.describe()
    at = k.events.index(e)
    if proven_from(k.surrender, at) == at:  # it held no beating meld even before discarding
        text = f"seat {why.seat} could not beat the {top} in round {e.round}"
    else:
        text = (
            f"seat {why.seat} kept nothing to beat the {top} when it discarded "
            f"in round {e.round}"
        )
    if e.top.kind != SINGLE:
        text += f", which it could have with {spoken(c)} and the cards it played later"
    return text


def _deduced_reasons(k: Knowledge, c: Card) -> str:
    """Why unknown card ``c`` cannot be in an opponent's hand now (it is known not to be)."""
    p = problem(k)
    parts: list[str] = []
    counted: list[str] = []
    for o, seat in enumerate(p.opponents):
        if k.hand_counts[seat] == 0:
            parts.append(f"seat {seat} has no cards left")
        elif (c, o) in p.exclusions:
            parts.append(_exclusion_words(k, c, p.exclusions[(c, o)]))
        else:
            counted.append(f"seat {seat}")
    if counted:
        places = "the face-down discards" + (" and the dreamer's card" if k.players == 4 else "")
        parts.append(
            f"counting the unseen cards against {places}, no deal consistent with the play "
            f"puts it in {_or(counted)}'s hand"
        )
    return "; ".join(parts)


def _deduced_words(k: Knowledge, unseen: list[Card]) -> list[str]:
    """The reasons for each unseen higher card, cards with the same reasons together."""
    groups: dict[str, list[Card]] = {}
    for c in unseen:
        groups.setdefault(_deduced_reasons(k, c), []).append(c)
    return [
        f"{_names(group)} cannot be in an opponent's hand: {reasons}"
        for reasons, group in groups.items()
    ]


def _rounds(events: list[Event]) -> str:
    rounds = sorted({e.round for e in events})
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return "rounds " + _and([str(r) for r in rounds])


def explain_aged(k: Knowledge, mode: str, card: Card) -> str:
    """Why ``card`` (in the observer's hand) is or is not aged, in a player's words."""
    _check_mode(mode)
    validate(k)
    if not k.hand >> card & 1:
        raise ValueError(f"{spoken(card)} is not in seat {k.observer}'s hand")
    name = spoken(card)
    if card in IRON_SINGLES:
        return f"{name} is aged: as a single card it can never be beaten"
    if number_of(card) == 9:
        return f"{name} is aged: no card of its suit beats a 9"
    higher = sorted(cards_of(above_in_suit(card)), reverse=True)
    if _maybe_held(k, mode) & above_in_suit(card):
        unseen = _higher_unseen(k, mode) & above_in_suit(card)
        if mode == DEDUCED:
            holders = possible_holders(k, unseen)
            unseen = mask(h for h, seats in holders.items() if seats)
        words = [_threat_words(k, mode, h) for h in higher if unseen >> h & 1]
        return f"{name} is not aged: " + "; ".join(words)
    face_up = face_up_cards(k)
    held = [h for h in higher if k.hand >> h & 1]
    shown = [h for h in higher if face_up >> h & 1]
    rest = [h for h in higher if not (k.hand | face_up) >> h & 1]
    parts = []
    if shown:
        verb = "was" if len(shown) == 1 else "were"
        events = [_face_up_round(k, h) for h in shown]
        parts.append(f"{_names(shown)} {verb} played face up in {_rounds(events)}")
    if held:
        parts.append(f"you hold {_names(held)}")
    discarded = [h for h in rest if _own_discard(k, h) is not None]
    if discarded:
        events = [e for h in discarded if (e := _own_discard(k, h)) is not None]
        parts.append(f"you discarded {_names(discarded)} face down in {_rounds(events)}")
    parts += _deduced_words(k, [h for h in rest if h not in discarded])
    return f"{name} is aged: " + "; ".join(parts)


def _threat_words(k: Knowledge, mode: str, h: Card) -> str:
    if mode == FACE_UP:
        if _own_discard(k, h) is not None:
            return (
                f"{spoken(h)} has not been seen face up (in this mode your own face-down "
                "discard of it does not count)"
            )
        return f"{spoken(h)} has not been seen face up, so an opponent may hold it"
    seats = possible_holders(k, 1 << h)[h]
    return f"{spoken(h)} may still be held by " + _or([f"seat {s}" for s in seats])
