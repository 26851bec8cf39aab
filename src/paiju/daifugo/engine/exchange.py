"""The exchange before play (004 "Exchange of cards"): the pairs of rich and poor seats
from the last hand's titles, the rich's asks under ``card_request``, the poor's gifts
made by the rule, and each give read and applied. :class:`DaifugoState` calls these for
its ``EXCHANGE`` phase; the rules of what is given are the rulebook's."""

from __future__ import annotations

from collections.abc import Sequence

from paiju.core.errors import IllegalAction
from paiju.core.words import plural
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import COPY, identity, is_joker, parse_play_token, put, take
from paiju.daifugo.engine.position import EXCHANGE, PLAY, Position
from paiju.daifugo.engine.rulebook import Rulebook, joker_bits, lowest_jokers


def card_list(toks: Sequence[str], decks: int = 1) -> tuple[int, int]:
    """``(naturals, jokers)`` of a give/pass/discard/ask, the naturals of two packs
    (``decks=2``) in canon form; UnknownCard if a token is bad."""
    nat = 0
    jokers = 0
    for t in toks:
        c, _ = parse_play_token(t)
        if is_joker(c):
            jokers += 1
            continue
        if decks == 1 and c >= COPY:
            raise IllegalAction(f"{t} is a second pack's card, but these rules play one "
                                "pack (decks=1)")
        one = identity(c)
        if nat >> one & 1 and (decks == 1 or nat >> (one + COPY) & 1):
            raise IllegalAction(f"{t} is named twice" if decks == 1
                                else f"{t} is named three times; two packs hold two")
        nat = put(nat, 1 << one)
    return nat, jokers


def set_up(book: Rulebook, p: Position, titles: list[str], n: int) -> None:
    """The exchange of a hand dealt after one whose ``titles`` (as in force) are known:
    the poor give at once by the rule, or under ``card_request`` the rich ask first."""
    for rich_t, poor_t, k in book.exchange_pairs(n):
        if rich_t not in titles or poor_t not in titles:
            continue
        rich, poor = titles.index(rich_t), titles.index(poor_t)
        if book.card_request:  # the rich name cards first; the poor give on each ask
            p.asks.append((rich, poor, k))
        else:
            poor_gives(p, poor, rich, book.poor_gift(p.hands[poor], k))
        p.exchange.append((rich, poor, k))
    if p.exchange:
        p.phase = EXCHANGE
        p.turn = p.asks[0][0] if p.asks else p.exchange[0][0]


def poor_gives(p: Position, poor: int, rich: int, cards: int) -> None:
    """A poor seat's gift in the exchange, face down (index -1: made by the rule)."""
    p.hands[poor] = take(p.hands[poor], cards)
    p.hands[rich] = put(p.hands[rich], cards)
    p.hidden.append((-1, poor, rich, cards))


def read_give(book: Rulebook, p: Position, action: Action) -> int:
    """The cards a rich seat gives back, jokers as the lowest joker bits it holds."""
    rich, poor, k = p.exchange[0]
    if action.do != "give":
        raise IllegalAction(
            f"the exchange comes first: seat {rich} gives {plural(k, 'card')} to seat {poor}")
    nat, jk = card_list(action.cards, book.decks)
    if nat.bit_count() + jk != k:
        raise IllegalAction(f"you give exactly {plural(k, 'card')} to seat {poor}, "
                            f"not {nat.bit_count() + jk}")
    why = book.held(p, rich, nat, jk)
    if why:
        raise IllegalAction(why)
    return nat | lowest_jokers(p.hands[rich], jk)


def read_ask(book: Rulebook, p: Position, action: Action) -> int:
    """The cards a rich seat names (card_request), jokers as the lowest joker bits."""
    rich, poor, k = p.asks[0]
    if action.do != "ask":
        raise IllegalAction(
            f"the exchange starts with a request: seat {rich} asks seat {poor} for up to "
            f"{plural(k, 'card')} (card_request)")
    nat, jk = card_list(action.cards, book.decks)
    why = book.why_not_ask(p.hands[rich], nat, jk, k)
    if why:
        raise IllegalAction(why)
    return nat | joker_bits(jk)


def do_give(book: Rulebook, p: Position, cards: int, index: int, first: int) -> None:
    """A rich seat's give (action number ``index``); after the last, play begins."""
    rich, poor, _ = p.exchange.pop(0)
    p.hands[rich] = take(p.hands[rich], cards)
    p.hands[poor] = put(p.hands[poor], cards)
    p.hidden.append((index, rich, poor, cards))
    if p.exchange:
        p.turn = p.exchange[0][0]
    else:
        p.phase = PLAY
        p.turn = p.lead_seat = book.lead_after_exchange(p.hands, first)


def do_ask(book: Rulebook, p: Position, named: int) -> None:
    """A rich seat's ask (card_request): its poor gives at once, the named cards held
    first; after the last ask the rich give back."""
    rich, poor, k = p.asks.pop(0)
    poor_gives(p, poor, rich, book.request_gift(p.hands[poor], named, k))
    p.turn = p.asks[0][0] if p.asks else p.exchange[0][0]
