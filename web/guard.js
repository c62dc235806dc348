// What the page survives, as the player sees it: storage full, the same game saved by another tab,
// and an engine that stopped and was restarted. store/saved_games.js and engine.js report these as events;
// this module shows a notice with real actions. The game screens only keep saving their games.
//   storage full:  the game goes on in memory; "Free space" (finished games, old statistics
//                  detail) saves it again if that was enough; "Export game" exports it (the game
//                  screen's one export path, which asks first when the file would show hidden hands).
//   another tab:   tabs.js asks which copy to keep.
//   leaving:       a page with moves storage has not got asks before it is unloaded.
//   engine restart: said in the notice line; app.js reloads the game on screen from its save, the
//                  screen put back as it was (play/screen_kept.js: the coach, a request cut short),
//                  and that screen's notice says what it put back.

import { forgetOtherGames, freeSpace, hasUnsavedMoves } from "./store/saved_games.js";
import { flushResults } from "./store/stats.js";
import { exportOnScreen } from "./play/records.js";
import { banner, bannerButton, closeBanner, showBanner } from "./storage_banner.js";
import { watchOtherTabs } from "./tabs.js";
import { parseRoute } from "./route.js";

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
    const { page, id } = parseRoute();
    if (page !== "play") return null;
    return catalog()?.games.find((g) => g.id === id || g.aliases?.includes(id)) ?? null;
  };
  const nameOf = (/** @type {string} */ gameId) => catalog()?.games.find((g) => g.id === gameId)?.name ?? gameId;

  watchOtherTabs({ shownGame: () => gameOnScreen()?.id ?? null, nameOf, remount, notify });

  addEventListener("hashchange", () => {
    const shown = gameOnScreen()?.id ?? null;
    forgetOtherGames(shown);
    if (banner() && /** @type {HTMLElement} */ (banner()).dataset.game !== shown) closeBanner(); // about a game no longer on screen
  });

  addEventListener("boneyard-storage", ({ detail }) => {
    if (detail.kind === "full") showFull(detail);
    else if (detail.kind === "saved") {
      fullDismissed = false;
      if (banner()?.dataset.kind === "full") closeBanner();
      notify(`The game of ${nameOf(detail.gameId)} is saved again.`);
    } else if (detail.kind === "results") {
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
    notify("The game engine stopped and was restarted."); // a game screen put back says more (play/screen_kept.js)
  });

  let fullDismissed = false; // until the game is saved again
  addEventListener("boneyard-new-visitor", () => { fullDismissed = false; closeBanner(); }); // (app.js)
  /** @param {{gameId: string, moves: number}} notice */
  function showFull({ gameId, moves }) {
    const text = `Storage is full: the ${nameOf(gameId)} game (${moves} moves) is no longer saved. ` +
      "It goes on here, but a reload would lose it.";
    if (banner()?.dataset.kind === "full") {
      /** @type {HTMLElement} */ (banner()?.querySelector("span")).textContent = text;
      return;
    }
    if (fullDismissed) return;
    const freeButton = bannerButton("Free space", "free-space");
    const exportButton = bannerButton("Export game", "export-game");
    const dismiss = bannerButton("Dismiss", "dismiss");
    const box = showBanner("full", gameId, text, freeButton, exportButton, dismiss);
    dismiss.addEventListener("click", () => { fullDismissed = true; });
    freeButton.addEventListener("click", () => {
      const { freed, saved } = freeSpace();
      flushResults();
      if (saved) return; // the "saved" event closes the banner
      /** @type {HTMLElement} */ (box.querySelector("span")).textContent = `${freed ? `Freed ${Math.ceil(freed / 1024)} KB, but storage` : "Nothing could be freed: storage"} ` +
        "is still full. Export the game to keep it.";
    });
    exportButton.addEventListener("click", () => {
      if (!exportOnScreen(gameId)) notify(`Open the ${nameOf(gameId)} game (not its guided deal) to export it.`);
    });
  }
}
