"""Pinned games: the same seed gives the same Dai Fugō hands, records, verdicts and reasons.

For every preset and a few fixed option mixes, sessions of seeded random hands are
played (random legal actions drawn from a seeded ``Random``, as ``paiju simulate``
draws them). Each hand is summed up by a fingerprint: the hash of its record, the legal
actions offered at every step, the refusal reason of a random other action at every
step, the public table after every step, the referee's verdict on the record, the
result, and one ``View.sample`` draw. The fingerprints are stored in
``data/baseline_daifugo.json``; a change to any of them is a change a user would see.
The first hand of ``mix-follow`` is also written out step by step, as a golden trace a
reader can follow (data/golden_mix_follow.txt, test_golden_trace.py).

Regenerate (only when a change of behaviour is intended and documented) with
``python tests/daifugo/test_baseline.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from paiju.core.referee import referee
from paiju.daifugo.engine import combos
from paiju.daifugo.engine.cards import JOKERS, SUITED, pack, tokens
from paiju.daifugo.engine.state import Action, DaifugoState
from paiju.daifugo.game import GAME

DATA = Path(__file__).parent / "data" / "baseline_daifugo.json"
SESSIONS = 8
HANDS_PER_SESSION = 4

#: (name, rules spec, players)
CONFIGS: list[tuple[str, Any, int]] = [
    ("pagat-4", "pagat", 4),
    ("pagat-7", {"preset": "pagat", "options": {"jokers": 2}}, 7),
    ("uecda-5", "uecda", 5),
    ("popular-4", "popular", 4),
    ("popular-6", "popular", 6),
    ("mix-follow", {"preset": "pagat", "options": {
        "seven_pass": True, "ten_discard": True, "five_skip": True, "nine_reverse": True,
        "no_play_after_pass": True, "exchange": "always_two", "scoring": "payments"}}, 5),
    ("mix-clear", {"preset": "popular", "options": {
        "sandstorm": True, "ambulance": True, "emperor": True, "four_stop": True,
        "down_number": True, "shibari": "partial", "shibari_after": 3,
        "revolution": "four_natural", "three_threes_revolution": True,
        "sequence_revolution": 4, "revolution_timing": "immediate"}}, 6),
    ("mix-titles", {"preset": "pagat", "options": {
        "jokers": 2, "joker_reversal": True, "exchange_keep_joker": True,
        "gekokujo": True, "miyako_ochi": True, "first_lead": "diamond_three_every",
        "forbidden_finish": ["top", "joker"], "sequences": True,
        "twos_in_sequences": False}}, 5),
    ("mix-seats", {"preset": "uecda", "options": {
        "seat_change": "standard", "first_lead": "random", "sequence_beat": "higher",
        "jack_back": True, "forbidden_finish": ["eight", "spade_three"]}}, 4),
    ("mix-seats-reverse", {"preset": "pagat", "options": {
        "seat_change": "reverse", "jokers": 0, "sequences": False,
        "revolution": "four"}}, 3),
    ("mix-eight", {"preset": "popular", "options": {
        "jokers": 2, "sequence_beat": "above", "scoring": "uecda"}}, 8),
]


def _probe(state: DaifugoState, rng: random.Random) -> Action:
    """A random action for the refusal reasons: often illegal, sometimes legal."""
    seat = state.to_move()
    assert seat is not None
    roll = rng.random()
    if roll < 0.1:
        return Action((seat + 1) % state.n, "pass")
    if roll < 0.2:
        return Action(seat, "pass")
    if roll < 0.6:  # a combination of the mover's hand, legal now or not
        hand = state.hands[seat]
        nat, nj = hand & SUITED, (hand & JOKERS).bit_count()
        cands = [*combos.all_groups(nat, nj), *combos.all_sequences(nat, nj, True)]
        if cands:
            return Action(seat, "play", combos.tokens_of(rng.choice(cands)))
    pool = tokens(pack(2))
    k = rng.randint(1, 5)
    cards = rng.sample(pool, k)
    if rng.random() < 0.5:  # mostly the mover's own cards, to reach the rules past "held"
        own = tokens(state.hands[seat])
        cards = rng.sample(own, min(k, len(own))) or cards
    do = rng.choice(("play", "play", "play", "give", "seven_pass", "discard"))
    return GAME.action_from_json({"seat": seat, "do": do, "cards": cards})


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _said(action: Action) -> str:
    """An action in a few words: ``seat 1 play 9S 9H``."""
    j = action.to_json()
    return " ".join([f"seat {j['seat']}", j["do"], *j.get("cards", [])])


def _hand_fingerprint(state: DaifugoState, rng: random.Random, probe: random.Random,
                      trace: list[str] | None = None) -> str:
    """The hand's fingerprint; with ``trace``, each step is also written there in words
    (test_golden_trace.py)."""
    parts: list[Any] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        parts.append([a.to_json() for a in legal])
        p = _probe(state, probe)
        parts.append(state.why_illegal(p))
        chosen = legal[rng.randrange(len(legal))]
        state.apply(chosen)
        parts.append(state.table_now())
        if trace is not None:
            trace += [
                f"step {len(parts) // 3}: {len(legal)} legal: "
                + "; ".join(_said(a) for a in legal),
                f"  asked {_said(p)}: {parts[-2] or 'legal'}",
                f"  plays {_said(chosen)}",
                "  then " + json.dumps(parts[-1], ensure_ascii=False),
            ]
    rec = json.loads(json.dumps(state.record()))
    ruling = referee(rec)
    seat = probe.randrange(state.n)
    sample = state.view(seat).sample(random.Random(probe.random()))
    return _digest({
        "record": rec, "steps": parts, "verdict": ruling.report,
        "result": state.report(), "view": state.view(seat).to_json(),
        "sample": [tokens(h) for h in sample.hands],
    })


def fingerprints(spec: Any, players: int) -> list[str]:
    """The fingerprint of every pinned hand of one configuration."""
    out = []
    rules = GAME.rules(spec)
    for seed in range(SESSIONS):
        session = GAME.new_session(rules, players, seed)
        rng = random.Random(1000 + seed)
        probe = random.Random(2000 + seed)
        for _ in range(HANDS_PER_SESSION):
            state = session.deal()
            out.append(_hand_fingerprint(state, rng, probe))
            session.finish(state)
        out.append(_digest(list(session.totals)))
    return out


def _load() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(DATA.read_text())
    return data


@pytest.mark.parametrize(("name", "spec", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_same_seed_same_hands(name: str, spec: Any, players: int) -> None:
    """Every pinned hand plays, reads and is refereed exactly as when it was pinned."""
    assert fingerprints(spec, players) == _load()[name]


def test_the_baseline_covers_every_preset() -> None:
    from paiju.daifugo.rules import PRESETS

    presets = {c[1] if isinstance(c[1], str) else c[1]["preset"] for c in CONFIGS}
    assert presets == set(PRESETS)
    assert set(_load()) == {c[0] for c in CONFIGS}


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(
        {name: fingerprints(spec, n) for name, spec, n in CONFIGS}, indent=1) + "\n")
