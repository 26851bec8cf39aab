"""Named rule options and presets, shared by every game.

A game declares each option once, as a typed field of its frozen rules dataclass made
with :func:`option` (its default, what it does, its source passage, what each value
means, and the players' words: its wording in the Rules box, the box's group, whether it
is listed among the rules not played, the header's word); :func:`options_of` reads them
back as :class:`Option` values, the kind and the choices from the field's type
(``bool``, ``int``, a ``Literal`` of names, or a tuple of such a ``Literal``).
:func:`rule_groups`, :func:`rule_wording` and :func:`off_list` give the Rules box's
layout and English (the msgids of the game's catalogue) from them. Presets are mappings
from option name to value.
:meth:`OptionTable.resolve` turns a rules spec (a preset name, or
``{"preset": P, "options": {...}}``) plus overrides into a complete, validated mapping,
or raises :class:`UnknownOption` naming the problem.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args, get_origin, get_type_hints

from paiju.core.errors import UnknownOption

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}

#: A players' wording: a sentence, or a sentence and its plural (``{n}``, the number).
Said = str | tuple[str, str]


@dataclass(frozen=True)
class Word:
    """A header word that needs more than its text: its ``order`` among the header's
    words (lower first; a plain word's is 0, or 1 for an option with a ``*`` word), and
    the options whose words leave it out (``unless``: the header names one of them)."""

    text: str
    order: int = 0
    unless: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One rule point that the sources (or tables) settle differently.

    ``kind`` is ``bool``, ``int``, ``choice`` or ``list`` (a subset of ``choices``).
    ``choices`` lists the allowed values of ``int``, ``choice`` and ``list`` options
    (an empty tuple leaves an ``int`` unbounded). ``meaning`` says what it does;
    ``values`` says what each choice means; ``source`` names the seed passages; ``off``
    is the value at which the rule it names is not in force (None: there is none).

    The players' words, keyed by the value as shown (:meth:`show`; a list's by item, and
    ``none``; ``*`` for any whole number without its own, with ``{n}``): ``said`` is the
    Rules box's wording (English msgids, context ``option=value``), ``group`` the box's
    group and ``place`` the option's place in the box (groups come in the order of their
    first option), ``listed_off`` puts it with the rules not played when it is not in
    force, and ``header`` is the table header's short word (none: the header is silent; a
    list's ``*`` word takes its items' words, joined by ``/``, as ``{n}``). ``fired`` is
    the log's sentence for each way the rule fires at a play, by the name the engine
    gives it (the option's, or another of the same rule's, as ``revolution_pending``).
    ``module`` is the module that declares the option (:func:`options_of`).
    """

    name: str
    kind: str
    default: Any
    meaning: str
    source: str
    choices: tuple[Any, ...] = ()
    values: Mapping[str, str] = field(default_factory=dict)
    off: Any = None
    said: Mapping[str, Said] = field(default_factory=dict)
    group: str = ""
    place: int = 0
    listed_off: bool = False
    header: Mapping[str, str | Word] = field(default_factory=dict)
    fired: Mapping[str, str] = field(default_factory=dict)
    module: str = ""

    def header_word(self, value: Any) -> str | None:
        """The header's word for ``value`` (``*`` takes any whole number but 0, or any
        list but the empty one), or None."""
        word = self.header_entry(value)
        return None if word is None else word.text

    def header_entry(self, value: Any) -> Word | None:
        """The header's word for ``value`` with its order and condition, or None."""
        key, n = self.show(value), value
        wide = self.kind == "list" or (self.kind == "int" and key not in self.header)
        if value and wide:
            key = "*"
        said = self.header.get(key)
        if said is None:
            return None
        if self.kind == "list" and key == "*":
            n = "/".join(_text(self.header[item]) for item in value)
        if isinstance(said, str):
            said = Word(said, 1 if "*" in self.header else 0)
        return Word(said.text.format(n=n), said.order, said.unless) if key == "*" else said

    def in_force(self, value: Any) -> bool:
        """Whether the rule this option names is in force at ``value``; refuses an option
        that has no value turning it off."""
        if self.off is None:
            raise AssertionError(f"option {self.name} has no value that turns it off")
        return bool(value != self.off)

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


def _text(said: str | Word) -> str:
    return said if isinstance(said, str) else said.text


#: The key of a field's metadata that holds its declaration (:func:`option`).
_DECLARED = "paiju.option"


@dataclass(frozen=True)
class _Declared:
    meaning: str
    source: str
    choices: tuple[Any, ...]
    values: Mapping[str, str]
    off: Any
    said: Mapping[str, Said]
    group: str
    place: int
    listed_off: bool
    header: Mapping[str, str | Word]
    fired: Mapping[str, str]


def option(default: Any, meaning: str, source: str, *, choices: Iterable[Any] = (),
           values: Mapping[str, str] | None = None, off: Any = None,
           said: Mapping[str, Said] | None = None, group: str = "", place: int = 0,
           listed_off: bool = False, header: Mapping[str, str | Word] | None = None,
           fired: Mapping[str, str] | None = None) -> Any:
    """A rules dataclass's field that is an option: its ``default``, what it does
    (``meaning``), the seed passages it comes from (``source``), and what each value
    means (``values``). ``choices`` bounds an ``int`` option; a ``Literal`` field's
    choices are its type's. ``off`` is the value that turns the rule off (a ``bool``'s
    is false, a list's is empty; another kind has one only if it says so). The players'
    words (``said``, ``group``, ``place``, ``listed_off``, ``header``, ``fired``) are
    :class:`Option`'s."""
    return field(default=default, metadata={
        _DECLARED: _Declared(meaning, source, tuple(choices), dict(values or {}), off,
                             dict(said or {}), group, place, listed_off, dict(header or {}),
                             dict(fired or {}))})


def _kind(name: str, hint: Any, choices: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """An option's kind and choices from its field's type."""
    if hint is bool:
        return "bool", ()
    if hint is int:
        return "int", choices
    if get_origin(hint) is Literal and not choices:
        return "choice", get_args(hint)
    if get_origin(hint) is tuple and not choices:
        inner = get_args(hint)
        if len(inner) == 2 and inner[1] is Ellipsis and get_origin(inner[0]) is Literal:
            return "list", get_args(inner[0])
    raise AssertionError(f"option {name}: declare it as bool, int, a Literal of its "
                         f"values or a tuple of one, not {hint!r} with choices {choices!r}")


def options_of(rules: type) -> tuple[Option, ...]:
    """The options declared by :func:`option` in a rules dataclass, in field order, each
    with the module of the class that declares it."""
    hints = get_type_hints(rules)
    home = {name: cls.__module__ for cls in reversed(rules.__mro__)
            for name in inspect.get_annotations(cls)}
    out = []
    for f in fields(rules):
        declared = f.metadata.get(_DECLARED)
        if declared is None:
            continue
        kind, choices = _kind(f.name, hints[f.name], declared.choices)
        off = {"bool": False, "list": ()}.get(kind, declared.off)
        made = Option(f.name, kind, f.default, declared.meaning, declared.source, choices,
                      declared.values, off, declared.said, declared.group, declared.place,
                      declared.listed_off, declared.header, declared.fired, home[f.name])
        try:
            fits = made.parse(made.default) == made.default
        except UnknownOption:
            fits = False
        if not fits:
            raise AssertionError(f"option {f.name}: its default {f.default!r} is not a value")
        out.append(made)
    return tuple(out)


def rule_groups(options: Iterable[Option]) -> dict[str, tuple[str, ...]]:
    """The Rules box's groups, in the order of their first option's place, and the
    options in each by place."""
    groups: dict[str, list[str]] = {}
    for o in sorted((o for o in options if o.group), key=lambda o: o.place):
        groups.setdefault(o.group, []).append(o.name)
    return {group: tuple(names) for group, names in groups.items()}


def rule_wording(options: Iterable[Option]) -> dict[str, Said]:
    """``option=value`` -> the players' wording of that value, for every option."""
    return {f"{o.name}={value}": said for o in options for value, said in o.said.items()}


def off_list(options: Iterable[Option]) -> frozenset[str]:
    """The options listed among the rules not played when they are not in force."""
    return frozenset(o.name for o in options if o.listed_off)


def header_words(options: Iterable[Option], values: Mapping[str, Any]) -> list[str]:
    """The header's words for ``values``: each option's word (:meth:`Option.header_entry`)
    by its order, then the options' order; a word is left out when the header names an
    option of its ``unless``."""
    said = {o.name: (i, word) for i, o in enumerate(options)
            if (word := o.header_entry(values[o.name])) is not None}
    kept = [(word.order, i, word.text) for i, word in said.values()
            if not any(name in said for name in word.unless)]
    return [text for _, _, text in sorted(kept)]


def fired_wording(options: Iterable[Option]) -> dict[str, str]:
    """The name a rule fires by -> the log's sentence (English, a msgid), for every
    option's ``fired``."""
    return {name: text for o in options for name, text in o.fired.items()}


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
