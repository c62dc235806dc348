// The board's marks of a reviewed decision: a toggle between the position before it ("Both": both
// moves marked where they go), after the move made and after the better move (the engine replays
// the better move in place of the one made), and on the board a pin at the place each move goes,
// "Yours" and "Better", apart even where both moves play the same tile (two ends of a line), the
// tile it takes named where a move takes one from a pile (its depth). Places are found by the
// keys every renderer puts on its tiles and places (data-key, data-slot); the legend says only
// what the board shows.

import { h } from "../render/dom.js";
import { button } from "./coach_replay.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("./coach_review.js").Decision} Decision */
/** @typedef {import("./coach_replay.js").Replay} Replay */
/** @typedef {"before" | "played" | "better"} Showing which board a marked decision shows */
/** @typedef {"played" | "better"} Which */
/** @typedef {Partial<Move> & {tiles?: string[], from?: string | string[], to?: string, depth?: number}} Marked */

/** @type {Record<Which, string>} */
const PIN_TEXT = { played: "Yours", better: "Better" };

export class Marks {
  /** @param {Replay} replay the board and its positions */
  constructor(replay) {
    this.replay = replay;
    this.board = replay.board;
    /** @type {{decision: Decision, showing: Showing} | null} */
    this.compare = null;
    /** @type {Record<Showing, HTMLButtonElement>} */
    this.showButtons = {
      before: button("Both", { "data-action": "coach-show-before", "aria-pressed": "false" }, () => this.showCompare("before")),
      played: button("Your move", { "data-action": "coach-show-played", "aria-pressed": "false", class: "coach-key-played" },
        () => this.showCompare("played")),
      better: button("Better move", { "data-action": "coach-show-better", "aria-pressed": "false", class: "coach-key-better" },
        () => this.showCompare("better")),
    };
    this.legend = h("p", { class: "coach-legend", id: "coach-legend", "aria-live": "polite" });
    this.element = h("div", { class: "coach-compare", id: "coach-compare", hidden: "" },
      h("div", { class: "coach-toggle", role: "group", "aria-label": "The board shows" },
        this.showButtons.before, this.showButtons.played, this.showButtons.better), this.legend);
    replay.listen({
      marks: () => this.marked(),
      drawn: (view) => this.markCompared(view),
      plain: () => {
        this.compare = null;
        this.element.hidden = true;
      },
      revealed: () => {
        if (this.compare) this.showCompare(this.compare.showing);
        else replay.go(replay.at);
      },
    });
  }

  /**
   * A decision on the board: its position with both moves marked, with a toggle to the position
   * after the move made and after the better move.
   * @param {Decision} decision
   */
  show(decision) {
    this.replay.stopPlaying();
    this.compare = { decision, showing: "before" };
    this.showCompare("before").then(() => this.board.scrollIntoView?.({ block: "nearest" })); // the toggle shows above it
  }

  /**
   * A decision shown as a coach before showed it (a remount: coach.js), the board as it was.
   * @param {{decision: Decision, showing: Showing}} compare
   */
  resume({ decision, showing }) {
    this.compare = { decision, showing };
    this.showCompare(showing);
  }

  /**
   * Draw the decision as `showing` says, the moved tiles travelling from the position before it.
   * @param {Showing} showing
   */
  async showCompare(showing) {
    if (!this.compare) return;
    const d = this.compare.decision;
    this.compare.showing = showing;
    const replay = this.replay;
    /** @type {View} */
    let view;
    let before;
    try {
      view = await replay.fetchView(showing === "before" ? d.index : d.index + 1, showing === "better" ? d.best : null);
      before = await replay.fetchView(d.index);
    } catch (error) {
      this.legend.textContent = `That position could not be shown: ${error instanceof Error ? error.message : error}`;
      return;
    }
    if (this.compare?.decision !== d || this.compare.showing !== showing) return; // another was asked for meanwhile
    this.element.hidden = false;
    this.showButtons.better.hidden = d.best === d.played;
    for (const [name, b] of Object.entries(this.showButtons)) b.setAttribute("aria-pressed", String(name === showing));
    const at = showing === "before" ? d.index : d.index + 1;
    await replay.showPosition({
      view, at, showing, from: showing === "before" ? null : before,
      hint: showing === "before" && d.best !== d.played ? d.best_move : null, // the renderer's own hint marks it too
      where: replay.where(at) + (showing === "better" ? ", with the better move instead of yours" : ""),
      text: `${d.verdict} at move ${replay.number(d.index + 1)}: you chose to ${d.played_move.you}. ` +
        (d.best === d.played ? "" : `Better: ${d.best_move.you}.`),
    });
  }

  /** The moves the board marks now (the renderer draws the places they go: the contract's marks). */
  marked() {
    if (!this.compare) return [];
    const d = this.compare.decision;
    if (this.compare.showing === "before") return d.best === d.played ? [d.played_move] : [d.played_move, d.best_move];
    return [this.compare.showing === "better" ? d.best_move : d.played_move];
  }

  /**
   * Mark the decision on the board just drawn where its moves go, and say what is marked.
   * @param {View} view the position drawn
   */
  markCompared(view) {
    this.board.querySelector(".coach-pins")?.remove();
    if (!this.compare || !this.board.dataset.showing) return; // (a plain position)
    const { decision: d, showing } = this.compare;
    const pins = h("div", { class: "coach-pins", "aria-hidden": "true" });
    this.board.append(pins);
    /** @type {Partial<Record<Which, boolean>>} */
    const found = {};
    if (showing === "before") {
      const both = d.best !== d.played;
      found.played = this.mark(pins, d.played_move, "played", true, both ? d.best_move : null);
      if (both) found.better = this.mark(pins, d.best_move, "better", true, d.played_move);
    } else {
      const move = /** @type {Marked} */ ({ ...(showing === "better" ? d.best_move : d.played_move), ...view.events?.[0] });
      found[showing] = this.mark(pins, move, showing, false);
    }
    this.legend.replaceChildren(...legendText(d, showing, found));
  }

  /**
   * Outline the places a move touches (its tiles, where they come from or go to) and pin its
   * label where it goes. Returns whether the pin found its place on the board.
   * @param {HTMLElement} pins
   * @param {Marked} move
   * @param {Which} which
   * @param {boolean} before the position before the move: where its tiles are, and where they go
   * @param {Marked | null} [other] the other move marked beside it: its pin goes to a place of its own where it has one
   */
  mark(pins, move, which, before, other = null) {
    const from = [move.from].flat().filter((k) => typeof k === "string");
    const keys = [move.tile, ...(move.tiles ?? []), move.to, ...(before ? from : [])].filter((k) => typeof k === "string" && k);
    for (const key of keys) {
      for (const node of this.placesOf(/** @type {string} */ (key))) node.classList.add("coach-mark", `coach-mark-${which}`);
    }
    // the pin: where the move goes, else the tile it moves, else where it comes from; a place the other move
    // does not touch first (the same tile to two ends: the ends; two tiles to one end: the tiles)
    const shared = new Set(other ? placeKeys(other) : []);
    const places = placeKeys(move).sort((a, b) => Number(shared.has(a)) - Number(shared.has(b)));
    const place = places.find((k) => this.placesOf(k).length);
    if (!place) return false;
    this.pin(pins, place, which, move);
    return true;
  }

  /** @param {string} key the board's elements of a place or tile, drawn (not hidden) */
  placesOf(key) {
    const escaped = CSS.escape(key);
    return [...this.board.querySelectorAll(`[data-key="${escaped}"], [data-slot="${escaped}"]`)]
      .filter((node) => node.getClientRects().length > 0 && !node.closest(".coach-pins"));
  }

  /**
   * A label over the place `place` names that points at it ("Yours ▼"); a pin that would cover one
   * already pinned (on the same place, or a neighbour's wide label) goes under its place instead.
   * @param {HTMLElement} pins
   * @param {string} place
   * @param {Which} which
   * @param {Marked} move
   */
  pin(pins, place, which, move) {
    const box = this.placesOf(place)[0].getBoundingClientRect();
    const frame = this.board.getBoundingClientRect();
    const x = box.left + box.width / 2 - frame.left + this.board.scrollLeft;
    const depth = typeof move.depth === "number" && move.depth > 1 ? `: tile ${move.depth} from the top` : "";
    const others = [...pins.children].map((p) => p.getBoundingClientRect());
    /** @param {boolean} under */
    const label = (under) => {
      const y = (under ? box.bottom : box.top) - frame.top + this.board.scrollTop;
      const made = h("span", { class: `coach-pin coach-pin-${which}${under ? " under" : ""}`, "data-pin": which,
        "data-target": place }, `${under ? "▲ " : ""}${PIN_TEXT[which]}${depth}${under ? "" : " ▼"}`);
      made.style.left = `${x.toFixed(1)}px`;
      made.style.top = `${Math.max(0, y).toFixed(1)}px`;
      return made;
    };
    const over = label(false);
    pins.append(over);
    if (others.some((other) => overlap(other, over.getBoundingClientRect()))) over.replaceWith(label(true));
  }
}

/** Do two boxes on screen share any area? @param {DOMRect} a @param {DOMRect} b */
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** @param {Marked} move its places, where it goes first: to, its tiles, from @returns {string[]} */
const placeKeys = (move) => /** @type {string[]} */ ([move.to, move.tile, ...(move.tiles ?? []), move.from].flat()
  .filter((k) => typeof k === "string" && k));

/**
 * The words beside the board: which pin is which move, and a move the board cannot show.
 * @param {Decision} d
 * @param {Showing} showing
 * @param {Partial<Record<Which, boolean>>} found
 */
function legendText(d, showing, found) {
  /** @param {Which} which @param {string} what @param {string} you */
  const part = (which, what, you) => found[which]
    ? [h("span", { class: `coach-swatch coach-key-${which}` }, `${PIN_TEXT[which]}`), `: ${what}`]
    : [h("span", { class: `coach-swatch coach-key-${which}` }, what), ` (${you}; not drawn on this board)`];
  const yours = part("played", "your move", d.played_move.you);
  const best = part("better", "the better move", d.best_move.you);
  if (showing === "before") return d.best === d.played ? [...yours, ", before it was made."] : [...yours, "; ", ...best, ", before either."];
  if (showing === "played") return [...yours, ", where it went."];
  return [...best, ", where it would have gone."];
}
