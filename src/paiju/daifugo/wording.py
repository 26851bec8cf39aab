"""The Rules box's wording of every Dai Fugō option, in English (the msgids of the
``daifugo`` catalogue, whose context is ``option=value``), and the groups a player reads
them in. The translations are in locale/<lang>/LC_MESSAGES/daifugo.po; the options and
their sources in :mod:`paiju.daifugo.rules` and docs/daifugo.md.

A whole-number option has a wording for 0 (``option=0``) and one for any other value
(``option=*``, with ``{n}``, and a plural where the English needs one).
"""

from __future__ import annotations

#: The groups, in the order a player meets them, and the options in each.
RULE_GROUPS: dict[str, tuple[str, ...]] = {
    "cards": ("jokers", "decks", "sequences", "twos_in_sequences", "five_card_groups",
              "group_joker_suit", "sequence_joker_beyond_ends", "emperor"),
    "dealing": ("first_lead", "dealer", "seat_change", "reseat_every", "titles_reset_every"),
    "exchange": ("exchange", "exchange_keep_joker", "card_request", "gift_order",
                 "joker_reversal"),
    "leading": ("lead_pass", "last_player_again", "no_play_after_pass", "pass_limit"),
    "beating": ("sequence_beat", "spade_three", "spade_three_clears", "spade_three_over_lock",
                "shibari", "shibari_after", "down_number"),
    "revolution": ("revolution", "sequence_revolution", "three_threes_revolution",
                   "revolution_timing", "jack_back"),
    "special": ("eight_cut", "four_stop", "seven_pass", "ten_discard", "five_skip",
                "nine_reverse", "sandstorm", "ambulance"),
    "going_out": ("forbidden_finish", "miyako_ochi", "gekokujo"),
    "scoring": ("scoring",),
}

#: The local rules that, when off, are listed together as the rules not played.
OFF_LIST: frozenset[str] = frozenset({
    "five_card_groups", "sequence_joker_beyond_ends", "emperor", "exchange_keep_joker",
    "card_request",
    "joker_reversal", "spade_three_clears", "spade_three_over_lock", "down_number",
    "three_threes_revolution", "jack_back", "eight_cut", "four_stop", "seven_pass",
    "ten_discard", "five_skip", "nine_reverse", "sandstorm", "ambulance", "miyako_ochi",
    "gekokujo",
})

#: ``option=value`` -> what the rule means at the table, in a player's words.
RULE_WORDING: dict[str, str | tuple[str, str]] = {
    "jokers=0": "The pack has 52 cards, with no joker.",
    "jokers=1": "The pack has 53 cards: one joker, the highest single, which may also stand "
    "for any card in a combination.",
    "jokers=2": "The pack has 54 cards: two jokers; the pair of jokers is the highest pair.",
    "decks=1": "One pack of cards, as in Japan.",
    "decks=2": "Two packs shuffled together, as some Western tables play with many players.",
    "sequences=true": "Sequences of three or more consecutive cards of one suit may be played "
    "(e.g. ♠4 ♠5 ♠6), and are beaten by a higher sequence of the same length.",
    "sequences=false": "No sequences: only single cards and cards of one rank are played.",
    "twos_in_sequences=true": "A 2 may end a sequence: K-A-2 is the highest three-card sequence.",
    "twos_in_sequences=false": "A 2 is never in a sequence: Q-K-A is the highest three-card "
    "sequence.",
    "revolution=off": "No revolution: four of a kind is just the highest group.",
    "revolution=four": "Revolution: four of a kind (a joker may be one of them) reverses the "
    "ranking, 3 highest and 2 lowest, until another revolution.",
    "revolution=four_natural": "Revolution: four natural cards of one rank (no joker) reverse "
    "the ranking until another revolution.",
    "sequence_revolution=0": "A sequence never causes a revolution.",
    "sequence_revolution=*": ("A sequence of {n} card or more also causes a revolution.",
                              "A sequence of {n} cards or more also causes a revolution."),
    "three_threes_revolution=true": "Three 3s (a joker may be one of them) cause a revolution.",
    "three_threes_revolution=false": "Three 3s cause no revolution.",
    "revolution_timing=next_clear": "A revolution turns the ranking when the table next "
    "clears; a second revolution in the same trick cancels it.",
    "revolution_timing=immediate": "A revolution turns the ranking at once: the next play in "
    "the trick must be lower.",
    "eight_cut=true": "8-cut: a play with an 8 clears the table, and its player leads again.",
    "eight_cut=false": "8-cut",
    "shibari=off": "No suit lock.",
    "shibari=full": "Suit lock: once plays in exactly the same suits follow each other (e.g. "
    "♠5 then ♠7), the next plays must be in those suits until the table clears.",
    "shibari=partial": "Partial lock: the suits shared by the plays that follow each other "
    "must be in the next plays until the table clears.",
    "shibari_after=2": "Two plays in a row in the same suits make a lock.",
    "shibari_after=3": "Three plays in a row in the same suits make a lock.",
    "forbidden_finish=top": "You may not go out with 2s (3s after a revolution) or the top "
    "sequence: going out so makes you Dai Hinmin.",
    "forbidden_finish=joker": "You may not go out with the joker or the pair of jokers: going "
    "out so makes you Dai Hinmin.",
    "forbidden_finish=eight": "You may not go out with a play holding an 8: going out so makes "
    "you Dai Hinmin.",
    "forbidden_finish=spade_three": "You may not go out with the ♠3 played on the joker: going "
    "out so makes you Dai Hinmin.",
    "forbidden_finish=none": "You may go out with any play.",
    "spade_three=true": "The ♠3 beats a lone joker.",
    "spade_three=false": "Nothing beats a lone joker.",
    "spade_three_clears=true": "The ♠3 played on a lone joker clears the table, and its player "
    "leads again.",
    "spade_three_clears=false": "the ♠3 on the joker clears the table",
    "last_player_again=true": "When everyone else has passed, the turn comes back to the player "
    "whose play is on the table: they may play on it again, or pass to clear it.",
    "last_player_again=false": "The table clears as soon as every other player has passed, and "
    "the last player to play leads.",
    "lead_pass=true": "The player to lead may pass; the next player then leads.",
    "lead_pass=false": "The player to lead must play.",
    "pass_limit=0": "Passes never end the hand.",
    "pass_limit=*": ("After {n} pass in a row the hand ends, and the players still holding "
                     "cards are ranked by lot.", "After {n} passes in a row the hand ends, and "
                     "the players still holding cards are ranked by lot."),
    "gift_order=clubs_first": "Among cards of equal rank, the poor give ♣ first, then ♢, ♡ "
    "and ♠.",
    "gift_order=spades_first": "Among cards of equal rank, the poor give ♠ first, then ♡, ♢ "
    "and ♣.",
    "jack_back=true": "Jack back: a play with a Jack reverses the ranking until the table "
    "clears.",
    "jack_back=false": "Jack back",
    "ten_discard=true": "10-discard: after playing 10s you may discard up to one card face "
    "down for each 10.",
    "ten_discard=false": "10-discard",
    "no_play_after_pass=true": "Once you pass, you may not play again until the table clears.",
    "no_play_after_pass=false": "You may pass and still play later in the same trick.",
    "miyako_ochi=true": "Miyako-ochi: if last hand's Dai Fugō does not go out first, they drop "
    "out at once as Dai Hinmin.",
    "miyako_ochi=false": "miyako-ochi",
    "exchange=standard": "Before each later hand the Dai Hinmin gives their two best cards to "
    "the Dai Fugō, who gives back any two, and the Hinmin and the Fugō swap one card the same "
    "way (with three or four players, one card between the first and the last).",
    "exchange=always_two": "Before each later hand the last player gives their two best cards "
    "to the first, who gives back any two.",
    "exchange=off": "No card exchange between hands.",
    "exchange_keep_joker=true": "In the exchange the poor keep their jokers and give their "
    "best other cards.",
    "exchange_keep_joker=false": "the poor keep their jokers in the exchange",
    "card_request=true": "Before the poor give, each of the rich may name up to as many "
    "cards as they receive; the poor give the named cards they hold, and their best cards "
    "for the rest.",
    "card_request=false": "the rich ask for particular cards",
    "joker_reversal=true": "A Hinmin or Dai Hinmin dealt both jokers reverses the titles "
    "before the exchange.",
    "joker_reversal=false": "both jokers reverse the titles",
    "seat_change=off": "The players keep their seats.",
    "seat_change=standard": "Before each hand the players change seats by their result: play "
    "runs Dai Hinmin, Hinmin, …, Dai Fugō.",
    "seat_change=reverse": "Before each hand the players change seats by their result: play "
    "runs Dai Fugō, Fugō, …, Dai Hinmin, and the Dai Fugō leads.",
    "scoring=titles": "Each hand the Dai Fugō scores 2 points and the Fugō 1.",
    "scoring=payments": "Each hand the Dai Hinmin pays the Dai Fugō 2 points and the Hinmin "
    "pays the Fugō 1.",
    "scoring=uecda": "Each hand scores by place: as many points as there are players for "
    "first, one fewer for each place after, 1 for last.",
    "first_lead=random": "The first hand is led by a player drawn at random.",
    "first_lead=diamond_three": "The first hand is led by the holder of the ♦3.",
    "first_lead=diamond_three_every": "Every hand is led by the holder of the ♦3 (after the "
    "exchange).",
    "sequence_beat=higher": "A sequence is beaten by a higher sequence of the same length, "
    "even one sharing ranks with it.",
    "sequence_beat=above": "A sequence is beaten only by one whose lowest card is above the "
    "table's highest (e.g. ♠3 ♠4 ♠5 by ♡6 ♡7 ♡8).",
    "seven_pass=true": "7-pass: after playing 7s you hand as many cards face down to the next "
    "player.",
    "seven_pass=false": "7-pass",
    "five_skip=true": "5-skip: each 5 played skips the next player.",
    "five_skip=false": "5-skip",
    "sandstorm=true": "Sandstorm: three 3s may be played on anything, or led, and clear the "
    "table.",
    "sandstorm=false": "sandstorm",
    "ambulance=true": "Ambulance: a pair of 9s clears the table, like an 8.",
    "ambulance=false": "ambulance",
    "nine_reverse=true": "9-reverse: a play with a 9 reverses the direction of play.",
    "nine_reverse=false": "9-reverse",
    "four_stop=true": "4-stop: after an 8-cut the others may stop it with as many 4s; if all "
    "pass, the table clears.",
    "four_stop=false": "4-stop",
    "emperor=true": "Emperor: four consecutive ranks, one card of each suit (e.g. ♠5 ♡6 ♢7 "
    "♣8), may be played on anything and clear the table.",
    "emperor=false": "emperor",
    "down_number=true": "Down number: on a single, the card of the same suit one step lower "
    "may be played.",
    "down_number=false": "down number",
    "gekokujo=true": "Gekokujō: if last hand's Dai Hinmin goes out first, the hand ends and "
    "all the titles are reversed.",
    "gekokujo=false": "gekokujō",
    "spade_three_over_lock=true": "The ♠3 may beat a lone joker even under a suit lock.",
    "spade_three_over_lock=false": "the ♠3 on the joker ignores a lock",
    "group_joker_suit=none": "A joker in a group of one rank has no suit: it never makes a "
    "lock and fits any lock.",
    "group_joker_suit=named": "A joker in a group of one rank takes the suit of the card it "
    "stands for: it makes a lock and is bound by one.",
    "five_card_groups=true": "Four of a kind and the joker make a five-card group, beaten only "
    "by a higher one; it causes a revolution like four of a kind.",
    "five_card_groups=false": "five-card groups",
    "sequence_joker_beyond_ends=true": "A sequence's joker may stand below the 3 or above the "
    "2, to lengthen the sequence.",
    "sequence_joker_beyond_ends=false": "the joker beyond the ends of a sequence",
    "dealer=loser": "Later hands are dealt by the last player, starting with the seat after "
    "them.",
    "dealer=daifugo": "In later hands the first card goes to the Dai Fugō, then round the "
    "table.",
    "reseat_every=0": "The seats stay as they are.",
    "reseat_every=*": ("The seats are drawn at random before the first hand and again every "
                       "hand.", "The seats are drawn at random before the first hand and "
                       "again every {n} hands."),
    "titles_reset_every=0": "The titles carry on through the session.",
    "titles_reset_every=*": ("After every hand the titles are forgotten, and the next hand is "
                             "dealt as a first hand.", "Every {n} hands the titles are "
                             "forgotten, and the next hand is dealt as a first hand."),
}
