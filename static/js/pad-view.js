// The part of the pad that shows the game: the connection, whose turn it
// is, the line and its ends, the alerts, the moves waiting to be sent and
// this hand's moves. The scores are drawn by scoreboard.js.
import { loudly } from "./broken.js";
import { byId, h, showStatus } from "./pad-dom.js";
import { known, outbox, pad, root } from "./pad-state.js";
import { counted, eventText, penaltyLines, turnText } from "./pad-text.js";
import { endsText } from "./scoreboard.js";
import { lineNode } from "./tiles.js";

export function renderConnection() {
  const node = byId("connection");
  const waiting = outbox.items.length;
  if (!pad.online) showStatus(node, `No connection: ${waiting} waiting on this tablet, sent when it returns`, "offline");
  else if (waiting) showStatus(node, `Sending ${waiting}…`, "sending");
  else showStatus(node, `Connected: every move is recorded${offlineWords()}`, "online");
}

// Whether the pad can work with no connection. It is ready when the
// browser keeps the page and its scripts for a reload (keepForOffline in
// pad.js) and the rules engine has loaded in the browser, its files kept
// with them (pad-projector.js): without the engine, moves made offline
// wait on the tablet unchecked, and the pad says so and why.
function offlineWords() {
  const { offlineReady: kept, engine, engineInstalled } = root.dataset;
  if (kept === "no") return "; not ready to work offline (reload the page to try again)";
  if (engine === "none") {
    const why = engineInstalled === "no" ? "the rules engine is not installed" : "this browser cannot run the rules engine";
    return `; offline, moves wait unchecked (${why})`;
  }
  if (kept === "yes" && engine === "ready") return "; ready to work offline";
  return kept === "yes" ? "; getting ready to work offline…" : "";
}

export function renderTable() {
  const { state } = pad.table;
  const guessing = state.status !== "won" && !known() && outbox.items.length;
  byId("turn").textContent = guessing ? `${outbox.items.length} waiting: the server will check whose turn it was` : turnText(state);
  byId("line").replaceChildren(lineNode(pad.table.line));
  byId("ends").textContent = endsText(pad.table) || "No tiles on the table";
  renderNext();
}

// After a won game of a match night, what comes next: the server works it
// out when the game is won (other tablets score the night's other rubbers
// meanwhile) and sends it as HTML. With no answer, the link back to the
// night at the top of the page still leads there.
let nextAsked = null; // the seq at which it was last asked

function renderNext() {
  const node = byId("next");
  if (!root.dataset.next || pad.table.state.status !== "won") {
    node.hidden = true;
    nextAsked = null;
    return;
  }
  if (nextAsked === pad.table.state.seq) return;
  nextAsked = pad.table.state.seq;
  loudly(fetchNext(node));
}

async function fetchNext(node) {
  let response;
  try {
    response = await fetch(root.dataset.next, { credentials: "same-origin", cache: "no-store" });
  } catch {
    nextAsked = null; // no connection: ask again on the next redraw
    return;
  }
  if (!response.ok) return;
  node.innerHTML = await response.text();
  node.hidden = node.textContent.trim() === "";
}

export function renderAlerts() {
  const parts = [];
  const ended = pad.table.events.find((e) => e.type === "hand-end");
  if (ended && known()) {
    parts.push(h("div", { class: "alert info hand-end" }, eventText(pad.table.state, ended),
      ...penaltyLines(pad.table.state, ended).map((line) => h("p", { class: "penalty" }, line))));
  }
  if (pad.notice) {
    parts.push(h("div", { class: `alert ${pad.notice.kind}`, role: pad.notice.kind === "error" ? "alert" : null },
      h("strong", {}, `${pad.notice.title}: `), ...pad.notice.lines.map((line) => h("p", {}, counted(line)))));
  }
  byId("alerts").replaceChildren(...parts);
}

export function renderMoves() {
  const state = pad.table.state;
  byId("hand-title").textContent = `Hand ${state.hand + 1}`;
  byId("moves").replaceChildren(...pad.table.events.map((event) =>
    h("li", {}, eventText(state, event), ...penaltyLines(state, event).map((line) => h("span", { class: "penalty" }, ` ${line}`)))));
}
