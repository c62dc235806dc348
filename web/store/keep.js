// Asking the browser to keep Boneyard's storage (saved games, statistics, the start-up snapshot):
// without it a browser may clear it under pressure, and Safari after 7 days without a visit.
// Asked once a page has something worth keeping: a finished game counted, or a setting saved.

let asked = null;
addEventListener("boneyard-new-visitor", () => { asked = null; }); // (app.js: the page as a new visitor's)

/** Ask once per page; resolves true when the browser keeps the storage (null: it cannot say). */
export function askToKeep() {
  asked ??= (async () => {
    try {
      return navigator.storage?.persist ? await navigator.storage.persist() : null;
    } catch {
      return null;
    }
  })();
  return asked;
}

/** Whether the browser keeps the storage now: true, false, or null when it cannot say. */
export async function isKept() {
  try {
    return navigator.storage?.persisted ? await navigator.storage.persisted() : null;
  } catch {
    return null;
  }
}
