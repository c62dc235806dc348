// Motion for the play screen (Web Animations API, no library), from the renderers' stable keys
// (`data-key` on every tile and place): measure the keyed elements before a view is drawn and
// after (FLIP), then a tile in a new place travels there from where it was (a copy of it flies
// over while it waits hidden), a new tile comes from where its move says (the stock, a computer's
// seat), a tile that left fades away. The animation speed setting scales every duration;
// "off" (or the computer speed "instant") turns motion off; prefers-reduced-motion turns slides
// into fades. Every animation started here keeps the page unsettled until it ends (settled.js).

import { isolated } from "../isolated.js";
import { moving } from "../settled.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").MoveEvent} MoveEvent */
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
const STAGGER = 0.25; // the tiles of one batch of draws leave this share of a slide apart

/**
 * The duration of a slide now (0: no motion).
 * @param {string} speed the computers' speed
 */
export function motionMs(speed) {
  const setting = document.documentElement.dataset.motion;
  if (setting === "off" || speed === "instant") return 0;
  return Math.round(BASE_MS * (setting === "fast" || speed === "fast" ? 0.45 : speed === "slow" ? 1.4 : 1));
}

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** What moves is a tile (a card-tile too); a place (a pile, a seat, the stock, an end) only says where it comes from. */
const isTile = (/** @type {Element} */ node) => node.matches("[data-tile], [data-placed], [data-card]");

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
function flyBack(from, to, ms, delay) {
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
 * When each of a view's moves starts to move, in ms after the view is drawn: the draws of a batch
 * leave together, a little apart (STAGGER), and a move that is not a draw waits for everything
 * before it to land (a computer's turn: its draws fly, then its tile slides). One move: at once.
 * @param {MoveEvent[]} events
 * @param {number} ms
 * @returns {number[]}
 */
export function schedule(events, ms) {
  /** @type {number[]} */
  const starts = [];
  let next = 0; // when the next draw may leave
  let landed = 0; // when everything so far has landed
  for (const event of events) {
    const start = event.kind === "draw" ? next : landed;
    starts.push(start);
    landed = Math.max(landed, start + ms);
    next = event.kind === "draw" ? start + Math.round(ms * STAGGER) : landed;
  }
  return starts;
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
function fly(from, to, ms, delay = 0) {
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
function fadeIn(node, ms, delay = 0) {
  return moving(node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, delay, easing: "ease-out", fill: "backwards" }));
}

/**
 * @param {Place} before
 * @param {number} ms
 */
function leave(before, ms) {
  const ghost = ghostOf(before.node, before.rect);
  const animation = ghost.animate([{ opacity: 1, transform: "none" },
    { opacity: 0, transform: reduced() ? "none" : "translateY(-30px) scale(0.7)" }], { duration: ms, easing: "ease-in" });
  return track(animation, () => ghost.remove());
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
 * Where a tile new on screen comes from (for animateChanges' origin): its move's place before the
 * move, else its mover's seat, with its move's start in the view's batch (`schedule`). The view's
 * `events` are the moves just made, in structured fields. A move that names no tile (a draw: the
 * tile was face down) goes to the first new key at its place; the moves no new key took (another
 * seat's draws) are listed by `unseen()`: from their place to the mover's seat.
 * @param {View} view
 * @param {Measure} before
 * @param {number} [ms]
 * @returns {Origin}
 */
function originOf(view, before, ms = 0) {
  const events = view.events ?? [];
  const starts = schedule(events, ms);
  const taken = new Set(); // the face-down moves already given to a new key
  /** @type {Origin} */
  const origin = (key, now) => {
    const slot = now.node.dataset.slot ?? "";
    let i = events.findIndex((e) => e.tile === key);
    if (i < 0) {
      i = events.findIndex((e, j) => !taken.has(j) && e.to && !e.tile && (slot === e.to || slot.startsWith(`${e.to}:`)));
      if (i >= 0) taken.add(i);
    }
    if (i < 0) return null;
    const event = events[i];
    const place = (event.from === undefined ? undefined : before.get(event.from)) ?? before.get(`seat:${event.seat}`);
    return place ? { ...place, delay: starts[i] } : null;
  };
  origin.unseen = () => events.flatMap((e, i) => (e.kind === "draw" && !e.tile && !taken.has(i) && e.from
    ? [{ from: e.from, to: `seat:${e.seat}`, delay: starts[i] }] : []));
  return origin;
}

/**
 * A tile gone from the screen by one of the view's moves (Luzon's discarded pair) is seen leaving.
 * @param {View} view
 * @returns {(key: string) => boolean}
 */
const leavesBy = (view) => (key) => (view.events ?? []).some((e) => e.tile === key || e.tiles?.includes(key));

/**
 * Draw `view` into root with draw(view); with ms > 0, what the view's moves changed travels there
 * (a batch of moves one after another: `schedule`). Returns a promise settled when every slide
 * has ended (the computers' pace waits for it).
 * @param {HTMLElement} root
 * @param {(view: View) => void} draw
 * @param {View} view
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function drawMoving(root, draw, view, ms) {
  // the drawing is the game's; the travel around it is an extra (isolated.js): if it fails, the view is drawn in place
  const before = isolated("motion", () => {
    for (const flight of [...flights]) flight.finish(); // a copy never outlives the drawing it flew for
    return ms > 0 ? measure(root) : null;
  }, null);
  draw(view);
  if (!before) return Promise.resolve();
  const animations = isolated("motion",
    () => animateChanges(root, before, { ms, origin: originOf(view, before, ms), leaves: leavesBy(view) }), []);
  return Promise.allSettled(animations.map((a) => a.finished)).then(() => undefined);
}

/** Leaving a screen: the copies still in flight go at once. */
export function stopMotion() {
  for (const flight of [...flights]) flight.cancel();
  for (const ghost of document.querySelectorAll(".motion-ghost")) ghost.remove();
}
