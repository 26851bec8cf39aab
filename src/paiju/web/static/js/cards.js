// Drawing cards. Labels come from the server's "cards" map ({token: {en, native, red, aged}}),
// so the names are the presenters'; the faces from the game's deck (games.js).
import { el } from "./api.js";
import { faceOf, gamePage } from "./games.js";
import { tr } from "./i18n.js";

/** The place of a card in the hand, weakest first (`turned`: the ranking turned round). */
export function strength(game, token, turned) {
  const face = faceOf(game, token);
  if (!face) return Infinity;
  return turned ? face.turned : face.order;
}

/** The label of a token in the naming in force, from the server's map when it has it. */
export function label(cards, token, native) {
  const info = cards && cards[token];
  if (info) return (native ? info.native : info.en) || token;
  return token;
}

/** A card's face from its description: its parts (a "stack" written one character under
 *  another), and for a joker's reading "JK=10H" the card it stands for. */
function drawFace(game, token) {
  const face = faceOf(game, token);
  if (!face) return [el("span", { class: "name", text: token })];
  const parts = face.parts.map(([part, text]) => (part === "stack"
    ? el("span", { class: part }, [...text].map((ch) => el("span", { text: ch })))
    : el("span", { class: part, text })));
  const stands = token.split("=")[1];
  const inner = stands ? faceOf(game, stands) : null;
  if (inner && inner.inner) parts.push(el("span", { class: "stands", text: inner.inner }));
  return parts;
}

/**
 * One card. `opts`: {button: selectable, index, native, selected, lang}.
 * Marks: class red (as the game's deck says), its own style (joker), aged (as the state's map says).
 */
export function cardElement(game, token, cards, opts = {}) {
  const info = (cards && cards[token]) || null;
  const desc = gamePage(game);
  const face = faceOf(game, token);
  const classes = ["card", desc.card_shape];
  const red = face ? !!face.red : !!(info && info.red);
  if (face && face.style) classes.push(face.style);
  if (red) classes.push("red");
  const aged = !!(info && info.aged);
  if (aged) classes.push("aged");
  if (opts.selected) classes.push("selected");
  const name = label(cards, token, !!opts.native);
  const L = opts.lang || "en";
  const words = [info ? info.en : token, info && info.native && info.native !== info.en ? info.native : null,
    red && desc.red_word ? tr(desc.red_word, L) : null, aged ? tr("aged", L) : null].filter(Boolean).join(", ");
  const attrs = {
    class: classes.join(" "),
    testid: "card",
    title: words,
    "aria-label": words,
    dataset: { token, label: name, red: red ? "1" : "0", aged: aged ? "1" : "0" },
  };
  const parts = drawFace(game, token);
  if (aged) parts.push(el("span", { class: "aged-mark", text: "°", "aria-hidden": "true" }));
  if (opts.button) {
    attrs.type = "button";
    attrs.dataset.index = String(opts.index);
    attrs["aria-pressed"] = opts.selected ? "true" : "false";
    return el("button", attrs, parts);
  }
  return el("span", attrs, parts);
}

/** A row of cards (not selectable). */
export function cardRow(game, tokens, cards, native) {
  return el("span", { class: "cards" }, tokens.map((t) => cardElement(game, t, cards, { native })));
}
