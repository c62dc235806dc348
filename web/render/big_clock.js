// The renderer of The Big Clock (catalog screen "dial"): the piles on a clock face (a circle for
// double-12, an arc for double-9, a half circle for double-6) and the 0-0 in the middle as the
// clock's hand, drawn as a needle pointing at the hour it concerns; a double home stands
// crosswise (its flight home turns it). Draw from the stock, place the drawn tile, shift tiles
// while a double is in trouble: by click (select, then a highlighted target), drag and drop, or
// keyboard; autoplay by the advisor. Every move comes from the view's legal moves (their `from`
// and `to` places).

import { clockHandSvg, tileSvg } from "./tiles.js";
import { h, keepSideRoom, svgNode } from "./dom.js";
import { turnInPlace } from "./effects.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */

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

const AUTOPLAY_DELAY_MS = 350;
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Where slot k sits, as percentages of the dial box, and its angle in degrees (0 = up). `tall`: the
 * double-6 dial on a tall board, the right half of a clock face (style.css, .bc-tall).
 * @param {number} size @param {number} k @param {boolean} [tall]
 */
export function slotPlace(size, k, tall = false) {
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

/**
 * @param {import("../play/renderer_contract.js").RendererContext} ctl
 * @returns {import("../play/renderer_contract.js").Renderer}
 */
export function createBigClock(ctl) {
  const { state } = ctl;
  /** @type {string | null} */
  let selected = null; // "drawn" | a slot's place | null
  const autoplaying = () => ctl.running() === "autoplay";
  /** @type {number | null} */
  let lastSlot = null; // the slot number played last: the clock's hand points at it
  /** @type {{session: string | null, moves: number, angle: number} | null} */
  let shownHand = null; // {session, moves, angle} of the hand drawn last: it turns from there to a new hour
  const autoButton = h("button", { type: "button", "data-action": "autoplay", disabled: "" }, "Autoplay");
  const sideRoom = keepSideRoom(); // the dial takes the height its side leaves

  /** The double-6 dial on a board much taller than wide (a phone held upright) stands as a clock's right half. */
  const tallDial = (/** @type {number} */ size) => size === 6 && ctl.board.clientHeight > ctl.board.clientWidth * 1.25;
  const legal = () => (ctl.myTurn() ? ctl.legal() : []);
  const fromStock = () => legal().find((m) => m.from === "stock");
  const placeTo = (/** @type {string} */ to) => legal().find((m) => m.from === "drawn" && m.to === to);
  const movesFrom = (/** @type {string} */ from) => legal().filter((m) => m.from === from);
  const slotKey = (/** @type {BigClockSlot} */ s) => `slot${s.slot}`;
  /** @type {(place: string) => string} */
  const slotName = (place) => `slot ${/** @type {View} */ (state.view).board.slots.find(
    (/** @type {BigClockSlot} */ s) => slotKey(s) === place)?.slot ?? place}`;
  const canPlace = () => legal().some((m) => m.from === "drawn");

  /** @param {Move} move */
  function play(move) {
    selected = null;
    ctl.play(move.id);
  }

  /** @param {string} place */
  function activate(place) {
    const view = /** @type {View} */ (state.view); // (my turn: a view is on screen)
    if (!ctl.myTurn()) return;
    const drawn = view.board.drawn;
    if (place === "stock") {
      const move = fromStock();
      if (move) play(move);
      else ctl.say(drawn ? `Place the drawn ${drawn} first.` : "The stock is empty.", "error");
      return;
    }
    if (place === "drawn") {
      selected = selected === "drawn" ? null : "drawn";
      ctl.say(selected ? `Drawn ${drawn} selected: pick a highlighted slot.` : "");
      ctl.render();
      return;
    }
    // the drawn tile goes where it may; a slot it may go to that is also a shift source takes two
    // clicks (the first picks the slot's tile to shift, the second places the drawn tile there)
    const shift = selected && selected !== "drawn" ? movesFrom(/** @type {string} */ (selected)).find((m) => m.to === place) : null;
    const placing = !selected || selected === "drawn" || selected === place ? placeTo(place) : null;
    if (shift) play(shift);
    else if (placing && (selected || !movesFrom(place).length)) play(placing);
    else if (selected === place) {
      selected = null;
      ctl.say("");
      ctl.render();
    } else if (movesFrom(place).length) {
      selected = place;
      const top = view.board.slots.find((/** @type {BigClockSlot} */ s) => slotKey(s) === place)?.top;
      ctl.say(`Selected ${top} on ${slotName(place)}: pick a highlighted slot to shift it to` +
        `${placing ? `, or ${slotName(place)} again to place the drawn ${drawn} there` : ""}.`);
      ctl.render();
    } else {
      const what = selected === "drawn" || (!selected && drawn) ? `the drawn ${drawn}` : selected ? "that tile" : "that";
      ctl.say(`Not allowed: ${what} cannot go to ${slotName(place)}.`, "error");
      selected = null;
      ctl.render();
    }
  }

  /** @param {string} from @param {string} to */
  function drop(from, to) {
    if (!ctl.myTurn()) return;
    const move = movesFrom(from).find((m) => m.to === to);
    if (move) play(move);
    else {
      selected = null;
      ctl.say(`Not allowed: ${from === "drawn" ? `the drawn ${/** @type {View} */ (state.view).board.drawn}` : "that tile"} ` +
        `cannot go to ${slotName(to)}.`, "error");
      ctl.render();
    }
  }

  autoButton.addEventListener("click", () => {
    if (autoplaying()) {
      ctl.stop("autoplay");
      return;
    }
    if (!state.session || state.view?.outcome) return;
    selected = null;
    ctl.autoplay("autoplay", (view) => (view.outcome ? null : { op: "ai", level: "advisor" }), AUTOPLAY_DELAY_MS);
  });

  /** The hour the clock's hand points at: a slot waiting for its double, else the slot played last. */
  /** @param {View} view @returns {number} */
  function handHour(view) {
    /** @type {BigClockBoard} */
    const b = view.board;
    const played = (view.events ?? []).findLast((e) => b.slots.some((s) => slotKey(s) === e.to));
    if (played) lastSlot = /** @type {BigClockSlot} */ (b.slots.find((s) => slotKey(s) === played.to)).slot;
    return b.pending ?? lastSlot ?? (b.slots.length === 12 ? 12 : 1);
  }

  /**
   * The clock's hand, the 0-0, as a needle from the dial's centre, and the turn (degrees, 0: none)
   * that brings it from the hour it showed before a move.
   * @param {View} view
   * @param {boolean} tall the dial stands as a clock's right half (tallDial)
   */
  function handOf(view, tall) {
    /** @type {BigClockBoard} */
    const b = view.board;
    const size = b.slots.length;
    const hour = handHour(view);
    const { angle, cx, cy } = slotPlace(size, hour, tall);
    const hand = h("div", { class: "bc-hand", role: "img", "data-hour": String(hour),
      "aria-label": `The clock's hand, the ${b.clock_hand} (never played), pointing at ${hour} o'clock` }, clockHandSvg());
    hand.style.setProperty("--x", `${cx}%`);
    hand.style.setProperty("--y", `${cy}%`);
    hand.style.setProperty("--turn", `${angle}deg`);
    const was = shownHand;
    shownHand = { session: state.session, moves: view.moves, angle };
    const moved = was && was.session === shownHand.session && Math.abs(was.moves - view.moves) === 1; // a jump does not turn
    return { hand, turn: moved ? ((was.angle - angle + 540) % 360) - 180 : 0 }; // the short way round
  }

  /** What a move did, in words, from the view after it. */
  /** @param {View} view @param {import("../engine_types.js").MoveEvent | undefined} event @param {string} op */
  function describe(view, event, op) {
    if (!event) return "";
    /** @type {BigClockBoard} */
    const b = view.board;
    const slot = b.slots.find((s) => slotKey(s) === event.to);
    let text = event.label;
    if (event.kind === "draw") {
      const fits = view.legal.some((m) => m.from === "drawn");
      text = !b.drawn ? `Drew ${b.set_aside.at(-1)}: it fits nowhere and is set aside.`
        : fits ? `Drew ${b.drawn}: place it on a highlighted slot.`
          : `Drew the double ${b.drawn}: it fits nowhere yet. Shift tiles to make room for it.`;
    } else if (event.kind === "refill" && slot) {
      text = `Slot ${slot.slot} refilled from the stock.`;
    } else if ((event.kind === "place" || event.kind === "shift") && slot) {
      // in the past tense, by the view's slots: what went where
      const from = b.slots.find((s) => slotKey(s) === event.from);
      const home = event.home ? ", home" : "";
      const who = op === "ai" ? "The advisor" : "You";
      return event.kind === "place" ? `${who} put ${event.tile} in slot ${slot.slot}${home}.`
        : `${who} moved ${event.tile} from slot ${from?.slot} to slot ${slot.slot}${home}.`;
    }
    return op === "ai" ? `Advisor: ${text}` : text;
  }

  /** @param {View} view */
  function draw(view) {
    /** @type {BigClockBoard} */
    const b = view.board;
    const size = b.slots.length;
    if (selected === "drawn" && !b.drawn) selected = null;
    if (selected && selected !== "drawn" && !movesFrom(selected).length) selected = null;
    const active = selected ?? (b.drawn && canPlace() ? "drawn" : null);
    const targets = new Set(active ? movesFrom(active).map((m) => m.to) : []);
    if (selected && selected !== "drawn" && placeTo(selected)) targets.add(selected); // a second click places
    const hint = ctl.hintMove();
    const hinted = new Set(hint ? [hint.from, hint.to] : []);
    const stuck = Boolean(b.drawn) && !canPlace();

    const tall = tallDial(size);
    const dial = h("div", { class: `bc-dial bc-size-${size}${tall ? " bc-tall" : ""}`, role: "group",
      "aria-label": `Clock face, ${b.set}` }, tall ? tallRim() : null);
    for (const s of b.slots) {
      const place = slotKey(s);
      const where = slotPlace(size, s.slot, tall);
      const canShift = movesFrom(place).length > 0;
      const classes = ["bc-slot", `depth-${Math.min(s.depth, 4)}`];
      for (const [on, name] of /** @type {[boolean, string][]} */ ([[s.home, "home"], [s.trouble, "trouble"], [s.empty, "empty"], [targets.has(place), "target"],
        [canShift, "source"], [selected === place, "selected"], [hinted.has(place), "hinted"], [b.pending === s.slot, "pending"]])) {
        if (on) classes.push(name);
      }
      const label = `Slot ${s.slot}: ${s.empty ? "empty" : `top ${s.top}, ${plural(s.depth, "tile")}`}` +
        `${s.home ? ", home" : ""}${s.trouble ? ", double in trouble" : ""}${targets.has(place) ? ", legal target" : ""}`;
      const slotButton = h("button", {
        type: "button", class: classes.join(" "), "data-slot": place, "data-key": place, "data-top": s.top ?? "",
        "data-depth": String(s.depth), "aria-label": label, "aria-pressed": String(selected === place),
        "data-draggable": canShift ? "" : null,
      },
      h("span", { class: "bc-hour", "aria-hidden": "true" }, String(s.slot)),
      s.home ? h("span", { class: "bc-stack" },
        h("span", { class: "bc-upright", "data-key": s.top, "data-tile": s.top }, tileSvg(/** @type {string} */ (s.top), { vertical: true })))
        : h("span", { class: "bc-stack", "data-key": s.top ?? null, "data-tile": s.top ?? null }, s.top ? tileSvg(s.top)
          : h("span", { class: "bc-empty" }, s.slot === b.pending ? `needs ${s.slot}-${s.slot}` : "empty")),
      h("span", { class: "bc-depth", "aria-hidden": "true" }, s.home ? "home" : s.depth > 1 ? `×${s.depth}` : "\u00a0"));
      slotButton.style.setProperty("--x", `${where.x}%`);
      slotButton.style.setProperty("--y", `${where.y}%`);
      dial.append(slotButton);
    }
    const { hand, turn } = handOf(view, tall);
    dial.append(hand);

    // the tray: stock, drawn tile, set-aside tiles
    const stockMove = fromStock();
    const refill = stockMove && stockMove.to !== "drawn" ? slotName(/** @type {string} */ (stockMove.to)) : null;
    const stock = h("button", {
      type: "button", class: `bc-stock${stockMove ? " target" : ""}${hinted.has("stock") ? " hinted" : ""}`,
      "data-slot": "stock", "data-key": "stock",
      "aria-label": `Stock: ${b.stock} face-down tiles${refill ? `, refill ${refill}` : stockMove ? ", draw a tile" : ""}`,
    }, h("span", { class: "bc-back", "aria-hidden": "true" }), h("span", { class: "bc-tray-text" },
      refill ? `Refill ${refill}` : stockMove ? "Draw" : "Stock", h("br"), `${b.stock} left`));
    stock.disabled = !stockMove;
    const drawnBox = b.drawn
      ? h("button", {
        type: "button", class: `bc-drawn${active === "drawn" ? " selected" : ""}${hinted.has("drawn") ? " hinted" : ""}${stuck ? " trouble" : ""}`,
        "data-slot": "drawn", "data-key": b.drawn, "data-tile": b.drawn, "data-draggable": canPlace() ? "" : null,
        "aria-pressed": String(active === "drawn"),
        "aria-label": `Drawn tile ${b.drawn}${stuck ? ", a double that fits nowhere yet" : ""}`,
      }, tileSvg(b.drawn), h("span", { class: "bc-tray-text" }, stuck ? "Drawn: fits nowhere yet" : "Drawn"))
      : h("div", { class: "bc-drawn none" }, h("span", { class: "bc-slot-ghost" }), h("span", { class: "bc-tray-text" }, "No drawn tile"));
    const aside = h("div", { class: "bc-aside", role: "group", "aria-label": `Set aside: ${plural(b.set_aside.length, "tile")}` },
      h("span", { class: "bc-tray-text" }, `Set aside (${b.set_aside.length})`),
      h("div", { class: "bc-aside-tiles" }, ...b.set_aside.map((t) => h("span", { class: "bc-mini", "data-tile": t, "data-key": t, title: t },
        tileSvg(t)))));
    const tray = h("div", { class: "bc-tray" }, stock, drawnBox, aside);
    const homes = h("p", { class: "bc-homes" }, `${b.homes} of ${b.slots.length} doubles home` +
      (b.troubled.length ? ` · in trouble: ${b.troubled.map((t) => t.replace("-", "\u2011")).join(", ")}` : ""));

    // the dial takes the board's height (or width); the stock, drawn tile and set-aside sit beside it, or under it
    const side = h("div", { class: "bc-side" }, homes, tray);
    ctl.board.replaceChildren(h("div", { class: "bc-layout" }, dial, side));
    sideRoom(ctl.board, side);
    turnInPlace(hand, turn, ctl.motionMs());
    ctl.board.dataset.set = b.set;
    ctl.board.dataset.drawn = b.drawn ?? "";
    ctl.board.dataset.stock = String(b.stock);
    ctl.board.dataset.autoplay = String(autoplaying());
    autoButton.textContent = autoplaying() ? "Stop" : "Autoplay";
    autoButton.setAttribute("aria-pressed", String(autoplaying()));
    autoButton.disabled = Boolean(view.outcome) && !autoplaying();
  }

  return {
    boardId: "board", boardClass: "bc-board", dialogId: "outcome", showsLog: false,
    buttons: [autoButton],
    draw, activate, drop, describe,
    targets: (place) => movesFrom(place).map((m) => /** @type {string} */ (m.to)),
    cancel: () => { selected = null; },
    reset: () => { selected = null; lastSlot = null; shownHand = null; },
    hinted: () => { selected = null; },
    focusTarget: () => ctl.board.querySelector("[data-slot=drawn], .bc-slot.target, .bc-slot.source, [data-slot=stock]:not([disabled])"),
    intro: () => "Draw a tile, then place it on a pile it matches.",
    statusText: (view) => `${ctl.dealText(view)}${view.status}`,
    outcomeTitle: (view, won) => (won ? "You won!" : "Game lost"),
    outcomeBody: (view) => {
      /** @type {BigClockBoard} */
      const b = view.board;
      return [h("p", {}, /** @type {import("../engine_types.js").Outcome} */ (view.outcome).reason || view.status), h("p", {}, `Deal ${view.seed} · ${b.homes} of ${b.slots.length} ` +
        `doubles home, ${plural(b.set_aside.length, "tile")} set aside, ${b.stock} left in the stock`)];
    },
  };
}
