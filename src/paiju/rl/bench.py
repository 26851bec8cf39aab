"""``paiju bench --rl``: environment steps per second, beside peer environments.

Each environment is driven the same way for the same number of seconds: the agent to
move takes a uniformly random legal action (from its action mask, or OpenSpiel's legal
actions), every ``step`` call counts, and a finished episode is reset. Measured in one
run, so that the figures share the machine's load:

* paiju's PettingZoo AEC environment (:mod:`paiju.rl.pettingzoo`, with PettingZoo's
  usual wrappers), for each target;
* PettingZoo's own classic card environments ``leduc_holdem_v4`` and ``texas_holdem_v4``
  (they need ``rlcard`` and ``pygame``);
* OpenSpiel's ``dou_dizhu`` through ``open_spiel.python.rl_environment``, and paiju's
  OpenSpiel games through it, for each target;
* paiju's batched env (:class:`paiju.rl.batch.BatchMatch`, :data:`BATCH` sessions, the
  movers' observations and masks built as arrays at every step, a random legal id drawn
  for every session from its mask, ``BatchMatch.random_ids``), for each target;
* OpenSpiel's C++ ``dou_dizhu`` and ``leduc_poker`` driven from Python through pyspiel
  (a random legal action at each decision, chance outcomes sampled), bare and building
  the mover's observation tensor at each step; then the batched env's ratios to them.

A paiju step is one id: a play of three cards takes up to five steps (its kind, the
cards, ``end``), so the engine actions per second are reported beside the steps. A
pyspiel step is one decision (chance outcomes are not counted).
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

#: The sessions the batched env steps together in the bench.
BATCH = 256

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


def openspiel_figure(seconds: float, seed: int, name: str = "dou_dizhu",
                     label: str | None = None) -> dict[str, Any]:
    """Steps per second of an OpenSpiel game through ``rl_environment`` (every player's
    information-state tensor built at each step, as it does): ``dou_dizhu`` unless told."""
    label = label or f"OpenSpiel {name} (rl_environment)"
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return {"env": label, "missing": "not installed (pip install open_spiel)"}
    if name.startswith("python_paiju_"):
        import paiju.rl.openspiel  # noqa: F401  (registers the games)
    env = rl_environment.Environment(
        name, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    rng = np.random.default_rng(seed)
    step = env.reset()  # one untimed episode: lookup tables fill
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
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


def batch_figure(label: str, game: str, preset: str, players: int, seconds: float,
                 seed: int, batch: int = BATCH) -> dict[str, Any]:
    """Steps per second of paiju's batched env (every session's step counts)."""
    from paiju.rl.batch import BatchMatch

    env = BatchMatch(game, preset, players=players, batch=batch)
    env.reset(seed)
    rng = np.random.default_rng(seed)

    def one_step() -> None:
        env.observations()
        env.masks()
        env.step(env.random_ids(rng))

    for _ in range(20):  # untimed: lookup tables fill
        one_step()
    for m in env.matches:
        m.applied = 0
    steps = 0
    start = clock()
    end = start + seconds
    while clock() < end:
        one_step()
        steps += batch
    elapsed = clock() - start
    applied = sum(m.applied for m in env.matches)
    return {"env": f"{label}, batch {batch}", "steps_per_second": steps / elapsed,
            "actions_per_second": applied / elapsed, "steps": steps, "batched": True}


def pyspiel_figure(name: str, tensor: bool, seconds: float, seed: int) -> dict[str, Any]:
    """Decisions per second of an OpenSpiel C++ game from Python through pyspiel: random
    legal actions, with or without the mover's observation tensor at each step."""
    label = f"pyspiel {name}" + (" + observation tensor" if tensor else "")
    try:
        import pyspiel
    except ImportError:
        return {"env": label, "missing": "not installed (pip install open_spiel)"}
    import random

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    steps = 0
    start = clock()
    end = start + seconds
    while clock() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = clock() - start
    return {"env": label, "steps_per_second": steps / elapsed, "steps": steps}


def ratios(figures: list[dict[str, Any]]) -> list[tuple[str, str, float]]:
    """Each batched figure's steps a second over each pyspiel and PettingZoo peer's."""
    peers = [f for f in figures if "missing" not in f and (
        f["env"].startswith("pyspiel") or f["env"] == "PettingZoo leduc_holdem_v4")]
    return [(f["env"], p["env"], f["steps_per_second"] / p["steps_per_second"])
            for f in figures if f.get("batched") for p in peers]


def run_rl_bench(seconds: float, seed: int,
                 log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every figure, each measured for ``seconds``."""
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = []
    for label, game, preset, players in targets():
        jobs.append((label, partial(paiju_figure, label, game, preset, players, seconds, seed)))
    for name in ("leduc_holdem_v4", "texas_holdem_v4"):
        jobs.append((f"PettingZoo {name}", partial(pettingzoo_figure, name, seconds, seed)))
    jobs.append(("OpenSpiel dou_dizhu", partial(openspiel_figure, seconds, seed)))
    for label, game, preset, players in targets():
        name = f"python_paiju_{game}(rules={preset},players={players})"
        jobs.append((f"{label}, rl_environment", partial(
            openspiel_figure, seconds, seed, name, f"{label} (OpenSpiel rl_environment)")))
    for label, game, preset, players in targets():
        jobs.append((f"{label}, batched", partial(batch_figure, label, game, preset, players,
                                                  seconds, seed)))
    for name in ("dou_dizhu", "leduc_poker"):
        for tensor in (False, True):
            jobs.append((f"pyspiel {name}", partial(pyspiel_figure, name, tensor, seconds,
                                                    seed)))
    if log:
        log(f"measuring {plural(len(jobs), 'environment')} for {seconds:g} s each "
            f"(about {len(jobs) * seconds:.0f} s)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    figures = []
    for label, job in jobs:
        if log:
            log(f"  {label} ...")
        figures.append(job())
    return {"seconds": seconds, "seed": seed, "load_average": load, "figures": figures,
            "ratios": [{"env": a, "peer": b, "ratio": r} for a, b, r in ratios(figures)]}


def format_rl_bench(report: dict[str, Any]) -> str:
    """The figures as a table."""
    load = report.get("load_average")
    lines = [] if load is None else [f"load average at the start: {load:.1f}"]
    lines.append(f"{'environment':60} {'steps/s':>10} {'actions/s':>10}")
    for fig in report["figures"]:
        if "missing" in fig:
            lines.append(f"{fig['env']:60} {fig['missing']}")
            continue
        actions = fig.get("actions_per_second")
        lines.append(f"{fig['env']:60} {fig['steps_per_second']:>10,.0f} "
                     f"{'' if actions is None else f'{actions:,.0f}':>10}")
    if report.get("ratios"):
        lines.append("")
        lines.append("the batched env's steps a second over each peer's (same run):")
        lines.extend(f"  {r['env']} / {r['peer']}: {r['ratio']:.2f}x" for r in report["ratios"])
    return "\n".join(lines)
