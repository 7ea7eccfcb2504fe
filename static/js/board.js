// The live scoreboard of one game, for the pub's TV and for phones. It polls
// the spectators' state (served from the cache the workers fill) every two
// seconds, and fetches the table itself only when the game has changed.
import { guarded, loudly } from "./broken.js";
import { Unreachable, getJson } from "./pad-api.js";
import { byId, showLive } from "./pad-dom.js";
import { eventText, penaltyLines, turnText } from "./pad-text.js";
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
    showLive(byId("connection"), true);
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    showLive(byId("connection"), false);
  }
}

function render() {
  const { state } = table;
  root.dataset.seq = state.seq;
  drawScores(table, before);
  byId("turn").textContent = turnText(state, { withHand: true });
  byId("line").replaceChildren(lineNode(table.line));
  byId("ends").textContent = endsText(table);
  const last = table.events[table.events.length - 1];
  byId("last").textContent = last ? [eventText(state, last), ...penaltyLines(state, last)].join(". ") : "";
}

loudly(poll());
setInterval(guarded(poll), POLL_MS);
