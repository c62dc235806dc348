// The page's small effects, each an extra (isolated.js: an error skips it, the game goes on):
// a refused move's shake, a won game's confetti, a piece turning where it stands. Their
// durations come from motion.js (the animation setting); prefers-reduced-motion turns them into fades.
// Each keeps the page unsettled until it ends (settled.js).

import { isolated } from "../isolated.js";
import { moving } from "../settled.js";
import { mediaHolds } from "./dom.js";

const reduced = () => mediaHolds("(prefers-reduced-motion: reduce)");

/**
 * A refused move: the place shakes.
 * @param {Element | null} node
 * @param {number} ms
 */
export function shake(node, ms) {
  return isolated("motion", () => shakeNow(node, ms), null);
}

/** @param {Element | null} node @param {number} ms */
function shakeNow(node, ms) {
  if (!node || ms <= 0) return null;
  if (reduced()) return moving(node.animate([{ opacity: 1 }, { opacity: 0.4 }, { opacity: 1 }], { duration: ms }));
  return moving(node.animate([0, -8, 8, -6, 6, -3, 0].map((x) => ({ transform: `translateX(${x}px)` })),
    { duration: Math.max(ms, 240), easing: "ease-out" }));
}

/**
 * A won game: pieces of colour fall over the screen for a moment.
 * @param {number} ms
 * @returns {Animation[]}
 */
export function celebrate(ms) {
  return isolated("motion", () => confetti(ms), []);
}

/** @param {number} ms @returns {Animation[]} */
function confetti(ms) {
  if (ms <= 0 || reduced()) return [];
  const colours = ["#d62828", "#1f77b4", "#2a9d3f", "#e07b00", "#7b3fb5", "#f2b84b"];
  const animations = [];
  for (let i = 0; i < 36; i += 1) {
    const piece = document.createElement("span");
    piece.className = "confetti";
    piece.setAttribute("aria-hidden", "true");
    Object.assign(piece.style, { left: `${(i * 37) % 100}vw`, background: colours[i % colours.length] });
    document.body.append(piece);
    const drift = ((i * 53) % 120) - 60;
    const animation = piece.animate([{ transform: "translate(0, -10vh) rotate(0deg)" },
      { transform: `translate(${drift}px, 105vh) rotate(${(i % 2 ? 1 : -1) * 540}deg)` }],
    { duration: ms * 6 + (i % 7) * 120, easing: "cubic-bezier(.3,.1,.6,1)", delay: (i % 9) * 60 });
    const done = () => piece.remove();
    animation.finished.then(done, done);
    animations.push(moving(animation));
  }
  return animations;
}

/**
 * A piece turns where it stands (The Big Clock's hand moving to another hour): it starts turned
 * `degrees` away from its own transform and comes back to it (the turn is added to whatever
 * transform the piece has). Reduced motion: a fade.
 * @param {Element | null} node
 * @param {number} degrees
 * @param {number} ms
 */
export function turnInPlace(node, degrees, ms) {
  if (!node || ms <= 0 || !degrees) return null;
  return isolated("motion", () => moving(reduced()
    ? node.animate([{ opacity: 0.3 }, { opacity: 1 }], { duration: ms, easing: "ease-out" })
    : node.animate([{ transform: `rotate(${degrees}deg)` }, { transform: "rotate(0deg)" }],
      { duration: ms, easing: "cubic-bezier(.3,.7,.4,1)", composite: "add" })), null);
}
