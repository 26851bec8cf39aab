"""The log names a house rule where it fires (issue 30): the engine marks the play that
cleared the table by its rule, or that caused a revolution, and the presenter, the
browser's log and the terminal's say so in every language."""

from __future__ import annotations

import random
from typing import Any

from paiju.core.games import get_game
from paiju.daifugo.engine.state import DaifugoState
from paiju.table.present import presenter_for
from paiju.web import messages as msg

GAME = get_game("daifugo")
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def hand_until(rules: Any, wanted: set[str], tries: int = 400
               ) -> tuple[DaifugoState, int, int]:
    """A random hand played until a play fires one of ``wanted``: the state, that play's
    index and the session's seed."""
    for seed in range(tries):
        state = GAME.new_session(rules, 4, seed).deal()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(list(state.legal_actions())))
            fired = [i for i, rule in state.pos.fired if rule in wanted]
            if fired:
                return state, fired[0], seed
    raise AssertionError(f"none of {wanted} in {tries} hands")


def test_an_eight_cut_is_marked_on_its_play_and_named_in_the_log() -> None:
    rules = GAME.rules("pagat", {"eight_cut": True})
    state, index, _ = hand_until(rules, {"eight_cut"})
    play = state.actions[index]
    assert play.do == "play" and any(t.startswith("8") or t == "JK=8" or "=8" in t
                                     for t in play.cards)
    for seat in range(4):  # public: every seat's view says which rule fired
        actions = GAME.seat_view(state, seat).to_json()["actions"]
        assert actions[index]["rules"] == ["eight_cut"]
        assert {i for i, a in enumerate(actions) if "rules" in a} == {
            i for i, _ in state.pos.fired}
    ctx = msg.Context(table="t", game="daifugo", rules=rules, hand=1, names=NAMES,
                      players=[0, 1, 2, 3], totals=[0] * 4, started=True,
                      seats=[{"name": n} for n in NAMES], rules_key=[])
    log = msg.state_message(ctx, 0, GAME.seat_view(state, 0))["log"]
    named = [i for i, line in enumerate(log) if line["en"] == "8-cut: the table clears."]
    assert named and log[named[0]]["ja"] == "8切り：場が流れます。"
    assert log[named[0]]["zh_Hant"] == "八切：清枱。"
    assert "plays" in log[named[0] - 1]["en"]  # right after the play that cut


def test_a_revolution_is_named_and_pop_takes_the_mark_back() -> None:
    rules = GAME.rules("popular", None)
    state, index, seed = hand_until(rules, {"revolution", "revolution_pending"})
    (rule,) = GAME.seat_view(state, 1).to_json()["actions"][index]["rules"]
    words = presenter_for("daifugo").rule_lines({"rules": [rule]}, "ja")
    assert words[0].startswith("革命：")
    # the same deal replayed to just before it: push marks the play, pop takes it back
    again = GAME.new_session(rules, 4, seed).deal()
    for action in state.actions[:index]:
        again.apply(action)
    before = list(again.pos.fired)
    again.push(state.actions[index])
    assert again.pos.fired == [*before, (index, rule)]
    again.pop()
    assert again.pos.fired == before


def test_every_rule_that_can_clear_has_its_own_words() -> None:
    from paiju.daifugo.engine import hooks  # noqa: F401  (registers the hooks)
    from paiju.daifugo.engine.registry import ON_PLAY

    presenter = presenter_for("daifugo")
    generic = presenter.rule_lines({"rules": ["no such rule"]}, "en")
    clearing = {"eight_cut", "sandstorm", "ambulance", "emperor", "spade_three_clears"}
    assert clearing <= {option for option, _, _ in ON_PLAY}
    for rule in [*clearing, "revolution", "revolution_pending"]:
        for lang in ("en", "zh_Hant", "ja"):
            said = presenter.rule_lines({"rules": [rule]}, lang)
            assert said and said != generic and said[0], (rule, lang)
