// Small helpers for building the pad's and the scoreboards' HTML.
import { guarded } from "./broken.js";

export function byId(id) {
  return document.getElementById(id);
}

// h("button", { class: "key", onclick: fn, disabled: true }, "7"): an element
// with its attributes (functions become handlers, guarded so that a failure
// is shown; null and false are left out) and children (strings become text).
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") node[name] = guarded(value);
    // Through the CSSOM: a style attribute is inline style, which the
    // site's Content-Security-Policy refuses.
    else if (name === "style") node.style.cssText = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// A page's status line: its words, and its colour by kind (online,
// sending, offline).
export function showStatus(node, text, kind) {
  node.textContent = text;
  node.className = `connection ${kind}`;
}

// The status line of a page that polls: when it last had an answer, or
// that it is trying again.
export function showLive(node, answered) {
  if (answered) showStatus(node, `Live: updated ${new Date().toLocaleTimeString("en-GB")}`, "online");
  else showStatus(node, "Reconnecting…", "offline");
}
