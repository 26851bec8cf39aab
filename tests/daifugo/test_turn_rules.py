"""Dai Fugō's turn-order house rules, each one hook registered under its option.

The rules that act on a play (8-cut, 4-stop, 5-skip, 7-watashi, 10-discard, 9-reverse and
the clears) are on_play hooks that mark it; the rules of the turn between plays
(no_play_after_pass, last_player_again, lead_pass, pass_limit) are turn rules
(:class:`paiju.daifugo.engine.registry.TurnRule`). :mod:`paiju.daifugo.engine.turns` acts on
the marks and the turn rules, and reads no option itself (docs/architecture.md, "Adding a house
rule"). Their behaviour is tested in test_house_rules.py and test_uecda_turns.py.
"""

from __future__ import annotations

import re
from pathlib import Path

from daifugo_helpers import deal, record, state_of

import paiju.daifugo
from paiju.daifugo.engine.hooks import LAST_PLAYER_AGAIN, LEAD_PASS, NO_PLAY_AFTER_PASS, PASS_LIMIT
from paiju.daifugo.engine.registry import ON_PLAY, TURN_RULES, TurnRule
from paiju.daifugo.engine.rulebook import Rulebook
from paiju.daifugo.game import GAME

#: The turn-order options that act on a play: each an on_play hook.
ON_PLAY_TURN = {"eight_cut", "four_stop", "five_skip", "seven_pass", "ten_discard",
                "nine_reverse", "sandstorm", "ambulance", "emperor", "spade_three_clears"}
#: The turn-order options between plays: each a turn rule.
BETWEEN = {"no_play_after_pass", "last_player_again", "lead_pass", "pass_limit"}


def test_each_turn_order_option_is_one_registered_hook() -> None:
    on_play = [option for option, _, _ in ON_PLAY]
    assert set(on_play) >= ON_PLAY_TURN
    assert all(on_play.count(o) == 1 for o in ON_PLAY_TURN)
    assert sorted(t.option for _, t in TURN_RULES) == sorted(BETWEEN)


def test_the_rulebook_takes_the_turn_rules_in_force() -> None:
    uecda = Rulebook(GAME.rules("uecda"))
    assert set(uecda.turn_rules) == {NO_PLAY_AFTER_PASS, LAST_PLAYER_AGAIN, LEAD_PASS,
                                     PASS_LIMIT}
    assert (uecda.trick_passes, uecda.last_again, uecda.lead_pass, uecda.pass_limit) == (
        -1, True, True, 20)
    pagat = Rulebook(GAME.rules("pagat"))
    assert pagat.turn_rules == ()
    assert (pagat.trick_passes, pagat.last_again, pagat.lead_pass, pagat.pass_limit) == (
        0, False, False, 0)


def test_a_new_turn_rule_needs_only_its_registration() -> None:
    # A rule registered under an option (here 9-reverse's, borrowed) changes the turn
    # order with no line of turns.py or the state: the leader may now pass.
    hands = deal(4, {0: "3S 4S", 1: "5S 6S", 2: "7S 8S", 3: "10S JS"})
    options = {"preset": "pagat", "options": {"nine_reverse": True}}
    lead_pass = GAME.action_from_json({"seat": 0, "do": "pass"})
    st = state_of(record(hands, [], options))
    assert st.why_illegal(lead_pass) is not None
    entry = (lambda r: r.nine_reverse, TurnRule("nine_reverse", lead_may_pass=True))
    TURN_RULES.append(entry)
    try:
        st.book = Rulebook(st.rules)
    finally:
        TURN_RULES.remove(entry)
    assert st.why_illegal(lead_pass) is None
    st.apply(lead_pass)
    assert st.to_move() == 1
    assert Rulebook(st.rules).turn_rules == ()  # registered no longer


_READS = re.compile(r"\b(?:rules|r)\.(no_play_after_pass|last_player_again|lead_pass|pass_limit"
                    r"|five_skip|eight_cut|four_stop|seven_pass|ten_discard|nine_reverse)\b")


def test_the_turn_order_reads_no_option_but_through_its_hook() -> None:
    here = Path(paiju.daifugo.__file__).parent
    readers = sorted(p.name for p in here.rglob("*.py") if _READS.search(p.read_text()))
    # hooks.py registers them; strategy.py is the rule-based player, which plans by them
    assert "hooks.py" in readers
    assert set(readers) <= {"hooks.py", "strategy.py", "features.py"}, readers
    assert "turns.py" not in readers and "state.py" not in readers


def test_a_hook_is_in_force_by_its_options_declared_off_value() -> None:
    import pytest

    from paiju.daifugo.engine import registry
    from paiju.daifugo.rules import make_rules

    lock, limit = registry._is_on("shibari"), registry._is_on("pass_limit")
    assert not lock(make_rules("pagat")) and lock(make_rules("popular"))
    assert not limit(make_rules("pagat")) and limit(make_rules("uecda"))
    with pytest.raises(AssertionError, match="option scoring has no value that turns it off"):
        registry.on_play("scoring")(print)
    assert all(option != "scoring" for option, _, _ in registry.ON_PLAY)
