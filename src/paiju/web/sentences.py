"""The web server's own sentences in every language: its refusals, the log's notes for a
move the computer made for a person, and the computer players' descriptions.

They are said in English where they are made (web/tables.py, hub.py, catalog.py); these
functions say them again in every language from the ``table`` catalogue, the refusals
matched by their placeholders (:func:`paiju.table.text.match_sentence`).
"""

from __future__ import annotations

from collections.abc import Mapping

from paiju.table.present import presenter_for, slots
from paiju.table.text import LANGS, Words, match_sentence

WORDS = Words("table")


class Said(str):
    """A refusal's reason in English (the string itself), with ``text``: the reason in
    every language, sent beside it (``error_text``, ``reason_text``)."""

    text: dict[str, str]


def said_error(template: str, **params: str | Mapping[str, str]) -> Said:
    """The refusal ``template`` (one of the catalogue's, in English) with ``params``
    filled, each a value or a value by language (a computer player's name)."""
    index = _errors("en").index(template)

    def said(lang: str) -> str:
        filled = {k: v if isinstance(v, str) else v[lang] for k, v in params.items()}
        return _errors(lang, **filled)[index]

    out = Said(said("en"))
    out.text = {lang: said(lang) for lang in LANGS}
    return out


def error_text(reason: str) -> dict[str, str] | None:
    """A server's refusal in every language, if the catalogue has it (``None`` if not)."""
    found = match_sentence(tuple(_errors("en")), reason)
    if found is None:
        return None
    index, params = found
    return {lang: _errors(lang, **params)[index] for lang in LANGS}


def _errors(lang: str, **params: str) -> list[str]:
    """The server's refusals (web/tables.py, hub.py, catalog.py), in ``lang``: the same
    order in every language, the most particular first. With English and no ``params``,
    the templates a refusal is matched against."""
    p = slots(params, "name", "hand", "seat", "table", "limit", "page", "n", "char", "names",
              "value", "game", "counts", "known", "low", "high", "key")
    return [
        # the create form's refusals (web/catalog.py, parse_settings)
        WORDS.c(lang, "error", "the table's settings must be a JSON object"),
        WORDS.c(lang, "error", "unknown setting {value}; known: {known}", value=p["value"],
                known=p["known"]),
        WORDS.c(lang, "error", "{game} is for {counts} players, not {value}", game=p["game"],
                counts=p["counts"], value=p["value"]),
        WORDS.c(lang, "error", "'seats' must list one entry for each of the {n} players",
                n=p["n"]),
        WORDS.c(lang, "error", "seat {seat} must be \"human\" or a computer player's spec, not "
                "{value}", seat=p["seat"], value=p["value"]),
        WORDS.c(lang, "error", "seat {seat}: a computer player's spec is at most {limit} "
                "characters", seat=p["seat"], limit=p["limit"]),
        WORDS.c(lang, "error", "'hands' must be a whole number from {low} to {high}, not "
                "{value}", low=p["low"], high=p["high"], value=p["value"]),
        WORDS.c(lang, "error", "'clock' must be null or seconds from {low} to {high}, not "
                "{value}", low=p["low"], high=p["high"], value=p["value"]),
        WORDS.c(lang, "error", "'{key}' must be true or false, not {value}", key=p["key"],
                value=p["value"]),
        WORDS.c(lang, "error", "the table has not started yet"),
        WORDS.c(lang, "error", "the hand is over"),
        WORDS.c(lang, "error", "it is nobody's turn, not yours"),
        WORDS.c(lang, "error", "it is {name}'s turn, not yours", name=p["name"]),
        WORDS.c(lang, "error", "there is no next hand to deal now"),
        WORDS.c(lang, "error", "there is no hand in play"),
        WORDS.c(lang, "error", "a hint is given on your turn"),
        WORDS.c(lang, "error", "the position changed before the hint was ready"),
        WORDS.c(lang, "error", "a spectator cannot play: take a seat to play"),
        WORDS.c(lang, "error", "the table has already started"),
        WORDS.c(lang, "error", "only the table's creator can start it before every seat is "
                "taken"),
        WORDS.c(lang, "error", "this token does not hold a seat at this table"),
        WORDS.c(lang, "error", "there is no seat {seat} at this table of {n}", seat=p["seat"],
                n=p["n"]),
        WORDS.c(lang, "error", "seat {seat} is a computer player's ({name}): it can be taken "
                "between hands", seat=p["seat"], name=p["name"]),
        WORDS.c(lang, "error", "seat {seat} is a computer player's ({name})", seat=p["seat"],
                name=p["name"]),
        WORDS.c(lang, "error", "seat {seat} is a computer player's", seat=p["seat"]),
        WORDS.c(lang, "error", "seat {seat} is already taken (by {name})", seat=p["seat"],
                name=p["name"]),
        WORDS.c(lang, "error", "{name} is already sitting at this table: choose another name",
                name=p["name"]),
        WORDS.c(lang, "error", "a name is needed to take a seat"),
        WORDS.c(lang, "error", "{name} is how the table names a computer player: choose "
                "another name", name=p["name"]),
        WORDS.c(lang, "error", "a name is at most {limit} characters", limit=p["limit"]),
        WORDS.c(lang, "error", "a name may not hold the control or invisible character {char}",
                char=p["char"]),
        WORDS.c(lang, "error", "a name needs a visible character"),
        WORDS.c(lang, "error", "a name may not pile more than {n} marks on one letter",
                n=p["n"]),
        WORDS.c(lang, "error", "seat {seat} is kept for {name} from the table before until "
                "they come or the table starts", seat=p["seat"], name=p["name"]),
        WORDS.c(lang, "error", "there is no such table"),
        WORDS.c(lang, "error", "there is no table {table}", table=p["table"]),
        WORDS.c(lang, "error", "hand {hand} is not over yet", hand=p["hand"]),
        WORDS.c(lang, "error", "this table has not dealt hand {hand}", hand=p["hand"]),
        WORDS.c(lang, "error", "the page {page} is missing from this installation",
                page=p["page"]),
        WORDS.c(lang, "error", "the server could not save that just now, so nothing changed: "
                "try again in a moment"),
        WORDS.c(lang, "error", "the table is moving to another server: try again in a "
                "moment"),
        WORDS.c(lang, "error", "at most {n} new tables a minute from one address: wait a "
                "little", n=p["n"]),
        WORDS.c(lang, "error", "this server is making as many tables as it can just now: try "
                "again in a minute"),
        WORDS.c(lang, "error", "only the table's creator can free a seat"),
        WORDS.c(lang, "error", "seat {seat} holds no person", seat=p["seat"]),
        WORDS.c(lang, "error", "{name} is at the table: only a seat whose person is away can "
                "be freed", name=p["name"]),
        WORDS.c(lang, "error", "spectators may read the chat but not write in it at this "
                "table"),
        WORDS.c(lang, "error", "one chat message a second: wait a moment"),
        WORDS.c(lang, "error", "a chat message needs some text"),
        WORDS.c(lang, "error", "a chat message is at most {limit} characters", limit=p["limit"]),
        WORDS.c(lang, "error", "a chat message may not hold the control or invisible character "
                "{char}", char=p["char"]),
        WORDS.c(lang, "error", "a chat message needs a visible character"),
        WORDS.c(lang, "error", "a chat message may not pile more than {n} marks on one letter",
                n=p["n"]),
        WORDS.c(lang, "error", "a reaction is one of {names}", names=p["names"]),
        WORDS.c(lang, "error", "playing again needs your seat's token"),
        WORDS.c(lang, "error", "the session is not over yet"),
        WORDS.c(lang, "error", "a table's name cannot be empty"),
        WORDS.c(lang, "error", "a table's name is at most {limit} characters", limit=p["limit"]),
        WORDS.c(lang, "error", "a table's name may not hold the control or invisible character "
                "{char}", char=p["char"]),
        WORDS.c(lang, "error", "a table's name needs a visible character"),
        WORDS.c(lang, "error", "a table's name may not pile more than {n} marks on one "
                "letter", n=p["n"]),
        WORDS.c(lang, "error", "a message is at most {limit} bytes", limit=p["limit"]),
        WORDS.c(lang, "error", "the hint could not be made just now: ask again"),
        WORDS.c(lang, "error", "too many requests from one address: wait a moment"),
        WORDS.c(lang, "error", "this server answers only its own pages (the Origin is another "
                "site)"),
        WORDS.c(lang, "error", "a request's body is JSON, sent as Content-Type: "
                "application/json"),
    ]


def either(lang: str, items: list[str]) -> str:
    """``3 or 4`` in ``lang``."""
    said = items[0]
    for item in items[1:]:
        said = WORDS.c(lang, "error", "{a} or {b}", a=said, b=item)
    return said


def table_note(game: str, by: str, name: str) -> dict[str, str]:
    """The log's note for a move the computer made for ``name``: ``by`` is ``"clock"``
    (the move clock ran out) or ``"away"`` (the person is away), in every language, with
    ``"native"`` the game's own."""
    if by == "clock":
        out = {lang: WORDS.c(lang, "note", "The clock ran out: the computer moved for {name}.",
                             name=name) for lang in LANGS}
    else:
        out = {lang: WORDS.c(lang, "note", "The computer moved for {name}, who is away.",
                             name=name) for lang in LANGS}
    out["native"] = out[presenter_for(game).native_lang]
    return out


def bot_label_text(label: str) -> dict[str, str] | None:
    """A computer player's description as the seat menu offers it (web/catalog.py), in
    every language; ``None`` for one the catalogue does not know."""
    found = match_sentence(tuple(_bot_labels("en")), label)
    if found is None:
        return None
    return {lang: _bot_labels(lang)[found[0]] for lang in LANGS}


def _bot_labels(lang: str) -> list[str]:
    return [
        WORDS.c(lang, "bot", "Random: any legal move"),
        WORDS.c(lang, "bot", "Heuristic: plays by rules of thumb, at once"),
        WORDS.c(lang, "bot", "Search, quick (0.3 s a move)"),
        WORDS.c(lang, "bot", "Search, strong (1 s a move)"),
        WORDS.c(lang, "bot", "Search, strongest (3 s a move)"),
    ]
