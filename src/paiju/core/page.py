"""What the browser table needs to know of a game, sent to the page as data.

Each game describes itself for the page (``paiju/GAME/page.py``, reached through
:meth:`paiju.core.protocol.Game.page`); ``GET /api/games`` carries it as each game's
``page``, and the page's JavaScript draws every game from it, knowing none by name.
The words a player reads are never here: the description names the page's phrases
(``static/js/phrases.js``) by key, and the card names are the game's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

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
      odd count turns the ranking round; ``ranking``: the phrases the ranking is said
      with on the felt, usual and turned round (empty: not said);
    - ``red_word``: the phrase a red card is called by (``None``: red is only a colour);
    - ``seats``, ``roles``: how seats are told apart, and each seat's role phrase;
    - ``card_seat``: a seat that holds one card the view names under ``card_key``, shown
      on its own (``None``: none), with ``card_caption`` the phrase above it;
    - ``hand_caption``: the phrase above the hand when the ranking is not in force;
    - ``trick``, ``round_size``: what the felt shows; ``to_beat``: the view's key of the
      play to beat (a ``table`` felt); ``flags``: the state of play said beside the
      ranking, each ``(view key, phrase, usual value)``: the phrase (its ``{value}`` the
      key's) while the view sets the key to another value than the usual (``""``: none);
    - ``bare``: the kinds of action that never take cards; ``face_down``: those whose
      cards only their seat sees (the others are told how many);
    - ``result``: the end-of-hand table (:data:`ResultStyle`);
    - ``titles``: the titles a player may carry -> each one's phrase, richest first;
      ``exchange``: pairs of titles that trade cards after a hand ``(richer, poorer,
      cards)``; the page tells a seat what its exchange came to; ``ask_option``: the
      table option under which the richer name the cards they want before the poorer
      give (``""``: none);
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
    to_beat: str = "table"
    flags: tuple[tuple[str, str, str], ...] = ()
    bare: tuple[str, ...] = ("pass",)
    face_down: tuple[str, ...] = ()
    ask_option: str = ""
    result: ResultStyle = "places"
    titles: Mapping[str, str] = field(default_factory=dict)
    exchange: tuple[tuple[str, str, int], ...] = ()

    def to_json(self) -> dict[str, object]:
        """The description as ``GET /api/games`` sends it."""
        return {
            "title": self.title, "native_lang": self.native_lang, "moves": list(self.moves),
            "card_shape": self.card_shape,
            "deck": {token: face.to_json() for token, face in self.deck.items()},
            "learn_players": self.learn_players,
            "player_notes": {str(n): key for n, key in self.player_notes.items()},
            "move_words": dict(self.move_words),
            "hand_order": self.hand_order, "turned_by": list(self.turned_by),
            "ranking": list(self.ranking),
            "red_word": self.red_word, "seats": self.seats, "roles": list(self.roles),
            "card_seat": self.card_seat, "card_key": self.card_key,
            "card_caption": self.card_caption, "hand_caption": self.hand_caption,
            "trick": self.trick, "round_size": self.round_size,
            "to_beat": self.to_beat, "flags": [list(f) for f in self.flags],
            "bare": list(self.bare), "face_down": list(self.face_down),
            "ask_option": self.ask_option, "result": self.result,
            "titles": dict(self.titles), "exchange": [list(e) for e in self.exchange],
        }
