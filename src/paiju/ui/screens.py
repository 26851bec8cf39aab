"""The table's panels over the play: the end of a hand, the rules in force, a hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from paiju.table.hints import Hint
from paiju.table.text import SOURCE, Words
from paiju.ui.fold import Folded
from paiju.ui.match import Match

WORDS = Words("table")


class ResultScreen(ModalScreen[bool]):
    """The end of a hand: the result, the payments and the session's running totals;
    ``n`` says them again with the other names (the game's own language or English), as
    it does at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "next hand"),
        Binding("space", "next", "next hand", show=False),
        Binding("q", "leave", "quit"),
        Binding("n", "names", "names", show=False),
    ]

    def __init__(self, text_of: Callable[[], str], final: bool,
                 names: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.text_of = text_of
        self.text = text_of()
        self.final = final
        self.names = names

    def compose(self) -> ComposeResult:
        yield Static(Folded(self.text), id="result-box")

    def action_names(self) -> None:
        if self.names is None:
            return
        self.names()
        self.text = self.text_of()
        self.query_one("#result-box", Static).update(Folded(self.text))

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
            yield Static(Folded(self.text), id="rules-text")

    def on_mount(self) -> None:
        self.query_one("#rules-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)


def rules_text(match: Match) -> str:
    """The rules screen's text (Rich markup), in the table's language: in English every
    option with what it means; in another, the rules in force in the Rules box's words,
    by group, each with its option (the options' own meanings are English)."""
    options = match.game.options
    values = match.rules.values
    lang = match.lang
    head = WORDS(lang, "{game} — preset {preset} (escape closes)",
                 game=f"[b]{escape(match.presenter.game_title(lang))}[/]",
                 preset=f"[b]{escape(match.rules.preset)}[/]")
    lines = [head, ""]
    base = options.preset(match.rules.preset)
    changed = escape(WORDS(lang, "(changed)"))
    if lang != SOURCE:
        for group in match.presenter.rules_text(match.rules, lang):
            lines.append(f"[b]{escape(group['title'])}[/]")
            for rule in group["rules"]:
                mark = (f" [yellow]{changed}[/]"
                        if base.get(rule["option"]) != values[rule["option"]] else "")
                lines.append(f"• {escape(rule['text'])} [dim]({escape(rule['detail'])})[/]{mark}")
            lines.append("")
        return "\n".join(lines).rstrip()
    for option in options.options.values():
        value = values[option.name]
        mark = f" [yellow]{changed}[/]" if base.get(option.name) != value else ""
        lines.append(f"[b]{option.name}[/] = {escape(option.show(value))}{mark}")
        lines.append(f"  {escape(option.meaning)}")
        now = option.values.get(option.show(value), "")
        if now:
            lines.append(f"  [i]{WORDS(lang, 'now:')}[/] {escape(now)}")
    return "\n".join(lines)


class HintScreen(ModalScreen[bool]):
    """A hint in full, wrapped to the screen: the suggestion, each candidate's expected
    outcome with its interval, and why the search kept a move. ``s`` selects the
    suggested cards (dismissing with ``True``); any other key closes without a change."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "take", "select these cards"),
        Binding("escape,h,q,enter", "close", "close"),
    ]

    def __init__(self, hint: Hint, key: str, has_cards: bool, lang: str = SOURCE) -> None:
        super().__init__()
        self.hint = hint
        self.key = key
        self.has_cards = has_cards
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hint-box"):
            yield Static(Folded(self.text()), id="hint-text")

    def text(self) -> str:
        h, lang = self.hint, self.lang
        key = WORDS(lang, "(key {key})", key=f"[b]{escape(self.key)}[/]")
        lines = [f"[b]{WORDS(lang, 'Hint:')}[/] {escape(h.text)} {key}", ""]
        lines += [f"• {escape(r)}" for r in h.reasons]
        if h.kept:
            lines += ["", escape(WORDS(lang, "{reason}.", reason=h.kept[0].upper() + h.kept[1:]))]
        lines.append("")
        close = f"[b]escape[/] {WORDS.c(lang, 'key', 'close, changing nothing')}"
        if self.has_cards:
            lines.append(f"[b]s[/] {WORDS.c(lang, 'key', 'select these cards for me')} · {close}")
        else:
            lines.append(f"[b]escape[/] {WORDS.c(lang, 'key', 'close')}")
        return "\n".join(lines)

    def on_mount(self) -> None:
        self.query_one("#hint-box").focus()

    def action_take(self) -> None:
        self.dismiss(self.has_cards)

    def action_close(self) -> None:
        self.dismiss(False)
