"""The rules object and the rulebook: typed options, and each house rule one hook."""

from __future__ import annotations

from dataclasses import fields

import pytest

from paiju.daifugo.rules import OPTIONS, PRESETS, Rules, make_rules


def test_rules_have_one_typed_field_per_option() -> None:
    names = [f.name for f in fields(Rules)]
    assert names == ["preset"] + [o.name for o in OPTIONS]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rules_fields_hold_the_resolved_values(preset: str) -> None:
    rules = make_rules(preset)
    assert rules.values == {o.name: getattr(rules, o.name) for o in OPTIONS}
    assert make_rules(rules.spec()) == rules
    with pytest.raises(AttributeError):
        rules.no_such_option  # type: ignore[attr-defined]  # noqa: B018
