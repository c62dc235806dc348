// The game screen's side panel (frame.js places it; a "More" panel on a small screen,
// more_panel.js): the deal form and the options of a solitaire, the extras' parts, the speed, the
// link and record tools, the rules, the renderer's parts and the play log.

import { SPEEDS } from "../store/table.js";
import { drawChildren, h, put, putAttribute } from "../render/dom.js";
import { isSeatedGame } from "./seating.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */

/** The deal form: a deal number and its Play button. */
function dealForm() {
  const input = h("input", { type: "number", id: "deal-number", min: "0", step: "1",
    inputmode: "numeric", "aria-label": "Deal number" });
  const form = h("form", { class: "deal-form" }, h("label", { for: "deal-number" }, "Deal"), input,
    h("button", { type: "submit", "data-action": "deal" }, "Play deal"));
  return { input: /** @type {HTMLInputElement} */ (input), form };
}

/**
 * The speed of the computers (or of a solution shown), as a select.
 * @param {string} speed the speed now
 */
function speedControl(speed) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "speed", "aria-label": "Computer speed" },
    ...SPEEDS.map(([key, label]) => h("option", { value: key }, String(label)))));
  select.value = speed;
  const text = document.createTextNode("Computer speed ");
  const label = h("label", { for: "speed", class: "option speed" }, text, select);
  return {
    select, label,
    /** @param {boolean} computers the game has computers (the speed is theirs, else the solution's) @param {boolean} shown */
    draw(computers, shown) {
      put(label, "hidden", !shown);
      put(text, "nodeValue", computers ? "Computer speed " : "Solution speed ");
      putAttribute(select, "aria-label", /** @type {string} */ (text.nodeValue).trim());
    },
  };
}

/**
 * @typedef {object} SideParts
 * @property {GameSpec} spec
 * @property {Renderer} screen its side parts, and whether it shows the log
 * @property {HTMLElement[]} options the option controls (a solitaire's)
 * @property {HTMLElement[]} extras the solitaire extras' parts
 * @property {HTMLElement} tools the link, record and statistics tools
 * @property {string} speed the computers' speed now
 */

/**
 * The side panel.
 * @param {SideParts} parts
 */
export function createSidePanel({ spec, screen, options, extras, tools, speed }) {
  const deal = dealForm();
  const pace = speedControl(speed);
  const logList = h("ol", { class: "table-log", id: "log", "aria-label": "What happened", reversed: "" });
  const logBox = h("details", { class: "log-box", open: "" }, h("summary", {}, "Play log"), logList);
  const element = h("div", { class: "side-panel", id: "side-panel" },
    ...(isSeatedGame(spec) ? [] : [deal.form, ...options]), ...extras, pace.label, tools,
    h("a", { href: `#/rules/${spec.id}`, class: "rules-link side-rules" }, "Rules"),
    h("a", { href: "#/", class: "side-rules" }, "All games"), ...(screen.sideParts ?? []), screen.showsLog ? logBox : null);
  return {
    element, deal, pace,
    /** @param {LogEntry[]} log */
    drawLog(log) {
      drawChildren(logList, log.map((entry) => // (the entries already there are kept)
        h("li", { "data-seat": entry.seat === null ? null : String(entry.seat) }, entry.text)));
    },
  };
}
