// Game records as files, and the game tools under the board: "Link to this deal", "Copy game
// link", "Export record" and "Import record".

import { DEAL_RANGE_TEXT, h, put, putAttribute } from "../render/dom.js";
import { isValidRecord } from "../store/game_entry.js";
import { gameLinkHref } from "./links.js";
import { createExport, dealWords } from "./export.js";

/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").View} View */

/**
 * Read a record file: {record} or {error: "a short reason"}. The moves, and that it is a record of
 * this game (named as players know it), are checked by the engine (load with "game").
 * @param {string} text
 * @returns {{record: GameRecord, error?: undefined} | {record?: undefined, error: string}}
 */
function parseRecordFile(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "The file is not JSON." };
  }
  const record = value?.boneyard === "game-record" ? value.record : value;
  if (!record || typeof record !== "object" || Array.isArray(record)) return { error: "The file holds no game record." };
  if (typeof record.seed === "number" && Number.isInteger(record.seed) && !Number.isSafeInteger(record.seed)) {
    return { error: `The file's deal number is too large. ${DEAL_RANGE_TEXT}.` };
  }
  if (typeof record.game !== "string" || !isValidRecord(record, record.game)) {
    return { error: "The file is not a valid game record of this version." };
  }
  return { record };
}

/** The game tools of the screen on show, if any (one screen at a time). @type {{gameId: string,
 *  element: HTMLElement, exportGame: () => Promise<void>, exportCopy: (record: GameRecord) => Promise<void>,
 *  lesson: () => boolean} | null} */
let onScreen = null;

/**
 * Export through the one export path of the game screen on show (export.js: a game with hidden
 * hands in progress asks first, and the choice is kept): for the notices outside the screen
 * ("Export game" when storage is full, "Export this one" when another tab saved the game, and the
 * copy set aside when the player chose the other one: `copy`). False when that game is not on
 * screen (nor when a guided deal of it is).
 * @param {string} gameId
 * @param {GameRecord | null} [copy] a copy of the game kept in this page, else the game on screen
 */
export function exportOnScreen(gameId, copy = null) {
  if (onScreen?.gameId !== gameId || !onScreen.element.isConnected) return false;
  if (onScreen.lesson() && !copy) return false; // a guided deal on screen, not the game saved
  if (copy) onScreen.exportCopy(copy);
  else onScreen.exportGame();
  return true;
}

/**
 * The game tools: "Link to this deal", "Copy game link", "Export record" and "Import record".
 *   gameId; engine; session() -> the session id on screen (or null); say(text, kind);
 *   notify(text): the page's notice (an import that gave way to a later choice says so there, so
 *   the later game's own words do not cover it); load(record) -> the engine's answer after the
 *   screen loaded the record in place of its game (null: nothing loaded, and said if not the
 *   person's choice); linkOptions: for gameLinkHref;
 *   abandon(): count the game on screen as given up (a mid-game export of a game with hidden
 *   hands, the player's choice); saved(answer): save the game from an answer's record.
 * Returns {element, update(view)}: update after every view (null: no game yet).
 * @param {object} parts
 * @param {string} parts.gameId
 * @param {import("../engine_types.js").Engine} parts.engine
 * @param {() => string | null} parts.session
 * @param {(text: string, kind?: "info" | "error") => void} parts.say
 * @param {(text: string) => void} parts.notify
 * @param {(record: GameRecord) => Promise<Answer | null>} parts.load
 * @param {() => unknown} parts.abandon
 * @param {(answer: Answer) => void} parts.saved
 * @param {{seats?: boolean, hidden?: boolean}} [parts.linkOptions]
 * @returns {{element: HTMLElement, update: (view: View | null) => void}}
 */
export function gameTools({ gameId, engine, session, say, notify, load, abandon, saved, linkOptions = {} }) {
  const link = h("a", { id: "deal-link", class: "deal-link", href: "#", hidden: "" }, "Link to this deal");
  const copy = h("button", { type: "button", "data-action": "copy-link", disabled: "" }, "Copy game link");
  const exportButton = h("button", { type: "button", "data-action": "export", disabled: "" }, "Export record");
  const importInput = h("input", { type: "file", id: "import-record", accept: ".json,application/json" });
  const element = h("div", { class: "game-tools", role: "group", "aria-label": "Game link and record" },
    link, copy, exportButton, h("label", { class: "button file-label", for: "import-record" }, "Import record", importInput));

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

  const { exportGame, exportCopy, dialog: exportAsk } = createExport({ gameId, engine, session, say, saved, abandon,
    shown: () => shown, hidden: Boolean(linkOptions.hidden) });
  element.append(exportAsk);
  exportButton.addEventListener("click", () => exportGame());
  onScreen = { gameId, element, exportGame, exportCopy, lesson: () => Boolean(shown?.guide) };

  let choices = 0; // files chosen so far: a later choice wins, whichever file is read first
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    const choice = ++choices;
    const refuse = (/** @type {string} */ reason) => say(`The file ${file.name} could not be imported: ${reason}`, "error");
    const gaveWay = (/** @type {string} */ reason) => notify(`The file ${file.name} could not be imported: ${reason}`);
    if (file.size > 2_000_000) {
      refuse("it is larger than a game record can be.");
      return;
    }
    // (a record unless there is an error)
    const { record, error } = /** @type {{record: GameRecord, error?: string}} */ (parseRecordFile(await file.text()));
    if (choice !== choices) { // another file was chosen while this one was read (the reads may end in either order)
      gaveWay("another file was chosen while it was read.");
      return;
    }
    if (error) {
      refuse(error);
      return;
    }
    const answer = await load(record); // the engine replays it move by move; a bad move changes nothing
    if (!answer) return; // kept playing, the screen left or the engine failed: said where it is said
    const refusal = /** @type {import("../engine_types.js").EngineError | undefined} */ (answer.error);
    if (refusal?.code === "superseded") gaveWay(refusal.message);
    else if (!answer.ok) refuse(refusal?.message ?? "");
    else say(`Imported ${dealWords(record)} (${record.moves.length} moves).`);
  });

  /** @param {View | null} view */
  function update(view) {
    shown = view;
    put(link, "hidden", !view);
    put(copy, "disabled", !view);
    put(exportButton, "disabled", !view);
    if (view) putAttribute(link, "href", gameLinkHref(view, linkOptions));
    put(link, "textContent", dealShown() ? "Link to this deal" : "Link to a new deal like this");
  }
  return { element, update };
}

