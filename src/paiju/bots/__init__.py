"""Computer players. They see only a seat's :class:`~paiju.core.protocol.View`."""

from paiju.bots.base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
