// The pad's service worker: with no connection, a reload of the pad is
// answered from the copies kept here (the page fills the cache with what it
// loaded: see keepForOffline in static/js/pad.js). API requests are left to
// the network: the pad keeps its own copy of the table, and its outbox.
const CACHE = "{{ cache }}";
const STATIC = "{{ static_prefix }}";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("pad-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Network first, so a connected tablet always runs the newest pad.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const kept = url.origin === location.origin && (/^\/games\/\d+\/pad$/.test(url.pathname) || url.pathname.startsWith(STATIC));
  if (event.request.method !== "GET" || !kept) return;
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
