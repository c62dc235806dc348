// The coach: replay a game move by move and review the person's decisions, as a chess program's
// game review does. It draws each position with the game's own renderer (view in, DOM out), from
// the engine's `replay` op (the position as the person's seat saw it then: other hands stay
// hidden, every hand only once the game is over), and rates decisions with the `review` op, a
// few at a time so progress shows and Cancel stops it. It never branches on a game.

import { h, svgNode } from "../render/dom.js";
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

/** @typedef {"before" | "played" | "better"} Showing which board a marked decision shows */

const SLICE = 2; // decisions rated per request (the engine also ends one inside a long decision after about 2 s),
// so the worker stays free for other requests, progress moves and Cancel works between them
/** @type {Record<string, string>} */
const GRADE_TEXT = { best: "Best", good: "Good", uncertain: "Uncertain", inaccuracy: "Inaccuracy", mistake: "Mistake",
  blunder: "Blunder" };
/** @type {Record<string, string>} */
const GRADE_PLURAL = { best: "best", good: "good", uncertain: "uncertain", inaccuracy: "inaccuracies", mistake: "mistakes",
  blunder: "blunders" };
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
const SEVERITY = ["blunder", "mistake", "inaccuracy"]; // worst first
const KEY_MOMENTS = 5; // every blunder and mistake, then the largest other losses up to this many
const PLAY_PAUSE_MS = 700; // between moves when the replay plays itself, after each move's motion

/**
 * Round numbers from `low` to `high` for an axis: `step` apart, or about four steps of 1, 2 or 5 times a power of ten.
 * @param {number} low
 * @param {number} high
 * @param {number} step
 */
function ticks(low, high, step) {
  if (!step) {
    const raw = Math.max(1e-9, (high - low) / 4);
    const power = 10 ** Math.floor(Math.log10(raw));
    step = [1, 2, 5, 10].map((k) => k * power).find((s) => s >= raw) ?? raw;
    step = Math.max(step, 1);
  }
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}

/**
 * An axis range that starts and ends on round numbers.
 * @param {number} low
 * @param {number} high
 * @returns {[number, number]}
 */
function niceRange(low, high) {
  const step = ticks(low, high, 0)[1] - ticks(low, high, 0)[0] || 1;
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step];
}

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
  /** @type {{decision: Decision, showing: Showing} | null} */
  let compare = null; // a decision on the board: before it, after the move made, or after the better move
  let reveal = false;
  let finished = false;
  /** @type {{cancelled: boolean} | null} */
  let reviewRun = null;
  let disposed = false;

  const board = h("div", { class: "coach-board", id: "coach-board", "aria-label": `${spec.name}, replay` });
  const screen = createRenderer(createRendererContext({
    spec, board, engine, source, name, sequencer, motionMs, actions: null,
    render: () => redraw(),
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
    betterViews.clear();
    if (compare) showCompare(compare.showing);
    else go(at);
  });
  const hands = h("div", { class: "coach-hands", id: "coach-hands", hidden: "" });
  /** @type {Record<Showing, HTMLButtonElement>} */
  const showButtons = {
    before: button("Both", { "data-action": "coach-show-before", "aria-pressed": "false" }, () => showCompare("before")),
    played: button("Your move", { "data-action": "coach-show-played", "aria-pressed": "false", class: "coach-key-played" },
      () => showCompare("played")),
    better: button("Better move", { "data-action": "coach-show-better", "aria-pressed": "false", class: "coach-key-better" },
      () => showCompare("better")),
  };
  const legend = h("p", { class: "coach-legend", id: "coach-legend", "aria-live": "polite" });
  const compareBox = h("div", { class: "coach-compare", id: "coach-compare", hidden: "" },
    h("div", { class: "coach-toggle", role: "group", "aria-label": "The board shows" },
      showButtons.before, showButtons.played, showButtons.better), legend);

  const reviewButton = button("Review my moves", { class: "primary", "data-action": "coach-review" }, runReview);
  const cancelButton = button("Cancel", { "data-action": "coach-cancel", hidden: "" }, () => {
    if (reviewRun) reviewRun.cancelled = true;
  });
  const progress = h("progress", { id: "coach-progress", max: "1", value: "0", hidden: "" });
  const reviewText = h("p", { class: "coach-review-text", id: "coach-review-text", "aria-live": "polite" });
  const graph = h("div", { class: "coach-graph", id: "coach-graph" });
  const keyList = h("ol", { class: "coach-decisions coach-key", id: "coach-key", "aria-label": "Key moments" });
  const keyHead = h("h3", { class: "coach-key-head", hidden: "" }, "Key moments");
  const list = h("ol", { class: "coach-decisions", id: "coach-decisions", "aria-label": "Your decisions" });
  const allDecisions = h("details", { class: "coach-all", id: "coach-all", hidden: "" },
    h("summary", {}, "Show every decision"), list);
  const close = button("Back to the game", { "data-action": "coach-close" }, () => onClose());

  const element = h("section", { class: "coach", id: "coach", "aria-label": "Replay and review", tabindex: "-1" },
    h("div", { class: "coach-head" }, h("h2", {}, "Replay and review"), close),
    h("div", { class: "coach-stage" },
      h("div", { class: "coach-bar", role: "toolbar", "aria-label": "Replay" }, first, back, playButton, scrubber, forward, last),
      board, hands),
    h("div", { class: "coach-side" }, where, moveText, revealLabel, compareBox,
      h("div", { class: "coach-review" }, h("div", { class: "actions" }, reviewButton, cancelButton), progress,
        reviewText, keyHead, keyList, graph, allDecisions)));
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
    if (!keepBetter) {
      better = null;
      compare = null;
      compareBox.hidden = true;
    }
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
    if (better) moveText.textContent = `${better.verdict} at move ${better.index + 1}: you chose to ` +
      `${better.played_move.you}. Better: ${better.best_move.you}.`;
    board.dataset.at = String(at);
    delete board.dataset.showing;
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
    keyList.replaceChildren();
    keyHead.hidden = allDecisions.hidden = true;
    graph.replaceChildren();
    reviewText.textContent = "Reviewing your decisions…";
    /** @type {Decision[]} */
    const decisions = [];
    let start = 0;
    let totalDecisions = null;
    /** @type {{index: number, why: string}[]} */
    let notGraded = [];
    try {
      while (start !== null && !run.cancelled && !disposed) {
        const answer = await engine.request({ op: "review", record, start, limit: SLICE });
        if (!answer.ok) throw new Error(answer.error.message);
        const slice = answer.review;
        totalDecisions = slice.total;
        decisions.push(...slice.decisions);
        notGraded = slice.not_graded ?? [];
        if (slice.decisions.length) showResults(decisions, false);
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
      else {
        showResults(decisions, true);
        if (notGraded.length) reviewText.append(` Not graded as yours: ${notGradedText(notGraded)}.`);
      }
    } catch (error) {
      reviewText.textContent = `The review failed: ${error instanceof Error ? error.message : error}`;
    } finally {
      reviewRun = null;
      reviewButton.disabled = false;
      cancelButton.hidden = true;
      progress.hidden = true;
    }
  }

  /**
   * The review so far (`done`: all of it): the key moments first, the graph, every decision below.
   * @param {Decision[]} decisions
   * @param {boolean} done
   */
  function showResults(decisions, done) {
    if (!decisions.length) {
      if (done) reviewText.textContent = "You had no real decisions to review: every move was forced.";
      return;
    }
    const counts = Object.keys(GRADE_TEXT).map((g) => [g, decisions.filter((d) => d.grade === g).length])
      .filter(([, n]) => n).map(([g, n]) => `${n} ${n === 1 ? GRADE_TEXT[g].toLowerCase() : GRADE_PLURAL[g]}`);
    const unit = decisions[0].unit;
    const how = decisions[0].exact ? "exactly" : `from ${playoutCount(decisions)} play-outs per move`;
    if (done) {
      reviewText.textContent = `${decisions.length} decision${decisions.length === 1 ? "" : "s"}: ${counts.join(", ")}. ` +
        `${unit === "win" ? "Chances to win" : "Expected round points"} computed ${how}.`;
    }
    const key = keyMoments(decisions);
    const focused = keyList.contains(document.activeElement);
    keyHead.hidden = false;
    keyList.replaceChildren(...(key.length ? key.map((d) => decisionItem(d, "coach-jump"))
      : [h("li", { class: "coach-none" }, noKeyMoment(decisions, done))]));
    graph.replaceChildren(drawGraph(decisions));
    allDecisions.hidden = false;
    list.replaceChildren(...decisions.map((d) => decisionItem(d, "coach-jump-any")));
    if (done && key.length && !focused) keyList.querySelector("button")?.focus({ preventScroll: true });
  }

  /**
   * The decisions that mattered, in the order they were made: every blunder and mistake, then the
   * largest other marked losses up to KEY_MOMENTS.
   * @param {Decision[]} decisions
   */
  function keyMoments(decisions) {
    const marked = decisions.filter((d) => MARKED.has(d.grade))
      .sort((a, b) => SEVERITY.indexOf(a.grade) - SEVERITY.indexOf(b.grade) || (b.loss ?? 0) - (a.loss ?? 0));
    const serious = marked.filter((d) => d.grade !== "inaccuracy");
    const chosen = marked.slice(0, Math.max(serious.length, KEY_MOMENTS));
    return chosen.sort((a, b) => a.index - b.index);
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
    if (d.best !== d.played) {
      item.append(button(text, { "data-action": action, "data-index": String(d.index) }, () => show(d)));
    } else {
      item.append(text);
    }
    return item;
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
  const format = (/** @type {string} */ unit, /** @type {number} */ value) => (unit === "win" ? `${Math.round(value * 100)}%` : value.toFixed(1));

  /**
   * A decision on the board: its position with both moves marked, with a toggle to the position
   * after the move made and after the better move.
   * @param {Decision} decision
   */
  function show(decision) {
    stopPlaying();
    compare = { decision, showing: "before" };
    showCompare("before").then(() => board.scrollIntoView?.({ block: "nearest" })); // the toggle shows above it
  }

  /**
   * Draw the decision on screen as `showing` says: the position before it (both moves' places
   * marked), after the move made, or after the better move (the engine replays the better move in
   * place of the one made), the moved tiles marked in the move's colour.
   * @param {Showing} showing
   */
  async function showCompare(showing) {
    if (!compare) return;
    const d = compare.decision;
    compare.showing = showing;
    /** @type {View} */
    let view;
    try {
      view = showing === "better" ? await fetchBetter(d) : await fetchView(showing === "before" ? d.index : d.index + 1);
    } catch (error) {
      legend.textContent = `That position could not be shown: ${error instanceof Error ? error.message : error}`;
      return;
    }
    if (disposed || compare?.decision !== d || compare.showing !== showing) return;
    const before = await fetchView(d.index);
    if (disposed || compare?.decision !== d || compare.showing !== showing) return;
    better = showing === "before" ? d : null; // the renderer's own hint marks the better move before it is made
    at = showing === "before" ? d.index : d.index + 1;
    source.view = view;
    scrubber.value = String(at);
    first.disabled = back.disabled = at === 0;
    forward.disabled = last.disabled = at === total;
    where.textContent = `Move ${at} of ${total}` + (showing === "better" ? ", with the better move instead of yours" : "");
    moveText.textContent = `${d.verdict} at move ${d.index + 1}: you chose to ${d.played_move.you}. ` +
      (d.best === d.played ? "" : `Better: ${d.best_move.you}.`);
    compareBox.hidden = false;
    showButtons.better.hidden = d.best === d.played;
    for (const [name, b] of Object.entries(showButtons)) b.setAttribute("aria-pressed", String(name === showing));
    board.dataset.at = String(at);
    board.dataset.showing = showing;
    if (showing === "before") {
      screen.draw(view);
    } else {
      screen.draw(before); // the move travels from the position before it
      await drawMoving(board, screen.draw, view, motionMs());
    }
    if (compare?.showing !== showing) return;
    markCompared(view);
    legend.replaceChildren(...legendText(d, showing));
    drawHands(view.all_hands);
  }

  /**
   * Mark the decision on the board where its moves go (see showCompare).
   * @param {View} view the position drawn
   */
  function markCompared(view) {
    if (!compare || !board.dataset.showing) return; // (go() shows a plain position)
    const { decision: d, showing } = compare;
    if (showing === "before") {
      mark(d.played_move, "played", true);
      if (d.best !== d.played) mark(d.best_move, "better", true);
    } else {
      mark(view.events?.[0] ?? (showing === "better" ? d.best_move : d.played_move), showing, false);
    }
  }

  /** The board drawn again as it stands, its marks too: its box changed size (a renderer fits
   *  what it draws to the box it is given), or the renderer asked for it. */
  function redraw() {
    if (!source.view || disposed) return;
    screen.draw(source.view);
    markCompared(source.view);
  }

  /**
   * The words beside the board: which colour is which move.
   * @param {Decision} d
   * @param {Showing} showing
   */
  function legendText(d, showing) {
    const yours = h("span", { class: "coach-swatch coach-key-played" }, "Orange, solid: your move");
    const best = h("span", { class: "coach-swatch coach-key-better" }, "Blue, dashed: the better move");
    if (showing === "before") return d.best === d.played ? [yours, ", before it was made."] : [yours, " ", best, ", before either."];
    if (showing === "played") return [yours, ", where it went."];
    return [best, ", where it would have gone."];
  }

  /**
   * Outline the places a move touches on the board (its tiles, where they come from or go to),
   * by the keys every renderer puts on its tiles and places (data-key).
   * @param {Partial<MoveEvent> & {tiles?: string[], from?: string | string[], to?: string}} move
   * @param {"played" | "better"} which
   * @param {boolean} before the position before the move: where its tiles are, and where they go
   */
  function mark(move, which, before) {
    const keys = [move.tile, ...(move.tiles ?? []), move.to, ...(before ? [move.from].flat() : [])]
      .filter((k) => typeof k === "string" && k);
    for (const key of keys) {
      for (const node of board.querySelectorAll(`[data-key="${CSS.escape(String(key))}"]`)) {
        node.classList.add("coach-mark", `coach-mark-${which}`);
      }
    }
  }

  /** @type {Map<number, View>} */
  const betterViews = new Map(); // decision index -> the view after its better move
  /**
   * The position after a decision's better move, made in place of the move played.
   * @param {Decision} d
   * @returns {Promise<View>}
   */
  async function fetchBetter(d) {
    const known = betterViews.get(d.index);
    if (known) return known;
    const answer = await engine.request({ op: "replay", record, at: d.index + 1, seat: person, reveal, instead: d.best });
    if (!answer.ok) throw new Error(answer.error.message);
    betterViews.set(d.index, answer.view);
    return answer.view;
  }

  /**
   * The person's value before each decision (chance to win in %, or expected round points) over
   * the moves, with labelled axes, the rounds marked where the game has them, and the marked
   * decisions as dots that show their position.
   * @param {Decision[]} decisions
   */
  function drawGraph(decisions) {
    const points = /** @type {(Decision & {value_best: number})[]} */ (decisions.filter((d) => typeof d.value_best === "number"));
    const win = decisions[0].unit === "win";
    const [width, height, left, right, top, bottom] = [360, 190, 46, 10, 10, 40];
    const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", class: "coach-chart",
      "aria-label": `${win ? "Your chance to win" : "Your expected round points"} before each decision; ` +
        `${decisions.filter((d) => MARKED.has(d.grade)).length} marked decisions` });
    const scale = win ? 100 : 1;
    const values = points.map((d) => d.value_best * scale);
    const [low, high] = win ? [0, 100] : niceRange(Math.min(0, ...values), Math.max(1, ...values));
    const x = (/** @type {number} */ i) => left + (i / Math.max(1, total)) * (width - left - right);
    const y = (/** @type {number} */ v) => height - bottom - ((v - low) / Math.max(1e-9, high - low)) * (height - top - bottom);
    for (const v of ticks(low, high, win ? 25 : 0)) {
      svg.append(svgNode("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "coach-grid" }),
        svgNode("text", { x: left - 4, y: y(v) + 4, class: "coach-tick", "text-anchor": "end" }, `${v}${win ? "%" : ""}`));
    }
    for (const i of ticks(0, total, 0)) {
      svg.append(svgNode("text", { x: x(i), y: height - bottom + 14, class: "coach-tick", "text-anchor": "middle" }, String(i)));
    }
    svg.append(svgNode("line", { x1: left, x2: left, y1: top, y2: height - bottom, class: "coach-axis" }),
      svgNode("line", { x1: left, x2: width - right, y1: height - bottom, y2: height - bottom, class: "coach-axis" }),
      svgNode("text", { x: (left + width - right) / 2, y: height - 6, class: "coach-axis-title", "text-anchor": "middle" }, "Move"),
      svgNode("text", { x: 12, y: (top + height - bottom) / 2, class: "coach-axis-title", "text-anchor": "middle",
        transform: `rotate(-90 12 ${(top + height - bottom) / 2})` }, win ? "Chance to win (%)" : "Round points"));
    let labelled = -Infinity;
    points.forEach((d, n) => { // a new round starts between two decisions of different rounds
      const before = points[n - 1];
      if (!before || d.round == null || before.round === d.round) return;
      const at = x((before.index + d.index) / 2);
      svg.append(svgNode("line", { x1: at, x2: at, y1: top, y2: height - bottom, class: "coach-round", "data-round": String(d.round) }));
      if (at - labelled < 26) return; // a label only where it has room
      labelled = at;
      svg.append(svgNode("text", { x: at + 2, y: top + 10, class: "coach-round-label" }, `R${d.round}`));
    });
    if (labelled > -Infinity) {
      svg.append(svgNode("text", { x: width - right, y: height - 6, class: "coach-round-label", "text-anchor": "end" },
        "R: round"));
    }
    if (!points.length) return svg;
    svg.append(svgNode("polyline", { class: "coach-line",
      points: points.map((d) => `${x(d.index).toFixed(1)},${y(d.value_best * scale).toFixed(1)}`).join(" ") }));
    for (const d of points.filter((p) => MARKED.has(p.grade))) {
      const dot = svgNode("circle", { cx: x(d.index).toFixed(1), cy: y(d.value_best * scale).toFixed(1), r: 6,
        class: `coach-dot ${d.grade}`, "data-index": String(d.index), tabindex: "0", role: "button",
        "aria-label": `Move ${d.index + 1}: ${d.verdict}` });
      dot.append(svgNode("title", {}, `Move ${d.index + 1}: ${d.verdict}`));
      dot.addEventListener("click", () => show(d));
      dot.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        event.stopPropagation();
        show(d);
      });
      svg.append(dot);
    }
    return svg;
  }

  const stopWatching = redrawOnResize(board, redraw);
  go(total);
  return {
    element,
    focus: () => element.focus(),
    dispose() {
      disposed = true;
      stopWatching();
      stopPlaying();
      if (reviewRun) reviewRun.cancelled = true;
    },
  };
}
