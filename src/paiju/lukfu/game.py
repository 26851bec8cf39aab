"""Luk Fu's entry point for the registry: ``GAME`` (see :class:`paiju.core.protocol.Game`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from paiju.core.errors import MalformedRecord
from paiju.core.options import OptionTable
from paiju.core.page import PageDescription
from paiju.core.protocol import Game, PolicyEncoder, Research, State, View
from paiju.core.records import check_you, field
from paiju.lukfu.engine.cards import LI_CHEN, Card, name, parse_card
from paiju.lukfu.engine.session import LukFuSession
from paiju.lukfu.engine.state import DOS, LukFuAction, LukFuState, new_state
from paiju.lukfu.rules import TABLE, Rules, make_rules

#: Keys a Luk Fu record may hold.
RECORD_KEYS = {"game", "rules", "deal", "actions", "players", "comment", "you"}
_NO_CARDS = {"call", "pass", "declare", "five_tigers"}


def _cards(tokens: Any, where: str) -> list[Card]:
    if not isinstance(tokens, list):
        raise MalformedRecord(f"{where} must be a list of cards like [\"9Sip\", \"5Gon\"]")
    cards = [parse_card(t) for t in tokens]
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise MalformedRecord(f"{where} lists {name(c)} twice")
        seen.add(c)
    return cards


def parse_deal(deal: Any, players: int | None = None) -> tuple[list[int], Card | None]:
    """Three hands and the dreamer's card (four players) from a record's ``deal``.

    Refuses anything that is not a real deal: not three hands of twelve, a card twice,
    Li Chen in a three-player deal, a four-player deal without the dreamer's card.
    """
    if not isinstance(deal, Mapping):
        raise MalformedRecord("'deal' must be an object with 'hands' (and 'dreamer' for 4)")
    extra = set(deal) - {"hands", "dreamer"}
    if extra:
        raise MalformedRecord(f"'deal' may hold only 'hands' and 'dreamer', not {sorted(extra)}")
    hands = deal.get("hands")
    if not isinstance(hands, list):
        raise MalformedRecord("'deal' has no list of 'hands'")
    if len(hands) != 3:
        hint = (
            "; the dreamer's single card is given as 'dreamer', not as a hand"
            if len(hands) == 4 else ""
        )
        raise MalformedRecord(
            f"a Luk Fu deal has three hands (seats 0, 1, 2), not {len(hands)}{hint}"
        )
    owner: dict[Card, str] = {}
    masks = []
    for seat, tokens in enumerate(hands):
        cards = _cards(tokens, f"the hand of seat {seat}")
        if len(cards) != 12:
            raise MalformedRecord(f"the hand of seat {seat} has {len(cards)} cards, not 12")
        for c in cards:
            if c in owner:
                raise MalformedRecord(f"{name(c)} is dealt twice ({owner[c]} and seat {seat})")
            owner[c] = f"seat {seat}"
        masks.append(sum(1 << c for c in cards))
    dreamer_raw = deal.get("dreamer")
    dreamer: Card | None = None
    if dreamer_raw is not None:
        dreamer = parse_card(dreamer_raw)
        if dreamer in owner:
            raise MalformedRecord(f"{name(dreamer)} is dealt twice ({owner[dreamer]} and the "
                                  "dreamer)")
    if players is not None and players not in (3, 4):
        raise MalformedRecord(f"Luk Fu is for 3 or 4 players, not {players}")
    if players == 4 and dreamer is None:
        raise MalformedRecord("a four-player deal gives the dreamer's card as 'dreamer'")
    if players == 3 and dreamer is not None:
        raise MalformedRecord("a three-player deal has no dreamer")
    if dreamer is None and LI_CHEN in owner:
        raise MalformedRecord(
            f"Li Chen is dealt only with four players ({owner[LI_CHEN]} holds it), and a "
            "four-player deal gives the dreamer's card as 'dreamer'"
        )
    return masks, dreamer


class LukFuGame:
    """Luk Fu (六虎) for the registry, the referee and the command line."""

    name = "lukfu"
    title = "Luk Fu (六虎)"
    player_counts = (3, 4)
    #: the player ``strongest`` stands for (docs/strength.md, "The strongest player"):
    #: the search guided by the learned policy
    strongest = "ismcts:iters=100:prior=learned"

    @property
    def options(self) -> OptionTable:
        return TABLE

    def rules(self, spec: Any = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        return make_rules(spec, overrides)

    def new_hand(self, rules: Rules, players: int, rng: Random) -> LukFuState:
        if players not in self.player_counts:
            raise MalformedRecord(f"Luk Fu is for 3 or 4 players, not {players}")
        return new_state(rules, players, rng)

    def new_session(self, rules: Rules, players: int, seed: int | None) -> LukFuSession:
        return LukFuSession(rules, players, seed)

    def from_record(self, record: Mapping[str, Any]) -> LukFuState:
        if not isinstance(record, Mapping):
            raise MalformedRecord("a record must be a JSON object")
        extra = set(record) - RECORD_KEYS
        if extra:
            raise MalformedRecord(
                f"a Luk Fu record holds {', '.join(sorted(RECORD_KEYS))}; not {sorted(extra)}"
            )
        game = field(record, "game", str)
        if game.lower() != self.name:
            raise MalformedRecord(f"this is a {game!r} record, not a Luk Fu one")
        rules = make_rules(field(record, "rules", (str, Mapping)))
        players = record.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise MalformedRecord(f"'players' must be 3 or 4, not {players!r}")
        hands, dreamer = parse_deal(field(record, "deal", Mapping), players)
        check_you(record, len(hands) + (dreamer is not None))  # the dreamer is seat 3
        return LukFuState(rules, hands, dreamer)

    def action_from_json(self, obj: Any) -> LukFuAction:
        if not isinstance(obj, Mapping):
            raise MalformedRecord(f"an action must be an object like {{\"seat\": 0, \"do\": "
                                  f"\"pass\"}}, not {obj!r}")
        extra = set(obj) - {"seat", "do", "cards"}
        if extra:
            raise MalformedRecord(f"an action holds seat, do and cards; not {sorted(extra)}")
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise MalformedRecord(f"an action's seat must be 0, 1, 2 or 3, not {seat!r}")
        do = obj.get("do")
        if do not in DOS:
            raise MalformedRecord(f"unknown action {do!r}; actions are {', '.join(DOS)}")
        tokens = obj.get("cards", [])
        cards = _cards(tokens, f"the cards of seat {seat}'s {do}")
        if do in _NO_CARDS and cards:
            raise MalformedRecord(f"a {do} takes no cards")
        if do not in _NO_CARDS and not cards:
            raise MalformedRecord(f"a {do} needs its cards")
        return LukFuAction(seat, do, sum(1 << c for c in cards))


    @property
    def players(self) -> Mapping[str, Callable[[Mapping[str, str]], Any]]:
        """Luk Fu has no players of its own beyond the generic ones."""
        return {}

    def strategy(self, view: View, rng: Random) -> LukFuAction:
        """The heuristic player's choice (:mod:`paiju.lukfu.players.strategy`)."""
        from paiju.lukfu.engine.view import LukFuView
        from paiju.lukfu.players.strategy import choose

        if not isinstance(view, LukFuView):
            raise TypeError(f"the Luk Fu player reads a Luk Fu view, not {type(view).__name__}")
        return choose(view, rng)

    @property
    def policy_encoder(self) -> PolicyEncoder:
        """The learned player's features (:mod:`paiju.lukfu.players.features`)."""
        from paiju.lukfu.players.features import encoder

        return encoder()

    def page(self) -> PageDescription:
        """The game for the browser table (:mod:`paiju.lukfu.page`)."""
        from paiju.lukfu.page import page

        return page()

    def presenter(self) -> object:
        """The game at a table (:mod:`paiju.lukfu.present`)."""
        from paiju.lukfu.present import LukFuPresenter

        return LukFuPresenter()

    @property
    def research(self) -> Research[LukFuAction, Rules]:
        """What the research envs ask for (:mod:`paiju.lukfu.research`)."""
        from paiju.lukfu.research import RESEARCH

        return RESEARCH

    def seat_view(self, state: State, seat: int) -> View:
        """The view with an active seat's aged cards from the engine's quick answer
        (``LukFuState.view(seat, aged=True)``: the same as the seat's own reasoning, by
        test, about ten times faster), which the state message, the observation and the
        rule-based player all read."""
        if not isinstance(state, LukFuState):
            raise TypeError(f"a Luk Fu view is of a Luk Fu hand, not {type(state).__name__}")
        return state.view(seat, aged=True)

#: The entry point; its annotation has mypy hold the game to the protocol.
GAME: Game[LukFuAction, Rules] = LukFuGame()
