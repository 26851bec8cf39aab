// Matching the selected cards against the legal actions the server sent.

/** The kinds of action, in the order their buttons are shown, with their words. */
export const MOVES = {
  lukfu: {
    five_tigers: { en: "Claim the Five Tigers" },
    call: { en: "Say Play (call)" },
    play: { en: "Play" },
    discard: { en: "Discard face down" },
    declare: { en: "Declare six" },
    pass: { en: "Pass" },
  },
  daifugo: {
    give: { en: "Give (exchange)" },
    play: { en: "Play" },
    seven_pass: { en: "Hand over (7s)", native: "7渡し" },
    discard: { en: "Discard (10s)", native: "10捨て" },
    pass: { en: "Pass", native: "パス" },
  },
};

/** Actions that never take cards. */
export const NO_CARDS = new Set(["pass", "call", "declare", "five_tigers"]);

/** A token without a joker's reading: "JK=10H" -> "JK". */
export const plain = (token) => token.split("=")[0];

function key(tokens) {
  return tokens.map(plain).sort().join(" ");
}

/** The kinds of action legal now, in button order (unknown kinds last). */
export function legalKinds(game, legal) {
  const order = Object.keys(MOVES[game] || {});
  const kinds = [...new Set(legal.map((a) => a.do))];
  const rank = (d) => (order.includes(d) ? order.indexOf(d) : order.length);
  return kinds.sort((a, b) => rank(a) - rank(b));
}

/** The legal actions of kind `kind` that the selection makes (a joker may read several ways). */
export function matches(legal, kind, selected) {
  const want = key(selected);
  return legal.filter((a) => a.do === kind && key(a.cards || []) === want);
}

/** The action to send for `kind` with `selected`, with whether the engine lists it as legal. */
export function build(legal, kind, selected, seat, reading = 0) {
  const found = matches(legal, kind, selected);
  if (found.length) return { action: found[Math.min(reading, found.length - 1)], legal: true, readings: found };
  const action = { seat, do: kind };
  if (selected.length || !NO_CARDS.has(kind)) action.cards = [...selected];
  return { action, legal: false, readings: [] };
}

/** Whether a kind of action can be made from some selection of cards. */
export function takesCards(legal, kind) {
  return legal.some((a) => a.do === kind && (a.cards || []).length > 0);
}
