"""The table's panels over the play: the end of a hand, the rules in force, a hint."""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from paiju.table.hints import Hint
from paiju.ui.match import Match


class ResultScreen(ModalScreen[bool]):
    """The end of a hand: the result, the payments and the session's running totals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "next hand"),
        Binding("space", "next", "next hand", show=False),
        Binding("q", "leave", "quit"),
    ]

    def __init__(self, text: str, final: bool) -> None:
        super().__init__()
        self.text = text
        self.final = final

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="result-box")

    def action_next(self) -> None:
        self.dismiss(not self.final)

    def action_leave(self) -> None:
        self.dismiss(False)


class RulesScreen(ModalScreen[None]):
    """The rules in force: every option, its value and what it means."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,r,q,enter", "close", "close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-box"):
            yield Static(self.text, id="rules-text")

    def on_mount(self) -> None:
        self.query_one("#rules-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)


def rules_text(match: Match) -> str:
    """The rules screen's text (Rich markup)."""
    options = match.game.options
    values = match.rules.values
    lines = [f"[b]{escape(match.game.title)}[/] — preset [b]{match.rules.preset}[/]"
             " (escape closes)", ""]
    base = options.preset(match.rules.preset)
    for option in options.options.values():
        value = values[option.name]
        mark = " [yellow](changed)[/]" if base.get(option.name) != value else ""
        lines.append(f"[b]{option.name}[/] = {escape(option.show(value))}{mark}")
        lines.append(f"  {escape(option.meaning)}")
        now = option.values.get(option.show(value), "")
        if now:
            lines.append(f"  [i]now:[/] {escape(now)}")
    return "\n".join(lines)


class HintScreen(ModalScreen[bool]):
    """A hint in full, wrapped to the screen: the suggestion, each candidate's expected
    outcome with its interval, and why the search kept a move. ``s`` selects the
    suggested cards (dismissing with ``True``); any other key closes without a change."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "take", "select these cards"),
        Binding("escape,h,q,enter", "close", "close"),
    ]

    def __init__(self, hint: Hint, key: str, has_cards: bool) -> None:
        super().__init__()
        self.hint = hint
        self.key = key
        self.has_cards = has_cards

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hint-box"):
            yield Static(self.text(), id="hint-text")

    def text(self) -> str:
        h = self.hint
        lines = [f"[b]Hint:[/] {escape(h.text)} (key [b]{escape(self.key)}[/])", ""]
        lines += [f"• {escape(r)}" for r in h.reasons]
        if h.kept:
            lines += ["", escape(h.kept[0].upper() + h.kept[1:]) + "."]
        lines.append("")
        if self.has_cards:
            lines.append("[b]s[/] select these cards for me · [b]escape[/] close, changing nothing")
        else:
            lines.append("[b]escape[/] close")
        return "\n".join(lines)

    def on_mount(self) -> None:
        self.query_one("#hint-box").focus()

    def action_take(self) -> None:
        self.dismiss(self.has_cards)

    def action_close(self) -> None:
        self.dismiss(False)
