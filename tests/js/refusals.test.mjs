// The server's refusals in the scorer's words (static/js/pad-refusals.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { differenceText, engineReason, moveName, refusalWords } from "../../static/js/pad-refusals.js";

const state = { seats: ["Ann", "Bob"], sides: [[0], [1]] };
const item = { label: "Ann plays 4-4, pegs 0", body: { seat: 0, tile: "4-4", peg: 0 }, seq: 6 };

test("a move is named as a person names it", () => {
  const names = [
    [{ seat: 1, tile: "6-4", peg: 2 }, "Bob's 6-4"],
    [{ seat: 0, knock: true }, "Ann's knock"],
    [{ seat: 1, misplay: "2-3" }, "Bob's misplay of 2-3"],
    [{ seat: 0, draw: 1 }, "Ann's draw"],
  ];
  for (const [move, name] of names) assert.equal(moveName(state, move), name);
});

test("a stale seq says what another tablet recorded first, read from the game's log", () => {
  const log = [{ seq: 7, kind: "move", hand: 0, payload: { seat: 1, tile: "6-4", peg: 2 } }];
  const words = refusalWords({ status: 409, error: "seq 6 is stale: the game is at seq 7" }, { item, state, log });
  assert.equal(words.kind, "refused");
  assert.equal(words.lines[0], "Another tablet recorded Bob's 6-4 first; here is the game now.");
  assert.match(words.lines[1], /^Ann plays 4-4, pegs 0: not recorded\./);
  assert.ok(!words.lines.join(" ").includes("seq"));
});

test("several moves recorded elsewhere are all named, an undo and the tiles shown too", () => {
  const log = [
    { seq: 6, kind: "move", hand: 0, payload: { seat: 0, knock: true } }, // this tablet's idea of the game already had it
    { seq: 7, kind: "move", hand: 0, payload: { seat: 1, tile: "6-4" } },
    { seq: 8, kind: "undo", hand: 0, payload: null },
    { seq: 9, kind: "shown", hand: 0, payload: {} },
  ];
  const words = refusalWords({ status: 409, error: "seq 6 is stale: the game is at seq 9" }, { item, state, log });
  assert.equal(words.lines[0], "Another tablet recorded Bob's 6-4, an undo and the tiles shown after hand 1 first; here is the game now.");
});

test("before the log is read, a stale seq still says another tablet came first", () => {
  const words = refusalWords({ status: 409, error: "another write to this game came first" }, { item, state });
  assert.equal(words.lines[0], "Another tablet recorded a move first; here is the game now.");
});

test("a rule refusal keeps the engine's reason, with hands and moves counted from 1 and the seat by name", () => {
  const words = refusalWords({ status: 422, error: "hand 0, move 1 (seat 1): 3-4 does not fit the right end (6)" }, { item: { label: "Bob plays 3-4 on the right, pegs 0" }, state, held: 2 });
  assert.deepEqual(words.lines, [
    "Bob plays 3-4 on the right, pegs 0: the rules do not allow it. Hand 1, move 2 (Bob): 3-4 does not fit the right end (6)",
    "The 2 moves after it are kept on this tablet and sent once this one is changed or deleted.",
  ]);
});

test("the engine's reason is counted from 1 however much of its place it gives", () => {
  assert.equal(engineReason(state, "hand 2: the lead passes to seat 1 this hand, not seat 0"), "Hand 3: the lead passes to seat 1 this hand, not seat 0");
  assert.equal(engineReason(state, "the result has been submitted"), "the result has been submitted");
});

test("logged out and not allowed are pauses, not refusals: the moves are kept", () => {
  const out = refusalWords({ status: 401, error: "Authentication credentials were not provided." }, { item });
  assert.equal(out.kind, "paused");
  assert.match(out.lines[0], /log in again; your moves are kept/);
  const forbidden = refusalWords({ status: 403, error: "only the game's creator and the scorers they name can score this game" }, { item });
  assert.equal(forbidden.kind, "paused");
  assert.equal(forbidden.title, "You may not score this game");
  assert.match(forbidden.lines.join(" "), /only the game's creator.*Your moves are kept on this tablet/);
});

test("a move held behind a refused one is counted in the words", () => {
  const one = refusalWords({ status: 422, error: "no" }, { item, state, held: 1 });
  assert.equal(one.lines.at(-1), "The move after it is kept on this tablet and sent once this one is changed or deleted.");
  assert.equal(refusalWords({ status: 422, error: "no" }, { item, state }).lines.length, 1);
});

test("a server's score that differs from what the pad showed is said plainly; the same, nothing", () => {
  const move = { seat: 1, tile: "6-4", peg: 5 };
  const events = [{ type: "play", seat: 1, tile: "6-4", worth: 10, points: 10 }];
  assert.equal(differenceText(state, move, { worth: 5 }, events), "The server scored Bob's 6-4 as 10, the pad showed 5.");
  assert.equal(differenceText(state, move, { worth: 10 }, events), null);
  assert.equal(differenceText(state, move, null, events), null);
});

test("a refusal of the league's rather than the rules' is given in the server's words", () => {
  const words = refusalWords({ status: 422, error: "the match's result has been submitted, so its games are closed" }, { item, state });
  assert.deepEqual(words.lines, ["Ann plays 4-4, pegs 0: not allowed: the match's result has been submitted, so its games are closed."]);
});
