// The engine's events in the words a pub table uses (static/js/pad-text.js):
// everything is read from what the server sends, nothing is scored here.
import assert from "node:assert/strict";
import { test } from "node:test";

import { eventText, moveText, penaltyLines, sideName, turnText } from "../../static/js/pad-text.js";

function state(overrides = {}) {
  return {
    seats: ["Ann", "Bob", "Cy", "Di"], sides: [[0, 2], [1, 3]], scores: [35, 20],
    status: "playing", hand: 2, turn: 1, winner: null, ...overrides,
  };
}

test("a side is named by its players", () => {
  assert.equal(sideName(state(), 0), "Ann & Cy");
  assert.equal(sideName(state({ seats: ["Ann", "Bob"], sides: [[0], [1]] }), 1), "Bob");
});

test("a play says the tile, the end, the open ends' total and the score", () => {
  const play = { type: "play", seat: 0, tile: "5-5", end: "left", total: 15, points: 3, verdict: "right", peg: 3, worth: 3 };
  assert.equal(eventText(state(), play), "Ann played 5-5 on the left: ends 15, scores 3");
});

test("a wrong peg says what was pegged and what the rules give", () => {
  const play = { type: "play", seat: 1, tile: "2-3", total: 10, points: 2, verdict: "over", peg: 4, worth: 2 };
  assert.equal(eventText(state(), play), "Bob played 2-3: ends 10, scores 2 (pegged 4, rules give 2)");
});

test("the other moves say who did what", () => {
  assert.equal(eventText(state(), { type: "knock", seat: 2 }), "Cy knocked");
  assert.equal(eventText(state(), { type: "draw", seat: 3, count: 2 }), "Di drew 2");
  assert.equal(eventText(state(), { type: "misplay", seat: 0, tile: "6-6" }), "Ann misplayed 6-6");
  assert.equal(eventText(state(), { type: "ruling", seat: 1, offence: "false-knock" }), "Ruling: false knock by Bob");
});

test("an undone move is said as the scorer entered it", () => {
  assert.equal(eventText(state(), { type: "void", move: { seat: 1, tile: "3-6", end: "right", peg: 3 } }), "Undone: Bob plays 3-6 on the right, pegs 3");
});

test("a hand's end lists its false knocks and its awards", () => {
  const end = {
    type: "hand-end", hand: 2, ended: "blocked",
    false_knocks: [{ seat: 1, move: 6, tiles: ["4-5", "0-1"] }],
    awards: [{ side: 0, points: 10, reason: "block" }],
  };
  assert.equal(eventText(state(), end), "Hand 3 ended: blocked. False knock by Bob at move 7 (held 4-5, 0-1). Ann & Cy +10 (block).");
});

test("each penalty is a line of its own, with its sign", () => {
  const event = { type: "play", penalties: [{ offence: "over-peg", side: 1, points: -5 }, { offence: "under-peg", side: 0, points: 2 }] };
  assert.deepEqual(penaltyLines(state(), event), ["over peg: \u22125 to Bob & Di", "under peg: +2 to Ann & Cy"]);
  assert.deepEqual(penaltyLines(state(), { type: "knock" }), []);
});

test("a move waiting to be sent is said as entered, naming a seat the table does not know by number", () => {
  assert.equal(moveText(state(), { seat: 0, tile: "1-4" }), "Ann plays 1-4");
  assert.equal(moveText(state(), { seat: 2, knock: true }), "Cy knocks");
  assert.equal(moveText(state(), { seat: 3, misplay: "2-2" }), "Di misplays 2-2");
  assert.equal(moveText(state(), { seat: 1, draw: 1 }), "Bob draws 1");
  assert.equal(moveText(state(), { seat: 5, knock: true }), "seat 5 knocks");
});

test("the pad says whose turn it is; the scoreboard names the hand too", () => {
  assert.equal(turnText(state()), "Bob to play");
  assert.equal(turnText(state(), { withHand: true }), "Hand 3: Bob to play");
});

test("before the down, both say the hand is waiting for it", () => {
  assert.equal(turnText(state({ turn: null })), "Waiting for the down");
  assert.equal(turnText(state({ turn: null }), { withHand: true }), "Hand 3: waiting for the down");
});

test("between hands, both say the hand is over and who leads the next", () => {
  const over = state({ status: "hand-ended", turn: 2 });
  assert.equal(turnText(over), "Hand 3 is over: Cy leads the next");
  assert.equal(turnText(over, { withHand: true }), "Hand 3 is over: Cy leads the next");
  assert.equal(turnText(state({ status: "hand-ended", turn: null })), "Hand 3 is over");
});

test("a won game names the winners", () => {
  assert.equal(turnText(state({ status: "won", winner: 1, turn: null })), "Bob & Di won the game");
});
