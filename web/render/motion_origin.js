// Where a tile new on screen comes from, and when each of a view's moves starts to move (motion.js
// flies them): the moves of one view are a batch, drawn one after another. Pure: it reads the
// measured places, never the page.

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").MoveEvent} MoveEvent */
/** @typedef {import("./motion.js").Measure} Measure */
/** @typedef {import("./motion.js").Origin} Origin */

const STAGGER = 0.25; // the tiles of one batch of draws leave this share of a slide apart

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
export function originOf(view, before, ms = 0) {
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
export const leavesBy = (view) => (key) => (view.events ?? []).some((e) => e.tile === key || e.tiles?.includes(key));
