// What the pad knows and what the scorer has tapped so far: shared by
// pad.js (the server and the taps), pad-view.js and pad-entry.js (drawing).
import { byId } from "./pad-dom.js";
import { Outbox } from "./pad-outbox.js";

export const root = byId("pad");
const gameId = Number(root.dataset.game);
export const api = `/api/games/${gameId}`;
export const tableKey = `pad:${gameId}:table`;
export const outbox = new Outbox(gameId);

export const pad = {
  table: JSON.parse(localStorage.getItem(tableKey) || "null"), // the last GET /options
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

export function freshPick() {
  return { mode: "play", seat: null, tile: null, option: null, end: undefined, peg: "", preview: null };
}

// `skipped`: the seq at which the scorer chose not to enter the tiles shown.
export function freshShowing() {
  return { seat: null, tiles: {}, skipped: -1 };
}

// The table is known when it reflects every write made here: online, with
// nothing waiting. Otherwise the pad takes moves as typed and the server
// adjudicates them when they are sent.
export function known() {
  return pad.table !== null && pad.online && outbox.items.length === 0;
}

export function seatNames() {
  return pad.table ? pad.table.state.seats : [];
}

// Whose move the scorer is recording: the engine's turn when known; with
// moves waiting, a guess the scorer can change (the server checks it).
export function seatToMove() {
  if (pad.pick.seat !== null) return pad.pick.seat;
  if (!pad.table) return null;
  if (known() || outbox.items.length === 0) return pad.table.state.turn;
  const last = [...outbox.items].reverse().find((item) => item.body.seat !== undefined);
  if (!last) return pad.table.state.turn;
  return last.body.misplay ? last.body.seat : (last.body.seat + 1) % seatNames().length;
}

// Whether the hand has just ended and its tiles are waiting to be shown.
export function isShowing() {
  const { table, showing } = pad;
  return known() && table.state.status === "hand-ended" && !table.shown && showing.skipped !== table.state.seq;
}

// With moves waiting, whether the next play is a hand's down (no end to name).
export function tableLooksEmpty() {
  const queuedPlay = outbox.items.some((item) => item.body.tile);
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
