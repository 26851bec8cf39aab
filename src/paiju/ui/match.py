"""A session at the table: the person (or nobody, when watching) and the computer players.

:class:`Match` deals the session's hands, asks the computer players for their
decisions, checks the person's choices with the engine (``why_illegal``), keeps the
log and the current trick as the person saw them, settles each hand into the
session's totals and saves its record. It knows games only through
:mod:`paiju.core` and the presenters, and draws nothing itself, so the full-screen
app and the plain-text watch mode share it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paiju.bots.base import Bot, make_bot
from paiju.core.errors import PaijuError
from paiju.core.games import get_game
from paiju.core.protocol import Action, Result, State, View
from paiju.core.seeding import make_rng
from paiju.table.computers import computer_part
from paiju.table.hints import HINT_ITERATIONS, HINT_SECONDS, Hint, search_hint
from paiju.table.present import Presenter, Seen, presenter_for, you_name
from paiju.table.text import Words, joined
from paiju.ui.datadir import record_path, save_record

WORDS = Words("table")


@dataclass(frozen=True)
class HandSummary:
    """The end of one hand: what happened, each player's payment and the running totals."""

    number: int
    lines: tuple[str, ...]
    payments: tuple[float, ...]  # by player
    totals: tuple[float, ...]  # by player, after this hand
    record_file: Path | None


@dataclass
class Match:
    """A session between the person (player ``human``, or ``None`` to watch) and computers."""

    game_name: str
    rules: Any
    players: int
    bot_specs: Sequence[str] = ("heuristic",)
    seed: int | None = None
    hands: int | None = None
    human: int | None = 0
    save: bool = True
    hint_seconds: float | None = HINT_SECONDS
    hint_iterations: int | None = HINT_ITERATIONS
    session_id: str = ""
    log: list[str] = field(default_factory=list)
    trick: list[str] = field(default_factory=list)
    last_trick: list[str] = field(default_factory=list)
    summaries: list[HandSummary] = field(default_factory=list)
    #: Every record file written this session, finished hands and the unfinished one alike.
    saved_files: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = get_game(self.game_name)
        self.presenter: Presenter = presenter_for(self.game.name)
        if self.players not in self.game.player_counts:
            counts = ", ".join(map(str, self.game.player_counts))
            raise PaijuError(f"{self.game.title} is for {counts} players, not {self.players}")
        if self.human is not None and not 0 <= self.human < self.players:
            raise PaijuError(f"there is no player {self.human} among {self.players}")
        if self.hands is not None and self.hands < 1:
            raise PaijuError(f"a session lasts at least one hand, not {self.hands}")
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(1_000_000)
        if not self.session_id:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.session_id = f"{stamp}-{self.game.name}-seed{self.seed}"
        specs = list(self.bot_specs) or ["heuristic"]
        computers = [p for p in range(self.players) if p != self.human]
        self.bots: dict[int, Bot] = {}
        self.spec_of: dict[int, str] = {}
        for i, player in enumerate(computers):
            spec = specs[min(i, len(specs) - 1)]
            try:
                self.bots[player] = make_bot(spec, self.game.name)
            except ValueError as err:
                raise PaijuError(str(err)) from None
            self.spec_of[player] = spec
        self.rngs = {p: make_rng(self.seed, "ui player", p) for p in self.bots}
        self.session = self.game.new_session(self.rules, self.players, self.seed)
        self.state: State | None = None
        self.seats: tuple[int, ...] = ()
        self.native: bool | str = False  # True: the game's own language; or a language code
        self._seen: tuple[int, Seen] | None = None
        self._count = 0
        self._hints = 0
        self._keep_last: State | None = None

    # ------------------------------------------------------------ seats and names

    @property
    def observer(self) -> int:
        """The player whose view the table shows: the person, or player 0 when watching."""
        return 0 if self.human is None else self.human

    @property
    def lang(self) -> str:
        """The language the table speaks now (the ``n`` key switches it)."""
        return self.presenter.lang(self.native)

    def player_name(self, player: int, lang: str | None = None) -> str:
        """The player's name: "You" in the table's language for the person, else ``P1``."""
        if player == self.human:
            return you_name(self.lang if lang is None else lang)
        return f"P{player}"

    def leaders_said(self, totals: list[float], lang: str) -> str:
        """Who has the most points, in words: one player, several level, or everyone."""
        most = max(totals)
        leaders = [p for p in range(len(totals)) if totals[p] == most]
        if len(leaders) == len(totals):
            return WORDS(lang, "Everyone is level on points.")
        names = joined(lang, [self.player_name(p, lang) for p in leaders])
        if len(leaders) > 1:
            return WORDS(lang, "Most points, level: {names}.", names=names)
        return WORDS(lang, "Most points: {name}.", name=names)

    def seat_names(self) -> list[str]:
        """The name of the player at each seat of the current hand."""
        return [self.player_name(p) for p in self.seats]

    def player_labels(self) -> list[str]:
        """Each player's name with the computer player's strength, in the table's language."""
        return [
            WORDS(self.lang, "{name} ({part})", name=self.player_name(p),
                  part=computer_part(self.spec_of[p], self.lang))
            if p in self.spec_of else self.player_name(p)
            for p in range(self.players)
        ]

    @property
    def observer_seat(self) -> int:
        return self.seats.index(self.observer)

    def seen(self) -> Seen:
        """The observer's view of the current position (made once per position)."""
        assert self.state is not None
        key = self._count
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, Seen.of(self.state, self.observer_seat))
        return self._seen[1]

    # ------------------------------------------------------------ the flow of a session

    @property
    def hand_number(self) -> int:
        """The number of the current (or last) hand, counted from 1."""
        return self.session.hands_played + (0 if self.state is None else 1)

    def session_over(self) -> bool:
        return self.hands is not None and self.session.hands_played >= self.hands

    def deal(self) -> State:
        """Deal the next hand."""
        if self.session_over():
            raise PaijuError(f"the session of {self.hands} hands is over")
        self.state = self.session.deal()
        self.seats = tuple(self.session.seat_players())
        self._count = 0
        self._seen = None
        self.log.clear()
        self.trick.clear()
        self.last_trick.clear()
        lang = self.lang
        self.log.append(WORDS(lang, "Hand {hand}: {seats}.", hand=self.hand_number,
                              seats=self.seating_line()))
        # the presenters' few words of the rules are English; another language names
        # the preset and the options changed from it, as the header does
        rules = (self.presenter.rules_words(self.rules) if lang == "en"
                 else self.presenter.rules_line(self.rules))
        self.log.append(WORDS(lang, "Rules {rules}.", rules=rules))
        self.log.extend(self.deal_lines())
        return self.state

    def deal_lines(self) -> list[str]:
        """What passed between seats at the deal (Dai Fugō's poor give their best cards),
        with the cards where the person gave or received them."""
        assert self.state is not None
        known = self.presenter.known_at_deal(self.state.view(self.observer_seat))
        return self.presenter.opening_lines(self.seen().data, self.rules, self.seat_names(),
                                            self.native, known)

    def role_of(self, seat: int) -> str:
        """The part the player at ``seat`` has this hand, as the table shows it."""
        assert self.state is not None
        return self.presenter.role(Seen.of(self.state, seat), self.native)

    def seating_line(self) -> str:
        """Who sits where this hand, by name and part, a phrase a seat: ``You are Master,
        P1 is second, ...``, or the order of play when nobody has a part."""
        lang = self.lang
        names = self.seat_names()
        roles = [self.role_of(seat) for seat in range(len(names))]
        if not any(roles):
            return WORDS(lang, "play goes {names}", names=joined(lang, names))
        parts = []
        for seat, (name, role) in enumerate(zip(names, roles, strict=True)):
            if not role:
                parts.append(name)
            elif self.seats[seat] == self.human:
                parts.append(WORDS(lang, "You are {role}", role=role))
            else:
                parts.append(WORDS(lang, "{name} is {role}", name=name, role=role))
        return joined(lang, parts)

    def total_of(self, player: int) -> float:
        """The player's running total over the session's settled hands."""
        return float(self.session.totals[player])

    def to_move(self) -> int | None:
        return None if self.state is None else self.state.to_move()

    def human_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and self.human is not None and self.seats[seat] == self.human

    def bot_to_move(self) -> int | None:
        """The seat of the computer player to move, if it is a computer's turn."""
        seat = self.to_move()
        if seat is None or self.seats[seat] == self.human:
            return None
        return seat

    def bot_view(self, seat: int) -> View:
        """The view a computer player decides from (a snapshot, safe to use in a thread)."""
        assert self.state is not None
        return self.state.view(seat)

    def bot_choose(self, seat: int, view: View) -> Action:
        """The computer player's decision from ``view``; pure, may run in a worker thread."""
        player = self.seats[seat]
        return self.bots[player].choose(view, self.rngs[player])

    def play_bot(self) -> Action:
        """Let the computer player to move decide and play (in this thread)."""
        seat = self.bot_to_move()
        if seat is None:
            raise PaijuError("it is not a computer player's turn")
        action = self.bot_choose(seat, self.bot_view(seat))
        self.apply(action)
        return action

    def attempt(self, do: str, tokens: Sequence[str]) -> str | None:
        """The person's action: ``None`` if played, else why not (the engine's reason,
        said in the table's language with the cards as the screen writes them)."""
        assert self.state is not None
        seat = self.to_move()
        lang = self.lang
        if seat is None:
            return WORDS.c(lang, "error", "the hand is over")
        if not self.human_to_move():
            return WORDS.c(lang, "error", "it is {name}'s turn, not yours",
                           name=self.seat_names()[seat])
        legal = self.state.legal_actions()
        data = self.presenter.build(do, seat, tokens, legal)
        try:
            action = self.game.action_from_json(data)
        except PaijuError as err:
            return self.presenter.refusal(str(err), lang)
        why = self.state.why_illegal(action)
        if why is not None:
            return self.presenter.refusal(why, lang)
        self.apply(action)
        return None

    def apply(self, action: Action) -> None:
        """Play ``action`` (checked by the engine) and note it in the log and the trick."""
        assert self.state is not None
        before = self.seen()
        self.state.apply(action)
        self._count += 1
        data = action.to_json()
        told = {**before.data, "actions": [data]}  # to whom a card goes
        line = self.presenter.describe(self.presenter.log_items(told, self.rules)[0],
                                       self.observer_seat, self.seat_names(), self.native)
        self.log.append(line)
        seen = self.seen()
        history = seen.data.get("actions") or [{}]
        fired = self.presenter.rule_lines(history[-1], self.native)  # a house rule named
        fired += self.presenter.going_out_lines(before, seen, self.seat_names(), self.native)
        self.log.extend(fired)
        if not self.presenter.in_trick(data):
            return
        self.trick.append(line)
        self.trick.extend(fired)
        if self.presenter.table_cleared(before, seen):
            note = self.presenter.cleared_note(seen, self.seat_names(), self.native)
            if note:
                self.trick.append(note)
                self.log.append(note)
            self.last_trick = list(self.trick)
            self.trick.clear()

    def finish(self) -> HandSummary:
        """Settle the finished hand into the session, save its record, and sum it up."""
        state = self.state
        assert state is not None and state.is_terminal()
        result: Result = self.session.finish(state)
        names = self.seat_names()
        lines = list(self.presenter.result_lines(
            Seen.of(state, self.observer_seat), state.report(), names, self.native))
        payments = [0.0] * self.players
        for seat, player in enumerate(self.seats):
            payments[player] = float(result.points[seat])
        path = self.save_hand(self.session.hands_played) if self.save else None
        summary = HandSummary(
            self.session.hands_played, tuple(lines), tuple(payments),
            tuple(float(t) for t in self.session.totals), path,
        )
        self.summaries.append(summary)
        for line in lines:
            self.log.append(line)
        self.state = None
        self._keep_last = state
        return summary

    def result_lines(self, summary: HandSummary) -> tuple[str, ...]:
        """The lines that sum up ``summary``'s hand, in the table's language now (``n``
        may have changed it since the hand ended): the last hand's said again, another's
        as they were said."""
        state = self._keep_last
        if self.state is not None or state is None or summary is not self.summaries[-1]:
            return summary.lines
        return tuple(self.presenter.result_lines(
            Seen.of(state, self.observer_seat), state.report(), self.seat_names(), self.native))

    def save_hand(self, number: int, state: State | None = None) -> Path:
        """Save the record of hand ``number`` (the current hand unless ``state`` is given)."""
        st = state if state is not None else (self.state or self._keep_last)
        assert st is not None
        return self._saved(save_record(record_path(self.game.name, self.session_id, number),
                                       self._with_you(st.record())))

    def _with_you(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record with the seat the person played (``you``; none when watching)."""
        if self.human is not None:
            record["you"] = self.observer_seat
        return record

    def _saved(self, path: Path) -> Path:
        if path not in self.saved_files:
            self.saved_files.append(path)
        return path

    def save_unfinished(self) -> Path | None:
        """Save the hand in progress, from its deal on (called when leaving)."""
        if self.state is None or not self.save:
            return None
        return self._saved(save_record(
            record_path(self.game.name, self.session_id, self.hand_number),
            self._with_you(self.state.record())
        ))

    # ------------------------------------------------------------ hints

    def hint_view(self) -> View:
        """The person's view, for the hint (a snapshot, safe to search in a thread)."""
        return self.seen().view

    def hint(self, view: View) -> Hint:
        """Ask the search for the best action from ``view``; pure, may run in a worker thread."""
        self._hints += 1
        rng = make_rng(self.seed, "hint", self.hand_number, self._count, self._hints)
        return search_hint(view, self.game_name, self.presenter, self.seat_names(), self.native,
                           rng, self.hint_seconds, self.hint_iterations)

