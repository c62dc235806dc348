// The game screen's message area (frame.js places it): the message of the moment and the hint's
// words, of fixed height; on a narrow screen a message shows at the top of the screen instead,
// over the site's bar, and fades once it is old (style.css), or at once when tapped.

import { h } from "../render/dom.js";
import { shake } from "../render/effects.js";

/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */

/** How long a message stays in view where it shows at the top of the screen (a narrow screen: style.css). */
const MESSAGE_FRESH_MS = 6000;

/**
 * The room a message shown at the top of the screen has (style.css, a phone): down to the top of
 * what follows the toolbar (the status, the guide, the board), which it never covers.
 * @param {HTMLElement} message
 * @param {HTMLElement} column the play area's column the message shows over
 * @param {Element[]} above what the message may cover (the toolbar, the messages themselves)
 */
function measureRoom(message, column, above) {
  const below = [...column.children].filter((el) => !above.includes(el) && el.getClientRects().length);
  const top = Math.min(...below.map((el) => el.getBoundingClientRect().top));
  if (Number.isFinite(top)) message.style.setProperty("--message-room", `${Math.max(48, Math.floor(top) - 8)}px`);
}

/** The message area. `placeIn` tells it the column it shows over, once that is built. */
export function createMessages() {
  const message = h("p", { class: "message", id: "message", role: "status", "aria-live": "polite" });
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" });
  const element = h("div", { class: "messages" }, message, hintBox);
  // where a message shows at the top of the screen (a phone): a tap puts it away at once
  message.addEventListener("click", () => { message.dataset.stale = ""; });
  let staleTimer = 0;
  /** @type {() => void} */
  let measure = () => {};

  /**
   * Put a message in the message area; a new one (or one said again) is fresh for a while.
   * @param {string} text
   * @param {MessageKind} kind
   * @param {boolean} again said again: fresh even when the words are the same
   */
  function show(text, kind, again) {
    if (again || message.textContent !== text) {
      delete message.dataset.stale;
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => { message.dataset.stale = ""; }, MESSAGE_FRESH_MS);
      measure();
    }
    message.textContent = text;
    message.dataset.kind = kind;
  }

  return {
    element, show,
    /** @param {HTMLElement} column @param {HTMLElement} toolbar */
    placeIn(column, toolbar) { measure = () => measureRoom(message, column, [toolbar, element]); },
    /**
     * A message of the moment; `ms`: an error's shake (0: none), and the board's place picked with it.
     * @param {string} text
     * @param {MessageKind} kind
     * @param {number} ms
     * @param {HTMLElement} board
     */
    say(text, kind, ms, board) {
      show(text, kind, true);
      if (kind === "error") { // the reason shakes, and the place picked once the board is drawn again
        shake(message, ms);
        requestAnimationFrame(() => shake(board.querySelector(".selected"), ms));
      }
    },
    /** @param {string | null} hint the hint's words, null when none */
    drawHint(hint) {
      hintBox.hidden = hint === null;
      if (hint !== null) hintBox.textContent = hint;
    },
  };
}
