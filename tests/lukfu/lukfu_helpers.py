"""Building Luk Fu deals and playing scripted hands in tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from paiju.lukfu.engine.cards import cards_of, mask, name, pack, parse_card
from paiju.lukfu.engine.state import LukFuAction, LukFuState
from paiju.lukfu.game import GAME


def cs(text: str) -> int:
    """A bitset from tokens separated by spaces: ``cs("9Sip 8Sip")``."""
    return mask(parse_card(t) for t in text.split())


def deal(
    hands: Sequence[str], dreamer: str | None = None, players: int | None = None,
    avoid: Sequence[str] = ("", "", ""),
) -> tuple[list[int], int | None]:
    """Three hands from partial holdings, filled to twelve with the remaining cards.

    ``avoid[s]`` lists cards seat ``s`` must not be given when filling. Filling goes
    through the unused cards in pack order, so a test can predict it.
    """
    n = players or (4 if dreamer else 3)
    given = [cs(h) if h else 0 for h in [*hands, "", "", ""][:3]]
    d = parse_card(dreamer) if dreamer else None
    used = given[0] | given[1] | given[2] | (1 << d if d is not None else 0)
    free = [c for c in pack(n) if not used >> c & 1]
    if n == 4 and d is None:
        d = free.pop()
    out = list(given)
    for s in range(3):
        banned = cs(avoid[s]) if avoid[s] else 0
        while out[s].bit_count() < 12:
            c = next(c for c in free if not banned >> c & 1)
            free.remove(c)
            out[s] |= 1 << c
    assert not free, [name(c) for c in free]
    return out, d


def state(
    preset: Any, hands: Sequence[str], dreamer: str | None = None, players: int | None = None,
    avoid: Sequence[str] = ("", "", ""),
) -> LukFuState:
    h, d = deal(hands, dreamer, players, avoid)
    return LukFuState(GAME.rules(preset), h, d)


def act(seat: int, do: str, cards: str = "") -> LukFuAction:
    return LukFuAction(seat, do, cs(cards) if cards else 0)


def play(st: LukFuState, actions: Iterable[LukFuAction]) -> LukFuState:
    """Apply ``actions`` in order; fail with the engine's reason if one is illegal."""
    for a in actions:
        reason = st.why_illegal(a)
        assert reason is None, f"{a}: {reason}"
        st.apply(a)
    return st


def surrender(st: LukFuState, keep: str = "") -> LukFuAction:
    """A legal face-down discard for the seat to move, sparing the cards of ``keep``."""
    spare = cs(keep) if keep else 0
    seat = st.to_move()
    options = [a for a in st.legal_actions() if a.do == "discard" and not a.cards & spare]
    assert options, f"seat {seat} has no discard sparing {keep!r}"
    return options[-1]


def hand_of(st: LukFuState, seat: int) -> str:
    return " ".join(name(c) for c in cards_of(st.hands[seat]))


def record(preset: Any, hands: Sequence[str], dreamer: str | None, actions: list[dict[str, Any]],
           avoid: Sequence[str] = ("", "", "")) -> dict[str, Any]:
    """A hand-written record from partial hands (filled as :func:`deal` does)."""
    h, d = deal(hands, dreamer, avoid=avoid)
    rec: dict[str, Any] = {
        "game": "lukfu", "rules": preset,
        "deal": {"hands": [[name(c) for c in cards_of(x)] for x in h]},
        "actions": actions,
    }
    if d is not None:
        rec["deal"]["dreamer"] = name(d)
    return rec
