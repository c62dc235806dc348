// Game records as files, and the game tools under the board: "Link to this deal", "Copy game
// link", "Export record" and "Import record".

import { h } from "../render/dom.js";
import { isValidRecord } from "../store/saved_games.js";
import { gameLinkHref } from "./links.js";

/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").View} View */

/** A record as the text of a .json file. @param {GameRecord} record */
export function recordFileText(record) {
  return JSON.stringify({ boneyard: "game-record", format: 1, record }, null, 1) + "\n";
}

/**
 * Read a record file: {record} or {error: "a short reason"}. The moves, and that it is a record of
 * this game (named as players know it), are checked by the engine (load with "game").
 * @param {string} text
 * @returns {{record: GameRecord, error?: undefined} | {record?: undefined, error: string}}
 */
export function parseRecordFile(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "The file is not JSON." };
  }
  const record = value?.boneyard === "game-record" ? value.record : value;
  if (!record || typeof record !== "object" || Array.isArray(record)) return { error: "The file holds no game record." };
  if (typeof record.game !== "string" || !isValidRecord(record, record.game)) {
    return { error: "The file is not a valid game record of this version." };
  }
  return { record };
}

/**
 * The deal of a record in words: "deal 42", or, a game with hidden hands in progress whose record
 * holds the deal sealed (no number), "the game in progress".
 * @param {GameRecord} record
 */
export const dealWords = (record) => (record.seed === undefined ? "the game in progress" : `deal ${record.seed}`);

/** Save a record as a file (the browser's download); returns what to tell the player. */
/** @param {string} gameId @param {GameRecord} record */
export function downloadRecord(gameId, record) {
  const url = URL.createObjectURL(new Blob([recordFileText(record)], { type: "application/json" }));
  const a = h("a", { href: url, download: `boneyard-${gameId}-${dealWords(record).replace(/ /g, "-")}.json`, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return `Exported ${dealWords(record)} (${record.moves.length} moves).`;
}

/**
 * The game tools: "Link to this deal", "Copy game link", "Export record" and "Import record".
 *   gameId; engine; session() -> the session id on screen (or null); say(text, kind);
 *   load(record) -> the engine's answer after the screen loaded the record in place of its
 *   game (or null when it was busy); linkOptions: for gameLinkHref;
 *   abandon(): count the game on screen as given up (a mid-game export of a game with hidden
 *   hands, the player's choice); saved(answer): save the game from an answer's record.
 * Returns {element, update(view)}: update after every view (null: no game yet).
 * @param {object} parts
 * @param {string} parts.gameId
 * @param {import("../engine_types.js").Engine} parts.engine
 * @param {() => string | null} parts.session
 * @param {(text: string, kind?: "info" | "error") => void} parts.say
 * @param {(record: GameRecord) => Promise<Answer | null>} parts.load
 * @param {() => unknown} parts.abandon
 * @param {(answer: Answer) => void} parts.saved
 * @param {{seats?: boolean, hidden?: boolean}} [parts.linkOptions]
 * @returns {{element: HTMLElement, update: (view: View | null) => void}}
 */
export function gameTools({ gameId, engine, session, say, load, abandon, saved, linkOptions = {} }) {
  const link = h("a", { id: "deal-link", class: "deal-link", href: "#", hidden: "" }, "Link to this deal");
  const copy = h("button", { type: "button", "data-action": "copy-link", disabled: "" }, "Copy game link");
  const exportButton = h("button", { type: "button", "data-action": "export", disabled: "" }, "Export record");
  const importInput = h("input", { type: "file", id: "import-record", accept: ".json,application/json" });
  const exportAsk = h("dialog", { class: "outcome", id: "export-ask", "aria-labelledby": "export-ask-title" });
  const element = h("div", { class: "game-tools", role: "group", "aria-label": "Game link and record" },
    link, copy, exportButton, h("label", { class: "button file-label", for: "import-record" }, "Import record", importInput),
    exportAsk);

  /** @type {View | null} */
  let shown = null; // the view on screen
  const dealShown = () => !(linkOptions.hidden && !shown?.outcome);
  link.addEventListener("click", (event) => {
    const plain = event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
    if (!plain || !shown?.moves || shown.outcome) return; // a new tab, or nothing to lose: follow it
    event.preventDefault(); // following it here would start the deal again and lose the moves made
    say(`${dealShown() ? `This link opens deal ${shown.seed} from its start` : "This link starts a new deal with these settings"}, ` +
      "in place of this game: copy it with “Copy game link”, or open it in a new tab.");
  });

  copy.addEventListener("click", async () => {
    const url = new URL(/** @type {string} */ (link.getAttribute("href")), location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      say(`Game link copied: ${url}`);
    } catch {
      say(`Copy this game link: ${url}`); // no clipboard (an insecure origin, or refused): show it
    }
  });

  /**
   * A game with hidden hands in progress: its file holds the deal (every hand, the stock). Ask
   * first: wait for the end (null), or export now and count the game as given up or as assisted.
   * @returns {Promise<string | null>}
   */
  function askExport() {
    return new Promise((resolve) => {
      const choose = (/** @type {string | null} */ choice) => { exportAsk.close(); resolve(choice); };
      const buttons = /** @type {[string, string | null, string][]} */ ([
        ["Wait for the end", null, "export-wait"],
        ["Export, count this game as given up", "abandoned", "export-abandoned"],
        ["Export, count this game as assisted", "assisted", "export-assisted"],
      ]).map(([label, choice, id]) => {
        const button = h("button", { type: "button", id, ...(choice ? {} : { class: "primary" }) }, label);
        button.addEventListener("click", () => choose(choice));
        return button;
      });
      exportAsk.onclose = () => resolve(null); // Esc: wait
      exportAsk.replaceChildren(h("h2", { id: "export-ask-title" }, "Export the game in progress?"),
        h("p", {}, "The file holds the deal: every hand and the order of the stock. Exported before the end, " +
          "this game counts in the statistics as given up (lost) or as assisted, as you choose now."),
        h("div", { class: "actions" }, ...buttons));
      exportAsk.showModal();
      buttons[0].focus();
    });
  }

  exportButton.addEventListener("click", async () => {
    const id = session();
    const hidden = Boolean(linkOptions.hidden && shown && !shown.outcome && shown.seats?.includes("human"));
    const choice = hidden ? await askExport() : "plain";
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
    if (choice !== "plain") saved(answer);
    if (choice === "abandoned") abandon();
    /** @type {Record<string, string>} */
    const counted = { assisted: " This game counts as assisted.", abandoned: " This game counts as given up." };
    say(downloadRecord(gameId, answer.record) + (counted[choice] ?? ""));
  });

  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    const refuse = (/** @type {string} */ reason) => say(`The file ${file.name} could not be imported: ${reason}`, "error");
    if (file.size > 2_000_000) {
      refuse("it is larger than a game record can be.");
      return;
    }
    // (a record unless there is an error)
    const { record, error } = /** @type {{record: GameRecord, error?: string}} */ (parseRecordFile(await file.text()));
    if (error) {
      refuse(error);
      return;
    }
    const answer = await load(record); // the engine replays it move by move; a bad move changes nothing
    if (!answer) return; // the engine failed: the game said so
    if (!answer.ok) refuse(/** @type {import("../engine_types.js").EngineError} */ (answer.error).message);
    else say(`Imported ${dealWords(record)} (${record.moves.length} moves).`);
  });

  /** @param {View | null} view */
  function update(view) {
    shown = view;
    link.hidden = !view;
    copy.disabled = !view;
    exportButton.disabled = !view;
    if (view) link.href = gameLinkHref(view, linkOptions);
    link.textContent = dealShown() ? "Link to this deal" : "Link to a new deal like this";
  }
  return { element, update };
}

