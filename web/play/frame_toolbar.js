// The game screen's toolbar (frame.js places it): New, Undo, Redo, Hint, the renderer's and the
// extras' buttons, the extra moves (resign), Skip to my turn, Replay and More. It draws what the
// frame's model says may be used now, and hands out no element but its own row.

import { h, put } from "../render/dom.js";
import { newGameWords } from "./seating.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {"newGame" | "undo" | "redo" | "hint" | "coach" | "skip" | "more"} ControlName a control of the toolbar */
/**
 * @typedef {{undo: boolean, redo: boolean, hotSeat: boolean, hint: boolean, hints: boolean, coach: boolean,
 *   skip: boolean}} ToolsModel undo, redo, hint, coach: each may be used now; hotSeat: they hide; hints: the
 *   hint button shows; skip: "Skip to my turn" shows (the computers are playing)
 */

/**
 * A button's words, and shorter ones that a narrow screen shows instead (style.css); the button is
 * named by the long words.
 * @param {string} long
 * @param {string} short
 * @returns {[Record<string, string>, HTMLElement, HTMLElement]} the button's name, and its words
 */
export function words(long, short) {
  return [{ "aria-label": long }, h("span", { class: "words-long", "aria-hidden": "true" }, long),
    h("span", { class: "words-short", "aria-hidden": "true" }, short)];
}

/**
 * The toolbar's own buttons, all disabled but New until a view is drawn.
 * @param {GameSpec} spec
 */
function toolbarButtons(spec) {
  const newWords_ = newGameWords(spec);
  const [newName, ...newWords] = words(newWords_.newGame, "New");
  const [undoName, ...undoWords] = words("Undo", "↶");
  const [redoName, ...redoWords] = words("Redo", "↷");
  const [skipName, ...skipWords] = words("Skip to my turn", "Skip");
  const buttons = {
    newGame: h("button", { type: "button", "data-action": newWords_.action, ...newName }, ...newWords),
    undo: h("button", { type: "button", "data-action": "undo", "aria-keyshortcuts": "Control+Z U", ...undoName },
      ...undoWords),
    redo: h("button", { type: "button", "data-action": "redo", "aria-keyshortcuts": "Control+Y R", ...redoName },
      ...redoWords),
    hint: h("button", { type: "button", "data-action": "hint", "aria-keyshortcuts": "H" }, "Hint"),
    coach: h("button", { type: "button", "data-action": "coach", "aria-keyshortcuts": "P" }, "Replay"),
    skip: h("button", { type: "button", "data-action": "skip", "aria-keyshortcuts": "S", hidden: "", ...skipName },
      ...skipWords),
  };
  for (const b of Object.values(buttons)) b.disabled = true;
  buttons.newGame.disabled = false;
  return buttons;
}

/**
 * Buttons for the extra moves (The Big Clock's resign) in `row`: a second click within a few seconds confirms.
 * @param {HTMLElement} row
 * @param {Move[]} moves
 * @param {(move: Move) => void} onConfirmed
 * @param {(fn: () => void, ms: number) => void} later
 */
function drawExtraMoves(row, moves, onConfirmed, later) {
  const keep = [...row.children].map((b) => /** @type {HTMLElement} */ (b).dataset.move).join() ===
    moves.map((m) => m.id).join();
  if (keep) return;
  row.replaceChildren(...moves.map((move) => {
    const button = h("button", { type: "button", "data-move": move.id }, move.button ?? move.you);
    button.addEventListener("click", () => {
      if (button.dataset.confirm) {
        onConfirmed(move);
        return;
      }
      button.dataset.confirm = "true";
      button.textContent = `${move.button ?? move.you}: are you sure?`;
      later(() => { delete button.dataset.confirm; button.textContent = move.button ?? move.you; }, 4000);
    });
    return button;
  }));
}

/**
 * The toolbar of a game screen.
 * @param {GameSpec} spec
 * @param {Renderer} screen its buttons go after Hint
 * @param {HTMLElement[]} extraButtons the solitaire extras' buttons
 */
export function createToolbar(spec, screen, extraButtons) {
  const buttons = toolbarButtons(spec);
  const extraMoves = h("span", { class: "extra-moves" }); // moves the engine accepts beside the legal ones (resign)
  const more = h("button", { type: "button", class: "more-button", "aria-expanded": "false",
    "aria-controls": "side-panel" }, "More");
  const element = h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
    buttons.newGame, buttons.undo, buttons.redo, buttons.hint, ...(screen.buttons ?? []), ...extraButtons, extraMoves,
    buttons.skip, buttons.coach, more);
  /** A control's element. @param {ControlName} name */
  const control = (name) => (name === "more" ? more : buttons[name]);
  return {
    element, more, control,
    /** Click a control the way a person could: only when it is shown and enabled. @param {ControlName} name */
    press(name) {
      const button = control(name);
      if (!button.disabled && !button.closest("[hidden]") && button.isConnected) button.click();
    },
    /** The first enabled button, for the keyboard when nothing better is left. */
    firstEnabled: () => element.querySelector("button:not([disabled])"),
    /** The first button shown and enabled. */
    firstShown: () => /** @type {HTMLElement | null} */ (element.querySelector("button:not([disabled]):not([hidden])")),
    /** @param {Move[]} moves @param {(move: Move) => void} onConfirmed @param {(fn: () => void, ms: number) => void} later */
    drawExtraMoves: (moves, onConfirmed, later) => drawExtraMoves(extraMoves, moves, onConfirmed, later),
    /** @param {ToolsModel} t what may be used now */
    draw(t) {
      put(buttons.undo, "disabled", !t.undo);
      put(buttons.redo, "disabled", !t.redo);
      put(buttons.undo, "hidden", t.hotSeat);
      put(buttons.redo, "hidden", t.hotSeat);
      put(buttons.hint, "disabled", !t.hint);
      put(buttons.hint, "hidden", !t.hints);
      put(buttons.coach, "disabled", !t.coach);
      put(buttons.skip, "hidden", !t.skip);
      put(buttons.skip, "disabled", !t.skip);
      put(buttons.coach, "hidden", t.hotSeat); // a replay from one seat would show that seat's hand to everyone
    },
  };
}
