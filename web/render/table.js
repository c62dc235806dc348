// The renderer of the table games (catalog screen "table": draw, Matador, Tiddle-A-Wink, Round
// The Clock): the turn banner, the seats around, the layout (layout.js), the person's hand and
// the buttons of the moves that are not tile plays, and the round summary. It draws a view and
// turns a tile and a place (click, drag, keyboard) into one of the view's legal moves; the
// controller (play/controller.js) does everything else.

import { tileSvg, parseTile } from "./tiles.js";
import { h, svgNode } from "./dom.js";
import { drawLayout } from "./layout.js";
import { seatLevel } from "./setup.js";
import { scoreSheet } from "./score_sheet.js";
import { loadSettings } from "../store/settings.js";
import { roundSummaryOf, roundLines } from "./table_summary.js";
import { createZoom, showSeat } from "./table_touch.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").RoundSummary} RoundSummary */
/** @typedef {import("../engine_types.js").TableRound} TableRound */
/** @typedef {import("./layout.js").LayoutBoard} LayoutBoard */

const capital = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);
const sum = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0);
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// the hand's tiles (upright, twice as tall as wide): their width in px, and the share of the board's height they may take
const HAND_TILE_MAX = 44; // a finger's size
const HAND_TILE_DESKTOP = 48; // a mouse's: as large as the table's tiles, easy to read
const HAND_TILE_MIN = 24; // still readable (and the least target size of WCAG 2.2)
const HAND_SHARE = 0.4;
const HAND_LIFT_PX = 10; // the room above the tiles for a picked tile's lift (style.css, .hand-area .hand)

/**
 * @param {import("../play/renderer_contract.js").RendererContext} ctl
 * @returns {import("../play/renderer_contract.js").Renderer}
 */
export function createTable(ctl) {
  const { state } = ctl;
  /** @type {string | null} */
  let selected = null; // the hand tile picked
  /** @type {Move[] | null} */
  let choice = null; // the moves of one tile at one place (a matador played either way round)

  const turn = h("p", { class: "turn-banner", id: "turn", role: "status", "aria-live": "polite" });
  const info = h("p", { class: "table-info", id: "table-info", "data-key": "stock" }); // drawn tiles fly from here
  // more seats than fit scroll in the strip: focusable, so the keyboard scrolls it too
  const seats = h("ol", { class: "seats", id: "seats", "aria-label": "Players", tabindex: "0" });
  const lastMove = h("p", { class: "last-move", id: "last-move" });
  const layoutBox = h("div", { class: "layout-box", id: "layout", tabindex: "0", role: "region", "data-pan": "",
    "aria-label": "The table (arrows pan it when it is larger than the screen; + and - zoom)" });
  const zoom = createZoom(layoutBox, () => ctl.render());
  const handHead = h("p", { class: "hand-head", id: "hand-head" });
  const hand = h("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your tiles" });
  const actions = h("div", { class: "table-actions", id: "actions" });
  const parts = [turn, info, seats, lastMove, h("div", { class: "table-board", id: "table" }, layoutBox,
    h("div", { class: "hand-area" }, h("div", { class: "hand-bar" }, handHead, zoom.bar), hand, actions))];

  const sheetBox = h("details", { class: "sheet-box", id: "sheet-box" }, h("summary", {}, "Score sheet"));

  const plays = () => (ctl.myTurn() ? ctl.legal().filter((m) => m.kind === "play") : []);
  const playsOf = (/** @type {string} */ tile) => plays().filter((m) => m.tile === tile);
  const playsAt = (/** @type {string} */ tile, /** @type {string} */ place) => playsOf(tile).filter((m) => m.to === place);
  const isPlace = (/** @type {string} */ slot) => plays().some((m) => m.to === slot);
  const handSlot = (/** @type {string | undefined} */ tile) => `hand:${tile}`;
  /** @type {(slot: string) => string | null} */
  const tileOf = (slot) => plays().find((m) => handSlot(m.tile) === slot)?.tile ??
    (state.view?.hand ?? []).find((t) => handSlot(t) === slot) ?? null;

  /** @param {string} slot */
  function activate(slot) {
    if (!ctl.myTurn()) return;
    if (isPlace(slot)) {
      if (selected) placeAt(selected, slot);
      else ctl.say("Pick a tile from your hand first.", "error");
      return;
    }
    const tile = tileOf(slot);
    if (!tile) return;
    if (!playsOf(tile).length) {
      ctl.say(`${tile} cannot be played now.`, "error");
      return;
    }
    // the view's moves of this tile (grouped by tile): one place only, and the setting's one tap plays it there
    const places = new Set(playsOf(tile).map((m) => /** @type {string} */ (m.to)));
    if (places.size === 1 && selected !== tile && loadSettings().settings.oneTap) {
      selected = tile;
      placeAt(tile, [...places][0]);
      return;
    }
    selected = selected === tile ? null : tile;
    choice = null;
    ctl.say(selected ? `${tile} selected: pick a highlighted place.` : "");
    ctl.render();
    if (selected) /** @type {HTMLElement | null} */ (ctl.board.querySelector(".end-marker.active"))?.focus();
  }

  /** @param {string} tile @param {string} place */
  function placeAt(tile, place) {
    const moves = playsAt(tile, place);
    if (!moves.length) {
      ctl.say(`${tile} does not go there.`, "error");
      return;
    }
    if (moves.length === 1) {
      selected = null;
      ctl.play(moves[0].id);
      return;
    }
    choice = moves;
    ctl.render();
    /** @type {HTMLElement | null} */ (actions.querySelector("[data-move]"))?.focus();
  }

  /** @param {string} from @param {string} to */
  function drop(from, to) {
    const tile = tileOf(from);
    if (!ctl.myTurn() || !tile || !isPlace(to)) return;
    selected = tile;
    placeAt(tile, to);
  }

  // ---- drawing
  /** @param {View} view @param {number} i */
  function seatCard(view, i) {
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
      h("span", { class: "seat-score" }, `${/** @type {number[]} */ (view.scores)[i]} pts`)),
    h("span", { class: "seat-last" }, state.lastAction[i] ?? ""));
  }

  /** @param {View} view @returns {[string, string]} */
  function bannerText(view) {
    const seat = /** @type {number} */ (view.to_move); // (a table game over has an outcome)
    if (view.outcome) return ["none", `Game over: ${(view.outcome.winners ?? []).map(ctl.name).join(" and ") || "nobody"} won.`];
    if (view.round?.over) return ["none", `Round ${view.round.number} is over.`];
    if (state.covered) return ["none", `Waiting for ${ctl.name(seat)}…`];
    if (ctl.replay) return ["none", `${ctl.name(seat) === "You" ? "Your" : `${ctl.name(seat)}'s`} move next.`];
    if (seat === state.viewer && ctl.isHuman(seat)) {
      const who = ctl.hotSeat() ? `${ctl.name(seat)}, your turn` : "Your turn";
      const only = ctl.legal().every((m) => m.kind !== "play");
      return ["you", only ? `${who}: ${ctl.legal().map((m) => m.you).join(" or ")}.`
        : `${who}: pick a tile, then a highlighted place.`];
    }
    if (ctl.isHuman(seat)) return ["none", `${ctl.name(seat)}'s turn.`];
    return ["computer", `${ctl.name(seat)} (computer) is playing…`];
  }

  /** @param {View} view */
  function draw(view) {
    if (!ctl.board.contains(turn)) ctl.board.replaceChildren(...parts);
    if (selected && !playsOf(selected).length) selected = null;
    if (!selected) choice = null;
    const [whose, text] = bannerText(view);
    turn.textContent = text;
    turn.dataset.whose = whose;
    const target = view.target ? ` · first to ${view.target}` : "";
    const phase = view.phase ? ` · ${view.phase.text}` : "";
    info.textContent = `Round ${view.round?.number ?? 1} · boneyard: ${plural(/** @type {number} */ (view.stock), "tile")}${target}${phase}`;
    seats.replaceChildren(...view.seats.map((_, i) => seatCard(view, i)));
    showSeat(/** @type {HTMLElement | null} */ (seats.querySelector(".seat.to-move")));
    lastMove.textContent = state.lastLog;

    const hinted = ctl.hintMove();
    const mine = ctl.myTurn();
    const since = ctl.playedSince(); // tile -> seat: played since the person's last turn
    const sinceText = since.size ? `; played since your last turn: ${[...since].map(([tile, seat]) => `${tile} by ${ctl.name(seat)}`)
      .join(", ")}` : "";
    // the hand first: the table's box takes the height the hand leaves
    const showHand = !state.covered && (!ctl.hotSeat() || view.to_move === state.viewer || view.round?.over || view.outcome);
    const tiles = view.hand ?? [];
    // the counts wrap as one piece under the label when the zoom buttons leave little room beside it
    handHead.replaceChildren(...(showHand ? [`${ctl.hotSeat() ? `${ctl.name(state.viewer)}'s` : "Your"} tiles `,
      h("span", { class: "hand-count" }, `(${tiles.length}, ${sum(tiles.map((t) => parseTile(t).pips))} pips)`)]
      : ["Tiles hidden"]));
    if (showHand) {
      fitHand(tiles.length);
      hand.replaceChildren(...tiles.map((t) => {
        const playable = playsOf(t).length > 0;
        const fresh = view.drawn === t;
        return h("button", {
          type: "button", class: `tile hand-tile${playable ? " playable" : ""}${selected === t ? " selected" : ""}` +
            `${fresh ? " drawn" : ""}${hinted?.tile === t ? " hinted" : ""}`,
          "data-slot": handSlot(t), "data-tile": t, "data-key": t, "data-draggable": playable ? "" : null,
          "aria-pressed": String(selected === t),
          "aria-label": `tile ${t}${playable ? "" : ", cannot be played now"}${fresh ? ", just drawn" : ""}`,
        }, tileSvg(t, { vertical: true }));
      }));
    } else {
      hand.replaceChildren(h("p", { class: "hand-hidden" }, state.covered
        ? `Hidden until ${ctl.name(/** @type {number} */ (view.to_move))} is ready.` : "Hidden while the others play."));
    }

    /** @type {LayoutBoard} */
    const layout = view.board;
    const drawn = drawLayout(layoutBox, layout, {
      zoom: zoom.value(),
      lastIndex: view.moves > 0 ? view.board.tiles.length - 1 : -1,
      endNames: () => `Layout: ${plural(view.board.tiles.length, "tile")}; open ends ${view.board.ends.map((/** @type {import("./layout.js").LayoutEnd} */ e) => e.value).join(", ")}` +
        sinceText,
      markerFor: (end) => {
        const slot = `end:${end.name}`;
        const here = plays().filter((m) => m.to === slot);
        const marked = ctl.marks().find((m) => m.to === slot); // a replay's decision: where its moves go
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
        return { slot, active: mineHere.length > 0, hinted: hinted?.to === slot, text,
          label: mineHere.length ? capital(mineHere[0].you)
            : `open end ${end.value}${only ? `: only ${only} goes here` : other ? `, needing ${number}` : ""}` };
      },
    });

    markSince(since);

    zoom.drawn(view.moves, drawn.last);

    const moves = !mine ? [] : choice ?? ctl.legal().filter((m) => m.kind !== "play" && m.kind !== "next-round");
    const buttons = moves.map((move) => {
      const button = h("button", { type: "button", class: "primary", "data-move": move.id },
        choice ? capital(move.you) : move.button ?? capital(move.you));
      // a draw that is the only move is forced: the draws that follow, forced too, come in the same request
      const untilPlayable = move.kind === "draw" && ctl.legal().length === 1;
      button.addEventListener("click", () => { selected = null; ctl.play(move.id, { untilPlayable }); });
      return button;
    });
    if (choice) {
      const cancel = h("button", { type: "button" }, "Cancel");
      cancel.addEventListener("click", () => { choice = null; ctl.render(); });
      buttons.push(cancel);
    }
    actions.replaceChildren(...buttons);
    actions.classList.toggle("choosing", Boolean(choice)); // a tile's ways to go take a row of their own
    sheetBox.replaceChildren(/** @type {Element} */ (sheetBox.firstElementChild), scoreSheet(view, ctl.name));
  }

  /**
   * Size the hand's tiles so that all `count` of them are in view at once, in rows: the largest
   * width from HAND_TILE_MAX down to HAND_TILE_MIN px whose rows take at most HAND_SHARE of the
   * board's height (at the least, two rows of the smallest tiles).
   * @param {number} count
   */
  function fitHand(count) {
    const style = getComputedStyle(hand);
    const [across, down] = [parseFloat(style.columnGap) || 0, parseFloat(style.rowGap) || 0];
    const width = hand.clientWidth;
    const room = Math.max(4 * HAND_TILE_MIN + down + HAND_LIFT_PX, /** @type {HTMLElement} */ (ctl.board.querySelector("#table")).clientHeight * HAND_SHARE);
    let size = matchMedia("(pointer: coarse)").matches ? HAND_TILE_MAX : HAND_TILE_DESKTOP;
    while (size > HAND_TILE_MIN) {
      const rows = Math.ceil(count / Math.max(1, Math.floor((width + across) / (size + across))));
      if (rows * 2 * size + (rows - 1) * down + HAND_LIFT_PX <= room) break;
      size -= 1;
    }
    if (width) hand.style.setProperty("--hand-tile", `${size}px`);
  }

  /** Mark the tiles on the table that were played since the person's last turn (outline and tooltip). */
  /** @param {Map<string, number>} since */
  function markSince(since) {
    for (const node of /** @type {NodeListOf<SVGElement>} */ (layoutBox.querySelectorAll("[data-placed]"))) {
      const seat = since.get(/** @type {string} */ (node.dataset.placed));
      if (seat === undefined) continue;
      node.classList.add("since-turn");
      node.prepend(svgNode("title", {}, `${node.dataset.placed}: played by ${ctl.name(seat)} since your last turn`));
    }
  }

  const roundSummary = roundSummaryOf(ctl);

  return {
    boardId: "table-screen", boardClass: "table-screen", dialogId: "round-summary", showsLog: true,
    draw, activate, drop, sideParts: [sheetBox],
    cancel: () => { selected = null; choice = null; },
    targets: (slot) => {
      const tile = tileOf(slot);
      return tile ? playsOf(tile).map((m) => /** @type {string} */ (m.to)) : [];
    },
    hinted: (move) => { selected = move?.tile ?? null; },
    reset: () => { selected = null; choice = null; zoom.reset(); },
    focusTarget: () => ctl.board.querySelector(".end-marker.active, .hand-tile.playable, #actions button"),
    actionText: (event) => (event.kind === "play" ? `played ${event.tile}` : event.kind === "draw" ? "drew"
      : event.kind === "pass" ? "passed" : ""),
    roundLines,
    describe: () => "",
    intro: () => "",
    statusText: () => "",
    roundSummary: (view, last) => roundSummary(view, last),
    outcomeTitle: (view) => {
      const winners = /** @type {import("../engine_types.js").Outcome} */ (view.outcome).winners ?? [];
      return `Game over: ${winners.length ? `${winners.map(ctl.name).join(" and ")} ${winners.length > 1 ||
        ctl.name(winners[0]) === "You" ? "win" : "wins"}!` : "Nobody wins."}`;
    },
    outcomeBody: (view) => roundSummary(view, view.last_round),
    /** The game's end in words, by name: who reached the target, who resigned (the engine speaks of seats). */
    outcomeText: (view) => {
      const { winners = [], detail, reason } = /** @type {import("../engine_types.js").Outcome} */ (view.outcome);
      if (detail?.resigned !== undefined && detail?.resigned !== null) return `${ctl.name(detail.resigned)} resigned.`;
      if (winners.length && view.target && winners.every((w) => /** @type {number[]} */ (view.scores)[w] >= /** @type {number} */ (view.target))) {
        return `${winners.map(ctl.name).join(" and ")} reached ${view.target}.`;
      }
      return `${capital(reason)}.`;
    },
    countExtra: () => ({ scored: true }),
  };

}
