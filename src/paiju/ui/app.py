"""The full-screen table: one person plays a session against computer players.

The screen, top to bottom: a header (game, rules, hand, seed); the seats (cards held,
tricks won or place, flags, running totals) and the current trick on the left, the
log of the hand on the right; the status (whose turn, what to do, the last refusal or
hint); the person's hand; the keys that work now. Cards are chosen with the arrow
keys and space (or a mouse click); enter plays the selection. Computer players think
in a worker thread and act after a short visible delay (``delay``, zero in tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from paiju.core.errors import PaijuError
from paiju.core.protocol import Action, View
from paiju.table.hints import Hint
from paiju.table.present import Chip, pad
from paiju.table.text import Words
from paiju.ui.fold import Folded
from paiju.ui.match import HandSummary, Match
from paiju.ui.screens import HintScreen, ResultScreen, RulesScreen, rules_text

WORDS = Words("table")
#: Seconds a computer player waits before acting, so the person can follow the play.
BOT_DELAY = 0.6
#: The narrowest terminal with room for the log beside the table.
LOG_WIDTH = 80


@dataclass(frozen=True)
class _Span:
    row: int
    start: int
    end: int
    index: int


def _right(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal cells."""
    return " " * max(0, width - cell_len(text)) + text


class HandView(Widget):
    """The person's hand: a cursor, a selection, and a click to pick a card."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chips: list[Chip] = []
        self.cursor = 0
        self.selected: set[int] = set()
        self._spans: list[_Span] = []
        #: What an empty hand says, in the table's language.
        self.empty = "(no cards)"

    def show(self, chips: list[Chip]) -> None:
        """New cards: keep the selection of cards still held, by token."""
        old = [self.chips[i].token for i in sorted(self.selected) if i < len(self.chips)]
        changed = [c.token for c in chips] != [c.token for c in self.chips]
        self.chips = chips
        if changed:
            self.selected = set()
            pool = list(old)
            for i, chip in enumerate(chips):
                if chip.token in pool:
                    pool.remove(chip.token)
                    self.selected.add(i)
            self.cursor = min(self.cursor, max(0, len(chips) - 1))
        self.refresh()

    def tokens(self) -> list[str]:
        """The selected cards' tokens, in hand order."""
        return [self.chips[i].token for i in sorted(self.selected)]

    def select_tokens(self, tokens: list[str]) -> None:
        pool = [t.split("=")[0] for t in tokens]
        self.selected = set()
        for i, chip in enumerate(self.chips):
            if chip.token in pool:
                pool.remove(chip.token)
                self.selected.add(i)
        self.refresh()

    def move(self, step: int) -> None:
        if self.chips:
            self.cursor = (self.cursor + step) % len(self.chips)
            self.refresh()

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if 0 <= i < len(self.chips):
            self.selected ^= {i}
            self.cursor = i
            self.refresh()

    def clear(self) -> None:
        self.selected = set()
        self.refresh()

    def current(self) -> Chip | None:
        return self.chips[self.cursor] if 0 <= self.cursor < len(self.chips) else None

    def layout_rows(self, width: int) -> list[list[tuple[int, str]]]:
        """The chips laid out in rows of at most ``width`` cells: (index, text) pairs."""
        rows: list[list[tuple[int, str]]] = [[]]
        used = 0
        for i, chip in enumerate(self.chips):
            text = ("▸" if i == self.cursor else " ") + chip.label + (chip.mark or " ")
            w = cell_len(text)
            if used and used + w > width:
                rows.append([])
                used = 0
            rows[-1].append((i, text))
            used += w
        return rows

    def render(self) -> Text:
        width = max(self.size.width, 8)
        out = Text()
        self._spans = []
        if not self.chips:
            return Text(self.empty, style="dim")
        for r, row in enumerate(self.layout_rows(width)):
            if r:
                out.append("\n")
            x = 0
            for i, text in row:
                chip = self.chips[i]
                style = chip.style
                if i in self.selected:
                    style += " reverse"
                if i == self.cursor:
                    style += " underline"
                out.append(text, style=style.strip())
                w = cell_len(text)
                self._spans.append(_Span(r, x, x + w, i))
                x += w
        return out

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for span in self._spans:
            if span.row == offset.y and span.start <= offset.x < span.end:
                self.toggle(span.index)
                self.post_message(HandView.Picked())
                return

    class Picked(Message):
        """A card was clicked."""


class PlayApp(App[None]):
    """A session at the table. ``match.human is None`` watches computers play every seat."""

    TITLE = "paiju"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "left", show=False),
        Binding("right", "move(1)", "right", show=False),
        Binding("space", "pick", "select", show=False),
        Binding("enter", "selection", "play", show=False),
        Binding("escape", "clear", "clear", show=False),
        Binding("h", "hint", "hint", show=False),
        Binding("r", "rules", "rules", show=False),
        Binding("question_mark", "how_to_play", "how to play", show=False),
        Binding("n", "names", "names", show=False),
        Binding("q", "quit_table", "quit", show=False),
        # Ctrl-C and Ctrl-Q leave as q does (the hand in progress saved, the session's
        # summary printed), not by Textual's own quit, which kept neither
        Binding("ctrl+c", "quit_table", "quit", show=False, priority=True),
        Binding("ctrl+q", "quit_table", "quit", show=False, priority=True),
    ]

    def __init__(self, match: Match, delay: float = BOT_DELAY, auto_next: bool | None = None):
        super().__init__()
        self.match = match
        self.delay = delay
        self.auto_next = match.human is None if auto_next is None else auto_next
        self.message = ""
        self.status_markup = ""  # the status as drawn last (Rich markup)
        self.hint: Hint | None = None
        self._busy = False
        self._thinking = False
        self._ending = False

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="trick")
            with VerticalScroll(id="log"):
                yield Static(id="log-text")
        yield Static(id="status")
        yield HandView(id="hand")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#log", VerticalScroll).can_focus = False
        self._new_hand()

    def on_resize(self, event: events.Resize) -> None:
        """Narrower than :data:`LOG_WIDTH`, the log gives its room to the table, which says
        so (it shrank to a column of single letters)."""
        self.query_one("#main").set_class(event.size.width < LOG_WIDTH, "narrow")
        if self.match.state is not None:
            self.redraw()

    # ------------------------------------------------------------ drawing

    def _new_hand(self) -> None:
        self.match.deal()
        self.hint = None
        self.message = ""
        self.redraw()
        self._schedule()

    def redraw(self) -> None:
        m = self.match
        state = m.state
        if state is None:
            return
        p = m.presenter
        lang = m.lang
        seen = m.seen()
        names = m.seat_names()
        hands = f"{m.hand_number}" + (f"/{m.hands}" if m.hands else "")
        role = p.role(seen, m.native)
        total = f"{m.total_of(m.observer):+g}"
        if m.human is None:
            who = WORDS(lang, "watching")
        elif role:
            who = WORDS(lang, "you: {role}, total {total}", role=role, total=total)
        else:
            who = WORDS(lang, "you: seat {seat}, total {total}", seat=m.observer_seat,
                        total=total)
        header = WORDS(lang, "{game} · hand {hand} · {who} · {rules} · seed {seed}",
                       game=p.game_title(lang), hand=hands, who=who, rules=p.rules_line(m.rules),
                       seed=m.seed)
        self.query_one("#header", Static).update(Text(header, no_wrap=True, overflow="crop"))
        self.query_one("#seats").border_title = WORDS.c(lang, "panel", "Table")
        self.query_one("#log").border_title = WORDS.c(lang, "panel", "Log")
        totals = m.session.totals
        rows = p.seat_rows(seen, names, m.native)
        lines = [
            f"{row} [dim]{totals[m.seats[s]]:+g}[/]" for s, row in enumerate(rows)
        ]
        self.query_one("#seats", Static).update("\n".join(lines))
        trick = m.trick or m.last_trick
        title = (WORDS.c(lang, "panel", "Last trick") if m.last_trick and not m.trick
                 else WORDS.c(lang, "panel", "Trick"))
        tw = self.query_one("#trick", Static)
        tw.border_title = title
        tw.border_subtitle = (WORDS(lang, "the log shows at {n} columns or more", n=LOG_WIDTH)
                              if self.query_one("#main").has_class("narrow") else "")
        height = max(1, tw.size.height or 7)
        shown = trick[-height:] if trick else [WORDS(lang, "(no cards on the table)")]
        tw.update(Text("\n".join(shown)))
        self._draw_log()
        status = p.status(seen, names, m.native)
        if m.human_to_move():
            status = f"[b reverse] {WORDS(lang, 'YOUR TURN')} [/] " + status
        extra = self.message
        if self._thinking:
            extra = f"[i]{WORDS(lang, 'Thinking of a hint…')}[/]"
        self.status_markup = status + ("\n" + extra if extra else "")
        self.query_one("#status", Static).update(self.status_markup)
        hand = self.query_one("#hand", HandView)
        hand.empty = WORDS(lang, "(no cards)")
        hand.show(p.chips(seen, m.native))
        watched = names[seen.seat] if m.human is None else None  # whose cards a watcher sees
        hand.border_title = p.hand_title(seen, m.native, watched)
        chip = hand.current()
        hand.border_subtitle = escape(chip.detail) if chip else ""
        self.query_one("#keys", Static).update(self._keys_line(seen.view))

    def _keys_line(self, view: View) -> str:
        m = self.match
        lang = m.lang
        parts = []
        if m.human_to_move():
            dos = m.presenter.moves(view.legal_actions())
            for do in dos:
                key = m.presenter.key_for(do, dos)
                parts.append(f"[b]{key}[/] {m.presenter.move_word(do, m.native, dos)}")
            parts.append(f"[b]←→ space[/] {WORDS.c(lang, 'key', 'select')}")
            parts.append(f"[b]h[/] {WORDS.c(lang, 'key', 'hint')}")
        names = "abc" if m.native else m.presenter.native_name
        how = f"[b]?[/] {WORDS.c(lang, 'key', 'how to play')}"
        parts += [f"[b]r[/] {WORDS.c(lang, 'key', 'rules')}", how, f"[b]n[/] {names}",
                  f"[b]q[/] {WORDS.c(lang, 'key', 'quit')}"]
        line = " · ".join(parts)
        if cell_len(Text.from_markup(line).plain) > self.size.width - 2:
            parts.remove(how)  # the key still works; the line fits
            line = " · ".join(parts)
        return line

    # ------------------------------------------------------------ computer players

    def _schedule(self) -> None:
        m = self.match
        if m.state is None or self._busy or self._ending:
            return
        if m.state.is_terminal():
            self._end_hand()
            return
        seat = m.bot_to_move()
        if seat is None:
            return
        self._busy = True
        if self.delay > 0:
            self.set_timer(self.delay, self._bot_go)
        else:
            self.call_later(self._bot_go)

    def _bot_go(self) -> None:
        m = self.match
        seat = m.bot_to_move()
        if seat is None:
            self._busy = False
            return
        view = m.bot_view(seat)

        def think() -> None:
            action = m.bot_choose(seat, view)
            self.call_from_thread(self._bot_done, action)

        self.run_worker(think, thread=True, group="players", exit_on_error=True)

    def _bot_done(self, action: Action) -> None:
        self._busy = False
        if self.match.state is None:
            return
        self.match.apply(action)
        self.redraw()
        self._schedule()

    # ------------------------------------------------------------ the end of a hand

    def _end_hand(self) -> None:
        self._ending = True
        m = self.match
        summary = m.finish()
        self._draw_log()
        final = m.session_over()
        screen = ResultScreen(lambda: self._result_text(summary, final), final,
                              names=self.action_names)
        self.push_screen(screen, self._after_result)
        if self.auto_next:
            self.set_timer(max(self.delay * 6, 0.01), lambda: self._auto_dismiss(screen))

    def _auto_dismiss(self, screen: ResultScreen) -> None:
        if self.screen is screen and not screen.final:
            screen.dismiss(True)

    def _draw_log(self) -> None:
        lines = [Text(line) for line in "\n".join(self.match.log).split("\n")]
        self.query_one("#log-text", Static).update(Folded(lines=lines))  # "4 Chen" kept whole
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def _result_text(self, summary: HandSummary, final: bool) -> str:
        m = self.match
        lang = m.lang
        lines = [f"[b]{WORDS(lang, 'Hand {n}', n=summary.number)}[/]", ""]
        lines += [escape(line) for line in m.result_lines(summary)]
        lines.append("")
        lines.append(pad(WORDS.c(lang, "column", "player"), 18)
                     + _right(WORDS.c(lang, "column", "this hand"), 10)
                     + _right(WORDS.c(lang, "column", "total"), 10))
        for p, label in enumerate(m.player_labels()):
            lines.append(escape(pad(label, 18))
                         + f"{summary.payments[p]:>+10g}{summary.totals[p]:>+10g}")
        lines.append("")
        if summary.record_file is not None:
            # the file's name only: the full path would wrap at 80 columns; the folder is
            # printed when the session ends
            saved = WORDS(lang, "saved as {file}", file=summary.record_file.name)
            lines.append(f"[dim]{escape(saved)}[/]")
        if final:
            lines.append(f"[b]{WORDS(lang, 'The session is over.')}[/] "
                         + escape(m.leaders_said(list(summary.totals), lang)))
            lines.append(f"[b]enter[/] {WORDS.c(lang, 'key', 'leave')}")
        else:
            lines.append(f"[b]enter[/] {WORDS.c(lang, 'key', 'next hand')}"
                         f" · [b]q[/] {WORDS.c(lang, 'key', 'quit')}")
        return "\n".join(lines)

    def _after_result(self, go_on: bool | None) -> None:
        self._ending = False
        if go_on and not self.match.session_over():
            self._new_hand()
        else:
            self.exit()

    # ------------------------------------------------------------ the person's keys

    def _hand(self) -> HandView:
        return self.query_one("#hand", HandView)

    def action_move(self, step: int) -> None:
        hand = self._hand()
        hand.move(step)
        chip = hand.current()
        hand.border_subtitle = escape(chip.detail) if chip else ""

    def action_pick(self) -> None:
        self._hand().toggle()

    def action_clear(self) -> None:
        self._hand().clear()
        self.message = ""
        self.redraw()

    def on_hand_view_picked(self, _: HandView.Picked) -> None:
        chip = self._hand().current()
        self._hand().border_subtitle = escape(chip.detail) if chip else ""

    def action_selection(self) -> None:
        """Enter: the selected cards as the move the phase asks for."""
        m = self.match
        if not m.human_to_move():
            return
        legal = m.seen().view.legal_actions()
        self._act(m.presenter.enter_do(m.presenter.moves(legal)))

    def on_key(self, event: events.Key) -> None:
        """A game's own action key (``p`` pass, Luk Fu's ``c`` call ...): the presenter's."""
        do = self.match.presenter.do_for_key(event.key)
        if do is not None:
            event.stop()
            self.action_do(do)

    def action_do(self, do: str) -> None:
        if self.match.human_to_move():
            self._act(do)

    def _act(self, do: str) -> None:
        m = self.match
        tokens = [] if do in m.presenter.no_cards else self._hand().tokens()
        why = m.attempt(do, tokens)
        if why is not None:
            lang = m.lang
            dos = m.presenter.moves(m.seen().view.legal_actions())
            if do == "play" and "discard" in dos and tokens:
                why = WORDS(lang, "{reason} ({key} discards them face down)", reason=why,
                            key=m.presenter.key_for("discard", dos))
            self.message = f"[b red]{WORDS(lang, 'Refused:')}[/] {escape(why)}"
            m.log.append(WORDS(lang, "refused: {reason}", reason=why))
            self.redraw()
            return
        self.message = ""
        self.hint = None
        self._hand().clear()
        self.redraw()
        self._schedule()

    def action_hint(self) -> None:
        m = self.match
        if not m.human_to_move() or self._thinking:
            return
        self._thinking = True
        self.redraw()
        view = m.hint_view()

        def think() -> None:
            try:
                hint = m.hint(view)
            except PaijuError as err:
                self.call_from_thread(self._hint_failed, str(err))
                return
            self.call_from_thread(self._hint_done, hint)

        self.run_worker(think, thread=True, group="hint", exit_on_error=True)

    def _hint_failed(self, reason: str) -> None:
        self._thinking = False
        lang = self.match.lang  # the search refuses only when it is not the person's turn
        self.message = escape(reason if lang == "en"
                              else WORDS.c(lang, "error", "a hint is given on your turn"))
        self.redraw()

    def _hint_done(self, hint: Hint) -> None:
        """Show the hint in full; the selection changes only if the person presses ``s``."""
        self._thinking = False
        self.hint = hint
        dos = self.match.presenter.moves(self.match.seen().view.legal_actions())
        key = self.match.presenter.key_for(hint.action["do"], dos)
        cards = list(hint.action.get("cards", []))
        lang = self.match.lang
        short = f"[b]{WORDS(lang, 'Hint:')}[/] {escape(hint.text)} ([b]{key}[/])"

        def closed(take: bool | None) -> None:
            if take:
                self._hand().select_tokens(cards)
                self.message = short + " — " + escape(WORDS(
                    lang, "its cards are selected for you; {key} clears", key="escape"))
            else:
                self.message = short
            self.redraw()

        self.message = ""
        self.redraw()
        self.push_screen(HintScreen(hint, key, bool(cards), lang), closed)

    def action_rules(self) -> None:
        self.push_screen(RulesScreen(rules_text(self.match)))

    def action_how_to_play(self) -> None:
        """``?``: how to play the game in force, in the language of the table's names."""
        from paiju.ui.howto import HowToScreen

        m = self.match
        self.push_screen(HowToScreen(m.game.name, m.presenter.lang(m.native)))

    def action_names(self) -> None:
        self.match.native = not self.match.native
        self.redraw()

    def action_quit_table(self) -> None:
        path = self.match.save_unfinished()
        if path is not None:
            self.match.log.append(WORDS(self.match.lang, "unfinished hand saved: {path}",
                                        path=str(path)))
        self.exit()
