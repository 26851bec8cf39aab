// Parts of the table page drawn from one message: the Rules box, the move clock, the
// drawer's height on a phone, and the short animations of the trick.
import { el } from "./api.js";
import { learnHref, namesOf, pick, said } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The Rules box: the rules in plain words by group (as the server writes them), and the
 *  options by name in a details line. `info` is the table's settings (GET /api/tables/<id>). */
export function renderRules(msg, info, nat, L) {
  // the rules in words come once, with the table's settings
  const text = said(msg.rules_text ? msg : (info || {}), "rules", nat, L);
  const groups = Array.isArray(text) ? text : [];
  $("rules-text").replaceChildren(...groups.map((g) => el("section", { testid: `rules-${g.group || "group"}` },
    el("h3", { text: pick(g.title, nat, L) }),
    el("ul", {}, (g.rules || g.lines || []).map((r) => el("li", { title: r.detail || "" },
      pick(r.text ?? r, nat, L)))))));
  const game = (info && info.game) || "";
  if (game) $("rules-howto").href = learnHref(game, L);
  $("rules-details").hidden = false;
  if (!groups.length) $("rules-details").open = true;
  const rules = said(msg, "rules_key", nat, L) || [];
  $("rules-key").replaceChildren(...rules.map((line) => el("li", { text: pick(line, nat, L) })));
}

let clockTimer = null;

/** The move clock of the state `msg` (hidden when none runs). */
export function renderClock(msg, L = "en") {
  const clock = msg && msg.clock;
  const box = $("clock");
  if (clockTimer) clearInterval(clockTimer);
  clockTimer = null;
  if (!clock || !clock.deadline) {
    box.hidden = true;
    return;
  }
  const who = namesOf(msg, L)[clock.seat] ?? "";
  const tick = () => {
    const left = Math.max(0, Math.round((clock.deadline - Date.now()) / 1000));
    box.textContent = `${who} ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    box.classList.toggle("low", left <= 10);
  };
  box.hidden = false;
  tick();
  clockTimer = setInterval(tick, 500);
}

/** On a phone the drawer (log, chat) ends above the hand and its buttons. */
export function fitDrawer() {
  const top = $("play").hidden ? 0 : $("hand").getBoundingClientRect().top;
  $("drawer").style.maxHeight = window.innerWidth < 1100 && top > 160 ? `${Math.floor(top) - 4}px` : "";
}

/** Cards going to the table (the newest play) and a trick being taken (the table cleared),
 *  in short CSS animations that prefers-reduced-motion turns off. `before` is how many plays
 *  the table showed; returns how many it shows now. */
export function animateTrick(trick, moved, before) {
  const items = trick.querySelectorAll(".play-item");
  if (moved && items.length > before) items[items.length - 1].classList.add("arrive");
  else if (moved && items.length < before) {
    trick.classList.remove("swept");
    void trick.offsetWidth; // the animation starts again
    trick.classList.add("swept");
  }
  return items.length;
}
