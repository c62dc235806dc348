// The renderer of The Big Clock (catalog screen "dial"): the piles on a clock face (a circle for
// double-12, an arc for double-9, a half circle for double-6) and the 0-0 in the middle as the
// clock's hand, drawn as a needle pointing at the hour it concerns; a double home stands
// crosswise (its flight home turns it). Draw from the stock, place the drawn tile, shift tiles
// while a double is in trouble: by click (select, then a highlighted target), drag and drop, or
// keyboard; autoplay by the advisor. Every move comes from the view's legal moves (their `from`
// and `to` places). This module is the screen's interaction; big_clock_draw.js draws the dial
// and the tray beside it.

import { drawChildren, drawnAnew, h, keepSideRoom, put, putAttribute } from "./dom.js";
import { turnInPlace } from "./effects.js";
import { dialElement, plural, sideElement, slotKey } from "./big_clock_draw.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../play/renderer_contract.js").RendererContext} RendererContext */
/** @typedef {import("./big_clock_draw.js").BigClockSlot} BigClockSlot */
/** @typedef {import("./big_clock_draw.js").BigClockBoard} BigClockBoard */
/** @typedef {import("./big_clock_draw.js").Marks} Marks */

/**
 * What the screen keeps between drawings: the place selected ("drawn", a slot's place or null)
 * and what the clock's hand showed last.
 * @typedef {{selected: string | null, hand: import("./big_clock_draw.js").HandMemory}} Screen
 */

const AUTOPLAY_DELAY_MS = 350;

/** The person's legal moves (none when it is not their turn). @param {RendererContext} ctl */
const legal = (ctl) => (ctl.myTurn() ? ctl.legal() : []);
/** The move that takes a tile from the stock. @param {RendererContext} ctl */
const fromStock = (ctl) => legal(ctl).find((m) => m.from === "stock");
/** The move that places the drawn tile on a place. @param {RendererContext} ctl @param {string} to */
const placeTo = (ctl, to) => legal(ctl).find((m) => m.from === "drawn" && m.to === to);
/** The moves from a place. @param {RendererContext} ctl @param {string} from */
const movesFrom = (ctl, from) => legal(ctl).filter((m) => m.from === from);
/** A slot by its place, in words ("slot 4"). @param {View} view @param {string} place */
const slotName = (view, place) => `slot ${view.board.slots.find((/** @type {BigClockSlot} */ s) => slotKey(s) === place)?.slot ?? place}`;
/** The double-6 dial on a board much taller than wide (a phone held upright) stands as a clock's right half. */
const tallDial = (/** @type {RendererContext} */ ctl, /** @type {number} */ size) =>
  size === 6 && ctl.board.clientHeight > ctl.board.clientWidth * 1.25;

/** @param {RendererContext} ctl @param {Screen} screen @param {Move} move */
function play(ctl, screen, move) {
  screen.selected = null;
  ctl.play(move.id);
}

/**
 * A slot activated (clicked or by key): the drawn tile goes where it may; a slot it may go to that
 * is also a shift source takes two activations (the first picks the slot's tile to shift, the
 * second places the drawn tile there); a slot with tiles to shift is selected, or unselected.
 * @param {RendererContext} ctl @param {Screen} screen @param {View} view @param {string} place
 */
function activateSlot(ctl, screen, view, place) {
  const { selected } = screen;
  const drawn = view.board.drawn;
  const shift = selected && selected !== "drawn" ? movesFrom(ctl, selected).find((m) => m.to === place) : null;
  const placing = !selected || selected === "drawn" || selected === place ? placeTo(ctl, place) : null;
  if (shift) play(ctl, screen, shift);
  else if (placing && (selected || !movesFrom(ctl, place).length)) play(ctl, screen, placing);
  else if (selected === place) {
    screen.selected = null;
    ctl.say("");
    ctl.render();
  } else if (movesFrom(ctl, place).length) {
    screen.selected = place;
    const top = view.board.slots.find((/** @type {BigClockSlot} */ s) => slotKey(s) === place)?.top;
    ctl.say(`Selected ${top} on ${slotName(view, place)}: pick a highlighted slot to shift it to` +
      `${placing ? `, or ${slotName(view, place)} again to place the drawn ${drawn} there` : ""}.`);
    ctl.render();
  } else {
    const what = selected === "drawn" || (!selected && drawn) ? `the drawn ${drawn}` : selected ? "that tile" : "that";
    ctl.say(`Not allowed: ${what} cannot go to ${slotName(view, place)}.`, "error");
    screen.selected = null;
    ctl.render();
  }
}

/** A place activated: the stock draws, the drawn tile is selected or unselected, a slot as activateSlot says. */
/** @param {RendererContext} ctl @param {Screen} screen @param {string} place */
function activate(ctl, screen, place) {
  const view = /** @type {View} */ (ctl.state.view); // (my turn: a view is on screen)
  if (!ctl.myTurn()) return;
  const drawn = view.board.drawn;
  if (place === "stock") {
    const move = fromStock(ctl);
    if (move) play(ctl, screen, move);
    else ctl.say(drawn ? `Place the drawn ${drawn} first.` : "The stock is empty.", "error");
  } else if (place === "drawn") {
    screen.selected = screen.selected === "drawn" ? null : "drawn";
    ctl.say(screen.selected ? `Drawn ${drawn} selected: pick a highlighted slot.` : "");
    ctl.render();
  } else {
    activateSlot(ctl, screen, view, place);
  }
}

/** A tile dragged from a place and dropped on another. @param {RendererContext} ctl @param {Screen} screen @param {string} from @param {string} to */
function drop(ctl, screen, from, to) {
  if (!ctl.myTurn()) return;
  const move = movesFrom(ctl, from).find((m) => m.to === to);
  if (move) play(ctl, screen, move);
  else {
    const view = /** @type {View} */ (ctl.state.view);
    screen.selected = null;
    ctl.say(`Not allowed: ${from === "drawn" ? `the drawn ${view.board.drawn}` : "that tile"} ` +
      `cannot go to ${slotName(view, to)}.`, "error");
    ctl.render();
  }
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

/**
 * What a drawing marks, from the person's legal moves; a selection no longer usable is dropped
 * first. A selected slot that the drawn tile may go to is a target too (a second click places).
 * @param {RendererContext} ctl @param {Screen} screen @param {BigClockBoard} b @returns {Marks}
 */
function marksOf(ctl, screen, b) {
  const moves = legal(ctl);
  const sources = new Set(moves.map((m) => m.from));
  if (screen.selected === "drawn" && !b.drawn) screen.selected = null;
  if (screen.selected && screen.selected !== "drawn" && !sources.has(screen.selected)) screen.selected = null;
  const { selected } = screen;
  const canPlace = sources.has("drawn");
  const active = selected ?? (b.drawn && canPlace ? "drawn" : null);
  const targets = new Set(active ? moves.filter((m) => m.from === active).map((m) => m.to) : []);
  if (selected && selected !== "drawn" && placeTo(ctl, selected)) targets.add(selected);
  const hint = ctl.hintMove();
  const hinted = new Set(hint ? [hint.from, hint.to] : []);
  return { selected, active, targets, hinted, sources, stuck: Boolean(b.drawn) && !canPlace };
}

/**
 * Draw a view: the dial takes the board's height (or width); the doubles home, the stock, the
 * drawn tile and the set-aside sit beside it, or under it. The clock's hand turns to its hour.
 * @param {RendererContext} ctl @param {Screen} screen @param {View} view @param {(board: HTMLElement, side: HTMLElement) => void} sideRoom
 */
function drawBoard(ctl, screen, view, sideRoom) {
  /** @type {BigClockBoard} */
  const b = view.board;
  const marks = marksOf(ctl, screen, b);
  const { dial, hand, turn } = dialElement(view, marks, ctl.state.session, screen.hand, tallDial(ctl, b.slots.length));
  const stockMove = fromStock(ctl);
  const refill = stockMove && stockMove.to !== "drawn" ? slotName(view, /** @type {string} */ (stockMove.to)) : null;
  const side = sideElement(b, marks, Boolean(stockMove), refill);
  // the board's nodes kept where equal (drawChildren); the hand new each time, as its turn starts from it
  drawChildren(ctl.board, [h("div", { class: "bc-layout" }, dial, side)]);
  drawnAnew(ctl.board, ".bc-hand", hand);
  sideRoom(ctl.board, /** @type {HTMLElement} */ (ctl.board.querySelector(".bc-side")));
  turnInPlace(hand, turn, ctl.motionMs());
  put(ctl.board.dataset, "set", b.set);
  put(ctl.board.dataset, "drawn", b.drawn ?? "");
  put(ctl.board.dataset, "stock", String(b.stock));
}

/**
 * @param {RendererContext} ctl
 * @returns {import("../play/renderer_contract.js").Renderer}
 */
export function createBigClock(ctl) {
  const { state } = ctl;
  /** @type {Screen} */
  const screen = { selected: null, hand: { lastSlot: null, shown: null } };
  const autoplaying = () => ctl.running() === "autoplay";
  const autoButton = h("button", { type: "button", "data-action": "autoplay", disabled: "" }, "Autoplay");
  const sideRoom = keepSideRoom(); // the dial takes the height its side leaves

  autoButton.addEventListener("click", () => {
    if (autoplaying()) {
      ctl.stop("autoplay");
      return;
    }
    if (!state.session || state.view?.outcome) return;
    screen.selected = null;
    ctl.autoplay("autoplay", (view) => (view.outcome ? null : { op: "ai", level: "advisor" }), AUTOPLAY_DELAY_MS);
  });

  /** @param {View} view */
  function draw(view) {
    drawBoard(ctl, screen, view, sideRoom);
    put(ctl.board.dataset, "autoplay", String(autoplaying()));
    put(autoButton, "textContent", autoplaying() ? "Stop" : "Autoplay");
    putAttribute(autoButton, "aria-pressed", String(autoplaying()));
    put(autoButton, "disabled", Boolean(view.outcome) && !autoplaying());
  }

  return {
    boardId: "board", boardClass: "bc-board", dialogId: "outcome", showsLog: false,
    buttons: [autoButton],
    draw, describe,
    activate: (place) => activate(ctl, screen, place),
    drop: (from, to) => drop(ctl, screen, from, to),
    targets: (place) => movesFrom(ctl, place).map((m) => /** @type {string} */ (m.to)),
    cancel: () => { screen.selected = null; },
    reset: () => { screen.selected = null; screen.hand = { lastSlot: null, shown: null }; },
    hinted: () => { // the place picked is let go, and the words that named it go with it
      if (screen.selected) ctl.say("");
      screen.selected = null;
    },
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
