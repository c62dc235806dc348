// The game screen's redraw: asked for any number of times, drawn once, at the next animation
// frame (requestAnimationFrame); then what was waiting for the drawing runs (the keyboard's
// place, a run's wait for the new view's slides) and, when asked for, the screen settles (the
// phase's effects: controller.js). `now` draws at once: a renderer that moves the keyboard into
// what it has just drawn (a selection's places) asks for it.

/**
 * @param {{draw: () => void, settle: () => void}} parts draw: the render pass; settle: what the phase asks for
 */
export function createRedraw({ draw, settle }) {
  let frame = 0;
  let settling = false;
  let disposed = false;
  /** @type {(() => void)[]} */
  let afters = [];

  function schedule() {
    if (!frame && !disposed) frame = requestAnimationFrame(flush);
  }

  function flush() {
    cancelAnimationFrame(frame);
    frame = 0;
    if (disposed) return;
    draw();
    const [waiting, settles] = [afters, settling];
    afters = [];
    settling = false;
    for (const fn of waiting) fn();
    if (settles) settle();
  }

  return {
    schedule,
    /** A redraw, then the screen settles. */
    settle() {
      settling = true;
      schedule();
    },
    /** Draw now (what was scheduled is drawn with it). */
    now: flush,
    /** @param {() => void} fn run after the next drawing */
    after(fn) {
      afters.push(fn);
      schedule();
    },
    /** Settled once the next drawing is done. @returns {Promise<void>} */
    drawn() {
      return new Promise((resolve) => {
        afters.push(() => resolve(undefined));
        schedule();
      });
    },
    dispose() {
      disposed = true;
      cancelAnimationFrame(frame);
      for (const fn of afters) fn(); // nothing waits for ever on a screen gone
      afters = [];
    },
  };
}
