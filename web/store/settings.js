// The player's settings (#/settings), validated on every read: an unknown key or value is dropped.

import { PREFIX, drop, isPlainObject, own, readJSON, write } from "./local.js";

const SETTINGS_KEY = PREFIX + "settings.v1";
/** Settings and their allowed values (the first is the default). */
const SETTING_CHOICES = {
  tileStyle: ["classic", "color"], // classic black pips, or Color Dot (each number its own colour)
  animation: ["normal", "fast", "off"],
  hints: [true, false],
  showWinnable: [true, false], // Luzon's "still winnable" indicator
  // deal only deals a solver proves winnable, where the game offers it: on for a new player, whose
  // first deals should not be dead at move 0 (the switch beside the deal turns it off)
  winnableOnly: [true, false],
  seats: ["one", "all"], // table games: one person against the computer, or every seat a person
  level: ["medium", "easy", "hard"], // the computer's default level
  autoForced: [false, true], // table games: a draw or a pass that is the person's only move is made for them
  oneTap: [true, false], // table games: a tile that goes to one place only is played by one tap on it
  theme: ["system", "light", "dark"], // the colours: the system's, or chosen here
  sound: ["off", "on"], // short sounds made by the page (sound.js)
};
/**
 * The player's settings, one value of SETTING_CHOICES each.
 * @typedef {object} Settings
 * @property {string} tileStyle
 * @property {string} animation
 * @property {boolean} hints
 * @property {boolean} showWinnable
 * @property {boolean} winnableOnly
 * @property {string} seats
 * @property {string} level
 * @property {boolean} autoForced
 * @property {boolean} oneTap
 * @property {string} theme
 * @property {string} sound
 */

const DEFAULT_SETTINGS = /** @type {Settings} */ (/** @type {unknown} */ (
  Object.fromEntries(Object.entries(SETTING_CHOICES).map(([k, v]) => [k, v[0]]))));

/** Settings this page could not store (storage full): they hold for this page until a save works,
 *  so every screen of it (the setup's default seats too) agrees with what Settings says.
 *  @type {Settings | null} */
let unstored = null;
addEventListener("boneyard-new-visitor", () => { unstored = null; }); // (app.js: the page as a new visitor's)

/**
 * The settings ({settings, dropped}); never throws: anything unreadable gives the defaults.
 * @returns {{settings: Settings, dropped: boolean}}
 */
export function loadSettings() {
  if (unstored) return { settings: { ...unstored }, dropped: false };
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
      if (own(SETTING_CHOICES, key) && /** @type {Record<string, unknown[]>} */ (SETTING_CHOICES)[key].includes(value_)) {
        /** @type {Record<string, unknown>} */ (settings)[key] = value_;
      } else {
        bad = true; // unknown key or value: hand-edited or from another version
      }
    }
    if (bad) write(SETTINGS_KEY, settings);
    return { settings, dropped: bad };
  } catch {
    drop(SETTINGS_KEY);
    return { settings: { ...DEFAULT_SETTINGS }, dropped: true };
  }
}

/**
 * Apply the settings to the page and store them; false when they could not be stored (storage full:
 * they hold for this page, loadSettings gives them, until a later save works).
 * @param {Settings} settings
 */
export function saveSettings(settings) {
  const stored = write(SETTINGS_KEY, settings);
  unstored = stored ? null : { ...settings };
  applySettings(settings);
  dispatchEvent(new CustomEvent("boneyard-settings", { detail: settings }));
  return stored;
}

/** Page-wide settings as attributes on <html>, for the style sheet: data-tiles, data-motion, data-hints, data-sound,
 * data-theme. */
/** @param {Settings} settings */
export function applySettings(settings) {
  const root = document.documentElement;
  root.dataset.tiles = settings.tileStyle;
  root.dataset.motion = settings.animation;
  root.dataset.hints = settings.hints ? "on" : "off";
  root.dataset.sound = settings.sound;
  if (settings.theme === "system") delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
}
