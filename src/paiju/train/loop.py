"""The rounds of ``paiju train``: label, fit, measure, and a checkpoint after each step.

Round ``r`` plays ``hands`` hands in sessions (:func:`paiju.train.data.session_examples`),
cycling over the tables, with the rule-based player at every seat in round 1 and the
policy of round ``r - 1`` in the later rounds; the teacher labels each decision with
chance ``rate``. The policy is then fitted to every position labelled so far (the
earlier rounds' too), starting from the last round's weights, and measured against the
rule-based player in duplicate hands (``paiju simulate``'s runner). A checkpoint (one
``.npz`` file) is written after every ``every`` sessions and after every fit; a run
started again with the same checkpoint goes on from where it stopped and ends with the
same weights as a run that never stopped.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from paiju.bots.base import Bot, make_bot, parse_spec
from paiju.bots.learned import Policy
from paiju.core.games import get_game
from paiju.core.seeding import derive_seed
from paiju.sim.runner import SimConfig, simulate
from paiju.train.data import Example, Table, session_examples
from paiju.train.fit import agreement, fit, loss, pack

#: Hands in a training session (Dai Fugō's exchanges come from the second on).
SESSION = 5


@dataclass(frozen=True)
class TrainConfig:
    """What a training run does (all of it is kept in its checkpoint)."""

    game: str
    tables: tuple[Table, ...]
    rounds: int = 2
    hands: int = 200
    teacher: str = "heuristic"
    rate: float = 1.0
    steps: int = 300
    lr: float = 0.05
    l2: float = 1e-4
    eval_hands: int = 0
    seed: int = 0
    every: int = 10
    #: the command that started the run, for the weights' record
    command: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["command"]
        out["tables"] = [str(t) for t in self.tables]
        return out


@dataclass
class Progress:
    """Where a run stands: the round, the sessions played in it, the weights so far."""

    round: int = 1
    sessions: int = 0
    fitted: bool = False
    weights: list[float] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)


Report = Callable[[str], None]


def _save(path: Path, config: TrainConfig, state: Progress, examples: list[Example]) -> None:
    """Write the checkpoint (atomically: a run stopped while writing keeps the last)."""
    lengths = [len(f) for ex in examples for f in ex.features]
    meta = {"config": config.to_json(), "round": state.round, "sessions": state.sessions,
            "fitted": state.fitted, "log": state.log}
    arrays = {
        "meta": np.array(json.dumps(meta)),
        "weights": np.array(state.weights, dtype=np.float64),
        "feat": np.array([i for ex in examples for f in ex.features for i in f], dtype=np.int32),
        "lengths": np.array(lengths, dtype=np.int32),
        "actions": np.array([len(ex.features) for ex in examples], dtype=np.int32),
        "labels": np.array([ex.label for ex in examples], dtype=np.int32),
    }
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
    with os.fdopen(fd, "wb") as f:
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)


def _load(path: Path, config: TrainConfig) -> tuple[Progress, list[Example]]:
    """The run in a checkpoint; ``ValueError`` if it was of another configuration."""
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        if meta["config"] != config.to_json():
            raise ValueError(f"{path} is the checkpoint of another run: {meta['config']}")
        feat, lengths = data["feat"].tolist(), data["lengths"].tolist()
        actions, labels = data["actions"].tolist(), data["labels"].tolist()
        weights = data["weights"].tolist()
    examples, at, row = [], 0, 0
    for n, label in zip(actions, labels, strict=True):
        features = []
        for length in lengths[row:row + n]:
            features.append(feat[at:at + length])
            at += length
        row += n
        examples.append(Example(features, label))
    state = Progress(meta["round"], meta["sessions"], meta["fitted"], weights, meta["log"])
    return state, examples


def policy_of(config: TrainConfig, weights: Sequence[float], made_by: dict[str, Any]) -> Policy:
    """The weights as the learned player's policy."""
    encoder = get_game(config.game).policy_encoder
    return Policy(get_game(config.game).name, encoder.version, tuple(weights), made_by)


def _behaviour(config: TrainConfig, state: Progress, scratch: Path) -> list[Bot]:
    """Who plays the hands of a round: the rule-based player in round 1, else the policy so far."""
    if state.round == 1:
        return [make_bot("heuristic")]
    path = scratch / f"round{state.round - 1}.json"
    path.write_text(json.dumps(policy_of(config, state.weights, {}).to_json()))
    return [make_bot(f"learned:weights={path}")]


def teacher_spec(config: TrainConfig, state: Progress, scratch: Path) -> str:
    """The teacher of a round. A search guided by the learned policy (``rollout=learned``
    or ``prior=learned``) takes the policy so far (expert iteration); in round 1, before
    there is one, the rule-based player stands in for it."""
    name, params = parse_spec(config.teacher)
    guided = [k for k in ("rollout", "prior") if params.get(k) == "learned"]
    if name != "ismcts" or not guided:
        return config.teacher
    if state.round == 1:
        params.update({k: "heuristic" for k in guided})
    else:
        params["weights"] = str(scratch / f"round{state.round - 1}.json")
    return ":".join([name, *(f"{k}={v}" for k, v in params.items())])


def strength(config: TrainConfig, weights: Sequence[float], scratch: Path) -> list[dict[str, Any]]:
    """The policy against the rule-based player at each table, in duplicate hands."""
    path = scratch / "measured.json"
    path.write_text(json.dumps(policy_of(config, weights, {}).to_json()))
    out = []
    for table in config.tables:
        bots = tuple(f"learned:weights={path}" if s % 2 == 0 else "heuristic"
                     for s in range(table.players))
        sim = SimConfig(config.game, table.preset, table.players, bots, config.eval_hands,
                        derive_seed(config.seed, "measure"),
                        hands_per_session=SESSION if config.game == "daifugo" else 1)
        result = simulate(sim)
        margin = result.margins[0][2] if result.margins else None
        if margin is None:
            continue
        sign = 1.0 if result.margins[0][0].startswith("learned") else -1.0
        low, high = sorted((sign * margin.low, sign * margin.high))
        out.append({"table": str(table), "hands": result.hands, "margin": sign * margin.mean,
                    "low": low, "high": high})
    return out


def run(config: TrainConfig, checkpoint: Path, report: Report,
        advance: Callable[[int], None] = lambda n: None) -> Policy:
    """Train (going on from ``checkpoint`` if it exists) and return the final policy."""
    size = get_game(config.game).policy_encoder.size
    if checkpoint.exists():
        state, examples = _load(checkpoint, config)
        report(f"resumed at round {state.round}, session {state.sessions}, "
               f"{len(examples)} positions")
    else:
        state, examples = Progress(weights=[0.0] * size), []
    sessions = max(1, -(-config.hands // SESSION))
    done = ((state.round - 1) * sessions + state.sessions) * SESSION
    if done:  # a run that goes on from its checkpoint counts what was done before
        advance(done)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        while state.round <= config.rounds:
            behaviour = _behaviour(config, state, scratch)
            teacher = make_bot(teacher_spec(config, state, scratch), config.game)
            while state.sessions < sessions:
                k = state.sessions
                table = config.tables[k % len(config.tables)]
                seed = derive_seed(config.seed, "round", state.round, "session", k)
                examples += session_examples(config.game, table, SESSION, seed, behaviour,
                                             teacher, config.rate)
                state.sessions += 1
                if state.sessions % config.every == 0 or state.sessions == sessions:
                    _save(checkpoint, config, state, examples)
                advance(SESSION)
            if not state.fitted:
                state.weights = _fit_round(config, state, examples, report, scratch)
                state.fitted = True
                _save(checkpoint, config, state, examples)
            state.round += 1
            state.sessions = 0
            state.fitted = False
            if state.round <= config.rounds:
                _save(checkpoint, config, state, examples)
    made_by = {"command": config.command, "config": config.to_json(),
               "positions": len(examples), "log": state.log,
               "seconds_this_run": round(time.perf_counter() - started, 1)}
    return policy_of(config, state.weights, made_by)


def _fit_round(config: TrainConfig, state: Progress, examples: list[Example], report: Report,
               scratch: Path) -> list[float]:
    """Fit to every position so far; log the loss, the agreement and the strength."""
    # every tenth position is held out to measure the fit, the rest is fitted
    train = pack([ex for i, ex in enumerate(examples) if i % 10])
    held = pack(examples[::10])
    w = fit(np.array(state.weights, dtype=np.float64), train, config.steps, config.lr, config.l2)
    entry: dict[str, Any] = {
        "round": state.round, "positions": len(examples),
        "loss": round(loss(w, train), 6), "held_loss": round(loss(w, held), 6),
        "held_agreement": round(agreement(w, held), 6),
    }
    if config.eval_hands:
        entry["strength"] = strength(config, w.tolist(), scratch)
    state.log.append(entry)
    report(json.dumps(entry))
    weights: list[float] = w.tolist()
    return weights
