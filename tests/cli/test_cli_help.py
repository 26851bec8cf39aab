"""Every command's --help reads alike: one name for each thing (--bots for the computer
players, --players for their count, --seed in one range), and one style of refusal.

The ``uecda`` commands speak the UECda protocol's own vocabulary and are checked by
their own tests (tests/uecda); every other command is walked here from the command tree,
so a new command is checked without being listed.
"""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from cli_helpers import assert_one_line_refusal, run

from paiju.cli import main
from paiju.core.params import MAX_SEED, SeedType

#: Commands that deal hands and so need a player count.
DEALING = {"hand", "play", "simulate"}


def _commands(group: click.Group = main, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], click.Command]]:
    for name, command in sorted(group.commands.items()):
        if name == "uecda":
            continue
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name), command


COMMANDS = list(_commands())
NAMES = [" ".join(path) for path, _ in COMMANDS]


def _options(command: click.Command) -> dict[str, click.Option]:
    return {name: p for p in command.params if isinstance(p, click.Option) for name in p.opts}


def test_the_walk_finds_the_commands() -> None:
    assert {"hand", "play", "simulate", "rules", "referee", "replay", "bench"} <= set(NAMES)


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=NAMES)
def test_every_help_uses_one_vocabulary(path: tuple[str, ...], command: click.Command) -> None:
    options = _options(command)
    names = set(options)
    # the computer players are --bots everywhere (a spec a seat, the last repeating)
    assert not names & {"--bot", "--players-spec", "--bot-specs"}, names
    if path[-1] in DEALING:
        assert "--players" in names and "--bots" in names, (path, names)
        assert options["--players"].opts == ["--players", "-n"]
        assert "-b" in options["--bots"].opts
    seeds = [p for p in command.params if p.name == "seed"]
    for seed in seeds:  # one range: 0 to 2**63 - 1
        assert isinstance(seed.type, SeedType), path
        assert seed.type.convert(str(MAX_SEED), seed, None) == MAX_SEED
    help_text = run([*path, "--help"])
    assert help_text.exit_code == 0 and help_text.output.startswith("Usage: ")


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=NAMES)
def test_every_command_refuses_in_one_line(path: tuple[str, ...], command: click.Command) -> None:
    line = assert_one_line_refusal(run([*path, "--zzz-unknown"]))
    assert line == (f"paiju: No such option '--zzz-unknown' "
                    f"(paiju {' '.join(path)} --help tells more)"), line
    if any(p.name == "seed" for p in command.params):
        game = ["lukfu"] if any(p.name == "game" for p in command.params
                                if isinstance(p, click.Argument)) else []
        args = [*path, *game, "--seed", "-5"]
        line = assert_one_line_refusal(run(args))
        assert "'--seed'" in line and "-5 is not in the range 0<=x<2**63" in line


def test_paiju_alone_shows_the_commands_and_succeeds() -> None:
    alone = run([])
    assert alone.exit_code == 0 and "Commands:" in alone.output and "play" in alone.output
    group = run(["uecda"])  # a group alone: its help too
    assert group.exit_code == 0 and group.output.startswith("Usage: ")
    assert "client" in group.output and "paiju:" not in group.output


def test_hand_seats_bots_and_checks_its_record_file_first() -> None:
    played = run(["hand", "lukfu", "--bots", "heuristic,random", "--seed", "4"])
    assert played.exit_code == 0, played.output
    line = assert_one_line_refusal(run(["hand", "lukfu", "--record", "/nonexistent/x.json"]))
    assert line == "paiju: cannot write /nonexistent/x.json: No such file or directory"
    refused = run(["hand", "lukfu", "--record", "/nonexistent/x.json"])
    assert "seat 0:" not in refused.output, "the hand was played before the refusal"
