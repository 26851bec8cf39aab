"""The package's layers: core knows no game; games know only core; bots and the simulator
know only core (each game's heuristic strategy lives in the game's folder); the table
(presenters and hints, shared by every front end) knows core, bots and the games; nothing below the
front ends imports them."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "paiju"

#: Folder -> the paiju packages its modules may import.
ALLOWED = {
    "core": {"core"},
    "lukfu": {"core", "lukfu"},
    "daifugo": {"core", "daifugo"},
    "bots": {"core", "bots"},
    "sim": {"core", "bots", "sim"},
    "train": {"core", "bots", "sim", "train"},
    "table": {"core", "bots", "lukfu", "daifugo", "table"},
    "uecda": {"core", "bots", "sim", "daifugo", "table", "uecda"},
    "rl": {"core", "bots", "lukfu", "daifugo", "rl"},
    "web": {"core", "bots", "lukfu", "daifugo", "table", "web"},
}


def paiju_imports(path: Path) -> set[str]:
    """The second component of every ``paiju.X`` module that ``path`` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "paiju" and len(parts) > 1:
                found.add(parts[1])
    return found


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_each_layer_imports_only_what_is_below_it(folder: str) -> None:
    wrong = {
        str(path.relative_to(SRC)): sorted(paiju_imports(path) - ALLOWED[folder])
        for path in sorted((SRC / folder).rglob("*.py"))
        if paiju_imports(path) - ALLOWED[folder]
    }
    assert wrong == {}


def test_the_layer_check_sees_imports() -> None:
    assert {"core", "lukfu"} <= paiju_imports(SRC / "lukfu" / "state.py")


#: The libraries of the front ends (the command line, the terminal, the web server).
FRONT_END_LIBRARIES = ("click", "textual", "rich", "fastapi", "starlette", "uvicorn")


def test_the_engines_and_players_import_no_front_end_library() -> None:
    import subprocess
    import sys

    code = ("import sys, paiju.lukfu.game, paiju.daifugo.game, paiju.bots.base, "
            "paiju.bots.ismcts, paiju.bots.learned, paiju.core.referee; "
            f"print(sorted(m for m in {FRONT_END_LIBRARIES!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
