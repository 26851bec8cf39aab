"""The package's layers: core knows no game; games know only core and the table's
game-independent ground (the presenter's base and the catalogues' words, on which each
game's own presenter is built); bots and the simulator know only core (each game's
heuristic strategy lives in the game's folder); the table (shared by every front end),
the terminal and the server's Python know core, bots and the table, and no game by name
(they ask the registry); nothing below the front ends imports them."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "paiju"

#: The modules of table/ that a game may build on ("ground"): they import only core and
#: each other, so a game that imports them imports no front end.
GROUND = {"table.present", "table.text", "table.rules_text"}

#: Folder -> the paiju packages (or ground modules) its modules may import.
ALLOWED = {
    "core": {"core"},
    "lukfu": {"core", "lukfu", *GROUND},
    "daifugo": {"core", "daifugo", *GROUND},
    "bots": {"core", "bots"},
    "sim": {"core", "bots", "sim"},
    "train": {"core", "bots", "sim", "train"},
    "table": {"core", "bots", "table"},
    "uecda": {"core", "bots", "sim", "daifugo", "table", "uecda"},
    "rl": {"core", "bots", "rl"},
    "web": {"core", "bots", "table", "web"},
    "ui": {"core", "bots", "sim", "table", "ui"},
}
#: The front ends, which no game may import.
FRONT_ENDS = {"ui", "web", "rl", "uecda", "cli"}


def paiju_imports(path: Path) -> set[str]:
    """The second component of every ``paiju.X`` module that ``path`` imports
    (``table.M`` for a ground module of the table, ``table`` for any other of it)."""
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
                ground = ".".join(parts[1:3])
                found.add(ground if ground in GROUND else parts[1])
    return found


def _allowed(folder: str, imported: str) -> bool:
    """Whether ``folder`` may import ``imported`` (a ground module: where the table may)."""
    return imported in ALLOWED[folder] or (imported in GROUND and "table" in ALLOWED[folder])


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_each_layer_imports_only_what_is_below_it(folder: str) -> None:
    wrong = {
        str(path.relative_to(SRC)): bad
        for path in sorted((SRC / folder).rglob("*.py"))
        if (bad := sorted(i for i in paiju_imports(path) if not _allowed(folder, i)))
    }
    assert wrong == {}


def test_the_tables_ground_imports_only_core_and_itself() -> None:
    wrong = {
        module: bad for module in sorted(GROUND)
        if (bad := sorted(paiju_imports(SRC / (module.replace(".", "/") + ".py"))
                          - {"core", *GROUND}))
    }
    assert wrong == {}


def test_no_game_imports_a_front_end() -> None:
    for game in ("lukfu", "daifugo"):
        assert not ALLOWED[game] & FRONT_ENDS
        assert not any(i.split(".")[0] in FRONT_ENDS for path in (SRC / game).rglob("*.py")
                       for i in paiju_imports(path))


def test_a_game_may_use_the_tables_ground_but_no_other_part_of_it(tmp_path: Path) -> None:
    game = tmp_path / "game.py"
    game.write_text("from paiju.table.present import Presenter\n"
                    "from paiju.table.hints import search_hint\n")
    assert paiju_imports(game) == {"table.present", "table"}
    assert [i for i in paiju_imports(game) if not _allowed("lukfu", i)] == ["table"]


def test_the_layer_check_sees_imports() -> None:
    assert {"core", "lukfu"} <= paiju_imports(SRC / "lukfu" / "engine" / "state.py")


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
