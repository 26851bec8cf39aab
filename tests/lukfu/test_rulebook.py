"""The rulebook: typed rules, one check for every action, the fast generator held to it."""

from __future__ import annotations

import dataclasses

import pytest

from paiju.lukfu.rules import OPTION_NAMES, OPTIONS, PRESETS, Rules, make_rules


def test_rules_have_one_typed_field_per_option() -> None:
    fields = [f.name for f in dataclasses.fields(Rules)]
    assert fields == ["preset", *OPTION_NAMES]
    assert tuple(o.name for o in OPTIONS) == OPTION_NAMES
    for preset, values in PRESETS.items():
        rules = make_rules(preset)
        assert dict(rules.values) == values
        assert rules.spec() == preset
        for option in OPTIONS:
            expected = bool if option.kind == "bool" else str
            assert type(getattr(rules, option.name)) is expected, option.name


def test_rules_refuse_unknown_names_and_changes() -> None:
    rules = make_rules("gloucester", {"tariff": "pang"})
    assert rules.tariff == "pang" and rules.spec() == {
        "preset": "gloucester", "options": {"tariff": "pang"}}
    with pytest.raises(AttributeError):
        rules.nonesuch  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.tariff = "tsoi"  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.values["tariff"] = "tsoi"  # type: ignore[index]
