// The game screen's message area (frame.js places it): the message of the moment and the hint's
// words, of fixed height; on a narrow screen a message shows at the top of the game instead, in the
// strip between the site's bar and the toolbar (over the game's title; only words too long for it
// reach up over the site's bar), never over a control of the game, and fades once it is old
// (style.css), or at once when tapped (the tap presses nothing under it). A message the status line
// already says is not shown over the game. The hint's words there are its move only, in a line beside
// "Why?", which says why as a message.

import { h, put } from "../render/dom.js";
import { shake } from "../render/effects.js";

/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {{move: string, why: string}} HintWords a hint's move in words, and why (a sentence each) */

/** How long a message stays in view where it shows at the top of the screen (a narrow screen: style.css). */
const MESSAGE_FRESH_MS = 6000;

/**
 * Where a message shown at the top of the game goes (style.css, a phone): down to the toolbar, or to
 * what shows between the game's title and it (the guided deal's offer, a new player's first sight),
 * which it never covers, from under the site's bar (over the game's title); words that do not fit there
 * in a line are set smaller, two lines (`data-long`); only words too long for that too reach up over
 * the site's bar, from the top of the screen (a tap puts them away); longer still, they scroll within.
 * @param {HTMLElement} message
 * @param {HTMLElement} toolbar
 * @param {HTMLElement} head the game's title line
 */
function measureRoom(message, toolbar, head) {
  const bar = Math.ceil(document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0); // (index.html's)
  let next = head.nextElementSibling; // the first part shown between the title and the toolbar's part, if any
  while (next && !next.contains(toolbar) && !next.getClientRects().length) next = next.nextElementSibling;
  const below = next && !next.contains(toolbar) ? next : toolbar;
  const bottom = Math.floor(below.getBoundingClientRect().top);
  for (const [top, long] of /** @type {[number, boolean][]} */ ([[bar, false], [bar, true], [2, false], [2, true]])) {
    message.style.setProperty("--message-top", `${top}px`);
    message.style.setProperty("--message-room", `${Math.max(0, bottom - top)}px`);
    message.toggleAttribute("data-long", long);
    if (message.scrollHeight <= message.clientHeight + 1) return;
  }
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

/** The message area. `placeIn` tells it the game's title and the toolbar it shows between, once they are built. */
export function createMessages() {
  const message = h("p", { class: "message", id: "message", role: "status", "aria-live": "polite" });
  // the hint: its move, and why; on a phone held upright only the move shows, in a line beside "Why?",
  // which says why where a message shows (style.css): the board keeps its room
  const hintMove = h("span", { class: "hint-move" });
  const hintWhy = h("span", { class: "hint-why" });
  const whyButton = h("button", { type: "button", class: "hint-why-button", "aria-label": "Why this hint?" }, "Why?");
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" }, hintMove, " ", hintWhy, whyButton);
  const element = h("div", { class: "messages" }, message, hintBox);
  // where a message shows over the game (a phone): a tap puts it away at once, and lands on nothing else
  message.addEventListener("click", () => { message.dataset.stale = ""; });
  whyButton.addEventListener("click", () => show(hintWhy.textContent ?? "", "info", true, []));
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
    const fresh = again || message.textContent !== text;
    const restyled = fresh || message.dataset.kind !== kind; // (an error's words are bolder: measured so)
    message.textContent = text; // (said again: a new text, which a screen reader reads again)
    put(message.dataset, "kind", kind);
    if (fresh) {
      delete message.dataset.stale;
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => { message.dataset.stale = ""; }, MESSAGE_FRESH_MS);
    }
    if (restyled) measure();
    if (statusSays(said, text)) message.dataset.stale = ""; // said by a status line: not again over the game
  }

  return {
    element, show,
    /** @param {HTMLElement} toolbar @param {HTMLElement} head the message shows between them (a phone) */
    placeIn(toolbar, head) {
      measure = () => measureRoom(message, toolbar, head);
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
    /** @param {HintWords | null} hint the hint's words, null when none */
    drawHint(hint) {
      put(hintBox, "hidden", hint === null);
      put(hintMove, "textContent", hint?.move ?? "");
      put(hintWhy, "textContent", hint?.why ?? "");
    },
  };
}
