"""The simulator: many hands between computer players, reproducible from one seed.

Units of play
    A *group* is the unit the statistics are computed over. With independent hands
    (``hands_per_session == 1``) a group is one deal; with sessions it is one session
    of ``hands_per_session`` hands, dealt by ``game.new_session`` so that the hands
    depend on each other as the rules say (Dai Fugō's card exchange, the loser's lead,
    Luk Fu's dealer rotation and running totals).

Seating
    Players are the entries of the bot list, numbered 0 .. n-1. In *seating* ``r``
    seat (or session player) ``s`` is taken by player ``(s + r) mod n``.
    Duplicate play replays every group at all ``n`` seatings, so every player meets
    the same cards from every seat; without duplicate play group ``g`` is played once,
    at seating ``g mod n`` (seat rotation).

Reproducibility
    Every group's deal (or session seed) and every hand's player randomness are
    derived from the seed and the group's number alone, so the results do not depend
    on how the groups are shared between worker processes or Ray tasks.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from paiju.bots.base import Bot, RandomBot, make_bot
from paiju.core.games import get_game
from paiju.core.protocol import Game, Result, State, plays_out
from paiju.core.seeding import derive_seed, make_rng
from paiju.sim.progress import PROGRESS_DELAY as PROGRESS_DELAY
from paiju.sim.progress import Progress as Progress  # the commands import it from here
from paiju.sim.progress import ProgressSink
from paiju.sim.stats import Interval, Running


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    game: str
    rules: Any
    players: int
    bots: tuple[str, ...]
    hands: int
    seed: int
    overrides: Mapping[str, Any] = field(default_factory=dict)
    duplicate: bool = True
    hands_per_session: int = 1

    @property
    def seatings(self) -> int:
        """Seatings each group is played at."""
        return self.players if self.duplicate else 1

    @property
    def hands_per_group(self) -> int:
        return self.seatings * self.hands_per_session

    @property
    def groups(self) -> int:
        """Groups needed to play at least ``hands`` hands."""
        return max(1, math.ceil(self.hands / self.hands_per_group))

    def seating(self, group: int, index: int) -> int:
        """The rotation of the ``index``-th playing of ``group``."""
        return index if self.duplicate else group % self.players


@dataclass
class GroupOutcome:
    """The totals of one group: points and wins per player, summed over its hands."""

    group: int
    hands: int
    points: list[float]
    wins: list[int]
    decisions: int
    records: list[dict[str, Any]] = field(default_factory=list)


def check_config(config: SimConfig) -> Game:
    """The game of ``config``, after checking everything that can be checked up front."""
    game = get_game(config.game)
    game.rules(config.rules, dict(config.overrides))
    if config.players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        raise ValueError(f"{game.title} is for {counts} players, not {config.players}")
    if len(config.bots) != config.players:
        raise ValueError(
            f"{config.players} players need {config.players} bots, "
            f"not {len(config.bots)} ({','.join(config.bots)})"
        )
    for spec in config.bots:
        make_bot(spec, game.name)
    if config.hands < 1:
        raise ValueError(f"--hands must be at least 1, not {config.hands}")
    if config.hands_per_session < 1:
        raise ValueError(f"hands per session must be at least 1, not {config.hands_per_session}")
    return game


class SimPlayer:
    """Runs one simulation's groups in this process."""

    def __init__(self, config: SimConfig, want_records: bool) -> None:
        self.config = config
        self.game = get_game(config.game)
        self.rules = self.game.rules(config.rules, dict(config.overrides))
        self.bots: list[Bot] = [make_bot(spec, self.game.name) for spec in config.bots]
        self.want_records = want_records
        self.policy = playout_policy(self.bots)

    def group(self, group: int) -> GroupOutcome:
        cfg = self.config
        n = cfg.players
        out = GroupOutcome(group, 0, [0.0] * n, [0] * n, 0)
        for index in range(cfg.seatings):
            rotation = cfg.seating(group, index)
            if cfg.hands_per_session == 1:
                state = self.game.new_hand(self.rules, n, make_rng(cfg.seed, "deal", group))
                seat_players = list(range(n))
                self._play(out, state, seat_players, rotation, (group, index, 0))
                continue
            session = self.game.new_session(
                self.rules, n, derive_seed(cfg.seed, "session", group)
            )
            for hand in range(cfg.hands_per_session):
                state = session.deal()
                seat_players = list(session.seat_players())
                self._play(out, state, seat_players, rotation, (group, index, hand))
                session.finish(state)
        return out

    def _play(
        self,
        out: GroupOutcome,
        state: State,
        seat_players: Sequence[int],
        rotation: int,
        label: tuple[int, int, int],
    ) -> None:
        n = self.config.players
        owner = [(seat_players[seat] + rotation) % n for seat in range(len(seat_players))]
        rng = make_rng(self.config.seed, "play", *label)
        bots = self.bots
        decisions = 0
        played = None
        if self.policy is not None and plays_out(state):  # the game's fast path
            played = state.playout(rng, self.policy)
        if played is not None:
            decisions = played
        while played is None:
            seat = state.to_move()
            if seat is None:
                break
            state.apply(bots[owner[seat]].choose(state.view(seat), rng))
            decisions += 1
        result: Result = state.result()
        out.hands += 1
        out.decisions += decisions
        for seat, points in enumerate(result.points):
            out.points[owner[seat]] += points
        for seat in result.winners:
            out.wins[owner[seat]] += 1
        if self.want_records:
            out.records.append(state.record())


def playout_policy(bots: Sequence[Bot]) -> str | None:
    """The play-out policy every one of ``bots`` plays by, when a state's fast path can play
    their hand for them (``State.playout``, where a game offers it): ``random`` when all are
    plain random players, ``heuristic`` when all are plain rule-based ones; else ``None``.

    A fast play-out draws from the seat's legal actions, in their order, exactly as the
    player would from its view, so the same seed gives the same hand on either path."""
    from paiju.bots.heuristic import HeuristicBot

    kinds = {type(bot) for bot in bots}
    if kinds == {RandomBot}:
        return "random"
    if kinds == {HeuristicBot}:
        return "heuristic"
    return None


_WORKER: SimPlayer | None = None


def _init_worker(config: SimConfig, want_records: bool) -> None:
    global _WORKER
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to answer
    _WORKER = SimPlayer(config, want_records)


def _run_batch(groups: Sequence[int]) -> list[GroupOutcome]:
    assert _WORKER is not None
    return [_WORKER.group(g) for g in groups]


def run_batch(config: SimConfig, want_records: bool, groups: Sequence[int]) -> list[GroupOutcome]:
    """Play ``groups`` of ``config`` in this process (the unit of work of every backend)."""
    player = SimPlayer(config, want_records)
    return [player.group(g) for g in groups]


def batches(groups: int, size: int) -> list[list[int]]:
    """Group numbers ``0 .. groups-1`` cut into consecutive batches of ``size``."""
    return [list(range(i, min(i + size, groups))) for i in range(0, groups, size)]


def iter_outcomes(
    config: SimConfig,
    workers: int = 1,
    backend: str = "local",
    want_records: bool = False,
    batch_size: int | None = None,
) -> Iterator[GroupOutcome]:
    """Every group's outcome, in group order, whatever the backend."""
    total = config.groups
    if backend == "ray":
        from paiju.sim.ray_backend import ray_outcomes

        size = batch_size or max(1, math.ceil(total / (8 * max(workers, 1))))
        yield from ray_outcomes(config, want_records, batches(total, size), workers)
        return
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r}; known: local, ray")
    if workers <= 1:
        player = SimPlayer(config, want_records)
        for g in range(total):
            yield player.group(g)
        return
    import multiprocessing

    size = batch_size or max(1, min(64, math.ceil(total / (16 * workers))))
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    with context.Pool(workers, initializer=_init_worker, initargs=(config, want_records)) as pool:
        for outcomes in pool.imap(_run_batch, batches(total, size)):
            yield from outcomes


@dataclass(frozen=True)
class PlayerRow:
    """One player's results."""

    player: int
    bot: str
    points: Interval
    win_rate: Interval

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "bot": self.bot,
            "points_per_hand": self.points.to_json(),
            "win_rate": self.win_rate.to_json(),
        }


@dataclass(frozen=True)
class SimResult:
    """Everything a simulation found."""

    config: SimConfig
    hands: int
    groups: int
    decisions: int
    seconds: float
    players: tuple[PlayerRow, ...]
    by_bot: tuple[tuple[str, Interval], ...]
    margins: tuple[tuple[str, str, Interval], ...]
    stopped: bool = False  # interrupted (Ctrl-C): the groups played before it

    def to_json(self) -> dict[str, Any]:
        cfg = self.config
        return {
            "game": cfg.game,
            "rules": cfg.rules,
            "options": dict(cfg.overrides),
            "players": cfg.players,
            "bots": list(cfg.bots),
            "seed": cfg.seed,
            "duplicate": cfg.duplicate,
            "hands_per_session": cfg.hands_per_session,
            "hands": self.hands,
            "groups": self.groups,
            "stopped": self.stopped,
            "interval_unit": _unit(cfg),
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "results": [row.to_json() for row in self.players],
            "by_bot": [{"bot": b, "points_per_hand": i.to_json()} for b, i in self.by_bot],
            "margins": [
                {"bot": a, "over": b, "points_per_hand": i.to_json()} for a, b, i in self.margins
            ],
        }


def _unit(cfg: SimConfig) -> str:
    if cfg.hands_per_session > 1:
        return "session played at every seating" if cfg.duplicate else "session"
    return "deal played at every seating" if cfg.duplicate else "hand"


class Tally:
    """Running statistics over groups, in constant memory however long the simulation."""

    def __init__(self, config: SimConfig) -> None:
        self.config = config
        n = config.players
        self.kinds = list(dict.fromkeys(config.bots))
        self.members = {k: [p for p in range(n) if config.bots[p] == k] for k in self.kinds}
        self.pairs = [
            (a, b) for i, a in enumerate(self.kinds) for b in self.kinds[i + 1:]
        ]
        self.points = [Running() for _ in range(n)]
        self.wins = [Running() for _ in range(n)]
        self.by_kind = {k: Running() for k in self.kinds}
        self.margin = {pair: Running() for pair in self.pairs}
        self.hands = self.groups = self.decisions = 0

    def add(self, outcome: GroupOutcome) -> None:
        """Count one group."""
        self.hands += outcome.hands
        self.groups += 1
        self.decisions += outcome.decisions
        per_hand = [p / outcome.hands for p in outcome.points]
        for p, value in enumerate(per_hand):
            self.points[p].add(value)
            self.wins[p].add(outcome.wins[p] / outcome.hands)
        kind_mean = {
            k: sum(per_hand[p] for p in members) / len(members)
            for k, members in self.members.items()
        }
        for k in self.kinds:
            self.by_kind[k].add(kind_mean[k])
        for a, b in self.pairs:
            self.margin[(a, b)].add(kind_mean[a] - kind_mean[b])

    def result(self, seconds: float, stopped: bool = False) -> SimResult:
        """Per-player and per-bot means and 95% intervals over the groups counted."""
        cfg = self.config
        rows = tuple(
            PlayerRow(p, cfg.bots[p], self.points[p].interval(), _rate(self.wins[p].interval()))
            for p in range(cfg.players)
        )
        return SimResult(
            cfg,
            self.hands,
            self.groups,
            self.decisions,
            seconds,
            rows,
            tuple((k, self.by_kind[k].interval()) for k in self.kinds),
            tuple((a, b, self.margin[(a, b)].interval()) for a, b in self.pairs),
            stopped,
        )


def _rate(interval: Interval) -> Interval:
    """A win rate's interval, kept within [0, 1] where a rate can lie."""
    return Interval(interval.mean, max(0.0, interval.low), min(1.0, interval.high), interval.n)


def summarize(config: SimConfig, outcomes: Sequence[GroupOutcome], seconds: float) -> SimResult:
    """The results of ``outcomes`` (see :class:`Tally`)."""
    tally = Tally(config)
    for outcome in outcomes:
        tally.add(outcome)
    return tally.result(seconds)


def simulate(
    config: SimConfig,
    workers: int = 1,
    backend: str = "local",
    records: Callable[[dict[str, Any]], None] | None = None,
    progress: ProgressSink | None = None,
    batch_size: int | None = None,
) -> SimResult:
    """Run ``config`` and summarize it; ``records`` receives every hand's record in order."""
    check_config(config)
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    start = time.perf_counter()
    tally = Tally(config)
    stopped = False
    try:
        for outcome in iter_outcomes(config, workers, backend, records is not None,
                                     batch_size):
            if records is not None:
                for record in outcome.records:
                    records(record)
            tally.add(outcome)
            if progress is not None:
                progress.advance(outcome.hands)
    except KeyboardInterrupt:  # Ctrl-C: what was played so far, if anything was
        if tally.groups == 0:
            raise
        stopped = True
    if progress is not None:
        progress.close()
    return tally.result(time.perf_counter() - start, stopped)


def default_workers() -> int:
    """One worker per available core."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
