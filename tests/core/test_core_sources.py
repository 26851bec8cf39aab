"""Citations read as a person names the source, not as a bare seed number."""

from paiju.core.sources import SOURCES, cite


def test_cite_spells_out_every_seed_number() -> None:
    assert cite('004 "Play": a sequence') == 'pagat.com, Dai Hinmin (004) "Play": a sequence'
    for number, name in SOURCES.items():
        assert cite(f"see {number}.") == f"see {name} ({number})."


def test_cite_leaves_other_numbers_alone() -> None:
    assert cite("0.004 and 1004 and 004a and 005") == "0.004 and 1004 and 004a and 005"
