// A move being entered, worked out again when the table changes under it
// (static/js/pad-pick.js): what the scorer tapped is kept, what the pad
// worked out from the old table is not.
import assert from "node:assert/strict";
import { test } from "node:test";

import { beyondAnyPlay, rebase, settleEnd } from "../../static/js/pad-pick.js";

const option = (end, worth) => ({ end, ends: [0, 0], total: 0, worth });
const tile = (name, options, { played = false, askEnd = options.length > 1 } = {}) => ({ tile: name, played, options, ask_end: askEnd });
const table = (...tiles) => ({ tiles });
const pick = (fields) => ({ mode: "play", seat: null, tile: null, option: null, end: undefined, peg: "", preview: null, basis: "old", replacing: null, ...fields });

// Before Bob's move reached the table: 0-6 on the 0 made 8, worth nothing.
const STALE = tile("0-6", [option("left", 0)]);
// After it: 9, worth 3.
const NOW = tile("0-6", [option("left", 3)]);

test("a tile picked on the table before the last move is worked out again on the table after it", () => {
  const before = pick({ tile: STALE, option: STALE.options[0], end: null, peg: "0" });
  const { pick: after, lost } = rebase(before, table(NOW), "server:2", true);
  assert.equal(lost, null);
  assert.equal(after.option.worth, 3);
  assert.equal(after.peg, "0"); // what the scorer typed is theirs
  assert.equal(after.basis, "server:2");
});

test("a pick on the table it was made for is left as it is", () => {
  const same = pick({ tile: NOW, option: NOW.options[0], end: null, basis: "server:2" });
  assert.equal(rebase(same, table(NOW), "server:2", true).pick, same);
});

test("when the table stops being known, the worth and the peg check go, the tile and the end named stay", () => {
  const before = pick({ tile: NOW, option: NOW.options[0], end: "left", preview: { worth: 3 } });
  const { pick: after } = rebase(before, table(NOW), null, false);
  assert.deepEqual([after.tile.tile, after.end, after.option, after.preview], ["0-6", "left", null, null]);
});

test("the end named with no table known is kept when the table knows it, and asked again when it does not", () => {
  const both = tile("3-5", [option("left", 2), option("right", 0)]);
  const named = rebase(pick({ tile: both, end: "right" }), table(both), "server:2", true).pick;
  assert.deepEqual([named.end, named.option.worth], ["right", 0]);
  const gone = tile("3-5", [option("left", 2)], { askEnd: false });
  const asked = rebase(pick({ tile: both, end: "right" }), table(gone), "server:2", true).pick;
  assert.deepEqual([asked.end, asked.option], [undefined, null]);
});

test("\u201cit fits one way only\u201d is asked again when the table says the end matters", () => {
  const both = tile("3-5", [option("left", 2), option("right", 0)]);
  const after = rebase(pick({ tile: both, end: null }), table(both), "server:2", true).pick;
  assert.equal(after.end, undefined);
});

test("a tile played meanwhile (by another tablet) is dropped, saying why", () => {
  const { pick: after, lost } = rebase(pick({ tile: NOW, end: null }), table(tile("0-6", [], { played: true })), "server:3", true);
  assert.equal(after, null);
  assert.equal(lost, "0-6 has been played now: tap the tile played.");
});

test("with the table known, the end is asked only when it changes the result", () => {
  assert.deepEqual([settleEnd(pick({}), NOW).end, settleEnd(pick({}), NOW).option.worth], [null, 3]);
  const same = tile("3-5", [option("left", 2), option("right", 2)], { askEnd: false });
  assert.equal(settleEnd(pick({}), same).end, null);
  const differ = tile("3-5", [option("left", 2), option("right", 0)]);
  assert.equal(settleEnd(pick({}), differ).end, undefined);
});

test("a peg above the most any play scores is asked about; one within it, or with no table, is not", () => {
  const pub = { largest_peg: 8 };
  assert.deepEqual([10, 9, 8, 0].map((peg) => beyondAnyPlay(peg, pub)), [8, 8, null, null]);
  assert.equal(beyondAnyPlay(10, null), null);
  assert.equal(beyondAnyPlay(10, {}), null); // a table kept from before the server said
});
