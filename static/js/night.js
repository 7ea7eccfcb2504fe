// Keeps the match night page current, for the pub's TV and for phones: it
// fetches the scoreboard part of the page (rendered by the server from the
// same template as the page) every few seconds and swaps it in when it has
// changed. A new score is read out to screen readers once, not every poll.
const POLL_MS = 3000;
const night = document.getElementById("night");
const live = document.getElementById("night-live");
const connection = document.getElementById("night-connection");
const announce = document.getElementById("night-announce");
const stale = document.getElementById("night-stale");
let shown = null; // the fragment's text as last swapped in
let timer = null;
let fetching = false;

function now() {
  return live.querySelector(".now");
}

function status(text, kind) {
  connection.textContent = text;
  connection.className = `connection ${kind}`;
}

// Swapping the HTML would drop the keyboard's place on a scoreboard link.
function swap(text) {
  const focused = live.contains(document.activeElement) ? document.activeElement.id : "";
  const before = now();
  live.innerHTML = text;
  if (focused) document.getElementById(focused)?.focus();
  const after = now();
  if (before && after && before.dataset.score !== after.dataset.score) {
    announce.textContent = `Score: ${after.dataset.score}`;
  }
  // The forms below were for the night as it stood: say so when it moves on.
  if (stale && night.hasAttribute("data-forms") && after && after.dataset.stage !== night.dataset.stage) {
    stale.hidden = false;
  }
}

async function poll() {
  if (fetching) return;
  fetching = true;
  timer = null;
  try {
    const response = await fetch(live.dataset.poll, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const text = await response.text();
    if (text !== shown) swap(text);
    shown = text;
    status(`Live: updated ${new Date().toLocaleTimeString("en-GB")}`, "online");
  } catch {
    status("Reconnecting…", "offline");
  } finally {
    fetching = false;
  }
  schedule();
}

// A hidden tab (a phone in a pocket) stops polling until it is looked at.
function schedule() {
  if (timer === null && !document.hidden) timer = setTimeout(poll, POLL_MS);
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden && timer !== null) {
    clearTimeout(timer);
    timer = null;
  } else if (!document.hidden && timer === null && !fetching) {
    poll();
  }
});

// A refused form is shown again with the service's words: take the reader there.
document.getElementById("refusal")?.focus();
poll();
