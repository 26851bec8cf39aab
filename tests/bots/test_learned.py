"""The learned player: its shipped weights, legal play in every preset, its settings."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from paiju.bots.base import make_bot
from paiju.bots.learned import LearnedBot, Policy, best, load, packaged, softmax
from paiju.core.games import get_game
from paiju.core.seeding import make_rng

#: Every preset of both games, at its usual number of players.
TABLES = [("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3), ("lukfu", "sung", 4),
          ("daifugo", "pagat", 4), ("daifugo", "uecda", 5), ("daifugo", "popular", 4)]


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_the_package_ships_weights_that_fit_the_features(game: str) -> None:
    policy = packaged(game)
    encoder = get_game(game).policy_encoder
    assert policy.version == encoder.version and len(policy.weights) == encoder.size
    assert policy.made_by["command"].startswith(f"paiju train {game}")
    assert policy.made_by["commit"]
    assert any(policy.weights)


@pytest.mark.parametrize(("game", "preset", "players"), TABLES)
def test_learned_makes_legal_choices_in_every_preset(game: str, preset: str,
                                                     players: int) -> None:
    g = get_game(game)
    session = g.new_session(g.rules(preset), players, 21)
    learned, rnd = make_bot("learned"), make_bot("random")
    rng = make_rng(21, "learned")
    kinds: set[str] = set()
    for _ in range(3):
        state = session.deal()
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            bot = learned if seat % 2 == 0 else rnd
            action = bot.choose(view, rng)
            assert action in view.legal_actions()
            if bot is learned:
                kinds.add(action.do)
            state.apply(action)
        session.finish(state)
    assert "play" in kinds


def _club_only(game: str) -> Policy:
    """Weights on the features that mark the rule-based player's choice, none elsewhere."""
    encoder = get_game(game).policy_encoder
    module = __import__(f"paiju.{game}.players.features", fromlist=["AT"])
    start = module.AT["club"]
    weights = [10.0 if start <= i else 0.0 for i in range(encoder.size)]
    return Policy(game, encoder.version, tuple(weights), {})


@pytest.mark.parametrize(("game", "preset", "players"),
                         [("lukfu", "hongkong", 4), ("daifugo", "uecda", 5)])
def test_weights_on_the_club_players_mark_play_as_the_club_player(
        game: str, preset: str, players: int, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(_club_only(game).to_json()))
    learned, club = make_bot(f"learned:weights={path}"), make_bot("heuristic")
    g = get_game(game)
    decisions = 0
    for hand in range(3):
        state = g.new_hand(g.rules(preset), players, make_rng(5, hand))
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            action = learned.choose(view, Random(1))
            assert action == club.choose(view, Random(1))
            decisions += len(view.legal_actions()) > 1
            state.apply(action)
    assert decisions > 10


def test_temp_draws_from_the_softmax_with_the_players_rng(tmp_path: Path) -> None:
    encoder = get_game("lukfu").policy_encoder
    flat = Policy("lukfu", encoder.version, (0.0,) * encoder.size, {})
    path = tmp_path / "flat.json"
    path.write_text(json.dumps(flat.to_json()))
    g = get_game("lukfu")
    state = g.new_hand(g.rules("gloucester"), 3, make_rng(2))
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    view = state.view(state.to_move() or 0)
    drawing = make_bot(f"learned:weights={path}:temp=1")
    picks = [drawing.choose(view, Random(k)) for k in range(40)]
    assert len(set(picks)) > 1
    assert picks == [drawing.choose(view, Random(k)) for k in range(40)]
    greedy = make_bot(f"learned:weights={path}")
    assert {greedy.choose(view, Random(k)) for k in range(5)} == {view.legal_actions()[0]}


def test_best_and_softmax() -> None:
    assert best([1.0, 3.0, 3.0, 2.0]) == 1
    probs = softmax([0.0, 0.0, 1.0], 1.0)
    assert sum(probs) == pytest.approx(1.0) and probs[0] == probs[1] < probs[2]


def test_settings_and_weights_that_do_not_fit_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="settings weights and temp"):
        make_bot("learned:depth=3")
    with pytest.raises(ValueError, match="temp is a number"):
        make_bot("learned:temp=hot")
    with pytest.raises(ValueError, match="temp must be 0 or more"):
        LearnedBot(temp=-1)
    short = tmp_path / "short.json"
    short.write_text(json.dumps({"game": "lukfu", "version": "lukfu-1", "weights": [0.0]}))
    with pytest.raises(ValueError, match="train them again"):
        load(short)
    daifugo = tmp_path / "daifugo.json"
    daifugo.write_text(json.dumps(packaged("daifugo").to_json()))
    g = get_game("lukfu")
    state = g.new_hand(g.rules("hongkong"), 4, make_rng(1))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="are for daifugo, not lukfu"):
        make_bot(f"learned:weights={daifugo}").choose(state.view(state.to_move() or 0),
                                                     Random(0))


@pytest.mark.parametrize(("game", "preset", "players"),
                         [("lukfu", "gloucester", 3), ("daifugo", "pagat", 4)])
def test_the_search_takes_the_learned_policy_as_play_out_and_prior(
        game: str, preset: str, players: int) -> None:
    from test_bots_hidden import HALVING, check_blind, decision_points

    searches = [make_bot("ismcts:iters=4:rollout=learned:prior=learned"),
                make_bot(HALVING.format(iters=4).replace("heuristic", "learned"))]
    assert searches[1].prior == "learned"  # type: ignore[attr-defined]
    changed = 0
    for state in decision_points(game, preset, players, hands=1, every=12):
        changed += check_blind(state, searches, samples=2)
    assert changed > 0


def test_weights_that_cannot_be_read_are_refused_when_the_player_is_made(
        tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read learned weights"):
        make_bot(f"learned:weights={tmp_path / 'missing.json'}")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json")
    with pytest.raises(ValueError, match="not JSON"):
        make_bot(f"learned:weights={garbage}")
    garbage.write_text("[1, 2]")
    with pytest.raises(ValueError, match="not an object"):
        make_bot(f"learned:weights={garbage}")


def test_the_search_takes_a_weights_file_for_its_learned_policy(tmp_path: Path) -> None:
    path = tmp_path / "lukfu.json"
    path.write_text(json.dumps(_club_only("lukfu").to_json()))
    search = make_bot(f"ismcts:iters=4:prior=learned:weights={path}")
    assert search.spec == f"ismcts:iters=4:prior=learned:weights={path}"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="need rollout=learned or prior=learned"):
        make_bot(f"ismcts:iters=4:weights={path}")
    with pytest.raises(ValueError, match="cannot read learned weights"):
        make_bot(f"ismcts:iters=4:rollout=learned:weights={tmp_path / 'none.json'}")
