// A small helper for building the pad's and the scoreboard's HTML.

export function byId(id) {
  return document.getElementById(id);
}

// h("button", { class: "key", onclick: fn, disabled: true }, "7"): an element
// with its attributes (functions become handlers; null and false are left
// out) and children (strings become text).
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") node[name] = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}
