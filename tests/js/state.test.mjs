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
const { deleteDigit, freshPick, freshShowing, isShowing, known, outbox, pad, pips, project, seatToMove, serverSeq, tableLooksEmpty, typeDigit, unknownWhy, writesAhead } = state;
const opened = { table: pad.table, server: pad.server, items: [...outbox.items] };

function queue(body) {
  return outbox.add({ path: `${state.api}/moves`, body, label: "a move" }, serverSeq());
}

// The server's table, as fetched.
function fetched(options) {
  pad.server = table(options);
  project();
}

// A write answered by the server, its table not fetched since.
function answered(body, replyState) {
  pad.answered.push({ item: { key: `a${pad.answered.length}`, path: `${state.api}/moves`, body }, seq: replyState.seq });
  pad.reached = replyState;
}

beforeEach(() => {
  Object.assign(pad, { answered: [], reached: null, behind: -1, projector: null, online: true, pick: freshPick(), showing: freshShowing() });
  fetched();
  outbox.items.splice(0);
  outbox.save();
});

test("a reload opens the pad on the last table it saw, with the moves still waiting", () => {
  assert.deepEqual(opened.table, lastSeen);
  assert.deepEqual(opened.server, lastSeen);
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
  fetched({ turn: null });
  assert.equal(seatToMove(), null);
});

test("a hand just ended asks for the tiles shown, unless skipped or already entered", () => {
  fetched({ status: "hand-ended" });
  assert.equal(isShowing(), true);
  pad.showing.skipped = pad.table.state.seq;
  assert.equal(isShowing(), false);
  pad.showing = freshShowing();
  pad.table.shown = true;
  assert.equal(isShowing(), false);
});

test("the tiles shown are not asked for while moves wait to be sent", () => {
  fetched({ status: "hand-ended" });
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
  fetched({ line: [{ tile: "5-5", faces: [5, 5], double: true }] });
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
  assert.deepEqual(freshPick(), { mode: "play", seat: null, tile: null, option: null, end: undefined, peg: "", preview: null, doubt: false, basis: null, replacing: null });
});

test("a move answered but whose table is not yet fetched makes the table unknown, and the answer says whose turn it is", () => {
  assert.equal(known(), true);
  answered({ seat: 1, knock: true }, { ...table().state, seq: 11, turn: 2 });
  assert.equal(known(), false);
  assert.equal(unknownWhy(), "Waiting for the last move to be recorded.");
  assert.equal(seatToMove(), 2);
  assert.equal(serverSeq(), 11); // the next write expects the seq the answer made
  pad.answered = [];
  fetched({ seq: 11, turn: 2 });
  assert.equal(known(), true);
});

test("a table from before another tablet's move is not known until the new one is fetched", () => {
  pad.behind = 11;
  assert.equal(known(), false);
  fetched({ seq: 11 });
  assert.equal(known(), true);
});

test("offline, the pad says the server will check the peg", () => {
  pad.online = false;
  assert.equal(known(), false);
  assert.equal(unknownWhy(), "No connection: the server checks the peg when the move is sent.");
});

test("with the engine in the browser, the pad draws its table after the writes ahead, and only for exactly those", () => {
  const asked = [];
  const after = table({ seq: 12, turn: 3 });
  pad.projector = (key, server, writes) => {
    asked.push(writes.map((item) => item.body));
    return key.endsWith(`:${outbox.items[0]?.key}`) ? after : null;
  };
  queue({ seat: 2, knock: true });
  assert.equal(known(), true);
  assert.equal(pad.table, after);
  assert.equal(seatToMove(), 3);
  queue({ seat: 3, knock: true }); // not worked out yet: nothing stale is shown meanwhile
  assert.equal(known(), false);
  assert.equal(pad.table, pad.server);
  assert.deepEqual(asked.at(-1), [{ seat: 2, knock: true }, { seat: 3, knock: true }]);
});

test("changing a refused write, the pad works from the game before it, not after the writes held behind it", () => {
  const refused = queue({ seat: 2, knock: true });
  queue({ seat: 3, knock: true });
  refused.refused = { status: 422, error: "no", at: 10 };
  assert.equal(known(), false);
  assert.equal(unknownWhy(), "A move before this one was not recorded: the server checks this one when it is sent.");
  pad.pick.replacing = refused.key;
  assert.deepEqual(writesAhead(), []);
  assert.equal(known(), true);
  assert.equal(seatToMove(), 1);
});

test("with moves answered but not fetched, the next play is not a down if one of them was a play", () => {
  fetched({ line: [] });
  answered({ seat: 1, tile: "6-6", peg: 0 }, { ...table().state, seq: 11, turn: 2 });
  assert.equal(tableLooksEmpty(), false);
});

test("offline with nothing waiting, the last table is known to the engine in the browser, not without it", () => {
  pad.online = false;
  assert.equal(known(), false);
  pad.projector = () => null;
  assert.equal(known(), true);
  assert.equal(pad.table, pad.server);
});

test("without the engine, a tile recorded but not yet in the table is drawn as played, and nothing else changes", () => {
  pad.server = { ...table(), tiles: [{ tile: "2-3", played: false, options: [] }, { tile: "0-6", played: false, options: [] }] };
  answered({ seat: 1, tile: "2-3", peg: 1 }, { ...table().state, seq: 11, turn: 0 });
  assert.equal(known(), false);
  assert.deepEqual(pad.table.tiles.map((t) => [t.tile, t.played]), [["2-3", true], ["0-6", false]]);
  assert.equal(pad.table.state, pad.server.state);
  const drawn = pad.table;
  project();
  assert.equal(pad.table, drawn); // worked out once, not on every redraw
});
