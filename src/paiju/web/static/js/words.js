// The server's texts in the page's language, card labels for the step-through, markup.
import { faceOf, gamePage } from "./games.js";

/** The game's name at the head of the page ("" while the server has not described it): in
 *  Chinese or Japanese as the language writes it (六虎, 大富豪), with no romanised name. */
export function gameTitle(game, lang = "en") {
  const own = lang !== "en" && gamePage(game).title_text && gamePage(game).title_text[SERVER_LANG[lang] || lang];
  return own || gamePage(game).title;
}

/** A card's label when the server's map does not hold it (the step-through of a record),
 *  from the game's deck; a joker's reading "JK=10H" as "JK(10♡)". */
export function cardLabel(game, token, native) {
  const [plainToken, stands] = token.split("=");
  const face = faceOf(game, plainToken);
  const name = face ? (native ? face.native : face.en) : plainToken;
  return stands ? `${name}(${cardLabel(game, stands, native)})` : name;
}

/** The server's {token: {en, native, red, aged}} entry for a card it did not list. */
export function cardInfo(game, token) {
  const face = faceOf(game, token);
  return { en: cardLabel(game, token, false), native: cardLabel(game, token, true), red: !!(face && face.red), aged: false };
}

/** The server's code of each page language (its catalogues' locale names). */
export const SERVER_LANG = { en: "en", zh: "zh_Hant", ja: "ja" };

/** The text of a server's item in the page's language: a plain string as it is; an object
 *  by its language's field when it has one, else its {en, native} pair (native when `native`). */
export function pick(item, native, lang = null) {
  if (item === null || item === undefined) return "";
  if (typeof item === "string") return item;
  const own = lang ? item[SERVER_LANG[lang] || lang] : undefined;
  if (typeof own === "string") return own;
  return (native ? item.native : item.en) ?? item.en ?? "";
}

/** A message's field `base` in the page's language: from `base_text` (by language) when the
 *  server sends it, else `base_native` (the game's language) or `base` (a string or a pair). */
export function said(msg, base, native, lang) {
  if (!msg) return null;
  const text = msg[`${base}_text`];
  const code = SERVER_LANG[lang] || lang;
  if (text && typeof text === "object" && !Array.isArray(text) && text[code] !== undefined) return text[code];
  if (native && msg[`${base}_native`] !== undefined && msg[`${base}_native`] !== null) return msg[`${base}_native`];
  return msg[base];
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** Rich markup as the terminal writes it ([b]…[/]) turned into safe HTML. */
export function markup(text) {
  let out = escapeHtml(text || "");
  let open = 0;
  out = out.replace(/\[(\/?)(b|bold|i|red|u)?\]/g, (_, close, tag) => {
    if (close) {
      if (!open) return "";
      open -= 1;
      return "</span>";
    }
    open += 1;
    return `<span class="m-${tag || "b"}">`;
  });
  return out + "</span>".repeat(open);
}

/** The address of `game`'s How to play in the page's language. */
export const learnHref = (game, lang) => `/learn/${encodeURIComponent(game)}?lang=${SERVER_LANG[lang] || "en"}`;

/** A message's seat names in the page's language (a computer's name is said in every
 *  language, `names_text`; a person's is their own): `names` when the server sends no other. */
export function namesOf(msg, lang) {
  if (!msg) return [];
  const by = msg.names_text;
  const own = by && by[SERVER_LANG[lang] || lang];
  return Array.isArray(own) ? own : msg.names || [];
}

/** A seat's name (a `seats` entry) in the page's language. */
export function seatName(seat, lang) {
  if (!seat) return "";
  const own = seat.name_text && seat.name_text[SERVER_LANG[lang] || lang];
  return typeof own === "string" ? own : seat.name || "";
}
