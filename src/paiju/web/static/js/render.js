// Drawing the table from one state message: the seats around the felt, the status, what must
// be beaten (or the exchange), your seat and hand, the log. `L` is the page's language and
// `native` whether the server's texts and card names are the game's own.
import { el } from "./api.js";
import { cardElement, cardRow, label, strength } from "./cards.js";
import { exchangePanel } from "./exchange.js";
import { gamePage } from "./games.js";
import { actionWords, count, ordinal, tr } from "./i18n.js";
import { namedCards } from "./moves.js";
import { markup, namesOf, pick, said, seatName } from "./words.js";

// Every layout reads the state message's `board` (the game's own view is never read): its
// contract is paiju/core/page.py's Board, which each game's description fills.

/** Whether the ranking is turned round now (a revolution, a Jack back ...). */
export function reversedOrder(game, board) {
  return !!(board && board.turned);
}

/** The hand as shown: in the view's order, or weakest first in the ranking in force, as the
 *  game's description says. */
export function shownHand(game, board, legal = []) {
  const hand = (board && board.hand) || [];
  if (gamePage(game).hand_order !== "strength") return [...hand];
  const rev = reversedOrder(game, board);
  // a request for cards: the cards that may be named, which the seat does not hold
  const shown = legal.some((a) => a.do === "ask") ? namedCards(legal, "ask") : [...hand];
  return shown.sort((a, b) => strength(game, a, rev) - strength(game, b, rev));
}

const seated = (msg) => msg.player !== null && msg.player !== undefined;

/** The number a seat's player goes by at this table (from 1, as the computers' names). */
export function playerNumber(msg, s) {
  const players = msg.players || [];
  return (players[s] ?? s) + 1;
}

/** The count under a seat's name from its badge: its one card, its cards and tricks, or its cards. */
function badgeCount(b, L) {
  if (b.one_card) return tr("card", L);
  if (b.cards === null || b.cards === undefined) return "";
  if (b.tricks === null || b.tricks === undefined) return count(b.cards, "card", "cards", L);
  return tr("cardsAndTricks", L, { cards: count(b.cards, "card", "cards", L), tricks: count(b.tricks, "trick", "tricks", L) });
}

/** The parts of seat `s` from its badge: its role (as the game tells seats apart: the role
 *  the seat plays, or the title it carried from the last hand), its count and its flags. */
function gameParts(game, board, s, L) {
  const desc = gamePage(game);
  const b = ((board && board.seats) || [])[s] || { cards: 0, tricks: null, one_card: false, out: null, was: null, marks: [] };
  const flags = (b.marks || []).map((m) => tr(m, L));
  if (b.out) flags.push(tr("outPlace", L, { n: b.out, ord: ordinal(b.out) }));
  let role = "";
  if (desc.seats === "roles") role = desc.roles[s] ? tr(desc.roles[s], L) : "";
  else if (b.was && desc.titles[b.was]) role = tr("wasTitle", L, { title: tr(desc.titles[b.was], L) });
  return { role, count: badgeCount(b, L), flags };
}

/** Seat `s`'s part in this hand in the page's words: its role, or its title of the last
 *  hand ("" when it has none). */
export function seatRole(game, msg, s, L) {
  return gameParts(game, msg.board, s, L).role;
}

/** The parts of seat `s` in words: {who, role, count, flags, away, total}. */
function seatParts(game, msg, s, L) {
  const names = namesOf(msg, L);
  const player = (msg.players || [])[s] ?? s;
  const parts = gameParts(game, msg.board, s, L);
  const info = (msg.seats || [])[player] || {};
  const mine = msg.seat === s && seated(msg);
  const away = info.kind === "human" && (info.away || info.connected === false);
  const name = names[s] ?? tr("playerN", L, { n: player + 1 });
  const role = info.kind === "bot" ? (parts.role ? tr("roleComputer", L, { role: parts.role }) : tr("computer", L)) : parts.role;
  const total = msg.totals ? msg.totals[player] : null;
  return {
    who: mine ? tr("nameYou", L, { name }) : name, role, count: parts.count, flags: parts.flags,
    away: away ? tr(info.away ? "awayPlays" : "offline", L) : "", mine, player,
    total: total !== null && total !== undefined ? tr("total", L, { n: total }) : "",
  };
}

function seatBody(parts, toMove) {
  return [el("div", { class: "who" }, toMove ? "▶ " : "", parts.who),
    parts.role ? el("div", { class: "role", text: parts.role }) : null,
    el("div", { class: "count", text: parts.count }),
    parts.flags.length ? el("div", { class: "flags", text: parts.flags.join(" · ") }) : null,
    parts.away ? el("div", { class: "off", text: parts.away }) : null,
    parts.total ? el("div", { class: "total", testid: "seat-total", text: parts.total }) : null];
}

/** The seats in table order from the one after `me` (the seat at the bottom) round. */
export function seatOrder(n, me) {
  const start = me === null || me === undefined ? 0 : me + 1;
  const out = [];
  for (let i = 0; i < n; i += 1) out.push((start + i) % n);
  return me === null || me === undefined ? out : out.filter((s) => s !== me);
}

/** The other seats across the top of the felt (the next to play on the left), and yours in the dock. */
export function renderSeats(box, mineBox, game, msg, L) {
  const names = namesOf(msg, L);
  const me = seated(msg) ? msg.seat : null;
  const order = seatOrder(names.length, me);
  box.replaceChildren(...order.map((s, i) => {
    const parts = seatParts(game, msg, s, L);
    // the next to play sits on your left, the last on your right, the others across
    const pos = order.length >= 2 && i === 0 ? " pos-left" : order.length >= 2 && i === order.length - 1 ? " pos-right" : " pos-top";
    const side = order.length >= 3 && pos !== " pos-top";
    return el("li", {
      class: `seat${msg.to_move === s ? " to-move" : ""}${side ? " side" : ""}${pos}`,
      testid: `seat-${s}`,
      dataset: { seat: String(s), player: String(parts.player), toMove: msg.to_move === s ? "1" : "0" },
    }, seatBody(parts, msg.to_move === s));
  }));
  box.parentElement.classList.toggle("many", order.length >= 4);
  if (me === null) {
    mineBox.replaceChildren();
    return;
  }
  const parts = seatParts(game, msg, me, L);
  mineBox.className = `mine seat me${msg.to_move === me ? " to-move" : ""}`;
  mineBox.dataset.seat = String(me);
  mineBox.dataset.toMove = msg.to_move === me ? "1" : "0";
  mineBox.replaceChildren(...seatBody(parts, msg.to_move === me).filter(Boolean).map((node) => {
    const span = el("span", { class: node.className, testid: node.dataset.testid });
    span.append(...node.childNodes);
    return span;
  }));
}

export function renderStatus(box, msg, native, L) {
  const mine = msg.to_move !== null && msg.to_move !== undefined && msg.to_move === msg.seat && seated(msg);
  box.innerHTML = markup(pick(said(msg, "status", native, L), native, L) || "");
  box.classList.toggle("my-turn", mine);
  box.dataset.myTurn = mine ? "1" : "0";
}

function playItem(game, who, tokens, cards, native, text) {
  return el("div", { class: "play-item", testid: "trick-play" },
    el("span", { class: "by", text: who }),
    tokens && tokens.length ? cardRow(game, tokens, cards, native) : el("span", { class: "face-down", text }));
}

/** The round in progress (or the last one, once won) of a game played in rounds of `size`
 *  plays, from a hand's history (the replay's; a state's felt comes made in its board). */
export function roundOf(history, size) {
  const moves = history.filter((a) => a.do === "play" || a.do === "discard");
  const n = moves.length;
  if (!n || !size) return { done: false, items: [] };
  const open = n % size;
  return open ? { done: false, items: moves.slice(n - open) } : { done: true, items: moves.slice(n - size) };
}

/** The line above a round's plays, from the felt's head: the phrase with its values, the
 *  seat it names by name. */
function roundHead(head, names, L) {
  if (!head) return "";
  return tr(head.say, L, { ...head, name: head.seat !== undefined ? names[head.seat] ?? "?" : undefined });
}

/** The felt of a game played in rounds: the plays of the round, under the line the game says. */
function roundTrick(box, game, msg, native, L) {
  const felt = msg.board.felt;
  const names = namesOf(msg, L);
  const items = felt.plays.map((a) => {
    const who = names[a.seat] ?? tr("playerN", L, { n: playerNumber(msg, a.seat) });
    const n = a.cards ? a.cards.length : a.count;
    return playItem(game, who, a.cards, msg.cards, native, a.cards ? "" : tr("faceDown", L, { n }));
  });
  const head = roundHead(felt.head, names, L);
  // (replaceChildren writes a null as the text "null": leave the head out instead)
  box.replaceChildren(...(head ? [el("p", { class: "label", testid: "to-beat", text: head })] : []),
    el("div", { class: "plays" }, items));
}

/** The felt of a game with a play to beat: the ranking in force, the play to beat and what
 *  followed it (or the exchange, while the cards are handed over). */
function tableTrick(box, game, msg, native, L, received) {
  const board = msg.board;
  const names = namesOf(msg, L);
  const rev = reversedOrder(game, board);
  // the state of play of the moment (a revolution, a Jack back, a suit lock ...)
  const flags = board.flags.map(([phrase, value]) => tr(phrase, L, { value }));
  // the ranking in force, in the words the game's description names (usual, turned round)
  const ranking = gamePage(game).ranking;
  const order = ranking.length ? [el("p", { class: "label", testid: "order" }, tr(rev ? ranking[1] : ranking[0], L),
    flags.length ? el("span", { class: "flags", testid: "flags", text: ` · ${flags.join(" · ")}` }) : null)] : [];
  if (board.exchange) {
    box.replaceChildren(...order, ...exchangePanel(game, msg, L, (t) => label(msg.cards, t, native), received));
    return;
  }
  const leader = names[msg.to_move] ?? "?";
  const beat = board.felt.plays[0];
  const top = beat
    ? playItem(game, tr("toBeatBy", L, { name: names[beat.seat] ?? "?" }), beat.cards, msg.cards, native, "")
    : board.over ? null : el("span", { class: "face-down", text: tr("tableClear", L, { name: leader }) });
  box.replaceChildren(...order, el("div", { class: "plays", testid: "to-beat" }, top), ...sinceTop(game, msg, native, L));
}

/** What the others did after the play to beat (passes, and the hand-overs it brought), in words. */
function sinceTop(game, msg, native, L) {
  const names = namesOf(msg, L);
  const lines = msg.board.felt.since.map((a) => {
    const who = names[a.seat] ?? tr("playerN", L, { n: playerNumber(msg, a.seat) });
    const cards = a.cards ? a.cards.map((t) => label(msg.cards, t, native)).join(" ") : count(a.count ?? 0, "card", "cards", L);
    return actionWords(game, a.do, who, cards, L);
  });
  return lines.length ? [el("p", { class: "since", testid: "since" }, lines.join(" · "))] : [];
}

export function renderTrick(box, game, msg, native, L, received = []) {
  if (!msg.board) {
    box.replaceChildren();
    return;
  }
  if (gamePage(game).trick === "rounds") roundTrick(box, game, msg, native, L);
  else tableTrick(box, game, msg, native, L, received);
}

/** The caption above the hand: what the colours and marks mean, or the ranking in force. */
export function handCaption(game, msg, native, L, received = []) {
  const board = msg.board || {};
  if (!seated(msg)) return tr("watchingHidden", L);
  const desc = gamePage(game);
  if (msg.seat === desc.card_seat) {
    const card = board.card;
    return tr(desc.card_caption, L, { card: card ? label(msg.cards, card, native) : "?" });
  }
  if (desc.hand_order !== "strength") return tr(desc.hand_caption, L);
  // a request for cards: the cards shown are those that may be named, not the hand
  if ((msg.legal || []).some((a) => a.do === "ask")) return tr("handToName", L);
  const caption = tr(reversedOrder(game, board) ? "handReversed" : desc.hand_caption, L);
  return received.length ? tr("captionAndKey", L, { caption, key: tr("receivedKey", L) }) : caption;
}

/** The width of the hand's cards: as big as fits (`big`: a tall screen), in as few rows as
 *  keep a finger's width (one row on a short screen). */
export function cardWidth(room, n, game, short, big = false) {
  const gap = 3;
  const most = big ? 60 : short ? 40 : gamePage(game).card_shape === "tall" ? 46 : 48;
  const least = 33;
  const rowsMax = short ? 1 : 3;
  let rows = 1;
  while (rows < rowsMax && (room - gap * (Math.ceil(n / rows) - 1)) / Math.ceil(n / rows) < least) rows += 1;
  const perRow = Math.max(1, Math.ceil(n / rows));
  return Math.max(24, Math.min(most, Math.floor((room - gap * (perRow - 1)) / perRow)));
}

/** Size the hand's cards to the room the dock has. */
export function fitHand(box, game) {
  const n = box.querySelectorAll(".card").length;
  if (!n) return;
  const short = window.innerHeight <= 500;
  const big = window.innerWidth >= 700 && window.innerHeight >= 760;
  box.style.setProperty("--cw", `${cardWidth(box.clientWidth || window.innerWidth, n, game, short, big)}px`);
}

/** The hand as buttons (selectable) or plain cards; a seat that holds one card (the game's
 *  card_seat) has it shown on its own. */
export function renderHand(box, game, msg, tokens, selected, native, onToggle, received = [], L = "en") {
  const card = (msg.board || {}).card;
  let shown = tokens;
  const desc = gamePage(game);
  if (msg.seat === desc.card_seat && card && !tokens.length) shown = [card];
  const marked = [...received];
  box.replaceChildren(...shown.map((token, index) => {
    const card = cardElement(game, token, msg.cards, {
      button: !!onToggle, index, native, selected: selected.has(index), lang: L,
    });
    const at = marked.indexOf(token);
    if (at >= 0) {
      marked.splice(at, 1);
      card.classList.add("received");
      card.dataset.received = "1";
    }
    if (onToggle) card.addEventListener("click", () => onToggle(index));
    return card;
  }));
  box.classList.toggle("empty", !shown.length);
  box.dataset.empty = tr(seated(msg) ? "noCards" : "noHand", L);
  fitHand(box, game);
}

export function renderLog(box, log, native, L) {
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.replaceChildren(...(log || []).map((line) => el("li", { text: pick(line, native, L) })));
  if (atBottom) box.scrollTop = box.scrollHeight;
}

export function renderTotals(box, msg, L = "en") {
  const seats = msg.seats || [];
  const totals = msg.totals || [];
  if (!totals.length) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(el("table", { class: "scores", testid: "totals-table" },
    el("tr", {}, el("th", { text: tr("player", L) }), el("th", { class: "num", text: tr("totalHead", L) })),
    totals.map((t, p) => el("tr", {}, el("td", { text: seatName(seats[p], L) || tr("playerN", L, { n: p + 1 }) }),
      el("td", { class: "num", text: String(t) })))));
}
