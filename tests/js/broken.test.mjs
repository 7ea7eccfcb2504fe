// When the page meets something it did not plan for, the scorer is told in
// plain words to reload, instead of being left with a page that has quietly
// stopped changing (static/js/broken.js).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { RELOAD, guarded, loudly, showBroken } from "../../static/js/broken.js";
import { h } from "../../static/js/pad-dom.js";
import { fakeDocument, fakeFetch } from "./fakes.mjs";

// What the page says at its top, in the alert the scorer's eye goes to.
function alerts() {
  return document.main.children.filter((node) => node.getAttribute?.("role") === "alert").map((node) => node.textContent);
}

// A promise has settled and its handlers have run.
const settled = () => new Promise((resolve) => setImmediate(resolve));

beforeEach((t) => {
  globalThis.document = fakeDocument();
  t.mock.method(console, "error", () => {}); // the cause goes to the console: kept out of the test's output
});

test("the message asks for a reload in plain words", () => {
  assert.match(RELOAD, /^Something went wrong.*reload the page\.$/);
});

test("a failure is shown once at the top of the page, however often it happens", () => {
  showBroken(new Error("first"));
  showBroken(new Error("second"));
  assert.deepEqual(alerts(), [RELOAD]);
});

test("the cause is written to the console for whoever looks into it", () => {
  const cause = new TypeError("table.state is undefined");
  showBroken(cause);
  assert.deepEqual(console.error.mock.calls.map((call) => call.arguments[0]), [cause]);
});

test("a fetch chain that rejects shows the message", async () => {
  globalThis.fetch = fakeFetch("no connection").fetch;
  await loudly(fetch("/api/games/7/options").then((response) => response.json()));
  assert.deepEqual(alerts(), [RELOAD]);
});

test("a chain that goes well shows nothing and keeps its value", async () => {
  assert.equal(await loudly(Promise.resolve(3)), 3);
  assert.deepEqual(alerts(), []);
});

test("a handler that throws shows the message, and the page goes on", () => {
  const tap = guarded(() => { throw new Error("no such tile"); });
  assert.doesNotThrow(() => tap());
  assert.deepEqual(alerts(), [RELOAD]);
});

test("a handler whose promise fails shows the message", async () => {
  guarded(async () => { throw new Error("the answer had no state"); })();
  await settled();
  assert.deepEqual(alerts(), [RELOAD]);
});

test("a handler that works shows nothing and gets its event", () => {
  const seen = [];
  guarded((event) => seen.push(event.key))({ key: "7" });
  assert.deepEqual(seen, ["7"]);
  assert.deepEqual(alerts(), []);
});

test("a button drawn by the pad whose tap fails shows the message", () => {
  const button = h("button", { type: "button", onclick: () => { throw new Error("render failed"); } }, "Knock");
  button.onclick();
  assert.deepEqual(alerts(), [RELOAD]);
});
