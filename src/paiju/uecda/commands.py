"""``paiju uecda``: the UECda competition's protocol: a client and a tournament server."""

from __future__ import annotations

from pathlib import Path

import click

from paiju.core.params import SEED
from paiju.uecda.tables import ProtocolError
from paiju.uecda.wire import DEFAULT_PORT, hang_ups_raise


class ProtocolFailure(click.ClickException):
    """The server could not be reached or broke the protocol: exit status 2, one line."""

    exit_code = 2


@click.group("uecda")
def uecda_cmd() -> None:
    """Play in the UECda computer Daihinmin competition's protocol (docs/uecda.md)."""


@uecda_cmd.command("client")
@click.option("--host", default="127.0.0.1", show_default=True, help="The UECda server.")
@click.option("--port", "-p", type=click.IntRange(1, 65535), default=DEFAULT_PORT,
              show_default=True, help="The server's port.")
@click.option("--name", default="paiju", show_default=True,
              help="The name in the profile (at most 15 characters).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds to wait for each message (default: no limit).")
@click.option("--exact", is_flag=True,
              help="Send the official standard client's plays even when the server will reject "
                   "them (it counts them as passes); without --bots only.")
@click.option("--bots", "--bot", "spec", default=None, metavar="SPEC",
              help="Play this paiju player (strongest, random, heuristic, ismcts[:...], learned, "
                   "uecda-standard) instead of the standard client's strategy over the "
                   "tables: one spec, for the client's one seat.")
@click.option("--seed", type=SEED, default=None, help="Seed of the player's random choices.")
def client_cmd(host: str, port: int, name: str, timeout: float | None, exact: bool,
               spec: str | None, seed: int | None) -> None:
    """Play on a UECda server (tndhms or another): the official standard client's strategy,
    or with --bots any paiju player, which sees its seat's view of the game.

    Prints, at the end of the tournament, the games, turns, plays, rejected plays and the
    points per game as tndhms counts them.
    """
    from paiju.bots.base import make_bot
    from paiju.core.seeding import make_rng
    from paiju.daifugo.rules import make_rules
    from paiju.uecda.client import run

    hang_ups_raise()
    if spec is not None and exact:
        raise click.UsageError("--exact is for the standard client's strategy, not with --bots")
    bot = None
    if spec is not None:
        try:
            bot = make_bot(spec, "daifugo")
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="'--bots'") from None
    try:
        log = run(host, port, name, timeout, exact, bot, make_rules("uecda"),
                  make_rng(seed, "uecda-client"))
    except ProtocolError as err:
        raise ProtocolFailure(str(err)) from None
    except OSError as err:
        raise ProtocolFailure(f"cannot play on {host}:{port}: {err}") from None
    known = [p for p in log.points() if p is not None]
    mean = sum(known) / len(known) if known else 0.0
    click.echo(f"player {log.player}: {log.games} games, {log.turns} turns, {log.plays} plays, "
               f"{log.passes} passes, {len(log.rejected)} plays rejected, "
               f"{mean:.3f} points per game ({len(known)} games with a known order)")
    if log.disagreements:
        click.echo(f"{len(log.disagreements)} disagreements between the server and paiju's "
                   "reading of the tables; the first:")
        for line in log.disagreements[:5]:
            click.echo(f"  {line}")


@uecda_cmd.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=DEFAULT_PORT,
              show_default=True,
              help="The port to listen on (0: any free port, printed in the log).")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games in the tournament (tndhms.cfg GAME_NUMBER).")
@click.option("--players", type=click.IntRange(5, 5), default=5, show_default=True,
              help="Players at the table: the UECda tables seat five.")
@click.option("--seed", type=SEED, default=None,
              help="Seed of the seats, deals and bots: the same seed, the same tournament.")
@click.option("--bots", "-b", "bots", default=None, metavar="SPEC,...",
              help="The players by player number, the last repeating: 'client' for a client "
                   "over the network, or a paiju player played in-process (strongest, random, "
                   "heuristic, ismcts[:...], learned, uecda-standard). Default: five clients; "
                   "'client,heuristic' waits for one client against four heuristic players.")
@click.option("--records", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE",
              help="Write every game as a paiju record to this JSON-lines file, one a "
                   "line (as paiju simulate --records).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=10.0,
              show_default=True,
              help="Seconds within which each whole message of a client must come, its "
                   "profile too; one that does not is dropped and the fallback plays.")
@click.option("--fallback", default="heuristic", show_default=True, metavar="SPEC",
              help="The paiju player that takes the seat of a client that fails.")
def serve_cmd(host: str, port: int, games: int, players: int, seed: int | None,
              bots: str | None, records: Path | None, timeout: float,
              fallback: str) -> None:
    """Run a UECda tournament that the official clients play on (docs/uecda.md).

    The engine's `uecda` rules decide everything: the deal, the seats, the exchange,
    every play (answered 9 or 8) and the points. The log (standard error) names every
    client that fails and the paiju player that takes its seat; the results table goes
    to standard output.
    """
    import sys
    import time

    from paiju.core.errors import PaijuError
    from paiju.core.params import bot_specs
    from paiju.uecda.server import CLIENT, ServeConfig, serve

    hang_ups_raise()
    specs = bot_specs(bots, players, CLIENT, "player")
    if records is not None and not records.parent.is_dir():
        raise click.UsageError(f"--records {records}: there is no folder {records.parent}")

    def log(message: str) -> None:
        click.echo(f"{time.strftime('%H:%M:%S')} {message}", err=True)

    config = ServeConfig(host=host, port=port, games=games, players=players, seed=seed,
                         bots=specs, records=records, timeout=timeout, fallback=fallback)
    try:
        serve(config, log, sys.stdout)
    except ProtocolError as err:
        raise ProtocolFailure(str(err)) from None
    except (PaijuError, ValueError) as err:
        raise click.UsageError(str(err)) from None
    except OSError as err:
        raise ProtocolFailure(f"cannot serve on {host}:{port}: {err}") from None
