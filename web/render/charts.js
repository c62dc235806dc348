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
