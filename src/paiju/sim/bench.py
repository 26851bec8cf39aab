"""``paiju bench``: throughput, search speed and memory, measured in one run, on one core.

Random play is measured at the level of the engine: ``state.legal_actions()``, a
uniform choice, ``state.apply()``, exactly the loop a peer engine's random play runs
(OpenSpiel's ``dou_dizhu`` through its Python binding, RLCard's ``doudizhu`` with its
random agents). The same hands played through the simulator, where each player gets a
freshly built view of its seat, are measured beside it.

Memory is measured over a long simulation of random play in this process: the
resident set size (Linux ``/proc/self/statm``) is sampled at twenty points and a
least-squares line through the second half of them (after the warm-up, while lookup
tables fill) gives its slope in KiB per 10,000 hands; the peak is the process's maximum
resident set size (``resource.getrusage``).
"""

from __future__ import annotations

import gc
import importlib
import os
import platform
import resource
import sys
import time
from collections.abc import Callable
from random import Random
from typing import Any

from paiju.bots.base import RandomBot
from paiju.bots.ismcts import HALVING_SPEC
from paiju.core.games import get_game
from paiju.core.seeding import make_rng

#: The configurations measured: (label, game, preset, option overrides, players).
TARGETS: tuple[tuple[str, str, str, dict[str, Any], int], ...] = (
    ("Luk Fu hongkong, 4 players", "lukfu", "hongkong", {}, 4),
    ("Dai Fugo pagat, 4 players, 1 joker", "daifugo", "pagat", {"jokers": 1}, 4),
)

Log = Callable[[str], None] | None
Target = tuple[str, str, str, dict[str, Any], int]


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
    start = time.perf_counter()
    while True:
        decisions += play_one(hands)
        hands += 1
        elapsed = time.perf_counter() - start
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


def simulator_random(game_name: str, preset: str, options: dict[str, Any], players: int,
                     seconds: float, seed: int) -> dict[str, float]:
    """Random players choosing from their seat's view, as in ``paiju simulate``."""
    game = get_game(game_name)
    rules = game.rules(preset, options)
    bot = RandomBot()

    def play(i: int) -> int:
        rng = make_rng(seed, "bench-view", game_name, i)
        state = game.new_hand(rules, players, rng)
        n = 0
        while True:
            seat = state.to_move()
            if seat is None:
                return n
            state.apply(bot.choose(state.view(seat), rng))
            n += 1

    return _timed(seconds, play)


def ismcts_speed(game_name: str, preset: str, options: dict[str, Any], players: int,
                 spec: str, seed: int, positions: int = 5) -> dict[str, Any]:
    """Speed of the search player ``spec`` (an ``ismcts`` spec) over ``positions``
    decisions of random hands: iterations and decisions per second."""
    from paiju.bots.base import make_bot
    from paiju.bots.ismcts import ISMCTSBot

    game = get_game(game_name)
    rules = game.rules(preset, options)
    bot = make_bot(spec)
    if not isinstance(bot, ISMCTSBot):
        raise ValueError(f"the search to measure must be an ismcts spec, not {spec!r}")
    total_iters, total_time, found, attempt = 0, 0.0, 0, 0
    while found < positions and attempt < 50 * positions:
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


def _rss_bytes() -> int:
    try:
        with open("/proc/self/statm", encoding="utf-8") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return _peak_bytes()


def _peak_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def slope(xs: list[float], ys: list[float]) -> float:
    """The least-squares slope of ``ys`` on ``xs``."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0


class _MemoryProbe:
    """A progress sink for :func:`paiju.sim.runner.simulate` that samples resident memory."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.done = 0
        self.next = every
        self.xs: list[float] = []
        self.ys: list[float] = []

    def advance(self, amount: int) -> None:
        self.done += amount
        if self.done >= self.next:
            self.next += self.every
            self.xs.append(float(self.done))
            self.ys.append(float(_rss_bytes()))

    def close(self) -> None:
        return None


def memory_run(game_name: str, preset: str, options: dict[str, Any], players: int,
               hands: int, seed: int) -> dict[str, Any]:
    """Resident memory over ``hands`` hands of random play through ``simulate``."""
    from paiju.sim.runner import SimConfig, simulate

    config = SimConfig(game_name, preset, players, ("random",) * players, hands, seed,
                       overrides=options, duplicate=False)
    gc.collect()
    start_rss = _rss_bytes()
    probe = _MemoryProbe(max(1, hands // 20))
    result = simulate(config, progress=probe)
    xs, ys = probe.xs, probe.ys
    half = len(xs) // 2
    per_10k = slope(xs[half:], ys[half:]) * 10_000 / 1024 if len(xs) - half >= 2 else 0.0
    return {
        "game": game_name,
        "hands": result.hands,
        "seconds": round(result.seconds, 1),
        "rss_start_mib": round(start_rss / 2**20, 1),
        "rss_end_mib": round(ys[-1] / 2**20, 1) if ys else None,
        "peak_rss_mib": round(_peak_bytes() / 2**20, 1),
        "slope_kib_per_10k_hands": round(per_10k, 2),
        "slope_measured_over": "the second half of the run (after the warm-up)",
        "samples": [[int(x), round(y / 2**20, 2)] for x, y in zip(xs, ys, strict=True)],
    }


def openspiel_random(seconds: float, seed: int) -> dict[str, float] | str:
    """OpenSpiel's C++ dou_dizhu, random play through its Python binding."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return "not installed (pip install 'paiju[bench]')"
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
        return "not installed (pip install 'paiju[bench]')"
    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([random_agent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(_: int) -> int:
        trajectories, _payoffs = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)

    return _timed(seconds, play)


def run_bench(seconds: float, ismcts_iters: int, memory_hands: int, peers: bool, seed: int,
              log: Log = None, memory_only: bool = False,
              targets: tuple[Target, ...] = TARGETS,
              search: str | None = HALVING_SPEC) -> dict[str, Any]:
    """Every measurement (or only the memory run) of ``targets``, as a JSON-ready report."""
    def say(message: str) -> None:
        if log is not None:
            log(message)

    report: dict[str, Any] = {
        "hardware": hardware(),
        "seconds_per_measure": seconds,
        "seed": seed,
        "paiju": [],
        "peers": {},
        "ratios": [],
        "memory": [],
    }
    for label, game, preset, options, players in () if memory_only else targets:
        say(f"random play: {label} ...")
        entry = {
            "label": label, "game": game, "preset": preset, "options": options,
            "players": players,
            "engine": engine_random(game, preset, options, players, seconds, seed),
            "simulator": simulator_random(game, preset, options, players, seconds, seed),
        }
        say(f"ismcts: {label} ...")
        entry["ismcts"] = ismcts_speed(game, preset, options, players,
                                       f"ismcts:iters={ismcts_iters}", seed)
        if search:
            say(f"search {search}: {label} ...")
            entry["search"] = ismcts_speed(game, preset, options, players, search, seed)
        report["paiju"].append(entry)
    if peers and not memory_only:
        say("OpenSpiel dou_dizhu ...")
        report["peers"]["openspiel_dou_dizhu"] = openspiel_random(seconds, seed)
        say("RLCard doudizhu ...")
        report["peers"]["rlcard_doudizhu"] = rlcard_random(seconds, seed)
        for entry in report["paiju"]:
            for peer, figures in report["peers"].items():
                if isinstance(figures, dict):
                    report["ratios"].append({
                        "paiju": entry["label"],
                        "peer": peer,
                        "hands_per_s_ratio": entry["engine"]["hands_per_s"]
                        / figures["hands_per_s"],
                    })
    if memory_hands > 0:
        for label, game, preset, options, players in targets:
            say(f"memory: {memory_hands} hands of {label} ...")
            report["memory"].append(
                {"label": label, **memory_run(game, preset, options, players, memory_hands, seed)}
            )
    return report


def format_bench(report: dict[str, Any]) -> str:
    """The report as text."""
    hw = report["hardware"]
    lines = [
        f"hardware: {hw['cpu']}, {hw['cores']} cores ({hw['usable_cores']} usable), "
        f"{hw['python']}, {hw['platform']}",
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
        lines.append(row("  through the simulator (views)", entry["simulator"]))
    for peer, figures in report["peers"].items():
        if isinstance(figures, dict):
            lines.append(row(peer, figures))
        else:
            lines.append(f"{peer:<40}{figures}")
    if report["ratios"]:
        lines.append("")
        lines.append("ratios (paiju hands/s ÷ peer games/s, engine level):")
        for ratio in report["ratios"]:
            lines.append(f"  {ratio['paiju']} / {ratio['peer']}: {ratio['hands_per_s_ratio']:.3f}")
    if report["paiju"]:
        lines.append("")
        lines.append("ISMCTS (random rollouts), then the ladder's search:")
    for entry in report["paiju"]:
        fig = entry["ismcts"]
        lines.append(f"  {entry['label']}: {fig['iterations_per_s']:,.0f} iterations/s "
                     f"({fig['iterations']} iterations over {fig['positions']} decisions)")
    for entry in report["paiju"]:
        fig = entry.get("search")
        if fig:
            lines.append(f"  {entry['label']}, {fig['spec']}: {fig['decisions_per_s']:,.2f} "
                         f"decisions/s, {fig['iterations_per_s']:,.0f} play-outs/s")
    if report["memory"]:
        lines.append("")
        lines.append("memory over a long simulation (random players, one process):")
        for mem in report["memory"]:
            lines.append(
                f"  {mem['label']}: {mem['hands']} hands in {mem['seconds']}s, "
                f"RSS {mem['rss_start_mib']} -> {mem['rss_end_mib']} MiB, "
                f"peak {mem['peak_rss_mib']} MiB, "
                f"slope {mem['slope_kib_per_10k_hands']:+.2f} KiB per 10,000 hands"
            )
    return "\n".join(lines)
