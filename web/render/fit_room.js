// The room a drawing is fitted to. A renderer that fits its drawing to a box measures the box with
// roomOf, which notes the box's size then; whoever shows the board watches that box
// (renderer_contract.js: redrawOnResize) and draws again when its size is no longer the one its
// drawing was fitted to, whatever changed it (the window, or a part beside it that took or gave
// back room), and not when the drawing itself already took the change into account.

/** The border-box size of each box when its drawing was last fitted to it. @type {WeakMap<HTMLElement, number[]>} */
const fitted = new WeakMap();

/** A change of fewer pixels leaves a drawing as it is (a rounding, a border). */
const SLACK_PX = 4;

/** Do two sizes differ by more than the slack? @param {number[]} a @param {number[]} b */
export const resized = (a, b) => a.some((v, i) => Math.abs(v - b[i]) > SLACK_PX);

/**
 * The room inside `box` (its client size), noted as the room its drawing is fitted to now.
 * @param {HTMLElement} box
 * @returns {[number, number]}
 */
export function roomOf(box) {
  // its border box is noted (a drawing larger than its box gives it scroll bars, which narrow its client size)
  fitted.set(box, [box.offsetWidth, box.offsetHeight]);
  return [box.clientWidth, box.clientHeight];
}

/**
 * Has `box` changed size since its drawing was fitted to it? null when no drawing was (roomOf).
 * @param {HTMLElement} box
 */
export function outgrown(box) {
  const at = fitted.get(box);
  return at ? resized([box.offsetWidth, box.offsetHeight], at) : null;
}
