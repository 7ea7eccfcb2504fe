// Following a spectator's page over the push process's event stream
// (league/push), and polling as before wherever the stream does not answer:
// no PUSH_URL, no EventSource in the browser, a proxy that drops the
// stream, the push process down or refusing. The page is told which of the
// two it is on and never has to know why: polling needs no apology.
//
// A stream that drops is reconnected by the browser itself, which sends the
// last event id it had (a game's seq) so that nothing is sent twice; while
// it is away the page polls. A stream the server refused (204, 503) is
// closed for good by the browser: it is opened again after RETRY_PUSH_MS.

export const RETRY_PUSH_MS = 30_000;

export function follow({ url, onMessage, onPushing, retryPushMs = RETRY_PUSH_MS,
  EventSourceImpl = globalThis.EventSource, timers = globalThis }) {
  let source = null;
  let pushing = null;

  function say(now) {
    if (now !== pushing) {
      pushing = now;
      onPushing(now);
    }
  }

  function open() {
    source = new EventSourceImpl(url);
    source.onopen = () => say(true);
    source.onmessage = (event) => onMessage(JSON.parse(event.data));
    source.onerror = () => {
      say(false);
      if (source.readyState === EventSourceImpl.CLOSED) {
        source = null;
        timers.setTimeout(open, retryPushMs);
      }
    };
  }

  say(false);
  if (url && EventSourceImpl) open();
}
