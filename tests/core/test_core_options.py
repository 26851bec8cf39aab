import importlib
from dataclasses import dataclass, fields
from typing import Literal

import pytest

from paiju.core.errors import UnknownOption
from paiju.core.options import (
    Option,
    OptionTable,
    off_list,
    option,
    options_of,
    parse_overrides,
    rule_groups,
    rule_wording,
)

TABLE = OptionTable(
    "demo",
    [
        Option("jokers", "int", 1, "jokers in the pack", "004", choices=(0, 1, 2)),
        Option("eight_cut", "bool", False, "eights clear the table", "004"),
        Option("shibari", "choice", "off", "suit lock", "004", choices=("off", "full", "partial")),
        Option("ban", "list", (), "forbidden finishes", "004", choices=("top", "joker", "eight")),
    ],
    {"basic": {}, "popular": {"eight_cut": True, "ban": ["joker", "top"]}},
)


def test_preset_values_are_complete_and_parsed() -> None:
    preset, values = TABLE.resolve("popular")
    assert preset == "popular"
    assert values == {"jokers": 1, "eight_cut": True, "shibari": "off", "ban": ("top", "joker")}


def test_spec_object_and_overrides_apply_in_order() -> None:
    spec = {"preset": "basic", "options": {"jokers": 2, "shibari": "full"}}
    _, values = TABLE.resolve(spec, parse_overrides(["jokers=0", "ban=eight,top"]))
    assert values["jokers"] == 0
    assert values["shibari"] == "full"
    assert values["ban"] == ("top", "eight")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nonesuch", "no preset 'nonesuch'"),
        ({"preset": "basic", "options": {"jokerz": 1}}, "did you mean 'jokers'"),
        ({"options": {"jokers": 3}}, "option 'jokers' takes one of 0, 1, 2"),
        ({"options": {"eight_cut": "maybe"}}, "true or false"),
        ({"options": {"jokers": True}}, "whole number"),
        ({"options": {"ban": ["joker", "joker"]}}, "lists a value twice"),
        ({"preset": "basic", "colour": 1}, "only 'preset' and 'options'"),
        (7, "must be a preset name or an object"),
    ],
)
def test_bad_specs_name_the_problem(spec: object, message: str) -> None:
    with pytest.raises(UnknownOption, match=message):
        TABLE.resolve(spec)


def test_override_syntax_is_checked() -> None:
    with pytest.raises(UnknownOption, match="name=value"):
        parse_overrides(["jokers"])


# ---------------------------------------------------------------- declared once, as fields


@dataclass(frozen=True)
class _Declared:
    preset: str
    cut: bool = option(False, "an 8 clears the table", "004 'Eight stop'")
    jokers: int = option(1, "jokers in the pack", "004 'Jokers'", choices=(0, 1, 2))
    lock: Literal["off", "suit", "full"] = option("off", "what locks", "house rule")
    bans: tuple[Literal["top", "joker"], ...] = option((), "what may not finish", "house rule")


def test_an_options_kind_and_choices_come_from_its_fields_type() -> None:
    got = {o.name: (o.kind, o.default, o.choices) for o in options_of(_Declared)}
    assert got == {"cut": ("bool", False, ()), "jokers": ("int", 1, (0, 1, 2)),
                   "lock": ("choice", "off", ("off", "suit", "full")),
                   "bans": ("list", (), ("top", "joker"))}
    (lock,) = (o for o in options_of(_Declared) if o.name == "lock")
    assert lock.source == "house rule" and lock.meaning == "what locks"
    with pytest.raises(UnknownOption, match="option 'lock' takes one of off, suit, full"):
        lock.parse("half")


def test_a_field_of_no_options_type_or_a_default_outside_it_is_refused() -> None:
    @dataclass(frozen=True)
    class Loose:
        size: float = option(1.0, "a size", "nowhere")

    @dataclass(frozen=True)
    class Outside:
        lock: Literal["off", "full"] = option("half", "what locks", "nowhere")

    with pytest.raises(AssertionError, match="option size: declare it as bool, int"):
        options_of(Loose)
    with pytest.raises(AssertionError, match="option lock: its default 'half' is not a value"):
        options_of(Outside)


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_each_games_options_are_its_rules_fields(game: str) -> None:
    module = importlib.import_module(f"paiju.{game}.rules")
    names = [f.name for f in fields(module.Rules)]
    assert sorted(names) == sorted(["preset", *(o.name for o in module.OPTIONS)])
    assert [n for n in names if n != "preset"] == [o.name for o in module.OPTIONS]
    assert all(o.source and o.meaning for o in module.OPTIONS)


def test_a_rule_is_off_only_at_the_value_its_declaration_names() -> None:
    @dataclass(frozen=True)
    class Limits:
        preset: str
        limit: int = option(0, "passes before the lot", "UECda", choices=(0, 20), off=0)
        bonus: int = option(1, "points for first", "house rule", choices=(1, 2))

    limit, bonus = options_of(Limits)
    assert not limit.in_force(0) and limit.in_force(20)
    with pytest.raises(AssertionError, match="option bonus has no value that turns it off"):
        bonus.in_force(1)
    (cut, _, lock, bans) = options_of(_Declared)
    assert (cut.off, lock.off, bans.off) == (False, None, ())
    assert cut.in_force(True) and not bans.in_force(())


# ---------------------------------------------------------------- the players' words, declared


@dataclass(frozen=True)
class _Worded:
    preset: str
    cut: bool = option(False, "an 8 clears the table", "004", said={
        "true": "8-cut: an 8 clears the table.", "false": "8-cut"},
        group="special", place=30, listed_off=True, header={"true": "8-cut"})
    jokers: int = option(1, "jokers in the pack", "004", choices=(0, 1, 2), said={
        "0": "No joker.", "1": "One joker.", "2": "Two jokers."},
        group="cards", place=20, header={"0": "no joker"})
    limit: int = option(0, "passes before the lot", "UECda", choices=(0, 20), said={
        "0": "Passes never end the hand.", "*": ("{n} pass ends it.", "{n} passes end it.")},
        group="cards", place=10, header={"*": "{n} passes end the hand"})
    bans: tuple[Literal["top", "joker"], ...] = option((), "what may not finish", "house",
                                                         said={"top": "Not on 2s."})


def test_the_rules_box_and_the_header_are_read_from_the_declarations() -> None:
    """The groups come in the order of their first option's place and hold their options
    by place, not by field; the wording is keyed ``option=value``; only the options
    declared ``listed_off`` go with the rules not played; the header says a value's word,
    a number's through ``*``, and nothing for a value without one."""
    cut, jokers, limit, bans = options_of(_Worded)
    assert rule_groups(options_of(_Worded)) == {"cards": ("limit", "jokers"),
                                               "special": ("cut",)}
    assert list(rule_wording([cut, limit, bans])) == [
        "cut=true", "cut=false", "limit=0", "limit=*", "bans=top"]
    assert rule_wording([limit])["limit=*"] == ("{n} pass ends it.", "{n} passes end it.")
    assert off_list(options_of(_Worded)) == frozenset({"cut"})
    assert (cut.header_word(True), cut.header_word(False)) == ("8-cut", None)
    assert (jokers.header_word(0), jokers.header_word(1)) == ("no joker", None)
    assert (limit.header_word(20), limit.header_word(0)) == ("20 passes end the hand", None)
    assert bans.header_word(("top",)) is None and bans.group == ""


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_every_option_of_a_game_has_its_own_place_in_the_rules_box(game: str) -> None:
    module = importlib.import_module(f"paiju.{game}.rules")
    places = [o.place for o in module.OPTIONS]
    assert all(o.group for o in module.OPTIONS)
    assert all(places) and len(set(places)) == len(places)
