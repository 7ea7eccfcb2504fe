// Just enough of a browser for the pad's modules to run under node --test:
// localStorage, a document with the few calls the modules make, and a
// fetch that answers from a script. Each test file runs in a process of its
// own, so the globals set here do not leak between files.

export function fakeStorage(entries = {}) {
  const data = new Map(Object.entries(entries));
  return {
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    get length() { return data.size; },
  };
}

export class FakeElement {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.id = "";
    this.className = "";
    this.textContent = "";
    this.dataset = {};
    this.attributes = new Map();
    this.children = [];
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }

  append(...nodes) {
    this.children.push(...nodes);
  }

  prepend(...nodes) {
    this.children.unshift(...nodes);
  }
}

// A page with <main> in its body, and `elements` (by id) besides.
export function fakeDocument({ elements = {}, cookie = "" } = {}) {
  const body = new FakeElement("body");
  const main = new FakeElement("main");
  body.append(main);
  const find = (node, id) => {
    if (node.id === id) return node;
    for (const child of node.children ?? []) {
      const found = find(child, id);
      if (found) return found;
    }
    return null;
  };
  return {
    cookie,
    body,
    main,
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => ({ textContent: text }),
    querySelector: (selector) => (selector === "main" ? main : null),
    getElementById: (id) => elements[id] ?? find(body, id),
  };
}

// fetch that gives the scripted answers in turn: { status, body } for an
// answer, "no connection" for a request that never reaches the server.
// `calls` keeps what was asked: the url, the headers and the JSON body.
export function fakeFetch(...answers) {
  const calls = [];
  const fetch = async (url, init = {}) => {
    calls.push({ url, headers: init.headers ?? {}, body: init.body ? JSON.parse(init.body) : null });
    if (!answers.length) throw new Error(`a request the test did not expect: ${url}`);
    const answer = answers.shift();
    if (answer === "no connection") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { "Content-Type": "application/json" } });
  };
  return { fetch, calls };
}
