// The create-a-table page: game, preset and options (with their meanings), seats, hands, clock.
import { el, getJSON, postJSON } from "./api.js";
import { chosenLang, translatePage } from "./i18n.js";
import { renderLearn, watchLobby } from "./lobby.js";

const form = document.getElementById("create-form");
const errorBox = document.getElementById("create-error");
let games = [];

function currentGame() {
  const picked = form.querySelector("input[name=game]:checked");
  return games.find((g) => g.name === (picked ? picked.value : games[0].name));
}

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = !text;
}

function renderGames() {
  const box = document.getElementById("games");
  box.replaceChildren(
    ...games.map((g, i) =>
      el("label", { testid: `game-${g.name}` },
        el("input", { type: "radio", name: "game", value: g.name, checked: i === 0,
          onchange: () => renderGame() }),
        g.title || g.name),
    ),
  );
}

function renderGame() {
  const game = currentGame();
  const preset = document.getElementById("preset");
  preset.replaceChildren(...game.presets.map((p) =>
    el("option", { value: p.name, text: p.name, selected: p.name === game.default_preset })));
  preset.onchange = () => renderOptions();
  const players = document.getElementById("players");
  players.replaceChildren(
    ...game.player_counts.map((n) =>
      el("option", { value: n, text: String(n), selected: n === game.default_players })),
  );
  players.onchange = () => renderSeats();
  renderOptions();
  renderSeats();
}

function describePreset() {
  const game = currentGame();
  const name = document.getElementById("preset").value;
  const preset = game.presets.find((p) => p.name === name);
  document.getElementById("preset-description").textContent = preset ? preset.description : "";
}

function show(value) {
  if (Array.isArray(value)) return value.length ? value.join(", ") : "(none)";
  return String(value);
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
      option.choices.map((c) => el("option", { value: String(c), text: String(c),
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
        ` ${c}`)));
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

function renderOptions() {
  describePreset();
  const game = currentGame();
  const preset = document.getElementById("preset").value;
  const box = document.getElementById("options");
  box.replaceChildren(
    ...game.options.map((option) => {
      const base = option.defaults ? option.defaults[preset] : undefined;
      const control = optionControl(option, base);
      const row = el("div", { class: "option", dataset: { name: option.name } },
        el("div", { class: "option-head" },
          el("label", { class: "option-name", for: control.id, text: option.name }), control),
        el("p", { class: "option-meaning", text: option.meaning || "" }),
        option.values && Object.keys(option.values).length
          ? el("ul", { class: "option-values" },
            Object.entries(option.values).map(([k, v]) => el("li", {}, el("b", { text: k }), `: ${v}`)))
          : null,
        el("p", { class: "option-source", text: option.source ? `Source: ${option.source}` : "" }),
        el("p", { class: "note", text: `Preset ${preset}: ${show(base)}` }));
      control.addEventListener("change", () => markChanged());
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
  document.getElementById("changed-count").textContent = n ? String(n) : "none";
}

function renderSeats() {
  const game = currentGame();
  const n = Number.parseInt(document.getElementById("players").value, 10);
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const choices = [{ spec: "human", label: "a person" }, ...game.bots];
  box.replaceChildren(
    ...Array.from({ length: n }, (_, i) => {
      const fallback = i < 2 ? "human" : (game.bots[1] || game.bots[0]).spec;
      const value = old[i] ?? fallback;
      return el("div", { class: "seat-row" },
        el("label", { class: "seat-label", for: `seat-${i}`, text: `Player ${i + 1}` }),
        el("select", { id: `seat-${i}`, testid: `seat-${i}` },
          choices.map((c) => el("option", { value: c.spec, text: c.label || c.spec,
            selected: c.spec === value }))));
    }),
  );
  const note = game.name === "lukfu" && n === 4
    ? "With four players one seat dreams each hand: the seats turn round from hand to hand."
    : "Seats turn round from hand to hand as the game's rules say.";
  box.append(el("p", { class: "note", text: note }));
}

async function submit(event) {
  event.preventDefault();
  showError("");
  const game = currentGame();
  const preset = document.getElementById("preset").value;
  const changed = overrides();
  const players = Number.parseInt(document.getElementById("players").value, 10);
  const hands = Number.parseInt(document.getElementById("hands").value, 10);
  if (!Number.isInteger(hands) || hands < 1) {
    showError("The number of hands must be a whole number of at least 1.");
    return;
  }
  const clock = document.getElementById("clock").value;
  const body = {
    game: game.name,
    rules: Object.keys(changed).length ? { preset, options: changed } : preset,
    players,
    seats: Array.from({ length: players }, (_, i) => document.getElementById(`seat-${i}`).value),
    hands,
    clock: clock ? Number(clock) : null,
  };
  const creator = document.getElementById("creator").value.trim();
  if (creator) body.creator = creator;
  const name = document.getElementById("table-name").value.trim();
  if (name) body.name = name;
  body.public = document.getElementById("public").checked;
  body.spectators_chat = document.getElementById("spectators-chat").checked;
  try {
    const made = await postJSON("/api/tables", body);
    // the creator's secret: only this browser may start the table before it is full
    localStorage.setItem(`paiju.creator.${made.table}`, made.creator);
    const url = new URL(made.url, location.href).href;
    document.getElementById("table-link").value = url;
    document.getElementById("open-table").href = made.url;
    if (creator) sessionStorage.setItem(`paiju.name`, creator);
    form.hidden = true;
    document.getElementById("created").hidden = false;
  } catch (err) {
    showError(err.message);
  }
}

async function main() {
  translatePage(document, chosenLang());
  watchLobby(document.getElementById("lobby-list"), chosenLang());
  try {
    games = (await getJSON("/api/games")).games;
  } catch (err) {
    showError(`The list of games could not be read: ${err.message}`);
    return;
  }
  renderGames();
  renderGame();
  renderLearn(document.getElementById("learn-row"), games, chosenLang(), showError);
  form.addEventListener("submit", submit);
  document.getElementById("copy-link").addEventListener("click", async () => {
    const input = document.getElementById("table-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand("copy");
    }
  });
}

main();
