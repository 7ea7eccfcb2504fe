// The captain's card's checks as a score is typed (static/js/card-check.js):
// the server's words for the same scores.
import assert from "node:assert/strict";
import { test } from "node:test";

import { halfProblem, scoreProblem } from "../../static/js/card-check.js";

const CASES = [
  // home, away, target, exact, what is said
  ["61", "40", 61, false, ""],
  ["30", "61", 61, false, ""],
  ["64", "40", 61, false, ""],
  ["64", "40", 61, true, "64-40: a game to 61 is won on exactly 61"],
  ["50", "40", 61, false, "50-40: nobody has reached 61"],
  ["61", "61", 61, false, "61-61: a game of Fives and Threes always has a winner"],
  ["70", "65", 61, false, "70-65: the game ended when the first side reached 61"],
  ["121", "80", 121, false, ""],
  ["", "40", 61, false, ""],
];

test("a final score is checked as the server checks it", () => {
  for (const [home, away, target, exact, said] of CASES) {
    assert.equal(scoreProblem(home, away, target, exact), said, `${home}-${away} to ${target}`);
  }
});

test("a game with one box filled asks for both once the scorer leaves it", () => {
  assert.equal(halfProblem("61", ""), "enter both final scores from the card");
  assert.equal(halfProblem("", ""), "");
  assert.equal(halfProblem("61", "40"), "");
});
