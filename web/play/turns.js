// @ts-check
// The seat to move acts, once the screen has settled in the person's or the computers' phase:
// a computer's whole turn (its draws, then its play) is one request, due after the last slide and
// the computers' pause; a person at a shared screen (hot seat) gets the pass screen first, every
// hand hidden until they say who they are; a forced move (the only one, a draw or a pass) is made
// by itself when the settings say so. Also the person's own ways to hurry a turn: draw or pass by
// a key, and skip to their turn. Everything timed goes through the sequencer; the requests go
// through the controller's send and play, and the hands are hidden and shown by its cover and
// uncover.

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./state.js").Phase} Phase */
/** @typedef {import("./renderer_contract.js").ScreenActions} ScreenActions */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */

/**
 * @typedef {object} TurnsHost what the turns need of the controller
 * @property {StateReader} state the controller's state, read only
 * @property {() => Phase} phase the phase the state is in now
 * @property {Engine} engine
 * @property {Sequencer} sequencer
 * @property {Frame} frame its round's and game's dialog (no turn while it is open) and its pass screen
 * @property {HTMLElement} board
 * @property {boolean} autoForced the settings make a forced move by themselves
 * @property {() => Move[]} legal
 * @property {(seat: number | null) => boolean} isHuman
 * @property {() => boolean} hotSeat
 * @property {() => boolean} myTurn
 * @property {() => number} delay the computers' pause per move now
 * @property {(request: Record<string, unknown>) => Promise<Answer | null>} send
 * @property {(moveId: string, options?: {untilPlayable?: boolean}) => Promise<unknown>} play the person's move
 * @property {ScreenActions["autoplayStep"]} autoplayStep
 * @property {(seat: number) => string} name a seat's name
 * @property {() => void} cover every hand is hidden until the next person is ready
 * @property {(seat: number, view: View) => void} uncover the seat's person is ready: their view is on screen
 * @property {(text: string, kind?: MessageKind) => void} say
 * @property {() => void} render
 * @property {() => void} step what the phase now asks for is done
 */

/**
 * @param {TurnsHost} host
 */
export function createTurns(host) {
  const { state, sequencer, frame, legal, isHuman, myTurn } = host;

  /**
   * The seat to move acts: a computer's whole turn (its draws, then its play) is one request, once
   * the last slide has ended; a person at a shared screen gets the pass screen first.
   * @param {View} view
   */
  function turn(view) {
    const seat = view.to_move;
    if (seat === null || seat === undefined || frame.dialog.open) return;
    if (!isHuman(seat)) {
      if (!state.failed && !sequencer.running()) {
        sequencer.due(() => host.send({ op: "ai", until_playable: true }), host.delay(), () => state.view === view);
      }
    } else if (host.hotSeat() && (seat !== state.viewer || state.covered)) {
      showPassScreen(seat);
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

  /**
   * The pass screen: every hand hidden until the seat's person says they are at the screen.
   * @param {number} seat
   */
  function showPassScreen(seat) {
    host.cover();
    host.render();
    frame.openPassScreen(seat, host.name(seat), () => reveal(seat));
  }

  /**
   * The seat's person is at the screen: their view, and the keyboard on their first place.
   * @param {number} seat
   */
  async function reveal(seat) {
    const answer = await host.engine.request({ op: "view", session: state.session, seat });
    if (!answer.ok) return;
    if (frame.passScreen.open) frame.passScreen.close();
    host.uncover(seat, answer.view);
    host.say(`${host.name(seat)}, your turn.`);
    host.render();
    /** @type {HTMLElement | null} */ (host.board.querySelector("[data-slot]:not([disabled])"))?.focus();
  }

  return { turn, drawOrPass, skipToMyTurn, reveal };
}
