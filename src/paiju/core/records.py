"""Hand records: reading JSON and JSON-lines, and the checks every game shares."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from paiju.core.errors import MalformedRecord


def loads_records(text: str) -> list[Any]:
    """One JSON record, or several in JSON-lines form, from ``text``."""
    stripped = text.strip()
    if not stripped:
        raise MalformedRecord("the record is empty")
    try:
        return [json.loads(stripped)]
    except json.JSONDecodeError as first:
        lines = [line for line in stripped.splitlines() if line.strip()]
        if len(lines) < 2:
            raise MalformedRecord(f"the record is not valid JSON: {first}") from None
        out = []
        for number, line in enumerate(lines, 1):
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise MalformedRecord(f"line {number} is not valid JSON: {err}") from None
        return out


def dumps_record(record: Mapping[str, Any]) -> str:
    """A record as one line of JSON."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def field(record: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``record[name]``, checked to be of ``kind``."""
    if name not in record:
        raise MalformedRecord(f"the record has no {name!r}")
    value = record[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MalformedRecord(f"{name!r} has the wrong type: {value!r}")
    return value


def actions_of(record: Mapping[str, Any]) -> Sequence[Any]:
    """The record's ``actions`` list (may be empty)."""
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedRecord("'actions' must be a list")
    return actions


def iter_jsonl(path: str) -> Iterator[Any]:
    """The records of a JSON-lines file."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as err:
                    raise MalformedRecord(f"{path}:{number} is not valid JSON: {err}") from None
