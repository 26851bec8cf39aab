"""Replaying a record step by step, forwards and backwards, every seat's hand in view.

The record is replayed through its game's engine (``game.from_record``, then each
action checked with ``why_illegal`` and applied), so each step shows the hands as they
really were. A replay stops at the first illegal action and says why, as the referee
does. :class:`ReplayApp` is the full-screen stepper; :func:`replay_text` prints steps.

Step ``k`` is the hand after action ``k``: actions are counted from 1 here, as in every
text paiju writes for people (the referee's JSON field ``illegal_at`` counts from 0).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from paiju.core.errors import MalformedRecord
from paiju.core.games import get_game
from paiju.core.protocol import State
from paiju.core.referee import read_actions
from paiju.table.present import Seen, presenter_for
from paiju.table.text import Words, joined

WORDS = Words("table")


class Replay:
    """Every position of a record: :meth:`at` gives the hand after ``k`` actions.

    One state walks the record, forwards with ``push`` and backwards with ``pop``, so a long
    record costs one hand in memory rather than a copy per step.
    """

    def __init__(self, record: Any) -> None:
        if not isinstance(record, Mapping):
            raise MalformedRecord("a record must be a JSON object")
        if "game" not in record:
            raise MalformedRecord("the record has no 'game'")
        self.record = record
        self.game = get_game(record["game"])
        self.presenter = presenter_for(self.game.name)
        state = self.game.from_record(record)
        self.actions = read_actions(self.game, record)
        self.stopped: tuple[int, str] | None = None
        self._state = state
        self._depth = 0
        for index, action in enumerate(self.actions):
            why = state.why_illegal(action)
            if why is not None:
                self.stopped = (index, why)
                break
            state.push(action)
            self._depth += 1
        self._steps = self._depth
        you = record.get("you")  # the seat the person played (from_record checked it)
        self.you: int | None = you if isinstance(you, int) else None
        self.native: bool | str = False  # True: the game's own language; or a language code
        #: Which record of its file this is, when the file holds several: its number,
        #: how many there are, and whether ``--index`` chose it.
        self.place: tuple[int, int, bool] | None = None

    @property
    def lang(self) -> str:
        """The language the replay speaks now (the ``n`` key switches it)."""
        return self.presenter.lang(self.native)

    def note(self) -> str:
        """Which record of its file this is (nothing for the only one)."""
        if self.place is None:
            return ""
        index, count, chosen = self.place
        if chosen:
            return WORDS(self.lang, "record {index} of {count}", index=index, count=count)
        return WORDS(self.lang, "record {index} of {count} (--index N shows another)",
                     index=index, count=count)

    def extent(self) -> str:
        """How many actions the record holds, and where an illegal one stopped the replay."""
        lang, n = self.lang, len(self.actions)
        if self.stopped is None:
            return WORDS.n(lang, "{n:,} action", "{n:,} actions", n)
        return WORDS.n(lang, "{n:,} action, action {bad} illegal (replayed to step {step})",
                       "{n:,} actions, action {bad} illegal (replayed to step {step})", n,
                       bad=self.stopped[0] + 1, step=self.steps)

    @property
    def steps(self) -> int:
        """The last step (the number of actions replayed)."""
        return self._steps

    @property
    def rules(self) -> Any:
        """The rules of the record (the same at every step)."""
        return self._state.rules

    def at(self, step: int) -> State:
        """The hand after ``step`` actions (the one state, moved there by push or pop)."""
        if not 0 <= step <= self._steps:
            raise IndexError(f"step {step} is not between 0 and {self._steps}")
        while self._depth > step:
            self._state.pop()
            self._depth -= 1
        while self._depth < step:
            self._state.push(self.actions[self._depth])
            self._depth += 1
        return self._state

    def names(self) -> list[str]:
        """Each seat's name: its number, and "you" at the seat the person played."""
        return [WORDS(self.lang, "seat {seat} (you)", seat=s) if s == self.you
                else WORDS(self.lang, "seat {seat}", seat=s)
                for s in range(self._state.num_seats)]

    def hands(self, step: int) -> list[str]:
        """Each seat's hand at ``step``, one line per seat."""
        state = self.at(step)
        names = self.names()
        lines = []
        for seat in range(state.num_seats):
            text = (self.presenter.held(Seen.of(state, seat), self.native)
                    or WORDS(self.lang, "(no cards)"))
            lines.append(WORDS(self.lang, "{name}: {cards}", name=names[seat], cards=text))
        return lines

    def action_line(self, step: int) -> str:
        """What the action that led to ``step`` was (everything shown: this is a replay)."""
        if step == 0:
            return WORDS(self.lang, "the deal")
        data = self.actions[step - 1].to_json()
        return self.presenter.describe(data, data["seat"], self.names(), self.native)

    def status(self, step: int) -> str:
        state = self.at(step)
        seat = state.to_move()
        seen = Seen.of(state, 0 if seat is None else seat)
        return self.presenter.status(seen, self.names(), self.native)

    def end_lines(self, step: int) -> list[str]:
        """The result (at the last step of a finished hand), or why replay stopped."""
        out = []
        state = self.at(step)
        if step == self.steps and self.stopped is not None:
            index, why = self.stopped
            out.append(WORDS(self.lang, "action {n} is illegal: {reason}", n=index + 1,
                             reason=self.presenter.refusal(why, self.native)))
        if state.is_terminal():
            out += self.presenter.result_lines(
                Seen.of(state, 0), state.report(), self.names(), self.native)
            points = state.result().points
            out.append(WORDS(self.lang, "points: {points}", points=joined(self.lang, [
                WORDS(self.lang, "{name} {points}", name=n, points=f"{p:+g}")
                for n, p in zip(self.names(), points, strict=True)])))
        return out

    def page(self, step: int) -> list[str]:
        """Everything about ``step``, as plain lines."""
        lines = [WORDS(self.lang, "step {step}/{steps}: {action}", step=step, steps=self.steps,
                       action=self.action_line(step))]
        lines += ["  " + line for line in self.hands(step)]
        lines.append("  " + _plain(self.status(step)))
        lines += ["  " + line for line in self.end_lines(step)]
        return lines


def _plain(markup: str) -> str:
    from rich.text import Text

    return Text.from_markup(markup).plain


def replay_text(replay: Replay, echo: Callable[[str], None], step: int | None = None) -> None:
    """Print one step, or every step in order."""
    echo(_head(replay))
    steps = range(replay.steps + 1) if step is None else [step]
    for k in steps:
        for line in replay.page(k):
            echo(line)


def _head(replay: Replay, step: int | None = None) -> str:
    """The replay's head: the game, its rules, the record's extent (or, stepping, the
    step), and which record of its file it is."""
    lang = replay.lang
    rules = replay.presenter.rules_line(replay.rules)
    game = replay.presenter.game_title(lang)
    where = (replay.extent() if step is None
             else WORDS(lang, "step {step}/{steps}", step=step, steps=replay.steps))
    head = WORDS(lang, "{game} · rules {rules} · {where}", game=game, rules=rules, where=where)
    note = replay.note()
    return WORDS(lang, "{head} · {note}", head=head, note=note) if note else head


class ReplayApp(App[None]):
    """Step through a record: left/right one action, home/end to the deal/the end."""

    TITLE = "paiju replay"
    CSS = """
    #rheader { height: 1; background: $primary; padding: 0 1; }
    #rbody { height: 1fr; padding: 0 1; }
    #rlog { height: 8; border: round $secondary; padding: 0 1; }
    #rkeys { height: 1; background: $primary-darken-2; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,l", "step(1)", "forward"),
        Binding("left,backspace,h", "step(-1)", "back"),
        Binding("home", "goto(0)", "deal"),
        Binding("end", "goto(-1)", "end"),
        Binding("n", "names", "names"),
        Binding("q,escape", "quit", "quit"),
    ]

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.step = max(0, min(step, replay.steps))

    def compose(self) -> ComposeResult:
        yield Static(id="rheader")
        with VerticalScroll(id="rbody"):
            yield Static(id="rpage")
        yield Static(id="rlog")
        yield Static(id="rkeys")

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        r, k = self.replay, self.step
        lang = r.lang
        names = "abc" if r.native else r.presenter.native_name
        self.query_one("#rkeys", Static).update(
            f"[b]→[/] {WORDS.c(lang, 'key', 'forward')} · [b]←[/] {WORDS.c(lang, 'key', 'back')}"
            f" · [b]home[/]/[b]end[/] {WORDS.c(lang, 'key', 'deal/end')} · [b]n[/] {names}"
            f" · [b]q[/] {WORDS.c(lang, 'key', 'quit')}")
        self.query_one("#rlog", Static).border_title = WORDS.c(lang, "panel", "Actions so far")
        self.query_one("#rheader", Static).update(escape(_head(r, k)))
        lines = [f"[b]{escape(r.action_line(k))}[/]", ""]
        lines += [escape(line) for line in r.hands(k)]
        lines += ["", r.status(k)]
        lines += [escape(line) for line in r.end_lines(k)]
        self.query_one("#rpage", Static).update("\n".join(lines))
        done = ([r.action_line(i) for i in range(max(1, k - 5), k + 1)] if k
                else [WORDS(lang, "(the deal)")])
        self.query_one("#rlog", Static).update(escape("\n".join(done)))

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.step + delta, self.replay.steps))
        self.redraw()

    def action_goto(self, where: int) -> None:
        self.step = self.replay.steps if where < 0 else where
        self.redraw()

    def action_names(self) -> None:
        self.replay.native = not self.replay.native
        self.redraw()
