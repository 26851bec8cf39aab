// The table page /t/<id>: lobby (pick a seat and a name), then the game over a WebSocket.
import { el, forgetSeat, getJSON, loadSeat, postJSON, saveSeat, socketUrl } from "./api.js";
import { label } from "./cards.js";
import {
  adoptSeatLink, copyText, creatorOf, decorateSeats, renderRematch, renderSeatLink, renderTakeOver,
} from "./comeback.js";
import { ExchangeMemory, exchangeSummary } from "./exchange.js";
import { gamePage, loadGames } from "./games.js";
import { chosenLang, isNative, moveWord, saveLang, translatePage, tr } from "./i18n.js";
import { bare, build, legalKinds, plain } from "./moves.js";
import { renderGuide } from "./guide.js";
import { closeOver, showHandOver, showSessionOver } from "./over.js";
import {
  fitHand, handCaption, playerNumber, renderHand, renderLog, renderSeats, renderStatus, renderTotals,
  renderTrick, seatRole, shownHand,
} from "./render.js";
import { animateTrick, fitDrawer, renderClock, renderRules } from "./panels.js";
import { Replay } from "./replay.js";
import { Chat, announce, renderSound, signalTurn, toggleSound } from "./social.js";
import { gameTitle, namesOf, pick, said, seatName } from "./words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
/** The WebSocket close code of a table the server does not have (4000 + HTTP 404). */
const NO_TABLE = 4404;
adoptSeatLink(tableId); // a personal seat link opened here: its seat is this browser's now

const page = {
  info: null, // GET /api/tables/<id>
  game: null,
  seat: loadSeat(tableId), // {token, player, name} or null
  msg: null, // the last state message
  hand: [], // the hand as shown
  selected: new Set(),
  reading: 0,
  lang: chosenLang(),
  socket: null,
  retry: 0,
  over: null, // the last hand_over message
  sessionOver: null,
  gotState: false,
  joining: false, // a seat is being taken: the watcher's states wait, so the page never shows a watcher's table in between
  held: null, // the last state the watcher's connection received while joining
  pending: false, // a move or a hint was sent: the buttons wait for the answer
  detail: null, // the token of the card last tapped, whose name is shown under the hand
  received: [], // the cards this seat received in the exchange, marked in the hand
  exchange: new ExchangeMemory(`paiju.exchange.${tableId}`),
  between: false, // a hand is over and the next is not dealt: a computer's seat may be taken
  rematch: null, // the server's rematch message
  myTurn: false,
  trickItems: 0,
};
const chat = new Chat(sendRaw);
const replay = new Replay($("replay"));

/** The page's language now. */
const lang = () => page.lang;
/** Whether the server's texts and card names are to be shown in the game's own language. */
const native = () => isNative(page.game, page.lang);

// ------------------------------------------------------------------ messages and banner

function say(text, kind = "info") {
  const box = $("lobby").hidden ? $("message") : $("lobby-message");
  const other = box.id === "message" ? $("lobby-message") : $("message");
  other.hidden = true;
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("error", kind === "error");
  box.dataset.kind = text ? kind : "";
}

function banner(text) {
  $("banner").textContent = text || "";
  $("banner").hidden = !text;
}

/** The table is not there (a bad link, or a table that has ended): say so, with a way on. */
function gone() {
  page.gone = true;
  banner("");
  for (const id of ["lobby", "play"]) $(id).hidden = true;
  $("gone").hidden = false;
  translatePage(document, lang());
}

// ------------------------------------------------------------------ lobby

function freeSeats(seats) {
  return seats.map((s, p) => [s, p]).filter(([s]) => s.kind === "human" && !(s.taken ?? !!s.name)).map(([, p]) => p);
}

function renderLobby(msg) {
  const seats = (msg && msg.seats) || (page.info && page.info.seats) || [];
  const L = lang();
  $("lobby-link").value = location.href;
  const mine = page.seat ? page.seat.player : null;
  const nameBox = $("join-name");
  if (!nameBox.value) nameBox.value = sessionStorage.getItem("paiju.name") || "";
  nameBox.closest("label").hidden = mine !== null;
  $("lobby-seats").replaceChildren(...seats.map((s, p) => {
    let right;
    const taken = s.taken ?? !!s.name;
    if (s.kind === "bot") right = el("span", { text: seatName(s, L) || tr("computerBot", L, { bot: s.bot }) });
    else if (taken) {
      const key = p === mine ? (s.connected ? "nameYou" : "nameYouAway") : s.connected ? null : "nameAway";
      right = el("span", { text: key ? tr(key, L, { name: s.name }) : s.name });
    } else if (mine === null) right = el("button", { type: "button", class: "primary", testid: `take-seat-${p}`, text: tr("takeThisSeat", L), onclick: () => takeSeat(p) });
    else right = el("span", { class: "note", text: tr("waitingPerson", L) });
    return el("li", { testid: `lobby-seat-${p}` }, el("span", { text: tr("playerN", L, { n: p + 1 }) }), right);
  }));
  const free = freeSeats(seats).length;
  $("lobby-note").textContent = free ? tr("seatsFree", L, { n: free }) : tr("starting", L);
  $("start").hidden = mine === null && !creatorOf(tableId);
}

async function takeSeat(player, name = $("join-name").value.trim()) {
  if (!name) {
    say(tr("writeName", lang()), "error");
    if (!$("lobby").hidden) $("join-name").focus();
    return;
  }
  if (page.joining) return;
  page.joining = true;
  page.held = null;
  try {
    const got = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/seats/${player}`, { name });
    page.seat = { token: got.token, player: got.player, name };
    saveSeat(tableId, page.seat);
    sessionStorage.setItem("paiju.name", name);
    say("");
    connect(true);
  } catch (err) {
    say(err.status ? err.message : tr("unreachable", lang()), "error");
    if (page.held) onState(page.held);
    refreshInfo();
  } finally {
    page.joining = false;
    page.held = null;
  }
}

/** Enter in the name box: the first free seat for a person (the only one, often). */
function takeFirstFree() {
  const seats = (page.msg && page.msg.seats) || (page.info && page.info.seats) || [];
  const free = freeSeats(seats);
  if (page.seat || !free.length) return;
  takeSeat(free[0]);
}

async function startNow() {
  try {
    const token = creatorOf(tableId);
    await postJSON(`/api/tables/${encodeURIComponent(tableId)}/start`, { token });
    say("");
  } catch (err) {
    say(err.message, "error");
  }
}

async function refreshInfo() {
  try {
    page.info = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    page.game = page.info.game || (page.info.settings && page.info.settings.game) || page.game;
    renderTitle();
    if (!page.msg || !page.msg.started) {
      $("lobby").hidden = false;
      renderLobby(page.info);
    }
    return true;
  } catch (err) {
    if (err.status === 404) gone();
    else banner(err.status ? err.message : tr("unreachable", lang()));
    return err.status !== 404;
  }
}

function handWords(n) {
  const info = page.info || {};
  const total = info.hands ?? (info.settings && info.settings.hands) ?? null;
  return total ? tr("handOf", lang(), { n, m: total }) : tr("handN", lang(), { n });
}

function renderTitle() {
  const title = gameTitle(page.game, lang());
  const msg = page.msg;
  $("title").textContent = msg && msg.started && msg.hand ? tr("titleHand", lang(), { title, hand: handWords(msg.hand) }) : title;
  document.title = page.myTurn ? tr("titleYourTurn", lang(), { title }) : `paiju · ${title}`;
  $("language").value = lang();
  translatePage(document, lang());
}

// ------------------------------------------------------------------ the game

function isSeated(msg) {
  return !!msg && msg.player !== null && msg.player !== undefined;
}

const positionOf = (msg) => `${msg.hand}:${msg.board ? msg.board.history.length : -1}:${msg.to_move}`;

function onState(msg) {
  const firstOfHand = !page.msg || page.msg.hand !== msg.hand;
  const moved = !page.msg || positionOf(page.msg) !== positionOf(msg);
  const oldHand = page.hand.join(",");
  const wasMyTurn = page.myTurn;
  // the table's rules say whether the rich ask for cards before the poor give (the option
  // the game's description names)
  const askOption = gamePage(page.game).ask_option;
  msg.asking = !!(askOption && page.info && page.info.options && page.info.options[askOption]);
  page.msg = msg;
  page.myTurn = isSeated(msg) && !!(msg.legal || []).length;
  page.between = !!page.over && page.over.hand === msg.hand && !page.sessionOver;
  page.animate = moved && !firstOfHand;
  if (isSeated(msg) && page.seat && page.seat.player !== msg.player) {
    page.seat = { ...page.seat, player: msg.player, name: ((msg.seats || [])[msg.player] || {}).name || page.seat.name };
    saveSeat(tableId, page.seat);
  }
  page.gotState = true;
  page.pending = false;
  const play = $("play");
  play.dataset.version = String(Number(play.dataset.version || 0) + 1);
  play.dataset.hand = String(msg.hand ?? "");
  const history = msg.board ? msg.board.history : [];
  play.dataset.moves = String(history.length);
  play.dataset.phase = (msg.board && msg.board.phase) || "";
  if (!msg.started || !msg.board) {
    $("lobby").hidden = false;
    $("play").hidden = true;
    renderTitle();
    renderLobby(msg);
    return;
  }
  $("lobby").hidden = true;
  $("play").hidden = false;
  page.hand = shownHand(page.game, msg.board, msg.legal || []);
  if (firstOfHand || page.hand.join(",") !== oldHand || !(msg.legal || []).length) {
    page.selected.clear();
    page.reading = 0;
  }
  // a refusal or a hint is about the position it was given in
  if (moved && $("message").dataset.kind !== "exchange") say("");
  noteExchange(msg);
  if (firstOfHand && page.over && page.over.hand !== msg.hand) closeOver();
  render();
  if (page.myTurn && !wasMyTurn) signalTurn();
  if (moved) announceMove(msg);
  renderOverExtras();
}

/** What was played last and whose turn it is, for a screen reader. */
function announceMove(msg) {
  const L = lang();
  const log = said(msg, "log", native(), L) || [];
  const line = log.length ? pick(log[log.length - 1], native(), L) : "";
  const name = namesOf(msg, lang())[msg.to_move];
  const turn = page.myTurn ? tr("sayYourTurn", L) : name ? tr("sayTurnOf", L, { name }) : "";
  announce(tr("sayLatest", L, { line, turn }).trim());
}

/** The end-of-hand dialog's parts that follow the table: a computer's seat to take, the
 *  rematch, the guided hand's last word. */
function renderOverExtras() {
  const L = lang();
  const seated = isSeated(page.msg);
  renderTakeOver(page.msg, seated, page.between, L, takeSeat);
  renderRematch(tableId, seated ? page.seat : null, !!page.sessionOver, page.rematch, L);
  $("guided-end").hidden = !(page.info && page.info.guided && page.sessionOver);
  if (page.between && page.over) $("next-hand").hidden = !seated;
}

/** The cards received in the exchange: marked in the hand; once play begins, what the seat's
 *  exchange came to is said until its first move. */
function noteExchange(msg) {
  const trades = gamePage(page.game).exchange.length > 0;
  page.received = trades ? page.exchange.update(page.game, msg) : [];
  const board = msg.board || { exchange: false, history: [] };
  if (!trades || !isSeated(msg) || board.exchange) return;
  const actions = board.history;
  const began = actions.findIndex((a) => a.do !== "give");
  const moved = actions.slice(began < 0 ? actions.length : began).some((a) => a.seat === msg.seat);
  const said = `${msg.hand}:${page.received.join(",")}`;
  if (moved || page.exchangeSaid === said) return;
  const lines = exchangeSummary(page.game, msg, lang(), (t) => label(msg.cards, t, native()), page.received);
  if (!lines.length) return;
  page.exchangeSaid = said;
  say(lines.join("\n"), "exchange");
}

function render() {
  const msg = page.msg;
  if (!msg || !msg.board) return;
  const L = lang();
  const nat = native();
  renderTitle();
  const seated = isSeated(msg);
  const name = namesOf(msg, L)[msg.seat] ?? page.seat?.name ?? "";
  const role = seated ? seatRole(page.game, msg, msg.seat, L) : "";
  const you = !seated ? tr("watchingTable", L)
    : tr(role ? "youAreRole" : "youAreNoRole", L, { name, n: playerNumber(msg, msg.seat), role });
  $("hand-info").textContent = tr("handAndWho", L, { hand: handWords(msg.hand), who: you });
  $("hand-info").dataset.role = seated ? "player" : "spectator";
  renderSeats($("seats"), $("mine"), page.game, msg, L);
  renderStatus($("status"), msg, nat, L);
  renderTrick($("trick"), page.game, msg, nat, L, page.received);
  page.trickItems = animateTrick($("trick"), page.animate, page.trickItems);
  page.animate = false;
  $("hand-caption").textContent = handCaption(page.game, msg, nat, L, page.received);
  const legal = msg.legal || [];
  renderHand($("hand"), page.game, msg, page.hand, page.selected, nat,
    seated && legal.some((a) => a.cards && a.cards.length) ? toggle : null, page.received, L);
  if (page.detail !== null && !page.hand.includes(page.detail)) page.detail = null;
  showDetail();
  renderActions();
  renderLog($("log"), said(msg, "log", nat, L), nat, L);
  renderTotals($("totals"), msg, L);
  renderClock(msg, L);
  renderRules(msg, page.info, nat, L);
  // a card named as the card line writes it (its spoken name, "9 Gon", where it has one)
  const spoken = (t) => (!nat && msg.cards && msg.cards[t] && msg.cards[t].spoken) || label(msg.cards, t, nat);
  renderGuide(msg, page.detail, spoken, nat, L, page.game);
  decorateSeats(tableId, msg, L, say, takeSeat);
  renderSocial();
}

function renderSocial() {
  const L = lang();
  const seated = isSeated(page.msg);
  renderSeatLink(seated ? page.seat : null, L);
  renderSound(L);
  chat.setWriter(seated || !!(page.info && page.info.spectators_chat), L);
  chat.render(L, seated ? page.msg.player : null);
}

function toggle(index) {
  if (page.pending) return;
  if (page.selected.has(index)) page.selected.delete(index);
  else page.selected.add(index);
  page.reading = 0;
  page.detail = page.hand[index];
  if ($("message").dataset.kind === "error") say("");
  render();
  const card = $("hand").querySelector(`[data-index="${index}"]`);
  if (card && document.activeElement === document.body) card.focus();
}

function showDetail() {
  const token = page.detail;
  if (token === null) {
    $("card-detail").textContent = "";
    return;
  }
  const L = lang();
  const info = (page.msg.cards || {})[token];
  const words = info ? [info.spoken || info.en, info.native].filter(Boolean).join(" · ") : token;
  const redWord = gamePage(page.game).red_word;
  const marks = [info && info.red && redWord ? tr(redWord, L) : "", info && info.aged ? tr("aged", L) : "",
    page.received.includes(token) ? tr("receivedMark", L) : ""].filter(Boolean);
  $("card-detail").textContent = marks.length ? tr("cardMarks", L, { card: words, marks: marks.join(", ") }) : words;
}

function selectedTokens() {
  return [...page.selected].sort((a, b) => a - b).map((i) => page.hand[i]);
}

function renderActions() {
  const msg = page.msg;
  const box = $("actions");
  const legal = msg.legal || [];
  if (!isSeated(msg) || !legal.length) {
    box.replaceChildren();
    box.dataset.legal = "[]";
    return;
  }
  box.dataset.legal = JSON.stringify(legal);
  box.dataset.pending = page.pending ? "1" : "0";
  const L = lang();
  const chosen = selectedTokens();
  const buttons = legalKinds(page.game, legal).map((kind) => {
    const made = build(page.game, legal, kind, chosen, msg.seat, page.reading);
    const noCards = bare(page.game, kind);
    const canEmpty = legal.some((a) => a.do === kind && !(a.cards || []).length);
    const ready = noCards || chosen.length > 0 || canEmpty;
    const ok = made.legal;
    return el("button", {
      type: "button",
      class: `${ok ? "primary" : chosen.length && !noCards ? "warn" : ""}${page.pending ? " busy" : ""}`,
      testid: `do-${kind}`,
      disabled: !ready || page.pending,
      title: ok || noCards ? "" : tr("notListed", L),
      dataset: { legal: ok ? "1" : "0" },
      onclick: () => send(made.action),
    }, moveWord(page.game, kind, L));
  });
  const readings = legalKinds(page.game, legal)
    .map((kind) => build(page.game, legal, kind, chosen, msg.seat).readings)
    .find((r) => r.length > 1);
  const extra = [];
  if (readings) {
    extra.push(el("label", { class: "reading" }, tr("jokerStands", L),
      el("select", { testid: "reading", onchange: (e) => { page.reading = Number(e.target.value); renderActions(); } },
        readings.map((a, i) => el("option", { value: i, selected: i === page.reading, text: a.cards.join(" ") })))));
  }
  const hint = el("button", { type: "button", testid: "hint", disabled: page.pending, onclick: askHint }, tr("hint", L));
  box.replaceChildren(...buttons, hint, ...extra);
}

/** Send one move: the buttons wait (disabled) until the next state or the refusal. */
function send(action) {
  if (page.pending) return;
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    say(tr("notConnected", lang()), "error");
    return;
  }
  page.pending = true;
  say("");
  page.socket.send(JSON.stringify({ type: "act", action }));
  renderActions();
}

/** Send a chat message or a reaction; false when not connected. */
function sendRaw(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    say(tr("notConnected", lang()), "error");
    return false;
  }
  page.socket.send(JSON.stringify(message));
  return true;
}

function askHint() {
  if (page.pending || !page.socket || page.socket.readyState !== WebSocket.OPEN) return;
  say(tr("thinking", lang()));
  page.socket.send(JSON.stringify({ type: "hint" }));
}

function onHint(msg) {
  // a hint answers one position: one that comes after a move (or in another hand) is stale
  if (!page.msg || msg.hand !== page.msg.hand || msg.moves !== page.msg.moves) return;
  const action = msg.action || {};
  const nat = native();
  const L = lang();
  const reasons = (said(msg, "reasons", nat, L) || []).map((r) => pick(r, nat, L));
  const text = [pick(said(msg, "text", nat, L), nat, L), pick(said(msg, "kept", nat, L), nat, L), ...reasons].filter(Boolean).join("\n");
  page.selected.clear();
  const left = page.hand.map((t, i) => [t, i]);
  for (const token of action.cards || []) {
    const at = left.findIndex(([t]) => t === plain(token));
    if (at >= 0) {
      page.selected.add(left[at][1]);
      left.splice(at, 1);
    }
  }
  render();
  say(text, "hint");
}

function onError(msg, token) {
  page.pending = false;
  if (token && !page.gotState) {
    forgetSeat(tableId);
    page.seat = null;
    say(msg.reason, "error");
    connect(false);
    return;
  }
  say(pick(said(msg, "reason", native(), lang()), native(), lang()), "error");
  if (page.msg && page.msg.board) renderActions();
}

// ------------------------------------------------------------------ end of a hand

function onHandOver(msg) {
  page.over = msg;
  page.between = !page.sessionOver && (!page.msg || page.msg.hand === msg.hand);
  showHandOver(msg, page.msg, page.game, native(), lang(), { seated: isSeated(page.msg), sessionOver: page.sessionOver });
  renderOverExtras();
}

function onSessionOver(msg) {
  page.sessionOver = msg;
  page.between = false;
  showSessionOver(msg, (page.msg && page.msg.seats) || (page.info && page.info.seats) || [], lang());
  renderOverExtras();
}

async function openReplay() {
  const over = page.over;
  if (!over) return;
  let record = over.record;
  if (!record) {
    try {
      record = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/hands/${over.hand}/record`);
    } catch (err) {
      say(err.message, "error");
      return;
    }
  }
  const msg = page.msg || {};
  const players = over.players || msg.players || [];
  let seat = isSeated(msg) && players.includes(msg.player) ? players.indexOf(msg.player) : null;
  if (record.seen_by !== undefined) seat = record.seen_by; // the seat the record was seen from
  replay.open(record, seat, over.names ? namesOf(over, lang()) : namesOf(msg, lang()), native(), lang());
}

// ------------------------------------------------------------------ the connection

function connect(withToken) {
  // the old connection is closed once the new one is open, so the table is never unwatched
  const old = page.socket;
  if (old) {
    old.onclose = null;
    old.onmessage = null;
  }
  const closeOld = () => {
    if (old && old.readyState <= WebSocket.OPEN) old.close();
  };
  const token = withToken && page.seat ? page.seat.token : null;
  const socket = new WebSocket(socketUrl(tableId, token));
  page.socket = socket;
  page.gotState = false;
  socket.onopen = () => {
    page.retry = 0;
    banner("");
    closeOld();
  };
  socket.onerror = closeOld;
  socket.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg.type === "state" && !token && page.joining) page.held = msg;
    else if (msg.type === "state") onState(msg);
    else if (msg.type === "error") onError(msg, token);
    else if (msg.type === "hand_over") onHandOver(msg);
    else if (msg.type === "hint") onHint(msg);
    else if (msg.type === "session_over") onSessionOver(msg);
    else if (msg.type === "chat" || msg.type === "chat_log") chat.receive(msg);
    else if (msg.type === "rematch") {
      page.rematch = msg;
      renderOverExtras();
    }
  };
  socket.onclose = (event) => {
    if (page.socket !== socket) return;
    page.pending = false;
    if (event.code === NO_TABLE) {
      gone();
      return;
    }
    if (token && !page.gotState && event.code >= 4000 && event.code < 4500) {
      // the server does not know this seat's token: watch instead
      forgetSeat(tableId);
      page.seat = null;
      say(tr("seatLost", lang()), "error");
      connect(false);
      return;
    }
    page.retry += 1;
    const wait = Math.min(5000, 300 * 2 ** Math.min(page.retry, 4));
    banner(tr("reconnecting", lang()));
    setTimeout(() => {
      if (page.socket === socket) connect(!!page.seat);
    }, wait);
  };
}

function setLanguage(code) {
  page.lang = code;
  saveLang(code);
  renderTitle();
  if (page.gone) return;
  render();
  if (page.over && $("over-dialog").open && !page.sessionOver) onHandOver(page.over);
  if (page.sessionOver) onSessionOver(page.sessionOver);
  replay.setLanguage(native(), lang());
  if (!page.msg || !page.msg.started) renderLobby(page.msg || page.info);
  renderSocial();
  renderOverExtras();
}

function main() {
  renderTitle();
  $("language").addEventListener("change", (e) => setLanguage(e.target.value));
  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  $("log-button").addEventListener("click", () => {
    $("drawer").hidden = !$("drawer").hidden;
    fitDrawer();
  });
  $("drawer-close").addEventListener("click", () => { $("drawer").hidden = true; });
  $("chat-button").addEventListener("click", () => {
    $("drawer").hidden = false;
    fitDrawer();
    $("chat-panel").scrollIntoView({ block: "end" });
    $("chat-input").focus({ preventScroll: true });
    chat.seen();
  });
  $("sound-toggle").addEventListener("click", () => toggleSound(lang()));
  $("seat-link-copy").addEventListener("click", () => copyText($("seat-link"), lang(), say));
  // Enter in the hand plays the first move that is lit (Space picks the card under focus)
  $("hand").addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const lit = $("actions").querySelector("button[data-legal='1']:not(:disabled)");
    if (lit) lit.click();
  });
  $("message").addEventListener("click", () => say(""));
  $("start").addEventListener("click", startNow);
  $("join-name").addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    takeFirstFree();
  });
  $("replay-open").addEventListener("click", openReplay);
  $("next-hand").addEventListener("click", () => {
    if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify({ type: "next" }));
    closeOver();
  });
  $("over-close").addEventListener("click", closeOver);
  window.addEventListener("resize", () => {
    fitHand($("hand"), page.game);
    fitDrawer();
  });
  setInterval(() => {
    if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify({ type: "ping" }));
  }, 25000);
  // the games' descriptions first: every game-specific part of the table is drawn from them
  Promise.all([refreshInfo(), loadGames()]).then(([found]) => {
    renderTitle();
    if (found) connect(!!page.seat);
  });
}

main();
