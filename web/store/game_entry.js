// The stored entry of a game in progress (saved_games.js keeps one per game): its shape, read
// back validated, and its version. Every write of a game's entry, from any tab, carries the next
// version: a tab that finds another version in storage than the one its copy continues knows
// another tab saved the game since (saved_games.js then asks the player).

import { DAY } from "./local.js";

/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {{text: string, seat: number | null}} LogLine */

/**
 * A saved game.
 * @typedef {object} SavedGame
 * @property {GameRecord} record the engine's record of the game
 * @property {string | null} token its statistics token: a game resumed after a reload is counted once
 * @property {LogLine[]} log the play log shown with it, newest first
 * @property {string | null} daily the day ("YYYY-MM-DD") whose daily deal it is; null: not a daily deal
 */

export const LOG_LIMIT = 80; // lines of a table's play log kept with its saved game
const LINE_LIMIT = 500; // characters of a play log line kept
const MOVE_ID = /^[a-z]+(-[a-z]+)*(:[A-Za-z0-9+>:_.-]+)?$/; // "next-round", "play:3-5:left"

/**
 * True when value has the shape of an engine record of this game.
 * @param {any} value
 * @param {string} gameId
 * @returns {boolean}
 */
export function isValidRecord(value, gameId) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  if (value.version !== 1 || value.game !== gameId) return false;
  // the deal: its number, or (a game with hidden hands in progress) the engine's sealed form of it
  const sealed = value.seed === undefined && typeof value.deal === "string" && value.deal.length <= 64;
  if (!sealed && !(Number.isSafeInteger(value.seed) && value.seed >= 0)) return false;
  if (!value.options || typeof value.options !== "object" || Array.isArray(value.options)) return false;
  if (!Object.values(value.options).every((v) => ["string", "number", "boolean"].includes(typeof v))) return false;
  if (value.seats !== undefined && !(Array.isArray(value.seats) && value.seats.every((/** @type {unknown} */ s) => typeof s === "string"))) {
    return false;
  }
  return Array.isArray(value.moves) && value.moves.length <= 10_000 &&
    value.moves.every((/** @type {unknown} */ m) => typeof m === "string" && MOVE_ID.test(m));
}

/** True when value is a play log: [{text, seat}] (seat a seat number or null), newest first. @param {unknown} value */
function isValidLog(value) {
  return Array.isArray(value) && value.length <= LOG_LIMIT && value.every((line) => line && typeof line === "object" &&
    typeof line.text === "string" && line.text.length <= LINE_LIMIT && (line.seat === null || Number.isSafeInteger(line.seat)));
}

/**
 * True when value is a stored entry of this game: {format: 1, version?, record, token?, log?,
 * daily?}. A log that cannot be read is dropped alone (fromEntry): the game is what matters.
 * @param {any} value
 * @param {string} gameId
 */
export function isValidEntry(value, gameId) {
  return value?.format === 1 && isValidRecord(value.record, gameId) &&
    (value.version === undefined || (Number.isSafeInteger(value.version) && value.version >= 0)) &&
    (value.token === undefined || typeof value.token === "string") &&
    (value.daily === undefined || (typeof value.daily === "string" && DAY.test(value.daily)));
}

/** The SavedGame of a stored entry (already validated). @type {(value: any) => SavedGame} */
export const fromEntry = (value) => ({ record: value.record, token: value.token ?? null,
  log: isValidLog(value.log) ? value.log : [], daily: value.daily ?? null });

/** The version of a stored entry (0: one written before entries had versions). @param {any} value */
export const versionOf = (value) => (Number.isSafeInteger(value?.version) ? value.version : 0);

/**
 * The text of a game's entry at a version.
 * @param {SavedGame} game
 * @param {number} version
 */
export function entryText({ record, token, log, daily }, version) {
  return JSON.stringify({ format: 1, version, saved: Date.now(), record, token: token ?? undefined, log,
    daily: daily ?? undefined });
}

/** A play log as saved: its newest LOG_LIMIT lines, each at most LINE_LIMIT characters (never a
 *  half of a surrogate pair), so no line, however long a name in it, makes the save unreadable.
 *  @param {LogLine[]} log */
export function savedLog(log) {
  return log.slice(0, LOG_LIMIT).map((line) => {
    if (line.text.length <= LINE_LIMIT) return line;
    const text = line.text.slice(0, LINE_LIMIT - 1);
    return { ...line, text: `${/[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text}…` };
  });
}

/** True when two records are of the same deal (game, options, seed or sealed deal, and seats).
 *  @param {GameRecord} a @param {GameRecord} b */
const sameDeal = (a, b) => a.game === b.game && a.seed === b.seed && a.deal === b.deal && JSON.stringify(a.options) === JSON.stringify(b.options) &&
  JSON.stringify(a.seats ?? null) === JSON.stringify(b.seats ?? null);

/** True when `record` has moves `other` has not (another deal, moves past it or apart from it):
 *  dropping it for `other` would lose them. @param {GameRecord} record @param {GameRecord | null} other */
export function hasMovesBeyond(record, other) {
  return !other || !sameDeal(record, other) || record.moves.length > other.moves.length ||
    record.moves.some((move, i) => other.moves[i] !== move);
}

/**
 * This tab's record kept over another tab's of the same game. What the other tab played past the
 * point where the two part may have shown a hidden tile (a draw from the stock): keeping a copy
 * from before it is taking those moves back, so the kept game gets an "undo" at that point, and
 * the other copy's aids (a hint taken there) come with it. Another deal is kept as it is.
 * @param {GameRecord} ours
 * @param {GameRecord | null} theirs
 * @returns {GameRecord}
 */
export function keptRecord(ours, theirs) {
  if (!theirs || !sameDeal(ours, theirs)) return ours;
  let common = 0;
  while (common < ours.moves.length && ours.moves[common] === theirs.moves[common]) common += 1;
  /** @type {{at: number, kind: string}[]} */
  const aids = [...(ours.aids ?? [])];
  const add = (/** @type {{at: number, kind: string}} */ aid) => {
    if (!aids.some((a) => a.at === aid.at && a.kind === aid.kind)) aids.push(aid);
  };
  for (const aid of theirs.aids ?? []) add({ at: Math.min(aid.at, ours.moves.length), kind: aid.kind });
  if (theirs.moves.length > common) add({ at: common, kind: "undo" });
  return aids.length === (ours.aids?.length ?? 0) ? ours : { ...ours, aids };
}
