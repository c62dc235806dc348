// The game in progress of each game, kept in localStorage so a reload or a later visit resumes it:
// one entry per game, with a version (game_entry.js). Everything read back is validated; a bad
// entry is dropped and reported to the caller.
//
// No move is lost without a word, and none without the player choosing it. This page holds in
// memory its copy of each game it shows, with the version of the entry it continues, and whether
// the copy has moves storage has not got ("own moves"). It tells the page (a "boneyard-storage"
// event on window, see guard.js) when storage is full (the game goes on in memory; freeSpace and
// an export help) and when another tab saved the same game (a newer version in storage, seen by a
// storage event or when this page goes to write): then this page stops saving that game until the
// player takes the other tab's (takeTheirs) or keeps this one (keepOurs); the copy not chosen is
// set aside in this page, to be exported. A copy with own moves survives leaving the screen, and
// the page warns before it is unloaded (hasUnsavedMoves). A move answered after its screen was
// left is saved by the same checks only while the game is still that screen's (saveLeftGame).

import { PREFIX, drop, readJSON } from "./local.js";
import { countedIds, flushResults, trimStatsDetail } from "./stats.js";
import { entryText, fromEntry, hasMovesBeyond, isValidEntry, keptRecord, savedLog, versionOf } from "./game_entry.js";

/** @typedef {import("./game_entry.js").SavedGame} SavedGame */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */

/**
 * What the page is told of its storage: a "boneyard-storage" event's detail (stats.js sends "results").
 * "other-tab": `ownMoves`, this page's copy has moves storage has not got; "released": this page
 * no longer shows that game (a guided deal took the screen), so a question about it goes.
 * @typedef {{kind: "full", gameId: string, moves: number}
 *   | {kind: "saved", gameId: string}
 *   | {kind: "other-tab", gameId: string, theirs: GameRecord | null, ours: GameRecord, ownMoves: boolean}
 *   | {kind: "released", gameId: string}
 *   | {kind: "results", waiting: number}} StorageNotice
 */

/** This page's copy of a game: the game, the entry version it continues (null: none in storage),
 *  whether it has what storage has not got (a save not written: storage full, or another tab's),
 *  and whether its last write failed for want of space.
 *  @typedef {{game: SavedGame, version: number | null, own: boolean, full?: boolean}} Held */

const GAME_PREFIX = `${PREFIX}game.`;
const gameKey = (/** @type {string} */ gameId) => GAME_PREFIX + gameId;

/** @type {Map<string, Held>} */
const held = new Map();
/** Games another tab saved since this page's copy: not saved here until the player chooses. @type {Set<string>} */
const contested = new Set();
/** The copy the player did not choose of each game, kept in this page to be exported. @type {Map<string, GameRecord>} */
const setAside = new Map();
addEventListener("boneyard-new-visitor", () => { held.clear(); contested.clear(); setAside.clear(); }); // (app.js)

/** Tell the page. @param {StorageNotice} detail */
function announce(detail) {
  dispatchEvent(new CustomEvent("boneyard-storage", { detail }));
}

/** A game's entry in storage: {found, value (undefined: unreadable), version (null: none)}. @param {string} gameId */
function stored(gameId) {
  const { found, value } = readJSON(gameKey(gameId));
  return { found, value, version: found ? versionOf(value) : null };
}

/**
 * The saved game of a game: {game: SavedGame} when valid ({game: null} when there is none),
 * {game: null, dropped: true} when a bad entry was removed. This page's copy comes first while it
 * has own moves (another tab's save of it is asked about again).
 * @param {string} gameId
 * @returns {{game: SavedGame | null, dropped: boolean}}
 */
export function loadGame(gameId) {
  const mine = held.get(gameId);
  if (mine?.own) {
    if (contested.has(gameId)) conflict(gameId);
    return { game: mine.game, dropped: false };
  }
  contested.delete(gameId); // nothing of this page's to lose: the stored game is the game
  const { found, value, version } = stored(gameId);
  if (!found) {
    held.delete(gameId);
    return { game: null, dropped: false };
  }
  if (!isValidEntry(value, gameId)) {
    drop(gameKey(gameId));
    held.delete(gameId);
    return { game: null, dropped: true };
  }
  const game = fromEntry(value);
  held.set(gameId, { game, version, own: false });
  return { game, dropped: false };
}

/** Another tab saved a game this page holds: stop saving it here and ask. @param {string} gameId */
function conflict(gameId) {
  const mine = /** @type {Held} */ (held.get(gameId));
  contested.add(gameId);
  announce({ kind: "other-tab", gameId, theirs: storedRecord(gameId), ours: mine.game.record, ownMoves: mine.own });
}

/** True when two saved games are one game at one point: the same token and record.
 *  @param {{record: unknown, token?: string | null}} a @param {SavedGame} b */
const sameGame = (a, b) => (a.token ?? null) === (b.token ?? null) && JSON.stringify(a.record) === JSON.stringify(b.record);

/** True when storage holds exactly this game (record and token). @param {any} value @param {SavedGame} game */
const holdsSame = (value, game) => value?.format === 1 && sameGame(value, game);

/** Write this page's copy of a game over the version it continues. @param {string} gameId */
function writeHeld(gameId) {
  const mine = /** @type {Held} */ (held.get(gameId));
  const { found, value, version } = stored(gameId);
  if ((found ? version : null) !== mine.version) { // another tab saved (or removed) it since
    conflict(gameId);
    return false;
  }
  // unchanged (a reload, the other tab's game just taken): not written again
  const same = found && holdsSame(value, mine.game);
  const next = same ? version : (version ?? 0) + 1;
  try {
    if (!same) localStorage.setItem(gameKey(gameId), entryText(mine.game, /** @type {number} */ (next)));
  } catch {
    Object.assign(mine, { own: true, full: true });
    announce({ kind: "full", gameId, moves: mine.game.record.moves?.length ?? 0 });
    return false;
  }
  const wasFull = mine.full;
  Object.assign(mine, { version: next, own: false, full: false });
  flushResults(); // space again: results kept in memory are written too
  if (wasFull) announce({ kind: "saved", gameId });
  return true;
}

/**
 * Save a game in progress. Returns true when it is in storage; false when it is kept in memory
 * only: storage is full ("full" event, every later save tries again) or another tab saved this
 * game and the player has not chosen yet ("other-tab" event).
 * @param {string} gameId
 * @param {SavedGame} game
 */
export function saveGame(gameId, { record, token = null, log = [], daily = null }) {
  const before = held.get(gameId);
  held.set(gameId, { game: { record, token, log: savedLog(log), daily }, version: before?.version ?? null, own: true,
    full: before?.full });
  if (contested.has(gameId)) return false;
  return writeHeld(gameId);
}

/**
 * Save a move whose answer came after its screen was left, only while the game is still the one
 * that screen showed at `from`, the record the move follows (with the same token): this page's
 * copy of it when it holds one (with own moves, or at the version storage has), else storage's.
 * Then it is saved as saveGame saves (written; kept in memory when storage is full or another tab's
 * save waits for the player's choice) and true is returned. Otherwise nothing changes and nothing
 * is asked (no screen shows the game to ask on): it was forgotten, or replaced by another game or
 * another tab's save, meanwhile.
 * @param {string} gameId
 * @param {SavedGame} game
 * @param {GameRecord} from
 */
export function saveLeftGame(gameId, game, from) {
  const left = { ...game, record: from };
  const mine = held.get(gameId);
  const { found, value, version } = stored(gameId);
  if (mine ? !sameGame(mine.game, left) || (!mine.own && (found ? version : null) !== mine.version)
    : !found || !holdsSame(value, left)) return false;
  if (!mine) held.set(gameId, { game: fromEntry(value), version, own: false });
  saveGame(gameId, game);
  return true;
}

/** @param {string} gameId */
export function dropGame(gameId) {
  drop(gameKey(gameId));
  held.delete(gameId);
  contested.delete(gameId);
}

/** The stored record of a game, when its entry can be read. @param {string} gameId @returns {GameRecord | null} */
function storedRecord(gameId) {
  const { value } = stored(gameId);
  return isValidEntry(value, gameId) ? value.record : null;
}

/** The other tab's game replaces this page's (the caller then reloads the game from storage);
 *  this page's copy is set aside when it has moves the other has not. @param {string} gameId */
export function takeTheirs(gameId) {
  const mine = held.get(gameId);
  if (mine && hasMovesBeyond(mine.game.record, storedRecord(gameId))) setAside.set(gameId, mine.game.record);
  contested.delete(gameId);
  held.delete(gameId);
}

/**
 * This page's game replaces the other tab's in storage; the other tab's is set aside here. Kept
 * over moves the other tab made past where the two part, it is marked as having taken them back
 * (game_entry.js keptRecord). Returns "saved", "marked" (saved with that mark: the caller reloads
 * the game from storage, so the screen's game carries it), "nothing" (this page holds no copy of
 * it any more) or "full".
 * @param {string} gameId
 * @returns {"saved" | "marked" | "nothing" | "full"}
 */
export function keepOurs(gameId) {
  const mine = held.get(gameId);
  contested.delete(gameId);
  if (!mine) return "nothing";
  const { version } = stored(gameId);
  const theirs = storedRecord(gameId);
  if (theirs && hasMovesBeyond(theirs, mine.game.record)) setAside.set(gameId, theirs);
  const record = keptRecord(mine.game.record, theirs);
  const marked = record !== mine.game.record;
  Object.assign(mine, { game: { ...mine.game, record }, version, own: true });
  if (!writeHeld(gameId)) return "full";
  return marked ? "marked" : "saved";
}

/** The copy of a game the player did not choose, kept in this page to be exported (null: none). @param {string} gameId */
export function setAsideRecord(gameId) {
  return setAside.get(gameId) ?? null;
}

/** The game screen no longer shows this game (a guided deal took its place): another tab's save of
 *  it is no longer this page's question, unless this page's copy has own moves. @param {string} gameId */
export function releaseGame(gameId) {
  if (held.get(gameId)?.own) return;
  held.delete(gameId);
  contested.delete(gameId);
  announce({ kind: "released", gameId });
}

/** True when a game has moves kept in this page only (storage full, or another tab saved it since). */
export function hasUnsavedMoves() {
  return [...held.values()].some((mine) => mine.own);
}

/** True when another tab saved a game this page shows and the player has not chosen yet. */
export function hasOpenQuestion() {
  return contested.size > 0;
}

/** Forget what this page holds of every game but `keep` (the one on screen, if any) and those
 *  with own moves: they stay until saved or left (a reload, with a warning).
 *  @param {string | null} keep */
export function forgetOtherGames(keep = null) {
  for (const [gameId, mine] of [...held]) {
    if (gameId !== keep && !mine.own) {
      held.delete(gameId);
      contested.delete(gameId);
    }
  }
  for (const gameId of [...setAside.keys()]) if (gameId !== keep) setAside.delete(gameId);
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
  for (const [gameId, mine] of held) if (!contested.has(gameId) && mine.own) saved = writeHeld(gameId) && saved;
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

/** Another tab wrote a game this page holds: a newer version than the one this copy continues. */
addEventListener("storage", (event) => {
  if (event.storageArea !== localStorage || !event.key?.startsWith(GAME_PREFIX)) return;
  const gameId = event.key.slice(GAME_PREFIX.length);
  const mine = held.get(gameId);
  if (!mine) return;
  const { found, version } = stored(gameId);
  if ((found ? version : null) !== mine.version) conflict(gameId);
});
