"""Dai Fugō's double deck (``decks=2``) in the research envs: the deal card by card and its
record in canon form, a hand of four jokers and both copies of cards whose every legal
action round-trips through the masks, and a two-pack observation worked out entry by
entry (docs/rl.md, "Actions" and "Observations"). The presets' tests play two packs too
(rl_helpers.PRESETS)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from paiju.core.errors import MalformedRecord
from paiju.core.games import get_game
from paiju.daifugo.engine.cards import bits, pack, parse_card
from paiju.daifugo.engine.rulebook import diamond_three_holder
from paiju.daifugo.research import RESEARCH
from paiju.rl.actions import Picker, path, space_of
from paiju.rl.observe import Encoder

GAME = get_game("daifugo")
#: Two packs, four jokers, the holder of the ♦3 leads (of two holders, the one the
#: deal's lots rank first).
RULES = GAME.rules({"preset": "popular",
                    "options": {"decks": 2, "jokers": 4, "first_lead": "diamond_three"}})
SEAT0 = ["JK", "JK", "JK", "JK", "3D", "3D'", "7S", "7S'", "7H", "7H'"]


def deal_of(hands: list[list[int]]) -> list[int]:
    """The cards of equal ``hands`` in the order chance deals them: seat 0, 1, 2 ... in turn."""
    return [h[i] for i in range(len(hands[0])) for h in hands]


def four_hands(seat0: list[int]) -> list[list[int]]:
    """Seat 0 holds ``seat0`` and the lowest cards left up to 27; seats 1 to 3 the rest in turn."""
    rest = [c for c in bits(pack(4, 2)) if c not in seat0]
    first = seat0 + rest[:27 - len(seat0)]
    rest = rest[27 - len(seat0):]
    return [first, rest[0::3], rest[1::3], rest[2::3]]


def seat0_cards() -> list[int]:
    jokers = [52, 53, 54, 55]  # the four jokers' card numbers, all written JK
    return jokers + [parse_card(t) for t in SEAT0[4:]]


def test_the_deal_is_the_two_packs_cards_and_its_record_is_in_canon_form() -> None:
    deal = RESEARCH.deal(RULES, 4)
    assert deal.deck == tuple(bits(pack(4, 2))) and len(deal.deck) == 108
    assert max(deal.deck) == 64 + 51 and deal.token(64 + 16) == "7S'" and deal.token(55) == "JK"
    assert deal.max_length == 2 * (108 * 4 + 3 * 108) and not deal.draws_first
    hands = four_hands(seat0_cards())
    record = deal.record({"preset": "popular", "options": dict(RULES.values)},
                         deal_of(hands), None)
    seat0 = record["deal"]["hands"][0]  # type: ignore[index]
    assert seat0 == [*(r + s for r in "34567" for s in "SHDC"), "JK", "JK", "JK", "JK",
                     "3D'", "7S'", "7H'"]
    assert record["first"] == 0  # both ♦3s in seat 0
    state = GAME.from_record(record)
    assert state.to_move() == 0 and state.view(0).hand == seat0


def test_a_card_dealt_once_is_written_as_the_first_packs_and_two_holders_draw_lots() -> None:
    deal = RESEARCH.deal(RULES, 4)
    three, copy = parse_card("3D"), parse_card("3D'")
    pool = [c for c in bits(pack(4, 2)) if c not in (three, copy)]
    # seat 1 gets the first pack's ♦3, seat 2 the second's: each is written 3D
    hands = [pool[:27], [three, *pool[27:53]], [copy, *pool[53:79]], pool[79:]]
    assert [len(h) for h in hands] == [27] * 4
    record = deal.record({"preset": "popular", "options": dict(RULES.values)},
                         deal_of(hands), None)
    written: Any = record["deal"]
    assert "3D" in written["hands"][1] and "3D" in written["hands"][2]
    assert not any("3D'" in h for h in written["hands"])
    state = GAME.from_record(record)
    assert record["first"] == diamond_three_holder(state.dealt) in (1, 2)
    assert state.to_move() == record["first"]
    other = 3 - record["first"]  # the other holder is refused as the leader
    with pytest.raises(MalformedRecord, match="holds 3D"):
        GAME.from_record({**record, "first": other})


def test_four_jokers_and_both_copies_take_their_paths_through_the_masks() -> None:
    deal = RESEARCH.deal(RULES, 4)
    record = deal.record({"preset": "popular", "options": dict(RULES.values)},
                         deal_of(four_hands(seat0_cards())), None)
    state = GAME.from_record(record)
    space = space_of("daifugo")
    legal = state.legal_actions()
    paths = {space.ids_of(a): a for a in legal}
    assert len(paths) == len(legal), "two legal actions share a path of ids"
    for ids, action in paths.items():
        assert space.fast_ids_of(action) == ids
        picker = Picker(space, legal)
        steps = path(picker, action)
        for i in steps[:-1]:
            assert picker.mask()[i] == 1 and picker.step(i) is None
        assert picker.step(steps[-1]) == action
        assert GAME.action_from_json(action.to_json()) == action
    cards = {tuple(sorted(a.cards)) for a in legal}
    assert ("JK", "JK", "JK", "JK") in cards
    assert ("7H", "7H'", "7S", "7S'", "JK", "JK", "JK", "JK") in cards  # a group of eight
    jk, s7, s7b = (space.token_id(t) for t in ("JK", "7S", "7S'"))
    assert space.ids_of(next(a for a in legal if sorted(a.cards) == ["7S", "7S'", "JK", "JK"])
                        ) == (0, s7, jk, jk, s7b)


def test_a_two_pack_observation_worked_out() -> None:
    """Seat 0's hand of the deal above: the first copies at their card numbers, the second
    copies 52 on (``7S'`` card 80: entry 52 + 16), the four jokers 104 to 107."""
    record = RESEARCH.deal(RULES, 4).record(
        {"preset": "popular", "options": dict(RULES.values)},
        deal_of(four_hands(seat0_cards())), None)
    state = GAME.from_record(record)
    enc = Encoder("daifugo", 4, RULES)
    at = {name: (o, w) for name, o, w in enc.layout()}
    widths = {name: w for name, (_, w) in at.items()}
    assert widths["hand"] == widths["table"] == widths["played"] == 108
    assert widths["known"] == 6 * 108 and widths["picked_cards"] == 165
    assert (enc.obs_size, enc.space.size) == (928 + 9 * 54, 172)  # 9 card segments grow
    obs = enc.observation(state.view(0))
    o, w = at["hand"]
    hand = set(np.flatnonzero(obs[o:o + w]).tolist())
    # 3S 3H 3D 3C 4S .. 7C (cards 0 to 19), then 3D' 7S' 7H', then four jokers
    assert hand == {*range(20), 52 + 2, 52 + 16, 52 + 17, 104, 105, 106, 107}
    o, w = at["counts"]
    assert obs[o:o + w].tolist() == [1.0] * 4  # 27 cards a hand, /27
    o, _ = at["face_down"]
    assert obs[o] == 0.0
    # an observer of one pack is refused a two-pack view: its entries would be wrong
    with pytest.raises(ValueError, match="1 pack"):
        Encoder("daifugo", 4).observation(state.view(0))


def test_one_packs_layout_is_unchanged_but_for_the_picked_cards() -> None:
    one = Encoder("daifugo", 4)
    assert [(n, w) for n, _, w in one.layout()][:-1] == [
        ("seat", 4), ("phase", 4), ("to_move", 4), ("hand", 54), ("counts", 4), ("table", 54),
        ("table_stands_for", 60), ("table_seat", 4), ("flags", 4), ("lock", 4), ("played", 54),
        ("face_down", 2), ("finished", 16), ("titles", 20), ("known", 324), ("rules", 145),
        ("picked_do", 6)]
    assert one.layout()[-1][2] == 165 and one.obs_size == 876 + 52


def test_openspiel_deals_two_packs_card_by_card() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import paiju.rl.openspiel  # noqa: F401  (registers the games)

    g = pyspiel.load_game("python_paiju_daifugo(rules=popular,options=decks:2;jokers:4,"
                          "players=4)")
    assert (g.num_distinct_actions(), g.max_chance_outcomes()) == (172, 116)
    state = g.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == list(bits(pack(4, 2)))
    names = [state.action_to_string(-1, c) for c, _ in outcomes]
    assert len(set(names)) == 108 and names[52:56] == [
        "deal JK", "deal JK #2", "deal JK #3", "deal JK #4"] and names[56] == "deal 3S'"
