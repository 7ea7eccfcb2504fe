// Keeps the match night page (and the cup finals night's, which follows its
// league's cup pages' stream) current, for the pub's TV and for phones: it
// fetches the scoreboard part of the page (rendered by the server from the
// same template as the page) and swaps it in when it has changed: when the
// push process's stream says the night's structure has a new version
// (push.js: a game started or won, players named, a result submitted), or,
// where the stream does not answer, every few seconds. Between those the
// stream sends the night's games' live states, and each live game's score
// (the cell marked with its game's id and the seq it shows) is drawn from
// the newest, with nothing fetched. A new match score is read out to screen
// readers once, not every fetch.
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
let frame = null; // the version of the night's structure last told
const states = new Map(); // each game's newest state sent, by the game's id

function now() {
  return live.querySelector(".now");
}

// Swapping the HTML would drop the keyboard's place on a scoreboard link.
function swap(text) {
  const focused = live.contains(document.activeElement) ? document.activeElement.id : "";
  const before = now();
  live.innerHTML = text;
  // A fragment rendered before a state it was sent shows older scores.
  for (const state of states.values()) draw(state);
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

// A live game's score as its state gives it (home first), where the page
// shows an older one.
function draw(state) {
  const cell = live.querySelector(`.game-score[data-game="${state.id}"]`);
  if (!cell || Number(cell.dataset.seq) >= state.seq) return;
  const [home, away] = Array.isArray(state.scores) && state.scores.length ? state.scores : [0, 0];
  cell.textContent = `${home}–${away}`;
  cell.dataset.seq = String(state.seq);
}

// What the stream sends: a game's state (drawn), or the night's versions
// (the fragment fetched when its structure, or the page's version where
// the stream gives no structure, is not the one last told).
function told(message) {
  if (Number.isInteger(message.seq) && Number.isInteger(message.id)) {
    const held = states.get(message.id);
    if (held && held.seq >= message.seq) return;
    states.set(message.id, message);
    draw(message);
    return;
  }
  const version = message.frame ?? message.version;
  if (version === frame) return;
  frame = version;
  loudly(poll());
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
// The current versions come first on each connection: the fragment is
// fetched when they are new to the page (an unchanged fragment costs a 304).
follow({ url: live.dataset.push, onPushing: guarded(pushing), onMessage: guarded(told) });
