// Offline play: registers the service worker (sw.js, scoped to this folder) once the engine has
// started, so its precache download does not compete with the first start, and offers
// "a new version is ready — reload" when a new build has been precached beside this one.
// <html data-offline> is "installing", then "ready" (every file cached, the page controlled), or
// "failed": a file could not be downloaded or failed its checksum. Then the service worker has
// deleted its partial cache, the page says offline play is not ready, and installs again after
// RETRY_MS (or at once with Retry). <html data-update="ready"> while a new version waits.
// A window without service workers (a private window of some browsers, service workers turned
// off: no navigator.serviceWorker, or a registration refused as not allowed) is "unavailable":
// the page says so once, in plain words, and plays on; nothing is tried again.
// A newer build on the server: the browser checks sw.js on each navigation; the page asks too
// (registration.update()), for a tab left open, but only while online and when its last check that
// went through is older than UPDATE_EVERY_MS: at the start (a load, or app.js's new visitor),
// back online, back in view.

import { h } from "./render/dom.js";
import { reloadWouldLose } from "./tabs.js";
import { sayOncePerWindow } from "./features.js";
import { readJSON, write } from "./store/local.js";

const REGISTER_TIMEOUT_MS = 120_000;
const RETRY_MS = [20_000, 60_000, 300_000]; // then every 5 minutes
const UPDATE_EVERY_MS = 60 * 60_000;
/** Where the time of the last update check that went through is kept (ms since 1970), per site folder.
 *  @param {ServiceWorkerRegistration} registration */
const checkedKey = (registration) => `boneyard.update-checked:${registration.scope}`;

/** Ask the server for a newer build (sw.js) when online and the last check is stale.
 *  @param {ServiceWorkerRegistration} registration */
function checkForUpdate(registration) {
  const checked = readJSON(checkedKey(registration)).value;
  const age = Date.now() - (typeof checked === "number" ? checked : 0);
  if (!navigator.onLine || (age >= 0 && age < UPDATE_EVERY_MS)) return; // (a clock set back: stale)
  registration.update().then(() => write(checkedKey(registration), Date.now()), () => {});
}

let checking = false;

/** Check for a newer build now when stale, and again when back online or back in view (once per page).
 *  @param {ServiceWorkerRegistration} registration */
function keepChecking(registration) {
  if (checking) return;
  checking = true;
  checkForUpdate(registration);
  window.addEventListener("online", () => checkForUpdate(registration));
  addEventListener("boneyard-new-visitor", () => checkForUpdate(registration)); // a start, without a load (app.js)
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate(registration);
  });
}

/** @param {ServiceWorkerRegistration} registration */
function showUpdate(registration) {
  const waiting = registration.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return; // first install: nothing to replace
  document.documentElement.dataset.update = "ready";
  if (document.getElementById("update-banner")) return;
  const reload = h("button", { type: "button", class: "primary", id: "update-reload" }, "Reload");
  const later = h("button", { type: "button" }, "Later");
  const banner = h("div", { class: "update-banner", id: "update-banner", role: "alert" },
    h("span", {}, "A new version is ready — reload to use it."), reload, later);
  reload.addEventListener("click", () => {
    reload.disabled = true;
    sessionStorage.setItem("boneyard.updating", "1");
    (registration.waiting ?? waiting).postMessage({ type: "skip-waiting" });
  });
  later.addEventListener("click", () => banner.remove());
  document.body.append(banner);
}

/** @param {ServiceWorkerRegistration} registration */
function watch(registration) {
  const track = (/** @type {ServiceWorker | null} */ worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") showUpdate(registration);
    });
  };
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  showUpdate(registration);
}

/** Another tab took the new version while a reload would lose something here (tabs.js says what).
 *  @param {string} loss */
function askReload(loss) {
  if (document.getElementById("takeover-banner")) return;
  const reload = h("button", { type: "button", id: "takeover-reload" }, "Reload now");
  const banner = h("div", { class: "update-banner", id: "takeover-banner", role: "alert" },
    h("span", {}, `A new version was started in another tab. ${loss}: a reload would lose it. Export the game, ` +
      "free space or choose first, then reload."), reload);
  reload.addEventListener("click", () => location.reload());
  document.body.append(banner);
}

/** Rejects when the install under way ends redundant (it failed: a file did not come, or not
 *  as built); never settles otherwise.
 *  @param {ServiceWorkerRegistration} registration
 *  @param {() => string | null} reason what the service worker said of its failure
 *  @returns {Promise<never>} */
function installFailed(registration, reason) {
  return new Promise((_, reject) => {
    const follow = (/** @type {ServiceWorker | null} */ worker) => worker?.addEventListener("statechange", () => {
      if (worker?.state === "redundant") {
        setTimeout(() => reject(new Error(reason() ?? "a file of the site could not be stored")), 200); // its message first
      }
    });
    if (registration.installing) follow(registration.installing);
    else registration.addEventListener("updatefound", () => follow(registration.installing), { once: true });
  });
}

/** "Offline play is not ready", why, and when it is tried again (Retry: now). */
/** @param {string} reason @param {number} wait @param {() => void} retry */
function showNotReady(reason, wait, retry) {
  const button = h("button", { type: "button", "data-action": "retry-offline" }, "Retry");
  const close = h("button", { type: "button" }, "Dismiss");
  const banner = h("div", { class: "update-banner", id: "offline-banner", role: "status" },
    h("span", {}, `Offline play is not ready: ${reason.slice(0, 200)}. Trying again in ${Math.round(wait / 1000)} s; ` +
      "the game plays online meanwhile."), button, close);
  button.addEventListener("click", retry);
  close.addEventListener("click", () => banner.remove());
  document.body.append(banner);
}

const UNAVAILABLE = "This window cannot keep Boneyard for offline play (service workers are off or not offered " +
  "here). The games play on as long as the site can be reached.";
const SAID_KEY = "boneyard.offline-unavailable-said";

/** No offline play in this window: said once per window (a reload does not say it again).
 *  @param {(text: string) => void} notify */
function sayUnavailable(notify) {
  document.documentElement.dataset.offline = "unavailable";
  sayOncePerWindow(SAID_KEY, UNAVAILABLE, notify);
}

/** A registration the browser refuses by policy (service workers off, a private window): not worth retrying.
 *  @param {unknown} error */
const refused = (error) => error instanceof DOMException && ["SecurityError", "NotSupportedError"].includes(error.name);

/**
 * Register sw.js after the engine is ready (or at once if it already is).
 * @param {import("./engine.js").Engine} engine
 * @param {(text: string) => void} notify the page's notice line
 */
export function startOffline(engine, notify) {
  if (!window.isSecureContext) return; // plain http: never offered (see README, Hosting)
  if (!navigator.serviceWorker) {
    sayUnavailable(notify);
    return;
  }
  const root = document.documentElement;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new version took over: reload, so the page never runs files of two builds; but when
    // another tab asked for it, a tab a reload would lose something in (unsaved moves, an open
    // question about another tab's save, a guided deal under way) asks first.
    const asked = sessionStorage.getItem("boneyard.updating");
    if (!hadController && !asked) return;
    sessionStorage.removeItem("boneyard.updating");
    const loss = asked ? null : reloadWouldLose();
    if (loss) askReload(loss);
    else location.reload();
  });
  /** @type {string | null} */
  let failure = null; // what the service worker said of its failed install
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type === "install-failed") failure = data.problems.join("; ");
  });
  const register = async () => {
    root.dataset.offline = "installing";
    failure = null;
    const registration = await navigator.serviceWorker.register(new URL("sw.js", import.meta.url),
      { scope: new URL("./", import.meta.url).pathname, updateViaCache: "none" });
    watch(registration);
    /** @type {number | undefined} */
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error("the service worker did not install in time")), REGISTER_TIMEOUT_MS);
    });
    await Promise.race([navigator.serviceWorker.ready, timeout, installFailed(registration, () => failure)])
      .finally(() => clearTimeout(timer));
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, 5_000);
      });
    }
    root.dataset.offline = navigator.serviceWorker.controller ? "ready" : "failed";
    if (!hadController) write(checkedKey(registration), Date.now()); // (a first install: sw.js was fetched just now)
    keepChecking(registration);
  };
  let attempt = 0;
  let retryTimer = 0;
  const go = () => {
    clearTimeout(retryTimer);
    document.getElementById("offline-banner")?.remove();
    register().catch((/** @type {Error} */ error) => {
      if (refused(error)) {
        console.warn(`Offline play is not available in this window: ${error.message}`);
        sayUnavailable(notify);
        return;
      }
      root.dataset.offline = "failed";
      console.warn(`Offline play is not available: ${error.message}`);
      const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
      retryTimer = setTimeout(go, wait);
      showNotReady(error.message, wait, go);
    });
  };
  if (engine.state === "ready" || hadController) go();
  else {
    const once = () => { engine.removeEventListener("ready", once); engine.removeEventListener("failed", once); go(); };
    engine.addEventListener("ready", once);
    engine.addEventListener("failed", once);
  }
}
