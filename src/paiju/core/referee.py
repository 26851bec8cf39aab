"""The referee: replay a record, name the first illegal action, settle the hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from paiju.core.errors import MalformedRecord
from paiju.core.games import get_game
from paiju.core.protocol import A, Game, R, State
from paiju.core.records import actions_of

#: Exit statuses of ``paiju referee``.
EXIT_LEGAL, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


@dataclass
class Ruling:
    """What the referee found, and the state where replay stopped."""

    report: dict[str, Any]
    state: State[Any, Any]

    @property
    def exit_status(self) -> int:
        return EXIT_LEGAL if self.report["legal"] else EXIT_ILLEGAL


def read_actions(game: Game[A, R], record: Mapping[str, Any]) -> list[A]:
    """The record's actions; ``MalformedRecord`` naming the first unreadable one.

    Messages count actions from 1, as people do ("action 1" is ``actions[0]``).
    """
    out = []
    for number, obj in enumerate(actions_of(record), 1):
        try:
            out.append(game.action_from_json(obj))
        except MalformedRecord as err:
            raise type(err)(f"action {number}: {err}") from None
    return out


def referee(record: Any) -> Ruling:
    """Replay ``record``; ``MalformedRecord`` if it cannot be read as a record.

    An action that cannot be read (not an object, unknown card) makes the record
    malformed; an action that can be read but breaks a rule, or comes after the
    hand is over, is illegal, and replay stops there.
    """
    if not isinstance(record, Mapping):
        raise MalformedRecord("a record must be a JSON object")
    if "game" not in record:
        raise MalformedRecord("the record has no 'game'")
    game = get_game(record["game"])
    state = game.from_record(record)
    actions = read_actions(game, record)
    illegal_at: int | None = None
    reason: str | None = None
    for index, action in enumerate(actions):
        why = state.why_illegal(action)
        if why is not None:
            illegal_at, reason = index, why
            break
        state.apply(action)
    report: dict[str, Any] = {
        "legal": illegal_at is None,
        "illegal_at": illegal_at,
        "reason": reason,
        "finished": state.is_terminal(),
    }
    report.update(state.report())
    return Ruling(report, state)
