// The statistics page (#/stats): per game and option set, played, won, win rate, current and
// best streak, best and mean score where the game scores, and for Luzon the deals won among the
// deals that were winnable. A reset button (asks once more) clears them.

import { choiceLabel, h } from "./dom.js";
import { loadStats, resetStats } from "../storage.js";

const percent = (won, of) => (of ? `${Math.round((100 * won) / of)}%` : "—");

function optionText(spec, options) {
  const parts = Object.entries(options).map(([key, value]) => {
    const option = spec?.options.find((o) => o.key === key);
    return `${option?.label ?? key}: ${option ? choiceLabel(option, value) : value}`;
  });
  return parts.join(", ") || "standard";
}

export function renderStats(root, catalog, { notify } = {}) {
  const { stats, dropped } = loadStats();
  if (dropped) notify?.("The saved statistics could not be read and were reset.");
  const names = Object.fromEntries(catalog.games.map((g) => [g.id, g]));
  const order = catalog.games.map((g) => g.id);
  const entries = Object.entries(stats).sort(([ka, a], [kb, b]) =>
    (order.indexOf(a.game) - order.indexOf(b.game)) || ka.localeCompare(kb));
  const rows = entries.map(([key, e]) => {
    const spec = names[e.game];
    const mean = e.scores?.count ? (e.scores.sum / e.scores.count).toFixed(1) : "—";
    return h("tr", { "data-stats": key },
      h("th", { scope: "row" }, h("span", { class: "stats-game" }, spec?.name ?? e.game),
        h("span", { class: "stats-options" }, optionText(spec, e.options))),
      h("td", { "data-col": "played" }, String(e.played)),
      h("td", { "data-col": "won" }, String(e.won)),
      h("td", { "data-col": "rate" }, percent(e.won, e.played)),
      h("td", { "data-col": "streak" }, String(e.streak)),
      h("td", { "data-col": "best-streak" }, String(e.bestStreak)),
      h("td", { "data-col": "best-score" }, e.scores ? String(e.scores.best) : "—"),
      h("td", { "data-col": "mean-score" }, mean),
      h("td", { "data-col": "winnable" }, e.winnable
        ? `${e.winnable.won} of ${e.winnable.deals} (${percent(e.winnable.won, e.winnable.deals)})` : "—"));
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
          "Winnable won")))),
      h("tbody", {}, ...rows)));
  const reset = h("button", { type: "button", id: "stats-reset" }, "Reset statistics");
  const confirm = h("button", { type: "button", id: "stats-reset-confirm", class: "danger", hidden: "" },
    "Yes, clear every result");
  reset.addEventListener("click", () => {
    confirm.hidden = false;
    confirm.focus();
  });
  confirm.addEventListener("click", () => {
    resetStats();
    renderStats(root, catalog, { notify });
    notify?.("Statistics reset.");
    root.querySelector("h1")?.focus();
  });
  root.replaceChildren(h("section", { class: "stats-page" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Menu"), " › Statistics"),
    h("h1", { tabindex: "-1" }, "Statistics"),
    entries.length ? table : h("p", { class: "empty" }, "No game finished yet: results appear here after each game."),
    h("p", { class: "help" }, "Kept in this browser only. Win rate: won of played. Streak: wins in a row. " +
      "Table games count the first seat a person plays (a table of computers only is not counted); " +
      "their best and mean score are that seat's final points."),
    entries.length ? h("div", { class: "actions" }, reset, confirm) : null));
}
