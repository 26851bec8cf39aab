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
from paiju.core.words import plural
from paiju.table.present import Seen, presenter_for


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
        self.native = False
        #: Which record of its file this is, when the file holds several.
        self.note = ""

    def extent(self) -> str:
        """How many actions the record holds, and where an illegal one stopped the replay."""
        held = plural(len(self.actions), "action")
        if self.stopped is None:
            return held
        return f"{held}, action {self.stopped[0] + 1} illegal (replayed to step {self.steps})"

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
        return [f"seat {s}" for s in range(self._state.num_seats)]

    def hands(self, step: int) -> list[str]:
        """Each seat's hand at ``step``, one line per seat."""
        state = self.at(step)
        names = self.names()
        lines = []
        for seat in range(state.num_seats):
            text = self.presenter.held(Seen.of(state, seat), self.native) or "(no cards)"
            lines.append(f"{names[seat]}: {text}")
        return lines

    def action_line(self, step: int) -> str:
        """What the action that led to ``step`` was (everything shown: this is a replay)."""
        if step == 0:
            return "the deal"
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
            out.append(f"action {index + 1} is illegal: {why}")
        if state.is_terminal():
            out += self.presenter.result_lines(
                Seen.of(state, 0), state.report(), self.names(), self.native)
            points = state.result().points
            out.append("points: " + ", ".join(
                f"{n} {p:+g}" for n, p in zip(self.names(), points, strict=True)))
        return out

    def page(self, step: int) -> list[str]:
        """Everything about ``step``, as plain lines."""
        lines = [f"step {step}/{self.steps}: {self.action_line(step)}"]
        lines += ["  " + line for line in self.hands(step)]
        lines.append("  " + _plain(self.status(step)))
        lines += ["  " + line for line in self.end_lines(step)]
        return lines


def _plain(markup: str) -> str:
    from rich.text import Text

    return Text.from_markup(markup).plain


def replay_text(replay: Replay, echo: Callable[[str], None], step: int | None = None) -> None:
    """Print one step, or every step in order."""
    rules = replay.presenter.rules_line(replay.rules)
    note = f" · {replay.note}" if replay.note else ""
    echo(f"{replay.game.title} · rules {rules} · {replay.extent()}{note}")
    steps = range(replay.steps + 1) if step is None else [step]
    for k in steps:
        for line in replay.page(k):
            echo(line)


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
        yield Static(
            "[b]→[/] forward · [b]←[/] back · [b]home[/]/[b]end[/] deal/end · "
            f"[b]n[/] {self.replay.presenter.native_name} · [b]q[/] quit",
            id="rkeys",
        )

    def on_mount(self) -> None:
        self.query_one("#rlog", Static).border_title = "Actions so far"
        self.redraw()

    def redraw(self) -> None:
        r, k = self.replay, self.step
        rules = r.presenter.rules_line(r.rules)
        note = f" · {r.note}" if r.note else ""
        self.query_one("#rheader", Static).update(
            f"{escape(r.game.title)} · {escape(rules)} · step {k}/{r.steps}{escape(note)}")
        lines = [f"[b]{escape(r.action_line(k))}[/]", ""]
        lines += [escape(line) for line in r.hands(k)]
        lines += ["", r.status(k)]
        lines += [escape(line) for line in r.end_lines(k)]
        self.query_one("#rpage", Static).update("\n".join(lines))
        done = [r.action_line(i) for i in range(max(1, k - 5), k + 1)] if k else ["(the deal)"]
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
