"""Every word a player reads, from gettext catalogues: one per domain and language.

A domain is ``table``, the words every game shares, or a game of the registry
(:mod:`paiju.core.games`) by its name, its words in its own package (:func:`package`)::

    src/paiju/table/locale/table.pot                            the English template
    src/paiju/table/locale/<lang>/LC_MESSAGES/table.po          one language
    <the game's package>/locale/<game>.pot, <lang>/LC_MESSAGES/<game>.po

English is the source language: a msgid is the English sentence itself, with named
placeholders (``{name} passes.``) so that a translation may put them in its own order.
Plural forms are gettext's (``msgid_plural``, ``msgstr[n]``); the option wording of the
Rules box is keyed by a context ``option=value``. The catalogues are read with Babel
at first use and kept (:func:`catalogue`). ``python -m paiju.table.catalogue`` brings the
templates and catalogues up to date with the source (docs/architecture.md, "Words").
"""

from __future__ import annotations

import gettext
import importlib
import io
import re
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

#: The languages every catalogue is written in; English is the msgids themselves.
LANGS: tuple[str, ...] = ("en", "zh_Hant", "ja")
SOURCE = "en"


#: The domain of the words every game shares.
SHARED = "table"


def package(domain: str) -> str:
    """The package whose ``locale/`` holds ``domain``'s catalogues: ``paiju.table`` for
    the shared words, a game's own package (that of the module the registry names) for
    a game's; an unknown domain raises."""
    if domain == SHARED:
        return "paiju.table"
    from paiju.core.games import GAMES

    if domain not in GAMES:
        raise ValueError(f"no catalogue domain {domain!r}; known: {', '.join(domains())}")
    module = importlib.import_module(GAMES[domain])
    return module.__package__ or module.__name__


def po_path(domain: str, lang: str) -> Any:
    """Where the catalogue of ``domain`` in ``lang`` lives (a package resource)."""
    return files(package(domain)) / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def catalogue(domain: str, lang: str) -> gettext.NullTranslations:
    """The translations of ``domain`` into ``lang`` (English: the msgids themselves)."""
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r}; known: {', '.join(LANGS)}")
    if lang == SOURCE:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(domain, lang).open("rb") as handle:
        read = read_po(handle, locale=lang, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, read)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


#: Sentences already made, by everything that made them (the tables say the same few
#: sentences over and over, in every language, at every move).
_SAID: dict[tuple[Any, ...], str] = {}
SAID_MAX = 1 << 16


def domains() -> list[str]:
    """Every domain: the shared words, then each game of the registry."""
    from paiju.core.games import GAMES

    return [SHARED, *GAMES]


@cache
def read_all() -> int:
    """Read every catalogue in every language now; how many there are. A server does so
    before its first table, so that no table waits while one is read (tens of
    milliseconds each, on first use)."""
    read = [catalogue(domain, lang) for domain in domains() for lang in LANGS]
    return len(read)


def translate(domain: str, lang: str, msgid: str, n: int | None = None, *,
              plural: str | None = None, context: str | None = None, **params: Any) -> str:
    """The sentence ``msgid`` of ``domain`` in ``lang``, its placeholders filled.

    With ``plural`` (the English plural), ``n`` picks the form, and ``{n}`` may appear in
    the sentence. ``context`` tells apart two entries with the same English.
    """
    key: tuple[Any, ...] | None = (domain, lang, msgid, n, plural, context,
                                   *((k, type(v), v) for k, v in params.items()))
    try:
        said = _SAID.get(key)  # type: ignore[arg-type]
    except TypeError:  # a parameter that cannot be a key (a list): made every time
        key = said = None
    if said is None:
        said = _translate(domain, lang, msgid, n, plural, context, params)
        if key is not None:
            if len(_SAID) >= SAID_MAX:
                _SAID.clear()
            _SAID[key] = said
    return said


def _translate(domain: str, lang: str, msgid: str, n: int | None, plural: str | None,
               context: str | None, params: dict[str, Any]) -> str:
    found = catalogue(domain, lang)
    if plural is not None:
        if n is None:
            raise ValueError(f"a plural sentence needs n: {msgid!r}")
        if context is not None:
            text = found.npgettext(context, msgid, plural, n)
        else:
            text = found.ngettext(msgid, plural, n)
        params.setdefault("n", n)
    else:
        if n is not None:  # a number said without a plural: still ``{n}``
            params["n"] = n
        text = found.gettext(msgid) if context is None else found.pgettext(context, msgid)
    return text.format(**params) if params else text


class Words:
    """One domain's words: ``words(lang, "{name} passes.", name=...)``.

    Bound once per module (``WORDS = Words("table")``, or a game's name), so that the
    extraction (:mod:`paiju.table.catalogue`) finds every sentence a module says by its calls:
    ``WORDS(lang, msgid, **params)``, ``WORDS.n(lang, singular, plural, n, **params)`` and
    ``WORDS.c(lang, context, msgid, **params)``.
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, lang: str, msgid: str, **params: Any) -> str:
        return translate(self.domain, lang, msgid, **params)

    def n(self, lang: str, singular: str, plural: str, n: int, **params: Any) -> str:
        return translate(self.domain, lang, singular, n, plural=plural, **params)

    def c(self, lang: str, context: str, msgid: str, **params: Any) -> str:
        return translate(self.domain, lang, msgid, context=context, **params)

    def every(self, msgid: str, **params: Any) -> dict[str, str]:
        """``msgid`` in every language."""
        return {lang: self(lang, msgid, **params) for lang in LANGS}


def joined(lang: str, items: list[str]) -> str:
    """A list as the language writes one: ``a, b, c`` or ``a、b、c``."""
    return ("、" if lang != SOURCE else ", ").join(items)


_PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?(?::[^}]*)?\}")


@lru_cache(maxsize=1024)
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression that reads ``template``'s placeholders back out of a sentence."""
    out, seen, at = [], set(), 0
    for m in _PLACEHOLDER.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        at = m.end()
    out.append(re.escape(template[at:]))
    return re.compile("".join(out))


def match_sentence(templates: tuple[str, ...], text: str) -> tuple[int, dict[str, str]] | None:
    """Which of the English ``templates`` ``text`` is, and its placeholders' values:
    how a sentence made elsewhere in English (an engine's refusal) is said again in
    another language. ``None`` if it is none of them."""
    for index, template in enumerate(templates):
        found = _pattern(template).fullmatch(text)
        if found:
            return index, found.groupdict()
    return None
