"""The play-outs' uniform draw is ``randrange``, bit for bit, and steps aside for a
generator that draws otherwise."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from paiju.core.draw import Below, uniform_index


@given(st.integers(0, 2**32), st.lists(st.integers(1, 2**70), min_size=1, max_size=60))
def test_a_draw_is_randrange_bit_for_bit(seed: int, bounds: list[int]) -> None:
    a, b = random.Random(seed), random.Random(seed)
    draw = uniform_index(a)
    assert isinstance(draw, Below)
    assert [draw(n) for n in bounds] == [b.randrange(n) for n in bounds]
    assert a.getstate() == b.getstate()  # the generators stand at the same place after


def test_a_generator_that_draws_otherwise_is_asked_itself() -> None:
    class Odd(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 0

    class OwnBits(random.Random):
        def getrandbits(self, k: int) -> int:
            return 0

    assert uniform_index(Odd(1))(50) == 0
    assert not isinstance(uniform_index(OwnBits(1)), Below)
    assert not isinstance(uniform_index(random.SystemRandom()), Below)
    assert uniform_index(OwnBits(1))(7) == OwnBits(1).randrange(7)
