"""Watch mode in plain text: computer players fill every seat and the hands are printed.

A watcher sits at no seat, so it sees every hand as dealt and every card played, face-down
discards and hand-overs included (a demonstration, like ``paiju hand``). Each hand's
record is saved as in play. The lines are in English, or with ``--native`` in the game's
own language, as the table would say them.
"""

from __future__ import annotations

from collections.abc import Callable

from paiju.core.jsontypes import json_list, json_object, json_strs
from paiju.table.present import pad
from paiju.table.text import Words, joined
from paiju.ui.match import Match

WORDS = Words("table")

Echo = Callable[[str], None]


def _points(match: Match, points: tuple[float, ...]) -> str:
    """Each player's points: ``P0 +3, P1 -1``."""
    lang = match.lang
    return joined(lang, [WORDS(lang, "{name} {points}", name=match.player_name(p),
                               points=f"{x:+g}") for p, x in enumerate(points)])


def watch_plain(match: Match, echo: Echo) -> None:
    """Play ``match`` (every seat a computer) from its first hand to its last, printing it."""
    if match.human is not None:
        raise ValueError("watch mode has no person at the table")
    if match.hands is None:
        raise ValueError("watch mode needs a number of hands")
    presenter, lang = match.presenter, match.lang
    echo(WORDS(lang, "{game} · rules {rules} · {players} · {hands} · seed {seed}",
               game=presenter.game_title(lang), rules=presenter.rules_line(match.rules),
               players=WORDS.n(lang, "{n:,} player", "{n:,} players", match.players),
               hands=WORDS.n(lang, "{n:,} hand", "{n:,} hands", match.hands), seed=match.seed))
    echo(WORDS(lang, "players: {players}", players=joined(lang, match.player_labels())))
    while not match.session_over():
        state = match.deal()
        names = match.seat_names()
        echo("")
        echo(WORDS(lang, "== hand {n} ==", n=match.hand_number))
        record = state.record()
        deal = json_object(record["deal"])
        for seat, hand in enumerate(json_list(deal["hands"])):
            echo("  " + WORDS(lang, "seat {seat} {name} {cards}", seat=seat,
                              name=pad(names[seat], 4),
                              cards=presenter.labels(json_strs(hand), lang)))
        for key, value in deal.items():
            if key != "hands":  # the record's own field, by its name
                shown = presenter.label(value, lang) if isinstance(value, str) else value
                echo(f"  {key}: {shown}")
        while not state.is_terminal():
            mover = state.to_move()
            assert mover is not None
            action = match.play_bot()
            # the watcher sees everything: describe as the acting seat saw it
            echo("  " + presenter.describe(action.to_json(), mover, names, lang))
            if not match.trick and match.last_trick and match.last_trick[-1].startswith("—"):
                echo("  " + match.last_trick[-1])
        summary = match.finish()
        for line in summary.lines:
            echo("  " + line)
        echo("  " + WORDS(lang, "payments: {points}", points=_points(match, summary.payments)))
        echo("  " + WORDS(lang, "totals:   {points}", points=_points(match, summary.totals)))
        if summary.record_file is not None:
            echo("  " + WORDS(lang, "record: {path}", path=str(summary.record_file)))
    echo("")
    totals = match.summaries[-1].totals
    echo(WORDS.n(lang, "Session over after {n:,} hand. Final totals: {points}.",
                 "Session over after {n:,} hands. Final totals: {points}.", match.hands,
                 points=_points(match, totals))
         + " " + match.leaders_said(list(totals), lang))
