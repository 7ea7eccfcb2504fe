// What the pad knows and what the scorer has tapped so far: shared by
// pad.js (the server and the taps), pad-view.js and pad-entry.js (drawing).
//
// The table the pad draws (`pad.table`) is the game the next move will be
// applied to, or it is marked as not known: nothing the pad shows or sends
// about a move (the ends it could go on, what it scores, the peg check) is
// ever worked out from an older table than that. See project().
import { byId } from "./pad-dom.js";
import { Outbox } from "./pad-outbox.js";

export const root = byId("pad");
const gameId = Number(root.dataset.game);
export const api = `/api/games/${gameId}`;
export const tableKey = `pad:${gameId}:table`;
export const outbox = new Outbox(gameId);

const stored = JSON.parse(localStorage.getItem(tableKey) || "null");

export const pad = {
  server: stored, // the last GET /options: the game as the server had it then
  table: stored, // what is drawn: see project()
  basis: null, // names the game pad.table stands for; null when it is not known
  answered: [], // writes answered since pad.server was fetched: { item, seq } (the seq each made)
  reached: null, // the server's state after the last write answered here
  behind: -1, // a seq the server has reached elsewhere (another tablet), not yet fetched
  projector: null, // (key, server, writes) -> the table after `writes`, or null: the engine in the browser
  previewer: null, // (move) -> the dry run of `move` after the writes ahead, by the engine in the browser
  online: true, // whether the last request had an answer
  before: null, // each side's score before the last change: the back pegs
  pick: freshPick(), // what the scorer has tapped so far
  notice: null, // { kind: "error" | "info", title, lines }
  showing: freshShowing(), // the tiles turned face up at a hand's end
  focusNext: null, // where the keyboard's focus goes once the page is redrawn
};

// What a tap does (filled in by pad.js), so the drawing modules need not
// import the module that imports them.
export const actions = {};

// `basis`: the game the pick was worked out for (pad.basis then);
// `replacing`: the key of the refused write this move will replace;
// `doubt`: a peg no play could score, waiting for the scorer to confirm it
// with no dry run to show (see beyondAnyPlay in pad-pick.js).
export function freshPick() {
  return { mode: "play", seat: null, tile: null, option: null, end: undefined, peg: "", preview: null, doubt: false, basis: null, replacing: null };
}

// `skipped`: the seq at which the scorer chose not to enter the tiles shown.
export function freshShowing() {
  return { seat: null, tiles: {}, skipped: -1 };
}

// The writes the next move comes after that the last table fetched does not
// show: those answered since, and those waiting (up to the one being
// replaced, when the scorer is correcting a refused write).
export function writesAhead() {
  const waiting = outbox.items;
  const upTo = pad.pick.replacing ? waiting.findIndex((item) => item.key === pad.pick.replacing) : -1;
  return [...pad.answered.map((done) => done.item), ...(upTo >= 0 ? waiting.slice(0, upTo) : waiting)];
}

// Works out what pad.table is, and whether it is the game the next move
// will be applied to (pad.basis names it then; null when it is not):
// - the server's last table, when nothing has been sent since it was
//   fetched and nothing is known to have happened elsewhere (online, or
//   offline with the engine in the browser);
// - otherwise the engine's table after the writes ahead, when the engine
//   runs in this browser and has worked it out;
// - otherwise the server's last table, not known: the pad then shows no
//   worth, asks for the end by name, and checks no peg.
export function project() {
  const server = pad.server;
  if (!server) {
    Object.assign(pad, { table: null, basis: null });
    return pad;
  }
  const ahead = writesAhead();
  const seen = server.state.seq >= pad.behind;
  if (!ahead.length && seen) {
    // Offline, the last table is the game as far as anyone here can know;
    // without the engine the pad still leaves the judging to the server.
    Object.assign(pad, { table: server, basis: pad.online || pad.projector ? `server:${server.state.seq}` : null });
    return pad;
  }
  const key = `engine:${server.state.seq}:${ahead.map((item) => item.key).join(",")}`;
  const projected = seen && pad.projector ? pad.projector(key, server, ahead) : null;
  Object.assign(pad, projected ? { table: projected, basis: key } : { table: withoutTiles(server, ahead), basis: null });
  return pad;
}

// The last table with the tiles of the plays ahead of it taken off the
// choice (drawn as played): the only thing the pad takes from those writes
// without the engine, so that the tile just recorded cannot be tapped again.
let stripped = { server: null, tiles: "", table: null };
function withoutTiles(server, ahead) {
  const tiles = ahead.map((item) => item.body.tile).filter(Boolean);
  if (!tiles.length) return server;
  const names = tiles.join(",");
  if (stripped.server !== server || stripped.tiles !== names) {
    const gone = new Set(tiles);
    const table = { ...server, tiles: server.tiles.map((t) => (gone.has(t.tile) ? { ...t, played: true } : t)) };
    stripped = { server, tiles: names, table };
  }
  return stripped.table;
}

// The table is known when it is the game the next move will be applied to.
export function known() {
  return project().basis !== null;
}

// Why the pad shows no worth and checks no peg (see project()).
export function unknownWhy() {
  if (!pad.online) return "No connection: the server checks the peg when the move is sent.";
  if (outbox.stopped()) return "A move before this one was not recorded: the server checks this one when it is sent.";
  return "Waiting for the last move to be recorded.";
}

// The seq the server is at, as far as this tablet knows: a write made now
// expects it (plus one for each write waiting ahead of it).
export function serverSeq() {
  const fetched = pad.server ? pad.server.state.seq : 0;
  return Math.max(fetched, pad.reached ? pad.reached.seq : 0);
}

export function seatNames() {
  return pad.table ? pad.table.state.seats : [];
}

// Whose move the scorer is recording: the engine's turn when known; with
// moves waiting, a guess the scorer can change (the server checks it).
export function seatToMove() {
  if (pad.pick.seat !== null) return pad.pick.seat;
  if (!pad.table) return null;
  if (known()) return pad.table.state.turn;
  const last = [...outbox.items].reverse().find((item) => item.body.seat !== undefined);
  if (last) return last.body.misplay ? last.body.seat : (last.body.seat + 1) % seatNames().length;
  // Only answered writes ahead: the server said whose turn followed them.
  if (pad.reached && pad.reached.seq > pad.table.state.seq) return pad.reached.turn;
  return pad.table.state.turn;
}

// Whether the hand has just ended and its tiles are waiting to be shown.
export function isShowing() {
  const { table, showing } = pad;
  return known() && table.state.status === "hand-ended" && !table.shown && showing.skipped !== table.state.seq;
}

// With moves ahead not yet in the table, whether the next play is a hand's
// down (no end to name).
export function tableLooksEmpty() {
  const queuedPlay = writesAhead().some((item) => item.body.tile);
  const fresh = pad.table.line.length === 0 || pad.table.state.status === "hand-ended";
  return fresh && !queuedPlay;
}

export function pips(text) {
  return text.split("-").map(Number);
}

// The peg as typed so far, with one more digit (tapped on the keypad or
// typed on a keyboard): no leading zeros, and three digits at most.
export function typeDigit(peg, digit) {
  return (peg + digit).replace(/^0+(?=\d)/, "").slice(0, 3);
}

export function deleteDigit(peg) {
  return peg.slice(0, -1);
}
