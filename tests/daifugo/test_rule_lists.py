"""The lists read from the registered rules are checked against them: the rule-based
player's ``UNSURE_RULES`` (read from the hooks) against each hook's kind, the header's
rule words (each option's ``header`` in ``daifugo/options/``, read by
``daifugo/header.py``) against every option and value, and the log's sentences (each
option's ``fired``) against the rules the engine fires by."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paiju.core.errors import UnknownOption
from paiju.core.options import Option
from paiju.daifugo.engine import hooks  # registers the hooks; its source is read below
from paiju.daifugo.engine.registry import BEATERS, ON_OUT, ON_PLAY, UNSURING
from paiju.daifugo.game import GAME
from paiju.daifugo.header import fired, rules_words
from paiju.daifugo.players.strategy import RECKONED, UNSURE_RULES
from paiju.daifugo.present import DaifugoPresenter
from paiju.daifugo.wording import FIRED

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
NEEDS: dict[str, dict[str, object]] = {"joker_reversal": {"jokers": 2},
                                      "jokers": {"decks": 2}}  # 3 and 4: two packs


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


# ------------------------------------------------- the log's sentences, declared with the rules


def _engine_trees() -> dict[str, ast.Module]:
    """The engine's modules, parsed."""
    folder = Path(hooks.__file__).parent
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in folder.glob("*.py")}


def table_clearing_hooks(tree: ast.Module) -> set[str]:
    """The options of the on_play hooks in ``tree`` that clear the table: those that set
    ``play.clears`` or ``play.cut`` (the engine then logs the play by the option)."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        named = [d.args[0].value for d in node.decorator_list
                 if isinstance(d, ast.Call) and isinstance(d.func, ast.Name)
                 and d.func.id == "on_play" and isinstance(d.args[0], ast.Constant)]
        sets = any(isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
                   and n.value.value is True
                   and any(isinstance(t, ast.Attribute) and t.attr in ("clears", "cut")
                           for t in n.targets)
                   for n in ast.walk(node))
        if named and sets:
            found.add(str(named[0]))
    return found


def fired_by_name(tree: ast.Module) -> set[str]:
    """The names ``tree`` marks a play with by name (``p.fired.append((i, "name"))``)."""
    return {elt.value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "append" and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "fired" and node.args
            and isinstance(node.args[0], ast.Tuple)
            for elt in node.args[0].elts[1:]
            if isinstance(elt, ast.Constant) and isinstance(elt.value, str)}


def test_every_rule_the_engine_fires_by_declares_its_log_sentence() -> None:
    """Each table-clearing hook's option, and each name the engine fires by, declares its
    log sentence (``fired``): a new one without it fails here, and none is declared for a
    name the engine never fires."""
    trees = _engine_trees()
    clearing = table_clearing_hooks(trees["hooks"])
    named = set().union(*(fired_by_name(t) for t in trees.values()))
    assert {"eight_cut", "sandstorm"} <= clearing and "revolution" in named  # the reading works
    assert clearing <= {option for option, _, _ in ON_PLAY}
    options = GAME.options.options
    for name in clearing:
        assert name in options[name].fired, f"{name} clears the table but has no log sentence"
    assert named <= set(FIRED), f"the engine fires {sorted(named - set(FIRED))} without words"
    assert set(FIRED) == clearing | named


def test_the_clearing_hooks_are_read_from_the_source() -> None:
    tree = ast.parse('''
@on_play("flood")
def flood(book, p, play):
    if play.meld.size > 3:
        play.clears = True

@on_play("slow")
def slow(book, p, play):
    play.skips = 1

def elsewhere(p, i):
    p.fired.append((i, "storm"))
''')
    assert table_clearing_hooks(tree) == {"flood"}
    assert fired_by_name(tree) == {"storm"}


@pytest.mark.parametrize("lang", ["en", "zh_Hant", "ja"])
def test_each_fired_rule_is_said_in_its_own_words(lang: str) -> None:
    """The log says each declared sentence in every language, not the words for a rule
    that has none."""
    generic = fired("no such rule", lang)
    said = {name: fired(name, lang) for name in FIRED}
    assert generic not in said.values() and len(set(said.values())) == len(said)
    if lang == "en":
        assert said == FIRED


# ------------------------------------------------------ the header's words, declared


def _words(preset: str, **options: object) -> list[str]:
    said = rules_words(GAME.rules(preset, options))
    return said.partition(": ")[2].split(", ")


def test_no_revolution_is_said_first_and_only_when_no_sequence_revolts() -> None:
    assert _words("pagat", jokers=0, twos_in_sequences=False)[:3] == [
        "no revolution", "no joker", "no 2 in a sequence"]
    assert "no revolution" not in _words("pagat", sequence_revolution=5)
    assert _words("pagat", revolution="four", jokers=0)[:2] == [
        "no joker", "revolution (four of a kind)"]


def test_the_finishes_forbidden_and_no_sequences_are_said_last() -> None:
    words = _words("pagat", sequences=False, forbidden_finish="eight,top", pass_limit=20,
                   eight_cut=True)
    assert words == ["no revolution", "8-cut", "20 passes in a row end the hand",
                     "no going out on 2s/8s", "no sequences"]
    assert not any(w.startswith("no going out") for w in _words("uecda", forbidden_finish=""))
