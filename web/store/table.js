// The table games' preferences: the computers' pace and the seat names last used per game.

import { PREFIX, drop, readJSON, write } from "./local.js";
import { loadSettings } from "./settings.js";
import { boundName } from "../names.js";

/** The computers' pace, slowest first, with the pause before each computer move. */
export const SPEEDS = [["slow", "Slow", 1600], ["normal", "Normal", 800], ["fast", "Fast", 300], ["instant", "Instant", 0]];
const SPEED_KEY = PREFIX + "table.speed.v1";
const NAMES_KEY = (/** @type {string} */ gameId) => `${PREFIX}table.names.v1.${gameId}`;

/** The chosen pace, else the settings page's animation speed. @returns {string} */
export function loadSpeed() {
  const { value } = readJSON(SPEED_KEY);
  if (SPEEDS.some(([key]) => key === value)) return value;
  return /** @type {Record<string, string>} */ ({ normal: "normal", fast: "fast", off: "instant" })[
    loadSettings().settings.animation] ?? "normal";
}

/** @param {string} speed */
export function saveSpeed(speed) {
  if (SPEEDS.some(([key]) => key === speed)) write(SPEED_KEY, speed);
}

/** The seat names last used for a game ([] when none or unreadable), each bounded (names.js).
 *  @param {string} gameId @returns {string[]} */
export function loadNames(gameId) {
  const { value } = readJSON(NAMES_KEY(gameId));
  return Array.isArray(value) && value.length <= 16 && value.every((n) => typeof n === "string") ? value.map(boundName) : [];
}

/** @param {string} gameId @param {string[]} names */
export function saveNames(gameId, names) {
  write(NAMES_KEY(gameId), names.map(boundName));
}

const PLAYER_NAME_KEY = PREFIX + "player.name.v1";

/** The person's own name, for the seat of a game whose seat names were never set ("" when none: "You"). */
export function loadPlayerName() {
  const { value } = readJSON(PLAYER_NAME_KEY);
  return typeof value === "string" ? boundName(value) : "";
}

/** Keep the person's name ("" or "You": none, they are "You"); false when it could not be stored. @param {string} name */
export function savePlayerName(name) {
  const text = boundName(name);
  if (text && text !== "You") return write(PLAYER_NAME_KEY, text);
  drop(PLAYER_NAME_KEY);
  return true;
}
