"""What the browser table needs to know of a game, sent to the page as data.

Each game describes itself for the page (``paiju/GAME/page.py``, reached through
:meth:`paiju.core.protocol.Game.page`); ``GET /api/games`` carries it as each game's
``page``, and the page's JavaScript draws every game from it, knowing none by name.
The words a player reads are never here: the description names the page's phrases
(``static/js/phrases.js``) by key, and the card names are the game's own.

The page's layouts never read a game's view: each state message carries a :class:`Board`
and each ``hand_over`` a :class:`ResultTable`, the same for every game, which the game's
description builds from one receiver's view and the hand's report (its ``board`` and
``result_of``). A game picks a layout by the description's styles and fills it through
these parts, whatever its view is shaped like.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

#: How the seats are told apart: by a role each seat plays (``roles``: a phrase key a
#: seat), or by the title each player carried from the last hand and the place each
#: went out in (``titles``).
SeatStyle = Literal["roles", "titles"]
#: What the felt shows: the plays of the round in progress, a round being one play of
#: each of ``round_size`` seats (``rounds``), or the play to beat and what followed it,
#: with the ranking in force (``table``).
TrickStyle = Literal["rounds", "table"]
#: The end-of-hand table: each seat's payment (``payments``), its place and points
#: (``places``), or its points alone (``points``).
ResultStyle = Literal["payments", "places", "points"]
#: The order the hand is shown in: as the view lists it (``dealt``), or weakest first by
#: each card's ``order``, turned round while the ranking is (``strength``).
HandOrder = Literal["dealt", "strength"]


class _Move(TypedDict):
    seat: int
    do: str


class Play(_Move, total=False):
    """One action as the felt shows it, in the protocol's record form: who (``seat``),
    what (``do``), and its ``cards`` (another seat's face-down cards are only counted:
    ``count``)."""

    cards: list[str]
    count: int


class Badge(TypedDict):
    """What a seat's box says of it beside its name.

    ``cards``: the cards it holds (``None``: not said); ``tricks``: the tricks it has taken
    (``None``: the game counts none); ``one_card``: it holds the one card the game shows on
    its own, unseen (said "card"); ``out``: the place it went out in, from 1 (``None``: still
    in); ``was``: the title it carried from the last hand (a key of the description's
    ``titles``; ``None``: none); ``marks``: the phrases said of it (``called``...).
    """

    cards: int | None
    tricks: int | None
    one_card: bool
    out: int | None
    was: str | None
    marks: list[str]


class _Say(TypedDict):
    say: str


class Head(_Say, total=False):
    """The line above the plays of a ``rounds`` felt: the phrase ``say``, with ``seat``
    (named as ``name``), ``meld``, ``r`` and ``next`` filled into it where it has them."""

    seat: int
    meld: str
    r: int
    next: int


class Felt(TypedDict):
    """The middle of the table. ``plays``: on a ``rounds`` felt the plays of the round in
    progress (or of the last, once taken), on a ``table`` felt the play to beat (none when
    the table is clear); ``since``: what the others did after the play to beat; ``head``:
    the line above a ``rounds`` felt (``None``: none)."""

    plays: list[Play]
    since: list[Play]
    head: Head | None


class Known(TypedDict):
    """Cards this seat knows another seat to hold (the cards it gave in an exchange...)."""

    seat: int
    cards: list[str]


class Board(TypedDict):
    """A state message's ``board``: everything the page's layouts read of a hand, made by
    the game's :attr:`PageDescription.board` from one receiver's view (a spectator's: the
    public part), so that it holds nothing that receiver may not see.

    ``hand``: the receiver's own cards, as the view lists them; ``history``: the hand's
    actions so far, as the receiver saw them; ``phase``: the game's word for the stage of
    play (only written on the page for its tests, never read); ``over``: the hand is over;
    ``exchange``: cards are being handed over after the last hand (the felt shows the
    exchange); ``turned``: the ranking is turned round; ``flags``: the state of play said
    beside the ranking, each ``(phrase, value)``; ``seats``: each seat's :class:`Badge`;
    ``felt``: the :class:`Felt`; ``card``: the card of the description's ``card_seat`` as
    the receiver knows it (``None``: unknown); ``known``: what it knows of others' hands.
    """

    hand: list[str]
    history: list[Play]
    phase: str
    over: bool
    exchange: bool
    turned: bool
    flags: list[tuple[str, str]]
    seats: list[Badge]
    felt: Felt
    card: str | None
    known: list[Known]


class ResultTable(TypedDict):
    """A ``hand_over`` message's ``result``: each seat's payment or points (as the
    description's ``result`` style says), and the place each went out in (``None`` for a
    seat without one; the list itself ``None`` when the game has no places)."""

    scores: list[float] | None
    places: list[int | None] | None


#: A view's JSON, as the game's board builder reads it (any of the game's own values).
ViewJson = Mapping[str, Any]


def badge(*, cards: int | None = None, tricks: int | None = None, one_card: bool = False,
          out: int | None = None, was: str | None = None,
          marks: Sequence[str] = ()) -> Badge:
    """A seat's :class:`Badge`, with nothing said but what is named."""
    return {"cards": cards, "tricks": tricks, "one_card": one_card, "out": out, "was": was,
            "marks": list(marks)}


#: The keys of a :class:`Play`.
PLAY_KEYS: frozenset[str] = frozenset(Play.__annotations__) | frozenset(_Move.__annotations__)


def plays(actions: Sequence[Mapping[str, Any]]) -> list[Play]:
    """Actions in record form as the felt's :class:`Play` list (their seat, kind, cards and
    count only). An action that has no other key is taken as it is, not copied: a
    message's parts are never changed once made, and a hand's history is long."""
    out: list[Play] = []
    for a in actions:
        if type(a) is dict and a.keys() <= PLAY_KEYS:
            out.append(a)  # type: ignore[arg-type]  # a Play already
            continue
        play: Play = {"seat": a["seat"], "do": a["do"]}
        if a.get("cards") is not None:
            play["cards"] = list(a["cards"])
        if a.get("count") is not None:
            play["count"] = a["count"]
        out.append(play)
    return out


def to_beat(actions: Sequence[Mapping[str, Any]], cards: Sequence[str],
            by: int | None = None) -> tuple[list[Play], list[Play]]:
    """A ``table`` felt's plays and what followed: the last play of ``cards`` (by seat
    ``by`` when known; a joker's reading ``JK=10H`` counts as the joker) and the actions
    after it, from the history ``actions`` (none when ``cards`` is empty or not found)."""
    def key(tokens: Sequence[str]) -> list[str]:
        return sorted(t.split("=")[0] for t in tokens)

    want = key(cards)
    at = len(actions) - 1 if cards else -1
    while at >= 0 and not (actions[at].get("do") == "play"
                           and (by is None or actions[at].get("seat") == by)
                           and key(actions[at].get("cards") or []) == want):
        at -= 1
    if at < 0:
        # not in the history: shown by its seat when known (-1, nobody's, when not)
        return ([{"seat": -1 if by is None else by, "do": "play", "cards": list(cards)}]
                if cards else []), []
    top: Play = {**plays([actions[at]])[0], "cards": list(cards)}  # a copy: never changed
    return [top], plays(actions[at + 1:])


@dataclass(frozen=True)
class Face:
    """How one card is drawn and named.

    ``parts`` are the face's pieces in order, each ``(part, text)``: the part names the
    piece's style (``rank``, ``suit``, ``name``; a ``stack`` is written one character
    under another). ``red``: drawn in red. ``order``: its place, weakest first, in the
    game's usual ranking, and ``turned`` in the ranking turned round (``order`` when
    ``None``). ``en``/``native``: its name in English and in the game's own language;
    ``inner``: how it reads on a joker's face that stands for it (``=10♡``); ``style``:
    a style of its own (``joker``).
    """

    parts: tuple[tuple[str, str], ...]
    red: bool
    order: int
    en: str
    native: str
    inner: str = ""
    turned: int | None = None
    style: str = ""

    def to_json(self) -> dict[str, object]:
        return {"parts": [list(p) for p in self.parts], "red": self.red, "order": self.order,
                "turned": self.order if self.turned is None else self.turned,
                "en": self.en, "native": self.native, "inner": self.inner, "style": self.style}


@dataclass(frozen=True)
class PageDescription:
    """A game for the browser table (see the module's docstring).

    - ``title``: the game's name at the head of the page (the same in every language);
    - ``native_lang``: the page language (``en``, ``zh``, ``ja``) the server's ``native``
      texts are in;
    - ``moves``: the kinds of action in the order their buttons stand;
    - ``move_words``: a kind whose button and log line have words of their own in this
      game: kind -> the phrase key's suffix (``move.<suffix>``, ``rp.<suffix>``);
    - ``card_shape``: ``tall`` or ``short`` cards;
    - ``deck``: every card token -> its :class:`Face` (a joker's reading ``JK=10H`` is
      the joker's face with the card it stands for);
    - ``hand_order`` and ``turned_by``: how the hand is sorted, and the view's flags whose
      odd count turns the ranking round (read by :meth:`turned`, for the board);
      ``ranking``: the phrases the ranking is said with on the felt, usual and turned
      round (empty: not said);
    - ``red_word``: the phrase a red card is called by (``None``: red is only a colour);
    - ``seats``, ``roles``: how seats are told apart, and each seat's role phrase;
    - ``card_seat``: a seat that holds one card the view names under ``card_key``, shown
      on its own (``None``: none), with ``card_caption`` the phrase above it;
    - ``hand_caption``: the phrase above the hand when the ranking is not in force;
    - ``trick``, ``round_size``: what the felt shows; ``flags``: the state of play said
      beside the ranking, each ``(view key, phrase, usual value)``: the phrase (its
      ``{value}`` the key's) while the view sets the key to another value than the usual
      (``""``: none), read by :meth:`said_flags` for the board;
    - ``bare``: the kinds of action that never take cards; ``face_down``: those whose
      cards only their seat sees (the others are told how many);
    - ``result``: the end-of-hand table (:data:`ResultStyle`);
    - ``titles``: the titles a player may carry -> each one's phrase, richest first;
      ``exchange``: pairs of titles that trade cards after a hand ``(richer, poorer,
      cards)``; the page tells a seat what its exchange came to; ``ask_option``: the
      table option under which the richer name the cards they want before the poorer
      give (``""``: none);
    - ``board``: the game's builder of a state message's :class:`Board` from one
      receiver's view JSON, and ``result_of``: of a ``hand_over`` message's
      :class:`ResultTable` from the hand's report (neither is sent to the page);
    - ``learn_players``: the players of the guided hand the front page deals (``None``:
      the game's usual number);
      ``player_notes``: a number of players -> the phrase the table's maker reads under
      the seats (the page's usual note otherwise).
    """

    title: str
    native_lang: str
    moves: tuple[str, ...]
    card_shape: Literal["tall", "short"]
    deck: Mapping[str, Face]
    board: Callable[[ViewJson], Board] = field(compare=False)
    result_of: Callable[[Mapping[str, Any]], ResultTable] = field(compare=False)
    learn_players: int | None = None
    player_notes: Mapping[int, str] = field(default_factory=dict)
    move_words: Mapping[str, str] = field(default_factory=dict)
    hand_order: HandOrder = "dealt"
    turned_by: tuple[str, ...] = ()
    ranking: tuple[str, ...] = ()
    red_word: str | None = None
    seats: SeatStyle = "titles"
    roles: tuple[str, ...] = ()
    card_seat: int | None = None
    card_key: str = ""
    card_caption: str = ""
    hand_caption: str = ""
    trick: TrickStyle = "table"
    round_size: int = 0
    flags: tuple[tuple[str, str, str], ...] = ()
    bare: tuple[str, ...] = ("pass",)
    face_down: tuple[str, ...] = ()
    ask_option: str = ""
    result: ResultStyle = "places"
    titles: Mapping[str, str] = field(default_factory=dict)
    exchange: tuple[tuple[str, str, int], ...] = ()

    def turned(self, view: ViewJson) -> bool:
        """Whether the ranking is turned round in ``view``: an odd number of the
        ``turned_by`` flags set."""
        return sum(1 for key in self.turned_by if view.get(key)) % 2 == 1

    def said_flags(self, view: ViewJson) -> list[tuple[str, str]]:
        """The ``flags`` said in ``view``: each ``(phrase, value)`` whose key the view sets
        to another value than the usual one."""
        return [(phrase, view[key] if isinstance(view[key], str) else "")
                for key, phrase, usual in self.flags if view.get(key) and view[key] != usual]

    def to_json(self) -> dict[str, object]:
        """The description as ``GET /api/games`` sends it."""
        return {
            "title": self.title, "native_lang": self.native_lang, "moves": list(self.moves),
            "card_shape": self.card_shape,
            "deck": {token: face.to_json() for token, face in self.deck.items()},
            "learn_players": self.learn_players,
            "player_notes": {str(n): key for n, key in self.player_notes.items()},
            "move_words": dict(self.move_words),
            "hand_order": self.hand_order,
            "ranking": list(self.ranking),
            "red_word": self.red_word, "seats": self.seats, "roles": list(self.roles),
            "card_seat": self.card_seat, "card_key": self.card_key,
            "card_caption": self.card_caption, "hand_caption": self.hand_caption,
            "trick": self.trick, "round_size": self.round_size,
            "bare": list(self.bare), "face_down": list(self.face_down),
            "ask_option": self.ask_option, "result": self.result,
            "titles": dict(self.titles), "exchange": [list(e) for e in self.exchange],
        }
