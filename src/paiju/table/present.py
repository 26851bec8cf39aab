"""How each game looks on the table: card names, the hand, the seats, the log lines.

A presenter reads only what a seat may know: its :class:`~paiju.core.protocol.View`
(``to_json()`` and, for Luk Fu, the view's aged-card knowledge) and the public record
of actions, so the screen cannot show a hidden card. Every sentence comes from the
catalogues (:mod:`paiju.table.text`), in English, Chinese or Japanese: a method's
``native`` is a language (``"en"``, ``"zh_Hant"``, ``"ja"``) or, as the terminal's key
switches it, ``True`` for the game's own language (Chinese for Luk Fu, Japanese for
Dai Fugō) and ``False`` for English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType, ModuleType
from typing import Any

from paiju.core.protocol import Action, Game, State, View
from paiju.table.text import LANGS, SOURCE, Words, joined, match_sentence

WORDS = Words("table")

#: A language: its code, or True for the game's own and False for English.
Lang = bool | str
#: A game's Rules box wording: its ``wording`` module.
Wording = ModuleType

#: The keys the table keeps for itself, which no game's action may take.
TABLE_KEYS = frozenset({"left", "right", "space", "enter", "escape", "h", "r", "?", "n", "q"})


@dataclass(frozen=True)
class Seen:
    """One seat's view with its JSON, made once per position."""

    view: View
    data: dict[str, Any]

    @property
    def seat(self) -> int:
        return self.view.seat

    @classmethod
    def of(cls, state: State, seat: int) -> Seen:
        view = state.view(seat)
        return cls(view, view.to_json())


@dataclass(frozen=True)
class Chip:
    """One card of the hand as drawn: its token, its label, its style and its marks."""

    token: str
    label: str
    style: str = ""
    mark: str = ""
    detail: str = ""


class Presenter:
    """The drawing rules shared by both games; subclasses fill in the game's own."""

    game = ""
    native_name = ""
    #: The game's own language (the code of :data:`paiju.table.text.LANGS`).
    native_lang = SOURCE
    #: The keys of the game's view JSON whose values are cards (a token, or lists of
    #: them): the server names every card under them in its messages.
    card_keys: frozenset[str] = frozenset({"hand", "cards"})
    #: The hint's search settings where they differ from ISMCTS's defaults
    #: (:func:`paiju.table.hints.search_hint`).
    hint_search: Mapping[str, Any] = MappingProxyType({})

    def lang(self, native: Lang) -> str:
        """The language code ``native`` names."""
        if isinstance(native, str):
            return native
        return self.native_lang if native else SOURCE

    # ------------------------------------------------------------ cards

    def label(self, token: str, native: Lang) -> str:
        """A card's short label."""
        raise NotImplementedError

    def labels(self, tokens: Sequence[str], native: Lang) -> str:
        return " ".join(self.label(t, native) for t in tokens)

    def said(self, token: str, native: Lang) -> str:
        """A card as a sentence writes it (as the page writes the card)."""
        return self.label(token, native)

    def said_all(self, tokens: Sequence[str], native: Lang) -> str:
        """Cards as a sentence lists them."""
        lang = self.lang(native)
        return joined(lang, [self.said(t, lang) for t in tokens])

    def log_items(self, data: Mapping[str, Any], rules: Any) -> list[dict[str, Any]]:
        """The history of a view's JSON as the log describes it (a game may add to each
        action what the log says of it, such as whom a card was given to)."""
        return list(data.get("actions") or [])

    def opening_lines(self, data: Mapping[str, Any], rules: Any, names: Sequence[str],
                      native: Lang, known: Mapping[tuple[int, int], Sequence[str]] | None = None,
                      ) -> list[str]:
        """What the log says before the first action (nothing, unless a game adds);
        ``known``: the cards the receiver saw pass between two seats at the deal."""
        return []

    def known_at_deal(self, view: Any) -> dict[tuple[int, int], list[str]]:
        """The cards ``view``'s seat saw pass face down at the deal, by ``(from, to)``
        seats (none, unless a game's deal hands cards over)."""
        return {}

    def seat_parts(self, data: Mapping[str, Any], native: Lang) -> list[str]:
        """Each seat's part in this hand (a role or last hand's title; ``""`` for none)."""
        return []

    def refusal(self, reason: str, native: Lang) -> str:
        """An engine's refusal in ``native``: the English with the cards as the screen
        writes them, or the same sentence from the catalogue (a general one if the
        catalogue does not know it)."""
        lang = self.lang(native)
        if lang == SOURCE:
            return self.notation(reason, lang)
        templates = tuple(self.refusals(SOURCE))
        clauses = []
        for clause in reason.split("; "):  # each clause of the engine's is a sentence
            found = match_sentence(templates, clause)
            if found is None:
                return WORDS(lang, "This move is not allowed here.")
            index, params = found
            clauses.append(self.refusals(lang, **{k: self.refusal_part(k, v, lang)
                                                  for k, v in params.items()})[index])
        return WORDS(lang, "; ").join(clauses)

    def refusals(self, lang: str, **params: str) -> list[str]:
        """The engine's refusals this presenter can say again, in ``lang`` (with English
        and no ``params``, the templates they are matched against)."""
        return []

    def refusal_part(self, name: str, value: str, lang: str) -> str:
        """A placeholder's value of an engine's refusal, said in ``lang``."""
        return value

    def game_title(self, lang: str) -> str:
        """The game's name with its own, as a title: ``Luk Fu (六虎)``."""
        from paiju.core.games import get_game

        return get_game(self.game).title

    def scoring_line(self, lang: str) -> str:
        """How a hand scores, in a line short enough for the title of the result box."""
        raise NotImplementedError

    def wording(self) -> Wording:
        """The game's Rules box wording (its ``wording`` module: ``RULE_WORDING``,
        ``RULE_GROUPS``, ``OFF_LIST``; docs/architecture.md, "Words")."""
        raise NotImplementedError

    def rules_text(self, rules: Any, native: Lang) -> list[dict[str, Any]]:
        """The Rules box: the rules in force in plain words, by group."""
        from paiju.table.rules_text import rules_text

        return rules_text(self.game, rules, self.lang(native))

    def chips(self, seen: Seen, native: Lang) -> list[Chip]:
        """The seat's hand, sorted, with its marks."""
        raise NotImplementedError

    def held(self, seen: Seen, native: Lang) -> str:
        """What the seat holds, in one line of the replay (its cards with their marks)."""
        return " ".join(c.label + c.mark for c in self.chips(seen, native))

    def hand_title(self, seen: Seen, native: Lang, name: str | None = None) -> str:
        """The caption of the hand: whose it is and what the colours and marks mean
        (``name``: the seat's, for someone watching it; None: the reader's own)."""
        raise NotImplementedError

    # ------------------------------------------------------------ table

    def seat_rows(self, seen: Seen, names: Sequence[str], native: Lang) -> list[str]:
        """One line per seat (Rich markup): who, cards held, tricks or place, flags."""
        raise NotImplementedError

    def status(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        """Whose turn it is and what they must do, with the hand's public flags."""
        raise NotImplementedError

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: Lang
    ) -> str:
        """An action as a log line, as ``observer`` saw it (hidden cards only counted)."""
        raise NotImplementedError

    def in_trick(self, action: Mapping[str, Any]) -> bool:
        """Whether the action belongs on the trick panel (a play, pass or discard)."""
        return action["do"] not in ("give", "call", "declare", "five_tigers")

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        """Whether the last action closed the trick (a round won, or the table cleared)."""
        raise NotImplementedError

    def cleared_note(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        """What happened when the trick was closed."""
        raise NotImplementedError

    def rule_lines(self, action: Mapping[str, Any], native: Lang) -> list[str]:
        """The rules an action of the history set going (its ``"rules"``), a sentence
        each, for the log to name them where they fire; none unless the game says."""
        return []

    def going_out_lines(self, before: Seen, seen: Seen, names: Sequence[str],
                        native: Lang) -> list[str]:
        """What the last action did to the seats' standing (who went out, and where), a
        sentence each, for the log; none unless the game says."""
        return []

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: Lang
    ) -> list[str]:
        """How the hand ended, in words."""
        raise NotImplementedError

    def rules_line(self, rules: Any) -> str:
        """The preset and the options changed from it, in one line."""
        values = rules.values
        from paiju.core.games import get_game

        base = get_game(self.game).options.preset(rules.preset)
        table = get_game(self.game).options
        changed = [
            f"{k}={table.option(k).show(v)}" for k, v in values.items() if base.get(k) != v
        ]
        return rules.preset + (" + " + ", ".join(changed) if changed else "")

    def rules_words(self, rules: Any) -> str:
        """The rules in force that change play, in a few words (``popular: revolution, ...``)."""
        return rules.preset

    def role(self, seen: Seen, native: Lang) -> str:
        """The seat's part in this hand, as players say it (``Master``; ``Dai Fugō``)."""
        return ""

    def notation(self, text: str, native: Lang) -> str:
        """An engine's sentence with each card written as the screen writes it."""
        pattern = self.token_pattern()
        return pattern.sub(lambda m: self.label(m.group(0), native), text) if pattern else text

    def token_pattern(self) -> re.Pattern[str] | None:
        """What a card token looks like in the engine's sentences (``None``: as on screen)."""
        return None

    # ------------------------------------------------------------ the browser's messages

    def card_info(self, token: str, aged: bool) -> dict[str, Any]:
        """A card as the browser's messages name it: ``{"en", "native", "red", "aged"}``
        (a game may add its own, such as how the card is spoken)."""
        return {"en": self.label(token, False), "native": self.label(token, True),
                "red": False, "aged": aged}

    def marked(self, view: View, data: Mapping[str, Any]) -> set[str]:
        """The seat's own cards that :meth:`chips` marks, read from ``view`` (``data``: its
        JSON) without drawing the hand; none unless the game marks cards."""
        return set()

    def public_part(self, views: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The part of a hand every seat knows, from the JSON of every seat's view, when
        the game has a seat whose view is public (``None``: the server takes a seat's view
        less its own cards)."""
        return None

    def shows_own_deal(self, seat: int) -> bool:
        """Whether the record ``seat`` is sent at a hand's end shows its own dealt hand."""
        return True

    # ------------------------------------------------------------ actions

    #: The key of each kind of action that has one (the game's own besides play and
    #: pass); enter plays the selected cards as the phase asks.
    move_keys: Mapping[str, str] = MappingProxyType({"play": "enter", "pass": "p"})
    #: The kinds of action that take no cards.
    no_cards: frozenset[str] = frozenset({"pass"})

    def move_word(self, do: str, native: Lang, dos: Sequence[str] = ()) -> str:
        """What an action's key does, in a word or two of the key bar (``dos``: the kinds
        of action the seat may take now, as the bar shows them)."""
        lang = self.lang(native)
        if do == "play":
            return WORDS.c(lang, "key", "play")
        if do == "pass":
            return WORDS.c(lang, "key", "pass")
        return do

    def do_for_key(self, key: str) -> str | None:
        """The kind of action a key (other than enter) makes, if any."""
        for do, bound in self.move_keys.items():
            if bound == key and key != "enter":
                return do
        return None

    def moves(self, legal: Sequence[Action]) -> list[str]:
        """The kinds of action (``do``) the seat may take now, in key order."""
        seen: list[str] = []
        for a in legal:
            do = a.do
            if do not in seen:
                seen.append(do)
        order = list(self.move_keys)
        return sorted(seen, key=lambda d: order.index(d) if d in order else len(order))

    def key_for(self, do: str, dos: Sequence[str]) -> str:
        """The key that makes action ``do`` when the actions ``dos`` are legal."""
        return "enter" if do == self.enter_do(dos) else self.move_keys.get(do, "?")

    def enter_do(self, dos: Sequence[str]) -> str:
        """What enter does with the selected cards: the one card action, else ``play``."""
        with_cards = [d for d in dos if d not in self.no_cards]
        if len(with_cards) == 1:
            return with_cards[0]
        return "play"

    def build(
        self, do: str, seat: int, tokens: Sequence[str], legal: Sequence[Action]
    ) -> dict[str, Any]:
        """The action (as record JSON) for ``do`` with the selected cards."""
        out: dict[str, Any] = {"seat": seat, "do": do}
        if tokens or do not in self.no_cards:
            out["cards"] = list(tokens)
        return out


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (CJK is two cells a character)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def slots(params: Mapping[str, str], *names: str) -> dict[str, str]:
    """The values of ``names`` in ``params``, each left as its own placeholder
    (``{name}``) when missing: how :meth:`Presenter.refusals` gives its templates."""
    return {name: params.get(name, "{" + name + "}") for name in names}


def you_name(lang: str) -> str:
    """The name the terminal gives the person's seat, in ``lang``."""
    return WORDS.c(lang, "name", "You")


def you(names: Sequence[str], seat: int) -> bool:
    """Whether the terminal names ``seat`` "You", in any language (its sentences then
    say "you")."""
    return names[seat] in _you_names()


def is_you_name(name: str) -> bool:
    """Whether ``name`` is the table's word for "you" in some language (a person named so
    would make every other seat's log read as if it were the reader's own)."""
    return name in _you_names() or name.casefold() == "you"


@cache
def _you_names() -> frozenset[str]:
    return frozenset(you_name(lang) for lang in LANGS)


#: Each game's presenter, once asked of it (presenters keep no state).
_PRESENTERS: dict[str, Presenter] = {}


def presenter_for(game: str | Game[Any, Any]) -> Presenter:
    """The presenter of ``game`` (its name or the game), as the game gives it
    (:meth:`~paiju.core.protocol.Game.presenter`). An unknown game raises
    (:func:`~paiju.core.games.get_game`), and so does one whose presenter is not a
    :class:`Presenter`."""
    if type(game) is str:  # the usual call, by name, once the presenter is made
        known = _PRESENTERS.get(game)
        if known is not None:
            return known
    from paiju.core.games import get_game

    name = game if isinstance(game, str) else game.name
    made = _PRESENTERS.get(name)
    if made is None:
        found = (get_game(name) if isinstance(game, str) else game).presenter()
        if not isinstance(found, Presenter):
            raise TypeError(f"the game {name!r} gives no table presenter: {found!r}")
        made = _PRESENTERS[name] = found
    return made
