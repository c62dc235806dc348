// The table's seat strip and its layout box by touch: the strip scrolled to the seat to move,
// and a pinch of two fingers zooming the box.

import { h } from "./dom.js";
import { followPoint } from "./layout.js";

/** @typedef {{x: number, y: number}} ClientPoint */

/**
 * The layout box's zoom: its buttons (bar), the value drawLayout takes, and drawn(moves, last, place)
 * after each drawing (a zoom keeps its point in place; a new play is followed into view, and so is the
 * latest play where the table was laid out or fitted anew: its box grown as a move's buttons went).
 * 1: the layout fits its box (down to a readable tile size, then it pans). Keys + - 0, ctrl + wheel
 * and a pinch zoom too.
 * @param {HTMLElement} layoutBox
 * @param {() => void} render
 */
export function createZoom(layoutBox, render) {
  let zoom = 1; // 1: the layout fits its box (down to a readable tile size, then it pans)
  let followed = ""; // the latest play the box last scrolled to: the move count and its place (drawLayout's lastPlace)
  /** @type {{x: number, y: number, fx: number, fy: number} | null} */
  let zoomAt = null; // the point a zoom keeps in place: where it is in the box, and in the stage (0..1)
  /** @type {(label: string, text: string, factor: number | null) => HTMLButtonElement} */
  const zoomButton = (label, text, factor) => {
    const button = h("button", { type: "button", "aria-label": label, title: label, "data-zoom": text }, text);
    button.addEventListener("click", () => setZoom(factor === null ? 1 : zoom * factor));
    return button;
  };
  // beside the hand's label, never over the table (a tile or an end under the buttons could not be reached)
  const zoomBar = h("div", { class: "zoom-bar", role: "group", "aria-label": "Zoom the table" },
    zoomButton("Zoom out", "−", 1 / 1.25), zoomButton("Fit the table", "Fit", null), zoomButton("Zoom in", "+", 1.25));
  /**
   * Zoom to `value`, keeping the table's point under `focus` (a client point; the box's centre) in place.
   * @param {number} value
   * @param {ClientPoint | null} [focus]
   */
  function setZoom(value, focus = null) {
    zoom = Math.min(4, Math.max(0.5, value));
    const stage = /** @type {HTMLElement | null} */ (layoutBox.firstElementChild);
    const box = layoutBox.getBoundingClientRect();
    if (zoom === 1) followed = ""; // Fit: back to the latest play
    else if (stage?.offsetWidth) {
      const x = (focus?.x ?? box.left + layoutBox.clientWidth / 2) - box.left - layoutBox.clientLeft;
      const y = (focus?.y ?? box.top + layoutBox.clientHeight / 2) - box.top - layoutBox.clientTop;
      zoomAt = { x, y, fx: (layoutBox.scrollLeft + x - stage.offsetLeft) / stage.offsetWidth,
        fy: (layoutBox.scrollTop + y - stage.offsetTop) / stage.offsetHeight };
    }
    render();
  }
  layoutBox.addEventListener("keydown", (event) => {
    if (event.target !== layoutBox) return;
    if (event.key === "+" || event.key === "=") setZoom(zoom * 1.25);
    else if (event.key === "-") setZoom(zoom / 1.25);
    else if (event.key === "0") setZoom(1);
    else return;
    event.preventDefault();
  });
  layoutBox.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return; // a plain wheel pans; ctrl + wheel (and a touchpad pinch) zooms
    event.preventDefault();
    setZoom(zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), { x: event.clientX, y: event.clientY });
  }, { passive: false });
  attachPinch(layoutBox, () => zoom, setZoom);
  return {
    bar: zoomBar,
    value: () => zoom,
    /**
     * @param {number} moves @param {{x: number, y: number} | null} last its centre in the stage (px)
     * @param {string} place where it is among the table's tiles, at the size they were fitted at (drawLayout)
     */
    drawn(moves, last, place) {
      if (zoomAt) { // a zoom keeps its point in place
        const stage = /** @type {HTMLElement} */ (layoutBox.firstElementChild); // (drawn just now)
        layoutBox.scrollLeft = zoomAt.fx * stage.offsetWidth + stage.offsetLeft - zoomAt.x;
        layoutBox.scrollTop = zoomAt.fy * stage.offsetHeight + stage.offsetTop - zoomAt.y;
        zoomAt = null;
      }
      // follow the latest play when the table is larger than its box: a new one, or one laid out or fitted
      // anew (the box's scroll, in px, no longer shows what it showed; a zoom alone keeps the person's scroll)
      if (followed !== `${moves} ${place}`) {
        followed = `${moves} ${place}`;
        followPoint(layoutBox, last);
      }
    },
    reset: () => { zoom = 1; followed = ""; },
  };
}

/** Scroll the seat strip (not the page) so the seat to move is wholly in view. @param {HTMLElement | null} card */
export function showSeat(card) {
  const strip = card?.parentElement;
  if (!strip) return;
  const [c, s] = [card.getBoundingClientRect(), strip.getBoundingClientRect()];
  const left = c.left - s.left - strip.clientLeft + strip.scrollLeft;
  const top = c.top - s.top - strip.clientTop + strip.scrollTop;
  if (left < strip.scrollLeft - 1 || left + c.width > strip.scrollLeft + strip.clientWidth + 1) strip.scrollLeft = left;
  if (top < strip.scrollTop - 1 || top + c.height > strip.scrollTop + strip.clientHeight + 1) strip.scrollTop = top;
}

/**
 * Two fingers on the box zoom it about their middle (pinch); one finger pans it natively.
 * @param {HTMLElement} box
 * @param {() => number} getZoom
 * @param {(value: number, focus: ClientPoint) => void} setZoom
 */
function attachPinch(box, getZoom, setZoom) {
  /** @type {Map<number, ClientPoint>} */
  const touches = new Map();
  /** @type {[number, number] | null} */
  let start = null; // [distance, zoom]
  const spread = () => {
    const [a, b] = [...touches.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  box.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2) start = [spread(), getZoom()];
  });
  box.addEventListener("pointermove", (event) => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (start && touches.size === 2 && start[0] > 0) {
      const next = start[1] * spread() / start[0];
      const [a, b] = [...touches.values()];
      if (Math.abs(next / getZoom() - 1) > 0.08) setZoom(next, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    }
  });
  const lift = (/** @type {PointerEvent} */ event) => {
    touches.delete(event.pointerId);
    if (touches.size < 2) start = null;
  };
  box.addEventListener("pointerup", lift);
  box.addEventListener("pointercancel", lift);
}
