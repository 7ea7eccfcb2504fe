// The part of the pad that shows the game: the connection, whose turn it
// is, the line and its ends, the alerts, the moves waiting to be sent and
// this hand's moves. The scores are drawn by scoreboard.js.
import { byId, h } from "./pad-dom.js";
import { actions, known, outbox, pad, root, seatNames } from "./pad-state.js";
import { eventText, penaltyLines, sideName } from "./pad-text.js";
import { endsText } from "./scoreboard.js";
import { lineNode } from "./tiles.js";

export function renderConnection() {
  const node = byId("connection");
  const waiting = outbox.items.length;
  if (!pad.online) {
    node.textContent = `No connection: ${waiting} waiting on this tablet, sent when it returns`;
    node.className = "connection offline";
  } else if (waiting) {
    node.textContent = `Sending ${waiting}…`;
    node.className = "connection sending";
  } else {
    node.textContent = `Connected: every move is recorded${root.dataset.offlineReady ? "; ready to work offline" : ""}`;
    node.className = "connection online";
  }
}

export function renderTable() {
  const { state } = pad.table;
  const names = seatNames();
  let turn;
  if (state.status === "won") turn = `${sideName(state, state.winner)} won the game`;
  else if (!known() && outbox.items.length) turn = `${outbox.items.length} waiting: the server will check whose turn it was`;
  else if (state.status === "hand-ended") turn = `Hand ${state.hand + 1} is over${state.turn !== null ? `: ${names[state.turn]} leads the next` : ""}`;
  else if (state.turn === null) turn = "Any player may put the down";
  else turn = `${names[state.turn]} to play`;
  byId("turn").textContent = turn;
  byId("line").replaceChildren(lineNode(pad.table.line));
  byId("ends").textContent = endsText(pad.table) || "No tiles on the table";
}

export function renderAlerts() {
  const parts = [];
  if (outbox.refused) {
    const { error, unsent } = outbox.refused;
    parts.push(h("div", { class: "alert error", role: "alert" },
      h("strong", {}, "The server refused a move: "), error,
      h("p", {}, "Not sent (the table above is the server's):"),
      h("ul", {}, ...unsent.map((item) => h("li", {}, item.label))),
      h("button", { type: "button", class: "small", onclick: () => { outbox.dismissRefused(); actions.render(); } }, "Dismiss"),
    ));
  }
  const ended = pad.table.events.find((e) => e.type === "hand-end");
  if (ended && known()) {
    parts.push(h("div", { class: "alert info hand-end" }, eventText(pad.table.state, ended),
      ...penaltyLines(pad.table.state, ended).map((line) => h("p", { class: "penalty" }, line))));
  }
  if (pad.notice) {
    parts.push(h("div", { class: `alert ${pad.notice.kind}`, role: pad.notice.kind === "error" ? "alert" : null },
      h("strong", {}, `${pad.notice.title}: `), ...pad.notice.lines.map((line) => h("p", {}, line))));
  }
  byId("alerts").replaceChildren(...parts);
}

export function renderQueue() {
  byId("waiting").hidden = outbox.items.length === 0;
  byId("queue").replaceChildren(...outbox.items.map((item) => h("li", { class: "queued" }, item.label, h("span", { class: "tag" }, "waiting"))));
}

export function renderMoves() {
  const state = pad.table.state;
  byId("moves").replaceChildren(...pad.table.events.map((event) =>
    h("li", {}, eventText(state, event), ...penaltyLines(state, event).map((line) => h("span", { class: "penalty" }, ` ${line}`)))));
}
