// The writes kept on this tablet, under "Waiting to be sent": the one on its
// way, those waiting, and a refused one with the server's reason in the
// scorer's words and what can be done with it (change it, delete it, send
// it again after another tablet's move), the writes behind it held.
import { byId, h } from "./pad-dom.js";
import { refusalWords } from "./pad-refusals.js";
import { actions, outbox, pad } from "./pad-state.js";

export function renderQueue() {
  byId("waiting").hidden = outbox.items.length === 0;
  const rows = outbox.items.map((item, at) => (item.refused ? refusedRow(item) : waitingRow(item, at)));
  byId("queue").replaceChildren(...pausedRow(), ...rows);
}

function button(label, what, onclick) {
  return h("button", { type: "button", class: "small", "data-do": what, onclick }, label);
}

// A 401 or 403 holds every write, unjudged: said once, above them.
function pausedRow() {
  if (!outbox.paused || !outbox.items.length) return [];
  const words = refusalWords(outbox.paused, { state: pad.server?.state });
  const login = outbox.paused.status === 401
    ? h("a", { href: `/accounts/login/?next=${encodeURIComponent(location.pathname)}` }, "Log in") : null;
  return [h("li", { class: "paused" }, h("strong", {}, `${words.title}: `), ...words.lines.map((line) => h("p", {}, line)), login)];
}

function refusedRow(item) {
  const words = refusalWords(item.refused, { item, state: pad.server?.state, log: item.refused.log, held: outbox.items.length - 1 });
  const changing = pad.pick.replacing === item.key;
  return h("li", { class: "queued refused", "data-key": item.key },
    item.label, h("span", { class: "tag" }, changing ? "being changed" : "not recorded"),
    ...words.lines.map((line) => h("p", { class: "reason" }, line)),
    h("div", { class: "choices" },
      changing ? button("Keep it as it was", "keep", actions.keep) : button("Change", "change", () => actions.change(item.key)),
      item.refused.status === 409 ? button("Send again", "retry", () => actions.retry(item.key)) : null,
      button("Delete", "delete", () => actions.drop(item.key))));
}

function waitingRow(item, at) {
  const tag = outbox.stopped() ? "held" : at === 0 && outbox.sending ? "sending" : "waiting";
  return h("li", { class: `queued ${tag}`, "data-key": item.key },
    item.label, h("span", { class: "tag" }, tag),
    tag === "held" ? button("Delete", "delete", () => actions.drop(item.key)) : null);
}
