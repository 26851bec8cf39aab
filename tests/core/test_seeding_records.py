import pytest

from paiju.core.errors import MalformedRecord
from paiju.core.records import loads_records
from paiju.core.referee import referee
from paiju.core.seeding import derive_seed, make_rng


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(7, "hand", 3) == derive_seed(7, "hand", 3)
    assert derive_seed(7, "hand", 3) != derive_seed(7, "hand", 4)
    assert make_rng(5, "x").random() == make_rng(5, "x").random()


def test_json_and_json_lines() -> None:
    assert loads_records('{"a": 1}') == [{"a": 1}]
    assert loads_records('{"a": 1}\n{"a": 2}\n') == [{"a": 1}, {"a": 2}]
    with pytest.raises(MalformedRecord, match="not valid JSON"):
        loads_records("{oops")
    with pytest.raises(MalformedRecord, match="empty"):
        loads_records("  ")


@pytest.mark.parametrize(
    ("record", "message"),
    [([1, 2], "JSON object"), ({}, "no 'game'"), ({"game": "chess"}, "unknown game 'chess'")],
)
def test_referee_refuses_what_is_not_a_record(record: object, message: str) -> None:
    with pytest.raises(MalformedRecord, match=message):
        referee(record)
