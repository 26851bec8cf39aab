"""The double deck (``decks``, issue 32): one pack in every preset, two packs refused with
the reason wherever they are asked for (docs/daifugo.md, "The double deck")."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from daifugo_helpers import ruling

from paiju.core.errors import UnknownOption
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import DOUBLE_DECK, PRESETS, make_rules
from paiju.table.rules_text import rules_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "daifugo.md"
REFUSED = re.escape("decks=2 (the double deck) is not played yet")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_one_pack_and_its_records_do_not_name_decks(preset: str) -> None:
    rules = make_rules(preset)
    assert rules.decks == 1
    assert "decks" not in rules.spec()["options"]
    rec = GAME.new_hand(rules, 4, random.Random(7)).record()
    assert GAME.from_record(rec).rules.decks == 1


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_two_packs_are_refused_with_the_reason_from_options(preset: str) -> None:
    with pytest.raises(UnknownOption, match=REFUSED):
        GAME.rules(preset, {"decks": 2})
    with pytest.raises(UnknownOption, match=REFUSED):
        make_rules({"preset": preset, "options": {"decks": 2}})


def test_a_record_of_two_packs_is_refused_before_its_deal_is_read() -> None:
    rec = GAME.new_hand(make_rules("pagat"), 6, random.Random(3)).record()
    rec["rules"] = {"preset": "pagat", "options": {"decks": 2}}
    with pytest.raises(UnknownOption, match=REFUSED):
        GAME.from_record(rec)
    with pytest.raises(UnknownOption, match=REFUSED):
        ruling(rec)


def test_other_pack_counts_are_not_an_option() -> None:
    for bad in (0, 3):
        with pytest.raises(UnknownOption) as caught:
            GAME.rules("pagat", {"decks": bad})
        assert DOUBLE_DECK not in str(caught.value)


def test_the_reason_points_to_a_docs_section_that_quotes_the_sources() -> None:
    assert "'The double deck'" in DOUBLE_DECK
    text = DOCS.read_text()
    section = text.split("## The double deck", 1)[1].split("\n## ", 1)[0]
    assert "a larger number of players may use a" in section
    assert "double deck" in section
    assert "mcgillhall.tripod.com" in section
    assert "9+ with multiple decks" in section
    assert "**refused**" in section


@pytest.mark.parametrize("lang", ["en", "ja", "zh_Hant"])
def test_the_rules_box_says_one_pack_in_each_language(lang: str) -> None:
    said = [r for g in rules_text("daifugo", make_rules("pagat"), lang) for r in g["rules"]
            if r["option"] == "decks"]
    assert [r["value"] for r in said] == ["1"]
    english = "One pack of cards, as in Japan."
    assert (said[0]["text"] == english) == (lang == "en")


def test_the_terminal_refuses_two_packs_with_the_reason() -> None:
    from click.testing import CliRunner

    from paiju.cli import main

    for args in (["hand", "daifugo", "--players", "6", "-o", "decks=2"],
                 ["rules", "daifugo", "-o", "decks=2"]):
        result = CliRunner().invoke(main, args, prog_name="paiju")
        assert result.exit_code != 0, args
        assert "decks=2 (the double deck) is not played yet" in result.output, args


def test_a_browser_table_of_two_packs_is_refused_with_the_reason() -> None:
    from paiju.web.catalog import WebError, parse_settings

    body = {"game": "daifugo", "players": 6,
            "rules": {"preset": "pagat", "options": {"decks": 2}}}
    with pytest.raises(WebError, match=REFUSED) as caught:
        parse_settings(body)
    assert caught.value.status == 400
    body["rules"] = {"preset": "pagat", "options": {"decks": 1}}
    assert parse_settings(body).players == 6


def test_no_research_env_is_built_for_two_packs() -> None:
    from paiju.rl.gym import PaijuEnv
    from paiju.rl.pettingzoo import env

    with pytest.raises(UnknownOption, match=REFUSED):
        env("daifugo", options={"decks": 2}, players=6)
    with pytest.raises(UnknownOption, match=REFUSED):
        PaijuEnv("daifugo", options={"decks": 2}, players=6)
