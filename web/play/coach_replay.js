// The coach's replay: a game's positions one by one, each drawn by the game's own renderer through
// the renderer contract (the same context as the play screen's, with no actions), from the
// engine's `replay` op: the position as the person's seat saw it then (other hands hidden, every
// hand only once the game is over). Buttons, keys and a scrubber move through it; Play steps on
// by itself on the screen's sequencer. What the board shows is this part's state; the coach's
// other parts ask it to show a position (showPosition) and mark it after each draw (onDrawn).

import { h } from "../render/dom.js";
import { drawMoving } from "../render/motion.js";
import { madeSentence } from "../render/words.js";
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

/** @param {string} label @param {Record<string, string>} attrs @param {() => void} onClick */
export function button(label, attrs, onClick) {
  const b = h("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}

/**
 * What the other parts hear: after every draw, when a plain position is asked for, and when
 * "Show every hand" changes (its views are fetched again); and the moves the renderer marks.
 * @typedef {{drawn: (view: View) => void, plain: () => void, revealed: () => void, marks: () => Move[]}} ReplayHooks
 */

export class Replay {
  /**
   * @param {{engine: Engine, spec: GameSpec, record: GameRecord, createRenderer: RendererFactory,
   *   name: (seat: number) => string, motionMs: () => number, sequencer: Sequencer}} parts
   */
  constructor({ engine, spec, record, createRenderer, name, motionMs, sequencer }) {
    this.engine = engine;
    this.spec = spec;
    this.record = record;
    this.name = name;
    this.motionMs = motionMs;
    this.sequencer = sequencer;
    this.total = record.moves.length;
    /** @type {number[]} where the deals made moves of their own (the replay op's deal_moves): counted as moves */
    this.dealMoves = [];
    this.person = Math.max(0, record.seats.indexOf("human"));
    /** @type {Map<string, View>} "at" or "at+move" -> view */
    this.views = new Map();
    /** @type {ScreenSource} */
    this.source = { view: null, viewer: this.person, covered: false, lastAction: {}, log: [], session: null };
    this.at = this.total;
    /** @type {Move | null} */
    this.hint = null;
    this.reveal = false;
    this.finished = false;
    this.disposed = false;
    /** @type {ReplayHooks} */
    this.hooks = { drawn: () => {}, plain: () => {}, revealed: () => { this.go(this.at); }, marks: () => [] };
    this.board = h("div", { class: "coach-board", id: "coach-board", "aria-label": `${spec.name}, replay` });
    this.screen = createRenderer(createRendererContext({
      spec, board: this.board, engine, source: this.source, name, sequencer, motionMs, actions: null,
      render: () => this.redraw(),
      hintMove: () => this.hint,
      marks: () => this.hooks.marks(),
    }));
    this.board.className = `coach-board ${this.screen.boardClass}`;
    this.ui = this.buildControls();
    this.stopWatching = redrawOnResize(this.screen.fitBox ?? this.board, () => this.redraw());
  }

  /** The bar (first, back, Play, scrubber, forward, last), the lines under the board, every hand. */
  buildControls() {
    const first = button("|◀", { "data-action": "coach-first", "aria-label": "First position" }, () => this.goByHand(0));
    const back = button("◀", { "data-action": "coach-back", "aria-label": "Previous move" }, () => this.goByHand(this.at - 1));
    const playButton = button("Play", { "data-action": "coach-play", "aria-label": "Play the moves", "aria-pressed": "false" },
      () => (this.sequencer.running() === "replay" ? this.stopPlaying() : this.startPlaying()));
    const forward = button("▶", { "data-action": "coach-forward", "aria-label": "Next move" }, () => this.goByHand(this.at + 1));
    const last = button("▶|", { "data-action": "coach-last", "aria-label": "Last position" }, () => this.goByHand(this.total));
    const scrubber = h("input", { type: "range", id: "coach-scrubber", min: "0", max: String(this.total), step: "1",
      value: String(this.at), "aria-label": "Move number" });
    scrubber.addEventListener("input", () => this.goByHand(Number(scrubber.value)));
    const bar = h("div", { class: "coach-bar", role: "toolbar", "aria-label": "Replay" }, first, back, playButton,
      scrubber, forward, last);
    const where = h("p", { class: "coach-where", id: "coach-where", "aria-live": "polite" });
    const moveText = h("p", { class: "coach-move", id: "coach-move" });
    const revealBox = h("input", { type: "checkbox", id: "coach-reveal" });
    const revealLabel = h("label", { class: "toggle", hidden: "" }, revealBox, " Show every hand");
    const hands = h("div", { class: "coach-hands", id: "coach-hands", hidden: "" });
    revealBox.addEventListener("change", () => {
      this.reveal = revealBox.checked;
      this.views.clear();
      this.hooks.revealed();
    });
    return { first, back, playButton, forward, last, scrubber, bar, where, moveText, revealBox, revealLabel, hands };
  }

  /** Every hand shown, as a coach before showed them (a remount: coach.js): a finished game's only, the engine's rule. */
  revealAll() {
    this.reveal = this.finished = this.ui.revealBox.checked = true;
    this.views.clear();
  }

  /** @param {ReplayHooks} hooks what the other parts hear */
  listen(hooks) {
    this.hooks = hooks;
  }

  /** @param {number} n a move the person asked for: the replay stops playing itself */
  goByHand(n) {
    this.stopPlaying();
    return this.go(n);
  }

  /** @param {boolean} on */
  showPlaying(on) {
    this.ui.playButton.textContent = on ? "Pause" : "Play";
    this.ui.playButton.setAttribute("aria-pressed", String(on));
    this.ui.playButton.setAttribute("aria-label", on ? "Pause" : "Play the moves");
  }

  /** Play the moves one after another, each with its motion, from here (from the start when at the end). */
  async startPlaying() {
    if (this.at >= this.total) await this.go(0);
    this.showPlaying(true);
    await this.sequencer.run("replay", {
      pause: this.motionMs() + PLAY_PAUSE_MS, waitFirst: true,
      step: async (live) => {
        await this.go(this.at + 1, live); // a pause while the position loads keeps it off
        return this.at < this.total;
      },
    });
    if (this.sequencer.running() !== "replay") this.showPlaying(false);
  }

  stopPlaying() {
    this.sequencer.stop("replay");
    this.showPlaying(false);
  }

  /**
   * The position after `n` moves, or after the move `instead` in place of the n-th (the engine
   * replays the record; remembered).
   * @param {number} n
   * @param {string | null} [instead]
   * @returns {Promise<View>}
   */
  async fetchView(n, instead = null) {
    const key = instead ? `${n}+${instead}` : String(n);
    const known = this.views.get(key);
    if (known) return known;
    const answer = await this.engine.request({ op: "replay", record: this.record, at: n, seat: this.person, reveal: this.reveal,
      ...(instead ? { instead } : {}) });
    if (!answer.ok) throw new Error(answer.error.message);
    this.dealMoves = answer.deal_moves ?? [];
    this.views.set(key, answer.view);
    return answer.view;
  }

  /**
   * Show the position after `n` moves, plain (no decision marked).
   * @param {number} n
   * @param {() => boolean} [stillWanted]
   */
  async go(n, stillWanted = () => true) {
    n = Math.max(0, Math.min(this.total, n));
    this.hooks.plain();
    let view;
    try {
      view = await this.fetchView(n);
    } catch (error) {
      this.ui.where.textContent = `This position could not be shown: ${error instanceof Error ? error.message : error}`;
      return;
    }
    if (this.disposed || !stillWanted()) return;
    const shown = this.source.view;
    const oneStep = Math.abs(n - this.at) === 1 && shown && shown !== view; // a jump does not travel
    this.showPosition({ view, at: n, where: this.where(n), text: this.positionText(view, n),
      from: oneStep ? shown : null }); // (its motion goes on: the replay's Play waits its own pause)
  }

  /**
   * The moves a player saw made on the table once the record's first `at` were: those and the
   * moves the deals made by themselves by then (a table round's lead tile).
   * @param {number} at
   */
  number(at) {
    return at + this.dealMoves.filter((dealt) => dealt <= at).length;
  }

  /** "Move 3 of 40", counted as the moves on the table. @param {number} at */
  where(at) {
    return `Move ${this.number(at)} of ${this.number(this.total)}`;
  }

  /**
   * What the line under the position says: the move that led there, the move a deal made there
   * (the renderer's words of a new round), and the game's end there.
   * @param {View} view
   * @param {number} n
   */
  positionText(view, n) {
    const event = view.events?.[0];
    const dealt = this.dealMoves.includes(n) ? (this.screen.roundLines?.(view, null, this.name) ?? []).map((line) => line.text) : [];
    const text = [event ? this.sentence(event) : dealt.length ? "" : "The deal.", ...dealt].filter(Boolean).join(" ");
    const resigned = n === this.total ? view.outcome?.detail?.resigned : null;
    return typeof resigned === "number" ? `${text} ${this.name(resigned)} resigned.` : text;
  }

  /** @param {MoveEvent} move */
  sentence(move) {
    const who = move.seat ?? null;
    if (who !== null && this.record.seats[who] === "human" && this.name(who) === "You") return madeSentence("You", `${move.you}`);
    return madeSentence(who === null ? "" : this.name(who), move.label);
  }

  /**
   * Put a position on the board (travelling from `from` when given), then its marks (hooks.drawn).
   * @param {Shown} shown
   */
  async showPosition(shown) {
    const { view } = shown;
    const drawn = this.source.view;
    this.hint = shown.hint ?? null;
    this.at = shown.at;
    this.source.view = view;
    this.ui.scrubber.value = String(this.at);
    this.ui.scrubber.setAttribute("aria-valuetext", shown.where);
    this.ui.first.disabled = this.ui.back.disabled = this.at === 0;
    this.ui.forward.disabled = this.ui.last.disabled = this.at === this.total;
    this.ui.where.textContent = shown.where;
    this.ui.moveText.textContent = shown.text;
    this.board.dataset.at = String(this.at);
    if (shown.showing) this.board.dataset.showing = shown.showing;
    else delete this.board.dataset.showing;
    if (this.at === this.total && view.outcome) this.finished = true;
    this.ui.revealLabel.hidden = !(this.spec.hidden_hands && this.finished);
    if (shown.from) {
      if (shown.from !== drawn) this.screen.draw(shown.from); // the move travels from the position before it
      await drawMoving(this.board, this.screen.draw, view, this.motionMs());
      if (this.disposed || this.source.view !== view) return;
    } else {
      this.screen.draw(view);
    }
    this.hooks.drawn(view);
    this.drawHands(view.all_hands);
  }

  /** @param {string[][] | undefined} all */
  drawHands(all) {
    this.ui.hands.hidden = !all;
    if (!all) return;
    this.ui.hands.replaceChildren(...all.map((tiles, seat) =>
      h("p", { "data-seat": String(seat) }, `${this.name(seat)}: ${tiles.length ? tiles.join(" ") : "no tiles"}`)));
  }

  /** The board drawn again as it stands, its marks too: its box changed size, or the renderer asked. */
  redraw() {
    if (!this.source.view || this.disposed) return;
    this.screen.draw(this.source.view);
    this.hooks.drawn(this.source.view);
  }

  /** @param {KeyboardEvent} event the coach's keys: arrows, Home and End move through the game */
  onKey(event) {
    if (event.target instanceof Element && event.target.matches("input[type=range]")) return; // the scrubber has its own keys
    const keys = /** @type {Record<string, number>} */ ({ ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.total });
    const to = keys[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.goByHand(to);
  }

  dispose() {
    this.disposed = true;
    this.stopWatching();
    this.stopPlaying();
  }
}
