"""The engines' compiled build (mypyc), and the switch back to their pure-Python modules.

pip compiles the modules in :data:`MODULES` with mypyc when it installs paiju
(``setup.py``); the compiled modules sit beside their sources and Python imports them
first. They are the same source, compiled: the rules live in one place, and tests compare
the two builds game for game (docs/notes/performance-history.md, "The compiled engines").

:func:`choose` runs once, when ``paiju`` is imported. It keeps the compiled modules
unless ``PAIJU_PURE=1`` asks for the pure ones, or the build is not whole or not of these
sources (a source edited after the build: then it warns once, naming the first module
that differs). Then it puts a finder in front of the import system that loads the
``.py`` file of every module in :data:`MODULES`.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

#: The modules pip compiles: each game's cards, combinations, rulebook, position, state,
#: views, fast path and rule-based player, the UECda standard client's strategy (tables,
#: fast path and the player over a view), the Luk Fu actions and sampling, each game's
#: research observer, the bitset helpers and uniform draw they share, and the research
#: envs' actions, match, observations and the batched env's loops over its sessions (which
#: import NumPy at run time; the build reads it as untyped).
MODULES: tuple[str, ...] = (
    "paiju.core.bitset",
    "paiju.core.draw",
    "paiju.daifugo.engine.actions",
    "paiju.daifugo.engine.cards",
    "paiju.daifugo.engine.combos",
    "paiju.daifugo.engine.exchange",
    "paiju.daifugo.engine.generate",
    "paiju.daifugo.engine.hooks",
    "paiju.daifugo.engine.position",
    "paiju.daifugo.engine.registry",
    "paiju.daifugo.engine.rewind",
    "paiju.daifugo.engine.rulebook",
    "paiju.daifugo.engine.state",
    "paiju.daifugo.engine.tables",
    "paiju.daifugo.engine.turns",
    "paiju.daifugo.engine.view",
    "paiju.daifugo.fast.endgame",
    "paiju.daifugo.fast.playout",
    "paiju.daifugo.fast.standard",
    "paiju.daifugo.observe",
    "paiju.daifugo.players.standard",
    "paiju.daifugo.players.standard_player",
    "paiju.daifugo.players.strategy",
    "paiju.lukfu.engine.actions",
    "paiju.lukfu.engine.cards",
    "paiju.lukfu.engine.lead",
    "paiju.lukfu.engine.melds",
    "paiju.lukfu.engine.position",
    "paiju.lukfu.engine.rulebook",
    "paiju.lukfu.engine.scoring",
    "paiju.lukfu.engine.state",
    "paiju.lukfu.engine.view",
    "paiju.lukfu.fast.playout",
    "paiju.lukfu.inference.aged",
    "paiju.lukfu.inference.aging",
    "paiju.lukfu.inference.bystander",
    "paiju.lukfu.inference.constraint",
    "paiju.lukfu.inference.inference",
    "paiju.lukfu.inference.knowledge",
    "paiju.lukfu.inference.search",
    "paiju.lukfu.observe",
    "paiju.lukfu.players.strategy",
    "paiju.rl.actions",
    "paiju.rl.match",
    "paiju.rl.observe",
    "paiju.rl.rows",
)

#: The name of the library the compiled modules share (mypycify's group).
GROUP = "paiju_engines"

#: The file, beside this one, in which the build records the sources it compiled.
STAMP = "_compiled.json"

_ROOT = Path(__file__).resolve().parent  # the paiju package
#: Why the pure modules serve, once :func:`choose` has run ("" while compiled ones do).
reason = ""


def source_of(module: str, root: Path = _ROOT) -> Path:
    """The ``.py`` file of ``module`` (a name in :data:`MODULES`)."""
    return root.joinpath(*module.split(".")[1:]).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stamp(root: Path = _ROOT) -> dict[str, str]:
    """The sources as the build records them: module -> SHA-256 of its ``.py``."""
    return {m: digest(source_of(m, root)) for m in MODULES}


def _built(module: str, root: Path) -> bool:
    base = source_of(module, root).with_suffix("")
    return any(base.with_name(base.name + s).exists()
               for s in importlib.machinery.EXTENSION_SUFFIXES)


def why_pure(environ: Mapping[str, str] = os.environ, root: Path = _ROOT) -> str:
    """Why the pure modules must serve ("" if the compiled build may)."""
    if environ.get("PAIJU_PURE", "0").strip() not in ("", "0"):
        return "PAIJU_PURE=1"
    built = [m for m in MODULES if _built(m, root)]
    if not built:
        return "not compiled"
    if len(built) < len(MODULES):
        missing = next(m for m in MODULES if m not in built)
        return f"the compiled build lacks {missing}"
    try:
        recorded = json.loads((root / STAMP).read_text())
    except (OSError, ValueError):
        return f"the compiled build has no readable {STAMP}"
    for m in MODULES:
        if recorded.get(m) != digest(source_of(m, root)):
            return f"{m} changed after the build (pip install -e . compiles it again)"
    return ""


class _PureFinder:
    """Finds the ``.py`` file of each module in :data:`MODULES`, before any compiled one."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> Any:
        if name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(name, source_of(name, self.root))


def choose(environ: Mapping[str, str] = os.environ) -> None:
    """Load the pure modules from now on if the compiled ones must not serve (see above)."""
    global reason
    reason = why_pure(environ)
    if not reason:
        return
    if any(isinstance(f, _PureFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _PureFinder(_ROOT))
    if reason not in ("PAIJU_PURE=1", "not compiled"):
        warnings.warn(f"paiju runs its pure-Python engines: {reason}", stacklevel=2)


def in_use() -> bool:
    """Whether the engines run compiled (the modules imported are the extension modules)."""
    from paiju.daifugo.engine import state

    return not (getattr(state, "__file__", "") or "").endswith(".py")
