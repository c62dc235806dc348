// The game screen's message area (frame.js places it): the message of the moment and the hint's
// words, of fixed height; on a narrow screen a message shows at the top of the game instead (under
// the site's bar, over the game's title and toolbar, letting every tap through to them), and fades
// once it is old (style.css). A message the status line already says is not shown over the game.

import { h } from "../render/dom.js";
import { shake } from "../render/effects.js";

/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */

/** How long a message stays in view where it shows at the top of the screen (a narrow screen: style.css). */
const MESSAGE_FRESH_MS = 6000;

/**
 * Where a message shown at the top of the game goes (style.css, a phone): from the top of the game
 * (the site's bar above it stays in view) down to the top of what follows the toolbar (the status,
 * the guide, the board), which it never covers.
 * @param {HTMLElement} message
 * @param {HTMLElement} column the play area's column the message shows over
 * @param {Element[]} above what the message may cover (the toolbar, the messages themselves)
 */
function measureRoom(message, column, above) {
  const below = [...column.children].filter((el) => !above.includes(el) && el.getClientRects().length);
  const bottom = Math.min(...below.map((el) => el.getBoundingClientRect().top));
  const top = Math.max(4, Math.floor(column.closest(".game")?.getBoundingClientRect().top ?? 4));
  message.style.setProperty("--message-top", `${top}px`);
  if (Number.isFinite(bottom)) message.style.setProperty("--message-room", `${Math.max(48, Math.floor(bottom) - top - 4)}px`);
}

/** Words to compare, without case, punctuation or spacing. @param {string} text */
const wordsOf = (text) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * Does a status line already say `text`? `said`: the words of the status lines now (the frame's,
 * and the board's own: a table's whose turn it is), as the controller holds them (render_pass.js).
 * @param {string[]} said
 * @param {string} text
 */
export function statusSays(said, text) {
  const words = wordsOf(text);
  return words !== "" && said.some((line) => wordsOf(line).includes(words));
}

/** The message area. `placeIn` tells it the column it shows over, once that is built. */
export function createMessages() {
  const message = h("p", { class: "message", id: "message", role: "status", "aria-live": "polite" });
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" });
  const element = h("div", { class: "messages" }, message, hintBox);
  let staleTimer = 0;
  /** @type {() => void} */
  let measure = () => {};

  /**
   * Put a message in the message area; a new one (or one said again) is fresh for a while.
   * @param {string} text
   * @param {MessageKind} kind
   * @param {boolean} again said again: fresh even when the words are the same
   * @param {string[]} said the status lines' words now: a message they say is not shown over the game
   */
  function show(text, kind, again, said) {
    if (again || message.textContent !== text) {
      delete message.dataset.stale;
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => { message.dataset.stale = ""; }, MESSAGE_FRESH_MS);
      measure();
    }
    message.textContent = text;
    message.dataset.kind = kind;
    if (statusSays(said, text)) message.dataset.stale = ""; // said by a status line: not again over the game
  }

  return {
    element, show,
    /** @param {HTMLElement} column @param {HTMLElement} toolbar */
    placeIn(column, toolbar) {
      measure = () => measureRoom(message, column, [toolbar, element]);
    },
    /**
     * A message of the moment; `ms`: an error's shake (0: none), and the board's place picked with it.
     * @param {string} text
     * @param {MessageKind} kind
     * @param {number} ms
     * @param {HTMLElement} board
     * @param {string[]} said the status lines' words now
     */
    say(text, kind, ms, board, said) {
      show(text, kind, true, said);
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
