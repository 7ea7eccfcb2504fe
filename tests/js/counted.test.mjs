// Where the engine says a refused move was, counted from 1 as a person
// counts (static/js/pad-text.js `counted`): the engine counts from 0.
import assert from "node:assert/strict";
import { test } from "node:test";

import { counted } from "../../static/js/pad-text.js";

const CASES = [
  ["hand 0, move 3 (seat 1): 2-5 fits neither end", "Hand 1, move 4 (seat 1): 2-5 fits neither end"],
  ["hand 2: the game is over (side 0 won)", "Hand 3: the game is over (side 0 won)"],
  ["hand 1 has not ended", "Hand 2 has not ended"],
  ["hand 11, move 0 (seat 3): peg 62 is more than the whole game is played to", "Hand 12, move 1 (seat 3): peg 62 is more than the whole game is played to"],
];

for (const [engine, person] of CASES) {
  test(`"${engine}" reads "${person}"`, () => assert.equal(counted(engine), person));
}

test("words already counted for a person are left as they are", () => {
  for (const text of ["Hand 1 ended: blocked.", "Tiles shown after hand 2", "Ann played 5-5: ends 10, scores 2"]) {
    assert.equal(counted(text), text);
  }
});
