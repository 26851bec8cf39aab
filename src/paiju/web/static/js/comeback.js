// Ways back to a table: the personal seat link (the token in the link's fragment, never sent
// to the server in a query), a computer's seat taken between hands, a stand-in's seat freed
// by the creator, and "play again" after the session.
import { el, postJSON, saveSeat } from "./api.js";
import { tr } from "./i18n.js";
import { seatName } from "./words.js";

const $ = (id) => document.getElementById(id);

/** A seat link opened here (/t/<id>#seat=<token>): the token is kept as this browser's seat
 *  and taken out of the address bar. Returns whether there was one. */
export function adoptSeatLink(tableId) {
  const found = /(?:^#|&)seat=([^&]+)/.exec(location.hash || "");
  if (!found) return false;
  const token = decodeURIComponent(found[1]);
  saveSeat(tableId, { token, player: null, name: "" });
  history.replaceState(null, "", location.pathname + location.search);
  return true;
}

/** The link that brings this seat back on another device. */
export function seatLink(seat) {
  return `${location.origin}${location.pathname}#seat=${encodeURIComponent(seat.token)}`;
}

export function renderSeatLink(seat, L) {
  const box = $("seat-link-box");
  box.hidden = !seat;
  if (seat) $("seat-link").value = seatLink(seat);
  $("seat-link-note").textContent = tr("seatLinkText", L);
}

export async function copyText(input, L, say) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    document.execCommand("copy");
  }
  say(tr("copied", L));
}

/** The creator's secret of table `id`, kept by the browser that made it. */
export function creatorOf(id) {
  try {
    return localStorage.getItem(`paiju.creator.${id}`);
  } catch {
    return null;
  }
}

/** On the seats around the felt: for the creator, "free this seat" on each seat whose person
 *  is away; for a watcher, "take this seat" on a person's seat left free (`take(player,
 *  name)` takes it, the name asked for when the browser has none). */
export function decorateSeats(tableId, msg, L, say, take) {
  const secret = creatorOf(tableId);
  const watching = msg.player === null || msg.player === undefined;
  for (const item of document.querySelectorAll("#seats [data-player]")) {
    const player = Number(item.dataset.player);
    const info = (msg.seats || [])[player] || {};
    if (info.kind !== "human") continue;
    if (secret && info.taken && !info.connected) {
      item.append(el("button", {
        type: "button", class: "small", testid: `free-seat-${player}`, text: tr("freeSeat", L),
        onclick: async () => {
          try {
            await postJSON(`/api/tables/${encodeURIComponent(tableId)}/seats/${player}/free`, { token: secret });
            say(tr("seatFreed", L));
          } catch (err) {
            say(err.message, "error");
          }
        },
      }));
    } else if (watching && !info.taken) {
      item.append(el("button", {
        type: "button", class: "small primary", testid: `take-free-${player}`, text: tr("takeThisSeat", L),
        onclick: () => {
          const name = sessionStorage.getItem("paiju.name") || (window.prompt(tr("yourName", L)) || "").trim();
          if (name) take(player, name);
        },
      }));
    }
  }
}

/** Between hands, a spectator may take a computer's seat (`take(player, name)` takes it). */
export function renderTakeOver(msg, seated, between, L, take) {
  const box = $("takeover");
  const bots = ((msg && msg.seats) || []).filter((s) => s.kind === "bot");
  box.hidden = seated || !between || !bots.length;
  if (box.hidden) return;
  const nameBox = $("takeover-name");
  if (!nameBox.value) nameBox.value = sessionStorage.getItem("paiju.name") || "";
  $("takeover-note").textContent = tr("takeOverHead", L);
  $("takeover-seats").replaceChildren(...bots.map((s) => el("button", {
    type: "button", class: "primary", testid: `take-bot-${s.player}`,
    text: tr("takeComputerSeat", L, { name: seatName(s, L) }), onclick: () => take(s.player, nameBox.value.trim()),
  })));
}

/** After the session: "play again" (or join the rematch someone asked for). `rematch` is the
 *  server's rematch message when one came. */
export function renderRematch(tableId, seat, over, rematch, L) {
  const box = $("rematch-box");
  box.hidden = !over;
  $("rematch").hidden = !over || !seat;
  if (!over) return;
  const note = $("rematch-note");
  note.hidden = !rematch;
  if (rematch) note.textContent = tr("rematchAsked", L, { name: rematch.by || "" });
  $("rematch-carry-label").hidden = !seat || !!rematch;
  box.hidden = note.hidden && $("rematch-carry-label").hidden && !rematch;
  $("rematch-carry-text").textContent = tr("keepTotals", L);
  const button = $("rematch");
  button.textContent = tr(rematch ? "joinRematch" : "playAgain", L);
  button.dataset.testid = rematch ? "rematch-join" : "rematch";
  button.onclick = () => playAgain(tableId, seat, $("rematch-carry").checked);
  const watch = $("rematch-watch");
  watch.hidden = !!seat || !rematch;
  if (rematch) watch.href = rematch.url;
  watch.textContent = tr("watchRematch", L);
}

async function playAgain(tableId, seat, carry) {
  const button = $("rematch");
  button.disabled = true;
  try {
    const got = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token: seat.token, carry });
    saveSeat(got.table, { token: got.token, player: got.player, name: seat.name || "" });
    if (got.creator) localStorage.setItem(`paiju.creator.${got.table}`, got.creator);
    location.assign(got.url);
  } catch (err) {
    $("rematch-note").hidden = false;
    $("rematch-note").textContent = err.message;
    button.disabled = false;
  }
}
