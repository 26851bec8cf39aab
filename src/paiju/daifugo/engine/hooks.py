"""The Dai Fugō house rules, each one small hook registered under its option.

docs/daifugo.md's rule matrix links every option here. The order of registration is
the order in which the hooks act on a play. The rule-sources are those of the options
(:mod:`paiju.daifugo.rules`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paiju.daifugo.engine.cards import (
    EIGHT,
    FIVE,
    JACK,
    NINE,
    SEVEN,
    SPADE_THREE,
    TEN,
    THREE,
    TWO,
)
from paiju.daifugo.engine.combos import EMPEROR, GROUP, JOKER_RANK, SEQUENCE, Meld
from paiju.daifugo.engine.position import DROPPED_PILE, OVER
from paiju.daifugo.engine.registry import (
    Beater,
    Play,
    TurnRule,
    beater,
    finish_ban,
    on_out,
    on_play,
    turn_rule,
)
from paiju.daifugo.engine.rulebook import TITLE_RANK, Rulebook

if TYPE_CHECKING:
    from paiju.daifugo.engine.position import Position
    from paiju.daifugo.engine.state import DaifugoState


def _lone_joker(t: Meld) -> bool:
    return t.size == 1 and t.jokers == 1


# ---------------------------------------------------------------- beaters


def _is_sandstorm(m: Meld) -> bool:
    return m.kind == GROUP and m.rank == THREE and m.size == 3


def _sandstorm(t: Meld, m: Meld, rev: bool) -> bool:
    return _is_sandstorm(m)


def _emperor(t: Meld, m: Meld, rev: bool) -> bool:
    return m.kind == EMPEROR


_SPADE_THREE_BIT = 1 << SPADE_THREE


def _spade_three(t: Meld, m: Meld, rev: bool) -> bool:
    return t.size == 1 and t.jokers == 1 and m.naturals == _SPADE_THREE_BIT


def _spade_three_ranks(t: Meld, rev: bool) -> int:
    return 1 << THREE if _lone_joker(t) else 0


def _down_number(t: Meld, m: Meld, rev: bool) -> bool:
    if t.size != 1 or t.jokers or m.jokers or t.suits != m.suits or m.kind != GROUP:
        return False
    return Rulebook.strength(m.rank, rev) == Rulebook.strength(t.rank, rev) - 1


def _down_number_ranks(t: Meld, rev: bool) -> int:
    if t.size != 1 or t.jokers:
        return 0
    lower = t.rank + 1 if rev else t.rank - 1
    return 1 << lower if 0 <= lower <= TWO else 0


#: sandstorm: three 3s on anything, lock or not (they then clear the table).
beater(Beater("sandstorm", _sandstorm, same_shape=False, locked=False, groups=((THREE, 3),)))
#: emperor: four consecutive ranks in four suits on anything.
beater(Beater("emperor", _emperor, same_shape=False, locked=False, emperors=True))
#: 004 "Three of spades rule": the ♠3 beats a lone joker (a lock still binds it; under
#: spade_three_over_lock the beater of the UECda section below takes its place).
beater(Beater("spade_three", _spade_three, same_shape=True, locked=True,
              ranks=_spade_three_ranks),
       when=lambda r: r.spade_three and not r.spade_three_over_lock)
#: down number: the next lower card of the single's suit.
beater(Beater("down_number", _down_number, same_shape=True, locked=True,
              ranks=_down_number_ranks))


# ---------------------------------------------------------------- on_play


@on_play("jack_back")
def jack_back(book: Rulebook, p: Position, play: Play) -> None:
    """004 "Jack": a Jack reverses the ranking until the table clears."""
    if play.meld.ranks >> JACK & 1:
        p.jack_back_now = not p.jack_back_now


@on_play("nine_reverse")
def nine_reverse(book: Rulebook, p: Position, play: Play) -> None:
    """9-reverse: a play with a 9 turns the direction of play."""
    if play.meld.ranks >> NINE & 1:
        p.direction = -p.direction


@on_play("shibari")
def shibari(book: Rulebook, p: Position, play: Play) -> None:
    """004 "Suit lock": consecutive plays in the same suits lock them until the clear."""
    if play.following:
        p.lock |= locked_suits(book, p.trick)


def locked_suits(book: Rulebook, trick: list[Meld]) -> int:
    """The suits the last plays of the trick lock (0: none)."""
    k = book.rules.shibari_after
    if len(trick) < k:
        return 0
    last = trick[-k:]
    if book.rules.shibari == "full" or last[-1].kind == SEQUENCE or last[-1].size == 1:
        s = last[0].suits
        if not s or any(q.suits != s for q in last):
            return 0
        if last[-1].kind == GROUP and any(q.jokers > len(q.subs) for q in last):
            return 0  # a joker that names no card has no suit (group_joker_suit=none)
        return s
    common = 0xF
    for q in last:
        common &= q.suits
    return common


@on_play("sandstorm")
def sandstorm_clears(book: Rulebook, p: Position, play: Play) -> None:
    """Sandstorm: three 3s clear the table."""
    if _is_sandstorm(play.meld):
        play.clears = True


@on_play("spade_three_clears")
def spade_three_clears(book: Rulebook, p: Position, play: Play) -> None:
    """UECda 2010 (rule.html 4.3.2): the ♠3 on a lone joker clears the table."""
    t = play.table
    if t is not None and _spade_three(t, play.meld, play.reversed):
        play.clears = True


@on_play("emperor")
def emperor_clears(book: Rulebook, p: Position, play: Play) -> None:
    """Emperor: an emperor clears the table."""
    if play.meld.kind == EMPEROR:
        play.clears = True


@on_play("ambulance")
def ambulance(book: Rulebook, p: Position, play: Play) -> None:
    """Ambulance: a pair of 9s clears the table."""
    m = play.meld
    if m.kind == GROUP and m.rank == NINE and m.size == 2:
        play.clears = True


@on_play("eight_cut")
def eight_cut(book: Rulebook, p: Position, play: Play) -> None:
    """004 "Eights rule (hachi-giri)": a play with an 8 cuts (clears) the table."""
    if play.meld.ranks >> EIGHT & 1:
        play.cut = True


@on_play("four_stop", unsure=True)
def four_stop(book: Rulebook, p: Position, play: Play) -> None:
    """4-stop: an 8-cut of a group waits for 4s instead of clearing at once."""
    if play.cut and not play.clears and play.meld.kind == GROUP:
        play.cut = False
        p.cut_pending = True


@on_play("five_skip")
def five_skip(book: Rulebook, p: Position, play: Play) -> None:
    """5-skip: each 5 skips the next seat."""
    play.skips = play.meld.count(FIVE)


@on_play("seven_pass")
def seven_pass(book: Rulebook, p: Position, play: Play) -> None:
    """7-watashi: hand over one card per 7 to the next seat."""
    k = play.meld.count(SEVEN)
    if k:
        play.steps.append(("seven_pass", k))


@on_play("ten_discard")
def ten_discard(book: Rulebook, p: Position, play: Play) -> None:
    """004 "Discard for tens": discard up to one card face down per 10."""
    k = play.meld.count(TEN)
    if k:
        play.steps.append(("discard", k))


@on_play("forbidden_finish")
def forbidden_finish(book: Rulebook, p: Position, play: Play) -> None:
    """004 "Cannot go out with highest card": such a finish makes the seat Dai Hinmin."""
    if not p.hands[play.seat]:
        play.forbidden = book.forbidden_finish(play.meld, play.table, play.reversed)


@finish_ban("joker")
def _ban_joker(book: Rulebook, m: Meld, t: Meld | None, rev: bool) -> bool:
    return m.kind == GROUP and m.rank == JOKER_RANK


@finish_ban("eight")
def _ban_eight(book: Rulebook, m: Meld, t: Meld | None, rev: bool) -> bool:
    return bool(m.ranks >> EIGHT & 1)


@finish_ban("spade_three")
def _ban_spade_three(book: Rulebook, m: Meld, t: Meld | None, rev: bool) -> bool:
    return (t is not None and _lone_joker(t) and m.size == 1
            and m.naturals == 1 << SPADE_THREE)


@finish_ban("top")
def _ban_top(book: Rulebook, m: Meld, t: Meld | None, rev: bool) -> bool:
    if m.kind == GROUP:
        return m.rank == (THREE if rev else TWO)
    # a joker beyond the ends (sequence_joker_beyond_ends) reaches past the top rank
    return m.kind == SEQUENCE and (m.rank <= 0 if rev else m.high >= book.seq_top)


# ---------------------------------------------------------------- on_out (the first out)


@on_out("gekokujo")
def gekokujo(book: Rulebook, st: DaifugoState, seat: int) -> bool:
    """Gekokujō: the previous loser going out first ends the hand, titles reversed."""
    if seat != st.prev_last:
        return False
    titles = st.titles_eff
    assert titles is not None
    n = st.n
    st.pos.final = sorted(range(n), key=lambda s: (-TITLE_RANK[titles[s]], (s - seat) % n))
    st.pos.phase = OVER
    return True


@on_out("miyako_ochi")
def miyako_ochi(book: Rulebook, st: DaifugoState, seat: int) -> bool:
    """004 "Miyako-Ochi": the previous Dai Fugō not first out falls to Dai Hinmin."""
    p = st.pos
    pf = st.prev_first
    if pf is not None and pf != seat and p.active >> pf & 1:
        p.dropped |= p.hands[pf]
        if p.hands[pf]:
            p.hidden.append((len(st.actions) - 1, pf, DROPPED_PILE, p.hands[pf]))
        p.hands[pf] = 0
        p.active &= ~(1 << pf)
        p.fallen = pf
    return False


# ---------------------------------------------------------------- UECda meld rules (issue 14)

#: UECda 2010 (man/rule.html 4.3.2): the ♠3 beats a lone joker whatever lock was made
#: before the joker.
beater(Beater("spade_three_over_lock", _spade_three, same_shape=True, locked=False,
              ranks=_spade_three_ranks))


# ---------------------------------------------------------------- turn rules (UECda 2010)

#: man/rule.html 4.2.1: "once you have passed, your turn does not come round until the
#: field clears" (also 004's variant "a player who passes is not allowed to play again
#: until after the cards have been cleared").
NO_PLAY_AFTER_PASS = turn_rule(TurnRule("no_play_after_pass", keeps_out=True))
#: man/rule.html 4.2.4: "the field does not clear until everyone has declared a pass".
LAST_PLAYER_AGAIN = turn_rule(TurnRule("last_player_again", plays_on=True))
#: man/rule.html 4.5.1: a client may pass when it has the lead.
LEAD_PASS = turn_rule(TurnRule("lead_pass", lead_may_pass=True))
#: man/rule.html 4.5.1 (千日手): "if passes continue 20 times, the clients that have not
#: gone out are ranked at random".
PASS_LIMIT = turn_rule(TurnRule("pass_limit", pass_limit=lambda r: r.pass_limit))
