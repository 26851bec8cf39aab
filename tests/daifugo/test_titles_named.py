"""The scoring line of a hand's end names only the titles the table has: four players
under 004's reading have no Dai Fugō, and under ``exchange=always_two`` no Heimin."""

from __future__ import annotations

import re

import pytest

from paiju.daifugo.engine.rulebook import titles_for
from paiju.daifugo.present import DaifugoPresenter
from paiju.daifugo.rules import make_rules

NAMES = {"Dai Fugō": "daifugo", "Fugō": "fugo", "Heimin": "heimin", "Hinmin": "hinmin",
         "Dai Hinmin": "daihinmin"}
TITLE = re.compile("Dai Fugō|Dai Hinmin|Fugō|Hinmin|Heimin")


@pytest.mark.parametrize("preset", ["pagat", "popular"])
@pytest.mark.parametrize("scoring", ["titles", "payments"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_scoring_line_names_only_the_tables_titles(preset: str, scoring: str,
                                                       players: int) -> None:
    rules = make_rules(preset, {"scoring": scoring})
    line = DaifugoPresenter._scoring(rules, players, "en")
    named = {NAMES[m] for m in TITLE.findall(line)}
    assert named and named <= set(titles_for(players, rules.exchange)), line
    for lang in ("ja", "zh_Hant"):
        assert DaifugoPresenter._scoring(rules, players, lang) != line


def test_four_players_under_always_two_are_dai_fugo_fugo_hinmin_dai_hinmin() -> None:
    assert titles_for(4, "always_two") == ["daifugo", "fugo", "hinmin", "daihinmin"]
    assert titles_for(4, make_rules("pagat").exchange) == ["fugo", "heimin", "heimin",
                                                           "hinmin"]
