// The game in progress of each game, kept in localStorage so a reload or a later visit resumes it.
// Everything read back is validated; a bad entry is dropped and reported to the caller.
//
// Saving never loses a game without a word. This page keeps in memory the last game it saved (or
// tried to save) of each game, and tells the page (a "boneyard-storage" event on window, see
// guard.js) when storage is full (the game goes on in memory; freeSpace and an export help) or
// when another tab saved the same game: then this tab stops saving that game until the player
// takes the other tab's game (takeTheirs) or keeps this one (keepOurs).

import { DAY, PREFIX, drop, readJSON } from "./local.js";
import { countedIds, flushResults, trimStatsDetail } from "./stats.js";

/**
 * A saved game.
 * @typedef {object} SavedGame
 * @property {import("../engine_types.js").GameRecord} record the engine's record of the game
 * @property {string | null} token its statistics token: a game resumed after a reload is counted once
 * @property {{text: string, seat: number | null}[]} log the play log shown with it, newest first
 * @property {string | null} daily the day ("YYYY-MM-DD") whose daily deal it is; null: not a daily deal
 */

/** @typedef {import("../engine_types.js").GameRecord} GameRecord */

/**
 * What the page is told of its storage: a "boneyard-storage" event's detail (stats.js sends "results").
 * @typedef {{kind: "full", gameId: string, moves: number}
 *   | {kind: "saved", gameId: string}
 *   | {kind: "other-tab", gameId: string, theirs: GameRecord | null, ours: GameRecord}
 *   | {kind: "results", waiting: number}} StorageNotice
 */

const GAME_PREFIX = `${PREFIX}game.`;
export const LOG_LIMIT = 80; // lines of a table's play log kept with its saved game
const MOVE_ID = /^[a-z]+(-[a-z]+)*(:[A-Za-z0-9+>:_.-]+)?$/; // "next-round", "play:3-5:left"

const gameKey = (/** @type {string} */ gameId) => GAME_PREFIX + gameId;

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
    typeof line.text === "string" && line.text.length <= 500 && (line.seat === null || Number.isSafeInteger(line.seat)));
}

/**
 * True when value is a stored entry of this game: {format: 1, record, token?, log?, daily?}.
 * @param {any} value
 * @param {string} gameId
 */
function isValidEntry(value, gameId) {
  return value?.format === 1 && isValidRecord(value.record, gameId) &&
    (value.token === undefined || typeof value.token === "string") &&
    (value.log === undefined || isValidLog(value.log)) &&
    (value.daily === undefined || (typeof value.daily === "string" && DAY.test(value.daily)));
}

/** The SavedGame of a stored entry (already validated). @type {(value: any) => SavedGame} */
const fromEntry = (value) => ({ record: value.record, token: value.token ?? null, log: value.log ?? [],
  daily: value.daily ?? null });

/**
 * The saved game of a game: {game: SavedGame} when valid ({game: null} when there is none),
 * {game: null, dropped: true} when a bad entry was removed.
 * @param {string} gameId
 * @returns {{game: SavedGame | null, dropped: boolean}}
 */
export function loadGame(gameId) {
  const mine = held.get(gameId);
  if (mine && unsaved.has(gameId)) return { game: mine.game, dropped: false }; // newer than storage's
  const key = gameKey(gameId);
  const { found, value } = readJSON(key);
  if (!found) return { game: null, dropped: false };
  if (!isValidEntry(value, gameId)) {
    drop(key);
    return { game: null, dropped: true };
  }
  const game = fromEntry(value);
  remember(gameId, game);
  return { game, dropped: false };
}

// ---- what this page holds of each game, and what it tells the page

/** gameId -> {game: SavedGame, text}: the game as this page last saved it (or tried to); text: the
 *  JSON written (or read), to tell this tab's writes from another tab's.
 *  @type {Map<string, {game: SavedGame, text: string | null}>} */
const held = new Map();
/** Games another tab saved since this page last did: not saved here until the player chooses. @type {Set<string>} */
const contested = new Set();
/** Games whose last save failed (storage full). @type {Set<string>} */
const unsaved = new Set();

/** @param {string} gameId @param {SavedGame} game */
function remember(gameId, game) {
  let text = null;
  try { text = localStorage.getItem(gameKey(gameId)); } catch { /* unreadable: compared as changed */ }
  held.set(gameId, { game, text });
}

/** Tell the page: detail {kind: "full" | "saved" | "other-tab", gameId, ...}. @param {StorageNotice} detail */
function announce(detail) {
  dispatchEvent(new CustomEvent("boneyard-storage", { detail }));
}

/**
 * The text in storage of a game when it already holds this record and token, else null.
 * @param {string} gameId
 * @param {SavedGame} game
 */
function storedSame(gameId, { record, token }) {
  try {
    const text = localStorage.getItem(gameKey(gameId));
    const value = text === null ? null : JSON.parse(text);
    const same = value?.format === 1 && (value.token ?? null) === (token ?? null) &&
      JSON.stringify(value.record) === JSON.stringify(record);
    return same ? text : null;
  } catch {
    return null;
  }
}

/** @param {string} gameId */
function writeHeld(gameId) {
  const mine = /** @type {{game: SavedGame, text: string | null}} */ (held.get(gameId));
  const { record, token, log, daily } = mine.game;
  // unchanged (a reload, or the other tab's game just taken): not written again, so the other
  // tab is not told of a change that is none
  let text = storedSame(gameId, mine.game);
  let ok = true;
  if (text === null) {
    text = JSON.stringify({ format: 1, saved: Date.now(), record, token: token ?? undefined, log,
      daily: daily ?? undefined });
    try {
      localStorage.setItem(gameKey(gameId), text);
    } catch {
      ok = false;
    }
  }
  if (ok) {
    mine.text = text;
    flushResults(); // space again: results kept in memory are written too
    if (unsaved.delete(gameId)) announce({ kind: "saved", gameId });
  } else {
    unsaved.add(gameId);
    announce({ kind: "full", gameId, moves: record.moves?.length ?? 0 });
  }
  return ok;
}

/**
 * Save a game in progress. Returns true when it is in storage; false when it is kept in memory
 * only: storage is full ("full" event, every later save tries again) or another tab saved this
 * game and the player has not chosen yet ("other-tab" event).
 * @param {string} gameId
 * @param {SavedGame} game
 */
export function saveGame(gameId, { record, token = null, log = [], daily = null }) {
  held.set(gameId, { game: { record, token, log: log.slice(0, LOG_LIMIT), daily }, text: held.get(gameId)?.text ?? null });
  if (contested.has(gameId)) return false;
  return writeHeld(gameId);
}

/** @param {string} gameId */
export function dropGame(gameId) {
  drop(gameKey(gameId));
  held.delete(gameId);
  unsaved.delete(gameId);
}

/** This page's record of a game (the last one saved or kept in memory), or null. @param {string} gameId */
export function heldRecord(gameId) {
  return held.get(gameId)?.game.record ?? null;
}

/** The other tab's game replaces this page's (the caller then reloads the game from storage). @param {string} gameId */
export function takeTheirs(gameId) {
  contested.delete(gameId);
  unsaved.delete(gameId);
  held.delete(gameId);
}

/** This page's game replaces the other tab's in storage. Returns false if storage is full. @param {string} gameId */
export function keepOurs(gameId) {
  contested.delete(gameId);
  return held.has(gameId) ? writeHeld(gameId) : true;
}

/** True when a game has moves kept in memory only (storage full). */
export function hasUnsavedMoves() {
  return unsaved.size > 0;
}

/** Forget what this page holds of every game but `keep` (the one on screen, if any) and those
 *  whose moves are in memory only: they stay until saved or left (a reload, with a warning).
 *  @param {string | null} keep */
export function forgetOtherGames(keep = null) {
  for (const gameId of [...held.keys()]) {
    if (gameId !== keep && !unsaved.has(gameId)) {
      held.delete(gameId);
      contested.delete(gameId);
      unsaved.delete(gameId);
    }
  }
}

/** Free what can go when storage is full: the saved games already finished (counted in the
 *  statistics), except those this page holds, and the statistics' detail (the list of counted
 *  games beyond the last 20). Then every game kept in memory is saved again. Returns
 *  {freed: bytes, saved: true when every held game is in storage now}. */
export function freeSpace() {
  let freed = 0;
  const counted = countedIds();
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (!key?.startsWith(GAME_PREFIX) || held.has(key.slice(GAME_PREFIX.length))) continue;
      const text = localStorage.getItem(key) ?? "";
      let finished = true; // unreadable: it goes too
      try { finished = counted.has(JSON.parse(text)?.token); } catch { /* unreadable */ }
      if (finished) {
        localStorage.removeItem(key);
        freed += key.length + text.length;
      }
    }
    freed += trimStatsDetail();
  } catch { /* storage unusable: nothing more to free */ }
  let saved = true;
  for (const gameId of held.keys()) if (!contested.has(gameId) && unsaved.has(gameId)) saved = writeHeld(gameId) && saved;
  return { freed, saved };
}

/**
 * Check the saved game of each game at start; drop the bad ones. Returns the names of those dropped.
 * @param {{id: string, name?: string}[]} games from the catalog
 * @returns {string[]}
 */
export function checkSavedGames(games = []) {
  const dropped = [];
  for (const { id, name = id } of games) {
    const key = gameKey(id);
    const { found, value } = readJSON(key);
    if (found && !isValidEntry(value, id)) {
      drop(key);
      dropped.push(`the saved game of ${name}`);
    }
  }
  return dropped;
}

/** Another tab wrote a game this page holds: stop saving it here and ask the player. */
addEventListener("storage", (event) => {
  if (event.storageArea !== localStorage || !event.key?.startsWith(GAME_PREFIX)) return;
  const gameId = event.key.slice(GAME_PREFIX.length);
  const mine = held.get(gameId);
  if (!mine || event.newValue === mine.text) return;
  let theirs = null;
  try {
    const value = JSON.parse(event.newValue ?? "null");
    if (isValidEntry(value, gameId)) theirs = value.record;
  } catch { /* not a game: treated as removed */ }
  contested.add(gameId);
  announce({ kind: "other-tab", gameId, theirs, ours: mine.game.record });
});
