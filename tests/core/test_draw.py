"""The play-outs' uniform draw is ``randrange``, bit for bit, and steps aside for a
generator that draws otherwise."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from paiju.core.draw import Below, Pairs, shuffle, uniform_index


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


@given(st.integers(0, 2**32), st.lists(st.integers(0, 60), max_size=60))
def test_a_shuffle_is_random_shuffle_bit_for_bit(seed: int, items: list[int]) -> None:
    a, b = random.Random(seed), random.Random(seed)
    mine, theirs = list(items), list(items)
    shuffle(a, mine)
    b.shuffle(theirs)
    assert mine == theirs
    assert a.getstate() == b.getstate()


def test_a_generator_that_shuffles_otherwise_shuffles_itself() -> None:
    class Backwards(random.Random):
        def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Backwards(1), items)
    assert items == [3, 2, 1]


@given(st.integers(0, 2**32), st.lists(st.integers(0, 60), min_size=2, max_size=45),
       st.integers(1, 30))
def test_a_pair_is_random_sample_of_two_bit_for_bit(seed: int, items: list[int],
                                                     draws: int) -> None:
    # both of random.sample's ways: from a pool below 22 items, by rejection above
    a, b = random.Random(seed), random.Random(seed)
    pair = Pairs(a)
    assert [pair(items) for _ in range(draws)] == [tuple(b.sample(items, 2))
                                                   for _ in range(draws)]
    assert a.getstate() == b.getstate()


def test_a_pair_from_a_generator_that_samples_otherwise_is_its_own() -> None:
    class Fixed(random.Random):
        def sample(self, population: Any, k: int, **kwargs: Any) -> list[Any]:
            return list(population[:k])

    assert Pairs(Fixed(3))([5, 6, 7]) == (5, 6)
    assert Pairs(random.SystemRandom())([5, 6]) in ((5, 6), (6, 5))
