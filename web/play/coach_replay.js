// The coach's replay: a game's positions one by one, each drawn by the game's own renderer through
// the renderer contract (the same context as the play screen's, with no actions), from the
// engine's `replay` op: the position as the person's seat saw it then (other hands hidden, every
// hand only once the game is over). Buttons, keys and a scrubber move through it; Play steps on
// by itself on the screen's sequencer. What the board shows is this part's state; the coach's
// other parts ask it to show a position (showPosition) and mark it after each draw (onDrawn).

import { h } from "../render/dom.js";
import { drawMoving } from "../render/motion.js";
import { createRendererContext, redrawOnResize } from "./renderer_contract.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").MoveEvent} MoveEvent */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./renderer_contract.js").ScreenSource} ScreenSource */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */

const PLAY_PAUSE_MS = 700; // between moves when the replay plays itself, after each move's motion

/**
 * A position to show (showPosition): its view, its move number, and what is said of it.
 * @typedef {object} Shown
 * @property {View} view
 * @property {number} at the moves made before it
 * @property {string} where "Move 3 of 40", or more
 * @property {string} text what the line under it says
 * @property {View | null} [from] the move travels from this view (else it is drawn in place)
 * @property {Move | null} [hint] the move the renderer marks as its own hint
 * @property {string | null} [showing] the board's data-showing (a marked decision's board)
 */

/**
 * @param {{engine: Engine, spec: GameSpec, record: GameRecord, createRenderer: RendererFactory,
 *   name: (seat: number) => string, motionMs: () => number, sequencer: Sequencer}} parts
 */
export function createReplay({ engine, spec, record, createRenderer, name, motionMs, sequencer }) {
  const total = record.moves.length;
  const person = Math.max(0, record.seats.indexOf("human"));
  /** @type {Map<string, View>} */
  const views = new Map(); // "at" or "at+better" -> view
  /** @type {ScreenSource} */
  const source = { view: null, viewer: person, covered: false, lastAction: {}, log: [], session: null };
  let at = total;
  /** @type {Move | null} */
  let hint = null;
  let reveal = false;
  let finished = false;
  let disposed = false;
  /** @type {(view: View) => void} */
  let onDrawn = () => {};
  /** @type {() => void} */
  let onPlain = () => {};
  /** @type {() => Move[]} */
  let marks = () => [];

  const board = h("div", { class: "coach-board", id: "coach-board", "aria-label": `${spec.name}, replay` });
  const screen = createRenderer(createRendererContext({
    spec, board, engine, source, name, sequencer, motionMs, actions: null,
    render: () => redraw(),
    hintMove: () => hint,
    marks: () => marks(),
  }));
  board.className = `coach-board ${screen.boardClass}`;

  /** @param {string} label @param {Record<string, string>} attrs @param {() => void} onClick */
  const button = (label, attrs, onClick) => {
    const b = h("button", { type: "button", ...attrs }, label);
    b.addEventListener("click", onClick);
    return b;
  };
  const first = button("|◀", { "data-action": "coach-first", "aria-label": "First position" }, () => goByHand(0));
  const back = button("◀", { "data-action": "coach-back", "aria-label": "Previous move" }, () => goByHand(at - 1));
  const playButton = button("Play", { "data-action": "coach-play", "aria-label": "Play the moves", "aria-pressed": "false" },
    () => (sequencer.running() === "replay" ? stopPlaying() : startPlaying()));
  const forward = button("▶", { "data-action": "coach-forward", "aria-label": "Next move" }, () => goByHand(at + 1));
  const last = button("▶|", { "data-action": "coach-last", "aria-label": "Last position" }, () => goByHand(total));
  const scrubber = h("input", { type: "range", id: "coach-scrubber", min: "0", max: String(total), step: "1",
    value: String(at), "aria-label": "Move number" });
  scrubber.addEventListener("input", () => goByHand(Number(scrubber.value)));
  const bar = h("div", { class: "coach-bar", role: "toolbar", "aria-label": "Replay" }, first, back, playButton, scrubber,
    forward, last);
  const where = h("p", { class: "coach-where", id: "coach-where", "aria-live": "polite" });
  const moveText = h("p", { class: "coach-move", id: "coach-move" });
  const revealBox = h("input", { type: "checkbox", id: "coach-reveal" });
  const revealLabel = h("label", { class: "toggle", hidden: "" }, revealBox, " Show every hand");
  const hands = h("div", { class: "coach-hands", id: "coach-hands", hidden: "" });
  /** @type {() => void} */
  let revealChanged = () => { go(at); };
  revealBox.addEventListener("change", () => {
    reveal = revealBox.checked;
    views.clear();
    revealChanged();
  });

  /** @param {number} n */
  function goByHand(n) {
    stopPlaying();
    return go(n);
  }
  /** @param {boolean} on */
  function showPlaying(on) {
    playButton.textContent = on ? "Pause" : "Play";
    playButton.setAttribute("aria-pressed", String(on));
    playButton.setAttribute("aria-label", on ? "Pause" : "Play the moves");
  }
  /** Play the moves one after another, each with its motion, from here (from the start when at the end). */
  async function startPlaying() {
    if (at >= total) await go(0);
    showPlaying(true);
    await sequencer.run("replay", {
      pause: motionMs() + PLAY_PAUSE_MS, waitFirst: true,
      step: async (live) => {
        await go(at + 1, live); // a pause while the position loads keeps it off
        return at < total;
      },
    });
    if (sequencer.running() !== "replay") showPlaying(false);
  }
  function stopPlaying() {
    sequencer.stop("replay");
    showPlaying(false);
  }

  /**
   * The position after `n` moves, or after the move `instead` in place of the n-th (the engine
   * replays the record; remembered).
   * @param {number} n
   * @param {string | null} [instead]
   * @returns {Promise<View>}
   */
  async function fetchView(n, instead = null) {
    const key = instead ? `${n}+${instead}` : String(n);
    const known = views.get(key);
    if (known) return known;
    const answer = await engine.request({ op: "replay", record, at: n, seat: person, reveal, ...(instead ? { instead } : {}) });
    if (!answer.ok) throw new Error(answer.error.message);
    views.set(key, answer.view);
    return answer.view;
  }

  /**
   * Show the position after `n` moves, plain (no decision marked).
   * @param {number} n
   * @param {() => boolean} [stillWanted]
   */
  async function go(n, stillWanted = () => true) {
    n = Math.max(0, Math.min(total, n));
    onPlain();
    let view;
    try {
      view = await fetchView(n);
    } catch (error) {
      where.textContent = `This position could not be shown: ${error instanceof Error ? error.message : error}`;
      return;
    }
    if (disposed || !stillWanted()) return;
    const oneStep = Math.abs(n - at) === 1 && source.view && source.view !== view; // a jump does not travel
    showPosition({ view, at: n, where: `Move ${n} of ${total}`, text: positionText(view, n),
      from: oneStep ? source.view : null }); // (its motion goes on: the replay's Play waits its own pause)
  }

  /**
   * What the line under the position says: the move that led there, and the game's end there.
   * @param {View} view
   * @param {number} n
   */
  function positionText(view, n) {
    const event = view.events?.[0];
    const text = event ? sentence(event) : "The deal.";
    const resigned = n === total ? view.outcome?.detail?.resigned : null;
    return typeof resigned === "number" ? `${text} ${name(resigned)} resigned.` : text;
  }

  /**
   * Put a position on the board (travelling from `from` when given), then its marks (onDrawn).
   * @param {Shown} shown
   */
  async function showPosition(shown) {
    const { view } = shown;
    const drawn = source.view;
    hint = shown.hint ?? null;
    at = shown.at;
    source.view = view;
    scrubber.value = String(at);
    first.disabled = back.disabled = at === 0;
    forward.disabled = last.disabled = at === total;
    where.textContent = shown.where;
    moveText.textContent = shown.text;
    board.dataset.at = String(at);
    if (shown.showing) board.dataset.showing = shown.showing;
    else delete board.dataset.showing;
    if (at === total && view.outcome) finished = true;
    revealLabel.hidden = !(spec.hidden_hands && finished);
    if (shown.from) {
      if (shown.from !== drawn) screen.draw(shown.from); // the move travels from the position before it
      await drawMoving(board, screen.draw, view, motionMs());
      if (disposed || source.view !== view) return;
    } else {
      screen.draw(view);
    }
    onDrawn(view);
    drawHands(view.all_hands);
  }

  /** @param {MoveEvent} move */
  function sentence(move) {
    const who = move.seat ?? null;
    const text = who !== null && record.seats[who] === "human" && name(who) === "You" ? `You ${move.you}`
      : `${who === null ? "" : `${name(who)} `}${move.label}`;
    return text.endsWith(".") ? text : `${text}.`;
  }

  /** @param {string[][] | undefined} all */
  function drawHands(all) {
    hands.hidden = !all;
    if (!all) return;
    hands.replaceChildren(...all.map((tiles, seat) =>
      h("p", { "data-seat": String(seat) }, `${name(seat)}: ${tiles.length ? tiles.join(" ") : "no tiles"}`)));
  }

  /** The board drawn again as it stands, its marks too: its box changed size, or the renderer asked. */
  function redraw() {
    if (!source.view || disposed) return;
    screen.draw(source.view);
    onDrawn(source.view);
  }

  /** @param {KeyboardEvent} event the coach's keys: arrows, Home and End move through the game */
  function onKey(event) {
    if (event.target instanceof Element && event.target.matches("input[type=range]")) return; // the scrubber has its own keys
    const to = /** @type {Record<string, number>} */ ({ ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total })[event.key];
    if (to === undefined) return;
    event.preventDefault();
    goByHand(to);
  }

  const stopWatching = redrawOnResize(board, redraw);
  return {
    total, board, bar, where, moveText, revealLabel, hands,
    go, goByHand, fetchView, showPosition, stopPlaying, onKey,
    /** the moves made before the position on the board */
    at: () => at,
    /**
     * What the other parts hear: after every draw, when a plain position is asked for, and when
     * "Show every hand" changes (its views are fetched again); and the moves the renderer marks.
     * @param {{drawn: (view: View) => void, plain: () => void, revealed: () => void, marks: () => Move[]}} hooks
     */
    listen(hooks) {
      marks = hooks.marks;
      onDrawn = hooks.drawn;
      onPlain = hooks.plain;
      revealChanged = hooks.revealed;
    },
    dispose() {
      disposed = true;
      stopWatching();
      stopPlaying();
    },
  };
}
