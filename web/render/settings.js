// The settings page (#/settings): colours (light, dark or the system's), tile style, animation speed, hints, Luzon's "still winnable"
// indicator, winnable-only deals, and the default seats and computer level of the table games and their forced moves. Saved at once.

import { h } from "./dom.js";
import { loadSettings, saveSettings } from "../store/settings.js";
import { loadPlayerName, savePlayerName } from "../store/table.js";
import { askToKeep, isKept } from "../store/keep.js";
import { tileSvg } from "./tiles.js";
import { boundNameField } from "../names.js";
import { hasAudio } from "../features.js";

const FIELDS = [
  { key: "theme", label: "Colours", choices: [["system", "As the system: light or dark"], ["light", "Light"],
    ["dark", "Dark"]] },
  { key: "tileStyle", label: "Tile style", choices: [["classic", "Classic black pips"],
    ["color", "Color Dot: each number its own colour (pips stay)"]] },
  { key: "animation", label: "Animation speed", choices: [["normal", "Normal"], ["fast", "Fast"], ["off", "Off"]] },
  { key: "sound", label: "Sound", choices: [["off", "Off"],
    ["on", "On: a short quiet sound for a tile placed, a draw, your turn and a win"]] },
  { key: "hints", label: "Hints", choices: [[true, "On: show the Hint button"], [false, "Off"]] },
  { key: "showWinnable", label: "Luzon: show if the deal is still winnable", choices: [[true, "Show"], [false, "Hide"]] },
  { key: "winnableOnly", label: "Solitaires: deals to play", choices: [[false, "Every deal"],
    [true, "Only deals a solver proves winnable, in the games that offer it"]] },
  { key: "seats", label: "Table games: default seats", choices: [["one", "You against the computer"],
    ["all", "Every seat a person (pass and play)"]] },
  { key: "autoForced", label: "Table games: forced moves", choices: [[false, "I make them myself"],
    [true, "Made for me: a draw or a pass (\u201cGo\u201d) that is my only move"]] },
  { key: "oneTap", label: "Table games: a tile that fits one place only", choices: [[true, "One tap plays it (Undo takes it back)"],
    [false, "Tap it, then tap the place"]] },
  { key: "level", label: "Table games: computer level", choices: [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"]] },
];

/** No Web Audio in this browser: sound cannot be turned on, and its field says why. @param {HTMLElement} group */
function withoutSound(group) {
  for (const input of group.querySelectorAll("input[value=on]")) /** @type {HTMLInputElement} */ (input).disabled = true;
  group.append(h("p", { class: "help", id: "sound-unavailable" },
    "This browser cannot play sounds (it has no Web Audio), so sound stays off."));
}

/**
 * @param {HTMLElement} root
 * @param {{notify?: (text: string) => void}} [hooks]
 */
export function renderSettings(root, { notify } = {}) {
  let { settings, dropped } = loadSettings();
  if (dropped) notify?.("Some saved settings could not be read and were reset to their defaults.");
  const groups = FIELDS.map((field) => h("fieldset", { class: "setting", "data-setting": field.key },
    h("legend", {}, field.label),
    ...field.choices.map(([value, text]) => {
      const id = `setting-${field.key}-${value}`;
      const input = h("input", { type: "radio", name: field.key, id, value: String(value) });
      input.checked = /** @type {Record<string, unknown>} */ (settings)[field.key] === value;
      input.addEventListener("change", () => {
        if (!input.checked) return;
        settings = { ...settings, [field.key]: value };
        status.textContent = saveSettings(settings) ? `Saved: ${field.label.toLowerCase()} — ${text}.`
          : `Not saved: storage is full. ${field.label} is ${text} until this page is closed.`;
        askToKeep().then(showKept);
      });
      return h("label", { for: id, class: "choice" }, input, ` ${text}`);
    })));
  if (!hasAudio) withoutSound(groups[FIELDS.findIndex((field) => field.key === "sound")]);
  const status = h("p", { class: "message", role: "status", "aria-live": "polite" });
  const nameInput = h("input", { type: "text", id: "setting-player-name", placeholder: "You",
    autocomplete: "nickname", value: loadPlayerName() });
  boundNameField(nameInput);
  nameInput.addEventListener("change", () => {
    status.textContent = savePlayerName(nameInput.value) ? `Saved: your name — ${loadPlayerName() || "You"}.`
      : "Not saved: storage is full.";
  });
  const nameField = h("fieldset", { class: "setting", "data-setting": "playerName" }, h("legend", {}, "Your name"),
    h("label", { for: "setting-player-name", class: "choice" }, "At the table games' seats and in their summaries: "),
    nameInput);
  const kept = h("p", { class: "help", id: "storage-kept" });
  /** Whether this browser keeps the saved games, statistics and start-up snapshot. */
  function showKept() {
    isKept().then((yes) => {
      kept.dataset.kept = String(yes);
      kept.textContent = yes === true ? "This browser keeps Boneyard's saved games and statistics."
        : yes === false ? "This browser may clear Boneyard's saved games and statistics when space runs low " +
          "(Safari: after 7 days without a visit). It is asked to keep them once you finish a game or save a setting."
          : "This browser does not say whether it keeps Boneyard's saved games and statistics.";
    });
  }
  showKept();
  const preview = h("div", { class: "tile-preview", "aria-label": "Preview of the tile style: tiles 0-1, 2-3, 4-5, 6-6, 7-8 and 9-9", role: "img" },
    ...["0-1", "2-3", "4-5", "6-6", "7-8", "9-9"].map((id) => h("span", { class: "tile" }, tileSvg(id))));
  root.replaceChildren(h("section", { class: "settings-page" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Menu"), " › Settings"),
    h("h1", {}, "Settings"),
    h("div", { class: "settings-form" }, groups[0], groups[1], preview, ...groups.slice(2), nameField),
    status,
    kept,
    h("p", { class: "help" }, "Saved in this browser at once. Colour is never the only cue: pips and numbers stay.")));
}

/**
 * A checkbox bound to a true/false setting, saved at once (the settings page's way, for a switch
 * shown beside a game): checked as the setting is; `changed` after it is saved.
 * @param {"showWinnable" | "hints"} key
 * @param {string} id
 * @param {string} text
 * @param {() => void} [changed]
 */
export function settingSwitch(key, id, text, changed) {
  const input = h("input", { type: "checkbox", id });
  input.checked = loadSettings().settings[key];
  input.addEventListener("change", () => {
    saveSettings({ ...loadSettings().settings, [key]: input.checked });
    changed?.();
  });
  return h("label", { class: "toggle", for: id }, input, text);
}
