// The render pass of the play screen: from the controller's state it draws the frame (the
// board's data hooks, the status, the tools that may be used now, the hint, the message, the
// log), the board by the game's renderer with its slides, the side panel's deal and options, the
// extra moves, the way-on bar and the guide; then it puts the keyboard focus back where it
// belongs, and on the person's turn beginning at a table, on the play. It draws again when the
// board's size changes. It reads the state and writes none of it: what it drew goes back to the
// controller through `drawn`.

import { drawMoving } from "../render/motion.js";
import { redrawOnResize } from "./renderer_contract.js";
import { playSound } from "../sound.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./state.js").GameState} GameState */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./state.js").Phase} Phase */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {ReturnType<typeof import("./guide.js").createGuide>} GuidePanel */
/** @typedef {ReturnType<typeof import("./guided_deal.js").createGuidedDeal>} GuidedDeal */
/** @typedef {ReturnType<typeof import("./end_dialogs.js").createEndDialogs>} EndDialogs */

/**
 * @typedef {object} RenderPassHost what the render pass reads of the controller, and where it draws
 * @property {StateReader} state the controller's state, read only
 * @property {() => Phase} phase the phase the state is in now
 * @property {boolean} seated the game is set up at a table (seats, names), not dealt by number
 * @property {boolean} hints the settings show the Hint button
 * @property {Frame} frame
 * @property {HTMLElement} board
 * @property {Renderer} screen
 * @property {Sequencer} sequencer
 * @property {GuidePanel} guide
 * @property {GuidedDeal} lessons
 * @property {EndDialogs} dialogs the way-on bar's buttons
 * @property {{update: (view: View) => void}} tools the link, record and statistics tools
 * @property {{update: (view: View, mine: boolean) => void}} extras
 * @property {{set: (values: OptionValues) => void}} options the option controls
 * @property {() => boolean} myTurn
 * @property {() => boolean} hotSeat
 * @property {(view: View) => string} dealText
 * @property {() => number} motionMs
 * @property {(moveId: string) => void} play the person's move (an extra move's button)
 * @property {(view: View, slides: Promise<void>) => void} drawn the board now shows `view`; a new view's
 *   slides settle when they have ended
 */

/**
 * The hint's words, null when there is none.
 * @param {GameState["hint"]} hint
 */
function hintText(hint) {
  if (!hint) return null;
  const { chance, reason } = hint;
  const what = hint.you.charAt(0).toUpperCase() + hint.you.slice(1);
  return `Hint: ${what}. ${reason.charAt(0).toUpperCase()}${reason.slice(1)}` +
    (chance > 0 && chance < 1 && !reason.includes("%") ? ` (chance to win ${Math.round(chance * 100)}%)` : "");
}

/**
 * @param {RenderPassHost} host
 */
export function createRenderPass(host) {
  const { state, seated, frame, board, screen, sequencer, guide, myTurn, hotSeat, dealText } = host;
  let wasMine = false; // the person could move at the last drawing: their turn began when it turns true

  function render() {
    const view = state.view;
    if (!view || !frame.playShown()) return;
    const mine = myTurn();
    const turnBegan = mine && !wasMine;
    wasMine = mine;
    const locked = sequencer.running() !== null;
    const restoreFocus = frame.draw({
      view,
      boardData: {
        session: state.session ?? "", moves: String(view.moves),
        seed: dealText(view) ? String(view.seed) : null, // a game with hidden hands in progress: its deal shows every hand
        over: view.outcome ? "game" : "", toMove: view.to_move === null ? "" : String(view.to_move),
        viewer: String(state.viewer), round: String(view.round?.number ?? ""), roundOver: String(Boolean(view.round?.over)),
        covered: String(state.covered),
      },
      status: screen.statusText(view),
      tools: {
        undo: !locked && view.can_undo && !hotSeat(), redo: !locked && view.can_redo && !hotSeat(), hotSeat: hotSeat(),
        hint: mine && !view.round?.over, hints: host.hints, coach: !locked && Boolean(view.moves) && !hotSeat(),
        skip: seated && !locked && host.phase() === "computers" && view.seats.includes("human"),
      },
      computers: view.seats.some((k) => k !== "human"),
      hint: hintText(state.hint),
      message: state.message,
      log: state.log,
    }, () => {
      const slides = drawMoving(board, screen.draw, view,
        state.drawnView && state.drawnView !== view ? host.motionMs() : 0);
      host.drawn(view, slides);
    });
    if (!seated) {
      frame.dealInput.value = dealText(view) ? String(view.seed) : "";
      host.options.set(view.options);
    }
    host.tools.update(view);
    host.extras.update(view, mine);
    frame.drawExtraMoves(mine ? view.extra_moves ?? [] : [], (move) => host.play(move.id), sequencer.later);
    frame.drawWayOn(host.dialogs.wayOn(view));
    guide.draw(view.guide);
    guide.mark(board, view.guide);
    host.lessons.seen(view);
    restoreFocus();
    if (turnBegan && seated) {
      frame.focusPlay();
      playSound("turn");
    }
  }

  return { render, dispose: redrawOnResize(board, render) };
}
