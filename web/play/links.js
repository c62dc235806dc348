// Game links: read from the route, written for the deal on screen (never the deal of a game with
// hidden hands in progress: a link must not show anyone the hands).

import { readDealNumber } from "../render/dom.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */

/**
 * A game link, read (readGameLink).
 * @typedef {object} GameLink
 * @property {number | null} seed
 * @property {boolean} fresh
 * @property {OptionValues} options
 * @property {string[] | null} seats
 * @property {boolean | null} winnable
 * @property {boolean} daily
 * @property {boolean} lesson
 * @property {string[]} problems
 */

/** "ai:easy" and the like (the catalog's levels of the game `spec`); "human". */
const isSeatKind = (/** @type {GameSpec} */ spec, /** @type {string} */ kind) => kind === "human" || spec.levels.some((level) => kind === `ai:${level.id}`);

/**
 * Read a game link's query: deal=N, one KEY=VALUE per option of the game, and with
 * `seats: true` (the table games) seats=human,ai:easy,... (one per player).
 * winnable=1 asks for winnable-only deals (games whose catalog entry offers them; a deal number
 * without it is that very deal, with no link it follows the setting), daily=1 for
 * the daily deal (the solitaires), lesson=1 the game's guided deal (games whose catalog entry has one).
 * Returns {seed, fresh, options, seats, winnable, daily, lesson, problems}: seed is null when the link names no deal or a
 * bad one; fresh is true for a link of options without a deal (a new game of those options, as
 * the link of a game in progress with hidden hands gives); a bad option value falls back to the
 * option's default and bad seats to null; every value dropped is one line of `problems`.
 * @param {GameSpec} spec
 * @param {URLSearchParams} params
 * @param {{seats?: boolean}} [how]
 * @returns {GameLink}
 */
export function readGameLink(spec, params, { seats: withSeats = false } = {}) {
  /** @type {string[]} */
  const problems = [];
  /** @type {OptionValues} */
  const options = Object.fromEntries(spec.options.map((o) => [o.key, o.default]));
  const raw = params.get("deal");
  const deal = raw === null ? null : readDealNumber(raw);
  const seed = deal?.seed ?? null;
  if (deal?.error) problems.push(`the deal number: ${deal.error.replace(/\.$/, "")}`);
  for (const option of spec.options) {
    const value = params.get(option.key);
    if (value === null) continue;
    const choice = option.choices.find((c) => String(c) === value);
    if (choice === undefined) {
      problems.push(`${option.label} “${value}” is not one of ${option.choices.join(", ")} (${option.default} used)`);
    } else {
      options[option.key] = choice;
    }
  }
  /** @type {string[] | null} */
  let seats = null;
  if (withSeats && params.has("seats")) {
    const kinds = /** @type {string} */ (params.get("seats")).split(",");
    const count = Number(options.players ?? spec.players.min);
    if (kinds.length === count && kinds.every((kind) => isSeatKind(spec, kind))) seats = kinds;
    else problems.push(`the seats “${params.get("seats")}” are not ${count} of human, ${spec.levels.map((l) => `ai:${l.id}`).join(", ")}`);
  }
  const flag = (/** @type {string} */ key, /** @type {boolean} */ offered) => {
    const value = params.get(key);
    if (value === null || !offered) return null;
    if (value === "1" || value === "0") return value === "1";
    problems.push(`${key} “${value}” is not 1 or 0 (ignored)`);
    return null;
  };
  // a deal number names one deal: without winnable=1 it is that deal, whatever the player's
  // setting (the links the page writes say winnable=1 for a winnable-only deal)
  const winnableFlag = flag("winnable", Boolean(spec.winnable_deals));
  const winnable = winnableFlag ?? (raw !== null && spec.winnable_deals ? false : null);
  const daily = flag("daily", Boolean(spec.solitaire));
  const lesson = flag("lesson", Boolean(spec.lesson));
  const known = new Set(["deal", ...spec.options.map((o) => o.key), ...(withSeats ? ["seats"] : []),
    ...(spec.winnable_deals ? ["winnable"] : []), ...(spec.solitaire ? ["daily"] : []),
    ...(spec.lesson ? ["lesson"] : [])]);
  for (const key of new Set(params.keys())) {
    if (!known.has(key)) problems.push(`“${key}” is not a setting of ${spec.name} (ignored)`);
  }
  const fresh = raw === null && [...params.keys()].some((key) => known.has(key) && key !== "lesson");
  return { seed, fresh, options, seats, winnable, daily: Boolean(daily), lesson: Boolean(lesson), problems };
}

/** The notice for a link's problems (empty when there are none). @param {GameSpec} spec @param {string[]} problems */
export function linkProblemsText(spec, problems) {
  return problems.length ? `The link to ${spec.name} was not fully understood: ${problems.join("; ")}.` : "";
}

/**
 * The game link of a view: its deal ("#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy"),
 * or, while a game with hidden hands is in progress, only its options and seats (a new deal: the
 * link must not show anyone the hands of the game on screen).
 * @param {import("../engine_types.js").View} view
 * @param {{seats?: boolean, hidden?: boolean}} [how]
 */
export function gameLinkHref(view, { seats = false, hidden = false } = {}) {
  const deal = hidden && !view.outcome ? {} : { deal: view.seed };
  const query = { ...deal, ...view.options, ...(seats ? { seats: view.seats.join(",") } : {}),
    ...(view.winnable ? { winnable: 1 } : {}) };
  const text = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replace(/%2C/g, ",").replace(/%3A/g, ":")}`)
    .join("&");
  return `#/play/${view.game}?${text}`;
}

