"""ISMCTS with sequential halving at the root, place rewards and the heuristic anchor."""

from random import Random
from types import SimpleNamespace
from typing import Any

import pytest
import tinygame

from paiju.bots.base import make_bot
from paiju.bots.ismcts import ISMCTSBot, _clearly_better
from paiju.core.protocol import Result

STRONG = "ismcts:iters=64:root=halving:tree=root:rollout=heuristic:prior=heuristic:reward=place"


def _deal(seed: int, players: int = 3) -> tinygame.TinyState:
    return tinygame.GAME.new_hand(tinygame.GAME.rules("basic"), players, Random(seed))


def test_the_ladder_spec_round_trips() -> None:
    bot = make_bot(STRONG + ":z=2")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.root, bot.tree, bot.reward, bot.prior, bot.rollout, bot.z) == (
        "halving", "root", "place", "heuristic", "heuristic", 2.0)
    assert make_bot(bot.spec) == bot and "z=2" in bot.spec
    assert make_bot("ismcts:iters=5").spec == "ismcts:iters=5"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:root=wide", "root must be one of ucb, halving, not 'wide'"),
        ("ismcts:tree=deep", "tree must be one of full, root, not 'deep'"),
        ("ismcts:reward=money", "reward must be one of points, place, games, not 'money'"),
        ("ismcts:z=far", "not a number"),
    ],
)
def test_bad_search_settings_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_place_rewards_follow_the_finishing_order() -> None:
    place = ISMCTSBot(iterations=1, reward="place")
    ordered = Result((2.0, 0.0, 1.0, 0.0), (0,), {}, (0, 2, 3, 1))
    assert list(place._values(ordered)) == [1.0, 0.0, pytest.approx(2 / 3), pytest.approx(1 / 3)]
    # a game without an order (the tiny game, Luk Fu) is rewarded by its points
    unordered = Result((3.0, -1.0, -2.0), (0,))
    assert place._values(unordered) == (3.0, -1.0, -2.0)
    assert ISMCTSBot(iterations=1)._values(ordered) == (2.0, 0.0, 1.0, 0.0)


def test_daifugo_results_carry_the_finishing_order() -> None:
    from paiju.core.games import get_game
    from paiju.sim.play import play_hand

    game = get_game("daifugo")
    state = game.new_hand(game.rules("pagat"), 4, Random(3))
    result = play_hand(state, [make_bot("heuristic")] * 4, Random(3))
    assert result.order == tuple(result.summary["order"])
    assert sorted(result.order) == [0, 1, 2, 3] and result.winners == result.order[:1]


def test_paired_test_needs_a_clear_margin() -> None:
    other = {k: 0.0 for k in range(8)}
    assert _clearly_better({k: 1.0 for k in range(8)}, other, 1.0)
    # better on average, but by less than one standard error of the paired differences
    noisy = {k: (1.0 if k < 5 else -1.0) for k in range(8)}
    assert not _clearly_better(noisy, other, 1.0)
    assert _clearly_better(noisy, other, 0.1)
    assert not _clearly_better({k: 0.0 for k in range(8)}, other, 0.0)
    # only shared samples count
    assert not _clearly_better({9: 1.0}, other, 0.0)


def test_halving_is_deterministic_and_keeps_to_its_budget() -> None:
    state = _deal(11)
    view = state.view(0)
    k = len(view.legal_actions())
    assert k > 2
    first = [ISMCTSBot(iterations=60, root="halving").choose(view, Random(s)) for s in range(4)]
    again = [ISMCTSBot(iterations=60, root="halving").choose(view, Random(s)) for s in range(4)]
    assert first == again
    bot = ISMCTSBot(iterations=60, root="halving", tree="root")
    bot.choose(view, Random(0))
    assert k <= bot.last.iterations <= 60
    assert sum(bot.last.root_visits.values()) == bot.last.iterations
    assert len(bot.last.root_visits) == k


def test_halving_finds_the_move_that_goes_out() -> None:
    rules = tinygame.GAME.rules("basic")
    others = [c for c in tinygame.DECK if c not in ("2a", "2b")]
    state = tinygame.TinyState(rules, [["2a", "2b"], others[:5], others[5:10]], others[10:])
    for spec in (STRONG, "ismcts:iters=40:root=halving"):
        assert make_bot(spec).choose(state.view(0), Random(1)) == tinygame.Move(
            0, "play", ("2a", "2b"))


def test_the_anchor_keeps_the_heuristic_move_unless_clearly_beaten() -> None:
    for seed in range(6):
        view = _deal(seed).view(0)
        stubborn = ISMCTSBot(iterations=48, root="halving", tree="root", prior="heuristic",
                             rollout="heuristic", z=1e9)
        assert stubborn.choose(view, Random(seed)) == tinygame.heuristic(view, Random(seed))


def test_a_root_only_tree_grows_no_deeper_than_the_root() -> None:
    view = _deal(5).view(0)
    root = ISMCTSBot(iterations=40, tree="root").search(view, Random(2))
    assert root.children and all(not child.children for child in root.children.values())
    deep = ISMCTSBot(iterations=40).search(view, Random(2))
    assert any(child.children for child in deep.children.values())


def test_halving_beats_random_on_the_tiny_game() -> None:
    from paiju.sim.runner import SimConfig, simulate

    spec = "ismcts:iters=24:root=halving:tree=root"
    result = simulate(SimConfig("tiny", "basic", 2, (spec, "random"), 120, 7))
    (a, b, margin) = result.margins[0]
    assert (a, b) == (spec, "random")
    assert margin.low > 0, margin


def test_the_search_says_when_it_kept_the_heuristics_move_within_the_noise() -> None:
    """With ``z`` huge the anchor is always kept: ``last.kept`` names the better-looking
    move, its advantage and the noise that swallowed it; with ``z=0`` it is never set."""
    from paiju.bots.heuristic import HeuristicBot

    kept_seen = 0
    for seed in range(12):
        state = _deal(seed)
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        if len(view.legal_actions()) < 2:
            continue
        stubborn = make_bot(STRONG + ":z=1000000")
        assert isinstance(stubborn, ISMCTSBot)
        choice = stubborn.choose(view, Random(seed))
        anchor = HeuristicBot().choose(view, Random(seed))
        assert choice == anchor
        kept = stubborn.last.kept
        if kept is not None:
            kept_seen += 1
            assert kept.kept == str(anchor.to_json()) != kept.challenger
            assert 0 < kept.difference <= kept.noise and kept.samples > 0
            means = stubborn.last.root_means
            assert means[kept.challenger] > means[kept.kept]
        eager = make_bot(STRONG + ":z=0")
        assert isinstance(eager, ISMCTSBot)
        eager.choose(view, Random(seed))
        assert eager.last.kept is None or eager.last.kept.difference <= 0
    assert kept_seen, "no position had a better-looking move than the heuristic's"


def test_each_candidate_has_an_interval_from_its_play_outs() -> None:
    bot = make_bot("ismcts:iters=200")
    assert isinstance(bot, ISMCTSBot)
    state = _deal(1)
    seat = state.to_move()
    assert seat is not None
    bot.choose(state.view(seat), Random(1))
    stats = bot.last
    for key, visits in stats.root_visits.items():
        width = stats.interval(key)
        assert (width == float("inf")) == (visits < 2)
        if visits >= 2:
            assert width >= 0 and stats.root_spreads[key] >= 0


def test_the_opponent_model_round_trips_and_refuses_unknown_players() -> None:
    bot = make_bot(STRONG + ":opponents=uecda-standard")
    assert isinstance(bot, ISMCTSBot) and bot.opponents == "uecda-standard"
    assert bot.spec.endswith(":opponents=uecda-standard") and make_bot(bot.spec) == bot
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        make_bot("ismcts:opponents=nobody")
    with pytest.raises(ValueError, match="a player name without settings"):
        ISMCTSBot(iterations=4, opponents="ismcts:iters=4")


class _Spy:
    """Plays like the heuristic and remembers the seats it played for."""

    name = "spy"

    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, view, rng):  # type: ignore[no-untyped-def]
        self.seats.append(view.seat)
        return make_bot("heuristic").choose(view, rng)


def test_the_opponent_model_plays_every_other_seat_in_the_playouts() -> None:
    from paiju.core.games import get_game

    game = get_game("daifugo")
    state = game.new_hand(game.rules("uecda"), 5, Random(4))
    bot = ISMCTSBot(iterations=8, rollout="heuristic", opponents="uecda-standard")
    # the play-outs through views, where the model is asked (the fast path plays the
    # same moves without asking it: tests/daifugo/test_fast_against.py)
    bot.fast = False
    spy = _Spy()
    bot._model = spy
    bot._rollout(state, Random(1), 2)
    assert state.to_move() is None
    assert spy.seats and 2 not in spy.seats and set(spy.seats) <= {0, 1, 3, 4}


def test_the_opponent_model_search_is_deterministic() -> None:
    from paiju.core.games import get_game

    game = get_game("daifugo")
    spec = "ismcts:iters=24:root=halving:tree=root:rollout=heuristic:opponents=uecda-standard"
    views = []
    for seed in range(3):
        state = game.new_hand(game.rules("uecda"), 5, Random(seed))
        seat = state.to_move()
        assert seat is not None
        views.append(state.view(seat))
    first = [make_bot(spec).choose(v, Random(7)) for v in views]
    assert first == [make_bot(spec).choose(v, Random(7)) for v in views]
    assert all(a in v.legal_actions() for a, v in zip(first, views, strict=True))


@pytest.mark.parametrize("setting", ["infer", "pick"])
def test_reading_the_others_needs_a_model_and_round_trips(setting: str) -> None:
    tail = f":opponents=uecda-standard:{setting}=8"
    bot = make_bot(STRONG + tail)
    assert isinstance(bot, ISMCTSBot) and getattr(bot, setting) == 8
    assert bot.spec.endswith(tail) and make_bot(bot.spec) == bot
    with pytest.raises(ValueError, match=f"{setting} reads the others' moves through a model"):
        make_bot(STRONG + f":{setting}=8")
    with pytest.raises(ValueError, match=f"{setting} must be at least 0, not -1"):
        make_bot(STRONG + f":opponents=uecda-standard:{setting}=-1")
    view = _deal(1).view(0)
    with pytest.raises(ValueError, match=f"{setting} needs a game whose views .* tiny has none"):
        ISMCTSBot(iterations=4, opponents="random", **{setting: 2})._deal(view, Random(1))


def test_infer_and_pick_do_not_go_together() -> None:
    with pytest.raises(ValueError, match="not both"):
        make_bot(STRONG + ":opponents=uecda-standard:pick=6:infer=2")


def _uecda_game_against_standard(seed: int, stop: int):  # type: ignore[no-untyped-def]
    """A uecda hand after an exchange, the others playing uecda-standard, at seat 0's
    ``stop``-th decision of play (or the last one)."""
    from paiju.core.games import get_game
    from paiju.daifugo.engine.position import EXCHANGE

    game = get_game("daifugo")
    session = game.new_session(game.rules("uecda"), 5, seed)
    std = make_bot("uecda-standard")
    rng = Random(seed)
    for _ in range(2):
        state = session.deal()
        seen = 0
        while not state.is_terminal():
            seat = state.to_move()
            if seat == 0 and state.phase != EXCHANGE and len(state.legal_actions()) > 1:
                seen += 1
                if seen == stop and session.hands_played:
                    return state
            state.apply(std.choose(state.view(seat), rng))
        session.finish(state)
    return None


def _fifth_decisions():  # type: ignore[no-untyped-def]
    """(seed, seat 0's view at its 5th decision of play) of six uecda hands against
    uecda-standard, where the hand gets that far."""
    for seed in range(6):
        state = _uecda_game_against_standard(seed, 5)
        if state is not None:
            yield seed, state.view(0)


def test_the_true_deal_agrees_with_every_move_of_standard_opponents() -> None:
    """The model reading a rewound deal reproduces each move the real players made,
    so the inference never rules out the truth."""
    from paiju.daifugo.engine.rewind import Replay, start_of_play

    bot = ISMCTSBot(iterations=4, opponents="uecda-standard", infer=1)
    checked = caught = 0
    for seed in range(8):
        state = _uecda_game_against_standard(seed, 4)
        if state is None:
            continue
        got = start_of_play(state)
        assert got is not None
        start, actions = got
        assert len(actions) > 4
        replay = Replay(start, actions, tuple(state.hands), 0, 0)
        assert bot._dealer.misses(replay, [1, 2, 3, 4], Random(0)) == dict.fromkeys([1, 2, 3, 4])
        # a deal that is not the true one: one seat's lowest card now for another's highest
        a, b = [s for s in range(1, 5) if state.hands[s]][:2]
        low, high = state.hands[a] & -state.hands[a], 1 << (state.hands[b].bit_length() - 1)
        wrong = start.clone()
        wrong.pos.hands[a] ^= low | high
        wrong.pos.hands[b] ^= low | high
        misses = bot._dealer.misses(Replay(wrong, actions, tuple(state.hands), 0, 0), [a, b],
                                    Random(0))
        caught += any(m is not None for m in misses.values())
        checked += 1
    assert checked >= 4 and caught >= checked // 2


def _agreeing_share(setting: str) -> float:
    """The share of the determinizations drawn with ``setting`` that agree with every
    move of the others, over seat 0's 5th decision of six hands against uecda-standard."""
    spec = STRONG.replace("iters=64", "iters=16") + ":opponents=uecda-standard:" + setting
    bot = make_bot(spec)
    assert isinstance(bot, ISMCTSBot)
    deals = consistent = 0
    for seed, view in _fifth_decisions():
        assert bot.choose(view, Random(seed)) in view.legal_actions()
        deals += bot.last.deals
        consistent += bot.last.consistent
    assert deals
    return consistent / deals


def test_inferred_deals_agree_with_the_others_moves_more_often() -> None:
    assert _agreeing_share("infer=12") > _agreeing_share("infer=1")


def test_picked_deals_agree_with_the_others_moves_more_often() -> None:
    assert _agreeing_share("pick=12") > _agreeing_share("pick=1")


def test_facts_needs_a_model_that_says_and_round_trips() -> None:
    tail = ":opponents=uecda-standard:facts=1"
    bot = make_bot(STRONG + tail)
    assert isinstance(bot, ISMCTSBot) and bot.facts
    assert bot.spec.endswith(tail) and make_bot(bot.spec) == bot
    assert make_bot(STRONG + ":opponents=uecda-standard:facts=0") == make_bot(
        STRONG + ":opponents=uecda-standard")
    for spec in (STRONG + ":facts=1", STRONG + ":opponents=random:facts=1"):
        with pytest.raises(ValueError, match="facts asks an opponent model"):
            make_bot(spec)
    with pytest.raises(ValueError, match="facts is 0 or 1, not 'yes'"):
        make_bot(STRONG + ":opponents=uecda-standard:facts=yes")
    with pytest.raises(ValueError, match="facts, infer or pick"):
        make_bot(STRONG + ":opponents=uecda-standard:facts=1:pick=4")
    view = _deal(1).view(0)
    with pytest.raises(ValueError, match="facts needs a game whose views deal around"):
        ISMCTSBot(iterations=4, opponents="uecda-standard", facts=True)._deal(view, Random(1))


def test_the_search_with_facts_deals_around_what_the_others_moves_rule_out() -> None:
    from paiju.daifugo.players.standard_facts import barred

    bot = make_bot(STRONG.replace("iters=64", "iters=16") + ":opponents=uecda-standard:facts=1")
    assert isinstance(bot, ISMCTSBot)
    checked = 0
    for seed, view in _fifth_decisions():
        facts = barred(view)
        assert facts
        for k in range(10):
            deal = bot._deal(view, Random(k))
            assert all(not deal.hands[s] & cards for s, cards in facts.items())
        assert bot.choose(view, Random(seed)) in view.legal_actions()
        checked += 1
    assert checked >= 4


def test_held_round_trips_and_needs_a_reading() -> None:
    tail = ":opponents=uecda-standard:pick=16:held=8"
    bot = make_bot(STRONG + tail)
    assert isinstance(bot, ISMCTSBot) and bot.held == 8
    assert bot.spec.endswith(tail) and make_bot(bot.spec) == bot
    with pytest.raises(ValueError, match="held says when to read the others' moves"):
        make_bot(STRONG + ":opponents=uecda-standard:held=8")
    with pytest.raises(ValueError, match="held must be at least 0, not -1"):
        make_bot(STRONG + ":opponents=uecda-standard:facts=1:held=-1")
    with pytest.raises(ValueError, match="not a number"):
        make_bot(STRONG + ":opponents=uecda-standard:facts=1:held=few")
    handless: Any = SimpleNamespace(game="bare")  # a game whose views show no hand
    with pytest.raises(ValueError, match="held counts the cards in the seat's hand; bare"):
        ISMCTSBot(iterations=4, opponents="random", pick=2, held=3)._deal(handless, Random(1))
    tiny = _deal(1).view(0)  # a hand of cards, shown as a tuple
    with pytest.raises(ValueError, match=r"pick needs a game whose views .* tiny has none"):
        ISMCTSBot(iterations=4, opponents="random", pick=2, held=99)._deal(tiny, Random(1))
    assert ISMCTSBot(iterations=4, opponents="random", pick=2, held=0)._deal(tiny, Random(1))
    from paiju.core.games import get_game

    lukfu = get_game("lukfu")  # a hand shown as a bitset: counted, and 0 cards is not yet
    state = lukfu.new_hand(lukfu.rules("sung"), 4, Random(1))
    seat = state.to_move()
    assert seat is not None
    assert ISMCTSBot(iterations=4, opponents="random", pick=2, held=0)._deal(
        state.view(seat), Random(1))


def test_held_reads_the_others_moves_only_from_that_many_cards() -> None:
    """``held`` below the cards in hand: every deal plain; at or above: every deal read."""
    spec = STRONG.replace("iters=64", "iters=16") + ":opponents=uecda-standard:pick=4"
    checked = 0
    for seed, view in _fifth_decisions():
        cards = len(view.hand)
        for held, read in ((cards - 1, False), (cards, True)):
            bot = make_bot(f"{spec}:held={held}")
            assert isinstance(bot, ISMCTSBot)
            assert bot.choose(view, Random(seed)) in view.legal_actions()
            assert (bot.last.deals > 0) == read
        checked += 1
    assert checked >= 3
