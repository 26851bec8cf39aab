"""Hints: the strongest player's suggestion for a seat, with its search statistics.

The terminal and the browser ask :func:`search_hint` with the seat's view only, so a
hint can never draw on a card that seat does not know.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any

from paiju.core.errors import PaijuError
from paiju.core.protocol import View
from paiju.table.computers import Names, names_in
from paiju.table.present import Lang, Presenter
from paiju.table.text import LANGS, SOURCE, Words

WORDS = Words("table")

#: The hint's search: ISMCTS, the strongest, with a time budget (seconds).
HINT_SECONDS = 2.0
#: ... and at most this many iterations.
HINT_ITERATIONS = 3000


@dataclass(frozen=True)
class Hint:
    """The strongest player's suggestion, and why: its search statistics in words.

    ``reasons`` has one line per candidate the search weighed, best first: its expected
    points (or finishing place) with a 95% interval and its number of play-outs.
    ``kept`` says, when the search kept the heuristic's move although another had the
    better mean, that the difference was within the noise. They are in the language
    asked for; ``said`` holds ``(text, reasons, kept)`` in every language.
    """

    action: dict[str, Any]
    text: str
    reasons: tuple[str, ...]
    kept: str = ""
    said: Mapping[str, tuple[str, tuple[str, ...], str]] = field(default_factory=dict)


def search_hint(
    view: View, game: str, presenter: Presenter, names: Names, native: Lang,
    rng: Random, seconds: float | None = HINT_SECONDS,
    iterations: int | None = HINT_ITERATIONS,
) -> Hint:
    """Ask the search for the best action from ``view``; pure, may run in a worker thread."""
    from paiju.bots.ismcts import ISMCTSBot

    legal = list(view.legal_actions())
    if not legal:
        raise PaijuError("it is not your turn")
    if len(legal) == 1:
        only = legal[0].to_json()
        alone: dict[str, tuple[str, tuple[str, ...], str]] = {
            lang: (presenter.describe(only, view.seat, names_in(names, lang), lang),
                   (WORDS(lang, "it is the only legal action"),), "") for lang in LANGS}
        return _hint(only, alone, presenter.lang(native))
    bot = ISMCTSBot(iterations=iterations, seconds=seconds, **presenter.hint_search)
    choice = bot.choose(view, rng)
    stats = bot.last
    by_key = {str(a.to_json()): a for a in legal}
    chosen = str(choice.to_json())
    ranked = sorted(
        (key for key in stats.root_visits if key in by_key),
        key=lambda key: (key == chosen, stats.root_means.get(key, -math.inf),
                         stats.root_visits[key]),
        reverse=True,
    )
    worth = _Worth(bot.reward == "place", len(names_in(names, SOURCE)))
    best = choice.to_json()

    def words(key: str, lang: str) -> str:
        """The action, less its player's name in English (``plays 9 Sip``)."""
        said = names_in(names, lang)
        text = presenter.describe(by_key[key].to_json(), view.seat, said, lang)
        text = text.rstrip(".。")
        return text.removeprefix(said[view.seat] + " ") if lang == SOURCE else text

    said: dict[str, tuple[str, tuple[str, ...], str]] = {}
    for lang in LANGS:
        reasons = []
        for key in ranked[:4]:
            mean = stats.root_means.get(key)
            visits = stats.root_visits[key]
            shown = (WORDS(lang, "not tried") if mean is None
                     else worth.say(mean, stats.interval(key), lang))
            reasons.append(WORDS.n(lang, "{action}: {worth}, {n:,} play-out",
                                   "{action}: {worth}, {n:,} play-outs", visits,
                                   action=words(key, lang), worth=shown))
        kept = ""
        if stats.kept is not None and stats.kept.challenger in by_key:
            kept = worth.kept(stats.kept, words(stats.kept.challenger, lang), lang)
        said[lang] = (presenter.describe(best, view.seat, names_in(names, lang), lang),
                      tuple(reasons), kept)
    return _hint(best, said, presenter.lang(native))


def _hint(action: dict[str, Any], said: dict[str, tuple[str, tuple[str, ...], str]],
          lang: str) -> Hint:
    text, reasons, kept = said[lang]
    return Hint(action, text, reasons, kept, said)


@dataclass(frozen=True)
class _Worth:
    """A search reward in a player's terms: points, or the finishing place."""

    place: bool
    players: int

    def kept(self, k: Any, action: str, lang: str) -> str:
        """Why the search kept its usual move over ``action``, which looked better."""
        if self.place:
            scale = self.players - 1
            return WORDS.n(lang, "kept: {action} did {diff:.2f} places better on average, but "
                           "the difference is within the noise (±{noise:.2f} places) of {n:,} "
                           "paired play-out", "kept: {action} did {diff:.2f} places better on "
                           "average, but the difference is within the noise (±{noise:.2f} "
                           "places) of {n:,} paired play-outs", k.samples, action=action,
                           diff=abs(k.difference) * scale, noise=abs(k.noise) * scale)
        return WORDS.n(lang, "kept: {action} did {diff:.2f} points better on average, but the "
                       "difference is within the noise (±{noise:.2f} points) of {n:,} paired "
                       "play-out", "kept: {action} did {diff:.2f} points better on average, but "
                       "the difference is within the noise (±{noise:.2f} points) of {n:,} "
                       "paired play-outs", k.samples, action=action, diff=abs(k.difference),
                       noise=abs(k.noise))

    def say(self, mean: float, half: float, lang: str) -> str:
        """A mean reward with its 95% interval."""
        if self.place:
            place = 1 + (1 - mean) * (self.players - 1)
            if math.isinf(half):
                return WORDS(lang, "expected place {place:.1f} of {players}", place=place,
                             players=self.players)
            return WORDS(lang, "expected place {place:.1f} ± {half:.1f} of {players}",
                         place=place, half=half * (self.players - 1), players=self.players)
        if math.isinf(half):
            return WORDS(lang, "expected {mean:+.2f} points", mean=mean)
        return WORDS(lang, "expected {mean:+.2f} ± {half:.2f} points", mean=mean, half=half)
