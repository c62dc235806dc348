// The frame's dialogs (frame.js): the round's and the game's dialog, the hot-seat pass screen, and
// the way-on bar that offers what a dialog closed by a key offered. Each dialog opens and closes
// through dialog.js (Back, Esc, a tap outside; the keyboard back to what opened it).

import { h, put } from "../render/dom.js";
import { sheetsFitAgain } from "../render/score_sheet.js";
import { attachDialog } from "./dialog.js";
import { words } from "./frame_toolbar.js";

/**
 * A button of a dialog or of the way-on bar.
 * @typedef {object} Action
 * @property {string} label
 * @property {string} [short] shorter words a narrow screen shows instead (the button is named by the label)
 * @property {Record<string, string>} [attrs]
 * @property {() => void} run
 */

/**
 * What the round's or the game's dialog shows. `body` draws what it shows between its title and its
 * buttons: when it opens, and again when the window changes size into another drawing (a phone
 * turned: the round summary's tiles lie down or stand). `describedBy`: the id of a part read out
 * with the title when it opens (the guide's note in a lesson); `mark`: marks put on what it shows,
 * at each drawing.
 * @typedef {{kind: string, result?: string, title: string, body: () => (Node | null)[], actions: Action[],
 *   describedBy?: string | null, mark?: (root: HTMLElement) => void}} DialogContent
 */

/** A body's parts as the dialog takes them (none missing), with their markup (to tell a new drawing from the same). */
function drawing(/** @type {() => (Node | null)[]} */ draw) {
  const nodes = /** @type {(Element | Text)[]} */ (draw().filter((node) => node !== null));
  return { nodes, markup: nodes.map((node) => (node instanceof Element ? node.outerHTML : node.textContent)).join("") };
}

/**
 * The bodies of a dialog: each drawn again while it is open when the window changes size into
 * another drawing, its marks put on again, the dialog at its top again; at each size its buttons'
 * row (actionsInOneRow) and its score sheet (sheetsFitAgain) fitted again.
 * @param {HTMLElement} dialog
 * @param {() => boolean} isOpen
 */
function redrawnBodies(dialog, isOpen) {
  /** @type {{draw: () => (Node | null)[], mark?: (root: HTMLElement) => void, shown: ReturnType<typeof drawing>} | null} */
  let drawn = null;
  let resized = 0;
  const onResize = () => {
    resized ||= requestAnimationFrame(() => {
      resized = 0;
      again();
      if (!isOpen()) return;
      actionsInOneRow(dialog);
      sheetsFitAgain(dialog);
    });
  };
  window.addEventListener("resize", onResize);

  function again() {
    if (!drawn || !isOpen()) return;
    const fresh = drawing(drawn.draw);
    if (fresh.markup === drawn.shown.markup) return;
    const focused = drawn.shown.nodes.some((node) => node.contains(document.activeElement));
    drawn.shown.nodes.forEach((node) => node.remove());
    dialog.querySelector(":scope > .actions")?.before(...fresh.nodes);
    drawn.shown = fresh;
    drawn.mark?.(dialog);
    if (focused) /** @type {HTMLElement | null} */ (dialog.querySelector(".actions button"))?.focus({ preventScroll: true });
    dialog.scrollTop = 0;
  }

  return {
    /** A body's first drawing: its parts, for the dialog that opens. @param {() => (Node | null)[]} draw @param {(root: HTMLElement) => void} [mark] */
    first(draw, mark) {
      drawn = { draw, mark, shown: drawing(draw) };
      return drawn.shown.nodes;
    },
    stop() {
      window.removeEventListener("resize", onResize);
      cancelAnimationFrame(resized);
    },
  };
}

/**
 * The dialog's buttons in one row where their words would take two: `short` on their row, and a phone
 * held sideways shows their shorter words (style.css; each keeps its name). Held sideways at 667x375 the
 * game's five ways on took two rows of touch-sized buttons, a third of the dialog's height. Measured
 * when the dialog opens and at each size.
 * @param {HTMLElement} dialog
 */
function actionsInOneRow(dialog) {
  const row = dialog.querySelector(":scope > .actions");
  if (!row) return;
  row.classList.remove("short");
  const tops = new Set([...row.children].map((button) => Math.round(button.getBoundingClientRect().top)));
  row.classList.toggle("short", tops.size > 1);
}

/**
 * @param {Action} action
 * @param {{close: () => void} | null} closes the dialog it closes first
 */
function actionButton({ label, short, attrs = {}, run }, closes) {
  const [name, ...said] = short ? words(label, short) : [{}, label];
  const button = h("button", { type: "button", ...name, ...attrs }, ...said);
  button.addEventListener("click", () => { closes?.close(); run(); });
  return button;
}

/**
 * @param {{dialogId: string, wayOn: HTMLElement, fallback: () => HTMLElement | null, onClosed: () => void}} parts
 *   fallback: where the keyboard goes when what opened a dialog is gone; onClosed: a dialog closed
 */
export function createFrameDialogs({ dialogId, wayOn, fallback, onClosed }) {
  const dialog = h("dialog", { class: "outcome", id: dialogId, "aria-labelledby": "summary-title" });
  const passScreen = h("dialog", { class: "outcome pass-screen", id: "pass-screen", "aria-labelledby": "pass-title" });
  const ends = attachDialog(dialog, { fallback, onClosed });
  const pass = attachDialog(passScreen, { fallback, onClosed });
  const dialogOpen = () => ends.isOpen() || pass.isOpen();
  const bodies = redrawnBodies(dialog, ends.isOpen);

  /**
   * Open the round's or the game's dialog; the first action takes the focus.
   * @param {DialogContent} content
   */
  function openDialog({ kind, result, title, body, actions, describedBy = null, mark }) {
    const made = actions.map((a) => actionButton(a, ends));
    if (describedBy) dialog.setAttribute("aria-describedby", describedBy);
    else dialog.removeAttribute("aria-describedby");
    dialog.dataset.kind = kind;
    if (result) dialog.dataset.result = result;
    else delete dialog.dataset.result;
    dialog.replaceChildren(h("h2", { id: "summary-title" }, title), ...bodies.first(body, mark), h("div", { class: "actions" }, ...made));
    ends.open();
    actionsInOneRow(dialog);
    mark?.(dialog);
    drawWayOn([]);
    made[0]?.focus({ preventScroll: true });
    dialog.scrollTop = 0; // it opens at its headline and first words (showModal focused a control further down)
  }

  /**
   * Cover the hands until `name` says they are ready.
   * @param {number} seat
   * @param {string} name
   * @param {() => void} onReady
   */
  function openPassScreen(seat, name, onReady) {
    const go = h("button", { type: "button", class: "primary", id: "pass-ready", "data-seat": String(seat) },
      `I am ${name}: show my tiles`);
    go.addEventListener("click", onReady);
    passScreen.replaceChildren(h("h2", { id: "pass-title" }, `Pass the device to ${name}`),
      h("p", {}, "Every hand is hidden. Only the player named above should look at the next screen."),
      h("div", { class: "actions" }, go));
    pass.open();
    drawWayOn([]);
    go.focus();
  }

  /**
   * The buttons that move a stopped screen on when its dialog was closed (by Esc): none while a dialog is open.
   * @param {Action[]} actions
   */
  function drawWayOn(actions) {
    const made = dialogOpen() ? [] : actions.map((a) => actionButton(a, null));
    const focused = wayOn.contains(document.activeElement);
    wayOn.replaceChildren(...made);
    put(wayOn, "hidden", !made.length);
    if (focused || (made.length && document.activeElement === document.body)) made[0]?.focus();
  }

  return {
    elements: [dialog, passScreen],
    openDialog, openPassScreen, drawWayOn, dialogOpen, actionButton,
    endDialogOpen: ends.isOpen,
    closePassScreen: pass.close,
    closeDialogs() {
      ends.close();
      pass.close();
    },
    /** The screen goes away: its dialogs close, their history entries left to the navigation. */
    detach() {
      bodies.stop();
      ends.detach();
      pass.detach();
    },
  };
}
