"""A pinned Luk Fu hand as a readable golden trace, with its fingerprint as the summary.

The first pinned random hand of ``hongkong`` with four players
(tests/lukfu/test_lukfu_baseline.py) written step by step in
data/golden_hongkong_4.txt: the deal, then at each step the seat to move, its legal
actions, the action played and the public facts after it, and at the end the result. When
play changes, the test says at which step and how, where the fingerprint could only say
that it changed; the fingerprint (data/baseline_lukfu.json) is still checked, so the trace
and the hash agree on one hand.

Regenerate (only when a change of behaviour is intended and documented) with
``python tests/lukfu/test_lukfu_golden_trace.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from test_lukfu_baseline import DATA, _finish, _step_facts

from paiju.lukfu.game import GAME

GOLDEN = Path(__file__).parent / "data" / "golden_hongkong_4.txt"
PRESET, OVERRIDES, PLAYERS = "hongkong", {}, 4
KEY = f"{PRESET}/{PLAYERS}/random"
#: The view's public facts written after each step (the mover's hand, the legal actions
#: and the history are written apart, or not at all).
PUBLIC = ("phase", "to_move", "round", "leader", "top", "hand_counts", "tricks", "won",
          "caller", "privileged", "master_passed", "outcome", "winner", "count", "payments")


def said(action: dict[str, Any]) -> str:
    """An action in a few words: ``seat 1 play 9Sip 8Sip 7Sip``."""
    return " ".join([f"seat {action['seat']}", action["do"], *action.get("cards", [])])


def trace() -> tuple[str, str]:
    """The first pinned hand of :data:`KEY` in words, and its fingerprint."""
    rules = GAME.rules(PRESET, OVERRIDES)
    rng = random.Random(f"{PRESET}/{sorted(OVERRIDES.items())}/{PLAYERS}")
    state = GAME.new_hand(rules, PLAYERS, rng)
    deal = state.record()["deal"]
    lines = [f"Luk Fu, {PRESET}, {PLAYERS} players: the first pinned random hand ({KEY})"]
    lines += [f"deal seat {s}: {' '.join(h)}" for s, h in enumerate(deal["hands"])]
    lines.append(f"dreamer's card: {deal.get('dreamer')}")
    steps = []
    while not state.is_terminal():
        seat = state.to_move()
        assert seat is not None
        steps.append(_step_facts(state, rng))
        actions = state.legal_actions()
        chosen = actions[rng.randrange(len(actions))]
        lines.append(f"step {len(steps)}: seat {seat} to move, {len(actions)} legal: "
                     + "; ".join(said(a.to_json()) for a in actions))
        lines.append(f"  plays {said(chosen.to_json())}")
        state.apply(chosen)
        view = state.view(seat).to_json()
        lines.append("  then " + json.dumps({k: view[k] for k in PUBLIC}, ensure_ascii=False))
    lines.append(f"result: {json.dumps(state.report(), ensure_ascii=False, sort_keys=True)}")
    fingerprint = _finish(state, steps)
    lines.append(f"fingerprint: {fingerprint}")
    return "\n".join(lines) + "\n", fingerprint


def test_the_pinned_hand_plays_as_its_golden_trace() -> None:
    text, fingerprint = trace()
    assert text.splitlines() == GOLDEN.read_text(encoding="utf-8").splitlines()
    assert fingerprint == json.loads(DATA.read_text(encoding="utf-8"))[KEY][0]


if __name__ == "__main__":  # pragma: no cover - rewrites the golden trace
    GOLDEN.write_text(trace()[0], encoding="utf-8")
