// Drawing the table from one state message: seats, status, what must be beaten, hand, log.
import { el } from "./api.js";
import { cardElement, cardRow, daifugoStrength, label } from "./cards.js";
import { pageLang, tr } from "./i18n.js";
import { DAIFUGO_TITLES, LUKFU_ROLES, markup, ordinal, pick } from "./words.js";

/** "3 cards", "1 trick", ... in the page's language. */
function count(n, one, many, L) {
  return n === 1 ? tr(one, L) : tr(many, L, { n });
}

/** Whether the Dai Fugō ranking is turned round now (revolution xor Jack back). */
export function reversedOrder(view) {
  return !!(view && (!!view.revolution !== !!view.jack_back));
}

/** The hand as shown: Luk Fu in the view's order, Dai Fugō weakest first in the ranking in force. */
export function shownHand(game, view) {
  const hand = (view && view.hand) || [];
  if (game !== "daifugo") return [...hand];
  const rev = reversedOrder(view);
  return [...hand].sort((a, b) => daifugoStrength(a, rev) - daifugoStrength(b, rev));
}

function seatLukFu(view, s, native) {
  const L = pageLang("lukfu", native);
  const roles = native ? LUKFU_ROLES.native : LUKFU_ROLES.en;
  const parts = { role: roles[s] || "", count: "", flags: [] };
  if (s === 3) {
    parts.count = view.phase === "over" && view.dreamer ? "" : tr("card", L);
    return parts;
  }
  const n = view.hand_counts ? view.hand_counts[s] : 0;
  const t = view.tricks ? view.tricks[s] : 0;
  parts.count = `${count(n, "card", "cards", L)} · ${count(t, "trick", "tricks", L)}`;
  if (view.caller === s) parts.flags.push(tr("called", L));
  if (view.privileged === s) parts.flags.push(tr("privileged", L));
  return parts;
}

function seatDaifugo(view, s, native) {
  const n = view.counts ? view.counts[s] : 0;
  const parts = { role: "", count: count(n, "card", "cards", pageLang("daifugo", native)), flags: [] };
  const finished = view.finished || [];
  if (finished.includes(s)) {
    const place = finished.indexOf(s) + 1;
    parts.flags.push(native ? `${place}位で上がり` : `out ${ordinal(place)}`);
  }
  const before = view.titles_before;
  if (before && before[s]) {
    const titles = native ? DAIFUGO_TITLES.native : DAIFUGO_TITLES.en;
    parts.role = `${native ? "前回" : "was"} ${titles[before[s]] || before[s]}`;
  }
  return parts;
}

/** The seats of this hand, one card each. */
export function renderSeats(box, game, msg, native) {
  const L = pageLang(game, native);
  const view = msg.view || {};
  const names = msg.names || [];
  const players = msg.players || names.map((_, i) => i);
  const seats = msg.seats || [];
  box.replaceChildren(
    ...names.map((name, s) => {
      const player = players[s];
      const parts = game === "lukfu" ? seatLukFu(view, s, native) : seatDaifugo(view, s, native);
      const info = seats[player] || {};
      const away = info.kind === "human" && (info.away || info.connected === false);
      const total = msg.totals ? msg.totals[player] : null;
      const mine = msg.seat === s && msg.player !== null && msg.player !== undefined;
      return el("li", {
        class: `seat${msg.to_move === s ? " to-move" : ""}${mine ? " me" : ""}`,
        testid: `seat-${s}`,
        dataset: { seat: String(s), player: String(player), toMove: msg.to_move === s ? "1" : "0" },
      },
      el("div", { class: "who" }, msg.to_move === s ? "▶ " : "", name, mine ? tr("you", L) : ""),
      el("div", { class: "role", text: [parts.role, info.kind === "bot" ? tr("computer", L) : ""].filter(Boolean).join(" · ") }),
      el("div", { class: "count", text: parts.count }),
      parts.flags.length ? el("div", { class: "flags", text: parts.flags.join(" · ") }) : null,
      away ? el("div", { class: "off", text: tr(info.away ? "awayPlays" : "offline", L) }) : null,
      total !== null && total !== undefined ? el("div", { class: "total", testid: "seat-total", text: tr("total", L, { n: total }) }) : null);
    }),
  );
}

export function renderStatus(box, msg, native) {
  const mine = msg.to_move !== null && msg.to_move !== undefined && msg.to_move === msg.seat && msg.player !== null && msg.player !== undefined;
  const text = native && msg.status_native ? msg.status_native : pick(msg.status, native);
  box.innerHTML = markup(text || "");
  box.classList.toggle("my-turn", mine);
  box.dataset.myTurn = mine ? "1" : "0";
}

function playItem(game, who, tokens, cards, native, text) {
  return el("div", { class: "play-item", testid: "trick-play" },
    el("span", { class: "by", text: who }),
    tokens && tokens.length ? cardRow(game, tokens, cards, native) : el("span", { class: "face-down", text }));
}

/** The Luk Fu round in progress (or the last one, once won), from the view's history. */
export function lukfuRound(history) {
  const moves = history.filter((a) => a.do === "play" || a.do === "discard");
  const n = moves.length;
  if (!n) return { done: false, items: [] };
  const open = n % 3;
  return open ? { done: false, items: moves.slice(n - open) } : { done: true, items: moves.slice(n - 3) };
}

function lukfuTrick(box, msg, native) {
  const L = pageLang("lukfu", native);
  const view = msg.view || {};
  const names = msg.names || [];
  const round = lukfuRound(view.history || []);
  const head = view.top
    ? tr("toBeat", L, { meld: view.top.meld, name: names[view.top.seat] ?? "?", r: view.round })
    : view.phase === "lead" ? tr("newLead", L, { r: view.round }) : view.phase === "calling" ? tr("calling", L) : "";
  const items = round.items.map((a) => {
    const who = names[a.seat] ?? tr("seatN", L, { n: a.seat + 1 });
    if (a.do === "discard") {
      const n = a.cards ? a.cards.length : a.count;
      return playItem("lukfu", tr("faceDownBy", L, { who }), a.cards, msg.cards, native, tr("faceDown", L, { n }));
    }
    return playItem("lukfu", who, a.cards, msg.cards, native, "");
  });
  box.replaceChildren(el("p", { class: "label", testid: "to-beat", text: round.done && !view.top ? tr("lastRound", L, { head }) : head }),
    el("div", { class: "plays" }, items));
}

function daifugoTrick(box, msg, native) {
  const view = msg.view || {};
  const names = msg.names || [];
  const rev = reversedOrder(view);
  const order = rev ? "2 < A < K … 4 < 3 < JK" : "3 < 4 … K < A < 2 < JK";
  const flags = [];
  if (view.revolution) flags.push(native ? "革命中" : "revolution");
  if (view.revolution_pending) flags.push(native ? "次の流れで革命" : "revolution at the clear");
  if (view.jack_back) flags.push(native ? "イレブンバック" : "J-back");
  if (view.lock) flags.push(native ? `縛り ${view.lock}` : `locked to ${view.lock}`);
  if (view.direction && view.direction !== "clockwise") flags.push(native ? "逆回り" : "anticlockwise");
  const top = view.table && view.table.length
    ? playItem("daifugo", `${native ? "場" : "To beat"}: ${names[view.table_seat] ?? "?"}`, view.table, msg.cards, native, "")
    : el("span", { class: "face-down", text: native ? "場は空: 親が自由に出す" : "The table is clear: the leader plays anything" });
  box.replaceChildren(...[
    el("p", { class: "label", testid: "order", text: `${native ? "強さ" : "Order"}: ${order}${rev ? (native ? " · 革命中" : " · REVERSED") : ""}` }),
    flags.length ? el("p", { class: "label", testid: "flags", text: flags.join(" · ") }) : null,
    el("div", { class: "plays", testid: "to-beat" }, top)].filter(Boolean));
}

export function renderTrick(box, game, msg, native) {
  if (!msg.view) {
    box.replaceChildren();
    return;
  }
  if (game === "lukfu") lukfuTrick(box, msg, native);
  else daifugoTrick(box, msg, native);
}

/** The caption above the hand: what the colours and marks mean, or the ranking in force. */
export function handCaption(game, msg, native) {
  const L = pageLang(game, native);
  const view = msg.view || {};
  if (msg.player === null || msg.player === undefined) return tr("watchingHidden", L);
  if (game === "lukfu") {
    if (msg.seat === 3) {
      const card = view.dreamer ? label(msg.cards, view.dreamer, native) : "?";
      return tr("dreamCard", L, { card });
    }
    return tr("lukfuHand", L);
  }
  const rev = reversedOrder(view);
  const order = rev ? "2 < A < K … 4 < 3 < JK" : "3 < 4 … K < A < 2 < JK";
  return native ? `手札 · 強さ ${order}${rev ? " · 革命中" : ""}` : `Your hand, weakest first · ${order}${rev ? " · REVERSED" : ""}`;
}

/** The hand as buttons (selectable) or plain cards; the dreamer's card is shown on its own. */
export function renderHand(box, game, msg, tokens, selected, native, onToggle) {
  const view = msg.view || {};
  let shown = tokens;
  if (game === "lukfu" && msg.seat === 3 && view.dreamer && !tokens.length) shown = [view.dreamer];
  box.replaceChildren(...shown.map((token, index) => {
    const card = cardElement(game, token, msg.cards, {
      button: !!onToggle, index, native, selected: selected.has(index),
    });
    if (onToggle) card.addEventListener("click", () => onToggle(index));
    return card;
  }));
  box.classList.toggle("empty", !shown.length);
  box.dataset.empty = tr(msg.player === null || msg.player === undefined ? "noHand" : "noCards", pageLang(game, native));
}

export function renderLog(box, log, native) {
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.replaceChildren(...(log || []).map((line) => el("li", { text: pick(line, native) })));
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
    totals.map((t, p) => el("tr", {}, el("td", { text: (seats[p] && seats[p].name) || tr("playerN", L, { n: p + 1 }) }),
      el("td", { class: "num", text: String(t) })))));
}
