"""Fuzzing every command that reads a file or an option: whatever it is given, paiju ends
with status 0, 1 (the referee's "an action is illegal") or 2 (bad input), never a traceback.

A few hundred examples in all run by default; ``pytest -m slow tests/cli`` runs many more.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_no_crash, mutate, paiju_program, real_records, run, run_program
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paiju.core.games import get_game

FAST = settings(max_examples=40, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
SLOW = settings(FAST, max_examples=600)

#: Words records are made of, so that random JSON often looks like a record.
WORDS = ["game", "rules", "deal", "actions", "hands", "seat", "do", "cards", "preset",
         "options", "players", "dreamer", "lukfu", "daifugo", "play", "pass", "hongkong",
         "pagat", "popular", "9Sip", "1Sok", "LiChen", "3H", "JK", "exchange", "call"]

scalars = (st.none() | st.booleans() | st.integers(-3, 60) | st.integers()
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.sampled_from(WORDS) | st.text(max_size=8))
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), children, max_size=5),
    max_leaves=12,
)
#: Option values: numbers in and out of range, words, nothing, text that is no number.
values = (st.integers(-3, 10).map(str)
          | st.sampled_from(["", "x", "nan", "inf", "-inf", "1e309", "3.5", "9" * 30, "-0",
                             "٣", "0x10", " 4 "])
          | st.text(max_size=5))
games = st.sampled_from(["lukfu", "daifugo", "LUKFU", "chess", "", "daifugo "])
presets = st.sampled_from(["hongkong", "gloucester", "sung", "pagat", "uecda", "popular",
                           "nope", ""])
bots = st.sampled_from(["random", "heuristic", "random,heuristic", "heuristic,random,random",
                        "psychic", "", "random,,random", "ismcts:iters=2", "ismcts:iters=x",
                        "random:speed=3", ",", "random," * 9])


def option_pairs() -> st.SearchStrategy[str]:
    names = [o for g in ("lukfu", "daifugo") for o in get_game(g).options.options]
    return st.builds(lambda k, v: f"{k}={v}", st.sampled_from([*names, "x", ""]),
                     values | st.sampled_from(["true", "false", "none", "2,3"])) | values


@st.composite
def flags(draw: Any, pairs: dict[str, st.SearchStrategy[str | None]]) -> list[str]:
    """Some of the options ``pairs`` (name -> value strategy; ``None``: a flag), shuffled."""
    chosen: list[list[str]] = []
    for name, strategy in pairs.items():
        if draw(st.booleans()):
            value = draw(strategy)
            chosen.append([name] if value is None else [name, value])
    return [word for option in draw(st.permutations(chosen)) for word in option]


def file_commands(tmp: Path, data: bytes) -> None:
    """``referee`` (stdin and a file) and ``replay --text`` on ``data``."""
    path = tmp / "input.json"
    path.write_bytes(data)
    assert_no_crash(run(["referee", "-"], stdin=data), (0, 1, 2))
    assert_no_crash(run(["referee", str(path)]), (0, 1, 2))
    assert_no_crash(run(["replay", "--text", str(path)]), (0, 1, 2))  # 1: illegal, as referee


@FAST
@given(data=st.binary(max_size=400) | st.text(max_size=200).map(str.encode))
def test_random_bytes(tmp_path: Path, data: bytes) -> None:
    file_commands(tmp_path, data)


@settings(FAST, max_examples=8)
@given(data=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_the_real_program_on_random_stdin(data: bytes) -> None:
    done = run_program(paiju_program(), ["referee", "-"], data)
    assert done.returncode in (0, 1, 2), done.stderr
    assert "Traceback" not in done.stderr
    if done.returncode == 2:
        assert len(done.stderr.splitlines()) == 1 and done.stdout == ""


@FAST
@given(value=json_values, lines=st.integers(1, 3))
def test_random_json(tmp_path: Path, value: Any, lines: int) -> None:
    text = "\n".join([json.dumps(value)] * lines)
    file_commands(tmp_path, text.encode())


@FAST
@given(which=st.integers(0, 100), path=st.lists(st.integers(0, 60), min_size=1, max_size=5),
       replacement=json_values, kind=st.sampled_from(["replace", "delete", "double"]),
       cut=st.none() | st.floats(0, 1), step=st.none() | values, index=st.none() | values)
def test_real_records_with_one_field_mutated(
        tmp_path: Path, which: int, path: list[int], replacement: Any, kind: str,
        cut: float | None, step: str | None, index: str | None) -> None:
    records = real_records()
    record = mutate(json.loads(records[which % len(records)]), path, replacement, kind)
    text = json.dumps(record, indent=1)
    if cut is not None:
        text = text[: int(len(text) * cut)]
    file_commands(tmp_path, text.encode())
    file = tmp_path / "input.json"
    args = ["replay", "--text", str(file)]
    args += [] if step is None else ["--step", step]
    args += [] if index is None else ["--index", index]
    assert_no_crash(run(args), (0, 1, 2))


@FAST
@given(game=games, args=flags({"--rules": presets, "--preset": presets, "-o": option_pairs(),
                               "--json": st.none()}))
def test_rules_options(game: str, args: list[str]) -> None:
    assert_no_crash(run(["rules", game, *args]))


@FAST
@given(game=games, args=flags({"--rules": presets, "-o": option_pairs(), "--players": values,
                               "--seed": values, "--record": st.sampled_from(
                                   ["/nonexistent/x.json", "/", "", "-"])}))
def test_hand_options(game: str, args: list[str]) -> None:
    assert_no_crash(run(["hand", game, *args]))


small = st.sampled_from(["-1", "0", "1", "2", "x", "1.5", "", "nan"])


@FAST
@given(game=games, args=flags({
    "--rules": presets, "-o": option_pairs(), "--players": values, "--bots": bots,
    "--hands": small, "--seed": values, "--no-duplicate": st.none(),
    "--hands-per-session": small, "--workers": st.sampled_from(["-1", "0", "1", "x"]),
    "--batch": small, "--json": st.none(),
    "--backend": st.sampled_from(["local", "cluster", ""]),
    "--records": st.sampled_from(["/nonexistent/x.jsonl", "/"]),
}))
def test_simulate_options(game: str, args: list[str]) -> None:
    assert_no_crash(run(["simulate", game, *args]))


@settings(FAST, max_examples=25)
@given(game=games, args=flags({
    "--rules": presets, "-o": option_pairs(), "--players": values,
    "--bots": st.sampled_from(["random", "random,heuristic", "psychic", "", ",", "random,,x"]),
    "--seed": values, "--hands": st.sampled_from(["-1", "0", "1", "x"]),
    "--delay": values, "--hint-time": values, "--native": st.none(), "--no-save": st.none(),
}), watch=st.booleans())
def test_watch_plain_options(game: str, args: list[str], watch: bool) -> None:
    extra = ["--watch", "--plain"] if watch else ["--plain"]
    if watch and "--hands" not in args:
        extra += ["--hands", "1"]
    if watch and "--bots" not in args:
        extra += ["--bots", "random"]
    assert_no_crash(run(["play", game, *extra, *args]))


@settings(FAST, max_examples=20)
@given(args=flags({
    "--seconds": st.sampled_from(["0.005", "0", "-1", "nan", "inf", "x", "1e-9"]),
    "--ismcts-iters": st.sampled_from(["1", "2", "0", "-3", "x"]),
    "--memory-hands": st.sampled_from(["0", "2", "-1", "x"]),
    "--memory-only": st.none(),
    "--target": st.sampled_from(["lukfu:hongkong:3", "daifugo:pagat:9", "x", "lukfu:nope:3",
                                 "tiny::", "daifugo:uecda:3", "chess:a:2"]),
    "--seed": values, "--json": st.none(),
}))
def test_bench_options_with_tiny_figures(args: list[str]) -> None:
    fixed = ["--no-peers", "--search", "", "--seconds", "0.005", "--memory-hands", "2",
             "--ismcts-iters", "2"]
    assert_no_crash(run(["bench", *fixed, *args]))


@pytest.mark.slow
@SLOW
@given(which=st.integers(0, 100), path=st.lists(st.integers(0, 60), min_size=1, max_size=6),
       replacement=json_values, kind=st.sampled_from(["replace", "delete", "double"]))
def test_many_mutated_records(tmp_path: Path, which: int, path: list[int], replacement: Any,
                              kind: str) -> None:
    records = real_records()
    record = mutate(json.loads(records[which % len(records)]), path, replacement, kind)
    file_commands(tmp_path, json.dumps(record).encode())


@pytest.mark.slow
@SLOW
@given(data=st.binary(max_size=3000))
def test_many_random_bytes(tmp_path: Path, data: bytes) -> None:
    file_commands(tmp_path, data)
