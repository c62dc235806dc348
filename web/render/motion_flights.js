// The copies of tiles that fly over the page while a drawing's tiles wait hidden (motion.js decides
// what flies where): a tile to its new place, a face-down tile between two places (a computer's
// draw), a tile that left fading away, or a new one fading in. Every animation started here keeps
// the page unsettled until it ends (settled.js); a new drawing ends the flights still going first.

import { moving } from "../settled.js";
import { mediaHolds } from "./dom.js";

/** @typedef {import("./motion.js").Place} Place */

/** Does the person ask for less motion (slides become fades)? */
export const reduced = () => mediaHolds("(prefers-reduced-motion: reduce)");

/** What moves is a tile (a card-tile too); a place (a pile, a seat, the stock, an end) only says where it comes from. */
export const isTile = (/** @type {Element} */ node) => node.matches("[data-tile], [data-placed], [data-card]");

/** @type {Set<Animation>} the animations of copies in flight: a new drawing ends them first */
const flights = new Set();

/**
 * Keep `animation` until it ends, then run `done` (the copy goes).
 * @param {Animation} animation
 * @param {() => void} done
 */
function track(animation, done) {
  flights.add(moving(animation));
  const end = () => { flights.delete(animation); done(); };
  animation.finished.then(end, end);
  return animation;
}

/**
 * A fixed copy of node at rect, above everything, not in the way of the pointer.
 * @param {HTMLElement} node
 * @param {DOMRect} rect
 */
function ghostOf(node, rect) {
  const ghost = /** @type {HTMLElement} */ (node.cloneNode(true));
  for (const part of [ghost, ...ghost.querySelectorAll("*")]) {
    for (const name of ["data-key", "data-slot", "data-tile", "data-placed", "data-draggable", "id"]) part.removeAttribute(name);
    part.setAttribute("tabindex", "-1"); // a copy of a button must not take the focus
  }
  ghost.setAttribute("aria-hidden", "true");
  ghost.inert = true;
  ghost.classList.add("motion-ghost");
  ghost.dataset.ghost = node.dataset.key ?? ""; // which tile this is a copy of
  Object.assign(ghost.style, { position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`,
    height: `${rect.height}px`, margin: "0", zIndex: "25", pointerEvents: "none", transformOrigin: "50% 50%" });
  document.body.append(ghost);
  return ghost;
}

/**
 * A face-down tile (a tile drawn into a hand that is not shown) at the centre of rect.
 * @param {DOMRect} rect
 */
function backGhost(rect) {
  const ghost = document.createElement("span");
  ghost.className = "motion-ghost motion-back";
  ghost.setAttribute("aria-hidden", "true");
  document.body.append(ghost);
  const { width, height } = ghost.getBoundingClientRect(); // its size comes from style.css
  Object.assign(ghost.style, { position: "fixed", left: `${rect.left + rect.width / 2 - width / 2}px`,
    top: `${rect.top + rect.height / 2 - height / 2}px`, margin: "0", zIndex: "25", pointerEvents: "none" });
  return ghost;
}

/**
 * A face-down tile flies from one place to another (a computer's draw: the stock to its seat), then is gone.
 * @param {Place} from
 * @param {Place} to
 * @param {number} ms
 * @param {number} delay
 */
export function flyBack(from, to, ms, delay) {
  const ghost = backGhost(to.rect);
  const a = from.rect;
  const b = to.rect;
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  const animation = reduced()
    ? ghost.animate([{ opacity: 0 }, { opacity: 1 }, { opacity: 0 }], { duration: ms, delay, fill: "both" })
    : ghost.animate([{ transform: `translate(${dx}px, ${dy}px)`, opacity: 1 },
      { transform: "scale(0.8)", opacity: 1, offset: 0.85 }, { transform: "scale(0.5)", opacity: 0 }],
    { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" });
  return track(animation, () => ghost.remove());
}

/**
 * Fly a copy of the landed tile (`to.node`) from `from`'s place to its own, after `delay` ms (it
 * waits at its start meanwhile). From another tile (the same tile in the hand, the stock) it starts
 * at that tile's size and turn; from a place that is not a tile (a computer's seat) it starts at its
 * own size from that place's centre.
 * @param {Place} from
 * @param {Place} to
 * @param {number} ms
 * @param {number} [delay]
 */
export function fly(from, to, ms, delay = 0) {
  const a = from.rect;
  const b = to.rect;
  const tileToTile = isTile(from.node);
  const turn = tileToTile && (a.width < a.height) !== (b.width < b.height) ? 90 : 0;
  const scale = tileToTile ? Math.max(a.width, a.height) / Math.max(b.width, b.height) : 1;
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  const ghost = ghostOf(to.node, b);
  to.node.style.opacity = "0"; // still there for the keyboard and the pointer
  const animation = ghost.animate([{ transform: `translate(${dx}px, ${dy}px) rotate(${-turn}deg) scale(${scale})` },
    { transform: "none" }], { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" });
  return track(animation, () => { ghost.remove(); to.node.style.opacity = ""; });
}

/**
 * @param {HTMLElement} node
 * @param {number} ms
 * @param {number} [delay]
 */
export function fadeIn(node, ms, delay = 0) {
  return moving(node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, delay, easing: "ease-out", fill: "backwards" }));
}

/**
 * @param {Place} before
 * @param {number} ms
 */
export function leave(before, ms) {
  const ghost = ghostOf(before.node, before.rect);
  const animation = ghost.animate([{ opacity: 1, transform: "none" },
    { opacity: 0, transform: reduced() ? "none" : "translateY(-30px) scale(0.7)" }], { duration: ms, easing: "ease-in" });
  return track(animation, () => ghost.remove());
}

/** A new drawing: the copies still in flight land at once (a copy never outlives the drawing it flew for). */
export function finishFlights() {
  for (const flight of [...flights]) flight.finish();
}

/** Leaving a screen: the copies still in flight go at once. */
export function stopMotion() {
  for (const flight of [...flights]) flight.cancel();
  for (const ghost of document.querySelectorAll(".motion-ghost")) ghost.remove();
}
