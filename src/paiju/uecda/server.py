"""``paiju uecda serve``: a UECda tournament server on the paiju Dai Fugō engine.

The conversation is ``tndhms``'s (``man/protocol.html`` figure 13.4, the 2018 kit's
``daihu.c``): clients connect and send a profile, each gets its player number in the order
of connection, then for every game: the dealt hands, the gifts of the Dai Fugō and the
Fugō, and turn after turn the hand tables to all, the mover's play and its answer (9
accepted, 8 rejected and counted as a pass), the field table to all and the end code (0
on, 1 game over, 2 all over). The rules are the engine's: a :class:`DaifugoSession` under
the ``uecda`` preset deals, seats, exchanges, judges every play and scores; the server
only carries tables. Seats may be filled with paiju players in-process (``--bots``).

A client that disconnects, stalls past the timeout or sends a table that is no table of
cards is dropped: the log names the player, the seat and the reason, and a paiju player
(``fallback``) takes its seat for the rest of the tournament.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any, TextIO

from paiju.bots.base import Bot, make_bot
from paiju.core.seeding import make_rng
from paiju.core.words import plural
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import tokens
from paiju.daifugo.engine.position import EXCHANGE, PLAY
from paiju.daifugo.engine.session import DaifugoSession
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.game import GAME
from paiju.uecda.judge import judge
from paiju.uecda.serve_tables import (
    LockFlag,
    Seating,
    bot_play_table,
    dealt_tables,
    field_table,
    hand_table,
    malformed,
    read_gift,
    read_play,
)
from paiju.uecda.tables import ProtocolError, Table
from paiju.uecda.wire import (
    ACCEPTED,
    ALL_OVER,
    CONTINUE,
    DEFAULT_PORT,
    GAME_OVER,
    PLAYERS,
    REJECTED,
    ServerSeat,
    open_listener,
)

Log = Callable[[str], None]


@dataclass(frozen=True)
class ServeConfig:
    """What ``paiju uecda serve`` is asked to run."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    games: int = 1000
    players: int = PLAYERS
    seed: int | None = None
    #: the players by player number: a paiju player's spec, played in-process, or
    #: ``CLIENT`` for a client over the network; fewer than ``players`` leave the first
    #: numbers to clients
    bots: tuple[str, ...] = ()
    records: Path | None = None
    #: seconds a client may take over each message (None: no limit)
    timeout: float | None = 10.0
    #: the paiju player that takes the seat of a dropped client
    fallback: str = "heuristic"
    rules: Any = "uecda"


#: The seat of a client over the network, in ``ServeConfig.bots`` and ``--bots``.
CLIENT = "client"


def seat_specs(config: ServeConfig) -> tuple[str, ...]:
    """Each player number's player: ``CLIENT`` or a paiju player's spec."""
    return (CLIENT,) * (config.players - len(config.bots)) + tuple(config.bots)


@dataclass
class Entrant:
    """One player of the tournament: a client over the network, or a paiju player."""

    number: int
    name: str
    seat: ServerSeat | None = None
    bot: Bot | None = None
    rng: Random = field(default_factory=Random)
    #: why a client was dropped (None while it plays, and for bots)
    dropped: str | None = None
    #: the places of the games it played to the end itself
    places: list[int] = field(default_factory=list)
    #: the points of those games
    points: float = 0.0
    #: the games the fallback played for it (from the one it was dropped in), their points
    stand_in_games: int = 0
    stand_in_points: float = 0.0

    @property
    def kind(self) -> str:
        if self.dropped is not None:
            return "dropped"
        return "client" if self.seat is not None else "paiju"


@dataclass(frozen=True)
class Judged:
    """What tndhms judges a play by: the mover's hand table and the last field table."""

    hand: Table
    field: Table


@dataclass(frozen=True)
class Standing:
    """One line of the results table: what the player earned itself, then its stand-in."""

    place: int
    player: int
    name: str
    kind: str
    #: the points of the games it played to the end itself, and how many those were
    points: float
    games: int
    #: how many of those games the player finished 1st, 2nd, ... last
    places: tuple[int, ...]
    #: the games the fallback played for it (from the one it was dropped in), their points
    stand_in_games: int = 0
    stand_in_points: float = 0.0


class Tournament:
    """A UECda tournament: ``listen``, then ``run`` to the last game."""

    def __init__(self, config: ServeConfig, log: Log | None = None) -> None:
        if config.players != PLAYERS:
            raise ValueError(f"a UECda table seats {PLAYERS} players, not {config.players}")
        if len(config.bots) > config.players:
            raise ValueError(f"{len(config.bots)} bots for {config.players} seats")
        if config.games < 1:
            raise ValueError("a tournament has at least one game")
        self.config = config
        self.log: Log = log or (lambda _: None)
        self.rules = GAME.rules(config.rules)
        if self.rules.card_request:
            raise ValueError("the UECda protocol has no request for cards: card_request "
                             "must be off")
        #: each player number's player, and the paiju players' bots in that order
        self.seats = seat_specs(config)
        self.bots = [make_bot(spec, GAME.name) for spec in self.seats if spec != CLIENT]
        make_bot(config.fallback, GAME.name)  # a bad fallback spec fails now, not at the first drop
        self.session = DaifugoSession(self.rules, config.players, config.seed)
        self.entrants: list[Entrant] = []
        self.listener: socket.socket | None = None
        self.games_played = 0
        self.rejected = 0
        #: client plays that the rules judge otherwise than tndhms would
        self.disagreements = 0

    # ------------------------------------------------------------ entering

    def listen(self) -> int:
        """Bind and listen; the port (useful when asked for port 0)."""
        self.listener = open_listener(self.config.host, self.config.port)
        port: int = self.listener.getsockname()[1]
        return port

    def enter_players(self) -> None:
        """Accept the clients, which take the clients' numbers in the order they enter,
        then seat the paiju players at theirs."""
        if self.listener is None:
            self.listen()
        assert self.listener is not None
        numbers = [n for n, spec in enumerate(self.seats) if spec == CLIENT]
        entered: list[Entrant] = []
        while len(entered) < len(numbers):
            number = numbers[len(entered)]
            sock, addr = self.listener.accept()
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            seat = ServerSeat(sock, number, self.config.timeout)
            try:
                name = seat.greet(old_protocol=True)
            except ProtocolError as err:
                self.log(f"refused a client from {addr[0]}: {err}")
                seat.close()
                continue
            rng = make_rng(self.config.seed, "uecda-client", number)  # for its stand-ins
            entered.append(Entrant(number, name, seat=seat, rng=rng))
            self.log(f"player {number}: {name!r} from {addr[0]}, protocol {seat.version}")
        played = [(n, spec) for n, spec in enumerate(self.seats) if spec != CLIENT]
        for (number, spec), bot in zip(played, self.bots, strict=True):
            rng = make_rng(self.config.seed, "uecda-bot", number)
            entered.append(Entrant(number, spec[:15], bot=bot, rng=rng))
            self.log(f"player {number}: paiju player {spec!r}")
        self.entrants = sorted(entered, key=lambda e: e.number)
        self.listener.close()
        self.listener = None

    # ------------------------------------------------------------ the tournament

    def run(self) -> list[Standing]:
        """Enter the players if not yet done, play every game, close; the standings."""
        if not self.entrants:
            self.enter_players()
        out = None
        if self.config.records is not None:
            out = self.config.records.open("w", encoding="utf-8")
        try:
            every = progress_every(self.config.games)
            for number in range(1, self.config.games + 1):
                record = self.play_game(number)
                if out is not None:
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
                    out.flush()
                if number % every == 0 and number < self.config.games:
                    self.log(self.progress())
        finally:
            if out is not None:
                out.close()
            for e in self.entrants:
                if e.seat is not None:
                    e.seat.close()
        return self.standings()

    def play_game(self, number: int) -> dict[str, Any]:
        """Deal, exchange and play game ``number``; its record."""
        state = self.session.deal()
        seating = Seating.of(state, self.session.seat_players())
        self._exchange(state, seating)
        field_cards = Table.empty()
        field = Table.empty()
        lock = LockFlag()
        last = number == self.config.games
        while not state.is_terminal():
            if state.pos.table is None:
                field_cards = Table.empty()
                lock.clear()
            seat = state.to_move()
            assert seat is not None
            mover = seating.players[seat]
            hand = hand_table(state, seating, mover, mover, lock.on)
            for e in self._clients():
                self._send(e, hand_table(state, seating, e.number, mover, lock.on), "hand")
            shown = self._turn(state, seat, mover, Judged(hand, field))
            if shown is not None:
                lock.play(shown, field_cards)
                field_cards = shown
            field = table = field_table(state, seating, field_cards, mover, lock.on)
            code = CONTINUE if not state.is_terminal() else ALL_OVER if last else GAME_OVER
            for e in self._clients():
                self._send(e, table, "field")
            for e in self._clients():
                self._end(e, code)
        result = self.session.finish(state)
        for place, seat in enumerate(result.order):
            e = self.entrants[seating.players[seat]]
            if e.dropped is None:
                e.places.append(place)
                e.points += result.points[seat]
            else:
                e.stand_in_games += 1
                e.stand_in_points += result.points[seat]
        self.games_played += 1
        record = state.record()
        record["uecda"] = {"game": number, "players": list(seating.players),
                           "names": [self.entrants[p].name for p in seating.players]}
        return record

    # ------------------------------------------------------------ the exchange

    def _exchange(self, state: DaifugoState, seating: Seating) -> None:
        tables = dealt_tables(state, seating)
        for e in self._clients():
            self._send(e, tables[e.number], "dealt hand")
        while state.pos.phase == EXCHANGE:
            seat = state.to_move()
            assert seat is not None
            state.apply(self._gift(state, seat, seating.players[seat]))

    def _gift(self, state: DaifugoState, seat: int, player: int) -> Action:
        e = self.entrants[player]
        if e.seat is None:
            return self._bot_action(e, state, seat)
        table = self._read(e, "cards given in the exchange")
        if table is None:
            return self._bot_action(e, state, seat)
        bad = malformed(table)
        if bad is not None:
            self._drop(e, f"malformed gift table: {bad}")
            return self._bot_action(e, state, seat)
        cards, why = read_gift(table)
        action = Action(seat, "give", tuple(cards or ()))
        why = why or state.why_illegal(action)
        if why is None:
            return action
        k = state.pos.exchange[0][2]
        best = state.book.poor_gift(state.pos.hands[seat], k)
        self.log(f"game {self.games_played + 1}: player {player}'s gift is refused ({why}); "
                 f"the server gives its strongest {k}, as tndhms does")
        return Action(seat, "give", tuple(tokens(best)))

    # ------------------------------------------------------------ turns

    def _turn(self, state: DaifugoState, seat: int, player: int, seen: Judged
              ) -> Table | None:
        """Play ``player``'s turn; the table the field shows if a play was accepted."""
        e = self.entrants[player]
        revolution = state.pos.revolution
        if e.seat is None or state.pos.phase != PLAY:
            return self._bot_turn(e, state, seat, revolution)
        table = self._read(e, "play")
        if table is None:
            return self._bot_turn(e, state, seat, revolution)
        bad = malformed(table)
        if bad is not None:
            self._answer(e, REJECTED)
            self._drop(e, f"malformed play table: {bad}")
            return self._bot_turn(e, state, seat, revolution)
        cards, why = read_play(table)
        if cards:
            action = Action(seat, "play", cards)
            why = state.why_illegal(action)
            if why is None:
                self._compare(player, table, seen, ACCEPTED, "accept")
                self._answer(e, ACCEPTED)
                state.apply(action)
                return table.cards_part()
        if cards is None or cards:
            self.rejected += 1
            shown = " ".join(cards or ()) or "the table " + str(table.nonzero())
            self.log(f"game {self.games_played + 1}: player {player}'s play {shown} "
                     f"answered 8 (a pass): {why}")
            self._compare(player, table, seen, REJECTED, "reject")
            self._answer(e, REJECTED)
        else:
            self._answer(e, ACCEPTED if state.pos.table is None else REJECTED)
        return self._pass(e, state, seat, revolution)

    def _compare(self, player: int, play: Table, seen: Judged, answer: int, does: str
                 ) -> None:
        """Count and log a play that tndhms would answer otherwise (``judge``)."""
        if judge(seen.hand, play, seen.field)[0] != answer:
            self.disagreements += 1
            self.log(f"game {self.games_played + 1}: the rules {does} player {player}'s play, "
                     f"tndhms would not: (row, column, value) {play.nonzero()}")

    def _pass(self, e: Entrant, state: DaifugoState, seat: int, revolution: bool
              ) -> Table | None:
        """Count the turn as a pass; where the rules let this seat not pass (a leader must
        play), the fallback player plays for it this turn."""
        action = Action(seat, "pass")
        why = state.why_illegal(action)
        if why is None:
            state.apply(action)
            return None
        self.log(f"game {self.games_played + 1}: player {e.number} passed, but {why}; "
                 f"{self.config.fallback} plays this turn for it")
        fallback = make_bot(self.config.fallback, GAME.name)
        return self._apply_bot(e, state, seat, revolution, fallback)

    def _bot_turn(self, e: Entrant, state: DaifugoState, seat: int, revolution: bool
                  ) -> Table | None:
        assert e.bot is not None
        return self._apply_bot(e, state, seat, revolution, e.bot)

    def _apply_bot(self, e: Entrant, state: DaifugoState, seat: int, revolution: bool,
                   bot: Bot) -> Table | None:
        action = bot.choose(state.view(seat), e.rng)
        state.apply(action)
        if not isinstance(action, Action) or action.do != "play":
            return None
        return bot_play_table(action.cards, revolution)

    def _bot_action(self, e: Entrant, state: DaifugoState, seat: int) -> Action:
        assert e.bot is not None
        action = e.bot.choose(state.view(seat), e.rng)
        assert isinstance(action, Action)
        return action

    # ------------------------------------------------------------ clients

    def _clients(self) -> list[Entrant]:
        return [e for e in self.entrants if e.seat is not None]

    def _send(self, e: Entrant, table: Table, what: str) -> None:
        assert e.seat is not None
        try:
            e.seat.send(table, what)
        except ProtocolError as err:
            self._drop(e, str(err))

    def _read(self, e: Entrant, what: str) -> Table | None:
        assert e.seat is not None
        try:
            return e.seat.read(what)
        except ProtocolError as err:
            self._drop(e, str(err))
            return None

    def _answer(self, e: Entrant, value: int) -> None:
        if e.seat is not None:
            try:
                e.seat.answer(value)
            except ProtocolError as err:
                self._drop(e, str(err))

    def _end(self, e: Entrant, code: int) -> None:
        if e.seat is not None:
            try:
                e.seat.end(code)
            except ProtocolError as err:
                self._drop(e, str(err))

    def _drop(self, e: Entrant, reason: str) -> None:
        """Close a failed client; the fallback paiju player takes its seat."""
        if e.seat is None:
            return
        seat = self.session.seat_players().index(e.number)
        self.log(f"game {self.games_played + 1}: player {e.number} ({e.name!r}, seat {seat}) "
                 f"dropped: {reason}; {self.config.fallback} takes the seat")
        e.seat.close()
        e.seat = None
        e.dropped = reason
        e.bot = make_bot(self.config.fallback, GAME.name)
        e.rng = make_rng(self.config.seed, "uecda-fallback", e.number)

    # ------------------------------------------------------------ results

    def progress(self) -> str:
        """A line of the log on the way: the games played and who leads so far."""
        first = min(self.entrants, key=rank_key)
        return (f"{self.games_played} of {plural(self.config.games, 'game')} played; "
                f"leading: player {first.number} ({first.name!r}), {first.points:g} points")

    def standings(self) -> list[Standing]:
        """The players best first: by the points they earned themselves, in the games
        they played to the end; a stand-in's points never count. Ties go to the player
        with fewer games stood in for, then to the lower player number."""
        order = sorted(self.entrants, key=rank_key)
        n = self.config.players
        return [Standing(i + 1, e.number, e.name, e.kind, e.points, len(e.places),
                         tuple(e.places.count(k) for k in range(n)),
                         e.stand_in_games, e.stand_in_points)
                for i, e in enumerate(order)]


def progress_every(games: int) -> int:
    """Games between the log's progress lines: a tenth of the tournament, at least 10."""
    return max(10, games // 10)


def rank_key(e: Entrant) -> tuple[float, int, int]:
    """The order of the results table (docs/uecda.md, "The results")."""
    return (-e.points, e.stand_in_games, e.number)


def _columns(rows: Sequence[Sequence[str]], left: Sequence[int], gap: Sequence[int]) -> str:
    """Rows as text columns: those in ``left`` flush left, the others right; ``gap[i]``
    spaces before column ``i + 1``."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "".join((" " * gap[i - 1] if i else "") + (c.ljust(w) if i in left else c.rjust(w))
                for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip()
        for r in rows)


def results_table(standings: Sequence[Standing]) -> str:
    """The standings as text within 80 columns: each player's own points and places,
    then the games each played itself and a stand-in's for it, apart (its points do not
    rank it)."""
    n = len(standings[0].places) if standings else PLAYERS
    places = [f"{k + 1}{'st' if k == 0 else 'nd' if k == 1 else 'rd' if k == 2 else 'th'}"
              for k in range(n)]
    heads = ["place", "player", "name", "kind", "points", "per game", *places]
    rows = [[str(s.place), str(s.player), s.name, s.kind, f"{s.points:g}",
             f"{s.points / s.games:.3f}" if s.games else "-", *map(str, s.places)]
            for s in standings]
    table = _columns([heads, *rows], (2, 3), (2,) * 6 + (1,) * n)
    games = {s.games for s in standings}
    if len(games) == 1 and not any(s.stand_in_games for s in standings):
        return table + f"\nevery player played all {plural(games.pop(), 'game')} itself"
    stand = _columns([["player", "name", "own games", "stand-in games", "stand-in points"],
                      *([str(s.player), s.name, str(s.games), str(s.stand_in_games),
                         f"{s.stand_in_points:g}" if s.stand_in_games else "-"]
                        for s in standings)], (1,), (2,) * 4)
    return table + "\n\ngames each played itself, and a stand-in's for it:\n" + stand


def serve(config: ServeConfig, log: Log | None = None, out: TextIO | None = None
          ) -> list[Standing]:
    """Run a whole tournament; the standings (also printed to ``out`` if given)."""
    tournament = Tournament(config, log)
    port = tournament.listen()
    if log is not None:
        need = tournament.seats.count(CLIENT)
        log(f"listening on {config.host}:{port} for {plural(need, 'client')}, "
            f"{plural(config.games, 'game')}")
    standings = tournament.run()
    if log is not None:
        dropped = [e.number for e in tournament.entrants if e.dropped is not None]
        log(f"{plural(tournament.games_played, 'game')} played; clients dropped: "
            f"{', '.join(map(str, dropped)) or 'none'}")
        log(f"{plural(tournament.rejected, 'play')} answered 8; "
            f"{tournament.disagreements} judged otherwise than tndhms would")
    if out is not None:
        out.write(results_table(standings) + "\n")
    return standings
