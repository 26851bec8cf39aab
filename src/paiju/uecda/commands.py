"""``paiju uecda``: the UECda competition's protocol (the client; the server comes next)."""

from __future__ import annotations

import click

from paiju.uecda.tables import ProtocolError
from paiju.uecda.wire import DEFAULT_PORT


class ProtocolFailure(click.ClickException):
    """The server could not be reached or broke the protocol: exit status 2, one line."""

    exit_code = 2


@click.group("uecda")
def uecda_cmd() -> None:
    """Play in the UECda computer Daihinmin competition's protocol (docs/uecda.md)."""


@uecda_cmd.command("client")
@click.option("--host", default="127.0.0.1", show_default=True, help="The UECda server.")
@click.option("--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT, show_default=True,
              help="The server's port.")
@click.option("--name", default="paiju", show_default=True,
              help="The name in the profile (at most 15 characters).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds to wait for each message (default: no limit).")
@click.option("--exact", is_flag=True,
              help="Send the official standard client's plays even when the server will reject "
                   "them (it counts them as passes); without --bot only.")
@click.option("--bot", "spec", default=None, metavar="SPEC",
              help="Play this paiju player (random, heuristic, ismcts[:...], uecda-standard) "
                   "instead of the standard client's strategy over the tables.")
@click.option("--seed", type=int, default=None, help="Seed of the player's random choices.")
def client_cmd(host: str, port: int, name: str, timeout: float | None, exact: bool,
               spec: str | None, seed: int | None) -> None:
    """Play on a UECda server (tndhms or another): the official standard client's strategy,
    or with --bot any paiju player, which sees its seat's view of the game.

    Prints, at the end of the tournament, the games, turns, plays, rejected plays and the
    points per game as tndhms counts them.
    """
    from paiju.bots.base import make_bot
    from paiju.core.seeding import make_rng
    from paiju.daifugo.rules import make_rules
    from paiju.uecda.client import run

    if spec is not None and exact:
        raise click.UsageError("--exact is for the standard client's strategy, not with --bot")
    bot = None
    if spec is not None:
        try:
            bot = make_bot(spec, "daifugo")
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--bot") from None
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
