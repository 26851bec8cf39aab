"""Dai Fugō options, presets and the rules object.

Every option is declared once, as a field of :class:`Rules` made by
:func:`~paiju.core.options.option` (its type gives the values it takes; :data:`OPTIONS`
is read from the fields), and quotes the passage of seed 004 (pagat.com, "Dai Fugō / Dai
Hinmin") it comes from, or, for the house rules beyond 004, says that it is a common
Japanese house rule and how paiju reads it. docs/daifugo.md gives the same with the interpretations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from paiju.core.errors import UnknownOption
from paiju.core.options import Option, OptionTable, option, options_of

HOUSE = "common Japanese house rule, not in 004"

#: The numbers of hands the session options offer (tndhms.cfg takes any).
HAND_COUNTS = (0, 1, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000)


@dataclass(frozen=True)
class Rules:
    """A complete, checked set of Dai Fugō options: one typed field per option.

    Built once by :func:`make_rules`; the rules themselves (what beats what, what a
    play does) are the :class:`paiju.daifugo.engine.rulebook.Rulebook` built from it.
    """

    preset: str
    jokers: int = option(
        1,
        "how many jokers are added to the 52-card pack",
        '004 "Players and Cards": "one joker is normally added"; "Jokers": "Rarely, this game '
        'is played without jokers, or with two jokers, in which case a pair of jokers is the '
        'highest pair."',
        choices=(0, 1, 2),
        values={"0": "52 cards", "1": "53 cards (004's normal pack)",
                "2": "54 cards; the pair of jokers is the highest pair"},
        said={
            "0": "The pack has 52 cards, with no joker.",
            "1": "The pack has 53 cards: one joker, the highest single, which may also stand for "
            "any card in a combination.",
            "2": "The pack has 54 cards: two jokers; the pair of jokers is the highest pair.",
        },
        group="cards", place=10,
        header={"0": "no joker", "2": "two jokers"},
    )
    decks: int = option(
        1,
        "how many 52-card packs are shuffled together",
        '004 "More than six players": "In Japan it is normal still to use a single deck of 53 '
        'cards, though in some Western adaptations, a larger number of players may use a '
        'double deck." The Western rules with two packs are quoted in docs/daifugo.md '
        '("The double deck").',
        choices=(1, 2),
        values={"1": "one pack, as in Japan (004)",
                "2": "two packs (Western President); refused: paiju's engine plays one pack"},
        said={
            "1": "One pack of cards, as in Japan.",
            "2": "Two packs shuffled together, as some Western tables play with many players.",
        },
        group="cards", place=15,
    )
    sequences: bool = option(
        True,
        "sequences (three or more consecutive cards of a suit) may "
        "be played",
        '004 "Play": "A sequence: Three or more consecutive cards of the same suit"; "Jokers": '
        '"In an early form of the game ... there were two jokers but no sequences were allowed."',
        values={"true": "sequences are played", "false": "no sequences"},
        said={
            "true": "Sequences of three or more consecutive cards of one suit may be played (e.g. "
            "♠4 ♠5 ♠6), and are beaten by a higher sequence of the same length.",
            "false": "No sequences: only single cards and cards of one rank are played.",
        },
        group="cards", place=20,
    )
    twos_in_sequences: bool = option(
        True,
        "a 2 may end a sequence (K-A-2)",
        '004 "No twos in sequences": "Some play that a 2 cannot be used to make a sequence '
        'K-A-2. In this version a sequence headed by an ace is unbeatable."',
        values={"true": "K-A-2 is the highest 3-card sequence",
                "false": "a 2 is never in a sequence; Q-K-A is the highest"},
        said={
            "true": "A 2 may end a sequence: K-A-2 is the highest three-card sequence.",
            "false": "A 2 is never in a sequence: Q-K-A is the highest three-card sequence.",
        },
        group="cards", place=30,
        header={"false": "no 2 in a sequence"},
    )
    revolution: Literal["off", "four", "four_natural"] = option(
        "off",
        "which four of a kind causes a revolution (kakumei)",
        '004 "Revolution (kakumei)": "any play of four of a kind (such as 9-9-9-9 or '
        '5-5-5-Joker) causes a revolution ... Some only allow a revolution with a genuine '
        'four of a kind, but not with three equal cards plus a joker."',
        values={"off": "four of a kind is just the highest group size",
                "four": "any four of a kind, joker allowed, reverses the ranking",
                "four_natural": "only four natural cards of a rank reverse the ranking"},
        said={
            "off": "No revolution: four of a kind is just the highest group.",
            "four": "Revolution: four of a kind (a joker may be one of them) reverses the "
            "ranking, 3 highest and 2 lowest, until another revolution.",
            "four_natural": "Revolution: four natural cards of one rank (no joker) reverse the "
            "ranking until another revolution.",
        },
        group="revolution", place=290,
        header={
            "four": "revolution (four of a kind)",
            "four_natural": "revolution (four natural cards)",
        },
    )
    sequence_revolution: int = option(
        0,
        "a sequence of this many cards or more causes a "
        "revolution (0: never)",
        '004 "Revolution": "Some people play that a revolution is also caused if anyone plays '
        'a five-card or longer sequence. Other variants are sometimes encountered, such as '
        '... a 4-card sequence."',
        choices=(0, *range(3, 14)),
        values={"0": "sequences never cause a revolution"},
        said={
            "0": "A sequence never causes a revolution.",
            "*": (
                "A sequence of {n} card or more also causes a revolution.",
                "A sequence of {n} cards or more also causes a revolution.",
            ),
        },
        group="revolution", place=300,
        header={"*": "a {n}-card sequence revolts"},
    )
    three_threes_revolution: bool = option(
        False,
        "a triple of 3s causes a revolution",
        '004 "Revolution": "Other variants are sometimes encountered, such as that a '
        'revolution is caused by a set of three 3\'s"',
        values={"true": "three 3s (joker allowed) reverse the ranking", "false": "they do not"},
        said={
            "true": "Three 3s (a joker may be one of them) cause a revolution.",
            "false": "Three 3s cause no revolution.",
        },
        group="revolution", place=310, listed_off=True,
        header={"true": "three 3s revolt"},
    )
    revolution_timing: Literal["next_clear", "immediate"] = option(
        "next_clear",
        "when a revolution changes the ranking",
        '004 "Revolution": "reverses the ranking of the cards from the next time that the '
        'table is cleared ... if someone plays 5-5-5-5 to the empty table, another player can '
        'beat this with (for example) 7-7-7-7, and the card ranking order remains as it was, '
        'the revolution having been cancelled." Immediate effect is the UECda reading.',
        values={"next_clear": "from the next clear; a second revolution in the same trick "
                              "cancels it",
                "immediate": "at once: the next play in the trick must be lower"},
        said={
            "next_clear": "A revolution turns the ranking when the table next clears; a second "
            "revolution in the same trick cancels it.",
            "immediate": "A revolution turns the ranking at once: the next play in the trick must "
            "be lower.",
        },
        group="revolution", place=320,
        header={"immediate": "a revolution turns the ranking at once"},
    )
    eight_cut: bool = option(
        False,
        "a play containing an 8 clears the table (hachi-giri)",
        '004 "Eights rule (hachi-giri)": "any 8 or combination containing an 8 causes the '
        'table to be cleared immediately. The person who played the 8 begins again"',
        values={"true": "an 8 (or a joker standing for an 8) clears the table",
                "false": "8s are ordinary"},
        said={
            "true": "8-cut: a play with an 8 clears the table, and its player leads again.",
            "false": "8-cut",
        },
        group="special", place=340, listed_off=True,
        header={"true": "8-cut"},
    )
    shibari: Literal["off", "full", "partial"] = option(
        "off",
        "suit lock",
        '004 "Suit lock rule (Shibari)": "if two consecutive plays are in the same suit, then '
        'subsequent players can only beat this with another play in the same suit" ... "Some '
        'also play with Kata-Shibari (partial suit lock). If a pair is beaten by a higher pair '
        'with one suit in common, then subsequent players can only beat this with a pair that '
        'includes the same suit."',
        values={"off": "no suit lock",
                "full": "plays in exactly the same suits lock those suits until the clear",
                "partial": "suits common to the locking plays must be included (kata-shibari)"},
        off="off",
        said={
            "off": "No suit lock.",
            "full": "Suit lock: once plays in exactly the same suits follow each other (e.g. ♠5 "
            "then ♠7), the next plays must be in those suits until the table clears.",
            "partial": "Partial lock: the suits shared by the plays that follow each other must "
            "be in the next plays until the table clears.",
        },
        group="beating", place=260,
        header={"full": "suit locks", "partial": "partial suit locks"},
    )
    shibari_after: int = option(
        2,
        "how many consecutive plays in the same suits lock them",
        '004 "Suit lock": "if two consecutive plays are in the same suit"; "Some play that '
        'suits are only locked if there are three consecutive plays in the same suit."',
        choices=(2, 3),
        values={"2": "two plays in a row lock", "3": "three plays in a row lock"},
        said={
            "2": "Two plays in a row in the same suits make a lock.",
            "3": "Three plays in a row in the same suits make a lock.",
        },
        group="beating", place=270,
        header={"3": "locks after three plays"},
    )
    forbidden_finish: tuple[Literal["top", "joker", "eight", "spade_three"], ...] = option(
        (),
        "plays you may not go out with; going out with one "
        "makes you Dai Hinmin",
        '004 "Cannot go out with highest card": "Some play that you cannot go out by playing a '
        '2 or a set of 2\'s ... the highest sequence (K-A-2) or a single joker. If there has '
        'been a revolution ... a 3 or a set of 3\'s or a top sequence such as 3-4-5 ... the '
        'penalty ... is that you automatically become the Dai Hinmin ... Some play that the '
        'penalty only applies to a player who goes out by playing a single joker."; "Eights '
        'rule": "some also play that it is illegal to go out with a play that includes an '
        'eight." spade_three is the common Japanese ban on going out with the ♠3 over a joker.',
        values={"top": "2s (3s when reversed) and the top sequence",
                "joker": "a lone joker or the pair of jokers",
                "eight": "a play with an 8 (eight_cut)",
                "spade_three": "the ♠3 played on the joker"},
        said={
            "top": "You may not go out with 2s (3s after a revolution) or the top sequence: going "
            "out so makes you Dai Hinmin.",
            "joker": "You may not go out with the joker or the pair of jokers: going out so makes "
            "you Dai Hinmin.",
            "eight": "You may not go out with a play holding an 8: going out so makes you Dai "
            "Hinmin.",
            "spade_three": "You may not go out with the ♠3 played on the joker: going out so "
            "makes you Dai Hinmin.",
            "none": "You may go out with any play.",
        },
        group="going_out", place=420,
    )
    spade_three: bool = option(
        False,
        "the ♠3 beats a lone joker",
        '004 "Three of spades rule": "when the joker is played as a single card, it can be '
        'beaten by the 3 of spades (but by no other card). The ♠3 can then in turn be beaten '
        'by any higher card."',
        values={"true": "♠3 beats a lone joker", "false": "nothing beats a lone joker"},
        said={
            "true": "The ♠3 beats a lone joker.",
            "false": "Nothing beats a lone joker.",
        },
        group="beating", place=230,
        header={"true": "♠3 beats the joker"},
    )
    spade_three_clears: bool = option(
        False,
        "the ♠3 played on a lone joker clears the table",
        '004 "Three of spades rule": "The ♠3 can then in turn be beaten by any higher card." '
        'The UECda rules of 2010 (man/rule.html 4.3.2) read it the other way: the ♠3 on the '
        'joker clears the field, and its player leads next.',
        values={"true": "the ♠3 on a lone joker clears the table; its player leads again",
                "false": "the ♠3 stands like any single and may be beaten (004)"},
        said={
            "true": "The ♠3 played on a lone joker clears the table, and its player leads again.",
            "false": "the ♠3 on the joker clears the table",
        },
        group="beating", place=240, listed_off=True,
        header={"true": "the ♠3 on the joker clears"},
    )
    last_player_again: bool = option(
        False,
        "when every other player has passed, the turn comes "
        "back to the player whose play is on the table",
        '004 "Play": "When all the other players has passed, the player of the unbeaten card '
        'or combination sets aside all the played cards face down, and begins again." The UECda '
        'rules of 2010 (man/rule.html 4.2.4) read it the other way: "the field clears only when '
        'everyone has passed"; the turn comes back to the last player, who may beat their own '
        'play or pass, and the field then clears and they lead.',
        values={"true": "the last player may play again on their own play, or pass to clear it",
                "false": "the table clears as soon as every other player has passed (004)"},
        said={
            "true": "When everyone else has passed, the turn comes back to the player whose play "
            "is on the table: they may play on it again, or pass to clear it.",
            "false": "The table clears as soon as every other player has passed, and the last "
            "player to play leads.",
        },
        group="leading", place=190,
        header={"true": "the last player may beat their own play"},
    )
    lead_pass: bool = option(
        False,
        "the player to lead may pass; the next player then leads",
        '004 "Play": "The first player may play any card or valid combination" (the leader '
        'plays). The UECda rules of 2010 allow a pass on the lead (man/rule.html 4.5.1: a '
        'client "that does not play when it has the lead"): the next player then leads, and '
        'when every player still in has passed the table stays clear and the same leader '
        'leads again.',
        values={"true": "the leader may pass", "false": "the leader must play (004)"},
        said={
            "true": "The player to lead may pass; the next player then leads.",
            "false": "The player to lead must play.",
        },
        group="leading", place=180,
        header={"true": "the leader may pass"},
    )
    pass_limit: int = option(
        0,
        "after this many passes in a row the players still in are "
        "ranked by lot (0: never)",
        'The UECda rules of 2010 (man/rule.html 4.5.1, "sennichite"): "if passes continue 20 '
        'times, the clients that have not gone out are ranked at random." Not in 004.',
        choices=(0, *range(3, 41)),
        values={"0": "passes never end the hand", "20": "UECda's limit"},
        off=0,
        said={
            "0": "Passes never end the hand.",
            "*": (
                "After {n} pass in a row the hand ends, and the players still holding cards are "
                "ranked by lot.",
                "After {n} passes in a row the hand ends, and the players still holding cards are "
                "ranked by lot.",
            ),
        },
        group="leading", place=210,
        header={"*": "{n} passes in a row end the hand"},
    )
    gift_order: Literal["clubs_first", "spades_first"] = option(
        "clubs_first",
        "which of equal cards the poor give first in "
        "the exchange",
        '004 "Exchange of cards": "The Dai Hinmin must give his highest ranking two cards" '
        '(no suit order; paiju gives clubs first). The UECda rules of 2010 (man/rule.html '
        '4.2.9): among cards of the same rank the poor give spades, then hearts, diamonds, '
        'clubs (the server\'s trans_strong_card, after the joker).',
        values={"clubs_first": "among equal ranks: ♣, then ♢, ♡, ♠",
                "spades_first": "among equal ranks: ♠, then ♡, ♢, ♣ (UECda)"},
        said={
            "clubs_first": "Among cards of equal rank, the poor give ♣ first, then ♢, ♡ and ♠.",
            "spades_first": "Among cards of equal rank, the poor give ♠ first, then ♡, ♢ and ♣.",
        },
        group="exchange", place=160,
        header={"spades_first": "the poor give ♠ first"},
    )
    jack_back: bool = option(
        False,
        "a Jack reverses the ranking until the table clears",
        '004 "Jack": "if a Jack is played, the ranking order of cards is immediately reversed, '
        'but this reversal lasts only until the cards are cleared."',
        values={"true": "Jack back (11-back) is on", "false": "Jacks are ordinary"},
        said={
            "true": "Jack back: a play with a Jack reverses the ranking until the table clears.",
            "false": "Jack back",
        },
        group="revolution", place=330, listed_off=True,
        header={"true": "Jack back"},
    )
    ten_discard: bool = option(
        False,
        "playing tens lets you discard one card face down per ten",
        '004 "Discard for tens": "anyone playing one or more tens is allowed to discard one '
        'further card from their hand for each ten played. These discards are placed face '
        'down in the pile of used cards."',
        values={"true": "after a play with tens, a 'discard' step of up to that many cards",
                "false": "tens are ordinary"},
        said={
            "true": "10-discard: after playing 10s you may discard up to one card face down for "
            "each 10.",
            "false": "10-discard",
        },
        group="special", place=370, listed_off=True,
        header={"true": "10-discard"},
    )
    no_play_after_pass: bool = option(
        False,
        "a player who passes may not play again until the "
        "table is cleared",
        '004 "Cannot play after passing": "a player who passes is not allowed to play again '
        'until after the cards have been cleared."',
        values={"true": "passing ends your part in the trick", "false": "pass freely"},
        said={
            "true": "Once you pass, you may not play again until the table clears.",
            "false": "You may pass and still play later in the same trick.",
        },
        group="leading", place=200,
        header={"true": "no play after a pass"},
    )
    miyako_ochi: bool = option(
        False,
        "the previous Dai Fugō who fails to win becomes Dai Hinmin",
        '004 "Miyako-Ochi": "if the Dai Fugō of the previous hand fails to win again and '
        'maintain his position, he automatically becomes Dai Hinmin."',
        values={"true": "he drops out at once when another player goes out first",
                "false": "no miyako-ochi"},
        said={
            "true": "Miyako-ochi: if last hand's Dai Fugō does not go out first, they drop out at "
            "once as Dai Hinmin.",
            "false": "miyako-ochi",
        },
        group="going_out", place=430, listed_off=True,
        header={"true": "miyako-ochi"},
    )
    exchange: Literal["standard", "always_two", "off"] = option(
        "standard",
        "the card exchange before the second and later hands",
        '004 "Exchange of cards": "The Dai Hinmin must give his highest ranking two cards to '
        'the Dai Fugō and the Hinmin must give his highest card to the Fugō. In exchange, the '
        'Dai Fugō gives any two unwanted cards ..."; "Card exchange variants": "Some play that '
        'the loser must always exchange two cards with the winner, even if there are only 3 or '
        '4 players, and with 4 players the second player exchanges one card with the third."',
        values={"standard": "2 cards between Dai Fugō and Dai Hinmin, 1 between Fugō and "
                            "Hinmin (with 3-4 players: 1 card, winner and loser)",
                "always_two": "the winner and loser always exchange 2 cards",
                "off": "no exchange"},
        said={
            "standard": "Before each later hand the Dai Hinmin gives their two best cards to the "
            "Dai Fugō, who gives back any two, and the Hinmin and the Fugō swap one "
            "card the same way (with three or four players, one card between the "
            "first and the last).",
            "always_two": "Before each later hand the last player gives their two best cards to "
            "the first, who gives back any two.",
            "off": "No card exchange between hands.",
        },
        group="exchange", place=130,
        header={"off": "no exchange", "always_two": "2-card exchange"},
    )
    exchange_keep_joker: bool = option(
        False,
        "the poor keep a joker in the exchange",
        '004 "Card exchange variants": "Some play that if you are the Dai Hinmin and have the '
        'joker in your hand, you don\'t have to give it to the Dai Fugō"',
        values={"true": "the poor give their best cards other than jokers",
                "false": "a joker is the best card and is given"},
        said={
            "true": "In the exchange the poor keep their jokers and give their best other cards.",
            "false": "the poor keep their jokers in the exchange",
        },
        group="exchange", place=140, listed_off=True,
        header={"true": "the poor keep their jokers"},
    )
    card_request: bool = option(
        False,
        "the rich name the cards the poor must give them",
        '004 "Card exchange variants": "A few people play that the winners are allowed to ask '
        'for particular cards from the losers, and the losers must give these cards rather '
        'than their highest ranking cards, if they have them." paiju\'s reading '
        '(docs/daifugo.md, "The request for cards"): before the poor give, each winner names '
        'up to as many exact cards as his loser gives him, cards he does not hold, aloud; '
        'the loser gives the named cards he holds and makes up the count with his highest '
        'cards, as in the normal exchange.',
        values={"true": "each winner first names up to that many cards (an ask step)",
                "false": "the poor give their highest cards"},
        said={
            "true": "Before the poor give, each of the rich may name up to as many cards as they "
            "receive; the poor give the named cards they hold, and their best cards for "
            "the rest.",
            "false": "the rich ask for particular cards",
        },
        group="exchange", place=150, listed_off=True,
        header={"true": "the rich ask for cards"},
    )
    joker_reversal: bool = option(
        False,
        "a poor player dealt both jokers reverses the titles",
        '004 "Jokers": "if the Dai Hinmin or the Hinmin was dealt both jokers there was a '
        'different kind of revolution, in which the roles of the players were reversed"',
        values={"true": "titles are reversed before the exchange", "false": "no reversal"},
        said={
            "true": "A Hinmin or Dai Hinmin dealt both jokers reverses the titles before the "
            "exchange.",
            "false": "both jokers reverse the titles",
        },
        group="exchange", place=170, listed_off=True,
        header={"true": "joker reversal"},
    )
    seat_change: Literal["off", "standard", "reverse"] = option(
        "off",
        "players change seats by their result before each hand",
        '004 "Switching seats": "The Dai Fugō sits to the right of the Dai Hinmin, then the '
        'Fugō and so on in order of their result, with the Hinmin to the Dai Hinmin\'s left. '
        '... the reverse ... in this version Dai Fugō begins the play."',
        values={"off": "seats stay", "standard": "play runs Dai Hinmin, Hinmin, ..., Dai Fugō",
                "reverse": "play runs Dai Fugō, Fugō, ..., Dai Hinmin; Dai Fugō leads"},
        said={
            "off": "The players keep their seats.",
            "standard": "Before each hand the players change seats by their result: play runs Dai "
            "Hinmin, Hinmin, …, Dai Fugō.",
            "reverse": "Before each hand the players change seats by their result: play runs Dai "
            "Fugō, Fugō, …, Dai Hinmin, and the Dai Fugō leads.",
        },
        group="dealing", place=100,
        header={
            "standard": "seats change by title",
            "reverse": "seats change by title, the Dai Fugō first",
        },
    )
    scoring: Literal["titles", "payments", "uecda"] = option(
        "titles",
        "points for a hand",
        '004 "Result": "the Dai Fugō should score +2 points, and the Fugō +1"; "Scoring '
        'variants": "the Hinmin pays 1 point to the Fugō and the Dai Hinmin pays 2 points to '
        'the Dai Fugō." uecda: the computer competition\'s 5/4/3/2/1.',
        values={"titles": "Dai Fugō +2, Fugō +1", "payments": "Hinmin pays 1 to Fugō, "
                "Dai Hinmin pays 2 to Dai Fugō", "uecda": "n points for first .. 1 for last"},
        said={
            "titles": "Each hand the Dai Fugō scores 2 points and the Fugō 1.",
            "payments": "Each hand the Dai Hinmin pays the Dai Fugō 2 points and the Hinmin pays "
            "the Fugō 1.",
            "uecda": "Each hand scores by place: as many points as there are players for first, "
            "one fewer for each place after, 1 for last.",
        },
        group="scoring", place=450,
        header={"payments": "the poor pay the rich", "uecda": "n points for first to 1 for last"},
    )
    first_lead: Literal["random", "diamond_three", "diamond_three_every"] = option(
        "random",
        "who leads the first hand of a session (or every hand)",
        '004 "Play": "In the first deal of a new session the first player is decided at '
        'random." diamond_three is the UECda rule (the ♦3 holder leads); diamond_three_every '
        'the other reading of it and a common house rule: the ♦3 holder after the exchange '
        'leads every hand.',
        values={"random": "any seat (chosen at random)", "diamond_three": "the ♦3 holder",
                "diamond_three_every": "the ♦3 holder, and in later hands the ♦3 holder "
                                       "after the exchange (not the loser)"},
        said={
            "random": "The first hand is led by a player drawn at random.",
            "diamond_three": "The first hand is led by the holder of the ♦3.",
            "diamond_three_every": "Every hand is led by the holder of the ♦3 (after the "
            "exchange).",
        },
        group="dealing", place=80,
        header={
            "diamond_three": "♦3 leads the first hand",
            "diamond_three_every": "♦3 leads every hand",
        },
    )
    sequence_beat: Literal["higher", "above"] = option(
        "higher",
        "what a sequence must do to beat a sequence",
        '004 "Play": "A sequence can only be beaten by a higher sequence containing the same '
        'number of cards." above is the UECda reading: every card above the table\'s top card.',
        values={"higher": "a higher sequence (it may share ranks)",
                "above": "its lowest card must beat the table's highest"},
        said={
            "higher": "A sequence is beaten by a higher sequence of the same length, even one "
            "sharing ranks with it.",
            "above": "A sequence is beaten only by one whose lowest card is above the table's "
            "highest (e.g. ♠3 ♠4 ♠5 by ♡6 ♡7 ♡8).",
        },
        group="beating", place=220,
        header={"above": "a sequence must lie wholly above the one it beats"},
    )
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

    @classmethod
    def of(cls, preset: str, values: Mapping[str, Any]) -> Rules:
        """The rules of resolved option ``values`` (every option named once)."""
        return cls(preset, **values)

    @property
    def values(self) -> dict[str, Any]:
        """Every option by name, as resolved (a new dict)."""
        return {o.name: getattr(self, o.name) for o in OPTIONS}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the preset, as JSON values."""
        base = TABLE.preset(self.preset)
        return {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in self.values.items() if base[k] != v
        }

    def spec(self) -> dict[str, Any]:
        """The rules as a record holds them."""
        return {"preset": self.preset, "options": self.changed()}


OPTIONS: tuple[Option, ...] = options_of(Rules)


PRESETS: dict[str, dict[str, Any]] = {
    "pagat": {},
    "uecda": {
        "jokers": 1,
        "revolution": "four",
        "sequence_revolution": 5,
        "revolution_timing": "immediate",
        "eight_cut": True,
        "shibari": "full",
        "shibari_after": 2,
        "spade_three": True,
        "spade_three_clears": True,
        "no_play_after_pass": True,
        "last_player_again": True,
        "lead_pass": True,
        "pass_limit": 20,
        "gift_order": "spades_first",
        "exchange": "standard",
        "scoring": "uecda",
        "first_lead": "diamond_three_every",
        "sequence_beat": "above",
        "spade_three_over_lock": True,
        "group_joker_suit": "named",
        "five_card_groups": True,
        "sequence_joker_beyond_ends": True,
        "dealer": "daifugo",
        "reseat_every": 3,
        "titles_reset_every": 100,
    },
    "popular": {
        "revolution": "four",
        "eight_cut": True,
        "shibari": "full",
        "spade_three": True,
        "jack_back": True,
        "forbidden_finish": ["top", "joker", "eight", "spade_three"],
        "miyako_ochi": True,
    },
}

TABLE = OptionTable("daifugo", OPTIONS, PRESETS)


def conflicts(values: Mapping[str, Any]) -> list[str]:
    """Why these option values cannot be played together (empty when they can)."""
    out = []
    ff = set(values["forbidden_finish"])
    if values["jokers"] == 0:
        if values["spade_three"]:
            out.append("spade_three lets the ♠3 beat a lone joker, but jokers=0")
        if "joker" in ff:
            out.append("forbidden_finish 'joker' needs a joker, but jokers=0")
        if values["exchange_keep_joker"]:
            out.append("exchange_keep_joker needs a joker, but jokers=0")
    if values["card_request"] and values["exchange"] == "off":
        out.append("card_request is a way of giving in the exchange: it needs exchange="
                   "standard or always_two")
    if values["joker_reversal"] and values["jokers"] != 2:
        out.append("joker_reversal is about a poor player dealt both jokers: it needs jokers=2")
    if values["joker_reversal"] and values["seat_change"] != "off":
        out.append("joker_reversal reverses titles after the deal, but seat_change has "
                   "already seated the players by the old titles")
    if values["spade_three_clears"] and not values["spade_three"]:
        out.append("spade_three_clears needs the spade_three rule")
    if "spade_three" in ff and not values["spade_three"]:
        out.append("forbidden_finish 'spade_three' needs the spade_three rule")
    if "eight" in ff and not values["eight_cut"]:
        out.append("forbidden_finish 'eight' goes with the 8-cut: it needs eight_cut=true")
    if values["four_stop"] and not values["eight_cut"]:
        out.append("four_stop stops an 8-cut: it needs eight_cut=true")
    if values["sequence_revolution"] and not values["sequences"]:
        out.append("sequence_revolution needs sequences=true")
    if values["emperor"] and not values["sequences"]:
        out.append("emperor is a kind of sequence: it needs sequences=true")
    if values["spade_three_over_lock"] and not values["spade_three"]:
        out.append("spade_three_over_lock needs the spade_three rule")
    if values["five_card_groups"] and values["jokers"] == 0:
        out.append("five_card_groups are four of a kind and the joker, but jokers=0")
    if values["sequence_joker_beyond_ends"]:
        if values["jokers"] == 0 or not values["sequences"]:
            out.append("sequence_joker_beyond_ends is about a joker in a sequence: it needs "
                       "jokers and sequences=true")
        if not values["twos_in_sequences"]:
            out.append("sequence_joker_beyond_ends lets the joker stand above the 2: it needs "
                       "twos_in_sequences=true")
    return out


#: Why ``decks=2`` is refused, for whoever asks for it (a record, a table, a command).
DOUBLE_DECK = (
    "decks=2 (the double deck) is not played yet: paiju's cards, combinations, records and "
    "players hold four cards of a rank, one of each suit, and two packs need two of each "
    "card; docs/daifugo.md, 'The double deck', gives the readings a double-deck game will "
    "follow"
)


def make_rules(spec: Any = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a spec (preset name or ``{"preset", "options"}``) and overrides."""
    preset, values = TABLE.resolve(spec, overrides, default="pagat")
    if values["decks"] != 1:
        raise UnknownOption(DOUBLE_DECK)
    problems = conflicts(values)
    if problems:
        raise UnknownOption("conflicting daifugo options: " + "; ".join(problems))
    return Rules.of(preset, values)
