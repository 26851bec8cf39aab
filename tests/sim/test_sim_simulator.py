"""The simulator: reproducibility, duplicate deals, sessions, records, the command line."""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paiju.cli import main
from paiju.core.errors import PaijuError
from paiju.core.records import iter_jsonl
from paiju.core.referee import referee
from paiju.sim.runner import (
    GroupOutcome,
    Progress,
    SimConfig,
    iter_outcomes,
    simulate,
    summarize,
)

BOTS = ("heuristic", "random", "ismcts:iters=6")


def _config(**changes: Any) -> SimConfig:
    fields: dict[str, Any] = dict(game="tiny", rules="basic", players=3, bots=BOTS, hands=36,
                                  seed=5)
    fields.update(changes)
    return SimConfig(**fields)


def _run(config: SimConfig, workers: int = 1) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    records: list[dict[str, Any]] = []
    result = simulate(config, workers=workers, records=records.append)
    data = result.to_json()
    data.pop("seconds")
    return data, records


def test_same_seed_same_results_with_one_and_two_workers() -> None:
    one, records_one = _run(_config())
    again, records_again = _run(_config())
    two, records_two = _run(_config(), workers=2)
    assert one == again == two
    assert records_one == records_again == records_two
    other, _ = _run(_config(seed=6))
    assert other["results"] != one["results"]


def test_duplicate_replays_each_deal_at_every_seating() -> None:
    _, records = _run(_config(hands=30))
    assert len(records) == 30
    for start in range(0, 30, 3):
        deals = [r["deal"] for r in records[start:start + 3]]
        assert deals[0] == deals[1] == deals[2]
    assert records[0]["deal"] != records[3]["deal"]


def test_seat_rotation_without_duplicate() -> None:
    config = _config(duplicate=False, hands=9, bots=("random", "random", "heuristic"))
    outcomes = list(iter_outcomes(config))
    assert len(outcomes) == 9 and all(o.hands == 1 for o in outcomes)
    data, records = _run(config)
    assert len({json.dumps(r["deal"]) for r in records}) == 9
    assert data["interval_unit"] == "hand"


def test_every_record_passes_the_referee() -> None:
    _, records = _run(_config(hands=24))
    for record in records:
        report = referee(json.loads(json.dumps(record))).report
        assert report["legal"] and report["finished"]


def test_points_follow_the_players_round_the_table() -> None:
    # The tiny game pays the winner what the others lose; the simulator must credit each
    # seat's points to the player sitting there, so the totals stay zero-sum per player.
    outcomes = list(iter_outcomes(_config(hands=30)))
    for outcome in outcomes:
        assert sum(outcome.points) == pytest.approx(0)
        assert sum(outcome.wins) == outcome.hands


def test_sessions_are_one_unit_each() -> None:
    config = _config(hands_per_session=4, hands=24)
    outcomes = list(iter_outcomes(config))
    assert config.groups == 2 and [o.hands for o in outcomes] == [12, 12]
    data, records = _run(config)
    assert data["hands"] == 24 and data["groups"] == 2
    assert data["interval_unit"] == "session played at every seating"
    assert len(records) == 24


def test_summary_on_known_outcomes() -> None:
    config = SimConfig("tiny", "basic", 2, ("a", "b"), 6, 0)
    outcomes = [
        GroupOutcome(0, 2, [4.0, -4.0], [2, 0], 10),
        GroupOutcome(1, 2, [0.0, 0.0], [1, 1], 10),
        GroupOutcome(2, 2, [-2.0, 2.0], [0, 2], 10),
    ]
    result = summarize(config, outcomes, 1.0)
    a = result.players[0]
    assert a.points.mean == pytest.approx((2 + 0 - 1) / 3)
    # per-group values 2, 0, -1: s = 1.5275, t(0.975, 2) = 4.3027
    assert a.points.half_width == pytest.approx(4.3027 * 1.5275 / 3**0.5, abs=1e-3)
    assert a.win_rate.mean == pytest.approx(0.5)
    (first, second, margin) = result.margins[0]
    assert (first, second) == ("a", "b")
    assert margin.mean == pytest.approx(2 * a.points.mean)
    assert result.hands == 6 and result.decisions == 30


def test_config_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        simulate(_config(bots=("random", "random")))
    with pytest.raises(ValueError, match="unknown player"):
        simulate(_config(bots=("random", "random", "oracle")))
    with pytest.raises(ValueError, match="for 2, 3 players, not 5"):
        simulate(_config(players=5, bots=("random",) * 5))
    with pytest.raises(PaijuError, match="no preset"):
        simulate(_config(rules="nonsense"))
    with pytest.raises(ValueError, match="workers"):
        simulate(_config(), workers=0)


def test_ray_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(PaijuError, match=r"pip install 'paiju\[ray\]'"):
        simulate(_config(), backend="ray")


def test_progress_bar_only_on_a_terminal() -> None:
    quiet = io.StringIO()
    bar = Progress(10, quiet)
    bar.advance(10)
    bar.close()
    assert quiet.getvalue() == ""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    loud = Terminal()
    bar = Progress(10, loud, delay=0.0)
    bar.advance(4)
    bar.advance(6)
    bar.close()
    shown = loud.getvalue()
    assert "10/10" in shown and "hands" in shown and "eta" in shown
    late = Terminal()
    bar = Progress(10, late, delay=60.0)
    bar.advance(10)
    bar.close()
    assert late.getvalue() == "", "a quick run shows no bar"


def test_simulate_command(tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    runner = CliRunner()
    args = ["simulate", "tiny", "--rules", "basic", "--players", "3", "--bots",
            ",".join(BOTS), "--hands", "12", "--seed", "3"]
    out = runner.invoke(main, [*args, "--json", "--records", str(records)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["hands"] == 12 and [r["bot"] for r in data["results"]] == list(BOTS)
    lines = list(iter_jsonl(str(records)))
    assert len(lines) == 12
    refereed = runner.invoke(main, ["referee", str(records)])
    assert refereed.exit_code == 0, refereed.output
    assert all(json.loads(line)["legal"] for line in refereed.output.splitlines())
    text = runner.invoke(main, args)
    assert text.exit_code == 0
    assert "heuristic - random" in text.output and "95% CI" in text.output
    bad = runner.invoke(main, ["simulate", "tiny", "-n", "3", "--bots", "random,random,psychic"])
    assert bad.exit_code == 2 and "unknown player 'psychic'" in bad.output
    unknown = runner.invoke(main, ["simulate", "chess"])
    assert unknown.exit_code == 2 and "unknown game" in unknown.output


@pytest.mark.skipif(
    not os.environ.get("PAIJU_TEST_RAY"), reason="starts a Ray cluster; set PAIJU_TEST_RAY=1"
)
def test_ray_backend_gives_the_local_results() -> None:
    pytest.importorskip("ray")
    config = SimConfig("daifugo", "pagat", 4, ("random", "heuristic", "random", "heuristic"),
                       16, 3)
    local = simulate(config).to_json()
    remote = simulate(config, backend="ray", workers=2, batch_size=1).to_json()
    local.pop("seconds")
    remote.pop("seconds")
    assert remote == local


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_before_the_first_group_and_says_no_eta_yet() -> None:
    from paiju.sim.progress import NO_ETA_YET

    shown = _Terminal()
    bar = Progress(8, shown, delay=0.05)
    deadline = time.monotonic() + 5
    while "0/8" not in shown.getvalue():
        assert time.monotonic() < deadline, "no bar while nothing is done"
        time.sleep(0.05)
    assert bar.eta() == f"{NO_ETA_YET} hand"
    bar.close()
    assert "0/8" in shown.getvalue() and "-:--:--" not in shown.getvalue()


def test_progress_estimate_and_clock_count_from_the_start() -> None:
    from paiju.sim.progress import clock, remaining

    assert remaining(0, 8, 18.0) is None
    assert remaining(2, 8, 20.0) == pytest.approx(60.0)  # 10 s a unit, 6 left
    assert remaining(8, 8, 44.0) == 0.0
    assert clock(44.4) == "0:00:44" and clock(3725) == "1:02:05"
    bar = Progress(4, io.StringIO())
    bar.start -= 30.0  # the run began 30 s ago (a slow first group)
    bar.update(1)
    assert bar.elapsed() >= 30.0
    assert bar.eta() == "eta 0:01:30"


def _strict(text: str) -> Any:
    """JSON as the standard has it: no Infinity, -Infinity or NaN."""
    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_simulate_json_is_valid_json_and_few_groups_say_too_few_to_tell() -> None:
    runner = CliRunner()
    args = ["simulate", "tiny", "--rules", "basic", "--players", "3", "--bots",
            ",".join(BOTS), "--hands", "1", "--seed", "3"]
    out = runner.invoke(main, [*args, "--json"])
    assert out.exit_code == 0, out.output
    data = _strict(out.output)
    row = data["results"][0]["points_per_hand"]
    assert row["too_few"] and row["low"] is None and row["high"] is None
    text = runner.invoke(main, args)
    assert text.exit_code == 0, text.output
    assert "[too few to tell]" in text.output and "inf" not in text.output
