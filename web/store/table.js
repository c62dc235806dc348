// The table games' preferences: the computers' pace and the seat names last used per game.

import { PREFIX, readJSON, write } from "./local.js";
import { loadSettings } from "./settings.js";

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
