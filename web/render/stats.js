// The statistics page (#/stats): per game and option set, played, won, win rate, current and
// best streak, best and mean score where the game scores, for Luzon the deals won among the
// deals that were winnable, games played with help (undo or hints: "assisted", as PySolFC marks
// them) and the daily deal with its own streak; winnable-only deals have rows of their own.
// Beside the table, per game and option set, two small charts (results over time, win rate by
// month) and a reset per game; a reset of everything (asks once more) clears them all.

import { choiceLabel, h } from "./dom.js";
import { loadStats, resetStats } from "../store/stats.js";
import { monthsChart, resultsChart } from "./charts.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../store/stats.js").StatsEntry} StatsEntry */
/** @typedef {((text: string) => void) | undefined} Notify */

const percent = (/** @type {number} */ won, /** @type {number} */ of) => (of ? `${Math.round((100 * won) / of)}%` : "—");

/**
 * @param {GameSpec | undefined} spec
 * @param {import("../engine_types.js").OptionValues} options
 */
function optionText(spec, options, winnableOnly = false) {
  const parts = Object.entries(options).map(([key, value]) => {
    const option = spec?.options.find((o) => o.key === key);
    return `${option?.label ?? key}: ${option ? choiceLabel(option, value) : value}`;
  });
  if (winnableOnly) parts.push("winnable deals only");
  return parts.join(", ") || "standard";
}

/**
 * A button that asks once more before it acts.
 * @param {string} label
 * @param {string} confirmLabel
 * @param {{ask: Record<string, string>, sure: Record<string, string>}} attrs
 * @param {() => void} onConfirm
 */
function confirmButton(label, confirmLabel, attrs, onConfirm) {
  const ask = h("button", { type: "button", ...attrs.ask }, label);
  const sure = h("button", { type: "button", class: "danger", hidden: "", ...attrs.sure }, confirmLabel);
  ask.addEventListener("click", () => {
    sure.hidden = false;
    sure.focus();
  });
  sure.addEventListener("click", onConfirm);
  return [ask, sure];
}

/**
 * Per game: a figure per option set with its two charts, and the game's reset.
 * @param {[string, StatsEntry][]} entries
 * @param {Map<string, GameSpec>} names
 * @param {() => void} rerender
 * @param {Notify} notify
 */
function chartsSection(entries, names, rerender, notify) {
  const games = [...new Set(entries.map(([, e]) => e.game))];
  return h("section", { class: "stats-charts", "aria-labelledby": "charts-title" },
    h("h2", { id: "charts-title" }, "Results at a glance"),
    ...games.map((game) => {
      const spec = names.get(game);
      const name = spec?.name ?? game;
      const figures = entries.filter(([, e]) => e.game === game).map(([key, e]) => {
        const history = e.history ?? [];
        const results = resultsChart(history);
        const months = monthsChart(history);
        return h("figure", { class: "stats-figure", "data-chart": key },
          h("figcaption", {}, optionText(spec, e.options, e.winnableOnly)),
          results && months
            ? h("div", { class: "chart-pair" },
              h("div", { class: "chart" }, h("span", { class: "chart-title" }, "Results over time"), results),
              h("div", { class: "chart" }, h("span", { class: "chart-title" }, "Win rate by month"), months))
            : h("p", { class: "chart-empty" }, "No dated results yet: the charts start with the next game finished."));
      });
      const [ask, sure] = confirmButton(`Reset ${name}`, `Yes, clear every ${name} result`,
        { ask: { "data-reset-game": game }, sure: { "data-reset-game-confirm": game } }, () => {
          resetStats(game);
          rerender();
          notify?.(`${name} statistics reset.`);
        });
      return h("div", { class: "stats-game-charts", "data-game": game },
        h("h3", {}, name), ...figures, h("div", { class: "actions" }, ask, sure));
    }));
}

/**
 * @param {HTMLElement} root
 * @param {import("../engine_types.js").Catalog} catalog
 * @param {{notify?: Notify}} [hooks]
 */
export function renderStats(root, catalog, { notify } = {}) {
  const { stats, removed } = loadStats();
  drawn.set(root, JSON.stringify([...stats]));
  if (removed === "all") notify?.("The saved statistics could not be read and were reset.");
  else if (removed) {
    notify?.(`${removed === 1 ? "A statistics entry" : `${removed} statistics entries`} could not be read and ` +
      `${removed === 1 ? "was" : "were"} removed; the others are kept.`);
  }
  const names = new Map(catalog.games.map((g) => [g.id, g]));
  const order = catalog.games.map((g) => g.id);
  const entries = [...stats].sort(([ka, a], [kb, b]) =>
    (order.indexOf(a.game) - order.indexOf(b.game)) || ka.localeCompare(kb));
  const rows = entries.map(([key, e]) => {
    const spec = names.get(e.game);
    const mean = e.scores?.count ? (e.scores.sum / e.scores.count).toFixed(1) : "—";
    return h("tr", { "data-stats": key },
      h("th", { scope: "row" }, h("span", { class: "stats-game" }, spec?.name ?? e.game),
        h("span", { class: "stats-options" }, optionText(spec, e.options, e.winnableOnly))),
      h("td", { "data-col": "played" }, String(e.played)),
      h("td", { "data-col": "won" }, String(e.won)),
      h("td", { "data-col": "rate" }, percent(e.won, e.played)),
      h("td", { "data-col": "streak" }, String(e.streak)),
      h("td", { "data-col": "best-streak" }, String(e.bestStreak)),
      h("td", { "data-col": "best-score" }, e.scores ? String(e.scores.best) : "—"),
      h("td", { "data-col": "mean-score" }, mean),
      h("td", { "data-col": "winnable" }, e.winnable
        ? `${e.winnable.won} of ${e.winnable.deals} (${percent(e.winnable.won, e.winnable.deals)})` : "—"),
      h("td", { "data-col": "assisted" }, e.assisted ? `${e.assisted.played} (${e.assisted.won} won)` : "0"),
      h("td", { "data-col": "daily" }, e.daily
        ? `${e.daily.won} of ${e.daily.played}, streak ${e.daily.streak} (best ${e.daily.bestStreak})` : "—"));
  });
  const table = h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Statistics table" },
    h("table", { class: "stats-table" },
      h("caption", {}, "Your results on this device"),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Played"), h("th", { scope: "col" }, "Won"),
        h("th", { scope: "col" }, "Win rate"), h("th", { scope: "col" }, "Streak"),
        h("th", { scope: "col" }, "Best streak"), h("th", { scope: "col" }, "Best score"),
        h("th", { scope: "col" }, "Mean score"),
        h("th", { scope: "col" }, h("abbr", { title: "Luzon: deals won among the deals that were winnable" },
          "Winnable won")),
        h("th", { scope: "col" }, h("abbr", { title: "Games played with undo or hints (won among them)" },
          "Assisted")),
        h("th", { scope: "col" }, h("abbr", { title: "The daily deal: won of played, days in a row won" },
          "Daily deal")))),
      h("tbody", {}, ...rows)));
  const rerender = () => {
    renderStats(root, catalog, { notify });
    root.querySelector("h1")?.focus();
  };
  const [reset, confirm] = confirmButton("Reset statistics", "Yes, clear every result",
    { ask: { id: "stats-reset" }, sure: { id: "stats-reset-confirm" } }, () => {
      resetStats();
      rerender();
      notify?.("Statistics reset.");
    });
  root.replaceChildren(h("section", { class: "stats-page" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Menu"), " › Statistics"),
    h("h1", { tabindex: "-1" }, "Statistics"),
    entries.length
      ? h("div", { class: "stats-layout" }, table, chartsSection(entries, names, rerender, notify))
      : h("p", { class: "empty" }, "No game finished yet: results appear here after each game."),
    h("p", { class: "help" }, "Kept in this browser only. Win rate: won of played. Streak: wins in a row. " +
      "A game given up (resigned, or left for a new deal) counts as lost. Assisted: games in which undo " +
      "or hints were used (counted in the other columns too). Daily deal: the same deal for everyone on a " +
      "calendar day, with its own streak of days won. Table games count the first seat a person plays (a " +
      "table of computers only is not counted); their best and mean score are that seat's final points."),
    entries.length ? h("div", { class: "actions" }, reset, confirm) : null));
}

/** The statistics each page root shows, as JSON: drawn again only when they changed. @type {WeakMap<HTMLElement, string>} */
const drawn = new WeakMap();

/**
 * The statistics page shown again when what it shows changed (a game counted late: a move answered
 * after its screen was left, play/round_trip.js), as the person had it: the focus on the same control,
 * a confirmation asked for still asked, the table scrolled as it was (the window's scroll stays).
 * @param {HTMLElement} root
 * @param {import("../engine_types.js").Catalog} catalog
 * @param {{notify?: Notify}} [hooks]
 */
export function refreshStats(root, catalog, hooks = {}) {
  if (drawn.get(root) === JSON.stringify([...loadStats().stats])) return;
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement)
    ? selectorOf(document.activeElement) : null;
  const asked = [...root.querySelectorAll("button.danger:not([hidden])")].map(selectorOf);
  const tableLeft = root.querySelector(".table-scroll")?.scrollLeft ?? 0;
  renderStats(root, catalog, hooks);
  for (const selector of asked) root.querySelector(selector)?.removeAttribute("hidden");
  const table = root.querySelector(".table-scroll");
  if (table) table.scrollLeft = tableLeft;
  if (focused) /** @type {HTMLElement | null} */ (root.querySelector(focused))?.focus({ preventScroll: true });
}

/** A selector that finds the same control on the page drawn again. @param {Element} element */
function selectorOf(element) {
  if (element.id) return `#${CSS.escape(element.id)}`;
  for (const name of ["data-reset-game-confirm", "data-reset-game", "href"]) {
    const value = element.getAttribute(name);
    if (value !== null) return `${element.localName}[${name}="${CSS.escape(value)}"]`;
  }
  return element.className ? `${element.localName}.${CSS.escape(element.className.split(" ")[0])}` : element.localName;
}
