// What the page survives, as the player sees it: storage full, the same game saved by another tab,
// and an engine that stopped and was restarted. store/saved_games.js and engine.js report these as events;
// this module shows a notice with real actions. The game screens only keep saving their games.
//   storage full:  the game goes on in memory; "Free space" (finished games, old statistics
//                  detail) saves it again if that was enough; "Export game" saves it as a file.
//   another tab:   this tab stops saving that game; "Take theirs" reloads the screen with the other
//                  tab's game, "Keep this one" saves this one over it, "Export this one" saves a file.
//   engine restart: said in the notice line; app.js reloads the game on screen from its save.

import { h } from "./render/dom.js";
import { forgetOtherGames, freeSpace, hasUnsavedMoves, heldRecord, keepOurs, takeTheirs } from "./store/saved_games.js";
import { flushResults } from "./store/stats.js";
import { downloadRecord } from "./play/records.js";

const BANNER_ID = "storage-banner";

/** @typedef {import("./engine_types.js").GameRecord} GameRecord */

/**
 * Start watching. catalog(): the catalog (game names and aliases); remount(): show the current
 * route again (the screen reloads its game from storage); notify(text): the page's notice line.
 * @param {object} parts
 * @param {import("./engine.js").Engine} parts.engine
 * @param {() => import("./engine_types.js").Catalog | null} parts.catalog
 * @param {() => void} parts.remount
 * @param {(text: string) => void} parts.notify
 */
export function startGuard({ engine, catalog, remount, notify }) {
  const status = /** @type {HTMLElement} */ (document.getElementById("engine-text")); // (index.html's)
  const gameOnScreen = () => {
    const [path] = location.hash.replace(/^#\/?/, "").split("?");
    const [page, id = ""] = path.split("/");
    if (page !== "play") return null;
    const name = decodeURIComponent(id);
    return catalog()?.games.find((g) => g.id === name || g.aliases?.includes(name)) ?? null;
  };
  const nameOf = (/** @type {string} */ gameId) => catalog()?.games.find((g) => g.id === gameId)?.name ?? gameId;

  addEventListener("hashchange", () => {
    const shown = gameOnScreen()?.id ?? null;
    forgetOtherGames(shown);
    if (banner() && /** @type {HTMLElement} */ (banner()).dataset.game !== shown) close(); // about a game no longer on screen
  });

  addEventListener("boneyard-storage", ({ detail }) => {
    if (detail.kind === "full") showFull(detail);
    else if (detail.kind === "saved") {
      fullDismissed = false;
      if (banner()?.dataset.kind === "full") close();
      notify(`The game of ${nameOf(detail.gameId)} is saved again.`);
    } else if (detail.kind === "other-tab") showOtherTab(detail);
    else if (detail.kind === "results") {
      notify(`Storage is full: ${detail.waiting === 1 ? "a game's result waits" : `${detail.waiting} results wait`} ` +
        "in this page, to be written to the statistics once there is space.");
    }
  });
  // moves kept in memory only (storage full, or another tab's save): leaving the page asks first
  addEventListener("beforeunload", (event) => {
    if (flushResults() === null || hasUnsavedMoves()) event.preventDefault();
  });

  engine.addEventListener("restarting", () => {
    status.textContent = "The game engine stopped; restarting it…";
  });
  engine.addEventListener("restarted", () => {
    notify("The game engine stopped and was restarted; the game was reloaded from its last save.");
  });

  let fullDismissed = false; // until the game is saved again
  /** @param {{gameId: string, moves: number}} notice */
  function showFull({ gameId, moves }) {
    const text = `Storage is full: the ${nameOf(gameId)} game (${moves} moves) is no longer saved. ` +
      "It goes on here, but a reload would lose it.";
    if (banner()?.dataset.kind === "full") {
      /** @type {HTMLElement} */ (banner()?.querySelector("span")).textContent = text;
      return;
    }
    if (fullDismissed) return;
    const freeButton = button("Free space", "free-space");
    const exportButton = button("Export game", "export-game");
    const dismiss = button("Dismiss", "dismiss");
    const box = show("full", gameId, text, freeButton, exportButton, dismiss);
    dismiss.addEventListener("click", () => { fullDismissed = true; });
    freeButton.addEventListener("click", () => {
      const { freed, saved } = freeSpace();
      flushResults();
      if (saved) return; // the "saved" event closes the banner
      /** @type {HTMLElement} */ (box.querySelector("span")).textContent = `${freed ? `Freed ${Math.ceil(freed / 1024)} KB, but storage` : "Nothing could be freed: storage"} ` +
        "is still full. Export the game to keep it.";
    });
    exportButton.addEventListener("click", () => download(gameId));
  }

  /** @param {{gameId: string, theirs: GameRecord | null, ours: GameRecord}} notice */
  function showOtherTab({ gameId, theirs, ours }) {
    if (gameOnScreen()?.id !== gameId) { // not on screen here: the other tab's game simply wins
      takeTheirs(gameId);
      return;
    }
    const take = button("Take theirs", "take-theirs");
    const keep = button("Keep this one", "keep-ours");
    const exportButton = button("Export this one", "export-game");
    const theirMoves = theirs ? `${theirs.moves.length} moves` : "removed there";
    show("other-tab", gameId,
      `Another tab saved this ${nameOf(gameId)} game (${theirMoves}; this one has ${ours.moves.length}). ` +
      "This tab stops saving it until you choose.", take, keep, exportButton);
    take.addEventListener("click", () => {
      takeTheirs(gameId);
      close();
      remount();
    });
    keep.addEventListener("click", () => {
      close();
      if (keepOurs(gameId)) notify(`This ${nameOf(gameId)} game is saved.`);
    });
    exportButton.addEventListener("click", () => download(gameId));
  }

  /** @param {string} gameId */
  function download(gameId) {
    const record = heldRecord(gameId);
    if (!record) return;
    notify(downloadRecord(gameId, record));
  }
}

const banner = () => document.getElementById(BANNER_ID);

function close() {
  banner()?.remove();
}

/** @param {string} label @param {string} action */
function button(label, action) {
  return h("button", { type: "button", "data-action": action }, label);
}

/** @param {string} kind @param {string} gameId @param {string} text @param {...HTMLElement} buttons */
function show(kind, gameId, text, ...buttons) {
  close();
  const box = h("div", { class: "update-banner storage-banner", id: BANNER_ID, role: "alert",
    "data-kind": kind, "data-game": gameId }, h("span", {}, text), ...buttons);
  box.querySelector('[data-action="dismiss"]')?.addEventListener("click", close);
  document.body.append(box);
  return box;
}
