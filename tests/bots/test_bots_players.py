"""Players: specs, legality, determinism, and that ISMCTS plays better than chance."""

from random import Random

import pytest
import tinygame

from paiju.bots.base import RandomBot, make_bot, parse_spec
from paiju.bots.heuristic import HeuristicBot
from paiju.bots.ismcts import ISMCTSBot
from paiju.core.errors import MalformedRecord
from paiju.core.seeding import make_rng


def _play_to(state: tinygame.TinyState, steps: int, rng: Random) -> tinygame.TinyState:
    for _ in range(steps):
        actions = state.legal_actions()
        if not actions:
            break
        state.apply(actions[rng.randrange(len(actions))])
    return state


def _deal(seed: int, players: int = 3) -> tinygame.TinyState:
    return tinygame.GAME.new_hand(tinygame.GAME.rules("basic"), players, Random(seed))


def test_spec_parsing() -> None:
    assert parse_spec("ismcts:iters=400:rollout=heuristic") == (
        "ismcts", {"iters": "400", "rollout": "heuristic"}
    )
    assert parse_spec(" Random ") == ("random", {})
    bot = make_bot("ismcts:iters=7:c=1.5")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds, bot.exploration) == (7, None, 1.5)
    timed = make_bot("ismcts:time=0.5")
    assert isinstance(timed, ISMCTSBot)
    assert (timed.iterations, timed.seconds) == (None, 0.5)
    assert timed.spec == "ismcts:time=0.5"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown player 'alphazero'"),
        ("ismcts:iters", "key=value"),
        ("ismcts:depth=3", "no setting 'depth'"),
        ("ismcts:iters=many", "not a number"),
        ("ismcts:iters=0", "at least 1"),
        ("ismcts:time=nan", "positive number of seconds"),
        ("ismcts:time=inf", "positive number of seconds"),
        ("ismcts:time=-1", "positive number of seconds"),
        ("ismcts:iters=5:c=nan", "c must be a number"),
        ("ismcts:iters=5:z=inf", "z must be a number"),
        ("ismcts:rollout=smart", "rollout must be one of"),
        ("ismcts:iters=3:iters=4", "twice"),
        ("random:speed=2", "takes no settings"),
    ],
)
def test_bad_specs_are_refused_with_a_reason(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


@pytest.mark.parametrize("spec", ["random", "ismcts:iters=30", "ismcts:iters=10:rollout=heuristic"])
def test_players_choose_legal_actions_to_the_end(spec: str) -> None:
    bot = make_bot(spec)
    for seed in range(3):
        state = _deal(seed)
        rng = make_rng(seed, "test")
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            action = bot.choose(view, rng)
            assert action in view.legal_actions()
            state.apply(action)
        assert sum(state.result().points) == 0


def test_ismcts_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    state = _play_to(_deal(11), 3, Random(5))
    view = state.view(state.to_move() or 0)
    bot = ISMCTSBot(iterations=60)
    first = [bot.choose(view, Random(k)) for k in range(5)]
    again = [ISMCTSBot(iterations=60).choose(view, Random(k)) for k in range(5)]
    assert first == again
    visits = bot.last.root_visits
    assert sum(visits.values()) == 60 and bot.last.iterations == 60


def test_ismcts_time_budget_stops() -> None:
    state = _deal(2)
    bot = ISMCTSBot(iterations=None, seconds=0.05)
    action = bot.choose(state.view(0), Random(0))
    assert action in state.legal_actions()
    assert bot.last.iterations >= 1


def test_ismcts_takes_the_only_move_without_searching() -> None:
    state = _deal(3)
    rng = Random(0)
    while len(state.legal_actions()) != 1:
        state = _play_to(state, 1, rng) if state.to_move() is not None else _deal(rng.random())
    bot = ISMCTSBot(iterations=50)
    assert bot.choose(state.view(state.to_move() or 0), rng) == state.legal_actions()[0]
    assert bot.last.iterations == 0


def test_ismcts_finds_the_move_that_goes_out() -> None:
    # Seat 0 leads holding only the pair 2a 2b: the pair goes out at once and wins,
    # a single 2 hands the trick to anyone with a higher single.
    rules = tinygame.GAME.rules("basic")
    others = [c for c in tinygame.DECK if c not in ("2a", "2b")]
    state = tinygame.TinyState(rules, [["2a", "2b"], others[:5], others[5:10]], others[10:])
    bot = ISMCTSBot(iterations=200)
    choice = bot.choose(state.view(0), Random(1))
    assert choice == tinygame.Move(0, "play", ("2a", "2b"))


def test_ismcts_beats_random_on_the_tiny_game() -> None:
    from paiju.sim.runner import SimConfig, simulate

    config = SimConfig("tiny", "basic", 2, ("ismcts:iters=40", "random"), 120, 7)
    result = simulate(config)
    (a, b, margin) = result.margins[0]
    assert (a, b) == ("ismcts:iters=40", "random")
    assert margin.low > 0, margin


def test_heuristic_dispatches_on_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic player asks the view's game for its strategy; an unknown game is named."""
    state = _deal(0)
    view = state.view(0)
    assert view.game == "tiny"
    pairs_first = HeuristicBot().choose(view, Random(0))
    assert pairs_first == tinygame.heuristic(view, Random(0))
    monkeypatch.setattr(type(view), "game", "nowhere")
    with pytest.raises(MalformedRecord, match="unknown game 'nowhere'"):
        HeuristicBot().choose(view, Random(0))


def test_random_bot_refuses_a_view_without_moves() -> None:
    state = _deal(0)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot().choose(state.view(1), Random(0))


def test_ismcts_prior_widens_from_the_heuristic_move() -> None:
    import math

    state = _deal(4)
    view = state.view(0)
    one = ISMCTSBot(iterations=1, prior="heuristic", rollout="heuristic")
    assert one.choose(view, Random(3)) == tinygame.heuristic(view, Random(3))
    assert make_bot("ismcts:iters=1:prior=heuristic").spec == "ismcts:iters=1:prior=heuristic"
    for iterations in (9, 25):
        bot = ISMCTSBot(iterations=iterations, prior="heuristic")
        root = bot.search(view, Random(1))
        assert len(root.children) <= 1 + math.isqrt(iterations - 1)
        assert len(root.children) < len(view.legal_actions())
    with pytest.raises(ValueError, match="prior must be one of"):
        make_bot("ismcts:prior=oracle")


@pytest.mark.parametrize("name", ["random", "heuristic", "ismcts"])
def test_every_player_refuses_a_view_with_nothing_to_choose(name: str) -> None:
    from paiju.bots.base import make_bot
    from paiju.core.games import get_game
    from paiju.core.seeding import make_rng
    from paiju.sim.play import play_hand

    game = get_game("lukfu")
    state = game.new_hand(game.rules("hongkong"), 4, make_rng(3))
    play_hand(state, [make_bot("random")] * 4, make_rng(4))
    with pytest.raises(ValueError, match="seat 0 has no legal action to choose from"):
        make_bot(name).choose(state.view(0), make_rng(5))
