// The pad's service worker: with no connection, a reload of the pad is
// answered from the copies kept here (the page fills the cache with what it
// loaded: see keepForOffline in static/js/pad.js). API requests are left to
// the network: the pad keeps its own copy of the table, and its outbox.
const CACHE = "{{ cache }}";
const STATIC = "{{ static_prefix }}";
// The rules engine the pad runs offline (static/js/pad-engine.js): its
// worker's script, kept like the page, and the files it loads, Pyodide's
// (under a folder named by its version) and the scoring package (named by
// its hash). Those never change under their names, so they are kept in a
// cache of their own, answered from it first, and survive a new CACHE.
const ENGINE = "pad-engine";
const WORKER = "{% url 'pad-engine-worker' %}";
const ENGINE_FILES = [`${STATIC}pyodide/`, WORKER.replace(/\.js$/, "/")];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("pad-") && name !== CACHE && name !== ENGINE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Network first, so a connected tablet always runs the newest pad.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (ENGINE_FILES.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(engineFile(event.request, url));
    return;
  }
  const kept = /^\/games\/\d+\/pad$/.test(url.pathname) || url.pathname === WORKER || url.pathname.startsWith(STATIC);
  if (!kept) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          // A copy that cannot be kept (a full disk) leaves the last one
          // there: the page still opens offline, a little older. There is
          // no page here to tell, so the console is told.
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy)).catch((err) => console.warn("pad: not kept for offline use", err));
        }
        return response;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true, ignoreVary: true }).then((found) => found || Response.error())),
  );
});

// One of the engine's files: the copy kept if there is one, else the
// network's, kept in place of the copies of other versions (a deploy with
// a new Pyodide or new rules), which are never asked for again.
async function engineFile(request, url) {
  const cache = await caches.open(ENGINE);
  const found = await cache.match(request, { ignoreVary: true });
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    keepEngineFile(cache, request, url, copy).catch((err) => console.warn("pad: engine not kept for offline use", err));
  }
  return response;
}

async function keepEngineFile(cache, request, url, response) {
  await cache.put(request, response);
  const family = engineFamily(url);
  for (const old of await cache.keys()) {
    const oldUrl = new URL(old.url);
    if (oldUrl.pathname !== url.pathname && engineFamily(oldUrl) === family) await cache.delete(old);
  }
}

// What a file is, whatever its version: Pyodide's file name, or "scoring".
function engineFamily(url) {
  return url.pathname.startsWith(ENGINE_FILES[0]) ? url.pathname.split("/").pop() : "scoring";
}
