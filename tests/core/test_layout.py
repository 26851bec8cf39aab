"""The test tree itself: pytest imports test modules by basename, so basenames must differ."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_test_module_basenames_are_unique() -> None:
    shared = ("conftest.py", "__init__.py")
    names = Counter(p.name for p in TESTS.rglob("*.py") if p.name not in shared)
    assert [name for name, n in names.items() if n > 1] == []
