"""The command-line tests keep every record they save in a temporary folder."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$PAIJU_DATA_DIR`` pointed at a fresh folder."""
    folder = tmp_path / "paiju-data"
    monkeypatch.setenv("PAIJU_DATA_DIR", str(folder))
    return folder
