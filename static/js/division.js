// Keeps a division's page current while it stays open (a phone at the bar
// on results night): when the push process's stream says the page has a
// new version (its table rebuilt, a result in, a fixture moved), the page
// is fetched again and its table, players and fixtures are swapped in.
// Where the stream does not answer, nothing changes: the page is as fresh
// as when it was loaded, as it always was, and reloading it still works.
import { guarded, loudly } from "./broken.js";
import { follow } from "./push.js";

const root = document.getElementById("division");
const announce = document.getElementById("division-announce");
const PARTS = ["table", "players", "fixtures"];
let heard = null; // the last version the stream sent
let fetching = false;
let again = false;

// The page as the server renders it now (a 304 from the spectators' cache
// when nothing changed gives back the browser's copy), or null.
async function page() {
  try {
    const response = await fetch(window.location.pathname, { credentials: "same-origin", cache: "no-cache" });
    return response.ok ? new DOMParser().parseFromString(await response.text(), "text/html") : null;
  } catch {
    return null;
  }
}

// Swapping a part drops the keyboard's place in it: put it back by id.
function swap(fresh) {
  const focused = document.activeElement?.id || "";
  const changed = PARTS.filter((id) => {
    const now = document.getElementById(id);
    const next = fresh.getElementById(id);
    if (!now || !next || now.innerHTML === next.innerHTML) return false;
    now.innerHTML = next.innerHTML;
    return true;
  });
  if (focused) document.getElementById(focused)?.focus();
  if (changed.includes("table")) announce.textContent = "The table has been updated.";
  else if (changed.length) announce.textContent = "The results have been updated.";
}

async function refresh() {
  if (fetching) {
    again = true;
    return;
  }
  fetching = true;
  again = false;
  const fresh = await page();
  fetching = false;
  if (fresh) swap(fresh);
  if (again) loudly(refresh());
}

function heardVersion(message) {
  if (message.version === heard) return;
  heard = message.version;
  loudly(refresh());
}

follow({
  url: root.dataset.push,
  onPushing: guarded((now) => { root.dataset.following = now ? "push" : "none"; }),
  onMessage: guarded(heardVersion),
});
