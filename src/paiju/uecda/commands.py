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
                   "them (it counts them as passes).")
def client_cmd(host: str, port: int, name: str, timeout: float | None, exact: bool) -> None:
    """Play the official standard client's strategy on a UECda server (tndhms or another).

    Prints, at the end of the tournament, the games, turns, plays, rejected plays and the
    points per game as tndhms counts them.
    """
    from paiju.uecda.client import run

    try:
        log = run(host, port, name, timeout, exact)
    except ProtocolError as err:
        raise ProtocolFailure(str(err)) from None
    except OSError as err:
        raise ProtocolFailure(f"cannot play on {host}:{port}: {err}") from None
    known = [p for p in log.points() if p is not None]
    mean = sum(known) / len(known) if known else 0.0
    click.echo(f"player {log.player}: {log.games} games, {log.turns} turns, {log.plays} plays, "
               f"{log.passes} passes, {len(log.rejected)} plays rejected, "
               f"{mean:.3f} points per game ({len(known)} games with a known order)")
