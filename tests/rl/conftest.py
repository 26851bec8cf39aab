"""Fixtures of the research-interface tests."""

from __future__ import annotations

import pytest
from rl_helpers import IDS, PRESETS


@pytest.fixture(params=PRESETS, ids=IDS)
def preset(request: pytest.FixtureRequest) -> tuple[str, str, int]:
    return request.param  # type: ignore[no-any-return]
