// The person's controls of the play screen, hooked to the controller's actions: the toolbar's
// buttons, the shortcut keys and their help (keys.js), Ctrl+Z and Ctrl+Y, the speed selector, the
// deal number's form and the board's own input (click, drag and keys: input.js, passed to the
// game's renderer). Each emits an intent; it keeps no state of the game's.

import { attachBoardInput } from "../input.js";
import { h, readDealNumber } from "../render/dom.js";
import { createKeys, drawOrPassKey } from "./keys.js";
import { isSeatedGame, newGameWords } from "./seating.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./intents.js").Emit} Emit */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {ReturnType<typeof import("./extras.js").createExtras>} Extras */

/**
 * @typedef {object} ScreenControlsParts the controls' places, and the intents they emit
 * @property {GameSpec} spec its move kinds (the keys follow them), and whether it is seated
 * @property {Frame} frame the toolbar's controls, the side panel, the deal form, the speed selector
 * @property {HTMLElement} board
 * @property {Renderer} screen the game's renderer: the board's input goes to it
 * @property {Extras} extras a new deal over a game in progress is asked for first
 * @property {Emit} emit
 * @property {() => boolean} busy a request is under way: the board's input waits
 */

/**
 * Hook the controls; dispose() unhooks what lives outside the screen (the document's keys).
 * @param {ScreenControlsParts} parts
 */
export function attachScreenControls({ spec, frame, board, screen, extras, emit, busy }) {
  const seated = isSeatedGame(spec);
  const asks = !seated; // a table game's setup asks when it starts the game
  const on = (/** @type {import("./intents.js").Intent} */ intent) => () => { emit(intent); };
  frame.onPress("newGame", async () => { if (!asks || await extras.leaveGame()) emit({ type: "start-new" }); });
  extras.attach();
  frame.onPress("undo", on({ type: "undo" }));
  frame.onPress("redo", on({ type: "redo" }));
  frame.onPress("hint", on({ type: "hint" }));
  frame.onPress("coach", on({ type: "open-coach" }));
  frame.onPress("skip", on({ type: "skip-to-my-turn" }));
  const keys = createKeys({
    shortcuts: [
      ...drawOrPassKey(spec.move_kinds, on({ type: "draw-or-pass" })),
      { key: "h", label: "Hint", run: () => frame.press("hint") },
      { key: "u", label: "Undo", run: () => frame.press("undo") },
      { key: "r", label: "Redo", run: () => frame.press("redo") },
      ...(seated ? [{ key: "s", label: "Skip to my turn (the computers play at once)", run: () => frame.press("skip") }]
        : []),
      { key: "n", label: newGameWords(spec).newGame, run: () => frame.press("newGame") },
      { key: "p", label: "Replay and review the game", run: () => frame.press("coach") },
      { key: "m", label: "More: the side panel (on a small screen)", run: () => frame.press("more") },
    ],
    others: [{ key: "Ctrl+Z", label: "Undo" }, { key: "Ctrl+Y", label: "Redo" }],
    enabled: () => frame.playShown() && !frame.dialogOpen() && !extras.dialog.open,
    fallback: frame.firstControl,
  });
  frame.addDialog(keys.dialog);
  const keysButton = h("button", { type: "button", class: "keys-button", "data-action": "keys", "aria-keyshortcuts": "?" },
    "Keyboard keys (?)");
  keysButton.addEventListener("click", keys.open);
  frame.addToSide(keysButton);

  frame.onSpeed((value) => emit({ type: "speed", value }));
  frame.onDeal((text) => {
    const { seed, error } = readDealNumber(text);
    if (error !== undefined) emit({ type: "say", text: error, kind: "error" });
    else emit({ type: "deal", seed });
  });
  /** @param {KeyboardEvent} event */
  const onShortcut = (event) => {
    if (!(event.ctrlKey || event.metaKey) || (event.target instanceof Element && event.target.matches("input, select, textarea"))) {
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) frame.click("undo");
    else if (key === "y" || (key === "z" && event.shiftKey)) frame.click("redo");
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onShortcut);

  attachBoardInput(board, {
    onActivate: (/** @type {string} */ slot) => { if (!busy()) screen.activate(slot); },
    onDrop: (/** @type {string} */ from, /** @type {string} */ to) => { if (!busy()) screen.drop(from, to); },
    onCancel: () => {
      screen.cancel();
      emit({ type: "say", text: "" });
      emit({ type: "redraw", now: true });
    },
    targets: (/** @type {string} */ slot) => (busy() ? [] : screen.targets(slot)),
  });

  return {
    dispose() {
      document.removeEventListener("keydown", onShortcut);
      keys.dispose();
    },
  };
}
