"""The command line's shared vocabulary: one spelling and one check for each option.

Every command that takes a game, a preset, a player count or a list of computer players
uses these Click types and helpers, so an out-of-range value is refused by Click itself
(status 2, with the option named) and the help texts are generated from the option tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click
from click.shell_completion import CompletionItem

from paiju.core.errors import PaijuError
from paiju.core.games import GAMES, counts_text, default_players, default_preset, get_game
from paiju.core.words import one_line, plural

__all__ = ["one_line", "plural"]  # with the command line's vocabulary below

if TYPE_CHECKING:  # Click's types are generic to the type checker (and at run time from 8.2)
    _StrType = click.ParamType[str, Any]
    _IntType = click.ParamType[int, Any]
else:
    _StrType = _IntType = click.ParamType

#: The largest seed a command accepts (seeds name record files, so they stay short).
MAX_SEED = 2**63 - 1


class GameType(_StrType):
    """A game of the registry (case-insensitive), given as its name."""

    name = "game"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "{" + "|".join(GAMES) + "}"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        try:
            return get_game(str(value)).name
        except PaijuError as err:
            self.fail(str(err), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[CompletionItem]:
        return [CompletionItem(name) for name in GAMES if name.startswith(incomplete)]


def _game_of(ctx: click.Context | None) -> Any:
    """The game the command line named (GAME is eager, so it is known first)."""
    name = ctx.params.get("game") if ctx is not None else None
    return get_game(name) if name is not None else None


class PlayerCount(_IntType):
    """A number of players that the command's game allows."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        n: int = click.INT.convert(value, param, ctx)
        game = _game_of(ctx)
        counts = game.player_counts if game is not None else range(1, 9)
        if n not in counts:
            title = game.title if game is not None else "paiju"
            self.fail(f"{title} is for {counts_text(counts)} players, not {n}", param, ctx)
        return n


class PresetType(_StrType):
    """A preset of the command's game (``paiju rules GAME`` lists them)."""

    name = "preset"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        text = str(value)
        game = _game_of(ctx)
        if game is not None and text not in game.options.presets:
            known = ", ".join(game.options.presets)
            self.fail(f"{game.title} has no preset {text!r}; its presets: {known}", param, ctx)
        return text

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[CompletionItem]:
        game = _game_of(ctx)
        names = list(game.options.presets) if game is not None else []
        return [CompletionItem(name) for name in names if name.startswith(incomplete)]


class Seconds(click.FloatRange):
    """A finite number of seconds (``nan`` and ``inf`` are refused as well)."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return super().convert(number, param, ctx)


class SeedType(click.IntRange):
    """A seed: a whole number from 0 (below 2**63, so that it names a file)."""

    def __init__(self) -> None:
        super().__init__(0, MAX_SEED)

    def _describe_range(self) -> str:
        return "0<=x<2**63"


#: Seeds: whole numbers from 0.
SEED = SeedType()


class LazyHelpOption(click.Option):
    """An option whose help text is written when help is shown (from the option tables)."""

    def __init__(self, *args: Any, help_text: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_text = help_text

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = self.help_text()
        return super().get_help_record(ctx)


class NotedCommand(click.Command):
    """A command whose help ends with a note written when help is shown."""

    def __init__(self, *args: Any, note: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.note = note

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(self.note())


def presets_text(playing: bool = False) -> str:
    """Every game's presets, its default first: ``lukfu: hongkong (default), gloucester``."""
    parts = []
    for name in GAMES:
        try:
            game = get_game(name)
        except (ImportError, PaijuError):
            continue
        first = default_preset(game, playing)
        rest = [p for p in game.options.presets if p != first]
        parts.append(f"{name}: " + ", ".join([f"{first} (default)", *rest]))
    return "; ".join(parts)


def rules_help(playing: bool = False) -> str:
    """The help of ``--rules``, generated from the games' option tables."""
    return (f"House rules: a preset ({presets_text(playing)}). "
            "`paiju rules GAME --rules P` shows what each one sets.")


def players_help(what: str = "Players at the table") -> str:
    """The help of ``--players``: each game's counts and its default."""
    parts = []
    for name in GAMES:
        try:
            game = get_game(name)
        except (ImportError, PaijuError):
            continue
        parts.append(f"{name} {counts_text(game.player_counts)}, "
                     f"default {default_players(game)}")
    return f"{what} ({'; '.join(parts)})."


def rules_option(playing: bool = False) -> Callable[[Any], Any]:
    """``--rules``/``-r`` (alias ``--preset``): a preset of the game. (``-p`` is the port's,
    as in the UECda kit's programs.)"""
    return click.option("--rules", "--preset", "-r", "preset", type=PresetType(),
                        default=None, metavar="PRESET", cls=LazyHelpOption,
                        help_text=lambda: rules_help(playing))


def players_option(what: str = "Players at the table") -> Callable[[Any], Any]:
    """``--players``/``-n``: a player count the game allows."""
    return click.option("--players", "-n", type=PlayerCount(), default=None, metavar="N",
                        cls=LazyHelpOption, help_text=lambda: players_help(what))


def game_argument() -> Callable[[Any], Any]:
    """GAME, read before every option that depends on it."""
    return click.argument("game", type=GameType(), is_eager=True)


def bot_specs(text: str | None, seats: int, default: str,
              seat: str = "seat") -> tuple[str, ...]:
    """``--bots`` as one spec a seat: comma-separated, the last repeating to fill ``seats``.

    More specs than seats, or an empty spec, is an error that says so.
    """
    if text is None or not text.strip():
        return (default,) * seats
    specs = [part.strip() for part in text.split(",")]
    if any(not spec for spec in specs):
        raise click.BadParameter(f"an empty player spec in {text!r}", param_hint="'--bots'")
    if len(specs) > seats:
        raise click.BadParameter(
            f"{plural(len(specs), 'player spec')} for {plural(seats, seat)} "
            f"({text}); give fewer, or more --players", param_hint="'--bots'")
    return (*specs, *[specs[-1]] * (seats - len(specs)))

