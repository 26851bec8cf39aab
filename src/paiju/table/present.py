"""How each game looks on the table: card names, the hand, the seats, the log lines.

A presenter reads only what a seat may know: its :class:`~paiju.core.protocol.View`
(``to_json()`` and, for Luk Fu, the view's aged-card knowledge) and the public record
of actions, so the screen cannot show a hidden card. Each game has two namings:
the sources' romanized names, and the native ones (Chinese for Luk Fu, Japanese for
Dai Fugō), switched with one key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from paiju.core.protocol import Action, State, View

#: The key of each kind of action; enter plays the selected cards as the phase asks.
MOVE_KEYS: dict[str, str] = {
    "play": "enter",
    "pass": "p",
    "call": "c",
    "declare": "d",
    "discard": "x",
    "five_tigers": "t",
    "give": "enter",
    "seven_pass": "enter",
}
#: The actions that take no cards.
NO_CARDS = ("pass", "call", "declare", "five_tigers")


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

    # ------------------------------------------------------------ cards

    def label(self, token: str, native: bool) -> str:
        """A card's short label."""
        raise NotImplementedError

    def labels(self, tokens: Sequence[str], native: bool) -> str:
        return " ".join(self.label(t, native) for t in tokens)

    def chips(self, seen: Seen, native: bool) -> list[Chip]:
        """The seat's hand, sorted, with its marks."""
        raise NotImplementedError

    def hand_title(self, seen: Seen, native: bool) -> str:
        """The caption of the hand: what the colours and marks mean."""
        raise NotImplementedError

    # ------------------------------------------------------------ table

    def seat_rows(self, seen: Seen, names: Sequence[str], native: bool) -> list[str]:
        """One line per seat (Rich markup): who, cards held, tricks or place, flags."""
        raise NotImplementedError

    def status(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        """Whose turn it is and what they must do, with the hand's public flags."""
        raise NotImplementedError

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: bool
    ) -> str:
        """An action as a log line, as ``observer`` saw it (hidden cards only counted)."""
        raise NotImplementedError

    def in_trick(self, action: Mapping[str, Any]) -> bool:
        """Whether the action belongs on the trick panel (a play, pass or discard)."""
        return action["do"] not in ("give", "call", "declare", "five_tigers")

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        """Whether the last action closed the trick (a round won, or the table cleared)."""
        raise NotImplementedError

    def cleared_note(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        """What happened when the trick was closed."""
        raise NotImplementedError

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: bool
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

    def role(self, seen: Seen, native: bool) -> str:
        """The seat's part in this hand, as players say it (``Master``; ``Dai Fugō``)."""
        return ""

    def notation(self, text: str, native: bool) -> str:
        """An engine's sentence with each card written as the screen writes it."""
        pattern = self.token_pattern()
        return pattern.sub(lambda m: self.label(m.group(0), native), text) if pattern else text

    def token_pattern(self) -> re.Pattern[str] | None:
        """What a card token looks like in the engine's sentences (``None``: as on screen)."""
        return None

    # ------------------------------------------------------------ actions

    def moves(self, legal: Sequence[Action]) -> list[str]:
        """The kinds of action (``do``) the seat may take now, in key order."""
        seen: list[str] = []
        for a in legal:
            do = a.to_json()["do"]
            if do not in seen:
                seen.append(do)
        order = list(MOVE_KEYS)
        return sorted(seen, key=lambda d: order.index(d) if d in order else len(order))

    def key_for(self, do: str, dos: Sequence[str]) -> str:
        """The key that makes action ``do`` when the actions ``dos`` are legal."""
        return "enter" if do == self.enter_do(dos) else MOVE_KEYS.get(do, "?")

    def enter_do(self, dos: Sequence[str]) -> str:
        """What enter does with the selected cards: the one card action, else ``play``."""
        with_cards = [d for d in dos if d not in NO_CARDS]
        if len(with_cards) == 1:
            return with_cards[0]
        return "play"

    def build(
        self, do: str, seat: int, tokens: Sequence[str], legal: Sequence[Action]
    ) -> dict[str, Any]:
        """The action (as record JSON) for ``do`` with the selected cards."""
        out: dict[str, Any] = {"seat": seat, "do": do}
        if tokens or do not in NO_CARDS:
            out["cards"] = list(tokens)
        return out


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (CJK is two cells a character)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def say(who: str, third: str, base: str) -> str:
    """``who`` and the verb agreeing with it: ``P1 passes``, ``You pass``."""
    return f"{who} {base if who == 'You' else third}"


def presenter_for(game: str) -> Presenter:
    """The presenter of ``game``."""
    if game == "lukfu":
        from paiju.table.present_lukfu import LukFuPresenter

        return LukFuPresenter()
    if game == "daifugo":
        from paiju.table.present_daifugo import DaifugoPresenter

        return DaifugoPresenter()
    raise KeyError(f"no presenter for the game {game!r}")
