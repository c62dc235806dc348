// The controller's phases (controller.js): the reducer's state (phases.js), changed here only,
// and the effects its transitions ask for — the turn of the seat to move, the person's turn
// announced (keyboard and sound), the round's or game's dialog once the last tile has landed.
// Also what the controller says and shows in the body. Every function takes the controller
// (its data and its parts); none is handed to a part.

import { playSound } from "../sound.js";
import { factsOf, reduce } from "./phases.js";
import { isSeatedGame } from "./seating.js";
import { statusWords } from "./render_pass.js";

/** @typedef {import("./controller.js").Ctrl} Ctrl */
/** @typedef {import("./phases.js").Intent} PhaseIntent */
/** @typedef {import("./phases.js").BodyShown} BodyShown */
/** @typedef {import("./phases.js").Effect} Effect */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */

const ROUND_END_PAUSE_MS = 1000;

/**
 * Reduce a phase intent; a refused one changes nothing and is logged (an error in the tests).
 * @param {Ctrl} ctrl
 * @param {PhaseIntent} intent
 */
export function dispatch(ctrl, intent) {
  const { screen: next, effects, refused } = reduce(ctrl.state.screen, intent);
  if (refused) {
    console.error(`Boneyard: refused ${intent.type}: ${refused}`);
    return;
  }
  ctrl.state.screen = next;
  ctrl.frame.setPhase(next.phase);
  for (const effect of effects) runEffect(ctrl, effect);
}

/**
 * What the phases read changed (a view, a run begun or ended, the hands covered): tell them, and redraw.
 * @param {Ctrl} ctrl
 */
export function observe(ctrl) {
  const { state, lessons, context, redraw } = ctrl;
  if (state.view) lessons.seen(state.view); // a real game under way: the guided deal's offer has had its turn
  dispatch(ctrl, { type: "facts", facts: factsOf(state.session, state.view, context.myTurn()) });
  redraw.schedule();
}

/**
 * The body shows `what` (the play area, or `element`: the setup, the coach).
 * @param {Ctrl} ctrl
 * @param {BodyShown} what
 * @param {HTMLElement} [element]
 */
export function showBody(ctrl, what, element) {
  if (what === "setup") ctrl.frame.closeDialogs();
  if (element) ctrl.frame.show(element);
  else ctrl.frame.showPlay();
  dispatch(ctrl, { type: "body", body: what });
}

/**
 * The screen has been drawn: what its phase asks for now.
 * @param {Ctrl} ctrl
 */
export function settle(ctrl) {
  ctrl.sequencer.due(null);
  // (a screen mounted again acts on its phase once what the one before kept is put back: screen_kept.js)
  if (!ctrl.state.disposed) dispatch(ctrl, { type: "settled", busy: ctrl.state.busy || ctrl.state.puttingBack });
}

/**
 * A message of the moment (a refusal, a selection); the next view replaces it.
 * @param {Ctrl} ctrl
 * @param {string} text
 * @param {MessageKind} [kind]
 */
export function tell(ctrl, text, kind = "info") {
  ctrl.state.message = { text, kind };
  const view = ctrl.state.view;
  ctrl.frame.say(text, kind, ctrl.pace.motion(), view ? statusWords(ctrl.screen, view) : []);
}

/**
 * What a transition asks for, run once.
 * @param {Ctrl} ctrl
 * @param {Effect} effect
 */
function runEffect(ctrl, effect) {
  const { state, spec, turns, redraw, frame, dialogs, sequencer, pace } = ctrl;
  const view = state.view;
  if (!view) return;
  if (effect.type === "turn") turns.turn(view);
  else if (effect.type === "turn-began") {
    if (!isSeatedGame(spec)) return; // a solitaire's board is not a turn
    redraw.after(() => frame.focusPlay());
    playSound("turn");
  } else {
    // the tile that ends a round or a game lands and stays in view a moment before the dialog opens
    const show = effect.type === "outcome" ? dialogs.showOutcome : dialogs.showSummary;
    sequencer.due(() => { if (!state.busy && state.view === view) show(); },
      pace.motion() ? ROUND_END_PAUSE_MS : 0, () => state.view === view);
  }
}
