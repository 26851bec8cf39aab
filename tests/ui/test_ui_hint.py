"""The hint: a legal suggestion, explained by the search that chose it."""

import re

import pytest

from paiju.core.games import get_game
from paiju.table.present import presenter_for
from paiju.ui.match import Match


def _to_choice(match: Match) -> None:
    """Let the computers play until the person has more than one legal action."""
    match.deal()
    while True:
        if match.human_to_move():
            if len(match.hint_view().legal_actions()) > 1:
                return
            match.apply(match.hint_view().legal_actions()[0])
        else:
            match.play_bot()
        assert match.to_move() is not None, "the hand ended before the person had a choice"


@pytest.mark.parametrize(
    ("game", "preset", "players", "worth"),
    [("lukfu", "hongkong", 3, r"expected [+-]\d+\.\d\d( ± \d+\.\d\d)? points, \d+ play-outs?$"),
     ("daifugo", "pagat", 4, r"expected place \d\.\d( ± \d+\.\d)? of 4, \d+ play-outs?$")],
)
def test_the_hint_suggests_a_legal_action_with_its_statistics(
        game: str, preset: str, players: int, worth: str) -> None:
    rules = get_game(game).rules(preset)
    match = Match(game, rules, players, seed=5, hands=1, save=False,
                  hint_seconds=None, hint_iterations=24)
    _to_choice(match)
    view = match.hint_view()
    hint = match.hint(view)
    assert hint.action in [a.to_json() for a in view.legal_actions()]
    assert hint.reasons and all(re.search(worth, reason) for reason in hint.reasons)
    # the first reason is the suggested action's
    words = match.presenter.describe(hint.action, view.seat, match.seat_names(), False)
    assert hint.reasons[0].startswith(
        words.rstrip(".").removeprefix(match.seat_names()[view.seat] + " ") + ": ")
    again = Match(game, rules, players, seed=5, hands=1, save=False,
                  hint_seconds=None, hint_iterations=24)
    _to_choice(again)
    assert again.hint(again.hint_view()) == hint


def test_dai_fugo_hints_come_from_the_strongest_search() -> None:
    """The hint searches as ``strongest`` does, but rewards this hand's place (its words)."""
    from paiju.bots.base import make_bot
    from paiju.bots.ismcts import ISMCTSBot

    best = make_bot("strongest", "daifugo")
    assert isinstance(best, ISMCTSBot)
    settings = dict(presenter_for("daifugo").hint_search)
    assert settings.pop("reward") == "place" and best.reward == "games"
    assert {k: getattr(best, k) for k in settings} == settings
    assert not presenter_for("lukfu").hint_search


def test_a_kept_move_is_explained_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the search keeps the usual move over a better-looking one, the hint says so."""
    stubborn = {**presenter_for("daifugo").hint_search, "z": 1e6}
    monkeypatch.setattr(presenter_for("daifugo"), "hint_search", stubborn)
    rules = get_game("daifugo").rules("popular")
    for seed in range(30):
        match = Match("daifugo", rules, 4, seed=seed, hands=1, save=False,
                      hint_seconds=None, hint_iterations=60)
        _to_choice(match)
        hint = match.hint(match.hint_view())
        if hint.kept:
            assert re.fullmatch(
                r"kept: .+ did \d+\.\d\d places better on average, but the difference is "
                r"within the noise \(±\d+\.\d\d places\) of \d+ paired play-outs", hint.kept)
            return
    raise AssertionError("no hint kept the usual move")
