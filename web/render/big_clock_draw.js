// What The Big Clock's renderer (big_clock.js) draws of a view, part by part: where each hour
// sits on the dial (a circle, an arc, a half circle, or a tall dial's right half), the tall dial's
// rim, a slot's button, the clock's hand and the turn that brings it to its new hour, and beside
// the dial the doubles home, the stock, the drawn tile and the tiles set aside. Each reads the
// view's board and the marks it is given (the selection, the targets, the hint); only the hand
// keeps what it showed last, in the memory it is given.

import { clockHandSvg, tileSvg } from "./tiles.js";
import { h, svgNode } from "./dom.js";

/** @typedef {import("../engine_types.js").View} View */

/**
 * A pile of the clock face.
 * @typedef {{slot: number, top: string | null, depth: number, home: boolean, trouble: boolean, empty: boolean}} BigClockSlot
 */

/**
 * The board of The Big Clock in a view.
 * @typedef {object} BigClockBoard
 * @property {BigClockSlot[]} slots
 * @property {string | null} drawn the tile drawn, to be placed
 * @property {number | null} pending the slot waiting for its double
 * @property {string[]} set_aside
 * @property {number} stock
 * @property {number} homes
 * @property {string[]} troubled the doubles in trouble
 * @property {string} set
 * @property {string} clock_hand
 */

/**
 * What a drawing marks: the place selected ("drawn", a slot's place or null), the place whose
 * moves are shown (the selection, else the drawn tile when it can be placed), the places those
 * moves go to, the hint's places, the places a tile can be shifted from, and whether the drawn
 * tile fits nowhere yet.
 * @typedef {object} Marks
 * @property {string | null} selected
 * @property {string | null} active
 * @property {Set<string | undefined>} targets
 * @property {Set<string | undefined>} hinted
 * @property {Set<string | undefined>} sources
 * @property {boolean} stuck
 */

/**
 * What the clock's hand remembers between drawings: the slot played last (it points there when
 * no slot waits for its double) and the session, move count and angle it was drawn at last (it
 * turns from there to a new hour).
 * @typedef {{lastSlot: number | null, shown: {session: string | null, moves: number, angle: number} | null}} HandMemory
 */

export const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
/** A slot's place, as the view's moves name it ("slot4"). */
export const slotKey = (/** @type {BigClockSlot} */ s) => `slot${s.slot}`;

/**
 * Where slot k sits, as percentages of the dial box, and its angle in degrees (0 = up). `tall`: the
 * double-6 dial on a tall board, the right half of a clock face (style.css, .bc-tall).
 * @param {number} size @param {number} k @param {boolean} [tall]
 */
function slotPlace(size, k, tall = false) {
  let angle;
  let cx = 50, cy = 50, rx = 38, ry = 38;
  if (size === 12) {
    angle = (k % 12) * 30;
  } else if (size === 9 || tall) {
    angle = k * 30; // hours 1..9 where they are on a clock face (10, 11 and 12 stay empty)
    if (tall) { cx = 16; cy = 46.8; rx = 66; ry = 44.6; } // hours 1..6 round a hub on the left of a 1:1.48 box
  } else {
    angle = -90 + (k - 1) * 36;
    cy = 84; rx = 40; ry = 68; // a half circle in a 2:1 box
  }
  const rad = (angle * Math.PI) / 180;
  return { x: cx + rx * Math.sin(rad), y: cy - ry * Math.cos(rad), angle, cx, cy };
}

/** The tall double-6 dial's box: 1 wide, 1.48 high (style.css, .bc-tall). */
const TALL_RATIO = 1.48;

/**
 * The tall double-6 dial's rim: an arc round the hub from hour 1 to hour 6 through the slots'
 * centres, so that each end lies under its hour's tile (a half circle from 12 o'clock left a
 * stray line above hour 1).
 */
function tallRim() {
  const [first, last] = [slotPlace(6, 1, true), slotPlace(6, 6, true)];
  const radius = Math.hypot(first.x - first.cx, (first.y - first.cy) * TALL_RATIO);
  const at = (/** @type {{x: number, y: number}} */ p) => `${p.x} ${p.y * TALL_RATIO}`;
  return svgNode("svg", { class: "bc-rim", viewBox: `0 0 100 ${100 * TALL_RATIO}`, "aria-hidden": "true" },
    svgNode("path", { d: `M ${at(first)} A ${radius} ${radius} 0 0 1 ${at(last)}` }));
}

/** A slot's classes: its depth, and each of its states and marks that holds. @param {BigClockSlot} s @param {BigClockBoard} b @param {Marks} marks */
function slotClasses(s, b, marks) {
  const place = slotKey(s);
  const classes = ["bc-slot", `depth-${Math.min(s.depth, 4)}`];
  for (const [on, name] of /** @type {[boolean, string][]} */ ([[s.home, "home"], [s.trouble, "trouble"], [s.empty, "empty"],
    [marks.targets.has(place), "target"], [marks.sources.has(place), "source"], [marks.selected === place, "selected"],
    [marks.hinted.has(place), "hinted"], [b.pending === s.slot, "pending"]])) {
    if (on) classes.push(name);
  }
  return classes.join(" ");
}

/** A slot's pile: a double home upright, else its top tile across, or the words of an empty slot. @param {BigClockSlot} s @param {BigClockBoard} b */
function slotStack(s, b) {
  if (s.home) {
    return h("span", { class: "bc-stack" },
      h("span", { class: "bc-upright", "data-key": s.top, "data-tile": s.top }, tileSvg(/** @type {string} */ (s.top), { vertical: true })));
  }
  return h("span", { class: "bc-stack", "data-key": s.top ?? null, "data-tile": s.top ?? null }, s.top ? tileSvg(s.top)
    : h("span", { class: "bc-empty" }, s.slot === b.pending ? `needs ${s.slot}-${s.slot}` : "empty"));
}

/**
 * A slot of the dial, placed at its hour.
 * @param {BigClockSlot} s @param {BigClockBoard} b @param {Marks} marks @param {boolean} tall the dial stands as a clock's right half
 */
function slotButton(s, b, marks, tall) {
  const place = slotKey(s);
  const where = slotPlace(b.slots.length, s.slot, tall);
  const target = marks.targets.has(place);
  const label = `Slot ${s.slot}: ${s.empty ? "empty" : `top ${s.top}, ${plural(s.depth, "tile")}`}` +
    `${s.home ? ", home" : ""}${s.trouble ? ", double in trouble" : ""}${target ? ", legal target" : ""}`;
  const button = h("button", {
    type: "button", class: slotClasses(s, b, marks), "data-slot": place, "data-key": place, "data-top": s.top ?? "",
    "data-depth": String(s.depth), "aria-label": label, "aria-pressed": String(marks.selected === place),
    "data-draggable": marks.sources.has(place) ? "" : null,
  },
  h("span", { class: "bc-hour", "aria-hidden": "true" }, String(s.slot)),
  slotStack(s, b),
  h("span", { class: "bc-depth", "aria-hidden": "true" }, s.home ? "home" : s.depth > 1 ? `×${s.depth}` : "\u00a0"));
  button.style.setProperty("--x", `${where.x}%`);
  button.style.setProperty("--y", `${where.y}%`);
  return button;
}

/** The hour the clock's hand points at: a slot waiting for its double, else the slot played last. */
/** @param {View} view @param {HandMemory} memory */
function handHour(view, memory) {
  /** @type {BigClockBoard} */
  const b = view.board;
  const played = (view.events ?? []).findLast((e) => b.slots.some((s) => slotKey(s) === e.to));
  if (played) memory.lastSlot = /** @type {BigClockSlot} */ (b.slots.find((s) => slotKey(s) === played.to)).slot;
  return b.pending ?? memory.lastSlot ?? (b.slots.length === 12 ? 12 : 1);
}

/**
 * The clock's hand, the 0-0, as a needle from the dial's centre, and the turn (degrees, 0: none)
 * that brings it from the hour it showed before a move.
 * @param {View} view @param {string | null} session @param {HandMemory} memory
 * @param {boolean} tall the dial stands as a clock's right half
 */
function handOf(view, session, memory, tall) {
  /** @type {BigClockBoard} */
  const b = view.board;
  const hour = handHour(view, memory);
  const { angle, cx, cy } = slotPlace(b.slots.length, hour, tall);
  const hand = h("div", { class: "bc-hand", role: "img", "data-hour": String(hour),
    "aria-label": `The clock's hand, the ${b.clock_hand} (never played), pointing at ${hour} o'clock` }, clockHandSvg());
  hand.style.setProperty("--x", `${cx}%`);
  hand.style.setProperty("--y", `${cy}%`);
  hand.style.setProperty("--turn", `${angle}deg`);
  const was = memory.shown;
  memory.shown = { session, moves: view.moves, angle };
  const moved = was && was.session === session && Math.abs(was.moves - view.moves) === 1; // a jump does not turn
  return { hand, turn: moved ? ((was.angle - angle + 540) % 360) - 180 : 0 }; // the short way round
}

/**
 * The clock face: its slots at their hours and the clock's hand, and the hand's turn.
 * @param {View} view @param {Marks} marks @param {string | null} session @param {HandMemory} memory
 * @param {boolean} tall the dial stands as a clock's right half
 */
export function dialElement(view, marks, session, memory, tall) {
  /** @type {BigClockBoard} */
  const b = view.board;
  const size = b.slots.length;
  const dial = h("div", { class: `bc-dial bc-size-${size}${tall ? " bc-tall" : ""}`, role: "group",
    "aria-label": `Clock face, ${b.set}` }, tall ? tallRim() : null);
  dial.append(...b.slots.map((s) => slotButton(s, b, marks, tall)));
  const { hand, turn } = handOf(view, session, memory, tall);
  dial.append(hand);
  return { dial, hand, turn };
}

/**
 * The stock's button: it draws a tile, or refills the slot named.
 * @param {BigClockBoard} b @param {Marks} marks @param {boolean} canDraw a move takes a tile from the stock
 * @param {string | null} refill the slot that move refills, by name
 */
function stockButton(b, marks, canDraw, refill) {
  const stock = h("button", {
    type: "button", class: `bc-stock${canDraw ? " target" : ""}${marks.hinted.has("stock") ? " hinted" : ""}`,
    "data-slot": "stock", "data-key": "stock",
    "aria-label": `Stock: ${b.stock} face-down tiles${refill ? `, refill ${refill}` : canDraw ? ", draw a tile" : ""}`,
  }, h("span", { class: "bc-back", "aria-hidden": "true" }), h("span", { class: "bc-tray-text" },
    refill ? `Refill ${refill}` : canDraw ? "Draw" : "Stock", h("br"), `${b.stock} left`));
  stock.disabled = !canDraw;
  return stock;
}

/** The drawn tile's button, or an empty place when no tile is drawn. @param {BigClockBoard} b @param {Marks} marks */
function drawnBox(b, marks) {
  if (!b.drawn) {
    return h("div", { class: "bc-drawn none" }, h("span", { class: "bc-slot-ghost" }), h("span", { class: "bc-tray-text" }, "No drawn tile"));
  }
  const { active, stuck } = marks;
  return h("button", {
    type: "button", class: `bc-drawn${active === "drawn" ? " selected" : ""}${marks.hinted.has("drawn") ? " hinted" : ""}${stuck ? " trouble" : ""}`,
    "data-slot": "drawn", "data-key": b.drawn, "data-tile": b.drawn, "data-draggable": marks.sources.has("drawn") ? "" : null,
    "aria-pressed": String(active === "drawn"),
    "aria-label": `Drawn tile ${b.drawn}${stuck ? ", a double that fits nowhere yet" : ""}`,
  }, tileSvg(b.drawn), h("span", { class: "bc-tray-text" }, stuck ? "Fits nowhere yet" : "Drawn"));
}

/** The tiles set aside, their heading first in the same wrapping strip (no line of its own under the dial). @param {BigClockBoard} b */
function asideBox(b) {
  return h("div", { class: "bc-aside", role: "group", "aria-label": `Set aside: ${plural(b.set_aside.length, "tile")}` },
    h("span", { class: "bc-tray-text" }, `Set aside (${b.set_aside.length})`),
    ...b.set_aside.map((t) => h("span", { class: "bc-mini", "data-tile": t, "data-key": t, title: t }, tileSvg(t))));
}

/**
 * Beside or under the dial: the doubles home (and those in trouble), then the tray: the stock, the
 * drawn tile and the tiles set aside.
 * @param {BigClockBoard} b @param {Marks} marks @param {boolean} canDraw a move takes a tile from the stock
 * @param {string | null} refill the slot that move refills, by name
 */
export function sideElement(b, marks, canDraw, refill) {
  const tray = h("div", { class: "bc-tray" }, stockButton(b, marks, canDraw, refill), drawnBox(b, marks), asideBox(b));
  // the doubles in trouble by count: each is on the dial under a red "!" hour, or is the drawn tile
  const homes = h("p", { class: "bc-homes" },
    `${b.homes} of ${b.slots.length} doubles home` + (b.troubled.length ? ` · ${b.troubled.length}\u00a0in\u00a0trouble` : ""));
  return h("div", { class: "bc-side" }, homes, tray);
}
