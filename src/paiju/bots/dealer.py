"""Determinizations for a search: what the others could hold.

A plain deal is ``view.sample``. With an opponent model, the others' moves can steer
the deals (the settings of :mod:`paiju.bots.ismcts`): ``infer`` walks a chain of deals,
``pick`` keeps the best of fresh ones, ``facts`` deals around the cards the model says
they cannot hold, and ``held`` waits until the searching seat holds few cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Sized
from random import Random
from typing import overload

from paiju.bots.base import BarsCards, Bot
from paiju.core.protocol import Replay, ShowsHand, State, View, deals_around, rewinds


class Dealer:
    """The determinizations of one search player (settings checked by the player)."""

    def __init__(self, model: Bot | None, infer: int = 0, pick: int = 0,
                 facts: bool = False, held: int | None = None) -> None:
        self.model = model
        self.infer = infer
        self.pick = pick
        self.facts = facts
        self.held = held
        #: the deals steered by the others' moves since the last tally, and how many of
        #: them agree with every move
        self.deals = self.consistent = 0
        #: with ``facts``: the view searched and the cards barred in it
        self._barred: tuple[View, Mapping[int, int]] | None = None
        #: with ``infer``: the view searched, the chain's deal (None: the view cannot wind
        #: a sample back) and its seats' first misses
        self._chain: tuple[View, Replay | None, dict[int, int | None]] | None = None

    def tally(self) -> tuple[int, int]:
        """The deals steered and those that agree in full since the last tally; a new
        search starts a new chain."""
        out = (self.deals, self.consistent)
        self.deals = self.consistent = 0
        self._chain = None
        return out

    def deal(self, view: View, rng: Random) -> State:
        """A determinization: ``view.sample``, or with ``infer`` the next step of a
        chain of deals that the model's agreement with the others' moves steers, or with
        ``pick`` the best of fresh deals by that agreement; with ``held``, a plain sample
        while the seat holds more cards than that."""
        if self.held is not None and _cards_held(view) > self.held:
            return view.sample(rng)
        if self.facts:
            return self._barred_deal(view, rng)
        if not self.infer and not self.pick:
            return view.sample(rng)
        rewind = view.sample_replay if rewinds(view) else None
        if rewind is None:
            setting = "infer" if self.infer else "pick"
            raise ValueError(f"ismcts {setting} needs a game whose views wind a sample back "
                             f"(View.sample_replay); {view.game} has none")
        if self.pick:
            return self._pick(view, rewind, rng)
        self.deals += 1
        chain = self._chain
        budget = self.infer
        if chain is None or chain[0] is not view:
            first = rewind(rng)
            misses: dict[int, int | None] = {}
            if first is not None:
                misses = self._others_misses(first, view.seat, rng)
            chain = (view, first, misses)
            budget -= 1
        _, replay, misses = chain
        if replay is None:  # the game cannot wind this hand back: no inference
            self._chain = chain
            return view.sample(rng)
        for _ in range(budget):
            bad = [s for s, m in misses.items() if m is not None]
            moved = replay.vary(rng, bad or list(misses))
            if moved is None:  # a swap the viewer's knowledge rules out: a step lost
                continue
            tried = dict(misses)
            tried.update(self.misses(moved, list(moved.changed), rng))
            if _agreement(tried) >= _agreement(misses):
                replay, misses = moved, tried
        self._chain = (view, replay, misses)
        if all(m is None for m in misses.values()):
            self.consistent += 1
        return replay.state()

    def _barred_deal(self, view: View, rng: Random) -> State:
        """A deal drawn around the cards the model says the others cannot hold (read
        once per view)."""
        sample = view.sample_barred if deals_around(view) else None
        if sample is None:
            raise ValueError(f"ismcts facts needs a game whose views deal around barred "
                             f"cards (View.sample_barred); {view.game} has none")
        if self._barred is None or self._barred[0] is not view:
            model = self.model
            if not isinstance(model, BarsCards):
                raise ValueError("ismcts facts needs an opponent model that says which "
                                 "cards the others cannot hold")
            self._barred = (view, model.barred(view))
        return sample(rng, self._barred[1])  # with nothing barred, a plain sample

    def _pick(self, view: View, rewind: Callable[[Random], Replay | None],
              rng: Random) -> State:
        """The best of ``pick`` fresh deals by their agreement with the others' moves (a
        deal's replay stops once more seats miss than in the best so far: it cannot win)."""
        self.deals += 1
        best: tuple[tuple[int, int], Replay] | None = None
        for _ in range(self.pick):
            replay = rewind(rng)
            if replay is None:  # the game cannot wind this hand back: no inference
                return view.sample(rng)
            seats = _movers(replay, view.seat)
            most = None if best is None else len(seats) - best[0][0]  # the best's misses
            misses = self.misses(replay, seats, rng, most)
            if misses is None:
                continue
            score = _agreement(misses)
            if best is None or score > best[0]:
                best = (score, replay)
            if all(m is None for m in misses.values()):
                self.consistent += 1
                break
        assert best is not None
        return best[1].state()

    def _others_misses(self, replay: Replay, me: int, rng: Random) -> dict[int, int | None]:
        """:meth:`misses` of every seat but ``me`` that moved in ``replay``."""
        return self.misses(replay, _movers(replay, me), rng)

    @overload
    def misses(self, replay: Replay, seats: Sequence[int], rng: Random,
               most: None = None) -> dict[int, int | None]: ...

    @overload
    def misses(self, replay: Replay, seats: Sequence[int], rng: Random,
               most: int) -> dict[int, int | None] | None: ...

    def misses(self, replay: Replay, seats: Sequence[int], rng: Random,
               most: int | None = None) -> dict[int, int | None] | None:
        """For each of ``seats``: the index of its first move in ``replay`` that the
        model would not have made, or None if it made them all. With ``most``: None as
        soon as more than ``most`` seats have missed."""
        model = self.model
        assert model is not None
        out: dict[int, int | None] = {s: None for s in seats}
        todo = set(seats)
        missed = 0
        state = replay.start.clone()
        for i, action in enumerate(replay.actions):
            if not todo:
                break
            if action.seat in todo and model.choose(state.view(action.seat), rng) != action:
                out[action.seat] = i
                todo.discard(action.seat)
                missed += 1
                if most is not None and missed > most:
                    return None
            state.apply(action)
        return out


def _movers(replay: Replay, me: int) -> list[int]:
    """The seats other than ``me`` that moved in ``replay``."""
    return sorted({a.seat for a in replay.actions if a.seat != me})


def _agreement(misses: Mapping[int, int | None]) -> tuple[int, int]:
    """How well a deal agrees: the seats that made every move, then how far the
    others got."""
    return (sum(m is None for m in misses.values()),
            sum(m for m in misses.values() if m is not None))


def _cards_held(view: View) -> int:
    """How many cards the view's seat holds (``held``): its ``hand``, a collection of
    cards or a bitset of them."""
    hand = view.hand if isinstance(view, ShowsHand) else None
    if isinstance(hand, int):
        return hand.bit_count()
    if not isinstance(hand, Sized):
        raise ValueError(f"ismcts held counts the cards in the seat's hand; {view.game}'s "
                         f"views do not show one (View.hand)")
    return len(hand)
