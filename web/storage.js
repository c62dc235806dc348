// localStorage: settings and the record of the game in progress, per game.
// Everything read back is validated (own properties only: a key such as "toString", "constructor"
// or "__proto__" is just an unknown key); a bad entry is dropped and reported to the caller.
//
// Saving never loses a game without a word. This page keeps in memory the last record it saved (or
// tried to save) of each game, and tells the page (an "boneyard-storage" event on window, see
// storageEvents) when storage is full (the game goes on in memory; freeSpace and exportText help)
// or when another tab saved the same game: then this tab stops saving that game until the player
// takes the other tab's game (takeTheirs) or keeps this one (keepOurs).

const PREFIX = "boneyard.";
const SETTINGS_KEY = PREFIX + "settings.v1";
const STATS_KEY = PREFIX + "stats.v1";
/** Settings and their allowed values (the first is the default). */
export const SETTING_CHOICES = {
  tileStyle: ["classic", "color"], // classic black pips, or Color Dot (each number its own colour)
  animation: ["normal", "fast", "off"],
  hints: [true, false],
  showWinnable: [true, false], // Luzon's "still winnable" indicator
  winnableOnly: [false, true], // deal only deals a solver proves winnable, where the game offers it
  seats: ["one", "all"], // table games: one person against the computer, or every seat a person
  level: ["medium", "easy", "hard"], // the computer's default level
  autoForced: [false, true], // table games: a draw or a pass that is the person's only move is made for them
  theme: ["system", "light", "dark"], // the colours: the system's, or chosen here
  sound: ["off", "on"], // short sounds made by the page (sound.js)
};
const DEFAULT_SETTINGS = Object.fromEntries(Object.entries(SETTING_CHOICES).map(([k, v]) => [k, v[0]]));
const LOG_LIMIT = 80; // lines of a table's play log kept with its saved game
const DAY = /^\d{4}-\d{2}-\d{2}$/; // a calendar day, "2026-11-23"
const MOVE_ID = /^[a-z]+(-[a-z]+)*(:[A-Za-z0-9+>:_.-]+)?$/; // "next-round", "play:3-5:left"

function readJSON(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? { found: false } : { found: true, value: JSON.parse(text) };
  } catch {
    return { found: true, value: undefined };
  }
}

const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled: the caller says so
  }
}

export function drop(key) {
  try {
    localStorage.removeItem(key);
  } catch { /* ignore */ }
}

/** The settings ({settings, dropped}); never throws: anything unreadable gives the defaults. */
export function loadSettings() {
  const settings = { ...DEFAULT_SETTINGS };
  try {
    const { found, value } = readJSON(SETTINGS_KEY);
    if (!found) return { settings, dropped: false };
    if (!isPlainObject(value)) {
      drop(SETTINGS_KEY);
      return { settings, dropped: true };
    }
    let bad = false;
    for (const [key, value_] of Object.entries(value)) {
      if (own(SETTING_CHOICES, key) && SETTING_CHOICES[key].includes(value_)) settings[key] = value_;
      else bad = true; // unknown key or value: hand-edited or from another version
    }
    if (bad) write(SETTINGS_KEY, settings);
    return { settings, dropped: bad };
  } catch {
    drop(SETTINGS_KEY);
    return { settings: { ...DEFAULT_SETTINGS }, dropped: true };
  }
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
  applySettings(settings);
  dispatchEvent(new CustomEvent("boneyard-settings", { detail: settings }));
}

/** Page-wide settings as attributes on <html>, for the style sheet: data-tiles, data-motion, data-hints, data-sound,
 * data-theme. */
export function applySettings(settings) {
  const root = document.documentElement;
  root.dataset.tiles = settings.tileStyle;
  root.dataset.motion = settings.animation;
  root.dataset.hints = settings.hints ? "on" : "off";
  root.dataset.sound = settings.sound;
  if (settings.theme === "system") delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
}

function gameKey(gameId) {
  return `${PREFIX}game.${gameId}`;
}

/** True when value has the shape of an engine record of this game. */
export function isValidRecord(value, gameId) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  if (value.version !== 1 || value.game !== gameId) return false;
  if (!Number.isSafeInteger(value.seed) || value.seed < 0) return false;
  if (!value.options || typeof value.options !== "object" || Array.isArray(value.options)) return false;
  if (!Object.values(value.options).every((v) => ["string", "number", "boolean"].includes(typeof v))) return false;
  if (value.seats !== undefined && !(Array.isArray(value.seats) && value.seats.every((s) => typeof s === "string"))) {
    return false;
  }
  return Array.isArray(value.moves) && value.moves.length <= 10_000 &&
    value.moves.every((m) => typeof m === "string" && MOVE_ID.test(m));
}

/** True when value is a play log: [{text, seat}] (seat a seat number or null), newest first. */
function isValidLog(value) {
  return Array.isArray(value) && value.length <= LOG_LIMIT && value.every((line) => line && typeof line === "object" &&
    typeof line.text === "string" && line.text.length <= 500 && (line.seat === null || Number.isSafeInteger(line.seat)));
}

/** True when value is a saved game entry of this game: {format: 1, record, token?, log?, daily?}. */
function isValidSaved(value, gameId) {
  return value?.format === 1 && isValidRecord(value.record, gameId) &&
    (value.token === undefined || typeof value.token === "string") &&
    (value.log === undefined || isValidLog(value.log)) &&
    (value.daily === undefined || (typeof value.daily === "string" && DAY.test(value.daily)));
}

/**
 * The saved game of a game: {record, token, log} when valid ({record: null} when there is none),
 * {dropped: true} when a bad entry was removed. token: the game's statistics token, so a game
 * resumed after a reload is still counted once; log: the play log shown with it; daily: the day
 * whose daily deal it is (null: not a daily deal).
 */
export function loadRecord(gameId) {
  const key = gameKey(gameId);
  const { found, value } = readJSON(key);
  if (!found) return { record: null, token: null, dropped: false };
  if (!isValidSaved(value, gameId)) {
    drop(key);
    return { record: null, token: null, dropped: true };
  }
  remember(gameId, value.record, value.token, key, value.log, value.daily);
  return { record: value.record, token: value.token ?? null, log: value.log ?? [], daily: value.daily ?? null,
    dropped: false };
}

// ---- what this page holds of each game, and what it tells the page

/** gameId -> {record, token, text}: the game as this page last saved it (or tried to); text: the
 *  JSON written (or read), to tell this tab's writes from another tab's. */
const held = new Map();
/** Games another tab saved since this page last did: not saved here until the player chooses. */
const contested = new Set();
/** Games whose last save failed (storage full). */
const unsaved = new Set();

function remember(gameId, record, token, key = gameKey(gameId), log = undefined, daily = undefined) {
  let text = null;
  try { text = localStorage.getItem(key); } catch { /* unreadable: compared as changed */ }
  held.set(gameId, { record, token: token ?? undefined, text, log, daily });
}

/** Tell the page: detail {kind: "full" | "saved" | "other-tab", gameId, ...}. */
function announce(detail) {
  dispatchEvent(new CustomEvent("boneyard-storage", { detail }));
}

/** The text in storage of a game when it already holds this record and token, else null. */
function storedSame(gameId, record, token) {
  try {
    const text = localStorage.getItem(gameKey(gameId));
    const value = text === null ? null : JSON.parse(text);
    const same = value?.format === 1 && (value.token ?? undefined) === (token ?? undefined) &&
      JSON.stringify(value.record) === JSON.stringify(record);
    return same ? text : null;
  } catch {
    return null;
  }
}

function writeHeld(gameId) {
  const { record, token, log, daily } = held.get(gameId);
  // unchanged (a reload, or the other tab's game just taken): not written again, so the other
  // tab is not told of a change that is none
  let text = storedSame(gameId, record, token);
  let ok = true;
  if (text === null) {
    text = JSON.stringify({ format: 1, saved: Date.now(), record, token, log, daily });
    try {
      localStorage.setItem(gameKey(gameId), text);
    } catch {
      ok = false;
    }
  }
  if (ok) {
    held.get(gameId).text = text;
    if (unsaved.delete(gameId)) announce({ kind: "saved", gameId });
  } else {
    unsaved.add(gameId);
    announce({ kind: "full", gameId, moves: record.moves?.length ?? 0 });
  }
  return ok;
}

/**
 * Save the record of a game in progress. Returns true when it is in storage; false when it is
 * kept in memory only: storage is full ("full" event, every later save tries again) or another
 * tab saved this game and the player has not chosen yet ("other-tab" event).
 * @param {string} gameId
 * @param {import("./engine_types.js").GameRecord} record
 * @param {string | null} [token]
 * @param {{text: string, seat: number | null}[]} [log]
 * @param {string | null} [daily]
 */
export function saveRecord(gameId, record, token = undefined, log = undefined, daily = null) {
  held.set(gameId, { record, token, text: held.get(gameId)?.text ?? null, log: log?.slice(0, LOG_LIMIT),
    daily: daily ?? undefined });
  if (contested.has(gameId)) return false;
  return writeHeld(gameId);
}

// ---- the table games: the computers' pace and the seat names last used per game

/** The computers' pace, slowest first, with the pause before each computer move. */
export const SPEEDS = [["slow", "Slow", 1600], ["normal", "Normal", 800], ["fast", "Fast", 300], ["instant", "Instant", 0]];
const SPEED_KEY = PREFIX + "table.speed.v1";
const NAMES_KEY = (gameId) => `${PREFIX}table.names.v1.${gameId}`;

/** The chosen pace, else the settings page's animation speed. */
export function loadSpeed() {
  const { value } = readJSON(SPEED_KEY);
  if (SPEEDS.some(([key]) => key === value)) return value;
  return { normal: "normal", fast: "fast", off: "instant" }[loadSettings().settings.animation] ?? "normal";
}

export function saveSpeed(speed) {
  if (SPEEDS.some(([key]) => key === speed)) write(SPEED_KEY, speed);
}

/** The seat names last used for a game ([] when none or unreadable). */
export function loadNames(gameId) {
  const { value } = readJSON(NAMES_KEY(gameId));
  return Array.isArray(value) && value.length <= 16 && value.every((n) => typeof n === "string" && n.length <= 40) ? value : [];
}

export function saveNames(gameId, names) {
  write(NAMES_KEY(gameId), names);
}

const PLAYER_NAME_KEY = PREFIX + "player.name.v1";
const NAME_LIMIT = 14; // as the setup's name fields

/** The person's own name, for the seat of a game whose seat names were never set ("" when none: "You"). */
export function loadPlayerName() {
  const { value } = readJSON(PLAYER_NAME_KEY);
  return typeof value === "string" && value.trim() && value.trim().length <= NAME_LIMIT ? value.trim() : "";
}

/** Keep the person's name ("" or "You": none, they are "You"). */
export function savePlayerName(name) {
  const text = String(name).trim().slice(0, NAME_LIMIT);
  if (text && text !== "You") write(PLAYER_NAME_KEY, text);
  else drop(PLAYER_NAME_KEY);
}

export function dropRecord(gameId) {
  drop(gameKey(gameId));
  held.delete(gameId);
  unsaved.delete(gameId);
}

/** This page's record of a game (the last one saved or kept in memory), or null. */
export function heldRecord(gameId) {
  return held.get(gameId)?.record ?? null;
}

/** The games whose last save failed (storage full). */
export function unsavedGames() {
  return [...unsaved];
}

/** The other tab's game replaces this page's (the caller then reloads the game from storage). */
export function takeTheirs(gameId) {
  contested.delete(gameId);
  unsaved.delete(gameId);
  held.delete(gameId);
}

/** This page's game replaces the other tab's in storage. Returns false if storage is full. */
export function keepOurs(gameId) {
  contested.delete(gameId);
  return held.has(gameId) ? writeHeld(gameId) : true;
}

/** Forget what this page holds of every game but `keep` (the one on screen, if any). */
export function forgetOtherGames(keep = null) {
  for (const gameId of [...held.keys()]) {
    if (gameId !== keep) {
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
  const { stats, recent = [], dropped } = loadStats();
  const counted = new Set(recent);
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (!key?.startsWith(`${PREFIX}game.`) || held.has(key.slice(`${PREFIX}game.`.length))) continue;
      const text = localStorage.getItem(key) ?? "";
      let finished = true; // unreadable: it goes too
      try { finished = counted.has(JSON.parse(text)?.token); } catch { /* unreadable */ }
      if (finished) {
        localStorage.removeItem(key);
        freed += key.length + text.length;
      }
    }
    if (!dropped && recent.length > 20) {
      const before = localStorage.getItem(STATS_KEY)?.length ?? 0;
      if (write(STATS_KEY, { format: 1, entries: stats, recent: recent.slice(-20) })) {
        freed += before - (localStorage.getItem(STATS_KEY)?.length ?? 0);
      }
    }
  } catch { /* storage unusable: nothing more to free */ }
  let saved = true;
  for (const gameId of held.keys()) if (!contested.has(gameId) && unsaved.has(gameId)) saved = writeHeld(gameId) && saved;
  return { freed, saved };
}

/** Another tab wrote a game this page holds: stop saving it here and ask the player. */
addEventListener("storage", (event) => {
  if (event.storageArea !== localStorage || !event.key?.startsWith(`${PREFIX}game.`)) return;
  const gameId = event.key.slice(`${PREFIX}game.`.length);
  const mine = held.get(gameId);
  if (!mine || event.newValue === mine.text) return;
  let theirs = null;
  try {
    const value = JSON.parse(event.newValue ?? "null");
    if (isValidSaved(value, gameId)) theirs = value.record;
  } catch { /* not a game: treated as removed */ }
  contested.add(gameId);
  announce({ kind: "other-tab", gameId, theirs, ours: mine.record });
});

// ---- statistics: per game and option set

/**
 * A stable key for a game's option set: "luzon|variant=twelve"; winnable-only deals are kept
 * apart ("luzon|variant=twelve|winnable-only").
 */
export function statsKey(gameId, options = {}, { winnableOnly = false } = {}) {
  const parts = Object.keys(options).sort().map((k) => `${k}=${options[k]}`);
  return [gameId, ...parts, ...(winnableOnly ? ["winnable-only"] : [])].join("|");
}

export const HISTORY_LIMIT = 400; // dated results kept per entry, for the charts
const COUNT = (v) => Number.isSafeInteger(v) && v >= 0;
const NUMBER = (v) => typeof v === "number" && Number.isFinite(v);
/** A value's own property (never one inherited from Object.prototype: "__proto__", "constructor"). */
const ownValue = (object, key) => (own(object, key) ? object[key] : undefined);
/** True when every own key of `object` is one of `keys`. */
const onlyKeys = (object, keys) => Object.keys(object).every((k) => keys.includes(k));

/** {played, won} with won <= played. */
const validTally = (t) => isPlainObject(t) && onlyKeys(t, ["played", "won"]) && COUNT(ownValue(t, "played")) &&
  COUNT(ownValue(t, "won")) && t.won <= t.played;

/** One dated result: {d: day, w: 0|1, s?: score, a?: 1 assisted, y?: 1 the daily deal, q?: 1 given up}. */
function validResult(r) {
  if (!isPlainObject(r) || !onlyKeys(r, ["d", "w", "s", "a", "y", "q"])) return false;
  if (typeof ownValue(r, "d") !== "string" || !DAY.test(r.d) || ![0, 1].includes(ownValue(r, "w"))) return false;
  if (own(r, "s") && !NUMBER(r.s)) return false;
  return ["a", "y", "q"].every((k) => !own(r, k) || r[k] === 1);
}

function validDaily(d) {
  return isPlainObject(d) && onlyKeys(d, ["played", "won", "streak", "bestStreak", "lastWon"]) &&
    ["played", "won", "streak", "bestStreak"].every((k) => COUNT(ownValue(d, k))) && d.won <= d.played &&
    d.streak <= d.bestStreak && d.bestStreak <= d.won &&
    (!own(d, "lastWon") || (typeof d.lastWon === "string" && DAY.test(d.lastWon)));
}

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

/** All statistics: {stats: {key: entry}, dropped}. A bad or other-version entry is dropped. */
export function loadStats() {
  const { found, value } = readJSON(STATS_KEY);
  if (!found) return { stats: {}, dropped: false, recent: [] };
  const entries = isPlainObject(value) ? ownValue(value, "entries") : undefined;
  const recent = isPlainObject(value) ? ownValue(value, "recent") : undefined;
  if (ownValue(value ?? {}, "format") !== 1 || !isPlainObject(entries) ||
      !Array.isArray(recent) || !recent.every((k) => typeof k === "string") ||
      !Object.values(entries).every(validEntry)) {
    drop(STATS_KEY);
    return { stats: {}, dropped: true, recent: [] };
  }
  return { stats: entries, dropped: false, recent };
}

/** Clear the statistics: every game's, or with `gameId` that game's only (all its option sets). */
export function resetStats(gameId = null) {
  if (gameId === null) {
    drop(STATS_KEY);
    return;
  }
  const { stats, recent } = loadStats();
  const kept = Object.fromEntries(Object.entries(stats).filter(([, e]) => e.game !== gameId));
  write(STATS_KEY, { format: 1, entries: kept, recent });
}

/** The device's calendar day of a Date, "YYYY-MM-DD" (local time: the day the player sees). */
export function dayOf(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day before a "YYYY-MM-DD" day. */
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
 * Returns the updated entry (or null if it was already counted).
 */
export function recordResult(gameId, options, outcome, extra = {}) {
  const { stats, recent = [] } = loadStats();
  if (extra.id && recent.includes(extra.id)) return null;
  const key = statsKey(gameId, options, { winnableOnly: Boolean(extra.winnableOnly) });
  const day = typeof extra.day === "string" && DAY.test(extra.day) ? extra.day : dayOf(new Date());
  const e = ownValue(stats, key) ??
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
  const result = { d: day, w: outcome.won ? 1 : 0 };
  if (NUMBER(outcome.score)) result.s = outcome.score;
  if (extra.assisted) result.a = 1;
  if (extra.daily) result.y = 1;
  if (extra.gaveUp) result.q = 1;
  e.history = [...(e.history ?? []), result].slice(-HISTORY_LIMIT);
  stats[key] = e;
  write(STATS_KEY, { format: 1, entries: stats, recent: extra.id ? [...recent, extra.id].slice(-200) : recent });
  return e;
}

/** Check every Boneyard entry of localStorage at start; drop the bad ones. Returns what was dropped. */
export function checkStorage(games = []) { // games: [{id, name}] from the catalog
  const dropped = [];
  if (loadSettings().dropped) dropped.push("settings");
  if (loadStats().dropped) dropped.push("statistics");
  for (const { id, name = id } of games) {
    const key = gameKey(id);
    const { found, value } = readJSON(key);
    if (found && !isValidSaved(value, id)) {
      drop(key);
      dropped.push(`the saved ${name} game`);
    }
  }
  return dropped;
}

// ---- game records as files

/** A record as the text of a .json file. */
export function recordFileText(record) {
  return JSON.stringify({ boneyard: "game-record", format: 1, record }, null, 1) + "\n";
}

/** Read a record file: {record} or {error: "a short reason"}. The moves are checked by the engine (load). */
export function parseRecordFile(text, gameId) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "The file is not JSON." };
  }
  const record = value?.boneyard === "game-record" ? value.record : value;
  if (!record || typeof record !== "object" || Array.isArray(record)) return { error: "The file holds no game record." };
  if (typeof record.game === "string" && record.game !== gameId) {
    return { error: `The file is a record of another game (${record.game}).` };
  }
  if (!isValidRecord(record, gameId)) return { error: "The file is not a valid game record of this version." };
  return { record };
}
