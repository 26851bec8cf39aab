// Stepping through a finished hand from its record: the public actions, and the seat's own
// hand at each step. Other seats' hands and face-down cards are never drawn.
import { el } from "./api.js";
import { cardRow, strength } from "./cards.js";
import { gamePage } from "./games.js";
import { roundOf } from "./render.js";
import { actionWords, tr } from "./i18n.js";
import { cardInfo, cardLabel } from "./words.js";

/** The action of `game` as every seat may see it: others' face-down cards (the kinds its
 *  description's "face_down" names) only counted. */
export function publicAction(game, action, seat) {
  if (gamePage(game).face_down.includes(action.do) && action.seat !== seat) {
    const { cards, ...rest } = action;
    return { ...rest, count: cards ? cards.length : action.count || 0 };
  }
  return action;
}

function labels(game, tokens, native) {
  return tokens.map((t) => cardLabel(game, t, native)).join(" ");
}

/** One action in words, as `seat` saw it, in the page's language `lang`. */
export function describe(game, action, names, native, seat, lang = "en") {
  const a = publicAction(game, action, seat);
  const who = names[a.seat] ?? tr("playerN", lang, { n: a.seat + 1 });
  const shown = a.cards ? labels(game, a.cards, native)
    : a.count === 1 ? tr("card", lang) : tr("cards", lang, { n: a.count });
  return actionWords(game, a.do, who, shown, lang);
}

const plain = (t) => t.split("=")[0];

/** The seat's own hand after `step` actions, from the record the seat received alone: its
 *  deal, less the cards of its own moves, with the face-down hand-overs it took part in
 *  (the gifts and 7-passes it received, the poorest's gift at the deal, the cards a fallen
 *  richest drops), each at its place in the hand; a seat that holds one card (the game's
 *  card_seat), that card alone. */
export function handAt(record, seat, step) {
  if (seat === null || seat === undefined) return [];
  const deal = record.deal || {};
  const desc = gamePage(record.game);
  if (seat === desc.card_seat) return deal[desc.card_key] ? [deal[desc.card_key]] : [];
  const hand = [...((deal.hands && deal.hands[seat]) || [])];
  const actions = record.actions || [];
  const handovers = record.handovers || [];
  const handOver = (at) => {
    for (const h of handovers) {
      if (h.at !== at) continue;
      if (h.to === seat) hand.push(...h.cards.map(plain));
      else if (h.from === seat && !(at >= 0 && actions[at].seat === seat)) remove(hand, h.cards);
    }
  };
  handOver(-1);
  for (let i = 0; i < Math.min(step, actions.length); i += 1) {
    const a = actions[i];
    if (a.seat === seat && a.cards) remove(hand, a.cards);
    handOver(i);
  }
  return hand;
}

function remove(hand, cards) {
  for (const t of cards) {
    const i = hand.indexOf(plain(t));
    if (i >= 0) hand.splice(i, 1);
  }
}

/** The cards map for tokens of a record (the server's map does not list them all). */
function infoFor(game, tokens) {
  const out = {};
  for (const t of tokens) out[t] = cardInfo(game, t);
  return out;
}

/** A step-through controller bound to the dialog's elements. */
export class Replay {
  constructor(root) {
    this.root = root;
    this.step = 0;
    this.record = null;
    for (const [id, move] of [["replay-first", () => 0], ["replay-prev", (s) => s - 1],
      ["replay-next", (s) => s + 1], ["replay-last", () => Infinity]]) {
      root.querySelector(`#${id}`).addEventListener("click", () => this.go(move(this.step)));
    }
  }

  /** Show `record` as seen from `seat` (null for a spectator) with the seats' `names`. */
  open(record, seat, names, native, lang = "en") {
    this.record = record;
    this.seat = seat;
    this.names = names;
    this.native = native;
    this.lang = lang;
    this.root.hidden = false;
    this.go(0);
  }

  /** Write the step shown again in another language. */
  setLanguage(native, lang) {
    this.native = native;
    this.lang = lang;
    this.go(this.step);
  }

  go(step) {
    if (!this.record) return;
    const game = this.record.game;
    const actions = this.record.actions || [];
    this.step = Math.max(0, Math.min(actions.length, step));
    const s = this.step;
    const q = (id) => this.root.querySelector(`#${id}`);
    q("replay-pos").textContent = `${s} / ${actions.length}`;
    q("replay-line").textContent = s === 0 ? tr("theDeal", this.lang) : describe(game, actions[s - 1], this.names, this.native, this.seat, this.lang);
    const seen = actions.slice(0, s).map((a) => publicAction(game, a, this.seat));
    q("replay-table").replaceChildren(...this.tableAt(game, seen));
    const hand = handAt(this.record, this.seat, s);
    if (gamePage(game).hand_order === "strength") hand.sort((a, b) => strength(game, a, false) - strength(game, b, false));
    q("replay-hand").replaceChildren(hand.length ? cardRow(game, hand, infoFor(game, hand), this.native) : "");
  }

  tableAt(game, seen) {
    let items;
    const desc = gamePage(game);
    if (desc.trick === "rounds") {
      items = roundOf(seen, desc.round_size).items;
    } else {
      const plays = seen.filter((a) => a.do === "play" || a.do === "pass");
      items = plays.slice(-4);
    }
    return [el("div", { class: "plays" }, items.map((a) => {
      const who = this.names[a.seat] ?? tr("playerN", this.lang, { n: a.seat + 1 });
      if (a.cards && a.cards.length) {
        return el("div", { class: "play-item" }, el("span", { class: "by", text: who }),
          cardRow(game, a.cards, infoFor(game, a.cards), this.native));
      }
      const what = a.do === "pass" ? tr("pass", this.lang) : tr("faceDown", this.lang, { n: a.count ?? 0 });
      return el("div", { class: "play-item" }, el("span", { class: "by", text: who }),
        el("span", { class: "face-down", text: what }));
    }))];
  }
}
