// The statistics: per game and option set, played/won/streaks, scores, winnable and daily deals,
// assisted games and the last HISTORY_LIMIT dated results; every entry validated on read.

import { DAY, PREFIX, drop, isPlainObject, own, ownValue, readJSON, write } from "./local.js";

const STATS_KEY = PREFIX + "stats.v1";

/** @typedef {import("../engine_types.js").OptionValues} OptionValues */

/**
 * One dated result: d the day, w 1 won, s the score, a 1 assisted, y 1 the daily deal, q 1 given up.
 * @typedef {{d: string, w: 0 | 1, s?: number, a?: 1, y?: 1, q?: 1}} DatedResult
 */

/**
 * The statistics of one game and option set.
 * @typedef {object} StatsEntry
 * @property {string} game
 * @property {OptionValues} options
 * @property {number} played
 * @property {number} won
 * @property {number} streak
 * @property {number} bestStreak
 * @property {true} [winnableOnly]
 * @property {{count: number, sum: number, best: number, lowerIsBetter: boolean}} [scores]
 * @property {{deals: number, won: number}} [winnable]
 * @property {{played: number, won: number}} [assisted]
 * @property {{played: number, won: number, streak: number, bestStreak: number, lastWon?: string}} [daily]
 * @property {DatedResult[]} [history]
 */

/** @typedef {{won: boolean, score?: number, lowerIsBetter?: boolean}} GameOutcome */

/**
 * What else is known of a finished game (recordResult).
 * @typedef {object} ResultExtra
 * @property {string | null} [id]
 * @property {boolean} [winnable]
 * @property {boolean} [winnableOnly]
 * @property {boolean} [assisted]
 * @property {boolean} [daily]
 * @property {boolean} [gaveUp]
 * @property {string} [day]
 */

/** @typedef {{gameId: string, options: OptionValues, outcome: GameOutcome, extra: ResultExtra}} PendingResult */

/**
 * A stable key for a game's option set: "luzon|variant=twelve"; winnable-only deals are kept
 * apart ("luzon|variant=twelve|winnable-only").
 * @param {string} gameId
 * @param {OptionValues} options
 * @param {{winnableOnly?: boolean}} [how]
 */
function statsKey(gameId, options = {}, { winnableOnly = false } = {}) {
  const parts = Object.keys(options).sort().map((k) => `${k}=${options[k]}`);
  return [gameId, ...parts, ...(winnableOnly ? ["winnable-only"] : [])].join("|");
}

const HISTORY_LIMIT = 400; // dated results kept per entry, for the charts
/** @type {(v: unknown) => v is number} */
const COUNT = (v) => Number.isSafeInteger(v) && /** @type {number} */ (v) >= 0;
/** @type {(v: unknown) => v is number} */
const NUMBER = (v) => typeof v === "number" && Number.isFinite(v);
/** True when every own key of `object` is one of `keys`. @param {object} object @param {string[]} keys */
const onlyKeys = (object, keys) => Object.keys(object).every((k) => keys.includes(k));

/** {played, won} with won <= played. @param {unknown} t */
const validTally = (t) => isPlainObject(t) && onlyKeys(t, ["played", "won"]) && COUNT(ownValue(t, "played")) &&
  COUNT(ownValue(t, "won")) && t.won <= t.played;

/** One dated result: {d: day, w: 0|1, s?: score, a?: 1 assisted, y?: 1 the daily deal, q?: 1 given up}. */
/** @param {unknown} r */
function validResult(r) {
  if (!isPlainObject(r) || !onlyKeys(r, ["d", "w", "s", "a", "y", "q"])) return false;
  if (typeof ownValue(r, "d") !== "string" || !DAY.test(r.d) || ![0, 1].includes(ownValue(r, "w"))) return false;
  if (own(r, "s") && !NUMBER(r.s)) return false;
  return ["a", "y", "q"].every((k) => !own(r, k) || r[k] === 1);
}

/** @param {unknown} d */
function validDaily(d) {
  return isPlainObject(d) && onlyKeys(d, ["played", "won", "streak", "bestStreak", "lastWon"]) &&
    ["played", "won", "streak", "bestStreak"].every((k) => COUNT(ownValue(d, k))) && d.won <= d.played &&
    d.streak <= d.bestStreak && d.bestStreak <= d.won &&
    (!own(d, "lastWon") || (typeof d.lastWon === "string" && DAY.test(d.lastWon)));
}

/** @param {unknown} e @returns {e is StatsEntry} */
function validEntry(e) {
  if (!isPlainObject(e)) return false;
  const options = ownValue(e, "options");
  if (typeof ownValue(e, "game") !== "string" || !isPlainObject(options)) return false;
  if (!Object.values(options).every((v) => ["string", "number", "boolean"].includes(typeof v))) return false;
  if (!["played", "won", "streak", "bestStreak"].every((k) => COUNT(ownValue(e, k))) || e.won > e.played) return false;
  if (e.streak > e.played || e.bestStreak > e.played || e.streak > e.bestStreak) return false;
  const scores = ownValue(e, "scores");
  if (scores !== undefined && !(isPlainObject(scores) && COUNT(ownValue(scores, "count")) &&
      NUMBER(ownValue(scores, "sum")) && NUMBER(ownValue(scores, "best")))) {
    return false;
  }
  const winnable = ownValue(e, "winnable");
  if (winnable !== undefined && !(isPlainObject(winnable) && COUNT(ownValue(winnable, "deals")) &&
      COUNT(ownValue(winnable, "won")) && winnable.won <= winnable.deals)) return false;
  if (ownValue(e, "winnableOnly") !== undefined && e.winnableOnly !== true) return false;
  const assisted = ownValue(e, "assisted");
  if (assisted !== undefined && !(validTally(assisted) && assisted.played <= e.played)) return false;
  const daily = ownValue(e, "daily");
  if (daily !== undefined && !(validDaily(daily) && daily.played <= e.played)) return false;
  const history = ownValue(e, "history");
  if (history !== undefined && !(Array.isArray(history) && history.length <= HISTORY_LIMIT &&
      history.every(validResult))) return false;
  return true;
}

/**
 * The statistics as data: {stats: Map key -> entry, recent, dropped, removed}. An entry that
 * cannot be read is dropped alone (removed: how many; the rest are kept and written back); an
 * unreadable whole (another version, not JSON) is dropped whole (removed: "all"). Keys are map
 * keys, never object properties: "constructor", "toString" or "__proto__" are names like any other.
 * @returns {{stats: Map<string, StatsEntry>, dropped: boolean, removed: number | "all", recent: string[]}}
 */
export function loadStats() {
  /** @type {Map<string, StatsEntry>} */
  const stats = new Map();
  const { found, value } = readJSON(STATS_KEY);
  if (!found) return { stats, dropped: false, removed: 0, recent: [] };
  const entries = isPlainObject(value) ? ownValue(value, "entries") : undefined;
  const recent = isPlainObject(value) ? ownValue(value, "recent") : undefined;
  if (ownValue(value ?? {}, "format") !== 1 || !isPlainObject(entries) ||
      !Array.isArray(recent) || !recent.every((k) => typeof k === "string")) {
    drop(STATS_KEY);
    return { stats, dropped: true, removed: "all", recent: [] };
  }
  let removed = 0;
  for (const [key, entry] of Object.entries(entries)) {
    if (validEntry(entry)) stats.set(key, entry);
    else removed += 1;
  }
  if (removed) writeStats(stats, recent);
  return { stats, dropped: removed > 0, removed, recent };
}

/**
 * Store the statistics; false when storage is full.
 * @param {Map<string, StatsEntry>} stats
 * @param {string[]} recent
 */
function writeStats(stats, recent) {
  return write(STATS_KEY, { format: 1, entries: Object.fromEntries(stats), recent });
}

/** Clear the statistics: every game's, or with `gameId` that game's only (all its option sets). @param {string | null} gameId */
export function resetStats(gameId = null) {
  if (gameId === null) {
    drop(STATS_KEY);
    return;
  }
  const { stats, recent } = loadStats();
  writeStats(new Map([...stats].filter(([, e]) => e.game !== gameId)), recent);
}

/** The device's calendar day of a Date, "YYYY-MM-DD" (local time: the day the player sees). @param {Date} date */
export function dayOf(date) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day before a "YYYY-MM-DD" day. @param {string} day */
function dayBefore(day) {
  const [y, m, d] = day.split("-").map(Number);
  return dayOf(new Date(y, m - 1, d - 1));
}

/**
 * Count a finished game in the statistics. Call it once when a game ends (any screen):
 *   gameId: the catalog id; options: the game's option values (one statistics row per set);
 *   outcome: {won: boolean, score?: number (where the game scores), lowerIsBetter?: boolean};
 *   extra: {id?: string (the same id is counted once: e.g. a deal finished, undone and finished
 *           again), winnable?: boolean (Luzon: the deal was winnable at its start),
 *           winnableOnly?: boolean (dealt as a winnable-only deal: a row of its own),
 *           assisted?: boolean (undo or hints were used), daily?: boolean (the deal of the day),
 *           gaveUp?: boolean (resigned or abandoned), day?: "YYYY-MM-DD" (default: today)}.
 * Returns the updated entry (null if it was already counted, or when storage is full: the result then
 * waits in memory, and is written with the next write that can be: flushResults).
 * @param {string} gameId
 * @param {OptionValues} options
 * @param {GameOutcome} outcome
 * @param {ResultExtra} [extra]
 * @returns {StatsEntry | null}
 */
export function recordResult(gameId, options, outcome, extra = {}) {
  if (extra.id && pending.some((p) => p.extra.id === extra.id)) return null;
  if (extra.id && loadStats().recent.includes(extra.id)) return null;
  pending.push({ gameId, options, outcome, extra: { ...extra } });
  return flushResults()?.at(-1) ?? null;
}

/** Results counted but not yet stored (storage full): written with the next write that can be. @type {PendingResult[]} */
const pending = [];
addEventListener("boneyard-new-visitor", () => { pending.length = 0; }); // (app.js: the page as a new visitor's)

/** Write the results waiting in memory. Returns their entries when stored; null when storage is
 *  still full (they wait, and the page is told: a "boneyard-storage" event of kind "results").
 *  @returns {StatsEntry[] | null} */
export function flushResults() {
  if (!pending.length) return [];
  const { stats, recent } = loadStats();
  let ids = recent;
  const entries = pending.map((p) => {
    const entry = applyResult(stats, p);
    if (p.extra.id) ids = [...ids, p.extra.id].slice(-200);
    return entry;
  });
  if (!writeStats(stats, ids)) {
    dispatchEvent(new CustomEvent("boneyard-storage", { detail: { kind: "results", waiting: pending.length } }));
    return null;
  }
  pending.length = 0;
  return entries;
}

/**
 * Add one result to the statistics `stats` (changed in place); returns its entry.
 * @param {Map<string, StatsEntry>} stats
 * @param {PendingResult} result
 * @returns {StatsEntry}
 */
function applyResult(stats, { gameId, options, outcome, extra }) {
  const key = statsKey(gameId, options, { winnableOnly: Boolean(extra.winnableOnly) });
  const day = typeof extra.day === "string" && DAY.test(extra.day) ? extra.day : dayOf(new Date());
  /** @type {StatsEntry} */
  const e = stats.get(key) ??
    { game: gameId, options: { ...options }, played: 0, won: 0, streak: 0, bestStreak: 0 };
  if (extra.winnableOnly) e.winnableOnly = true;
  e.played += 1;
  if (outcome.won) {
    e.won += 1;
    e.streak += 1;
    e.bestStreak = Math.max(e.bestStreak, e.streak);
  } else {
    e.streak = 0;
  }
  if (NUMBER(outcome.score)) {
    const s = e.scores ?? { count: 0, sum: 0, best: outcome.score, lowerIsBetter: Boolean(outcome.lowerIsBetter) };
    s.count += 1;
    s.sum += outcome.score;
    s.best = (outcome.lowerIsBetter ? Math.min : Math.max)(s.best, outcome.score);
    e.scores = s;
  }
  if (typeof extra.winnable === "boolean" && extra.winnable) {
    const w = e.winnable ?? { deals: 0, won: 0 };
    w.deals += 1;
    if (outcome.won) w.won += 1;
    e.winnable = w;
  } else if (typeof extra.winnable === "boolean") {
    e.winnable ??= { deals: 0, won: 0 };
  }
  if (extra.assisted) {
    const a = e.assisted ?? { played: 0, won: 0 };
    a.played += 1;
    if (outcome.won) a.won += 1;
    e.assisted = a;
  }
  if (extra.daily) {
    const d = e.daily ?? { played: 0, won: 0, streak: 0, bestStreak: 0 };
    d.played += 1;
    if (outcome.won) {
      d.won += 1;
      // days in a row with the daily deal won (winning the same day's deal again adds nothing)
      if (d.lastWon !== day) d.streak = d.lastWon === dayBefore(day) ? d.streak + 1 : 1;
      d.bestStreak = Math.max(d.bestStreak, d.streak);
      d.lastWon = day;
    } else {
      d.streak = 0;
    }
    e.daily = d;
  }
  /** @type {DatedResult} */
  const result = { d: day, w: outcome.won ? 1 : 0 };
  if (NUMBER(outcome.score)) result.s = outcome.score;
  if (extra.assisted) result.a = 1;
  if (extra.daily) result.y = 1;
  if (extra.gaveUp) result.q = 1;
  e.history = [...(e.history ?? []), result].slice(-HISTORY_LIMIT);
  stats.set(key, e);
  return e;
}

/** The ids of the games counted lately (a saved game whose token is among them is finished). */
export function countedIds() {
  return new Set(loadStats().recent);
}

/** Keep only the last 20 ids of counted games (storage full): the bytes freed. */
export function trimStatsDetail() {
  const { stats, recent, dropped } = loadStats();
  if (dropped || recent.length <= 20) return 0;
  let before = 0;
  try { before = localStorage.getItem(STATS_KEY)?.length ?? 0; } catch { return 0; }
  if (!writeStats(stats, recent.slice(-20))) return 0;
  try { return before - (localStorage.getItem(STATS_KEY)?.length ?? 0); } catch { return 0; }
}
