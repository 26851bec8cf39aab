"""tools/true_deal.py: the diagnostic that tells a search the true deal late in a hand."""

import importlib.util
import json
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

import pytest

from paiju.bots.ismcts import ISMCTSBot

SPEC = ("ismcts:iters=4:root=halving:tree=root:rollout=heuristic:prior=heuristic"
        ":reward=place:opponents=uecda-standard")


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "true_deal.py"
    spec = importlib.util.spec_from_file_location("true_deal", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_search_is_told_the_deal_exactly_from_the_limit_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, bool]] = []
    choose = ISMCTSBot.choose

    def spy(self: ISMCTSBot, view: Any, rng: Random) -> Any:
        told = "_deal" in self.__dict__
        if told:  # the real state: seat 0's view of it is the view searched
            dealt = self._deal(view, rng)
            assert dealt.view(0).hand == view.hand
            assert dealt.view(0).legal_actions() == view.legal_actions()
        seen.append((len(view.hand), told))
        return choose(self, view, rng)

    monkeypatch.setattr(ISMCTSBot, "choose", spy)
    points = _tool().play_session(SPEC, 5, 0)
    assert len(points) == 10 and all(1 <= p <= 5 for p in points)
    assert all(told == (held <= 5) for held, told in seen)
    assert {told for _, told in seen} == {True, False}


def test_the_arms_are_paired_against_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    other = SPEC + ":pick=2:held=4"
    argv = ["--spec", SPEC, "--sessions", "2", "--limits", "none,all", "--untold", other]
    assert _tool().main(argv) == 0
    none, told, picked = json.loads(capsys.readouterr().out)["arms"]
    assert none["spec"] == told["spec"] == SPEC and picked["spec"] == other
    assert none["told"] == "none" and none["hands"] == 20 and "against_first" not in none
    assert told["told"] == "all" and len(told["against_first"]) == 2
    assert picked["told"] == "none" and len(picked["against_first"]) == 2
    assert 1 <= none["points_per_hand"] <= 5 and none["seconds"] > 0


def test_a_bad_limit_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        _tool().main(["--spec", SPEC, "--sessions", "1", "--limits", "none,few"])
    assert exit_.value.code == 2
    assert "a limit is none, all or a number of cards held, not 'few'" in capsys.readouterr().err
