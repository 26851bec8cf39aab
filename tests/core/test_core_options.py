import pytest

from paiju.core.errors import UnknownOption
from paiju.core.options import Option, OptionTable, parse_overrides

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
