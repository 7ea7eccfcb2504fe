// The rules engine in the browser (docs/pad.md, "The engine in the
// browser"): the server's own `scoring` package, run by Pyodide in a Web
// Worker (/games/pad-engine.js) so that loading it (a few seconds) and
// asking it never hold up the page. It answers what the API would: the
// table of GET /options, the dry run of POST /preview.

// A move the rules refuse: `message` is the engine's, as a 422 carries it.
export class EngineRefusal extends Error {
  constructor(message) {
    super(message);
    this.name = "EngineRefusal";
  }
}

const WORKER = "/games/pad-engine.js";
let loading = null;

// The engine, started once: every call gives the same promise. It rejects
// with an Error saying why when the engine cannot run in this browser or
// from this server; a later call then tries afresh (the connection may
// have come back, the files with it).
export function loadEngine(url = WORKER) {
  loading ??= start(url).catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function start(url) {
  if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
    throw new Error("This browser cannot run the rules engine (no Web Workers or WebAssembly).");
  }
  const worker = new Worker(url, { type: "module" });
  const ask = asker(worker);
  try {
    await ask("load", []);
  } catch (err) {
    worker.terminate();
    throw err;
  }
  return {
    // What GET /options would answer once `ops` were recorded on top of
    // `sheet`, `state` being the last table's state (see docs/pad.md).
    table: (sheet, ops = [], state = null) => ask("table", [sheet, ops, state]),
    // What POST /preview would answer for `move` made after `ops`.
    apply: (sheet, ops, move) => ask("apply", [sheet, ops ?? [], move]),
  };
}

// Requests to the worker, each answered once, matched by id.
function asker(worker) {
  const waiting = new Map();
  let next = 0;
  const failAll = (message) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  worker.addEventListener("message", ({ data }) => {
    const pending = waiting.get(data.id);
    if (!pending) return;
    waiting.delete(data.id);
    if ("ok" in data) pending.resolve(data.ok);
    else if ("refused" in data) pending.reject(new EngineRefusal(data.refused));
    else pending.reject(new Error(`The rules engine failed: ${data.failed}`));
  });
  // A worker script that would not load (offline and never kept, a server
  // error) or that broke: every question waiting is answered with it.
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    failAll(`The rules engine could not start${event.message ? `: ${event.message}` : ""}.`);
  });
  return (name, args) => new Promise((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, name, args });
  });
}

// The outbox's waiting writes (pad-outbox.js items: {path, body}) as the
// engine's ops, oldest first: a move, the tiles shown, or an undo.
export function queuedOps(items) {
  return items.map(({ path, body }) => {
    if (path.endsWith("/moves")) return { move: body };
    if (path.endsWith("/shown")) return { shown: body };
    if (path.endsWith("/undo")) return { undo: true };
    throw new Error(`The engine cannot replay a write to ${path}`);
  });
}
