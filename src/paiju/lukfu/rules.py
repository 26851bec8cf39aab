"""Luk Fu rule options and the presets ``hongkong`` (000), ``gloucester`` (001), ``sung`` (002+003).

Every point where the seeds differ is declared once, as a field of :class:`Rules` made
by :func:`~paiju.core.options.option`: its type (the values it takes), default, meaning
and ``source`` (the seed file and passage); :data:`OPTIONS` is read from those fields.
:func:`make_rules` resolves a spec into a frozen :class:`Rules` and refuses options that
contradict each other.
docs/lukfu.md holds the same matrix with the interpretations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from paiju.core.errors import UnknownOption
from paiju.core.options import Option, OptionTable, option, options_of
from paiju.lukfu.inference.knowledge import BREAK, STRICT

FACE_UP, DEDUCED = "face_up", "deduced"


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete, validated set of Luk Fu options, one typed field per option.

    Built once by :func:`make_rules` from the resolved options; the engine reads the
    fields (a misspelt one is a type error), the records and menus read :attr:`values`.
    """

    preset: str  #: the preset the rules start from
    tariff: Literal["doubling", "doubling5", "tsoi", "pang", "sung"] = option(
        "doubling",
        "what each loser pays the winner of n tricks",
        "000 'Scoring' (2^(n-6), 12 tricks pay 2x2^6 = 128; 'In some places ... 5 instead of "
        "6'); 001 'In Miss Tsoi's tariff' and 'Mr Pang's tariff'; 003 scoring table",
        values={
            "doubling": "2^(n-6): 1, 2, 4 ... 32 for 11; 12 tricks pay 128 (the extra double)",
            "doubling5": "2^(n-5): 2, 4 ... 64 for 11; 12 tricks pay 256 (the extra double)",
            "tsoi": "one unit for six tricks and one for each further: n-5 (12 pay 7)",
            "pang": "6-9 tricks pay 1-4 units; 10 and 11 pay double (10, 12); 12 pays triple (21)",
            "sung": "Sung's table: n-5 plus one per red card won; 12 with all 8 reds pays 30",
        },
        said={
            "doubling": "Each loser pays the winner 1 for six tricks, doubling with each trick "
            "more: 2 for seven, 4 for eight … 32 for eleven; twelve tricks pay 128.",
            "doubling5": "Each loser pays the winner 2 for six tricks, doubling with each trick "
            "more: 4 for seven … 64 for eleven; twelve tricks pay 256.",
            "tsoi": "Each loser pays the winner one unit for six tricks and one more for each "
            "trick above six: seven tricks pay 2, twelve pay 7.",
            "pang": "Each loser pays the winner 1 to 4 for six to nine tricks; ten tricks pay 10, "
            "eleven pay 12 and twelve pay 21.",
            "sung": "Each loser pays the winner one unit for six tricks, one more for each "
            "further trick and one for each red card won; twelve tricks with all eight "
            "red cards pay 30.",
        },
        group="scoring", place=130,
    )
    aged_knowledge: Literal["face_up", "deduced"] = option(
        FACE_UP,
        "what a seat may use to show that no opponent can beat one of its cards",
        "000 'Aged cards' (\"one does not only reason by using those cards that have been "
        "played face-up ... through a logical argument\"); 001 'Old Cards' (\"any card which "
        "is known to become ... the highest\"); 002 'Lao Sui Pai' (\"all higher cards have been "
        "revealed\")",
        values={
            FACE_UP: "higher cards count as gone only when seen face up or held in one's own hand",
            DEDUCED: "the full logical argument: no deal consistent with what the seat has seen "
            "puts a beating card in an opponent's hand",
        },
        said={
            "face_up": "A card is aged (sure to win) only when every higher card of its suit has "
            "been played face up or is in your own hand.",
            "deduced": "A card is aged (sure to win) whenever what you have seen proves that no "
            "opponent can beat it, face-down discards and the cards out of play "
            "included.",
        },
        group="leading", place=90,
    )
    surrender: Literal["strict", "break"] = option(
        STRICT,
        "when a follower may discard face down instead of beating",
        "000 'Play of the hand' (the triple-twos example); 001 'Following' (\"must head the "
        "trick ... if possible\") and its variant list (\"a player can discard even if he could "
        "have beaten ... provided that after discarding he is left with no combination\"); 002 "
        "'Breaking Combinations'",
        values={
            STRICT: "a follower who can beat the highest meld must beat it",
            BREAK: "a follower may discard if the discard leaves no meld that beats it",
        },
        said={
            "strict": "A follower who can beat the meld on the table must beat it; only one who "
            "cannot may discard face down.",
            "break": "A follower may discard face down instead of beating, if the discard leaves "
            "no meld in hand that beats the table. Example: on three 2s you may discard "
            "two of your four 4s, but not cards that leave you three 4s.",
        },
        group="beating", place=100,
    )
    lead_rule: Literal["categories", "old_cards"] = option(
        "categories",
        "which single card a leader may lead",
        "000 'Privileged player and restriction on the lead' (nine categories); 001 'Leading "
        "to a Trick' (Old Cards 1-3 and 'Secondly') and its variant list; 002 'Playing the "
        "Game' (three conditions) and 'Lao Sui Pai'",
        values={
            "categories": "lead from the highest of: non-aged Sip, aged Sip, non-aged Gon, aged "
            "Gon, non-aged Sok, aged Sok, non-aged Chen, aged Chen, Li Chen; the privileged "
            "seat may lead any aged card early",
            "old_cards": "an Old card may be led alone only by the Vulnerable seat or when all "
            "one holds is Old; otherwise lead from the highest suit holding a non-Old card",
        },
        said={
            "categories": "A single card is led from the highest group you hold: non-aged Sip, "
            "aged Sip, non-aged Gon, aged Gon, and so on down to Chen, with Li Chen "
            "last. The privileged player may lead an aged card early.",
            "old_cards": "An aged (Old) card may be led alone only by the privileged (Vulnerable) "
            "player or by one holding nothing but aged cards; otherwise a single "
            "comes from the highest suit in which you hold a card that is not aged.",
        },
        group="leading", place=60,
    )
    privileged: Literal["players_2_3", "caller"] = option(
        "players_2_3",
        "which caller is privileged (Vulnerable, Tsoh): may lead aged cards early, and pays "
        "the other loser's share when he loses",
        "000 'Calling' (\"If the player who calls the hand is player 2 or player 3\"); 001 'The "
        "Decision to Play' (\"the Master ... can never be Vulnerable\"); 002 'Lao Sui Pai' "
        "(\"Only the person who says Tsoh\", Bao Su); 003 'I said Tsoh, but I lost'",
        values={
            "players_2_3": "only seats 1 and 2 who call; a Master who calls or leads is not",
            "caller": "whoever called, the Master included",
        },
        said={
            "players_2_3": "The second or third player who says Play is privileged: they may lead "
            "aged cards early, but if they lose they also pay the other loser's "
            "share. A Master who calls is never privileged.",
            "caller": "Whoever says Play, the Master included, is privileged: they may lead aged "
            "cards early, but if they lose they also pay the other loser's share.",
        },
        group="calling", place=40,
    )
    master_call: Literal["word", "lead"] = option(
        "word",
        "how the Master takes up the hand",
        "000 'Calling' (\"The dealer will first call out Jor ... or Ng Jor\"); 001 'The "
        "Decision to Play' (\"the Master either makes a lawful lead or passes\"); 002 'The Tsoh "
        "- Um Tsoh Ritual'",
        values={
            "word": "the Master says call or pass, then (if anyone called) leads",
            "lead": "the Master's call is his first lead: he leads (or declares) or passes",
        },
        said={
            "word": "The Master first says Play or passes, then each player in turn; if anyone "
            "says Play, the Master leads.",
            "lead": "The Master takes up the hand by leading at once (or passes): his lead is his "
            "call.",
        },
        group="calling", place=30,
    )
    opening_lead: Literal["restricted", "free"] = option(
        "restricted",
        "whether the Master's first lead of the hand obeys the lead rule",
        "002 'Playing the Game' (\"During the opening move ... the dealer can lead play with "
        "any single card\"); 000 'Privileged player ...' (the 9 8 7 4 Sok example is a first "
        "lead); 001 'Leading to a Trick'",
        values={
            "restricted": "the opening lead obeys the lead rule like any other",
            "free": "the opening single may be any card",
        },
        said={
            "restricted": "The Master's first lead obeys the lead rule like any other.",
            "free": "The Master's first lead of the hand may be any single card.",
        },
        group="leading", place=70,
    )
    passed_master_lead: Literal["free", "no_four", "beatable"] = option(
        "free",
        "what a Master who passed may lead when another seat called",
        "001 'Leading to a Trick' (\"if the Master passed he is constrained never to lead a set "
        "of four or a sequence of four or more\") and its variant list (\"There is no actual "
        "ban\"); 002 'Card Play by the Dealer' (\"he must open the game by playing cards which "
        "are not impossible to beat\")",
        values={
            "free": "no extra limit",
            "no_four": "he may never lead a set of four or a run of four or more",
            "beatable": "his opening lead must be one that an opponent could beat",
        },
        said={
            "free": "A Master who passed may lead whatever the lead rule allows.",
            "no_four": "A Master who passed may never lead a Gok of four or a run of four cards "
            "or more.",
            "beatable": "A Master who passed must open with a lead an opponent could beat.",
        },
        group="leading", place=80,
    )
    five_tigers_claim: Literal["optional", "automatic"] = option(
        "optional",
        "how the holder of the Five Tigers (four 1s and Li Chen) wins, four players only",
        "000 'Ng Fu Ha San' (\"may opt not to claim victory immediately\"); 001 'Leading to a "
        "Trick' (\"can claim an immediate victory before the first card is led\"); 002 "
        "'Clusters of the Same Numerical Value' (\"wins by default\")",
        values={
            "optional": "after the deal the holder claims (five_tigers) or declines (pass)",
            "automatic": "the deal itself wins: the hand ends at once",
        },
        said={
            "optional": "The holder of the Five Tigers (the four 1s and Li Chen) may claim the "
            "win straight after the deal, or play on.",
            "automatic": "The Five Tigers (the four 1s and Li Chen) win the hand as soon as they "
            "are dealt.",
        },
        group="calling", place=50,
    )
    five_tigers_value: Literal["eight_tricks", "six_tricks", "sung_table"] = option(
        "eight_tricks",
        "what the Five Tigers are worth",
        "000 'Scoring' (\"he gets 8 tricks\"); 001 'Leading to a Trick' (Miss Tsoi: \"valued it "
        "at six\"; Mr Pang: \"8\"); 003 table (\"5 ung fu ha san ... 6\")",
        values={
            "eight_tricks": "paid as eight tricks at the tariff",
            "six_tricks": "paid as six tricks at the tariff",
            "sung_table": "6 points: 3 plus 3 red-card bonus (tariff sung only)",
        },
        said={
            "eight_tricks": "The Five Tigers are paid as eight tricks.",
            "six_tricks": "The Five Tigers are paid as six tricks.",
            "sung_table": "The Five Tigers pay 6: 3, plus 3 for the red cards (Sung's table).",
        },
        group="scoring", place=150,
    )
    dreamer_income: Literal["exponent", "per_match"] = option(
        "exponent",
        "what the dreamer collects from each loser when his card's number matches the "
        "winner's winning cards",
        "000 'Scoring' (\"the dreamer is always granted 5 tricks and every match ... an "
        "additional trick\"); 001 (\"he collects at 10p per match\"; variant: \"doubles the "
        "amount won for each extra winning card\"); 003 'Tsuk Mung' (1 point per match)",
        values={
            "exponent": "the dreamer counts 5 + matches tricks, paid at the tariff",
            "per_match": "one unit per matching card",
        },
        said={
            "exponent": "When the dreamer's card has the number of any of the winner's winning "
            "cards, each loser pays the dreamer as for five tricks plus one a match.",
            "per_match": "When the dreamer's card has the number of any of the winner's winning "
            "cards, each loser pays the dreamer one unit a match.",
        },
        group="scoring", place=160,
    )
    li_chen_is_ace: bool = option(
        True,
        "whether Li Chen counts as a 1 when the dreamer's card is matched",
        "000 'Scoring' (\"(Li Chen = 1)\"); 001 (\"If the dealer's card is the Extra Ace it "
        "matches any other Aces\"); 002 'Leeten' (\"not a numerical value card when it is by "
        "itself\")",
        values={"true": "Li Chen matches the 1s", "false": "Li Chen matches nothing"},
        said={
            "true": "Li Chen counts as an ace when matching 1s in the scoring: a dreamer holding "
            "a 1 matches the winner's Li Chen.",
            "false": "Li Chen has no number: it matches nothing in the dreamer's count.",
        },
        group="scoring", place=170,
    )
    red_bonus: bool = option(
        False,
        "whether the winner gets one more unit per red card among his winning cards",
        "001 'Variant: Miss Tsoi said ... an extra 10p for each card with a red overprint'; 003 "
        "table (\"score = number of cards winning + number of bonus reds\")",
        values={"true": "one unit per red card won", "false": "no red bonus"},
        said={
            "true": "The winner gets one unit more from each loser for every red-imprint card "
            "among the winning cards.",
            "false": "Red-imprint cards earn nothing extra.",
        },
        group="scoring", place=140,
    )
    declare_counts_aged: bool = option(
        True,
        "whether the aged cards left in hand count towards the six when declaring",
        "000 'Winning requirements' (\"tricks he has won so far plus the number of aged cards "
        "in his hand\"); 001 'Old Cards' 1 (\"may lay down any one or more Old Cards ... if "
        "this brings immediate victory\"); 002 'Lao Sui Pai' (\"completing his 6 or more\")",
        values={"true": "tricks + aged cards in hand", "false": "tricks only"},
        said={
            "true": "To declare, the tricks you have won plus the aged cards in your hand must "
            "make six. Example: four tricks and two aged cards in hand make six.",
            "false": "To declare, you need six tricks won; aged cards in hand do not count.",
        },
        group="winning", place=110,
    )
    cards_out: Literal["six", "leader"] = option(
        "six",
        "who wins when the last round is over and nobody declared",
        "000 'Winning requirements' (\"If all cards have been played and no one gets enough "
        "tricks, the game is drawn\"); 001 'The Objective' (\"another player takes the other six "
        "then that other player is the sole victor\"); 003 'I said Tsoh, but no-one won'",
        values={
            "six": "a seat with six tricks or more wins (of two with six, the later to reach six)",
            "leader": "only the winner of the last round (the next leader) may win; else drawn",
        },
        said={
            "six": "If nobody declares, when the cards run out a player with six tricks or more "
            "wins (of two, the later to reach six); otherwise the hand is drawn.",
            "leader": "If nobody declares, when the cards run out only the winner of the last "
            "round may win, with six tricks or more; otherwise the hand is drawn.",
        },
        group="winning", place=120,
    )
    seating: Literal["dealer_leads", "dealer_dreams"] = option(
        "dealer_leads",
        "who is Master and who dreams, from the dealer",
        "000 'Dealing' (dealer, player 2, dreamer, player 3); 001 'The Deal' (\"starts with "
        "the player opposite the dealer, who will be Master\"); 002 'Place Settings'",
        values={
            "dealer_leads": "the dealer is Master; with four the player opposite him dreams",
            "dealer_dreams": "with four the dealer holds the one card and the player opposite "
            "is Master; with three the dealer is Master",
        },
        said={
            "dealer_leads": "The dealer is the Master; with four players the player opposite the "
            "dealer dreams.",
            "dealer_dreams": "With four players the dealer dreams (holds one card) and the player "
            "opposite is the Master; with three the dealer is the Master.",
        },
        group="dealing", place=10,
    )
    rotation: Literal["hongkong", "tsoi", "pang", "sung"] = option(
        "hongkong",
        "when the deal passes to the next player",
        "001 variant list (\"The same dealer deals again only when he Tsoh and wins or "
        "draws\"); 001 'The Deal' and 'The Objective' (Mr Pang, Miss Tsoi, Dylan W.H.S.); 003 "
        "'I said Tsoh, but no-one won'; 002 'The Tsoh - Um Tsoh Ritual'",
        values={
            "hongkong": "the dealer keeps the deal only when he called and won or drew",
            "tsoi": "the dealer keeps the deal only when the Master won",
            "pang": "as tsoi, and also in a drawn hand when the Master had not passed",
            "sung": "the dealer keeps the deal after a draw or when everyone passed",
        },
        said={
            "hongkong": "The dealer deals again only after saying Play and winning or drawing; "
            "otherwise the deal passes on.",
            "tsoi": "The dealer deals again only when the Master won; otherwise the deal passes "
            "on.",
            "pang": "The dealer deals again when the Master won, or after a drawn hand in which "
            "the Master did not pass.",
            "sung": "The dealer deals again after a drawn hand or when everyone passed.",
        },
        group="dealing", place=20,
    )

    @classmethod
    def of(cls, preset: str, values: Mapping[str, Any]) -> Rules:
        """The rules of resolved ``values`` (every option by name)."""
        return cls(preset, **{name: values[name] for name in OPTION_NAMES})

    @property
    def values(self) -> Mapping[str, Any]:
        """Every option's value by its name (read-only)."""
        return MappingProxyType({name: getattr(self, name) for name in OPTION_NAMES})

    def spec(self) -> str | dict[str, Any]:
        """The rules as a record writes them: the preset name, plus the options that differ
        (worked out once per rules: every view's JSON names them)."""
        made = _SPECS.get(self)
        if made is None:
            base = TABLE.preset(self.preset)
            changed = {k: _jsonable(v) for k, v in self.values.items() if base.get(k) != v}
            made = _SPECS[self] = (self.preset if not changed
                                   else {"preset": self.preset, "options": changed})
        if isinstance(made, str):
            return made
        return {"preset": made["preset"], "options": dict(made["options"])}


OPTIONS: tuple[Option, ...] = options_of(Rules)

PRESETS: dict[str, dict[str, Any]] = {
    "hongkong": {
        "tariff": "doubling", "aged_knowledge": DEDUCED, "surrender": BREAK,
        "lead_rule": "categories", "privileged": "players_2_3", "master_call": "word",
        "opening_lead": "restricted", "passed_master_lead": "free",
        "five_tigers_claim": "optional", "five_tigers_value": "eight_tricks",
        "dreamer_income": "exponent", "li_chen_is_ace": True, "red_bonus": False,
        "declare_counts_aged": True, "cards_out": "six", "seating": "dealer_leads",
        "rotation": "hongkong",
    },
    "gloucester": {
        "tariff": "tsoi", "aged_knowledge": FACE_UP, "surrender": STRICT,
        "lead_rule": "old_cards", "privileged": "players_2_3", "master_call": "lead",
        "opening_lead": "restricted", "passed_master_lead": "no_four",
        "five_tigers_claim": "optional", "five_tigers_value": "six_tricks",
        "dreamer_income": "per_match", "li_chen_is_ace": True, "red_bonus": False,
        "declare_counts_aged": True, "cards_out": "six", "seating": "dealer_dreams",
        "rotation": "tsoi",
    },
    "sung": {
        "tariff": "sung", "aged_knowledge": FACE_UP, "surrender": STRICT,
        "lead_rule": "categories", "privileged": "caller", "master_call": "word",
        "opening_lead": "free", "passed_master_lead": "beatable",
        "five_tigers_claim": "automatic", "five_tigers_value": "sung_table",
        "dreamer_income": "per_match", "li_chen_is_ace": False, "red_bonus": True,
        "declare_counts_aged": True, "cards_out": "six", "seating": "dealer_leads",
        "rotation": "sung",
    },
}

TABLE = OptionTable("lukfu", OPTIONS, PRESETS)

#: The option names, in the order of :data:`OPTIONS` (the fields of :class:`Rules`).
OPTION_NAMES = tuple(option.name for option in OPTIONS)


#: :meth:`Rules.spec` by rules (a handful of distinct rules are ever made).
_SPECS: dict[Rules, str | dict[str, Any]] = {}


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def check_conflicts(values: Mapping[str, Any]) -> None:
    """Raise :class:`UnknownOption` if two options contradict each other."""
    if values["tariff"] == "sung" and not values["red_bonus"]:
        raise UnknownOption(
            "tariff 'sung' counts red cards (003: score = cards winning + bonus reds), "
            "so red_bonus cannot be false with it"
        )
    if values["five_tigers_value"] == "sung_table" and values["tariff"] != "sung":
        raise UnknownOption(
            "five_tigers_value 'sung_table' is a line of Sung's table and needs tariff 'sung'; "
            "use eight_tricks or six_tricks with tariff " + repr(values["tariff"])
        )


def make_rules(spec: Any = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The :class:`Rules` of a spec (preset name or ``{"preset", "options"}``) and overrides."""
    preset, values = TABLE.resolve(spec, overrides, default="hongkong")
    check_conflicts(values)
    return Rules.of(preset, values)
