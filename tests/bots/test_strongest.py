"""The player ``strongest``: each game's named search, its settings overridable."""

from __future__ import annotations

import pytest

from paiju.bots.base import known_players, make_bot, strongest_spec
from paiju.bots.ismcts import ISMCTSBot
from paiju.core.games import GAMES, get_game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_strongest_is_the_games_spec(game: str) -> None:
    if game not in ("lukfu", "daifugo"):
        pytest.skip("a test game names no strongest player")
    bot = make_bot("strongest", game)
    assert isinstance(bot, ISMCTSBot)
    assert make_bot(bot.spec, game) == bot
    assert bot.spec == make_bot(get_game(game).strongest, game).spec  # type: ignore[attr-defined]


def test_daifugo_strongest_has_the_levers() -> None:
    bot = make_bot("strongest", "daifugo")
    assert isinstance(bot, ISMCTSBot)
    assert bot.reward == "games" and bot.endgame > 0 and bot.root == "halving"


def test_settings_override_the_games() -> None:
    bot = make_bot("strongest:iters=8:opponents=uecda-standard", "daifugo")
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == 8 and bot.opponents == "uecda-standard"
    assert bot.reward == "games"
    assert "iters=8" in strongest_spec("daifugo", {"iters": "8"})


def test_strongest_needs_its_game() -> None:
    with pytest.raises(ValueError, match="each game's own player"):
        make_bot("strongest")


def test_strongest_is_known() -> None:
    assert "strongest" in known_players("daifugo")
    assert "strongest" in known_players()


def test_a_bad_override_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="endgame must be at least 0"):
        make_bot("strongest:endgame=-1", "daifugo")
