"""The encodings pinned: the observation, information-state and mask bytes of seeded hands
of every preset digest to the values below. A change to a layout, to an entry or to a mask
changes the digest: re-pin only with a docs/rl.md change that says what moved."""

from __future__ import annotations

import hashlib
from random import Random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from rl_helpers import IDS, PRESETS, decisions, label

from paiju.core.games import get_game
from paiju.rl.actions import Picker, space_of
from paiju.rl.observe import Encoder

#: (observation size, information-state size, ids) and the digest, per preset.
PINNED = {
    "lukfu-hongkong-4": ((636, 2892, 44),
        "d6861a541f9e412ea9ddc4d55b4f295376e550ebad22e8250def24cd21128559"),
    "lukfu-gloucester-3": ((636, 2892, 44),
        "546759e6157e9e0a7ab853d5eee5035d0efa63eee17d57ea7843e9ef9bf94a1e"),
    "lukfu-sung-3": ((636, 2892, 44),
        "be71cbcf1923ce64d9e3698c6483dc18cbff36c4317fb62ee6a34e14fb3d8923"),
    "lukfu-sung-4": ((636, 2892, 44),
        "f1443020b456b186cd5275d9ee0c640557b4c948ce252e153cd07a94611aed92"),
    "daifugo-pagat-4": ((928, 29088, 172),
        "6ca38acc7ae193a9321242531990d139b37c71a2ee2dbe25979a2d6f0fd982b0"),
    "daifugo-uecda-5": ((1000, 29320, 172),
        "fa90f393e21ad923a81791560d30183032dbf3206c7212e93143302413539a19"),
    "daifugo-popular-3": ((858, 28858, 172),
        "061258f6b151d5a615bd0b2cf8afb1dcf625b653813c5e480bbbc67e92fd7c9b"),
    # two packs (rl_helpers.TWO_PACKS): 108-entry card segments
    "daifugo-popular2-5": ((1540, 29860, 172),
        "3a00c8223f8c38a6e6986beb0860ef3a365fb1eea131567c0865a15d3e759ae3"),
}


def digest(game: str, preset: Any, players: int) -> tuple[tuple[int, int, int], str]:
    """The sizes, and the digest of every seat's vectors and the mover's masks along a
    random path of ids, at each decision of two seeded hands."""
    enc = Encoder(game, players, get_game(game).rules(preset))
    space = space_of(game)
    rng = Random(5)
    h = hashlib.sha256(repr(enc.layout()).encode())
    for state, mover in decisions(game, preset, players, hands=2, seed=17):
        for seat in range(state.num_seats):
            view = state.view(seat)
            h.update(enc.observation(view).tobytes())
            h.update(enc.info_state(view).tobytes())
        picker = Picker(space, state.legal_actions())
        view = state.view(mover)
        while True:
            h.update(picker.mask().tobytes())
            h.update(enc.observation(view, picker.prefix).tobytes())
            if picker.step(rng.choice(picker.legal_ids())) is not None:
                break
    return (enc.obs_size, enc.info_size, space.size), h.hexdigest()


@pytest.mark.parametrize("game,preset,players", PRESETS, ids=IDS)
def test_the_encodings_are_pinned(game: str, preset: Any, players: int) -> None:
    assert digest(game, preset, players) == PINNED[f"{game}-{label(preset)}-{players}"]


def test_the_digest_sees_a_changed_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pin has power: one entry more in every observation changes the digest."""
    plain = digest("lukfu", "gloucester", 3)
    real = Encoder.observation

    def marked(self: Encoder, view: object, prefix: tuple[int, ...] = ()) -> np.ndarray:
        out = real(self, view, prefix)  # type: ignore[arg-type]
        out[0] += 1.0
        return out

    monkeypatch.setattr(Encoder, "observation", marked)
    assert digest("lukfu", "gloucester", 3) != plain


#: OpenSpiel: each game string's info (ids, chance outcomes, players, utilities, length,
#: utility kind) and the digest of a seeded random hand's strings, tensors and returns.
OPENSPIEL = {
    "python_paiju_lukfu(players=3)": (
        (44, 36, 3, -256.0, 256.0, 840, "ZERO_SUM"),
        "5950f761c99b507e0e8063542e7be737d46e4c72d07261ec6b090fa1d1957c12"),
    "python_paiju_lukfu(rules=sung)": (
        (44, 37, 4, -66.0, 60.0, 840, "ZERO_SUM"),
        "a5656ba0315ba59c4aaa038af7ff648c305859ba4e5ae7ed02e4d735750625cf"),
    "python_paiju_daifugo(players=5)": (
        (172, 53, 5, 0.0, 2.0, 864, "GENERAL_SUM"),
        "78ad49cda9f3ae964adb3bf3bcd614a0e0d8ddfbece01166be32975832e33bdc"),
    "python_paiju_daifugo(rules=popular,players=3)": (
        (172, 53, 3, 0.0, 1.0, 648, "GENERAL_SUM"),
        "d21b4a2032f844857926d7d514a7831b98cccc20cc5d21fc35a38bb00d7ef468"),
    # two packs: chance outcomes are card numbers, the second copies 64 to 115
    "python_paiju_daifugo(rules=popular,options=decks:2;jokers:4,players=5)": (
        (172, 116, 5, 0.0, 2.0, 1728, "GENERAL_SUM"),
        "5667a2157b6353fd17350eec2e75cf1d259a36edab33cae96106aa19489815f6"),
}

#: The same hands with rows of history in the information-state tensor (``history``; the
#: default keeps none): eight rows, and the whole history (48 rows, 160), whose digests are
#: those pinned before the tensor was made compact, so nothing but the rows kept moved.
HISTORY_ROWS = {
    "python_paiju_lukfu(players=3,history=8)":
        "be12705846cd8697e55818dd30dda8c348daa22cc9c5c1b5913c65a0b1236446",
    "python_paiju_lukfu(rules=sung,history=8)":
        "ad320719de3444d66a2c03fac0c121bc34e63b066281ec2ff3a6eafd71e98bcd",
    "python_paiju_daifugo(players=5,history=8)":
        "adf4d6c5e989f140dd919c15d73ec7e26f35d807f0e025c04d61d2d94b79c72c",
    "python_paiju_daifugo(rules=popular,players=3,history=8)":
        "b0233fe662122e323a1e36072789d10fde85243d639681c5fb5ff2436959256f",
    "python_paiju_daifugo(rules=popular,options=decks:2;jokers:4,players=5,history=8)":
        "8508a24b6894ba9ebd12e14d8a666f490605a165fc85077355a82f6e634eb7e6",
    "python_paiju_lukfu(players=3,history=48)":
        "f57db2bd741d93bf560a603f7c23e076837eeaafe6284074266d4c2c1563b3ae",
    "python_paiju_lukfu(rules=sung,history=48)":
        "8d0c8d69c458ff97ee07e6c2ab77d5d59c59f9743ae6046c9be66140e1ca7575",
    "python_paiju_daifugo(players=5,history=160)":
        "955c95395cccb4e7f16b8abdfe4f87e0b32e9a86f3852558310fdab856bab846",
    "python_paiju_daifugo(rules=popular,players=3,history=160)":
        "e27833be8239ea74e15bcb0a179cd7d55bc64d29a7d84602aaf36b68761b993e",
    "python_paiju_daifugo(rules=popular,options=decks:2;jokers:4,players=5,history=160)":
        "ddde722a0a93a4e0ea8534c73e7b916ba94dc89f42306cf350111da7ab56d14c",
}


def openspiel_digest(text: str) -> tuple[tuple[object, ...], str]:
    """The game's info, and the digest of a random hand played through it."""
    pyspiel = pytest.importorskip("pyspiel")
    import paiju.rl.openspiel  # noqa: F401  (registers the games)

    g = pyspiel.load_game(text)
    info = (g.num_distinct_actions(), g.max_chance_outcomes(), g.num_players(),
            g.min_utility(), g.max_utility(), g.max_game_length(), g.get_type().utility.name)
    rng = Random(3)
    state = g.new_initial_state()
    h = hashlib.sha256()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            h.update(repr(outcomes).encode())
            action = rng.choice(outcomes)[0]
        else:
            p = state.current_player()
            h.update(state.information_state_string(p).encode())
            h.update(np.array(state.information_state_tensor(p), np.float32).tobytes())
            h.update(state.observation_string(p).encode())
            action = rng.choice(state.legal_actions())
        h.update(state.action_to_string(state.current_player(), action).encode())
        state.apply_action(action)
    h.update(repr(state.returns()).encode() + str(state).encode())
    return info, h.hexdigest()


@pytest.mark.parametrize("text", OPENSPIEL)
def test_the_openspiel_games_are_pinned(text: str) -> None:
    assert openspiel_digest(text) == OPENSPIEL[text]


@pytest.mark.parametrize("text", HISTORY_ROWS)
def test_the_rows_of_history_are_pinned(text: str) -> None:
    assert openspiel_digest(text)[1] == HISTORY_ROWS[text]


def test_card_entries_are_the_engines_card_numbers() -> None:
    """A card segment's entry ``i`` is the engine's card number ``i``, and the action ids'
    tokens follow the same order (what building an observation from bitsets relies on)."""
    from paiju.daifugo.engine.cards import TOKENS as DAIFUGO_TOKENS
    from paiju.lukfu.engine.cards import name, pack

    lukfu = space_of("lukfu").tokens
    assert [lukfu.index(name(c)) for c in sorted(pack(4))] == list(range(37))
    assert space_of("daifugo").tokens[:52] == DAIFUGO_TOKENS[:52]
    assert space_of("daifugo").tokens[113:] == DAIFUGO_TOKENS[64:116]  # 3S' .. 2C'
    assert space_of("daifugo").tokens[113] == "3S'"
