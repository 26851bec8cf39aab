"""What each receiver is sent, built only from what it may know.

A seat's ``state`` message is made from that seat's :class:`~paiju.core.protocol.View`
alone; a spectator's from :func:`public_json`, the part of the views every seat shares.
Nothing here is ever given a full state: the presenters (card names, status, log lines)
are reached through the few functions below, which hand them a view (a seat's, or the
:class:`PublicView` of a spectator), so that a change to the presenters touches this file
alone.
The record of a hand is sent once the hand is over, as the referee's record.

Every sentence is sent in every language of the catalogues (:mod:`paiju.table.text`):
as ``{"en", "native"}`` pairs (native: the game's own language, Chinese for Luk Fu and
Japanese for Dai Fugō), with each language beside them by its code (``"zh_Hant"``,
``"ja"``); a field ``x``/``x_native`` has its ``x_text`` by language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from random import Random
from typing import Any

from paiju.core.games import GAMES, get_game
from paiju.core.page import PageDescription
from paiju.core.protocol import Action, State, View
from paiju.table.hints import Hint
from paiju.table.present import Seen, presenter_for
from paiju.table.text import LANGS, Words, joined
from paiju.web.sentences import bot_label_text, error_text, table_note

WORDS = Words("table")
__all__ = ["bot_label_text", "error_text", "table_note"]


def _fast_json() -> Any:
    """orjson when it is installed (``None`` otherwise: the standard library serves)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - depends on what is installed
        return None
    return orjson


_orjson = _fast_json()

#: The keys of a view's JSON whose values are cards (a token, or lists of them), in any of
#: paiju's games (:attr:`Presenter.card_keys` says each game's).
CARD_KEYS: frozenset[str] = frozenset[str]().union(
    *(presenter_for(game).card_keys for game in GAMES))
#: The values the card walk passes over without a look (JSON's numbers and null).
_SCALARS = frozenset({int, float, bool, type(None)})
_SEQUENCES = frozenset({list, tuple})
_CONTAINERS = frozenset({dict, list, tuple})
_MARKUP = re.compile(r"\[/?[a-z ]*\]")


@dataclass(frozen=True)
class Context:
    """The public facts of a table at one moment, the same for every receiver."""

    table: str
    game: str
    rules: Any
    hand: int
    names: Sequence[str]  # by seat of this hand
    players: Sequence[int]  # the session player at each seat of this hand
    totals: Sequence[float]  # by player
    started: bool
    seats: Sequence[Mapping[str, Any]]  # as GET /api/tables/<id> lists them
    rules_key: Sequence[str]
    #: action index -> a public note ({"en", "native"}: Chinese for Luk Fu, Japanese for
    #: Dai Fugō), as the clock and the stand-in leave them
    notes: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    clock: tuple[int, float] | None = None  # (seat, deadline in epoch seconds)
    moves: int = 0  # the actions of this hand so far: with ``hand``, the position
    #: ``rules_key`` by language (:func:`paiju.web.catalog.rules_key_text`)
    rules_key_text: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: the names by language (a computer's said in each; ``names`` where one is missing)
    names_text: Mapping[str, Sequence[str]] = field(default_factory=dict)

    def names_in(self, lang: str) -> Sequence[str]:
        """The seats' names as ``lang`` reads them."""
        return self.names_text.get(lang, self.names)

    def all_names(self) -> tuple[tuple[str, ...], ...]:
        """The seats' names in every language, in the order of ``LANGS`` (a key)."""
        return tuple(tuple(self.names_in(lang)) for lang in LANGS)

    def names_json(self) -> dict[str, list[str]]:
        """A message's ``names_text``: the seats' names by language."""
        return {lang: list(self.names_in(lang)) for lang in LANGS}


class PublicView:
    """A spectator's view: the public part of a hand (:func:`public_json`), no seat's own.

    Its seat is -1, which is nobody's, so no action is shown as the observer's own.
    """

    def __init__(self, data: dict[str, Any], rules: Any, game: str) -> None:
        self._data = data
        self._rules = rules
        self._game = game

    @property
    def game(self) -> str:
        return self._game

    @property
    def seat(self) -> int:
        return -1

    @property
    def rules(self) -> Any:
        return self._rules

    def to_move(self) -> int | None:
        turn = self._data.get("to_move")
        return turn if isinstance(turn, int) else None

    def legal_actions(self) -> Sequence[Action]:
        return ()

    def sample(self, rng: Random) -> State:
        raise ValueError("a spectator's view deals no sample")

    def to_json(self) -> dict[str, Any]:
        return dict(self._data)


# ------------------------------------------------------------ the one door to the presenters

def page_of(game: str) -> PageDescription:
    """The game's description for the page, whose builders make the layouts' parts of the
    messages (a state's ``board``, a hand's ``result``: :mod:`paiju.core.page`); asked of
    the game once (a description is a frozen value)."""
    made = _PAGES.get(game)
    if made is None:
        made = _PAGES[game] = get_game(game).page()
    return made


#: Each game's page description, once asked of it.
_PAGES: dict[str, PageDescription] = {}


def status_line(ctx: Context, seen: Seen, native: bool | str) -> str:
    """The presenter's status line, without its markup."""
    presenter = presenter_for(ctx.game)
    names = ctx.names_in(presenter.lang(native))
    return _MARKUP.sub("", presenter.status(seen, names, native))


def in_every_language(game: str, say: Any) -> dict[str, Any]:
    """``say(lang)`` for every language, with ``"native"`` the game's own."""
    out = {lang: say(lang) for lang in LANGS}
    out["native"] = out[presenter_for(game).native_lang]
    return out


def aged_tokens(ctx: Context, seen: Seen) -> set[str]:
    """The seat's own cards that the presenter marks in the drawn hand (Luk Fu's aged
    cards; none in a game without marks)."""
    if seen.seat < 0 or not seen.data.get("hand"):
        return set()
    return {chip.token for chip in presenter_for(ctx.game).chips(seen, False) if chip.mark}


def quick_aged_tokens(view: View, data: Mapping[str, Any]) -> set[str]:
    """The seat's own marked cards, as :func:`aged_tokens` finds them, read by the
    presenter straight from the view without drawing the hand."""
    return presenter_for(view.game).marked(view, data)


class Refusal(str):
    """A refusal's reason in English (the string itself), with ``text``: the reason in
    every language, which :func:`error_message` sends beside it."""

    text: dict[str, str]


def refusal(game: str, reason: str) -> str:
    """An engine's reason with its cards written as the page writes them, and in every
    language (a :class:`Refusal`)."""
    presenter = presenter_for(game)
    out = Refusal(presenter.notation(reason, False))
    out.text = in_every_language(game, lambda lang: presenter.refusal(reason, lang))
    return out


def describe(ctx: Context, action: Mapping[str, Any], observer: int) -> dict[str, str]:
    """An action of the history as a log line, in every language (shared between messages,
    which are serialised and never changed)."""
    key = (action.get("seat"), action.get("do"), tuple(action.get("cards", ())),
           action.get("count"), action.get("to"))
    return _describe(ctx.game, key, observer, ctx.all_names())


@lru_cache(maxsize=65536)
def _describe(game: str, key: tuple[Any, ...], observer: int,
              names: tuple[tuple[str, ...], ...]) -> dict[str, str]:
    seat, do, cards, count, to = key
    action: dict[str, Any] = {"seat": seat, "do": do}
    if cards:
        action["cards"] = list(cards)
    if count is not None:
        action["count"] = count
    if to is not None:
        action["to"] = to
    presenter = presenter_for(game)
    return in_every_language(
        game, lambda lang: presenter.describe(action, observer, names[LANGS.index(lang)], lang))


def result_lines(ctx: Context, seen: Seen, report: Mapping[str, Any],
                 native: bool | str) -> list[str]:
    presenter = presenter_for(ctx.game)
    names = ctx.names_in(presenter.lang(native))
    return presenter.result_lines(seen, report, names, native)


@lru_cache(maxsize=4096)
def _card_info(game: str, token: str, aged: bool) -> dict[str, Any]:
    return _make_card_info(game, token, aged)


def card_info(game: str, token: str, aged: bool) -> dict[str, Any]:
    """A card token's names and colour: ``{"en", "native", "red", "aged"}``."""
    return dict(_card_info(game, token, aged))


def cards_named(game: str, tokens: set[str], aged: set[str]) -> dict[str, Any]:
    """Every token's :func:`card_info`, in token order. The entries are shared between
    messages (made once per token): a message is serialised, never changed."""
    return {t: _card_info(game, t, t in aged) for t in sorted(tokens)}


def _make_card_info(game: str, token: str, aged: bool) -> dict[str, Any]:
    return presenter_for(game).card_info(token, aged)


# ------------------------------------------------------------ what may be sent

def card_tokens(obj: Any, inside: bool = False,
                keys: frozenset[str] = CARD_KEYS) -> set[str]:
    """Every card token under a card key (of ``keys``: a game's :attr:`Presenter.card_keys`)
    of ``obj`` (a view's JSON, a legal action...)."""
    found: set[str] = set()
    if isinstance(obj, str):
        if inside:
            found.add(obj)
    else:
        _collect(obj, inside, found, keys)
    return found


def _collect(obj: Any, inside: bool, found: set[str], keys: frozenset[str]) -> None:
    """Add the card tokens under ``obj`` to ``found``: a walk without recursion, in which
    strings are read in place and only containers are pushed (a view's JSON is mostly
    strings and numbers, its history a long list of small objects). A list of tokens under
    a card key, the usual case, is taken whole."""
    stack: list[tuple[Any, bool]] = [(obj, inside)]
    push = stack.append
    while stack:
        item, under = stack.pop()
        if type(item) is dict or (type(item) not in _SEQUENCES and isinstance(item, Mapping)):
            for key, value in item.items():
                kind = type(value)
                if kind is str:
                    if under or key in keys:
                        found.add(value)
                elif kind in _CONTAINERS or (kind not in _SCALARS
                                             and isinstance(value, Mapping)):
                    push((value, under or key in keys))
        elif under and all(type(value) is str for value in item):
            found.update(item)
        else:
            for value in item:
                kind = type(value)
                if kind is str:
                    if under:
                        found.add(value)
                elif kind in _CONTAINERS or (kind not in _SCALARS
                                             and isinstance(value, Mapping)):
                    push((value, under))


def public_json(game: str, views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The part of a hand every seat knows, from the JSON of every seat's view.

    The game's own public part where it has one (:meth:`Presenter.public_part`: Luk Fu's
    dreamer's view less the dreamer's card, until the end shows it). Otherwise a seat's
    view less its own cards: its hand, its legal actions, the cards of its own face-down
    moves, and what it alone knows of the hidden cards. The seat taken is one that does
    not hold the Five Tigers window, so the window stays unseen.
    """
    own = presenter_for(game).public_part(views)
    if own is not None:
        return own
    key = "actions"
    candidates = [v for v in views if v.get("phase") != "five_tigers"] or list(views)
    base = min(candidates, key=lambda v: len(v.get(key, [])))
    seat = base["seat"]
    out = dict(base)
    out["seat"] = None
    out["hand"] = []
    if "legal" in out:
        out["legal"] = []
    if "known" in out:
        out["known"] = []
    out[key] = [_public_item(item, seat) for item in base.get(key, [])]
    return out


def _public_item(item: Mapping[str, Any], seat: int) -> dict[str, Any]:
    if item.get("seat") == seat and item.get("do") not in ("play", "pass") and "cards" in item:
        out = {k: v for k, v in item.items() if k != "cards"}
        out["count"] = len(item["cards"])
        return out
    return dict(item)


def hand_log(ctx: Context, data: Mapping[str, Any], observer: int,
             view: View | None = None) -> list[dict[str, str]]:
    """The log of this hand as this receiver saw it (``view``: a seat's, for the cards it
    saw pass at the deal), with the table's notes in place."""
    presenter = presenter_for(ctx.game)
    known = presenter.known_at_deal(view) if view is not None else {}
    parts = tuple(tuple(presenter.seat_parts(data, lang)) for lang in LANGS)
    lines = [_head(ctx.game, ctx.hand, ctx.all_names(), parts)]
    opening = in_every_language(
        ctx.game,
        lambda lang: presenter.opening_lines(data, ctx.rules, ctx.names_in(lang), lang, known))
    for i in range(len(opening["en"])):
        lines.append({lang: said[i] for lang, said in opening.items()})
    for i, item in enumerate(presenter.log_items(data, ctx.rules)):
        if i in ctx.notes:
            lines.append(dict(ctx.notes[i]))
        lines.append(describe(ctx, item, observer))
        for rule in item.get("rules", ()):  # a house rule fired: the log names it
            lines.append(_rule_line(ctx.game, rule))
    return lines


@lru_cache(maxsize=256)
def _rule_line(game: str, rule: str) -> dict[str, str]:
    """The log's line for a rule that fired at a play, in every language (shared)."""
    presenter = presenter_for(game)
    return in_every_language(
        game, lambda lang: presenter.rule_lines({"rules": [rule]}, lang)[0])


@lru_cache(maxsize=4096)
def _head(game: str, hand: int, names: tuple[tuple[str, ...], ...],
          parts: tuple[tuple[str, ...], ...]) -> dict[str, str]:
    """The log's first line, "Hand 3: Ann (Master), ...", in every language (``names`` and
    ``parts``: each seat's name and part, by language in the order of ``LANGS``). Shared:
    never changed."""
    def head(lang: str) -> str:
        said = parts[LANGS.index(lang)]
        seats = joined(lang, [WORDS(lang, "{name} ({part})", name=name, part=said[s])
                              if s < len(said) and said[s] else name
                              for s, name in enumerate(names[LANGS.index(lang)])])
        return WORDS(lang, "Hand {hand}: {seats}", hand=hand, seats=seats)

    return in_every_language(game, head)


def role_of(ctx: Context, seen: Seen, native: bool | str) -> str:
    """This seat's part in words: Master, dreamer..., or the title it holds from last hand."""
    presenter = presenter_for(ctx.game)
    lang = presenter.lang(native)
    if seen.seat < 0:
        return WORDS.c(lang, "role", "spectator")
    return presenter.role(seen, lang) or WORDS.c(lang, "role", "player")


def state_message(
    ctx: Context, player: int | None, view: View | None, public: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` message for one receiver: a seat (its ``view``) or a spectator
    (``public``, from :func:`public_json`); both ``None`` before the first deal."""
    base = Message({
        "type": "state", "table": ctx.table, "hand": ctx.hand, "moves": ctx.moves,
        "player": player,
        "names": list(ctx.names), "names_text": ctx.names_json(),
        "players": list(ctx.players), "totals": list(ctx.totals), "started": ctx.started,
        "seats": [dict(s) for s in ctx.seats],
        "rules_key": list(ctx.rules_key),
        "rules_key_text": {lang: list(lines) for lang, lines in ctx.rules_key_text.items()},
    })
    if view is None and public is None:
        base.update(seat=None, view=None, board=None, legal=[], to_move=None, role="",
                    status="", status_native="", cards={}, log=[], clock=None)
        return base
    if view is None:
        assert public is not None
        view = PublicView(public, ctx.rules, ctx.game)
    data: dict[str, Any] = view.to_json()
    seen = Seen(view, data)
    seat = view.seat if view.seat >= 0 else None
    legal = legal_json(view, data)
    to_move = view.to_move()
    aged_set = quick_aged_tokens(view, data)
    keys = presenter_for(ctx.game).card_keys
    tokens = card_tokens(data, keys=keys)
    if legal is not data.get("legal"):
        tokens |= card_tokens(legal, inside=False, keys=keys)
    clock = None
    if ctx.clock is not None and to_move == ctx.clock[0]:
        clock = {"seat": ctx.clock[0], "deadline": int(ctx.clock[1] * 1000)}
    roles = in_every_language(ctx.game, lambda lang: role_of(ctx, seen, lang))
    status = in_every_language(ctx.game, lambda lang: status_line(ctx, seen, lang))
    base.update(
        seat=seat, view=data, board=page_of(ctx.game).board(data), legal=legal,
        to_move=to_move, role=roles["en"],
        role_native=roles["native"], role_text=roles,
        status=status["en"], status_native=status["native"], status_text=status,
        cards=cards_named(ctx.game, tokens, aged_set),
        log=hand_log(ctx, data, view.seat, view), clock=clock,
    )
    return base


def legal_json(view: View, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The seat's legal actions in record form: the view's JSON already lists them when it
    has a ``legal`` list of the same length (Luk Fu's), else they are written here."""
    actions = view.legal_actions()
    given = data.get("legal")
    if isinstance(given, list) and len(given) == len(actions):
        return given
    return [a.to_json() for a in actions]


def seen_record(record: Mapping[str, Any], game: str, view: Mapping[str, Any],
                handovers: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The finished hand's record as one receiver saw it, from its view's JSON at the end.

    The deal keeps only the receiver's own hand (a spectator's: none) and what the end
    reveals (the dreamer's card); the actions are the view's history, where another seat's
    face-down cards (Luk Fu discards; Dai Fugō gifts, 7-passes and 10-discards) are only
    counted, and the receiver's own moves are shown in full. ``handovers`` are the
    face-down moves the receiver took part in, with their cards (the view's
    :class:`~paiju.core.protocol.HandsOver` answer: in Dai Fugō the gifts and 7-passes it
    received, the poorest's gift at the deal), so the page can step through the
    receiver's hand from the record alone;
    ``None`` for a game whose views know no hand-overs (no ``handovers`` is sent).
    The full record, which the referee needs, is served by
    ``GET /api/tables/<id>/hands/<k>/record``.
    """
    seat = view.get("seat")
    out = dict(record)
    deal = dict(record.get("deal", {}))
    hands = deal.get("hands", [])
    deal["hands"] = [h if i == seat else None for i, h in enumerate(hands)]
    if seat is not None and not presenter_for(game).shows_own_deal(seat):
        deal["hands"] = [None] * len(hands)
    out["deal"] = deal
    history = [dict(a) for a in view.get("actions", [])]
    full = record.get("actions", [])
    if seat is not None and len(full) == len(history):  # the seat's own moves in full
        history = [dict(real) if real.get("seat") == seat else mine
                   for mine, real in zip(history, full, strict=True)]
    out["actions"] = history
    out["seen_by"] = seat
    if handovers is not None:
        out["handovers"] = [dict(h) for h in handovers] if seat is not None else []
    return out


def hand_over_message(ctx: Context, record: Mapping[str, Any], report: Mapping[str, Any],
                      public: dict[str, Any]) -> dict[str, Any]:
    """The end of a hand: its record, the report and the result in words (from ``public``,
    the public part of the views at the end). The record here is the full one: each
    receiver is sent it through :func:`seen_record` (``Table._over_for``)."""
    seen = Seen(PublicView(public, ctx.rules, ctx.game), public)
    lines = in_every_language(ctx.game, lambda lang: result_lines(ctx, seen, report, lang))
    return {
        "type": "hand_over", "table": ctx.table, "hand": ctx.hand, "record": dict(record),
        "report": dict(report), "result": page_of(ctx.game).result_of(report),
        "lines": lines["en"], "lines_native": lines["native"],
        "lines_text": lines,
        "totals": list(ctx.totals), "names": list(ctx.names), "names_text": ctx.names_json(),
        "players": list(ctx.players),
    }


def places(totals: Sequence[float]) -> list[int]:
    """Each player's place by total points (1 = most; equal totals share a place)."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def session_over_message(totals: Sequence[float]) -> dict[str, Any]:
    return {"type": "session_over", "totals": list(totals), "places": places(totals)}


def hint_message(hint: Hint, hand: int, moves: int) -> dict[str, Any]:
    """A hint in the language it was asked in, and by language beside it; ``hand`` and
    ``moves`` name the position it answers (a state's ``hand`` and ``moves``)."""
    return {"type": "hint", "hand": hand, "moves": moves, "action": hint.action,
            "text": hint.text,
            "reasons": list(hint.reasons), "kept": hint.kept,
            "text_text": {lang: said[0] for lang, said in hint.said.items()},
            "reasons_text": {lang: list(said[1]) for lang, said in hint.said.items()},
            "kept_text": {lang: said[2] for lang, said in hint.said.items()}}


class Message(dict[str, Any]):
    """A message whose JSON text is made once, however many receivers it goes to."""

    text: str | None = None


def dumps(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 kept as it is): by orjson when it is
    installed (ten times quicker on a state message), else by the standard library."""
    if _orjson is not None:
        return _orjson.dumps(message, option=_orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def text_of(message: dict[str, Any]) -> str:
    """The JSON text of ``message``, remembered in it when it is a :class:`Message`."""
    if not isinstance(message, Message):
        return dumps(message)
    if message.text is None:
        message.text = dumps(message)
    return message.text


def error_message(reason: str) -> dict[str, Any]:
    """A refusal: its reason in English, and ``reason_text`` in every language when the
    reason is a :class:`Refusal` or a sentence of the catalogue's ``error`` context."""
    out: dict[str, Any] = {"type": "error", "reason": str(reason)}
    text = getattr(reason, "text", None)
    if text is None:
        text = error_text(str(reason))
    if text is not None:
        out["reason_text"] = text
    return out


def rules_text(game: str, rules: Any) -> dict[str, list[dict[str, Any]]]:
    """The Rules box in plain words, by language (:mod:`paiju.table.rules_text`): made
    once for each set of rules, and shared by every message (never changed); made each
    time for a game whose rules cannot be a key (the protocol does not ask them to be)."""
    try:
        hash(rules)
    except TypeError:
        return _rules_text(game, rules)
    return _rules_text_kept(game, rules)


def _rules_text(game: str, rules: Any) -> dict[str, list[dict[str, Any]]]:
    presenter = presenter_for(game)
    return {lang: presenter.rules_text(rules, lang) for lang in LANGS}


_rules_text_kept = lru_cache(maxsize=256)(_rules_text)


def rules_key(game: str, rules: Any) -> list[str]:
    """The rules in force, one line an option: its value, its meaning, and what that does."""
    from paiju.core.games import get_game

    table = get_game(game).options
    lines = [presenter_for(game).rules_words(rules)]
    for option in table.options.values():
        value = option.show(rules.values[option.name])
        now = option.values.get(value, "")
        lines.append(f"{option.name} = {value}: {option.meaning}" + (f" ({now})" if now else ""))
    return lines


