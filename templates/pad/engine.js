// The rules engine in a Web Worker (docs/pad.md, "The engine in the
// browser"): Pyodide runs the server's own `scoring` package, so the pad
// can judge moves with no connection. static/js/pad-engine.js starts it and
// posts {id, name, args}; it answers {id, ok} with the value, {id, refused}
// with the engine's message for a move the rules refuse, or {id, failed}
// when the engine could not be loaded or run.
const PYODIDE = "{{ pyodide|escapejs }}"; // Pyodide's folder; empty when not installed here
const SCORING = "{{ scoring|escapejs }}"; // the scoring package as a zip, under its hash

// The Python side: one call per request, JSON in and out, so that what
// crosses into JavaScript is plain JSON, as the API answers it.
const GLUE = `
import json
import sys

sys.path.insert(0, "/engine")
from scoring import ScoringError, table_view

CALLS = {"table": table_view.sheet_table, "apply": table_view.sheet_preview}


def call(name, args):
    try:
        return json.dumps({"ok": CALLS[name](*json.loads(args))})
    except ScoringError as err:
        return json.dumps({"refused": str(err)})

call
`;

let engine = null;

async function start() {
  if (!PYODIDE) throw new Error("The rules engine for offline use is not installed on this server (make pyodide).");
  const { loadPyodide } = await import(`${PYODIDE}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: PYODIDE, stdout: () => {}, stderr: (line) => console.warn(line) });
  const zip = await fetch(SCORING);
  if (!zip.ok) throw new Error(`The rules engine could not be fetched (${zip.status}).`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/engine" });
  return pyodide.runPython(GLUE);
}

self.addEventListener("message", async ({ data: { id, name, args } }) => {
  try {
    engine ??= start();
    const call = await engine;
    if (name === "load") {
      self.postMessage({ id, ok: true });
      return;
    }
    self.postMessage({ id, ...JSON.parse(call(name, JSON.stringify(args))) });
  } catch (err) {
    self.postMessage({ id, failed: String(err?.message ?? err) });
  }
});
