"""The hand engine's fast paths agree exactly with the reference implementations.

- ``LukFuState.aged`` (suit by suit; the true deal, swaps and surrender exclusions as
  witnesses before the search) against :func:`paiju.lukfu.inference.aged.aged_cards` on the seat's
  knowledge, at every position of random hands, in real states, in states sampled from
  views (another true deal), and with the true deal not trusted (the search alone).
- ``LukFuState.can_declare`` against the count of reference aged cards.
- The dreamer's samples (a search when random deals fail) obey every surrender, checked
  from first principles.
"""

from __future__ import annotations

import random

import pytest

from paiju.lukfu.engine.cards import mask, pack
from paiju.lukfu.engine.melds import has_beating
from paiju.lukfu.engine.state import LukFuState
from paiju.lukfu.game import GAME
from paiju.lukfu.inference.aged import aged_cards
from paiju.lukfu.inference.inference import sample_for_bystander
from paiju.lukfu.inference.knowledge import DISCARD, STRICT

CONFIGS = [
    ("hongkong", {}),
    ("hongkong", {"surrender": "strict"}),
    ("gloucester", {}),
    ("gloucester", {"aged_knowledge": "deduced", "surrender": "break"}),
    ("sung", {"aged_knowledge": "deduced"}),
]


def _check_aged(st: LukFuState) -> None:
    mode = st.rules.values["aged_knowledge"]
    counts = st.rules.values["declare_counts_aged"]
    for seat in range(3):
        reference = aged_cards(st.knowledge(seat), mode)
        assert st.aged(seat) == reference, (seat, st.record())
        twin = st.clone()
        twin.truth_consistent = False
        assert twin.aged(seat) == reference
        count = st.tricks[seat] + (reference.bit_count() if counts else 0)
        assert st.can_declare(seat) == (count >= 6)


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_aged_cards_agree_with_the_reference(preset: str, options: dict[str, str]) -> None:
    rules = GAME.rules(preset, options)
    rng = random.Random(hash(preset) % 1000 + len(options))
    positions = 0
    for n in range(60):
        st = GAME.new_hand(rules, 3 + n % 2, rng)
        while not st.is_terminal():
            if st.phase in ("lead", "follow"):
                _check_aged(st)
                positions += 1
                if rng.random() < 0.15:
                    seat = rng.randrange(st.players)
                    sample = st.view(seat).sample(rng)
                    assert sample.truth_consistent
                    if not sample.is_terminal():
                        _check_aged(sample)
            acts = list(st.legal_actions())
            if st.phase == "calling":  # play most hands out
                acts = [a for a in acts if a.do != "pass"] or acts
            discards = [a for a in acts if a.do == "discard"]
            if discards and n % 3 == 0 and rng.random() < 0.8:
                acts = discards  # many surrenders: counting arguments decide more cards
            st.apply(acts[rng.randrange(len(acts))])
    assert positions > 600


def _obeys_surrender(st: LukFuState) -> bool:
    """Every face-down discard of ``st`` obeys the surrender rule with its true hands."""
    strict = st.rules.values["surrender"] == STRICT
    for i, e in enumerate(st.events):
        if e.kind != DISCARD:
            continue
        assert e.top is not None
        held = st.hands[e.seat]
        for later in st.events[i:]:
            if later.seat == e.seat:
                held |= later.cards
        if has_beating(held if strict else held & ~e.cards, e.top):
            return False
    return True


@pytest.mark.parametrize("surrender", ["strict", "break"])
def test_the_dreamers_search_obeys_every_surrender(surrender: str) -> None:
    # Random deals are skipped (tries=0): the search and the swaps alone must keep every
    # surrender lawful, in late positions with many face-down discards.
    rules = GAME.rules("hongkong", {"surrender": surrender})
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        st = GAME.new_hand(rules, 4, rng)
        while not st.is_terminal():
            acts = st.legal_actions()
            if st.phase == "calling":
                acts = [a for a in acts if a.do == "call"] or acts
            discards = [a for a in acts if a.do == "discard"]
            st.apply(rng.choice(discards if discards and rng.random() < 0.7 else list(acts)))
            if st.round >= 5 and not st.is_terminal() and rng.random() < 0.3:
                view = st.view(3)
                assert view.dreamer_card is not None
                unseen = mask(pack(4)) & ~(1 << view.dreamer_card) & ~st.face_up
                hands, plays = sample_for_bystander(
                    view.events, view.hand_counts, unseen, surrender, rng, tries=0
                )
                for e, cards in zip(view.events, plays, strict=True):
                    hands[e.seat] |= cards
                world = LukFuState(rules, hands, view.dreamer_card)
                for seat, do, j in view._script:
                    from paiju.lukfu.engine.state import LukFuAction

                    world._do(LukFuAction(seat, do, plays[j] if j >= 0 else 0))
                assert _obeys_surrender(world) and world.truth_consistent
                assert world.face_up == st.face_up and world.hand_counts() == st.hand_counts()
                checked += 1
    assert checked > 50


def test_a_counting_argument_in_a_real_hand() -> None:
    # A rare position (found by search over random hands) where no surrender excludes the
    # unseen 8 Chen from both opponents, no swap of the true deal gives it to one, and only
    # the exact search shows that no consistent deal does: the fast path must ask it.
    rules = GAME.rules("hongkong", {"surrender": "strict"})
    rng = random.Random(1676)
    st = GAME.new_hand(rules, 3, rng)
    while len(st.actions) < 29:
        acts = list(st.legal_actions())
        if st.phase == "calling":
            acts = [a for a in acts if a.do != "pass"] or acts
        discards = [a for a in acts if a.do == "discard"]
        if discards and rng.random() < 0.8:
            acts = discards
        st.apply(acts[rng.randrange(len(acts))])
    eight_chen = 34
    others = [o for o in (0, 2) if st.hands[o] and not st._excluded(o, eight_chen)]
    assert others, "no surrender alone settles it"
    assert not any(st._swap_witness(o, eight_chen) for o in others)
    assert not st._may_be_held(1, eight_chen)
    _check_aged(st)
