// The end of a hand and of the session: the result in words, the scores, and the buttons
// to step through the hand and to say you are ready for the next one.
import { el } from "./api.js";
import { gamePage } from "./games.js";
import { ordinal, tr } from "./i18n.js";
import { namesOf, pick, said, seatName } from "./words.js";

const $ = (id) => document.getElementById(id);

/** Fill the end-of-hand dialog from a hand_over message; `state` is the last state message. */
export function showHandOver(msg, state, game, native, L, { seated, sessionOver }) {
  const result = msg.result || { scores: null, places: null };
  const names = msg.names ? namesOf(msg, L) : namesOf(state, L);
  const players = msg.players || (state && state.players) || names.map((_, i) => i);
  const seats = (state && state.seats) || [];
  $("over-title").textContent = tr("handOver", L, { n: msg.hand });
  const lines = said(msg, "lines", native, L) || [];
  $("over-lines").replaceChildren(...lines.map((line) => el("li", { text: pick(line, native, L) })));
  // a hand's result: each seat's payment, its place and points, or its points (as the game
  // says), from the message's result table
  const style = gamePage(game).result;
  const payments = style === "payments";
  const places = style === "places";
  const perSeat = result.scores;
  const head = el("tr", {}, el("th", { class: "num", text: tr("numberHead", L) }), el("th", { text: tr("player", L) }),
    places ? el("th", { text: tr("place", L) }) : null,
    el("th", { class: "num", text: tr(payments ? "payment" : "points", L) }), el("th", { class: "num", text: tr("totalHead", L) }));
  const placeOf = result.places || [];
  const rows = names.map((name, s) => {
    const p = players[s] ?? s;
    const place = placeOf[s];
    const placeText = place ? tr("placeN", L, { n: place, ord: ordinal(place) }) : "";
    return el("tr", { testid: `over-row-${s}` }, el("td", { class: "num", text: String(p + 1) }),
      el("td", { text: name || seatName(seats[p], L) }),
      places ? el("td", { text: placeText }) : null,
      el("td", { class: "num", testid: "payment", text: perSeat ? String(perSeat[s]) : "" }),
      el("td", { class: "num", text: msg.totals ? String(msg.totals[p]) : "" }));
  });
  $("over-table").replaceChildren(head, ...rows);
  $("next-hand").hidden = !seated || !!sessionOver;
  $("final").hidden = !sessionOver;
  $("replay").hidden = true;
  const dialog = $("over-dialog");
  if (!dialog.open) dialog.showModal();
}

/** Add the session's final places to the dialog. */
export function showSessionOver(msg, seats, L) {
  const totals = msg.totals || [];
  const places = msg.places || totals.map(() => null);
  const order = totals.map((_, p) => p).sort((a, b) => (places[a] ?? 0) - (places[b] ?? 0));
  $("final").replaceChildren(
    el("h3", { text: tr("sessionOver", L) }),
    el("ol", { class: "final", testid: "final-places" }, order.map((p) =>
      el("li", { testid: "final-place", value: places[p] ?? undefined,
        text: tr("finalLine", L, { name: seatName(seats[p], L) || tr("playerN", L, { n: p + 1 }), total: totals[p] }) }))));
  $("final").hidden = false;
  $("next-hand").hidden = true;
  const dialog = $("over-dialog");
  if (!dialog.open) dialog.showModal();
}

export function closeOver() {
  const dialog = $("over-dialog");
  if (dialog.open) dialog.close();
  $("replay").hidden = true;
}
