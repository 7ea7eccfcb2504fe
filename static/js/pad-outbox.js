// Every write the pad makes waits here, in localStorage, until the server
// has answered it: a move made with no connection survives a reload and is
// sent, in order, with the key it was given when it was made. The server
// answers a key it has seen with its first answer, so a resend after a lost
// reply records nothing twice.
import { Refused, Unreachable, newKey, postJson } from "./pad-api.js";

export class Outbox {
  constructor(gameId) {
    this.storeKey = `pad:${gameId}:outbox`;
    this.refusedKey = `pad:${gameId}:refused`;
    this.items = read(this.storeKey, []);
    this.refused = read(this.refusedKey, null);
    this.sending = false;
  }

  // `seq` is the server's seq when the write was made: each write raises it
  // by one, so a write queued behind others expects theirs too. Someone else
  // scoring meanwhile makes it stale, and the server refuses it (409).
  add({ path, body, label }, knownSeq) {
    const item = { key: newKey(), path, body, label, seq: knownSeq + this.items.length, made: Date.now() };
    this.items.push(item);
    this.save();
    return item;
  }

  save() {
    localStorage.setItem(this.storeKey, JSON.stringify(this.items));
    localStorage.setItem(this.refusedKey, JSON.stringify(this.refused));
  }

  dismissRefused() {
    this.refused = null;
    this.save();
  }

  // Sends the waiting writes, oldest first, until one cannot be sent.
  // hooks.sent(item, reply) after each; hooks.refused(error, unsent) when the
  // server refuses one (it and every later one are then set aside: each was
  // made on top of it); hooks.unreachable(error) when there is no answer.
  async flush(hooks) {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.items.length) {
        const item = this.items[0];
        let reply;
        try {
          reply = await postJson(item.path, { ...item.body, seq: item.seq }, item.key);
        } catch (err) {
          if (err instanceof Refused) {
            const unsent = this.items.splice(0);
            this.refused = { error: err.message, status: err.status, unsent };
            this.save();
            hooks.refused(err, unsent);
          } else if (err instanceof Unreachable) {
            hooks.unreachable(err);
          } else {
            throw err;
          }
          return;
        }
        this.items.shift();
        this.save();
        hooks.sent(item, reply);
      }
    } finally {
      this.sending = false;
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
