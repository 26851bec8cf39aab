"""Luk Fu's hand as the browser table's layouts read it (:class:`paiju.core.page.Board`):
the four seats' cards, tricks and calls, the dreamer's one card, and the round of three
plays on the felt with the line above it (the roles and rounds: docs/lukfu.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paiju.core.page import Badge, Board, Felt, Head, ResultTable, ViewJson, badge, plays

#: The dreamer's seat, who holds one card (docs/lukfu.md).
DREAMER = 3
#: Plays in a round: one by each of the three seats that hold hands.
ROUND = 3


def seats(view: ViewJson) -> list[Badge]:
    """Each seat's badge: its cards and tricks and its calls; the dreamer's one card,
    unseen until the end shows it."""
    counts = view.get("hand_counts") or []
    tricks = view.get("tricks") or []
    out = []
    for s in range(view.get("players") or len(counts)):
        if s == DREAMER:
            out.append(badge(one_card=not (view.get("phase") == "over" and view.get("dreamer"))))
            continue
        marks = [word for key, word in (("caller", "called"), ("privileged", "privileged"))
                 if view.get(key) == s]
        out.append(badge(cards=counts[s] if s < len(counts) else 0,
                         tricks=tricks[s] if s < len(tricks) else 0, marks=marks))
    return out


def felt(view: ViewJson) -> Felt:
    """The plays of the round in progress (or of the last, once taken) and the line above."""
    moves = [a for a in view.get("actions") or [] if a.get("do") in ("play", "discard")]
    open_ = len(moves) % ROUND
    done = bool(moves) and not open_
    shown = moves[len(moves) - (open_ or ROUND):] if moves else []
    return {"plays": plays(shown), "since": [], "head": head(view, done)}


def head(view: ViewJson, done: bool) -> Head | None:
    """The line above the round: what is to beat, who took the last round, or who leads."""
    phase, r, top = view.get("phase"), view.get("round") or 0, view.get("top")
    leader = view.get("leader")
    if top:
        return {"say": "toBeat", "meld": top["meld"], "seat": top["seat"], "r": r}
    if done and phase == "lead" and leader is not None:
        return {"say": "roundTakenLeads", "seat": leader, "r": r - 1, "next": r}
    if done:
        return {"say": "lastRoundPlays"}
    if phase == "lead":
        return {"say": "newLead", "r": r}
    if phase == "calling":
        return {"say": "calling"}
    return None


def board(view: ViewJson) -> Board:
    """The layouts' part of a state message, from one receiver's view."""
    return {"hand": list(view.get("hand") or []), "history": plays(view.get("actions") or []),
            "phase": view.get("phase") or "", "over": view.get("phase") == "over",
            "exchange": False, "turned": False, "flags": [], "seats": seats(view),
            "felt": felt(view), "card": view.get("dreamer"), "known": []}


def result(report: Mapping[str, Any]) -> ResultTable:
    """The end of the hand: each seat's payment."""
    return {"scores": report.get("payments"), "places": None}
