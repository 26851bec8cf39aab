"""Game-independent machinery: the state protocol, options, records, the referee, seeding."""

from paiju.core.errors import IllegalAction, MalformedRecord, PaijuError, UnknownOption
from paiju.core.protocol import Action, Game, Result, Session, State, View

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "MalformedRecord",
    "PaijuError",
    "Result",
    "Session",
    "State",
    "UnknownOption",
    "View",
]
