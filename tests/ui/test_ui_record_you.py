"""A hand the person played at the table is saved with the seat they played (``you``),
and the replay names that seat; a hand the computers played alone has none."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.core.referee import referee
from paiju.ui.match import Match
from paiju.ui.replay import Replay


@pytest.mark.parametrize("human", [0, None])
def test_the_record_says_which_seat_was_you(human: int | None, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIJU_DATA_DIR", str(tmp_path))
    match = Match("lukfu", get_game("lukfu").rules("hongkong"), 4, seed=4, hands=2,
                  human=human)
    bot, rng = HeuristicBot(), random.Random(0)
    for _ in range(2):  # the seats move between hands: each record names its own
        match.deal()
        state = match.state
        assert state is not None
        while not state.is_terminal():
            if match.human_to_move():
                match.apply(bot.choose(state.view(match.observer_seat), rng))
            else:
                match.play_bot()
        seat = match.observer_seat
        summary = match.finish()
        assert summary.record_file is not None
        record = json.loads(summary.record_file.read_text(encoding="utf-8"))
        assert referee(record).report["legal"]
        names = Replay(record).names()
        if human is None:
            assert "you" not in record and not any("(you)" in n for n in names)
        else:
            assert record["you"] == seat
            assert names[seat] == f"seat {seat} (you)"
            assert sum("(you)" in n for n in names) == 1


def test_a_you_that_is_no_seat_makes_the_record_malformed() -> None:
    from paiju.core.errors import MalformedRecord

    for game, players in (("lukfu", 4), ("daifugo", 4)):
        g = get_game(game)
        state = g.new_hand(g.rules(None), players, random.Random(1))
        record = state.record()
        g.from_record({**record, "you": 3})
        for bad in (4, -1, "0", True):
            with pytest.raises(MalformedRecord, match="'you'"):
                g.from_record({**record, "you": bad})
