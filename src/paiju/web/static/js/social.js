// The table's social side: the chat (messages as text, quick reactions, a mute per person
// kept in this browser), the turn signal (the tab's title, an optional sound, a vibration)
// and the screen reader's announcements of whose turn it is and what was played.
import { el } from "./api.js";
import { tr } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** The quick reactions the server knows, each drawn as an emoji. */
export const REACTIONS = { good: "👍", bravo: "👏", wow: "😮", haha: "😄", thanks: "🙏", oops: "😅" };
const MUTE_KEY = "paiju.mute";
const SOUND_KEY = "paiju.sound";

function stored(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // a browser that keeps nothing keeps the choice until the page is left
  }
}

/** The chat panel: `send(message)` sends a chat or react message on the table's socket. */
export class Chat {
  constructor(send) {
    this.send = send;
    this.messages = [];
    this.muted = new Set(stored(MUTE_KEY, []));
    this.unread = 0;
    this.lang = "en";
    this.canWrite = true;
    $("chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const box = $("chat-input");
      const text = box.value.trim();
      if (!text || !this.canWrite) return;
      if (this.send({ type: "chat", text })) box.value = "";
    });
  }

  /** A `chat` message, or the `chat_log` of whoever connects. */
  receive(msg) {
    if (msg.type === "chat_log") this.messages = [...(msg.messages || [])];
    else {
      this.messages.push(msg);
      if (this.messages.length > 200) this.messages.shift();
      if (!this.muted.has(this.who(msg)) && !this.visible()) this.unread += 1;
    }
    this.render();
  }

  /** Whether the panel can be read now (the drawer is open, or beside the table). */
  visible() {
    const panel = $("chat-panel");
    return !!panel && panel.offsetParent !== null;
  }

  seen() {
    this.unread = 0;
    this.render();
  }

  who(msg) {
    if (msg.player !== null && msg.player !== undefined) return msg.name || "";
    return msg.spectator ? tr("chatWatcherN", this.lang, { n: msg.spectator }) : tr("chatWatcher", this.lang);
  }

  /** Whether this connection may write (a spectator only where the table allows it). */
  setWriter(canWrite, lang) {
    this.canWrite = canWrite;
    this.lang = lang;
    this.render();
  }

  toggleMute(name) {
    if (this.muted.has(name)) this.muted.delete(name);
    else this.muted.add(name);
    store(MUTE_KEY, [...this.muted]);
    this.render();
  }

  render(lang = this.lang, me = this.me) {
    this.lang = lang;
    this.me = me;
    const L = lang;
    const shown = this.messages.filter((m) => !this.muted.has(this.who(m)));
    $("chat-list").replaceChildren(...(shown.length ? shown.map((m) => this.line(m, L))
      : [el("li", { class: "note", text: tr("chatEmpty", L) })]));
    $("chat-list").scrollTop = $("chat-list").scrollHeight;
    $("chat-muted").replaceChildren(...(this.muted.size ? [el("span", { text: tr("mutedHead", L) }),
      ...[...this.muted].map((name) => el("button", { type: "button", class: "link", testid: "unmute",
        text: tr("unmute", L, { name }), onclick: () => this.toggleMute(name) }))] : []));
    const input = $("chat-input");
    input.disabled = !this.canWrite;
    input.placeholder = tr(this.canWrite ? "chatPlaceholder" : "chatNoSpectators", L);
    input.title = input.placeholder;
    $("chat-send").disabled = !this.canWrite;
    $("chat-send").textContent = tr("chatSend", L);
    $("chat-why").hidden = this.canWrite;
    $("chat-why").textContent = tr("chatNoSpectators", L);
    $("chat-reactions").replaceChildren(...Object.entries(REACTIONS).map(([name, emoji]) => el("button", {
      type: "button", class: "reaction", testid: `react-${name}`, disabled: !this.canWrite,
      title: tr(`react.${name}`, L), "aria-label": tr(`react.${name}`, L),
      onclick: () => this.send({ type: "react", reaction: name }),
    }, emoji)));
    const button = $("chat-button");
    button.textContent = this.unread ? tr("chatUnread", L, { n: this.unread }) : tr("chat", L);
    button.classList.toggle("unread", this.unread > 0);
  }

  line(msg, L) {
    const name = this.who(msg);
    const reaction = msg.reaction && REACTIONS[msg.reaction];
    const text = reaction ? tr("reactionLine", L, { emoji: reaction, word: tr(`react.${msg.reaction}`, L) }) : msg.text || "";
    const mine = this.me !== null && this.me !== undefined && msg.player === this.me;
    // the text is set as text, never read as markup
    return el("li", { class: `chat-line${reaction ? " reaction" : ""}`, testid: "chat-line",
      dataset: { player: msg.player === null || msg.player === undefined ? "" : String(msg.player) } },
    el("span", { class: "chat-text", text: tr("chatLine", L, { name, text }) }),
    mine ? null : el("button", { type: "button", class: "link mute", testid: "mute",
      title: tr("mute", L, { name }), "aria-label": tr("mute", L, { name }), text: "🔇",
      onclick: () => this.toggleMute(name) }));
  }
}

// ------------------------------------------------------------------ the turn signal

let audio = null;

/** A short two-note chime made by the browser itself (no sound file is fetched). */
function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [i, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.13);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.13 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.13 + 0.12);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.13);
      osc.stop(now + i * 0.13 + 0.13);
    }
  } catch {
    // no sound where the browser has none
  }
}

export const soundOn = () => stored(SOUND_KEY, false) === true;

/** The sound toggle's words, and turning it over. */
export function renderSound(L) {
  const button = $("sound-toggle");
  button.textContent = tr(soundOn() ? "soundOn" : "soundOff", L);
  button.setAttribute("aria-pressed", soundOn() ? "true" : "false");
}

export function toggleSound(L) {
  store(SOUND_KEY, !soundOn());
  if (soundOn()) chime();
  renderSound(L);
}

/** Signal a new turn of this person's: a sound when chosen, a vibration where allowed. */
export function signalTurn() {
  document.body.dataset.turnSignals = String(Number(document.body.dataset.turnSignals || 0) + 1);
  if (soundOn()) chime();
  if (navigator.vibrate) {
    try {
      navigator.vibrate(150);
    } catch {
      // a browser may refuse before the person has touched the page
    }
  }
}

/** Tell a screen reader (politely) what was played and whose turn it is, once each. */
export function announce(text) {
  const box = $("announce");
  if (box.textContent !== text) box.textContent = text;
}
