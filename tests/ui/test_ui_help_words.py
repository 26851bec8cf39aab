"""The players' commands speak the reader's language (``--lang``, else ``PAIJU_LANG``):
``paiju replay --text`` and the help of ``paiju``, ``play``, ``replay``, ``rules`` and
``learn`` hold no English sentence in Chinese or in Japanese, and in English they print
what they printed before the languages came (tests/ui/english/, captured then; the help
now also lists ``--lang``, and replay's ``--native``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.cells import cell_len

from paiju.cli import main
from paiju.ui.helptext import chosen, env_lang, lang_named, wrap

ENGLISH_DIR = Path(__file__).resolve().parent / "english"
HELPS = {"paiju": [], "play": ["play"], "replay": ["replay"], "rules": ["rules"],
         "review": ["review"],
         "learn": ["learn"]}
RECORDS = {"lukfu": ENGLISH_DIR / "lukfu.json", "daifugo": ENGLISH_DIR / "daifugo.json"}
#: Two English words in a row (a name, a card or an option is one word).
_SENTENCE = re.compile(r"[A-Za-z]{2,}[ ,.'’:;-]+[A-Za-z]{2,}")
#: What a translation keeps as written: what is typed (`paiju play`, --rules, $PAIJU_LANG,
#: a folder, a player's spec, the commands' names) and the names of formats and sites.
_KEPT = re.compile(r"`[^`]*`|--?[\w-]+|\$\w+|\S*/\S*|\w+:\w+=\w+|paiju [a-z]+|"
                   r"^  [a-z]+(?=  )|JSON[ -]lines|\w+\.com", re.M)
#: Words of the English help and replay that a translation must not keep.
OWN = ("the", "of", "and", "to", "or", "is", "with", "Usage", "Options", "Commands",
       "Show", "Print", "Play", "default", "record", "records", "seat", "step", "action",
       "actions", "rules", "points", "deal", "INTEGER", "RANGE", "SECONDS", "OPTIONS",
       "COMMAND", "ARGS")


def english(text: str) -> list[str]:
    """The English sentences and words of ``text``, outside what a translation keeps."""
    bare = _KEPT.sub(" ", text)
    found = _SENTENCE.findall(bare)
    return found + [w for w in OWN if re.search(rf"(?<![\w-]){w}(?![\w-])", bare)]


def run(args: list[str], lang: str | None = None) -> Result:
    """``paiju ARGS`` as an 80-column terminal shows it, under ``PAIJU_LANG=lang``."""
    env = {"PAIJU_LANG": lang, "PAIJU_DATA_DIR": "/data/paiju"}
    result = CliRunner().invoke(main, args, prog_name="paiju", terminal_width=78, env=env)
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result


def without_rows(text: str, options: tuple[str, ...]) -> str:
    """``text`` without the help rows of ``options`` (each with its wrapped lines)."""
    out: list[str] = []
    dropping = False
    for line in text.splitlines(keepends=True):
        if any(line.startswith(f"  {o} ") or line.rstrip() == f"  {o}" for o in options):
            dropping = True
            continue
        if dropping and line.startswith("    ") and not line.lstrip().startswith("-"):
            continue
        dropping = False
        out.append(line)
    return "".join(out)


# ------------------------------------------------------------ English, as before


@pytest.mark.parametrize("name", HELPS)
def test_the_english_help_is_unchanged(name: str) -> None:
    before = (ENGLISH_DIR / f"{name}.txt").read_text(encoding="utf-8")
    new = ("--lang",) if name != "replay" else ("--lang", "--native")
    for lang in (None, "en", "fr"):  # unset, English, or a language paiju does not speak
        now = run([*HELPS[name], "--help"], lang).output
        assert without_rows(now, new) == before
        if name != "paiju" and name != "rules":
            assert "--lang LANG" in now  # the one row added, which the check takes out
    if name in ("play", "learn"):
        shown = run([name, "--lang", "en", "--help"], "ja").output
        assert without_rows(shown, new) == before


@pytest.mark.parametrize("name", ["replay-lukfu", "replay-daifugo", "replay-daifugo-step3"])
def test_the_english_replay_text_is_unchanged(name: str) -> None:
    before = (ENGLISH_DIR / f"{name}.txt").read_text(encoding="utf-8")
    game = name.split("-")[1]
    step = ["--step", "3"] if name.endswith("step3") else []
    args = ["replay", "--text", *step, str(RECORDS[game])]
    assert run(args).output == before
    assert run([*args, "--lang", "en"], "zh_Hant").output == before


# ------------------------------------------------------------ Chinese and Japanese


@pytest.mark.parametrize("lang", ["zh_Hant", "ja"])
@pytest.mark.parametrize("name", HELPS)
def test_the_help_holds_no_english_sentence(name: str, lang: str) -> None:
    english_help = run([*HELPS[name], "--help"]).output
    assert {"of", "Usage", "Options"} <= set(english(english_help))  # the check sees it
    shown = {"PAIJU_LANG": run([*HELPS[name], "--help"], lang).output}
    if name in ("play", "learn", "replay"):  # --lang before or after --help
        shown["--lang first"] = run([name, "--lang", lang, "--help"]).output
        shown["--help first"] = run([name, "--help", f"--lang={lang}"]).output
    for how, text in shown.items():
        assert english(text) == [], (how, english(text), text)
        assert all(cell_len(line) <= 80 for line in text.splitlines()), text
    # every option is still there, under its own name
    for option in re.findall(r"^  (-[-\w, ]+?)(?:  | [A-Z{\[]|$)", english_help, re.M):
        assert option.strip() in shown["PAIJU_LANG"], option


@pytest.mark.parametrize("lang", ["zh_Hant", "ja"])
@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_the_replay_text_holds_no_english_sentence(game: str, lang: str) -> None:
    english_text = run(["replay", "--text", str(RECORDS[game])]).output
    assert {"seat", "step", "points"} <= set(english(english_text))
    by_option = run(["replay", "--text", "--lang", lang, str(RECORDS[game])]).output
    by_variable = run(["replay", "--text", str(RECORDS[game])], lang).output
    assert by_option == by_variable
    assert len(by_option.splitlines()) == len(english_text.splitlines())
    assert english(by_option) == [], english(by_option)


@pytest.mark.parametrize(("game", "lang"), [("lukfu", "zh_Hant"), ("daifugo", "ja")])
def test_replay_native_is_the_game_s_language(game: str, lang: str) -> None:
    native = run(["replay", "--text", "--native", str(RECORDS[game])], "en").output
    assert native == run(["replay", "--text", "--lang", lang, str(RECORDS[game])]).output


def test_lang_and_native_together_are_refused() -> None:
    result = CliRunner().invoke(main, ["replay", "--lang", "ja", "--native",
                                       str(RECORDS["lukfu"])])
    assert result.exit_code == 2
    assert "--lang and --native" in result.output
    bad = CliRunner().invoke(main, ["replay", "--text", "--lang", "fr", str(RECORDS["lukfu"])])
    assert bad.exit_code == 2 and "en, zh_Hant, ja" in bad.output


# ------------------------------------------------------------ the parts


def test_a_language_is_named_by_its_code_or_a_locale() -> None:
    assert [lang_named(t) for t in ("ja", "JA", "ja_JP.UTF-8", "zh-Hant", "zh_TW", "zh",
                                    "en_GB", "en", "fr", "", None)] == [
        "ja", "ja", "ja", "zh_Hant", "zh_Hant", "zh_Hant", "en", "en", None, None, None]
    assert env_lang({}) == env_lang({"PAIJU_LANG": "fr"}) == "en"
    assert env_lang({"PAIJU_LANG": "ja_JP.UTF-8"}) == "ja"


def test_what_a_table_is_told_to_speak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAIJU_LANG", raising=False)
    assert (chosen(None), chosen(None, True), chosen("ja"), chosen("en")) == (
        False, True, "ja", False)
    monkeypatch.setenv("PAIJU_LANG", "zh_Hant")
    assert (chosen(None), chosen(None, True), chosen("en")) == ("zh_Hant", True, False)


def test_wrapping_counts_columns_and_keeps_marks_with_their_words() -> None:
    text = ("每一手都存成牌譜，放在 /data/paiju/records/GAME（以 $PAIJU_DATA_DIR "
            "可改放別處；加 --no-save 則不存）。") * 3
    for width in range(12, 60):
        lines = wrap(text, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for line in lines:
            long_word = " " not in line and not re.search("[\u3000-\u9fff]", line)
            assert cell_len(line) <= width or long_word, (width, line)
            assert line[0] not in "，。；）" and line[-1] != "（", (width, line)
    assert wrap("Seconds the hint's search may take.", 12) == [
        "Seconds the", "hint's", "search may", "take."]


@pytest.mark.parametrize(("game", "lang"), [("lukfu", "ja"), ("daifugo", "zh_Hant")])
def test_watching_speaks_the_language_lang_names(game: str, lang: str) -> None:
    """--lang names any language for any game (not only the game's own, as --native)."""
    args = ["play", game, "--watch", "--plain", "--hands", "1", "--seed", "3", "--no-save"]
    assert {"seat", "rules"} <= set(english(run(args).output))
    by_option = run([*args, "--lang", lang]).output
    assert by_option == run(args, lang).output
    assert english(by_option) == [], english(by_option)
