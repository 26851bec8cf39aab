"""How a Luk Fu hand ended and how its points came about, in words.

From the report, the rules and what the end shows every seat (the cards each seat won,
the aged cards shown by a declaration, the dreamer's card), the same sums as
:mod:`paiju.lukfu.engine.scoring`: what the win is worth at the tariff (and the red cards), what
the dreamer's matches add, and who pays whose share (docs/lukfu.md, "Scoring").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from paiju.table.present import Seen, you
from paiju.table.text import Words, joined

if TYPE_CHECKING:
    from paiju.lukfu.present import LukFuPresenter

WORDS = Words("lukfu")


def head_line(p: LukFuPresenter, data: Mapping[str, Any], report: Mapping[str, Any],
              names: Sequence[str], lang: str) -> str:
    """Who won and with what, or why nobody did."""
    outcome = report["outcome"]
    if outcome == "draw":
        return WORDS(lang, "The hand is drawn: nobody made six.")
    if outcome not in ("win", "five_tigers"):
        return WORDS(lang, "Nobody called: the hand is thrown in.")
    winner = report["winner"]
    name, me = names[winner], you(names, winner)
    if outcome == "five_tigers":
        return (WORDS(lang, "You win with the Five Tigers.") if me
                else WORDS(lang, "{name} wins with the Five Tigers.", name=name))
    count = report["count"]
    tricks = data["tricks"][winner]
    aged = count - tricks
    history = data.get("actions") or []
    last = history[-1] if history else {}
    if last.get("do") != "declare" or last.get("seat") != winner:
        return (WORDS(lang, "You win with {count} as the cards run out.", count=count) if me
                else WORDS(lang, "{name} wins with {count} as the cards run out.", name=name,
                           count=count))
    if not aged:
        return (WORDS(lang, "You declare with {count} won in tricks.", count=count) if me
                else WORDS(lang, "{name} declares with {count} won in tricks.", name=name,
                           count=count))
    if me:
        return WORDS.n(lang, "You declare with {count}: {tricks} won in tricks plus {n} aged "
                       "card in hand.", "You declare with {count}: {tricks} won in tricks plus "
                       "{n} aged cards in hand.", aged, count=count, tricks=tricks)
    return WORDS.n(lang, "{name} declares with {count}: {tricks} won in tricks plus {n} aged "
                   "card in hand.", "{name} declares with {count}: {tricks} won in tricks plus "
                   "{n} aged cards in hand.", aged, name=name, count=count, tricks=tricks)


def _mask(tokens: Sequence[str] | None) -> int:
    from paiju.lukfu.engine.cards import parse_card

    out = 0
    for token in tokens or ():
        out |= 1 << parse_card(token)
    return out


def explain(p: LukFuPresenter, seen: Seen, report: Mapping[str, Any], names: Sequence[str],
            lang: str) -> list[str]:
    """How the points came about: the win's worth, the dreamer's, and who pays."""
    from paiju.lukfu.engine import scoring

    payments = report.get("payments")
    outcome = report["outcome"]
    if outcome not in ("win", "five_tigers") or payments is None:
        return [WORDS(lang, "Nobody pays.")]
    data = seen.data
    rules = seen.view.rules
    winner, count = report["winner"], report["count"]
    winner_name = names[winner]
    mine = you(names, winner)  # the person's own win: "owes you", not "owes You"
    lines = []
    dreamer_amount = 0
    if outcome == "five_tigers":
        _, value = scoring.five_tigers_value(rules.tariff, rules.five_tigers_value)
        lines.append(WORDS(lang, "The Five Tigers count as {count}: each loser owes you "
                           "{value}.", count=count, value=value) if mine else
                     WORDS(lang, "The Five Tigers count as {count}: each loser owes {name} "
                           "{value}.", count=count, name=winner_name, value=value))
    else:
        won = data.get("won") or []
        winning = _mask(won[winner] if winner < len(won) else ()) | _mask(
            data.get("declared_aged"))
        value = scoring.win_value(rules.tariff, count, winning, rules.red_bonus)
        counted = rules.red_bonus or rules.tariff == "sung"
        reds = scoring.red_count(winning) if counted else 0
        if reds and value != 30 and mine:
            lines.append(WORDS.n(
                lang, "At this table's tariff {count} is worth {base}, plus {n} for the red "
                "card won: each loser owes you {value}.", "At this table's tariff {count} is "
                "worth {base}, plus {n} for the red cards won: each loser owes you {value}.",
                reds, count=count, base=value - reds, value=value))
        elif reds and value != 30:
            lines.append(WORDS.n(
                lang, "At this table's tariff {count} is worth {base}, plus {n} for the red "
                "card won: each loser owes {name} {value}.", "At this table's tariff {count} is "
                "worth {base}, plus {n} for the red cards won: each loser owes {name} {value}.",
                reds, count=count, base=value - reds, name=winner_name, value=value))
        elif mine:
            lines.append(WORDS(lang, "At this table's tariff {count} is worth {value}: each "
                               "loser owes you {value}.", count=count, value=value))
        else:
            lines.append(WORDS(lang, "At this table's tariff {count} is worth {value}: each "
                               "loser owes {name} {value}.", count=count, name=winner_name,
                               value=value))
        dreamer = data.get("dreamer")
        if dreamer and data.get("players") == 4:
            matched = scoring.matches(_mask([dreamer]).bit_length() - 1, winning,
                                      rules.li_chen_is_ace)
            dreamer_amount = scoring.dreamer_value(rules.dreamer_income, rules.tariff, matched)
            lines.append(_dreamer_line(p, dreamer, matched, dreamer_amount, rules, names, lang))
    share = value + dreamer_amount
    lines.append(_who_pays(data, winner, share, names, lang))
    points = joined(lang, [f"{names[s]} {v:+d}" for s, v in enumerate(payments)])
    lines.append(WORDS(lang, "Points this hand: {list}.", list=points))
    return lines


def _dreamer_line(p: LukFuPresenter, dreamer: str, matched: int, amount: int, rules: Any,
                  names: Sequence[str], lang: str) -> str:
    card = p.said(dreamer, lang)
    if not matched:
        return WORDS(lang, "The dreamer's card {card} matches none of the winning cards: the "
                     "dreamer gets nothing.", card=card)
    if rules.dreamer_income == "per_match":
        return WORDS.n(lang, "The dreamer's card {card} matches {n} of the winning cards, one "
                       "unit a match: each loser also owes the dreamer {amount}.",
                       "The dreamer's card {card} matches {n} of the winning cards, one unit a "
                       "match: each loser also owes the dreamer {amount}.", matched, card=card,
                       amount=amount)
    return WORDS.n(lang, "The dreamer's card {card} matches {n} of the winning cards, so the "
                   "dreamer counts 5 + {n} = {tricks} at the tariff: each loser also owes the "
                   "dreamer {amount}.", "The dreamer's card {card} matches {n} of the winning "
                   "cards, so the dreamer counts 5 + {n} = {tricks} at the tariff: each loser "
                   "also owes the dreamer {amount}.", matched, card=card,
                   tricks=min(5 + matched, 12), amount=amount)


def _who_pays(data: Mapping[str, Any], winner: int, share: int, names: Sequence[str],
              lang: str) -> str:
    losers = [s for s in range(3) if s != winner]
    liable = data.get("privileged")
    if liable in losers:
        other = losers[1 - losers.index(liable)]
        if you(names, liable):
            return WORDS(lang, "You called as the privileged player and lost, so you pay both "
                         "losers' shares: 2 × {share} = {total}; {other} pays nothing.",
                         share=share, total=2 * share, other=names[other])
        return WORDS(lang, "{name} called as the privileged player and lost, so pays both "
                     "losers' shares: 2 × {share} = {total}; {other} pays nothing.",
                     name=names[liable], share=share, total=2 * share, other=names[other])
    return WORDS(lang, "{first} and {second} each pay {share}.", first=names[losers[0]],
                 second=names[losers[1]], share=share)
