// Boneyard's page: paints the shell and the menu at once (from the build's catalog.json),
// starts the engine worker, and routes between the menu, the rules pages and the games.
// Routes (hash, so any static host and sub-path works): #/  #/rules/ID  #/play/ID?deal=N&KEY=VALUE

import { engine } from "./boot.js";
import { renderMenu } from "./render/menu.js";
import { renderRules } from "./render/rules.js";
import { mountGame } from "./play/controller.js";
import { h } from "./render/dom.js";
import { startOffline } from "./offline.js";
import { sayMissingFeatures } from "./features.js";
import { refreshStats, renderStats } from "./render/stats.js";
import { renderSettings } from "./render/settings.js";
import { applySettings, loadSettings } from "./store/settings.js";
import { checkStorage } from "./store/check.js";
import { startGuard } from "./guard.js";
import { parseRoute } from "./route.js";

/** @typedef {import("./engine_types.js").Catalog} Catalog */

// (index.html's own elements: always there)
const view = /** @type {HTMLElement} */ (document.getElementById("view"));
/** @type {Catalog | null} */
let catalog = null;
/** @type {ReturnType<typeof mountGame> | null} */
let mounted = null; // the current game screen, if any
/** Settled once the requests under way of every screen left are answered (a move of theirs is still
 *  saved: play/round_trip.js), so the next game screen reads the saved games after them. */
let screensLeft = Promise.resolve();
let routed = 0; // screens shown: a page shown still is the last

/** The game screen goes away (if one is shown). */
function leaveScreen() {
  if (mounted) screensLeft = Promise.all([screensLeft, mounted.dispose()]).then(() => {});
  mounted = null;
}

// ---- engine status in the top bar
const statusText = /** @type {HTMLElement} */ (document.getElementById("engine-text"));
const progress = /** @type {HTMLProgressElement} */ (document.getElementById("engine-progress"));
const retry = /** @type {HTMLElement} */ (document.getElementById("engine-retry"));
const megabytes = (/** @type {number} */ n) => (n / 1048576).toFixed(1);

engine.addEventListener("progress", ({ detail: { loaded, total } }) => {
  if (!total) return;
  window.boneyard.progress = { loaded, total };
  progress.max = total;
  progress.value = loaded;
  statusText.textContent = loaded < total
    ? `Downloading the game engine: ${megabytes(loaded)} of ${megabytes(total)} MB`
    : "Starting the game engine…";
});
async function onReady() {
  statusText.textContent = "Engine ready";
  progress.hidden = true;
  retry.hidden = true;
  const answer = await engine.request({ op: "catalog" });
  const ids = (/** @type {Catalog | null} */ c) => JSON.stringify(c?.games.map((g) => g.id));
  if (answer.ok && ids(answer) !== ids(catalog)) { // catalog.json is from the same build: rarely differs
    catalog = answer;
    if (!mounted) route();
  }
}
engine.addEventListener("ready", onReady);
/** @param {string} message */
function showFailure(message) {
  statusText.textContent = `The game engine failed to start: ${message}`;
  progress.hidden = true;
  retry.hidden = false;
}
engine.addEventListener("failed", ({ detail: { message } }) => showFailure(message));
if (engine.failure) showFailure(engine.failure); // failed before this module ran
retry.addEventListener("click", () => {
  retry.hidden = true;
  progress.hidden = false;
  progress.value = 0;
  statusText.textContent = "Loading the game engine…";
  engine.start().catch(() => {});
  if (mounted) route(mounted.kept()); // the screen shown again as it was (screen_kept.js)
});

// ---- notices (storage problems and the like)
const notice = /** @type {HTMLElement} */ (document.getElementById("notice"));
let noticeTimer = 0;
/** Say something in the page's notice line for a few seconds. @param {string} text */
export function notify(text) {
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { notice.hidden = true; }, 8000);
}

// ---- routing
/** Show the screen of the address. @param {import("./play/screen_kept.js").Kept | null} [kept] what the game screen
 *  shown before kept (mounted again in its place: the engine restarted), put back by the new one */
function route(kept = null) {
  routed += 1;
  leaveScreen();
  engine.closeSessions(); // the screen that showed them is gone
  if (!catalog) return;
  const { page, id, params, malformed } = parseRoute();
  const spec = catalog.games.find((g) => g.id === id || g.aliases?.includes(id));
  if (page === "rules" && spec) {
    renderRules(view, spec);
  } else if (page === "stats") {
    renderStats(view, catalog, { notify });
    const shown = routed, shownCatalog = catalog;
    // a game counted late (a screen left's move answered: play/round_trip.js) is shown once it is
    screensLeft.then(() => { if (shown === routed) refreshStats(view, shownCatalog, { notify }); });
  } else if (page === "settings") {
    renderSettings(view, { notify });
  } else if (page === "play" && spec) {
    mounted = mountGame(view, { engine, spec, params, notify, after: screensLeft, kept });
    if ([...params.keys()].length) rewrite(`#/play/${spec.id}`); // a reload resumes the game
  } else {
    if (malformed) notify("That address could not be read (a character in it is not written as an address allows); pick a game below.");
    else if ((page === "play" || page === "rules") && !spec) notify(`There is no game called "${id}" here; pick one below.`);
    if (page || malformed) rewrite("#/");
    renderMenu(view, catalog);
  }
  /** @type {Record<string, string>} */
  const pageTitles = { stats: "Statistics", settings: "Settings" };
  document.title = spec && page ? `${spec.name} — Boneyard`
    : pageTitles[page] ? `${pageTitles[page]} — Boneyard` : "Boneyard — domino games";
  for (const link of document.querySelectorAll(".topnav a")) {
    if (link.getAttribute("href") === `#/${page}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** @param {string} address the screen's own address, in place of the link that opened it (no event) */
function rewrite(address) {
  history.replaceState(null, "", address);
}
window.addEventListener("hashchange", (event) => {
  // each address change queues an event, run after any change made meanwhile: only the event of the
  // address on show routes. An earlier one is passed over (the later change's event follows), and so
  // is one whose address a route has already read and rewritten (a game's ?deal=... link, whose
  // question over a game in progress a second mount would drop). The same address left and come
  // back to before either event runs is mounted anew, as when each event runs in time.
  if (event.newURL !== location.href) return;
  route();
  view.focus({ preventScroll: true });
  window.scrollTo(0, 0);
});

// ---- a new visitor's page without a load (the tests' hook: tests/e2e/conftest.py start_fresh)
/**
 * The page as a new visitor's first load shows it, without the load: the screen closed (its
 * engine requests answered first, so nothing it saves lands after), this origin's local and
 * session storage cleared, every module's memory of this visitor forgotten by the module itself
 * (the "boneyard-new-visitor" event: games held, results waiting, settings not stored, dialogs,
 * the storage banner, the first tap, failed extras), the notice hidden, then the settings read
 * and applied and the menu shown as at a start. `stored`: local storage's entries the visitor
 * comes with (a setting chosen before). What a load keeps stays: the engine (its sessions
 * closed), the service worker and its cache, the start-up snapshot, the history.
 */
async function startAsNewVisitor(/** @type {Record<string, string>} */ stored = {}) {
  leaveScreen();
  engine.closeSessions();
  await engine.request({ op: "catalog" }); // answered after every request the screen made
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  dispatchEvent(new CustomEvent("boneyard-new-visitor"));
  clearTimeout(noticeTimer);
  notice.hidden = true;
  notice.textContent = "";
  applySettings(loadSettings().settings);
  history.replaceState(null, "", location.pathname + location.search);
  route();
  window.scrollTo(0, 0);
}

// ---- start: the engine is already loading (boot.js); paint the menu from catalog.json
window.boneyard = { engine, request: (/** @type {Record<string, unknown>} */ request) => engine.request(request), // for tests and benchmarks
  startAsNewVisitor };
if (engine.state === "ready") onReady(); // ready before this module ran
sayMissingFeatures(notify); // what this browser lacks, in plain words (features.js)
startOffline(engine, notify); // the service worker: offline play and "a new version is ready"
startGuard({ engine, catalog: () => catalog, remount: route, notify }); // storage full, two tabs, engine restarts
// the game on screen reloads from its save, its screen put back as it was (the coach, a move or hint asked: screen_kept.js)
engine.addEventListener("restarted", () => route(mounted?.kept()));
const startSettings = loadSettings(); // a bad entry is fixed here and reported below
applySettings(startSettings.settings); // tile style, animation speed, hints (on <html>)

try {
  const response = await fetch(new URL("catalog.json", import.meta.url), { cache: "no-cache" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  catalog = /** @type {Catalog} */ (await response.json());
  const dropped = checkStorage(catalog.games); // bad or old saved entries
  if (startSettings.dropped && !dropped.includes("settings")) dropped.unshift("settings");
  if (dropped.length) notify(`Saved data that could not be read was removed: ${dropped.join(", ")}.`);
  route();
} catch (error) {
  view.replaceChildren(h("p", { class: "notice" }, `The game list could not be loaded (${/** @type {Error} */ (error).message}).`));
}
requestAnimationFrame(() => performance.mark("shell-painted"));
