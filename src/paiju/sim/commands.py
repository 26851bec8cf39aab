"""The ``paiju simulate`` and ``paiju bench`` commands."""

from __future__ import annotations

import json
import math
import sys
from typing import Any, NoReturn

import click

from paiju.core.errors import PaijuError
from paiju.core.options import parse_overrides
from paiju.core.params import (
    SEED,
    LazyHelpOption,
    Seconds,
    bot_specs,
    game_argument,
    one_line,
    players_option,
    plural,
    rules_option,
)
from paiju.core.records import dumps_record
from paiju.sim.stats import MIN_UNITS, TOO_FEW

#: The most worker processes ``paiju simulate`` starts.
MAX_WORKERS = 256


def _fail(message: str) -> NoReturn:
    click.echo(f"paiju: {one_line(message)}", err=True)
    sys.exit(2)


def _signed(x: float) -> str:
    if math.isnan(x):
        return "n/a"
    return f"{x:+.3f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def _ci(interval: Any, percent: bool = False) -> str:
    if interval.too_few:
        return f"[{TOO_FEW}]"
    if percent:
        low, high = interval.low * 100, interval.high * 100
        if not (math.isfinite(low) and math.isfinite(high)):
            return "[n/a]"
        return f"[{low:.1f}%, {high:.1f}%]"
    return f"[{_signed(interval.low)}, {_signed(interval.high)}]"


def table(rows: list[list[str]], right: set[int], indent: str = "") -> list[str]:
    """Rows of cells as aligned lines, each column as wide as its widest cell."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        indent + "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def format_result(result: Any) -> str:
    """A simulation result as the table ``paiju simulate`` prints."""
    cfg = result.config
    how = (
        f"duplicate: each {'session' if cfg.hands_per_session > 1 else 'deal'} "
        f"played at all {cfg.players} seatings"
        if cfg.duplicate
        else "seats rotate from one group to the next"
    )
    session = (
        f", sessions of {cfg.hands_per_session} hands" if cfg.hands_per_session > 1 else ""
    )
    options = "".join(f" {k}={v}" for k, v in cfg.overrides.items())
    lines = [
        f"{cfg.game} ({cfg.rules}{options}), {plural(cfg.players, 'player')}, seed {cfg.seed}",
        f"{plural(result.hands, 'hand')} in {plural(result.groups, 'group')} ({how}{session}); "
        f"{plural(result.decisions, 'decision')} in {result.seconds:.1f}s",
        f"95% intervals are over groups (Student's t); from fewer than {MIN_UNITS} groups "
        f"they say {TOO_FEW!r}.",
        "",
    ]
    rows = [["player", "bot", "points/hand", "95% CI", "win rate", "95% CI"]]
    rows += [
        [str(row.player), row.bot, _signed(row.points.mean), _ci(row.points),
         f"{row.win_rate.mean * 100:.1f}%", _ci(row.win_rate, True)]
        for row in result.players
    ]
    lines += table(rows, right={0, 2, 4})
    if len(result.by_bot) > 1:
        lines.append("")
        lines.append("by bot (mean over the players of each bot):")
        lines += table([[bot, _signed(i.mean), _ci(i)] for bot, i in result.by_bot],
                       right={1}, indent="  ")
        lines.append("margins (points per hand, 95% CI over groups):")
        for a, b, interval in result.margins:
            verdict = "" if interval.too_few else (
                " (significant)" if interval.excludes_zero() else " (not significant)")
            lines.append(f"  {a} - {b}: {_signed(interval.mean)} {_ci(interval)}{verdict}")
    return "\n".join(lines)


@click.command("simulate")
@game_argument()
@rules_option(playing=True)
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@players_option("Players, one a seat")
@click.option(
    "--bots", "-b", default=None, metavar="SPEC,...",
    help="Comma-separated player specs, one a seat, the last repeating, e.g. "
    "heuristic,random, strongest (each game's best search) or ismcts:iters=200. "
    "Default: heuristic in every seat, as at the table.",
)
@click.option("--hands", "-H", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Hands to play (rounded up to whole groups).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="The run's seed.")
@click.option("--duplicate/--no-duplicate", default=True, show_default=True,
              help="Replay every deal (or session) at all seatings.")
@click.option("--hands-per-session", type=click.IntRange(min=1), default=1, show_default=True,
              help="Play sessions of this many dependent hands (exchanges, dealer rotation); "
              "1 plays independent hands.")
@click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=1,
              show_default=True, help="Worker processes (results do not depend on it).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="local processes, or a Ray cluster (extra 'ray').")
@click.option("--batch", "batch_size", type=click.IntRange(min=1), default=None,
              help="Groups per task (default: chosen from the number of groups and workers).")
@click.option("--records", "records_path", type=click.Path(dir_okay=False), default=None,
              help="Write every hand's record to this JSON-lines file (for `paiju referee` "
              "and `paiju replay --index N`).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def simulate_cmd(
    game: str, preset: str | None, overrides: tuple[str, ...], players: int | None,
    bots: str | None, hands: int, seed: int, duplicate: bool, hands_per_session: int,
    workers: int, backend: str, batch_size: int | None, records_path: str | None,
    as_json: bool,
) -> None:
    """Play many hands of GAME between computer players and report each player's results.

    A progress bar with the time left shows on a terminal (never when piped).
    """
    from paiju.core.games import default_players, default_preset, get_game
    from paiju.sim.runner import Progress, SimConfig, check_config, simulate

    try:
        g = get_game(game)
        rules = g.rules(preset or default_preset(g, playing=True), parse_overrides(overrides))
        n = players or default_players(g)
        config = SimConfig(
            game=g.name, rules=rules.preset, players=n, bots=bot_specs(bots, n, "heuristic"),
            hands=hands, seed=seed, overrides=parse_overrides(overrides), duplicate=duplicate,
            hands_per_session=hands_per_session,
        )
        check_config(config)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    try:
        handle = open(records_path, "w", encoding="utf-8") if records_path else None  # noqa: SIM115
    except OSError as err:
        _fail(f"cannot write {records_path}: {err.strerror or err}")

    def write(record: dict[str, Any]) -> None:
        assert handle is not None
        handle.write(dumps_record(record) + "\n")

    progress = Progress(config.groups * config.hands_per_group, label="simulate")
    try:
        result = simulate(
            config, workers=workers, backend=backend,
            records=write if handle is not None else None, progress=progress,
            batch_size=batch_size,
        )
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    finally:
        progress.close()
        if handle is not None:
            handle.close()
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2,
                              allow_nan=False))
    else:
        click.echo(format_result(result))
    if result.stopped:
        click.echo(f"paiju: stopped after {plural(result.hands, 'hand')} of "
                   f"{config.groups * config.hands_per_group:,}; the results above are of "
                   "those", err=True)
        sys.exit(130)


def _memory_help() -> str:
    from paiju.sim.bench import MEMORY_HANDS

    return ("Hands of the long simulation that measures memory, played however long they "
            "take (0 skips it). Default: as many as --seconds allows, at most "
            f"{MEMORY_HANDS:,}.")


@click.command("bench")
@click.option("--seconds", "-s", type=Seconds(min=0, min_open=True), default=5.0,
              show_default=True,
              help="Seconds each measurement runs: throughput, search speed, and the memory "
              "run unless --memory-hands is given. The plan, printed first, adds them up.")
@click.option("--ismcts-iters", type=click.IntRange(min=1), default=200, show_default=True,
              help="ISMCTS iterations per measured decision.")
@click.option("--search", default=None, metavar="SPEC",
              help="The search player whose decisions per second are measured "
                   "(default: the ladder's Dai Fugō search; '' skips it).")
@click.option("--memory-hands", type=click.IntRange(min=0), default=None, cls=LazyHelpOption,
              help_text=lambda: _memory_help())
@click.option("--peers/--no-peers", default=True, show_default=True,
              help="Also measure OpenSpiel dou_dizhu and RLCard doudizhu when installed.")
@click.option("--memory-only", is_flag=True, help="Run only the long memory simulation.")
@click.option("--target", "targets", multiple=True, metavar="GAME:PRESET:PLAYERS",
              help="Measure this configuration (repeatable; default: lukfu:hongkong:4 and "
                   "daifugo:pagat:4).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the measured hands.")
@click.option("--both-paths", is_flag=True,
              help="For a game with a fast path (Luk Fu), also measure random play on it at "
                   "the engine level and through the simulator without it (every decision "
                   "from a view, as before), so one run shows before and after.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_cmd(seconds: float, ismcts_iters: int, search: str | None, memory_hands: int | None,
              peers: bool, memory_only: bool, targets: tuple[str, ...], seed: int,
              both_paths: bool, as_json: bool, game: str | None = None) -> None:
    """Measure random-play throughput, ISMCTS speed and memory, beside peer engines.

    The plan and its estimated time come first; a progress bar with the time left shows
    on a terminal (never when piped).
    """
    from paiju.bots.ismcts import HALVING_SPEC
    from paiju.sim.bench import TARGETS, format_bench, parse_target, run_bench

    try:
        chosen = tuple(parse_target(t) for t in targets) or TARGETS
        if game is not None:  # `paiju bench --game G`: only G's configurations
            other = next((t for t in chosen if t[1] != game), None)
            if targets and other is not None:
                raise ValueError(f"--target {other[1]}:{other[2]}:{other[4]} is not a game of "
                                 f"--game {game}")
            chosen = tuple(t for t in chosen if t[1] == game)
        report = run_bench(seconds, ismcts_iters, memory_hands, peers, seed,
                           log=None if as_json else lambda m: click.echo(m, err=True),
                           memory_only=memory_only, targets=chosen,
                           search=HALVING_SPEC if search is None else search or None,
                           both_paths=both_paths)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(format_bench(report))
