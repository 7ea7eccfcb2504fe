// The scorer's pad: tap what happened at the table, and the server's rules
// engine says what it means. The page scores nothing itself: where each tile
// fits and what it is worth come from GET /options, what a wrong peg will
// cost from POST /preview. Every write goes through the outbox, so nothing
// is lost when the connection drops. This module talks to the server and
// handles the taps; pad-view.js and pad-entry.js draw the page.
import { guarded, loudly } from "./broken.js";
import { Refused, Unreachable, getJson, postJson } from "./pad-api.js";
import { byId, showStatus } from "./pad-dom.js";
import { renderActions, renderSeats, renderStep, renderTiles } from "./pad-entry.js";
import { beyondAnyPlay, rebase, settleEnd } from "./pad-pick.js";
import { keepSheet, startEngine } from "./pad-projector.js";
import { renderQueue } from "./pad-queue.js";
import { differenceText, engineReason, refusalWords } from "./pad-refusals.js";
import { actions, api, deleteDigit, freshPick, freshShowing, known, outbox, pad, project, root, seatToMove, serverSeq, tableKey, tableLooksEmpty, typeDigit, unknownWhy, writesAhead } from "./pad-state.js";
import { eventText, moveText, penaltyLines } from "./pad-text.js";
import { renderAlerts, renderConnection, renderMoves, renderTable } from "./pad-view.js";
import { follow } from "./push.js";
import { drawScores } from "./scoreboard.js";

// ----- talking to the server ------------------------------------------------

async function refresh() {
  try {
    const fresh = await getJson(`${api}/options`);
    if (pad.server && fresh.state.seq !== pad.server.state.seq) pad.before = pad.server.state.scores;
    pad.server = fresh;
    // The writes this table shows are no longer ahead of it.
    pad.answered = pad.answered.filter((done) => done.seq > fresh.state.seq);
    pad.online = true;
    localStorage.setItem(tableKey, JSON.stringify(fresh));
    await keepSheet(fresh.state.seq);
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
  const who = err.name === "EngineRefusal" ? "The rules say" : "The server says";
  pad.notice = { kind: "error", title: who, lines: [engineReason(pad.table?.state, err.message)] };
}

// Another tablet on the same game: its moves reach this pad over the push
// stream where it answers (push.js), else by polling the live state.
let pushed = false;

async function followLive() {
  try {
    await heardLive(await getJson(`${api}/live`, { cache: "no-cache" }));
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    pad.online = false;
    render();
  }
}

async function heardLive(live) {
  if (pad.server && live.seq !== pad.server.state.seq && !sending()) {
    // Changed elsewhere: what the pad shows is not the game until fetched.
    pad.behind = Math.max(pad.behind, live.seq);
    render();
    await refresh();
  }
}

async function flush() {
  let changed = false;
  let refused = null;
  await outbox.flush({
    sent(item, reply) {
      changed = true;
      pad.online = true;
      pad.answered.push({ item, seq: reply.state.seq });
      pad.reached = reply.state;
      // A hand's end has an alert of its own (see renderAlerts).
      const told = reply.events.filter((e) => e.type !== "hand-end");
      const lines = told.flatMap((e) => [eventText(reply.state, e), ...penaltyLines(reply.state, e)]);
      const differs = differenceText(reply.state, item.body, item.showed, reply.events);
      if (differs) pad.notice = { kind: "error", title: "Recorded, but not as the pad showed it", lines: [differs, ...lines] };
      else pad.notice = lines.length ? { kind: "info", title: "Recorded", lines } : null;
    },
    refused(err, item) {
      pad.online = true;
      changed = true; // the table must be fetched again either way
      refused = item;
    },
    paused(err) {
      pad.online = true;
      const words = refusalWords(err, { state: pad.server?.state });
      pad.notice = { kind: "error", title: words.title, lines: words.lines };
    },
    unreachable() {
      pad.online = false;
    },
  });
  if (refused) await describeRefusal(refused);
  if (changed) await refresh();
  else render();
}

// A refused write is told in the scorer's words (pad-refusals.js). A stale
// seq means another tablet recorded something first: the game's log says what.
async function describeRefusal(item) {
  if (item.refused.status === 409) {
    try {
      const log = await getJson(`${api}/log`);
      item.refused.log = log.filter((row) => row.seq > item.seq);
      outbox.save();
    } catch (err) {
      if (!(err instanceof Unreachable || err instanceof Refused)) throw err;
    }
  }
  const words = refusalWords(item.refused, { item, state: pad.server?.state, log: item.refused.log, held: outbox.items.length - 1 });
  pad.notice = { kind: "error", title: words.title, lines: [...words.lines, "Change it or delete it under “Waiting to be sent”."] };
}

// Whether writes are waiting to be sent: not those held behind a refused one.
function sending() {
  return outbox.items.length > 0 && !outbox.stopped();
}

function queue(path, body, label) {
  // What the pad showed the move to be worth, to compare with the server's answer.
  const showed = body.tile && known() && pad.pick.option ? { worth: pad.pick.option.worth } : null;
  const replacing = pad.pick.replacing;
  if (replacing && outbox.settled(replacing)) outbox.replace(replacing, { path, body, label, showed });
  else outbox.add({ path, body, label, showed }, serverSeq());
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
  project();
  pad.pick.basis = pad.basis;
  pad.pick.tile = tile;
  pad.focusNext = "#step .choices button, #step .keypad button";
  if (!known()) {
    pad.pick.end = tableLooksEmpty() ? null : undefined;
  } else {
    pad.pick = settleEnd(pad.pick, tile);
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

// Whether the pick was worked out for the game as the pad now knows it;
// if not, it is worked out again and redrawn, and nothing is sent.
function pickCurrent() {
  project();
  if (pad.pick.basis === pad.basis) return true;
  rebasePick();
  render();
  return false;
}

// A peg that differs from what the rules give is dry-run first, so the
// scorer sees the penalty before it is recorded: by the server when the
// table is its own, by the engine in the browser when it is the engine's.
// A peg no play could score is asked about first, with the dry run when
// there is one (pad-entry.js pegWarning), without it when the pad cannot
// have one (no connection, the worth not known).
async function record() {
  if (!pickCurrent()) return;
  const body = move();
  const doubtful = beyondAnyPlay(body.peg, pad.table) !== null;
  if (!known() || !pad.pick.option || body.peg === pad.pick.option.worth) {
    if (doubtful) return askFirst();
    sendMove(body);
    return;
  }
  const basis = pad.basis;
  try {
    const preview = writesAhead().length && pad.previewer ? await pad.previewer(body) : await postJson(`${api}/preview`, body);
    // The table changed while the dry run was out: it was of another game.
    if (basis !== project().basis) return render();
    pad.pick.preview = preview.events[0];
  } catch (err) {
    if (err instanceof Refused || err.name === "EngineRefusal") {
      showRefusal(err);
    } else if (err instanceof Unreachable) {
      pad.online = false;
      if (doubtful) return askFirst();
      sendMove(body); // no preview without a connection: the server judges it when sent
      return;
    } else {
      throw err;
    }
  }
  render();
}

function askFirst() {
  pad.pick.doubt = true;
  render();
}

// "Pegs 4": the play pegged as the rules give, recorded in one tap.
function recordWorth() {
  if (!pickCurrent()) return;
  pad.pick.peg = String(pad.pick.option.worth);
  sendMove(move());
}

function undo() {
  // A move still waiting here never reached the server: drop it instead.
  const last = outbox.items.at(-1);
  if (last && outbox.settled(last.key)) {
    outbox.remove(last.key);
    render();
    loudly(flush());
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

// ----- correcting a refused write -----------------------------------------

// The refused move is entered again: the pad draws the game it will be
// applied to (the server's), and Record puts it in the refused one's place.
function change(key) {
  pad.pick = { ...freshPick(), replacing: key };
  pad.notice = { kind: "info", title: "Changing a move", lines: ["Enter the move as it happened: it takes the place of the one not recorded."] };
  render();
}

function keep() {
  pad.pick = freshPick();
  pad.notice = null;
  render();
}

function drop(key) {
  const gone = outbox.remove(key);
  if (!gone) return;
  if (pad.pick.replacing === key) pad.pick = freshPick();
  pad.notice = { kind: "info", title: "Deleted", lines: [`${gone.label}: deleted from this tablet.`] };
  render();
  loudly(flush());
}

function retry(key) {
  if (!outbox.retry(key)) return;
  pad.notice = null;
  render();
  loudly(flush());
}

function rebasePick() {
  const { pick, lost } = rebase(pad.pick, pad.table, pad.basis, pad.basis !== null);
  if (lost) {
    pad.pick = { ...freshPick(), replacing: pad.pick.replacing };
    pad.notice = { kind: "error", title: "The table has changed", lines: [lost] };
  } else {
    pad.pick = pick;
  }
}

// ----- drawing ----------------------------------------------------------------

function render() {
  project();
  rebasePick();
  renderConnection();
  holdingStatus();
  if (!pad.table) return;
  root.dataset.seq = pad.table.state.seq;
  // For the browser tests: writes still ahead of the table fetched (on their way, or answered but not fetched since).
  root.toggleAttribute("data-waiting", pad.answered.length + outbox.items.length > 0);
  drawScores(pad.table, pad.before);
  renderTable();
  renderAlerts();
  renderSeats();
  renderStep();
  explainUnknown();
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

// Nothing is being sent while a refused write holds the rest: the status
// line says so rather than "Sending".
function holdingStatus() {
  const held = outbox.stopped();
  if (held && pad.online) showStatus(byId("connection"), `Connected: ${outbox.items.length} not sent until the move not recorded is changed or deleted`, "offline");
}

// With no worth to show, the keypad's hint says why (pad-state.js unknownWhy).
function explainUnknown() {
  const hint = document.querySelector("#step .peg .hint");
  if (hint && !known()) hint.textContent = unknownWhy();
}

// With a keyboard, the peg can be typed as well as tapped.
function typePeg(event) {
  if (!pad.table || !pad.pick.tile || pad.pick.end === undefined || pad.pick.preview || pad.pick.doubt || event.ctrlKey || event.metaKey || event.altKey) return;
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

Object.assign(actions, { render, tapTile, chooseEnd, record, recordWorth, recordShown, sendMove, move, change, keep, drop, retry });

byId("knock").onclick = guarded(() => sendMove({ seat: seatToMove(), knock: true }));
byId("draw").onclick = guarded(() => sendMove({ seat: seatToMove(), draw: 1 }));
document.addEventListener("keydown", guarded(typePeg));
byId("misplay").onclick = guarded(() => { pad.pick = { ...freshPick(), mode: pad.pick.mode === "misplay" ? "play" : "misplay" }; render(); });
byId("undo").onclick = guarded(undo);
window.addEventListener("online", guarded(() => flush()));
window.addEventListener("offline", guarded(() => { pad.online = false; render(); }));
// Bad wifi comes and goes without telling the page: keep trying. When all
// is sent (or the rest held behind a refused write), look for changes made
// elsewhere (another tablet, an undo) in the spectators' state, which costs
// the server no replay.
setInterval(guarded(() => {
  if (sending()) return flush();
  if (!pad.online) return refresh();
  return pushed ? null : followLive();
}), 3000);
follow({
  url: root.dataset.push,
  onPushing: guarded((now) => {
    pushed = now;
    root.dataset.following = now ? "push" : "poll";
  }),
  onMessage: (live) => loudly(heardLive(live).catch((err) => {
    if (!(err instanceof Unreachable)) throw err;
    pad.online = false;
    render();
  })),
});
// A browser may refuse to keep the page (a private window, a full disk):
// the pad still works while connected, and says it is not ready offline.
keepForOffline().catch(guarded((err) => {
  console.warn(err);
  root.dataset.offlineReady = "no";
  render();
}));
render();
loudly(refresh().then(flush));
loudly(startEngine());
