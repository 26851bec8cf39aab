"""The ``paiju`` command line."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from paiju.core.errors import MalformedRecord, PaijuError
from paiju.core.games import default_players, default_preset, get_game
from paiju.core.jsontypes import json_list, json_object, json_strs
from paiju.core.options import parse_overrides
from paiju.core.params import (
    SEED,
    NotedCommand,
    Seconds,
    bot_specs,
    game_argument,
    one_line,
    players_option,
    rules_option,
)
from paiju.core.records import input_name, loads_records, read_bounded
from paiju.core.referee import EXIT_MALFORMED, referee
from paiju.core.sources import cite
from paiju.ui.helptext import SpokenCommand, SpokenGroup


class PaijuGroup(SpokenGroup):
    """paiju's commands, every refusal in one style: one line, ``paiju: …``, status 2
    (Click's own usage errors too, which would otherwise print a usage block)."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            done = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as err:
            if type(err).__name__ == "NoArgsIsHelpError" and err.ctx is not None:
                click.echo(err.ctx.get_help())  # `paiju uecda` alone: its help, and success
                sys.exit(0)
            where = err.ctx.command_path.split()[1:] if err.ctx is not None else []
            helped = " ".join(["paiju", *where, "--help"])
            _fail(f"{err.format_message().rstrip('.')} ({helped} tells more)", err.exit_code)
        except click.ClickException as err:
            _fail(err.format_message(), err.exit_code)
        except click.Abort:
            _fail("stopped", 1)
        sys.exit(done if isinstance(done, int) else 0)


def _version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    """``paiju --version``: the version, and which engines run (compiled or pure, and why)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    import paiju.compiled as compiled

    click.echo(f"paiju, version {version('paiju')}")
    click.echo("engines: compiled" if compiled.in_use()
               else f"engines: pure Python ({compiled.reason})")
    ctx.exit()


@click.group(cls=PaijuGroup, context_settings={"help_option_names": ["-h", "--help"]},
             invoke_without_command=True)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_version, help="Show the version and exit.")
@click.pass_context
def main(ctx: click.Context) -> None:
    """paiju (牌局): Luk Fu and Dai Fugō, played, refereed and simulated exactly.

    `paiju play lukfu` starts a table in the terminal; `paiju COMMAND --help` tells more.
    """
    if ctx.invoked_subcommand is None:  # `paiju` alone: the help, and success
        click.echo(ctx.get_help())


def _fail(message: str, status: int = EXIT_MALFORMED) -> NoReturn:
    click.echo(f"paiju: {one_line(message)}", err=True)
    sys.exit(status)


def read_records(file: Any) -> list[Any]:
    """The records of an open binary file; exits with status 2 if they cannot be read
    (or hold more than a record file may: :data:`paiju.core.records.MAX_RECORD_BYTES`)."""
    name = input_name(file)
    if name == "standard input" and sys.stdin.isatty():
        _fail("no record given: name a FILE, or send one to standard input "
              "(paiju referee - < FILE)")
    try:
        return loads_records(read_bounded(file, name))
    except MalformedRecord as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot read {name}: {err.strerror or err}")


def records_note() -> str:
    """Where ``paiju play`` saves records, as the help says it."""
    from paiju.ui.commands import records_note as note

    return note(playing=False)


@main.command("referee", cls=NotedCommand, note=records_note)
@click.argument("file", type=click.File("rb"), default="-")
def referee_cmd(file: Any) -> None:
    """Replay the record in FILE (or - for stdin) and print the ruling as JSON.

    Exit status: 0 every action legal, 1 an action illegal, 2 the record is malformed
    (a one-line message on standard error says why). A JSON-lines file is refereed record
    by record, one ruling a line. The ruling's `illegal_at` counts actions from 0; people
    count them from 1 (`paiju replay --text` says "action 1" for `illegal_at` 0).
    """
    from paiju.sim.runner import Progress

    records = read_records(file)
    status = 0
    progress = Progress(len(records), unit="records", label="refereeing")
    try:
        for number, record in enumerate(records, 1):
            where = f"record {number}: " if len(records) > 1 else ""
            try:
                ruling = referee(record)
            except PaijuError as err:
                _fail(f"{where}{err}")
            click.echo(json.dumps(ruling.report, ensure_ascii=False))
            status = max(status, ruling.exit_status)
            progress.advance(1)
    finally:
        progress.close()
    sys.exit(status)


@main.command("rules", cls=SpokenCommand)
@game_argument()
@rules_option(playing=True)
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def rules_cmd(game: str, preset: str | None, overrides: tuple[str, ...], as_json: bool) -> None:
    """Print every option of GAME with its value, meaning and source."""
    try:
        g = get_game(game)
        rules = g.rules(preset or default_preset(g, playing=True), parse_overrides(overrides))
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
        click.echo(f"    source: {cite(option.source)}")
    click.echo("")
    click.echo("presets: " + ", ".join(g.options.presets))


@main.command("hand")
@game_argument()
@rules_option(playing=True)
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@players_option()
@click.option(
    "--bots", "-b", default=None, metavar="SPEC,...",
    help="The players, one a seat, the last repeating, e.g. heuristic,random or "
         "ismcts:iters=200. Default: heuristic in every seat, as at the table.",
)
@click.option("--seed", type=SEED, default=None, help="Seed for the deal and the players.")
@click.option("--record", "record_out", type=click.Path(dir_okay=False), default=None,
              help="Also write the hand's record to this file ('-': to standard output, "
                   "as the last line).")
def hand_cmd(game: str, preset: str | None, overrides: tuple[str, ...], players: int | None,
             bots: str | None, seed: int | None, record_out: str | None) -> None:
    """Deal one hand of GAME, let computer players (heuristic unless --bots) play it, and
    print it as it goes."""
    from paiju.bots.base import make_bot
    from paiju.core.seeding import make_rng
    from paiju.sim.play import play_hand

    try:
        g = get_game(game)
        rules = g.rules(preset or default_preset(g, playing=True), parse_overrides(overrides))
        n = players or default_players(g)
        players_of = [make_bot(spec, g.name) for spec in bot_specs(bots, n, "heuristic")]
        rng = make_rng(seed)
        state = g.new_hand(rules, n, rng)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    if record_out not in (None, "-"):
        _writable(record_out)
    record = state.record()
    click.echo(f"{g.title}, preset {rules.preset}, {n} players")
    deal = json_object(record["deal"])
    for seat, hand in enumerate(json_list(deal["hands"])):
        click.echo(f"  seat {seat}: {' '.join(json_strs(hand))}")
    for key, value in deal.items():
        if key != "hands":
            click.echo(f"  {key}: {value}")

    def show(_: Any, action: Any) -> None:
        data = action.to_json()
        cards = " ".join(data.get("cards", []))
        click.echo(f"seat {data['seat']}: {data['do']} {cards}".rstrip())

    play_hand(state, players_of, rng, on_action=show)
    click.echo(json.dumps(state.report(), ensure_ascii=False))
    if record_out == "-":
        click.echo(json.dumps(state.record(), ensure_ascii=False))
    elif record_out:
        try:
            with open(record_out, "w", encoding="utf-8") as handle:
                json.dump(state.record(), handle, ensure_ascii=False)
                handle.write("\n")
        except OSError as err:
            _fail(f"cannot write {record_out}: {err.strerror or err}")


def _writable(path: str) -> None:
    """Refuse, before anything is played, a file that cannot be written."""
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as err:
        _fail(f"cannot write {path}: {err.strerror or err}")


from paiju.sim.commands import bench_cmd, simulate_cmd  # noqa: E402

main.add_command(simulate_cmd)


def _strangers(names: str | None) -> tuple[str, ...]:
    """``--strangers``: the names, each one of the abuse run's (every one when not told)."""
    from paiju.web.abuse import STRANGERS

    if names is None:
        return STRANGERS
    chosen = tuple(n.strip() for n in names.split(",") if n.strip())
    unknown = [n for n in chosen if n not in STRANGERS]
    if not chosen:
        _fail(f"--strangers names none; they are {', '.join(STRANGERS)}")
    if unknown:
        _fail(f"--strangers: there is no stranger called {unknown[0]} (they are "
              f"{', '.join(STRANGERS)})")
    return chosen


def _bench_or_load(server: bool, rl: bool, tables: int, think: float, bot_delay: float,
                   game: str | None, abuse: bool, strangers: str | None,
                   postgres: str | None, **options: Any) -> None:
    """``paiju bench``; with ``--server``, the load benchmark of the browser tables; with
    ``--rl``, the research environments' steps per second."""
    if server and rl:
        _fail("bench measures --server or --rl, not both at once")
    if abuse and not server:
        _fail("--abuse goes with --server: it abuses the browser tables' server")
    if strangers is not None and not abuse:
        _fail("--strangers goes with --abuse: it says which strangers come")
    if postgres is not None and not server:
        _fail("--postgres goes with --server: it measures the browser tables' server there")
    if rl:
        _bench_rl(options["seconds"], options["seed"], options["as_json"])
        return
    if not server:
        assert bench_cmd.callback is not None
        bench_cmd.callback(**options, game=game)
        return
    _needs("httpx", "bench --server", "test")
    from paiju.web.loadbench import compare, format_compare, format_load, run_load

    if postgres is not None:
        if abuse:
            _fail("--postgres measures the tables alone: leave out --abuse")
        try:
            reports = compare(postgres, tables, options["seconds"], think, bot_delay,
                              game or "lukfu", options["seed"])
        except (PaijuError, RuntimeError, OSError) as err:
            _fail(str(err))
        click.echo(json.dumps(reports, ensure_ascii=False, indent=2) if options["as_json"]
                   else format_compare(reports))
        return
    try:
        report = run_load(tables, options["seconds"], think, bot_delay, game or "lukfu",
                          options["seed"], abuse, strangers=_strangers(strangers))
    except (PaijuError, RuntimeError, OSError) as err:
        _fail(str(err))
    if options["as_json"]:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(format_load(report))


def _needs(module: str, what: str, extra: str) -> None:
    """Exit with one line, status 2, unless ``module`` (of paiju's ``extra``) imports."""
    try:
        importlib.import_module(module)
    except ImportError:
        _fail(f"{what} needs {module}, which paiju's {extra} extra installs: "
              f"pip install -e '.[{extra}]' in paiju's folder")


def _bench_rl(seconds: float, seed: int, as_json: bool) -> None:
    """``paiju bench --rl`` (paiju.rl.bench)."""
    try:
        from paiju.rl.bench import format_rl_bench, run_rl_bench
    except ImportError as err:
        _fail(f"bench --rl needs the rl extra: pip install -e '.[rl]' in paiju's folder ({err})")
    report = run_rl_bench(seconds, seed, log=None if as_json
                          else lambda m: click.echo(m, err=True))
    click.echo(json.dumps(report, indent=2) if as_json else format_rl_bench(report))


main.add_command(click.Command(
    "bench", callback=_bench_or_load, help=bench_cmd.help, short_help=bench_cmd.short_help,
    params=[
        *bench_cmd.params,
        click.Option(["--server"], is_flag=True,
                     help="Measure the browser tables instead: start `paiju serve`, play "
                          "--tables tables on it over WebSockets for --seconds, and report "
                          "moves per second and the latency of a move (docs/performance.md)."),
        click.Option(["--rl"], is_flag=True,
                     help="Measure env steps per second of paiju's PettingZoo env and batched "
                          "env beside PettingZoo's classic card envs and OpenSpiel's dou_dizhu "
                          "and leduc_poker, with the ratios (needs the rl extra; "
                          "docs/performance.md)."),
        click.Option(["--tables"], type=click.IntRange(min=1), default=500, show_default=True,
                     help="With --server: tables played at once."),
        click.Option(["--think"], type=Seconds(min=0), default=1.0, show_default=True,
                     help="With --server: a client's mean pause before its move."),
        click.Option(["--bot-delay"], type=Seconds(min=0), default=0.6, show_default=True,
                     help="With --server: the computer players' pause (serve --delay)."),
        click.Option(["--game"], type=click.Choice(["lukfu", "daifugo"]), default=None,
                     help="Measure this game only (default: both; with --server, the game of "
                          "the tables, default lukfu)."),
        click.Option(["--abuse"], is_flag=True,
                     help="With --server: meanwhile, strangers each from an address of "
                          "their own do everything the server's limits are for (searches at "
                          "the longest think, 10 MB bodies, WebSockets that never read, "
                          "floods of tables and messages, idle connections); the clients "
                          "keep the limits per address (docs/server.md)."),
        click.Option(["--strangers"], default=None, metavar="NAME,…",
                     help="With --abuse: only these strangers come, to tell what each "
                          "costs: searchers, bodies, non-readers, table-flood, idle, "
                          "message-flood, chat-flood, lobby-flood, crowd (default: all)."),
        click.Option(["--postgres"], default=None, metavar="postgresql://…",
                     help="With --server: measure on a fresh SQLite file, then on this "
                          "PostgreSQL database with one server and with two, and report the "
                          "three side by side (docs/deploy.md)."),
    ]))


from paiju.ui.commands import learn_cmd, play_cmd, replay_cmd  # noqa: E402

main.add_command(play_cmd)
main.add_command(replay_cmd)
main.add_command(learn_cmd)

from paiju.ui.review import review_cmd  # noqa: E402

main.add_command(review_cmd)


def default_db() -> str:
    """The database ``paiju serve`` keeps its tables in when not told."""
    from paiju.ui.datadir import data_dir

    return str(data_dir() / "paiju.sqlite3")


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 for every network interface).")
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--db", "db", default=None,
              help="SQLite file of the tables (default: paiju.sqlite3 in the user data "
                   "folder), or a PostgreSQL database: postgresql://user@host/dbname "
                   "(docs/deploy.md).")
@click.option("--grace", type=Seconds(min=0), default=60.0, show_default=True,
              help="Seconds a person may be away before a computer player stands in.")
@click.option("--delay", type=Seconds(min=0), default=0.6, show_default=True,
              help="Seconds a computer player waits before it moves.")
@click.option("--next-delay", type=Seconds(min=0), default=15.0, show_default=True,
              help="Seconds before the next hand is dealt when not everyone is ready.")
@click.option("--max-think", type=Seconds(min=0.05), default=3.0, show_default=True,
              help="Seconds a computer player or a hint may search for one move; a table "
                   "asking for more is refused.")
@click.option("--max-iters", type=click.IntRange(min=1), default=20_000, show_default=True,
              help="Play-outs a computer player's spec may ask for one move.")
@click.option("--searchers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Processes that run every table's searches, shared table by table.")
@click.option("--tables-per-minute", type=click.IntRange(min=1), default=10,
              show_default=True, help="New tables one address may make a minute.")
@click.option("--connections-per-client", type=click.IntRange(min=0), default=64,
              show_default=True,
              help="Connections one address may hold open at once (0: no cap; behind a "
                   "reverse proxy every client has the proxy's address: docs/server.md).")
@click.option("--idle-unload", type=Seconds(min=1), default=600.0, show_default=True,
              help="Seconds a table nobody watches stays in memory (it comes back from the "
                   "database when next used).")
@click.option("--header-timeout", type=Seconds(min=0.1), default=10.0, show_default=True,
              help="Seconds a request (headers and body) may take to arrive; a slower "
                   "connection is closed.")
@click.option("--stall-timeout", type=Seconds(min=0.1), default=10.0, show_default=True,
              help="Seconds a WebSocket may leave what it is sent unread before it is cut "
                   "off.")
@click.option("--forwarded-allow-ips", default=None,
              help="Addresses of reverse proxies whose X-Forwarded-For is trusted as the "
                   "client's address (uvicorn's option of that name).")
@click.option("--requests-per-second", type=click.FloatRange(min=0), default=50.0,
              show_default=True,
              help="New HTTP requests one address may make a second, ten seconds' worth at "
                   "once; past it 429 (0: no budget).")
@click.option("--websockets-per-second", type=click.FloatRange(min=0), default=5.0,
              show_default=True,
              help="New WebSockets one address may open a second, ten seconds' worth at "
                   "once; past it refused (0: no budget).")
@click.option("--origin", "origins", multiple=True, metavar="URL",
              help="The site's address as browsers reach it (https://paiju.example), "
                   "repeatable: only its pages may POST and open WebSockets. Default: the "
                   "Host each request came to (a proxy that passes Host on needs none).")
@click.option("--name", default=None,
              help="With PostgreSQL: this server's name in the leases of its tables "
                   "(default: the host's name and the process id; a random part is added).")
@click.option("--lease", type=Seconds(min=1), default=10.0, show_default=True,
              help="With PostgreSQL: seconds a dead server's tables stay its before another "
                   "server takes them over (renewed every third of it; docs/deploy.md).")
def serve_cmd(host: str, port: int, db: str | None, grace: float, delay: float,
              next_delay: float, max_think: float, max_iters: int, searchers: int,
              tables_per_minute: int, connections_per_client: int, idle_unload: float,
              header_timeout: float, stall_timeout: float,
              forwarded_allow_ips: str | None, requests_per_second: float,
              websockets_per_second: float, origins: tuple[str, ...], name: str | None,
              lease: float) -> None:
    """Serve the browser tables: the page, the API and the WebSocket (docs/server.md)."""
    import signal

    import uvicorn

    from paiju.web.app import create_app
    from paiju.web.guard import protocols
    from paiju.web.headers import checked_origins
    from paiju.web.lease import owner_id
    from paiju.web.limits import Limits
    from paiju.web.store import OwnerError, StoreDown, is_postgres, shown

    if hasattr(signal, "SIGPIPE"):  # a browser that hangs up must not end the server
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    from paiju.web.tables import Config

    try:
        sites = checked_origins(origins)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--origin'") from None
    limits = Limits(max_think=max_think, max_iters=max_iters, searchers=searchers,
                    tables_per_minute=tables_per_minute,
                    connections_per_client=connections_per_client, idle_unload=idle_unload,
                    header_timeout=header_timeout, stall=stall_timeout,
                    origins=sites, requests_per_second=requests_per_second,
                    websockets_per_second=websockets_per_second)
    path = db or default_db()
    owner = owner_id(name)
    _check_port(host, port)
    _check_db_path(path)
    try:
        app = create_app(path, Config(grace=grace, bot_delay=delay, next_delay=next_delay,
                                      limits=limits), name=owner, lease=lease)
    except (OwnerError, StoreDown) as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot open {path}: {err.strerror or err}")
    _check_db(path)  # the file is this server's now: opening it disturbs no other
    address = f"[{host}]" if ":" in host else host
    serving = f", this server {owner}" if is_postgres(path) else ""
    click.echo(f"paiju: open http://{address}:{port}/ in a browser (tables kept in "
               f"{shown(path)}{serving}); "
               "Ctrl-C stops the server.", err=True)
    http, ws = protocols(limits)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                http=http, ws=ws, ws_per_message_deflate=False,
                ws_max_size=4 * limits.max_body, timeout_keep_alive=int(limits.keep_alive),
                limit_concurrency=limits.max_connections, timeout_graceful_shutdown=2,
                proxy_headers=forwarded_allow_ips is not None,
                forwarded_allow_ips=forwarded_allow_ips)


def _check_port(host: str, port: int) -> None:
    """Exit with one line, status 2, if another program listens on ``host:port``."""
    import errno
    import socket

    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except OSError as err:
        _fail(f"--host {host}: {err.strerror or err}")
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                _fail(f"port {port} is in use by another program: choose another with --port")
            _fail(f"cannot serve on {host}:{port}: {err.strerror or err}")


def _check_db_path(path: str | Path) -> None:
    """Exit with one line, status 2, if ``--db`` is a folder, or PostgreSQL without its
    driver."""
    from paiju.web.store import is_postgres

    if is_postgres(path):
        _needs("psycopg", "--db postgresql://…", "postgres")
    elif Path(path).is_dir():
        _fail(f"--db {path} is a folder: give a file, e.g. {Path(path) / 'tables.sqlite3'}")


def _check_db(path: str | Path) -> None:
    """Exit with one line, status 2, if the SQLite file ``--db`` is not a database paiju
    can keep its tables in."""
    import sqlite3

    from paiju.web.store import is_postgres, open_store

    if is_postgres(path):
        return
    where = Path(path)
    try:
        open_store(where).close()
    except sqlite3.DatabaseError as err:
        _fail(f"--db {where} is not a database paiju can use ({err}): give another file")
    except OSError as err:
        _fail(f"cannot open {where}: {err.strerror or err}")


from paiju.uecda.commands import uecda_cmd  # noqa: E402

main.add_command(uecda_cmd)

from paiju.train.commands import train_cmd  # noqa: E402

main.add_command(train_cmd)


def run() -> None:
    """The ``paiju`` program: as ``main``, but a reader that stops reading (``paiju referee … |
    head``) ends it as it ends ``cat``, by SIGPIPE, not with a status that means something."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()


if __name__ == "__main__":
    run()
