"""Dai Fugō's common Japanese house rules, not in 004: each says how paiju reads it."""

from __future__ import annotations

from dataclasses import dataclass

from paiju.core.options import option

HOUSE = "common Japanese house rule, not in 004"


@dataclass(frozen=True)
class HouseOptions:
    """The house rules beyond 004, one field per option (of
    :class:`paiju.daifugo.rules.Rules`)."""

    seven_pass: bool = option(
        False,
        "7-watashi: playing 7s hands cards to the next player",
        HOUSE + ": after a play with 7s the player hands that many cards (all, if fewer) to "
        "the next player who has cards, in a 'seven_pass' step",
        values={"true": "7-watashi is on", "false": "7s are ordinary"},
        said={
            "true": "7-pass: after playing 7s you hand as many cards face down to the next "
            "player.",
            "false": "7-pass",
        },
        group="special", place=360, listed_off=True,
        header={"true": "7-pass"},
    )
    five_skip: bool = option(
        False,
        "5-skip: playing 5s skips players",
        HOUSE + ": each 5 in a play skips the next player in turn (a skip counts as a pass)",
        values={"true": "5-skip is on", "false": "5s are ordinary"},
        said={
            "true": "5-skip: each 5 played skips the next player.",
            "false": "5-skip",
        },
        group="special", place=380, listed_off=True,
        header={"true": "5-skip"},
    )
    sandstorm: bool = option(
        False,
        "sandstorm: three 3s beat anything and clear the table",
        HOUSE + " (suna-arashi): a triple of 3s may be played on any play and clears the "
        "table; its player leads again",
        values={"true": "sandstorm is on", "false": "3-3-3 is the lowest triple"},
        said={
            "true": "Sandstorm: three 3s may be played on anything, or led, and clear the table.",
            "false": "sandstorm",
        },
        group="special", place=400, listed_off=True,
        header={"true": "sandstorm"},
        fired={"sandstorm": "Sandstorm (three 3s): the table clears."},
    )
    ambulance: bool = option(
        False,
        "ambulance: a pair of 9s clears the table",
        HOUSE + " (kyūkyūsha): a pair of 9s, played where a pair may be played, clears the "
        "table like an 8",
        values={"true": "ambulance is on", "false": "9-9 is an ordinary pair"},
        said={
            "true": "Ambulance: a pair of 9s clears the table, like an 8.",
            "false": "ambulance",
        },
        group="special", place=410, listed_off=True,
        header={"true": "ambulance"},
        fired={"ambulance": "Ambulance (a pair of 9s): the table clears."},
    )
    nine_reverse: bool = option(
        False,
        "9-reverse: a play with a 9 reverses the direction of play",
        HOUSE + ": after a play containing a 9 the turn goes the other way round the table "
        "until another 9 turns it back",
        values={"true": "9-reverse is on", "false": "play always runs clockwise"},
        said={
            "true": "9-reverse: a play with a 9 reverses the direction of play.",
            "false": "9-reverse",
        },
        group="special", place=390, listed_off=True,
        header={"true": "9-reverse"},
    )
    four_stop: bool = option(
        False,
        "4-stop: 4s stop an 8-cut",
        HOUSE + " (yon-dome): when a single, pair, triple or four with an 8 is played, the "
        "others may stop the cut with as many 4s; if all pass the table clears",
        values={"true": "4-stop is on", "false": "an 8-cut clears at once"},
        said={
            "true": "4-stop: after an 8-cut the others may stop it with as many 4s; if all pass, "
            "the table clears.",
            "false": "4-stop",
        },
        group="special", place=350, listed_off=True,
        header={"true": "4-stop"},
    )
    emperor: bool = option(
        False,
        "emperor: four consecutive ranks in four suits beat anything",
        HOUSE + ": four natural cards of consecutive ranks, one of each suit (e.g. ♠5 ♡6 ♢7 "
        "♣8), may be played on anything and clear the table",
        values={"true": "emperor is on", "false": "such cards make no combination"},
        said={
            "true": "Emperor: four consecutive ranks, one card of each suit (e.g. ♠5 ♡6 ♢7 ♣8), "
            "may be played on anything and clear the table.",
            "false": "emperor",
        },
        group="cards", place=70, listed_off=True,
        header={"true": "emperor"},
        fired={"emperor": "Emperor: the table clears."},
    )
    down_number: bool = option(
        False,
        "down number: a single may be followed by the next lower "
        "card of its suit",
        HOUSE + ": on a natural single, the card of the same suit one step lower in the "
        "ranking then in force may be played",
        values={"true": "down number is on", "false": "singles must be beaten"},
        said={
            "true": "Down number: on a single, the card of the same suit one step lower may be "
            "played.",
            "false": "down number",
        },
        group="beating", place=280, listed_off=True,
        header={"true": "down number"},
    )
    gekokujo: bool = option(
        False,
        "gekokujō: the previous loser going out first reverses all "
        "titles",
        HOUSE + ": if the previous hand's last player goes out first, the hand ends at once "
        "and every title of the previous hand is reversed",
        values={"true": "gekokujō is on", "false": "no gekokujō"},
        said={
            "true": "Gekokujō: if last hand's Dai Hinmin goes out first, the hand ends and all "
            "the titles are reversed.",
            "false": "gekokujō",
        },
        group="going_out", place=440, listed_off=True,
        header={"true": "gekokujō"},
    )
