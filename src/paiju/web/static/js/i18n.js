// The page's language: English, Traditional Chinese or Japanese, chosen by the player and
// remembered by the browser. The page's own words are in phrases.js; the engine's sentences
// come from the server, as {en, native} pairs (native: the game's own language) or, where
// the server gives them, one text a language.
import { gamePage } from "./games.js";
import { WORDS } from "./phrases.js";

/** The languages a player may choose, with their names in themselves. */
export const LANGUAGES = [["en", "English"], ["zh", "中文"], ["ja", "日本語"]];

/** The value of the html element's lang attribute for a page language. */
export const HTML_LANG = { en: "en", zh: "zh-Hant", ja: "ja" };

const KEY = "paiju.lang";

/** The language the browser asks for, when it is one of the page's (else English). */
export function browserLang(wanted = navigator.languages || [navigator.language]) {
  for (const tag of wanted) {
    const t = String(tag || "").toLowerCase();
    if (t.startsWith("zh")) return "zh";
    if (t.startsWith("ja")) return "ja";
    if (t.startsWith("en")) return "en";
  }
  return "en";
}

/** The language chosen at this browser: the one saved, else the browser's. */
export function chosenLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    saved = null;
  }
  return LANGUAGES.some(([code]) => code === saved) ? saved : browserLang();
}

/** Remember the player's choice of language. */
export function saveLang(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // a browser that keeps nothing still shows the choice until the page is left
  }
  try { // and for the pages the server writes (How to play): the same choice
    document.cookie = `paiju_lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // a browser that keeps nothing still shows the choice until the page is left
  }
}

/** Make `select` the language menu (English, 中文, 日本語) set to `lang`: a choice is
 *  remembered for every page of paiju, then handed to `onChange(code)`. */
export function languageMenu(select, lang, onChange) {
  if (!select.options.length) select.append(...LANGUAGES.map(([code, name]) => new Option(name, code)));
  select.value = lang;
  select.addEventListener("change", () => {
    saveLang(select.value);
    onChange(select.value);
  });
}

/** Whether the server's "native" texts are the ones to show: the page is in the game's own
 *  language (its description's native_lang). */
export function isNative(game, lang) {
  return !!game && gamePage(game).native_lang === lang;
}

/** The page's word `key` in `lang`, with `{name}` places filled from `vars`. */
export function tr(key, lang, vars = {}) {
  const entry = WORDS[key];
  if (!entry) return key;
  const text = entry[lang] ?? entry.en;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** Whether the catalogue has `key`. */
export const hasWord = (key) => Object.prototype.hasOwnProperty.call(WORDS, key);

/** The phrase key's suffix of an action's kind in `game` (a kind may have words of its own). */
const wordsOf = (game, kind) => gamePage(game).move_words[kind] || kind;

/** The words of a move's button. */
export function moveWord(game, kind, lang) {
  const key = `move.${wordsOf(game, kind)}`;
  return hasWord(key) ? tr(key, lang) : kind;
}

/** Fill every element marked data-i18n="key" (its text) or data-i18n-label (its
 *  aria-label and title) with its word in `lang`. */
export function translatePage(root, lang) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = tr(node.dataset.i18n, lang);
  for (const node of root.querySelectorAll("[data-i18n-label]")) {
    const word = tr(node.dataset.i18nLabel, lang);
    node.setAttribute("aria-label", word);
    node.title = word;
  }
  root.documentElement.lang = HTML_LANG[lang] || "en";
}

/** One action of a record in words (`cards` already written, or counted). */
export function actionWords(game, kind, who, cards, lang) {
  const key = `rp.${wordsOf(game, kind)}`;
  return hasWord(key) ? tr(key, lang, { who, cards }) : tr("rp.other", lang, { who, what: kind });
}

/** "1 card" / "3 cards" and the like: the key `one` for 1, `many` (with {n}) otherwise. */
export function count(n, one, many, lang) {
  return n === 1 ? tr(one, lang) : tr(many, lang, { n });
}

/** An English ordinal (1st, 2nd...), for the English templates that want one. */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const s = teen ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${s}`;
}
