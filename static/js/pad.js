// The scorer's pad: tap what happened at the table, and the server's rules
// engine says what it means. The page scores nothing itself: where each tile
// fits and what it is worth come from GET /options, what a wrong peg will
// cost from POST /preview. Every write goes through the outbox, so nothing
// is lost when the connection drops.
import { Refused, Unreachable, getJson, postJson } from "./pad-api.js";
import { Outbox } from "./pad-outbox.js";
import { eventText, moveText, penaltyLines, sideName } from "./pad-text.js";
import { SIDE_COLOURS, cribBoard, lineNode, tileSvg } from "./tiles.js";
import { h, byId } from "./pad-dom.js";

const root = byId("pad");
const gameId = Number(root.dataset.game);
const api = `/api/games/${gameId}`;
const tableKey = `pad:${gameId}:table`;
const outbox = new Outbox(gameId);

let table = JSON.parse(localStorage.getItem(tableKey) || "null"); // the last GET /options
let online = true; // whether the last request had an answer
let before = null; // each side's score before the last change: the back pegs
let pick = freshPick(); // what the scorer has tapped so far
let notice = null; // { kind: "error" | "info", title, lines }
let showing = { seat: null, tiles: {}, skipped: -1 }; // tiles turned up at a hand's end
let focusNext = null; // where the keyboard's focus goes once the page is redrawn

function freshPick() {
  return { mode: "play", seat: null, tile: null, option: null, end: undefined, peg: "", preview: null };
}

// The table is known when it reflects every write made here: online, with
// nothing waiting. Otherwise the pad takes moves as typed and the server
// adjudicates them when they are sent.
function known() {
  return table !== null && online && outbox.items.length === 0;
}

function seatNames() {
  return table ? table.state.seats : [];
}

// Whose move the scorer is recording: the engine's turn when known; with
// moves waiting, a guess the scorer can change (the server checks it).
function seatToMove() {
  if (pick.seat !== null) return pick.seat;
  if (!table) return null;
  if (known() || outbox.items.length === 0) return table.state.turn;
  const last = [...outbox.items].reverse().find((item) => item.body.seat !== undefined);
  if (!last) return table.state.turn;
  return last.body.misplay ? last.body.seat : (last.body.seat + 1) % seatNames().length;
}

// ----- talking to the server ------------------------------------------------

async function refresh() {
  try {
    const fresh = await getJson(`${api}/options`);
    if (table && fresh.state.seq !== table.state.seq) before = table.state.scores;
    table = fresh;
    online = true;
    localStorage.setItem(tableKey, JSON.stringify(table));
  } catch (err) {
    if (err instanceof Refused) notice = { kind: "error", title: "The server says", lines: [err.message] };
    else if (err instanceof Unreachable) online = false;
    else throw err;
  }
  render();
}

async function followLive() {
  try {
    const live = await getJson(`${api}/live`);
    if (table && live.seq !== table.state.seq && !outbox.items.length) await refresh();
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    online = false;
    render();
  }
}

async function flush() {
  let sent = 0;
  await outbox.flush({
    sent(item, reply) {
      sent += 1;
      online = true;
      // A hand's end has an alert of its own (see renderAlerts).
      const told = reply.events.filter((e) => e.type !== "hand-end");
      notice = told.length ? { kind: "info", title: "Recorded", lines: told.flatMap((e) => [eventText(reply.state, e), ...penaltyLines(reply.state, e)]) } : null;
    },
    refused(err) {
      online = true;
      notice = null;
      if (err.body.state && table) table.state = err.body.state;
      sent += 1; // the table must be fetched again either way
    },
    unreachable() {
      online = false;
    },
  });
  if (sent) await refresh();
  else render();
}

function queue(path, body, label) {
  outbox.add({ path, body, label }, table.state.seq);
  pick = freshPick();
  focusNext = "#tiles button:not([disabled]):not([hidden])";
  render();
  flush();
}

function sendMove(move) {
  queue(`${api}/moves`, move, moveText(table.state, move));
}

// ----- what the scorer taps -----------------------------------------------

function tapTile(tile) {
  if (pick.mode === "misplay") {
    sendMove({ seat: seatToMove(), misplay: tile.tile });
    return;
  }
  if (seatToMove() === null) {
    notice = { kind: "error", title: "Who is playing?", lines: ["Tap the player who puts the down first."] };
    render();
    return;
  }
  pick.tile = tile;
  focusNext = "#step .choices button, #step .keypad button";
  if (!known()) {
    pick.end = tableLooksEmpty() ? null : undefined;
  } else if (tile.options.length === 1 || !tile.ask_end) {
    pick.option = tile.options[0];
    pick.end = null; // the engine places it: every way gives the same result
  }
  render();
}

function tableLooksEmpty() {
  const queuedPlay = outbox.items.some((item) => item.body.tile);
  const fresh = table.line.length === 0 || table.state.status === "hand-ended";
  return fresh && !queuedPlay;
}

function chooseEnd(end, option) {
  pick.end = end;
  pick.option = option;
  focusNext = "#step .keypad button";
  render();
}

function move() {
  const body = { seat: seatToMove(), tile: pick.tile.tile, peg: Number(pick.peg) };
  if (pick.end) body.end = pick.end;
  return body;
}

// A peg that differs from what the rules give is dry-run first, so the
// scorer sees the penalty before it is recorded.
async function record() {
  const body = move();
  if (!known() || !pick.option || body.peg === pick.option.worth) {
    sendMove(body);
    return;
  }
  try {
    const preview = await postJson(`${api}/preview`, body);
    pick.preview = preview.events[0];
  } catch (err) {
    if (err instanceof Refused) {
      notice = { kind: "error", title: "The server says", lines: [err.message] };
    } else {
      online = false;
      sendMove(body); // no preview without a connection: the server judges it when sent
      return;
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
  for (const [seat, tiles] of Object.entries(showing.tiles)) if (tiles.length) body[seat] = tiles;
  showing = { seat: null, tiles: {}, skipped: -1 };
  queue(`${api}/hands/${table.state.hand}/shown`, body, `Tiles shown after hand ${table.state.hand + 1}`);
}

function isShowing() {
  return known() && table.state.status === "hand-ended" && !table.shown && showing.skipped !== table.state.seq;
}

// ----- drawing ----------------------------------------------------------------

function render() {
  renderConnection();
  if (!table) return;
  root.dataset.seq = table.state.seq;
  renderScores();
  renderTable();
  renderAlerts();
  renderSeats();
  renderStep();
  renderTiles();
  renderActions();
  renderQueue();
  renderMoves();
  if (focusNext) {
    // Redrawing replaces the buttons: keep a keyboard user where the work is.
    document.querySelector(focusNext)?.focus();
    focusNext = null;
  }
}

function renderConnection() {
  const node = byId("connection");
  const waiting = outbox.items.length;
  if (!online) {
    node.textContent = `No connection: ${waiting} waiting on this tablet, sent when it returns`;
    node.className = "connection offline";
  } else if (waiting) {
    node.textContent = `Sending ${waiting}…`;
    node.className = "connection sending";
  } else {
    node.textContent = `Connected: every move is recorded${root.dataset.offlineReady ? "; ready to work offline" : ""}`;
    node.className = "connection online";
  }
}

function renderScores() {
  const { state } = table;
  const toMove = state.turn === null ? null : state.sides.findIndex((side) => side.includes(state.turn));
  byId("sides").replaceChildren(
    ...state.sides.map((_, side) =>
      h("div", { class: `side${side === toMove ? " to-move" : ""}${state.winner === side ? " winner" : ""}`, style: `--side: ${SIDE_COLOURS[side]}` },
        h("span", { class: "side-name" }, sideName(state, side)),
        h("span", { class: "side-score", "data-side": side }, String(state.scores[side])),
      ),
    ),
  );
  const names = state.sides.map((_, side) => sideName(state, side));
  byId("crib").replaceChildren(cribBoard({ scores: state.scores, before, target: table.target, names }));
}

function renderTable() {
  const { state } = table;
  const names = seatNames();
  let turn;
  if (state.status === "won") turn = `${sideName(state, state.winner)} won the game`;
  else if (!known() && outbox.items.length) turn = `${outbox.items.length} waiting: the server will check whose turn it was`;
  else if (state.status === "hand-ended") turn = `Hand ${state.hand + 1} is over${state.turn !== null ? `: ${names[state.turn]} leads the next` : ""}`;
  else if (state.turn === null) turn = "Any player may put the down";
  else turn = `${names[state.turn]} to play`;
  byId("turn").textContent = turn;
  byId("line").replaceChildren(lineNode(table.line));
  const lastPlay = [...table.events].reverse().find((e) => e.type === "play");
  const ends = state.ends.length && state.status === "playing"
    ? `Open ends ${state.ends.join(" and ")}${lastPlay ? `: total ${lastPlay.total}` : ""}`
    : "No tiles on the table";
  byId("ends").textContent = ends;
}

function renderAlerts() {
  const parts = [];
  if (outbox.refused) {
    const { error, unsent } = outbox.refused;
    parts.push(h("div", { class: "alert error", role: "alert" },
      h("strong", {}, "The server refused a move: "), error,
      h("p", {}, "Not sent (the table above is the server's):"),
      h("ul", {}, ...unsent.map((item) => h("li", {}, item.label))),
      h("button", { type: "button", class: "small", onclick: () => { outbox.dismissRefused(); render(); } }, "Dismiss"),
    ));
  }
  const ended = table.events.find((e) => e.type === "hand-end");
  if (ended && known()) {
    parts.push(h("div", { class: "alert info hand-end" }, eventText(table.state, ended),
      ...penaltyLines(table.state, ended).map((line) => h("p", { class: "penalty" }, line))));
  }
  if (notice) {
    parts.push(h("div", { class: `alert ${notice.kind}`, role: notice.kind === "error" ? "alert" : null },
      h("strong", {}, `${notice.title}: `), ...notice.lines.map((line) => h("p", {}, line))));
  }
  byId("alerts").replaceChildren(...parts);
}

function renderSeats() {
  const node = byId("seats");
  const choosable = table.state.status !== "won" && (!known() || table.state.turn === null) && !isShowing();
  if (!choosable) {
    node.replaceChildren();
    return;
  }
  const current = seatToMove();
  node.replaceChildren(
    h("span", { class: "label" }, known() ? "Who puts the down?" : "Who moved?"),
    ...seatNames().map((name, seat) =>
      h("button", { type: "button", class: "seat", "aria-pressed": String(seat === current), onclick: () => { pick.seat = seat; notice = null; render(); } }, name),
    ),
  );
}

function renderStep() {
  const node = byId("step");
  if (isShowing()) return node.replaceChildren(showStep());
  if (!pick.tile) {
    node.replaceChildren(h("p", { class: "hint" }, pick.mode === "misplay" ? "Tap the tile that was laid and did not fit." : table.state.status === "won" ? "The game is over." : "Tap the tile played."));
    return;
  }
  const cancel = h("button", { type: "button", class: "small", onclick: () => { pick = freshPick(); notice = null; render(); } }, "Cancel");
  const title = h("p", { class: "step-title" }, `${table.state.seats[seatToMove()]} plays `, tileSvg(...pips(pick.tile.tile), {}), cancel);
  if (pick.end === undefined) return node.replaceChildren(title, endChoices());
  if (pick.preview) return node.replaceChildren(title, pegWarning());
  node.replaceChildren(title, keypad());
}

function pips(text) {
  return text.split("-").map(Number);
}

function endChoices() {
  const ends = table.state.ends;
  if (!known()) {
    // No engine to ask: name the end as seen, and the server will judge it.
    return h("div", { class: "choices" },
      ...["left", "right"].map((end, i) => h("button", { type: "button", class: "choice", "data-end": end, onclick: () => chooseEnd(end, null) }, `${end === "left" ? "Left" : "Right"} end${ends.length === 2 ? ` (was ${ends[i]})` : ""}`)),
      h("button", { type: "button", class: "choice", "data-end": "", onclick: () => chooseEnd(null, null) }, "It fits one way only"));
  }
  return h("div", { class: "choices", role: "group", "aria-label": "Which end" },
    ...pick.tile.options.map((option) => {
      const side = ["left", "right"].indexOf(option.end);
      const at = side >= 0 && ends.length === 2 ? `on the ${ends[side]} (${option.end})` : `on ${option.end}`;
      return h("button", { type: "button", class: "choice", "data-end": option.end, "data-ends": [...option.ends].sort((a, b) => a - b).join(","), onclick: () => chooseEnd(option.end, option) },
        h("span", {}, `${at}`), h("span", { class: "worth" }, `ends ${option.total}: scores ${option.worth}`));
    }));
}

function keypad() {
  const worth = known() && pick.option ? pick.option.worth : null;
  const display = h("output", { class: "peg-display", "aria-live": "polite", id: "peg" }, pick.peg === "" ? "–" : pick.peg);
  const key = (label, value) => h("button", { type: "button", class: "key", onclick: () => { pick.peg = value(pick.peg); render(); } }, label);
  const keys = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => key(String(n), (peg) => (peg + n).replace(/^0+(?=\d)/, "").slice(0, 3)));
  keys.push(key("Clear", () => ""), key("0", (peg) => (peg + "0").replace(/^0+(?=\d)/, "").slice(0, 3)), key("⌫", (peg) => peg.slice(0, -1)));
  const send = h("button", { type: "button", class: "primary", id: "record", disabled: pick.peg === "", onclick: record }, "Record");
  const rules = worth === null ? h("p", { class: "hint" }, "Not connected: the server checks the peg when the move is sent.")
    : h("p", { class: "hint" }, `Rules give ${worth}. Enter what the player pegged.`);
  return h("div", { class: "peg" }, h("label", { for: "peg" }, "Pegged"), display, rules, h("div", { class: "keypad" }, ...keys), send);
}

function pegWarning() {
  const event = pick.preview;
  const state = table.state;
  const who = sideName(state, event.side);
  return h("div", { class: "alert warning", role: "alert", id: "peg-warning" },
    h("p", { class: "warning-title" }, `Rules give ${event.worth}; you pegged ${event.peg}.`),
    h("p", {}, `${event.verdict === "over" ? "Over-peg" : "Under-peg"}: ${who} will be credited ${event.points}.`),
    ...penaltyLines(state, event).map((line) => h("p", { class: "penalty" }, `Penalty: ${line}`)),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", onclick: () => sendMove(move()) }, "Record as pegged"),
      h("button", { type: "button", class: "choice", onclick: () => { pick.preview = null; pick.peg = ""; render(); } }, "Change the peg")));
}

function showStep() {
  const { state, held } = table;
  const seats = held.map((count, seat) => ({ count, seat })).filter(({ count }) => count > 0);
  if (showing.seat === null && seats.length) showing.seat = seats[0].seat;
  const complete = seats.every(({ count, seat }) => (showing.tiles[seat] || []).length === count);
  return h("div", { class: "showing" },
    h("p", { class: "step-title" }, `Hand ${state.hand + 1} is over. Tap the tiles each player turns face up.`),
    h("div", { class: "choices", role: "group", "aria-label": "Whose tiles" }, ...seats.map(({ count, seat }) =>
      h("button", { type: "button", class: "seat", "aria-pressed": String(seat === showing.seat), onclick: () => { showing.seat = seat; render(); } },
        `${state.seats[seat]}: ${(showing.tiles[seat] || []).length} of ${count}`))),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", id: "record-shown", disabled: !complete, onclick: recordShown }, "Record the tiles shown"),
      h("button", { type: "button", class: "choice", onclick: () => { showing.skipped = state.seq; render(); } }, "Skip")));
}

function renderTiles() {
  const node = byId("tiles");
  // While a tile is being entered, its step is all the scorer needs to see.
  if (!table || table.state.status === "won" || pick.tile !== null) return node.replaceChildren();
  const queued = new Set(outbox.items.map((item) => item.body.tile).filter(Boolean));
  const onLine = new Set(table.line.map((laid) => laid.tile));
  const buttons = table.tiles.map((tile) => {
    const [a, b] = pips(tile.tile);
    const button = h("button", { type: "button", class: "tile-button", "data-tile": tile.tile, style: `grid-row: ${a + 1}; grid-column: ${b + 1}` }, tileSvg(a, b));
    if (isShowing()) return showingTile(button, tile, onLine);
    const fits = tile.options.length > 0;
    button.hidden = tile.played || queued.has(tile.tile);
    button.disabled = known() && (pick.mode === "misplay" ? fits : !fits);
    const worths = [...new Set(tile.options.map((o) => o.worth))];
    if (known() && fits && pick.mode === "play") {
      button.append(h("span", { class: `badge${worths.some(Boolean) ? "" : " nil"}` }, worths.map((w) => `+${w}`).join(" / ")));
    }
    button.setAttribute("aria-label", `${tile.tile}${known() && fits ? `, scores ${worths.join(" or ")}` : ""}`);
    button.onclick = () => tapTile(tile);
    return button;
  });
  node.replaceChildren(...buttons);
}

function showingTile(button, tile, onLine) {
  const seat = showing.seat;
  const mine = (showing.tiles[seat] || []).includes(tile.tile);
  const others = Object.entries(showing.tiles).some(([s, tiles]) => Number(s) !== seat && tiles.includes(tile.tile));
  button.hidden = onLine.has(tile.tile) || others;
  button.setAttribute("aria-pressed", String(mine));
  button.setAttribute("aria-label", `${tile.tile}${mine ? ", shown" : ""}`);
  button.onclick = () => {
    const tiles = showing.tiles[seat] || [];
    showing.tiles[seat] = mine ? tiles.filter((t) => t !== tile.tile) : [...tiles, tile.tile];
    render();
  };
  return button;
}

function renderActions() {
  const over = table.state.status === "won";
  const busy = pick.tile !== null || isShowing();
  byId("knock").disabled = over || busy || pick.mode === "misplay";
  // Only rules with a boneyard draw; the engine says how many tiles are left.
  const draw = byId("draw");
  draw.hidden = table.boneyard === 0;
  draw.disabled = over || busy || pick.mode === "misplay";
  const misplay = byId("misplay");
  misplay.disabled = over || busy;
  misplay.setAttribute("aria-pressed", String(pick.mode === "misplay"));
  misplay.textContent = pick.mode === "misplay" ? "Cancel misplay" : "Misplay";
  byId("undo").disabled = pick.tile !== null;
}

function renderQueue() {
  byId("waiting").hidden = outbox.items.length === 0;
  byId("queue").replaceChildren(...outbox.items.map((item) => h("li", { class: "queued" }, item.label, h("span", { class: "tag" }, "waiting"))));
}

function renderMoves() {
  const state = table.state;
  byId("moves").replaceChildren(...table.events.map((event) =>
    h("li", {}, eventText(state, event), ...penaltyLines(state, event).map((line) => h("span", { class: "penalty" }, ` ${line}`)))));
}

// With a keyboard, the peg can be typed as well as tapped.
function typePeg(event) {
  if (!table || !pick.tile || pick.end === undefined || pick.preview || event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^[0-9]$/.test(event.key)) pick.peg = (pick.peg + event.key).replace(/^0+(?=\d)/, "").slice(0, 3);
  else if (event.key === "Backspace") pick.peg = pick.peg.slice(0, -1);
  else if (event.key === "Enter" && pick.peg !== "" && event.target === document.body) return void record();
  else if (event.key === "Escape") pick = freshPick();
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

byId("knock").onclick = () => sendMove({ seat: seatToMove(), knock: true });
byId("draw").onclick = () => sendMove({ seat: seatToMove(), draw: 1 });
document.addEventListener("keydown", typePeg);
byId("misplay").onclick = () => { pick = { ...freshPick(), mode: pick.mode === "misplay" ? "play" : "misplay" }; render(); };
byId("undo").onclick = undo;
window.addEventListener("online", () => flush());
window.addEventListener("offline", () => { online = false; render(); });
// Bad wifi comes and goes without telling the page: keep trying. When all
// is sent, look for changes made elsewhere (another tablet, an undo) in
// the spectators' state, which costs the server no replay.
setInterval(() => (outbox.items.length ? flush() : online ? followLive() : refresh()), 3000);
keepForOffline().catch(() => {});
render();
refresh().then(flush);
