// The intents of a game screen: what its parts and inputs ask of the controller (controller.js),
// each an event with a typed payload. A part is given `emit` and the state to read; it never
// calls another part nor changes the state: the controller alone acts on an intent (its `act`),
// changes the state, and redraws. DOM-free.

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */

/**
 * A new game's request: its options, deal, seats and names (null: the table's names stay), and
 * extra: {winnable (default: the switch), daily: the day of a daily deal} (extras.js).
 * @typedef {{type: "new-game", values: OptionValues, seed: number, seats?: string[], names?: string[] | null,
 *   extra?: {winnable?: boolean, daily?: string | null}}} NewGame
 */

/**
 * What a part may ask. Among them: "claim" (a way a game comes on screen begins: answers its
 * number, state.starts; `what` says it, for an import that gives way to it: "another file was chosen"); "settle" asks for a redraw whose end settles the screen;
 * "settle-phase" (the redraw's, once drawn) runs what the phase asks for now; "options" (the
 * option controls changed) is a new game on the deal number shown, once the person agrees.
 * @typedef {{type: "redraw", now?: boolean}
 *   | {type: "settle"}
 *   | {type: "settle-phase"}
 *   | {type: "observe"}
 *   | {type: "say", text: string, kind?: MessageKind}
 *   | {type: "show", body: "setup" | "coach", element: HTMLElement}
 *   | {type: "show-play"}
 *   | {type: "drawn", view: View, slides: Promise<unknown>}
 *   | {type: "stop"}
 *   | {type: "names", names: string[]}
 *   | {type: "notify", text: string}
 *   | {type: "close-session", session: string}
 *   | {type: "request", request: Record<string, unknown>, fields?: {token?: string | null, log?: LogEntry[],
 *       daily?: string | null}}
 *   | {type: "saved", answer: Answer}
 *   | {type: "step", next: (view: View) => Record<string, unknown> | null}
 *   | {type: "run", kind: import("./sequencer.js").RunKind, next: (view: View) => Record<string, unknown> | null, pause: number}
 *   | {type: "play", move: string, untilPlayable?: boolean}
 *   | {type: "computer-move"}
 *   | {type: "next-round"}
 *   | {type: "undo"} | {type: "redo"} | {type: "hint"}
 *   | {type: "open-coach"} | {type: "back-to-play"}
 *   | NewGame
 *   | {type: "show-setup", initial: {options?: OptionValues, seats?: string[], names?: string[]}, canCancel: boolean}
 *   | {type: "start-new"}
 *   | {type: "deal", seed: number}
 *   | {type: "options", values: OptionValues}
 *   | {type: "import", record: GameRecord}
 *   | {type: "claim", what: string}
 *   | {type: "start-lesson"} | {type: "leave-lesson"} | {type: "usual-start"}
 *   | {type: "reveal", seat: number}
 *   | {type: "cover"}
 *   | {type: "uncover", seat: number, view: View}
 *   | {type: "skip-to-my-turn"} | {type: "draw-or-pass"}
 *   | {type: "summary-shown"} | {type: "outcome-shown"} | {type: "outcome-skipped"} | {type: "show-result"}
 *   | {type: "speed", value: string}
 *   | {type: "forget"}} Intent
 */

/** @typedef {(intent: Intent) => Promise<unknown>} Emit what a part is given to ask the controller (an answer, when one comes) */

/**
 * The intents' one way to the controller: parts are made with `emit`, and the controller, once
 * every part exists, says who acts on them (`handle`). An intent emitted before then is a fault.
 */
export function createIntents() {
  /** @type {((intent: Intent) => unknown) | null} */
  let handler = null;
  /** @type {Emit} */
  const emit = async (intent) => {
    if (!handler) throw new Error(`The intent ${intent.type} came before the controller could act on it`);
    return handler(intent);
  };
  return {
    emit,
    /** @param {(intent: Intent) => unknown} act */
    handle(act) { handler = act; },
  };
}
