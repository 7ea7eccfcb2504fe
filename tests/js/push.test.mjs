// A spectator's page follows the push stream where it answers and polls
// wherever it does not (static/js/push.js), with no word of alarm.
import assert from "node:assert/strict";
import { test } from "node:test";

import { follow } from "../../static/js/push.js";

// A browser's EventSource, driven by the test: open, a message, an error
// with the browser reconnecting by itself (CONNECTING) or giving up (CLOSED).
function fakeEventSource() {
  class FakeEventSource {
    static CONNECTING = 0;
    static OPEN = 1;
    static CLOSED = 2;
    constructor(url) {
      this.url = url;
      this.readyState = FakeEventSource.CONNECTING;
      FakeEventSource.opened.push(this);
    }
    open() {
      this.readyState = FakeEventSource.OPEN;
      this.onopen();
    }
    send(data) {
      this.onmessage({ data: JSON.stringify(data) });
    }
    fail(state) {
      this.readyState = state;
      this.onerror();
    }
  }
  FakeEventSource.opened = [];
  return FakeEventSource;
}

function fakeTimers() {
  const pending = [];
  return {
    pending,
    setTimeout(callback, ms) {
      pending.push({ callback, ms });
    },
    fire() {
      pending.shift().callback();
    },
  };
}

function followed(options = {}) {
  const EventSourceImpl = fakeEventSource();
  const timers = fakeTimers();
  const said = [];
  const messages = [];
  follow({ url: "/push/games/7", onMessage: (m) => messages.push(m), onPushing: (now) => said.push(now),
    EventSourceImpl, timers, retryPushMs: 30_000, ...options });
  return { EventSourceImpl, timers, said, messages, source: () => EventSourceImpl.opened.at(-1) };
}

test("the page polls until the stream answers, then stops polling and takes its messages", () => {
  const page = followed();
  assert.deepEqual(page.said, [false]);
  page.source().open();
  page.source().send({ seq: 4 });
  assert.deepEqual(page.said, [false, true]);
  assert.deepEqual(page.messages, [{ seq: 4 }]);
});

test("a stream that drops puts the page back to polling while the browser reconnects", () => {
  const page = followed();
  page.source().open();
  page.source().fail(page.EventSourceImpl.CONNECTING);
  assert.deepEqual(page.said, [false, true, false]);
  page.source().open(); // the browser's own reconnection: the same stream
  assert.deepEqual(page.said, [false, true, false, true]);
  assert.equal(page.EventSourceImpl.opened.length, 1);
});

test("a stream the server refused is tried again later, the page polling meanwhile", () => {
  const page = followed();
  page.source().fail(page.EventSourceImpl.CLOSED);
  assert.deepEqual(page.said, [false]);
  assert.deepEqual(page.timers.pending.map((t) => t.ms), [30_000]);
  page.timers.fire();
  assert.equal(page.EventSourceImpl.opened.length, 2);
  page.source().open();
  assert.deepEqual(page.said, [false, true]);
});

test("without a push address or an EventSource the page only polls", () => {
  for (const options of [{ url: "" }, { url: undefined }, { EventSourceImpl: undefined }]) {
    const page = followed(options);
    assert.deepEqual(page.said, [false]);
    assert.equal(page.timers.pending.length, 0);
  }
});
