"""The research envs copy and pickle mid-session in both builds: the copies play on as
the original does, step for step (tests/rl/copy_check.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from copy_check import check_aec, check_gym

from paiju import compiled

CHECK = Path(__file__).with_name("copy_check.py")


def test_the_gym_env_copies_and_pickles_in_this_build(preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    assert check_gym(game, rules, players) > 0


def test_the_pettingzoo_env_copies_and_pickles_in_this_build(
        preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    assert check_aec(game, rules, players) > 0


@pytest.mark.skipif(not compiled.in_use(),
                    reason=f"the engines are not compiled here ({compiled.reason})")
def test_this_build_is_the_compiled_one() -> None:
    # the two tests above ran the compiled envs; the next runs the pure ones
    assert compiled.in_use()


def test_the_envs_copy_and_pickle_in_the_pure_build() -> None:
    env = dict(os.environ, PAIJU_PURE="1")
    out = subprocess.run([sys.executable, str(CHECK)], env=env, capture_output=True,
                         text=True, check=True, cwd=CHECK.parent).stdout.split()
    assert out == ["copied", "pure"]
