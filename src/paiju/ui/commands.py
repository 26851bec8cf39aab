"""The ``paiju play`` and ``paiju replay`` commands."""

from __future__ import annotations

import sys
from typing import Any

import click

from paiju.core.errors import PaijuError
from paiju.core.games import GAMES, get_game
from paiju.core.options import parse_overrides
from paiju.core.records import loads_records

#: Hands in a watched session when ``--hands`` is not given.
WATCH_HANDS = 4
#: Players at the table when ``--players`` is not given.
DEFAULT_PLAYERS = 4


def _fail(message: str) -> None:
    click.echo(f"paiju: {message}", err=True)
    sys.exit(2)


@click.command("play")
@click.argument("game", type=click.Choice(list(GAMES), case_sensitive=False))
@click.option("--rules", "-r", "preset", default=None, help="Preset of house rules.")
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@click.option("--players", "-n", type=int, default=None,
              help=f"Players at the table, you included (default {DEFAULT_PLAYERS}).")
@click.option("--bots", "-b", default="heuristic", show_default=True, metavar="SPEC,...",
              help="The computer players, e.g. heuristic or ismcts:time=1 (the last repeats).")
@click.option("--seed", type=int, default=None, help="Seed of the session's deals and players.")
@click.option("--hands", type=int, default=None,
              help=f"Hands in the session (default: until you quit; {WATCH_HANDS} when watching).")
@click.option("--watch", is_flag=True, help="Computer players fill every seat.")
@click.option("--plain", is_flag=True,
              help="With --watch: print the hands as plain text (automatic when not a terminal).")
@click.option("--delay", type=float, default=None,
              help="Seconds a computer player waits before acting (default 0.6; 1.2 watching).")
@click.option("--hint-time", type=float, default=2.0, show_default=True,
              help="Seconds the hint's search may take.")
@click.option("--native", is_flag=True, help="Start with Chinese / Japanese card names.")
@click.option("--no-save", is_flag=True, help="Do not save the records of the hands.")
def play_cmd(game: str, preset: str | None, overrides: tuple[str, ...], players: int | None,
             bots: str, seed: int | None, hands: int | None, watch: bool, plain: bool,
             delay: float | None, hint_time: float, native: bool, no_save: bool) -> None:
    """Play a session of GAME (lukfu or daifugo) against computer players.

    Keys: ←/→ move, space selects a card (or click it), enter plays the selection,
    p pass, c call, d declare, x discard, t Five Tigers, h hint, r rules,
    n Chinese/Japanese names, q quit. Every hand is saved as a record that
    `paiju replay` and `paiju referee` read (see `paiju play --help` for the folder).
    """
    from paiju.ui.match import Match, parse_bots

    if hint_time <= 0:
        _fail("--hint-time must be positive")
    if plain and not watch:
        _fail("--plain is for --watch; playing needs the full screen")
    try:
        g = get_game(game)
        rules = g.rules(preset, parse_overrides(overrides))
        n = players or DEFAULT_PLAYERS
        if watch and hands is None:
            hands = WATCH_HANDS
        match = Match(g.name, rules, n, parse_bots(bots), seed, hands,
                      human=None if watch else 0, save=not no_save, hint_seconds=hint_time)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
        return
    match.native = native
    terminal = sys.stdout.isatty() and sys.stdin.isatty()
    if watch and (plain or not terminal):
        from paiju.ui.watch import watch_plain

        try:
            watch_plain(match, click.echo)
        except PaijuError as err:
            _fail(str(err))
        return
    if not terminal:
        _fail("playing needs a terminal; for a plain-text demo use --watch")
    from paiju.ui.app import BOT_DELAY, PlayApp

    wait = delay if delay is not None else (BOT_DELAY * 2 if watch else BOT_DELAY)
    PlayApp(match, delay=max(0.0, wait)).run()
    if match.summaries:
        totals = match.summaries[-1].totals
        click.echo(f"{len(match.summaries)} hand(s) played; totals: " + ", ".join(
            f"{match.player_name(p)} {t:+g}" for p, t in enumerate(totals)))
    saved = [s.record_file for s in match.summaries if s.record_file is not None]
    if saved:
        click.echo(f"records saved in {saved[0].parent}")


@click.command("replay")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--text", "as_text", is_flag=True, help="Print the steps as plain text.")
@click.option("--step", type=int, default=None, help="Start at (or with --text, print only) "
              "this step; 0 is the deal.")
@click.option("--record", "which", type=int, default=1, show_default=True,
              help="Which record of a JSON-lines file.")
def replay_cmd(file: Any, as_text: bool, step: int | None, which: int) -> None:
    """Step through the record in FILE, forwards and backwards, showing every hand.

    Records of the hands you play are saved in the folder that `paiju play` names
    when it ends ($PAIJU_DATA_DIR overrides it).
    """
    from paiju.ui.replay import Replay, ReplayApp, replay_text

    try:
        records = loads_records(file.read())
        if not 1 <= which <= len(records):
            raise PaijuError(f"the file holds {len(records)} record(s); there is no {which}")
        replay = Replay(records[which - 1])
    except PaijuError as err:
        _fail(str(err))
        return
    if step is not None and not 0 <= step <= replay.steps:
        _fail(f"the record has steps 0 to {replay.steps}, not {step}")
    if as_text or not sys.stdout.isatty():
        replay_text(replay, click.echo, step)
        return
    ReplayApp(replay, step or 0).run()
