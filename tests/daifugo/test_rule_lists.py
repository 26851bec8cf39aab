"""The lists read from the registered rules are checked against them: the rule-based
player's ``UNSURE_RULES`` (read from the hooks) against each hook's kind, and the header's
rule words (each option's ``header`` in ``daifugo/rules.py``, read by
``daifugo/header.py``) against every option and value."""

from __future__ import annotations

import pytest

from paiju.core.errors import UnknownOption
from paiju.core.options import Option
from paiju.daifugo.engine import hooks  # noqa: F401  (registers the hooks)
from paiju.daifugo.engine.registry import BEATERS, ON_OUT, ON_PLAY, UNSURING
from paiju.daifugo.game import GAME
from paiju.daifugo.players.strategy import RECKONED, UNSURE_RULES
from paiju.daifugo.present import DaifugoPresenter

#: The on_play hooks that make no play beatable by a lower one: each clears the table,
#: turns the ranking or the direction, locks suits, passes, skips or discards cards,
#: or judges a finish, all of which the player reads from its view.
ON_PLAY_SURE = {"jack_back", "nine_reverse", "shibari", "sandstorm", "spade_three_clears",
                "emperor", "ambulance", "eight_cut", "five_skip", "seven_pass",
                "ten_discard", "forbidden_finish"}
#: The on_play hooks that take back what the player counts as sure: 4-stop stops an
#: 8-cut, so an 8 no longer ends the trick.
ON_PLAY_UNSURE = {"four_stop"}


def test_every_beater_is_unsure_or_reckoned_by_the_player() -> None:
    """A beater lets a play follow other than by "same shape, higher": under it no trick
    is sure, unless the player reckons with the rule itself."""
    beaters = {b.option for _, b in BEATERS}
    assert beaters - RECKONED <= set(UNSURE_RULES)
    assert beaters >= RECKONED
    assert {"sandstorm", "emperor", "down_number"} <= set(UNSURE_RULES)


def test_every_on_play_hook_is_classed() -> None:
    """A new on_play hook must be classed here: sure, or one that makes a sure play
    beatable (then ``UNSURE_RULES`` names it)."""
    options = {option for option, _, _ in ON_PLAY}
    assert options == ON_PLAY_SURE | ON_PLAY_UNSURE
    assert set(UNSURING) == ON_PLAY_UNSURE
    assert set(UNSURE_RULES) >= ON_PLAY_UNSURE
    beaters = {b.option for _, b in BEATERS}
    assert set(UNSURE_RULES) <= beaters | ON_PLAY_UNSURE
    assert {option for option, _, _ in ON_OUT}.isdisjoint(UNSURE_RULES)


def _others(option: Option) -> list[object]:
    """Every value of ``option`` other than its default (a few for a wide number)."""
    if option.kind == "bool":
        return [not option.default]
    if option.kind == "list":
        return [(c,) for c in option.choices]
    values = [c for c in option.choices if c != option.default]
    return values[:3] if option.kind == "int" else values


#: What an option needs that no preset sets (rules.py, ``problems``).
NEEDS: dict[str, dict[str, object]] = {"joker_reversal": {"jokers": 2}}


def _pair(preset: str, option: str, value: object) -> tuple[object, object] | None:
    """The rules of ``preset`` (with what ``option`` needs) without and with ``value``;
    None if the preset's other options forbid it."""
    needs = NEEDS.get(option, {})
    try:
        return GAME.rules(preset, needs), GAME.rules(preset, {**needs, option: value})
    except UnknownOption:
        return None


CHANGES = [(o.name, v) for o in GAME.options.options.values() for v in _others(o)]


@pytest.mark.parametrize(("option", "value"), CHANGES)
def test_the_header_names_every_option_set_off_its_default(option: str, value: object) -> None:
    """The rules header of some preset changes when ``option`` takes ``value``: no rule in
    play is left out of it (``uecda`` once lacked four)."""
    presenter = DaifugoPresenter()
    tried = 0
    for preset, values in GAME.options.presets.items():
        if values[option] == value:
            continue
        pair = _pair(preset, option, value)
        if pair is None:
            continue
        tried += 1
        if presenter.rules_words(pair[0]) != presenter.rules_words(pair[1]):
            return
    assert tried, f"no preset takes {option}={value!r}"
    pytest.fail(f"the rules header does not say {option}={value!r}")
