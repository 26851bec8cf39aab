"""Dai Fugō's options from seed 004 (pagat.com, "Dai Fugō / Dai Hinmin"): its rules of play
and the variants it lists, each quoting its passage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from paiju.core.options import Word, option


@dataclass(frozen=True)
class PagatOptions:
    """004's rules and variants, one field per option (of
    :class:`paiju.daifugo.rules.Rules`)."""

    decks: int = option(
        1,
        "how many 52-card packs are shuffled together: one, or two for 4 to 8 players",
        '004 "More than six players": "It is possible for as many as 8 players to take part. '
        'In Japan it is normal still to use a single deck of 53 cards, though in some Western '
        'adaptations, a larger number of players may use a double deck." The readings of two '
        'packs: docs/daifugo.md, "The double deck".',
        choices=(1, 2),
        values={"1": "one pack (004's normal game)",
                "2": "two packs shuffled together, for 4 to 8 players"},
        said={
            "1": "One pack of 52 cards is played.",
            "2": "Two packs are shuffled together: every card is there twice, and cards of a "
            "rank make groups of up to eight, identical cards too (two ♠7s).",
        },
        group="cards", place=5,
        header={"2": "two packs"},
    )
    jokers: int = option(
        1,
        "how many jokers are added to the 52-card pack (up to four to two packs)",
        '004 "Players and Cards": "one joker is normally added"; "Jokers": "Rarely, this game '
        'is played without jokers, or with two jokers, in which case a pair of jokers is the '
        'highest pair." Two packs bring up to two jokers each (docs/daifugo.md, "The double '
        'deck").',
        choices=(0, 1, 2, 3, 4),
        values={"0": "52 cards", "1": "53 cards (004's normal pack)",
                "2": "54 cards; the pair of jokers is the highest pair",
                "3": "three jokers (two packs)", "4": "four jokers (two packs)"},
        said={
            "0": "The pack has 52 cards, with no joker.",
            "1": "The pack has 53 cards: one joker, the highest single, which may also stand for "
            "any card in a combination.",
            "2": "The pack has 54 cards: two jokers; the pair of jokers is the highest pair.",
            "3": "The two packs have three jokers.",
            "4": "The two packs have four jokers.",
        },
        group="cards", place=10,
        header={"0": "no joker", "2": "two jokers", "3": "three jokers", "4": "four jokers"},
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
        header={"false": Word("no sequences", order=3)},
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
            "off": Word("no revolution", order=-1, unless=("sequence_revolution",)),
            "four": "revolution (four of a kind)",
            "four_natural": "revolution (four natural cards)",
        },
        fired={
            "revolution": "Revolution: the order of the cards is reversed.",
            "revolution_pending": "Revolution: the order of the cards reverses when the table "
            "clears.",
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
        fired={"eight_cut": "8-cut: the table clears."},
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
        header={"*": Word("no going out on {n}", order=2),
                "top": "2s", "joker": "jokers", "eight": "8s", "spade_three": "♠3"},
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
        fired={"spade_three_clears": "The ♠3 on the joker clears the table."},
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
