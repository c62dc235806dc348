// The page's first module: no imports, so it runs even when a file of the others fails to download.
// boot.js (the engine's start) and app.js (the page) run once they and every module they import are
// downloaded; if one fails, that script never runs. Chromium now and then cancels one of the
// ninety-odd module requests of a load that the service worker answers (net::ERR_ABORTED, nothing
// in the console; seen under load, not with the service worker off): the page loads itself again
// once, which loses nothing since none of its code ran. A second load in a row that fails says so,
// with a reload, instead of "Loading the game engine…" for ever.
const RELOADED_KEY = "boneyard.reloaded-incomplete"; // this tab's last load was such an automatic reload
let failed = false; // a script of this load failed already (app.js imports boot.js: both fail with it)

/** sessionStorage, or null where the window refuses storage (then no automatic reload). */
function tabStorage() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Note in `storage` that this tab reloads by itself; false where it cannot be noted (storage full).
 * @param {Storage} storage
 */
function remember(storage) {
  try {
    storage.setItem(RELOADED_KEY, "1");
    return true;
  } catch {
    return false;
  }
}

/** A script of the page failed to download: load the page again once, else say so with a reload. */
function onFailed() {
  if (failed) return;
  failed = true;
  const storage = tabStorage();
  if (storage && !storage.getItem(RELOADED_KEY) && remember(storage)) {
    console.warn("Boneyard: a file of the page failed to download; loading the page again.");
    location.reload();
    return;
  }
  storage?.removeItem(RELOADED_KEY); // the Reload below, or a later load, may reload by itself again
  document.documentElement.dataset.app = "incomplete";
  console.error("Boneyard: a file of the page failed to download, so the page cannot run; reload it.");
  // (index.html's own elements: always there)
  /** @type {HTMLElement} */ (document.getElementById("engine-text")).textContent =
    "The page did not load completely (a file failed to download).";
  /** @type {HTMLElement} */ (document.getElementById("engine-progress")).hidden = true;
  const reload = /** @type {HTMLElement} */ (document.getElementById("engine-retry"));
  reload.textContent = "Reload";
  reload.hidden = false;
  reload.addEventListener("click", () => location.reload(), { once: true });
}

for (const script of document.querySelectorAll('script[type="module"]:is([src="boot.js"], [src="app.js"])')) {
  script.addEventListener("error", onFailed);
}
document.querySelector('script[type="module"][src="app.js"]')
  ?.addEventListener("load", () => tabStorage()?.removeItem(RELOADED_KEY)); // app.js ran
