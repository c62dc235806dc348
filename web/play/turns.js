// @ts-check
// The seat to move acts, once the screen has settled in the person's or the computers' phase:
// a computer's whole turn (its draws, then its play) is one request, due after the last slide and
// the computers' pause; a person at a shared screen gets the pass screen first; a forced move
// (the only one, a draw or a pass) is made by itself when the settings say so. Also the person's
// own ways to hurry a turn: draw or pass by a key, and skip to their turn. Everything timed goes
// through the sequencer; the requests go through the controller's send and play.

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./state.js").GameState} GameState */
/** @typedef {import("./state.js").Phase} Phase */
/** @typedef {import("./renderer_contract.js").ScreenActions} ScreenActions */

/**
 * @typedef {object} TurnsHost what the turns need of the controller
 * @property {Readonly<GameState>} state the controller's state, read only
 * @property {() => Phase} phase the phase the state is in now
 * @property {Sequencer} sequencer
 * @property {HTMLDialogElement} dialog the round's and the game's dialog: no turn while it is open
 * @property {boolean} autoForced the settings make a forced move by themselves
 * @property {() => Move[]} legal
 * @property {(seat: number | null) => boolean} isHuman
 * @property {() => boolean} hotSeat
 * @property {() => boolean} myTurn
 * @property {() => number} delay the computers' pause per move now
 * @property {(request: Record<string, unknown>) => Promise<Answer | null>} send
 * @property {(moveId: string, options?: {untilPlayable?: boolean}) => Promise<unknown>} play the person's move
 * @property {ScreenActions["autoplayStep"]} autoplayStep
 * @property {(seat: number) => void} showPassScreen cover the hands until the seat's person is ready
 * @property {() => void} step what the phase now asks for is done
 */

/**
 * @param {TurnsHost} host
 */
export function createTurns(host) {
  const { state, sequencer, legal, isHuman, myTurn } = host;

  /**
   * The seat to move acts: a computer's whole turn (its draws, then its play) is one request, once
   * the last slide has ended; a person at a shared screen gets the pass screen first.
   * @param {View} view
   */
  function turn(view) {
    const seat = view.to_move;
    if (seat === null || seat === undefined || host.dialog.open) return;
    if (!isHuman(seat)) {
      if (!state.failed && !sequencer.running()) {
        sequencer.due(() => host.send({ op: "ai", until_playable: true }), host.delay(), () => state.view === view);
      }
    } else if (host.hotSeat() && (seat !== state.viewer || state.covered)) {
      host.showPassScreen(seat);
    } else if (host.autoForced && myTurn() && !view.guide?.note) { // a step's note is read, not skipped
      const only = legal().length === 1 ? forcedMove() : null;
      if (only) {
        sequencer.due(() => host.play(only.id, { untilPlayable: only.kind === "draw" }), host.delay(),
          () => state.view === view);
      }
    }
  }

  /** The move that draws or passes ("Go"), when the person may make it now. */
  function forcedMove() {
    return myTurn() ? legal().find((m) => m.kind === "draw" || m.kind === "pass") ?? null : null;
  }

  /** Draw or pass by a key: the forced draws that follow come in the same request, as by the button. */
  function drawOrPass() {
    const move = state.busy ? null : forcedMove();
    if (move) host.play(move.id, { untilPlayable: move.kind === "draw" && legal().length === 1 });
  }

  /** The computers play their turns at once, with no slide and no pause, until a person's turn or the round's end. */
  async function skipToMyTurn() {
    if (host.phase() !== "computers" || sequencer.running()) return;
    while (state.busy) await state.inflight;
    sequencer.due(null);
    const computersToMove = (/** @type {View} */ view) => !view.outcome && !view.round?.over &&
      view.to_move !== null && view.to_move !== undefined && !isHuman(view.to_move);
    await sequencer.run("skip", { pause: 0, step: host.autoplayStep((view) =>
      (computersToMove(view) ? { op: "ai", until_playable: true } : null)) });
    host.step();
  }

  return { turn, drawOrPass, skipToMyTurn };
}
