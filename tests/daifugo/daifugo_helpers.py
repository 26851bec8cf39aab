"""Shared helpers of the Dai Fugō tests: records, random option sets, random play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement, product
from typing import Any

from paiju.core.errors import UnknownOption
from paiju.core.referee import referee
from paiju.daifugo.engine.cards import (
    COPY,
    SUITED,
    TOKENS,
    bits,
    identity,
    jokers_in,
    pack,
    stand_token,
    suit_of,
)
from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.engine.state import Action, DaifugoState
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import OPTIONS, Rules


def record(hands: list[str], actions: list[Any], rules: Any = "pagat", first: int = 0,
           **extra: Any) -> dict[str, Any]:
    """A record from hands written as space-separated tokens and actions as tuples."""
    acts = []
    for a in actions:
        if isinstance(a, dict):
            acts.append(a)
            continue
        seat, do, *rest = a
        obj: dict[str, Any] = {"seat": seat, "do": do}
        if rest:
            obj["cards"] = rest[0].split()
        acts.append(obj)
    rec = {"game": "daifugo", "rules": rules, "deal": {"hands": [h.split() for h in hands]},
           "first": first, "actions": acts}
    rec.update(extra)
    return rec


def ruling(rec: dict[str, Any]) -> dict[str, Any]:
    return referee(json.loads(json.dumps(rec))).report


def state_of(rec: dict[str, Any]) -> DaifugoState:
    """The state after the record's actions (all must be legal)."""
    st = GAME.from_record(rec)
    for obj in rec["actions"]:
        st.apply(GAME.action_from_json(obj))
    return st


def random_rules(rng: random.Random) -> Rules:
    """A random option set that the rules accept, with one pack (two packs' random sets:
    tests/daifugo/test_double_deck_play.py)."""
    while True:
        values: dict[str, Any] = {}
        for o in OPTIONS:
            if o.name == "decks":
                continue
            if o.kind == "bool":
                values[o.name] = rng.random() < 0.4
            elif o.kind == "list":
                values[o.name] = [c for c in o.choices if rng.random() < 0.3]
            else:
                values[o.name] = rng.choice([c for c in o.choices
                                             if o.name != "jokers" or c <= 2])
        try:
            return GAME.rules({"preset": "pagat", "options": values})
        except UnknownOption:
            continue


def play_random(state: DaifugoState, rng: random.Random, check: bool = False) -> int:
    """Play uniformly random legal actions to the end; the number of actions."""
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions, "a live hand always has a legal action"
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
        if check:
            check_cards(state)
        assert steps < 3000, "the hand does not end"
    return steps


PACKS = [pack(j) for j in (0, 1, 2)]


def check_cards(st: DaifugoState) -> None:
    """Every card of the pack is in exactly one place."""
    total = st.played
    for p in (*st.hands, st.discards, st.dropped):
        assert total & p == 0, "a card is in two places"
        total |= p
    assert total == PACKS[st.rules.values["jokers"]], "a card went missing"


def act(seat: int, do: str, cards: str = "") -> Action:
    return GAME.action_from_json(
        {"seat": seat, "do": do} | ({"cards": cards.split()} if do != "pass" else {}))


def deal(n: int, fixed: dict[int, str], jokers: int = 1) -> list[str]:
    """Hands for ``n`` seats: the ``fixed`` cards, the rest of the pack dealt round.

    The first ``total % n`` seats hold one card more (004 "as equally as possible").
    """
    from paiju.daifugo.engine.cards import pack, parse_card, tokens

    rest = pack(jokers)
    hands: list[list[str]] = [[] for _ in range(n)]
    for seat, text in fixed.items():
        for tok in text.split():
            c = parse_card(tok)
            if c >= 52:
                c = 52 if rest >> 52 & 1 else 53
            assert rest >> c & 1, f"{tok} given twice"
            rest &= ~(1 << c)
            hands[seat].append(tokens(1 << c)[0])
    total = 52 + jokers
    sizes = [total // n + (1 if s < total % n else 0) for s in range(n)]
    pool = tokens(rest)
    for seat in range(n):
        need = sizes[seat] - len(hands[seat])
        assert need >= 0, f"seat {seat} is given too many cards"
        hands[seat].extend(pool[:need])
        pool = pool[need:]
    return [" ".join(h) for h in hands]


def snapshot(st: DaifugoState) -> dict[str, Any]:
    """Everything about a state that play can change."""
    return {k: v for k, v in vars(st).items() if k != "_tabs"}


def spellings(st: DaifugoState, cards: tuple[int, ...], jokers: int) -> list[tuple[str, ...]]:
    """Every way to write these cards as a play: each joker plain or standing for a card."""
    nat = [TOKENS[c] for c in cards]
    suits = {suit_of(identity(c)) for c in cards}
    names = ["JK"]
    if len(suits) == 1:
        suit = suits.pop()
        names += ["JK=" + stand_token(r * 4 + suit) for r in range(-1, 14)]
    ranks = {identity(c) >> 2 for c in cards}
    if len(ranks) == 1:  # a group: its joker may name any card of the rank
        rank = ranks.pop()
        names += [n for n in ("JK=" + TOKENS[rank * 4 + s] for s in range(4)) if n not in names]
    out = []
    for js in combinations_with_replacement(names, jokers):  # the jokers' order is free
        out.append(tuple(nat) + js)
    return out


def random_states(seed: int, rules_of: Callable[[random.Random], Rules] = random_rules,
                  fewest: int = 3) -> Iterator[tuple[DaifugoState, random.Random]]:
    """Three hands of a random session (rules drawn by ``rules_of``, ``fewest`` to 8
    players), each state before a move, with the session's random draws."""
    rng = random.Random(seed)
    rules = rules_of(rng)
    session = GAME.new_session(rules, rng.randint(fewest, 8), seed)
    for _ in range(3):
        st = session.deal()
        while not st.is_terminal():
            yield st, rng
            acts = st.legal_actions()
            st.apply(acts[rng.randrange(len(acts))])
        session.finish(st)


def parts(hand: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of the suited cards of a hand (of two packs in canon form), as card
    numbers (a card taken once is its first copy)."""
    once = list(bits(hand & SUITED & ~(hand >> COPY)))
    twice = list(bits(hand & SUITED & hand >> COPY))
    for a in product((0, 1), repeat=len(once)):
        for b in product((0, 1, 2), repeat=len(twice)):
            yield (*(c for c, k in zip(once, a, strict=True) if k),
                   *(c for c, k in zip(twice, b, strict=True) if k),
                   *(c + COPY for c, k in zip(twice, b, strict=True) if k == 2))


def brute_force(st: DaifugoState) -> tuple[set[Meld], list[tuple[tuple[str, ...], Meld]]]:
    """Every legal spelling of a play of the mover: the plays, and (spelling, play)."""
    seat = st.turn
    hand = st.hands[seat]
    legal: set[Meld] = set()
    spelled = []
    for cards in parts(hand):
        for j in range(jokers_in(hand) + 1):
            if not cards and not j:
                continue
            for toks in spellings(st, cards, j):
                action = Action(seat, "play", toks)
                if st.why_illegal(action) is None:
                    meld = st.meld_of(action)
                    legal.add(meld)
                    spelled.append((toks, meld))
    return legal, spelled
