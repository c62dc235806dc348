// Short, quiet sounds made on the spot with Web Audio (no sound files): a tile placed, a draw,
// the person's turn, a round or game won. Off unless the settings say on (html[data-sound=on]),
// and never before the person's first tap or key on the page.

import { isolated } from "./isolated.js";
import { hasAudio } from "./features.js";

/** @typedef {"place" | "draw" | "turn" | "won"} SoundKind */

/** Each sound's notes: [frequency in Hz, seconds]. @type {Record<SoundKind, [number, number][]>} */
const NOTES = {
  place: [[520, 0.05]],
  draw: [[330, 0.06]],
  turn: [[660, 0.06], [880, 0.08]],
  won: [[523, 0.1], [659, 0.1], [784, 0.18]],
};
const VOLUME = 0.06;

/** @type {AudioContext | null} */
let audio = null;
let tapped = false;
const firstTap = () => { tapped = true; };
function awaitFirstTap() {
  tapped = false;
  addEventListener("pointerdown", firstTap, { once: true, capture: true });
  addEventListener("keydown", firstTap, { once: true, capture: true });
}
awaitFirstTap();
addEventListener("boneyard-new-visitor", () => { // (app.js: the page as a new visitor's, who has not touched it)
  delete document.documentElement.dataset.soundPlayed;
  awaitFirstTap();
});

/**
 * Play a sound, when the settings allow it and the person has touched the page.
 * @param {SoundKind} kind
 */
export function playSound(kind) {
  const root = document.documentElement;
  if (root.dataset.sound !== "on" || !tapped || !hasAudio) return; // no Web Audio: Settings says so
  isolated("sound", () => play(kind), undefined); // a sound that fails never stops the game
  root.dataset.soundPlayed = kind; // the last sound asked for, for the tests
}

/** @param {SoundKind} kind */
function play(kind) {
  audio ??= new AudioContext();
  let at = audio.currentTime;
  for (const [frequency, seconds] of NOTES[kind]) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(VOLUME, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + seconds);
    at += seconds;
  }
}
