// Talking to the game API from a logged-in page: the session cookie, the
// CSRF token from its cookie, and an Idempotency-Key on every write.

// No answer at all (no connection, or the server is down): worth retrying.
export class Unreachable extends Error {}

// A 4xx answer: the server has decided, and retrying will not change it.
export class Refused extends Error {
  constructor(status, body) {
    super((body && body.error) || `the server refused it (${status})`);
    this.status = status;
    this.body = body || {};
  }
}

function csrfToken() {
  const found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return found ? decodeURIComponent(found[1]) : "";
}

async function answer(response) {
  let body = null;
  try { body = await response.json(); } catch { /* an empty or HTML body */ }
  if (response.ok) return body;
  if (response.status >= 400 && response.status < 500) throw new Refused(response.status, body);
  throw new Unreachable(`the server answered ${response.status}`);
}

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin", cache: "no-store", ...init });
  } catch (err) {
    throw new Unreachable(String(err));
  }
  return answer(response);
}

// `cache: "no-cache"` for what is polled: the browser asks with the ETag of
// its copy, and a 304 (nothing changed) gives that copy back.
export function getJson(url, { cache = "no-store" } = {}) {
  return send(url, { cache, headers: { Accept: "application/json" } });
}

export function postJson(url, body, key = "") {
  const headers = { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() };
  if (key) headers["Idempotency-Key"] = key;
  return send(url, { method: "POST", headers, body: JSON.stringify(body) });
}

// A key for a write, made once and kept with it so that a resend is the
// same write. randomUUID needs a secure context; a LAN address is not one.
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
