"""Where paiju keeps the records of the hands played in the terminal.

The directory is, first found: ``$PAIJU_DATA_DIR``; ``$XDG_DATA_HOME/paiju``; the
platform's user data directory for ``paiju`` (platformdirs). Records go under
``records/<game>/`` in it, one JSON file a hand, in the format ``paiju referee`` reads.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

#: The environment variable that overrides the data directory (tests point it at a tmp dir).
ENV_VAR = "PAIJU_DATA_DIR"


def data_dir() -> Path:
    """The user data directory of paiju (not created here)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "paiju"
    return Path(platformdirs.user_data_dir("paiju", appauthor=False))


def records_dir(game: str) -> Path:
    """The folder of ``game``'s records (not created here)."""
    return data_dir() / "records" / game


def record_path(game: str, session: str, hand: int) -> Path:
    """The file of hand ``hand`` (counted from 1) of session ``session``."""
    return records_dir(game) / f"{session}-hand{hand:03d}.json"


def check_writable(folder: Path) -> None:
    """``OSError`` unless records can be written in ``folder`` (made if missing): a
    session checks before its first hand, so that no hand is played and then lost."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / f".paiju-probe-{os.getpid()}"
    probe.write_bytes(b"")
    probe.unlink()


def save_record(path: Path, record: Mapping[str, Any]) -> Path:
    """Write ``record`` as JSON to ``path``, creating its folders; return the path.

    The file is written whole and then renamed into place, so a record is never half there.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path
