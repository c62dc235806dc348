// The person's controls of the play screen, hooked to the controller's actions: the toolbar's
// buttons, the shortcut keys and their help (keys.js), Ctrl+Z and Ctrl+Y, the speed selector, the
// deal number's form and the board's own input (click, drag and keys: input.js, passed to the
// game's renderer). It keeps no state of the game's.

import { attachBoardInput } from "../input.js";
import { h, readDealNumber } from "../render/dom.js";
import { createKeys, drawOrPassKey, press } from "./keys.js";

/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {ReturnType<typeof import("./extras.js").createExtras>} Extras */

/**
 * @typedef {object} ScreenControlsHost the controls' places and the controller's actions they run
 * @property {boolean} seated the game is set up at a table (seats, names), not dealt by number
 * @property {Frame} frame the toolbar's buttons, the side panel, the deal form, the speed selector
 * @property {HTMLElement} board
 * @property {Renderer} screen the game's renderer: the board's input goes to it
 * @property {Extras} extras the New button asks first where a new deal counts the game left as lost
 * @property {() => boolean} busy a request is under way: the board's input waits
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => void} hint
 * @property {() => void} openCoach
 * @property {() => void} skipToMyTurn
 * @property {() => void} drawOrPass
 * @property {string[]} moveKinds the kinds of the game's moves (the catalog's): its keys follow them
 * @property {() => void} startNew the New button's game
 * @property {(seed: number) => void} newDeal the deal of that number, with the options on screen
 * @property {(speed: string) => void} setSpeed the computers' speed from now on
 * @property {(text: string, kind?: MessageKind) => void} say
 * @property {() => void} render
 */

/**
 * Hook the controls; dispose() unhooks what lives outside the screen (the document's keys).
 * @param {ScreenControlsHost} host
 */
export function attachScreenControls(host) {
  const { seated, frame, board, screen, extras } = host;
  const { buttons } = frame;

  extras.attach({ newGameButton: buttons.newGame, startNew: host.startNew, asks: !seated }); // the setup asks at its start
  buttons.undo.addEventListener("click", host.undo);
  buttons.redo.addEventListener("click", host.redo);
  buttons.hint.addEventListener("click", host.hint);
  buttons.coach.addEventListener("click", host.openCoach);
  buttons.skip.addEventListener("click", host.skipToMyTurn);
  const keys = createKeys({
    shortcuts: [
      ...drawOrPassKey(host.moveKinds, host.drawOrPass),
      { key: "h", label: "Hint", run: () => press(buttons.hint) },
      { key: "u", label: "Undo", run: () => press(buttons.undo) },
      { key: "r", label: "Redo", run: () => press(buttons.redo) },
      ...(seated ? [{ key: "s", label: "Skip to my turn (the computers play at once)", run: () => press(buttons.skip) }]
        : []),
      { key: "n", label: seated ? "New game" : "New deal", run: () => press(buttons.newGame) },
      { key: "p", label: "Replay and review the game", run: () => press(buttons.coach) },
      { key: "m", label: "More: the side panel (on a small screen)", run: () => press(frame.moreButton) },
    ],
    others: [{ key: "Ctrl+Z", label: "Undo" }, { key: "Ctrl+Y", label: "Redo" }],
    enabled: () => frame.playShown() && !frame.dialogOpen() && !extras.dialog.open,
  });
  frame.section.append(keys.dialog);
  const keysButton = h("button", { type: "button", class: "keys-button", "data-action": "keys", "aria-keyshortcuts": "?" },
    "Keyboard keys (?)");
  keysButton.addEventListener("click", keys.open);
  frame.side.append(keysButton);

  frame.speedSelect.addEventListener("change", () => host.setSpeed(frame.speedSelect.value));
  frame.dealForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const { seed, error } = readDealNumber(frame.dealInput.value);
    if (error !== undefined) host.say(error, "error");
    else extras.leaveGame().then((go) => { if (go) host.newDeal(seed); else host.render(); });
  });
  /** @param {KeyboardEvent} event */
  const onShortcut = (event) => {
    if (!(event.ctrlKey || event.metaKey) || (event.target instanceof Element && event.target.matches("input, select, textarea"))) {
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) buttons.undo.click();
    else if (key === "y" || (key === "z" && event.shiftKey)) buttons.redo.click();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onShortcut);

  attachBoardInput(board, {
    onActivate: (/** @type {string} */ slot) => { if (!host.busy()) screen.activate(slot); },
    onDrop: (/** @type {string} */ from, /** @type {string} */ to) => { if (!host.busy()) screen.drop(from, to); },
    onCancel: () => { screen.cancel(); host.say(""); host.render(); },
    targets: (/** @type {string} */ slot) => (host.busy() ? [] : screen.targets(slot)),
  });

  return {
    dispose() {
      document.removeEventListener("keydown", onShortcut);
      keys.dispose();
    },
  };
}
