"""The "How to play" screen (key ``?``): the game's own text (:mod:`paiju.table.howto`,
the same as the docs' and the browser's), drawn by Textual's Markdown widget, in the
language the table's names are in (key ``n``)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from paiju.table.howto import for_terminal, howto_text
from paiju.table.text import Words

WORDS = Words("table")


class HowToScreen(ModalScreen[None]):
    """How to play ``game`` in ``lang``; the arrows and page keys scroll, escape closes."""

    DEFAULT_CSS = """
    HowToScreen { align: center middle; }
    #howto-box { width: 78; max-width: 100%; height: 100%; border: thick $accent;
                 background: $surface; padding: 0 1; }
    #howto-keys { height: 1; dock: bottom; background: $primary-darken-2; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "close"),
    ]

    def __init__(self, game: str, lang: str) -> None:
        super().__init__()
        self.game = game
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Static(WORDS(self.lang, "↑↓ PgUp PgDn scroll · escape closes"), id="howto-keys")
        with VerticalScroll(id="howto-box"):
            yield Markdown(for_terminal(howto_text(self.game, self.lang)), id="howto-text")

    def on_mount(self) -> None:
        box = self.query_one("#howto-box", VerticalScroll)
        box.border_title = WORDS(self.lang, "How to play")
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)
