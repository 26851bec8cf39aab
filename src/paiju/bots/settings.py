"""A player's settings, each declared once: a field of the player's dataclass made by
:func:`setting`, which names its key in a player spec (``ismcts:iters=64:c=0.5``), how
the text is read, the values it allows and what else it must be. Reading a spec
(:func:`read_settings`), checking a player however it was made (:func:`check_settings`)
and writing its spec back (:func:`spec_of`) all follow the declarations.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

#: The key of a field's metadata that holds its declaration.
_SETTING = "paiju.setting"


@dataclass(frozen=True)
class Setting:
    """How one setting is written, read and checked."""

    key: str
    read: Callable[[str, str, str], Any]
    allowed: tuple[Any, ...] = ()
    #: what a value must satisfy beyond ``allowed`` (None: anything read), and its words
    holds: Callable[[Any], bool] | None = None
    wanted: str = ""
    #: written in the spec even at its default
    shown: bool = False


def setting(default: Any, key: str, read: Callable[[str, str, str], Any], *,
            allowed: tuple[Any, ...] = (), holds: Callable[[Any], bool] | None = None,
            wanted: str = "", shown: bool = False) -> Any:
    """A player dataclass's field that a spec sets by ``key``."""
    return field(default=default,
                 metadata={_SETTING: Setting(key, read, allowed, holds, wanted, shown)})


def word(player: str, key: str, raw: str) -> str:
    """A setting that is a word."""
    return raw


def whole(player: str, key: str, raw: str) -> int:
    """A setting that is a whole number."""
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{player} {key} is not a number: {raw!r}") from None


def number(player: str, key: str, raw: str) -> float:
    """A setting that is a number."""
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"{player} {key} is not a number: {raw!r}") from None


def flag(player: str, key: str, raw: str) -> bool:
    """A setting that is 0 or 1."""
    if raw not in ("0", "1"):
        raise ValueError(f"{player} {key} is 0 or 1, not {raw!r}")
    return raw == "1"


def finite(value: float) -> bool:
    """Neither infinite nor NaN."""
    return math.isfinite(value)


def settings_of(player: type) -> Iterator[tuple[str, Setting, Any]]:
    """``(field name, declaration, default)`` of each declared setting, in field order."""
    for f in fields(player):
        declared = f.metadata.get(_SETTING)
        if declared is not None:
            yield f.name, declared, f.default


def read_settings(player: type, name: str, params: Mapping[str, str]) -> dict[str, Any]:
    """The fields a spec's settings give, by field name; refuses an unknown key by name."""
    declared = {s.key: (attr, s) for attr, s, _ in settings_of(player)}
    unknown = sorted(set(params) - set(declared))
    if unknown:
        raise ValueError(f"{name} has no setting {unknown[0]!r}; known: "
                         f"{', '.join(sorted(declared))}")
    return {declared[key][0]: declared[key][1].read(name, key, raw)
            for key, raw in params.items()}


def check_settings(player: object, name: str) -> None:
    """Refuses a value a declaration does not allow (a setting left None is not set)."""
    for attr, s, _ in settings_of(type(player)):
        value = getattr(player, attr)
        if value is None:
            continue
        if s.allowed and value not in s.allowed:
            raise ValueError(f"{name} {s.key} must be one of "
                             f"{', '.join(map(str, s.allowed))}, not {value!r}")
        if s.holds is not None and not s.holds(value):
            raise ValueError(f"{name} {s.key} must be {s.wanted}, not {value}")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def spec_of(player: object, name: str) -> str:
    """The spec that makes ``player``: its name, then each setting that is set and either
    differs from its default or is always shown."""
    parts = [name]
    for attr, s, default in settings_of(type(player)):
        value = getattr(player, attr)
        if value is not None and (s.shown or value != default):
            parts.append(f"{s.key}={_shown(value)}")
    return ":".join(parts)
