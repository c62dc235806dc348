// The coach's review: the engine's `review` op rates the person's decisions a few at a time (so
// progress shows and Cancel stops it between slices); the results are the key moments (the
// engine's list: the biggest drops, biggest first), a graph of the person's value before each
// decision, and every decision below, each a button to its position on the board.

import { reviewChart } from "../render/charts.js";
import { h } from "../render/dom.js";
import { button } from "./coach_replay.js";
import { redrawOnResize } from "./renderer_contract.js";

/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Move} Move */

/**
 * A rated decision of the review (engine/review.py).
 * @typedef {object} Decision
 * @property {number} index
 * @property {string} grade
 * @property {string} verdict the grade in words ("Mistake", "Uncertain (±38 points)")
 * @property {string} played
 * @property {string} best
 * @property {Move} played_move
 * @property {Move} best_move
 * @property {string} unit "win" or "points"
 * @property {boolean} exact
 * @property {number} [loss]
 * @property {number} [uncertainty]
 * @property {number} [samples]
 * @property {number} [value_best]
 * @property {number | null} [round] the round of a game played in rounds
 */

/**
 * A whole review's results: its decisions, its key moments' indices, the moves not graded.
 * @typedef {{decisions: Decision[], key: number[], notGraded: {index: number, why: string}[]}} ReviewResults
 */
/** What a remount keeps of a review (coach.js): under way ("running": asked again; "cut-short": asked again once
 *  already, said and not asked a third time), its results, or none. @typedef {"running" | "cut-short" | ReviewResults | null} ReviewKept */

const SLICE = 2; // decisions rated per request (the engine also ends one inside a long decision after about 2 s),
// so the worker stays free for other requests, progress moves and Cancel works between them
/** @type {Record<string, string>} */
const GRADE_TEXT = { best: "Best", good: "Good", uncertain: "Uncertain", inaccuracy: "Inaccuracy", mistake: "Mistake",
  blunder: "Blunder" };
/** @type {Record<string, string>} */
const GRADE_PLURAL = { best: "best", good: "good", uncertain: "uncertain", inaccuracy: "inaccuracies", mistake: "mistakes",
  blunder: "blunders" };

export class Review {
  /**
   * @param {{engine: Engine, record: GameRecord, total: number, number: (at: number) => number,
   *   show: (d: Decision) => void}} parts total: the record's moves; number(at): the moves a player saw made once
   *   the record's first `at` were (the replay's count); show(d): a decision on the board
   */
  constructor({ engine, record, total, number, show }) {
    this.engine = engine;
    this.record = record;
    this.total = total;
    this.number = number;
    this.show = show;
    /** @type {{cancelled: boolean, again: boolean} | null} again: a review a restart cut short, asked again */
    this.run = null;
    this.disposed = false;
    /** @type {{decisions: Decision[], key: number[]}} */
    this.shown = { decisions: [], key: [] };
    /** @type {ReviewResults | null} the last review's, once it ran to its end */
    this.results = null;
    this.ui = {
      reviewButton: button("Review my moves", { class: "primary", "data-action": "coach-review" }, () => this.start()),
      cancelButton: button("Cancel", { "data-action": "coach-cancel", hidden: "" }, () => {
        if (this.run) this.run.cancelled = true;
      }),
      progress: h("progress", { id: "coach-progress", max: "1", value: "0", hidden: "" }),
      reviewText: h("p", { class: "coach-review-text", id: "coach-review-text", "aria-live": "polite" }),
      keyList: h("ol", { class: "coach-decisions coach-key", id: "coach-key", "aria-label": "Key moments" }),
      keyHead: h("h3", { class: "coach-key-head", hidden: "" }, "Key moments"),
      list: h("ol", { class: "coach-decisions", id: "coach-decisions", "aria-label": "Your decisions" }),
      chart: h("div", { class: "coach-chart-box" }),
      explained: h("p", { class: "coach-graph-text", id: "coach-graph-text" }),
    };
    const ui = this.ui;
    this.allDecisions = h("details", { class: "coach-all", id: "coach-all", hidden: "" }, h("summary", {}, "Show every decision"),
      ui.list);
    this.graph = h("figure", { class: "coach-graph", id: "coach-graph", hidden: "" }, ui.chart, h("figcaption", {}, ui.explained));
    /** its buttons' line (the coach's upright board has the room under it: coach_room.js) */
    this.actions = h("div", { class: "actions" }, ui.reviewButton, ui.cancelButton);
    this.element = h("div", { class: "coach-review" }, this.actions, ui.progress, ui.reviewText, ui.keyHead, ui.keyList, this.allDecisions);
    this.stopWatching = redrawOnResize(ui.chart, () => this.drawGraph());
  }

  /** Review the game, a slice after another, showing the results as they come (until Cancel);
   *  `again`: a review a restarted engine cut short, asked again. */
  async start(again = false) {
    if (this.run) return;
    const ui = this.ui;
    /** @type {{cancelled: boolean, again: boolean}} */
    const run = { cancelled: false, again };
    this.run = run;
    ui.reviewButton.disabled = true;
    ui.cancelButton.hidden = ui.progress.hidden = false;
    ui.list.replaceChildren();
    ui.keyList.replaceChildren();
    ui.keyHead.hidden = this.allDecisions.hidden = this.graph.hidden = true;
    this.results = null;
    ui.reviewText.textContent = again ? "The game engine was restarted: reviewing your decisions again…" : "Reviewing your decisions…";
    try {
      const { decisions, total, notGraded } = await this.slices(run);
      if (this.disposed) return;
      if (run.cancelled) ui.reviewText.textContent = `Review stopped after ${decisions.length} of ${total} decisions.`;
      else this.finish({ decisions, key: this.shown.key, notGraded });
    } catch (error) {
      ui.reviewText.textContent = `The review failed: ${error instanceof Error ? error.message : error}`;
    } finally {
      this.run = null;
      ui.reviewButton.disabled = false;
      ui.cancelButton.hidden = ui.progress.hidden = true;
    }
  }

  /**
   * A whole review's results shown (and kept, for a remount).
   * @param {ReviewResults} results
   */
  finish(results) {
    this.results = results;
    this.showResults(results.decisions, results.key, true);
    if (results.notGraded.length) this.ui.reviewText.append(` Not graded as yours: ${notGradedText(results.notGraded)}.`);
  }

  /** @returns {ReviewKept} the review as a remount keeps it */
  kept() {
    if (this.run && !this.run.cancelled) return this.run.again ? "cut-short" : "running";
    return this.results;
  }

  /** The review as a coach before left it (a remount): asked again if it was under way, else its results shown. @param {ReviewKept} kept */
  resume(kept) {
    if (kept === "running") this.start(true);
    else if (kept === "cut-short") this.ui.reviewText.textContent = "The game engine stopped twice during the review; Review my moves asks for it again.";
    else if (kept) this.finish(kept);
  }

  /**
   * The review's slices one after another, the progress and the results so far shown after each.
   * @param {{cancelled: boolean}} run
   */
  async slices(run) {
    const ui = this.ui;
    /** @type {Decision[]} */
    const decisions = [];
    /** @type {number | null} */
    let start = 0;
    let total = null;
    /** @type {{index: number, why: string}[]} */
    let notGraded = [];
    while (start !== null && !run.cancelled && !this.disposed) {
      const answer = await this.engine.request({ op: "review", record: this.record, start, limit: SLICE });
      if (!answer.ok) throw new Error(answer.error.message);
      const slice = answer.review;
      total = slice.total;
      decisions.push(...slice.decisions);
      notGraded = slice.not_graded ?? [];
      if (slice.decisions.length) this.showResults(decisions, slice.key_moments ?? [], false);
      start = slice.next;
      const working = slice.working; // a decision cut short, to go on with: its play-outs so far
      ui.progress.max = Math.max(1, slice.total);
      ui.progress.value = decisions.length + (working ? working.samples / working.most : 0);
      ui.reviewText.textContent = `Reviewing your decisions: ${decisions.length} of ${slice.total}` +
        (working ? ` (move ${this.number(working.index + 1)}: ${working.samples} play-out${working.samples === 1 ? "" : "s"} per move ` +
          "so far)…" : "…");
    }
    return { decisions, total, notGraded };
  }

  /**
   * The review so far (`done`: all of it): the key moments first, the graph, every decision below.
   * @param {Decision[]} decisions
   * @param {number[]} key the key moments' move indices, the biggest drop first
   * @param {boolean} done
   */
  showResults(decisions, key, done) {
    const ui = this.ui;
    this.shown = { decisions, key };
    if (!decisions.length) {
      if (done) ui.reviewText.textContent = "You had no real decisions to review: every move was forced.";
      return;
    }
    if (done) ui.reviewText.textContent = summaryText(decisions);
    const byIndex = new Map(decisions.map((d) => [d.index, d]));
    const moments = key.flatMap((i) => byIndex.get(i) ?? []);
    const focused = ui.keyList.contains(document.activeElement);
    ui.keyHead.hidden = false;
    ui.keyList.replaceChildren(...(moments.length ? moments.map((d) => this.decisionItem(d, "coach-jump"))
      : [h("li", { class: "coach-none" }, noKeyMoment(decisions, done))]));
    this.drawGraph();
    this.allDecisions.hidden = false;
    ui.list.replaceChildren(...decisions.map((d) => this.decisionItem(d, "coach-jump-any")));
    if (done && moments.length && !focused) ui.keyList.querySelector("button")?.focus({ preventScroll: true });
  }

  /** The graph at its box's width, with the words that explain it (drawn again when its box changes size). */
  drawGraph() {
    const { decisions } = this.shown;
    if (!decisions.length || this.disposed) return;
    this.graph.hidden = false;
    const { chart, explained } = this.ui;
    chart.replaceChildren(reviewChart(decisions, this.total, chart.clientWidth || 360, this.show, this.number));
    explained.textContent = decisions[0].unit === "win" ? WIN_TEXT : POINTS_TEXT;
  }

  /**
   * A decision in a list: a button to its position when a better move was found.
   * @param {Decision} d
   * @param {string} action
   */
  decisionItem(d, action) {
    const item = h("li", { "data-grade": d.grade, "data-index": String(d.index) });
    const text = `Move ${this.number(d.index + 1)}: ${d.verdict}. You: ${d.played_move.you}` +
      (d.best === d.played ? "" : `; better: ${d.best_move.you}`) + lossText(d);
    if (d.best !== d.played) item.append(button(text, { "data-action": action, "data-index": String(d.index) }, () => this.show(d)));
    else item.append(text);
    return item;
  }

  dispose() {
    this.disposed = true;
    this.stopWatching();
    if (this.run) this.run.cancelled = true;
  }
}

const PICK = "Dots are your inaccuracies, mistakes and blunders: pick one to see it on the board.";
const WIN_TEXT = "The line is your chance to win before each of your decisions (up is better), as the play-outs " +
  `measured it with the best move. ${PICK}`;
const POINTS_TEXT = "Round points: what the round was worth to you before each of your decisions, your points " +
  "minus the others' average at the round's end, with the best move (up is better; below 0 the others were " +
  `ahead). A dashed line starts a new round (R2, R3…). ${PICK}`;

/** @param {Decision[]} decisions "12 decisions: 3 best, … Chances to win computed from 5-60 play-outs per move." */
function summaryText(decisions) {
  const counts = Object.keys(GRADE_TEXT).map((g) => [g, decisions.filter((d) => d.grade === g).length])
    .filter(([, n]) => n).map(([g, n]) => `${n} ${n === 1 ? GRADE_TEXT[g].toLowerCase() : GRADE_PLURAL[g]}`);
  const how = decisions[0].exact ? "exactly" : `from ${playoutCount(decisions)} play-outs per move`;
  return `${decisions.length} decision${decisions.length === 1 ? "" : "s"}: ${counts.join(", ")}. ` +
    `${decisions[0].unit === "win" ? "Chances to win" : "Expected round points"} computed ${how}.`;
}

/**
 * The key moments' line when nothing was marked: never a plain "no mistakes" beside decisions
 * whose loss could not be told from nothing (graded uncertain).
 * @param {Decision[]} decisions
 * @param {boolean} done
 */
function noKeyMoment(decisions, done) {
  const close = decisions.filter((d) => d.grade === "uncertain").length;
  if (!close) return done ? "No mistakes: nothing stood out." : "No mistakes so far.";
  const told = `${close} uncertain: the play-outs could not tell ${close === 1 ? "it" : "them"} from a good move ` +
    "(every decision: below)";
  return done ? `No clear mistakes. ${told}.` : `No clear mistakes so far. ${told}.`;
}

/**
 * "3 moves (played by the computer (Show solution))", per reason.
 * @param {{index: number, why: string}[]} skipped
 */
function notGradedText(skipped) {
  const reasons = [...new Set(skipped.map((n) => n.why))];
  return reasons.map((why) => {
    const n = skipped.filter((s) => s.why === why).length;
    return `${n} move${n === 1 ? "" : "s"} (${why})`;
  }).join(", ");
}

/** @param {Decision} d */
function lossText(d) {
  if (!d.loss) return ".";
  const sure = d.uncertainty ? ` (±${format(d.unit, d.uncertainty)})` : "";
  const from = d.samples ? `, from ${d.samples} play-outs per move` : "";
  return ` (${d.unit === "win" ? "chance to win" : "points"} lost: ${format(d.unit, d.loss)}${sure}${from}).`;
}

/**
 * "60", or "20-60" where the play-outs stopped once the grade was settled.
 * @param {Decision[]} decisions
 */
function playoutCount(decisions) {
  const counts = decisions.flatMap((d) => (d.samples ? [d.samples] : []));
  if (!counts.length) return "0";
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  return low === high ? String(low) : `${low}-${high}`;
}

/** @param {string} unit @param {number} value */
const format = (unit, value) => (unit === "win" ? `${Math.round(value * 100)}%` : value.toFixed(1));
