// Words the page writes itself: seat roles, titles, card labels for the step-through, markup.

export const LUKFU_ROLES = { en: ["Master", "second", "third", "dreamer"], native: ["莊家", "二家", "三家", "發夢"] };
export const DAIFUGO_TITLES = {
  en: { daifugo: "Dai Fugō", fugo: "Fugō", heimin: "Heimin", hinmin: "Hinmin", daihinmin: "Dai Hinmin" },
  native: { daifugo: "大富豪", fugo: "富豪", heimin: "平民", hinmin: "貧民", daihinmin: "大貧民" },
};
export const GAME_TITLES = { lukfu: "Luk Fu 六虎", daifugo: "Dai Fugō 大富豪" };
export const NATIVE_NAME = { lukfu: "中文", daifugo: "日本語" };

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

/** The text of an {en, native} pair or a plain string, in the naming in force. */
export function pick(item, native) {
  if (item === null || item === undefined) return "";
  if (typeof item === "string") return item;
  return (native ? item.native : item.en) ?? item.en ?? "";
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

export function ordinal(n) {
  const s = n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th";
  return `${n}${s}`;
}
