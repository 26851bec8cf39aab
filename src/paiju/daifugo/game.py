"""The Dai Fugō entry point (paiju.core.protocol.Game): rules, deals, records."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

from paiju.core.errors import MalformedRecord
from paiju.core.options import OptionTable
from paiju.core.page import PageDescription
from paiju.core.protocol import Game, PolicyEncoder, Research, State, View
from paiju.core.records import check_you, field
from paiju.core.words import plural
from paiju.daifugo.engine.actions import Action, action_from_json
from paiju.daifugo.engine.cards import (
    COPY,
    identity,
    is_joker,
    pack,
    parse_card,
    put,
    take,
    tokens,
    twice,
)
from paiju.daifugo.engine.rulebook import TITLE_NAMES, TITLE_RANK, diamond_three_holder, rulebook
from paiju.daifugo.engine.session import DaifugoSession, first_hand
from paiju.daifugo.engine.state import DaifugoState, read_lots
from paiju.daifugo.players.standard_player import PLAYERS
from paiju.daifugo.rules import TABLE, Rules, make_rules

#: Dai Fugō's strongest player (docs/strength.md).
STRONGEST = ("ismcts:iters=256:root=halving:tree=root:rollout=heuristic:prior=heuristic"
             ":reward=games:endgame=2000")


class DaifugoGame:
    """Dai Fugō (大富豪), for 3 to 8 players (004 "More than six players")."""

    name = "daifugo"
    title = "Dai Fugō (大富豪)"
    player_counts: Sequence[int] = tuple(range(3, 9))
    #: the player ``strongest`` stands for (docs/strength.md, "The strongest player"):
    #: the halving search with exact two-seat endgames and places valued over the hands
    #: their titles carry into
    strongest = STRONGEST

    @property
    def options(self) -> OptionTable:
        return TABLE

    @property
    def players(self) -> Mapping[str, Callable[[Mapping[str, str]], Any]]:
        """Dai Fugō's own players: ``uecda-standard``
        (:mod:`paiju.daifugo.players.standard_player`)."""
        return PLAYERS

    def rules(self, spec: Any = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        return make_rules(spec, overrides)

    def new_hand(self, rules: Any, players: int, rng: Random) -> DaifugoState:
        """A first hand of a session: dealt at random, the first player by ``first_lead``."""
        check_players(rules, players)
        return first_hand(rules, players, rng)

    def new_session(self, rules: Any, players: int, seed: int | None) -> DaifugoSession:
        check_players(rules, players)
        return DaifugoSession(rules, players, seed)

    def from_record(self, record: Mapping[str, Any]) -> DaifugoState:
        if record.get("game") != self.name:
            raise MalformedRecord(f"not a Dai Fugō record: game is {record.get('game')!r}")
        rules = make_rules(record.get("rules"))
        deal = field(record, "deal", dict)
        raw_hands = field(deal, "hands", list)
        n = len(raw_hands)
        if n not in self.player_counts:
            raise MalformedRecord(f"Dai Fugō is for 3 to 8 players; the deal has {n} hands")
        check_players(rules, n)
        check_you(record, n)
        hands = _read_hands(raw_hands, rules)
        sizes = [h.bit_count() for h in hands]
        if max(sizes) - min(sizes) > 1:
            raise MalformedRecord(
                f"the cards are not dealt as equally as possible: hand sizes {sizes}")
        first = field(record, "first", int)
        if not 0 <= first < n:
            raise MalformedRecord(f"'first' must be a seat from 0 to {n - 1}, not {first}")
        titles = record.get("titles")
        if titles is not None:
            titles = _read_titles(titles, n, rules)
        lots = record.get("lots")
        state = DaifugoState(rules, hands, first, titles,
                             lots=read_lots(lots, n) if lots is not None else None)
        _check_first(state, rules, first, titles)
        return state

    def action_from_json(self, obj: Any) -> Action:
        return action_from_json(obj)

    def strategy(self, view: View, rng: Random) -> Action:
        """The heuristic player's choice (:mod:`paiju.daifugo.players.strategy`)."""
        from paiju.daifugo.engine.view import DaifugoView
        from paiju.daifugo.players.strategy import choose

        if not isinstance(view, DaifugoView):
            raise TypeError(f"the Dai Fugō player reads a Dai Fugō view, not {type(view).__name__}")
        return choose(view, rng)

    @property
    def policy_encoder(self) -> PolicyEncoder:
        """The learned player's features (:mod:`paiju.daifugo.players.features`)."""
        from paiju.daifugo.players.features import encoder

        return encoder()

    def page(self) -> PageDescription:
        """The game for the browser table (:mod:`paiju.daifugo.page`)."""
        from paiju.daifugo.page import page

        return page()

    def presenter(self) -> object:
        """The game at a table (:mod:`paiju.daifugo.present`)."""
        from paiju.daifugo.present import DaifugoPresenter

        return DaifugoPresenter()

    @property
    def research(self) -> Research[Action, Rules]:
        """What the research envs ask for (:mod:`paiju.daifugo.research`)."""
        from paiju.daifugo.research import RESEARCH

        return RESEARCH

    def seat_view(self, state: State, seat: int) -> View:
        """The seat's view as it is (a Dai Fugō view works out what it is asked when asked)."""
        return state.view(seat)


def check_players(rules: Rules, players: int) -> None:
    """MalformedRecord unless ``players`` may play ``rules``: 3 to 8 (004 "More than six
    players"), 4 to 8 with two packs (docs/daifugo.md, "The double deck")."""
    if players not in range(3, 9):
        raise MalformedRecord(f"Dai Fugō is for 3 to 8 players, not {players}")
    if rules.decks == 2 and players < 4:
        raise MalformedRecord(f"two packs (decks=2) are for 4 to 8 players, not {players}")


def _read_hands(raw: list[Any], rules: Rules) -> list[int]:
    """A deal's hands: every card of the pack once (of two packs twice, the hands in canon
    form, a hand that holds a card once writing either copy; docs/daifugo.md, "The double
    deck") and the rules' jokers, numbered in the order dealt."""
    jokers, decks = rules.jokers, rules.decks
    hands = []
    dealt = 0
    jokers_seen = 0
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list):
            raise MalformedRecord(f"hand {seat} must be a list of cards, not {hand!r}")
        mask = 0
        for tok in hand:
            c = parse_card(tok)
            if decks == 1 and c >= COPY:
                raise MalformedRecord(f"{tok!r} is a second pack's card, but the rules play "
                                      "one pack (decks=1)")
            if is_joker(c):
                if jokers_seen >= jokers:
                    raise MalformedRecord(
                        f"the deal has more jokers than the rules' {jokers} (jokers={jokers})")
                one = 1 << (52 + jokers_seen)
                jokers_seen += 1
            else:
                one = 1 << identity(c)
                if (dealt if decks == 1 else twice(dealt)) & one:
                    raise MalformedRecord(f"{tokens(one)[0]} is dealt twice" if decks == 1
                                          else f"{tokens(one)[0]} is dealt three times; two "
                                          "packs hold two")
            dealt = put(dealt, one)
            mask = put(mask, one)
        hands.append(mask)
    if jokers_seen != jokers:
        raise MalformedRecord(
            f"the deal has {plural(jokers_seen, 'joker')} but the rules have jokers={jokers}")
    missing = take(pack(jokers, decks), dealt)
    if missing:
        raise MalformedRecord(("all cards are dealt" if decks == 1 else "all cards of both "
                               "packs are dealt") + " (004 \"Deal\"), but these are missing: "
                              + " ".join(tokens(missing)))
    return hands


def _read_titles(raw: Any, n: int, rules: Rules) -> list[str]:
    want = rulebook(rules).titles_by_place(n)
    if not isinstance(raw, list) or len(raw) != n:
        raise MalformedRecord(f"'titles' must list the previous hand's title of each of the "
                              f"{n} seats")
    for t in raw:
        if t not in TITLE_RANK:
            raise MalformedRecord(f"unknown title {t!r}; titles are {', '.join(TITLE_NAMES)}")
    if sorted(raw, key=TITLE_RANK.__getitem__) != want:
        raise MalformedRecord(
            f"with {n} players the titles are {', '.join(want)}, not {', '.join(raw)}")
    return list(raw)


def _check_first(state: DaifugoState, rules: Rules, first: int, titles: Any) -> None:
    n = state.n
    seat_change = rules.seat_change
    lead = rules.first_lead
    if titles is None or lead == "diamond_three_every":
        holder = diamond_three_holder(state.dealt)
        if lead != "random" and first != holder:
            raise MalformedRecord(
                f"first_lead={lead}: seat {holder}, who holds 3D, leads, not seat {first}")
        if titles is None:
            return
    eff = state.titles_eff
    assert eff is not None
    start = state.book.title_leader(eff)
    if seat_change == "reverse":
        who = "the previous winner (seat_change=reverse)"
    else:
        who = "the loser of the previous hand (004 \"Exchange of cards\")"
    if lead != "diamond_three_every" and first != start:
        raise MalformedRecord(f"'first' must be seat {start}, {who}, not {first}")
    if seat_change != "off":
        places = [TITLE_RANK[titles[(start + k) % n]] for k in range(n)]
        ok = places == sorted(places, reverse=seat_change == "standard")
        if not ok:
            raise MalformedRecord(
                f"with seat_change={seat_change} the seats follow the previous result, "
                f"but the titles in play order from seat {start} are {titles}")


#: The entry point; its annotation has mypy hold the game to the protocol.
GAME: Game[Action, Rules] = DaifugoGame()
