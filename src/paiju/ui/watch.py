"""Watch mode in plain text: computer players fill every seat and the hands are printed.

A watcher sits at no seat, so it sees every hand as dealt and every card played, face-down
discards and hand-overs included (a demonstration, like ``paiju hand``). Each hand's
record is saved as in play.
"""

from __future__ import annotations

from collections.abc import Callable

from paiju.core.words import plural
from paiju.ui.match import Match

Echo = Callable[[str], None]


def _fmt(x: float) -> str:
    return f"{x:+g}"


def watch_plain(match: Match, echo: Echo) -> None:
    """Play ``match`` (every seat a computer) from its first hand to its last, printing it."""
    if match.human is not None:
        raise ValueError("watch mode has no person at the table")
    if match.hands is None:
        raise ValueError("watch mode needs a number of hands")
    game, presenter = match.game, match.presenter
    echo(f"{game.title} · rules {presenter.rules_line(match.rules)} · {match.players} players"
         f" · {plural(match.hands, 'hand')} · seed {match.seed}")
    echo("players: " + ", ".join(match.player_labels()))
    while not match.session_over():
        state = match.deal()
        names = match.seat_names()
        echo("")
        echo(f"== hand {match.hand_number} ==")
        record = state.record()
        for seat, hand in enumerate(record["deal"]["hands"]):
            echo(f"  seat {seat} {names[seat]:<4} {presenter.labels(hand, False)}")
        for key, value in record["deal"].items():
            if key != "hands":
                shown = presenter.label(value, False) if isinstance(value, str) else value
                echo(f"  {key}: {shown}")
        while not state.is_terminal():
            mover = state.to_move()
            assert mover is not None
            action = match.play_bot()
            # the watcher sees everything: describe as the acting seat saw it
            echo("  " + presenter.describe(action.to_json(), mover, names, False))
            if not match.trick and match.last_trick and match.last_trick[-1].startswith("—"):
                echo("  " + match.last_trick[-1])
        summary = match.finish()
        for line in summary.lines:
            echo("  " + line)
        echo("  payments: " + ", ".join(
            f"{match.player_name(p)} {_fmt(x)}" for p, x in enumerate(summary.payments)))
        echo("  totals:   " + ", ".join(
            f"{match.player_name(p)} {_fmt(x)}" for p, x in enumerate(summary.totals)))
        if summary.record_file is not None:
            echo(f"  record: {summary.record_file}")
    echo("")
    totals = match.summaries[-1].totals
    best = max(range(match.players), key=lambda p: totals[p])
    echo(f"Session over after {plural(match.hands, 'hand')}. Final totals: " + ", ".join(
        f"{match.player_name(p)} {_fmt(x)}" for p, x in enumerate(totals))
        + f". Most points: {match.player_name(best)}.")
