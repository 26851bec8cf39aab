"""The wording of what the commands print: a count of one takes the singular, and "You"
takes the verb "you" takes, everywhere, checked over whole sessions of both games rather
than sentence by sentence (the sentences come from paiju.core.params.plural and the
catalogues' plural forms, paiju.table.text)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_helpers import run

from paiju.core.params import plural

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from ui_helpers import NOUNS, wording_faults  # tests/ui: the table's check too


def test_the_check_finds_the_faults_it_looks_for() -> None:
    assert wording_faults("1 cards, You leads, 3 trick, 1 games played") == [
        "1 cards", "1 games", "3 trick", "You leads"]
    assert wording_faults(", ".join(plural(n, w) for n in (0, 1, 2, 11) for w in NOUNS)) == []
    assert wording_faults("You lead; P1 leads; 0.1 cards; 2-card play") == []


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_whole_sessions_are_worded_right(game: str) -> None:
    watched = run(["play", game, "--watch", "--plain", "--hands", "3", "--seed", "2",
                   "--no-save"])
    assert watched.exit_code == 0, watched.output
    dealt = run(["hand", game, "--seed", "2", "--bots", "heuristic"])
    simulated = run(["simulate", game, "--hands", "3" if game == "lukfu" else "4"])
    for result in (watched, dealt, simulated):
        assert result.exit_code == 0, result.output
        assert wording_faults(result.output) == []


def test_replay_text_is_worded_right(tmp_path: Path) -> None:
    dealt = run(["hand", "daifugo", "--seed", "5", "--record", "-"])
    record = json.loads(dealt.output.splitlines()[-1])
    one = dict(record, actions=record["actions"][:1])
    path = tmp_path / "one.json"
    path.write_text(json.dumps(one), encoding="utf-8")
    shown = run(["replay", "--text", str(path)])
    assert shown.exit_code == 0 and "1 action" in shown.output
    assert wording_faults(shown.output) == []
