// What the pad knows and what the scorer has tapped (static/js/pad-state.js).
// The module reads the page and localStorage as it loads, as it does on a
// reload: the globals are set first, then it is imported.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeElement, fakeDocument, fakeStorage } from "./fakes.mjs";

const GAME = 7;
const SEATS = ["Ann", "Bob", "Cy", "Di"];

function table({ turn = 1, status = "playing", line = [], shown = false, seq = 10 } = {}) {
  return {
    state: { seq, seats: SEATS, sides: [[0, 2], [1, 3]], scores: [15, 10], turn, status, hand: 0, ends: [], winner: null },
    line,
    events: [],
    tiles: [],
    held: [0, 2, 1, 0],
    shown,
  };
}

const lastSeen = table({ seq: 41 });
const waiting = [{ key: "k1", path: "/api/games/7/moves", body: { seat: 2, knock: true }, label: "Cy knocks", seq: 41, made: 0 }];
const padNode = new FakeElement("div");
padNode.dataset.game = String(GAME);
globalThis.document = fakeDocument({ elements: { pad: padNode } });
globalThis.localStorage = fakeStorage({
  [`pad:${GAME}:table`]: JSON.stringify(lastSeen),
  [`pad:${GAME}:outbox`]: JSON.stringify(waiting),
});
const state = await import("../../static/js/pad-state.js");
const { deleteDigit, freshPick, freshShowing, isShowing, known, outbox, pad, pips, seatToMove, tableLooksEmpty, typeDigit } = state;
const opened = { table: pad.table, items: [...outbox.items] };

function queue(body) {
  outbox.add({ path: `${state.api}/moves`, body, label: "a move" }, pad.table.state.seq);
}

beforeEach(() => {
  pad.table = table();
  pad.online = true;
  pad.pick = freshPick();
  pad.showing = freshShowing();
  outbox.items.splice(0);
  outbox.save();
});

test("a reload opens the pad on the last table it saw, with the moves still waiting", () => {
  assert.deepEqual(opened.table, lastSeen);
  assert.deepEqual(opened.items, waiting);
  assert.equal(state.api, "/api/games/7");
});

test("the table is known online with nothing waiting, and not with a move waiting or offline", () => {
  assert.equal(known(), true);
  queue({ seat: 1, knock: true });
  assert.equal(known(), false);
  outbox.items.splice(0);
  pad.online = false;
  assert.equal(known(), false);
});

test("when the table is known, the engine's turn is the seat to move", () => {
  assert.equal(seatToMove(), 1);
});

test("with moves waiting, the pad guesses the next seat clockwise after the last one queued", () => {
  queue({ seat: 3, knock: true });
  assert.equal(seatToMove(), 0);
});

test("after a misplay waiting to be sent, the same player is to move again", () => {
  queue({ seat: 2, misplay: "5-6" });
  assert.equal(seatToMove(), 2);
});

test("a seat the scorer taps wins over the guess", () => {
  queue({ seat: 3, knock: true });
  pad.pick.seat = 2;
  assert.equal(seatToMove(), 2);
});

test("before the down the pad has no seat to move until one is tapped", () => {
  pad.table = table({ turn: null });
  assert.equal(seatToMove(), null);
});

test("a hand just ended asks for the tiles shown, unless skipped or already entered", () => {
  pad.table = table({ status: "hand-ended" });
  assert.equal(isShowing(), true);
  pad.showing.skipped = pad.table.state.seq;
  assert.equal(isShowing(), false);
  pad.showing = freshShowing();
  pad.table.shown = true;
  assert.equal(isShowing(), false);
});

test("the tiles shown are not asked for while moves wait to be sent", () => {
  pad.table = table({ status: "hand-ended" });
  queue({ seat: 1, knock: true });
  assert.equal(isShowing(), false);
});

test("with moves waiting, the next play is a down only on an empty table with no play queued", () => {
  queue({ seat: 1, knock: true });
  assert.equal(tableLooksEmpty(), true);
  queue({ seat: 2, tile: "6-6", peg: 0 });
  assert.equal(tableLooksEmpty(), false);
});

test("a table with tiles on it does not look empty", () => {
  pad.table = table({ line: [{ tile: "5-5", faces: [5, 5], double: true }] });
  assert.equal(tableLooksEmpty(), false);
});

test("the peg drops leading zeros and takes three digits at most", () => {
  const typed = (...keys) => keys.reduce(typeDigit, "");
  assert.equal(typed("0"), "0");
  assert.equal(typed("0", "5"), "5");
  assert.equal(typed("1", "0"), "10");
  assert.equal(typed("1", "2", "3", "4"), "123");
  assert.equal(deleteDigit("15"), "1");
  assert.equal(deleteDigit(""), "");
});

test("a tile's name gives its pips", () => {
  assert.deepEqual(pips("3-6"), [3, 6]);
  assert.deepEqual(pips("0-0"), [0, 0]);
});

test("a fresh pick starts over as a play, whatever was tapped before", () => {
  pad.pick.tile = { tile: "3-6" };
  pad.pick.peg = "9";
  assert.deepEqual(freshPick(), { mode: "play", seat: null, tile: null, option: null, end: undefined, peg: "", preview: null });
});
