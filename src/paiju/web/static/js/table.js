// The table page /t/<id>: lobby (pick a seat and a name), then the game over a WebSocket.
import { el, forgetSeat, getJSON, loadSeat, postJSON, saveSeat, socketUrl } from "./api.js";
import { NO_CARDS, build, legalKinds, plain } from "./moves.js";
import { handCaption, renderHand, renderLog, renderSeats, renderStatus, renderTotals, renderTrick, shownHand } from "./render.js";
import { Replay } from "./replay.js";
import { moveWord, pageLang, translatePage, tr } from "./i18n.js";
import { GAME_TITLES, NATIVE_NAME, ordinal, pick } from "./words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const page = {
  info: null, // GET /api/tables/<id>
  game: null,
  seat: loadSeat(tableId), // {token, player, name} or null
  msg: null, // the last state message
  hand: [], // the hand as shown
  selected: new Set(),
  reading: 0,
  native: localStorage.getItem("paiju.naming") === "native",
  socket: null,
  retry: 0,
  over: null, // the last hand_over message
  sessionOver: null,
  gotState: false,
  joining: false, // a seat is being taken: the watcher's states wait, so the page never shows a watcher's table in between
  held: null, // the last state the watcher's connection received while joining
};
const replay = new Replay($("replay"));

/** The page's language now: English, or the game's own with the native card names. */
const lang = () => pageLang(page.game, page.native);

// ------------------------------------------------------------------ messages and banner

function say(text, kind = "info") {
  const box = $("lobby").hidden ? $("message") : $("lobby-message");
  const other = box.id === "message" ? $("lobby-message") : $("message");
  other.hidden = true;
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("error", kind === "error");
  box.dataset.kind = kind;
}

function banner(text) {
  $("banner").textContent = text || "";
  $("banner").hidden = !text;
}

// ------------------------------------------------------------------ lobby

function renderLobby(msg) {
  const seats = (msg && msg.seats) || (page.info && page.info.seats) || [];
  $("lobby-link").value = location.href;
  const mine = page.seat ? page.seat.player : null;
  const nameBox = $("join-name");
  if (!nameBox.value) nameBox.value = sessionStorage.getItem("paiju.name") || "";
  nameBox.closest("label").hidden = mine !== null;
  $("lobby-seats").replaceChildren(...seats.map((s, p) => {
    let right;
    const taken = s.taken ?? !!s.name;
    const L = lang();
    if (s.kind === "bot") right = el("span", { text: tr("computerBot", L, { bot: s.bot }) });
    else if (taken) right = el("span", { text: `${s.name}${p === mine ? tr("you", L) : ""}${s.connected ? "" : tr("away", L)}` });
    else if (mine === null) right = el("button", { type: "button", class: "primary", testid: `take-seat-${p}`, text: tr("takeThisSeat", L), onclick: () => takeSeat(p) });
    else right = el("span", { class: "note", text: tr("waitingPerson", L) });
    return el("li", { testid: `lobby-seat-${p}` }, el("span", { text: tr("playerN", L, { n: p + 1 }) }), right);
  }));
  const free = seats.filter((s) => s.kind === "human" && !(s.taken ?? !!s.name)).length;
  $("lobby-note").textContent = free ? tr("seatsFree", lang(), { n: free }) : tr("starting", lang());
  $("start").hidden = mine === null;
}

async function takeSeat(player) {
  const name = $("join-name").value.trim();
  if (!name) {
    say(tr("writeName", lang()), "error");
    $("join-name").focus();
    return;
  }
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
    say(err.message, "error");
    if (page.held) onState(page.held);
    refreshInfo();
  } finally {
    page.joining = false;
    page.held = null;
  }
}

async function startNow() {
  try {
    await postJSON(`/api/tables/${encodeURIComponent(tableId)}/start`, {});
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
    if (!page.msg || !page.msg.started) renderLobby(page.info);
    return true;
  } catch (err) {
    banner(err.status === 404 ? `${err.message}: check the link.` : err.message);
    return err.status !== 404;
  }
}

function handsTotal() {
  const info = page.info || {};
  return info.hands ?? (info.settings && info.settings.hands) ?? null;
}

function handWords(n) {
  const total = handsTotal();
  return total ? tr("handOf", lang(), { n, m: total }) : tr("handN", lang(), { n });
}

function renderTitle() {
  const game = page.game;
  const title = GAME_TITLES[game] || game || "";
  const msg = page.msg;
  const hand = msg && msg.started && msg.hand ? ` · ${handWords(msg.hand)}` : "";
  $("title").textContent = `${title}${hand}`;
  document.title = `paiju · ${title}`;
  $("naming").textContent = page.native ? "English" : NATIVE_NAME[game] || "native";
  translatePage(document, lang());
}

// ------------------------------------------------------------------ the game

function isSeated(msg) {
  return msg && msg.player !== null && msg.player !== undefined;
}

function onState(msg) {
  const firstOfHand = !page.msg || page.msg.hand !== msg.hand;
  const oldHand = page.hand.join(",");
  page.msg = msg;
  page.gotState = true;
  const play = $("play");
  play.dataset.version = String(Number(play.dataset.version || 0) + 1);
  play.dataset.hand = String(msg.hand ?? "");
  const history = msg.view ? msg.view.history || msg.view.actions || [] : [];
  play.dataset.moves = String(history.length);
  play.dataset.phase = (msg.view && msg.view.phase) || "";
  if (!page.game && msg.view && msg.view.hand_counts) page.game = "lukfu";
  if (!msg.started || !msg.view) {
    $("lobby").hidden = false;
    $("play").hidden = true;
    renderTitle();
    renderLobby(msg);
    return;
  }
  $("lobby").hidden = true;
  $("play").hidden = false;
  page.hand = shownHand(page.game, msg.view);
  if (firstOfHand || page.hand.join(",") !== oldHand || !(msg.legal || []).length) {
    page.selected.clear();
    page.reading = 0;
  }
  if (firstOfHand && page.over && page.over.hand !== msg.hand) closeOver();
  render();
}

function render() {
  const msg = page.msg;
  if (!msg || !msg.view) return;
  const native = page.native;
  renderTitle();
  const seated = isSeated(msg);
  const role = native ? msg.role_native || "" : pick(msg.role, false);
  const L = lang();
  const handText = handWords(msg.hand);
  const you = tr("youAre", L, { name: (msg.names || [])[msg.seat] ?? page.seat?.name ?? "" });
  $("hand-info").textContent = seated
    ? `${handText} · ${you}${role ? ` · ${role}` : ""} · ${tr("seatN", L, { n: msg.seat + 1 })}`
    : `${handText} · ${tr("watching", L)}`;
  $("hand-info").dataset.role = seated ? "player" : "spectator";
  renderSeats($("seats"), page.game, msg, native);
  renderStatus($("status"), msg, native);
  renderTrick($("trick"), page.game, msg, native);
  $("hand-caption").textContent = handCaption(page.game, msg, native);
  const legal = msg.legal || [];
  renderHand($("hand"), page.game, msg, page.hand, page.selected, native,
    seated && legal.some((a) => a.cards && a.cards.length) ? toggle : null);
  renderActions();
  renderLog($("log"), msg.log, native);
  renderTotals($("totals"), msg, lang());
  renderClock();
  const rules = msg.rules_key || [];
  $("rules-key").replaceChildren(...rules.map((line) => el("li", { text: pick(line, native) })));
}

function toggle(index) {
  if (page.selected.has(index)) page.selected.delete(index);
  else page.selected.add(index);
  page.reading = 0;
  say("");
  render();
  showDetail(index);
}

function showDetail(index) {
  const token = page.hand[index];
  const info = (page.msg.cards || {})[token];
  const words = info ? [info.spoken || info.en, info.native].filter(Boolean).join(" · ") : token;
  const marks = [info && info.red && page.game === "lukfu" ? "red imprint" : "", info && info.aged ? "aged" : ""].filter(Boolean);
  $("card-detail").textContent = words + (marks.length ? ` (${marks.join(", ")})` : "");
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
  const chosen = selectedTokens();
  const buttons = legalKinds(page.game, legal).map((kind) => {
    const made = build(legal, kind, chosen, msg.seat, page.reading);
    const noCards = NO_CARDS.has(kind);
    const canEmpty = legal.some((a) => a.do === kind && !(a.cards || []).length);
    const ready = noCards || chosen.length > 0 || canEmpty;
    const ok = made.legal;
    const text = moveWord(page.game, kind, lang());
    return el("button", {
      type: "button",
      class: ok ? "primary" : chosen.length && !noCards ? "warn" : "",
      testid: `do-${kind}`,
      disabled: !ready,
      title: ok || noCards ? "" : tr("notListed", lang()),
      dataset: { legal: ok ? "1" : "0" },
      onclick: () => send(made.action),
    }, text);
  });
  const readings = legalKinds(page.game, legal)
    .map((kind) => build(legal, kind, chosen, msg.seat).readings)
    .find((r) => r.length > 1);
  const extra = [];
  if (readings) {
    extra.push(el("label", { class: "reading" }, tr("joker", lang()),
      el("select", { testid: "reading", onchange: (e) => { page.reading = Number(e.target.value); renderActions(); } },
        readings.map((a, i) => el("option", { value: i, selected: i === page.reading, text: a.cards.join(" ") })))));
  }
  const hint = el("button", { type: "button", testid: "hint", onclick: askHint }, tr("hint", lang()));
  box.replaceChildren(...buttons, hint, ...extra);
}

function send(action) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    say(tr("notConnected", lang()), "error");
    return;
  }
  say("");
  page.socket.send(JSON.stringify({ type: "act", action }));
}

function askHint() {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return;
  say(tr("thinking", lang()));
  page.socket.send(JSON.stringify({ type: "hint" }));
}

function onHint(msg) {
  const action = msg.action || {};
  const reasons = (msg.reasons || []).map((r) => pick(r, page.native));
  say([pick(msg.text, page.native), pick(msg.kept, page.native), ...reasons].filter(Boolean).join("\n"), "hint");
  page.selected.clear();
  const left = page.hand.map((t, i) => [t, i]);
  for (const token of action.cards || []) {
    const at = left.findIndex(([t]) => t === plain(token));
    if (at >= 0) {
      page.selected.add(left[at][1]);
      left.splice(at, 1);
    }
  }
  const text = $("message").textContent;
  render();
  say(text, "hint");
}

// ------------------------------------------------------------------ the clock

let clockTimer = null;
function renderClock() {
  const clock = page.msg && page.msg.clock;
  const box = $("clock");
  if (clockTimer) clearInterval(clockTimer);
  clockTimer = null;
  if (!clock || !clock.deadline) {
    box.hidden = true;
    return;
  }
  const who = (page.msg.names || [])[clock.seat] ?? "";
  const tick = () => {
    const left = Math.max(0, Math.round((clock.deadline - Date.now()) / 1000));
    box.textContent = `⏱ ${who} ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    box.classList.toggle("low", left <= 10);
  };
  box.hidden = false;
  tick();
  clockTimer = setInterval(tick, 500);
}

// ------------------------------------------------------------------ end of a hand

function closeOver() {
  const dialog = $("over-dialog");
  if (dialog.open) dialog.close();
  $("replay").hidden = true;
}

function onHandOver(msg) {
  page.over = msg;
  const report = msg.report || {};
  const names = msg.names || (page.msg && page.msg.names) || [];
  const players = msg.players || (page.msg && page.msg.players) || names.map((_, i) => i);
  const seats = (page.msg && page.msg.seats) || [];
  const L = lang();
  $("over-title").textContent = tr("handOver", L, { n: msg.hand });
  const lines = (page.native && msg.lines_native) || msg.lines || [];
  $("over-lines").replaceChildren(...lines.map((line) => el("li", { text: pick(line, page.native) })));
  const lukfu = page.game === "lukfu";
  const perSeat = lukfu ? report.payments : report.points;
  const head = el("tr", {}, el("th", { text: tr("seat", L) }), el("th", { text: tr("player", L) }),
    lukfu ? null : el("th", { text: tr("place", L) }),
    el("th", { class: "num", text: tr(lukfu ? "payment" : "points", L) }), el("th", { class: "num", text: tr("totalHead", L) }));
  const order = report.order || [];
  const rows = names.map((name, s) => {
    const p = players[s];
    const place = order.indexOf(s);
    return el("tr", { testid: `over-row-${s}` }, el("td", { text: String(s + 1) }),
      el("td", { text: name || (seats[p] && seats[p].name) || "" }),
      lukfu ? null : el("td", { text: place >= 0 ? ordinal(place + 1) : "" }),
      el("td", { class: "num", testid: "payment", text: perSeat ? String(perSeat[s]) : "" }),
      el("td", { class: "num", text: msg.totals ? String(msg.totals[p]) : "" }));
  });
  $("over-table").replaceChildren(head, ...rows);
  $("next-hand").hidden = !isSeated(page.msg) || !!page.sessionOver;
  $("final").hidden = !page.sessionOver;
  $("replay").hidden = true;
  const dialog = $("over-dialog");
  if (!dialog.open) dialog.showModal();
}

function onSessionOver(msg) {
  page.sessionOver = msg;
  const seats = (page.msg && page.msg.seats) || (page.info && page.info.seats) || [];
  const totals = msg.totals || [];
  const places = msg.places || totals.map(() => null);
  const order = totals.map((_, p) => p).sort((a, b) => (places[a] ?? 0) - (places[b] ?? 0));
  $("final").replaceChildren(
    el("h3", { text: tr("sessionOver", lang()) }),
    el("ol", { class: "final", testid: "final-places" }, order.map((p) =>
      el("li", { testid: "final-place", value: places[p] ?? undefined,
        text: `${(seats[p] && seats[p].name) || tr("playerN", lang(), { n: p + 1 })}: ${totals[p]}` }))));
  $("final").hidden = false;
  $("next-hand").hidden = true;
  const dialog = $("over-dialog");
  if (!dialog.open) dialog.showModal();
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
  replay.open(record, seat, over.names || msg.names || [], page.native, lang());
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
  };
  socket.onclose = (event) => {
    if (page.socket !== socket) return;
    if (token && !page.gotState && event.code >= 4000 && event.code < 4500) {
      // the server does not know this seat's token: watch instead
      forgetSeat(tableId);
      page.seat = null;
      say(event.reason || "This browser's seat is no longer valid: you are watching.", "error");
      connect(false);
      return;
    }
    page.retry += 1;
    const wait = Math.min(5000, 300 * 2 ** Math.min(page.retry, 4));
    banner("Connection lost: reconnecting…");
    setTimeout(() => {
      if (page.socket === socket) connect(!!page.seat);
    }, wait);
  };
}

function onError(msg, token) {
  if (token && !page.gotState) {
    forgetSeat(tableId);
    page.seat = null;
    say(msg.reason, "error");
    connect(false);
    return;
  }
  say(msg.reason, "error");
}

function main() {
  $("naming").addEventListener("click", () => {
    page.native = !page.native;
    localStorage.setItem("paiju.naming", page.native ? "native" : "en");
    renderTitle();
    render();
    if (page.over && $("over-dialog").open && !page.sessionOver) onHandOver(page.over);
    if (page.sessionOver) onSessionOver(page.sessionOver);
    replay.setLanguage(page.native, lang());
    if (!page.msg || !page.msg.started) renderLobby(page.msg || page.info);
  });
  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  $("start").addEventListener("click", startNow);
  $("join-name").addEventListener("keydown", (e) => {
    if (e.key === "Enter") e.preventDefault();
  });
  $("replay-open").addEventListener("click", openReplay);
  $("next-hand").addEventListener("click", () => {
    if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify({ type: "next" }));
    closeOver();
  });
  $("over-close").addEventListener("click", closeOver);
  setInterval(() => {
    if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify({ type: "ping" }));
  }, 25000);
  refreshInfo().then((found) => {
    if (found) connect(!!page.seat);
  });
}

main();
