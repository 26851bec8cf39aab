"""What ``paiju play`` says when the table closes matches what it did."""

from __future__ import annotations

import random
from pathlib import Path

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.ui.commands import closing_lines
from paiju.ui.match import Match


def _play_out(match: Match, rng: random.Random) -> None:
    """The current hand played to its end, the person's turns by the heuristic."""
    state = match.state
    assert state is not None
    while not state.is_terminal():
        if match.human_to_move():
            match.apply(HeuristicBot().choose(state.view(match.observer_seat), rng))
        else:
            match.play_bot()


def test_quitting_during_hand_3_counts_its_record(data_dir: Path) -> None:
    rules = get_game("lukfu").rules("hongkong")
    match = Match("lukfu", rules, 4, seed=5, hands=5)
    rng = random.Random(5)
    for _ in range(2):
        match.deal()
        _play_out(match, rng)
        match.finish()
    match.deal()
    assert match.save_unfinished() is not None  # `q` during hand 3
    written = sorted(data_dir.rglob("*.json"))
    assert len(written) == 3
    assert sorted(match.saved_files) == written
    lines = closing_lines(match)
    assert lines[0].startswith("2 hands played; totals: ")
    assert lines[1] == "3 records saved in"
