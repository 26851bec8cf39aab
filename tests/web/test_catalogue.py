"""Every word a player reads comes from the catalogues, in every language.

The catalogues are complete (every sentence translated, plural forms and placeholders
included) and in step with the source; no presenter or message builder glues a sentence
out of English words a translation cannot reorder; and whole hands of both games, played
through the message builders, show no English sentence on the Chinese or Japanese side.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from paiju.core.errors import PaijuError
from paiju.core.games import get_game
from paiju.table import catalogue
from paiju.table.present import presenter_for
from paiju.table.rules_text import keys, rules_text, wording
from paiju.table.text import LANGS, SOURCE, domains, po_path, translate
from paiju.web import messages as msg

SRC = Path(catalogue.__file__).resolve().parents[1]
TRANSLATED = [lang for lang in LANGS if lang != SOURCE]
CASES = [(d, lang) for d in domains() for lang in TRANSLATED]
_PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")


def names(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def read(domain: str, lang: str) -> Any:
    with po_path(domain, lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


# ------------------------------------------------------------ (a) complete catalogues


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_every_sentence_is_translated_with_its_placeholders(domain: str, lang: str) -> None:
    cat = read(domain, lang)
    bad = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if len(strings) != (cat.num_plurals if m.pluralizable else 1) or not all(strings):
            bad.append((m.context, ids[0], "untranslated"))
            continue
        allowed = set().union(*(names(i) for i in ids))
        needed = names(ids[-1])  # the plural's (a language of one form says every n)
        for text in strings:
            if not needed <= names(text) <= allowed or "fuzzy" in m.flags:
                bad.append((m.context, ids[0], text))
            text.format(**dict.fromkeys(allowed, 1))  # a translation's braces are sound
    assert bad == []


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_the_catalogues_are_in_step_with_the_source(domain: str, lang: str) -> None:
    """What the source says (:func:`catalogue.extract`) is what each catalogue holds: a
    new sentence fails here until ``python -m paiju.table.catalogue`` adds it and it is
    translated."""
    said = {(s.context, s.msgid, s.plural) for s in catalogue.extract(domain)}
    held = set()
    for m in read(domain, lang):
        if m.id:
            plural = m.id[1] if isinstance(m.id, tuple) else None
            held.add((m.context, m.id[0] if isinstance(m.id, tuple) else m.id, plural))
    assert said - held == set() and held - said == set()


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_every_option_value_has_its_players_wording_in_a_group(game: str) -> None:
    """Each option's declaration (``said``, ``group``) words every value it takes: a value
    without its wording fails here, and one without its translation in the catalogue
    tests above."""
    table = get_game(game).options
    words = wording(game)
    grouped = [name for group in words.RULE_GROUPS.values() for name in group]
    assert sorted(grouped) == sorted(table.options)
    for option in table.options.values():
        values = option.choices if option.kind != "bool" else (True, False)
        if option.kind == "list":
            values = (*((v,) for v in option.choices), ())
        for value in values:
            for key, _ in keys(option, value, words.RULE_WORDING):
                assert key in words.RULE_WORDING, key


def test_a_language_of_one_plural_form_and_english_pick_their_forms() -> None:
    one = translate("lukfu", "en", "{n} card", 1, plural="{n} cards")
    many = translate("lukfu", "en", "{n} card", 3, plural="{n} cards")
    assert (one, many) == ("1 card", "3 cards")
    assert translate("lukfu", "ja", "{n} card", 3, plural="{n} cards") == "3枚"
    with pytest.raises(ValueError, match="no language"):
        translate("lukfu", "fr", "{n} card", 3, plural="{n} cards")


# ------------------------------------------------------------ (b) no glued sentences

#: The modules whose every sentence a player reads.
SPEAKERS = sorted([*SRC.glob("*/present.py"), SRC / "lukfu" / "explain.py",
                   SRC / "daifugo" / "header.py", SRC / "table" / "hints.py",
                   SRC / "table" / "rules_text.py",
                   SRC / "web" / "messages.py", SRC / "web" / "sentences.py"])
#: Where English words are read, not said: the engines' English being matched
#: (refusals), the terminal's header of option names (rules_line, rules_words; its words
#: are declared with the options), and patterns.
READERS = {"refusal", "refusal_part", "_what", "_meld_said", "_shape", "rules_words",
           "rules_line", "_token_pattern"}
#: The terminal's styles (Rich), which are not words.
STYLES = {"bold red", "bold magenta"}
_WORDY = re.compile(r"[A-Za-z]{2,}[ ,'’]+[A-Za-z]{2,}")


def glued(source: str) -> list[str]:
    """The string literals and f-strings of ``source`` that hold English words outside a
    catalogue call (and outside docstrings, raises and the :data:`READERS`)."""
    tree = ast.parse(source)
    inside: set[int] = set()
    for _, call, _ in catalogue.words_calls(tree):
        inside.update(id(n) for n in ast.walk(call))
    for node in ast.walk(tree):
        skip = (isinstance(node, ast.Raise)
                or (isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in READERS))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip = True  # a docstring
        if skip:
            inside.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _WORDY.search(node.value) and node.value not in STYLES:
                found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            parts = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if _WORDY.search(parts):
                found.append(ast.unparse(node))
                inside.update(id(n) for n in ast.walk(node))
    return found


@pytest.mark.parametrize("path", SPEAKERS, ids=lambda p: p.name)
def test_no_sentence_is_glued_from_english_words(path: Path) -> None:
    assert glued(path.read_text(encoding="utf-8")) == []


def test_the_glue_check_finds_sentences_made_outside_the_catalogue() -> None:
    source = '''
WORDS = Words("lukfu")
def describe(lang, who, n):
    """A docstring of many words."""
    if n:
        return f"{who} discards {n} face down"
    if lang:
        return who + " passes the turn"
    return WORDS(lang, "{name} passes.", name=who)
'''
    assert glued(source) == ["f'{who} discards {n} face down'", " passes the turn"]


# ------------------------------------------------------------ (c) whole hands, no English

#: Two or more English words in a row (a name or a card is one word).
_ENGLISH = re.compile(r"[A-Za-z]{2,}[ ,.'’:;-]+[A-Za-z]{2,}")
#: The details line of the Rules box: the option names, by design.
DETAILS = {"rules_key", "option", "value", "detail", "reason", "names", "seats", "table",
           "view", "legal", "cards", "record", "report"}


def said_in(obj: Any, lang: str, key: str = "", mine: bool = False) -> Iterator[str]:
    """Every string of ``obj`` said in ``lang`` (under a ``lang``/``native`` key or an
    ``x_native`` field)."""
    if key in DETAILS:
        return
    mine = mine or key in (lang, "native") or key.endswith("_native")
    if isinstance(obj, str):
        if mine:
            yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from said_in(v, lang, str(k), mine)
    elif isinstance(obj, list | tuple):
        for item in obj:
            yield from said_in(item, lang, key, mine)


def english_in(message: dict[str, Any], lang: str, players: list[str]) -> list[str]:
    out = []
    for text in said_in(message, lang):
        for name in players:
            text = text.replace(name, "")
        if _ENGLISH.search(text):
            out.append(text)
    return out


def hand_messages(game: str, preset: str, players: int, seed: int,
                  lang: str) -> Iterator[dict[str, Any]]:
    """Every message of a session of hands of ``game``, each seat's and a spectator's,
    with the refusals of some illegal moves: played at random through the builders."""
    g = get_game(game)
    rules = g.rules(preset)
    session = g.new_session(rules, players, seed)
    rng = random.Random(seed)
    names = ["Tom Lee", "Kenji", "Mei", "Ann", "Bo"][:players]
    presenter = presenter_for(game)
    for hand in (1, 2):
        state = session.deal()
        ctx = msg.Context(table="t", game=game, rules=rules, hand=hand, names=names,
                          players=list(range(players)), totals=list(session.totals),
                          started=True, seats=[], rules_key=msg.rules_key(game, rules))
        while True:
            views = [state.view(s).to_json() for s in range(players)]
            for seat in range(players):
                yield msg.state_message(ctx, seat, state.view(seat))
            yield msg.state_message(ctx, None, None, msg.public_json(game, views))
            if state.is_terminal():
                break
            turn = state.to_move()
            hand_cards = views[turn]["hand"]
            for do in ("play", "pass", "discard", "declare"):
                tried = {"seat": turn, "do": do, "cards": rng.sample(
                    hand_cards, min(len(hand_cards), rng.randint(1, 3)))}
                try:
                    why = state.why_illegal(g.action_from_json(tried))
                except PaijuError:  # a malformed try is no refusal
                    continue
                if why:
                    yield msg.error_message(msg.refusal(game, why))
            state.apply(rng.choice(list(state.legal_actions())))
        views = [state.view(s).to_json() for s in range(players)]
        yield msg.hand_over_message(ctx, state.record(), state.report(),
                                    msg.public_json(game, views))
        session.finish(state)
    assert presenter.lang(True) in LANGS


@pytest.mark.parametrize(("game", "preset", "players", "lang"), [
    ("lukfu", "hongkong", 4, "zh_Hant"), ("lukfu", "sung", 4, "ja"),
    ("lukfu", "gloucester", 3, "zh_Hant"), ("daifugo", "popular", 4, "ja"),
    ("daifugo", "uecda", 5, "zh_Hant"), ("daifugo", "pagat", 4, "ja"),
])
def test_a_whole_session_shows_no_english_sentence(game: str, preset: str, players: int,
                                                   lang: str) -> None:
    found: list[str] = []
    count = refused = 0
    general = translate("table", lang, "This move is not allowed here.")
    for seed in range(2):
        for message in hand_messages(game, preset, players, seed, lang):
            count += 1
            found += english_in(message, lang, ["Tom Lee"])
            if message["type"] == "error":  # the engine's reason, said again in full
                refused += 1
                assert message["reason_text"][lang] != general, message["reason"]
    assert count > 100 and refused > 10 and found == []


def test_the_english_check_sees_an_english_sentence() -> None:
    message = {"status_text": {"ja": "Kenjiの番"}, "log": [{"ja": "Kenji gives 2 cards"}]}
    assert english_in(message, "ja", []) == ["Kenji gives 2 cards"]
    assert english_in({"rules_text": {"ja": [{"detail": "eight_cut = true"}]}}, "ja", []) == []


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_the_rules_box_says_every_rule_in_each_language(game: str) -> None:
    for preset in get_game(game).options.presets:
        rules = get_game(game).rules(preset)
        for lang in LANGS:
            groups = rules_text(game, rules, lang)
            said = [r for g in groups for r in g["rules"]]
            assert {r["option"] for r in said} == set(get_game(game).options.options)
            assert all(r["text"] and g["title"] for g in groups for r in g["rules"])
    hongkong = rules_text("lukfu", get_game("lukfu").rules("hongkong"), "en")
    scoring = next(g for g in hongkong if g["group"] == "scoring")
    assert any("Li Chen counts as an ace" in r["text"] for r in scoring["rules"])


def test_the_dai_fugo_exchange_says_who_gives_how_many_cards_to_whom() -> None:
    seen = {"status": False, "gift": False, "give": False, "cards": set()}
    for message in hand_messages("daifugo", "pagat", 4, 1, "ja"):
        if message["type"] != "state" or message["hand"] != 2:
            continue
        gift = message["log"][1]["en"] if len(message["log"]) > 1 else ""
        if re.fullmatch(r"[\w ]+ \(Hinmin\) gives \S+ to [\w ]+ \(Fugō\)\.", gift):
            seen["cards"].add(message["player"])  # the poor and the rich see which card
        if re.search(r"to give [12] cards? to \w+ in the exchange\.", message["status"]):
            seen["status"] = True
            assert "カード交換で" in message["status_text"]["ja"]
        for line in message["log"]:
            if re.fullmatch(r"[\w ]+ \([\w ]+\) gives the (2 best cards|best card) to [\w ]+ "
                            r"\(.+\)\.", line["en"]):
                seen["gift"] = True
            if re.fullmatch(r"[\w ]+ gives .+ to [\w ]+ in the exchange\.", line["en"]):
                seen["give"] = True
                assert "渡しました" in line["ja"] and "換牌" in line["zh_Hant"]
    assert seen == {"status": True, "gift": True, "give": True, "cards": {0, 2}}


def test_the_servers_own_sentences_are_said_in_every_language() -> None:
    from paiju.web.catalog import bot_choices
    from paiju.web.sentences import bot_label_text, error_text, table_note

    said = error_text("it is Kenji's turn, not yours")
    assert said is not None and said["ja"] == "今はKenjiの番です。あなたの番ではありません"
    assert error_text("the hand is over") == {
        "en": "the hand is over", "zh_Hant": "這局已經完了", "ja": "この回は終わりました"}
    assert error_text("no such sentence") is None
    error = msg.error_message("the hand is over")
    assert error["reason"] == "the hand is over" and error["reason_text"]["ja"]
    assert "reason_text" not in msg.error_message("no such sentence")
    assert table_note("lukfu", "clock", "陳太")["native"] == "時間到：電腦代陳太出牌。"
    assert table_note("daifugo", "away", "Kenji")["native"].startswith("Kenjiは不在")
    for choice in bot_choices("lukfu"):
        labels = bot_label_text(choice["label"])
        assert labels is not None and all(labels.values()), choice


@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_the_luk_fu_result_says_how_the_points_came_about(preset: str) -> None:
    """The explanation's sums are the payments: each loser's share (the win's worth plus
    the dreamer's), paid twice by a privileged loser, and the points of the hand."""
    g = get_game("lukfu")
    rules = g.rules(preset)
    names = ["Ann", "Bo", "Cy", "Di"]
    explained = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = g.new_hand(rules, 4, rng)
        while not state.is_terminal():
            state.apply(rng.choice(list(state.legal_actions())))
        report = state.report()
        public = msg.public_json("lukfu", [state.view(s).to_json() for s in range(4)])
        ctx = msg.Context(table="t", game="lukfu", rules=rules, hand=1, names=names,
                          players=[0, 1, 2, 3], totals=[0] * 4, started=True, seats=[],
                          rules_key=[])
        lines = msg.hand_over_message(ctx, state.record(), report, public)["lines"]
        pay = report["payments"]
        if report["outcome"] not in ("win", "five_tigers"):
            assert "Nobody pays." in lines and not any(pay or [])
            continue
        explained += 1
        owed = re.search(r"each loser owes \w+ (\d+)\.", " ".join(lines))
        dreamer = re.search(r"each loser also owes the dreamer (\d+)\.", " ".join(lines))
        assert owed is not None
        share = int(owed.group(1)) + (int(dreamer.group(1)) if dreamer else 0)
        said = " ".join(lines)
        double = re.search(r"(\w+) called as the privileged player and lost, so pays both "
                           r"losers' shares: 2 × (\d+) = (\d+); (\w+) pays nothing\.", said)
        if double:
            liable, other = names.index(double.group(1)), names.index(double.group(4))
            assert int(double.group(2)) == share and pay[liable] == -2 * share
            assert pay[other] == 0
        else:
            losers = [s for s in range(3) if s != report["winner"]]
            assert f"{names[losers[0]]} and {names[losers[1]]} each pay {share}." in lines
            assert all(pay[s] == -share for s in losers)
        points = ", ".join(f"{n} {v:+d}" for n, v in zip(names, pay, strict=True))
        assert f"Points this hand: {points}." in lines
    assert explained > 20


def test_every_catalogue_is_read_before_the_first_table() -> None:
    """The server reads every catalogue with its first table (tables.py), not when a hand
    first ends: each is tens of milliseconds that every table would wait."""
    from paiju.table import text

    assert text.domains() == ["table", "lukfu", "daifugo"]  # the registry's games
    text.catalogue.cache_clear()
    text.read_all.cache_clear()
    assert text.read_all() == 9
    assert text.catalogue.cache_info().currsize == 9
