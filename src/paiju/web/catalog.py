"""What a table can be: the games, presets, options and computer players, and the checks
that turn a request to create a table into valid settings (or a reason it is refused)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from paiju.bots.base import make_bot
from paiju.core.errors import PaijuError
from paiju.core.games import GAMES, default_players, default_preset, get_game
from paiju.core.protocol import Game
from paiju.table.computers import computer_name, is_computer_name
from paiju.table.options_text import choice_label, option_label, preset_label, value_label
from paiju.table.present import is_you_name, presenter_for
from paiju.table.rules_text import group_title, keys, rule_sentence, wording
from paiju.table.text import LANGS, Words, joined
from paiju.web.limits import (
    MAX_MARKS,
    LimitError,
    Limits,
    bad_character,
    check_player,
    refuse_files,
    unreadable,
)
from paiju.web.sentences import bot_label_text, either, said_error

#: The most hands a session may last, and the move clock's bounds in seconds.
MAX_HANDS = 100
CLOCK_RANGE = (5.0, 3600.0)
#: The computer player that stands in for a person (after the grace time, or on the clock)
#: and fills the empty seats when the creator starts at once.
STAND_IN = "heuristic"
#: The longest name a person may give, and the longest computer player's spec.
MAX_NAME = 24
MAX_SPEC = 200
#: The longest name of a table.
MAX_TABLE_NAME = 40

WORDS = Words("table")


class WebError(Exception):
    """A request refused: an HTTP status and a reason a person can act on."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def strongest(game: str, seconds: float) -> str:
    """The spec of the strongest search at ``seconds`` a move (the hint's settings)."""
    extra = "".join(f":{k}={v}" for k, v in presenter_for(game).hint_search.items())
    return f"ismcts:time={seconds:g}{extra}"


def bot_choices(game: str, limits: Limits | None = None) -> list[dict[str, Any]]:
    """The computer players offered for a seat, weakest first (the searches within the
    server's ``max_think``)."""
    most = (limits or Limits()).max_think
    searches = [(0.3, "Search, quick (0.3 s a move)"), (1, "Search, strong (1 s a move)"),
                (3, "Search, strongest (3 s a move)")]
    offered = [
        {"spec": "random", "label": "Random: any legal move"},
        {"spec": "heuristic", "label": "Heuristic: plays by rules of thumb, at once"},
        *({"spec": strongest(game, t), "label": label} for t, label in searches if t <= most),
    ]
    return [{**b, "label_text": bot_label_text(b["label"]) or {"en": b["label"]}}
            for b in offered]


def game_info(game: Game, limits: Limits | None = None) -> dict[str, Any]:
    """One game as ``GET /api/games`` describes it: its title, presets and options in
    English (``title``, ``description``, ``meaning``, ``values``) and in every language
    (``title_text``, ``description_text``, ``wording``: {lang: text}); ``page``: how the
    browser table draws it (:class:`paiju.core.page.PageDescription`)."""
    table = game.options
    options = []
    for option in table.options.values():
        options.append({
            "name": option.name, "kind": option.kind, "choices": list(option.choices),
            "meaning": option.meaning, "source": option.source,
            "values": dict(option.values),
            "defaults": {p: _plain(v) for p, vals in table.presets.items()
                         for k, v in vals.items() if k == option.name},
            "wording": option_wording(game.name, option.name),
            "label_text": {lang: option_label(game.name, option.name, lang) for lang in LANGS},
            "choices_text": {str(c): {lang: choice_label(game.name, option.name, c, lang)
                                      for lang in LANGS}
                             for c in option.choices} if option.kind in ("choice", "list")
            else {},
        })
    presets = []
    for name in table.presets:
        text = {lang: _preset_text(game, name, lang) for lang in LANGS}
        presets.append({"name": name, "description": text["en"], "description_text": text,
                        "label_text": {lang: preset_label(game.name, name, lang)
                                       for lang in LANGS}})
    return {
        "name": game.name, "title": game.title, "title_text": title_text(game),
        "player_counts": list(game.player_counts),
        "default_players": default_players(game), "default_preset": default_preset(game, True),
        "presets": presets, "options": options, "bots": bot_choices(game.name, limits),
        "page": game.page().to_json(),
    }


def games_info(limits: Limits | None = None) -> dict[str, Any]:
    """``GET /api/games``."""
    return {"games": [game_info(get_game(name), limits) for name in GAMES]}


def title_text(game: Game) -> dict[str, str]:
    """A game's title in every language, as its presenter says it."""
    presenter = presenter_for(game)
    return {lang: presenter.game_title(lang) for lang in LANGS}


@cache
def option_wording(game: str, name: str) -> dict[str, Any]:
    """An option in the players' words, from the game's Rules box catalogue: the heading
    of the rules it belongs with (``group``) and what each value means at the table
    (``values``: value -> {lang: text}; a list option's values are its items and
    ``none``)."""
    words = wording(game)
    option = get_game(game).options.option(name)
    group = next(g for g, names in words.RULE_GROUPS.items() if name in names)
    worded: dict[str, list[tuple[str, int | None]]] = {}
    if option.kind == "list":
        for item in [*map(str, option.choices), "none"]:
            worded[item] = [(f"{name}={item}", None)]
    else:
        for value in option.choices if option.kind != "bool" else (True, False):
            worded[option.show(value)] = keys(option, value, words.RULE_WORDING)
    return {
        "group": {lang: group_title(group, lang) for lang in LANGS},
        "values": {shown: {lang: " ".join(rule_sentence(game, key, n, lang) for key, n in found)
                           for lang in LANGS} for shown, found in worded.items()},
    }


def rules_key_text(game: str, rules: Any, english: list[str]) -> dict[str, list[str]]:
    """The Rules box's options by name (``rules_key``, ``english``) in every language: the
    preset, then each option by name with its value and what that value does at the
    table, in the language's words."""
    table = get_game(game).options
    out = {"en": list(english)}
    for lang in LANGS:
        if lang == "en":
            continue
        lines = [WORDS.c(lang, "rules key", "preset: {preset}",
                         preset=preset_label(game, rules.preset, lang))]
        for option in table.options.values():
            value = rules.values[option.name]
            words = option_wording(game, option.name)["values"]
            keys = ([str(i) for i in value] or ["none"] if option.kind == "list"
                    else [option.show(value)])
            said = dict(option=option_label(game, option.name, lang),
                        value=value_label(game, option.name, value, lang))
            if all(k in words for k in keys):
                lines.append(WORDS.c(lang, "rules key", "{option} = {value}: {meaning}",
                                     meaning=" ".join(words[k][lang] for k in keys), **said))
            else:
                lines.append(WORDS.c(lang, "rules key", "{option} = {value}", **said))
        out[lang] = lines
    return out


def _preset_text(game: Game, name: str, lang: str = "en") -> str:
    """A preset in words: the options it sets apart from the first preset, each option
    and value said in ``lang`` (:mod:`paiju.table.options_text`)."""
    table = game.options
    first = next(iter(table.presets))
    values = table.presets[name]
    if name == first:
        return WORDS.c(lang, "preset", "the base rules: every option at the {name} value",
                       name=preset_label(game.name, name, lang))
    changed = [WORDS.c(lang, "preset", "{option}={value}",
                       option=option_label(game.name, k, lang),
                       value=value_label(game.name, k, v, lang))
               for k, v in values.items() if table.presets[first][k] != v]
    said_first = preset_label(game.name, first, lang)
    if not changed:
        return WORDS.c(lang, "preset", "the same as {first}", first=said_first)
    # in Chinese and Japanese a list's items are joined by 、, so the changes by ；
    changes = joined(lang, changed) if lang == "en" else "；".join(changed)
    return WORDS.c(lang, "preset", "as {first} but {changes}", first=said_first,
                   changes=changes)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Settings:
    """A table's settings, checked: the game, its rules, the seats and the session."""

    game: str
    rules: Any  # the rules spec as given: a preset name or {"preset", "options"}
    players: int
    seats: tuple[str, ...]  # "human" or a computer player's spec, one per player
    hands: int
    clock: float | None
    creator: str | None
    name: str | None = None  # the table's name, shown in the lobby
    public: bool = False  # listed in the lobby (else: only whoever has the link finds it)
    spectators_chat: bool = False  # whether spectators may write in the table's chat
    carry: tuple[float, ...] | None = None  # totals carried over from the table before
    guided: bool = False  # at each of a person's turns, what they may do and why
    #: a rematch's seats kept for the people of the table before until they come or the
    #: table starts: per seat, the digest of that person's old seat token (None: not kept)
    held: tuple[str | None, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, "rules": self.rules, "players": self.players,
               "seats": list(self.seats), "hands": self.hands, "clock": self.clock,
               "creator": self.creator, "name": self.name, "public": self.public,
               "spectators_chat": self.spectators_chat,
               "carry": None if self.carry is None else list(self.carry),
               "guided": self.guided}
        if self.held is not None:  # stored, never shown (Table.info leaves it out)
            out["held"] = list(self.held)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        """Settings as stored (older tables lack the later fields)."""
        carry, held = data.get("carry"), data.get("held")
        return cls(data["game"], data["rules"], data["players"], tuple(data["seats"]),
                   data["hands"], data.get("clock"), data.get("creator"), data.get("name"),
                   bool(data.get("public", False)), bool(data.get("spectators_chat", False)),
                   None if carry is None else tuple(carry), bool(data.get("guided", False)),
                   None if held is None else tuple(held))


def token_digest(token: str) -> str:
    """What a rematch keeps of a person's old seat token to know them by (never the token)."""
    return hashlib.sha256(token.encode()).hexdigest()


def parse_settings(body: Any, limits: Limits | None = None) -> Settings:
    """Check a request to create a table; ``WebError(400)`` naming the first problem
    (computer players are held to the server's ``limits``)."""
    limits = limits or Limits()
    if not isinstance(body, Mapping):
        raise WebError(400, said_error("the table's settings must be a JSON object"))
    known = {"game", "rules", "players", "seats", "hands", "clock", "creator", "name",
             "public", "spectators_chat", "guided"}
    extra = sorted(set(body) - known)
    if extra:
        raise WebError(400, said_error("unknown setting {value}; known: {known}",
                                       value=shown(extra[0]), known=", ".join(sorted(known))))
    try:
        game = get_game(body.get("game", ""))
    except PaijuError as err:
        raise WebError(400, str(err)) from None
    rules = body.get("rules", default_preset(game, True))
    try:
        made = game.rules(rules)
    except PaijuError as err:
        raise WebError(400, str(err)) from None
    players = body.get("players", default_players(game))
    if not _is_int(players) or players not in game.player_counts:
        counts = {lang: either(lang, list(map(str, game.player_counts))) for lang in LANGS}
        raise WebError(400, said_error("{game} is for {counts} players, not {value}",
                                       game=title_text(game), counts=counts,
                                       value=shown(players)))
    try:  # the rules may ask for more (Dai Fugō's two packs: 4 to 8 players)
        game.new_session(made, players, 0)
    except PaijuError as err:
        raise WebError(400, str(err)) from None
    seats = body.get("seats", ["human"] + [STAND_IN] * (players - 1))
    if not isinstance(seats, list) or len(seats) != players:
        raise WebError(400, said_error("'seats' must list one entry for each of the {n} "
                                       "players", n=str(players)))
    for n, seat in enumerate(seats):
        _check_seat(n, seat, game.name, limits)
    hands = body.get("hands", 1)
    if not _is_int(hands) or not 1 <= hands <= MAX_HANDS:
        raise WebError(400, said_error("'hands' must be a whole number from {low} to {high}, "
                                       "not {value}", low="1", high=str(MAX_HANDS),
                                       value=shown(hands)))
    clock = body.get("clock")
    if clock is not None and (not isinstance(clock, int | float) or isinstance(clock, bool)
                              or not math.isfinite(clock)
                              or not CLOCK_RANGE[0] <= clock <= CLOCK_RANGE[1]):
        raise WebError(400, said_error("'clock' must be null or seconds from {low} to {high}, "
                                       "not {value}", low=f"{CLOCK_RANGE[0]:g}",
                                       high=f"{CLOCK_RANGE[1]:g}", value=shown(clock)))
    creator = body.get("creator")
    if creator is not None:
        creator = check_name(creator)
    name = body.get("name")
    if name is not None:
        name = check_name(name, MAX_TABLE_NAME, "a table's name")
    flags = {}
    for key in ("public", "spectators_chat", "guided"):
        flags[key] = body.get(key, False)
        if not isinstance(flags[key], bool):
            raise WebError(400, said_error("'{key}' must be true or false, not {value}",
                                           key=key, value=shown(flags[key])))
    return Settings(game.name, rules, players, tuple(s.strip().lower() if s.strip().lower()
                                                     == "human" else s.strip() for s in seats),
                    hands, None if clock is None else float(clock), creator, name,
                    flags["public"], flags["spectators_chat"], guided=flags["guided"])


def shown(value: Any, most: int = 40) -> str:
    """A value a client sent, as a reason quotes it: its repr, cut to ``most`` characters."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def _check_seat(n: int, seat: Any, game: str, limits: Limits) -> None:
    if not isinstance(seat, str) or not seat.strip():
        raise WebError(400, said_error("seat {seat} must be \"human\" or a computer player's "
                                       "spec, not {value}", seat=str(n), value=repr(seat)))
    if seat.strip().lower() == "human":
        return
    if len(seat) > MAX_SPEC:
        raise WebError(400, said_error("seat {seat}: a computer player's spec is at most "
                                       "{limit} characters", seat=str(n), limit=str(MAX_SPEC)))
    try:
        refuse_files(seat)  # before the player is made: making it would open the file
        check_player(make_bot(seat, game), seat.strip(), limits)
    except ValueError as err:
        raise WebError(400, f"seat {n}: {err}") from None
    except LimitError as err:
        raise WebError(err.status, f"seat {n}: {err.reason}") from None


def bot_name(spec: str, player: int, lang: str = "en") -> str:
    """A computer player's name at the table, in ``lang``: its seat and its strength
    (``Computer 3 (medium)``, :mod:`paiju.table.computers`)."""
    return computer_name(spec, player, lang)


def check_name(name: Any, most: int = MAX_NAME, what: str = "a name") -> str:
    """A person's name (or a table's), trimmed; ``WebError(400)`` if empty, too long, not
    text, or holding a control or invisible character (a right-to-left override would turn
    the table's text around it)."""
    if not isinstance(name, str) or not name.strip():
        raise WebError(400, "a name is needed to take a seat" if what == "a name"
                       else f"{what} cannot be empty")
    clean = " ".join(name.split())
    if len(name) > 4 * most or len(clean) > most:
        raise WebError(400, f"{what} is at most {most} characters")
    refused(clean, what)
    if what == "a name" and is_you_name(clean):
        raise WebError(400, f"{clean!r} is how the table speaks to each player of their own "
                       "seat: choose another name")
    if what == "a name" and is_computer_name(clean):
        raise WebError(400, said_error("{name} is how the table names a computer player: "
                                       "choose another name", name=clean))
    return clean


def refused(text: str, what: str) -> None:
    """``WebError(400)`` if ``text`` (``what``: "a name", "a chat message", ...) would
    not show as it reads (:func:`~paiju.web.limits.unreadable`)."""
    why = unreadable(text)
    if why == "char":
        raise WebError(400, f"{what} may not hold the control or invisible character "
                            f"{bad_character(text)}")
    if why == "blank":
        raise WebError(400, f"{what} needs a visible character")
    if why == "marks":
        raise WebError(400, f"{what} may not pile more than {MAX_MARKS} marks on one letter")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
