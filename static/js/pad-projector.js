// The pad's side of the engine in the browser (pad-engine.js; docs/pad.md,
// "The engine in the browser"): while writes are ahead of the last table
// the server gave (on their way, waiting for a connection, or answered but
// not yet fetched), the pad draws the game after them as the engine works
// it out, and dry-runs a wrong peg with it. Until the engine has answered
// for exactly those writes, pad-state.js marks the table as not known, so
// nothing stale is shown meanwhile. Without the engine (not on this server,
// a browser that cannot run it) the pad works as it does without it.
import { loudly } from "./broken.js";
import { Refused, Unreachable, getJson } from "./pad-api.js";
// Imported with the page (not when needed), so that the service worker keeps it for a reload offline.
import { loadEngine, queuedOps } from "./pad-engine.js";
import { actions, api, pad, root, writesAhead } from "./pad-state.js";

const sheetKey = `pad:${Number(root.dataset.game)}:sheet`;
let engine = null;
let kept = read(); // { seq, sheet }: the game as a scoresheet, as of the last table
let answer = { key: null, table: null }; // the engine's last table, by the writes it is for
let asking = null; // the key being worked out

function read() {
  try {
    return JSON.parse(localStorage.getItem(sheetKey)) ?? null;
  } catch {
    return null;
  }
}

// The table after `writes`, if the engine has worked it out for exactly
// them; otherwise null, and the engine is asked (the pad is redrawn when it
// answers). A write the engine refuses gives null: the server will say.
function projector(key, server, writes) {
  if (!kept || kept.seq !== server.state.seq) return null;
  if (answer.key === key) return answer.table;
  if (asking !== key) {
    asking = key;
    loudly(engine.table(kept.sheet, queuedOps(writes), server.state).then(
      (table) => { answer = { key, table }; },
      (err) => { if (err.name !== "EngineRefusal") console.warn(err); answer = { key, table: null }; },
    ).finally(() => { if (asking === key) asking = null; actions.render(); }));
  }
  return null;
}

// What POST /preview would answer for `move` after the writes ahead.
function previewer(move) {
  return engine.apply(kept.sheet, queuedOps(writesAhead()), move);
}

// Fetches the scoresheet the engine starts from, for the table just fetched.
export async function keepSheet(seq) {
  if (!engine || (kept && kept.seq === seq)) return;
  try {
    const sheet = await getJson(`${api}/sheet`);
    kept = { seq, sheet };
    localStorage.setItem(sheetKey, JSON.stringify(kept));
  } catch (err) {
    if (!(err instanceof Unreachable || err instanceof Refused)) throw err;
  }
}

// Loads the engine once the pad is drawn. A server without it, or a
// browser that cannot run it, leaves the pad as it was: told in the console.
export async function startEngine() {
  try {
    engine = await loadEngine();
  } catch (err) {
    console.info("The pad works without the rules engine in the browser:", err.message);
    root.dataset.engine = "none"; // the status line says why moves made offline go unchecked
    actions.render();
    return;
  }
  pad.projector = projector;
  pad.previewer = previewer;
  if (pad.server) await keepSheet(pad.server.state.seq);
  root.dataset.engine = "ready"; // the engine has answered for the first time: the status line says the pad is ready offline
  actions.render();
}
