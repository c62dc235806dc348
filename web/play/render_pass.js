// The render pass of the play screen: from the controller's state it draws the frame (the
// board's data hooks, the status, the tools that may be used now, the hint, the message, the
// log), the side panel's deal and options, the extra moves, the way-on bar and the guide, and last
// the board by the game's renderer with its slides, in the room the rest leaves it; then it puts
// the keyboard focus back where it belongs. It draws again when the box the renderer fits its
// drawing to changes size (renderer_contract.js: redrawOnResize). It reads the state and writes
// none of it (the view drawn and its slides go to the controller as the "drawn" intent); it plays
// no sound and changes nothing else: the turn's sound and the keyboard's place when a turn begins
// are the controller's (phases.js).

import { drawMoving } from "../render/motion.js";
import { redrawOnResize } from "./renderer_contract.js";
import { isSeatedGame } from "./seating.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").RendererContext} RendererContext */
/** @typedef {import("./intents.js").Emit} Emit */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./state.js").GameState} GameState */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./phases.js").Phase} Phase */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {ReturnType<typeof import("./guide.js").createGuide>} GuidePanel */
/** @typedef {ReturnType<typeof import("./end_dialogs.js").createEndDialogs>} EndDialogs */

/**
 * @typedef {object} RenderPassParts what the render pass reads, and where it draws
 * @property {StateReader} state the controller's state, read only
 * @property {GameSpec} spec
 * @property {() => Phase} phase the phase the state is in now
 * @property {boolean} hints the settings show the Hint button
 * @property {Frame} frame
 * @property {HTMLElement} board
 * @property {Renderer} screen
 * @property {RendererContext} context the person's turn, hot seat, the deal's words
 * @property {Sequencer} sequencer
 * @property {GuidePanel} guide
 * @property {EndDialogs} dialogs the way-on bar's buttons
 * @property {{update: (view: View) => void}} tools the link, record and statistics tools
 * @property {{update: (view: View, mine: boolean) => void}} extras
 * @property {{set: (values: OptionValues) => void}} options the option controls
 * @property {() => number} motionMs
 * @property {Emit} emit (an extra move's button: the person's move)
 */

/**
 * The hint's words, null when there is none: the move, and why (each a sentence, however the engine ends it).
 * @param {GameState["hint"]} hint
 * @returns {import("./frame_messages.js").HintWords | null}
 */
function hintText(hint) {
  if (!hint) return null;
  const { chance, reason } = hint;
  const what = hint.you.charAt(0).toUpperCase() + hint.you.slice(1);
  const odds = chance > 0 && chance < 1 && !reason.includes("%") ? ` (chance to win ${Math.round(chance * 100)}%)` : "";
  const said = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${odds}`;
  return { move: `Hint: ${what}.`, why: /[.!?]$/.test(said) ? said : `${said}.` };
}

/**
 * The words of the status lines for a view: the frame's, and the board's own (a table's whose turn
 * it is). A message that says the same is not shown over the game (frame_messages.js).
 * @param {Renderer} screen
 * @param {View} view
 */
export const statusWords = (screen, view) => [screen.statusText(view), screen.turnText?.(view) ?? ""];

/**
 * @param {RenderPassParts} parts
 */
export function createRenderPass(parts) {
  const { state, spec, frame, board, screen, sequencer, guide, context, emit } = parts;
  const { myTurn, hotSeat, dealText } = context;
  const seated = isSeatedGame(spec);

  /** The board's data-* hooks (tests and the style sheet read them). @param {View} view */
  const boardData = (view) => ({
    session: state.session ?? "", moves: String(view.moves),
    seed: dealText(view) ? String(view.seed) : null, // a game with hidden hands in progress: its deal shows every hand
    over: view.outcome ? "game" : "", toMove: view.to_move === null ? "" : String(view.to_move),
    viewer: String(state.viewer), round: String(view.round?.number ?? ""), roundOver: String(Boolean(view.round?.over)),
    covered: String(state.covered),
  });

  function render() {
    const view = state.view;
    if (!view || !frame.playShown()) return;
    const mine = myTurn();
    const locked = sequencer.running() !== null;
    const restoreFocus = frame.draw({
      view,
      boardData: boardData(view),
      status: screen.statusText(view),
      said: statusWords(screen, view),
      tools: {
        undo: !locked && view.can_undo && !hotSeat(), redo: !locked && view.can_redo && !hotSeat(), hotSeat: hotSeat(),
        hint: mine && !view.round?.over, hints: parts.hints, coach: !locked && Boolean(view.moves) && !hotSeat(),
        skip: seated && !locked && parts.phase() === "computers" && view.seats.includes("human"),
      },
      computers: view.seats.some((k) => k !== "human"),
      hint: hintText(state.hint),
      message: state.message,
      log: state.log,
    });
    if (!seated) {
      frame.setDeal(dealText(view) ? String(view.seed) : "");
      parts.options.set(view.options);
    }
    parts.tools.update(view);
    parts.extras.update(view, mine);
    frame.drawExtraMoves(mine ? view.extra_moves ?? [] : [], (move) => { emit({ type: "play", move: move.id }); },
      sequencer.later);
    frame.drawWayOn(parts.dialogs.wayOn(view));
    guide.draw(view.guide, Boolean(view.outcome));
    // the board last: its renderer fits its drawing in the room the rest leaves it (a hint's words take a line)
    const slides = drawMoving(board, screen.draw, view,
      state.drawnView && state.drawnView !== view ? parts.motionMs() : 0);
    emit({ type: "drawn", view, slides }); // the controller keeps them: its waits follow the slides
    guide.mark(board, view.guide);
    restoreFocus();
  }

  return { render, dispose: redrawOnResize(screen.fitBox ?? board, render) };
}
