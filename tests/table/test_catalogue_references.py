"""Each catalogue entry's reference names the module that says its words: the source
file of a ``Words`` call, or, for the words declared with an option (the Rules box's
wording, the log's sentence when the rule fires), the module that declares the option.
The written templates and catalogues hold the references :func:`catalogue.template`
makes."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from paiju.daifugo.rules import OPTIONS
from paiju.table import catalogue
from paiju.table.text import po_path

DOMAINS = ["table", "lukfu", "daifugo"]


def references(cat: Catalog) -> dict[tuple[str | None, str], set[str]]:
    """(context, msgid) -> the paths each entry of ``cat`` references."""
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]):
            {path for path, _ in m.locations} for m in cat if m.id}


def written(domain: str, lang: str | None) -> dict[tuple[str | None, str], set[str]]:
    path = (catalogue.folder(domain) / "locale" / f"{domain}.pot" if lang is None
            else po_path(domain, lang))
    with path.open("rb") as handle:
        return references(read_po(handle, locale=lang, domain=domain))


@pytest.mark.parametrize("lang", [None, "zh_Hant", "ja"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_the_written_references_are_the_sources(domain: str, lang: str | None) -> None:
    made = references(catalogue.template(domain))
    assert written(domain, lang) == made
    top = catalogue.SRC.parent
    assert all((top / path).is_file() for paths in made.values() for path in paths)


def test_an_options_words_name_the_module_that_declares_it() -> None:
    made = references(catalogue.template("daifugo"))
    home = {o.name: o.module for o in OPTIONS}
    assert home["jokers"] == "paiju.daifugo.options.pagat"
    assert home["sandstorm"] == "paiju.daifugo.options.house"
    for key, paths in made.items():
        context = key[0] or ""
        if "=" in context:
            name = context.partition("=")[0]
            assert paths == {home[name].replace(".", "/") + ".py"}, key
    fired = {text: o.module for o in OPTIONS for text in o.fired.values()}
    assert "Emperor: the table clears." in fired
    for text, module in fired.items():
        assert made[(None, text)] == {module.replace(".", "/") + ".py"}
    assert not any(Path(p).suffix != ".py" for paths in made.values() for p in paths)
