// The coach: replay a game move by move and review the person's decisions, as a chess program's
// game review does. Three parts, each with its own state: the replay (coach_replay.js: the board,
// drawn by the game's own renderer through the renderer contract, and the moves through it), the
// board's marks of a decision (coach_marks.js: both moves where they go, and the toggle between
// them) and the review (coach_review.js: the engine's ratings, the key moments and the graph).
// This file lays them out and hands each what it needs. It never branches on a game.

import { h } from "../render/dom.js";
import { Marks } from "./coach_marks.js";
import { Replay } from "./coach_replay.js";
import { Review } from "./coach_review.js";
import { keepBoardRoom } from "./coach_room.js";

/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./coach_review.js").Decision} Decision */

/**
 * A coach as a remount keeps it (screen_kept.js), to be opened again as it was: the position, every
 * hand shown (a finished game's), the decision marked and which board of it, its Play under way
 * (playing on from there), the review under way (asked again) or its results.
 * @typedef {object} CoachKept
 * @property {number} at
 * @property {boolean} playing the replay's Play under way
 * @property {boolean} reveal
 * @property {{decision: Decision, showing: import("./coach_marks.js").Showing} | null} compare
 * @property {import("./coach_review.js").ReviewKept} review
 */

/**
 * Mount the coach for `record`: the game's renderer (createRenderer) draws each position through
 * a replay's renderer context; the replay's Play runs on the screen's sequencer. name(seat) is a
 * seat's name; motionMs() the duration of a slide at the page's speed (0: no motion); onClose()
 * goes back to the game; resume: a coach before as a remount kept it (else the coach opens at the game's end,
 * with `reviewed`, the review of this record a coach before finished, shown).
 * @param {{engine: Engine, spec: GameSpec, record: GameRecord, createRenderer: RendererFactory,
 *   name: (seat: number) => string, motionMs: () => number, sequencer: Sequencer, onClose: () => void,
 *   resume?: CoachKept | null, reviewed?: import("./coach_review.js").ReviewResults | null}} parts
 * @returns {{element: HTMLElement, focus: () => void, kept: () => CoachKept, dispose: () => void}}
 */
export function createCoach({ engine, spec, record, createRenderer, name, motionMs, sequencer, onClose, resume = null,
  reviewed = null }) {
  const replay = new Replay({ engine, spec, record, createRenderer, name, motionMs, sequencer });
  const marks = new Marks(replay);
  const review = new Review({ engine, record, total: replay.total, number: (at) => replay.number(at), show: (d) => marks.show(d) });
  const { bar, where, moveText, revealLabel, hands } = replay.ui;

  const close = h("button", { type: "button", "data-action": "coach-close" }, "Back to the game");
  close.addEventListener("click", () => onClose());
  const head = h("div", { class: "coach-head" }, h("h2", {}, "Replay and review"), close);
  const element = h("section", { class: "coach", id: "coach", "aria-label": "Replay and review", tabindex: "-1" },
    head,
    h("div", { class: "coach-stage" }, bar, replay.board, hands),
    h("div", { class: "coach-side" }, where, moveText, revealLabel, marks.element, review.element),
    review.graph);
  element.addEventListener("keydown", (event) => replay.onKey(event));
  const stopRoom = keepBoardRoom(element, replay.board, [[head], [bar], [review.actions, where], [moveText], [revealLabel]]);

  if (resume) {
    if (resume.reveal) replay.revealAll();
    if (resume.compare) marks.resume(resume.compare);
    else {
      replay.go(resume.at).then(() => { // its Play under way plays on from there
        if (resume.playing && !replay.disposed && replay.at < replay.total) replay.startPlaying();
      });
    }
    review.resume(resume.review);
  } else {
    replay.go(replay.total);
    review.resume(reviewed);
  }
  return {
    element,
    focus: () => element.focus(),
    kept: () => ({ at: replay.at, reveal: replay.reveal, compare: marks.compare && { ...marks.compare },
      playing: sequencer.running() === "replay", review: review.kept() }),
    dispose() {
      replay.dispose();
      review.dispose();
      stopRoom();
    },
  };
}
