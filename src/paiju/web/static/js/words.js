// The server's texts in the page's language, card labels for the step-through, markup.

export const GAME_TITLES = { lukfu: "Luk Fu 六虎", daifugo: "Dai Fugō 大富豪" };

const LF_DIGITS = "一二三四五六七八九";
const LF_SUITS = { Sip: "拾", Gon: "貫", Sok: "索", Chen: "綫" };
const DF_SYMBOLS = { S: "♠", H: "♡", D: "♢", C: "♣" };

/** A card's label when the server's map does not hold it (the step-through of a record). */
export function cardLabel(game, token, native) {
  if (game === "lukfu") {
    if (!native) return token;
    if (token === "LiChen") return "麗綫";
    const m = /^(\d)(Sip|Gon|Sok|Chen)$/.exec(token);
    return m ? LF_DIGITS[Number(m[1]) - 1] + LF_SUITS[m[2]] : token;
  }
  const [plainToken, stands] = token.split("=");
  if (plainToken === "JK") return stands ? `JK(${cardLabel(game, stands, native)})` : "JK";
  const rank = plainToken.slice(0, -1);
  const suit = DF_SYMBOLS[plainToken.slice(-1)] || plainToken.slice(-1);
  return native ? suit + rank : rank + suit;
}

/** The server's {token: {en, native, red, aged}} entry for a card it did not list. */
export function cardInfo(game, token) {
  const red = game === "lukfu"
    ? /^(9(Sip|Gon|Sok|Chen)|1Sip|1Chen|LiChen|8Sip)$/.test(token)
    : /^[^=]+[HD]$/.test(token.split("=")[0]);
  return { en: cardLabel(game, token, false), native: cardLabel(game, token, true), red, aged: false };
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
