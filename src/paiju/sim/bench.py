"""``paiju bench``: throughput, search speed and memory, measured in one run, on one core.

Random play is measured at the level of the engine: ``state.legal_actions()``, a
uniform choice, ``state.apply()``, exactly the loop a peer engine's random play runs
(OpenSpiel's ``dou_dizhu`` through its Python binding, RLCard's ``doudizhu`` with its
random agents). Random play through the simulator, as ``paiju simulate`` plays it, is
measured beside it. For a game with a fast path (``State.playout``: both games),
``--both-paths`` measures both twice, so one run shows before and after: the engine level
on the reference loop and on the fast path, and the simulator as it plays now and with
every decision through a freshly built view (as it played before the fast path).

Every measurement runs for the same number of seconds (``--seconds``), the memory run
too unless it is given a number of hands, so the whole run takes about what its plan,
printed first, says.

Memory is measured over a long simulation of random play in this process
(:mod:`paiju.sim.memory`).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import platform
import time
from collections.abc import Callable
from random import Random
from typing import Any

from paiju.bots.ismcts import HALVING_SPEC
from paiju.core.games import get_game
from paiju.core.protocol import plays_out
from paiju.core.seeding import make_rng
from paiju.core.words import plural
from paiju.sim.memory import memory_run

#: The configurations measured: (label, game, preset, option overrides, players).
TARGETS: tuple[tuple[str, str, str, dict[str, Any], int], ...] = (
    ("Luk Fu hongkong, 4 players", "lukfu", "hongkong", {}, 4),
    ("Dai Fugo pagat, 4 players, 1 joker", "daifugo", "pagat", {"jokers": 1}, 4),
)

#: What the report says of a peer engine that is not installed.
NOT_INSTALLED = "not installed (pip install 'paiju[bench]')"

#: The most hands of the memory run when it is timed (no ``--memory-hands``).
MEMORY_HANDS = 20_000

Log = Callable[[str], None] | None
Target = tuple[str, str, str, dict[str, Any], int]

#: The clock every measurement reads (a test may replace it).
clock: Callable[[], float] = time.perf_counter


def parse_target(text: str) -> Target:
    """``GAME:PRESET:PLAYERS`` (e.g. ``lukfu:gloucester:3``) as a measured configuration."""
    parts = text.split(":")
    if len(parts) != 3 or not parts[2].isdigit():
        raise ValueError(
            f"a target is written GAME:PRESET:PLAYERS, e.g. lukfu:sung:3, not {text!r}"
        )
    game_name, preset, players = parts[0], parts[1], int(parts[2])
    game = get_game(game_name)
    game.rules(preset)
    if players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        raise ValueError(f"{game.title} is for {counts} players, not {players}")
    return (f"{game_name} {preset}, {players} players", game_name, preset, {}, players)


def hardware() -> dict[str, Any]:
    """CPU model, cores, Python and platform."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 1
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = []
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "load_average_at_start": load,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
    }


def _timed(seconds: float, play_one: Callable[[int], int]) -> dict[str, float]:
    """Call ``play_one(i)`` (which returns its decisions) for ``seconds``."""
    hands = decisions = 0
    start = clock()
    while True:
        decisions += play_one(hands)
        hands += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return {
        "hands": hands,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "hands_per_s": hands / elapsed,
        "decisions_per_s": decisions / elapsed,
    }


def engine_random(game_name: str, preset: str, options: dict[str, Any], players: int,
                  seconds: float, seed: int) -> dict[str, float]:
    """Random play at the engine level: legal_actions, uniform choice, apply."""
    game = get_game(game_name)
    rules = game.rules(preset, options)

    def play(i: int) -> int:
        rng = make_rng(seed, "bench", game_name, i)
        state = game.new_hand(rules, players, rng)
        n = 0
        while True:
            actions = state.legal_actions()
            if not actions:
                return n
            state.apply(actions[rng.randrange(len(actions))])
            n += 1

    return _timed(seconds, play)


def engine_playout(game_name: str, preset: str, options: dict[str, Any], players: int,
                   seconds: float, seed: int) -> dict[str, float]:
    """Random play at the engine level on the game's fast path: ``state.playout`` on the
    hands :func:`engine_random` deals (the same seeds, so the same hands and choices)."""
    game = get_game(game_name)
    rules = game.rules(preset, options)

    def play(i: int) -> int:
        rng = make_rng(seed, "bench", game_name, i)
        state = game.new_hand(rules, players, rng)
        decisions = state.playout(rng, "random") if plays_out(state) else None
        if decisions is None:
            raise ValueError(f"{game_name} has no fast random play-out for these rules")
        return decisions

    return _timed(seconds, play)


def has_playout(game_name: str, preset: str, options: dict[str, Any], players: int) -> bool:
    """Whether the game offers a fast random play-out (``State.playout``) for these rules."""
    game = get_game(game_name)
    state = game.new_hand(game.rules(preset, options), players, Random(0))
    return plays_out(state) and state.playout(Random(0), "random") is not None


def simulator_random(game_name: str, preset: str, options: dict[str, Any], players: int,
                     seconds: float, seed: int, fast: bool = True) -> dict[str, float]:
    """Random players as ``paiju simulate`` plays them: the simulator's own hand loop, one
    deal a group (no duplicate play), on the game's fast path where it has one; with
    ``fast`` false, every decision is ``RandomBot.choose`` on a freshly built view."""
    from paiju.sim.runner import SimConfig, SimPlayer

    config = SimConfig(game_name, preset, players, ("random",) * players, 1, seed, options,
                       duplicate=False)
    player = SimPlayer(config, False)
    if not fast:
        player.policy = None

    def play(i: int) -> int:
        return player.group(i).decisions

    return _timed(seconds, play)


def ismcts_speed(game_name: str, preset: str, options: dict[str, Any], players: int,
                 spec: str, seed: int, seconds: float, positions: int = 1,
                 fast: bool = True) -> dict[str, Any]:
    """Speed of the search player ``spec`` (an ``ismcts`` spec) over the decisions of
    random hands it makes in ``seconds`` (at least ``positions`` of them): iterations and
    decisions per second. ``fast`` false keeps its rollouts off the game's fast path."""
    from paiju.bots.base import make_bot
    from paiju.bots.ismcts import ISMCTSBot

    game = get_game(game_name)
    rules = game.rules(preset, options)
    bot = make_bot(spec, game.name)
    if not isinstance(bot, ISMCTSBot):
        raise ValueError(f"the search to measure must be an ismcts spec, not {spec!r}")
    bot.fast = fast
    total_iters, total_time, found, attempt = 0, 0.0, 0, 0
    start = clock()
    while (found < positions or clock() - start < seconds) and attempt < 50 * (found + 1):
        rng = make_rng(seed, "bench-ismcts", game_name, attempt)
        attempt += 1
        state = game.new_hand(rules, players, rng)
        steps = rng.randrange(0, 12)
        for _ in range(steps):
            actions = state.legal_actions()
            if not actions:
                break
            state.apply(actions[rng.randrange(len(actions))])
        seat = state.to_move()
        if seat is None or len(state.legal_actions()) < 2:
            continue
        bot.choose(state.view(seat), rng)
        total_iters += bot.last.iterations
        total_time += bot.last.seconds
        found += 1
    return {
        "positions": found,
        "iterations": total_iters,
        "seconds": round(total_time, 3),
        "iterations_per_s": total_iters / total_time if total_time else 0.0,
        "decisions_per_s": found / total_time if total_time else 0.0,
        "spec": bot.spec,
    }


def openspiel_random(seconds: float, seed: int) -> dict[str, float] | str:
    """OpenSpiel's C++ dou_dizhu, random play through its Python binding."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return NOT_INSTALLED
    game = pyspiel.load_game("dou_dizhu")
    rng = Random(seed)

    def play(_: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                n += 1
        return n

    return _timed(seconds, play)


def rlcard_random(seconds: float, seed: int) -> dict[str, float] | str:
    """RLCard's doudizhu with its random agents."""
    try:
        rlcard = importlib.import_module("rlcard")
        random_agent = importlib.import_module("rlcard.agents").RandomAgent
    except ImportError:
        return NOT_INSTALLED
    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([random_agent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(_: int) -> int:
        trajectories, _payoffs = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)

    return _timed(seconds, play)


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


Step = tuple[str, Callable[[], None]]

#: Each random-play figure of a game and the name of its ratio to a peer's games/s: the
#: engine level (the reference loop, then the fast path) and the simulator (as ``paiju
#: simulate`` plays, then with every decision through a view).
RATIOS = (
    ("engine", "hands_per_s_ratio"),
    ("engine_fast", "fast_hands_per_s_ratio"),
    ("simulator", "simulator_hands_per_s_ratio"),
    ("simulator_views", "views_hands_per_s_ratio"),
)


def run_bench(seconds: float, ismcts_iters: int, memory_hands: int | None, peers: bool,
              seed: int, log: Log = None, memory_only: bool = False,
              targets: tuple[Target, ...] = TARGETS,
              search: str | None = HALVING_SPEC, both_paths: bool = False) -> dict[str, Any]:
    """Every measurement (or only the memory run) of ``targets``, as a JSON-ready report.

    ``both_paths`` adds, for a game with a fast path, random play on it at the engine level
    and through the simulator without it. ``memory_hands`` ``None`` times the memory run
    like every other measurement (at most :data:`MEMORY_HANDS` hands); a number plays
    exactly that many hands. The plan comes
    first on ``log``; a progress bar with the time left shows when standard error is a
    terminal.
    """
    from paiju.sim.runner import Progress

    report: dict[str, Any] = {
        "hardware": hardware(),
        "seconds_per_measure": seconds,
        "seed": seed,
        "paiju": [],
        "peers": {},
        "ratios": [],
        "memory": [],
    }
    timed: list[Step] = []
    for target in () if memory_only else targets:
        timed += _target_steps(report, target, seconds, ismcts_iters, search, seed, both_paths)
    if peers and not memory_only:
        timed += _peer_steps(report, seconds, seed)
    hands = MEMORY_HANDS if memory_hands is None else memory_hands
    memory = [(_memory_entry(report, target), target) for target in targets if hands > 0]
    if memory_hands is None:
        timed += [(f"memory: up to {plural(hands, 'hand')} of {target[0]} ...",
                   _memory_step(entry, target, hands, seed, seconds, None))
                  for entry, target in memory]
    say = log if log is not None else (lambda _: None)
    counted = len(memory) if memory_hands is not None else 0
    say(plan_text(len(timed), seconds, counted, hands))
    bar = Progress(len(timed), unit="measurements", label="bench", delay=0.0)
    try:
        for message, run in timed:
            (bar.log if log is not None else say)(message)
            run()
            bar.advance(1)
    finally:
        bar.close()
    for entry, target in memory if counted else ():
        say(f"memory: {plural(hands, 'hand')} of {target[0]} ...")
        bar = Progress(hands, label="memory", delay=0.0)
        try:
            _memory_step(entry, target, hands, seed, None, bar)()
        finally:
            bar.close()
    for entry in report["paiju"]:
        for peer, figures in report["peers"].items():
            if isinstance(figures, dict):
                ratio = {"paiju": entry["label"], "peer": peer}
                for key, name in RATIOS:
                    if key in entry:
                        ratio[name] = entry[key]["hands_per_s"] / figures["hands_per_s"]
                report["ratios"].append(ratio)
    return report


def _memory_entry(report: dict[str, Any], target: Target) -> dict[str, Any]:
    entry: dict[str, Any] = {"label": target[0]}
    report["memory"].append(entry)
    return entry


def _memory_step(entry: dict[str, Any], target: Target, hands: int, seed: int,
                 seconds: float | None, progress: Any) -> Callable[[], None]:
    def run() -> None:
        _, game, preset, options, players = target
        entry.update(memory_run(game, preset, options, players, hands, seed, seconds=seconds,
                                progress=progress, clock=clock))

    return run


def plan_text(timed: int, seconds: float, counted: int, hands: int) -> str:
    """What the run will do and about how long it takes."""
    text = (f"plan: {plural(timed, 'measurement')} of {seconds:g} s each (--seconds), "
            f"about {_duration(timed * seconds)} in all")
    if counted:
        text += (f"; then {plural(counted, 'memory run')} of {plural(hands, 'hand')} "
                 "(as long as they take; a terminal shows the time left)")
    return text


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s" if seconds >= 10 else f"{seconds:.1f} s"
    return f"{seconds / 60:.0f} min"


def _target_steps(report: dict[str, Any], target: Target, seconds: float, ismcts_iters: int,
                  search: str | None, seed: int, both_paths: bool = False) -> list[Step]:
    label, game, preset, options, players = target
    entry: dict[str, Any] = {"label": label, "game": game, "preset": preset,
                             "options": options, "players": players,
                             "fast_path": has_playout(game, preset, options, players)}
    report["paiju"].append(entry)
    args = (game, preset, options, players)
    steps: list[Step] = [
        (f"random play: {label} ...",
         lambda: entry.update(engine=engine_random(*args, seconds, seed))),
        (f"random play through the simulator: {label} ...",
         lambda: entry.update(simulator=simulator_random(*args, seconds, seed))),
    ]
    if both_paths and has_playout(*args):
        steps += [
            (f"random play on the fast path: {label} ...",
             lambda: entry.update(engine_fast=engine_playout(*args, seconds, seed))),
            (f"random play through the simulator, views only: {label} ...",
             lambda: entry.update(simulator_views=simulator_random(*args, seconds, seed,
                                                                   fast=False))),
        ]
    steps += [
        (f"ismcts: {label} ...",
         lambda: entry.update(ismcts=ismcts_speed(*args, f"ismcts:iters={ismcts_iters}",
                                                  seed, seconds))),
    ]
    if search:
        steps.append((f"search {search}: {label} ...",
                      lambda: entry.update(search=ismcts_speed(*args, search, seed, seconds))))
    if search and both_paths and has_playout(*args):
        steps.append((f"search {search}, rollouts through views: {label} ...",
                      lambda: entry.update(search_views=ismcts_speed(
                          *args, search, seed, seconds, fast=False))))
    return steps


def _peer_step(peers: dict[str, Any], key: str,
               measure: Callable[[float, int], dict[str, float] | str], seconds: float,
               seed: int) -> Callable[[], None]:
    def run() -> None:
        peers[key] = measure(seconds, seed)

    return run


def _peer_steps(report: dict[str, Any], seconds: float, seed: int) -> list[Step]:
    peers = report["peers"]
    steps: list[Step] = []
    for key, module, measure, name in (
        ("openspiel_dou_dizhu", "pyspiel", openspiel_random, "OpenSpiel dou_dizhu"),
        ("rlcard_doudizhu", "rlcard", rlcard_random, "RLCard doudizhu"),
    ):
        peers[key] = NOT_INSTALLED
        if _installed(module):
            steps.append((f"{name} ...", _peer_step(peers, key, measure, seconds, seed)))
    return steps


_RATIO_WORDS = (
    ("simulator_hands_per_s_ratio", "simulator"),
    ("views_hands_per_s_ratio", "simulator through views"),
    ("hands_per_s_ratio", "engine"),
    ("fast_hands_per_s_ratio", "engine fast path"),
)


def format_bench(report: dict[str, Any]) -> str:
    """The report as text."""
    hw = report["hardware"]
    lines = [
        f"hardware: {hw['cpu']}, {hw['cores']} cores ({hw['usable_cores']} usable), "
        f"{hw['python']}",
        f"platform: {hw['platform']}",
        f"load average at start (1, 5, 15 min): {hw.get('load_average_at_start')}",
        f"each figure: {report['seconds_per_measure']:g}s on one core, seed {report['seed']}",
        "",
    ]
    if report["paiju"]:
        lines.append(
            f"{'random play':<40}{'hands/s':>10}{'decisions/s':>14}{'decisions/hand':>16}")

    def row(label: str, fig: dict[str, float]) -> str:
        per_hand = fig["decisions"] / fig["hands"] if fig["hands"] else 0.0
        return (f"{label:<40}{fig['hands_per_s']:>10,.1f}{fig['decisions_per_s']:>14,.0f}"
                f"{per_hand:>16.1f}")

    for entry in report["paiju"]:
        lines.append(row(f"paiju {entry['label']}", entry["engine"]))
        if "engine_fast" in entry:
            lines.append(row("  on the fast path (State.playout)", entry["engine_fast"]))
        fast = " (fast path)" if entry.get("fast_path") else " (views)"
        lines.append(row("  through the simulator" + fast, entry["simulator"]))
        if "simulator_views" in entry:
            lines.append(row("  through the simulator (views)", entry["simulator_views"]))
    for peer, figures in report["peers"].items():
        if isinstance(figures, dict):
            lines.append(row(peer, figures))
        else:
            lines.append(f"{peer:<40}{figures}")
    if report["paiju"]:
        lines += ["  (paiju: the reference engine's loop, legal actions, a uniform choice and",
                  "  apply, as a peer's random play runs; through the simulator: as `paiju",
                  "  simulate` plays random players, on the game's fast path where it has one,",
                  "  or a view built for every decision)"]
    if report["ratios"]:
        lines.append("")
        lines.append("ratios (paiju hands/s ÷ peer games/s, same run):")
        for ratio in report["ratios"]:
            parts = [f"{what} {ratio[key]:.3f}" for key, what in _RATIO_WORDS if key in ratio]
            lines.append(f"  {ratio['paiju']} / {ratio['peer']}: {', '.join(parts)}")
    if report["paiju"]:
        lines.append("")
        lines.append("ISMCTS (random rollouts), then the ladder's search:")
    for entry in report["paiju"]:
        fig = entry["ismcts"]
        lines.append(f"  {entry['label']}: {fig['iterations_per_s']:,.0f} iterations/s")
        lines.append(f"    ({plural(fig['iterations'], 'iteration')} over "
                     f"{plural(fig['positions'], 'decision')})")
    specs = {entry["search"]["spec"] for entry in report["paiju"] if entry.get("search")}
    for spec in sorted(specs):
        lines.append(spec + ":")  # a spec stays whole, to be copied
    for entry in report["paiju"]:
        fig = entry.get("search")
        if fig:
            lines.append(f"  {entry['label']}: {fig['decisions_per_s']:,.2f} decisions/s, "
                         f"{fig['iterations_per_s']:,.0f} play-outs/s")
        fig = entry.get("search_views")
        if fig:
            lines.append(f"    the same, rollouts through views: {fig['decisions_per_s']:,.2f} "
                         f"decisions/s, {fig['iterations_per_s']:,.0f} play-outs/s")
    if report["memory"]:
        lines.append("")
        lines.append("memory over a long simulation (random players, one process):")
        for mem in report["memory"]:
            budget = mem.get("time_budget_s")
            cut = budget is not None and mem["hands"] < mem.get("hands_asked", 0)
            lines.append(f"  {mem['label']}: {plural(mem['hands'], 'hand')} in "
                         f"{mem['seconds']}s" + (f" (its {budget:g} s ran out;" if cut else ""))
            if cut:
                lines.append("    --memory-hands N plays N hands)")
            lines.append(f"    RSS {mem['rss_start_mib']} -> {mem['rss_end_mib']} MiB, "
                         f"peak {mem['peak_rss_mib']} MiB, "
                         f"slope {mem['slope_kib_per_10k_hands']:+.2f} KiB per 10,000 hands")
    return "\n".join(lines)
