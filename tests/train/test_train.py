"""``paiju train``: the fit, reproducibility from a seed, resuming, and the command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from paiju.bots.base import make_bot
from paiju.bots.learned import load
from paiju.cli import main
from paiju.train.data import Example, Table, parse_table, session_examples
from paiju.train.fit import agreement, fit, gradient, loss, pack
from paiju.train.loop import TrainConfig, run


def _examples() -> list[Example]:
    return [Example([[0, 2], [1], [1, 2, 3]], 2), Example([[0], [3]], 0),
            Example([[2], [2, 3], [0, 1]], 1)]


def test_the_gradient_is_the_losss_slope() -> None:
    batch = pack(_examples())
    w = np.array([0.3, -0.2, 0.5, 0.1])
    g = gradient(w, batch, l2=0.01)
    for i in range(4):
        step = np.zeros(4)
        step[i] = 1e-6
        up = loss(w + step, batch) + 0.005 * np.sum((w + step) ** 2)
        down = loss(w - step, batch) + 0.005 * np.sum((w - step) ** 2)
        assert g[i] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_a_fit_learns_the_choices() -> None:
    batch = pack(_examples())
    w = fit(np.zeros(4), batch, steps=200, lr=0.1, l2=0.0)
    assert loss(w, batch) < 0.5 * loss(np.zeros(4), batch)
    assert agreement(w, batch) == 1.0
    assert agreement(np.zeros(4), batch) < 1.0


def test_a_table_is_a_preset_and_players() -> None:
    assert parse_table("uecda:5") == Table("uecda", 5)
    with pytest.raises(ValueError, match="PRESET:PLAYERS"):
        parse_table("uecda")


@pytest.mark.parametrize(("game", "table"), [("lukfu", Table("gloucester", 3)),
                                             ("daifugo", Table("popular", 4))])
def test_a_session_labels_the_teachers_choices(game: str, table: Table) -> None:
    heuristic = make_bot("heuristic")
    got = session_examples(game, table, 2, seed=5, behaviour=[heuristic], teacher=heuristic,
                           rate=1.0)
    assert len(got) > 10
    assert all(len(ex.features) > 1 and 0 <= ex.label < len(ex.features) for ex in got)
    half = session_examples(game, table, 2, seed=5, behaviour=[heuristic], teacher=heuristic,
                            rate=0.5)
    assert 0 < len(half) < len(got)


def _config(**kw: object) -> TrainConfig:
    base: dict[str, object] = dict(game="daifugo", tables=(Table("pagat", 4), Table("uecda", 5)),
                                   rounds=2, hands=10, teacher="ismcts:iters=6", rate=0.3,
                                   steps=30, seed=11, every=1)
    base.update(kw)
    return TrainConfig(**base)  # type: ignore[arg-type]


def test_a_short_run_is_the_same_bit_for_bit_from_its_seed(tmp_path: Path) -> None:
    first = run(_config(), tmp_path / "a.npz", lambda line: None)
    second = run(_config(), tmp_path / "b.npz", lambda line: None)
    other = run(_config(seed=12), tmp_path / "c.npz", lambda line: None)
    assert first.weights == second.weights
    assert first.weights != other.weights
    assert any(first.weights)
    assert [e["round"] for e in first.made_by["log"]] == [1, 2]


class _Stop(Exception):
    pass


def test_a_stopped_run_goes_on_from_its_checkpoint_to_the_same_weights(tmp_path: Path) -> None:
    whole = run(_config(), tmp_path / "whole.npz", lambda line: None)
    done = 0

    def stop_at_three(n: int) -> None:
        nonlocal done
        done += 1
        if done == 3:  # in round 2, after its first session
            raise _Stop

    path = tmp_path / "part.npz"
    with pytest.raises(_Stop):
        run(_config(), path, lambda line: None, stop_at_three)
    lines: list[str] = []
    counted: list[int] = []
    resumed = run(_config(), path, lines.append, counted.append)
    assert lines[0].startswith("resumed at round 2, session 1")
    assert counted == [15, 5]  # the hands played before, then the session left
    assert resumed.weights == whole.weights
    with pytest.raises(ValueError, match="another run"):
        run(_config(seed=3), path, lambda line: None)


def test_the_command_writes_weights_that_simulate_plays(tmp_path: Path) -> None:
    out, log = tmp_path / "w.json", tmp_path / "train.log"
    args = ["train", "lukfu", "--table", "gloucester:3", "--rounds", "1", "--hands", "5",
            "--steps", "20", "--eval-hands", "3", "--seed", "4",
            "--checkpoint", str(tmp_path / "c.npz"), "--log", str(log), "--out", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    policy = load(out)
    assert policy.game == "lukfu" and policy.made_by["config"]["seed"] == 4
    assert "commit" in policy.made_by and policy.made_by["command"].startswith("paiju train")
    entry = json.loads(log.read_text().splitlines()[0])
    assert entry["round"] == 1 and entry["strength"][0]["table"] == "gloucester:3"
    sim = CliRunner().invoke(main, ["simulate", "lukfu", "--rules", "gloucester", "-n", "3",
                                    "--bots", f"learned:weights={out},heuristic",
                                    "--hands", "3", "--json"])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["bots"][0] == f"learned:weights={out}"


def test_the_command_refuses_a_bad_table_and_teacher(tmp_path: Path) -> None:
    bad = CliRunner().invoke(main, ["train", "lukfu", "--table", "hongkong"])
    assert bad.exit_code != 0 and "PRESET:PLAYERS" in bad.output
    wrong = CliRunner().invoke(main, ["train", "lukfu", "--teacher", "uecda-standard"])
    assert wrong.exit_code != 0 and "Dai Fugō" in wrong.output


def test_a_search_guided_by_the_policy_is_taught_by_the_policy_so_far(tmp_path: Path) -> None:
    from paiju.train.loop import Progress, teacher_spec

    config = _config(teacher="ismcts:iters=8:root=halving:prior=learned")
    assert teacher_spec(config, Progress(round=1), tmp_path) == (
        "ismcts:iters=8:root=halving:prior=heuristic")
    assert teacher_spec(config, Progress(round=2), tmp_path) == (
        f"ismcts:iters=8:root=halving:prior=learned:weights={tmp_path / 'round1.json'}")
    plain = _config(teacher="ismcts:iters=8")
    assert teacher_spec(plain, Progress(round=2), tmp_path) == "ismcts:iters=8"
    guided = _config(game="lukfu", tables=(Table("gloucester", 3),), hands=5, rate=0.5,
                     teacher="ismcts:iters=4:prior=learned")
    first = run(guided, tmp_path / "a.npz", lambda line: None)
    assert first.weights == run(guided, tmp_path / "b.npz", lambda line: None).weights
