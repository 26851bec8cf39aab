"""The option tables' "implemented by" column, checked against the code.

For each option of docs/daifugo.md's and docs/lukfu.md's tables, the column must name
every module of src/paiju/<game>/ and its folders (and bots/, table/) that reads the
option, and every module it names must read it or hold the object the column names there.
A module reads an option when it reads ``rules.<option>`` (or ``r.<option>``), registers
a hook under its name (``@on_play("<option>")``, ``Beater("<option>", ...)``), or lists
it among a ``*_RULES`` tuple of option names. The modules that only declare options or
word them for players (:data:`WORDING`) are not implementations.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "paiju"
GAMES = ("daifugo", "lukfu")
#: The declaration, the players' words, the header, the front ends' parts: they name
#: every option without implementing one.
WORDING = frozenset({
    "__init__", "rules", "wording", "header", "present", "page", "explain", "observe",
    "research", "action_space",
})


def option_rows(game: str) -> dict[str, str]:
    """Each option of the page's tables with the text of its "implemented by" cell."""
    rows: dict[str, str] = {}
    option_at = impl_at = -1
    for line in (ROOT / "docs" / f"{game}.md").read_text().splitlines():
        if not line.startswith("|"):
            option_at = impl_at = -1
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "implemented by" in cells and "option" in cells:
            option_at, impl_at = cells.index("option"), cells.index("implemented by")
            continue
        if impl_at < 0 or len(cells) <= impl_at:
            continue
        found = re.match(r"`(\w+)`", cells[option_at])
        if found:
            rows[found.group(1)] = cells[impl_at]
    return rows


def modules(game: str) -> dict[str, Path]:
    """The modules the check looks at, by their path in the game's folder without
    ``.py`` (``engine/rulebook``)."""
    out = {rel(game, p): p for p in (SRC / game).rglob("*.py") if p.stem not in WORDING}
    for folder in ("bots", "table"):
        out |= {f"{folder}/{p.stem}": p for p in (SRC / folder).glob("*.py")}
    return out


def rel(game: str, path: Path) -> str:
    """A module's path in the game's folder, without ``.py``."""
    return path.relative_to(SRC / game).with_suffix("").as_posix()


def stems(game: str) -> dict[str, str]:
    """The game's modules by the short name a docs cell gives them (``scoring``), where
    the name is one module's."""
    paths = [rel(game, p) for p in (SRC / game).rglob("*.py")]
    names = [p.rsplit("/", 1)[-1] for p in paths]
    return {n: p for n, p in zip(names, paths, strict=True) if names.count(n) == 1}


def classes(game: str) -> dict[str, str]:
    """The game's classes, each with its module (``Rulebook``: ``engine/rulebook``)."""
    out = {}
    for path in (SRC / game).rglob("*.py"):
        for name in re.findall(r"^class (\w+)", path.read_text(), re.M):
            out[name] = rel(game, path)
    return out


def readers(game: str, option: str) -> set[str]:
    """The modules that read ``option`` (see the module's docstring)."""
    reads = re.compile(
        rf"\b(?:rules|r)\.{option}\b|\w\(\s*[\"']{option}[\"']"
        rf"|_RULES\b.*=.*[\"']{option}[\"']"
    )
    return {name for name, path in modules(game).items() if reads.search(path.read_text())}


def named(game: str, cell: str) -> dict[str, list[str]]:
    """The modules a cell names, each with the dotted objects it names there."""
    out: dict[str, list[str]] = {}
    for folder, stem in re.findall(rf"src/paiju/({game}|bots|table)/([\w/]+)\.py", cell):
        out.setdefault(stem if folder == game else f"{folder}/{stem}", [])
    owner = classes(game)
    short = stems(game)
    for ref in re.findall(r"`([A-Za-z_][\w.]*\.\w+)`", cell):
        if ref.endswith(".py"):
            continue
        head, rest = ref.split(".", 1)
        if head in short:
            out.setdefault(short[head], []).append(rest)
        elif head in owner:
            out.setdefault(owner[head], []).append(ref)
    return out


def resolves(game: str, module: str, dotted: str) -> bool:
    """Whether ``dotted`` names an object of the module (an attribute an ``__init__`` sets
    counts)."""
    obj: object = importlib.import_module(f"paiju.{game}.{module.replace('/', '.')}")
    source = (SRC / game / f"{module}.py").read_text()
    for part in dotted.split("."):
        if not hasattr(obj, part):
            return re.search(rf"\bself\.{part}\b\s*[:=]", source) is not None
        obj = getattr(obj, part)
    return True


CASES = [(game, option) for game in GAMES for option in option_rows(game)]


def test_the_tables_are_read() -> None:
    assert len(option_rows("daifugo")) >= 45
    assert len(option_rows("lukfu")) >= 15
    assert "four_stop" in option_rows("daifugo") and "surrender" in option_rows("lukfu")


@pytest.mark.parametrize(("game", "option"), CASES)
def test_implemented_by_names_every_reader(game: str, option: str) -> None:
    cell = option_rows(game)[option]
    missing = readers(game, option) - set(named(game, cell))
    assert not missing, f"docs/{game}.md, {option}: also read by {sorted(missing)}"


@pytest.mark.parametrize(("game", "option"), CASES)
def test_implemented_by_names_only_what_takes_part(game: str, option: str) -> None:
    cell = option_rows(game)[option]
    reading = readers(game, option)
    for module, objects in named(game, cell).items():
        assert module in modules(game) or module in WORDING, (
            f"docs/{game}.md, {option}: no module {module}"
        )
        stale = [o for o in objects if (SRC / game / f"{module}.py").exists()
                 and not resolves(game, module, o)]
        assert not stale, f"docs/{game}.md, {option}: {module} has no {stale}"
        assert module in reading or objects, (
            f"docs/{game}.md, {option}: {module} neither reads it nor holds what the row names"
        )


def test_a_reader_left_out_is_found() -> None:
    # The check itself: the rulebook reads ``surrender``; a row without it is caught.
    assert "engine/rulebook" in readers("lukfu", "surrender")
    link = "[`scoring.win_value`](../src/paiju/lukfu/engine/scoring.py)"
    assert set(named("lukfu", link)) == {"engine/scoring"}
