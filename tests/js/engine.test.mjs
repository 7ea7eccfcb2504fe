// The engine's doorway in the page (static/js/pad-engine.js): the outbox's
// writes as the engine replays them, and a browser that cannot run the
// engine told why, without anything thrown past the promise.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadEngine, queuedOps } from "../../static/js/pad-engine.js";

test("the outbox's writes become the engine's ops, oldest first", () => {
  const items = [
    { path: "/api/games/7/moves", body: { seat: 0, tile: "6-3", peg: 3 }, key: "a", seq: 4 },
    { path: "/api/games/7/hands/0/shown", body: { 1: ["2-4"] }, key: "b", seq: 5 },
    { path: "/api/games/7/undo", body: {}, key: "c", seq: 6 },
  ];
  assert.deepEqual(queuedOps(items), [
    { move: { seat: 0, tile: "6-3", peg: 3 } },
    { shown: { 1: ["2-4"] } },
    { undo: true },
  ]);
});

test("a write the engine cannot replay is an error, not a silent gap", () => {
  assert.throws(() => queuedOps([{ path: "/api/games/7/scorers", body: {} }]), /cannot replay/);
});

test("without Web Workers the engine says why, and a later call tries again", async () => {
  // Node has WebAssembly but no Worker: as an old browser would be.
  const first = loadEngine();
  await assert.rejects(first, /cannot run the rules engine/);
  const second = loadEngine();
  assert.notEqual(second, first);
  await assert.rejects(second, /cannot run the rules engine/);
});
