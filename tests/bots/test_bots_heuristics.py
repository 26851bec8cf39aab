"""The heuristic players do what their documented strategies say."""

from __future__ import annotations

from random import Random
from typing import Any

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game


def _state(record: dict[str, Any]) -> Any:
    game = get_game(record["game"])
    state = game.from_record(record)
    for obj in record.get("actions", []):
        state.apply(game.action_from_json(obj))
    return state


def _choice(state: Any) -> dict[str, Any]:
    seat = state.to_move()
    return HeuristicBot().choose(state.view(seat), Random(0)).to_json()


STRONG = ["9Sip", "9Gon", "9Sok", "9Chen", "1Sip", "1Chen", "8Sip", "7Sip", "4Gon", "1Gon",
          "1Sok", "8Chen"]
WEAK = ["2Sip", "4Sip", "6Sip", "3Gon", "5Gon", "8Gon", "2Sok", "4Sok", "7Sok", "3Chen",
        "5Chen", "6Chen"]
MIDDLING = ["3Sip", "5Sip", "2Gon", "6Gon", "7Gon", "3Sok", "5Sok", "6Sok", "8Sok", "2Chen",
            "4Chen", "7Chen"]


def _lukfu(hands: list[list[str]], actions: list[dict[str, Any]]) -> Any:
    return _state({"game": "lukfu", "rules": "hongkong",
                   "deal": {"hands": hands, "dreamer": "LiChen"}, "actions": actions})


def test_lukfu_master_calls_a_hand_of_aged_cards() -> None:
    # Six aged cards (the four 9s, 1 Sip and 1 Chen): a club player calls at once.
    assert _choice(_lukfu([STRONG, WEAK, MIDDLING], [])) == {"seat": 0, "do": "call"}


def test_lukfu_weak_hands_pass_and_the_strong_one_calls() -> None:
    # No Gok, no run, no aged card: seat 1 passes rather than risk paying for another.
    state = _lukfu([MIDDLING, WEAK, STRONG], [{"seat": 0, "do": "pass"}])
    assert _choice(state) == {"seat": 1, "do": "pass"}
    state.apply(get_game("lukfu").action_from_json({"seat": 1, "do": "pass"}))
    assert _choice(state) == {"seat": 2, "do": "call"}


def test_lukfu_plan_keeps_goks_and_runs_together() -> None:
    from paiju.lukfu.engine.cards import mask, parse_card
    from paiju.lukfu.players.strategy import plan

    hand = mask(parse_card(t) for t in
                ["5Sip", "5Gon", "5Sok", "7Gon", "6Gon", "4Gon", "3Chen", "2Chen", "1Chen"])
    melds = {frozenset(m.tokens()) for m in plan(hand)}
    # The 4-5-6-7 Gon run and the 1-2-3 Chen run cover seven cards; the Gok of 5s would
    # break the run and cover only six with the Chen run.
    assert melds == {frozenset({"4Gon", "5Gon", "6Gon", "7Gon"}),
                     frozenset({"1Chen", "2Chen", "3Chen"})}


DAIFUGO = {
    "game": "daifugo", "rules": "pagat", "first": 0,
    "deal": {"hands": [
        ["3S", "3H", "4C", "9H", "9D", "JS", "KS", "KH", "KC", "AS", "AD", "2H", "2C"],
        ["3D", "3C", "4D", "6D", "6C", "7S", "7C", "9C", "10D", "JH", "JC", "QS", "QC", "AC"],
        ["4S", "5S", "5H", "5D", "6H", "7H", "8S", "8H", "10S", "10H", "QD", "KD", "2D"],
        ["4H", "5C", "6S", "7D", "8D", "8C", "9S", "10C", "JD", "QH", "AH", "2S", "JK"],
    ]},
}


def test_daifugo_leads_its_lowest_cards_as_a_whole_pair() -> None:
    assert _choice(_state(DAIFUGO)) == {"seat": 0, "do": "play", "cards": ["3S", "3H"]}


def test_daifugo_saves_its_twos_and_does_not_split_pairs() -> None:
    # Seat 1 plays 10D; seat 3 beats it with its lowest loose card above, JD. Seat 0
    # could beat JD only with a king of its triple, an ace of its pair or a 2: it passes.
    state = _state({**DAIFUGO, "actions": [
        {"seat": 0, "do": "play", "cards": ["3S", "3H"]},
        {"seat": 1, "do": "pass"}, {"seat": 2, "do": "pass"}, {"seat": 3, "do": "pass"},
        {"seat": 0, "do": "play", "cards": ["4C"]},
        {"seat": 1, "do": "play", "cards": ["10D"]},
        {"seat": 2, "do": "pass"},
    ]})
    assert _choice(state) == {"seat": 3, "do": "play", "cards": ["JD"]}
    state.apply(get_game("daifugo").action_from_json({"seat": 3, "do": "play", "cards": ["JD"]}))
    assert _choice(state) == {"seat": 0, "do": "pass"}


def _uecda(fixed: dict[int, str], first: int, actions: list[dict[str, Any]],
           options: dict[str, Any] | None = None) -> Any:
    """A 5-seat ``uecda`` hand: seat 0 holds ``fixed[0]``, the other seats in ``fixed``
    at least their cards; the rest of the pack goes to the shortest of seats 1-4."""
    pack = [f"{r}{s}" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
            for s in "SHDC"] + ["JK"]
    hands = [fixed.get(s, "").split() for s in range(5)]
    for c in pack:
        if not any(c in h for h in hands):
            min(hands[1:], key=len).append(c)
    return _state({"game": "daifugo", "rules": {"preset": "uecda", "options": options or {}},
                   "first": first, "deal": {"hands": hands}, "actions": actions})


#: Seat 1's hand, and its lead of three aces which the others pass to seat 0.
SEAT1 = "3D AS AH AD QS QH QD"
ACES = [{"seat": 1, "do": "play", "cards": ["AS", "AH", "AD"]}] + [
    {"seat": s, "do": "pass"} for s in (2, 3, 4)]


def _run_out(state: Any) -> list[list[str]]:
    """Seat 0's plays until it goes out, the others passing throughout."""
    plays = []
    while 0 not in state.pos.finished:
        seat = state.to_move()
        action = _choice(state) if seat == 0 else {"seat": seat, "do": "pass"}
        state.apply(get_game("daifugo").action_from_json(action))
        if seat == 0 and action["do"] == "play":
            plays.append(action["cards"])
    return plays


def test_daifugo_goes_out_by_a_run_of_sure_tricks() -> None:
    # Seat 0 has seen three aces played: no triple above its kings is left, with or
    # without the joker, nor above its 2s; its 8s clear the table. Only 4C is not sure,
    # so it spends its 2s to take the lead now, and will go out: 8s, kings, then 4C.
    state = _uecda({0: "2S 2H 2D KS KH KD 8S 8H 8D 4C", 1: SEAT1}, 1, ACES)
    assert _choice(state) == {"seat": 0, "do": "play", "cards": ["2S", "2H", "2D"]}
    assert _run_out(state) == [["2S", "2H", "2D"], ["8S", "8H", "8D"], ["KS", "KH", "KD"],
                               ["4C"]]
    assert state.pos.finished == [0]


def test_daifugo_keeps_its_twos_when_two_groups_are_not_sure() -> None:
    # With 4C and 5C both unsure, the 2s would take the lead but not a way out: it
    # saves them, as a club player does.
    state = _uecda({0: "2S 2H 2D KS KH KD 8S 8H 8D 4C 5C", 1: SEAT1}, 1, ACES)
    assert _choice(state) == {"seat": 0, "do": "pass"}


def test_daifugo_lets_the_joker_join_a_group_to_make_it_sure() -> None:
    # After the three aces, Q-Q could be beaten by a pair of kings (two are unseen), and
    # 4C by anything: two groups not sure. Q-Q with the joker is a triple no one can
    # beat, so the 2s take the lead, and it goes out: 8, Q-Q-joker, K-K, 4C.
    state = _uecda({0: "2S 2H 2D KS KH QS QH JK 8S 4C", 1: "3D AS AH AD"}, 1, ACES)
    assert _choice(state) == {"seat": 0, "do": "play", "cards": ["2S", "2H", "2D"]}
    assert _run_out(state) == [["2S", "2H", "2D"], ["8S"], ["QS", "QH", "JK=QD"],
                               ["KS", "KH"], ["4C"]]
    # Without the joker (and with it unseen, K-K is not sure either) it keeps its 2s.
    state = _uecda({0: "2S 2H 2D KS KH QS QH 8S 8H 4C", 1: "3D AS AH AD JK"}, 1, ACES)
    assert _choice(state) == {"seat": 0, "do": "pass"}


def _leads(cards: list[str]) -> list[dict[str, Any]]:
    """Seat 1 leads ``cards``; the others pass, then seat 1 too, and the table clears."""
    return [{"seat": 1, "do": "play", "cards": cards}] + [
        {"seat": s, "do": "pass"} for s in (2, 3, 4, 0, 1)]


def test_daifugo_plays_part_of_a_sure_group_when_the_rest_stays_sure() -> None:
    # The joker, two 2s and three aces have been played: every group of seat 0 but 4C is
    # sure. On a single 5D no whole group can be played, but one 8 can, and the 8-8
    # left are as sure: it cuts with 8S and goes out from the lead.
    flow = _leads(["JK"]) + _leads(["2D", "2C"]) + _leads(["AS", "AH", "AD"]) + [
        {"seat": 1, "do": "play", "cards": ["5D"]}] + [{"seat": s, "do": "pass"} for s in (2, 3, 4)]
    state = _uecda({0: "2S 2H 8S 8H 8D KS KH KD QS QH 4C", 1: "3D JK 2D 2C AS AH AD 5D"}, 1,
                   flow)
    assert _choice(state) == {"seat": 0, "do": "play", "cards": ["8S"]}
    assert _run_out(state) == [["8S"], ["8H", "8D"], ["KS", "KH", "KD"], ["2S", "2H"],
                               ["QS", "QH"], ["4C"]]


def test_daifugo_holds_a_sequence_apart_as_its_last_play() -> None:
    # Read by rank, 5C 6C 7C are three singles that are not sure. Held apart as one
    # sequence, they are the last play, and every group besides is sure.
    state = _uecda({0: "2S 2H 2D 8S 8H KS KH KD 5C 6C 7C", 1: "3D AS AH AD"}, 1, ACES)
    assert _run_out(state) == [["2S", "2H", "2D"], ["8S", "8H"], ["KS", "KH", "KD"],
                               ["5C", "6C", "7C"]]


def test_daifugo_counts_a_sequence_none_can_beat_as_sure() -> None:
    # Under uecda a sequence is beaten only by one wholly above it: nothing is above
    # Q-K-A (a joker beyond the 2 makes at most two places). So only 3D is not sure, and
    # seat 0 leads its 8s rather than its 3D, then goes out.
    state = _uecda({0: "3D QC KC AC 8S 8H 8D 2S 2H 2D"}, 0, [])
    assert _choice(state) == {"seat": 0, "do": "play", "cards": ["8S", "8H", "8D"]}
    assert _run_out(state) == [["8S", "8H", "8D"], ["2S", "2H", "2D"], ["QC", "KC", "AC"],
                               ["3D"]]


def test_daifugo_counts_no_sequence_through_a_jack_as_sure_under_jack_back() -> None:
    # J-Q-K-A: nothing is wholly above it, so with 8s and 2s sure only 3D is left, and
    # seat 0 leads its 8s. Under jack_back the sequence turns the order: not sure, no run,
    # and it leads its lowest card.
    hand = {0: "3D JC QC KC AC 8S 8H 8D 2S 2C"}
    assert _choice(_uecda(hand, 0, [])) == {"seat": 0, "do": "play", "cards": ["8S", "8H", "8D"]}
    state = _uecda(hand, 0, [], {"jack_back": True})
    assert _choice(state) == {"seat": 0, "do": "play", "cards": ["3D"]}


def test_daifugo_counts_only_cards_it_has_seen() -> None:
    # Had the aces not been played, a triple of aces could beat its kings: no sure run.
    # It beats the queens with its kings, as before (a run would start with its 2s).
    state = _uecda({0: "2S 2H 2D KS KH KD 8S 8H 8D 4C", 1: SEAT1}, 1,
                   [{"seat": 1, "do": "play", "cards": ["QS", "QH", "QD"]}, *ACES[1:]])
    assert _choice(state) == {"seat": 0, "do": "play", "cards": ["KS", "KH", "KD"]}
    view = state.view(0)
    assert view.played_cards.bit_count() == 3


def test_daifugo_counts_on_no_sure_trick_under_a_rule_that_beats_anything() -> None:
    state = _uecda({0: "2S 2H 2D KS KH KD 8S 8H 8D 4C", 1: SEAT1}, 1, ACES,
                   {"sandstorm": True})
    assert _choice(state) == {"seat": 0, "do": "pass"}
