"""The Rules box's wording of every Luk Fu option, in English (the msgids of the
``lukfu`` catalogue, whose context is ``option=value``), and the groups a player reads
them in. The translations are in locale/<lang>/LC_MESSAGES/lukfu.po; the options and
their sources in :mod:`paiju.lukfu.rules` and docs/lukfu.md.
"""

from __future__ import annotations

#: The groups, in the order a player meets them, and the options in each.
RULE_GROUPS: dict[str, tuple[str, ...]] = {
    "dealing": ("seating", "rotation"),
    "calling": ("master_call", "privileged", "five_tigers_claim"),
    "leading": ("lead_rule", "opening_lead", "passed_master_lead", "aged_knowledge"),
    "beating": ("surrender",),
    "winning": ("declare_counts_aged", "cards_out"),
    "scoring": ("tariff", "red_bonus", "five_tigers_value", "dreamer_income", "li_chen_is_ace"),
}

#: Options whose "off" value belongs with the rules not played (none in Luk Fu).
OFF_LIST: frozenset[str] = frozenset()

#: ``option=value`` -> what the rule means at the table, in a player's words.
RULE_WORDING: dict[str, str | tuple[str, str]] = {
    "tariff=doubling": "Each loser pays the winner 1 for six tricks, doubling with each trick "
    "more: 2 for seven, 4 for eight … 32 for eleven; twelve tricks pay 128.",
    "tariff=doubling5": "Each loser pays the winner 2 for six tricks, doubling with each trick "
    "more: 4 for seven … 64 for eleven; twelve tricks pay 256.",
    "tariff=tsoi": "Each loser pays the winner one unit for six tricks and one more for each "
    "trick above six: seven tricks pay 2, twelve pay 7.",
    "tariff=pang": "Each loser pays the winner 1 to 4 for six to nine tricks; ten tricks pay "
    "10, eleven pay 12 and twelve pay 21.",
    "tariff=sung": "Each loser pays the winner one unit for six tricks, one more for each "
    "further trick and one for each red card won; twelve tricks with all eight red cards "
    "pay 30.",
    "aged_knowledge=face_up": "A card is aged (sure to win) only when every higher card of its "
    "suit has been played face up or is in your own hand.",
    "aged_knowledge=deduced": "A card is aged (sure to win) whenever what you have seen proves "
    "that no opponent can beat it, face-down discards and the cards out of play included.",
    "surrender=strict": "A follower who can beat the meld on the table must beat it; only one "
    "who cannot may discard face down.",
    "surrender=break": "A follower may discard face down instead of beating, if the discard "
    "leaves no meld in hand that beats the table. Example: on three 2s you may discard two of "
    "your four 4s, but not cards that leave you three 4s.",
    "lead_rule=categories": "A single card is led from the highest group you hold: non-aged "
    "Sip, aged Sip, non-aged Gon, aged Gon, and so on down to Chen, with Li Chen last. The "
    "privileged player may lead an aged card early.",
    "lead_rule=old_cards": "An aged (Old) card may be led alone only by the privileged "
    "(Vulnerable) player or by one holding nothing but aged cards; otherwise a single comes "
    "from the highest suit in which you hold a card that is not aged.",
    "privileged=players_2_3": "The second or third player who says Play is privileged: they may "
    "lead aged cards early, but if they lose they also pay the other loser's share. A Master "
    "who calls is never privileged.",
    "privileged=caller": "Whoever says Play, the Master included, is privileged: they may lead "
    "aged cards early, but if they lose they also pay the other loser's share.",
    "master_call=word": "The Master first says Play or passes, then each player in turn; if "
    "anyone says Play, the Master leads.",
    "master_call=lead": "The Master takes up the hand by leading at once (or passes): his lead "
    "is his call.",
    "opening_lead=restricted": "The Master's first lead obeys the lead rule like any other.",
    "opening_lead=free": "The Master's first lead of the hand may be any single card.",
    "passed_master_lead=free": "A Master who passed may lead whatever the lead rule allows.",
    "passed_master_lead=no_four": "A Master who passed may never lead a Gok of four or a run of "
    "four cards or more.",
    "passed_master_lead=beatable": "A Master who passed must open with a lead an opponent could "
    "beat.",
    "five_tigers_claim=optional": "The holder of the Five Tigers (the four 1s and Li Chen) may "
    "claim the win straight after the deal, or play on.",
    "five_tigers_claim=automatic": "The Five Tigers (the four 1s and Li Chen) win the hand as "
    "soon as they are dealt.",
    "five_tigers_value=eight_tricks": "The Five Tigers are paid as eight tricks.",
    "five_tigers_value=six_tricks": "The Five Tigers are paid as six tricks.",
    "five_tigers_value=sung_table": "The Five Tigers pay 6: 3, plus 3 for the red cards "
    "(Sung's table).",
    "dreamer_income=exponent": "When the dreamer's card has the number of any of the winner's "
    "winning cards, each loser pays the dreamer as for five tricks plus one a match.",
    "dreamer_income=per_match": "When the dreamer's card has the number of any of the winner's "
    "winning cards, each loser pays the dreamer one unit a match.",
    "li_chen_is_ace=true": "Li Chen counts as an ace when matching 1s in the scoring: a dreamer "
    "holding a 1 matches the winner's Li Chen.",
    "li_chen_is_ace=false": "Li Chen has no number: it matches nothing in the dreamer's count.",
    "red_bonus=true": "The winner gets one unit more from each loser for every red-imprint "
    "card among the winning cards.",
    "red_bonus=false": "Red-imprint cards earn nothing extra.",
    "declare_counts_aged=true": "To declare, the tricks you have won plus the aged cards in "
    "your hand must make six. Example: four tricks and two aged cards in hand make six.",
    "declare_counts_aged=false": "To declare, you need six tricks won; aged cards in hand do "
    "not count.",
    "cards_out=six": "If nobody declares, when the cards run out a player with six tricks or "
    "more wins (of two, the later to reach six); otherwise the hand is drawn.",
    "cards_out=leader": "If nobody declares, when the cards run out only the winner of the "
    "last round may win, with six tricks or more; otherwise the hand is drawn.",
    "seating=dealer_leads": "The dealer is the Master; with four players the player opposite "
    "the dealer dreams.",
    "seating=dealer_dreams": "With four players the dealer dreams (holds one card) and the "
    "player opposite is the Master; with three the dealer is the Master.",
    "rotation=hongkong": "The dealer deals again only after saying Play and winning or "
    "drawing; otherwise the deal passes on.",
    "rotation=tsoi": "The dealer deals again only when the Master won; otherwise the deal "
    "passes on.",
    "rotation=pang": "The dealer deals again when the Master won, or after a drawn hand in "
    "which the Master did not pass.",
    "rotation=sung": "The dealer deals again after a drawn hand or when everyone passed.",
}
