"""The header's words and the log's sentences are read from the options' declarations
(:func:`paiju.core.options.header_words`, :func:`fired_wording`): each word by its order,
then the options' order; a list's word gathers its items'; a word may give way to
another option's; and each option knows the module that declares it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from paiju.core.options import Word, fired_wording, header_words, option, options_of


@dataclass(frozen=True)
class Base:
    storm: Literal["off", "on"] = option(
        "off", "storms", "test", header={
            "off": Word("calm", order=-1, unless=("waves",)), "on": "storm"},
        fired={"storm": "A storm clears the table.", "storm_later": "A storm is coming."})
    waves: int = option(0, "waves", "test", header={"*": "{n} waves"})


@dataclass(frozen=True)
class Demo(Base):
    cut: bool = option(False, "cuts", "test", header={"true": "cut"},
                       fired={"cut": "A cut clears the table."})
    bans: tuple[Literal["top", "joker"], ...] = option(
        (), "bans", "test", header={"*": Word("no finish on {n}", order=2),
                                    "top": "2s", "joker": "jokers"})
    dull: bool = option(True, "dull", "test", header={"false": Word("lively", order=3)})


OPTIONS = options_of(Demo)


def words(**values: object) -> list[str]:
    given = {"storm": "off", "waves": 0, "cut": False, "bans": (), "dull": True, **values}
    return header_words(OPTIONS, given)


def test_words_go_by_their_order_then_the_options_order() -> None:
    assert words() == ["calm"]
    assert words(cut=True, waves=3, dull=False, bans=("top", "joker")) == [
        "cut", "3 waves", "no finish on 2s/jokers", "lively"]
    assert words(storm="on", cut=True) == ["storm", "cut"]
    assert words(cut=True) == ["calm", "cut"]


def test_a_word_gives_way_to_the_option_it_names() -> None:
    assert "calm" not in words(waves=2)
    assert words(storm="on", waves=2) == ["storm", "2 waves"]


def test_a_list_is_silent_when_empty_and_gathers_its_items_words() -> None:
    bans = next(o for o in OPTIONS if o.name == "bans")
    assert bans.header_word(()) is None
    assert bans.header_word(("joker",)) == "no finish on jokers"


def test_the_sentences_fired_and_the_declaring_modules_are_read_back() -> None:
    assert fired_wording(OPTIONS) == {"storm": "A storm clears the table.",
                                      "storm_later": "A storm is coming.",
                                      "cut": "A cut clears the table."}
    assert {o.name: o.module for o in OPTIONS} == dict.fromkeys(
        ["storm", "waves", "cut", "bans", "dull"], __name__)
