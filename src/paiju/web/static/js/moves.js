// Matching the selected cards against the legal actions the server sent.

/** The kinds of action, in the order their buttons are shown (their words: i18n.moveWord). */
export const MOVES = {
  lukfu: ["five_tigers", "call", "play", "discard", "declare", "pass"],
  daifugo: ["ask", "give", "play", "seven_pass", "discard", "pass"],
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
  const order = MOVES[game] || [];
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

/** The cards some legal action of `kind` names that are not in `hand` (a request for cards
 *  names cards the seat does not hold), once each, in the order first listed. */
export function namedCards(legal, kind, hand) {
  const held = new Set(hand.map(plain));
  const out = [];
  for (const a of legal) {
    if (a.do !== kind) continue;
    for (const t of a.cards || []) if (!held.has(plain(t)) && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Whether a kind of action can be made from some selection of cards. */
export function takesCards(legal, kind) {
  return legal.some((a) => a.do === kind && (a.cards || []).length > 0);
}
