// Motion for the play screen (Web Animations API, no library), from the renderers' stable keys
// (`data-key` on every tile and place): measure the keyed elements before a view is drawn and
// after (FLIP), then a tile in a new place travels there from where it was (a copy of it flies
// over while it waits hidden), a new tile comes from where its move says (the stock, a computer's
// seat), a tile that left fades away. The animation speed setting scales every duration;
// "off" (or the computer speed "instant") turns motion off; prefers-reduced-motion turns slides
// into fades. Every animation started here keeps the page unsettled until it ends (settled.js).

import { isolated } from "../isolated.js";
import { moving } from "../settled.js";
import { fadeIn, finishFlights, fly, flyBack, isTile, leave, reduced } from "./motion_flights.js";
import { leavesBy, originOf } from "./motion_origin.js";

/** @typedef {import("../engine_types.js").View} View */
/** A keyed element measured: where it was, and itself; `delay`: when its slide starts (ms). */
/** @typedef {{rect: DOMRect, node: HTMLElement, delay?: number}} Place */
/** The keyed elements of a drawing, and the box they were drawn in. */
/** @typedef {Map<string, Place> & {box?: DOMRect}} Measure */
/**
 * Where a key new on screen comes from, and the moves no key showed (from place, to place).
 * @typedef {((key: string, now: Place) => Place | null) & {unseen?: () => {from: string, to: string, delay: number}[]}} Origin
 */

const BASE_MS = 340;
const MOVED_PX = 12; // less is a selection's lift, not a move

/**
 * The duration of a slide now (0: no motion).
 * @param {string} speed the computers' speed
 */
export function motionMs(speed) {
  const setting = document.documentElement.dataset.motion;
  if (setting === "off" || speed === "instant") return 0;
  return Math.round(BASE_MS * (setting === "fast" || speed === "fast" ? 0.45 : speed === "slow" ? 1.4 : 1));
}

/**
 * The keyed elements of root: key -> {rect, node} (the first of a key wins).
 * @param {Element} root
 * @returns {Measure}
 */
export function measure(root) {
  /** @type {Measure} */
  const map = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    const rect = node.getBoundingClientRect();
    const key = /** @type {HTMLElement} */ (node).dataset.key ?? "";
    if (rect.width && rect.height && !map.has(key)) map.set(key, { rect, node: /** @type {HTMLElement} */ (node) });
  }
  map.box = root.getBoundingClientRect();
  return map;
}

/**
 * A stage (`data-stage`: the table's layout, scaled to fit its box) that grew, shrank or was scrolled
 * (its box following a play) moves as one piece (FLIP of its scale and offset), carrying the most tiles
 * that kept their places relative to each other: no gap opens between them in any frame; new tiles
 * and any that moved apart fly alone.
 * Returns those tiles and its animation (none: it did not move, or reduced motion), or null (< 2).
 * @param {HTMLElement} stage
 * @param {Measure} before
 * @param {Measure} after
 * @param {number} ms
 * @returns {{kept: string[], animation: Animation | null} | null}
 */
function refitStage(stage, before, after, ms) {
  const s = stage.getBoundingClientRect();
  const pairs = [...after].filter(([key, now]) => isTile(now.node) && stage.contains(now.node) && before.has(key))
    .map(([key, now]) => ({ key, a: /** @type {Place} */ (before.get(key)).rect, b: now.rect }));
  // with the stage's top left corner as origin, a point p of the stage drawn now was at s + t + scale * (p - s)
  const fits = pairs.map(({ a: a0, b: b0 }) => {
    const scale = a0.width / b0.width;
    const tx = a0.left - s.left - scale * (b0.left - s.left);
    const ty = a0.top - s.top - scale * (b0.top - s.top);
    const agree = pairs.filter(({ a, b }) => Math.max(Math.abs(s.left + tx + scale * (b.left - s.left) - a.left),
      Math.abs(s.top + ty + scale * (b.top - s.top) - a.top), Math.abs(scale * b.width - a.width), Math.abs(scale * b.height - a.height)) <= 2);
    return { scale, tx, ty, kept: agree.map(({ key }) => key) };
  });
  const best = fits.reduce((x, y) => (y.kept.length > x.kept.length ? y : x), { scale: 1, tx: 0, ty: 0, kept: /** @type {string[]} */ ([]) });
  if (best.kept.length < 2) return null;
  const { scale, tx, ty } = best;
  const keys = best.kept;
  if (reduced() || (Math.abs(scale - 1) * Math.max(s.width, s.height) < 2 && Math.hypot(tx, ty) < 2)) return { kept: keys, animation: null };
  stage.style.transformOrigin = "0 0";
  const animation = stage.animate([{ transform: `translate(${tx}px, ${ty}px) scale(${scale})` }, { transform: "none" }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  // a stage that fits its box has no scroll bars: none flash on while it is drawn larger than it
  const box = stage.parentElement;
  if (box?.dataset.fits === "true") {
    box.style.overflow = "hidden";
    animation.finished.then(() => { box.style.overflow = ""; }, () => { box.style.overflow = ""; });
  }
  return { kept: keys, animation: moving(animation) };
}

/**
 * Animate what changed in root since `before` (measure() of the last drawing). origin(key, after)
 * returns the {rect, node, delay?} a new key comes from (its move's place), or null;
 * `origin.unseen()` (when there) lists the moves no key showed, as {from, to, delay} place keys
 * (a computer's draw: a face-down tile flies between them); `leaves(key)` says whether a key gone
 * from the screen should be seen leaving. Returns the animations started.
 * @param {Element} root
 * @param {Measure | null} before
 * @param {{ms: number, origin?: Origin, leaves?: (key: string) => boolean}} how
 * @returns {Animation[]}
 */
function animateChanges(root, before, { ms, origin = () => null, leaves = () => false }) {
  if (!before || ms <= 0) return [];
  const box = root.getBoundingClientRect();
  const was = before.box;
  // the board itself changed size (a resize, a line of text above it): everything shifts, nothing moved
  if (was && (Math.abs(was.width - box.width) > 2 || Math.abs(was.height - box.height) > 2)) return [];
  const after = measure(root);
  const animations = [];
  const whole = new Set(); // the tiles a stage carries as one piece (refitStage)
  for (const stage of root.querySelectorAll("[data-stage]")) {
    const refit = refitStage(/** @type {HTMLElement} */ (stage), before, after, ms);
    if (!refit) continue;
    refit.kept.forEach((key) => whole.add(key));
    if (refit.animation) animations.push(refit.animation);
  }
  for (const [key, now] of after) {
    if (!isTile(now.node) || whole.has(key)) continue;
    const was = before.get(key) ?? origin(key, now);
    if (!was) continue;
    const moved = Math.hypot(was.rect.left - now.rect.left, was.rect.top - now.rect.top);
    if (moved < MOVED_PX && Math.abs(was.rect.width - now.rect.width) < MOVED_PX) continue;
    const delay = was.delay ?? 0;
    animations.push(reduced() ? fadeIn(now.node, ms, delay) : fly(was, now, ms, delay));
  }
  for (const [key, was] of before) if (!after.has(key) && isTile(was.node) && leaves(key)) animations.push(leave(was, ms));
  for (const { from, to, delay } of origin.unseen?.() ?? []) {
    const [start, end] = [before.get(from), after.get(to)];
    if (start && end) animations.push(flyBack(start, end, ms, delay));
  }
  return animations;
}

/**
 * Draw `view` into root with draw(view); with ms > 0, what the view's moves changed travels there
 * (a batch of moves one after another: `schedule` in motion_origin.js). Returns a promise settled
 * when every slide has ended (the computers' pace waits for it).
 * @param {HTMLElement} root
 * @param {(view: View) => void} draw
 * @param {View} view
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function drawMoving(root, draw, view, ms) {
  // the drawing is the game's; the travel around it is an extra (isolated.js): if it fails, the view is drawn in place
  const before = isolated("motion", () => {
    finishFlights();
    return ms > 0 ? measure(root) : null;
  }, null);
  draw(view);
  if (!before) return Promise.resolve();
  const animations = isolated("motion",
    () => animateChanges(root, before, { ms, origin: originOf(view, before, ms), leaves: leavesBy(view) }), []);
  return Promise.allSettled(animations.map((a) => a.finished)).then(() => undefined);
}

export { stopMotion } from "./motion_flights.js"; // leaving a screen
