// The start-up check of everything Boneyard keeps in localStorage.

import { loadSettings } from "./settings.js";
import { loadStats } from "./stats.js";
import { checkSavedGames } from "./saved_games.js";

/**
 * Check every Boneyard entry of localStorage at start; drop the bad ones. Returns what was dropped.
 * @param {{id: string, name?: string}[]} games from the catalog
 * @returns {string[]}
 */
export function checkStorage(games = []) {
  const dropped = [];
  if (loadSettings().dropped) dropped.push("settings");
  if (loadStats().dropped) dropped.push("statistics");
  return [...dropped, ...checkSavedGames(games)];
}
