"""The switch of the games' fast paths (docs/architecture.md, "The fast path").

Each game's fast path (``paiju/lukfu/fast/playout.py``,
``paiju/daifugo/fast/playout.py``) reads it once, at import. ``PAIJU_FAST=0`` or
``PAIJU_PURE=1`` turns every fast path off: the simulator and the search then play
through views, the reference path. ``PAIJU_PURE=1`` also loads the engines' pure-Python
modules instead of their compiled build (:mod:`paiju.compiled`), so it names the pure
reference engine; ``PAIJU_FAST=0`` keeps the compiled build.
"""

from __future__ import annotations

import os
from collections.abc import Mapping


def fast_path_on(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the fast paths are on: unless ``PAIJU_FAST=0`` or ``PAIJU_PURE=1``."""
    return (environ.get("PAIJU_FAST", "1").strip() != "0"
            and environ.get("PAIJU_PURE", "0").strip() in ("", "0"))
