"""A pinned Dai Fugō hand as a readable golden trace, with its fingerprint as the summary.

The first pinned hand of ``mix-follow`` (five players; 7-watashi, 10-discard, 5-skip,
9-reverse, no play after a pass: tests/daifugo/test_baseline.py) written step by step in
data/golden_mix_follow.txt: the deal, then at each step the legal actions, the refusal
asked about, the action played and the public table after it, and at the end the result.
When play changes, the test says at which step and how, where the fingerprint could only
say that it changed; the fingerprint (data/baseline_daifugo.json) is still checked, so the
trace and the hash agree on one hand.

Regenerate (only when a change of behaviour is intended and documented) with
``python tests/daifugo/test_golden_trace.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from test_baseline import CONFIGS, _hand_fingerprint, _load

from paiju.daifugo.game import GAME

GOLDEN = Path(__file__).parent / "data" / "golden_mix_follow.txt"
NAME = "mix-follow"


def trace() -> tuple[str, str]:
    """The first pinned hand of :data:`NAME` in words, and its fingerprint."""
    spec, players = next((c[1], c[2]) for c in CONFIGS if c[0] == NAME)
    session = GAME.new_session(GAME.rules(spec), players, 0)
    state = session.deal()
    record = state.record()
    lines = [f"Dai Fugō, {NAME} ({json.dumps(spec, sort_keys=True)}), {players} players: "
             "the first pinned hand"]
    lines += [f"deal seat {s}: {' '.join(h)}" for s, h in enumerate(record["deal"]["hands"])]
    lines.append(f"first to play: seat {record['first']}")
    fingerprint = _hand_fingerprint(state, random.Random(1000), random.Random(2000), lines)
    lines.append(f"result: {json.dumps(state.report(), ensure_ascii=False, sort_keys=True)}")
    lines.append(f"fingerprint: {fingerprint}")
    return "\n".join(lines) + "\n", fingerprint


def test_the_pinned_hand_plays_as_its_golden_trace() -> None:
    text, fingerprint = trace()
    assert text.splitlines() == GOLDEN.read_text(encoding="utf-8").splitlines()
    assert fingerprint == _load()[NAME][0]


if __name__ == "__main__":  # pragma: no cover - rewrites the golden trace
    GOLDEN.write_text(trace()[0], encoding="utf-8")
