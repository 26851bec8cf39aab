// Matching the selected cards against the legal actions the server sent.
import { gamePage } from "./games.js";

/** Whether an action of `kind` never takes cards in `game` (its description's "bare"). */
export const bare = (game, kind) => gamePage(game).bare.includes(kind);

/** A token without a joker's reading: "JK=10H" -> "JK". */
export const plain = (token) => token.split("=")[0];

function key(tokens) {
  return tokens.map(plain).sort().join(" ");
}

/** The kinds of action legal now, in the game's button order (unknown kinds last; their
 *  words: i18n.moveWord). */
export function legalKinds(game, legal) {
  const order = gamePage(game).moves;
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
export function build(game, legal, kind, selected, seat, reading = 0) {
  const found = matches(legal, kind, selected);
  if (found.length) return { action: found[Math.min(reading, found.length - 1)], legal: true, readings: found };
  const action = { seat, do: kind };
  if (selected.length || !bare(game, kind)) action.cards = [...selected];
  return { action, legal: false, readings: [] };
}

/** The cards the legal actions of `kind` name (a request for cards names cards the seat
 *  does not hold), each as often as one action names it (two jokers, or both copies of a
 *  card with two packs), in the order first listed. */
export function namedCards(legal, kind) {
  const most = new Map();
  for (const a of legal) {
    if (a.do !== kind) continue;
    const here = new Map();
    for (const t of a.cards || []) here.set(t, (here.get(t) || 0) + 1);
    for (const [t, n] of here) most.set(t, Math.max(most.get(t) || 0, n));
  }
  const out = [];
  for (const [t, n] of most) for (let i = 0; i < n; i++) out.push(t);
  return out;
}

/** Whether a kind of action can be made from some selection of cards. */
export function takesCards(legal, kind) {
  return legal.some((a) => a.do === kind && (a.cards || []).length > 0);
}
