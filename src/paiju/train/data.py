"""Training positions: a teacher's choices on positions from self-play.

A position is recorded from one seat's :class:`~paiju.core.protocol.View` and nothing
else: :func:`example` is given the view, encodes its legal actions with the game's
features and asks the teacher (a player, which reads only the view too) for its choice.
No feature and no label can hold another seat's cards, because neither is ever given
the state (tests/train/test_train_hidden.py resamples the hidden cards and checks that
every example stays the same).

The hands are played in sessions (so that Dai Fugō's exchanges are played) by the
*behaviour* players, one a seat: the rule-based player in the first round, the policy
learned so far in the later ones (expert iteration). Every hand's chance is drawn from
the run's seed and the hand's number, so a run stopped and resumed makes the same
positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from paiju.bots.base import Bot
from paiju.core.games import get_game
from paiju.core.protocol import PolicyEncoder, View
from paiju.core.seeding import make_rng


@dataclass(frozen=True)
class Example:
    """One labelled position: each legal action's features and the teacher's choice."""

    features: list[list[int]]
    label: int


@dataclass(frozen=True)
class Table:
    """A table to play: the rules preset and the number of players."""

    preset: str
    players: int

    def __str__(self) -> str:
        return f"{self.preset}:{self.players}"


def parse_table(text: str) -> Table:
    """``"uecda:5"`` as a :class:`Table` (the players after the colon)."""
    preset, sep, players = text.partition(":")
    if not sep or not players.isdigit():
        raise ValueError(f"a table is written PRESET:PLAYERS, like hongkong:4, not {text!r}")
    return Table(preset.strip(), int(players))


def example(encoder: PolicyEncoder, view: View, teacher: Bot, rng: Random) -> Example | None:
    """The teacher's choice at ``view`` with each legal action's features (``None`` when
    there is no choice to make). Only the view is read."""
    actions = list(view.legal_actions())
    if len(actions) < 2:
        return None
    choice = teacher.choose(view, rng)
    return Example(encoder.encode(view, actions), actions.index(choice))


def session_examples(game: str, table: Table, hands: int, seed: int, behaviour: Sequence[Bot],
                     teacher: Bot, rate: float) -> list[Example]:
    """The examples of one session of ``hands`` hands, played by ``behaviour`` (one a seat,
    the last repeating): each decision is labelled with chance ``rate``."""
    g = get_game(game)
    rules = g.rules(table.preset)
    session = g.new_session(rules, table.players, seed)
    encoder = g.policy_encoder
    rng = make_rng(seed, "play")
    pick = make_rng(seed, "pick")
    out: list[Example] = []
    step = 0
    for _ in range(hands):
        state = session.deal()
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            step += 1
            if len(view.legal_actions()) > 1 and pick.random() < rate:
                got = example(encoder, view, teacher, make_rng(seed, "teacher", step))
                if got is not None:
                    out.append(got)
            bot = behaviour[min(seat, len(behaviour) - 1)]
            state.apply(bot.choose(view, rng))
        session.finish(state)
    return out
