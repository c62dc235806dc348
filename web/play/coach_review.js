// The coach's review: the engine's `review` op rates the person's decisions a few at a time (so
// progress shows and Cancel stops it between slices); the results are the key moments (the
// engine's list: the biggest drops, biggest first), a graph of the person's value before each
// decision, and every decision below, each a button to its position on the board.

import { reviewChart } from "../render/charts.js";
import { h } from "../render/dom.js";
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

const SLICE = 2; // decisions rated per request (the engine also ends one inside a long decision after about 2 s),
// so the worker stays free for other requests, progress moves and Cancel works between them
/** @type {Record<string, string>} */
const GRADE_TEXT = { best: "Best", good: "Good", uncertain: "Uncertain", inaccuracy: "Inaccuracy", mistake: "Mistake",
  blunder: "Blunder" };
/** @type {Record<string, string>} */
const GRADE_PLURAL = { best: "best", good: "good", uncertain: "uncertain", inaccuracy: "inaccuracies", mistake: "mistakes",
  blunder: "blunders" };

/**
 * @param {{engine: Engine, record: GameRecord, total: number, show: (d: Decision) => void}} parts
 *   total: the game's moves; show(d): a decision on the board
 */
export function createReview({ engine, record, total, show }) {
  /** @type {{cancelled: boolean} | null} */
  let run = null;
  let disposed = false;
  /** @type {{decisions: Decision[], key: number[]}} */
  let shown = { decisions: [], key: [] };

  /** @param {string} label @param {Record<string, string>} attrs @param {() => void} onClick */
  const button = (label, attrs, onClick) => {
    const b = h("button", { type: "button", ...attrs }, label);
    b.addEventListener("click", onClick);
    return b;
  };
  const reviewButton = button("Review my moves", { class: "primary", "data-action": "coach-review" }, () => runReview());
  const cancelButton = button("Cancel", { "data-action": "coach-cancel", hidden: "" }, () => {
    if (run) run.cancelled = true;
  });
  const progress = h("progress", { id: "coach-progress", max: "1", value: "0", hidden: "" });
  const reviewText = h("p", { class: "coach-review-text", id: "coach-review-text", "aria-live": "polite" });
  const keyList = h("ol", { class: "coach-decisions coach-key", id: "coach-key", "aria-label": "Key moments" });
  const keyHead = h("h3", { class: "coach-key-head", hidden: "" }, "Key moments");
  const list = h("ol", { class: "coach-decisions", id: "coach-decisions", "aria-label": "Your decisions" });
  const allDecisions = h("details", { class: "coach-all", id: "coach-all", hidden: "" },
    h("summary", {}, "Show every decision"), list);
  const chart = h("div", { class: "coach-chart-box" });
  const explained = h("p", { class: "coach-graph-text", id: "coach-graph-text" });
  const graph = h("figure", { class: "coach-graph", id: "coach-graph", hidden: "" }, chart, h("figcaption", {}, explained));
  const element = h("div", { class: "coach-review" }, h("div", { class: "actions" }, reviewButton, cancelButton), progress,
    reviewText, keyHead, keyList, allDecisions);

  async function runReview() {
    if (run) return;
    /** @type {{cancelled: boolean}} */
    const mine = { cancelled: false };
    run = mine;
    reviewButton.disabled = true;
    cancelButton.hidden = progress.hidden = false;
    list.replaceChildren();
    keyList.replaceChildren();
    keyHead.hidden = allDecisions.hidden = graph.hidden = true;
    reviewText.textContent = "Reviewing your decisions…";
    /** @type {Decision[]} */
    const decisions = [];
    let start = 0;
    let totalDecisions = null;
    /** @type {{index: number, why: string}[]} */
    let notGraded = [];
    try {
      while (start !== null && !mine.cancelled && !disposed) {
        const answer = await engine.request({ op: "review", record, start, limit: SLICE });
        if (!answer.ok) throw new Error(answer.error.message);
        const slice = answer.review;
        totalDecisions = slice.total;
        decisions.push(...slice.decisions);
        notGraded = slice.not_graded ?? [];
        if (slice.decisions.length) showResults(decisions, slice.key_moments ?? [], false);
        start = slice.next;
        const working = slice.working; // a decision cut short, to go on with: its play-outs so far
        progress.max = Math.max(1, slice.total);
        progress.value = decisions.length + (working ? working.samples / working.most : 0);
        reviewText.textContent = `Reviewing your decisions: ${decisions.length} of ${slice.total}` +
          (working ? ` (move ${working.index + 1}: ${working.samples} play-out${working.samples === 1 ? "" : "s"} per move ` +
            "so far)…" : "…");
      }
      if (disposed) return;
      if (mine.cancelled) reviewText.textContent = `Review stopped after ${decisions.length} of ${totalDecisions} decisions.`;
      else {
        showResults(decisions, shown.key, true);
        if (notGraded.length) reviewText.append(` Not graded as yours: ${notGradedText(notGraded)}.`);
      }
    } catch (error) {
      reviewText.textContent = `The review failed: ${error instanceof Error ? error.message : error}`;
    } finally {
      run = null;
      reviewButton.disabled = false;
      cancelButton.hidden = progress.hidden = true;
    }
  }

  /**
   * The review so far (`done`: all of it): the key moments first, the graph, every decision below.
   * @param {Decision[]} decisions
   * @param {number[]} key the key moments' move indices, the biggest drop first
   * @param {boolean} done
   */
  function showResults(decisions, key, done) {
    shown = { decisions, key };
    if (!decisions.length) {
      if (done) reviewText.textContent = "You had no real decisions to review: every move was forced.";
      return;
    }
    if (done) reviewText.textContent = summaryText(decisions);
    const byIndex = new Map(decisions.map((d) => [d.index, d]));
    const moments = key.flatMap((i) => byIndex.get(i) ?? []);
    const focused = keyList.contains(document.activeElement);
    keyHead.hidden = false;
    keyList.replaceChildren(...(moments.length ? moments.map((d) => decisionItem(d, "coach-jump"))
      : [h("li", { class: "coach-none" }, noKeyMoment(decisions, done))]));
    drawGraph();
    allDecisions.hidden = false;
    list.replaceChildren(...decisions.map((d) => decisionItem(d, "coach-jump-any")));
    if (done && moments.length && !focused) keyList.querySelector("button")?.focus({ preventScroll: true });
  }

  /** The graph at its box's width, with the words that explain it (drawn again when its box changes size). */
  function drawGraph() {
    const { decisions } = shown;
    if (!decisions.length) return;
    graph.hidden = false;
    const win = decisions[0].unit === "win";
    chart.replaceChildren(reviewChart(decisions, total, chart.clientWidth || 360, show));
    explained.textContent = win
      ? "The line is your chance to win before each of your decisions (up is better), as the play-outs measured " +
        "it with the best move. Dots are your inaccuracies, mistakes and blunders: pick one to see it on the board."
      : "Round points: what the round was worth to you before each of your decisions, your points minus the " +
        "others' average at the round's end, with the best move (up is better; below 0 the others were ahead). " +
        "A dashed line starts a new round (R2, R3…). Dots are your inaccuracies, mistakes and blunders: pick one " +
        "to see it on the board.";
  }

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
   * A decision in a list: a button to its position when a better move was found.
   * @param {Decision} d
   * @param {string} action
   */
  function decisionItem(d, action) {
    const item = h("li", { "data-grade": d.grade, "data-index": String(d.index) });
    const text = `Move ${d.index + 1}: ${d.verdict}. You: ${d.played_move.you}` +
      (d.best === d.played ? "" : `; better: ${d.best_move.you}`) + lossText(d);
    if (d.best !== d.played) item.append(button(text, { "data-action": action, "data-index": String(d.index) }, () => show(d)));
    else item.append(text);
    return item;
  }

  const stopWatching = redrawOnResize(chart, drawGraph);
  return {
    element, graph,
    dispose() {
      disposed = true;
      stopWatching();
      if (run) run.cancelled = true;
    },
  };
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
