"""The compiled engines (paiju/compiled.py): the same games as the pure modules, and the
switch that chooses between them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paiju import compiled

DIGEST = Path(__file__).with_name("compiled_digest.py")


def _tree(root: Path, built: int, stamp: bool = True) -> Path:
    """A fake paiju package: every compiled module's source, ``built`` of them built."""
    pkg = root / "paiju"
    for i, module in enumerate(compiled.MODULES):
        src = compiled.source_of(module, pkg)
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"X = {i}\n")
        if i < built:
            src.with_name(src.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    if stamp:
        (pkg / compiled.STAMP).write_text(json.dumps(compiled.stamp(pkg)))
    return pkg


def test_the_switch_reads_the_environment_and_the_build(tmp_path: Path) -> None:
    n = len(compiled.MODULES)
    whole = _tree(tmp_path / "whole", n)
    assert compiled.why_pure({}, whole) == ""
    assert compiled.why_pure({"PAIJU_PURE": "1"}, whole) == "PAIJU_PURE=1"
    assert compiled.why_pure({"PAIJU_PURE": "0"}, whole) == ""
    assert compiled.why_pure({}, _tree(tmp_path / "none", 0)) == "not compiled"
    assert compiled.why_pure({}, _tree(tmp_path / "part", n - 1)) == (
        f"the compiled build lacks {compiled.MODULES[-1]}")
    assert "no readable" in compiled.why_pure({}, _tree(tmp_path / "nostamp", n, stamp=False))
    compiled.source_of(compiled.MODULES[3], whole).write_text("X = 'edited'\n")
    assert compiled.why_pure({}, whole) == (
        f"{compiled.MODULES[3]} changed after the build (pip install -e . compiles it again)")


def test_the_pure_switch_loads_every_module_from_its_source() -> None:
    code = ("import importlib, paiju.compiled as c; "
            "print(all(importlib.import_module(m).__file__.endswith('.py') for m in c.MODULES),"
            " c.reason)")
    env = dict(os.environ, PAIJU_PURE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "PAIJU_PURE=1"]


needs_build = pytest.mark.skipif(not compiled.in_use(),
                                 reason=f"the engines are not compiled here ({compiled.reason})")


@needs_build
def test_every_compiled_module_imports_on_its_own() -> None:
    for module in compiled.MODULES:
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)


def _pure_digest(hands: int) -> str:
    env = dict(os.environ, PAIJU_PURE="1")
    return subprocess.run([sys.executable, str(DIGEST), str(hands)], env=env,
                          capture_output=True, text=True, check=True).stdout.strip()


def _own_digest(hands: int) -> str:
    sys.path.insert(0, str(DIGEST.parent))
    try:
        from compiled_digest import digest
    finally:
        sys.path.remove(str(DIGEST.parent))
    return str(digest(hands))


@needs_build
def test_the_compiled_engines_play_the_pure_ones_games() -> None:
    assert _own_digest(300) == _pure_digest(300)


@needs_build
@pytest.mark.slow
@pytest.mark.differential
def test_the_compiled_engines_play_the_pure_ones_games_at_length() -> None:
    assert _own_digest(20_000) == _pure_digest(20_000)
