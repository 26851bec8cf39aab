"""``paiju review``: the review of a recorded hand, in the reader's language.

The engine's part is :mod:`paiju.sim.review` (each decision valued from the seat's view
alone); this module says it: one line a decision (the move made, the engine's best, what
the move made cost), then the decisions that cost more than the noise, worst first, each
with what its better move wins, then what every seat held at the deal (the record is
public once the hand is over). Lines fit 80 columns; seats and actions are counted from 1.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

import click

from paiju.core.errors import PaijuError
from paiju.core.games import get_game
from paiju.core.params import SEED
from paiju.core.records import input_name, loads_records, read_bounded
from paiju.sim.progress import Progress
from paiju.sim.review import DEALS, Decision, Review, Value, review
from paiju.table.present import Presenter, Seen, presenter_for, you_name
from paiju.table.text import Words
from paiju.ui.helptext import SpokenCommand, chosen, lang_option

WORDS = Words("table")
#: The width of a move in the decisions' table.
MOVE = 32


def seat_names(presenter: Presenter, n: int, seat: int, lang: str) -> list[str]:
    """The seats' names: "You" for the seat reviewed, "seat N" (from 1) for the others."""
    return [you_name(lang) if s == seat else WORDS(lang, "seat {seat}", seat=s + 1)
            for s in range(n)]


def said(presenter: Presenter, action: Any, seat: int, names: Sequence[str],
         lang: str) -> str:
    """A move as the log says it, as the seat saw it."""
    return presenter.describe(action.to_json(), seat, names, lang)


def _fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` columns: cut with "…" or padded with spaces."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) > width:
        text = set_cell_size(text, width - 1) + "…"
    return set_cell_size(text, width)


def _signed(x: float) -> str:
    return f"{x:+.2f}".replace("-", "−")


def lines(result: Review, record: Mapping[str, Any], lang: str) -> list[str]:
    """The review as text, line by line."""
    presenter = presenter_for(result.game)
    game = get_game(result.game)
    start = game.from_record(record)
    names = seat_names(presenter, start.num_seats, result.seat, lang)
    out = [WORDS(lang, "Review of {game} · rules {rules} · seat {seat}",
                 game=presenter.game_title(lang), rules=presenter.rules_line(start.rules),
                 seat=result.seat + 1),
           *wrapped(WORDS.n(lang, "{n} decision with a choice, each move played out on {deals} "
                            "deals from what you knew then (points a hand, 95% intervals).",
                            "{n} decisions with a choice, each move played out on {deals} "
                            "deals from what you knew then (points a hand, 95% intervals).",
                            len(result.decisions), deals=result.deals))]
    if result.model is not None:
        out.extend(wrapped(WORDS(lang, "Each deal is the best of {pick} by how many of the "
                                 "others' moves {model} makes too.", pick=result.pick,
                                 model=result.model)))
    out.append("")
    if not result.decisions:
        out.append(WORDS(lang, "You had no choice to make in this hand."))
    else:
        out.append(" ".join([_fit(WORDS(lang, "action"), 7), _fit(WORDS(lang, "move made"),
                                                                  MOVE),
                             _fit(WORDS(lang, "engine's best"), MOVE),
                             WORDS(lang, "cost")]).rstrip())
        for d in result.decisions:
            made = _fit(said(presenter, d.made.action, d.seat, names, lang), MOVE)
            best = _fit(WORDS(lang, "the same") if d.best.action == d.made.action
                        else said(presenter, d.best.action, d.seat, names, lang), MOVE)
            cost = "" if d.best.action == d.made.action else _signed(d.cost)
            mark = " ●" if d.flagged else ""
            out.append(f"{d.index + 1:>6}  {made} {best} {cost}{mark}".rstrip())
    flagged = result.flagged()
    out.append("")
    if flagged:
        out.append(WORDS(lang, "● Worst first, the moves that cost more than the noise:"))
        for d in flagged:
            out.extend(_flagged(presenter, d, names, lang))
    elif result.decisions:
        out.append(WORDS(lang, "No move cost more than the noise: well played."))
    out.append("")
    out.append(WORDS(lang, "What every seat held at the deal:"))
    for s in range(start.num_seats):
        held = presenter.held(Seen.of(start, s), lang) or WORDS(lang, "(no cards)")
        out.extend(wrapped(WORDS(lang, "{name}: {cards}", name=names[s], cards=held), "  "))
    return out


def _flagged(presenter: Presenter, d: Decision, names: Sequence[str], lang: str) -> list[str]:
    """A flagged decision: the move made, the better one, the cost and what each wins."""
    made = said(presenter, d.made.action, d.seat, names, lang)
    best = said(presenter, d.best.action, d.seat, names, lang)
    return [
        "  " + WORDS(lang, "Action {action}: {made}", action=d.index + 1, made=made),
        *wrapped(WORDS(lang, "Better: {best} {cost} points a hand [{low}, {high}]",
                       best=best, cost=_signed(d.cost), low=_signed(d.cost_low),
                       high=_signed(d.cost_high)), "    "),
        *wrapped(_why(d, lang), "    "),
    ]


def _why(d: Decision, lang: str) -> str:
    """What the better move does that the move made does not, in the play-outs."""
    mean, made_mean = _signed(d.best.mean), _signed(d.made.mean)
    if d.best.place is not None and d.made.place is not None:
        return WORDS(lang, "With it you finish in place {better:.1f} on average and first in "
                     "{first:.0%} of the deals, against place {worse:.1f} and {made_first:.0%} "
                     "with the move made ({mean} points against {made_mean}).",
                     better=d.best.place, first=d.best.wins, worse=d.made.place,
                     made_first=d.made.wins, mean=mean, made_mean=made_mean)
    return WORDS(lang, "With it you win the hand in {better:.0%} of the deals, against "
                 "{worse:.0%} with the move made ({mean} points against {made_mean}).",
                 better=d.best.wins, worse=d.made.wins, mean=mean, made_mean=made_mean)


def wrapped(text: str, indent: str = "", width: int = 80) -> list[str]:
    """``text`` in lines of at most ``width`` columns (a wide character counts two)."""
    from rich.cells import cell_len

    out: list[str] = []
    line = indent
    for word in _words(text):
        if cell_len(line) + cell_len(word) > width and line.strip():
            out.append(line.rstrip())
            line = indent + word.lstrip()
        else:
            line += word
    if line.strip():
        out.append(line.rstrip())
    return out


def _words(text: str) -> list[str]:
    """``text`` cut where a line may break: before a space, or between wide characters."""
    from rich.cells import cell_len

    parts: list[str] = []
    for i, ch in enumerate(text):
        if not parts or ch == " " or (cell_len(ch) == 2 and i and text[i - 1] != " "):
            parts.append(ch)
        else:
            parts[-1] += ch
    return parts


def to_json(result: Review) -> dict[str, Any]:
    """The review as JSON: seats and action indices counted from 0, as in records."""
    def value(v: Value) -> dict[str, Any]:
        return {"action": v.action.to_json(), "points": round(v.mean, 4),
                "low": round(v.low, 4), "high": round(v.high, 4), "wins": round(v.wins, 4),
            "place": None if v.place is None else round(v.place, 4)}

    return {"game": result.game, "seat": result.seat, "deals": result.deals,
            "model": result.model, "pick": result.pick,
            "decisions": [{"index": d.index, "made": value(d.made), "best": value(d.best),
                           "cost": round(d.cost, 4), "cost_low": round(d.cost_low, 4),
                           "cost_high": round(d.cost_high, 4), "flagged": d.flagged,
                           "candidates": [value(v) for v in d.candidates]}
                          for d in result.decisions]}


def _fail(message: str) -> NoReturn:
    click.echo(f"paiju: {message}", err=True)
    sys.exit(2)


@click.command("review", cls=SpokenCommand)
@click.argument("file", type=click.File("rb"))
@click.option("--seat", type=click.IntRange(min=1), default=1, show_default=True,
              help="Whose decisions to review, from 1.")
@click.option("--action", "only", type=click.IntRange(min=1), default=None,
              help="Review only the decision at this action (counted from 1).")
@click.option("--index", "which", type=click.IntRange(min=1), default=None,
              help="Which record of a JSON-lines file, from 1 (default: the first).")
@click.option("--deals", type=click.IntRange(min=2, max=10_000), default=DEALS,
              show_default=True, help="Deals each move is played out on: more is slower "
              "and surer (200 is a deep review).")
@click.option("--bots", "-b", "players", default="heuristic", show_default=True,
              metavar="SPEC", help="The computer player that plays every seat in the "
              "play-outs.")
@click.option("--model", default=None, metavar="NAME",
              help="Deal the unseen cards by what the others did: each deal the best of "
              "16 by how many of their moves this player (e.g. heuristic) makes too.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the deals.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
@lang_option()
def review_cmd(file: Any, seat: int, only: int | None, which: int | None, deals: int,
               players: str, model: str | None, seed: int, as_json: bool,
               lang: str | None) -> None:
    """Review a recorded hand: each decision of a seat against the engine's best.

    Every decision with a choice is valued from what the seat knew then (never the hidden
    cards): each move is played out on the same deals of the unseen cards, and the best
    is checked against the move made on fresh deals. The moves that cost more than the
    noise are listed worst first, then what every seat held.
    """
    try:
        records = loads_records(read_bounded(file, input_name(file)))
        if which is not None and which > len(records):
            _fail(f"the file holds {len(records)} records; there is no record {which}")
        record = records[(which or 1) - 1]
        presenter = presenter_for(record["game"]) if isinstance(record, dict) \
            and "game" in record else None
        spoken = presenter.lang(chosen(lang)) if presenter is not None else "en"
        bars: list[Progress] = []

        def done(k: int, total: int) -> None:
            if not bars:
                bars.append(Progress(total, unit=WORDS(spoken, "decisions"),
                                     label=WORDS(spoken, "reviewing")))
            if k:
                bars[0].advance(1)

        try:
            result = review(record, seat - 1, deals=deals, seed=seed, players=players,
                            only=None if only is None else only - 1, progress=done,
                            model=model)
        finally:
            for bar in bars:
                bar.close()
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot read {input_name(file)}: {err.strerror or err}")
    if as_json:
        click.echo(json.dumps(to_json(result), ensure_ascii=False))
        return
    for line in lines(result, record, spoken):
        click.echo(line)

