"""Chinese and Japanese lines fold as their readers expect (paiju.ui.fold): never a lone
bullet, never a line that begins with a closing mark, every line within the width, and no
character lost or added but the bullet's hanging indent."""

from __future__ import annotations

import asyncio
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from ui_helpers import screen_text

from paiju.core.games import get_game
from paiju.ui.app import PlayApp
from paiju.ui.fold import BULLET, NO_START, fold, may_break_at
from paiju.ui.match import Match

RULE = ("• 53枚：ジョーカー1枚。最強の1枚で、組の中ではどの札の代わりにもなります。"
        " (jokers = 1)")


def _lines(text: str, width: int) -> list[str]:
    return [part.plain for part in fold(Text(text), width)]


def test_a_bullet_keeps_its_text_and_its_lines_hang() -> None:
    lines = _lines(RULE, 40)
    assert lines[0].startswith("• 53枚") and len(lines) > 1
    assert all(line.startswith("  ") and line[2] != " " for line in lines[1:])
    assert "".join(line.removeprefix("  ") if i else line
                   for i, line in enumerate(lines)) == RULE


def test_a_number_keeps_the_word_it_counts() -> None:
    lines = _lines("P3 plays 2 Sip, 4 Chen and 9 Sok.", 20)
    assert lines == ["P3 plays 2 Sip, ", "4 Chen and 9 Sok."]
    assert _lines("P3 plays 2 Sip, 4 Chen", 18) == ["P3 plays 2 Sip, ", "4 Chen"]


def test_a_stop_never_begins_a_line() -> None:
    # at width 22 the cut would fall just before "。" (the sentence's 11th character)
    text = "あいうえおかきくけこ。さしすせそ"
    lines = _lines(text, 20)
    assert lines == ["あいうえおかきくけ", "こ。さしすせそ"]


CJK = st.sampled_from(list("あいうえお漢字札枚") + list("。、）「") + [" ", "a", "1"])


@settings(max_examples=300, deadline=None)
@given(st.lists(CJK, min_size=1, max_size=80).map("".join), st.integers(6, 50),
       st.booleans())
def test_folding_keeps_every_character_within_the_width(body: str, width: int,
                                                        bullet: bool) -> None:
    text = (BULLET if bullet else "") + body
    lines = _lines(text, width)
    hang = cell_len(BULLET) if bullet else 0
    assert all(cell_len(line) <= width for line in lines), lines
    rest = [line[hang:] for line in lines[1:]]
    assert all(line[:hang] == " " * hang for line in lines[1:])
    assert lines[0] + "".join(rest) == text
    own = [lines[0], *rest]  # each line's own characters
    for n, (before, after) in enumerate(itertools.pairwise(own)):
        if not may_break_at(before + after, len(before)):  # forced: no lawful break left
            first = len(BULLET) + 1 if bullet and n == 0 else 1
            assert not any(may_break_at(before, i) for i in range(first, len(before))), lines


def test_the_japanese_rules_panel_has_no_lone_bullet_nor_line_starting_with_a_stop() -> None:
    match = Match("daifugo", get_game("daifugo").rules("popular"), 4, seed=2, hands=1,
                  save=False)
    match.native = True

    async def scenario() -> list[str]:
        app = PlayApp(match, delay=0)
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            await pilot.press("r")
            await pilot.pause(0.3)
            for _ in range(10):
                seen += screen_text(app).splitlines()
                await pilot.press("pagedown")
                await pilot.pause(0.05)
        return seen

    inner = [line.strip("│█╭╮╰╯─▀▄▇ ") for line in asyncio.run(scenario())]
    assert any(line.startswith("• ") for line in inner)
    assert "•" not in inner
    assert not [line for line in inner if line[:1] in NO_START - {"ー"}], inner


def test_the_log_never_parts_a_number_from_its_card() -> None:
    """The log's lines of plays ("P3 plays 2 Sip, 4 Chen") fold between cards, never
    inside one, at every width of the log panel."""
    import random
    import re

    from paiju.bots.heuristic import HeuristicBot

    parted = re.compile(r"(?:^|[ ,(])\d+ ?$")
    log: list[str] = []
    for seed in range(30):
        match = Match("lukfu", get_game("lukfu").rules("hongkong"), 4, seed=seed, hands=1,
                      human=None, save=False)
        match.deal()
        state, rng = match.state, random.Random(seed)
        assert state is not None
        while not state.is_terminal():
            match.play_bot() if not match.human_to_move() else match.apply(
                HeuristicBot().choose(state.view(match.observer_seat), rng))
        log += match.log
    assert sum(" plays " in line and "," in line for line in log) > 20
    for width in range(24, 60):
        lines = [line for entry in log for line in _lines(entry, width)]
        ends = [(a, b) for a, b in itertools.pairwise(lines)
                if parted.search(a) and b[:1].isalpha()]
        assert not ends, (width, ends[:3])
