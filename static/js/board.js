// The live scoreboard of one game, for the pub's TV and for phones. It polls
// the spectators' state (served from the cache the workers fill) every two
// seconds, and fetches the table itself only when the game has changed.
import { Unreachable, getJson } from "./pad-api.js";
import { byId } from "./pad-dom.js";
import { eventText, penaltyLines, sideName } from "./pad-text.js";
import { drawScores, endsText } from "./scoreboard.js";
import { lineNode } from "./tiles.js";

const root = byId("board");
const api = `/api/games/${root.dataset.game}`;
const POLL_MS = 2000;
let table = null;
let before = null;

async function poll() {
  try {
    const live = await getJson(`${api}/live`);
    if (!table || live.seq !== table.state.seq) {
      const fresh = await getJson(`${api}/options`);
      if (table) before = table.state.scores;
      table = fresh;
      render();
    }
    status(`Live: updated ${new Date().toLocaleTimeString("en-GB")}`, "online");
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    status("Reconnecting…", "offline");
  }
}

function status(text, kind) {
  const node = byId("connection");
  node.textContent = text;
  node.className = `connection ${kind}`;
}

function render() {
  const { state } = table;
  root.dataset.seq = state.seq;
  drawScores(table, before);
  byId("turn").textContent = state.status === "won" ? `${sideName(state, state.winner)} won the game`
    : state.status === "hand-ended" ? `Hand ${state.hand + 1} is over`
      : state.turn === null ? `Hand ${state.hand + 1}: waiting for the down` : `Hand ${state.hand + 1}: ${state.seats[state.turn]} to play`;
  byId("line").replaceChildren(lineNode(table.line));
  byId("ends").textContent = endsText(table);
  const last = table.events[table.events.length - 1];
  byId("last").textContent = last ? [eventText(state, last), ...penaltyLines(state, last)].join(". ") : "";
}

poll();
setInterval(poll, POLL_MS);
