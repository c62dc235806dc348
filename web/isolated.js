// The page's extras (sound, motion, confetti) run isolated: an error in one (an AudioContext
// the browser refuses, an animation it cannot run) is caught at the extra's boundary, logged
// once per extra, and the extra is skipped. The game's state, its saving and the statistics
// never depend on an extra.

/** The extras that failed already (each is logged once). @type {Set<string>} */
const failed = new Set();
addEventListener("boneyard-new-visitor", () => failed.clear()); // (app.js: the page as a new visitor's)

/**
 * Run an extra; when it throws, log that once and return `fallback`.
 * @template T
 * @param {string} extra its name, in the log ("sound", "motion")
 * @param {() => T} run
 * @param {T} fallback
 * @returns {T}
 */
export function isolated(extra, run, fallback) {
  try {
    return run();
  } catch (error) {
    if (!failed.has(extra)) {
      failed.add(extra);
      console.warn(`Boneyard: the ${extra} failed and is skipped; the game goes on (${
        error instanceof Error ? error.message : String(error)}).`);
    }
    return fallback;
  }
}
