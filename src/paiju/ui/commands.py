"""The ``paiju play`` and ``paiju replay`` commands."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from paiju.core.errors import PaijuError
from paiju.core.games import default_players, default_preset, get_game
from paiju.core.options import parse_overrides
from paiju.core.params import (
    SEED,
    Seconds,
    bot_specs,
    game_argument,
    one_line,
    players_option,
    plural,
    rules_option,
)
from paiju.core.records import input_name, loads_records, read_bounded
from paiju.table.text import Words, joined
from paiju.ui.helptext import SpokenCommand, chosen, lang_option

WORDS = Words("table")

#: Hands in a watched session when ``--hands`` is not given.
WATCH_HANDS = 4


def _fail(message: str) -> NoReturn:
    click.echo(f"paiju: {one_line(message)}", err=True)
    sys.exit(2)


def records_note(playing: bool = True, lang: str = "en") -> str:
    """Where the records of played hands go, as the help says it (in ``lang``)."""
    from paiju.ui.datadir import ENV_VAR, records_dir

    if playing:
        return WORDS.c(lang, "help", "Every hand is saved as a record in {folder} "
                       "(${variable} moves the folder; --no-save saves nothing).",
                       folder=records_dir("GAME"), variable=ENV_VAR)
    return WORDS.c(lang, "help", "`paiju play` saves the hands you play in {folder} "
                   "(${variable} moves the folder).", folder=records_dir("GAME"),
                   variable=ENV_VAR)


def short_path(path: Path) -> str:
    """``path`` with the home folder written ``~``."""
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)


@click.command("play", cls=SpokenCommand, note=lambda lang: records_note(True, lang))
@game_argument()
@rules_option(playing=True)
@click.option(
    "--option", "-o", "overrides", multiple=True, metavar="K=V", help="Override one option."
)
@players_option("Players at the table, you included")
@click.option("--bots", "-b", default="heuristic", show_default=True, metavar="SPEC,...",
              help="The computer players, one a seat, e.g. heuristic or ismcts:time=1 "
              "(the last repeats).")
@click.option("--seed", type=SEED, default=None, help="Seed of the session's deals and players.")
@click.option("--hands", type=click.IntRange(min=1), default=None,
              help=f"Hands in the session (default: until you quit; {WATCH_HANDS} when watching).")
@click.option("--watch", is_flag=True, help="Computer players fill every seat.")
@click.option("--plain", is_flag=True,
              help="With --watch: print the hands as plain text (automatic when not a terminal).")
@click.option("--delay", type=Seconds(min=0), default=None,
              help="Seconds a computer player waits before acting (default 0.6; 1.2 watching).")
@click.option("--hint-time", type=Seconds(min=0, min_open=True), default=2.0,
              show_default=True, help="Seconds the hint's search may take.")
@click.option("--native", is_flag=True, help="Start in the game's own language (Chinese / "
              "Japanese); with --watch, print in it.")
@click.option("--no-save", is_flag=True, help="Do not save the records of the hands.")
@lang_option()
def play_cmd(game: str, preset: str | None, overrides: tuple[str, ...], players: int | None,
             bots: str, seed: int | None, hands: int | None, watch: bool, plain: bool,
             delay: float | None, hint_time: float, native: bool, no_save: bool,
             lang: str | None) -> None:
    """Play a session of GAME against computer players.

    Dai Fugō is dealt under the popular preset unless --rules says otherwise: the
    Japanese house rules, with revolution, Jack back and suit locks (--rules pagat
    plays pagat.com's rules, where the revolution is off).

    Keys: ←/→ move, space selects a card (or click it), enter plays the selection,
    p pass, c call, d declare, x discard, t Five Tigers, h hint, r rules,
    ? how to play, n Chinese/Japanese names, q quit. Every hand is saved as a record that
    `paiju replay` and `paiju referee` read.
    """
    from paiju.ui.match import Match

    if plain and not watch:
        _fail("--plain is for --watch; playing needs the full screen")
    try:
        g = get_game(game)
        rules = g.rules(preset or default_preset(g, playing=True), parse_overrides(overrides))
        n = players or default_players(g)
        if watch and hands is None:
            hands = WATCH_HANDS
        specs = (bot_specs(bots, n, "heuristic") if watch
                 else bot_specs(bots, n - 1, "heuristic", "computer seat"))
        match = Match(g.name, rules, n, specs, seed, hands,
                      human=None if watch else 0, save=not no_save, hint_seconds=hint_time)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    match.native = chosen(lang, native)
    if not no_save:
        _check_records(g.name)
    terminal = sys.stdout.isatty() and sys.stdin.isatty()
    if watch and (plain or not terminal):
        watch_with_progress(match)
        return
    if not terminal:
        _fail("playing needs a terminal; for a plain-text demo use --watch")
    from paiju.ui.app import BOT_DELAY, PlayApp

    wait = delay if delay is not None else (BOT_DELAY * 2 if watch else BOT_DELAY)
    try:
        PlayApp(match, delay=max(0.0, wait)).run()
    except OSError as err:
        _fail(f"cannot save a record: {err}")
    for line in closing_lines(match, match.lang):
        click.echo(line)


@click.command("learn", cls=SpokenCommand, note=lambda lang: records_note(True, lang))
@game_argument()
@click.option("--seed", type=SEED, default=None,
              help="Seed of the deal and the players (the next seed where you hold cards "
              "to play, if you would only dream).")
@click.option("--delay", type=Seconds(min=0), default=None,
              help="Seconds a computer player waits before acting (default 1.2).")
@click.option("--native", is_flag=True, help="Start in the game's own language (Chinese / "
              "Japanese).")
@click.option("--no-save", is_flag=True, help="Do not save the record of the hand.")
@lang_option()
def learn_cmd(game: str, seed: int | None, delay: float | None, native: bool,
              no_save: bool, lang: str | None) -> None:
    """Play a guided first hand of GAME against computer players.

    At each of your turns a panel says what you may do and, for each card you cannot
    use, why not, from the rules' own reasons; the end of the hand explains the scoring.
    The rules are those `paiju play` deals (each game's usual preset), with the players
    it seats. Keys as in `paiju play`; PgUp/PgDn scroll the guide, ? shows How to play,
    n switches the language.
    """
    from paiju.ui.learn import learn_match

    try:
        match = learn_match(get_game(game).name, seed, save=not no_save)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    match.native = chosen(lang, native)
    if not no_save:
        _check_records(match.game.name)
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        _fail("learning needs a terminal: run paiju learn in one")
    from paiju.ui.app import BOT_DELAY
    from paiju.ui.learn import LearnApp

    wait = delay if delay is not None else BOT_DELAY * 2
    try:
        LearnApp(match, delay=max(0.0, wait)).run()
    except OSError as err:
        _fail(f"cannot save a record: {err}")
    for line in closing_lines(match, match.lang):
        click.echo(line)


def _check_records(game: str) -> None:
    """Exit with one line, status 2, before any hand is played, if its records could not
    be saved (a folder that cannot be written, a full disk)."""
    from paiju.ui.datadir import ENV_VAR, check_writable, records_dir

    folder = records_dir(game)
    try:
        check_writable(folder)
    except OSError as err:
        _fail(f"cannot save records in {folder}: {err.strerror or err}; --no-save plays "
              f"without saving, ${ENV_VAR} moves the folder")


def watch_with_progress(match: Any) -> None:
    """Print a watched session; on a terminal, standard error shows hands done and time left."""
    from paiju.sim.runner import Progress
    from paiju.ui.watch import watch_plain

    progress = Progress(match.hands, label="watch")

    def echo(line: str) -> None:
        click.echo(line)
        progress.update(len(match.summaries))

    try:
        watch_plain(match, echo)
    except (PaijuError, ValueError) as err:
        _fail(str(err))
    except BrokenPipeError:
        raise  # the reader stopped reading (`| head`): Click leaves quietly
    except OSError as err:
        _fail(f"cannot save a record: {err}")
    finally:
        progress.close()


def closing_lines(match: Any, lang: str = "en") -> list[str]:
    """What ``paiju play`` prints when the table closes, in ``lang`` (the table's at the
    end), each line short of 80 columns (the folder on a line of its own, the home folder
    written ``~``)."""
    lines = []
    if match.summaries:
        totals = match.summaries[-1].totals
        points = joined(lang, [WORDS(lang, "{name} {points}", name=match.player_name(p),
                                     points=f"{t:+g}") for p, t in enumerate(totals)])
        lines.append(WORDS.n(lang, "{n:,} hand played; totals: {points}",
                             "{n:,} hands played; totals: {points}", len(match.summaries),
                             points=points))
    saved = match.saved_files  # the unfinished hand's record too
    if saved:
        lines.append(WORDS.n(lang, "{n:,} record saved in", "{n:,} records saved in",
                             len(saved)))
        lines.append(f"  {short_path(saved[0].parent)}")
    return lines


@click.command("replay", cls=SpokenCommand,
               note=lambda lang: records_note(False, lang))
@click.argument("file", type=click.File("rb"))
@click.option("--text", "as_text", is_flag=True, help="Print the steps as plain text.")
@click.option("--step", type=click.IntRange(min=0), default=None,
              help="Start at (or with --text, print only) this step: 0 is the deal, step N "
              "the hand after action N (actions are counted from 1).")
@click.option("--index", "--record", "which", type=click.IntRange(min=1), default=None,
              help="Which record of a JSON-lines file, from 1 (default: the first).")
@click.option("--native", is_flag=True, help="Start in the game's own language (Chinese / "
              "Japanese).")
@lang_option()
def replay_cmd(file: Any, as_text: bool, step: int | None, which: int | None, native: bool,
               lang: str | None) -> None:
    """Step through the record in FILE, forwards and backwards, showing every hand.

    A file of several records (JSON lines, as `paiju simulate --records` writes) shows the
    first unless --index says which. Exit status as `paiju referee`'s: 0 every action
    legal, 1 an action illegal (the replay stops before it), 2 the record is malformed.
    """
    from paiju.ui.replay import Replay, ReplayApp, replay_text

    spoken = chosen(lang, native)
    try:
        records = loads_records(read_bounded(file, input_name(file)))
        if which is not None and which > len(records):
            raise click.BadParameter(
                f"the file holds {plural(len(records), 'record')}; there is no record {which}",
                param_hint="'--index'")
        index = which or 1
        replay = Replay(records[index - 1])
    except PaijuError as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot read {input_name(file)}: {err.strerror or err}")
    replay.native = spoken
    if len(records) > 1:
        replay.place = (index, len(records), which is not None)
    if step is not None and step > replay.steps:
        raise click.BadParameter(f"the record has steps 0 to {replay.steps}, not {step}",
                                 param_hint="'--step'")
    if as_text or not sys.stdout.isatty():
        replay_text(replay, click.echo, step)
    else:
        ReplayApp(replay, step or 0).run()
    if replay.stopped is not None:  # as the referee: 1 when an action is illegal
        sys.exit(1)
