// When something the page did not plan for goes wrong (a bug, an answer it
// cannot read), it says so at the top of the page and asks for a reload.
// Left unsaid, the page would go on showing a game that has stopped
// changing, and the scorer would trust it. A lost connection is not this:
// each page says that in its status line and keeps trying.

export const RELOAD = "Something went wrong on this page, so it may have stopped updating: reload the page.";

export function showBroken(error) {
  console.error(error); // the cause, for whoever opens the browser's console
  let node = document.getElementById("broken");
  if (!node) {
    node = document.createElement("p");
    node.id = "broken";
    // Each page's own look for an error: .alert.error on the pad and the
    // scoreboard (pad.css), .refusal on the match night (night.css).
    node.className = "alert error refusal";
    node.setAttribute("role", "alert");
    (document.querySelector("main") || document.body).prepend(node);
  }
  node.textContent = RELOAD;
}

// For a promise nobody awaits: its failure is shown, not dropped.
export function loudly(promise) {
  return promise.catch(showBroken);
}

// For an event handler or a timer: a throw, or a promise the handler
// returns that fails, is shown.
export function guarded(handler) {
  return function guardedHandler(...args) {
    try {
      const result = handler.apply(this, args);
      if (result && typeof result.then === "function") loudly(result);
    } catch (err) {
      showBroken(err);
    }
  };
}
