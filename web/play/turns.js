// The seat to move acts, once the screen has settled in the person's or the computers' phase:
// a computer's whole turn (its draws, then its play) is one request, due after the last slide and
// the computers' pause; a person at a shared screen (hot seat) gets the pass screen first, every
// hand hidden until they say who they are; a forced move (the only one, a draw or a pass) is made
// by itself when the settings say so. Also the person's own ways to hurry a turn: draw or pass by
// a key, and skip to their turn. Everything timed goes through the sequencer; the requests, and
// hiding and showing the hands, are intents the controller acts on.

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./phases.js").Phase} Phase */
/** @typedef {import("./renderer_contract.js").RendererContext} RendererContext */
/** @typedef {import("./intents.js").Emit} Emit */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */

/**
 * @typedef {object} TurnsParts what the turns read, and the intents they emit
 * @property {StateReader} state the controller's state, read only
 * @property {() => Phase} phase the phase the state is in now
 * @property {Engine} engine (a seat's own view, asked when its person is at the screen)
 * @property {Sequencer} sequencer
 * @property {Frame} frame its round's and game's dialog (no turn while it is open) and its pass screen
 * @property {RendererContext} context the legal moves, the seats' kinds, the person's turn, the names
 * @property {Emit} emit
 * @property {boolean} autoForced the settings make a forced move by themselves
 * @property {() => number} delay the computers' pause per move now
 */

/**
 * @param {TurnsParts} parts
 */
export function createTurns({ state, phase, engine, sequencer, frame, context, emit, autoForced, delay }) {
  const { legal, isHuman, myTurn, hotSeat, name } = context;

  /**
   * The seat to move acts: a computer's whole turn (its draws, then its play) is one request, once
   * the last slide has ended; a person at a shared screen gets the pass screen first.
   * @param {View} view
   */
  function turn(view) {
    const seat = view.to_move;
    if (seat === null || seat === undefined || frame.endDialogOpen()) return;
    if (!isHuman(seat)) {
      if (!state.failed && !sequencer.running()) {
        sequencer.due(() => { emit({ type: "computer-move" }); }, delay(), () => state.view === view);
      }
    } else if (hotSeat() && (seat !== state.viewer || state.covered)) {
      showPassScreen(seat);
    } else if (autoForced && myTurn() && !view.guide?.note) { // a step's note is read, not skipped
      const only = legal().length === 1 ? forcedMove() : null;
      if (only) {
        sequencer.due(() => { emit({ type: "play", move: only.id, untilPlayable: only.kind === "draw" }); }, delay(),
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
    if (move) emit({ type: "play", move: move.id, untilPlayable: move.kind === "draw" && legal().length === 1 });
  }

  /** The computers play their turns at once, with no slide and no pause, until a person's turn or the round's end. */
  async function skipToMyTurn() {
    if (phase() !== "computers" || sequencer.running()) return;
    while (state.busy) await state.inflight;
    sequencer.due(null);
    const computersToMove = (/** @type {View} */ view) => !view.outcome && !view.round?.over &&
      view.to_move !== null && view.to_move !== undefined && !isHuman(view.to_move);
    const next = (/** @type {View} */ view) => (computersToMove(view) ? { op: "ai", until_playable: true } : null);
    await sequencer.run("skip", { pause: 0, step: async () => Boolean(await emit({ type: "step", next })) });
    emit({ type: "settle" });
  }

  /**
   * The pass screen: every hand hidden until the seat's person says they are at the screen.
   * @param {number} seat
   */
  function showPassScreen(seat) {
    emit({ type: "cover" });
    frame.openPassScreen(seat, name(seat), () => reveal(seat));
  }

  /**
   * The seat's person is at the screen: their view, and the keyboard on their first place.
   * @param {number} seat
   */
  async function reveal(seat) {
    const answer = await engine.request({ op: "view", session: state.session, seat });
    if (!answer.ok) return;
    frame.closePassScreen();
    emit({ type: "uncover", seat, view: answer.view });
    emit({ type: "say", text: `${name(seat)}, your turn.` });
    emit({ type: "redraw", now: true });
    frame.focusFirstPlace(); // the keyboard on their first place
  }

  return { turn, drawOrPass, skipToMyTurn, reveal };
}
