"""``paiju learn GAME``: a guided first hand at the table. The person plays one hand
against computer players; at each of their turns a panel says what they may do and, for
each card they cannot use, why not (the rules engine's own reasons,
:func:`paiju.table.guide.guided_turn`, as the browser's guided hand says them); at the end
the result box explains the scoring, as the How to play text does (key ``?``).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import default_players, default_preset, get_game
from paiju.core.jsontypes import json_list
from paiju.table.guide import guided_turn
from paiju.table.present import presenter_for
from paiju.table.text import Words
from paiju.ui.app import HandView, PlayApp
from paiju.ui.match import HandSummary, Match

WORDS = Words("table")
#: The legal moves the narrow panel spells out (the rest are counted).
SHOWN = 6
#: The turns a learner's first hand gives them at least.
TURNS = 3


def learn_match(game_name: str, seed: int | None = None, save: bool = True) -> Match:
    """The person (player 0) and heuristic computers, one hand under the rules ``paiju
    play`` deals, from the first seed from ``seed`` (random if None) whose hand teaches:
    the person holds cards (not the Luk Fu dreamer), and with the heuristic in their seat
    they would have at least :data:`TURNS` turns and the hand would be played out (not
    passed by everyone)."""
    g = get_game(game_name)
    rules = g.rules(default_preset(g, playing=True))
    n = default_players(g)
    specs = ["heuristic"] * (n - 1)
    start = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    chosen = start
    for chosen in range(start, start + 100):
        if _teaches(Match(g.name, rules, n, specs, chosen, 1, human=0, save=False)):
            break
    return Match(g.name, rules, n, specs, chosen, 1, human=0, save=save)


def _teaches(trial: Match) -> bool:
    """Whether the trial's first hand, the heuristic playing the person's seat, gives the
    person :data:`TURNS` turns and is played out."""
    state = trial.deal()
    if len(json_list(trial.seen().view.to_json().get("hand") or [])) <= 1:
        return False
    person = HeuristicBot()
    rng = random.Random(0)
    turns = 0
    while not state.is_terminal():
        if trial.human_to_move():
            turns += 1
            trial.apply(person.choose(state.view(trial.observer_seat), rng))
        else:
            trial.play_bot()
    return turns >= TURNS and state.report().get("outcome") != "no_call"


def guide_lines(app: PlayApp) -> list[str]:
    """What the guide panel says now, in the language of the table's names."""
    m = app.match
    lang = m.presenter.lang(m.native)
    if m.state is None or not m.human_to_move():
        return [WORDS(lang, "Watch the others play: the guide speaks at your turn.")]
    seat = m.observer_seat
    turn = guided_turn(m.state, seat, m.game, m.game.name)
    names = m.seat_names()
    lines = [WORDS(lang, "You may:")]
    # the plays first; of the many discards (Luk Fu: any cards face down), one example
    plays = [d for d in turn.moves if d["do"] != "discard"][:SHOWN]
    plays += [d for d in turn.moves if d["do"] == "discard"][:1]
    for data in plays:
        lines.append("• " + m.presenter.describe(data, seat, names, lang))
    more = turn.more + len(turn.moves) - len(plays)
    if more:
        lines.append(WORDS.n(lang, "… and {n} more move", "… and {n} more moves", more))
    if turn.barred and any(d.get("cards") for d in turn.moves):  # not when calling
        lines += ["", WORDS(lang, "Cards you cannot use now, and why:")]
        by_reason: dict[str, list[str]] = {}  # cards barred for the same reason together
        for token, why in turn.barred.items():
            by_reason.setdefault(m.presenter.refusal(why, m.native), []).append(
                m.presenter.label(token, m.native))
        for why, labels in by_reason.items():
            lines.append(f"• {' '.join(labels)}: {why}")
    return lines


def scoring_line(game: str, lang: str) -> str:
    """How the hand scores, in a line short enough for the result box's title line (the
    result lines under it say who paid what, and why), as the game's presenter says it."""
    return presenter_for(game).scoring_line(lang)


class LearnApp(PlayApp):
    """The table with a guide panel where the log was; PgUp and PgDn scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *PlayApp.BINDINGS,
        Binding("pageup", "guide(-1)", "guide up", show=False),
        Binding("pagedown", "guide(1)", "guide down", show=False),
    ]


    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="trick")
            with Vertical(id="learn-right"):
                with VerticalScroll(id="guide"):
                    yield Static(id="guide-text")
                with VerticalScroll(id="log"):
                    yield Static(id="log-text")
        yield Static(id="status")
        yield HandView(id="hand")
        yield Static(id="keys")

    def on_mount(self) -> None:
        right = self.query_one("#learn-right")
        right.styles.width = "1fr"
        guide = self.query_one("#guide", VerticalScroll)
        guide.styles.height = "1fr"
        guide.styles.border = ("round", "green")
        guide.styles.padding = (0, 1)
        guide.styles.scrollbar_size_vertical = 1
        guide.can_focus = False
        super().on_mount()
        # the guide takes the log's place; the trick panel keeps the last plays
        self.query_one("#log").display = False

    def redraw(self) -> None:
        super().redraw()
        if self.match.state is None:
            return
        guide = self.query_one("#guide", VerticalScroll)
        lang = self.match.presenter.lang(self.match.native)
        guide.border_title = WORDS(lang, "Guide")
        guide.border_subtitle = "PgUp PgDn"
        text = "\n".join(escape(line) for line in guide_lines(self))
        self.query_one("#guide-text", Static).update(text)
        guide.scroll_home(animate=False)

    def action_guide(self, step: int) -> None:
        """Scroll the guide a page up (-1) or down (1)."""
        guide = self.query_one("#guide", VerticalScroll)
        if step < 0:
            guide.scroll_page_up(animate=False)
        else:
            guide.scroll_page_down(animate=False)

    def _result_text(self, summary: HandSummary, final: bool) -> str:
        m = self.match
        lang = m.presenter.lang(m.native)
        text = super()._result_text(summary, final)
        head, _, rest = text.partition("\n")
        return f"{head} · {escape(scoring_line(m.game.name, lang))}\n{rest}"
