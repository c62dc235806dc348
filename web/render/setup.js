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

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {{options?: OptionValues, seats?: string[], names?: string[]}} SetupInitial */
/** @typedef {{row: HTMLElement, name: HTMLInputElement, type: HTMLSelectElement, level: HTMLSelectElement}} SeatRow */

/**
 * The option fields of the setup, each set to the initial value when it is one of its choices.
 * @param {GameSpec} spec
 * @param {SetupInitial} initial
 */
function optionFields(spec, initial) {
  const optionSpec = Object.fromEntries(spec.options.map((o) => [o.key, o]));
  /** @type {Record<string, HTMLSelectElement>} */
  const selects = {};
  const rows = spec.options.map((option) => {
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
  /** An option's value chosen (a choice of the catalog's, with its type). @param {string} key */
  const value = (key) => optionSpec[key].choices.find((c) => String(c) === selects[key].value) ?? optionSpec[key].default;
  return { rows, selects, value, optionSpec,
    playerCount: () => (selects.players ? Number(value("players")) : spec.players.min) };
}

/** @typedef {ReturnType<typeof optionFields>} OptionFields */

/**
 * Seat i's row: its name, person or computer, and the computer's level.
 * @param {GameSpec} spec
 * @param {SetupInitial} initial
 * @param {number} i
 * @returns {SeatRow}
 */
function seatRow(spec, initial, i) {
  const kind = initial.seats?.[i] ?? defaultSeat(i); // the settings page's defaults
  const name = /** @type {HTMLInputElement} */ (h("input", { type: "text", id: `seat-name-${i}`, value: initial.names?.[i] ?? "",
    placeholder: DEFAULT_NAMES[i] ?? `Player ${i + 1}`, "aria-label": `Seat ${i + 1} name`, "data-seat-name": String(i) }));
  name.value = initial.names?.[i] ?? DEFAULT_NAMES[i] ?? `Player ${i + 1}`;
  boundNameField(name);
  const type = /** @type {HTMLSelectElement} */ (h("select", { id: `seat-type-${i}`, "aria-label": `Seat ${i + 1} player`,
    "data-seat-type": String(i) }, h("option", { value: "human" }, "Person"), h("option", { value: "ai" }, "Computer")));
  type.value = kind === "human" ? "human" : "ai";
  const level = /** @type {HTMLSelectElement} */ (h("select", { id: `seat-level-${i}`, "aria-label": `Seat ${i + 1} level`,
    "data-seat-level": String(i) }, ...spec.levels.map((l) => h("option", { value: l.id }, l.label)))); // the catalog's levels
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

/**
 * Only valid combinations: the player counts the catalog's limits allow by the value of one
 * option (a set's size), the others disabled, and the players' help saying the range.
 * @param {GameSpec} spec
 * @param {OptionFields} fields
 */
function syncLimits(spec, { rows, selects, value, optionSpec }) {
  const limits = spec.player_limits;
  if (!limits || !selects.players || !selects[limits.option]) return;
  const range = (/** @type {string} */ value) => limits.by_value?.[value] ?? [spec.players.min, spec.players.max];
  const [min, max] = range(selects[limits.option].value);
  const help = rows.map((row) => row.querySelector("#setup-players-help")).find(Boolean);
  if (help) help.textContent = `${min} to ${max} players with ${choiceLabel(optionSpec[limits.option], value(limits.option))}`;
  for (const option of selects.players.options) option.disabled = Number(option.value) < min || Number(option.value) > max;
  const players = Number(selects.players.value);
  if (players < min || players > max) selects.players.value = String(Math.min(Math.max(players, min), max));
}

/**
 * The seats and names the form gives: hot seat ("You" would be anyone) names its people by seat.
 * @param {SeatRow[]} rows the rows of the seats in play
 */
function seatsChosen(rows) {
  const seats = rows.map((r) => (r.type.value === "human" ? "human" : `ai:${r.level.value}`));
  const many = seats.filter((k) => k === "human").length > 1;
  const names = rows.map((r, i) => {
    const text = boundName(r.name.value) || DEFAULT_NAMES[i] || `Player ${i + 1}`; // (a script may set any value)
    return many && text === "You" ? `Player ${i + 1}` : text; // hot-seat: "You" would be anyone
  });
  return { seats, names };
}

/**
 * The seats' box, with a row per player of the count chosen (rows made once, kept when the count drops).
 * @param {GameSpec} spec
 * @param {SetupInitial} initial
 * @param {OptionFields} fields
 */
function seatFields(spec, initial, fields) {
  const box = h("fieldset", { class: "setup-seats" }, h("legend", {}, "Seats"));
  /** @type {SeatRow[]} */
  const rows = [];
  const sync = () => {
    const n = fields.playerCount();
    while (rows.length < n) rows.push(seatRow(spec, initial, rows.length));
    box.replaceChildren(h("legend", {}, "Seats (play goes in this order)"), ...rows.slice(0, n).map((r) => r.row));
  };
  const limits = spec.player_limits;
  fields.selects.players?.addEventListener("change", () => { syncLimits(spec, fields); sync(); });
  if (limits) fields.selects[limits.option]?.addEventListener("change", () => { syncLimits(spec, fields); sync(); });
  syncLimits(spec, fields);
  sync();
  return { box, inPlay: () => rows.slice(0, fields.playerCount()) };
}

/**
 * Render the setup form into `root`.
 * initial: {options, seats, names} (a previous game, to start from); onStart({options, seats, names, seed});
 * onCancel (optional): back to the game in progress.
 * @param {HTMLElement} root
 * @param {object} parts
 * @param {GameSpec} parts.spec
 * @param {SetupInitial} [parts.initial]
 * @param {(choice: SetupChoice, fail: (message: string) => void) => void} parts.onStart
 * @param {(() => void) | null} [parts.onCancel]
 */
export function renderSetup(root, { spec, initial = {}, onStart, onCancel }) {
  const fields = optionFields(spec, initial);
  const seatBox = seatFields(spec, initial, fields);
  const seedInput = h("input", { type: "number", id: "setup-seed", min: "0", step: "1", inputmode: "numeric",
    placeholder: "random", "aria-label": "Deal number (empty: random)" });
  const error = h("p", { class: "message", role: "alert", "data-kind": "error", hidden: "" });
  const start = h("button", { type: "submit", class: "primary", id: "setup-start" }, "Start");
  const cancel = onCancel ? h("button", { type: "button", id: "setup-cancel" }, "Back to the game") : null;
  const form = h("form", { class: "setup", id: "setup", "aria-label": `${spec.name} setup` },
    h("div", { class: "setup-options" }, ...fields.rows,
      h("div", { class: "setup-field" }, h("label", { for: "setup-seed" }, "Deal number"), seedInput)),
    seatBox.box, error, h("div", { class: "actions" }, start, cancel));
  cancel?.addEventListener("click", /** @type {() => void} */ (onCancel)); // (cancel: only with onCancel)
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const options = Object.fromEntries(spec.options.map((o) => [o.key, fields.value(o.key)]));
    const { seats, names } = seatsChosen(seatBox.inPlay());
    const fail = (/** @type {string} */ message) => {
      error.textContent = message;
      error.hidden = false;
    };
    const seedText = seedInput.value.trim();
    const deal = seedText ? readDealNumber(seedText) : { seed: randomSeed(spec.hidden_hands) };
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
