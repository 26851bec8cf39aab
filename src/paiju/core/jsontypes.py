"""JSON as paiju's protocol carries it: records, reports, views, summaries and rules
specs are JSON values, written and read by :mod:`json` as they stand."""

from __future__ import annotations

from typing import TypeAlias, Union

#: A JSON value: null, a boolean, a number, a string, an array or an object.
Json: TypeAlias = Union[bool, int, float, str, list["Json"], dict[str, "Json"], None]  # noqa: UP007
#: A JSON object (a record, a report, a view, an action in record form ...).
JsonObject: TypeAlias = dict[str, Json]


def json_object(value: Json) -> JsonObject:
    """``value`` read as a JSON object (``TypeError`` when it is not one)."""
    if not isinstance(value, dict):
        raise TypeError(f"a JSON object was expected, not {value!r}")
    return value


def json_list(value: Json) -> list[Json]:
    """``value`` read as a JSON array (``TypeError`` when it is not one)."""
    if not isinstance(value, list):
        raise TypeError(f"a JSON array was expected, not {value!r}")
    return value


def json_strs(value: Json) -> list[str]:
    """``value`` read as a JSON array of strings, such as a list of card tokens
    (``TypeError`` when it is not one)."""
    items = json_list(value)
    if not all(isinstance(item, str) for item in items):
        raise TypeError(f"a JSON array of strings was expected, not {value!r}")
    return [item for item in items if isinstance(item, str)]
