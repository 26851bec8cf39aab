"""The terminal front end: play a session against computer players, watch one, replay a hand.

Nothing below this package imports it: the engines, players and simulator know only
:mod:`paiju.core`. The front end reads each seat's :class:`~paiju.core.protocol.View`
to draw the table, so the screen never shows a card the person may not see.
"""
