"""A play that clears the table by a rule (8-cut, the sandstorm, the ambulance, the
emperor, the ♠3 on the joker) says so once in the terminal's log: its rule's line says the
table clears, and the note after it only who leads ("8-cut: the table clears." then
"— you lead", never "— the table clears; you lead" again). A table cleared by passes keeps
the note that says it clears."""

from __future__ import annotations

import random

import pytest

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.ui.match import Match

GAME = get_game("daifugo")
RULES = GAME.rules("popular", {"eight_cut": True, "sandstorm": True, "ambulance": True})


def _logs(lang: str, seeds: int) -> list[list[str]]:
    """The log of each play, with the lines it added, over ``seeds`` hands."""
    bot = HeuristicBot()
    out: list[list[str]] = []
    for seed in range(seeds):
        m = Match("daifugo", RULES, 4, seed=seed, hands=1, save=False)
        m.native = lang
        m.deal()
        rng = random.Random(seed)
        state = m.state
        assert state is not None
        while not state.is_terminal():
            before = len(m.log)
            if m.human_to_move():
                m.apply(bot.choose(state.view(m.observer_seat), rng))
            else:
                m.play_bot()
            out.append(m.log[before:])
    return out


def test_a_rule_that_clears_the_table_says_it_once() -> None:
    by_rule = by_passes = 0
    for added in _logs("en", 12):
        text = " ".join(added)
        clears = text.count("the table clears") + text.count("clears the table")
        if any(line.startswith(("8-cut", "Sandstorm", "Ambulance")) for line in added):
            assert clears == 1, added
            assert added[-1] in ("— you lead",) or added[-1].endswith(" leads"), added
            by_rule += 1
        elif "— the table clears" in text:
            assert clears == 1, added
            by_passes += 1
    assert by_rule and by_passes


@pytest.mark.parametrize("lang", ["zh_Hant", "ja"])
def test_the_note_after_a_rule_is_translated(lang: str) -> None:
    english = {"— you lead"} | {f"— {n} leads" for n in ("P1", "P2", "P3", "P4")}
    notes = [added[-1] for added in _logs(lang, 12)
             if len(added) >= 3 and added[-1].startswith("— ")]
    assert notes
    assert not english & set(notes), notes
