// @ts-check
// The coach: replay a game move by move and review the person's decisions, as a chess program's
// game review does. It draws each position with the game's own renderer (view in, DOM out), from
// the engine's `replay` op (the position as the person's seat saw it then: other hands stay
// hidden, every hand only once the game is over), and rates decisions with the `review` op, a
// few at a time so progress shows and Cancel stops it. It never branches on a game.

import { h } from "../render/dom.js";
import { drawMoving } from "../render/motion.js";
import { createRendererContext } from "./renderer_contract.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").MoveEvent} MoveEvent */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./renderer_contract.js").ScreenSource} ScreenSource */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */

/**
 * A rated decision of the review (engine/review.py).
 * @typedef {object} Decision
 * @property {number} index
 * @property {string} grade
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
 */

const SLICE = 2; // decisions rated per request (the engine also ends one inside a long decision after about 2 s),
// so the worker stays free for other requests, progress moves and Cancel works between them
/** @type {Record<string, string>} */
const GRADE_TEXT = { best: "Best", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
const PLAY_PAUSE_MS = 700; // between moves when the replay plays itself, after each move's motion

/**
 * Mount the coach for `record`: the game's renderer (createRenderer) draws each position through
 * a replay's renderer context; the replay's Play runs on the screen's sequencer. name(seat) is a
 * seat's name; motionMs() the duration of a slide at the page's speed (0: no motion); onClose()
 * goes back to the game.
 * @param {{engine: Engine, spec: GameSpec, record: GameRecord, createRenderer: RendererFactory,
 *   name: (seat: number) => string, motionMs: () => number, sequencer: Sequencer, onClose: () => void}} parts
 * @returns {{element: HTMLElement, focus: () => void, dispose: () => void}}
 */
export function createCoach({ engine, spec, record, createRenderer, name, motionMs, sequencer, onClose }) {
  const total = record.moves.length;
  const person = Math.max(0, record.seats.indexOf("human"));
  /** @type {Map<number, View>} */
  const views = new Map(); // at -> view
  /** @type {ScreenSource} */
  const source = { view: null, viewer: person, covered: false, lastAction: {}, log: [], session: null };
  let at = total;
  /** @type {Decision | null} */
  let better = null; // the review's better move, shown on the board at its position
  let reveal = false;
  let finished = false;
  /** @type {{cancelled: boolean} | null} */
  let reviewRun = null;
  let disposed = false;

  const board = h("div", { class: "coach-board", id: "coach-board", "aria-label": `${spec.name}, replay` });
  const screen = createRenderer(createRendererContext({
    spec, board, engine, source, name, sequencer, motionMs, actions: null,
    render: () => { if (source.view) screen.draw(source.view); },
    hintMove: () => better?.best_move ?? null,
  }));
  board.className = `coach-board ${screen.boardClass}`;

  /**
   * @param {string} label
   * @param {Record<string, string>} attrs
   * @param {() => void} onClick
   */
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
  const where = h("p", { class: "coach-where", id: "coach-where", "aria-live": "polite" });
  const moveText = h("p", { class: "coach-move", id: "coach-move" });
  const revealBox = h("input", { type: "checkbox", id: "coach-reveal" });
  const revealLabel = h("label", { class: "toggle", hidden: "" }, revealBox, " Show every hand");
  revealBox.addEventListener("change", () => {
    reveal = revealBox.checked;
    views.clear();
    go(at);
  });
  const hands = h("div", { class: "coach-hands", id: "coach-hands", hidden: "" });

  const reviewButton = button("Review my moves", { class: "primary", "data-action": "coach-review" }, runReview);
  const cancelButton = button("Cancel", { "data-action": "coach-cancel", hidden: "" }, () => {
    if (reviewRun) reviewRun.cancelled = true;
  });
  const progress = h("progress", { id: "coach-progress", max: "1", value: "0", hidden: "" });
  const reviewText = h("p", { class: "coach-review-text", id: "coach-review-text", "aria-live": "polite" });
  const graph = h("div", { class: "coach-graph", id: "coach-graph" });
  const list = h("ol", { class: "coach-decisions", id: "coach-decisions", "aria-label": "Your decisions" });
  const close = button("Back to the game", { "data-action": "coach-close" }, () => onClose());

  const element = h("section", { class: "coach", id: "coach", "aria-label": "Replay and review", tabindex: "-1" },
    h("div", { class: "coach-head" }, h("h2", {}, "Replay and review"), close),
    h("div", { class: "coach-bar", role: "toolbar", "aria-label": "Replay" }, first, back, playButton, scrubber, forward, last),
    where, moveText, revealLabel, board, hands,
    h("div", { class: "coach-review" }, h("div", { class: "actions" }, reviewButton, cancelButton), progress,
      reviewText, graph, list));
  element.addEventListener("keydown", (event) => {
    if (event.target instanceof Element && event.target.matches("input[type=range]")) return; // the scrubber has its own keys
    const to = /** @type {Record<string, number>} */ ({ ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total })[event.key];
    if (to === undefined) return;
    event.preventDefault();
    goByHand(to);
  });

  /**
   * A move the person asked for stops the replay playing itself.
   * @param {number} n
   */
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
        await go(at + 1, false, live); // a pause while the position loads keeps it off
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
   * The position after `n` moves (the engine replays the record; cached).
   * @param {number} n
   * @returns {Promise<View>}
   */
  async function fetchView(n) {
    const known = views.get(n);
    if (known) return known;
    const answer = await engine.request({ op: "replay", record, at: n, seat: person, reveal });
    if (!answer.ok) throw new Error(answer.error.message);
    views.set(n, answer.view);
    return answer.view;
  }

  /**
   * Show the position after `n` moves (`keepBetter`: the review's better move stays marked).
   * @param {number} n
   * @param {boolean} [keepBetter]
   * @param {() => boolean} [stillWanted]
   */
  async function go(n, keepBetter = false, stillWanted = () => true) {
    n = Math.max(0, Math.min(total, n));
    if (!keepBetter) better = null;
    let view;
    try {
      view = await fetchView(n);
    } catch (error) {
      where.textContent = `This position could not be shown: ${error instanceof Error ? error.message : error}`;
      return;
    }
    if (disposed || !stillWanted()) return;
    const oneStep = Math.abs(n - at) === 1 && source.view && source.view !== view; // a jump does not travel
    at = n;
    source.view = view;
    scrubber.value = String(at);
    first.disabled = back.disabled = at === 0;
    forward.disabled = last.disabled = at === total;
    where.textContent = `Move ${at} of ${total}`;
    const event = view.events?.[0];
    moveText.textContent = event ? sentence(event) : "The deal.";
    if (better) moveText.textContent = `${GRADE_TEXT[better.grade]} at move ${better.index + 1}: you chose to ` +
      `${better.played_move.you}. Better: ${better.best_move.you} (highlighted).`;
    board.dataset.at = String(at);
    drawMoving(board, screen.draw, view, oneStep ? motionMs() : 0);
    if (n === total && view.outcome) finished = true;
    revealLabel.hidden = !(spec.hidden_hands && finished);
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

  async function runReview() {
    if (reviewRun) return;
    /** @type {{cancelled: boolean}} */
    const run = { cancelled: false };
    reviewRun = run;
    reviewButton.disabled = true;
    cancelButton.hidden = false;
    progress.hidden = false;
    list.replaceChildren();
    graph.replaceChildren();
    reviewText.textContent = "Reviewing your decisions…";
    /** @type {Decision[]} */
    const decisions = [];
    let start = 0;
    let totalDecisions = null;
    try {
      while (start !== null && !run.cancelled && !disposed) {
        const answer = await engine.request({ op: "review", record, start, limit: SLICE });
        if (!answer.ok) throw new Error(answer.error.message);
        const slice = answer.review;
        totalDecisions = slice.total;
        decisions.push(...slice.decisions);
        start = slice.next;
        const working = slice.working; // a decision cut short, to go on with: its play-outs so far
        progress.max = Math.max(1, slice.total);
        progress.value = decisions.length + (working ? working.samples / working.most : 0);
        reviewText.textContent = `Reviewing your decisions: ${decisions.length} of ${slice.total}` +
          (working ? ` (move ${working.index + 1}: ${working.samples} play-out${working.samples === 1 ? "" : "s"} per move ` +
            "so far)…" : "…");
      }
      if (disposed) return;
      if (run.cancelled) reviewText.textContent = `Review stopped after ${decisions.length} of ${totalDecisions} decisions.`;
      else showReview(decisions);
    } catch (error) {
      reviewText.textContent = `The review failed: ${error instanceof Error ? error.message : error}`;
    } finally {
      reviewRun = null;
      reviewButton.disabled = false;
      cancelButton.hidden = true;
      progress.hidden = true;
    }
  }

  /** @param {Decision[]} decisions */
  function showReview(decisions) {
    if (!decisions.length) {
      reviewText.textContent = "You had no real decisions to review: every move was forced.";
      return;
    }
    const marked = decisions.filter((d) => MARKED.has(d.grade));
    const counts = Object.keys(GRADE_TEXT).map((g) => [g, decisions.filter((d) => d.grade === g).length])
      .filter(([, n]) => n).map(([g, n]) => `${n} ${GRADE_TEXT[g].toLowerCase()}`);
    const unit = decisions[0].unit;
    const how = decisions[0].exact ? "exactly" : `from ${playoutCount(decisions)} play-outs per move`;
    reviewText.textContent = `${decisions.length} decision${decisions.length === 1 ? "" : "s"}: ${counts.join(", ")}. ` +
      `${unit === "win" ? "Chances to win" : "Expected round points"} computed ${how}.`;
    graph.replaceChildren(drawGraph(decisions));
    list.replaceChildren(...decisions.map((d) => {
      const item = h("li", { "data-grade": d.grade, "data-index": String(d.index) });
      const text = `Move ${d.index + 1}: ${GRADE_TEXT[d.grade]}. You: ${d.played_move.you}` +
        (d.best === d.played ? "" : `; better: ${d.best_move.you}`) + lossText(d);
      if (MARKED.has(d.grade)) {
        item.append(button(text, { "data-action": "coach-jump", "data-index": String(d.index) }, () => show(d)));
      } else {
        item.append(text);
      }
      return item;
    }));
    if (marked.length) list.querySelector("button")?.focus();
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
  const format = (/** @type {string} */ unit, /** @type {number} */ value) => (unit === "win" ? `${Math.round(value * 100)}%` : value.toFixed(1));

  /**
   * A decision's position (before the move) with the better move highlighted on the board.
   * @param {Decision} decision
   */
  function show(decision) {
    better = decision;
    stopPlaying();
    go(decision.index, true).then(() => where.scrollIntoView?.({ block: "start" })); // the why, then the board
  }

  /**
   * The person's value before each decision (chance to win, or expected round points), mistakes marked.
   * @param {Decision[]} decisions
   */
  function drawGraph(decisions) {
    const points = /** @type {(Decision & {value_best: number})[]} */ (decisions.filter((d) => typeof d.value_best === "number"));
    const svgNs = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(svgNs, "svg");
    const width = 320;
    const height = 80;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${points.length ? "Your value over the game" : "No values to draw"}; ` +
      `${decisions.filter((d) => MARKED.has(d.grade)).length} marked decisions`);
    if (!points.length) return svg;
    const values = points.map((d) => d.value_best);
    const low = Math.min(0, ...values);
    const high = Math.max(decisions[0].unit === "win" ? 1 : 1, ...values);
    const x = (/** @type {Decision} */ d) => 6 + (d.index / Math.max(1, total)) * (width - 12);
    const y = (/** @type {number} */ v) => height - 6 - ((v - low) / Math.max(1e-9, high - low)) * (height - 12);
    const line = document.createElementNS(svgNs, "polyline");
    line.setAttribute("points", points.map((d) => `${x(d).toFixed(1)},${y(d.value_best).toFixed(1)}`).join(" "));
    line.setAttribute("class", "coach-line");
    svg.append(line);
    for (const d of points.filter((p) => MARKED.has(p.grade))) {
      const dot = document.createElementNS(svgNs, "circle");
      dot.setAttribute("cx", x(d).toFixed(1));
      dot.setAttribute("cy", y(d.value_best).toFixed(1));
      dot.setAttribute("r", "4");
      dot.setAttribute("class", `coach-dot ${d.grade}`);
      dot.setAttribute("data-index", String(d.index));
      const title = document.createElementNS(svgNs, "title");
      title.textContent = `Move ${d.index + 1}: ${GRADE_TEXT[d.grade]}`;
      dot.append(title);
      dot.addEventListener("click", () => show(d));
      svg.append(dot);
    }
    return svg;
  }

  go(total);
  return {
    element,
    focus: () => element.focus(),
    dispose() {
      disposed = true;
      stopPlaying();
      if (reviewRun) reviewRun.cancelled = true;
    },
  };
}
