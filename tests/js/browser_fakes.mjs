// The few browser globals the page's DOM-free modules touch, for Node's test runner: a window
// that is an event target (the store's "storage" listener, its "boneyard-storage" notices), and a
// localStorage kept in a Map with a quota (a write past it throws, as a full browser storage does).
// Import it first in a test file: its globals exist before the page's modules are evaluated.

export class FakeStorage {
  /** @param {number} quota the characters (keys and values) the storage holds at most */
  constructor(quota = Infinity) {
    this.items = new Map();
    this.quota = quota;
  }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    const text = String(value);
    const used = [...this.items].reduce((n, [k, v]) => n + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + text.length > this.quota) {
      throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    }
    this.items.set(key, text);
  }
  removeItem(key) { this.items.delete(key); }
  clear() { this.items.clear(); }
}

const events = new EventTarget();
globalThis.window = globalThis;
globalThis.localStorage = new FakeStorage();
globalThis.addEventListener = events.addEventListener.bind(events);
globalThis.removeEventListener = events.removeEventListener.bind(events);
globalThis.dispatchEvent = events.dispatchEvent.bind(events);

/** A fresh, empty storage of that quota in place of the one there. @param {number} [quota] */
export function freshStorage(quota = Infinity) {
  globalThis.localStorage = new FakeStorage(quota);
  return globalThis.localStorage;
}

/** The details of the "boneyard-storage" notices sent while `fn` runs. @param {() => void} fn */
export function noticesOf(fn) {
  const seen = [];
  const listen = (event) => seen.push(event.detail);
  addEventListener("boneyard-storage", listen);
  try { fn(); } finally { removeEventListener("boneyard-storage", listen); }
  return seen;
}
