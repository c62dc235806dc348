// localStorage: settings and the record of the game in progress, per game.
// Everything read back is validated; a bad entry is dropped and reported to the caller.

const PREFIX = "boneyard.";
const SETTINGS_KEY = PREFIX + "settings.v1";
const DEFAULT_SETTINGS = { showWinnable: true };
const MOVE_ID = /^[a-z]+(:[A-Za-z0-9+>:_.-]+)?$/;

function readJSON(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? { found: false } : { found: true, value: JSON.parse(text) };
  } catch {
    return { found: true, value: undefined };
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled: the game goes on without saving
  }
}

export function drop(key) {
  try {
    localStorage.removeItem(key);
  } catch { /* ignore */ }
}

export function loadSettings() {
  const { found, value } = readJSON(SETTINGS_KEY);
  const settings = { ...DEFAULT_SETTINGS };
  if (!found) return { settings, dropped: false };
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    drop(SETTINGS_KEY);
    return { settings, dropped: true };
  }
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    if (typeof value[key] === typeof fallback) settings[key] = value[key];
  }
  return { settings, dropped: false };
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
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

/** The saved record of a game: {record} when valid, {dropped: true} when a bad entry was removed. */
export function loadRecord(gameId) {
  const key = gameKey(gameId);
  const { found, value } = readJSON(key);
  if (!found) return { record: null, dropped: false };
  const record = value && typeof value === "object" ? value.record : undefined;
  if (value?.format !== 1 || !isValidRecord(record, gameId)) {
    drop(key);
    return { record: null, dropped: true };
  }
  return { record, dropped: false };
}

export function saveRecord(gameId, record) {
  write(gameKey(gameId), { format: 1, saved: Date.now(), record });
}

export function dropRecord(gameId) {
  drop(gameKey(gameId));
}
