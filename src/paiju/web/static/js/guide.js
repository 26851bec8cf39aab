// The guided hand: at each of the person's turns, the moves the rules engine allows in words
// and, for a tapped card that cannot be used, the engine's reason, in the page's language.
import { el } from "./api.js";
import { tr } from "./i18n.js";
import { learnHref, pick } from "./words.js";

const $ = (id) => document.getElementById(id);

/** Draw the state's `guide` (none: the box is hidden); `detail` is the card last tapped and
 *  `name(token)` its name as the page writes it. */
export function renderGuide(msg, detail, name, native, L, game = "") {
  const box = $("guide");
  const guide = msg && msg.guide;
  box.hidden = !guide;
  if (!guide) return;
  const moves = (guide.moves || []).map((m) => el("li", { text: pick(m.text, native, L) }));
  if (guide.more) moves.push(el("li", { class: "note", text: tr("guideMore", L, { n: guide.more }) }));
  const barred = guide.barred || {};
  const reason = detail !== null && barred[detail] ? pick(barred[detail], native, L) : "";
  box.replaceChildren(
    el("h3", { text: tr("guideHead", L) }),
    el("ul", { testid: "guide-moves" }, moves),
    el("p", { class: reason ? "guide-why" : "note", testid: "guide-why",
      text: reason ? tr("guideWhy", L, { card: name(detail), reason }) : tr("guideTap", L) }),
    game ? el("p", { class: "note" }, el("a", { href: learnHref(game, L), target: "_blank", rel: "noopener",
      testid: "guide-howto", text: tr("howToPlay", L) })) : null,
  );
}
