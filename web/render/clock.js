// The renderer of Clock with CARDominoes (catalog screen "card-dial"): 13 piles of card-tiles,
// twelve on a dial and the kings' pile in the centre. Turn tiles one at a time or play to the
// end. With the exchange option, when the fourth king turns up too early the player picks any
// face-down tile, on the dial: a pile (each shows its bottom tile's chance), then one of its
// face-down tiles, offered in the dial's centre over the kings' pile; the advisor's exact winning
// chance of every choice is shown, and the hint points at the best. Moves come from the view's
// legal moves (turn; exchange to a pile and depth).

import { cardSvg, cardName } from "./cards.js";
import { drawChildren, drawnAnew, h, keepSideRoom, put, putAttribute } from "./dom.js";
import { madeSentence } from "./words.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */

/**
 * A pile of the dial (slot 1..12, the kings' pile 13).
 * @typedef {{slot: number, key: string, rank: string, face_down: number, face_up: string[], king_depth: number | null}} ClockPile
 */

/**
 * The board of Clock in a view.
 * @typedef {object} ClockBoard
 * @property {ClockPile[]} slots
 * @property {number | null} next_slot
 * @property {string | null} last the tile turned up last
 * @property {number} face_down
 * @property {boolean} exchange the option is on
 * @property {boolean} exchange_pending
 * @property {boolean} exchange_used
 * @property {{slot: number, king: string, depth: number, taken: string} | null} exchanged
 * @property {string} phase
 */

/** @typedef {{slot: number, depth: number, chance: number}} ExchangeChance */

const CENTRE = 13;
const PLAY_DELAY_MS = 140;
/** @type {Record<number, string>} */
const HOURS = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const hourName = (/** @type {number | null | undefined} */ slot) => (slot === CENTRE ? "the centre" : `${slot} o'clock`);
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const percent = (/** @type {number} */ chance) => {
  const p = chance * 100;
  return p > 0 && p < 1 ? "<1%" : `${Math.round(p)}%`;
};
const pileKey = (/** @type {ClockPile} */ s) => `slot${s.slot}`;
/**
 * The frames a phone draws the dial as (style.css), each a pile's cell [column, row]. Held sideways, 5 by
 * 3: 10 to 2 across the top, 9, the kings and 3 across the middle, 8 to 4 across the bottom. Held
 * upright, 4 by 4: 11 to 2 across the top, 3 and 4 down the right, 5 to 8 across the bottom, 9 and 10
 * up the left, the kings in the middle.
 * @type {Record<"wide" | "tall", {cols: number, rows: number, cells: Record<number, [number, number]>}>}
 */
const FRAMES = {
  wide: { cols: 5, rows: 3, cells: { 10: [0, 0], 11: [1, 0], 12: [2, 0], 1: [3, 0], 2: [4, 0], 9: [0, 1], 13: [2, 1], 3: [4, 1],
    8: [0, 2], 7: [1, 2], 6: [2, 2], 5: [3, 2], 4: [4, 2] } },
  tall: { cols: 4, rows: 4, cells: { 11: [0, 0], 12: [1, 0], 1: [2, 0], 2: [3, 0], 10: [0, 1], 3: [3, 1], 13: [1.5, 1.5],
    9: [0, 2], 4: [3, 2], 8: [0, 3], 7: [1, 3], 6: [2, 3], 5: [3, 3] } },
};

/** @typedef {import("../play/renderer_contract.js").RendererContext} RendererContext */
/**
 * What the dial keeps between drawings: the move count drawn last (a new move's tile is fresh),
 * the exchange's choices by their place key, and the pile whose face-down tiles are offered.
 * @typedef {{lastMoves: number, choices: Map<string, Move>, openPile: string | null}} Dial
 */

/** @type {(view: View) => Move | null} */
const turnMove = (view) => (view.outcome ? null : view.legal.find((m) => m.kind === "turn") ?? null);
/** The exchanges the person may make now. @param {RendererContext} ctl */
const exchangesOf = (ctl) => (ctl.myTurn() ? ctl.legal().filter((m) => m.kind === "exchange") : []);

/**
 * A pile or a choice activated: a choice is made, a pile's tiles are offered (an exchange), or
 * the next tile is turned.
 * @param {RendererContext} ctl @param {Dial} dial @param {string} place
 */
function activate(ctl, dial, place) {
  const view = /** @type {View} */ (ctl.state.view); // (my turn: a view is on screen)
  if (!ctl.myTurn()) return;
  const choice = dial.choices.get(place);
  if (choice) {
    ctl.play(choice.id);
    return;
  }
  if (view.board.exchange_pending) {
    const pile = view.board.slots.find((/** @type {ClockPile} */ s) => pileKey(s) === place);
    if (exchangesOf(ctl).some((m) => m.from === place)) {
      dial.openPile = place;
      ctl.say(`${hourName(pile.slot)}: ${plural(pile.face_down, "face-down tile")}, offered in the middle of the dial.`);
      ctl.render();
    } else {
      ctl.say("That pile has no face-down tile: choose a pile with a dashed border.", "error");
    }
    return;
  }
  if (turnMove(view)?.from === place) ctl.play(/** @type {Move} */ (turnMove(view)).id);
  else ctl.say(`Tiles are turned from ${hourName(view.board.next_slot)} now (highlighted).`, "error");
}

/**
 * What the last move did, in words: a turn as the coach says it (the engine's words of the move
 * made: the tile turned up and its pile, never before it is turned), an exchange by the dial.
 * @param {View} view @param {import("../engine_types.js").MoveEvent | undefined} event
 */
function describe(view, event) {
  /** @type {ClockBoard} */
  const b = view.board;
  if (b.exchange_pending) return "The fourth king turned up too early: pick a pile on the dial, then a tile in the middle to swap it with.";
  if (event?.kind === "exchange" && b.exchanged && b.exchanged.taken === b.last) {
    const slot = b.slots.find((s) => s.face_up.at(-1) === b.last)?.slot;
    return `Exchanged: the king went face down at ${hourName(b.exchanged.slot)}; the ${cardName(b.last)} is placed at ${hourName(slot)}.`;
  }
  return event?.kind === "turn" && event.you ? madeSentence("You", event.you) : "";
}

/**
 * A pile's cards: its face-down stack (with an exchanged king's mark), then its face-up cards.
 * @param {ClockPile} s @param {ClockBoard} b @param {boolean} fresh a new move was made
 */
function pileCards(s, b, fresh) {
  /** @type {HTMLElement[]} */
  const cards = [];
  if (s.face_down) {
    // its count on its back, in the strip the face-up cards leave (style.css): a label over no card's face
    cards.push(h("span", { class: "ck-card ck-down" }, cardSvg(null), h("span", { class: "ck-down-count", "aria-hidden": "true" }, String(s.face_down)),
      s.king_depth ? h("span", { class: "ck-king", title: "the exchanged king lies here face down" }, `K@${s.king_depth}`) : null));
  }
  s.face_up.forEach((card, i) => {
    const isFresh = fresh && card === b.last && i === s.face_up.length - 1;
    cards.push(h("span", { class: `ck-card ck-up${isFresh ? " fresh" : ""}`, "data-card": card, "data-key": card, title: cardName(card) },
      cardSvg(card)));
  });
  if (!cards.length) cards.push(h("span", { class: "ck-card ck-none" }));
  return cards;
}

/**
 * A pile of the dial, placed round it (the kings' in the centre).
 * @param {RendererContext} ctl @param {Dial} dial @param {ClockPile} s @param {ClockBoard} b @param {View} view
 * @param {boolean} fresh
 */
function pileElement(ctl, dial, s, b, view, fresh) {
  const slot = s.slot;
  const next = ctl.myTurn() && turnMove(view)?.from === pileKey(s);
  const exchanging = b.exchange_pending && s.face_down > 0 && ctl.myTurn();
  const hint = ctl.hintMove();
  const hinted = hint?.from === pileKey(s);
  const classes = ["ck-pile"];
  if (slot === CENTRE) classes.push("centre");
  if (next) classes.push("next");
  if (exchanging) classes.push("choosable");
  if (exchanging && pileKey(s) === dial.openPile) classes.push("open");
  if (hinted) classes.push("hinted");
  if (s.face_up.length === 4 && !s.face_down) classes.push("done");
  /** @type {ExchangeChance[]} */
  const chances = view.analysis?.exchange_chances ?? [];
  const bottom = exchanging ? chances.find((c) => c.slot === slot && c.depth === s.face_down) : null;
  const cards = pileCards(s, b, fresh);
  const label = `${hourName(slot)} (${HOURS[slot] ?? slot}): ${s.face_down} face down` +
    `${s.face_up.length ? `, face up ${s.face_up.map(cardName).join(", ")}` : ""}` +
    `${next ? ", the next tile is turned from here" : ""}` +
    `${bottom ? `, its bottom tile ${percent(bottom.chance)} to win: ` +
      `${pileKey(s) === dial.openPile ? "its tiles are offered in the middle" : "choose it to see its tiles"}` : ""}`;
  const clickable = next || exchanging;
  const pile = h(clickable ? "button" : "div", {
    type: clickable ? "button" : null, class: classes.join(" "), "data-slot": clickable ? pileKey(s) : null,
    "data-key": pileKey(s), "data-pile": String(slot), "data-down": String(s.face_down), "data-up": s.face_up.join(" "),
    "aria-label": label, role: clickable ? null : "group",
  },
  // the exchange's chance of its bottom tile beside its hour, above the cards
  h("span", { class: "ck-hour", "aria-hidden": "true" }, slot === CENTRE ? "K" : `${slot}${HOURS[slot] ? ` ${HOURS[slot]}` : ""}`,
    bottom ? h("b", { class: "ck-chance" }, ` ${percent(bottom.chance)}`) : null),
  h("span", { class: "ck-cards" }, ...cards));
  const rad = (slot % 12) * Math.PI / 6;
  const r = slot === CENTRE ? 0 : 39;
  pile.style.setProperty("--x", `${50 + r * Math.sin(rad)}%`);
  pile.style.setProperty("--y", `${50 - r * Math.cos(rad)}%`);
  for (const [name, { cols, rows, cells }] of Object.entries(FRAMES)) { // the middle of its cell on each frame
    const [col, row] = cells[slot];
    pile.style.setProperty(`--${name}-x`, `${(100 * (col + 0.5)) / cols}%`);
    pile.style.setProperty(`--${name}-y`, `${(100 * (row + 0.5)) / rows}%`);
  }
  pile.style.setProperty("--n", String(cards.length));
  return pile;
}

/** The pile offered first: the best chance's, else the first with a face-down tile. @param {RendererContext} ctl @param {View} view */
function defaultPile(ctl, view) {
  const best = view.analysis?.exchange_chances?.[0]?.slot;
  const pile = view.board.slots.find((/** @type {ClockPile} */ s) => s.slot === best);
  return pile ? pileKey(pile) : exchangesOf(ctl)[0]?.from ?? null;
}

/** The open pile's face-down tiles, in the dial's centre: each a choice with its chance to win (kept in the dial's choices). */
/** @param {RendererContext} ctl @param {Dial} dial @param {ClockBoard} b @param {View} view */
function exchangeChoices(ctl, dial, b, view) {
  /** @type {ExchangeChance[]} */
  const chances = view.analysis?.exchange_chances ?? [];
  const best = chances[0]?.chance ?? 0;
  const hint = ctl.hintMove();
  const pile = b.slots.find((s) => pileKey(s) === dial.openPile);
  const moves = pile ? exchangesOf(ctl).filter((m) => m.from === pileKey(pile)) : [];
  if (!pile || !moves.length) return null;
  const buttons = moves.map((m) => {
    const d = m.depth;
    const chance = chances.find((c) => c.slot === pile.slot && c.depth === d)?.chance ?? 0;
    const key = `ex:${pile.slot}:${d}`;
    dial.choices.set(key, m);
    const where = d === pile.face_down ? "bottom" : d === 1 ? "top" : `${d}th`;
    return h("button", {
      type: "button", class: `ck-choice${chance > 0 && chance === best ? " best" : ""}${hint?.id === m.id ? " hinted" : ""}`,
      "data-slot": key, "data-key": key, "data-move": m.id, "data-chance": String(chance),
      "aria-label": `Exchange with tile ${d} of ${pile.face_down} (${where}) at ${hourName(pile.slot)}: ${percent(chance)} to win`,
    }, cardSvg(null), h("span", { class: "ck-choice-text" }, d === pile.face_down ? "bottom" : `#${d}`, h("br"), percent(chance)));
  });
  return h("div", { class: "ck-exchange", role: "group", "aria-label": `Exchange choices at ${hourName(pile.slot)}` },
    h("p", { class: "ck-ex-title" }, "Swap the king for a tile of ", h("b", {}, hourName(pile.slot))),
    h("div", { class: "ck-ex-choices" }, ...buttons));
}

/** Beside or under the dial: what the exchange is, and the best choices. */
/** @param {ClockBoard} b @param {View} view */
function exchangeHelp(b, view) {
  const top = /** @type {ExchangeChance[]} */ (view.analysis?.exchange_chances ?? []).filter((c) => c.chance > 0).slice(0, 3)
    .map((c) => `${hourName(c.slot)} ${percent(c.chance)}`).join(" · ");
  return h("div", { class: "ck-exchange-help" },
    h("h2", {}, "The fourth king turned up too early"),
    h("p", { class: "ck-best" }, `Best choices, a pile's bottom tile (the exact chance to win): ${top || "none can win"}.`),
    h("details", {}, h("summary", {}, "How the swap works"),
      h("p", {}, `${plural(b.face_down, "tile")} ${b.face_down === 1 ? "is" : "are"} still face down. Once per game you may swap ` +
        "the king with one of them: pick a pile on the dial, then one of its tiles in the middle. The king goes there face " +
        "down and the tile you take is played on. Only a pile's bottom tile can win: a king above other face-down tiles " +
        "would turn up before them.")));
}

/** The dial's footer: the tiles face up and down, and the exchange's state. @param {ClockBoard} b @param {View} view */
function infoText(b, view) {
  const info = [`${52 - b.face_down} of 52 face up · ${b.face_down} face down`];
  if (!b.exchange) info.push("exchange off: no decisions in this game");
  else if (b.exchange_used) info.push(`exchange used: the ${cardName(/** @type {string} */ (b.exchanged?.taken))} taken, its king put at ${hourName(b.exchanged?.slot)}`);
  else if (!view.outcome) info.push("exchange available once");
  return info.join(" · ");
}

/**
 * Draw a view: the dial with its piles (and the exchange's choices in its centre), beside it the
 * footer, the way to play a game without decisions out, the exchange's help.
 * @param {RendererContext} ctl @param {Dial} dial @param {View} view @param {() => void} playToEnd
 * @returns {HTMLElement} the side beside the dial
 */
function drawDial(ctl, dial, view, playToEnd) {
  /** @type {ClockBoard} */
  const b = view.board;
  const fresh = view.moves !== dial.lastMoves && view.moves > 0;
  dial.lastMoves = view.moves;
  dial.choices = new Map();
  if (!b.exchange_pending || !exchangesOf(ctl).length) dial.openPile = null;
  else if (!exchangesOf(ctl).some((m) => m.from === dial.openPile)) dial.openPile = defaultPile(ctl, view);
  const offer = b.exchange_pending ? exchangeChoices(ctl, dial, b, view) : null;
  const face = h("div", { class: "ck-dial", role: "group", "aria-label": "Clock dial" },
    ...b.slots.map((s) => pileElement(ctl, dial, s, b, view, fresh)), offer);
  const parts = [h("p", { class: "ck-info" }, infoText(b, view))];
  if (!b.exchange && turnMove(view) && !ctl.replay && !ctl.running()) {
    // (a button kept by drawChildren is one drawn so before: it has this listener, once)
    const go = h("button", { type: "button", class: "primary", "data-action": "play-out" }, "Play it out");
    go.addEventListener("click", playToEnd);
    parts.push(h("p", { class: "ck-nodecision" }, "This game has no decisions (the exchange is off): ", go));
  }
  if (b.exchange_pending) parts.push(exchangeHelp(b, view));
  const made = face.querySelector(".ck-card.fresh");
  // the board's nodes kept where equal (drawChildren: no style or layout to do again for them)
  drawChildren(ctl.board, [h("div", { class: "ck-layout" }, face, h("div", { class: "ck-side" }, ...parts))]);
  drawnAnew(ctl.board, ".ck-card.fresh", made); // the fresh tile flips (style.css)
  put(ctl.board.dataset, "phase", b.phase);
  put(ctl.board.dataset, "faceDown", String(b.face_down));
  return /** @type {HTMLElement} */ (ctl.board.querySelector(".ck-side"));
}

/**
 * @param {RendererContext} ctl
 * @returns {import("../play/renderer_contract.js").Renderer}
 */
export function createClock(ctl) {
  const { state } = ctl;
  const sideRoom = keepSideRoom(); // the dial takes the height its side leaves
  const playing = () => ctl.running() === "play-to-end";
  /** @type {Dial} */
  const dial = { lastMoves: -1, choices: new Map(), openPile: null };
  const turnButton = h("button", { type: "button", "data-action": "turn", disabled: "" }, "Turn");
  const allButton = h("button", { type: "button", "data-action": "play-all", disabled: "" }, "Play to the end");

  function playToEnd() {
    if (playing() || !state.session || state.view?.outcome) return;
    ctl.autoplay("play-to-end", (view) => {
      const m = turnMove(view);
      return m ? { op: "play", move: m.id } : null;
    }, PLAY_DELAY_MS);
  }
  turnButton.addEventListener("click", () => {
    const m = ctl.myTurn() && turnMove(/** @type {View} */ (state.view));
    if (m) ctl.play(m.id);
  });
  allButton.addEventListener("click", () => {
    if (playing()) ctl.stop("play-to-end");
    else playToEnd();
  });

  /** @param {View} view */
  function draw(view) {
    sideRoom(ctl.board, drawDial(ctl, dial, view, playToEnd));
    put(ctl.board.dataset, "playing", String(playing()));
    put(allButton, "textContent", playing() ? "Stop" : "Play to the end");
    putAttribute(allButton, "aria-pressed", String(playing()));
    put(turnButton, "disabled", !ctl.myTurn() || !turnMove(view));
    put(allButton, "disabled", !playing() && !turnMove(view));
  }

  return {
    boardId: "board", boardClass: "ck-board", dialogId: "outcome", showsLog: false,
    buttons: [turnButton, allButton],
    draw, describe,
    activate: (place) => activate(ctl, dial, place),
    drop: () => {},
    targets: () => [],
    cancel: () => {},
    reset: () => { dial.lastMoves = -1; dial.openPile = null; },
    hinted: (hint) => { if (hint?.kind === "exchange") dial.openPile = hint.from; },
    focusTarget: () => ctl.board.querySelector(".ck-pile.next") ?? ctl.board.querySelector(".ck-choice.best, .ck-choice") ??
      ctl.board.querySelector("[data-slot]"),
    intro: (view) => (view.options.exchange
      ? "Turn the tiles up one by one. If the fourth king comes too early, you may swap it once."
      : "With the exchange off this game has no decisions: turn tiles one by one, or play it out."),
    // once over, the status line says only that: the dialog says why, and the dial's footer the exchange
    statusText: (view) => `${ctl.dealText(view)}${view.outcome ? "Game over." : view.status}`,
    outcomeTitle: (view, won) => (won ? "You won!" : "Game lost"),
    outcomeBody: (view) => [h("p", {}, /** @type {import("../engine_types.js").Outcome} */ (view.outcome).reason || view.status),
      h("p", {}, `Deal ${view.seed} · ${52 - view.board.face_down} of 52 tiles face up.`)],
  };
}
