// The create-a-table page: game, preset and options (with their meanings), seats, hands, clock,
// in the language chosen in its menu (the same choice as the table page's).
import { el, getJSON, postJSON } from "./api.js";
import { chosenLang, languageMenu, translatePage, tr } from "./i18n.js";
import { learnGames } from "./games.js";
import { renderLearn, watchLobby } from "./lobby.js";
import { SERVER_LANG, said } from "./words.js";

const $ = (id) => document.getElementById(id);
const form = $("create-form");
const errorBox = $("create-error");
let games = [];
/** The page's language now. */
let L = chosenLang();
/** Shows the lobby again in another language. */
let relabelLobby = () => {};

function currentGame() {
  const picked = form.querySelector("input[name=game]:checked");
  return games.find((g) => g.name === (picked ? picked.value : games[0].name));
}

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = !text;
}

/** A server's refusal in the page's language (its English when the server has no other). */
function reasonOf(err) {
  if (err && err.texts && err.texts[SERVER_LANG[L]]) return err.texts[SERVER_LANG[L]];
  return err && err.status ? err.message : tr("unreachable", L);
}

function renderGames(picked = null) {
  const box = $("games");
  box.replaceChildren(
    ...games.map((g, i) =>
      el("label", { testid: `game-${g.name}` },
        el("input", { type: "radio", name: "game", value: g.name,
          checked: picked ? g.name === picked : i === 0, onchange: () => renderGame() }),
        said(g, "title", false, L) || g.name),
    ),
  );
}

/** The game's presets, players and seats; `keep` holds the choices to keep (a change of
 *  language), else the game's defaults are shown. */
function renderGame(keep = null) {
  const game = currentGame();
  const preset = $("preset");
  const presetName = keep ? keep.preset : game.default_preset;
  preset.replaceChildren(...game.presets.map((p) =>
    el("option", { value: p.name, text: said(p, "label", false, L) || p.name, selected: p.name === presetName })));
  preset.onchange = () => renderOptions();
  const players = $("players");
  const count = keep ? keep.players : game.default_players;
  players.replaceChildren(
    ...game.player_counts.map((n) =>
      el("option", { value: n, text: String(n), selected: n === count })),
  );
  players.onchange = () => renderSeats();
  renderOptions(keep ? keep.options : null);
  renderSeats();
}

/** A preset by name in the page's language. */
function presetWord(game, name) {
  const preset = game.presets.find((p) => p.name === name);
  return (preset && said(preset, "label", false, L)) || name;
}

function describePreset() {
  const game = currentGame();
  const name = $("preset").value;
  const preset = game.presets.find((p) => p.name === name);
  $("preset-description").textContent = preset ? said(preset, "description", false, L) : "";
}

/** A choice of `option` in the page's language (the server's `choices_text`), else as typed. */
function choiceWord(option, choice) {
  const texts = option.choices_text && option.choices_text[String(choice)];
  return (texts && texts[SERVER_LANG[L]]) || String(choice);
}

/** An option by name in the page's language. */
const optionWord = (option) => said(option, "label", false, L) || option.name;

/** A value of `option` as the form writes it: a list's items, yes or no, a choice's words. */
function show(value, option = null) {
  const word = (v) => (option ? choiceWord(option, v) : String(v));
  if (Array.isArray(value)) return value.length ? value.map(word).join(L === "en" ? ", " : "、") : tr("optionNone", L);
  if (value === true || value === false) return tr(value ? "optionYes" : "optionNo", L);
  return word(value);
}

/** The players' words for one value of `option` (a value's key: "true", "5", "top"), in
 *  the page's language, else in English. */
function valueWords(option, key) {
  const texts = option.wording && option.wording.values && option.wording.values[key];
  if (texts) return texts[SERVER_LANG[L]] || texts.en;
  return (option.values || {})[key] || "";
}

/** What the option's value means at the table: English has the option's meaning; the
 *  other languages say the rule the value makes, item by item for a list. */
function meaning(option, value) {
  if (L === "en") return option.meaning || "";
  if (option.kind === "list") {
    const items = Array.isArray(value) && value.length ? value : ["none"];
    return items.map((item) => valueWords(option, String(item))).join(" ");
  }
  return valueWords(option, String(value));
}

/** One option's control, set to the preset's value. */
function optionControl(option, value) {
  const id = `opt-${option.name}`;
  const common = { id, dataset: { option: option.name, kind: option.kind }, testid: id };
  if (option.kind === "bool") {
    return el("input", { ...common, type: "checkbox", checked: !!value });
  }
  if (option.kind === "choice" || (option.kind === "int" && option.choices && option.choices.length)) {
    return el("select", common,
      option.choices.map((c) => el("option", { value: String(c), text: choiceWord(option, c),
        selected: String(c) === String(value) })));
  }
  if (option.kind === "int") {
    return el("input", { ...common, type: "number", step: 1, value: String(value) });
  }
  // list: a subset of the choices
  const chosen = new Set(value || []);
  return el("span", { ...common, class: "list-choices" },
    option.choices.map((c) =>
      el("label", {}, el("input", { type: "checkbox", value: String(c), checked: chosen.has(c) }),
        ` ${choiceWord(option, c)}`)));
}

/** Set a control to `value` (a choice kept across a change of language). */
function setControl(option, control, value) {
  if (option.kind === "bool") control.checked = !!value;
  else if (option.kind === "list") {
    const chosen = new Set((value || []).map(String));
    for (const box of control.querySelectorAll("input")) box.checked = chosen.has(box.value);
  } else control.value = String(value);
}

function readControl(option, control) {
  if (option.kind === "bool") return control.checked;
  if (option.kind === "int") return Number.parseInt(control.value, 10);
  if (option.kind === "choice") return control.value;
  return [...control.querySelectorAll("input:checked")].map((i) => i.value);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function renderOptions(keep = null) {
  describePreset();
  const game = currentGame();
  const preset = $("preset").value;
  const box = $("options");
  box.replaceChildren(
    ...game.options.map((option) => {
      const base = option.defaults ? option.defaults[preset] : undefined;
      const control = optionControl(option, base);
      if (keep && option.name in keep) setControl(option, control, keep[option.name]);
      const group = option.wording ? said(option.wording, "group", false, L) : null;
      const values = Object.keys(option.values || {});
      const what = el("p", { class: "option-meaning", text: meaning(option, readControl(option, control)) });
      const row = el("div", { class: "option", dataset: { name: option.name } },
        el("div", { class: "option-head" },
          el("label", { class: "option-name", for: control.id, text: optionWord(option) }), control),
        typeof group === "string" ? el("p", { class: "option-group note", text: tr("optionGroup", L, { group }) }) : null,
        what,
        values.length
          ? el("ul", { class: "option-values" },
            values.map((k) => el("li", {}, tr("optionValue", L, {
              value: option.kind === "bool" ? show(k === "true") : choiceWord(option, k),
              text: L === "en" ? option.values[k] : valueWords(option, k) }))))
          : null,
        // the source is quoted as written (in English): in another language only when the
        // player opens it
        option.source && L === "en"
          ? el("p", { class: "option-source" }, tr("optionSource", L), " ",
            el("q", { lang: "en", text: option.source }))
          : null,
        option.source && L !== "en"
          ? el("details", { class: "option-source", testid: "option-source" },
            el("summary", { text: tr("optionSourceOpen", L) }), el("q", { lang: "en", text: option.source }))
          : null,
        el("p", { class: "note", text: tr("optionAtPreset", L, {
          preset: presetWord(game, preset), value: show(base, option) }) }));
      control.addEventListener("change", () => {
        what.textContent = meaning(option, readControl(option, control));
        markChanged();
      });
      return row;
    }),
  );
  markChanged();
}

/** The options changed from the preset, as {name: value}. */
function overrides() {
  const game = currentGame();
  const preset = document.getElementById("preset").value;
  const out = {};
  for (const option of game.options) {
    const control = document.getElementById(`opt-${option.name}`);
    if (!control) continue;
    const value = readControl(option, control);
    const base = option.defaults ? option.defaults[preset] : undefined;
    if (!same(value, base)) out[option.name] = value;
  }
  return out;
}

function markChanged() {
  const changed = overrides();
  for (const row of document.querySelectorAll(".option")) {
    row.classList.toggle("changed", row.dataset.name in changed);
  }
  const n = Object.keys(changed).length;
  $("options-summary").textContent = n ? tr("optionsChanged", L, { n }) : tr("optionsNoneChanged", L);
}

function renderSeats() {
  const game = currentGame();
  const n = Number.parseInt($("players").value, 10);
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const choices = [{ spec: "human", label: tr("seatPerson", L) },
    ...game.bots.map((b) => ({ spec: b.spec, label: said(b, "label", false, L) }))];
  box.replaceChildren(
    ...Array.from({ length: n }, (_, i) => {
      const fallback = i < 2 ? "human" : (game.bots[1] || game.bots[0]).spec;
      const value = old[i] ?? fallback;
      return el("div", { class: "seat-row" },
        el("label", { class: "seat-label", for: `seat-${i}`, text: tr("playerN", L, { n: i + 1 }) }),
        el("select", { id: `seat-${i}`, testid: `seat-${i}` },
          choices.map((c) => el("option", { value: c.spec, text: c.label || c.spec,
            selected: c.spec === value }))));
    }),
  );
  const note = (game.page && game.page.player_notes[String(n)]) || "seatsTurn";
  box.append(el("p", { class: "note", text: tr(note, L) }));
}

/** The move clock's choices in the page's language. */
function renderClock() {
  for (const option of $("clock").options) {
    const s = Number(option.value);
    if (!option.value) option.textContent = tr("clockNone", L);
    else option.textContent = s % 60 ? tr("clockSeconds", L, { n: s }) : tr("clockMinutes", L, { n: s / 60 });
  }
}

async function submit(event) {
  event.preventDefault();
  showError("");
  const game = currentGame();
  const preset = $("preset").value;
  const changed = overrides();
  const players = Number.parseInt($("players").value, 10);
  const hands = Number.parseInt($("hands").value, 10);
  if (!Number.isInteger(hands) || hands < 1) {
    showError(tr("handsWhole", L));
    return;
  }
  const clock = $("clock").value;
  const body = {
    game: game.name,
    rules: Object.keys(changed).length ? { preset, options: changed } : preset,
    players,
    seats: Array.from({ length: players }, (_, i) => $(`seat-${i}`).value),
    hands,
    clock: clock ? Number(clock) : null,
  };
  const creator = $("creator").value.trim();
  if (creator) body.creator = creator;
  const name = $("table-name").value.trim();
  if (name) body.name = name;
  body.public = $("public").checked;
  body.spectators_chat = $("spectators-chat").checked;
  try {
    const made = await postJSON("/api/tables", body);
    // the creator's secret: only this browser may start the table before it is full
    localStorage.setItem(`paiju.creator.${made.table}`, made.creator);
    const url = new URL(made.url, location.href).href;
    $("table-link").value = url;
    $("open-table").href = made.url;
    if (creator) sessionStorage.setItem(`paiju.name`, creator);
    form.hidden = true;
    $("created").hidden = false;
  } catch (err) {
    showError(reasonOf(err));
  }
}

/** Every word of the page in language `code`, the choices made so far kept. */
function setLanguage(code) {
  L = code;
  translatePage(document, L);
  document.title = tr("createTitle", L);
  renderClock();
  relabelLobby(L);
  if (!games.length) return;
  const keep = { preset: $("preset").value, players: Number.parseInt($("players").value, 10), options: overrides() };
  renderGames(currentGame().name);
  renderGame(keep);
  renderLearn($("learn-row"), games, L, showError);
}

async function main() {
  languageMenu($("language"), L, setLanguage);
  translatePage(document, L);
  document.title = tr("createTitle", L);
  renderClock();
  relabelLobby = watchLobby($("lobby-list"), L);
  try {
    games = (await getJSON("/api/games")).games;
    learnGames(games);
    relabelLobby(L);
  } catch (err) {
    showError(tr("gamesUnread", L, { reason: reasonOf(err) }));
    return;
  }
  renderGames();
  renderGame();
  renderLearn($("learn-row"), games, L, showError);
  form.addEventListener("submit", submit);
  $("copy-link").addEventListener("click", async () => {
    const input = $("table-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand("copy");
    }
  });
}

main();
