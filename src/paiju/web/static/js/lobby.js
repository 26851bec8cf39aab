// The first page's open tables (the public ones, live over WS /ws/lobby) and the "Learn to
// play" entries, which make a guided table of one hand against computer players.
import { el, getJSON, postJSON, saveSeat } from "./api.js";
import { tr } from "./i18n.js";
import { gameTitle, learnHref, said, SERVER_LANG } from "./words.js";

/** One public table of the lobby as a list item: what it is, who sits there, join or watch. */
function entry(t, L) {
  const game = gameTitle(t.game, L) || t.title || t.game;
  const name = t.name || tr("unnamedTable", L, { game });
  const free = t.seats.filter((s) => s.free).map((s) => tr("lobbySeatFree", L, { seat: tr("playerN", L, { n: s.player + 1 }) }));
  const people = t.seats.filter((s) => s.kind === "human" && !s.free).map((s) => s.name);
  return el("li", { testid: `lobby-table-${t.table}`, dataset: { table: t.table, free: String(t.free) } },
    el("div", { class: "what" },
      el("b", { text: name }),
      el("span", { text: tr("lobbyEntry", L, { game, preset: t.preset, played: t.hands_played, hands: t.hands }) }),
      el("span", { testid: "lobby-counts", text: tr("lobbyCounts", L, { free: t.free, people: t.people, computers: t.computers }) }),
      el("span", { text: [...people, ...free].join(" · ") })),
    el("div", { class: "go" },
      // a free seat for a person, or a computer's seat that may be taken between two hands
      t.free || t.seats.some((s) => s.takeable)
        ? el("a", { class: "button primary", href: t.url, testid: "lobby-join", text: tr("lobbyJoin", L) }) : null,
      el("a", { class: "button", href: t.url, testid: "lobby-watch", text: tr("lobbyWatch", L) })));
}

function render(box, listing, L) {
  const tables = (listing && listing.tables) || [];
  box.replaceChildren(...(tables.length ? tables.map((t) => entry(t, L))
    : [el("li", { class: "note", testid: "lobby-none", text: tr("openTablesNone", L) })]));
  box.dataset.count = String(tables.length);
}

/** Show the lobby in `box` and follow it: the list at once, then each change. Returns a
 *  function that shows it again in another language. */
export function watchLobby(box, lang) {
  let retry = 0;
  let L = lang;
  let last;
  const show = (listing) => {
    last = listing;
    render(box, listing, L);
  };
  getJSON("/api/lobby").then(show).catch(() => show(null));
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
    socket.onopen = () => { retry = 0; };
    socket.onmessage = (event) => {
      try {
        const msg = JSON.parse(event.data);
        if (msg.type === "lobby") show(msg);
      } catch {
        // not a list: nothing to show
      }
    };
    socket.onclose = () => {
      retry += 1;
      setTimeout(open, Math.min(10000, 500 * 2 ** Math.min(retry, 5)));
    };
  };
  open();
  return (next) => {
    L = next;
    if (last !== undefined) render(box, last, L);
  };
}

/** The guided hand of `game`: a table of one hand, you and computer players, your seat taken. */
async function learn(game, L, showError) {
  const players = (game.page && game.page.learn_players) || game.default_players;
  const bot = (game.bots.find((b) => b.spec === "heuristic") || game.bots[0]).spec;
  const name = (document.getElementById("creator").value || "").trim() || tr("learnerName", L);
  try {
    const made = await postJSON("/api/tables", {
      game: game.name, players, hands: 1, guided: true,
      seats: ["human", ...Array.from({ length: players - 1 }, () => bot)],
    });
    localStorage.setItem(`paiju.creator.${made.table}`, made.creator);
    const seat = await postJSON(`/api/tables/${encodeURIComponent(made.table)}/seats/0`, { name });
    saveSeat(made.table, { token: seat.token, player: seat.player, name });
    location.assign(made.url);
  } catch (err) {
    // the server's refusal in the page's language when it has one
    showError((err.texts && err.texts[SERVER_LANG[L]]) || (err.status ? err.message : tr("unreachable", L)));
  }
}

/** A "Learn <game>" button for each game. */
export function renderLearn(box, games, L, showError) {
  box.replaceChildren(...games.flatMap((g) => [el("button", {
    type: "button", class: "primary", testid: `learn-${g.name}`,
    text: tr("learnGame", L, { game: said(g, "title", false, L) || g.name }),
    onclick: () => learn(g, L, showError),
  }), el("a", {
    class: "button", href: learnHref(g.name, L), testid: `howto-${g.name}`,
    text: tr("howToPlayGame", L, { game: said(g, "title", false, L) || g.name }),
  })]));
}
