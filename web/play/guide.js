// The guide of a guided deal (a lesson: the engine's view carries `guide`). It draws the note
// beside the board, in the flow of the play screen so it never covers a tile or the hand, marks
// the tiles and places the note points at (their data-key), says a wrong move's friendly word,
// and offers the ending's ways on. It knows no game: everything comes from the view's guide.

import { h, put } from "../render/dom.js";

/**
 * The guide of a lesson's view (engine: Session.guide).
 * @typedef {object} Guide
 * @property {string} title
 * @property {string[]} names the seats' names during the lesson (its notes say them)
 * @property {string | null} note
 * @property {string[]} point_at data-keys of the board's tiles and places
 * @property {import("../engine_types.js").Move | null} suggest
 * @property {string[]} accepts the ids of the moves the step accepts ([]: any)
 * @property {number} step
 * @property {number} steps
 * @property {string | null} intro
 * @property {boolean} done
 * @property {string | null} ending
 */

export const DIALOG_NOTE_ID = "guide-dialog-note";

/**
 * Mark the elements under `root` (the board, or a round's dialog) the note points at (a style
 * of its own, not the hint's).
 * @param {HTMLElement} root
 * @param {Guide | null | undefined} guide
 */
function mark(root, guide) {
  for (const old of root.querySelectorAll(".guided")) old.classList.remove("guided");
  const keys = guide && !guide.done ? guide.point_at : [];
  for (const key of keys) {
    for (const node of root.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)) node.classList.add("guided");
  }
}

/** The words a dialog of the lesson shows at its top (the round's end, the game's), or null. */
function dialogNote(/** @type {Guide | null | undefined} */ guide) {
  const text = guide ? (guide.done ? guide.ending : guide.note) : null;
  return text ? h("p", { class: "guide-note guide-in-dialog", id: DIALOG_NOTE_ID }, text) : null;
}

/**
 * @param {{leave: () => void, keepPlaying: () => void}} actions
 */
export function createGuide({ leave, keepPlaying }) {
  const progress = h("span", { class: "guide-progress" });
  const title = h("strong", { class: "guide-title" });
  const wrong = h("span", { class: "guide-wrong", hidden: "" });
  const note = h("span", { class: "guide-text" });
  // announced by a screen reader when it changes; focusable, so the keyboard can come back to it
  const live = h("p", { class: "guide-note", id: "guide-note", "aria-live": "polite", tabindex: "0" }, wrong, note);
  // a note a short screen cuts says so over its foot, until it is scrolled to its end
  const more = h("p", { class: "guide-more", "aria-hidden": "true", hidden: "" }, "▾ more below");
  const showMore = () => { more.hidden = live.scrollTop + live.clientHeight >= live.scrollHeight - 2; };
  live.addEventListener("scroll", showMore, { passive: true });
  new ResizeObserver(showMore).observe(live);
  const leaveButton = h("button", { type: "button", "data-action": "leave-lesson" }, "Leave the lesson");
  const keepButton = h("button", { type: "button", class: "primary", "data-action": "keep-playing", hidden: "" },
    "Keep playing");
  const realButton = h("button", { type: "button", "data-action": "real-game", hidden: "" }, "Play a real game");
  leaveButton.addEventListener("click", leave);
  realButton.addEventListener("click", leave);
  keepButton.addEventListener("click", () => keep());
  const actions = h("div", { class: "guide-actions", hidden: "" }, keepButton, realButton);
  const element = h("section", { class: "guide", id: "guide", "aria-label": "Guide", hidden: "" },
    h("div", { class: "guide-head" }, title, progress, leaveButton), live, more, actions);
  let kept = false; // "Keep playing" after the ending: the guide steps back to one line

  /** Play on after the ending, unguided. */
  function keep() {
    kept = true;
    keepPlaying();
  }
  let lastText = "";

  /**
   * Draw the guide of a view (null: not a lesson: the guide hides). Once the game is `over`, its
   * result dialog (and the way-on bar's "Show the result") carries the ways on: the guide shows
   * none of its own, so a button is never offered twice.
   * @param {Guide | null | undefined} guide
   * @param {boolean} [over]
   */
  function draw(guide, over = false) {
    put(element, "hidden", !guide);
    if (!guide) {
      kept = false;
      return;
    }
    title.textContent = guide.title;
    const ended = guide.done;
    progress.textContent = ended ? "Done: not counted in your statistics" : `Step ${guide.step} of ${guide.steps}`;
    const text = ended ? (kept ? "Playing on, unguided." : guide.ending ?? "")
      : [guide.intro, guide.note].filter(Boolean).join(" ") || lastText;
    if (text !== lastText) {
      wrong.hidden = true;
      wrong.textContent = "";
    }
    lastText = text;
    if (note.textContent !== text) note.textContent = text;
    element.dataset.done = String(ended);
    keepButton.hidden = !ended || kept || over;
    realButton.hidden = !ended || over;
    actions.hidden = !ended || over;
    leaveButton.hidden = ended;
    showMore();
  }

  /**
   * A move the step does not take: the guide's friendly word, above the note, until the next step.
   * @param {string} text
   */
  function sayWrong(text) {
    wrong.textContent = `${text} `;
    wrong.hidden = false;
  }

  return { element, draw, mark, sayWrong, dialogNote, keep, focus: () => live.focus(),
    /** whether the person plays on after the ending, unguided ("Keep playing": a remount keeps it, screen_kept.js) */
    playingOn: () => kept,
    /** a guided deal (re)started; `playingOn`: put back as a screen before had it, played on after its ending */
    reset: (playingOn = false) => { kept = playingOn; lastText = ""; } };
}
