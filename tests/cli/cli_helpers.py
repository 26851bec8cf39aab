"""Running the ``paiju`` command in-process and as a real program, and real records."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from random import Random
from typing import Any

from click.testing import CliRunner, Result

from paiju.bots.base import make_bot
from paiju.cli import main
from paiju.core.games import get_game
from paiju.sim.play import play_hand

ROOT = Path(__file__).resolve().parents[2]

#: (game, preset, players) of the real records the fuzz tests mutate.
HANDS = (("lukfu", "hongkong", 3), ("lukfu", "gloucester", 4), ("lukfu", "sung", 4),
         ("daifugo", "pagat", 4), ("daifugo", "popular", 5), ("daifugo", "uecda", 3))


def run(args: list[str], stdin: bytes | None = None) -> Result:
    """``paiju ARGS`` in this process."""
    return CliRunner().invoke(main, args, input=stdin)


def assert_no_crash(result: Result, statuses: tuple[int, ...] = (0, 2)) -> None:
    """The command ended on purpose, with one of ``statuses``, and printed no traceback."""
    crash = result.exception
    if crash is not None and not isinstance(crash, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(crash))
        raise AssertionError(f"paiju crashed:\n{trace}\noutput:\n{result.output}")
    assert result.exit_code in statuses, (result.exit_code, result.output)
    assert "Traceback" not in result.output


def assert_one_line_refusal(result: Result) -> str:
    """Status 2, nothing on standard output, one ``paiju: …`` line on standard error."""
    assert_no_crash(result, (2,))
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("paiju: "), result.stderr
    return lines[0]


@functools.cache
def real_records() -> tuple[str, ...]:
    """Finished hands of both games under every preset (as JSON text), and the stored ones."""
    out = []
    for number, (name, preset, players) in enumerate(HANDS):
        game = get_game(name)
        rng = Random(number)
        state = game.new_hand(game.rules(preset), players, rng)
        play_hand(state, [make_bot("heuristic") for _ in range(state.num_seats)], rng)
        out.append(json.dumps(state.record(), ensure_ascii=False))
    for path in sorted((ROOT / "tests" / "lukfu" / "records").glob("*.json")):
        out.append(json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False))
    return tuple(out)


def paiju_program() -> list[str]:
    """The installed ``paiju`` script beside this Python, else ``python -m paiju.cli``."""
    script = Path(sys.executable).parent / "paiju"
    return [str(script)] if script.exists() else [sys.executable, "-m", "paiju.cli"]


def run_program(command: list[str], args: list[str],
                stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    """A real process: its exit status and its standard output and error as text."""
    done = subprocess.run([*command, *args], input=stdin, capture_output=True, timeout=120,
                          check=False)
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def mutate(value: Any, path: list[int], replacement: Any, kind: str) -> Any:
    """``value`` with the node that ``path`` leads to (child indexes, taken modulo the
    number of children) replaced, deleted or doubled (``kind``)."""
    if not path or not isinstance(value, dict | list) or not value:
        return replacement
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[path[0] % len(keys)]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    if len(path) == 1 and kind == "delete":
        del copy[key]
    elif len(path) == 1 and kind == "double" and isinstance(copy, list):
        copy.insert(key, copy[key])
    else:
        copy[key] = mutate(value[key], path[1:], replacement, kind)
    return copy
