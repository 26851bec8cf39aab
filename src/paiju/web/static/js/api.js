// Talking to paiju's server: JSON over HTTP, errors carried as the server's reason.

/** An HTTP error with the server's reason ({"error": reason}) and its status, and the
 *  reason in every language when the server gives it ({"error_text": {lang: text}}). */
export class ApiError extends Error {
  constructor(status, reason, texts = null) {
    super(reason);
    this.status = status;
    this.texts = texts;
  }
}

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "The server cannot be reached: check your connection and try again.");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const reason = (data && (data.error || data.reason || data.detail)) || response.statusText;
    const texts = data && typeof data.error_text === "object" ? data.error_text : null;
    throw new ApiError(response.status, typeof reason === "string" ? reason : JSON.stringify(reason), texts);
  }
  return data;
}

export const getJSON = (path) => call("GET", path);
export const postJSON = (path, body) => call("POST", path, body ?? {});

/** The WebSocket address of table `id`, for a seat's token or a spectator (no token). */
export function socketUrl(id, token) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(id)}${query}`;
}

/** The seat this browser holds at table `id`: {token, player, name}, or null. */
export function loadSeat(id) {
  try {
    const raw = localStorage.getItem(`paiju.token.${id}`);
    if (!raw) return null;
    const seat = JSON.parse(raw);
    return seat && typeof seat.token === "string" ? seat : null;
  } catch {
    return null;
  }
}

export function saveSeat(id, seat) {
  localStorage.setItem(`paiju.token.${id}`, JSON.stringify(seat));
}

export function forgetSeat(id) {
  localStorage.removeItem(`paiju.token.${id}`);
}

/** An element with attributes and children, for building the page without a framework. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "testid") node.dataset.testid = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
