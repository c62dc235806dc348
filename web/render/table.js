// The renderer of the table games (catalog screen "table": draw, Matador, Tiddle-A-Wink, Round
// The Clock): the turn banner, the seats around, the layout (layout.js), the person's hand and
// the buttons of the moves that are not tile plays (each drawn by table_draw.js), and the round
// summary. It keeps the tile picked and turns a tile and a place (click, drag, keyboard) into one
// of the view's legal moves; the controller (play/controller.js) does everything else.

import { drawChildren, h, put } from "./dom.js";
import { drawLayout } from "./layout.js";
import { scoreSheet } from "./score_sheet.js";
import { loadSettings } from "../store/settings.js";
import { roundSummaryOf, roundLines } from "./table_summary.js";
import { createZoom, showSeat } from "./table_touch.js";
import { createPanCue } from "./pan_cue.js";
import { createLegend, drawLegend, tableMarks } from "./table_legend.js";
import { bannerText, drawHand, endMarker, endNames, handSlot, infoParts, leastHand, markSince, moveButtons, outcomeText,
  outcomeTitle, pickedWords, seatCard } from "./table_draw.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../play/renderer_contract.js").RendererContext} RendererContext */

/**
 * The table's elements: the banner, the round's line, the seats, the last move, the layout's box,
 * its zoom and the legend of its marks, the hand and the move buttons; `parts` in the board's
 * order; the score sheet.
 * @param {() => void} render
 */
function tableParts(render) {
  const turn = h("p", { class: "turn-banner", id: "turn", role: "status", "aria-live": "polite" });
  const info = h("p", { class: "table-info", id: "table-info", "data-key": "stock" }); // drawn tiles fly from here
  // more seats than fit scroll in the strip: focusable, so the keyboard scrolls it too
  const seats = h("ol", { class: "seats", id: "seats", "aria-label": "Players", tabindex: "0" });
  const lastMove = h("p", { class: "last-move", id: "last-move" });
  const layoutBox = h("div", { class: "layout-box", id: "layout", tabindex: "0", role: "region", "data-pan": "",
    "aria-label": "The table (arrows pan it when it is larger than the screen; + and - zoom)" });
  const zoom = createZoom(layoutBox, render);
  const panCue = createPanCue(layoutBox); // a table larger than its box says so at the edges it goes on past
  const handHead = h("p", { class: "hand-head", id: "hand-head" });
  const hand = h("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your tiles" });
  const actions = h("div", { class: "table-actions", id: "actions" });
  const legend = createLegend();
  const parts = [turn, info, seats, lastMove, h("div", { class: "table-board", id: "table" }, layoutBox, panCue.element,
    legend, h("div", { class: "hand-area" }, h("div", { class: "hand-bar" }, handHead, zoom.bar), hand, actions))];
  const sheetBox = h("details", { class: "sheet-box", id: "sheet-box" }, h("summary", {}, "Score sheet"));
  return { turn, info, seats, lastMove, layoutBox, zoom, panCue, legend, handHead, hand, actions, parts, sheetBox };
}

/**
 * The banner, the round's line, the seats and the last move (the seat to move is scrolled into the
 * strip once the table is drawn: draw).
 * @param {RendererContext} ctl
 * @param {ReturnType<typeof tableParts>} el
 * @param {View} view
 * @param {string | null} choosing the tile whose ways round the person is asked to pick between
 */
function drawHead(ctl, el, view, choosing) {
  const [whose, text] = bannerText(ctl, view, choosing);
  put(el.turn, "textContent", text);
  put(el.turn.dataset, "whose", whose);
  drawChildren(el.info, infoParts(view)); // (what did not change is kept: no style or layout to do again)
  drawChildren(el.seats, view.seats.map((_, i) => seatCard(ctl, view, i)));
  put(el.lastMove, "textContent", ctl.state.lastLog);
}

/**
 * What the person has picked: a tile of the hand, and the moves of that tile at one place when
 * there are several (a matador played either way round).
 * @typedef {{selected: string | null, choice: Move[] | null}} Pick
 */
/** @typedef {ReturnType<typeof tableParts>} Parts */
/** The tile of a choice of ways round, if one is asked. @param {Pick} pick */
const choosing = (pick) => pick.choice?.[0].tile ?? null;

/** The person's tile plays now (none when it is not their turn). @param {RendererContext} ctl */
const plays = (ctl) => (ctl.myTurn() ? ctl.legal().filter((m) => m.kind === "play") : []);
/** What to do with a tile picked (and what its places need). @param {RendererContext} ctl @param {string} tile */
const picked = (ctl, tile) => pickedWords(tile, ctl.state.view?.board.ends ?? [], plays(ctl));
/** @param {RendererContext} ctl @param {string} tile */
const playsOf = (ctl, tile) => plays(ctl).filter((m) => m.tile === tile);
/** Is the slot a place a tile may go now? @param {RendererContext} ctl @param {string} slot */
const isPlace = (ctl, slot) => plays(ctl).some((m) => m.to === slot);
/** The tile of a hand's slot. @type {(ctl: RendererContext, slot: string) => string | null} */
const tileOf = (ctl, slot) => plays(ctl).find((m) => handSlot(m.tile) === slot)?.tile ??
  (ctl.state.view?.hand ?? []).find((t) => handSlot(t) === slot) ?? null;

/**
 * A tile or a place activated (click, Enter): pick the tile, or play the tile picked there.
 * @param {RendererContext} ctl @param {Parts} el @param {Pick} pick @param {string} slot
 */
function activate(ctl, el, pick, slot) {
  if (!ctl.myTurn()) return;
  if (isPlace(ctl, slot)) {
    if (pick.selected) placeAt(ctl, el, pick, pick.selected, slot);
    else ctl.say("Pick a tile from your hand first.", "error");
    return;
  }
  const tile = tileOf(ctl, slot);
  if (!tile) return;
  if (!playsOf(ctl, tile).length) {
    ctl.say(`${tile} cannot be played now.`, "error");
    return;
  }
  // the view's moves of this tile (grouped by tile): one place only, and the setting's one tap plays it there
  const places = new Set(playsOf(ctl, tile).map((m) => /** @type {string} */ (m.to)));
  if (places.size === 1 && pick.selected !== tile && loadSettings().settings.oneTap) {
    pick.selected = tile;
    placeAt(ctl, el, pick, tile, [...places][0]);
    return;
  }
  pick.selected = pick.selected === tile ? null : tile;
  pick.choice = null;
  ctl.say(pick.selected ? picked(ctl, pick.selected) : "");
  ctl.render();
  if (pick.selected) /** @type {HTMLElement | null} */ (ctl.board.querySelector(".end-marker.active"))?.focus();
}

/**
 * Play a tile at a place: its one move there, or its ways to go there as buttons.
 * @param {RendererContext} ctl @param {Parts} el @param {Pick} pick @param {string} tile @param {string} place
 */
function placeAt(ctl, el, pick, tile, place) {
  const moves = playsOf(ctl, tile).filter((m) => m.to === place);
  if (!moves.length) {
    ctl.say(`${tile} does not go there.`, "error");
    return;
  }
  if (moves.length === 1) {
    pick.selected = null;
    ctl.play(moves[0].id);
    return;
  }
  pick.choice = moves;
  ctl.say(`Pick which way round ${tile} goes.`);
  ctl.render();
  /** @type {HTMLElement | null} */ (el.actions.querySelector("[data-move]"))?.focus();
}

/**
 * Draw a view: the head, the hand, the layout with its ends, the move buttons, the score sheet.
 * @param {RendererContext} ctl @param {Parts} el @param {Pick} pick @param {View} view
 */
function draw(ctl, el, pick, view) {
  if (!ctl.board.contains(el.turn)) ctl.board.replaceChildren(...el.parts);
  if (pick.selected && !playsOf(ctl, pick.selected).length) pick.selected = null;
  if (!pick.selected) pick.choice = null;
  const { selected, choice } = pick;
  drawHead(ctl, el, view, choosing(pick));
  const hinted = ctl.hintMove();
  const mine = ctl.myTurn();
  const since = ctl.playedSince(); // tile -> seat: played since the person's last turn
  // the table's scroll read before the hand's writes, in the layout the hand is measured in: one layout, not two
  const scroll = /** @type {[number, number]} */ ([el.layoutBox.scrollLeft, el.layoutBox.scrollTop]);
  const handHinted = drawHand(ctl, el, view, { selected, playable: (tile) => playsOf(ctl, tile).length > 0, hinted });
  // the buttons before the layout: the table's box is measured in the room they leave (a tile's ways round take a row)
  const moves = !mine ? [] : choice ?? ctl.legal().filter((m) => m.kind !== "play" && m.kind !== "next-round");
  el.actions.replaceChildren(...moveButtons(ctl, moves, Boolean(choice), {
    play: (move, untilPlayable) => { pick.selected = null; ctl.play(move.id, { untilPlayable }); },
    cancel: () => {
      pick.choice = null;
      if (pick.selected) ctl.say(picked(ctl, pick.selected));
      ctl.render();
    },
  }));
  el.actions.classList.toggle("choosing", Boolean(choice)); // a tile's ways to go take a row of their own
  const ends = !(view.round?.over || view.outcome); // a finished round's table is drawn whole, no room kept for its ends
  const board = /** @type {import("./layout_geometry.js").LayoutBoard} */ (view.board);
  const markers = new Map(ends ? board.ends.map((end) =>
    [end.name, endMarker(end, { plays: plays(ctl), marks: ctl.marks(), mine, selected, hinted })]) : []);
  const lastIndex = view.moves > 0 ? board.tiles.length - 1 : -1;
  // the legend before the layout too (a hint's marks wrap it on a phone): the table is fitted in the room it leaves
  drawLegend(el.legend, tableMarks(board, { lastIndex, since, markers: [...markers.values()], handHinted }),
    ctl.replay);
  const how = { zoom: el.zoom.value(), ends, lastIndex, scroll, endNames: () => endNames(ctl, view, since),
    markerFor: (/** @type {import("./layout.js").LayoutEnd} */ end) => markers.get(end.name) ?? null };
  let drawn = drawLayout(el.layoutBox, board, how);
  // a replay's hand is not played from: a line that does not fit whole at its least readable size takes the
  // room of the hand's larger tiles, so the whole line and the move the coach speaks of are in view
  if (ctl.replay && !drawn.whole && leastHand(el.hand)) drawn = drawLayout(el.layoutBox, board, how);
  markSince(el.layoutBox, since, ctl.name);
  el.zoom.drawn(view.moves, drawn.last, drawn.lastPlace);
  // measured in the layout the table's drawing left, as the pan cue is: one layout, not one more
  showSeat(/** @type {HTMLElement | null} */ (el.seats.querySelector(".seat.to-move")));
  el.panCue.update();
  drawChildren(el.sheetBox, [/** @type {Element} */ (el.sheetBox.firstElementChild), scoreSheet(view, ctl.name)]);
}

/**
 * @param {RendererContext} ctl
 * @returns {import("../play/renderer_contract.js").Renderer}
 */
export function createTable(ctl) {
  /** @type {Pick} */
  const pick = { selected: null, choice: null };
  const el = tableParts(() => ctl.render());
  const roundSummary = roundSummaryOf(ctl);
  return {
    boardId: "table-screen", boardClass: "table-screen", dialogId: "round-summary", showsLog: true,
    sideParts: [el.sheetBox],
    fitBox: el.layoutBox, // the layout takes the room the board's other parts leave it
    draw: (view) => draw(ctl, el, pick, view),
    activate: (slot) => activate(ctl, el, pick, slot),
    drop: (from, to) => {
      const tile = tileOf(ctl, from);
      if (!ctl.myTurn() || !tile || !isPlace(ctl, to)) return;
      pick.selected = tile;
      placeAt(ctl, el, pick, tile, to);
    },
    cancel: () => { pick.selected = null; pick.choice = null; },
    targets: (slot) => {
      const tile = tileOf(ctl, slot);
      return tile ? playsOf(ctl, tile).map((m) => /** @type {string} */ (m.to)) : [];
    },
    hinted: (move) => { pick.selected = move?.tile ?? null; },
    reset: () => { pick.selected = null; pick.choice = null; el.zoom.reset(); },
    focusTarget: () => ctl.board.querySelector(".end-marker.active, .hand-tile.playable, #actions button"),
    actionText: (event) => (event.kind === "play" ? `played ${event.tile}` : event.kind === "draw" ? "drew"
      : event.kind === "pass" ? "passed" : ""),
    roundLines,
    describe: () => "",
    intro: () => "",
    statusText: () => "",
    turnText: (view) => bannerText(ctl, view, choosing(pick))[1],
    roundSummary: (view, last) => roundSummary(view, last),
    outcomeTitle: (view) => outcomeTitle(ctl, view),
    outcomeBody: (view) => roundSummary(view, view.last_round),
    outcomeText: (view) => outcomeText(ctl, view),
    countExtra: () => ({ scored: true }),
  };
}
