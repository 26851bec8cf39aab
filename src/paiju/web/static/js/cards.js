// Drawing cards. Labels come from the server's "cards" map ({token: {en, native, red, aged}}),
// so the names are the presenters'; the faces are drawn here.
import { el } from "./api.js";
import { tr } from "./i18n.js";

const DF_SUITS = { S: "♠", H: "♡", D: "♢", C: "♣" };
const DF_RED = new Set(["H", "D"]);
const DF_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];

/** A Dai Fugō token split: {rank, suit} or {joker: true, stands: token or null}. */
export function parseDaifugo(token) {
  const [plain, stands] = token.split("=");
  if (plain.toUpperCase() === "JK") return { joker: true, stands: stands || null };
  return { rank: plain.slice(0, -1).toUpperCase(), suit: plain.slice(-1).toUpperCase() };
}

/** The strength of a Dai Fugō card in the ranking in force (weakest first). */
export function daifugoStrength(token, reversed) {
  const card = parseDaifugo(token);
  if (card.joker) return 99;
  const rank = DF_RANKS.indexOf(card.rank);
  const suit = "SHDC".indexOf(card.suit);
  return (reversed ? 12 - rank : rank) * 4 + suit;
}

/** The label of a token in the naming in force, from the server's map when it has it. */
export function label(cards, token, native) {
  const info = cards && cards[token];
  if (info) return (native ? info.native : info.en) || token;
  return token;
}

function lukfuFace(token, info) {
  const zh = [...((info && info.native) || token)];
  return [el("span", { class: "zh" }, zh.map((ch) => el("span", { text: ch }))),
    el("span", { class: "en", text: token.replace(/^(\d)/, "$1 ") })];
}

function daifugoFace(token) {
  const card = parseDaifugo(token);
  if (card.joker) {
    const parts = [el("span", { class: "rank", text: "JK" }), el("span", { class: "suit", text: "★" })];
    if (card.stands) {
      const inner = parseDaifugo(card.stands);
      parts.push(el("span", { class: "stands", text: `=${inner.rank}${DF_SUITS[inner.suit] || ""}` }));
    }
    return parts;
  }
  return [el("span", { class: "rank", text: card.rank }),
    el("span", { class: "suit", text: DF_SUITS[card.suit] || card.suit })];
}

/**
 * One card. `opts`: {button: selectable, index, native, selected, lang}.
 * Marks: class red (red imprint / red suit), joker, aged (Luk Fu, as the state's map says).
 */
export function cardElement(game, token, cards, opts = {}) {
  const info = (cards && cards[token]) || null;
  const classes = ["card", game];
  let red = !!(info && info.red);
  if (game === "daifugo") {
    const card = parseDaifugo(token);
    red = !card.joker && DF_RED.has(card.suit);
    if (card.joker) classes.push("joker");
  }
  if (red) classes.push("red");
  const aged = game === "lukfu" && !!(info && info.aged);
  if (aged) classes.push("aged");
  if (opts.selected) classes.push("selected");
  const name = label(cards, token, !!opts.native);
  const L = opts.lang || "en";
  const words = [info ? info.en : token, info && info.native && info.native !== info.en ? info.native : null,
    red && game === "lukfu" ? tr("redImprint", L) : null, aged ? tr("aged", L) : null].filter(Boolean).join(", ");
  const attrs = {
    class: classes.join(" "),
    testid: "card",
    title: words,
    "aria-label": words,
    dataset: { token, label: name, red: red ? "1" : "0", aged: aged ? "1" : "0" },
  };
  const face = game === "lukfu" ? lukfuFace(token, info) : daifugoFace(token);
  if (aged) face.push(el("span", { class: "aged-mark", text: "°", "aria-hidden": "true" }));
  if (opts.button) {
    attrs.type = "button";
    attrs.dataset.index = String(opts.index);
    attrs["aria-pressed"] = opts.selected ? "true" : "false";
    return el("button", attrs, face);
  }
  return el("span", attrs, face);
}

/** A row of cards (not selectable). */
export function cardRow(game, tokens, cards, native) {
  return el("span", { class: "cards" }, tokens.map((t) => cardElement(game, t, cards, { native })));
}
