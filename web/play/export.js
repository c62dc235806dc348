// The one way a game record is written to a file: the game tools' Export button and every notice
// that offers an export (storage full, another tab's save, a copy set aside) come here. A game
// with hidden hands in progress holds the deal (every hand, the stock order): it asks first —
// wait for the end, or export now and count the game as given up or as assisted — and the
// choice is kept in the game's record (its `aids`) and statistics before the file is written.

import { h } from "../render/dom.js";
import { personSeat } from "./results.js";
import { supportDialog } from "./dialog.js";

/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").View} View */

/** A record as the text of a .json file. @param {GameRecord} record */
function recordFileText(record) {
  return JSON.stringify({ boneyard: "game-record", format: 1, record }, null, 1) + "\n";
}

/**
 * The deal of a record in words: "deal 42", or, a game with hidden hands in progress whose record
 * holds the deal sealed (no number), "the game in progress".
 * @param {GameRecord} record
 */
export const dealWords = (record) => (record.seed === undefined ? "the game in progress" : `deal ${record.seed}`);

/** The deal of a record: its number, else its sealed form. @param {GameRecord} record */
const dealOf = (record) => record.seed ?? record.deal;

/** Save a record as a file (the browser's download); returns what to tell the player.
 *  @param {string} gameId @param {GameRecord} record */
function downloadRecord(gameId, record) {
  const url = URL.createObjectURL(new Blob([recordFileText(record)], { type: "application/json" }));
  const a = h("a", { href: url, download: `boneyard-${gameId}-${dealWords(record).replace(/ /g, "-")}.json`, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return `Exported ${dealWords(record)} (${record.moves.length} moves).`;
}

/**
 * Ask first, in `dialog`: wait for the end (null), or export now and count the game as given up
 * or as assisted (a copy: as assisted only; the game it is a copy of is the one counted).
 * @param {HTMLDialogElement} dialog
 * @param {boolean} copy
 * @returns {Promise<string | null>}
 */
function ask(dialog, copy) {
  return new Promise((resolve) => {
    const choose = (/** @type {string | null} */ choice) => { dialog.close(); resolve(choice); };
    const choices = /** @type {[string, string | null, string][]} */ ([
      ["Wait for the end", null, "export-wait"],
      ...(copy ? [] : [["Export, count this game as given up", "abandoned", "export-abandoned"]]),
      ["Export, count this game as assisted", "assisted", "export-assisted"],
    ]);
    const buttons = choices.map(([label, choice, id]) => {
      const button = h("button", { type: "button", id, ...(choice ? {} : { class: "primary" }) }, label);
      button.addEventListener("click", () => choose(choice));
      return button;
    });
    dialog.onclose = () => resolve(null); // Esc: wait
    dialog.replaceChildren(h("h2", { id: "export-ask-title" }, "Export the game in progress?"),
      h("p", {}, "The file holds the deal: every hand and the order of the stock. Exported before the end, " +
        `this game counts in the statistics as ${copy ? "assisted" : "given up (lost) or as assisted, as you choose now"}.`),
      h("div", { class: "actions" }, ...buttons));
    dialog.showModal();
    buttons[0].focus();
  });
}

/**
 * @param {object} parts
 * @param {string} parts.gameId
 * @param {import("../engine_types.js").Engine} parts.engine
 * @param {() => string | null} parts.session the session on screen (or null)
 * @param {() => View | null} parts.shown the view on screen
 * @param {boolean} parts.hidden the game has hidden hands (the catalog's `hidden_hands`)
 * @param {(text: string, kind?: "info" | "error") => void} parts.say
 * @param {(answer: Answer) => void} parts.saved save the game on screen from an answer's record
 * @param {() => unknown} parts.abandon count the game on screen as given up
 */
export function createExport({ gameId, engine, session, shown, hidden, say, saved, abandon }) {
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "outcome", id: "export-ask",
    "aria-labelledby": "export-ask-title" }));
  supportDialog(dialog);

  /**
   * Export a game: the one on screen, or a copy of it kept in this page (`copy`: loaded in a
   * session of its own for the time of the export). A copy of the deal on screen exported early
   * marks the game on screen too: the file shows its hands as well.
   * @param {GameRecord | null} [copy]
   */
  async function exportGame(copy = null) {
    const loaded = copy ? await engine.request({ op: "load", record: copy, seat: personSeat(copy) ?? 0 }) : null;
    if (loaded && !loaded.ok) {
      say(`The copy could not be exported: ${loaded.error.message}`, "error");
      return;
    }
    try {
      await write(loaded?.session ?? session(), loaded?.view ?? shown(), copy);
    } finally {
      if (loaded) engine.request({ op: "close", session: loaded.session }).catch(() => {});
    }
  }

  /**
   * @param {string | null} id
   * @param {View | null} view
   * @param {GameRecord | null} copy
   */
  async function write(id, view, copy) {
    const asks = Boolean(hidden && view && !view.outcome && view.seats?.includes("human"));
    const choice = asks ? await ask(dialog, Boolean(copy)) : "plain";
    if (!choice) {
      say("Not exported: the record of this game can be exported once it is over.");
      return;
    }
    // mid-game, either choice takes the record with its deal number: the engine marks the game assisted
    const answer = id ? await engine.request({ op: "record", session: id, ...(choice === "plain" ? {} : { export: true }) })
      : null;
    if (!answer?.ok) {
      say(`The record could not be exported: ${answer?.error.message ?? "no game yet"}.`, "error");
      return;
    }
    if (copy && choice !== "plain") await markOnScreen(copy);
    else if (choice !== "plain") saved(answer);
    if (choice === "abandoned") abandon();
    /** @type {Record<string, string>} */
    const counted = { assisted: " This game counts as assisted.", abandoned: " This game counts as given up." };
    say(downloadRecord(gameId, answer.record) + (counted[choice] ?? ""));
  }

  /**
   * A copy of the deal on screen exported before the end shows the game on screen's hands too:
   * that game is marked assisted as well (the engine's export mark), and saved so.
   * @param {GameRecord} copy
   */
  async function markOnScreen(copy) {
    const onScreen = shown();
    const id = session();
    if (!id || !onScreen || onScreen.outcome) return;
    const current = await engine.request({ op: "record", session: id });
    if (!current.ok || dealOf(current.record) !== dealOf(copy)) return;
    const marked = await engine.request({ op: "record", session: id, export: true });
    if (marked.ok) saved(marked);
  }

  return { dialog, exportGame: () => exportGame(), exportCopy: (/** @type {GameRecord} */ record) => exportGame(record) };
}
