// The outbox (static/js/pad-outbox.js): every write waits in localStorage
// with its idempotency key and seq until the server has answered it.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { Outbox } from "../../static/js/pad-outbox.js";
import { fakeDocument, fakeFetch, fakeStorage } from "./fakes.mjs";

const GAME = 7;
const KNOCK = { path: "/api/games/7/moves", body: { seat: 1, knock: true }, label: "Bob knocks" };
const PLAY = { path: "/api/games/7/moves", body: { seat: 2, tile: "3-6", peg: 3 }, label: "Cy plays 3-6, pegs 3" };

// What a flush told the pad, in order.
function recorder() {
  const told = [];
  return {
    told,
    hooks: {
      sent: (item, reply) => told.push(["sent", item.label, reply]),
      refused: (err, unsent) => told.push(["refused", err.message, unsent.map((item) => item.label)]),
      unreachable: () => told.push(["unreachable"]),
    },
  };
}

function stored() {
  return JSON.parse(localStorage.getItem(`pad:${GAME}:outbox`));
}

beforeEach(() => {
  globalThis.localStorage = fakeStorage();
  globalThis.document = fakeDocument({ cookie: "sessionid=abc; csrftoken=t0ken" });
});

test("a move queued offline is kept in localStorage with its key and the seq it expects", () => {
  const item = new Outbox(GAME).add(KNOCK, 12);
  const [kept, ...others] = stored();
  assert.deepEqual(others, []);
  assert.deepEqual([kept.path, kept.body, kept.label, kept.seq], [KNOCK.path, KNOCK.body, "Bob knocks", 12]);
  assert.equal(kept.key, item.key);
  assert.match(kept.key, /^[0-9a-f-]{32,36}$/);
});

test("a write queued behind another expects the seq the first one makes", () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  assert.deepEqual(stored().map((item) => item.seq), [12, 13]);
  assert.notEqual(stored()[0].key, stored()[1].key);
});

test("the writes waiting survive a reload, each with the key it was given", () => {
  const before = new Outbox(GAME);
  const keys = [before.add(KNOCK, 4).key, before.add(PLAY, 4).key];
  const reloaded = new Outbox(GAME);
  assert.deepEqual(reloaded.items.map((item) => [item.label, item.key, item.seq]), [["Bob knocks", keys[0], 4], ["Cy plays 3-6, pegs 3", keys[1], 5]]);
});

test("another game's outbox on the same tablet is kept apart", () => {
  new Outbox(GAME).add(KNOCK, 4);
  assert.equal(new Outbox(GAME + 1).items.length, 0);
});

test("two queued moves go out oldest first, each with its key, seq and the CSRF token", async () => {
  const outbox = new Outbox(GAME);
  const first = outbox.add(KNOCK, 12);
  const second = outbox.add(PLAY, 12);
  const server = fakeFetch({ status: 201, body: { events: ["knocked"] } }, { status: 201, body: { events: ["played"] } });
  globalThis.fetch = server.fetch;
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(server.calls.map((call) => [call.url, call.headers["Idempotency-Key"], call.body]), [
    ["/api/games/7/moves", first.key, { seat: 1, knock: true, seq: 12 }],
    ["/api/games/7/moves", second.key, { seat: 2, tile: "3-6", peg: 3, seq: 13 }],
  ]);
  assert.deepEqual(server.calls.map((call) => call.headers["X-CSRFToken"]), ["t0ken", "t0ken"]);
  assert.deepEqual(told, [["sent", "Bob knocks", { events: ["knocked"] }], ["sent", "Cy plays 3-6, pegs 3", { events: ["played"] }]]);
  assert.deepEqual(outbox.items, []);
  assert.deepEqual(stored(), []);
});

test("with no connection the writes stay waiting, and the retry sends the same keys", async () => {
  const outbox = new Outbox(GAME);
  const keys = [outbox.add(KNOCK, 12).key, outbox.add(PLAY, 12).key];
  globalThis.fetch = fakeFetch("no connection").fetch;
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told, [["unreachable"]]);
  assert.equal(new Outbox(GAME).items.length, 2);

  const server = fakeFetch({ status: 201 }, { status: 201 });
  globalThis.fetch = server.fetch;
  await outbox.flush(hooks);
  assert.deepEqual(server.calls.map((call) => call.headers["Idempotency-Key"]), keys);
  assert.equal(outbox.items.length, 0);
});

test("a server error is retried later like a lost connection, not reported as refused", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  globalThis.fetch = fakeFetch({ status: 503, body: { error: "busy" } }).fetch;
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told, [["unreachable"]]);
  assert.equal(outbox.items.length, 1);
  assert.equal(outbox.refused, null);
});

test("a write sent before the connection dropped is dropped, the rest keep waiting", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  globalThis.fetch = fakeFetch({ status: 201 }, "no connection").fetch;
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told.map(([what]) => what), ["sent", "unreachable"]);
  assert.deepEqual(stored().map((item) => item.label), ["Cy plays 3-6, pegs 3"]);
});

test("a refused write is reported with the server's words, with every later write, and the waiting count drops", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  const server = fakeFetch({ status: 409, body: { error: "Someone else scored this game meanwhile." } });
  globalThis.fetch = server.fetch;
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told, [["refused", "Someone else scored this game meanwhile.", ["Bob knocks", "Cy plays 3-6, pegs 3"]]]);
  assert.equal(server.calls.length, 1);
  assert.equal(outbox.items.length, 0);
  assert.equal(outbox.refused.status, 409);
});

test("a refusal is still shown after a reload, until it is dismissed", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  globalThis.fetch = fakeFetch({ status: 422, body: { error: "Bob has no turn now." } }).fetch;
  await outbox.flush(recorder().hooks);
  const reloaded = new Outbox(GAME);
  assert.equal(reloaded.refused.error, "Bob has no turn now.");
  assert.deepEqual(reloaded.refused.unsent.map((item) => item.label), ["Bob knocks"]);
  reloaded.dismissRefused();
  assert.equal(new Outbox(GAME).refused, null);
});

test("a refused write is not sent again", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  globalThis.fetch = fakeFetch({ status: 409, body: { error: "stale" } }).fetch;
  await outbox.flush(recorder().hooks);
  globalThis.fetch = fakeFetch().fetch; // any request now fails the test
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told, []);
});

test("a second flush while one is sending sends nothing twice", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  const server = fakeFetch({ status: 201 });
  globalThis.fetch = server.fetch;
  const { hooks } = recorder();
  await Promise.all([outbox.flush(hooks), outbox.flush(hooks)]);
  assert.equal(server.calls.length, 1);
});

test("a failure in what the pad does with an answer fails the flush, and the next flush still sends", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  globalThis.fetch = fakeFetch({ status: 201 }).fetch;
  const broken = { ...recorder().hooks, sent: () => { throw new Error("drawing failed"); } };
  await assert.rejects(outbox.flush(broken), /drawing failed/);
  const server = fakeFetch({ status: 201 });
  globalThis.fetch = server.fetch;
  await outbox.flush(recorder().hooks);
  assert.deepEqual(server.calls.map((call) => call.body.seq), [13]);
});

test("a corrupt outbox in storage opens as empty rather than stopping the pad", () => {
  localStorage.setItem(`pad:${GAME}:outbox`, "{not json");
  assert.deepEqual(new Outbox(GAME).items, []);
});
