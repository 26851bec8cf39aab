// The exchange of cards after a hand (the game's description's "exchange") in words: who gave how many cards to whom, who gives now, what the
// poor had taken from them and what this seat received, from the state's board alone (each
// seat's title of the last hand, the history, what the seat knows of others' hands; and the
// server's hand-overs when it sends them).
import { el } from "./api.js";
import { gamePage } from "./games.js";
import { tr } from "./i18n.js";
import { namesOf } from "./words.js";

/** The exchanges of this hand: [{rich, poor, n, done, now, asked, asking}] (seats of the
 *  hand); with `asking` (the rules' request for cards), each rich first names cards
 *  (`asked`: the ask made, `asking`: the ask still to make). */
export function exchangePairs(game, msg, legal = [], asking = false) {
  // (rich title, poor title, cards) of each exchange, in the order they are made
  const PAIRS = gamePage(game).exchange;
  const board = msg.board || { seats: [], history: [], exchange: false };
  const titles = board.seats.map((b) => b.was);
  const actions = board.history;
  const gives = actions.filter((a) => a.do === "give");
  const pairs = [];
  for (const [richTitle, poorTitle, n] of PAIRS) {
    const rich = titles.indexOf(richTitle);
    const poor = titles.indexOf(poorTitle);
    if (rich < 0 || poor < 0) continue;
    const gave = gives.find((a) => a.seat === rich);
    const asked = actions.find((a) => a.do === "ask" && a.seat === rich) || null;
    const count = gave ? (gave.cards ? gave.cards.length : gave.count) : n;
    pairs.push({
      rich, poor, n: count, done: !!gave, now: !gave && board.exchange && msg.to_move === rich,
      asked, asking: !gave && !asked && (asking || legal.some((a) => a.do === "ask")),
    });
  }
  const mine = legal.find((a) => a.do === "give" || a.do === "ask");
  const now = pairs.find((p) => p.now);
  if (now && mine && mine.do === "give") now.n = (mine.cards || []).length;
  // where the rules leave the richest out of the exchange (few players), the next gives first
  return now ? pairs.filter((p) => p.done || p === now || pairs.indexOf(p) > pairs.indexOf(now)) : pairs.filter((p) => p.done);
}

/** The cards this seat knows to be in `seat`'s hand (the board's "known"). */
function knownIn(msg, seat) {
  const pin = ((msg.board || {}).known || []).find((k) => k.seat === seat);
  return pin ? pin.cards || [] : [];
}

/** The cards `me` received in the exchange, where the server says so (hand-overs). */
export function receivedFromServer(msg, me) {
  const handovers = msg.handovers || null;
  if (!Array.isArray(handovers)) return null;
  return handovers.filter((h) => h.to === me && (h.at === -1 || (msg.board.history[h.at] || {}).do === "give"))
    .flatMap((h) => h.cards || []);
}

const one = (n, oneKey, manyKey, L, vars) => tr(n === 1 ? oneKey : manyKey, L, { ...vars, n });

/** The lines of the exchange panel: [{text, cls}] in the page's language `L`. */
export function exchangeLines(game, msg, L, label, received = []) {
  const names = namesOf(msg, L);
  const me = msg.player !== null && msg.player !== undefined ? msg.seat : null;
  const pairs = exchangePairs(game, msg, msg.legal || [], !!msg.asking);
  const lines = [];
  for (const p of pairs) {
    const rich = names[p.rich] ?? "?";
    const poor = names[p.poor] ?? "?";
    const cls = p.rich === me || p.poor === me ? "mine" : "";
    if (p.asked) {
      const named = p.asked.cards || [];
      lines.push({ text: named.length ? tr("exAsked", L, { rich, cards: named.map(label).join(" ") })
        : tr("exAskedNone", L, { rich }), cls, testid: "ex-asked" });
    }
    if (p.asking) lines.push({ text: one(p.n, "exPoorGivesAsked1", "exPoorGivesAskedN", L, { poor, rich }), cls });
    else if (p.asked) lines.push({ text: one(p.n, "exPoorGaveAsked1", "exPoorGaveAskedN", L, { poor, rich }), cls });
    else lines.push({ text: one(p.n, "exPoorGave1", "exPoorGaveN", L, { poor, rich }), cls });
    if (p.asking && p.now && p.rich === me) {
      lines.push({ text: one(p.n, "exYouAsk1", "exYouAskN", L, { poor }), cls: "now mine", testid: "ex-you-ask" });
      continue;
    }
    if (p.done) lines.push({ text: one(p.n, "exRichGave1", "exRichGaveN", L, { rich, poor }), cls });
    else if (p.now) lines.push({ text: one(p.n, "exRichGives1", "exRichGivesN", L, { rich, poor }), cls: `now ${cls}` });
    else lines.push({ text: one(p.n, "exRichWill1", "exRichWillN", L, { rich, poor }), cls });
    if (p.poor === me) {
      const taken = knownIn(msg, p.rich);
      if (taken.length) lines.push({ text: tr("exTaken", L, { rich, cards: taken.map(label).join(" ") }), cls: "mine", testid: "ex-taken" });
    }
    if (p.rich === me && p.done) {
      const given = knownIn(msg, p.poor);
      if (given.length) lines.push({ text: tr("exGaveAway", L, { who: poor, cards: given.map(label).join(" ") }), cls: "mine" });
    }
    if ((p.rich === me || (p.poor === me && p.done)) && received.length) {
      lines.push({ text: tr("exReceived", L, { who: p.rich === me ? poor : rich, cards: received.map(label).join(" ") }), cls: "mine", testid: "ex-received" });
    }
  }
  const mine = pairs.find((p) => p.now && p.rich === me && !p.asking);
  if (mine) lines.push({ text: one(mine.n, "exYouGive1", "exYouGiveN", L, { poor: names[mine.poor] ?? "?" }), cls: "now mine", testid: "ex-you-give" });
  else if (pairs.some((p) => p.now)) lines.push({ text: tr("exPlayAfter", L), cls: "" });
  return lines;
}

/** What this seat's own exchange came to, in sentences, once play has begun: the cards it
 *  received, and those the other side took or was given (empty when it had no part). */
export function exchangeSummary(game, msg, L, label, received = []) {
  const names = namesOf(msg, L);
  const me = msg.player !== null && msg.player !== undefined ? msg.seat : null;
  const pair = exchangePairs(game, msg).find((p) => p.done && (p.rich === me || p.poor === me));
  if (!pair) return [];
  const other = pair.rich === me ? pair.poor : pair.rich;
  const who = names[other] ?? "?";
  const lines = [];
  if (received.length) lines.push(tr("exReceived", L, { who, cards: received.map(label).join(" ") }));
  const known = knownIn(msg, other);
  if (known.length) {
    lines.push(pair.poor === me ? tr("exTaken", L, { rich: who, cards: known.map(label).join(" ") })
      : tr("exGaveAway", L, { who, cards: known.map(label).join(" ") }));
  }
  return lines;
}

/** The exchange panel for the middle of the table. */
export function exchangePanel(game, msg, L, label, received = []) {
  return [el("p", { class: "label", testid: "exchange-head", text: tr("exchangeHead", L) }),
    el("ul", { class: "exchange", testid: "exchange" },
      exchangeLines(game, msg, L, label, received).map((line) => el("li", { class: line.cls, testid: line.testid, text: line.text })))];
}

/**
 * What this browser remembers of the exchange of one hand, to mark the cards received:
 * the hand as it was before this seat's rich partner gave, and the cards that came since.
 */
export class ExchangeMemory {
  constructor(key) {
    this.key = key;
    this.hand = null;
    this.handNo = null;
    this.received = [];
  }

  /** Update from a state; returns the tokens to mark as received in the hand. */
  update(game, msg) {
    const board = msg.board || { seats: [], hand: [] };
    const me = msg.player !== null && msg.player !== undefined ? msg.seat : null;
    if (me === null || !board.seats.some((b) => b.was)) return [];
    const fromServer = receivedFromServer(msg, me);
    if (fromServer) return fromServer.filter((t) => board.hand.includes(t));
    if (this.handNo !== msg.hand) this.load(msg.hand);
    const hand = board.hand;
    const pair = exchangePairs(game, msg).find((p) => p.poor === me);
    if (pair && !pair.done) this.hand = [...hand];
    else if (pair && pair.done && this.hand && !this.received.length) {
      this.received = hand.filter((t) => !this.hand.includes(t));
      this.save();
    }
    return this.received.filter((t) => hand.includes(t));
  }

  load(handNo) {
    this.handNo = handNo;
    this.hand = null;
    this.received = [];
    try {
      const saved = JSON.parse(sessionStorage.getItem(this.key) || "null");
      if (saved && saved.hand === handNo) this.received = saved.received || [];
    } catch {
      this.received = [];
    }
  }

  save() {
    try {
      sessionStorage.setItem(this.key, JSON.stringify({ hand: this.handNo, received: this.received }));
    } catch {
      // nothing kept: the marks last while the page is open
    }
  }
}
