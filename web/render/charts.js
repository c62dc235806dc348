// Small SVG charts of one statistics entry (game and options): its results over time and its
// win rate by month. Drawn from the entry's dated results (store/stats.js keeps the last 400);
// colours come from the style sheet, and won/lost also read by direction (up/down), never by
// colour alone. Each chart is an image with a text alternative that says what it shows.

import { svgNode } from "./dom.js";

const WIDTH = 240;
const HEIGHT = 64;
const LAST_RESULTS = 40;
const MONTHS = 12;
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** @typedef {import("../store/stats.js").DatedResult} DatedResult */

/** @param {string} label @param {...SVGElement} children */
function chart(label, ...children) {
  return svgNode("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": label, class: "stats-chart",
    focusable: "false" }, svgNode("title", {}, label), ...children);
}

/**
 * The last results: a game won is a bar up, a game lost a bar down; where the game scores
 * (table games) the bar's length is the score. Returns null when there is no dated result.
 * @param {DatedResult[]} history
 */
export function resultsChart(history) {
  const results = history.slice(-LAST_RESULTS);
  if (!results.length) return null;
  const scored = results.some((r) => Object.hasOwn(r, "s"));
  const top = Math.max(1, ...results.map((r) => Math.abs(r.s ?? 0)));
  const mid = HEIGHT / 2;
  const step = WIDTH / Math.max(results.length, 12);
  const bars = results.map((r, i) => {
    const size = scored ? Math.max(2, ((mid - 2) * Math.abs(r.s ?? 0)) / top) : mid - 4;
    const y = r.w ? mid - size : mid;
    const kind = `${r.w ? "won" : "lost"}${r.a ? " assisted" : ""}`;
    return svgNode("rect", { x: (i * step + 1).toFixed(1), y: y.toFixed(1), width: (step - 2).toFixed(1),
      height: size.toFixed(1), class: `bar ${kind}` });
  });
  const won = results.filter((r) => r.w).length;
  const label = `Last ${results.length} result${results.length === 1 ? "" : "s"}, oldest first: ` +
    `${won} won (bars up), ${results.length - won} lost (bars down)` +
    (scored ? "; bar length is the final score" : "") +
    (results.some((r) => r.a) ? "; paler bars: games with undo or hints." : ".");
  return chart(label, svgNode("line", { x1: 0, x2: WIDTH, y1: mid, y2: mid, class: "axis" }), ...bars);
}

/** Win rate per calendar month, the last 12 months with results. Null when there is none. @param {DatedResult[]} history */
export function monthsChart(history) {
  /** @type {Map<string, {played: number, won: number}>} */
  const months = new Map();
  for (const r of history) {
    const month = r.d.slice(0, 7);
    const m = months.get(month) ?? { played: 0, won: 0 };
    m.played += 1;
    m.won += r.w;
    months.set(month, m);
  }
  const shown = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(-MONTHS);
  if (!shown.length) return null;
  const step = WIDTH / Math.max(shown.length, 6);
  const base = HEIGHT - 11;
  const parts = [svgNode("line", { x1: 0, x2: WIDTH, y1: base, y2: base, class: "axis" })];
  /** @type {string[]} */
  const words = [];
  shown.forEach(([month, m], i) => {
    const rate = m.won / m.played;
    const size = Math.max(1, (base - 12) * rate);
    const name = MONTH_NAMES[Number(month.slice(5)) - 1];
    parts.push(svgNode("rect", { x: (i * step + 2).toFixed(1), y: (base - size).toFixed(1), width: (step - 4).toFixed(1),
      height: size.toFixed(1), class: "bar rate" }));
    const x = (i * step + step / 2).toFixed(1);
    parts.push(svgNode("text", { x, y: HEIGHT - 2, class: "tick" }, name));
    parts.push(svgNode("text", { x, y: (base - size - 2).toFixed(1), class: "tick value" }, `${Math.round(100 * rate)}%`));
    words.push(`${name} ${month.slice(0, 4)}: ${Math.round(100 * rate)}% of ${m.played}`);
  });
  return chart(`Win rate by month: ${words.join("; ")}.`, ...parts);
}

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
    step = Math.max([1, 2, 5, 10].map((k) => k * power).find((s) => s >= raw) ?? raw, 1);
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
  const [a, b] = ticks(low, high, 0);
  const step = b - a || 1;
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step];
}

const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);

/**
 * A reviewed decision as the graph reads it (coach_review.js's Decision).
 * @typedef {{index: number, grade: string, verdict: string, unit: string, value_best?: number | null,
 *   round?: number | null}} Rated
 */

/**
 * The person's value before each reviewed decision (chance to win in %, or expected round points)
 * over the game's `total` moves, drawn at `width` pixels (its text at the style sheet's size, never
 * scaled): labelled axes, a point per decision, the rounds marked where the game has them, and the
 * marked decisions as dots inside the frame that pick(decision) shows.
 * @template {Rated} D
 * @param {D[]} decisions
 * @param {number} total
 * @param {number} width
 * @param {(d: D) => void} pick
 * @param {(at: number) => number} number the moves a player saw made once the record's first `at` were (the axis's and
 *   the dots' numbers: the coach's count, a table round's lead among them)
 */
export function reviewChart(decisions, total, width, pick, number) {
  const points = decisions.filter((d) => typeof d.value_best === "number");
  const win = decisions[0].unit === "win";
  const height = Math.round(Math.min(300, Math.max(180, width * 0.3)));
  const [left, right, top, bottom] = [56, 16, 18, 42];
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "group", class: "coach-chart",
    "aria-label": `${win ? "Your chance to win" : "Your expected round points"} before each decision; ` +
      `${decisions.filter((d) => MARKED.has(d.grade)).length} marked decisions` });
  const scale = win ? 100 : 1;
  const values = points.map((d) => Number(d.value_best) * scale);
  const [low, high] = win ? [0, 100] : niceRange(Math.min(0, ...values), Math.max(1, ...values));
  const x = (/** @type {number} */ i) => left + (i / Math.max(1, total)) * (width - left - right);
  const y = (/** @type {number} */ v) => height - bottom - 3 - ((v - low) / Math.max(1e-9, high - low)) * (height - top - bottom - 3);
  for (const v of ticks(low, high, win ? 25 : 0)) {
    svg.append(svgNode("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "coach-grid" }),
      svgNode("text", { x: left - 6, y: y(v) + 4, class: "coach-tick", "text-anchor": "end" }, `${v}${win ? "%" : ""}`));
  }
  for (const i of ticks(0, total, 0)) {
    svg.append(svgNode("text", { x: x(i), y: height - bottom + 16, class: "coach-tick", "text-anchor": "middle" }, String(number(i))));
  }
  const middle = (top + height - bottom) / 2;
  svg.append(svgNode("line", { x1: left, x2: left, y1: top, y2: height - bottom, class: "coach-axis" }),
    svgNode("line", { x1: left, x2: width - right, y1: height - bottom, y2: height - bottom, class: "coach-axis" }),
    svgNode("text", { x: (left + width - right) / 2, y: height - 6, class: "coach-axis-title", "text-anchor": "middle" }, "Move"),
    svgNode("text", { x: 14, y: middle, class: "coach-axis-title", "text-anchor": "middle", transform: `rotate(-90 14 ${middle})` },
      win ? "Chance to win (%)" : "Round points"));
  roundLines(svg, points, x, top, height - bottom, width - right);
  if (!points.length) return svg;
  const path = points.map((d) => `${x(d.index).toFixed(1)},${y(Number(d.value_best) * scale).toFixed(1)}`);
  svg.append(svgNode("polygon", { class: "coach-area", points: [`${x(points[0].index).toFixed(1)},${y(low)}`, ...path,
    `${x(points.at(-1)?.index ?? 0).toFixed(1)},${y(low)}`].join(" ") }),
  svgNode("polyline", { class: "coach-line", points: path.join(" ") }));
  for (const d of points) {
    const [cx, cy] = [x(d.index).toFixed(1), y(Number(d.value_best) * scale).toFixed(1)];
    if (!MARKED.has(d.grade)) {
      svg.append(svgNode("circle", { cx, cy, r: 2.5, class: "coach-point" }));
      continue;
    }
    const said = `Move ${number(d.index + 1)}: ${d.verdict}`;
    const dot = svgNode("circle", { cx, cy, r: 6, class: `coach-dot ${d.grade}`, "data-index": String(d.index), tabindex: "0",
      role: "button", "aria-label": said }, svgNode("title", {}, said));
    dot.addEventListener("click", () => pick(d));
    dot.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      event.stopPropagation();
      pick(d);
    });
    svg.append(dot);
  }
  return svg;
}

/**
 * A dashed line where a new round starts (between two decisions of different rounds), labelled where it has room.
 * @param {SVGElement} svg
 * @param {Rated[]} points
 * @param {(i: number) => number} x
 * @param {number} top
 * @param {number} base
 * @param {number} end
 */
function roundLines(svg, points, x, top, base, end) {
  let labelled = -Infinity;
  points.forEach((d, n) => {
    const before = points[n - 1];
    if (!before || d.round == null || before.round === d.round) return;
    const at = x((before.index + d.index) / 2);
    svg.append(svgNode("line", { x1: at, x2: at, y1: top, y2: base, class: "coach-round", "data-round": String(d.round) }));
    if (at - labelled < 30) return; // a label only where it has room
    labelled = at;
    svg.append(svgNode("text", { x: at + 3, y: top + 11, class: "coach-round-label" }, `R${d.round}`));
  });
  if (labelled > -Infinity) svg.append(svgNode("text", { x: end, y: base + 36, class: "coach-round-label", "text-anchor": "end" }, "R: round"));
}
