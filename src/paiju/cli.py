"""The ``paiju`` command line."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from paiju.core.errors import MalformedRecord, PaijuError
from paiju.core.games import GAMES, get_game
from paiju.core.options import parse_overrides
from paiju.core.records import loads_records
from paiju.core.referee import EXIT_MALFORMED, referee


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="paiju")
def main() -> None:
    """paiju (牌局): Luk Fu and Dai Fugō, played, refereed and simulated exactly."""


def _fail(message: str, status: int = EXIT_MALFORMED) -> None:
    click.echo(f"paiju: {message}", err=True)
    sys.exit(status)


@main.command("referee")
@click.argument("file", type=click.File("r", encoding="utf-8"), default="-")
def referee_cmd(file: Any) -> None:
    """Replay the record in FILE (or - for stdin) and print the ruling as JSON.

    Exit status: 0 every action legal, 1 an action illegal, 2 the record is malformed.
    A JSON-lines file is refereed record by record, one ruling a line.
    """
    try:
        records = loads_records(file.read())
    except MalformedRecord as err:
        _fail(str(err))
    status = 0
    for number, record in enumerate(records, 1):
        where = f"record {number}: " if len(records) > 1 else ""
        try:
            ruling = referee(record)
        except PaijuError as err:
            _fail(f"{where}{err}")
        click.echo(json.dumps(ruling.report, ensure_ascii=False))
        status = max(status, ruling.exit_status)
    sys.exit(status)


@main.command("rules")
@click.argument("game", type=click.Choice(list(GAMES), case_sensitive=False))
@click.option("--preset", "-p", default=None, help="Preset to show (default: the game's first).")
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def rules_cmd(game: str, preset: str | None, overrides: tuple[str, ...], as_json: bool) -> None:
    """Print every option of GAME with its value, meaning and source."""
    try:
        g = get_game(game)
        rules = g.rules(preset, parse_overrides(overrides))
    except PaijuError as err:
        _fail(str(err))
    rows = []
    for option in g.options.options.values():
        value = rules.values[option.name]
        rows.append(
            {
                "option": option.name,
                "value": value if option.kind != "list" else list(value),
                "meaning": option.meaning,
                "means_now": option.values.get(option.show(value), ""),
                "source": option.source,
            }
        )
    if as_json:
        click.echo(json.dumps({"game": g.name, "preset": rules.preset, "options": rows},
                              ensure_ascii=False, indent=2))
        return
    click.echo(f"{g.title} — preset {rules.preset}\n")
    for row, option in zip(rows, g.options.options.values(), strict=True):
        click.echo(f"{option.name} = {option.show(row['value'])}")
        click.echo(f"    {option.meaning}")
        if row["means_now"]:
            click.echo(f"    now: {row['means_now']}")
        choices = ", ".join(map(str, option.choices)) if option.choices else ""
        if choices:
            click.echo(f"    choices: {choices}")
        click.echo(f"    source: {option.source}")
    click.echo("")
    click.echo("presets: " + ", ".join(g.options.presets))


@main.command("hand")
@click.argument("game", type=click.Choice(list(GAMES), case_sensitive=False))
@click.option("--rules", "-r", "preset", default=None, help="Preset.")
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@click.option("--players", "-n", type=int, default=None, help="Number of players.")
@click.option("--seed", type=int, default=None, help="Seed for the deal and the players.")
@click.option("--record", "record_out", type=click.Path(dir_okay=False), default=None,
              help="Also write the hand's record to this file.")
def hand_cmd(game: str, preset: str | None, overrides: tuple[str, ...], players: int | None,
             seed: int | None, record_out: str | None) -> None:
    """Deal one hand of GAME, let random players play it, and print it as it goes."""
    from paiju.bots.base import make_bot
    from paiju.core.seeding import make_rng
    from paiju.sim.play import play_hand

    try:
        g = get_game(game)
        rules = g.rules(preset, parse_overrides(overrides))
        n = players or g.player_counts[0]
        if n not in g.player_counts:
            counts = ", ".join(map(str, g.player_counts))
            raise PaijuError(f"{g.title} is for {counts} players, not {n}")
        rng = make_rng(seed)
        state = g.new_hand(rules, n, rng)
    except PaijuError as err:
        _fail(str(err))
    record = state.record()
    click.echo(f"{g.title}, preset {rules.preset}, {n} players")
    for seat, hand in enumerate(record["deal"]["hands"]):
        click.echo(f"  seat {seat}: {' '.join(hand)}")
    for key, value in record["deal"].items():
        if key != "hands":
            click.echo(f"  {key}: {value}")

    def show(_: Any, action: Any) -> None:
        data = action.to_json()
        cards = " ".join(data.get("cards", []))
        click.echo(f"seat {data['seat']}: {data['do']} {cards}".rstrip())

    bots = [make_bot("random") for _ in range(state.num_seats)]
    play_hand(state, bots, rng, on_action=show)
    click.echo(json.dumps(state.report(), ensure_ascii=False))
    if record_out:
        with open(record_out, "w", encoding="utf-8") as handle:
            json.dump(state.record(), handle, ensure_ascii=False)
            handle.write("\n")


from paiju.sim.commands import bench_cmd, simulate_cmd  # noqa: E402

main.add_command(simulate_cmd)
main.add_command(bench_cmd)

from paiju.ui.commands import play_cmd, replay_cmd  # noqa: E402

main.add_command(play_cmd)
main.add_command(replay_cmd)

if __name__ == "__main__":
    main()
