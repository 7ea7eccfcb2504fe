// Every write the pad makes waits here, in localStorage, until the server
// has answered it: a move made with no connection survives a reload and is
// sent, in order, with the key it was given when it was made. The server
// answers a key it has seen with its first answer, so a resend after a lost
// reply records nothing twice.
//
// A write the server refuses stays at the head, marked refused, and the
// writes behind it are held: kept (across a reload too), not sent, until the
// scorer changes the refused one, deletes it or sends it again. A 401 or 403
// says nothing about the writes themselves (the tablet is logged out, or
// this login may not score the game): they all wait, and are tried again.
import { Refused, Unreachable, newKey, postJson } from "./pad-api.js";

// Refusals of the tablet, not of the write: retried as they are.
const PAUSES = new Set([401, 403]);

export class Outbox {
  constructor(gameId) {
    this.storeKey = `pad:${gameId}:outbox`;
    this.items = read(this.storeKey, []);
    adoptOldRefusal(this, `pad:${gameId}:refused`);
    this.sending = false;
    this.paused = null; // { status, error } while a 401 or 403 holds every write
  }

  // `seq` is the server's seq when the write was made: each write raises it
  // by one, so a write queued behind others expects theirs too. Someone else
  // scoring meanwhile makes it stale, and the server refuses it (409).
  // `showed`: what the pad showed the move to be worth, to compare with the
  // server's answer.
  add({ path, body, label, showed = null }, knownSeq) {
    const item = { key: newKey(), path, body, label, showed, seq: knownSeq + this.items.length, made: Date.now() };
    this.items.push(item);
    this.save();
    return item;
  }

  save() {
    localStorage.setItem(this.storeKey, JSON.stringify(this.items));
  }

  // The refused write at the head, which holds the rest; or null.
  stopped() {
    return this.items[0]?.refused ? this.items[0] : null;
  }

  // Whether the write with `key` may be changed or deleted: anything but
  // the one on its way to the server.
  settled(key) {
    const at = this.items.findIndex((item) => item.key === key);
    return at >= 0 && !(this.sending && at === 0);
  }

  // Deletes a write that has not been recorded. The writes after it move
  // up a seq; after a refused one, they follow the game as the server has it.
  remove(key) {
    if (!this.settled(key)) return null;
    const at = this.items.findIndex((item) => item.key === key);
    const [gone] = this.items.splice(at, 1);
    this.renumber(at, gone.refused ? gone.refused.at : gone.seq);
    this.save();
    return gone;
  }

  // Puts a corrected move in the place of a refused (or waiting) one, with
  // a new key: it is another write. The writes after it follow it.
  replace(key, { path = null, body, label, showed = null }) {
    if (!this.settled(key)) return null;
    const at = this.items.findIndex((item) => item.key === key);
    const old = this.items[at];
    const item = { key: newKey(), path: path ?? old.path, body, label, showed, seq: old.refused ? old.refused.at : old.seq, made: Date.now() };
    this.items[at] = item;
    this.renumber(at + 1, item.seq + 1);
    this.save();
    return item;
  }

  // Sends a refused write again as it is, on top of the game as the server
  // now has it (after a 409, once the scorer has seen that game).
  retry(key) {
    const old = this.items.find((item) => item.key === key);
    return old ? this.replace(key, { body: old.body, label: old.label }) : null;
  }

  renumber(from, seq) {
    for (let at = from; at < this.items.length; at += 1) this.items[at].seq = seq + at - from;
  }

  // Sends the waiting writes, oldest first, until one cannot be sent.
  // hooks.sent(item, reply) after each; hooks.refused(error, item, held)
  // when the server refuses one (it stays, marked; `held` wait behind it);
  // hooks.paused(error) on a 401 or 403; hooks.unreachable(error) when
  // there is no answer.
  async flush(hooks) {
    if (this.sending || this.stopped()) return;
    this.sending = true;
    try {
      while (this.items.length) {
        const item = this.items[0];
        let reply;
        try {
          reply = await postJson(item.path, { ...item.body, seq: item.seq }, item.key);
        } catch (err) {
          this.sending = false;
          this.settle(err, item, hooks);
          return;
        }
        this.paused = null;
        this.items.shift();
        this.save();
        hooks.sent(item, reply);
      }
    } finally {
      this.sending = false;
    }
  }

  settle(err, item, hooks) {
    if (err instanceof Refused && PAUSES.has(err.status)) {
      this.paused = { status: err.status, error: err.message };
      hooks.paused(err);
    } else if (err instanceof Refused) {
      this.paused = null;
      // Where the server stands: after a 409 it says; otherwise where this write expected it.
      const at = err.body.state?.seq ?? item.seq;
      item.refused = { status: err.status, error: err.message, at, words: null };
      this.save();
      hooks.refused(err, item, this.items.slice(1));
    } else if (err instanceof Unreachable) {
      hooks.unreachable(err);
    } else {
      throw err;
    }
  }
}

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

// An earlier version of the pad set a refused write and all after it
// aside under another key: they come back into the queue, the first marked.
function adoptOldRefusal(outbox, key) {
  const old = read(key, null);
  localStorage.removeItem(key);
  if (!old || !Array.isArray(old.unsent) || !old.unsent.length || outbox.items.length) return;
  const [first, ...rest] = old.unsent;
  outbox.items = [{ ...first, refused: { status: old.status, error: old.error, at: first.seq, words: null } }, ...rest];
  outbox.save();
}
