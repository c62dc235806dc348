// The sign that the table goes on past its box's edge (a table larger than its box pans): a shade
// and an arrow at each side with more of the table beyond it, kept true as the box scrolls, changes
// size or is drawn again. The cue lies over the box (style.css .pan-cue) and lets every touch through.

import { h, put } from "./dom.js";

/** @typedef {"left" | "right" | "up" | "down"} Side */
/** @type {Side[]} */
const SIDES = ["left", "right", "up", "down"];
/** @type {Record<Side, string>} */
const ARROWS = { left: "◂", right: "▸", up: "▴", down: "▾" };
/** Less than this much of the table past an edge is no more to see (rounding of the scroll sizes). */
const SLACK_PX = 2;

/**
 * The sides of `box` with more of its content beyond them.
 * @param {HTMLElement} box
 * @returns {Side[]}
 */
function moreBeyond(box) {
  const more = {
    left: box.scrollLeft > SLACK_PX,
    right: box.scrollLeft + box.clientWidth < box.scrollWidth - SLACK_PX,
    up: box.scrollTop > SLACK_PX,
    down: box.scrollTop + box.clientHeight < box.scrollHeight - SLACK_PX,
  };
  return SIDES.filter((side) => more[side]);
}

/**
 * The cue of a panning box: `element` goes in the box's positioned parent, after the box;
 * `update()` after each drawing of the box (its scrolling and resizing update it themselves).
 * @param {HTMLElement} box
 */
export function createPanCue(box) {
  const element = h("div", { class: "pan-cue", "aria-hidden": "true" },
    ...SIDES.map((side) => h("span", { class: `pan-${side}` }, ARROWS[side])));
  function update() {
    // a table that fits its box (layout.js: data-fits) has nothing past its edges: the scroll left
    // there is the margin of an end's touch target
    const sides = box.dataset.fits === "true" ? "" : moreBeyond(box).join(" ");
    if (sides) box.dataset.more = sides;
    else delete box.dataset.more;
    put(element.dataset, "more", sides);
    Object.assign(element.style, { left: `${box.offsetLeft + box.clientLeft}px`, top: `${box.offsetTop + box.clientTop}px`,
      width: `${box.clientWidth}px`, height: `${box.clientHeight}px` });
  }
  box.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(box);
  return { element, update };
}
