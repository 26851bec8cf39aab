"""Dai Fugō options, presets and the rules object.

Every option is declared once, as a field of :class:`Rules` made by
:func:`~paiju.core.options.option` (its type gives the values it takes; :data:`OPTIONS`
is read from the fields), and quotes the passage of seed 004 (pagat.com, "Dai Fugō / Dai
Hinmin") it comes from, or, for the house rules beyond 004, says that it is a common
Japanese house rule and how paiju reads it; the fields are declared by source in
:mod:`paiju.daifugo.options`. docs/daifugo.md gives the same with the interpretations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paiju.core.errors import UnknownOption
from paiju.core.options import Option, OptionTable, options_of
from paiju.daifugo.options.house import HouseOptions
from paiju.daifugo.options.pagat import PagatOptions
from paiju.daifugo.options.readings import ReadingOptions


@dataclass(frozen=True)
class Rules(ReadingOptions, HouseOptions, PagatOptions):
    """A complete, checked set of Dai Fugō options: one typed field per option.

    Built once by :func:`make_rules`; the rules themselves (what beats what, what a
    play does) are the :class:`paiju.daifugo.engine.rulebook.Rulebook` built from it.
    The options are declared by where they come from (:mod:`paiju.daifugo.options`).
    """

    #: The preset the options were resolved from.
    preset: str = field(kw_only=True)

    @classmethod
    def of(cls, preset: str, values: Mapping[str, Any]) -> Rules:
        """The rules of resolved option ``values`` (every option named once)."""
        return cls(preset=preset, **values)

    @property
    def values(self) -> dict[str, Any]:
        """Every option by name, as resolved (a new dict)."""
        return {o.name: getattr(self, o.name) for o in OPTIONS}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the preset, as JSON values."""
        base = TABLE.preset(self.preset)
        return {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in self.values.items() if base[k] != v
        }

    def spec(self) -> dict[str, Any]:
        """The rules as a record holds them."""
        return {"preset": self.preset, "options": self.changed()}

    def place_worth(self, players: int) -> tuple[float, ...] | None:
        """Each finishing place's worth over a hand and the hands its title carries into,
        best first, 1 down to 0 (:mod:`paiju.daifugo.players.carry`); None when nothing
        carries."""
        from paiju.daifugo.players.carry import place_worth

        return place_worth(self, players)


OPTIONS: tuple[Option, ...] = options_of(Rules)


PRESETS: dict[str, dict[str, Any]] = {
    "pagat": {},
    "uecda": {
        "jokers": 1,
        "revolution": "four",
        "sequence_revolution": 5,
        "revolution_timing": "immediate",
        "eight_cut": True,
        "shibari": "full",
        "shibari_after": 2,
        "spade_three": True,
        "spade_three_clears": True,
        "no_play_after_pass": True,
        "last_player_again": True,
        "lead_pass": True,
        "pass_limit": 20,
        "gift_order": "spades_first",
        "exchange": "standard",
        "scoring": "uecda",
        "first_lead": "diamond_three_every",
        "sequence_beat": "above",
        "spade_three_over_lock": True,
        "group_joker_suit": "named",
        "five_card_groups": True,
        "sequence_joker_beyond_ends": True,
        "dealer": "daifugo",
        "reseat_every": 3,
        "titles_reset_every": 100,
    },
    "popular": {
        "revolution": "four",
        "eight_cut": True,
        "shibari": "full",
        "spade_three": True,
        "jack_back": True,
        "forbidden_finish": ["top", "joker", "eight", "spade_three"],
        "miyako_ochi": True,
    },
}

TABLE = OptionTable("daifugo", OPTIONS, PRESETS)


def conflicts(values: Mapping[str, Any]) -> list[str]:
    """Why these option values cannot be played together (empty when they can)."""
    out = []
    ff = set(values["forbidden_finish"])
    out += two_pack_conflicts(values)
    if values["jokers"] == 0:
        if values["spade_three"]:
            out.append("spade_three lets the ♠3 beat a lone joker, but jokers=0")
        if "joker" in ff:
            out.append("forbidden_finish 'joker' needs a joker, but jokers=0")
        if values["exchange_keep_joker"]:
            out.append("exchange_keep_joker needs a joker, but jokers=0")
    if values["card_request"] and values["exchange"] == "off":
        out.append("card_request is a way of giving in the exchange: it needs exchange="
                   "standard or always_two")
    if values["joker_reversal"] and values["jokers"] != 2:
        out.append("joker_reversal is about a poor player dealt both jokers: it needs jokers=2")
    if values["joker_reversal"] and values["seat_change"] != "off":
        out.append("joker_reversal reverses titles after the deal, but seat_change has "
                   "already seated the players by the old titles")
    if values["spade_three_clears"] and not values["spade_three"]:
        out.append("spade_three_clears needs the spade_three rule")
    if "spade_three" in ff and not values["spade_three"]:
        out.append("forbidden_finish 'spade_three' needs the spade_three rule")
    if "eight" in ff and not values["eight_cut"]:
        out.append("forbidden_finish 'eight' goes with the 8-cut: it needs eight_cut=true")
    if values["four_stop"] and not values["eight_cut"]:
        out.append("four_stop stops an 8-cut: it needs eight_cut=true")
    if values["sequence_revolution"] and not values["sequences"]:
        out.append("sequence_revolution needs sequences=true")
    if values["emperor"] and not values["sequences"]:
        out.append("emperor is a kind of sequence: it needs sequences=true")
    if values["spade_three_over_lock"] and not values["spade_three"]:
        out.append("spade_three_over_lock needs the spade_three rule")
    if values["five_card_groups"] and values["jokers"] == 0:
        out.append("five_card_groups are four of a kind and the joker, but jokers=0")
    if values["sequence_joker_beyond_ends"]:
        if values["jokers"] == 0 or not values["sequences"]:
            out.append("sequence_joker_beyond_ends is about a joker in a sequence: it needs "
                       "jokers and sequences=true")
        if not values["twos_in_sequences"]:
            out.append("sequence_joker_beyond_ends lets the joker stand above the 2: it needs "
                       "twos_in_sequences=true")
    return out


def two_pack_conflicts(values: Mapping[str, Any]) -> list[str]:
    """Why these values cannot be played with the packs they name (docs/daifugo.md, "The
    double deck"): three or four jokers need two packs, and two packs are not played with
    UECda's meld readings, which read one pack's groups."""
    if values["decks"] == 1:
        return ([f"jokers={values['jokers']} needs two packs (decks=2): one pack has at most "
                 "two jokers"] if values["jokers"] > 2 else [])
    out = [f"{name} reads one pack's groups: it is not played with two packs (decks=2)"
           for name in ("group_joker_suit", "five_card_groups", "sequence_joker_beyond_ends")
           if values[name] not in (False, "none")]
    return out


def with_two_packs(rules: Rules, jokers: int | None = None) -> Rules:
    """``rules`` with two packs shuffled together and ``jokers`` jokers (the rules' own
    when None); UnknownOption if they cannot be played so (:func:`two_pack_conflicts`)."""
    options = {**rules.changed(), "decks": 2}
    if jokers is not None:
        options["jokers"] = jokers
    return make_rules({"preset": rules.preset, "options": options})


def make_rules(spec: Any = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a spec (preset name or ``{"preset", "options"}``) and overrides."""
    preset, values = TABLE.resolve(spec, overrides, default="pagat")
    problems = conflicts(values)
    if problems:
        raise UnknownOption("conflicting daifugo options: " + "; ".join(problems))
    return Rules.of(preset, values)
