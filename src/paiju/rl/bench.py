"""``paiju bench --rl``: environment steps per second, beside peer environments.

Each environment is driven the same way for the same number of seconds: the agent to
move takes a uniformly random legal action (from its action mask, or OpenSpiel's legal
actions), every ``step`` call counts, and a finished episode is reset. Measured in one
run, so that the figures share the machine's load:

* paiju's PettingZoo AEC environment (:mod:`paiju.rl.pettingzoo`, with PettingZoo's
  usual wrappers), for each target;
* PettingZoo's own classic card environments ``leduc_holdem_v4`` and ``texas_holdem_v4``
  (they need ``rlcard`` and ``pygame``);
* OpenSpiel's ``dou_dizhu`` through ``open_spiel.python.rl_environment``.

A paiju step is one id: a play of three cards takes up to five steps (its kind, the
cards, ``end``), so the engine actions per second are reported beside the steps.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from paiju.core.words import plural


def targets() -> list[tuple[str, str, str, int]]:
    """The paiju environments measured, ``(label, game, preset, players)``: each game of
    the registry with a research interface, its first preset, its usual players."""
    from paiju.core.games import default_players, default_preset
    from paiju.rl.games import plain_title, researched

    return [(f"paiju {plain_title(g)} {default_preset(g)}, {default_players(g)} players",
             g.name, default_preset(g), default_players(g)) for g in researched()]
PEER_HINT = "not installed (pip install rlcard pygame)"

#: The clock every measurement reads (a test may replace it).
clock: Callable[[], float] = time.perf_counter


def drive_aec(env: Any, seconds: float, seed: int, before: Any = None) -> tuple[int, float]:
    """Random legal steps through an AEC env for ``seconds``: ``(steps, elapsed)``.

    One episode is played first, untimed; ``before`` (a paiju match) then has its count
    of engine actions reset, so that it counts the timed ones only."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _ in env.agent_iter():  # one untimed episode: lookup tables fill
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    env.reset()
    if before is not None:
        before.applied = 0
    steps = 0
    start = clock()
    end = start + seconds
    while True:
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            del agent
        if clock() >= end:
            return steps, clock() - start
        env.reset()


def paiju_figure(label: str, game: str, preset: str, players: int, seconds: float,
                 seed: int) -> dict[str, Any]:
    """Steps (and engine actions) per second of paiju's AEC env."""
    from paiju.rl.pettingzoo import env as make_env

    env = make_env(game, preset, players=players)
    match = env.unwrapped.match
    steps, elapsed = drive_aec(env, seconds, seed, before=match)
    return {"env": label, "steps_per_second": steps / elapsed,
            "actions_per_second": match.applied / elapsed, "steps": steps}


def pettingzoo_figure(name: str, seconds: float, seed: int) -> dict[str, Any]:
    """Steps per second of one of PettingZoo's classic card envs."""
    label = f"PettingZoo {name}"
    try:
        module = __import__(f"pettingzoo.classic.{name}", fromlist=["env"])
        env = module.env()
    except ImportError:
        return {"env": label, "missing": PEER_HINT}
    steps, elapsed = drive_aec(env, seconds, seed)
    return {"env": label, "steps_per_second": steps / elapsed, "steps": steps}


def openspiel_figure(seconds: float, seed: int) -> dict[str, Any]:
    """Steps per second of OpenSpiel's ``dou_dizhu`` through ``rl_environment``."""
    label = "OpenSpiel dou_dizhu (rl_environment)"
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return {"env": label, "missing": "not installed (pip install open_spiel)"}
    env = rl_environment.Environment(
        "dou_dizhu", chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    rng = np.random.default_rng(seed)
    steps = 0
    start = clock()
    end = start + seconds
    while clock() < end:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            step = env.step([int(rng.choice(legal))])
            steps += 1
    elapsed = clock() - start
    return {"env": label, "steps_per_second": steps / elapsed, "steps": steps}


def run_rl_bench(seconds: float, seed: int,
                 log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every figure, each measured for ``seconds``."""
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = []
    for label, game, preset, players in targets():
        jobs.append((label, partial(paiju_figure, label, game, preset, players, seconds, seed)))
    for name in ("leduc_holdem_v4", "texas_holdem_v4"):
        jobs.append((f"PettingZoo {name}", partial(pettingzoo_figure, name, seconds, seed)))
    jobs.append(("OpenSpiel dou_dizhu", partial(openspiel_figure, seconds, seed)))
    if log:
        log(f"measuring {plural(len(jobs), 'environment')} for {seconds:g} s each "
            f"(about {len(jobs) * seconds:.0f} s)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    figures = []
    for label, job in jobs:
        if log:
            log(f"  {label} ...")
        figures.append(job())
    return {"seconds": seconds, "seed": seed, "load_average": load, "figures": figures}


def format_rl_bench(report: dict[str, Any]) -> str:
    """The figures as a table."""
    load = report.get("load_average")
    lines = [] if load is None else [f"load average at the start: {load:.1f}"]
    lines.append(f"{'environment':42} {'steps/s':>10} {'actions/s':>10}")
    for fig in report["figures"]:
        if "missing" in fig:
            lines.append(f"{fig['env']:42} {fig['missing']}")
            continue
        actions = fig.get("actions_per_second")
        lines.append(f"{fig['env']:42} {fig['steps_per_second']:>10,.0f} "
                     f"{'' if actions is None else f'{actions:,.0f}':>10}")
    return "\n".join(lines)
