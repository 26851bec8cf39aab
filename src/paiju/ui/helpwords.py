"""The sentences of the players' commands' help (``paiju``, ``play``, ``learn``, ``replay``,
``review``, ``rules``), for the catalogue: each is said in a language by
:func:`paiju.ui.helptext.said`, which finds it by its English (the help Click prints).

A command's help paragraph, option help or summary changed in its command's source must
change here too; tests/ui/test_ui_help_words.py finds any sentence left in English.
"""

from __future__ import annotations

from collections.abc import Callable

from paiju.table.text import Words

WORDS = Words("table")

#: Every fixed sentence of the players' help: each says itself in a language, and in
#: English says its own key.
SENTENCES: tuple[Callable[[str], str], ...] = (
    lambda lang: WORDS.c(lang, "help", "Usage:"),
    lambda lang: WORDS.c(lang, "help", "Options:"),
    lambda lang: WORDS.c(lang, "help", "Commands:"),
    lambda lang: WORDS.c(lang, "help", "[OPTIONS]"),
    lambda lang: WORDS.c(lang, "help", "[COMMAND] [ARGS]..."),
    lambda lang: WORDS.c(lang, "help", "INTEGER RANGE"),
    lambda lang: WORDS.c(lang, "help", "SECONDS"),
    lambda lang: WORDS.c(lang, "help", "Show this message and exit."),
    lambda lang: WORDS.c(lang, "help", "Show the version and exit."),
    # paiju
    lambda lang: WORDS.c(lang, "help", "paiju (牌局): Luk Fu and Dai Fugō, played, refereed and "
                         "simulated exactly."),
    lambda lang: WORDS.c(lang, "help", "Replay the record in FILE (or - for stdin) and print "
                         "the ruling as JSON."),
    lambda lang: WORDS.c(lang, "help", "Print every option of GAME with its value, meaning "
                         "and source."),
    lambda lang: WORDS.c(lang, "help", "Deal one hand of GAME, let computer players (heuristic "
                         "unless --bots) play it, and print it as it goes."),
    lambda lang: WORDS.c(lang, "help", "Play many hands of GAME between computer players and "
                         "report each player's results."),
    lambda lang: WORDS.c(lang, "help", "Measure random-play throughput, ISMCTS speed and "
                         "memory, beside peer engines."),
    lambda lang: WORDS.c(lang, "help", "Serve the browser tables: the page, the API and the "
                         "WebSocket (docs/server.md)."),
    lambda lang: WORDS.c(lang, "help", "Play in the UECda computer Daihinmin competition's "
                         "protocol (docs/uecda.md)."),
    lambda lang: WORDS.c(lang, "help", "Train the learned player of GAME by imitating a "
                         "teacher on self-play positions."),
    # paiju play
    lambda lang: WORDS.c(lang, "help", "Play a session of GAME against computer players."),
    lambda lang: WORDS.c(lang, "help", "Dai Fugō is dealt under the popular preset unless "
                         "--rules says otherwise: the Japanese house rules, with revolution, "
                         "Jack back and suit locks (--rules pagat plays pagat.com's rules, "
                         "where the revolution is off)."),
    lambda lang: WORDS.c(lang, "help", "Keys: ←/→ move, space selects a card (or click it), "
                         "enter plays the selection, p pass, c call, d declare, x discard, "
                         "t Five Tigers, h hint, r rules, ? how to play, n Chinese/Japanese "
                         "names, q quit. Every hand is saved as a record that `paiju replay` "
                         "and `paiju referee` read."),
    lambda lang: WORDS.c(lang, "help", "Override one option."),
    lambda lang: WORDS.c(lang, "help", "The computer players, one a seat, e.g. heuristic or "
                         "ismcts:time=1 (the last repeats)."),
    lambda lang: WORDS.c(lang, "help", "Seed of the session's deals and players."),
    lambda lang: WORDS.c(lang, "help", "Computer players fill every seat."),
    lambda lang: WORDS.c(lang, "help", "With --watch: print the hands as plain text "
                         "(automatic when not a terminal)."),
    lambda lang: WORDS.c(lang, "help", "Seconds a computer player waits before acting "
                         "(default 0.6; 1.2 watching)."),
    lambda lang: WORDS.c(lang, "help", "Seconds the hint's search may take."),
    lambda lang: WORDS.c(lang, "help", "Start in the game's own language (Chinese / "
                         "Japanese); with --watch, print in it."),
    lambda lang: WORDS.c(lang, "help", "Do not save the records of the hands."),
    lambda lang: WORDS.c(lang, "help", "Language: en, zh_Hant (Chinese) or ja (Japanese); "
                         "default $PAIJU_LANG, else English."),
    # paiju learn
    lambda lang: WORDS.c(lang, "help", "Play a guided first hand of GAME against computer "
                         "players."),
    lambda lang: WORDS.c(lang, "help", "At each of your turns a panel says what you may do "
                         "and, for each card you cannot use, why not, from the rules' own "
                         "reasons; the end of the hand explains the scoring. The rules are "
                         "those `paiju play` deals (each game's usual preset), with the "
                         "players it seats. Keys as in `paiju play`; PgUp/PgDn scroll the "
                         "guide, ? shows How to play, n switches the language."),
    lambda lang: WORDS.c(lang, "help", "Seed of the deal and the players (the next seed where "
                         "you hold cards to play, if you would only dream)."),
    lambda lang: WORDS.c(lang, "help", "Seconds a computer player waits before acting "
                         "(default 1.2)."),
    lambda lang: WORDS.c(lang, "help", "Start in the game's own language (Chinese / "
                         "Japanese)."),
    lambda lang: WORDS.c(lang, "help", "Do not save the record of the hand."),
    # paiju replay
    lambda lang: WORDS.c(lang, "help", "Step through the record in FILE, forwards and "
                         "backwards, showing every hand."),
    lambda lang: WORDS.c(lang, "help", "A file of several records (JSON lines, as `paiju "
                         "simulate --records` writes) shows the first unless --index says "
                         "which. Exit status as `paiju referee`'s: 0 every action legal, 1 "
                         "an action illegal (the replay stops before it), 2 the record is "
                         "malformed."),
    lambda lang: WORDS.c(lang, "help", "Print the steps as plain text."),
    lambda lang: WORDS.c(lang, "help", "Start at (or with --text, print only) this step: 0 is "
                         "the deal, step N the hand after action N (actions are counted "
                         "from 1)."),
    lambda lang: WORDS.c(lang, "help", "Which record of a JSON-lines file, from 1 (default: "
                         "the first)."),
    # paiju review
    lambda lang: WORDS.c(lang, "help", "Review a recorded hand: each decision of a seat "
                         "against the engine's best."),
    lambda lang: WORDS.c(lang, "help", "Every decision with a choice is valued from what the "
                         "seat knew then (never the hidden cards): each move is played out "
                         "on the same deals of the unseen cards, and the best is checked "
                         "against the move made on fresh deals. The moves that cost more "
                         "than the noise are listed worst first, then what every seat held."),
    lambda lang: WORDS.c(lang, "help", "Whose decisions to review, from 1."),
    lambda lang: WORDS.c(lang, "help", "Review only the decision at this action (counted "
                         "from 1)."),
    lambda lang: WORDS.c(lang, "help", "Deals each move is played out on: more is slower and "
                         "surer (200 is a deep review)."),
    lambda lang: WORDS.c(lang, "help", "The computer player that plays every seat in the "
                         "play-outs."),
    lambda lang: WORDS.c(lang, "help", "Deal the unseen cards by what the others did: each "
                         "deal the best of 16 by how many of their moves this player (e.g. "
                         "heuristic) makes too."),
    lambda lang: WORDS.c(lang, "help", "Seed of the deals."),
    lambda lang: WORDS.c(lang, "help", "Print the review as JSON."),
    # paiju rules
    lambda lang: WORDS.c(lang, "help", "Print machine-readable JSON."),
)


def templates(lang: str, **params: str) -> tuple[str, ...]:
    """The sentences of the help made of parts (in English: their templates)."""
    return (
        WORDS.c(lang, "help", "House rules: a preset ({presets}). `paiju rules GAME --rules "
                "P` shows what each one sets.", **params),
        WORDS.c(lang, "help", "Players at the table, you included ({counts}).", **params),
        WORDS.c(lang, "help", "Players at the table ({counts}).", **params),
        WORDS.c(lang, "help", "Hands in the session (default: until you quit; {n} when "
                "watching).", **params),
        WORDS.c(lang, "help", "`paiju play {game}` starts a table in the terminal; `paiju "
                "COMMAND --help` tells more.", **params),
    )
