// The keyboard shortcuts of a game screen and their help overlay, opened by "?". A shortcut is a
// plain key (no Ctrl, Alt or Meta: the browser's own keys stay the browser's), never taken while
// the person types in a field, a dialog is open, or the screen shows something else than the game.

import { h } from "../render/dom.js";
import { attachDialog } from "./dialog.js";

/**
 * @typedef {object} Shortcut
 * @property {string} key the KeyboardEvent key ("d", "?")
 * @property {string} label what it does, in words
 * @property {() => void} run
 */

const TYPING = "input, select, textarea, [contenteditable]:not([contenteditable=false])";

/**
 * The shortcuts' listener and their help dialog (placed by the caller).
 * @param {object} parts
 * @param {Shortcut[]} parts.shortcuts
 * @param {{key: string, label: string}[]} parts.others keys handled elsewhere, listed in the help (Ctrl+Z)
 * @param {() => boolean} parts.enabled the game is on screen and no other dialog is open
 * @param {() => HTMLElement | null} parts.fallback the keyboard's place once the help closes when what
 *   had it cannot take it back (nothing had it: the page's main area, the body)
 */
export function createKeys({ shortcuts, others, enabled, fallback }) {
  const close = h("button", { type: "button", class: "primary", id: "keys-help-close" }, "Close");
  const rows = [...shortcuts, { key: "?", label: "This list of keys" }, ...others].map(({ key, label }) =>
    h("div", { class: "keys-row" }, h("dt", {}, h("kbd", {}, key === " " ? "Space" : key)), h("dd", {}, label)));
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "outcome keys-help", id: "keys-help",
    "aria-labelledby": "keys-title" },
  h("h2", { id: "keys-title" }, "Keyboard keys"),
  h("dl", { class: "keys-list" }, ...rows),
  h("p", { class: "help" }, "Tab moves between tiles and buttons; Enter or Space picks; Esc lets go."),
  h("div", { class: "actions" }, close)));
  const help = attachDialog(dialog, { fallback }); // Back, Esc, a tap outside; the keyboard back to what opened it

  function open() {
    if (dialog.open) return;
    help.open();
    close.focus();
  }
  close.addEventListener("click", () => help.close());

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return;
    if (dialog.open || !enabled()) return;
    if (event.target instanceof Element && event.target.closest(TYPING)) return;
    const shortcut = event.key === "?" ? { run: open } : shortcuts.find((s) => s.key === event.key);
    if (!shortcut) return;
    event.preventDefault();
    shortcut.run();
  }
  document.addEventListener("keydown", onKey);

  return {
    dialog, open,
    dispose() {
      document.removeEventListener("keydown", onKey);
      help.detach();
    },
  };
}

/**
 * The draw-or-pass key, for a game that has such a move (its catalog's `move_kinds`), in its words.
 * @param {string[]} kinds
 * @param {() => void} run
 * @returns {Shortcut[]} the key, or none
 */
export function drawOrPassKey(kinds, run) {
  const draws = kinds.includes("draw"), passes = kinds.includes("pass");
  if (!draws && !passes) return [];
  const what = draws && passes ? "Draw a tile, or pass" : draws ? "Draw a tile" : "Pass";
  return [{ key: "d", label: `${what}, when that is a move you can make`, run }];
}
