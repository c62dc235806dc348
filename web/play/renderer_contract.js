// The renderer contract: what a game's renderer (render/table.js, luzon.js, big_clock.js,
// clock.js; the catalog's `screen` kind picks one) receives, what it may call and what it
// returns. The play screen (controller.js) and the coach (coach.js) both build the renderer's
// context with createRendererContext, so a renderer cannot tell them apart except by `replay`.
// A renderer reads the screen's state and never writes it: it says, draws, plays moves and
// starts runs through the context's actions.

import { outgrown, resized } from "../render/fit_room.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").MoveEvent} MoveEvent */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./sequencer.js").RunKind} RunKind */

/** @typedef {"info" | "error"} MessageKind */
/** @typedef {{text: string, seat: number | null, loaded?: boolean}} LogEntry loaded: the note that a game was put on screen */

/**
 * What the screen shows, as its owner keeps it (the controller's state, the coach's position).
 * @typedef {object} ScreenSource
 * @property {View | null} view
 * @property {number} viewer the seat whose view is on screen
 * @property {boolean} covered every hand is hidden until the next person says they are ready (hot seat)
 * @property {string | null} session
 * @property {Record<number, string>} lastAction each seat's last action, in words
 * @property {LogEntry[]} log newest first
 */

/**
 * The screen's state as a renderer reads it.
 * @typedef {object} ScreenState
 * @property {View | null} view
 * @property {number} viewer
 * @property {boolean} covered
 * @property {string | null} session
 * @property {Readonly<Record<number, string>>} lastAction
 * @property {string} lastLog the newest line of the play log that tells what happened at the table, past the note
 *   that the game was put on screen (a saved game resumed shows its last move; "" when none)
 */

/**
 * What a renderer receives.
 * @typedef {object} RendererContext
 * @property {GameSpec} spec
 * @property {HTMLElement} board the element the renderer draws into
 * @property {Engine} engine
 * @property {boolean} replay true in the coach: a position of a game played, no move to make
 * @property {Readonly<ScreenState>} state
 * @property {(text: string, kind?: MessageKind) => void} say a message of the moment
 * @property {() => void} render draw the screen again
 * @property {(moveId: string, options?: {untilPlayable?: boolean}) => Promise<unknown>} play the person's move
 * @property {(kind: RunKind, next: (view: View) => Record<string, unknown> | null, pause: number) => Promise<void>} autoplay
 *   send next(view) one request after another, `pause` ms apart, until it gives null or is stopped
 * @property {(kind: RunKind) => void} stop stop the run of that kind
 * @property {() => RunKind | null} running the run under way
 * @property {(seat: number) => string} name a seat's name
 * @property {() => Move[]} legal the view's legal moves
 * @property {() => boolean} myTurn the person on screen may move now
 * @property {(seat: number | null) => boolean} isHuman
 * @property {() => boolean} hotSeat more than one person plays at this screen
 * @property {(view: View) => string} dealText "Deal 12 · ", or "" while hidden hands are in play
 * @property {() => Map<string, number>} playedSince tile -> seat: played since the person's last turn
 * @property {() => Move | null} hintMove the move of the hint on screen
 * @property {() => Move[]} marks the moves a replay marks on its board (the coach's decision): a renderer draws the
 *   places they go that it draws in play only as a choice (a table's open ends), keyed (data-key) as in play
 * @property {() => number} motionMs the duration of a slide now (0: no motion)
 */

/**
 * What a renderer returns: its board's names, its extra controls and the hooks the screen calls.
 * @typedef {object} Renderer
 * @property {string} boardId
 * @property {string} boardClass
 * @property {string} dialogId the id of the round and game dialog
 * @property {boolean} showsLog the side panel shows the play log
 * @property {HTMLElement[]} [buttons] beside the toolbar's own
 * @property {HTMLElement[]} [sideParts] in the side panel
 * @property {HTMLElement} [fitBox] the box its drawing is fitted to, when not the whole board (a table's
 *   layout, beside its legend and its hand): the screen draws again when that box changes size
 * @property {HTMLElement[]} [statusExtras] in the status line
 * @property {(view: View) => void} draw draw a view into the board
 * @property {(slot: string) => void} activate a place picked (click, Enter)
 * @property {(from: string, to: string) => void} drop a drag from one place to another
 * @property {(slot: string) => string[]} targets where a place's tile may go
 * @property {() => void} cancel Escape: the selection goes
 * @property {() => void} [reset] a new game or a resumed one is on screen
 * @property {(move: Move | null) => void} [hinted] a hint came
 * @property {() => Element | null} [focusTarget] where the keyboard goes when its place is gone
 * @property {(event: MoveEvent) => string} [actionText] a seat's last action, in words
 * @property {(view: View, before: View | null, name: (seat: number) => string) => RoundLine[]} [roundLines]
 *   the log lines of a new round
 * @property {(view: View, event: MoveEvent | undefined, op: string) => string} [describe] what a move did, in words
 * @property {(view: View) => string} intro the words of a new deal
 * @property {(view: View) => string} statusText
 * @property {(view: View) => string} [turnText] the words of the board's own status line (a table's
 *   whose turn it is), when it has one
 * @property {(view: View, last: any) => (Node | null)[]} [roundSummary] the round dialog's body (nulls left out)
 * @property {(view: View, won: boolean) => string} outcomeTitle
 * @property {(view: View) => (Node | null)[]} outcomeBody the game dialog's body
 * @property {(view: View) => string} [outcomeText] the game's end in words by name (else the outcome's reason)
 * @property {() => Record<string, unknown>} [countExtra] what the statistics keep of a finished game beside its result
 * @property {(view: View, record: GameRecord | null) => Promise<void>} [started] a game came on screen
 */

/**
 * A log line of a new round; `action`: the seat's last action it sets ("led 6-6").
 * @typedef {{text: string, seat: number, action?: string}} RoundLine
 */

/** @typedef {(ctl: RendererContext) => Renderer} RendererFactory */

/**
 * The actions of a play screen; a replay's context has none (nothing is played in the coach:
 * its myTurn() is false, so a renderer offers no move).
 * @typedef {object} ScreenActions
 * @property {RendererContext["say"]} say
 * @property {RendererContext["play"]} play
 * @property {RendererContext["autoplay"]} autoplay a run of requests (the controller's: a remount puts it back, screen_kept.js)
 */

/**
 * The context a renderer receives, from the screen's owner.
 * @param {object} parts
 * @param {GameSpec} parts.spec
 * @param {HTMLElement} parts.board
 * @param {Engine} parts.engine
 * @param {ScreenSource} parts.source the owner's state (read here, written only by the owner)
 * @param {(seat: number) => string} parts.name
 * @param {Sequencer} parts.sequencer
 * @param {() => void} parts.render
 * @param {() => number} parts.motionMs
 * @param {() => Move | null} parts.hintMove
 * @param {() => Move[]} [parts.marks]
 * @param {() => Map<string, number>} [parts.playedSince]
 * @param {ScreenActions | null} parts.actions null: a replay
 * @returns {RendererContext}
 */
export function createRendererContext({ spec, board, engine, source, name, sequencer, render, motionMs, hintMove,
  playedSince = () => new Map(), marks = () => [], actions }) {
  /** @type {Readonly<ScreenState>} */
  const state = Object.freeze({
    get view() { return source.view; },
    get viewer() { return source.viewer; },
    get covered() { return source.covered; },
    get session() { return source.session; },
    get lastAction() { return Object.freeze({ ...source.lastAction }); },
    get lastLog() { return source.log.find((entry) => !entry.loaded)?.text ?? ""; },
  });
  const legal = () => source.view?.legal ?? [];
  /** @param {number | null} seat */
  const isHuman = (seat) => seat !== null && source.view?.seats?.[seat] === "human";
  const hotSeat = () => (source.view?.seats ?? []).filter((k) => k === "human").length > 1;
  const myTurn = () => Boolean(actions) && personMayMove(source, sequencer);
  return {
    spec, board, engine, state, name, legal, isHuman, hotSeat, myTurn, render, motionMs, hintMove, playedSince, marks,
    replay: !actions,
    say: actions ? actions.say : () => {},
    play: actions ? actions.play : async () => null,
    autoplay: async (kind, next, pause) => {
      if (actions) await actions.autoplay(kind, next, pause);
    },
    stop: (kind) => sequencer.stop(kind),
    running: () => (actions ? sequencer.running() : null),
    dealText: (view) => (!spec.hidden_hands || view?.outcome ? `Deal ${view.seed} · ` : ""),
  };
}

/**
 * The person on screen may move now: the seat to move is theirs, the game goes on, their hand is
 * not covered, nothing plays by itself, and there is a move to make.
 * @param {ScreenSource} source
 * @param {Pick<Sequencer, "running">} sequencer
 */
export function personMayMove(source, sequencer) {
  const view = source.view;
  const seat = source.viewer;
  return Boolean(view && !view.outcome && view.to_move === seat && view.seats?.[seat] === "human" &&
    !source.covered && !sequencer.running() && view.legal?.length);
}

/**
 * A renderer fits what it draws to a box (its `fitBox`, else its board), so whoever shows a board
 * (the play screen, the coach) draws it again when that box changes size by more than a few pixels
 * (a phone turned, a window resized, a panel opened beside the board, a part of the board beside the
 * box that took or gave back room). A box measured with fit_room.js's roomOf is drawn again when its
 * size is not the one its drawing was fitted to; another when it is not the one last drawn again at.
 * Returns the function that stops watching.
 * @param {HTMLElement} box
 * @param {() => void} redraw
 * @returns {() => void}
 */
export function redrawOnResize(box, redraw) {
  let drawnSize = [0, 0];
  let stopped = false;
  // drawn in the next frame, not while the observer delivers: a board drawn again may change size,
  // due in the same frame, which Firefox and WebKit report as an error ("ResizeObserver loop
  // completed with undelivered notifications")
  const watch = new ResizeObserver(() => requestAnimationFrame(() => {
    const size = [box.clientWidth, box.clientHeight];
    if (stopped || !size[0] || !(outgrown(box) ?? resized(size, drawnSize))) return;
    drawnSize = size;
    redraw();
  }));
  watch.observe(box);
  return () => {
    stopped = true;
    watch.disconnect();
  };
}
