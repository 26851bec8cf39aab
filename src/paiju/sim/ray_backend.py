"""The Ray backend: batches of groups as Ray tasks, on a local or remote Ray cluster.

Ray is imported only here, only when ``--backend ray`` is asked for. The cluster is
the one ``RAY_ADDRESS`` names, or a local one started for the run. Each task plays a
batch of consecutive groups with :func:`paiju.sim.runner.run_batch`, so the results
are exactly those of one local process with the same seed.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, Sequence
from typing import Any

from paiju.core.errors import PaijuError


def _import_ray() -> Any:
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise PaijuError(
            "--backend ray needs Ray, which is not installed; "
            "install it with: pip install 'paiju[ray]'"
        ) from None
    return ray


def ray_outcomes(
    config: Any, want_records: bool, batches: Sequence[Sequence[int]], workers: int
) -> Iterator[Any]:
    """Every group's outcome, in group order, computed by Ray tasks."""
    ray = _import_ray()
    from paiju.sim.runner import run_batch

    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False}
        if workers > 1 and not os.environ.get("RAY_ADDRESS"):
            kwargs["num_cpus"] = workers
        ray.init(**kwargs)
    task = ray.remote(run_batch)
    pending = [task.remote(config, want_records, list(batch)) for batch in batches]
    for ref in pending:
        yield from ray.get(ref)
