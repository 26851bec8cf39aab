"""Each game's docs page has a row for every option, and a named-values option's row
lists exactly the values the option takes (the options are declared once, in the code;
the page is checked against them)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("lukfu", "daifugo")


def value_cells(game: str) -> dict[str, str]:
    """Each option row of the page's tables with its "values" cell, or what follows the
    option's name in its own cell (Luk Fu's matrix: ``tariff`` (``doubling``, ...))."""
    rows: dict[str, str] = {}
    option_at = values_at = -1
    for line in (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            option_at = values_at = -1
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "option" in cells:
            option_at = cells.index("option")
            values_at = cells.index("values") if "values" in cells else -1
            continue
        if option_at < 0 or len(cells) <= option_at:
            continue
        found = re.match(r"`(\w+)`", cells[option_at])
        if found:
            cell = (cells[values_at] if 0 <= values_at < len(cells)
                    else cells[option_at][found.end():].strip(" ()"))
            rows.setdefault(found.group(1), cell)
            if cell and not rows[found.group(1)]:
                rows[found.group(1)] = cell
    return rows


def named_values(cell: str) -> set[str]:
    """The names a values cell lists: ``off, four, four_natural``, ``list of a, b``."""
    words = re.split(r",|\bor\b|;", cell.replace("`", "").removeprefix("list of "))
    return {w.strip().split(" ")[0] for w in words if w.strip()}


CASES = [(game, o) for game in GAMES
         for o in importlib.import_module(f"paiju.{game}.rules").OPTIONS]


@pytest.mark.parametrize(("game", "option"), CASES, ids=lambda x: getattr(x, "name", x))
def test_the_docs_row_lists_the_options_values(game: str, option: object) -> None:
    from paiju.core.options import Option

    assert isinstance(option, Option)
    cells = value_cells(game)
    assert option.name in cells, f"docs/{game}.md has no row for {option.name}"
    if option.kind in ("choice", "list"):
        assert named_values(cells[option.name]) == set(option.choices), option.name
