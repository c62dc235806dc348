// localStorage, read and written safely: every Boneyard key starts with PREFIX; a read never throws
// (unreadable JSON is {found: true, value: undefined}); a write says whether it was stored.

export const PREFIX = "boneyard.";
export const DAY = /^\d{4}-\d{2}-\d{2}$/; // a calendar day, "2026-11-23"

/**
 * {found: false} when the key is absent, else {found: true, value} (undefined: not JSON).
 * @param {string} key
 * @returns {{found: boolean, value?: any}}
 */
export function readJSON(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? { found: false } : { found: true, value: JSON.parse(text) };
  } catch {
    return { found: true, value: undefined };
  }
}

/**
 * Store a value as JSON; false when storage is full or disabled (the caller says so).
 * @param {string} key
 * @param {unknown} value
 * @returns {boolean}
 */
export function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** @param {string} key */
export function drop(key) {
  try {
    localStorage.removeItem(key);
  } catch { /* ignore */ }
}

/**
 * True when `key` is an own property of `object` (never one inherited: "__proto__", "constructor").
 * @param {object} object
 * @param {string} key
 */
export const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
/** @type {(value: unknown) => value is Record<string, any>} */
export const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
/**
 * A value's own property, else undefined.
 * @param {Record<string, any>} object
 * @param {string} key
 * @returns {any}
 */
export const ownValue = (object, key) => (own(object, key) ? object[key] : undefined);
