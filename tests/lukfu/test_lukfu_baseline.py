"""Pinned regression: the same seed gives the same game, and every record the same verdict.

For every preset and a few option mixes, with three and four players, seeded hands are
played with random legal actions (picked by index from a seeded ``Random``, so the order
of ``legal_actions`` is pinned too) and with the club player (:mod:`paiju.lukfu.players.strategy`)
at every seat. Each hand is reduced to a fingerprint: a hash of its record, the
referee's ruling, its result, the mover's view, its aged cards, and the reasons given for
a few illegal actions at every step. The hand-written records of tests/lukfu/records are
refereed with their verdicts. The fingerprints are stored in
tests/lukfu/data/baseline_lukfu.json; ``python tests/lukfu/test_lukfu_baseline.py`` rewrites it
(only ever from an engine known to be right). The first random hand of ``hongkong`` with
four players is also written out step by step, as a golden trace a reader can follow
(data/golden_hongkong_4.txt, test_lukfu_golden_trace.py).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from paiju.core.referee import referee
from paiju.lukfu.engine.state import LukFuAction, LukFuState
from paiju.lukfu.game import GAME
from paiju.lukfu.players.strategy import choose

DATA = Path(__file__).parent / "data" / "baseline_lukfu.json"
RECORDS = Path(__file__).parent / "records"
HANDS = 30

#: (name, preset, overrides): every preset, and mixes that cross the presets' options.
CONFIGS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("hongkong", "hongkong", {}),
    ("gloucester", "gloucester", {}),
    ("sung", "sung", {}),
    ("hongkong-strict-old", "hongkong", {
        "surrender": "strict", "lead_rule": "old_cards", "master_call": "lead",
        "passed_master_lead": "no_four", "cards_out": "leader", "tariff": "pang"}),
    ("gloucester-deduced-break", "gloucester", {
        "aged_knowledge": "deduced", "surrender": "break", "lead_rule": "categories",
        "privileged": "caller", "opening_lead": "free", "passed_master_lead": "beatable",
        "declare_counts_aged": False, "five_tigers_claim": "automatic"}),
    ("sung-word-free", "sung", {
        "master_call": "lead", "passed_master_lead": "free", "five_tigers_claim": "optional",
        "privileged": "players_2_3", "li_chen_is_ace": True, "cards_out": "leader"}),
)


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _probes(state: LukFuState, rng: random.Random) -> list[LukFuAction]:
    """A few actions to ask ``why_illegal`` about: other seats', odd kinds, odd cards."""
    seat = state.to_move()
    assert seat is not None
    hand = state.hands[seat]
    cards = [1 << c for c in range(37) if hand >> c & 1]
    out = [LukFuAction(seat, do) for do in ("call", "pass", "declare", "five_tigers")]
    out.append(LukFuAction((seat + 1) % 4, "pass"))
    for k in (1, 2, 3, 4):
        if len(cards) >= k:
            pick = sum(rng.sample(cards, k))
            out += [LukFuAction(seat, "play", pick), LukFuAction(seat, "discard", pick)]
    outside = ((1 << 37) - 1) & ~hand
    if outside:
        out.append(LukFuAction(seat, "play", outside & -outside))
    return out


def _step_facts(state: LukFuState, rng: random.Random) -> list[Any]:
    seat = state.to_move()
    assert seat is not None
    probes = [(a.to_json(), state.why_illegal(a)) for a in _probes(state, rng)]
    view = state.view(seat).to_json()
    facts: list[Any] = [probes, _digest(view)]
    if state.phase in ("lead", "follow"):
        facts.append([state.aged(s) for s in range(3)])
        facts.append(state.can_declare(seat))
    return facts


def _finish(state: LukFuState, steps: list[Any]) -> str:
    record = json.loads(json.dumps(state.record()))
    ruling = referee(record).report
    views = [_digest(state.view(s).to_json()) for s in range(state.players)]
    return _digest([record, ruling, list(state.result().points), views, steps])


def random_hands(preset: str, overrides: dict[str, Any], players: int, hands: int) -> list[str]:
    """Fingerprints of ``hands`` seeded hands of uniformly random legal actions."""
    rules = GAME.rules(preset, overrides)
    rng = random.Random(f"{preset}/{sorted(overrides.items())}/{players}")
    out = []
    for _ in range(hands):
        state = GAME.new_hand(rules, players, rng)
        steps = []
        while not state.is_terminal():
            steps.append(_step_facts(state, rng))
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        out.append(_finish(state, steps))
    return out


def club_hands(preset: str, overrides: dict[str, Any], players: int, hands: int) -> list[str]:
    """Fingerprints of seeded hands the club player plays at every seat."""
    rules = GAME.rules(preset, overrides)
    rng = random.Random(f"club/{preset}/{sorted(overrides.items())}/{players}")
    out = []
    for _ in range(hands):
        state = GAME.new_hand(rules, players, rng)
        while not state.is_terminal():
            seat = state.to_move()
            assert seat is not None
            state.apply(choose(state.view(seat), rng))
        out.append(_finish(state, []))
    return out


def record_verdicts() -> dict[str, Any]:
    """The referee's report on every hand-written record."""
    return {
        path.stem: referee(json.loads(path.read_text(encoding="utf-8"))).report
        for path in sorted(RECORDS.glob("*.json"))
    }


def fingerprints() -> dict[str, Any]:
    out: dict[str, Any] = {"records": record_verdicts()}
    for label, preset, overrides in CONFIGS:
        for players in (3, 4):
            out[f"{label}/{players}/random"] = random_hands(preset, overrides, players, HANDS)
            out[f"{label}/{players}/club"] = club_hands(preset, overrides, players, HANDS // 3)
    return out


def test_same_seed_same_game_same_verdicts() -> None:
    stored = json.loads(DATA.read_text(encoding="utf-8"))
    now = fingerprints()
    assert now.keys() == stored.keys()
    for key in stored:
        assert now[key] == stored[key], key


if __name__ == "__main__":  # pragma: no cover - rewrites the pinned data
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")
    sys.exit(0)
