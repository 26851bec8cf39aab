"""Named rule options and presets, shared by every game.

A game declares its options as :class:`Option` values and its presets as
mappings from option name to value. :meth:`OptionTable.resolve` turns a rules
spec (a preset name, or ``{"preset": P, "options": {...}}``) plus overrides into
a complete, validated mapping, or raises :class:`UnknownOption` naming the problem.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from paiju.core.errors import UnknownOption

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One rule point that the sources (or tables) settle differently.

    ``kind`` is ``bool``, ``int``, ``choice`` or ``list`` (a subset of ``choices``).
    ``choices`` lists the allowed values of ``int``, ``choice`` and ``list`` options
    (an empty tuple leaves an ``int`` unbounded). ``meaning`` says what it does;
    ``values`` says what each choice means; ``source`` names the seed passages.
    """

    name: str
    kind: str
    default: Any
    meaning: str
    source: str
    choices: tuple[Any, ...] = ()
    values: Mapping[str, str] = field(default_factory=dict)

    def parse(self, raw: Any) -> Any:
        """Validate a JSON value or a command-line string for this option."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.lower() in _TRUE | _FALSE:
                return raw.lower() in _TRUE
            raise self._bad(raw, "true or false")
        if self.kind == "int":
            value = raw
            if isinstance(raw, str):
                try:
                    value = int(raw)
                except ValueError:
                    raise self._bad(raw, "a whole number") from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise self._bad(raw, "a whole number")
            if self.choices and value not in self.choices:
                raise self._bad(raw, "one of " + ", ".join(map(str, self.choices)))
            return value
        if self.kind == "choice":
            if isinstance(raw, str) and raw in self.choices:
                return raw
            raise self._bad(raw, "one of " + ", ".join(map(str, self.choices)))
        if self.kind == "list":
            items: Sequence[Any]
            if isinstance(raw, str):
                items = [x.strip() for x in raw.split(",") if x.strip()]
            elif isinstance(raw, list | tuple):
                items = list(raw)
            else:
                raise self._bad(raw, "a list drawn from " + ", ".join(map(str, self.choices)))
            for item in items:
                if item not in self.choices:
                    raise self._bad(item, "drawn from " + ", ".join(map(str, self.choices)))
            if len(set(items)) != len(items):
                raise UnknownOption(f"option {self.name!r} lists a value twice: {list(items)!r}")
            return tuple(sorted(items, key=self.choices.index))
        raise AssertionError(f"option {self.name}: unknown kind {self.kind}")

    def show(self, value: Any) -> str:
        """The value as a user types it."""
        if self.kind == "bool":
            return "true" if value else "false"
        if self.kind == "list":
            return ",".join(map(str, value)) or "(none)"
        return str(value)

    def _bad(self, raw: Any, wanted: str) -> UnknownOption:
        return UnknownOption(f"option {self.name!r} takes {wanted}, not {raw!r}")


class OptionTable:
    """The options of one game and its presets."""

    def __init__(
        self, game: str, options: Iterable[Option], presets: Mapping[str, Mapping[str, Any]]
    ) -> None:
        self.game = game
        self.options: dict[str, Option] = {o.name: o for o in options}
        self.presets: dict[str, dict[str, Any]] = {}
        for name, values in presets.items():
            unknown = set(values) - set(self.options)
            if unknown:
                raise AssertionError(f"preset {name} sets unknown options {sorted(unknown)}")
            full = {o.name: o.default for o in self.options.values()}
            full.update(values)
            self.presets[name] = {k: self.options[k].parse(v) for k, v in full.items()}

    def option(self, name: str) -> Option:
        """The option called ``name``, or an error that suggests the nearest name."""
        try:
            return self.options[name]
        except KeyError:
            near = difflib.get_close_matches(name, list(self.options), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise UnknownOption(f"{self.game} has no option {name!r}{hint}") from None

    def preset(self, name: str) -> dict[str, Any]:
        """A copy of the values of preset ``name``."""
        try:
            return dict(self.presets[name])
        except KeyError:
            known = ", ".join(self.presets)
            raise UnknownOption(f"{self.game} has no preset {name!r}; known: {known}") from None

    def resolve(
        self, spec: Any = None, overrides: Mapping[str, Any] | None = None, default: str = ""
    ) -> tuple[str, dict[str, Any]]:
        """``(preset, values)`` from a rules spec and overrides, fully validated."""
        preset = default or next(iter(self.presets))
        given: Mapping[str, Any] = {}
        if spec is None:
            pass
        elif isinstance(spec, str):
            preset = spec
        elif isinstance(spec, Mapping):
            extra = set(spec) - {"preset", "options"}
            if extra:
                raise UnknownOption(
                    f"rules may hold only 'preset' and 'options', not {sorted(extra)}"
                )
            preset = spec.get("preset", preset)
            if not isinstance(preset, str):
                raise UnknownOption(f"rules 'preset' must be a name, not {preset!r}")
            given = spec.get("options", {})
            if not isinstance(given, Mapping):
                raise UnknownOption("rules 'options' must be an object of option: value")
        else:
            raise UnknownOption(f"rules must be a preset name or an object, not {spec!r}")
        values = self.preset(preset)
        for source in (given, overrides or {}):
            for name, raw in source.items():
                values[name] = self.option(name).parse(raw)
        return preset, values


def parse_overrides(pairs: Iterable[str]) -> dict[str, str]:
    """``["k=v", ...]`` from the command line as a mapping."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UnknownOption(f"an option is written name=value, not {pair!r}")
        out[name.strip()] = value.strip()
    return out
