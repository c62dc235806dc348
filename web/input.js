// Board input shared by the games: click (select, then target), drag and drop with pointer
// events (mouse, pen and touch) and the keyboard (arrows/Tab to move, Enter/Space to pick).
// Targets are <button data-slot="..."> elements; draggable ones also carry data-draggable.
// While a tile is dragged, the places it may go (handlers.targets) carry the class drop-target.

const DRAG_THRESHOLD_PX = 8;
// A drag held near the edge of a panning box ([data-pan]) scrolls it, faster nearer the edge; it
// starts after a short dwell (a tile dragged in from the hand crosses an edge on its way) and, while
// the pointer is over a place the tile may go, goes only as far as brings that place wholly into
// view (so the place stays under the pointer).
const PAN_EDGE_PX = 48; // at most, and at most a fifth of the box's side
const PAN_STEP_PX = [2, 9]; // per frame, at the inner side of the edge band and at the edge
const PAN_DWELL_MS = 200;

/**
 * What a board does with its input.
 * @typedef {object} BoardHandlers
 * @property {(slot: string) => void} onActivate
 * @property {(fromSlot: string, toSlot: string) => void} onDrop
 * @property {() => void} onCancel
 * @property {(slot: string) => string[]} [targets] the legal drops of a place
 */

/**
 * A drag under way: its place and element, where it started, its ghost once it moved, the
 * pointer's last point, the drop target under it and the frame of its edge panning.
 * @typedef {object} Drag
 * @property {string} slot
 * @property {HTMLElement} source
 * @property {number} x
 * @property {number} y
 * @property {HTMLElement | null} ghost
 * @property {number} pointerId
 * @property {[number, number]} [at]
 * @property {Element | null} [over]
 * @property {number} [panning]
 */

/** What a board's input keeps between events: the drag under way, and a click to swallow (a drop's). @typedef {{drag: Drag | null, suppressClick: boolean}} InputState */

/**
 * A click (or Enter, Space) on a place of the board: activated, unless it ends a drag.
 * @param {HTMLElement} board
 * @param {BoardHandlers} handlers
 * @param {InputState} input
 * @param {MouseEvent} event
 */
function clicked(board, handlers, input, event) {
  const target = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("[data-slot]"));
  if (!target || !board.contains(target) || target.disabled) return;
  if (input.suppressClick) {
    input.suppressClick = false;
    return;
  }
  handlers.onActivate(/** @type {string} */ (target.dataset.slot));
}

/**
 * Esc cancels; the arrows move the keyboard through the board's places, round and round.
 * @param {HTMLElement} board
 * @param {BoardHandlers} handlers
 * @param {KeyboardEvent} event
 */
function keyed(board, handlers, event) {
  if (event.key === "Escape") {
    handlers.onCancel();
    return;
  }
  /** @type {Record<string, number>} */
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (!(event.key in steps)) return;
  const targets = [.../** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll("[data-slot]:not([disabled])"))];
  if (!targets.length) return;
  const here = targets.indexOf(/** @type {HTMLElement} */ (document.activeElement?.closest("[data-slot]")));
  const next = here < 0 ? 0 : (here + steps[event.key] + targets.length) % targets.length;
  targets[next].focus();
  event.preventDefault();
}

/**
 * The drag has moved far enough: its ghost follows the pointer, and the places it may go are marked.
 * @param {HTMLElement} board
 * @param {BoardHandlers} handlers
 * @param {Drag} drag
 * @param {number} pointerId
 * @returns {HTMLElement} the ghost
 */
function lift(board, handlers, drag, pointerId) {
  const box = drag.source.getBoundingClientRect();
  const ghost = /** @type {HTMLElement} */ (drag.source.cloneNode(true));
  ghost.removeAttribute("data-slot");
  ghost.classList.add("drag-ghost");
  ghost.setAttribute("aria-hidden", "true");
  ghost.style.width = `${box.width}px`;
  ghost.style.left = `${box.left}px`;
  ghost.style.top = `${box.top}px`;
  document.body.append(ghost);
  drag.source.classList.add("dragging");
  board.classList.add("drag-active");
  for (const slot of handlers.targets?.(drag.slot) ?? []) {
    board.querySelector(`[data-slot="${CSS.escape(slot)}"]`)?.classList.add("drop-target");
  }
  try {
    board.setPointerCapture(pointerId);
  } catch { /* pointer already gone */ }
  return ghost;
}

/**
 * The pointer moved: a drag past the threshold lifts its tile; the ghost follows, the place under
 * it is marked, and near a panning box's edge the box scrolls.
 * @param {HTMLElement} board
 * @param {BoardHandlers} handlers
 * @param {InputState} input
 * @param {PointerEvent} event
 */
function moved(board, handlers, input, event) {
  const drag = input.drag;
  if (!drag || event.pointerId !== drag.pointerId) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.ghost = lift(board, handlers, drag, event.pointerId);
  }
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
  drag.at = [event.clientX, event.clientY];
  markOver(drag);
  if (!drag.panning) panWhileNearEdge(board, drag, () => input.drag === drag);
  event.preventDefault();
}

/** The place the dragged tile would drop on now (a drop target under the pointer), marked drop-over. */
/** @param {Drag} current */
function markOver(current) {
  const over = document.elementFromPoint(.../** @type {[number, number]} */ (current.at))?.closest(".drop-target") ?? null;
  if (over === current.over) return over;
  current.over?.classList.remove("drop-over");
  over?.classList.add("drop-over");
  current.over = over;
  return over;
}

/** How fast to scroll a panning box along one axis, the pointer at `at` between its sides (0: not in an edge band). */
/** @type {(at: number, low: number, high: number) => number} */
function panSpeed(at, low, high) {
  const band = Math.min(PAN_EDGE_PX, (high - low) / 5);
  const depth = at < low + band ? (low + band - at) / band : at > high - band ? -(at - high + band) / band : 0;
  if (!depth) return 0;
  const [slow, fast] = PAN_STEP_PX;
  return -Math.sign(depth) * Math.round(slow + (fast - slow) * Math.min(1, Math.abs(depth)));
}

/** While a drag is held near the edge of a panning box, scroll the box that way each frame. */
/** @param {HTMLElement} board @param {Drag} current @param {() => boolean} held the drag is still the one under way */
function panWhileNearEdge(board, current, held) {
  const box = board.querySelector("[data-pan]");
  if (!box) return;
  /** @type {number | null} */
  let since = null; // when the pointer came into an edge band
  const stepOnce = (/** @type {number} */ now) => {
    if (!held()) return;
    const r = box.getBoundingClientRect();
    const [x, y] = /** @type {[number, number]} */ (current.at);
    const inside = x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
    let sx = inside ? panSpeed(x, r.left, r.right) : 0;
    let sy = inside ? panSpeed(y, r.top, r.bottom) : 0;
    const over = inside && markOver(current);
    if (over) { // over a place to drop on: only as far as brings all of it into view, then hold still
      const t = over.getBoundingClientRect();
      sx = sx > 0 ? Math.min(sx, Math.max(0, Math.ceil(t.right - r.right))) : Math.max(sx, Math.min(0, Math.floor(t.left - r.left)));
      sy = sy > 0 ? Math.min(sy, Math.max(0, Math.ceil(t.bottom - r.bottom))) : Math.max(sy, Math.min(0, Math.floor(t.top - r.top)));
    }
    if (!sx && !sy) since = null;
    else if (since === null) since = now;
    else if (now - since >= PAN_DWELL_MS) box.scrollBy(sx, sy);
    current.panning = requestAnimationFrame(stepOnce);
  };
  current.panning = requestAnimationFrame(stepOnce);
}

/**
 * The pointer let go (dropped) or was taken away: the drag ends; a tile dropped on another place is played there.
 * @param {HTMLElement} board
 * @param {BoardHandlers} handlers
 * @param {InputState} input
 * @param {PointerEvent} event
 * @param {boolean} dropped
 */
function finish(board, handlers, input, event, dropped) {
  const drag = input.drag;
  if (!drag || event.pointerId !== drag.pointerId) return;
  const { slot, ghost, source } = drag;
  cancelAnimationFrame(drag.panning ?? 0);
  drag.over?.classList.remove("drop-over");
  input.drag = null;
  if (!ghost) return; // a plain click: the click handler deals with it
  ghost.remove();
  source.classList.remove("dragging");
  board.classList.remove("drag-active");
  for (const target of board.querySelectorAll(".drop-target")) target.classList.remove("drop-target");
  input.suppressClick = true;
  setTimeout(() => { input.suppressClick = false; }, 0);
  if (!dropped) return;
  const under = /** @type {HTMLElement | null | undefined} */ (document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-slot]"));
  if (under && board.contains(under) && under.dataset.slot !== slot) handlers.onDrop(slot, /** @type {string} */ (under.dataset.slot));
}

/**
 * Wire the input of a board element.
 * handlers: onActivate(slot), onDrop(fromSlot, toSlot), onCancel(), targets(slot) -> [slot] (legal drops)
 * @param {HTMLElement} board
 * @param {BoardHandlers} handlers
 */
export function attachBoardInput(board, handlers) {
  /** @type {InputState} */
  const input = { drag: null, suppressClick: false };
  board.addEventListener("click", (event) => clicked(board, handlers, input, event));
  board.addEventListener("keydown", (event) => keyed(board, handlers, event));
  board.addEventListener("pointerdown", (event) => {
    const source = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-draggable]"));
    if (!source || event.button !== 0) return;
    input.drag = { slot: /** @type {string} */ (source.dataset.slot), source, x: event.clientX, y: event.clientY,
      ghost: null, pointerId: event.pointerId };
  });
  board.addEventListener("pointermove", (event) => moved(board, handlers, input, event));
  board.addEventListener("pointerup", (event) => finish(board, handlers, input, event, true));
  board.addEventListener("pointercancel", (event) => finish(board, handlers, input, event, false));
}
