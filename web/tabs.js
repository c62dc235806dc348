// The same game in two tabs, as the player sees it (store/saved_games.js keeps one save per game,
// with a version, and says when another tab saved a game this tab holds). No move made in either
// tab is dropped without the player choosing it:
//   on screen here:  this tab stops saving the game and asks, showing both (move counts):
//                    "Take theirs" (the screen reloads the other tab's game), "Keep this one"
//                    (saved over it; marked assisted when the other tab had played on past it,
//                    which may have shown it hidden tiles) or "Export this one". The copy not
//                    chosen is set aside in this tab while the game is on screen, to be exported.
//   not on screen:   the other tab's game simply wins, unless this tab's copy has moves storage
//                    has not got: then it waits, and is asked about when the game is shown again.
// Every export goes through the game screen's one export path (play/export.js).

import { hasOpenQuestion, hasUnsavedMoves, keepOurs, setAsideRecord, takeTheirs } from "./store/saved_games.js";
import { exportOnScreen } from "./play/records.js";
import { banner, bannerButton, closeBanner, showBanner } from "./storage_banner.js";

/** @typedef {import("./engine_types.js").GameRecord} GameRecord */
/** @typedef {{gameId: string, theirs: GameRecord | null, ours: GameRecord, ownMoves: boolean}} OtherTab */

const moveCount = (/** @type {number} */ n) => `${n} move${n === 1 ? "" : "s"}`;

/**
 * Why a reload this tab did not ask for (another tab's "Reload" for a new version) would lose
 * something here, in words; null when nothing would be lost.
 */
export function reloadWouldLose() {
  if (hasUnsavedMoves()) return "This tab has moves that are not saved (storage is full, or another tab saved this game too)";
  if (hasOpenQuestion()) return "Another tab saved the game on screen here too, and you have not chosen which to keep";
  const guide = document.getElementById("guide");
  if (guide?.isConnected && !guide.hidden) return "This tab is in the middle of a guided deal";
  return null;
}

/**
 * Answer "other-tab" notices.
 * @param {object} parts
 * @param {() => string | null} parts.shownGame the id of the game on screen, if any
 * @param {(gameId: string) => string} parts.nameOf
 * @param {() => void} parts.remount show the current route again (the screen reloads its game from storage)
 * @param {(text: string) => void} parts.notify
 */
export function watchOtherTabs({ shownGame, nameOf, remount, notify }) {
  addEventListener("boneyard-storage", ({ detail }) => {
    if (detail.kind === "other-tab") ask(detail);
    else if (detail.kind === "released" && banner()?.dataset.game === detail.gameId &&
      banner()?.dataset.kind === "other-tab") closeBanner();
  });

  /** @param {OtherTab} notice */
  function ask({ gameId, theirs, ours, ownMoves }) {
    if (shownGame() !== gameId) {
      if (!ownMoves) takeTheirs(gameId); // nothing of this tab's to lose
      return;
    }
    const take = bannerButton("Take theirs", "take-theirs");
    const keep = bannerButton("Keep this one", "keep-ours");
    const exportButton = bannerButton("Export this one", "export-game");
    const theirText = theirs ? moveCount(theirs.moves.length) : "removed there";
    showBanner("other-tab", gameId,
      `Another tab saved this ${nameOf(gameId)} game (${theirText}); this tab's has ${moveCount(ours.moves.length)}` +
      `${ownMoves ? ", not all of them saved" : ""}. This tab stops saving it until you choose.`, take, keep, exportButton);
    take.addEventListener("click", () => {
      takeTheirs(gameId);
      closeBanner();
      remount();
      offerSetAside(gameId, "This tab now has the other tab's game.");
    });
    keep.addEventListener("click", () => {
      closeBanner();
      const kept = keepOurs(gameId);
      if (kept === "marked") {
        remount(); // the screen's game reloads with the mark
        offerSetAside(gameId, "This tab's game is kept, counted as assisted: the other tab had played on past it " +
          "(moves that may have shown hidden tiles).");
      } else if (kept === "saved") offerSetAside(gameId, `This ${nameOf(gameId)} game is saved.`);
      else if (kept === "nothing") notify("This tab no longer holds its own copy of that game: the other tab's is kept.");
    });
    exportButton.addEventListener("click", () => {
      if (!exportOnScreen(gameId)) notify(`Open the ${nameOf(gameId)} game (not its guided deal) to export it.`);
    });
  }

  /** After a choice: the copy not chosen, set aside in this tab, can still be exported.
   *  @param {string} gameId @param {string} text */
  function offerSetAside(gameId, text) {
    const copy = setAsideRecord(gameId);
    if (!copy) {
      notify(text);
      return;
    }
    const exportButton = bannerButton("Export the other copy", "export-set-aside");
    showBanner("set-aside", gameId, `${text} The other copy (${moveCount(copy.moves.length)}) is set aside in this ` +
      "tab while the game is on screen: export it to keep it.", exportButton, bannerButton("Dismiss", "dismiss"));
    exportButton.addEventListener("click", () => {
      if (!exportOnScreen(gameId, copy)) notify(`Open the ${nameOf(gameId)} game to export it.`);
    });
  }
}
