"""Hand records: reading JSON and JSON-lines, and the checks every game shares."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, BinaryIO

from paiju.core.errors import MalformedRecord

#: The largest record file paiju reads (a hand's record is a few kilobytes; a JSON-lines
#: file of 20,000 hands fits): a larger input is refused before it fills the memory.
MAX_RECORD_BYTES = 100_000_000


def decode(data: bytes | str) -> str:
    """The text of a record file; ``MalformedRecord`` if it is not UTF-8 (a BOM is allowed)."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise MalformedRecord(
            f"the file is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start}); "
            "a record is JSON"
        ) from None


def _no_constant(name: str) -> Any:
    raise MalformedRecord(f"{name} is not a number a record may hold")


def parse_json(text: str, what: str = "the record") -> Any:
    """One JSON value; ``MalformedRecord`` naming ``what`` and the problem if it is not.

    JSON cut short (the file ends inside an object, list or string) is reported as such.
    """
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        if err.pos >= len(err.doc.rstrip()) or err.msg.startswith("Unterminated string"):
            at = f"line {err.lineno}; " if "\n" in err.doc else ""
            raise MalformedRecord(
                f"{what} ends before its JSON is complete "
                f"({at}not valid JSON: is the file cut short?)"
            ) from None
        raise MalformedRecord(f"{what} is not valid JSON: {err}") from None
    except RecursionError:
        raise MalformedRecord(f"{what} nests its JSON too deeply to be a record") from None
    except ValueError:  # an integer of more digits than Python converts
        raise MalformedRecord(f"{what} holds a number with too many digits") from None


def input_name(handle: Any) -> str:
    """How a message names an open input: its path, or "standard input"."""
    name = getattr(handle, "name", "-")
    return "standard input" if name in ("-", "<stdin>") or not isinstance(name, str) else name


def read_bounded(handle: BinaryIO, name: str, limit: int = MAX_RECORD_BYTES) -> bytes:
    """At most ``limit`` bytes of ``handle``; ``MalformedRecord`` if it holds more
    (``/dev/zero``, a disk image), read no further than one byte past the limit."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise MalformedRecord(
            f"{name} holds more than {limit / 1e6:,.0f} MB, more than any record file "
            "paiju reads (split a JSON-lines file: split -l 10000 FILE)")
    return data


def loads_records(data: str | bytes) -> list[Any]:
    """One JSON record (compact or pretty-printed), or several in JSON-lines form."""
    stripped = decode(data).strip()
    if not stripped:
        raise MalformedRecord("the record is empty")
    lines = [line for line in stripped.splitlines() if line.strip()]
    if len(lines) > 1:
        try:
            json.loads(lines[0], parse_constant=_no_constant)
        except (ValueError, RecursionError, MalformedRecord):
            pass  # the first line is not a whole value: one record over several lines
        else:
            return [parse_json(line, f"line {n}") for n, line in enumerate(lines, 1)]
    return [parse_json(stripped)]


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


def check_you(record: Mapping[str, Any], seats: int) -> None:
    """A record's ``you`` (the seat the person played at the table), if it has one, must
    be one of its ``seats``."""
    if "you" in record:
        you = field(record, "you", int)
        if not 0 <= you < seats:
            raise MalformedRecord(f"'you' must be a seat from 0 to {seats - 1}, not {you}")


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
                yield parse_json(line, f"{path}:{number}")
