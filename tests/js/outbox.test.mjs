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
      refused: (err, item, held) => told.push(["refused", err.message, held.map((later) => later.label)]),
      paused: (err) => told.push(["paused", err.status]),
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
  assert.equal(outbox.stopped(), null);
});

test("a refused write stays first, marked with the server's words, and the writes after it are held, not sent", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  outbox.add(KNOCK, 12);
  const server = fakeFetch({ status: 422, body: { error: "hand 0, move 3 (seat 1): seat 1 cannot knock holding 3-6" } });
  globalThis.fetch = server.fetch;
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told, [["refused", "hand 0, move 3 (seat 1): seat 1 cannot knock holding 3-6", ["Cy plays 3-6, pegs 3", "Bob knocks"]]]);
  assert.equal(server.calls.length, 1);
  assert.equal(outbox.items.length, 3);
  assert.deepEqual(outbox.stopped().refused, { status: 422, error: "hand 0, move 3 (seat 1): seat 1 cannot knock holding 3-6", at: 12, words: null });
});

test("a refused write and those held behind it survive a reload", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  globalThis.fetch = fakeFetch({ status: 422, body: { error: "Bob has no turn now." } }).fetch;
  await outbox.flush(recorder().hooks);
  const reloaded = new Outbox(GAME);
  assert.equal(reloaded.stopped().refused.error, "Bob has no turn now.");
  assert.deepEqual(reloaded.items.map((item) => item.label), ["Bob knocks", "Cy plays 3-6, pegs 3"]);
});

test("nothing is sent while a refused write waits to be corrected", async () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  outbox.add(PLAY, 12);
  globalThis.fetch = fakeFetch({ status: 409, body: { error: "seq 12 is stale: the game is at seq 13", state: { seq: 13 } } }).fetch;
  await outbox.flush(recorder().hooks);
  globalThis.fetch = fakeFetch().fetch; // any request now fails the test
  const { told, hooks } = recorder();
  await outbox.flush(hooks);
  assert.deepEqual(told, []);
});

test("deleting a refused write sends the held ones next, each with the seq the server is at", async () => {
  const outbox = new Outbox(GAME);
  const refused = outbox.add(KNOCK, 12);
  const held = [outbox.add(PLAY, 12), outbox.add(KNOCK, 12)];
  globalThis.fetch = fakeFetch({ status: 422, body: { error: "Bob has no turn now." } }).fetch;
  await outbox.flush(recorder().hooks);
  assert.equal(outbox.remove(refused.key).label, "Bob knocks");
  const server = fakeFetch({ status: 201 }, { status: 201 });
  globalThis.fetch = server.fetch;
  await outbox.flush(recorder().hooks);
  assert.deepEqual(server.calls.map((call) => [call.headers["Idempotency-Key"], call.body.seq]), [[held[0].key, 12], [held[1].key, 13]]);
  assert.deepEqual(outbox.items, []);
});

test("after another tablet's move, the corrected write and those after it follow the game as the server has it", async () => {
  const outbox = new Outbox(GAME);
  const refused = outbox.add(KNOCK, 12);
  const held = outbox.add(PLAY, 12);
  globalThis.fetch = fakeFetch({ status: 409, body: { error: "seq 12 is stale: the game is at seq 14", state: { seq: 14 } } }).fetch;
  await outbox.flush(recorder().hooks);
  const changed = outbox.replace(refused.key, { body: { seat: 3, knock: true }, label: "Di knocks" });
  assert.notEqual(changed.key, refused.key); // another write: another key
  const server = fakeFetch({ status: 201 }, { status: 201 });
  globalThis.fetch = server.fetch;
  await outbox.flush(recorder().hooks);
  assert.deepEqual(server.calls.map((call) => [call.headers["Idempotency-Key"], call.body]), [
    [changed.key, { seat: 3, knock: true, seq: 14 }],
    [held.key, { seat: 2, tile: "3-6", peg: 3, seq: 15 }],
  ]);
});

test("a refused write can be sent again as it is, on top of the game now", async () => {
  const outbox = new Outbox(GAME);
  const refused = outbox.add(KNOCK, 12);
  globalThis.fetch = fakeFetch({ status: 409, body: { error: "seq 12 is stale: the game is at seq 13", state: { seq: 13 } } }).fetch;
  await outbox.flush(recorder().hooks);
  outbox.retry(refused.key);
  const server = fakeFetch({ status: 201 });
  globalThis.fetch = server.fetch;
  await outbox.flush(recorder().hooks);
  assert.deepEqual(server.calls.map((call) => call.body), [{ seat: 1, knock: true, seq: 13 }]);
});

test("deleting a held write moves the ones after it up a seq", () => {
  const outbox = new Outbox(GAME);
  outbox.add(KNOCK, 12);
  const middle = outbox.add(PLAY, 12);
  outbox.add(KNOCK, 12);
  outbox.remove(middle.key);
  assert.deepEqual(stored().map((item) => [item.label, item.seq]), [["Bob knocks", 12], ["Bob knocks", 13]]);
});

test("the write on its way to the server cannot be deleted or changed", async () => {
  const outbox = new Outbox(GAME);
  const first = outbox.add(KNOCK, 12);
  let answer;
  globalThis.fetch = () => new Promise((resolve) => { answer = resolve; });
  const flushing = outbox.flush(recorder().hooks);
  assert.equal(outbox.remove(first.key), null);
  assert.equal(outbox.replace(first.key, { body: {}, label: "x" }), null);
  answer(new Response("{}", { status: 201 }));
  await flushing;
  assert.deepEqual(outbox.items, []);
});

test("logged out or not allowed to score: every write waits unjudged, and is tried again", async () => {
  for (const status of [401, 403]) {
    const outbox = new Outbox(GAME);
    outbox.items.splice(0);
    outbox.add(KNOCK, 12);
    outbox.add(PLAY, 12);
    globalThis.fetch = fakeFetch({ status, body: { error: "no" } }).fetch;
    const told = [];
    await outbox.flush({ ...recorder().hooks, paused: (err) => told.push(err.status) });
    assert.deepEqual(told, [status]);
    assert.equal(outbox.stopped(), null);
    assert.deepEqual(outbox.paused, { status, error: "no" });
    const server = fakeFetch({ status: 201 }, { status: 201 });
    globalThis.fetch = server.fetch;
    await outbox.flush(recorder().hooks);
    assert.equal(server.calls.length, 2);
    assert.equal(outbox.paused, null);
  }
});

test("writes an earlier pad set aside after a refusal come back, the refused one first", () => {
  const unsent = [{ key: "k1", path: KNOCK.path, body: KNOCK.body, label: "Bob knocks", seq: 12 }, { key: "k2", path: PLAY.path, body: PLAY.body, label: "Cy plays 3-6, pegs 3", seq: 13 }];
  localStorage.setItem(`pad:${GAME}:refused`, JSON.stringify({ error: "stale", status: 409, unsent }));
  const outbox = new Outbox(GAME);
  assert.deepEqual(outbox.items.map((item) => [item.key, Boolean(item.refused)]), [["k1", true], ["k2", false]]);
  assert.equal(localStorage.getItem(`pad:${GAME}:refused`), null);
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
