// The engine sessions this page opened (engine.js keeps one): the page shows one game at a time,
// so the sessions opened (by "new" or "load") before the last KEEP_SESSIONS are closed, and
// closeAll() closes them all (a screen left). A session opened by a request sent before closeAll()
// (for a screen that is gone) is closed as soon as its answer comes.

/** @typedef {import("./engine_types.js").Answer} Answer */

const KEEP_SESSIONS = 2; // a screen's game, and one more it may ask about (an imported record, checked)

export class Sessions {
  /** @param {(session: string) => void} close asks the engine to close a session */
  constructor(close) {
    this.close = close;
    /** @type {string[]} */
    this.open = []; // oldest first
    this.generation = 0; // bumped by closeAll: a session opened by an older request is closed
  }

  /** Close every session open (the screen that showed them is gone). */
  closeAll() {
    this.generation += 1;
    for (const session of this.open.splice(0)) this.close(session);
  }

  /** The engine was replaced: its sessions are gone with it (nothing to close). */
  forget() {
    this.open = [];
  }

  /** A request sent: a "close" takes its session off the list. @param {Record<string, unknown>} request */
  sent(request) {
    if (request.op === "close") this.open = this.open.filter((s) => s !== request.session);
  }

  /** A request answered, sent while `generation` was the generation: keep a session it opened,
   *  closing the oldest past KEEP_SESSIONS, or close it at once if its screen is gone.
   *  @param {Record<string, unknown>} request @param {number} generation @param {Answer | undefined} answer */
  answered(request, generation, answer) {
    if (!answer?.ok || typeof answer.session !== "string" || !["new", "load"].includes(/** @type {string} */ (request.op))) return;
    if (generation !== this.generation) {
      this.close(answer.session); // opened for a screen that is gone
      return;
    }
    this.open.push(answer.session);
    while (this.open.length > KEEP_SESSIONS) this.close(/** @type {string} */ (this.open.shift()));
  }
}
