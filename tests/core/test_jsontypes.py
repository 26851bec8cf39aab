"""The protocol's JSON readers take what a record holds and refuse what it does not."""

from __future__ import annotations

import json

import pytest

from paiju.core.games import get_game
from paiju.core.jsontypes import Json, json_list, json_object, json_strs


def test_a_records_deal_reads_as_json() -> None:
    import random

    game = get_game("daifugo")
    record = json.loads(json.dumps(game.new_hand(game.rules(), 4, random.Random(1)).record()))
    hands = json_list(json_object(record["deal"])["hands"])
    assert sum(len(json_strs(h)) for h in hands) == 53  # the pack and its joker
    assert all(isinstance(t, str) for h in hands for t in json_strs(h))


@pytest.mark.parametrize("bad", [None, 3, 2.5, True, {"a": 1}, [["3S"]]])
def test_a_reader_refuses_another_kind(bad: Json) -> None:
    with pytest.raises(TypeError):
        json_list(bad if not isinstance(bad, list) else "3S")
    with pytest.raises(TypeError):
        json_strs([bad] if not isinstance(bad, list) else bad)
    with pytest.raises(TypeError):
        json_object([bad])
    assert json_strs(["3S", "JK"]) == ["3S", "JK"]
