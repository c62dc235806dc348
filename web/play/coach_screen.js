// The coach (coach.js: replay and review) on the game screen: it opens in the screen's body in
// place of the game, which waits meanwhile (what plays by itself stops, the dialogs close), and
// its Close, Esc or Back (dialog.js: an entry of its own in the history) puts the game back as it
// was, the keyboard on what opened it (the Replay button).

import { createCoach } from "./coach.js";
import { attachScreenLayer } from "./dialog.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {import("./coach.js").CoachKept} CoachKept */

/**
 * @typedef {object} CoachScreenHost what the coach needs of the controller
 * @property {Engine} engine
 * @property {GameSpec} spec
 * @property {RendererFactory} createRenderer the game's renderer, which draws the coach's positions too
 * @property {Frame} frame
 * @property {Sequencer} sequencer the screen's: the replay's Play runs on it
 * @property {(seat: number) => string} name
 * @property {() => number} motionMs
 * @property {() => GameRecord | null} openable the game's record, when the coach may open now (else null)
 * @property {(element: HTMLElement) => void} showCoach the coach in the screen's body (the phase: replaying)
 * @property {() => void} backToGame the game in the body again, drawn, and what its phase asks for done
 */

/**
 * @param {CoachScreenHost} host
 */
export function createCoachScreen(host) {
  const { frame, sequencer } = host;
  /** @type {ReturnType<typeof createCoach> | null} */
  let coach = null;
  let opened = ""; // the record the coach shows (its JSON)
  /** The last whole review a coach showed and the record it reviewed: opened again on the same game, the
   *  coach shows it, not asked for again (a beginner's Big Clock game takes minutes to review).
   *  @type {{record: string, results: import("./coach_review.js").ReviewResults} | null} */
  let reviewed = null;
  let leaving = false; // the screen goes away: the coach closes without putting the game back
  const layer = attachScreenLayer(() => {
    const results = coach?.kept().review;
    if (results && typeof results === "object") reviewed = { record: opened, results };
    coach?.dispose();
    coach = null;
    if (leaving) return;
    host.backToGame();
    frame.focusControl("coach");
  });

  /** Open the coach; `resume`: as a coach before left it (a remount: screen_kept.js). @param {CoachKept | null} [resume] */
  function open(resume = null) {
    const record = host.openable();
    if (!record) return;
    const from = document.activeElement;
    sequencer.cancel();
    frame.closeDialogs();
    opened = JSON.stringify(record);
    coach = createCoach({ engine: host.engine, spec: host.spec, record, createRenderer: host.createRenderer,
      name: host.name, motionMs: host.motionMs, sequencer, onClose: layer.close, resume,
      reviewed: reviewed?.record === opened ? reviewed.results : null });
    host.showCoach(coach.element);
    layer.opened(from);
    coach.focus();
  }

  function dispose() {
    leaving = true;
    layer.detach();
    coach?.dispose();
  }

  /** @returns {CoachKept | null} the coach open now, as a remount keeps it */
  const kept = () => coach?.kept() ?? null;

  return { open, kept, dispose };
}
