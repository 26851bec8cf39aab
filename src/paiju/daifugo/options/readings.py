"""Dai Fugō's readings where 004 is silent or loose, as the UECda rules and its server
(tndhms) settle them, each an option with both readings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from paiju.core.options import option

#: The numbers of hands the session options offer (tndhms.cfg takes any).
HAND_COUNTS = (0, 1, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000)


@dataclass(frozen=True)
class ReadingOptions:
    """The readings beyond 004's words, one field per option (of
    :class:`paiju.daifugo.rules.Rules`)."""

    spade_three_over_lock: bool = option(
        False,
        "the ♠3 may beat a lone joker under a suit lock",
        '004 "Three of spades rule" says nothing of a lock, so a lock binds the ♠3 like any '
        'card. The UECda rules of 2010 (man/rule.html 4.3.2, in translation): "in this case '
        'it does not matter whether a lock (shibari) had been made before the joker was '
        'played."',
        values={"true": "the ♠3 on a lone joker ignores the lock (UECda)",
                "false": "a lock binds the ♠3 like any card"},
        said={
            "true": "The ♠3 may beat a lone joker even under a suit lock.",
            "false": "the ♠3 on the joker ignores a lock",
        },
        group="beating", place=250, listed_off=True,
        header={"true": "the ♠3 on the joker ignores a lock"},
    )
    group_joker_suit: Literal["none", "named"] = option(
        "none",
        "whether a joker in a group has a suit",
        '004 "Play": "The joker may be used as a substitute for any card in a pair, '
        'triplet, four of a kind or sequence" and "Suit lock" speaks of the suits of the '
        'cards, so paiju gives a group\'s joker no suit. The UECda rules of 2010 '
        '(man/rule.html 4.3.1, in translation): "the joker can be used as any card ... a '
        'lock (shibari) can be made with the joker"; the server reads its suit from the '
        'cell of the card it stands for.',
        values={"none": "a group's joker has no suit: it never makes a lock and stands for "
                        "any suit a lock asks for",
                "named": "a group's joker takes the suit of the card it stands for "
                         "(JK=9H): it makes a lock and is bound by one (UECda)"},
        said={
            "none": "A joker in a group of one rank has no suit: it never makes a lock and fits "
            "any lock.",
            "named": "A joker in a group of one rank takes the suit of the card it stands for: it "
            "makes a lock and is bound by one.",
        },
        group="cards", place=50,
        header={"named": "a joker in a group has a suit"},
    )
    five_card_groups: bool = option(
        False,
        "four of a kind and the joker make a five-card group",
        '004 "Play" knows groups of at most four ("Four of a kind"). The UECda rules of 2010 '
        '(man/rule.html 4.2.8, in translation) list among the plays that cause a revolution '
        '"four cards of the same number and the joker played together".',
        values={"true": "a five-card group may be led, is beaten only by a higher one, and "
                        "revolts as four of a kind does (UECda)",
                "false": "a group is at most four cards"},
        said={
            "true": "Four of a kind and the joker make a five-card group, beaten only by a higher "
            "one; it causes a revolution like four of a kind.",
            "false": "five-card groups",
        },
        group="cards", place=40, listed_off=True,
        header={"true": "five-card groups"},
    )
    sequence_joker_beyond_ends: bool = option(
        False,
        "a sequence's joker may stand below the "
        "3 or above the 2",
        '004 "Play": "The highest 3-card sequence is K-A-2 and the lowest is 3-4-5", so a '
        'joker stands for a card of the run. The UECda rules of 2010 (man/rule.html 4.3.1, in '
        'translation: "the joker is always the strongest card: stronger than the 2 without a '
        'revolution, usable as a card stronger than the 3 in one ... the joker can be used as '
        'any card") and their server read a joker in a sequence as a rank of its own beyond '
        "either end: tndhms (external.c, count_card_num and analyze_card) refuses a natural "
        "card in the table's columns 0 and 14 but not the joker, reads a sequence from its "
        "lowest column, and compare_card_status ranks it by its columns, so ♠JK-3-4 (the "
        "joker in column 0) lies below ♠3-4-5 and ♠K-A-2-JK (column 14) above ♠Q-K-A-2.",
        values={"true": "JK=<3S (below the ♠3) and JK=>2S (above the ♠2) lengthen a "
                        "sequence; it ranks from the joker's place (UECda)",
                "false": "a sequence's joker stands for a card from the 3 to the 2"},
        said={
            "true": "A sequence's joker may stand below the 3 or above the 2, to lengthen the "
            "sequence.",
            "false": "the joker beyond the ends of a sequence",
        },
        group="cards", place=60, listed_off=True,
        header={"true": "a sequence's joker may stand beyond the 3 or the 2"},
    )
    # sessions (UECda point 10)
    dealer: Literal["loser", "daifugo"] = option(
        "loser",
        "who deals the second and later hands of a session, and "
        "so who gets the extra cards",
        '004 "Deal": "After the first hand, the loser of each hand deals the next. All the '
        'cards are dealt out one at a time as equally as possible" (the first card to the '
        "dealer's left). daifugo is the UECda 2010 reading (man/rule.html 4.1.2): \"from "
        'the second game on, the cards are dealt from the Dai Fugō in seat order", so the '
        "Dai Fugō and the seats after him get the extra cards (53 cards to 5: 11, 11, 11, "
        "10, 10).",
        values={"loser": "the loser deals: the first card goes to the seat after him",
                "daifugo": "the first card goes to the previous winner (the Dai Fugō), "
                           "then round in seat order"},
        said={
            "loser": "Later hands are dealt by the last player, starting with the seat after "
            "them.",
            "daifugo": "In later hands the first card goes to the Dai Fugō, then round the table.",
        },
        group="dealing", place=90,
        header={"daifugo": "the Dai Fugō deals"},
    )
    reseat_every: int = option(
        0,
        "the seats are drawn at random before the first hand and "
        "then every this many hands (0: never); seat_change, when on, seats the players "
        "instead",
        "UECda's server tndhms (tndhms.cfg RULE_SEKIGAE yes, RULE_SEKIGAE_NUM 3; man/rule.html "
        '4.2.3: "the seat order is decided by random numbers ... after some games in that '
        'order the seats change again"). 004 has no such rule (0).',
        choices=HAND_COUNTS,
        values={"0": "the seats stay as they are"},
        said={
            "0": "The seats stay as they are.",
            "*": (
                "The seats are drawn at random before the first hand and again every hand.",
                "The seats are drawn at random before the first hand and again every {n} hands.",
            ),
        },
        group="dealing", place=110,
        header={"*": "new seats every {n} hands"},
    )
    titles_reset_every: int = option(
        0,
        "every this many hands the titles are forgotten: the "
        "next hand is dealt as a session's first (0: never)",
        "UECda's server tndhms (tndhms.cfg FLASH_MIBUN_NUMBER 100): hands 1, 101, 201, ... "
        "have no exchange, a dealer at random and the first lead of a new session. 004 has "
        "no such rule (0).",
        choices=HAND_COUNTS,
        values={"0": "the titles carry on through the session"},
        said={
            "0": "The titles carry on through the session.",
            "*": (
                "After every hand the titles are forgotten, and the next hand is dealt as a first "
                "hand.",
                "Every {n} hands the titles are forgotten, and the next hand is dealt as a first "
                "hand.",
            ),
        },
        group="dealing", place=120,
        header={"*": "titles forgotten every {n} hands"},
    )
