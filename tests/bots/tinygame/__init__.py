"""A tiny climbing game that implements the whole core protocol, for testing players.

Cards are ``<rank><suit>`` with ranks 1-6 and suits a, b, c (18 cards). Each of the
2 or 3 seats is dealt five cards; the rest lie face down in a kitty nobody sees. Seat
0 leads a single or a pair; each seat in turn beats it with a higher single or pair of
the same size, or passes. When every other seat has passed, the last player leads
again. The first seat to run out of cards wins and each other seat pays it one point
per card it still holds.

Hidden information: the other hands and the kitty. ``View.sample`` deals the unseen
cards at random, consistent with the hand sizes.
"""

from __future__ import annotations

import random as _random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from paiju.core.errors import IllegalAction, MalformedRecord
from paiju.core.options import Option, OptionTable
from paiju.core.protocol import Result

RANKS = range(1, 7)
SUITS = "abc"
DECK = tuple(f"{r}{s}" for r in RANKS for s in SUITS)
HAND = 5

OPTIONS = OptionTable(
    "tiny",
    [Option("pairs", "bool", True, "pairs may be played", "test fixture", said={
        "true": "A pair of one rank may be led, and beaten by a higher pair.",
        "false": "Pairs are not played: every play is a single card.",
    }, group="cards", place=10, listed_off=True)],
    {"basic": {}, "singles": {"pairs": False}},
)


def rank(card: str) -> int:
    return int(card[0])


@dataclass(frozen=True)
class Rules:
    preset: str
    values: dict[str, Any]


@dataclass(frozen=True, order=True)
class Move:
    seat: int
    do: str
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.do == "play":
            out["cards"] = list(self.cards)
        return out


class TinyState:
    game = "tiny"

    def __init__(self, rules: Rules, hands: Sequence[Sequence[str]], kitty: Sequence[str]):
        self.rules = rules
        self.deal_hands = [list(h) for h in hands]
        self.kitty = list(kitty)
        self.hands = [sorted(h) for h in hands]
        self.turn: int | None = 0
        self.top: tuple[str, ...] = ()
        self.last = 0
        self.passes = 0
        self.history: list[Move] = []
        self.winner: int | None = None
        self._saved: list[tuple[Any, ...]] = []

    @property
    def num_seats(self) -> int:
        return len(self.hands)

    def to_move(self) -> int | None:
        return self.turn

    def is_terminal(self) -> bool:
        return self.turn is None

    def legal_actions(self) -> list[Move]:
        if self.turn is None:
            return []
        seat, hand = self.turn, self.hands[self.turn]
        out: list[Move] = []
        singles = [(c,) for c in hand]
        pairs = [
            (a, b) for i, a in enumerate(hand) for b in hand[i + 1:] if rank(a) == rank(b)
        ] if self.rules.values["pairs"] else []
        for combo in singles + pairs:
            if not self.top or (len(combo) == len(self.top) and rank(combo[0]) > rank(self.top[0])):
                out.append(Move(seat, "play", combo))
        if self.top:
            out.append(Move(seat, "pass"))
        return out

    def why_illegal(self, action: Any) -> str | None:
        if self.turn is None:
            return "the hand is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {action.seat}'s"
        if action not in self.legal_actions():
            return f"seat {action.seat} may not {action.do} {' '.join(action.cards)} now"
        return None

    def apply(self, action: Any) -> None:
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        n = self.num_seats
        seat = action.seat
        self.history.append(action)
        if action.do == "pass":
            self.passes += 1
            if self.passes == n - 1:
                self.top, self.passes = (), 0
                self.turn = self.last
            else:
                self.turn = (seat + 1) % n
            return
        for card in action.cards:
            self.hands[seat].remove(card)
        self.top, self.last, self.passes = action.cards, seat, 0
        if not self.hands[seat]:
            self.winner, self.turn = seat, None
            return
        self.turn = (seat + 1) % n

    def push(self, action: Any) -> None:
        """:meth:`apply` ``action`` so that :meth:`pop` can take it back."""
        saved = ([list(h) for h in self.hands], self.turn, self.top, self.last,
                 self.passes, self.winner)
        self.apply(action)
        self._saved.append(saved)

    def pop(self) -> Move:
        """Take back the last :meth:`push` and return its action."""
        if not self._saved:
            raise IndexError("nothing to take back")
        hands, self.turn, self.top, self.last, self.passes, self.winner = self._saved.pop()
        self.hands = hands
        return self.history.pop()

    def clone(self) -> TinyState:
        other = TinyState.__new__(TinyState)
        other.rules = self.rules
        other.deal_hands = [list(h) for h in self.deal_hands]
        other.kitty = list(self.kitty)
        other.hands = [list(h) for h in self.hands]
        other.turn, other.top, other.last = self.turn, self.top, self.last
        other.passes, other.history, other.winner = self.passes, list(self.history), self.winner
        other._saved = []
        return other

    def view(self, seat: int) -> TinyView:
        return TinyView(
            seat=seat,
            rules=self.rules,
            hand=tuple(self.hands[seat]),
            counts=tuple(len(h) for h in self.hands),
            kitty_size=len(self.kitty),
            history=tuple(self.history),
            turn=self.turn,
            legal=tuple(self.legal_actions()) if self.turn == seat else (),
            top=self.top,
            last=self.last,
            passes=self.passes,
            winner=self.winner,
        )

    def result(self) -> Result:
        if self.winner is None:
            raise ValueError("the hand is not over")
        points = [-float(len(h)) for h in self.hands]
        points[self.winner] = -sum(points)
        return Result(tuple(points), (self.winner,), {"winner": self.winner})

    def report(self) -> dict[str, Any]:
        if self.winner is None:
            return {"winner": None, "points": None}
        return {"winner": self.winner, "points": list(self.result().points)}

    def record(self) -> dict[str, Any]:
        return {
            "game": "tiny",
            "rules": self.rules.preset,
            "deal": {"hands": [list(h) for h in self.deal_hands], "kitty": list(self.kitty)},
            "actions": [a.to_json() for a in self.history],
        }


@dataclass(frozen=True)
class TinyView:
    game: ClassVar[str] = "tiny"
    seat: int
    rules: Rules
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    kitty_size: int
    history: tuple[Move, ...]
    turn: int | None
    legal: tuple[Move, ...]
    top: tuple[str, ...]
    last: int
    passes: int
    winner: int | None

    def to_move(self) -> int | None:
        return self.turn

    def legal_actions(self) -> Sequence[Move]:
        return self.legal

    def sample(self, rng: _random.Random) -> TinyState:
        played = {c for m in self.history for c in m.cards}
        unseen = [c for c in DECK if c not in played and c not in self.hand]
        rng.shuffle(unseen)
        hands: list[list[str]] = []
        for s, count in enumerate(self.counts):
            if s == self.seat:
                hands.append(list(self.hand))
            else:
                hands.append(unseen[:count])
                unseen = unseen[count:]
        state = TinyState(self.rules, [[] for _ in self.counts], unseen)
        state.hands = [sorted(h) for h in hands]
        # The original deal of a sample: current hands plus what each seat played.
        for s, hand in enumerate(hands):
            state.deal_hands[s] = hand + [c for m in self.history if m.seat == s for c in m.cards]
        state.history = list(self.history)
        state.turn, state.top, state.last = self.turn, self.top, self.last
        state.passes, state.winner = self.passes, self.winner
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "tiny",
            "seat": self.seat,
            "hand": list(self.hand),
            "counts": list(self.counts),
            "kitty": self.kitty_size,
            "actions": [m.to_json() for m in self.history],
            "to_move": self.turn,
            "top": list(self.top),
        }


class TinySession:
    def __init__(self, rules: Rules, players: int, seed: int | None) -> None:
        self.rules, self._players = rules, players
        self.rng = _random.Random(seed)
        self._totals = [0.0] * players
        self._hands = 0

    @property
    def players(self) -> int:
        return self._players

    @property
    def totals(self) -> Sequence[float]:
        return tuple(self._totals)

    @property
    def hands_played(self) -> int:
        return self._hands

    def seat_players(self) -> list[int]:
        return [(self._hands + s) % self._players for s in range(self._players)]

    def deal(self) -> TinyState:
        return GAME.new_hand(self.rules, self._players, self.rng)

    def finish(self, state: Any) -> Result:
        result: Result = state.result()
        for seat, player in enumerate(self.seat_players()):
            self._totals[player] += result.points[seat]
        self._hands += 1
        return result


class TinyGame:
    name = "tiny"
    title = "Tiny climbing"
    player_counts = (2, 3)
    options = OPTIONS
    #: no players of its own beyond the generic ones
    players: Mapping[str, Any] = {}

    def rules(self, spec: Any = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        preset, values = OPTIONS.resolve(spec, overrides)
        return Rules(preset, values)

    def new_hand(self, rules: Rules, players: int, rng: _random.Random) -> TinyState:
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[i * HAND:(i + 1) * HAND] for i in range(players)]
        return TinyState(rules, hands, deck[players * HAND:])

    def new_session(self, rules: Rules, players: int, seed: int | None) -> TinySession:
        return TinySession(rules, players, seed)

    def from_record(self, record: Mapping[str, Any]) -> TinyState:
        deal = record.get("deal")
        if not isinstance(deal, Mapping):
            raise MalformedRecord("the record has no deal")
        hands, kitty = deal.get("hands"), deal.get("kitty", [])
        cards = [c for h in hands or [] for c in h] + list(kitty)
        if sorted(cards) != sorted(DECK):
            raise MalformedRecord("the deal is not the tiny pack")
        return TinyState(self.rules(record.get("rules")), hands or [], kitty)

    def strategy(self, view: Any, rng: _random.Random) -> Move:
        return heuristic(view, rng)

    def page(self) -> Any:
        """The game for the browser table (``tinygame/page.py``)."""
        from .page import page

        return page()

    def seat_view(self, state: Any, seat: int) -> Any:
        return state.view(seat)

    def presenter(self) -> Any:
        """The toy game at a table (tinygame/present.py)."""
        from tinygame.present import TinyPresenter

        return TinyPresenter()

    @property
    def research(self) -> Any:
        from tinygame.research import RESEARCH  # the research envs' part (research.py)

        return RESEARCH

    def action_from_json(self, obj: Any) -> Move:
        if not isinstance(obj, Mapping) or obj.get("do") not in ("play", "pass"):
            raise MalformedRecord(f"not a tiny action: {obj!r}")
        return Move(int(obj["seat"]), obj["do"], tuple(sorted(obj.get("cards", []))))


GAME = TinyGame()


def register() -> None:
    """Make ``tiny`` known to :func:`paiju.core.games.get_game`."""
    from paiju.core import games

    games.GAMES["tiny"] = "tinygame"  # as PAIJU_GAMES=tiny=tinygame does in a process


def heuristic(view: Any, rng: _random.Random) -> Move:
    """The tiny game's rule-based player: shed pairs first, then the lowest single; pass last."""
    plays = [m for m in view.legal_actions() if m.do == "play"]
    if not plays:
        return Move(view.seat, "pass")
    return min(plays, key=lambda m: (-len(m.cards), rank(m.cards[0]), m.cards))
