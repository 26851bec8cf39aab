// The games as the server describes them for the page (GET /api/games, each game's
// "page": paiju.core.page.PageDescription). The page knows no game by name: every
// game-specific part of the table is drawn from its description.
import { getJSON } from "./api.js";

/** What the page assumes of a game the server has not described (yet). */
const BLANK = {
  title: "", native_lang: "en", moves: [], move_words: {}, card_shape: "short", deck: {},
  learn_players: null, player_notes: {}, hand_order: "dealt", red_word: null,
  seats: "titles", roles: [], card_seat: null, card_key: "", card_caption: "", hand_caption: "",
  trick: "table", round_size: 0, result: "places", titles: {}, exchange: [],
  bare: ["pass"], face_down: [], ask_option: "", ranking: [],
};

const known = {};

/** Remember the server's games (the list GET /api/games sends). */
export function learnGames(games) {
  for (const g of games || []) if (g && g.page) known[g.name] = { ...BLANK, ...g.page, title_text: g.title_text || {} };
}

/** Ask the server for its games once; the list (empty if it cannot be had). */
export async function loadGames() {
  try {
    const games = (await getJSON("/api/games")).games || [];
    learnGames(games);
    return games;
  } catch {
    return [];
  }
}

/** The description of `game` (a name), or a blank one. */
export function gamePage(game) {
  return known[game] || BLANK;
}

/** The face of a card token (a joker's reading "JK=10H" is the joker's face), or null. */
export function faceOf(game, token) {
  const deck = gamePage(game).deck;
  return deck[token] || deck[token.split("=")[0]] || deck[token.split("=")[0].toUpperCase()] || null;
}
