// Keeps the match night page (and the cup finals night's, which follows its
// league's cup pages' stream) current, for the pub's TV and for phones: it
// fetches the scoreboard part of the page (rendered by the server from the
// same template as the page) and swaps it in when it has changed: when the
// push process's stream says the night has a new version (push.js), or,
// where the stream does not answer, every few seconds. A new score is read
// out to screen readers once, not every fetch.
import { guarded, loudly } from "./broken.js";
import { showLive } from "./pad-dom.js";
import { follow } from "./push.js";

const POLL_MS = 3000;
const night = document.getElementById("night");
const live = document.getElementById("night-live");
const connection = document.getElementById("night-connection");
const announce = document.getElementById("night-announce");
const stale = document.getElementById("night-stale");
let shown = null; // the fragment's text as last swapped in
let timer = null;
let fetching = false;
let again = false; // a change was announced during the fetch under way
let pushed = false; // the stream answers: no polling

function now() {
  return live.querySelector(".now");
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
  if (fetching) {
    again = true;
    return;
  }
  fetching = true;
  again = false;
  timer = null;
  const text = await fragment();
  fetching = false;
  // A fragment that cannot be swapped in is not a lost connection: it
  // fails loudly (see broken.js) and the polling stops.
  if (text !== null && text !== shown) swap(text);
  if (text !== null) shown = text;
  showLive(connection, text !== null);
  if (again) loudly(poll());
  else schedule(text === null);
}

// The scoreboard part of the page as the server renders it now, or null
// when there is no answer worth showing (no connection, a server error).
// "no-cache": the browser asks with the ETag of its copy, and a 304 (nothing
// changed, which costs the server next to nothing) gives back that copy.
async function fragment() {
  try {
    const response = await fetch(live.dataset.poll, { credentials: "same-origin", cache: "no-cache" });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

// A hidden tab (a phone in a pocket) stops polling until it is looked at.
// While the stream answers there is no polling, but a fetch that failed is
// tried again: the stream may say nothing more for a while.
function schedule(failed = false) {
  if (timer === null && !fetching && (failed || !pushed) && !document.hidden) timer = setTimeout(guarded(poll), POLL_MS);
}

function pushing(now) {
  pushed = now;
  live.dataset.following = now ? "push" : "poll";
  if (now && timer !== null) {
    clearTimeout(timer);
    timer = null;
  } else if (!now) {
    schedule();
  }
}

document.addEventListener("visibilitychange", guarded(() => {
  if (document.hidden && timer !== null) {
    clearTimeout(timer);
    timer = null;
  } else if (!document.hidden && timer === null && !fetching && !pushed) {
    loudly(poll());
  }
}));

// A refused form is shown again with the service's words: take the reader there.
document.getElementById("refusal")?.focus();
loudly(poll());
// Every version announced (the current one first, on each connection)
// fetches the fragment: an unchanged one costs a 304.
follow({ url: live.dataset.push, onPushing: guarded(pushing), onMessage: () => loudly(poll()) });
