"""The catalogues kept in step with the source: extraction, and ``python -m`` to update.

A module speaks through a :class:`~paiju.table.text.Words` bound at its top
(``WORDS = Words("table")``, or a game's name); :func:`extract` reads every module of
paiju, and of a game's package outside it, for those calls and finds each sentence, its
plural and its context. The words a game declares with its options are read from them
(:func:`declared`): the Rules box wording (``said``, context ``option=value``) and the
log's sentences for the rules that fire (``fired``), each referenced to the module that
declares its option. The domains are
:func:`paiju.table.text.domains`: the shared words and each game of the registry.

``python -m paiju.table.catalogue`` writes each domain's template (``<domain>.pot``) and
merges it into every language's catalogue: a new sentence appears there untranslated,
for a translator to fill in; the catalogue test fails until it is.
"""

from __future__ import annotations

import ast
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from paiju.table.text import LANGS, SHARED, SOURCE, domains, package

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

SRC = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Said:
    """One sentence found in the source."""

    domain: str
    msgid: str
    plural: str | None
    context: str | None
    where: str


def _words_names(tree: ast.Module) -> dict[str, str]:
    """The module-level names bound to ``Words("domain")``."""
    out = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "Words"
                and node.value.args and isinstance(node.value.args[0], ast.Constant)):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = str(node.value.args[0].value)
    return out


#: The method of a Words object -> where its msgid, plural and context are among the args.
_METHODS: dict[str | None, tuple[int, int | None, int | None]] = {
    None: (1, None, None), "n": (1, 2, None), "c": (2, None, 1), "every": (0, None, None),
}


def words_calls(tree: ast.Module) -> Iterator[tuple[str, ast.Call, str | None]]:
    """Every call of a Words object in ``tree``: ``(domain, call, method)``."""
    names = _words_names(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in names:
            yield names[func.id], node, None
        elif (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
              and func.value.id in names and func.attr in _METHODS):
            yield names[func.value.id], node, func.attr


def _literal(call: ast.Call, index: int | None, where: str) -> str | None:
    if index is None:
        return None
    arg = call.args[index] if index < len(call.args) else None
    if not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
        raise ValueError(f"{where}: a sentence must be a string literal, to be extracted")
    return arg.value


def extract_file(path: Path) -> list[Said]:
    """The sentences ``path`` says."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for domain, call, method in words_calls(tree):
        where = f"{shown(path)}:{call.lineno}"
        msg_i, plural_i, context_i = _METHODS[method]
        msgid = _literal(call, msg_i, where)
        assert msgid is not None
        out.append(Said(domain, msgid, _literal(call, plural_i, where),
                        _literal(call, context_i, where), where))
    return out


def shown(path: Path) -> Path:
    """``path`` as a catalogue's reference names it: from the folder above its package."""
    return path.relative_to(SRC.parent if path.is_relative_to(SRC) else _top(path))


def _top(path: Path) -> Path:
    """The folder above the outermost package holding ``path``."""
    top = path.parent
    while (top / "__init__.py").exists():
        top = top.parent
    return top


def folder(domain: str) -> Path:
    """The folder of ``domain``'s package, where its ``locale/`` is."""
    from importlib.resources import files

    return Path(str(files(package(domain))))


def declared(domain: str) -> list[Said]:
    """The words a game declares with its options (none for ``table``): each option's
    Rules box wording (``said``, context ``option=value``), then its log's sentences
    (``fired``, no context), where the option is declared (its ``module``; an option made
    by hand, without one, is the game's module's); then the create form's words: the
    option by name (context ``option``), each choice (``option <name>``) and each preset
    by name (``preset``, the game's module's)."""
    if domain == SHARED:
        return []
    from paiju.core.games import get_game

    game = get_game(domain)
    out = []
    for o in game.options.options.values():
        module = sys.modules[o.module or type(game).__module__]
        where = str(shown(Path(str(module.__file__))))
        for value, text in o.said.items():
            one, many = text if isinstance(text, tuple) else (text, None)
            out.append(Said(domain, one, many, f"{o.name}={value}", where))
        out += [Said(domain, text, None, None, where) for text in o.fired.values()]
        out.append(Said(domain, o.name, None, "option", where))  # the form's words
        if o.kind in ("choice", "list"):
            out += [Said(domain, str(c), None, f"option {o.name}", where) for c in o.choices]
    where = str(shown(Path(str(sys.modules[type(game).__module__].__file__))))
    out += [Said(domain, name, None, "preset", where) for name in game.options.presets]
    return out


def sources(domain: str) -> list[Path]:
    """The modules that may speak ``domain``: paiju's, and its package's beyond them."""
    paths = set(SRC.rglob("*.py"))
    home = folder(domain)
    if not home.is_relative_to(SRC):
        paths.update(home.rglob("*.py"))
    return sorted(paths)


def extract(domain: str) -> list[Said]:
    """Every sentence of ``domain``: the calls in the source, then the words declared with
    its options."""
    found = [s for path in sources(domain) for s in extract_file(path) if s.domain == domain]
    return found + declared(domain)


def template(domain: str) -> Catalog:
    """The domain's template, a Babel catalogue of :func:`extract`."""
    from babel.messages.catalog import Catalog

    cat = Catalog(domain=domain, project="paiju", charset="utf-8")
    for said in extract(domain):
        msgid: str | tuple[str, str] = (said.msgid if said.plural is None
                                        else (said.msgid, said.plural))
        flags = ("python-brace-format",) if "{" in said.msgid else ()
        path, _, line = said.where.partition(":")
        cat.add(msgid, locations=[(path, int(line) if line else 0)], flags=flags,
                context=said.context)
    return cat


def update() -> None:
    """Write each domain's template and merge it into its catalogues."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    for domain in domains():
        pot = template(domain)
        locale = folder(domain) / "locale"
        locale.mkdir(exist_ok=True)
        out = io.BytesIO()
        write_po(out, pot, omit_header=False, sort_output=False, width=100,
                 include_lineno=False)
        _write_if_changed(locale / f"{domain}.pot", out.getvalue())
        for lang in LANGS:
            if lang == SOURCE:
                continue
            path = locale / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                with path.open("rb") as handle:
                    cat = read_po(handle, locale=lang, domain=domain)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                cat = Catalog(locale=lang, domain=domain, project="paiju", charset="utf-8")
            cat.update(pot, no_fuzzy_matching=True)
            cat.obsolete.clear()
            out = io.BytesIO()
            write_po(out, cat, omit_header=False, sort_output=False, width=100,
                     include_previous=False, include_lineno=False)
            _write_if_changed(path, out.getvalue())


_DATES = re.compile(rb'^"(POT-Creation|PO-Revision)-Date: .*\n', re.MULTILINE)


def _write_if_changed(path: Path, text: bytes) -> None:
    """Write ``text`` to ``path`` unless only the header's dates would change."""
    if path.exists() and _DATES.sub(b"", path.read_bytes()) == _DATES.sub(b"", text):
        return
    path.write_bytes(text)


if __name__ == "__main__":  # pragma: no cover - the maintainers' command
    update()
