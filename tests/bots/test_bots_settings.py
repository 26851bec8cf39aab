"""The search's settings, each declared once (paiju.bots.settings): a spec is read, checked
and written back by the declarations alone."""

import pytest

from paiju.bots.ismcts import ISMCTSBot
from paiju.bots.settings import settings_of


def test_every_declared_setting_reads_and_writes_back() -> None:
    spec = ("ismcts:iters=12:time=0.5:c=0.3:z=2:rollout=heuristic:prior=heuristic"
            ":reward=place:root=halving:tree=root:opponents=uecda-standard:pick=3:held=8"
            ":endgame=500:wide=2:wayout=300")
    bot = ISMCTSBot.from_params(dict(p.split("=") for p in spec.split(":")[1:]))
    assert bot.spec == spec
    assert (bot.iterations, bot.seconds, bot.exploration, bot.z, bot.pick, bot.held,
            bot.endgame, bot.wide, bot.wayout) == (12, 0.5, 0.3, 2.0, 3, 8, 500, 2, 300)
    keys = [s.key for _, s, _ in settings_of(ISMCTSBot)]
    assert set(keys) == {"iters", "time", "c", "z", "rollout", "prior", "reward", "root",
                         "tree", "opponents", "infer", "pick", "facts", "held", "weights",
                         "endgame", "wide", "wayout"}


def test_defaults_are_left_out_of_the_spec_but_the_iterations() -> None:
    assert ISMCTSBot().spec == "ismcts:iters=1000"
    assert ISMCTSBot.from_params({"time": "2"}).spec == "ismcts:time=2"
    assert ISMCTSBot.from_params({"c": "0.7", "rollout": "random"}).spec == "ismcts:iters=1000"


def test_an_unknown_setting_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError,
                       match="ismcts has no setting 'iter'; known: c, endgame, facts, held"):
        ISMCTSBot.from_params({"iter": "5"})


@pytest.mark.parametrize(("made", "message"), [
    ({"reward": "money"}, "ismcts reward must be one of points, place, games, not 'money'"),
    ({"exploration": -1.0}, "ismcts c must be a number at least 0, not -1.0"),
    ({"iterations": 0}, "ismcts iters must be at least 1, not 0"),
    ({"seconds": float("inf"), "iterations": None},
     "ismcts time must be a positive number of seconds, not inf"),
])
def test_a_player_made_in_code_is_held_to_the_same_declarations(
        made: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(**made)  # type: ignore[arg-type]


def test_wide_grows_the_halving_budget_to_its_first_round() -> None:
    """Every legal action gets ``wide`` play-outs in the first round: a decision of many
    actions is searched past ``iters``, one of few by ``iters`` alone."""
    import random

    from paiju.daifugo.game import GAME
    from paiju.daifugo.rules import make_rules

    spec = {"iters": "8", "root": "halving", "tree": "root", "rollout": "heuristic",
            "reward": "place"}
    wide = ISMCTSBot.from_params({**spec, "wide": "2"})
    session = GAME.new_session(make_rules("uecda"), 5, 3)
    state = session.deal()
    view = state.view(state.to_move())
    legal = view.legal_actions()
    assert len(legal) > 8
    wide.choose(view, random.Random(1))
    visits = wide.last.root_visits
    assert len(visits) == len(legal) and min(visits.values()) >= 2
    assert wide.last.iterations > 8 * 2
    with pytest.raises(ValueError, match="wide sets the halving's first round: it needs "
                                         "root=halving"):
        ISMCTSBot.from_params({"iters": "8", "wide": "2"})
