// The live scoreboard of one game, for the pub's TV and for phones. It
// follows the spectators' state (served from the cache the workers fill)
// over the push process's stream where it answers, and otherwise polls it
// every two seconds (push.js); either way it fetches the table itself only
// when a newer state than the one shown comes, one fetch at a time, so a
// state that arrives twice, or late, is never drawn again.
import { guarded, loudly } from "./broken.js";
import { Unreachable, getJson } from "./pad-api.js";
import { byId, showLive } from "./pad-dom.js";
import { eventText, penaltyLines, turnText } from "./pad-text.js";
import { follow } from "./push.js";
import { drawScores, endsText } from "./scoreboard.js";
import { lineNode } from "./tiles.js";

const root = byId("board");
const api = `/api/games/${root.dataset.game}`;
const POLL_MS = 2000;
let table = null;
let before = null;
let wanted = -1; // the newest seq heard of
let fetching = false;
let timer = null; // polling
let retry = null; // one poll soon, after a failed fetch while the stream answers

async function poll() {
  await unlessUnreachable(async () => heard(await getJson(`${api}/live`, { cache: "no-cache" })));
}

// A fetch the server did not answer (no connection, a 5xx) is tried again
// soon: while polling by the next poll, while pushed by a poll of its own,
// since the stream may say nothing more until the next move.
async function unlessUnreachable(work) {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    showLive(byId("connection"), false);
    if (timer === null && retry === null) {
      retry = setTimeout(guarded(() => {
        retry = null;
        return poll();
      }), POLL_MS);
    }
  }
}

async function heard(live) {
  showLive(byId("connection"), true);
  wanted = Math.max(wanted, live.seq);
  if (fetching) return; // the fetch under way looks again when it is done
  fetching = true;
  try {
    while (!table || wanted > table.state.seq) {
      const fresh = await getJson(`${api}/options`);
      if (table && fresh.state.seq <= table.state.seq) break;
      if (table) before = table.state.scores;
      table = fresh;
      render();
    }
  } finally {
    fetching = false;
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

function pushing(now) {
  root.dataset.following = now ? "push" : "poll";
  if (now) showLive(byId("connection"), true);
  if (now && timer !== null) {
    clearInterval(timer);
    timer = null;
  } else if (!now && timer === null) {
    timer = setInterval(guarded(poll), POLL_MS);
  }
}

loudly(poll());
follow({
  url: root.dataset.push,
  onPushing: pushing,
  onMessage: (live) => loudly(unlessUnreachable(() => heard(live))),
});
