// What the table games' renderer (table.js) draws of a view, part by part: the turn banner and
// the round's line, a seat's card, the person's hand (its tiles sized to stay in view), an open
// end's marker, the tiles played since the person's last turn, the buttons of the moves that are
// not tile plays, and the game's end in words. Each reads the view, the renderer's context and
// the selection it is given; none keeps state.

import { tileSvg, parseTile } from "./tiles.js";
import { drawChildren, h, mediaHolds, svgNode } from "./dom.js";
import { seatLevel } from "./setup.js";
import { roundStory } from "./table_summary.js";
import { listNames } from "./words.js";
import { loadSettings } from "../store/settings.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Outcome} Outcome */
/** @typedef {import("./layout.js").LayoutEnd} LayoutEnd */
/** @typedef {import("./layout.js").EndMarker} EndMarker */
/** @typedef {import("../play/renderer_contract.js").RendererContext} RendererContext */

const capital = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);
const sum = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0);
export const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// the hand's tiles (upright, twice as tall as wide): their width in px, and the share of the board's height they may take
const HAND_TILE_MAX = 44; // a finger's size
const HAND_TILE_DESKTOP = 48; // a mouse's: as large as the table's tiles, easy to read
const HAND_TILE_ROOMY = 60; // a mouse's where there is room: the hand in one row in HAND_SHARE_ROOMY of the board's height
const HAND_SHARE_ROOMY = 0.28;
const HAND_TILE_MIN = 24; // still readable (and the least target size of WCAG 2.2)
const HAND_SHARE = 0.4;
const HAND_LIFT_PX = 10; // the room above the tiles for a picked tile's lift (style.css, .hand-area .hand)

/** The slot of a hand's tile. @param {string | undefined} tile */
export const handSlot = (tile) => `hand:${tile}`;

/** @param {RendererContext} ctl @param {View} view @param {number} i */
export function seatCard(ctl, view, i) {
  const { state } = ctl;
  const kind = view.seats[i];
  const toMove = view.to_move === i && !view.outcome;
  const me = i === state.viewer && ctl.isHuman(i);
  const count = /** @type {number[]} */ (view.hand_counts)[i];
  const name = ctl.name(i);
  return h("li", {
    class: `seat${toMove ? " to-move" : ""}${me ? " me" : ""}`, "data-seat": String(i), "data-key": `seat:${i}`,
    "aria-current": toMove ? "true" : null, title: name,
  },
  h("span", { class: "seat-line" },
    h("span", { class: "seat-name" }, toMove ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶ ") : null, name,
      me && name !== "You" ? h("span", { class: "seat-you" }, " (you)") : null),
    h("span", { class: "seat-kind" }, kind === "human" ? "person" : `computer · ${seatLevel(kind)}`)),
  h("span", { class: "seat-line" },
    h("span", { class: "seat-tiles", "data-count": String(count) },
      h("span", { class: "tile-backs", "aria-hidden": "true" },
        ...Array.from({ length: Math.min(count, 9) }, () => h("span", { class: "tile-back" }))),
      ` ${count}`, h("span", { class: "seat-tiles-word" }, ` tile${count === 1 ? "" : "s"}`)),
    h("span", { class: "seat-score" }, `${/** @type {number[]} */ (view.scores)[i]}`, h("span", { class: "seat-score-word" }, " pts"))),
  h("span", { class: "seat-last" }, state.lastAction[i] ?? ""));
}

/**
 * Whose turn it is and what to do, in words.
 * @param {RendererContext} ctl @param {View} view
 * @param {string | null} [choosing] the tile whose ways round the person is asked to pick between
 * @returns {[string, string]}
 */
export function bannerText(ctl, view, choosing = null) {
  const { state } = ctl;
  const seat = /** @type {number} */ (view.to_move); // (a table game over has an outcome)
  if (view.outcome) return ["none", `Game over: ${listNames((view.outcome.winners ?? []).map(ctl.name)) || "nobody"} won.`];
  if (view.round?.over) {
    const story = view.last_round ? ` ${roundStory(view.last_round, ctl.name)}` : "";
    return ["none", `Round ${view.round.number} is over.${story}`];
  }
  if (state.covered) return ["none", `Waiting for ${ctl.name(seat)}…`];
  if (ctl.replay) return ["none", `${ctl.name(seat) === "You" ? "Your" : `${ctl.name(seat)}'s`} move next.`];
  if (seat === state.viewer && ctl.isHuman(seat)) {
    const who = ctl.hotSeat() ? `${ctl.name(seat)}, your turn` : "Your turn";
    if (choosing) return ["you", `${who}: pick which way round ${choosing} goes.`];
    const only = ctl.legal().every((m) => m.kind !== "play");
    // one tap (the setting) plays a tile that fits one place; one with two places then asks for its place
    // (one line on a 360 px phone: the table keeps the room; the message, a tile picked, says "a highlighted place")
    const how = loadSettings().settings.oneTap ? "tap a tile to play it" : "pick a tile and a place";
    return ["you", only ? `${who}: ${ctl.legal().map((m) => m.you).join(" or ")}.` : `${who}: ${how}.`];
  }
  if (ctl.isHuman(seat)) return ["none", `${ctl.name(seat)}'s turn.`];
  return ["computer", `${ctl.name(seat)} (computer) is playing…`];
}

/**
 * The round's line: its number, the boneyard, the target and the game's phase, the phase one
 * unbroken piece (style.css: .table-phase): a narrow line gives it a line of its own rather than
 * splitting it, and the slim column held sideways always does (without the dot before it).
 * @param {View} view @returns {(string | Node)[]}
 */
export function infoParts(view) {
  const target = view.target ? ` · first to ${view.target}` : "";
  const facts = `Round ${view.round?.number ?? 1} · boneyard: ${plural(/** @type {number} */ (view.stock), "tile")}${target}`;
  if (!view.phase) return [facts];
  return [facts, h("span", { class: "table-sep" }, " · "), h("span", { class: "table-phase" }, view.phase.text)];
}

/**
 * Size the hand's tiles so that all `count` of them are in view at once, in rows: the largest
 * width from HAND_TILE_MAX (a mouse's: HAND_TILE_ROOMY) down to HAND_TILE_MIN px whose rows take
 * at most HAND_SHARE of the board's height (at the least, two rows of the smallest tiles); a
 * mouse's tiles larger than HAND_TILE_DESKTOP only in one row within HAND_SHARE_ROOMY of it.
 * @param {HTMLElement} hand
 * @param {HTMLElement} board the renderer's board (its #table)
 * @param {number} count
 */
function fitHand(hand, board, count) {
  const style = getComputedStyle(hand);
  const [across, down] = [parseFloat(style.columnGap) || 0, parseFloat(style.rowGap) || 0];
  const width = hand.clientWidth;
  const height = /** @type {HTMLElement} */ (board.querySelector("#table")).clientHeight;
  const room = Math.max(4 * HAND_TILE_MIN + down + HAND_LIFT_PX, height * HAND_SHARE);
  /** @type {(size: number, rows: number) => number} */
  const tall = (size, rows) => rows * 2 * size + (rows - 1) * down + HAND_LIFT_PX;
  let size = mediaHolds("(pointer: coarse)") ? HAND_TILE_MAX : HAND_TILE_ROOMY;
  while (size > HAND_TILE_MIN) {
    const rows = Math.ceil(count / Math.max(1, Math.floor((width + across) / (size + across))));
    if (size > HAND_TILE_DESKTOP ? rows === 1 && tall(size, rows) <= height * HAND_SHARE_ROOMY : tall(size, rows) <= room) break;
    size -= 1;
  }
  if (width) hand.style.setProperty("--hand-tile", `${size}px`);
}

/**
 * A replay's hand at its least: tiles of HAND_TILE_MIN px, in as many rows as that takes. Not played
 * from, it gives its room to the table's line when the line does not fit whole beside it (table.js
 * draw). Whether its tiles were larger (the table is then fitted again in the room they left).
 * @param {HTMLElement} hand
 */
export function leastHand(hand) {
  const least = `${HAND_TILE_MIN}px`;
  if (!hand.querySelector(".hand-tile") || hand.style.getPropertyValue("--hand-tile") === least) return false;
  hand.style.setProperty("--hand-tile", least);
  return true;
}

/** Each hand's tiles as last drawn (their ids and states), to leave them be when a view leaves them so. @type {WeakMap<HTMLElement, string>} */
const handDrawn = new WeakMap();

/**
 * The person's hand (drawn first: the table's box takes the height the hand leaves), or why it is hidden.
 * @param {RendererContext} ctl
 * @param {{handHead: HTMLElement, hand: HTMLElement}} parts
 * @param {View} view
 * @param {{selected: string | null, playable: (tile: string) => boolean, hinted: Move | null}} now
 * @returns {boolean} the hint's tile is drawn in the hand (the legend names its mark)
 */
export function drawHand(ctl, { handHead, hand }, view, { selected, playable: canPlay, hinted }) {
  const { state } = ctl;
  const showHand = !state.covered && (!ctl.hotSeat() || view.to_move === state.viewer || view.round?.over || view.outcome);
  const tiles = view.hand ?? [];
  // the counts wrap as one piece under the label when the zoom buttons leave little room beside it
  // (written after the hand is measured: the hand's width and the board's height do not depend on it)
  const head = () => drawChildren(handHead, (showHand ? [`${ctl.hotSeat() ? `${ctl.name(state.viewer)}'s` : "Your"} tiles `,
    h("span", { class: "hand-count" }, `(${tiles.length}, ${sum(tiles.map((t) => parseTile(t).pips))} pips)`)]
    : ["Tiles hidden"]));
  if (!showHand) {
    head();
    handDrawn.delete(hand);
    hand.replaceChildren(h("p", { class: "hand-hidden" }, state.covered
      ? `Hidden until ${ctl.name(/** @type {number} */ (view.to_move))} is ready.` : "Hidden while the others play."));
    return false;
  }
  fitHand(hand, ctl.board, tiles.length);
  head();
  // the tiles as drawn last (the computers' turns leave the hand as it was): kept, not made again
  const key = JSON.stringify(tiles.map((t) => [t, canPlay(t), selected === t, view.drawn === t, hinted?.tile === t]));
  if (handDrawn.get(hand) === key) return tiles.some((t) => hinted?.tile === t);
  handDrawn.set(hand, key);
  hand.replaceChildren(...tiles.map((t) => {
    const playable = canPlay(t);
    const fresh = view.drawn === t;
    return h("button", {
      type: "button", class: `tile hand-tile${playable ? " playable" : ""}${selected === t ? " selected" : ""}` +
        `${fresh ? " drawn" : ""}${hinted?.tile === t ? " hinted" : ""}`,
      "data-slot": handSlot(t), "data-tile": t, "data-key": t, "data-draggable": playable ? "" : null,
      "aria-pressed": String(selected === t),
      "aria-label": `tile ${t}${playable ? "" : ", cannot be played now"}${fresh ? ", just drawn" : ""}`,
    }, tileSvg(t, { vertical: true }));
  }));
  return tiles.some((t) => hinted?.tile === t);
}

/**
 * An open end as a place to play (drawLayout's markerFor), or null when it is not one now.
 * @param {LayoutEnd} end
 * @param {{plays: Move[], marks: Move[], mine: boolean, selected: string | null, hinted: Move | null}} now
 *   the person's tile plays, a replay's marks, the person's turn, the tile picked, the hint
 * @returns {EndMarker | null}
 */
export function endMarker(end, { plays, marks, mine, selected, hinted }) {
  const slot = `end:${end.name}`;
  const here = plays.filter((m) => m.to === slot);
  const marked = marks.find((m) => m.to === slot); // a replay's decision: where its moves go
  if (marked && !mine) return { slot, active: false, text: null, label: `open end ${end.value}` };
  if (!mine || !here.length) return null;
  const mineHere = selected ? here.filter((m) => m.tile === selected) : [];
  // an end that takes another number than it shows (Matador's "makes ten") says what it needs,
  // and one that no number fits says what alone does ("only a matador")
  const needs = here[0].needs ?? null;
  const only = needs === null ? here[0].only ?? null : null;
  const other = needs !== null && needs !== end.value;
  const number = needs === 0 ? "a blank" : String(needs); // a player says "a blank", not "0"
  const text = only ? `only ${only}` : other ? `needs ${number}` : null;
  const active = mineHere.length > 0;
  const place = end.value === 0 ? "the blank" : `the ${end.value}`;
  const says = !active ? null : only ? `${place} takes only ${only}` : other ? `${place} needs ${number}` : null;
  return { slot, active, hinted: hinted?.to === slot, text, says,
    label: mineHere.length ? capital(mineHere[0].you)
      : `open end ${end.value}${only ? `: only ${only} goes here` : other ? `, needing ${number}` : ""}` };
}

/**
 * What to do with a tile picked, and what the places it fits need when they say so ("the blank takes
 * only a matador"): a crowded table's markers show those words small on a phone, the message reads them.
 * @param {string} tile
 * @param {LayoutEnd[]} ends the layout's open ends
 * @param {Move[]} plays the person's tile plays now
 */
export function pickedWords(tile, ends, plays) {
  const says = ends.map((end) => endMarker(end, { plays, marks: [], mine: true, selected: tile, hinted: null })?.says)
    .filter((words) => typeof words === "string");
  return `${tile} selected: pick a highlighted place${says.length ? ` (${says.join("; ")})` : ""}.`;
}

/**
 * The layout's words for a screen reader: its tiles, its open ends, and what was played since the person's last turn.
 * @param {RendererContext} ctl
 * @param {View} view
 * @param {Map<string, number>} since tile -> seat
 */
export function endNames(ctl, view, since) {
  const sinceText = since.size ? `; played since your last turn: ${[...since].map(([tile, seat]) => `${tile} by ${ctl.name(seat)}`)
    .join(", ")}` : "";
  return `Layout: ${plural(view.board.tiles.length, "tile")}; open ends ${view.board.ends.map((/** @type {LayoutEnd} */ e) => e.value).join(", ")}` +
    sinceText;
}

/**
 * Mark the tiles on the table that were played since the person's last turn (outline and tooltip).
 * @param {HTMLElement} layoutBox
 * @param {Map<string, number>} since
 * @param {(seat: number) => string} name
 */
export function markSince(layoutBox, since, name) {
  for (const node of /** @type {NodeListOf<SVGElement>} */ (layoutBox.querySelectorAll("[data-placed]"))) {
    const seat = since.get(/** @type {string} */ (node.dataset.placed));
    if (seat === undefined) continue;
    node.classList.add("since-turn");
    node.prepend(svgNode("title", {}, `${node.dataset.placed}: played by ${name(seat)} since your last turn`));
  }
}

/**
 * The buttons of the moves that are not tile plays (draw, pass, ...), or of a tile's ways to go
 * at one place (`choice`) with a Cancel.
 * @param {RendererContext} ctl
 * @param {Move[]} moves
 * @param {boolean} choosing the moves are a tile's ways to go
 * @param {{play: (move: Move, untilPlayable: boolean) => void, cancel: () => void}} on
 */
export function moveButtons(ctl, moves, choosing, on) {
  const buttons = moves.map((move) => {
    const button = h("button", { type: "button", class: "primary", "data-move": move.id },
      choosing ? capital(move.you) : move.button ?? capital(move.you));
    // a draw that is the only move is forced: the draws that follow, forced too, come in the same request
    const untilPlayable = move.kind === "draw" && ctl.legal().length === 1;
    button.addEventListener("click", () => on.play(move, untilPlayable));
    return button;
  });
  if (choosing) {
    const cancel = h("button", { type: "button" }, "Cancel");
    cancel.addEventListener("click", on.cancel);
    buttons.push(cancel);
  }
  return buttons;
}

/** The game's title at its end, by name. @param {RendererContext} ctl @param {View} view */
export function outcomeTitle(ctl, view) {
  const winners = /** @type {Outcome} */ (view.outcome).winners ?? [];
  return `Game over: ${winners.length ? `${listNames(winners.map(ctl.name))} ${winners.length > 1 ||
    ctl.name(winners[0]) === "You" ? "win" : "wins"}!` : "Nobody wins."}`;
}

/** The game's end in words, by name: who reached the target, who resigned (the engine speaks of seats).
 *  @param {RendererContext} ctl @param {View} view */
export function outcomeText(ctl, view) {
  const { winners = [], detail, reason } = /** @type {Outcome} */ (view.outcome);
  if (detail?.resigned !== undefined && detail?.resigned !== null) return `${ctl.name(detail.resigned)} resigned.`;
  if (winners.length && view.target && winners.every((w) => /** @type {number[]} */ (view.scores)[w] >= /** @type {number} */ (view.target))) {
    return `${listNames(winners.map(ctl.name))} reached ${view.target}.`;
  }
  return `${capital(reason)}.`;
}
