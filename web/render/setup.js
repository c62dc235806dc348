// The setup screen of the table games: the game's options from the catalog spec (set, number
// of players, target score where offered), then one row per seat: name, person or computer,
// and the computer's level. Default: one person against computers.

import { choiceLabel, h, randomSeed, readDealNumber } from "./dom.js";
import { loadSettings } from "../store/settings.js";
import { boundName, boundNameField } from "../names.js";

export const DEFAULT_NAMES = ["You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo"];

/** @typedef {import("../engine_types.js").OptionValues} OptionValues */

/**
 * A new table game as the setup form gives it.
 * @typedef {{options: OptionValues, seats: string[], names: string[], seed: number}} SetupChoice
 */

/** "ai:medium" -> "medium"; "human" -> null. @param {unknown} kind */
export function seatLevel(kind) {
  return typeof kind === "string" && kind.startsWith("ai:") ? kind.slice(3) : null;
}

/**
 * The seats of a new table by the settings page: seat 0 a person, the others people or computers of the default level.
 * @param {number} count
 */
export function defaultSeats(count) {
  return Array.from({ length: count }, (_, i) => defaultSeat(i));
}

/** Seat i's kind by the settings page (seat 0 is always a person). @param {number} i */
function defaultSeat(i) {
  if (i === 0) return "human";
  const { settings } = loadSettings();
  return settings.seats === "all" ? "human" : `ai:${settings.level}`; // (loadSettings keeps only known levels)
}

/**
 * Render the setup form into `root`.
 * initial: {options, seats, names} (a previous game, to start from); onStart({options, seats, names, seed});
 * onCancel (optional): back to the game in progress.
 * @param {HTMLElement} root
 * @param {object} parts
 * @param {import("../engine_types.js").GameSpec} parts.spec
 * @param {{options?: OptionValues, seats?: string[], names?: string[]}} [parts.initial]
 * @param {(choice: SetupChoice, fail: (message: string) => void) => void} parts.onStart
 * @param {(() => void) | null} [parts.onCancel]
 */
export function renderSetup(root, { spec, initial = {}, onStart, onCancel }) {
  const optionSpec = Object.fromEntries(spec.options.map((o) => [o.key, o]));
  /** @type {Record<string, HTMLSelectElement>} */
  const selects = {};
  const optionRows = spec.options.map((option) => {
    const id = `setup-${option.key}`;
    const select = h("select", { id, name: option.key, "data-option": option.key },
      ...option.choices.map((c) => h("option", { value: String(c) }, choiceLabel(option, c))));
    const start = initial.options?.[option.key];
    select.value = String(option.choices.some((c) => String(c) === String(start)) ? start : option.default);
    selects[option.key] = select;
    const limited = option.key === "players" && spec.player_limits; // its help follows the set chosen (syncLimits)
    return h("div", { class: "setup-field" }, h("label", { for: id }, option.label), select,
      limited || option.help ? h("small", { class: "setup-help", id: `${id}-help` }, option.help ?? "") : null);
  });

  const seatsBox = h("fieldset", { class: "setup-seats" }, h("legend", {}, "Seats"));
  /** @type {{row: HTMLElement, name: HTMLInputElement, type: HTMLSelectElement, level: HTMLSelectElement}[]} */
  const seatRows = [];
  const value = (/** @type {string} */ key) => {
    const choice = optionSpec[key].choices.find((c) => String(c) === selects[key].value);
    return choice ?? optionSpec[key].default;
  };
  const playerCount = () => (selects.players ? Number(value("players")) : spec.players.min);

  /** @param {number} i */
  function seatRow(i) {
    const kind = initial.seats?.[i] ?? defaultSeat(i); // the settings page's defaults
    const name = h("input", { type: "text", id: `seat-name-${i}`, value: initial.names?.[i] ?? "",
      placeholder: DEFAULT_NAMES[i] ?? `Player ${i + 1}`, "aria-label": `Seat ${i + 1} name`, "data-seat-name": String(i) });
    name.value = initial.names?.[i] ?? DEFAULT_NAMES[i] ?? `Player ${i + 1}`;
    boundNameField(name);
    const type = h("select", { id: `seat-type-${i}`, "aria-label": `Seat ${i + 1} player`, "data-seat-type": String(i) },
      h("option", { value: "human" }, "Person"), h("option", { value: "ai" }, "Computer"));
    type.value = kind === "human" ? "human" : "ai";
    const level = h("select", { id: `seat-level-${i}`, "aria-label": `Seat ${i + 1} level`, "data-seat-level": String(i) },
      ...spec.levels.map((l) => h("option", { value: l.id }, l.label))); // the catalog's levels
    level.value = seatLevel(kind) ?? "medium";
    const sync = () => {
      level.hidden = type.value === "human";
      const defaults = [DEFAULT_NAMES[i], `Player ${i + 1}`];
      if (defaults.includes(name.value)) name.value = type.value === "human" && i > 0 ? `Player ${i + 1}` : DEFAULT_NAMES[i];
    };
    type.addEventListener("change", sync);
    sync();
    return { row: h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, String(i + 1)), name, type, level),
      name, type, level };
  }

  function syncSeats() {
    const n = playerCount();
    while (seatRows.length < n) seatRows.push(seatRow(seatRows.length));
    seatsBox.replaceChildren(h("legend", {}, "Seats (play goes in this order)"),
      ...seatRows.slice(0, n).map((r) => r.row));
  }
  // only valid combinations: the catalog's player limits by the value of one option (a set's size)
  const limits = spec.player_limits;
  function syncLimits() {
    if (!limits || !selects.players || !selects[limits.option]) return;
    const range = (/** @type {string} */ value) => limits.by_value?.[value] ?? [spec.players.min, spec.players.max];
    const [min, max] = range(selects[limits.option].value);
    const help = optionRows.map((row) => row.querySelector("#setup-players-help")).find(Boolean);
    if (help) help.textContent = `${min} to ${max} players with ${choiceLabel(optionSpec[limits.option], value(limits.option))}`;
    for (const option of selects.players.options) option.disabled = Number(option.value) < min || Number(option.value) > max;
    const players = Number(selects.players.value);
    if (players < min || players > max) selects.players.value = String(Math.min(Math.max(players, min), max));
  }
  selects.players?.addEventListener("change", () => { syncLimits(); syncSeats(); });
  if (limits) selects[limits.option]?.addEventListener("change", () => { syncLimits(); syncSeats(); });
  syncLimits();
  syncSeats();

  const seedInput = h("input", { type: "number", id: "setup-seed", min: "0", step: "1", inputmode: "numeric",
    placeholder: "random", "aria-label": "Deal number (empty: random)" });
  const error = h("p", { class: "message", role: "alert", "data-kind": "error", hidden: "" });
  const start = h("button", { type: "submit", class: "primary", id: "setup-start" }, "Start");
  const cancel = onCancel ? h("button", { type: "button", id: "setup-cancel" }, "Back to the game") : null;
  const form = h("form", { class: "setup", id: "setup", "aria-label": `${spec.name} setup` },
    h("div", { class: "setup-options" }, ...optionRows,
      h("div", { class: "setup-field" }, h("label", { for: "setup-seed" }, "Deal number"), seedInput)),
    seatsBox, error, h("div", { class: "actions" }, start, cancel));
  cancel?.addEventListener("click", /** @type {() => void} */ (onCancel)); // (cancel: only with onCancel)
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const options = Object.fromEntries(spec.options.map((o) => [o.key, value(o.key)]));
    const rows = seatRows.slice(0, playerCount());
    const seats = rows.map((r) => (r.type.value === "human" ? "human" : `ai:${r.level.value}`));
    const many = seats.filter((k) => k === "human").length > 1;
    const names = rows.map((r, i) => {
      const text = boundName(r.name.value) || DEFAULT_NAMES[i] || `Player ${i + 1}`; // (a script may set any value)
      return many && text === "You" ? `Player ${i + 1}` : text; // hot-seat: "You" would be anyone
    });
    const fail = (/** @type {string} */ message) => {
      error.textContent = message;
      error.hidden = false;
    };
    const seedText = seedInput.value.trim();
    const deal = seedText ? readDealNumber(seedText) : { seed: randomSeed() };
    if (deal.error !== undefined) {
      fail(deal.error);
      seedInput.focus();
      return;
    }
    error.hidden = true;
    onStart({ options, seats, names, seed: deal.seed }, fail);
  });
  root.replaceChildren(form);
  return { form };
}
