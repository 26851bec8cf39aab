"""Dai Fugō's rules as the table names them: the header's few words for the rules in
force (:func:`rules_words`), and the log's sentence for a rule that fires at a play
(:func:`fired`). Every option and value that changes play has its words here
(tests/daifugo/test_rule_lists.py checks :data:`_RULE_WORDS` against the options)."""

from __future__ import annotations

from typing import Any

from paiju.table.text import Words

WORDS = Words("daifugo")


def fired(rule: str, lang: str) -> str:
    """A rule that fired at a play, as the log names it (``rule``: its option, or the
    revolution's)."""
    if rule == "eight_cut":
        return WORDS(lang, "8-cut: the table clears.")
    if rule == "sandstorm":
        return WORDS(lang, "Sandstorm (three 3s): the table clears.")
    if rule == "ambulance":
        return WORDS(lang, "Ambulance (a pair of 9s): the table clears.")
    if rule == "emperor":
        return WORDS(lang, "Emperor: the table clears.")
    if rule == "spade_three_clears":
        return WORDS(lang, "The ♠3 on the joker clears the table.")
    if rule == "revolution":
        return WORDS(lang, "Revolution: the order of the cards is reversed.")
    if rule == "revolution_pending":
        return WORDS(lang, "Revolution: the order of the cards reverses when the table clears.")
    return WORDS(lang, "A house rule clears the table.")  # a rule with no words of its own


#: The options that change play, as players name them, when they hold these values.
_RULE_WORDS: dict[tuple[str, Any], str] = {
    ("revolution", "four"): "revolution (four of a kind)",
    ("revolution", "four_natural"): "revolution (four natural cards)",
    ("three_threes_revolution", True): "three 3s revolt",
    ("eight_cut", True): "8-cut",
    ("shibari", "full"): "suit locks",
    ("shibari", "partial"): "partial suit locks",
    ("spade_three", True): "♠3 beats the joker",
    ("spade_three_clears", True): "the ♠3 on the joker clears",
    ("jack_back", True): "Jack back",
    ("ten_discard", True): "10-discard",
    ("seven_pass", True): "7-pass",
    ("five_skip", True): "5-skip",
    ("nine_reverse", True): "9-reverse",
    ("four_stop", True): "4-stop",
    ("sandstorm", True): "sandstorm",
    ("ambulance", True): "ambulance",
    ("emperor", True): "emperor",
    ("down_number", True): "down number",
    ("gekokujo", True): "gekokujō",
    ("miyako_ochi", True): "miyako-ochi",
    ("no_play_after_pass", True): "no play after a pass",
    ("spade_three_over_lock", True): "the ♠3 on the joker ignores a lock",
    ("group_joker_suit", "named"): "a joker in a group has a suit",
    ("five_card_groups", True): "five-card groups",
    ("last_player_again", True): "the last player may beat their own play",
    ("lead_pass", True): "the leader may pass",
    ("gift_order", "spades_first"): "the poor give ♠ first",
    ("first_lead", "diamond_three"): "♦3 leads the first hand",
    ("first_lead", "diamond_three_every"): "♦3 leads every hand",
    ("dealer", "daifugo"): "the Dai Fugō deals",
    ("joker_reversal", True): "joker reversal",
    ("card_request", True): "the rich ask for cards",
    ("exchange", "off"): "no exchange",
    ("exchange", "always_two"): "2-card exchange",
    ("jokers", 0): "no joker",
    ("jokers", 2): "two jokers",
    ("twos_in_sequences", False): "no 2 in a sequence",
    ("revolution_timing", "immediate"): "a revolution turns the ranking at once",
    ("shibari_after", 3): "locks after three plays",
    ("exchange_keep_joker", True): "the poor keep their jokers",
    ("seat_change", "standard"): "seats change by title",
    ("seat_change", "reverse"): "seats change by title, the Dai Fugō first",
    ("scoring", "payments"): "the poor pay the rich",
    ("scoring", "uecda"): "n points for first to 1 for last",
    ("sequence_beat", "above"): "a sequence must lie wholly above the one it beats",
    ("sequence_joker_beyond_ends", True): "a sequence's joker may stand beyond the 3 or the 2",
}


def rules_words(rules: Any) -> str:
    """The rules in force that change play, in a few words (``popular: revolution, ...``)."""
    v = rules.values
    words: list[str] = []
    for name, value in v.items():
        said = _RULE_WORDS.get((name, value))
        if said is not None:
            words.append(said)
    if v["revolution"] == "off" and not v["sequence_revolution"]:
        words.insert(0, "no revolution")
    if v["sequence_revolution"]:
        words.append(f"a {v['sequence_revolution']}-card sequence revolts")
    if v["pass_limit"]:
        words.append(f"{v['pass_limit']} passes in a row end the hand")
    if v["reseat_every"]:
        words.append(f"new seats every {v['reseat_every']} hands")
    if v["titles_reset_every"]:
        words.append(f"titles forgotten every {v['titles_reset_every']} hands")
    if v["forbidden_finish"]:
        named = {"top": "2s", "joker": "jokers", "eight": "8s", "spade_three": "♠3"}
        words.append("no going out on " + "/".join(named[f] for f in v["forbidden_finish"]))
    if not v["sequences"]:
        words.append("no sequences")
    return f"{rules.preset}: " + ", ".join(words) if words else rules.preset
