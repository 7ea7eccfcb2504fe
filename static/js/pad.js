// The scorer's pad: tap what happened at the table, and the server's rules
// engine says what it means. The page scores nothing itself: where each tile
// fits and what it is worth come from GET /options, what a wrong peg will
// cost from POST /preview. Every write goes through the outbox, so nothing
// is lost when the connection drops. This module talks to the server and
// handles the taps; pad-view.js and pad-entry.js draw the page.
import { guarded, loudly } from "./broken.js";
import { Refused, Unreachable, getJson, postJson } from "./pad-api.js";
import { byId } from "./pad-dom.js";
import { renderActions, renderSeats, renderStep, renderTiles } from "./pad-entry.js";
import { actions, api, deleteDigit, freshPick, freshShowing, known, outbox, pad, root, seatToMove, tableKey, tableLooksEmpty, typeDigit } from "./pad-state.js";
import { eventText, moveText, penaltyLines } from "./pad-text.js";
import { renderAlerts, renderConnection, renderMoves, renderQueue, renderTable } from "./pad-view.js";
import { drawScores } from "./scoreboard.js";

// ----- talking to the server ------------------------------------------------

async function refresh() {
  try {
    const fresh = await getJson(`${api}/options`);
    if (pad.table && fresh.state.seq !== pad.table.state.seq) pad.before = pad.table.state.scores;
    pad.table = fresh;
    pad.online = true;
    localStorage.setItem(tableKey, JSON.stringify(pad.table));
  } catch (err) {
    if (err instanceof Refused) showRefusal(err);
    else if (err instanceof Unreachable) pad.online = false;
    else throw err;
  }
  render();
}

// A request the server refused (not a write: those are the outbox's), in
// its own words above the taps.
function showRefusal(err) {
  pad.notice = { kind: "error", title: "The server says", lines: [err.message] };
}

async function followLive() {
  try {
    const live = await getJson(`${api}/live`);
    if (pad.table && live.seq !== pad.table.state.seq && !outbox.items.length) await refresh();
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    pad.online = false;
    render();
  }
}

async function flush() {
  let sent = 0;
  await outbox.flush({
    sent(item, reply) {
      sent += 1;
      pad.online = true;
      // A hand's end has an alert of its own (see renderAlerts).
      const told = reply.events.filter((e) => e.type !== "hand-end");
      pad.notice = told.length ? { kind: "info", title: "Recorded", lines: told.flatMap((e) => [eventText(reply.state, e), ...penaltyLines(reply.state, e)]) } : null;
    },
    refused(err) {
      pad.online = true;
      pad.notice = null;
      if (err.body.state && pad.table) pad.table.state = err.body.state;
      sent += 1; // the table must be fetched again either way
    },
    unreachable() {
      pad.online = false;
    },
  });
  if (sent) await refresh();
  else render();
}

function queue(path, body, label) {
  outbox.add({ path, body, label }, pad.table.state.seq);
  pad.pick = freshPick();
  pad.focusNext = "#tiles button:not([disabled]):not([hidden])";
  render();
  loudly(flush());
}

function sendMove(move) {
  queue(`${api}/moves`, move, moveText(pad.table.state, move));
}

// ----- what the scorer taps -----------------------------------------------

function tapTile(tile) {
  if (pad.pick.mode === "misplay") {
    sendMove({ seat: seatToMove(), misplay: tile.tile });
    return;
  }
  if (seatToMove() === null) {
    pad.notice = { kind: "error", title: "Who is playing?", lines: ["Tap the player who puts the down first."] };
    render();
    return;
  }
  pad.pick.tile = tile;
  pad.focusNext = "#step .choices button, #step .keypad button";
  if (!known()) {
    pad.pick.end = tableLooksEmpty() ? null : undefined;
  } else if (tile.options.length === 1 || !tile.ask_end) {
    pad.pick.option = tile.options[0];
    pad.pick.end = null; // the engine places it: every way gives the same result
  }
  render();
}

function chooseEnd(end, option) {
  pad.pick.end = end;
  pad.pick.option = option;
  pad.focusNext = "#step .keypad button";
  render();
}

function move() {
  const body = { seat: seatToMove(), tile: pad.pick.tile.tile, peg: Number(pad.pick.peg) };
  if (pad.pick.end) body.end = pad.pick.end;
  return body;
}

// A peg that differs from what the rules give is dry-run first, so the
// scorer sees the penalty before it is recorded.
async function record() {
  const body = move();
  if (!known() || !pad.pick.option || body.peg === pad.pick.option.worth) {
    sendMove(body);
    return;
  }
  try {
    const preview = await postJson(`${api}/preview`, body);
    pad.pick.preview = preview.events[0];
  } catch (err) {
    if (err instanceof Refused) {
      showRefusal(err);
    } else if (err instanceof Unreachable) {
      pad.online = false;
      sendMove(body); // no preview without a connection: the server judges it when sent
      return;
    } else {
      throw err;
    }
  }
  render();
}

function undo() {
  // A move still waiting here never reached the server: drop it instead.
  const waiting = outbox.items.length - (outbox.sending ? 1 : 0);
  if (waiting > 0) {
    outbox.items.pop();
    outbox.save();
    render();
    return;
  }
  queue(`${api}/undo`, {}, "Undo the last move");
}

function recordShown() {
  const body = {};
  for (const [seat, tiles] of Object.entries(pad.showing.tiles)) if (tiles.length) body[seat] = tiles;
  pad.showing = freshShowing();
  queue(`${api}/hands/${pad.table.state.hand}/shown`, body, `Tiles shown after hand ${pad.table.state.hand + 1}`);
}

// ----- drawing ----------------------------------------------------------------

function render() {
  renderConnection();
  if (!pad.table) return;
  root.dataset.seq = pad.table.state.seq;
  drawScores(pad.table, pad.before);
  renderTable();
  renderAlerts();
  renderSeats();
  renderStep();
  renderTiles();
  renderActions();
  renderQueue();
  renderMoves();
  if (pad.focusNext) {
    // Redrawing replaces the buttons: keep a keyboard user where the work is.
    document.querySelector(pad.focusNext)?.focus();
    pad.focusNext = null;
  }
}

// With a keyboard, the peg can be typed as well as tapped.
function typePeg(event) {
  if (!pad.table || !pad.pick.tile || pad.pick.end === undefined || pad.pick.preview || event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^[0-9]$/.test(event.key)) pad.pick.peg = typeDigit(pad.pick.peg, event.key);
  else if (event.key === "Backspace") pad.pick.peg = deleteDigit(pad.pick.peg);
  // Enter records; its default would also press the tile focused next (pad-entry.js keeps the keyboard at #peg).
  else if (event.key === "Enter" && pad.pick.peg !== "" && (event.target === document.body || event.target.id === "peg")) { event.preventDefault(); return record(); }
  else if (event.key === "Escape") pad.pick = freshPick();
  else return;
  event.preventDefault();
  render();
}

// Keeps this page and everything it loaded, so that a reload with no
// connection still opens the pad (the service worker answers from here).
async function keepForOffline() {
  if (!("serviceWorker" in navigator) || !window.caches) return;
  await navigator.serviceWorker.register(root.dataset.worker);
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name)
    .filter((url) => new URL(url).pathname.startsWith(root.dataset.static));
  const cache = await caches.open(root.dataset.cache);
  await cache.addAll([location.pathname, ...loaded]);
  root.dataset.offlineReady = "yes";
  render();
}

// ----- start --------------------------------------------------------------------

Object.assign(actions, { render, tapTile, chooseEnd, record, recordShown, sendMove, move });

byId("knock").onclick = guarded(() => sendMove({ seat: seatToMove(), knock: true }));
byId("draw").onclick = guarded(() => sendMove({ seat: seatToMove(), draw: 1 }));
document.addEventListener("keydown", guarded(typePeg));
byId("misplay").onclick = guarded(() => { pad.pick = { ...freshPick(), mode: pad.pick.mode === "misplay" ? "play" : "misplay" }; render(); });
byId("undo").onclick = guarded(undo);
window.addEventListener("online", guarded(() => flush()));
window.addEventListener("offline", guarded(() => { pad.online = false; render(); }));
// Bad wifi comes and goes without telling the page: keep trying. When all
// is sent, look for changes made elsewhere (another tablet, an undo) in
// the spectators' state, which costs the server no replay.
setInterval(guarded(() => (outbox.items.length ? flush() : pad.online ? followLive() : refresh())), 3000);
// A browser may refuse to keep the page (a private window, a full disk):
// the pad still works while connected, and says it is not ready offline.
keepForOffline().catch(guarded((err) => {
  console.warn(err);
  root.dataset.offlineReady = "no";
  render();
}));
render();
loudly(refresh().then(flush));
