"""What a stranger may ask of the server: every limit in one place (docs/server.md,
"Security and limits"), the checks of what a request asks, and the rate windows.

Each limit is a ``paiju serve`` flag; the defaults are what a public server of a few hundred
tables on two cores carries (docs/server.md says how they were chosen).
"""

from __future__ import annotations

import math
import re
import time
import unicodedata
from collections import OrderedDict, deque
from dataclasses import dataclass, replace
from typing import Any

from paiju.bots.base import Bot
from paiju.bots.ismcts import ISMCTSBot


class LimitError(Exception):
    """A request past a limit: an HTTP status (400, 413 or 429) and the reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Limits:
    """The server's limits (each a ``paiju serve`` flag)."""

    max_think: float = 3.0  # seconds a computer player (or a hint) may search for a move
    max_iters: int = 20_000  # play-outs a computer player's spec may ask for a move
    searchers: int = 2  # processes that run every table's searches, shared fairly
    max_body: int = 64 * 1024  # bytes of a request body or a WebSocket message
    send_queue: int = 256  # messages queued for a connection that does not read; then cut
    messages_per_second: float = 20.0  # a connection's sustained rate of messages ...
    message_burst: int = 60  # ... and how many it may send at once
    tables_per_minute: int = 10  # tables one client address may create a minute
    all_tables_per_minute: int = 600  # tables all clients together may create a minute
    connections_per_client: int = 64  # connections open at once from one address
    max_connections: int = 4000  # connections open at once in all
    header_timeout: float = 10.0  # seconds a request's headers (and body) may take
    stall: float = 10.0  # seconds a WebSocket may leave what it is sent unread, then cut
    keep_alive: float = 5.0  # seconds an idle connection is kept between requests
    idle_unload: float = 600.0  # seconds a table nobody watches stays in memory
    #: a search's least share of the search threads when many tables search at once
    min_think: float = 0.1
    #: the sites whose pages may POST and open WebSockets (none: the Host asked for)
    origins: tuple[str, ...] = ()
    #: new HTTP requests one address may make a second, and new WebSockets, sustained
    #: (each with a burst of ten seconds' worth; 0: no budget)
    requests_per_second: float = 50.0
    websockets_per_second: float = 5.0


# ------------------------------------------------------------ computer players


#: A computer player's settings that name a file on the server (``learned:weights=FILE``):
#: a stranger may not choose them.
FILE_SETTINGS = frozenset({"weights"})


def refuse_files(spec: str) -> None:
    """``LimitError(400)`` if ``spec`` names a file on the server, before anything opens it
    (a stranger could otherwise learn which files exist)."""
    from paiju.bots.base import parse_spec

    try:
        _, params = parse_spec(spec)
    except ValueError:
        return  # not a spec: making the player says why
    named = sorted(FILE_SETTINGS & set(params))
    if named:
        raise LimitError(400, f"a computer player's {named[0]} cannot be chosen at a table: "
                              "the server's own are used")


def check_player(bot: Bot, spec: str, limits: Limits) -> Bot:
    """``bot`` as the server will run it: a search is refused past the limits
    (``LimitError(400)`` naming the limit and its flag) and always ends by
    ``max_think`` seconds, even when its spec gives only play-outs."""
    if not isinstance(bot, ISMCTSBot):
        return bot
    if bot.seconds is not None and bot.seconds > limits.max_think:
        raise LimitError(400, f"{spec!r} thinks {bot.seconds:g} s a move; this server allows "
                              f"at most {limits.max_think:g} s (paiju serve --max-think)")
    if bot.iterations is not None and bot.iterations > limits.max_iters:
        raise LimitError(400, f"{spec!r} asks for {bot.iterations} play-outs a move; this "
                              f"server allows at most {limits.max_iters} "
                              "(paiju serve --max-iters)")
    return with_budget(bot, limits.max_think)


def with_budget(bot: Bot, seconds: float) -> Bot:
    """``bot`` with its search cut to ``seconds`` (other players as they are)."""
    if not isinstance(bot, ISMCTSBot):
        return bot
    if bot.seconds is not None and bot.seconds <= seconds:
        return bot
    return replace(bot, seconds=seconds)


# ------------------------------------------------------------ what a person types

#: Unicode categories a name may not hold: controls (NUL, escapes), formats (the
#: bidirectional overrides and isolates, zero-width joiners), surrogates, private use and
#: unassigned code points.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


#: Characters of visible categories that render blank: the Hangul fillers, the blank
#: Braille pattern, the combining grapheme joiner and Khmer's inherent vowels.
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
#: The most combining marks one letter may carry (Vietnamese needs two, decomposed).
MAX_MARKS = 4


def bad_character(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, described; or ``None``."""
    for ch in text:
        if unicodedata.category(ch) in _REFUSED_CATEGORIES or ch in BLANK_CHARACTERS:
            name = unicodedata.name(ch, "").lower() or "an invisible character"
            return f"U+{ord(ch):04X} ({name})"
    return None


def unreadable(text: str) -> str | None:
    """Why ``text`` cannot be read as it is shown, or ``None``: a control, invisible or
    blank character (:func:`bad_character`, ``"char"``), no visible character at all
    (``"blank"``: spaces and marks alone), or a letter under more than :data:`MAX_MARKS`
    combining marks (``"marks"``)."""
    if bad_character(text) is not None:
        return "char"
    run = 0
    seen = False
    for ch in text:
        kind = unicodedata.category(ch)
        if kind[0] == "M":
            run += 1
            if run > MAX_MARKS:
                return "marks"
        else:
            run = 0
            seen = seen or kind[0] != "Z"
    return None if seen else "blank"


_DIGITS = re.compile(r"[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as a number written in ASCII digits, at most nine; ``None`` otherwise
    (``²``, ``١`` and a thirty-digit number are not numbers here)."""
    return int(text) if _DIGITS.fullmatch(text) else None


def utf8_size(raw: str | bytes) -> int:
    """The size of a message in bytes, as it crossed the network."""
    return len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))


def finite_json(obj: Any) -> bool:
    """Whether a parsed JSON value holds no NaN or infinity (Python's parser lets them in)."""
    if isinstance(obj, float):
        return math.isfinite(obj)
    if isinstance(obj, dict):
        return all(finite_json(v) for v in obj.values())
    if isinstance(obj, list):
        return all(finite_json(v) for v in obj)
    return True


# ------------------------------------------------------------ rates


class Window:
    """How many events each key had in the last ``seconds``: a sliding window, keeping
    at most ``keys`` keys (the oldest forgotten first)."""

    def __init__(self, limit: int, seconds: float = 60.0, keys: int = 100_000) -> None:
        self.limit = limit
        self.seconds = seconds
        self.keys = keys
        self._events: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, key: str, now: float | None = None) -> bool:
        """Count one event for ``key`` if it is within the limit; whether it was."""
        now = time.monotonic() if now is None else now
        events = self._events.pop(key, None) or deque()
        while events and events[0] <= now - self.seconds:
            events.popleft()
        allowed = len(events) < self.limit
        if allowed:
            events.append(now)
        if events:
            self._events[key] = events
            while len(self._events) > self.keys:
                self._events.popitem(last=False)
        return allowed


class Budgets:
    """A token bucket per client address (:class:`Bucket`), ``rate`` a second and ten
    seconds' worth at once; at most ``most`` addresses are remembered, the longest unseen
    forgotten first (it comes back with a full bucket, as a newcomer does)."""

    def __init__(self, rate: float, most: int = 10_000) -> None:
        self.rate = rate
        self.burst = max(1, int(10 * rate))
        self.most = most
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str, now: float | None = None) -> bool:
        """Whether ``address`` may make one more (0 a second: always)."""
        if self.rate <= 0:
            return True
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = Bucket(self.rate, self.burst, now)
            if len(self._buckets) > self.most:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        return bucket.take(now)


class Bucket:
    """A token bucket: ``rate`` events a second sustained, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._at = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
