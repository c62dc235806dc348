// The turn sequencer: every timed thing of a game screen, in one place with one cancel. What is
// due next in the turn (a computer's move, a dialog after the last tile landed) waits for the
// slides on screen, then its pause; a run (autoplay, play to the end, Show solution, Finish, the
// replay's Play) takes step after step with a pause between, until it ends or is stopped. Every
// timer of the page's turns goes through `clock` below (the one place to put another time in).

import { begin, end } from "../settled.js";

/** The page's timers; a pending one keeps the page unsettled (settled.js). */
const clock = {
  /** @type {(fn: () => void, ms: number) => number} */
  later(fn, ms) {
    const id = window.setTimeout(() => { end("timer", id); fn(); }, ms);
    return begin("timer", id);
  },
  /** @type {(id: number) => void} */
  clear: (id) => { window.clearTimeout(id); end("timer", id); },
};

/** What a run is: the button or feature that started it. */
/** @typedef {"autoplay" | "play-to-end" | "solution" | "finish" | "replay" | "skip"} RunKind */

/**
 * @typedef {object} RunPlan
 * @property {(live: () => boolean) => Promise<boolean>} step one step; resolves true while there is
 *   more to do (`live()`: the run has not been stopped meanwhile)
 * @property {number} pause ms between two steps
 * @property {boolean} [waitFirst] the pause comes before the first step too
 */

/**
 * @typedef {object} Sequencer
 * @property {(fn: (() => void) | null, pause?: number, wanted?: () => boolean) => void} due
 *   what comes next in the turn: fn, `pause` ms after the slides on screen have ended (when
 *   `wanted()` still holds then); it replaces what was due before (null: nothing is due)
 * @property {(kind: RunKind, plan: RunPlan) => Promise<void>} run a run; it replaces the one under way
 * @property {() => RunKind | null} running the kind of the run under way (a stopped one until its
 *   last step has ended), null when none
 * @property {() => RunKind | null} going the kind of the run under way and not stopped, null when none
 * @property {(kind?: RunKind) => void} stop stop the run under way (of that kind only, when given)
 * @property {() => void} cancel the one cancel: nothing is due any more and the run under way stops
 * @property {(ms: number) => Promise<void>} sleep a pause of ms
 * @property {(fn: () => void, ms: number) => () => void} later fn after ms; returns its cancel
 * @property {() => void} dispose cancel, and take nothing new
 */

/**
 * slides(): settled when the slides of the view on screen have ended; onChange(): a run began or
 * ended (the screen draws its buttons again).
 * @param {{slides: () => Promise<unknown>, onChange?: () => void}} hooks
 * @returns {Sequencer}
 */
export function createSequencer({ slides, onChange = () => {} }) {
  let ticket = 0; // what is due belongs to the ticket it was given; a new due or a cancel moves it on
  let timer = 0;
  /** @type {{kind: RunKind, stopped: boolean, wake: () => void} | null} */
  let current = null;
  let disposed = false;

  /** @param {number} ms */
  const sleep = (ms) => new Promise((resolve) => { clock.later(() => resolve(undefined), ms); });

  /** @type {Sequencer["due"]} */
  function due(fn, pause = 0, wanted = () => true) {
    clock.clear(timer);
    ticket += 1;
    if (!fn || disposed) return;
    const mine = ticket;
    slides().then(() => {
      if (mine !== ticket || disposed || !wanted()) return;
      if (pause > 0) timer = clock.later(fn, pause);
      else fn();
    });
  }

  /** @type {Sequencer["run"]} */
  async function run(kind, { step, pause, waitFirst = false }) {
    if (disposed) return;
    stop();
    const mine = { kind, stopped: false, wake: () => {} };
    current = mine;
    const live = () => !mine.stopped && !disposed;
    /** A pause that a stop ends at once. */
    const wait = () => new Promise((resolve) => {
      const id = clock.later(() => resolve(undefined), pause);
      mine.wake = () => { clock.clear(id); resolve(undefined); };
    });
    onChange();
    try {
      if (waitFirst) await wait();
      while (live()) {
        const more = await step(live);
        if (!more || !live()) break;
        await wait();
      }
    } finally {
      if (current === mine) current = null;
      onChange();
    }
  }

  /** @type {Sequencer["stop"]} */
  function stop(kind) {
    if (!current || (kind && current.kind !== kind)) return;
    current.stopped = true;
    current.wake();
  }

  function cancel() {
    due(null);
    stop();
  }

  return {
    due, run, stop, cancel, sleep,
    running: () => current?.kind ?? null,
    going: () => (current && !current.stopped ? current.kind : null),
    later(fn, ms) {
      const id = clock.later(fn, ms);
      return () => clock.clear(id);
    },
    dispose() {
      cancel();
      disposed = true;
    },
  };
}
