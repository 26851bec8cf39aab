"""Dai Fugō's hand as the browser table's layouts read it (:class:`paiju.core.page.Board`):
each seat's cards, the place it went out in and the title it carried from the last hand,
the ranking in force and the state of play (a revolution, a Jack back, a suit lock...),
the play to beat and what followed it, and the places at the end (docs/daifugo.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paiju.core.page import Badge, Board, Known, ResultTable, ViewJson, badge, plays, to_beat


def seats(view: ViewJson) -> list[Badge]:
    """Each seat's cards, the place it went out in, and its title of the last hand."""
    counts = view.get("counts") or []
    finished = list(view.get("finished") or [])
    before = view.get("titles_before") or []
    return [badge(cards=n, out=finished.index(s) + 1 if s in finished else None,
                  was=before[s] if s < len(before) and before[s] else None)
            for s, n in enumerate(counts)]


def board(view: ViewJson) -> Board:
    """The layouts' part of a state message, from one receiver's view."""
    from paiju.daifugo.page import page

    history = view.get("actions") or []
    shown, since = to_beat(history, view.get("table") or [], view.get("table_seat"))
    known: list[Known] = [{"seat": k["seat"], "cards": list(k.get("cards") or [])}
                          for k in view.get("known") or []]
    desc = page()
    return {"hand": list(view.get("hand") or []), "history": plays(history),
            "phase": view.get("phase") or "", "over": view.get("phase") == "over",
            "exchange": view.get("phase") == "exchange", "turned": desc.turned(view),
            "flags": desc.said_flags(view), "seats": seats(view),
            "felt": {"plays": shown, "since": since, "head": None}, "card": None,
            "known": known}


def result(report: Mapping[str, Any]) -> ResultTable:
    """The end of the hand: each seat's points and the place it went out in."""
    order = list(report.get("order") or [])
    points = report.get("points")
    n = len(points) if points is not None else len(order)
    return {"scores": points, "places": [order.index(s) + 1 if s in order else None
                                         for s in range(n)]}
